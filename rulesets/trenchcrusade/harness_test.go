package trenchcrusade

import (
	"slices"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// The rule tests play exact positions with physical dice: every die, choice
// and (at a table) measurement is typed in by the test, so each rule's
// outcome is forced and checked.

// trooper is a model with Movement 6, Ranged and Melee +0, Armour 0, a
// rifle (gear 0, range 24) and a club (gear 1).
func trooper(id string, side int, keywords ...string) engine.ModelSetup {
	return engine.ModelSetup{ID: id, Side: side, Keywords: keywords, Base: 1,
		Profile: []int{6, 0, 0, 0},
		Gear: []engine.Gear{
			{Name: "rifle", Kind: "ranged", Stats: map[string]int{"range": 24}},
			{Name: "club", Kind: "melee"},
		}}
}

// with returns m changed by f.
func with(m engine.ModelSetup, f func(m *engine.ModelSetup)) engine.ModelSetup {
	m.Gear = slices.Clone(m.Gear)
	m.Profile = slices.Clone(m.Profile)
	m.Counters = map[string]int{}
	f(&m)
	return m
}

type harness struct{ *enginetest.Script }

// table starts a table game between two warbands with the given models and
// options; with equal numbers the Vigil (side 0) wins the roll-off, and the
// Initiative holder activates first.
func table(t *testing.T, opts map[string]string, models ...engine.ModelSetup) *harness {
	t.Helper()
	su := &engine.Setup{Rounds: 3, Mode: "table", Options: opts,
		Sides: []engine.SideSetup{{Name: "Vigil"}, {Name: "Choir"}}, Models: models}
	return start(t, su)
}

// onBoard starts a board game; models are placed at pts (x, y on level 0).
func onBoard(t *testing.T, b *board.Board, opts map[string]string, pts [][2]float32, models ...engine.ModelSetup) *harness {
	t.Helper()
	if b == nil {
		b = &board.Board{Width: 24, Height: 24, Levels: []float64{0}}
	}
	for i := range models {
		models[i].Start = engine.Pos{X: pts[i][0], Y: pts[i][1]}
	}
	su := &engine.Setup{Rounds: 3, Mode: "board", Board: b, Options: opts,
		Sides: []engine.SideSetup{{Name: "Vigil"}, {Name: "Choir"}}, Models: models}
	return start(t, su)
}

func start(t *testing.T, su *engine.Setup) *harness {
	t.Helper()
	g, err := engine.New(New(), su, engine.Config{Seed: 1, Dice: engine.PhysicalDice})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{&enginetest.Script{T: t, G: g}}
	if p := g.Pending(); p != nil && p.Kind == engine.DiceQ {
		h.Play("d:6", "d:1") // equal numbers standing: the roll-off goes to the Vigil
	}
	h.Play("c:us") // the Vigil activate first
	return h
}
