package n26_test

import (
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/n26"
	"github.com/skirmish-engine/skirmish/scenario"
)

const badBase = `name: Bad
ruleset: n26
mode: table
rounds: 2
sides:
  - name: Wardens
    models:
      - id: w
        type: fighter
        base: 25
        profile: {M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 4, A: 1, Sv: 6, Ld: 6, Cl: 6, Wil: 6, Int: 6}
        gear:
          - {name: lasgun, kind: ranged, stats: {sr: 12, lr: 24, str: 3, l: 1}, traits: [ammo 4]}
  - name: Breakers
    models:
      - id: car
        type: vehicle
        keywords: [wheeled]
        base: 60
        profile: {M: 7, WS: 5, BS: 4, S: 5, T: 6, W: 3, I: 2, A: 1, Sv: 4, Ld: 7, Cl: 7, Wil: 6, Int: 6}
`

// Bad rosters are refused with an error naming the field and where it is
// in the file (issue 4: unknown weapon trait, characteristic out of range,
// a vehicle given what only fighters may have), and never start a game.
func TestBadRosters(t *testing.T) {
	reg := &engine.Registry{}
	reg.Register(n26.New())
	if sc, err := scenario.Decode("ok.yaml", []byte(badBase), reg, nil); err != nil {
		t.Fatalf("the base scenario is refused: %v", err)
	} else if _, err := sc.Setup(""); err != nil {
		t.Fatalf("the base scenario is refused: %v", err)
	}
	for _, tc := range []struct {
		name, from, to string
		want           []string
	}{
		{"unknown trait", "traits: [ammo 4]", "traits: [ammo 4, blaze]", []string{"bad.yaml:13:", "traits", "blaze"}},
		{"stat out of range", "BS: 4, S: 3", "BS: 9, S: 3", []string{"bad.yaml:11:", "BS", "9"}},
		{"stat missing", "Wil: 6, Int: 6}\n        gear", "Wil: 6}\n        gear", []string{"bad.yaml:11:", "Int"}},
		{"weapon stat out of range", "str: 3, l: 1}", "str: 3, l: 9}", []string{"bad.yaml:13:", "gear[0].stats.l", "9"}},
		{"unknown weapon stat", "str: 3, l: 1}", "str: 3, range: 1}", []string{"bad.yaml:13:", "stats.range", "allowed"}},
		{"ammo out of range", "traits: [ammo 4]", "traits: [ammo 9]", []string{"bad.yaml:13:", "traits", "ammo 9"}},
		{"fighter keyword on a vehicle", "keywords: [wheeled]", "keywords: [wheeled, leader]", []string{"bad.yaml:18:", "keywords[1]", "leader is for fighters only"}},
		{"vehicle keyword on a fighter", "type: fighter\n", "type: fighter\n        keywords: [tracked]\n", []string{"bad.yaml:10:", "keywords[0]", "tracked is for vehicles only"}},
		{"unknown type", "type: vehicle", "type: monster", []string{"bad.yaml:17:", "type", "monster", "fighter or vehicle"}},
		{"unknown gear kind", "kind: ranged", "kind: psychic", []string{"bad.yaml:13:", "kind", "psychic"}},
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
