package falloutfactions

import (
	"math/big"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// digital starts a board game with seeded digital dice and bots on both
// sides, models at pts; the test then plays the position's actions itself.
func digital(t testing.TB, b *board.Board, tiers [2]int, pts [][3]float32, models ...engine.ModelSetup) *engine.Game {
	t.Helper()
	if b == nil {
		b = &board.Board{Width: 30, Height: 30, Levels: []float64{0}}
	}
	for i := range models {
		models[i].Start = engine.Pos{X: pts[i][0], Y: pts[i][1], Level: int8(pts[i][2])}
	}
	su := &engine.Setup{Rounds: 3, Mode: "board", Board: b,
		Sides:  []engine.SideSetup{{Name: "Scrappers", Counters: map[string]int{"tier": tiers[0]}}, {Name: "Regulators", Counters: map[string]int{"tier": tiers[1]}}},
		Models: models}
	g, err := engine.New(New(), su, engine.Config{Seed: 3, Players: engine.Bots(2)})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// turnOf gives side 0 the decision (the other side passes if it won the
// roll-off) and applies the actions.
func turnOf(t testing.TB, g *engine.Game, actions ...engine.Action) {
	t.Helper()
	if g.State().Turn.Side != 0 {
		must(t, g.Apply(engine.Act(engine.Pass, engine.NoModel)))
	}
	for _, a := range actions {
		must(t, g.Apply(a))
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// pHits is P(hits, critical) of an ff-test.
func pHits(tt Test, hits int, crit bool) *big.Rat {
	c := uint(0)
	if crit {
		c = 1
	}
	return tt.Odds().P(dice.Code(hits, c, 1)).Rat()
}

func add(m map[string]*big.Rat, label string, p *big.Rat) {
	if p.Sign() == 0 {
		return
	}
	if m[label] == nil {
		m[label] = new(big.Rat)
	}
	m[label].Add(m[label], p)
}

// supported is the odds position: a (L1, rifle 4P with Maim) with three
// friends in its Control Area has declared Supporting Fire from all three
// at x (E4, Health 2, 1 Harm), Wide Open on an empty board; y is far away.
func supported(t testing.TB, ploys int) (*engine.Game, engine.Action) {
	a := traits(grunt("a", 0), 0, "maim")
	x := profile(grunt("x", 1), "Health", 2)
	x.Counters = map[string]int{"harm": 1}
	g := digital(t, nil, [2]int{ploys, 0}, [][3]float32{{5, 5}, {6.5, 5}, {5, 6.5}, {3.5, 5}, {5, 15}, {25, 28}},
		a, grunt("b", 0), grunt("c", 0), grunt("d", 0), x, grunt("y", 1))
	open := engine.Action{ID: "open-fire", Actor: 0, Target: 4, Option: 0}
	turnOf(t, g, engine.Act(engine.Activate, 0), open,
		engine.Action{ID: "supporting-fire", Actor: 0, Target: 1}, engine.Action{ID: "supporting-fire", Actor: 0, Target: 2},
		engine.Action{ID: "supporting-fire", Actor: 0, Target: 3})
	return g, engine.Action{ID: "fire", Actor: 0, Target: 4, Option: 0}
}

// The exact odds of an Open Fire from a live board state (issue 11): three
// supporters, a Harm on the target and Wide Open make 4 + 5 dice, one of
// them a Luck die; the damage table against E4 (seed 004, Damage) and Maim
// on a critical (rules.md §5.3) give the target's fate. Composed by hand
// from ff-test's odds, and checked by seeded sampling.
func TestOpenFireOddsMatchProcedures(t *testing.T) {
	g, fire := supported(t, 0)
	tt := Test{Dice: 9, Stat: 6, Luck: 1}
	want := map[string]*big.Rat{}
	for h := 0; h <= tt.MaxHits(); h++ {
		for _, crit := range []bool{false, true} {
			p := pHits(tt, h, crit)
			switch {
			case h >= 8:
				add(want, "incapacitated", p)
			case h >= 4 && crit:
				add(want, "1 injury, +2 harm", p) // 1 + Maim: from 1 to 3
			case h >= 4:
				add(want, "1 injury, +1 harm", p)
			case h >= 1 && crit:
				add(want, "+2 harm", p)
			case h >= 1:
				add(want, "+1 harm", p)
			default:
				add(want, "no damage", p)
			}
		}
	}
	enginetest.CheckOdds(t, g, fire, want, 3000)
}

// Beyond the Effective Range the test is Unlucky: no bonus dice (the Harm
// and Wide Open count for nothing), no Luck, no critical (seed 004).
func TestUnluckyOddsMatchProcedures(t *testing.T) {
	a := traits(grunt("a", 0), 0, "maim")
	x := profile(grunt("x", 1), "Health", 2)
	x.Counters = map[string]int{"harm": 1}
	g := digital(t, nil, [2]int{}, [][3]float32{{5, 2}, {5, 26}, {28, 28}}, a, x, grunt("y", 1))
	turnOf(t, g, engine.Act(engine.Activate, 0), engine.Action{ID: "open-fire", Actor: 0, Target: 1})
	tt := Test{Dice: 4, Stat: 6, Luck: 1, Unlucky: true}
	want := map[string]*big.Rat{}
	for h := 0; h <= 4; h++ {
		p := pHits(tt, h, false)
		switch {
		case h >= 4:
			add(want, "1 injury, +1 harm", p)
		case h >= 1:
			add(want, "+1 harm", p)
		default:
			add(want, "no damage", p)
		}
	}
	enginetest.CheckOdds(t, g, engine.Action{ID: "fire", Actor: 0, Target: 1}, want, 3000)
}

// With a Ploy token the test is rolled in stages for Lucky Break. Declining
// it (the first option), the odds are ff-test's without Lucky Break; with
// the best choice they sum to one and never do worse for the attacker.
func TestStagedOddsMatchTest(t *testing.T) {
	g, fire := supported(t, 1)
	first, err := g.Odds(fire, engine.OddsOptions{Choices: engine.FirstOption})
	must(t, err)
	g0, _ := supported(t, 0)
	plain, err := g0.Odds(fire, engine.OddsOptions{})
	must(t, err)
	if len(first.Rows) != len(plain.Rows) {
		t.Fatalf("staged rows %v, one roll %v", first.Rows, plain.Rows)
	}
	for i := range plain.Rows {
		if first.Rows[i].Label != plain.Rows[i].Label || first.Rows[i].P.Cmp(plain.Rows[i].P) != 0 {
			t.Errorf("row %d: staged %s %s, one roll %s %s", i, first.Rows[i].Label, first.Rows[i].P.RatString(), plain.Rows[i].Label, plain.Rows[i].P.RatString())
		}
	}
	best, err := g.Odds(fire, engine.OddsOptions{})
	must(t, err)
	sum := new(big.Rat)
	var eBest, ePlain big.Rat
	for _, r := range best.Rows {
		sum.Add(sum, r.P)
		eBest.Add(&eBest, new(big.Rat).Mul(r.P, big.NewRat(int64(r.Score), 1)))
	}
	for _, r := range plain.Rows {
		ePlain.Add(&ePlain, new(big.Rat).Mul(r.P, big.NewRat(int64(r.Score), 1)))
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("best odds sum to %s", sum.RatString())
	}
	if eBest.Cmp(&ePlain) < 0 {
		t.Errorf("with Lucky Break the attacker expects %s, without %s", eBest.RatString(), ePlain.RatString())
	}
}

// BenchmarkOdds is the exact odds of an Open Fire with three supporters
// from a live board state (issue 11's target: 50 µs), with the crew
// holding no Ploy token (one ff-test roll) and holding one (the test in
// stages, Lucky Break weighed).
func BenchmarkOdds(b *testing.B) {
	for _, tc := range []struct {
		name  string
		ploys int
	}{{"open-fire", 0}, {"open-fire-lucky-break", 1}} {
		b.Run(tc.name, func(b *testing.B) {
			g, fire := supported(b, tc.ploys)
			if _, err := g.Odds(fire, engine.OddsOptions{}); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := g.Odds(fire, engine.OddsOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The odds of an attack let its crew spend Lucky Break where it does best
// by the result (the engine's odds policy, rules.md §5.2.5), and the rows
// that count on it say so (issue 11): with a Ploy token some rows spend
// it, and only they; declining every choice, none does.
func TestOddsSayWhenLuckyBreakIsSpent(t *testing.T) {
	g, fire := supported(t, 1)
	best, err := g.Odds(fire, engine.OddsOptions{})
	must(t, err)
	spent := new(big.Rat)
	for _, r := range best.Rows {
		if strings.Contains(r.Label, "1 Ploy token spent on Lucky Break") {
			spent.Add(spent, r.P)
		}
	}
	if spent.Sign() == 0 || spent.Cmp(big.NewRat(1, 1)) == 0 {
		t.Errorf("P(Lucky Break spent) = %s, want some rows with it and some without: %v", spent.RatString(), best.Rows)
	}
	first, err := g.Odds(fire, engine.OddsOptions{Choices: engine.FirstOption})
	must(t, err)
	for _, r := range first.Rows {
		if strings.Contains(r.Label, "Lucky Break") {
			t.Errorf("declining every choice, row %q spends Lucky Break", r.Label)
		}
	}
}
