package falloutfactions_test

import (
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/scenario"
)

const badBase = `name: Bad
ruleset: falloutfactions
mode: board
rounds: 2
board:
  size: [24, 24]
  tokens:
    - {kind: search, at: [12, 12]}
sides:
  - name: Scrappers
    counters: {tier: 2}
    models:
      - id: a
        type: leader
        keywords: [burly]
        profile: {S: 5, P: 6, E: 5, C: 4, I: 5, A: 5, L: 3, Health: 3}
        base: 32
        at: [4, 4]
        gear:
          - {name: lever gun, kind: rifle, stats: {P: 4, range: 20}, traits: [aim 1, pierce]}
  - name: Regulators
    models:
      - id: x
        type: grunt
        profile: {S: 5, P: 6, E: 4, C: 3, I: 5, A: 5, L: 1, Health: 1}
        base: 32
        at: [20, 20]
`

// Bad crews and weapons are refused with an error naming the field and
// where it is in the file (issue 11: unknown trait or critical effect, a
// characteristic out of range, a Luck no pool could hold, missing fields),
// and never start a game.
func TestBadCrews(t *testing.T) {
	if sc, err := scenario.Decode("ok.yaml", []byte(badBase), registry(), nil); err != nil {
		t.Fatalf("the base scenario is refused: %v", err)
	} else if _, err := sc.Setup(""); err != nil {
		t.Fatalf("the base scenario is refused: %v", err)
	}
	for _, tc := range []struct {
		name, from, to string
		want           []string
	}{
		{"unknown trait", "traits: [aim 1, pierce]", "traits: [aim 1, blaze]", []string{"bad.yaml:20:", "traits[1]", "blaze"}},
		{"unknown critical effect", "traits: [aim 1, pierce]", "traits: [aim 1, explode 2]", []string{"bad.yaml:20:", "traits[1]", "explode"}},
		{"two critical effects", "traits: [aim 1, pierce]", "traits: [pierce, maim]", []string{"bad.yaml:20:", "traits[1]", "one critical effect"}},
		{"critical effect without its dice", "traits: [aim 1, pierce]", "traits: [poison]", []string{"bad.yaml:20:", "traits[0]", "poison 0"}},
		{"trait value out of range", "traits: [aim 1, pierce]", "traits: [aim 9]", []string{"bad.yaml:20:", "traits[0]", "aim 1 to 3"}},
		{"melee trait on a gun", "traits: [aim 1, pierce]", "traits: [wind-up]", []string{"bad.yaml:20:", "wind-up is for melee"}},
		{"fast and slow", "traits: [aim 1, pierce]", "traits: [fast, slow]", []string{"bad.yaml:20:", "both fast and slow"}},
		{"stat out of range", "P: 6, E: 5", "P: 11, E: 5", []string{"bad.yaml:16:", "profile.P", "11"}},
		{"stat missing", "L: 3, Health: 3}", "L: 3}", []string{"bad.yaml:16:", "Health"}},
		{"luck above any pool", "L: 1, Health: 1}", "L: 10, Health: 1}", []string{"bad.yaml:25:", "profile.L", "largest pool"}},
		{"weapon without a test", "stats: {P: 4, range: 20}", "stats: {range: 20}", []string{"bad.yaml:20:", "gear[0].stats", "exactly one test"}},
		{"weapon without a range", "stats: {P: 4, range: 20}", "stats: {P: 4}", []string{"bad.yaml:20:", "stats.range", "missing"}},
		{"test dice out of range", "stats: {P: 4, range: 20}", "stats: {P: 14, range: 20}", []string{"bad.yaml:20:", "stats.P", "14"}},
		{"unknown weapon stat", "stats: {P: 4, range: 20}", "stats: {P: 4, range: 20, ap: 1}", []string{"bad.yaml:20:", "stats.ap", "unknown"}},
		{"unknown gear kind", "kind: rifle", "kind: laser", []string{"bad.yaml:20:", "kind", "laser"}},
		{"unknown perk", "keywords: [burly]", "keywords: [burly, lucky]", []string{"bad.yaml:15:", "keywords[1]", "lucky"}},
		{"unknown type", "type: grunt", "type: boss", []string{"bad.yaml:24:", "type", "boss"}},
		{"type missing", "        type: grunt\n", "", []string{"bad.yaml:", "models[0].type", "leader, champion, grunt"}},
		{"ploys set", "counters: {tier: 2}", "counters: {tier: 2, ploys: 3}", []string{"bad.yaml:11:", "ploys", "Tier"}},
		{"tier out of range", "counters: {tier: 2}", "counters: {tier: 12}", []string{"bad.yaml:11:", "tier", "12"}},
		{"harm above the limit", "        at: [20, 20]\n", "        at: [20, 20]\n        counters: {harm: 4}\n", []string{"bad.yaml:", "counters.harm", "Harm limit of 3"}},
		{"height out of range", "        at: [20, 20]\n", "        at: [20, 20]\n        height: 30\n", []string{"bad.yaml:", "height", "30"}},
		{"unknown token", "kind: search", "kind: loot", []string{"bad.yaml:8:", "tokens[0].kind", "loot"}},
		{"engaged but apart", "        at: [20, 20]\n", "        at: [20, 20]\n        engaged-with: [a]\n", []string{"bad.yaml:", "engaged-with[0]", "not in base contact"}},
		{"engaged by status", "        at: [20, 20]\n", "        at: [20, 20]\n        status: engaged\n", []string{"bad.yaml:", "status", "base contact"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(badBase, tc.from, tc.to, 1)
			if src == badBase {
				t.Fatal("the replacement did not apply")
			}
			sc, err := scenario.Decode("bad.yaml", []byte(src), registry(), nil)
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
