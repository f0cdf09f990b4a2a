package trenchcrusade

import (
	"math/big"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

func p(proc dice.Procedure, outcome int) *big.Rat { return proc.Odds().P(outcome).Rat() }

func mul(xs ...*big.Rat) *big.Rat {
	r := big.NewRat(1, 1)
	for _, x := range xs {
		r.Mul(r, x)
	}
	return r
}

func add(xs ...*big.Rat) *big.Rat {
	r := new(big.Rat)
	for _, x := range xs {
		r.Add(r, x)
	}
	return r
}

// fightGame is a board game, digital dice: w and b in base contact, b Down
// with Blood and Blessing markers; w2 and b2 far away. The Vigil activate w.
func fightGame(t testing.TB, blood, blessing int) *engine.Game {
	ms := []engine.ModelSetup{trooper("w", 0), trooper("b", 1), trooper("w2", 0), trooper("b2", 1)}
	for i, pt := range [][2]float32{{4, 4}, {5, 4}, {4, 20}, {20, 20}} {
		ms[i].Start = engine.Pos{X: pt[0], Y: pt[1]}
	}
	ms[1].Counters = map[string]int{"blood": blood, "blessing": blessing}
	su := &engine.Setup{Rounds: 3, Mode: "board", Board: &board.Board{Width: 24, Height: 24, Levels: []float64{0}},
		Sides: []engine.SideSetup{{Name: "Vigil"}, {Name: "Choir"}}, Models: ms}
	g, err := engine.New(New(), su, engine.Config{Seed: 5, Players: []engine.Policy{spendAll{}, spendAll{}}})
	if err != nil {
		t.Fatal(err)
	}
	if g.State().Turn.Side != 0 {
		t.Fatal("the Vigil do not go first")
	}
	g.State().Models[1].Status = down
	if err := g.Apply(engine.Act(engine.Activate, 0)); err != nil {
		t.Fatal(err)
	}
	return g
}

// spendAll spends every marker it may and lets the Vigil go first.
type spendAll struct{}

func (spendAll) Choose(s *engine.State, q *engine.Question, r *dice.RNG) int {
	switch q.Key {
	case "spend-blood", "spend-blessing":
		return len(q.Options) - 1
	case "first":
		if q.Who == 1 {
			return 1
		}
	}
	return 0
}

func (spendAll) Act(s *engine.State, legal []engine.Action, r *dice.RNG) int { return 0 }

// The exact odds of a Fight against a Down model with Blood and Blessing
// markers, from live state, are the dice procedures' composed by hand
// (rules.md §4.2, §4.3): the Success Roll at +0; on a success the Injury
// Roll with +1 (Down, melee) + Blood spent − Blessing spent, +1 more on a
// critical. Best play spends every Blood marker (the attacker) and every
// Blessing (the target's player): each only helps its spender.
func TestFightOddsWithMarkers(t *testing.T) {
	g := fightGame(t, 2, 1)
	hit := successRoll(0, false)
	base := 1 + 2 - 1
	inj := func(crit int) dice.Procedure { return InjuryRoll{Dice: base + crit} }
	// Outcomes: 0 no effect, 1 minor hit, 2 down (already Down: 2 Blood), 3 out.
	want := map[string]*big.Rat{
		"no effect":     add(p(hit, 0), mul(p(hit, 1), p(inj(0), 0)), mul(p(hit, 2), p(inj(1), 0))),
		"bloodied":      add(mul(p(hit, 1), add(p(inj(0), 1), p(inj(0), 2))), mul(p(hit, 2), add(p(inj(1), 1), p(inj(1), 2)))),
		"out of action": add(mul(p(hit, 1), p(inj(0), 3)), mul(p(hit, 2), p(inj(1), 3))),
	}
	enginetest.CheckOdds(t, g, engine.Action{ID: "fight", Actor: 0, Target: 1}, want, 3000)
}

// BenchmarkOdds is the exact odds of a Fight at a Down target with Blood
// and Blessing markers to spend (every marker choice weighed).
func BenchmarkOdds(b *testing.B) {
	g := fightGame(b, 2, 1)
	a := engine.Action{ID: "fight", Actor: 0, Target: 1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Odds(a, engine.OddsOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
