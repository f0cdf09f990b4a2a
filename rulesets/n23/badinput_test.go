package n23_test

import (
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/n23"
	"github.com/skirmish-engine/skirmish/scenario"
)

const badBase = `name: Bad
ruleset: n23
mode: table
rounds: 2
sides:
  - name: Lamplighters
    models:
      - id: w
        type: fighter
        base: 25
        profile: {M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7, Cl: 7, Wil: 7, Int: 7, Sv: 6}
        gear:
          - {name: lasgun, kind: ranged, stats: {sr: 18, lr: 24, acc-s: 1, str: 3, d: 1, am: 2}, traits: [rapid-fire 1]}
  - name: Rustjaws
    models:
      - id: car
        type: vehicle
        keywords: [wheeled]
        base: 60
        profile: {M: 8, WS: 6, BS: 4, S: 5, T: 7, W: 3, I: 5, A: 1, Ld: 8, Cl: 7, Wil: 8, Int: 8, Sv: 4}
`

// Bad rosters are refused with an error naming the field and where it is
// in the file (issue 12, as for the other rulesets: an unknown trait, a
// characteristic out of range, statuses that do not go together or do not
// belong to the model's kind), and never start a game.
func TestBadRosters(t *testing.T) {
	reg := &engine.Registry{}
	reg.Register(n23.New())
	if sc, err := scenario.Decode("ok.yaml", []byte(badBase), reg, nil); err != nil {
		t.Fatalf("the base scenario is refused: %v", err)
	} else if _, err := sc.Setup(""); err != nil {
		t.Fatalf("the base scenario is refused: %v", err)
	}
	for _, tc := range []struct {
		name, from, to string
		want           []string
	}{
		{"unknown trait", "traits: [rapid-fire 1]", "traits: [rapid-fire 1, blaze]", []string{"bad.yaml:13:", "traits", "blaze"}},
		{"rapid fire out of range", "traits: [rapid-fire 1]", "traits: [rapid-fire 9]", []string{"bad.yaml:13:", "traits", "rapid-fire 9"}},
		{"stat out of range", "BS: 4, S: 3", "BS: 9, S: 3", []string{"bad.yaml:11:", "BS", "9"}},
		{"stat missing", "Int: 7, Sv: 6}\n        gear", "Int: 7}\n        gear", []string{"bad.yaml:11:", "Sv"}},
		{"weapon stat out of range", "acc-s: 1,", "acc-s: 5,", []string{"bad.yaml:13:", "gear[0].stats.acc-s", "5"}},
		{"unknown weapon stat", "d: 1, am: 2}", "d: 1, l: 2}", []string{"bad.yaml:13:", "stats.l", "allowed"}},
		{"fighter keyword on a vehicle", "keywords: [wheeled]", "keywords: [wheeled, leader]", []string{"bad.yaml:18:", "keywords[1]", "leader is for fighters only"}},
		{"unknown type", "type: vehicle", "type: monster", []string{"bad.yaml:17:", "type", "monster", "fighter or vehicle"}},
		{"a vehicle standing", "keywords: [wheeled]\n", "keywords: [wheeled]\n        status: prone\n", []string{"bad.yaml:19:", "status", "a vehicle is mobile or stationary"}},
		{"a fighter mobile", "type: fighter\n", "type: fighter\n        status: mobile\n", []string{"bad.yaml:10:", "status", "a fighter is standing or prone"}},
		{"prone and active", "type: fighter\n", "type: fighter\n        status: prone\n        secondary: engaged\n", []string{"bad.yaml:11:", "secondary", "a Prone fighter is pinned or seriously-injured"}},
		{"engaged by status", "type: fighter\n", "type: fighter\n        secondary: engaged\n", []string{"bad.yaml:10:", "secondary", "engaged-with"}},
		{"unknown secondary", "type: fighter\n", "type: fighter\n        secondary: dazed\n", []string{"bad.yaml:10:", "secondary", "dazed", "allowed active, engaged"}},
		{"stalled and mobile", "keywords: [wheeled]\n", "keywords: [wheeled]\n        status: mobile\n        secondary: stalled\n", []string{"bad.yaml:20:", "secondary", "a Mobile vehicle is active"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(badBase, tc.from, tc.to, 1)
			if src == badBase {
				t.Fatal("the replacement did not apply")
			}
			sc, err := scenario.Decode("bad.yaml", []byte(src), reg, nil)
			if err == nil {
				_, err = sc.Setup("")
			}
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
		})
	}
}
