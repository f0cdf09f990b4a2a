package n23

import (
	"math/big"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// digital starts a board game with seeded digital dice and bots, models
// placed at pts (each faces the nearest enemy).
func digital(t testing.TB, pts [][2]float32, models ...engine.ModelSetup) *engine.Game {
	t.Helper()
	for i := range models {
		models[i].Start = engine.Pos{X: pts[i][0], Y: pts[i][1]}
	}
	su := &engine.Setup{Rounds: 3, Mode: "board", Board: &board.Board{Width: 30, Height: 30, Levels: []float64{0}},
		Sides: []engine.SideSetup{{Name: "Lamplighters"}, {Name: "Rustjaws"}}, Models: models}
	g, err := engine.New(New(), su, engine.Config{Seed: 3, Players: engine.Bots(2)})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// activate makes the Lamplighters' model m active: if the Rustjaws have
// Priority, their first model ends its activation first.
func activate(t testing.TB, g *engine.Game, m int) {
	t.Helper()
	if g.State().Turn.Side != 0 {
		for _, a := range g.Legal() {
			if a.ID == engine.Activate {
				must(t, g.Apply(a))
				must(t, g.Apply(engine.Action{ID: engine.End, Actor: a.Actor, Target: engine.NoModel}))
				break
			}
		}
	}
	must(t, g.Apply(engine.Act(engine.Activate, m)))
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func p(proc dice.Procedure, outcome int) *big.Rat { return proc.Odds().P(outcome).Rat() }

func mul(xs ...*big.Rat) *big.Rat {
	r := big.NewRat(1, 1)
	for _, x := range xs {
		r.Mul(r, x)
	}
	return r
}

func sub1(x *big.Rat) *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), x) }

// The exact odds of a Shoot from a live board state are the dice
// procedures' odds composed along rules.md §3.3 by hand: the hit (BS 4+),
// then Pinning on any hit, the wound (S3 against T3, 4+, rules.md §2.3.4),
// the save (Sv 6+, only a natural 1 failing by default), then one injury
// die at the last wound (Flesh Wound, Serious Injury, Out of Action on
// 2/3/1 faces). CheckOdds also samples the action with seeded dice.
func TestShootOddsMatchProcedures(t *testing.T) {
	g := digital(t, [][2]float32{{4, 4}, {10, 4}, {4, 28}, {28, 28}}, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	activate(t, g, 0)
	hit, wnd, sv := p(test(4, 0), 0), p(test(4, 0), 0), p(pSave[0][6][modIndex(0)], 0)
	through := mul(hit, wnd, sub1(sv))
	inj := Injury{Dice: 1}
	want := map[string]*big.Rat{
		"no effect":         sub1(hit),
		"pinned":            new(big.Rat).Sub(hit, through),
		"flesh wound":       mul(through, p(inj, 0)),
		"seriously injured": mul(through, p(inj, 1)),
		"out of action":     mul(through, p(inj, 2)),
	}
	// The same numbers written out: P(hit) 1/2; through = 1/2 · 1/2 · 5/6.
	if through.Cmp(big.NewRat(5, 24)) != 0 || want["pinned"].Cmp(big.NewRat(7, 24)) != 0 {
		t.Fatalf("composed by hand: through %s, pinned %s; want 5/24 and 7/24", through.RatString(), want["pinned"].RatString())
	}
	enginetest.CheckOdds(t, g, engine.Action{ID: "shoot", Actor: 0, Target: 1, Option: 0}, want, 4000)
	// One resolution per path through the dice: a miss; a hit not wounding;
	// a wound saved; three injury results — each once when no path merges.
	odds, err := g.Odds(engine.Action{ID: "shoot", Actor: 0, Target: 1, Option: 0}, engine.OddsOptions{Unmerged: true})
	must(t, err)
	if odds.Paths != 6 {
		t.Errorf("%d paths, want 6", odds.Paths)
	}
}

// A Shoot with a Rapid Fire weapon that has an Ammo value: the firepower
// die's bullets are the hits, and its ammo symbol calls for an Ammo check
// (rules.md §2.3.6, §3.3); the target's fate is composed over the number
// of hits. Checked against sampling, and summing to one.
func TestRapidFireOdds(t *testing.T) {
	gun := with(ganger("w", 0), func(m *engine.ModelSetup) {
		m.Gear[0] = engine.Gear{Name: "autogun", Kind: "ranged", Stats: map[string]int{"sr": 8, "lr": 24, "str": 3, "d": 1, "am": 4},
			Traits: []engine.Trait{{Name: "rapid-fire", Value: 1}}}
	})
	tough := with(ganger("b", 1), func(m *engine.ModelSetup) { m.Profile[sW] = 4 }) // three bullets take at most three of its four wounds: no injury dice
	g := digital(t, [][2]float32{{4, 4}, {10, 4}, {4, 28}, {28, 28}}, gun, tough, ganger("w2", 0), ganger("b2", 1))
	activate(t, g, 0)
	hit, wnd, sv := p(test(4, 0), 0), p(test(4, 0), 0), p(pSave[0][6][modIndex(0)], 0)
	through := mul(wnd, sub1(sv)) // one hit's chance to take a wound
	fp := Firepower{Dice: 1}
	// bullets 1, 2, 3 with P 3/6, 2/6, 1/6; each hit a wound with P through.
	none := big.NewRat(0, 1) // a hit, and no bullet wounds
	for bullets := 1; bullets <= 3; bullets++ {
		pb := new(big.Rat)
		for f := range uint(4) { // the outcome codes for these bullets, with or without the ammo flags
			pb.Add(pb, fp.Odds().P(dice.Code(bullets-1, f, 2)).Rat())
		}
		pNone := big.NewRat(1, 1)
		for range bullets {
			pNone.Mul(pNone, sub1(through))
		}
		none.Add(none, mul(hit, pb, pNone))
	}
	odds, err := g.Odds(engine.Action{ID: "shoot", Actor: 0, Target: 1, Option: 0}, engine.OddsOptions{})
	must(t, err)
	got := map[string]*big.Rat{}
	for _, r := range odds.Rows {
		got[r.Label] = r.P
	}
	if p := got["pinned"]; p == nil || p.Cmp(none) != 0 {
		t.Errorf("P(pinned, no wound) = %v, composed %s", p, none.RatString())
	}
	if p, w := got["wounded"], new(big.Rat).Sub(hit, none); p == nil || p.Cmp(w) != 0 {
		t.Errorf("P(wounded) = %v, composed %s", p, w.RatString())
	}
	if p := got["no effect"]; p == nil || p.Cmp(sub1(hit)) != 0 {
		t.Errorf("P(no effect) = %v, composed %s", p, sub1(hit).RatString())
	}
	enginetest.CheckOdds(t, g, engine.Action{ID: "shoot", Actor: 0, Target: 1, Option: 0}, got, 4000)
}

// BenchmarkOdds is the exact odds of a Shoot from a live board state.
func BenchmarkOdds(b *testing.B) {
	g := digital(b, [][2]float32{{4, 4}, {10, 4}, {4, 28}, {28, 28}}, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	activate(b, g, 0)
	a := engine.Action{ID: "shoot", Actor: 0, Target: 1, Option: 0}
	if _, err := g.Odds(a, engine.OddsOptions{}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Odds(a, engine.OddsOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
