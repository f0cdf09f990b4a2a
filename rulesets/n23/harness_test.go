package n23

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// The rule tests play exact positions with physical dice: every die, choice
// and (at a table) measurement is typed in by the test, so each rule's
// outcome is forced and checked.

// ganger is a fighter with an N23 ganger's profile (M5 WS4+ BS4+ S3 T3 W1
// I4+ A1 Ld7+ Cl7+ Wil7+ Int7+, Sv6+), a lasgun (gear 0: no accuracy
// modifiers, no Ammo value, so no firepower die) and a knife (gear 1).
func ganger(id string, side int, keywords ...string) engine.ModelSetup {
	return engine.ModelSetup{ID: id, Side: side, Type: "fighter", Keywords: keywords, Base: 1,
		Profile: []int{5, 4, 4, 3, 3, 1, 4, 1, 7, 7, 7, 7, 6},
		Gear: []engine.Gear{
			{Name: "lasgun", Kind: "ranged", Stats: map[string]int{"sr": 12, "lr": 24, "str": 3, "d": 1}},
			{Name: "knife", Kind: "melee", Stats: map[string]int{"d": 1}, Traits: []engine.Trait{{Name: "melee"}}},
		}}
}

// heavy carries an Unwieldy rivet cannon (gear 0, Ammo 5+, Rapid Fire 1).
func heavy(id string, side int) engine.ModelSetup {
	return with(ganger(id, side), func(m *engine.ModelSetup) {
		m.Gear = []engine.Gear{{Name: "rivet cannon", Kind: "ranged", Stats: map[string]int{"sr": 6, "lr": 18, "str": 5, "ap": -1, "d": 2, "am": 5},
			Traits: []engine.Trait{{Name: "unwieldy"}, {Name: "rapid-fire", Value: 1}}}}
	})
}

// pistolero has quick-draw and a laspistol (gear 0, a Sidearm, Ammo 4+).
func pistolero(id string, side int) engine.ModelSetup {
	return with(ganger(id, side, "quick-draw"), func(m *engine.ModelSetup) {
		m.Gear = []engine.Gear{{Name: "laspistol", Kind: "ranged", Stats: map[string]int{"sr": 8, "lr": 12, "str": 3, "d": 1, "am": 4},
			Traits: []engine.Trait{{Name: "sidearm"}}}}
	})
}

// gunslinger is a pistolero that also carries heavy's Unwieldy rivet
// cannon (gear 1).
func gunslinger(id string, side int) engine.ModelSetup {
	return with(pistolero(id, side), func(m *engine.ModelSetup) {
		m.Gear = append(m.Gear, heavy(id, side).Gear[0])
	})
}

// crawler is a vehicle (M8 T6, 2 Hull Points, Handling 5+, Sv4+) with a
// hull stubber (gear 0).
func crawler(id string, side int) engine.ModelSetup {
	return engine.ModelSetup{ID: id, Side: side, Type: "vehicle", Keywords: []string{"wheeled"}, Base: 2,
		Profile: []int{8, 6, 4, 5, 6, 2, 5, 1, 8, 7, 8, 8, 4},
		Gear: []engine.Gear{
			{Name: "hull stubber", Kind: "ranged", Stats: map[string]int{"sr": 12, "lr": 24, "str": 4, "d": 1}},
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
		Sides: []engine.SideSetup{{Name: "Lamplighters"}, {Name: "Rustjaws"}}, Models: models}
	return start(t, su)
}

// two is a small table game: w (m0) and b (m1) face off; w2 (m2) and b2
// (m3) stand by, so that one casualty does not end the game.
func two(t *testing.T, opts map[string]string) *harness {
	return table(t, opts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
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
		Sides: []engine.SideSetup{{Name: "Lamplighters"}, {Name: "Rustjaws"}}, Models: models}
	return start(t, su)
}

func start(t *testing.T, su *engine.Setup) *harness {
	t.Helper()
	g, err := engine.New(New(), su, engine.Config{Seed: 1, Dice: engine.PhysicalDice})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{&enginetest.Script{T: t, G: g}}
	h.Play("d:6", "d:1") // Priority: the Lamplighters
	return h
}

// refused applies action a and checks it is refused with a reason that
// contains want, changing nothing.
func (h *harness) refused(a, want string) {
	h.T.Helper()
	x, err := engine.ParseAction(a)
	if err != nil {
		h.T.Fatal(err)
	}
	before := h.S().Clone()
	n := len(h.G.Log().Entries)
	var ill *engine.IllegalError
	if err := h.G.Apply(x); !errors.As(err, &ill) || !strings.Contains(ill.Reason, want) {
		h.T.Fatalf("%s: %v, want it refused: %q", a, err, want)
	}
	if ok, why := before.Equal(h.S()); !ok || len(h.G.Log().Entries) != n {
		h.T.Fatalf("a refused %s changed the game: %s", a, why)
	}
}

// answerRefused answers the pending measurement with v and checks the
// action is refused with a reason containing want, changing nothing.
func (h *harness) answerRefused(v int, want string) {
	h.T.Helper()
	before := h.S().Clone()
	n := len(h.G.Log().Entries)
	var ill *engine.IllegalError
	if err := h.G.Answer(engine.FactQ, engine.Reply{Value: v}); !errors.As(err, &ill) || !strings.Contains(ill.Reason, want) {
		h.T.Fatalf("answer %d: %v, want the action refused: %q", v, err, want)
	}
	if ok, why := before.Equal(h.S()); !ok || len(h.G.Log().Entries) != n || h.G.Pending() != nil {
		h.T.Fatalf("a refused action changed the game: %s", why)
	}
}

// prompt is the pending question's text.
func (h *harness) prompt() string {
	if p := h.G.Pending(); p != nil {
		return p.Text
	}
	return ""
}
