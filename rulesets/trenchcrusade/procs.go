package trenchcrusade

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/skirmish-engine/skirmish/dice"
)

// D6 is one plain D6 read as its face: outcomes "1" to "6" (Charge
// distance, shooting into a melee, roll-offs).
type D6 struct{}

var d6Outcomes = []string{"1", "2", "3", "4", "5", "6"}

func (D6) Name() string       { return "tc-d6" }
func (D6) Outcomes() []string { return slices.Clone(d6Outcomes) }
func (D6) Flags() []string    { return nil }
func (D6) Odds() dice.Dist    { return d6Odds }

var d6Odds = dice.D6.Dist().Shift(-1)

func (D6) Resolve(t *dice.Tray) (dice.Result, error) {
	r, err := t.Roll(dice.D6, "d6")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(t.Len() - 1)
	return dice.Result{Outcome: r.Value - 1, Explain: fmt.Sprintf("rolled %d", r.Value)}, nil
}

// Pick chooses one of N equally on a die of N faces (which friendly model
// a shot into a melee hits).
type Pick struct{ N int }

func (r Pick) Name() string    { return "tc-pick" }
func (r Pick) Flags() []string { return nil }
func (r Pick) Outcomes() []string {
	o := make([]string, r.N)
	for i := range o {
		o[i] = strconv.Itoa(i + 1)
	}
	return o
}
func (r Pick) Odds() dice.Dist { return dice.Uniform(0, r.N-1) }
func (r Pick) Resolve(t *dice.Tray) (dice.Result, error) {
	d, err := t.Roll(dice.D(max(r.N, 2)), "pick die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(t.Len() - 1)
	o := (d.Face - 1) % r.N
	return dice.Result{Outcome: o, Explain: fmt.Sprintf("picked %d of %d", o+1, r.N)}, nil
}

// Boxed procedure tables: rolling one allocates nothing (engine.Ctx.Roll).
const (
	netLo   = 10 // net ±DICE from −10 …
	netSpan = 21 // … to +10
	posSpan = 7  // positive injury modifiers 0..6
	negLo   = 8  // negative injury modifiers −8..0
	maxPick = 12
)

var (
	pD6      dice.Procedure = D6{}
	pPick    [maxPick + 1]dice.Procedure
	pSuccess [2][netSpan]dice.Procedure // [natural-crit][net]
	pInjury  [netSpan][posSpan][negLo + 1]dice.Procedure
)

func init() {
	for n := 1; n <= maxPick; n++ {
		pPick[n] = Pick{N: n}
	}
	for k := range netSpan {
		pSuccess[0][k] = SuccessRoll{Dice: k - netLo}
		pSuccess[1][k] = SuccessRoll{Dice: k - netLo, NaturalCrit: true}
		for pos := range posSpan {
			for neg := range negLo + 1 {
				var mods []int
				if pos > 0 {
					mods = append(mods, pos)
				}
				if neg > 0 {
					mods = append(mods, -neg)
				}
				pInjury[k][pos][neg] = InjuryRoll{Dice: k - netLo, Mods: mods}
			}
		}
	}
}

func clampNet(n int) int { return min(max(n, -netLo), netSpan-1-netLo) + netLo }

// successRoll is the boxed Success Roll with net ±DICE.
func successRoll(net int, naturalCrit bool) dice.Procedure {
	c := 0
	if naturalCrit {
		c = 1
	}
	return pSuccess[c][clampNet(net)]
}

// injuryRoll is the boxed Injury Roll with net ±INJURY DICE and the flat
// modifiers' positive and negative parts (the procedure caps the negative
// part at −3, rules.md §6.3-g).
func injuryRoll(net, pos, neg int) dice.Procedure {
	return pInjury[clampNet(net)][min(max(pos, 0), posSpan-1)][min(max(-neg, 0), negLo)]
}
