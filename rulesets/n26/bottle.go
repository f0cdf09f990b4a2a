package n26

import (
	"fmt"
	"slices"

	"github.com/skirmish-engine/skirmish/dice"
)

// Bottle is the Bottle check (rules.md §2.3.3): 2D6, passed at Value or
// less; the flag "double-six" is a natural 12, when two models flee.
type Bottle struct{ Value int }

var bottleOutcomes = []string{"pass", "fail"}

func (r Bottle) Name() string       { return "n26-bottle" }
func (r Bottle) Outcomes() []string { return slices.Clone(bottleOutcomes) }
func (r Bottle) Flags() []string    { return bottleFlags }

var bottleMemo dice.Memo[dice.Dist]

func (r Bottle) Odds() dice.Dist {
	return bottleMemo.Do(uint64(r.Value+64), func() dice.Dist {
		w := make([]uint64, 4)
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				o := 0
				if a+b > r.Value {
					o = 1
				}
				var f uint
				if a+b == 12 {
					f = 1
				}
				w[dice.Code(o, f, 1)]++
			}
		}
		return dice.NewDist(0, w...)
	})
}

func (r Bottle) Resolve(t *dice.Tray) (dice.Result, error) {
	a, err := t.Roll(dice.D6, "bottle die")
	if err != nil {
		return dice.Result{}, err
	}
	b, err := t.Roll(dice.D6, "bottle die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(t.Len() - 2)
	t.Keep(t.Len() - 1)
	total := a.Value + b.Value
	o := 0
	if total > r.Value {
		o = 1
	}
	var f uint
	if total == 12 {
		f = 1
	}
	if !t.Explains() {
		return dice.Result{Outcome: o, Flags: f, Total: &total}, nil
	}
	return dice.Result{Outcome: o, Flags: f, Total: &total,
		Explain: fmt.Sprintf("rolled %d+%d = %d against Leadership %d: %s (rules.md §2.3.3)", a.Value, b.Value, total, r.Value, bottleOutcomes[o])}, nil
}

var pBottle = func() (p [11]dice.Procedure) {
	for v := range p {
		p[v] = Bottle{Value: v}
	}
	return p
}()

// bottleFlags is made once: a slice literal returned would be allocated at
// every roll.
var bottleFlags = []string{"double-six"}
