package enginetest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// Script plays a game step by step in a rule test, typing every die,
// choice and measurement itself (physical dice, usually at a table), so
// that each rule's outcome is forced and can be checked:
//
//	h := &enginetest.Script{T: t, G: g}
//	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "d:4", "c:yes")
//	h.WantStatus("b", "down")
type Script struct {
	T testing.TB
	G *engine.Game
}

// S is the live state.
func (h *Script) S() *engine.State { return h.G.State() }

// Model returns the index of the model with the given ID.
func (h *Script) Model(id string) int {
	h.T.Helper()
	for m := range h.S().Models {
		if h.S().Static(m).ID == id {
			return m
		}
	}
	h.T.Fatalf("no model %q", id)
	return -1
}

// Play runs steps: an action in its string form ("move m0", "shoot m0 >m2
// #0"), or an answer to the pending prompt: "d:4 5" dice faces, "c:yes" a
// choice by option name, "f:1" a measurement (hundredths of an inch for
// lengths). A step that does not fit fails the test, naming what is
// pending or what is legal.
func (h *Script) Play(steps ...string) {
	h.T.Helper()
	for _, st := range steps {
		p := h.G.Pending()
		kind, val, isAnswer := strings.Cut(st, ":")
		if !isAnswer || len(kind) != 1 {
			if p != nil {
				h.T.Fatalf("%q: a %s prompt is pending: %s", st, p.Kind, p.Text)
			}
			a, err := engine.ParseAction(st)
			if err != nil {
				h.T.Fatal(err)
			}
			if err := h.G.Apply(a); err != nil {
				h.T.Fatalf("%q: %v\nlegal: %s", st, err, h.Legal())
			}
			continue
		}
		if p == nil {
			h.T.Fatalf("%q: no prompt pending", st)
		}
		var err error
		switch kind {
		case "d":
			if p.Kind != engine.DiceQ {
				h.T.Fatalf("%q: pending is %s %q, not dice", st, p.Kind, p.Key)
			}
			err = h.G.Answer(engine.DiceQ, engine.Reply{Faces: strings.Fields(val)})
		case "c":
			if p.Kind != engine.ChoiceQ {
				h.T.Fatalf("%q: pending is %s %q, not a choice", st, p.Kind, p.Key)
			}
			i := slices.Index(p.Options, val)
			if i < 0 {
				h.T.Fatalf("%q: %s options are %v", st, p.Key, p.Options)
			}
			err = h.G.Answer(engine.ChoiceQ, engine.Reply{Choice: i})
		case "f":
			if p.Kind != engine.FactQ {
				h.T.Fatalf("%q: pending is %s %q, not a fact", st, p.Kind, p.Key)
			}
			v, _ := strconv.Atoi(val)
			err = h.G.Answer(engine.FactQ, engine.Reply{Value: v})
		default:
			h.T.Fatalf("%q: unknown step", st)
		}
		if err != nil {
			h.T.Fatalf("%q: %v", st, err)
		}
	}
}

// Asks reports the pending prompt: "dice <procedure> {<its fields>}",
// "fact <kind>", "choice <key>", or "nothing".
func (h *Script) Asks() string {
	p := h.G.Pending()
	if p == nil {
		return "nothing"
	}
	if p.Kind == engine.DiceQ {
		return fmt.Sprintf("dice %s %+v", p.Proc.Name(), p.Proc)
	}
	return fmt.Sprintf("%s %s", p.Kind, p.Key)
}

// Legal lists the legal actions' IDs, sorted, without repeats;
// activations as "activate:<model ID>".
func (h *Script) Legal() string {
	var out []string
	for _, a := range h.G.Legal() {
		if a.ID == engine.Activate {
			out = append(out, "activate:"+h.S().Static(a.Actor).ID)
		} else {
			out = append(out, a.ID)
		}
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), " ")
}

// Events lists the last log entry's events of the given types (all if
// none) as "<type> <model ID>".
func (h *Script) Events(types ...string) []string {
	l := h.G.Log()
	var out []string
	for _, e := range l.Entries[len(l.Entries)-1].Events {
		if len(types) > 0 && !slices.Contains(types, e.Type) {
			continue
		}
		id := "-"
		if e.Model >= 0 {
			id = h.S().Static(e.Model).ID
		}
		out = append(out, e.Type+" "+id)
	}
	return out
}

// Status is a model's status name, or "gone" when it is out of play; for
// a ruleset with a second status axis (engine.Info.Secondary), both, as
// "prone/pinned".
func (h *Script) Status(id string) string {
	m := h.Model(id)
	md := &h.S().Models[m]
	if !md.InPlay {
		return "gone"
	}
	in := h.S().Info()
	if len(in.Secondary) > 0 {
		return in.Statuses[md.Status] + "/" + in.Secondary[md.Secondary]
	}
	return in.Statuses[md.Status]
}

// Force puts a model into a status at once: setting up a position, not a
// game event.
func (h *Script) Force(id string, status int) { h.S().Models[h.Model(id)].Status = uint8(status) }

// ForceBoth puts a model into a status and a secondary status at once.
func (h *Script) ForceBoth(id string, status, secondary int) {
	md := &h.S().Models[h.Model(id)]
	md.Status, md.Secondary = uint8(status), uint8(secondary)
}

// WantStatus checks models' statuses: WantStatus("w", "down", "b", "gone"),
// or with two axes WantStatus("w", "prone/pinned").
func (h *Script) WantStatus(pairs ...string) {
	h.T.Helper()
	for i := 0; i+1 < len(pairs); i += 2 {
		if got := h.Status(pairs[i]); got != pairs[i+1] {
			h.T.Errorf("%s is %s, want %s", pairs[i], got, pairs[i+1])
		}
	}
}

// WantLegal checks Legal.
func (h *Script) WantLegal(want string) {
	h.T.Helper()
	if got := h.Legal(); got != want {
		h.T.Errorf("legal:\n got %s\nwant %s", got, want)
	}
}

// WantAsks checks Asks.
func (h *Script) WantAsks(want string) {
	h.T.Helper()
	if got := h.Asks(); got != want {
		h.T.Errorf("asks %s, want %s", got, want)
	}
}
