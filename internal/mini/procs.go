package mini

import (
	"fmt"

	"github.com/skirmish-engine/skirmish/dice"
)

// The mini ruleset's dice procedures. Each is kept boxed in a table, so that
// rolling allocates nothing.

// test is a D6 test: pass on need or more; a natural 1 fails, a 6 passes.
type test struct{ need int }

var passFail = []string{"pass", "fail"}

func (p test) Name() string       { return "mini-test" }
func (p test) Outcomes() []string { return passFail }
func (p test) Flags() []string    { return nil }
func (p test) Odds() dice.Dist    { return testOdds[p.need] }
func (p test) Describe() string {
	return fmt.Sprintf("roll 1 D6: %d+ passes; a natural 1 always fails, a 6 always passes", min(max(p.need, 2), 6))
}
func (p test) outcome(f int) int {
	if f == 6 || f != 1 && f >= p.need {
		return 0
	}
	return 1
}

func (p test) Resolve(t *dice.Tray) (dice.Result, error) {
	d, err := t.Roll(dice.D6, "test die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(t.Len() - 1)
	o := p.outcome(d.Value)
	if !t.Explains() {
		return dice.Result{Outcome: o}, nil
	}
	return dice.Result{Outcome: o, Explain: fmt.Sprintf("rolled %d against %d+: %s", d.Value, p.need, passFail[o])}, nil
}

var (
	testOdds  [8]dice.Dist
	tests     [8]dice.Procedure
	injuries  [4]dice.Procedure
	rollOffP  dice.Procedure = rollOff{}
	fights    [8][8]dice.Procedure
	fightOdds [8][8]dice.Dist
)

func init() {
	for need := range tests {
		p := test{need}
		testOdds[need] = dice.D6.Dist().Map(p.outcome)
		tests[need] = p
	}
	for n := 1; n < len(injuries); n++ {
		injuries[n] = injury{n}
	}
	for a := range fights {
		for b := range fights[a] {
			fights[a][b] = fight{a, b}
			fightOdds[a][b] = dice.Opposed(dice.D6.Dist().Shift(a), dice.D6.Dist().Shift(b)).Map(func(d int) int {
				if d >= 0 {
					return 0
				}
				return 1
			})
		}
	}
}

// testFor returns the boxed D6 test needing need+ (clamped to 2..7: a 7
// still passes on a natural 6).
func testFor(need int) dice.Procedure { return tests[min(max(need, 2), 7)] }

// injuryDie ranks the worst result highest.
var injuryDie = dice.Symbols("injury die", []string{"hurt", "down", "out"}, []int{2, 3, 1})

var injuryOutcomes = []string{"hurt", "down", "out"}

// injury rolls n injury dice and keeps the worst for the target.
type injury struct{ n int }

func (p injury) Name() string       { return "mini-injury" }
func (p injury) Outcomes() []string { return injuryOutcomes }
func (p injury) Flags() []string    { return nil }
func (p injury) Odds() dice.Dist    { return dice.PickOne(injuryDie, p.n, true).Shift(-1) }
func (p injury) Describe() string {
	return fmt.Sprintf("roll %d injury dice (hurt on two faces, down on three, out on one); the worst for the target counts", p.n)
}

func (p injury) Resolve(t *dice.Tray) (dice.Result, error) {
	worst, at := 0, 0
	for range p.n {
		d, err := t.Roll(injuryDie, "injury die")
		if err != nil {
			return dice.Result{}, err
		}
		if d.Value > worst {
			worst, at = d.Value, t.Len()-1
		}
	}
	t.Keep(at)
	if !t.Explains() {
		return dice.Result{Outcome: worst - 1}, nil
	}
	return dice.Result{Outcome: worst - 1, Explain: "the worst injury die is " + injuryOutcomes[worst-1]}, nil
}

// rollOff is each side's D6, the first side's die first; equal dice tie.
type rollOff struct{}

var rollOffOutcomes = []string{"first", "second", "tie"}

var rollOffOdds = dice.Opposed(dice.D6.Dist(), dice.D6.Dist()).Map(func(d int) int {
	switch {
	case d > 0:
		return 0
	case d < 0:
		return 1
	}
	return 2
})

func (rollOff) Name() string       { return "mini-roll-off" }
func (rollOff) Outcomes() []string { return rollOffOutcomes }
func (rollOff) Flags() []string    { return nil }
func (rollOff) Odds() dice.Dist    { return rollOffOdds }
func (rollOff) Describe() string {
	return "roll 2 D6, the first side's die first: the higher die wins, equal dice roll again"
}

func (rollOff) Resolve(t *dice.Tray) (dice.Result, error) {
	a, err := t.Roll(dice.D6, "first side's die")
	if err != nil {
		return dice.Result{}, err
	}
	b, err := t.Roll(dice.D6, "second side's die")
	if err != nil {
		return dice.Result{}, err
	}
	o := 2
	switch {
	case a.Value > b.Value:
		o = 0
	case a.Value < b.Value:
		o = 1
	}
	if !t.Explains() {
		return dice.Result{Outcome: o}, nil
	}
	return dice.Result{Outcome: o, Explain: fmt.Sprintf("%d against %d: %s", a.Value, b.Value, rollOffOutcomes[o])}, nil
}

// fight is D6 + the attacker's Tough against D6 + the defender's; the
// attacker wins ties.
type fight struct{ a, b int }

var fightOutcomes = []string{"attacker", "defender"}

func (p fight) Name() string       { return "mini-fight" }
func (p fight) Outcomes() []string { return fightOutcomes }
func (p fight) Flags() []string    { return nil }
func (p fight) Odds() dice.Dist    { return fightOdds[p.a][p.b] }
func (p fight) Describe() string {
	return fmt.Sprintf("roll 2 D6, the attacker's first: D6 + %d against D6 + %d, the attacker wins ties", p.a, p.b)
}

func (p fight) Resolve(t *dice.Tray) (dice.Result, error) {
	a, err := t.Roll(dice.D6, "attacker's die")
	if err != nil {
		return dice.Result{}, err
	}
	b, err := t.Roll(dice.D6, "defender's die")
	if err != nil {
		return dice.Result{}, err
	}
	o := 1
	if a.Value+p.a >= b.Value+p.b {
		o = 0
	}
	if !t.Explains() {
		return dice.Result{Outcome: o}, nil
	}
	return dice.Result{Outcome: o, Explain: fmt.Sprintf("%d+%d against %d+%d: %s", a.Value, p.a, b.Value, p.b, fightOutcomes[o])}, nil
}
