package trenchcrusade_test

import (
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/trenchcrusade"
	"github.com/skirmish-engine/skirmish/scenario"
)

const badBase = `name: Bad
ruleset: trenchcrusade
mode: table
rounds: 3
sides:
  - name: Vigil
    models:
      - id: w
        keywords: [tough]
        base: 25
        profile: {Movement: 6, Ranged: 1, Melee: 0, Armour: -1}
        gear:
          - {name: rifle, kind: ranged, stats: {range: 24, dice: 1}}
          - {name: club, kind: melee}
          - {name: shield, kind: shield, stats: {injury-mod: -1}}
  - name: Choir
    models:
      - id: b
        base: 25
        profile: {Movement: 6, Ranged: 0, Melee: 1, Armour: 0}
`

// Bad warbands are refused with the field and its place in the file.
func TestBadRosters(t *testing.T) {
	reg := &engine.Registry{}
	reg.Register(trenchcrusade.New())
	if sc, err := scenario.Decode("ok.yaml", []byte(badBase), reg, nil); err != nil {
		t.Fatalf("the base scenario is refused: %v", err)
	} else if _, err := sc.Setup(""); err != nil {
		t.Fatalf("the base scenario is refused: %v", err)
	}
	for _, tc := range []struct {
		name, from, to string
		want           []string
	}{
		{"unknown keyword", "[tough]", "[tough, flying]", []string{"bad.yaml:9:", "keywords[1]", "flying"}},
		{"stat out of range", "Movement: 6, Ranged: 1", "Movement: 16, Ranged: 1", []string{"bad.yaml:11:", "Movement", "16"}},
		{"armour above 0", "Melee: 0, Armour: -1", "Melee: 0, Armour: 1", []string{"bad.yaml:11:", "Armour"}},
		{"weapon stat out of range", "range: 24, dice: 1", "range: 24, dice: 5", []string{"bad.yaml:13:", "stats.dice", "5"}},
		{"unknown weapon stat", "range: 24, dice: 1", "range: 24, ap: 1", []string{"bad.yaml:13:", "stats.ap", "allowed"}},
		{"ranged without range", "{range: 24, dice: 1}", "{dice: 1}", []string{"bad.yaml:13:", "stats.range"}},
		{"shield above 0", "injury-mod: -1}", "injury-mod: 1}", []string{"bad.yaml:15:", "injury-mod", "1"}},
		{"unknown gear kind", "kind: shield", "kind: relic", []string{"bad.yaml:15:", "kind", "relic"}},
		{"assault on a melee weapon", "{name: club, kind: melee}", "{name: club, kind: melee, traits: [assault]}", []string{"bad.yaml:14:", "assault"}},
		{"unknown trait", "{name: club, kind: melee}", "{name: club, kind: melee, traits: [blast]}", []string{"bad.yaml:14:", "blast"}},
		{"unknown type", "      - id: b\n", "      - id: b\n        type: vehicle\n", []string{"bad.yaml:19:", "type", "vehicle"}},
		{"three warbands", "  - name: Choir\n", "  - name: Third\n    models:\n      - {id: c, base: 25, profile: {Movement: 6, Ranged: 0, Melee: 1, Armour: 0}}\n  - name: Choir\n", []string{"sides", "3 warbands", "played by two"}},
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
