package trenchcrusade

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
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

type harness struct {
	t *testing.T
	g *engine.Game
}

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
	h := &harness{t: t, g: g}
	if p := g.Pending(); p != nil && p.Kind == engine.DiceQ {
		h.play("d:6", "d:1") // equal numbers standing: the roll-off goes to the Vigil
	}
	h.play("c:us") // the Vigil activate first
	return h
}

func (h *harness) s() *engine.State { return h.g.State() }

// model returns the index of the model with the given ID.
func (h *harness) model(id string) int {
	for m := range h.s().Models {
		if h.s().Static(m).ID == id {
			return m
		}
	}
	h.t.Fatalf("no model %q", id)
	return -1
}

// play runs steps: an action ("move m0", "shoot m0 >m2 #0"), or an answer
// to the pending prompt: "d:4 5" dice faces, "c:yes" a choice by name, "f:1"
// a measurement.
func (h *harness) play(steps ...string) {
	h.t.Helper()
	for _, st := range steps {
		p := h.g.Pending()
		kind, val, isAnswer := strings.Cut(st, ":")
		if !isAnswer || len(kind) != 1 {
			if p != nil {
				h.t.Fatalf("%q: a %s prompt is pending: %s", st, p.Kind, p.Text)
			}
			a, err := engine.ParseAction(st)
			if err != nil {
				h.t.Fatal(err)
			}
			if err := h.g.Apply(a); err != nil {
				h.t.Fatalf("%q: %v\nlegal: %s", st, err, h.legal())
			}
			continue
		}
		if p == nil {
			h.t.Fatalf("%q: no prompt pending", st)
		}
		var err error
		switch kind {
		case "d":
			if p.Kind != engine.DiceQ {
				h.t.Fatalf("%q: pending is %s %q, not dice", st, p.Kind, p.Key)
			}
			err = h.g.Answer(engine.DiceQ, engine.Reply{Faces: strings.Fields(val)})
		case "c":
			if p.Kind != engine.ChoiceQ {
				h.t.Fatalf("%q: pending is %s %q, not a choice", st, p.Kind, p.Key)
			}
			i := slices.Index(p.Options, val)
			if i < 0 {
				h.t.Fatalf("%q: %s options are %v", st, p.Key, p.Options)
			}
			err = h.g.Answer(engine.ChoiceQ, engine.Reply{Choice: i})
		case "f":
			if p.Kind != engine.FactQ {
				h.t.Fatalf("%q: pending is %s %q, not a fact", st, p.Kind, p.Key)
			}
			v, _ := strconv.Atoi(val)
			err = h.g.Answer(engine.FactQ, engine.Reply{Value: v})
		default:
			h.t.Fatalf("%q: unknown step", st)
		}
		if err != nil {
			h.t.Fatalf("%q: %v", st, err)
		}
	}
}

// asks reports the pending prompt as "dice tc-success {…}", "fact within" or
// "choice spend-blood".
func (h *harness) asks() string {
	p := h.g.Pending()
	if p == nil {
		return "nothing"
	}
	if p.Kind == engine.DiceQ {
		return fmt.Sprintf("dice %s %+v", p.Proc.Name(), p.Proc)
	}
	return fmt.Sprintf("%s %s", p.Kind, p.Key)
}

// legal lists the legal actions' IDs, sorted and without repeats; actors
// for activations.
func (h *harness) legal() string {
	var out []string
	for _, a := range h.g.Legal() {
		if a.ID == engine.Activate {
			out = append(out, "activate:"+h.s().Static(a.Actor).ID)
		} else {
			out = append(out, a.ID)
		}
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), " ")
}

// events lists the last entry's events of the given types as "type id".
func (h *harness) events(types ...string) []string {
	l := h.g.Log()
	var out []string
	for _, e := range l.Entries[len(l.Entries)-1].Events {
		if len(types) > 0 && !slices.Contains(types, e.Type) {
			continue
		}
		id := "-"
		if e.Model >= 0 {
			id = h.s().Static(e.Model).ID
		}
		out = append(out, e.Type+" "+id)
	}
	return out
}

func (h *harness) status(id string) string {
	m := h.model(id)
	if !h.s().Models[m].InPlay {
		return "gone"
	}
	return h.s().Info().Statuses[h.s().Models[m].Status]
}

// force puts a model into a status at once (setting up a position; not a
// game event).
func (h *harness) force(id string, st int) {
	h.s().Models[h.model(id)].Status = uint8(st)
}

func (h *harness) wantStatus(pairs ...string) {
	h.t.Helper()
	for i := 0; i < len(pairs); i += 2 {
		if got := h.status(pairs[i]); got != pairs[i+1] {
			h.t.Errorf("%s is %s, want %s", pairs[i], got, pairs[i+1])
		}
	}
}

func (h *harness) wantLegal(want string) {
	h.t.Helper()
	if got := h.legal(); got != want {
		h.t.Errorf("legal:\n got %s\nwant %s", got, want)
	}
}

func (h *harness) wantAsks(want string) {
	h.t.Helper()
	if got := h.asks(); got != want {
		h.t.Errorf("asks %s, want %s", got, want)
	}
}
