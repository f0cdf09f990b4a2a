package necromunda

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/dice/dicetest"
)

// The procedures are checked through n26's edition in package n26's tests
// (roll_test.go); here they are checked through an edition shaped like N23
// (checks at least a target, a natural 1 failing saves, rules.md §6.3-o)
// with the 3/2/1 injury die that rules.md §6.3-p says older editions may
// have used, so that what is data really comes from the edition.
type other struct{}

func (other) Edition() *Edition { return otherEd }

var otherEd = NewEdition(Edition{
	ID:              "x",
	InjurySymbols:   []string{"flesh-wound", "serious-injury", "out-of-action"},
	InjuryCounts:    []int{3, 2, 1},
	InjuryFaces:     "each die shows flesh-wound, serious-injury or out-of-action",
	RecoveryMeaning: "flesh-wound recovers",
	SaveNaturals:    1,
	CheckAtLeast:    true,
	AmmoMeaning:     "any ammo symbol calls for an Ammo check",
	AmmoExplain:     ", an ammo symbol",
	LastingInjury:   N26LastingInjury,
	LastingDamage:   N26LastingDamage,
	TestSource:      "T", CheckSource: "C", InjurySource: "I", RecoverySource: "R", FirepowerSource: "F", LastingSource: "L",
})

func sum(f []int) int {
	s := 0
	for _, x := range f {
		s += x
	}
	return s
}

// Checks pass at least the target, modifiers on the dice (rules.md §6.3-o).
func TestCheckAtLeast(t *testing.T) {
	for n := 1; n <= 2; n++ {
		for v := 2; v <= 12; v++ {
			for _, mods := range [][]int{nil, {1}, {-2, 1}} {
				need := v
				for _, m := range mods {
					need -= m
				}
				dicetest.CheckOdds(t, Check[other]{Value: v, Mods: mods, Dice: n}, dicetest.Tally(6, n, func(f []int) int {
					if sum(f) >= need {
						return 0
					}
					return 1
				}))
			}
		}
	}
	if got := (Check[other]{Value: 7, Dice: 2}).Odds().P(0).String(); got != "7/12" {
		t.Errorf("2D6 at least 7: %s, want 7/12", got)
	}
	if got := (Check[other]{Value: 7, Mods: []int{-1}, Dice: 2}).Describe(); got != "roll 2 D6: passes if they add up to 8 or more (target 7+, modifiers -1)" {
		t.Errorf("describe %q", got)
	}
}

// Saves fail on the edition's naturals; other tests fail on a 1 and pass
// on a 6 (rules.md §2.3.1).
func TestTestNaturals(t *testing.T) {
	for _, tc := range []struct {
		test Test[other]
		want string
	}{
		{Test[other]{Target: 2, Save: true}, "5/6"},                   // only the natural 1 fails
		{Test[other]{Target: 3, Mods: []int{2}, Save: true}, "5/6"},   // modifiers cannot save a 1
		{Test[other]{Target: 6, Mods: []int{-2}, Save: true}, "0"},    // nothing saves
		{Test[other]{Target: 6, Mods: []int{-3}}, "1/6"},              // a natural 6 still passes
		{Test[other]{Target: 2, Mods: []int{4}}, "5/6"},               // a natural 1 still fails
		{Test[other]{Target: 4, Mods: []int{-1}, Save: false}, "1/3"}, // 5+ on the die
		{Test[other]{Target: 6, Mods: []int{-1}, Save: true}, "0"},    // a 7 needed
		{Test[other]{Target: 5, Mods: []int{-1}, Save: true}, "1/6"},  // a 6 needed
		{Test[other]{Target: 6, Mods: []int{-99}, Save: true}, "0"},   // no save at all
	} {
		if got := tc.test.Odds().P(0).String(); got != tc.want {
			t.Errorf("%+v: P(pass) = %s, want %s", tc.test, got, tc.want)
		}
		// a save is not rolled exactly when nothing can pass it
		if got, want := Hopeless(tc.test), tc.test.Save && tc.want == "0"; got != want {
			t.Errorf("%+v: Hopeless = %v, want %v", tc.test, got, want)
		}
	}
	if got := (Test[other]{Target: 2, Save: true}).Describe(); got != "roll 1 D6: 2+ saves; a natural 1 always fails" {
		t.Errorf("describe %q", got)
	}
}

// What a player rolling a D6 test is told (dice.Describer; issue 31): with
// modifiers, the number the test needs in the game's terms and the one the
// die itself must show, never a "with modifiers" figure that reads as the
// need. Checked a second way: the chance of passing is that of the die
// number ("N+ on the die", "a 6 on the die", "2+ …"), naturals applied.
func TestTestDescribe(t *testing.T) {
	for _, tc := range []struct {
		test Test[other]
		want string
	}{
		{Test[other]{Target: 4}, "roll 1 D6: 4+ passes; a natural 1 always fails, a 6 always passes"},
		{Test[other]{Target: 4, Mods: []int{-1}}, "roll 1 D6: needs 4+ after −1, so 5+ on the die passes; a natural 1 always fails, a 6 always passes"},
		{Test[other]{Target: 3, Mods: []int{-1}}, "roll 1 D6: needs 3+ after −1, so 4+ on the die passes; a natural 1 always fails, a 6 always passes"},
		{Test[other]{Target: 5, Mods: []int{-1}}, "roll 1 D6: needs 5+ after −1, so a 6 on the die passes; a natural 1 always fails"},
		{Test[other]{Target: 4, Mods: []int{1}}, "roll 1 D6: needs 4+ after +1, so 3+ on the die passes; a natural 1 always fails, a 6 always passes"},
		{Test[other]{Target: 3, Mods: []int{1, 1}}, "roll 1 D6: needs 3+ after +1 and +1, so 2+ on the die passes; a natural 1 always fails"},
		{Test[other]{Target: 4, Mods: []int{1, -2}}, "roll 1 D6: needs 4+ after +1 and −2, so 5+ on the die passes; a natural 1 always fails, a 6 always passes"},
		{Test[other]{Target: 5, Mods: []int{-3}}, "roll 1 D6: needs 5+ after −3, so 8+ on the die: only a natural 6 passes"},
		{Test[other]{Target: 7}, "roll 1 D6: only a natural 6 passes"},
		{Test[other]{Target: 2}, "roll 1 D6: 2+ passes; a natural 1 always fails"},
		{Test[other]{Target: 5, Save: true}, "roll 1 D6: 5+ saves; a natural 1 always fails"},
		{Test[other]{Target: 5, Mods: []int{-1}, Save: true}, "roll 1 D6: needs 5+ after −1, so a 6 on the die saves; a natural 1 always fails"},
		{Test[other]{Target: 4, Mods: []int{-1}, Save: true}, "roll 1 D6: needs 4+ after −1, so 5+ on the die saves; a natural 1 always fails"},
		{Test[other]{Target: 3, Mods: []int{2}, Save: true}, "roll 1 D6: needs 3+ after +2, so 2+ on the die saves; a natural 1 always fails"},
		{Test[other]{Target: 6, Mods: []int{-2}, Save: true}, "roll 1 D6: nothing saves (needs 6+ after −2, so 8+ on the die)"},
		{Test[other]{Target: 6, Mods: []int{-99}, Save: true}, "roll 1 D6: there is no save to pass"},
	} {
		got := tc.test.Describe()
		if got != tc.want {
			t.Errorf("%+v:\n got %q\nwant %q", tc.test, got, tc.want)
		}
		die := 7 // no face passes
		switch {
		case strings.Contains(got, "a 6 on the die") || strings.Contains(got, "only a natural 6"):
			die = 6
		case strings.Contains(got, "nothing saves") || strings.Contains(got, "no save"):
		default:
			fmt.Sscanf(got[strings.LastIndex(got, ": ")+2:], "%d+", &die)
			if i := strings.Index(got, "so "); i >= 0 {
				fmt.Sscanf(got[i+3:], "%d+", &die)
			}
		}
		if p, want := tc.test.Odds().P(0).String(), big.NewRat(int64(7-die), 6).RatString(); p != want {
			t.Errorf("%q: the text says %d+ on the die, P(pass) = %s, want %s", got, die, p, want)
		}
	}
}

// The injury die's face counts are the edition's (rules.md §6.3-p): with
// 3/2/1, faces 1–3 are the first symbol, 4–5 the second, 6 the third.
func TestInjuryFacesAreData(t *testing.T) {
	sev := func(f int) int {
		switch {
		case f <= 3:
			return 0
		case f <= 5:
			return 1
		}
		return 2
	}
	for n := 1; n <= 4; n++ {
		dicetest.CheckOdds(t, Injury[other]{Dice: n}, dicetest.Tally(6, n, func(f []int) int {
			w := 0
			for _, x := range f {
				w = max(w, sev(x))
			}
			return w
		}))
		dicetest.CheckOdds(t, Recovery[other]{Dice: n}, dicetest.Tally(6, n, func(f []int) int {
			b := 2
			for _, x := range f {
				b = min(b, sev(x))
			}
			return b
		}))
	}
	if got := (Injury[other]{Dice: 1}).Name(); got != "x-injury" {
		t.Errorf("name %q", got)
	}
}

// WoundTarget is the table of rules.md §2.3.4.
func TestWoundTarget(t *testing.T) {
	for _, tc := range []struct{ s, t, want int }{
		{6, 3, 2}, {4, 3, 3}, {3, 3, 4}, {3, 4, 5}, {2, 4, 6}, {2, 3, 5}, {5, 10, 6}, {10, 4, 2},
	} {
		if got := WoundTarget(tc.s, tc.t); got != tc.want {
			t.Errorf("S%d against T%d: %d+, want %d+", tc.s, tc.t, got, tc.want)
		}
	}
}

// FallSeverity reads the heights of rules.md §2.3.5.
func TestFallSeverity(t *testing.T) {
	for h, want := range map[int]int{0: FallShort, 299: FallShort, 300: FallHurt, 600: FallHurt, 601: FallOut} {
		if got := FallSeverity(h); got != want {
			t.Errorf("%d hundredths: %d, want %d", h, got, want)
		}
	}
	if o := SidesFrom(2, 3); fmt.Sprint(o.All()) != "[2 0 1]" {
		t.Errorf("SidesFrom(2, 3) = %v", o.All())
	}
}

func TestExplanations(t *testing.T) {
	dicetest.CheckExplanations(t, []dicetest.Explained{
		{P: Check[other]{Value: 7, Dice: 2}, Faces: "3,4", Want: "rolled 3+4 = 7 against 7+ (target 7+, no modifiers): 7 ≥ 7, pass (C)"},
		{P: Check[other]{Value: 8, Dice: 2}, Faces: "3,4", Want: "rolled 3+4 = 7 against 8+ (target 8+, no modifiers): 7 < 8, fail (C)"},
		{P: Test[other]{Target: 3, Save: true, Mods: []int{3}}, Faces: "1", Want: "rolled 1, modifiers +3 → 4 against 3+: a natural 1 always fails a save, fail (T)"},
		{P: Firepower[other]{Dice: 2}, Faces: "1-ammo,3", Want: "firepower 1-ammo 3: 4 bullets, an ammo symbol (F)"},
		{P: Lasting[other]{}, Faces: "6,6", Want: "D66 66: memorable-death (L)"},
	})
}

func TestProcedureContract(t *testing.T) {
	for i, p := range []dice.Procedure{
		Injury[other]{Dice: 2}, Recovery[other]{Dice: 1}, Check[other]{Value: 7, Dice: 2}, Check[other]{Value: 4, Dice: 1},
		Test[other]{Target: 4}, Test[other]{Target: 5, Save: true}, Firepower[other]{Dice: 3}, Lasting[other]{Vehicle: true},
	} {
		t.Run(fmt.Sprintf("%s/%d", p.Name(), i), func(t *testing.T) { dicetest.CheckProcedure(t, p, uint64(7+i), 20000) })
	}
}
