package n26

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

// ganger is a fighter with the example profile of rules.md §2.3.2 (M5 WS4
// BS4 S3 T3 W1 I4 A1 Sv6 Ld6 Cl6 Wil6 Int6), a lasgun (gear 0) and a knife
// (gear 1).
func ganger(id string, side int, keywords ...string) engine.ModelSetup {
	return engine.ModelSetup{ID: id, Side: side, Type: "fighter", Keywords: keywords, Base: 1,
		Profile: []int{5, 4, 4, 3, 3, 1, 4, 1, 6, 6, 6, 6, 6},
		Gear: []engine.Gear{
			{Name: "lasgun", Kind: "ranged", Stats: map[string]int{"sr": 12, "lr": 24, "str": 3, "l": 1}},
			{Name: "knife", Kind: "melee", Stats: map[string]int{"l": 1}, Traits: []engine.Trait{{Name: "melee"}}},
		}}
}

// buggy is a vehicle: a hull gun with Rapid Fire (1) (gear 0), no melee
// weapon.
func buggy(id string, side int) engine.ModelSetup {
	return engine.ModelSetup{ID: id, Side: side, Type: "vehicle", Keywords: []string{"wheeled"}, Base: 2,
		Profile: []int{7, 5, 4, 5, 6, 3, 2, 1, 4, 7, 7, 6, 6},
		Gear: []engine.Gear{
			{Name: "hull gun", Kind: "ranged", Stats: map[string]int{"sr": 12, "lr": 24, "str": 4, "l": 1}, Traits: []engine.Trait{{Name: "rapid-fire", Value: 1}}},
		}}
}

// with returns m changed by f.
func with(m engine.ModelSetup, f func(m *engine.ModelSetup)) engine.ModelSetup {
	m.Gear = slices.Clone(m.Gear)
	m.Profile = slices.Clone(m.Profile)
	f(&m)
	return m
}

type harness struct{ *enginetest.Script }

// table starts a table game between two gangs with the given models and
// options; side 0 wins the Priority roll.
func table(t *testing.T, opts map[string]string, models ...engine.ModelSetup) *harness {
	t.Helper()
	su := &engine.Setup{Rounds: 3, Mode: "table", Options: opts,
		Sides: []engine.SideSetup{{Name: "Wardens"}, {Name: "Breakers"}}, Models: models}
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
		Sides: []engine.SideSetup{{Name: "Wardens"}, {Name: "Breakers"}}, Models: models}
	return start(t, su)
}

func start(t *testing.T, su *engine.Setup) *harness {
	t.Helper()
	g, err := engine.New(New(), su, engine.Config{Seed: 1, Dice: engine.PhysicalDice})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{&enginetest.Script{T: t, G: g}}
	h.Play("d:6", "d:1") // Priority: the Wardens
	return h
}
