package n23

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/dice/dicetest"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// The Bottle check (rules.md §3.3; the End phase page): a D6 plus the
// casualties, bottled when higher than the starting crew; brute force over
// the die.
func TestBottleBruteForce(t *testing.T) {
	for n := 0; n <= 8; n++ {
		for crew := 1; crew <= 8; crew++ {
			dicetest.CheckOdds(t, Bottle{Casualties: n, Crew: crew}, dicetest.Tally(6, 1, func(f []int) int {
				if f[0]+n > crew {
					return 1
				}
				return 0
			}))
		}
	}
	if got := (Bottle{Casualties: 2, Crew: 5}).Odds().P(1).String(); got != "1/2" {
		t.Errorf("D6 + 2 above 5: %s, want 1/2 (a 4, 5 or 6)", got)
	}
}

// The vehicle damage die (rules.md §3.3): Glancing on three faces,
// Penetrating on two, Catastrophic on one; the injury die of N23 (rules.md
// §3.3, §6.3-p) on 2/3/1 faces by default and 3/2/1 with the option.
func TestDiceFaces(t *testing.T) {
	for o, want := range []string{"1/2", "1/3", "1/6"} {
		if got := (VehicleDamage{}).Odds().P(o).String(); got != want {
			t.Errorf("vehicle damage %s: %s, want %s", vehicleDamageOutcomes[o], got, want)
		}
	}
	for o, want := range [2][3]string{{"1/3", "1/2", "1/6"}, {"1/2", "1/3", "1/6"}} {
		for k := range 3 {
			if got := pInjury[o].Odds().P(k).String(); got != want[k] {
				t.Errorf("injury faces option %d, %s: %s, want %s", o, editions[0].InjurySymbols[k], got, want[k])
			}
		}
	}
}

func TestExplanations(t *testing.T) {
	dicetest.CheckExplanations(t, []dicetest.Explained{
		{P: Bottle{Casualties: 2, Crew: 5}, Faces: "4", Want: "rolled 4 + 2 casualties = 6, higher than the crew of 5: bottled (rules.md §3.3)"},
		{P: Bottle{Casualties: 2, Crew: 5}, Faces: "3", Want: "rolled 3 + 2 casualties = 5, not higher than the crew of 5: holds (rules.md §3.3)"},
		{P: VehicleDamage{}, Faces: "p", Want: "rolled 1 vehicle damage die: penetrating (rules.md §3.3)"},
		{P: Injury{Dice: 1}, Faces: "fw", Want: "rolled 1 injury die: flesh-wound (rules.md §3.3)"},
		{P: Firepower{Dice: 1}, Faces: "1-ammo", Want: "firepower 1-ammo: 1 bullet, an ammo symbol (Ammo check) (rules.md §2.3.6, §3.3)"},
		{P: Firepower{Dice: 2}, Faces: "1,2", Want: "firepower 1 2: 3 bullets (rules.md §2.3.6, §3.3)"},
		{P: Check{Value: 7, Dice: 2}, Faces: "3,3", Want: "rolled 3+3 = 6 against 7+ (target 7+, no modifiers): 6 < 7, fail (rules.md §3.3, §6.3-o)"},
		{P: Test{Target: 6, Save: true, Mods: []int{-1}}, Faces: "1", Want: "rolled 1, modifiers -1 → 0 against 6+: a natural 1 always fails a save, fail (rules.md §3.3)"},
	})
}

// What a player rolling real dice is told (dice.Describer).
func TestDescriptions(t *testing.T) {
	for _, tc := range []struct {
		p    dice.Procedure
		want string
	}{
		{Bottle{Casualties: 1, Crew: 2}, "roll 1 D6 and add 1 (fighters Seriously Injured or Out of Action, vehicles Wrecked): above 2 the gang is bottled"},
		{VehicleDamage{}, "roll 1 vehicle damage die (each shows glancing, penetrating or catastrophic)"},
		{Injury{Dice: 1}, "roll 1 injury die (each die shows flesh-wound, serious-injury or out-of-action)"},
		{Recovery{Dice: 1}, "roll 1 injury die (each die shows flesh-wound, serious-injury or out-of-action): flesh-wound recovers with a flesh wound, serious-injury stays, out-of-action is out"},
		{Check{Value: 7, Dice: 2}, "roll 2 D6: passes if they add up to 7 or more (target 7+)"},
		{Test{Target: 5, Save: true}, "roll 1 D6: 5+ saves; a natural 1 always fails"},
		{necromunda.Test[edSv2]{Target: 3, Save: true}, "roll 1 D6: 3+ saves; a natural 1 or 2 always fails"},
		{Firepower{Dice: 1}, "roll 1 firepower die (each shows 1-ammo, 1, 2 or 3 bullets); an ammo symbol calls for an Ammo check"},
	} {
		if got := dice.Describe(tc.p); got != tc.want {
			t.Errorf("%s: %q,\n want %q", tc.p.Name(), got, tc.want)
		}
	}
}

func TestProcedureContract(t *testing.T) {
	for i, p := range []dice.Procedure{
		Bottle{Casualties: 2, Crew: 5}, VehicleDamage{}, pInjury[0], pInjury[1], pRecovery[0], pRecovery[1],
		Check{Value: 7, Dice: 2}, Test{Target: 4}, Test{Target: 5, Save: true}, pSave[1][4][modLo], Firepower{Dice: 2}, pLasting[0], pLasting[1],
	} {
		t.Run(fmt.Sprintf("%s/%d", p.Name(), i), func(t *testing.T) { dicetest.CheckProcedure(t, p, uint64(200+i), 20000) })
	}
}

// The procedures odds and roll offer are the ruleset's own.
func TestSpecs(t *testing.T) {
	r := &dice.Registry{}
	for _, s := range Procedures() {
		r.Register(s)
	}
	for _, name := range []string{"n23-injury", "n23-recovery", "n23-check", "n23-test", "n23-bottle", "n23-vehicle-damage"} {
		if _, ok := r.Lookup(name); !ok {
			t.Errorf("no procedure %s", name)
		}
	}
	// The injury die's procedures take the option injury-faces: the odds
	// are those of the die the game rolls with that option (rules.md
	// §6.3-p): 2/3/1 or 3/2/1 sixths, the Recovery test read the same way.
	for _, tc := range []struct {
		name, faces string
		want        dice.Procedure
		sixths      []int64
	}{
		{"n23-injury", "", pInjury[0], []int64{2, 3, 1}},
		{"n23-injury", "3-2-1", pInjury[1], []int64{3, 2, 1}},
		{"n23-recovery", "2-3-1", pRecovery[0], []int64{2, 3, 1}},
		{"n23-recovery", "3-2-1", pRecovery[1], []int64{3, 2, 1}},
	} {
		spec, _ := r.Lookup(tc.name)
		vals := map[string][]string{}
		if tc.faces != "" {
			vals[optInjuryFaces] = []string{tc.faces}
		}
		p, err := spec.New(vals)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.name, tc.faces, err)
		}
		if p != tc.want {
			t.Errorf("%s %s: %#v, want %#v", tc.name, tc.faces, p, tc.want)
		}
		d := p.Odds()
		for o, n := range tc.sixths {
			if got := d.P(o).Rat(); got.Cmp(big.NewRat(n, 6)) != 0 {
				t.Errorf("%s %s: %s %s, want %d/6", tc.name, tc.faces, p.Outcomes()[o], got.RatString(), n)
			}
		}
	}
	spec, _ := r.Lookup("n23-recovery")
	if _, err := spec.New(map[string][]string{optInjuryFaces: {"1-1-4"}}); err == nil {
		t.Error("n23-recovery took injury-faces 1-1-4")
	}
}
