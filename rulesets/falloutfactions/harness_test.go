package falloutfactions

import (
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// The rule tests play exact positions with physical dice: every die,
// choice and (at a table) measurement is typed in by the test, so each
// rule's outcome is forced and checked.

// grunt is a model with a plain profile (S5 P6 E4 C3 I5 A5 L1, Health 1),
// a rifle (gear 0: 4P, Effective Range 20") and a knife (gear 1: 3S).
func grunt(id string, side int, keywords ...string) engine.ModelSetup {
	return engine.ModelSetup{ID: id, Side: side, Type: "grunt", Keywords: keywords, Base: 1.26,
		Profile: []int{5, 6, 4, 3, 5, 5, 1, 1},
		Gear: []engine.Gear{
			{Name: "rifle", Kind: "rifle", Stats: map[string]int{"P": 4, "range": 20}},
			{Name: "knife", Kind: "melee", Stats: map[string]int{"S": 3}},
		}}
}

// with returns m changed by f.
func with(m engine.ModelSetup, f func(m *engine.ModelSetup)) engine.ModelSetup {
	m.Gear = slices.Clone(m.Gear)
	m.Profile = slices.Clone(m.Profile)
	f(&m)
	return m
}

// inchBase gives m a 1" base: its radius, 0.5", and so every gap between
// such models placed at whole or half inches, is exact in floating point,
// which a test of a distance rule at its very edge needs.
func inchBase(m engine.ModelSetup) engine.ModelSetup {
	return with(m, func(m *engine.ModelSetup) { m.Base = 1 })
}

// traits sets gear g's traits: "aim 1", "pierce".
func traits(m engine.ModelSetup, g int, ts ...string) engine.ModelSetup {
	return with(m, func(m *engine.ModelSetup) {
		m.Gear[g].Traits = nil
		for _, s := range ts {
			tr, err := engine.ParseTrait(s)
			if err != nil {
				panic(err)
			}
			m.Gear[g].Traits = append(m.Gear[g].Traits, tr)
		}
	})
}

// profile sets characteristics by name: profile(m, "L", 3, "E", 5).
func profile(m engine.ModelSetup, kv ...any) engine.ModelSetup {
	return with(m, func(m *engine.ModelSetup) {
		for i := 0; i+1 < len(kv); i += 2 {
			k := strings.Index("SPECIAL", kv[i].(string))
			if kv[i].(string) == "Health" {
				k = sHealth
			}
			m.Profile[k] = kv[i+1].(int)
		}
	})
}

type harness struct{ *enginetest.Script }

// game is a setup's options and crews' tiers (0: no Ploy tokens).
type game struct {
	opts         map[string]string
	tier0, tier1 int
}

// table starts a table game; the first crew wins the roll-off and takes
// the first Turn.
func table(t *testing.T, g game, models ...engine.ModelSetup) *harness {
	t.Helper()
	su := &engine.Setup{Rounds: 3, Mode: "table", Options: g.opts,
		Sides:  []engine.SideSetup{{Name: "Scrappers", Counters: map[string]int{"tier": g.tier0}}, {Name: "Regulators", Counters: map[string]int{"tier": g.tier1}}},
		Models: models}
	return start(t, su)
}

// onBoard starts a board game, models at pts (x, y, level).
func onBoard(t *testing.T, b *board.Board, g game, pts [][3]float32, models ...engine.ModelSetup) *harness {
	t.Helper()
	if b == nil {
		b = &board.Board{Width: 30, Height: 30, Levels: []float64{0}}
	}
	for i := range models {
		models[i].Start = engine.Pos{X: pts[i][0], Y: pts[i][1], Level: int8(pts[i][2])}
	}
	su := &engine.Setup{Rounds: 3, Mode: "board", Board: b, Options: g.opts,
		Sides:  []engine.SideSetup{{Name: "Scrappers", Counters: map[string]int{"tier": g.tier0}}, {Name: "Regulators", Counters: map[string]int{"tier": g.tier1}}},
		Models: models}
	return start(t, su)
}

func start(t *testing.T, su *engine.Setup) *harness {
	t.Helper()
	g, err := engine.New(New(), su, engine.Config{Seed: 1, Dice: engine.PhysicalDice})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{&enginetest.Script{T: t, G: g}}
	h.Play("d:1 5", "c:take-first") // the Scrappers win the roll-off and go first
	return h
}

// count reads a model's counter.
func (h *harness) count(id string, c int) int { return h.S().Count(h.Model(id), c) }

// set sets a model's counter: setting up a position, not a game event.
func (h *harness) set(id string, c, v int) { h.S().Models[h.Model(id)].Counters[c] = int16(v) }

// side reads a crew's counter.
func (h *harness) side(side, c int) int { return int(h.S().Sides[side].Counters[c]) }

// engage ties two models at a table, as a move into base contact would.
func (h *harness) engage(a, b string) {
	s := h.S()
	s.Link(h.Model(a), h.Model(b), true)
	engagement(s, func(m, st int) { s.Models[m].Status = uint8(st) })
}

// wantEvent checks that the last entry has an event of type typ for model id.
func (h *harness) wantEvent(typ, id string) {
	h.T.Helper()
	if !slices.Contains(h.Events(typ), typ+" "+id) {
		h.T.Errorf("no %s event for %s; events %v", typ, id, h.Events())
	}
}

func (h *harness) wantCount(id string, c, want int) {
	h.T.Helper()
	if got := h.count(id, c); got != want {
		h.T.Errorf("%s %s = %d, want %d", id, New().info.Counters[c].Name, got, want)
	}
}
