package necromunda

import (
	"strconv"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// Allocate is where a hit on model t lands (rules.md §2.3.4, Ranged step
// 4): a hit on a model tied in a combat (engine.State.Links) goes at random
// to one of the models in that combat, t and those tied to it that are in
// play, numbered in roster order; side who rolls the pick (picks[n] picks
// one of n, up to len(picks)−1). It is the nth hit of of.
func Allocate(c *engine.Ctx, who, t, nth, of int, picks []dice.Procedure) int {
	s := c.State()
	if s.Models[t].Links == 0 {
		return t
	}
	var in [engine.MaxModels]int
	var among uint64
	n := 0
	for o := range s.Models {
		if o == t || s.Linked(t, o) && s.Models[o].InPlay {
			in[n] = o
			among |= 1 << o
			n++
		}
	}
	if n < 2 {
		return t
	}
	return in[c.Roll(who, picks[min(n, len(picks)-1)], engine.About{What: "Random allocation of a hit on an Engaged model", Model: engine.NoModel, Other: engine.NoModel, Nth: nth, Of: of, Among: among}).Outcome]
}

// Falls is the check for a fall (rules.md §2.3.4 step 5, §2.3.5): on a
// board, a model within ½" of a ledge when a hit knocks it down (N26:
// Suppressed or Seriously Injured; N23: Pinned or Seriously Injured) takes
// an Agility test (agility, a D6 4+ test) and reports whether it failed and
// falls. At a table the players apply falls: false.
func Falls(c *engine.Ctx, m int, agility dice.Procedure) bool {
	s := c.State()
	b := s.Setup().Board
	if b == nil || !s.Models[m].InPlay {
		return false
	}
	if v, _ := b.Fact(s, engine.Fact{Kind: engine.FactNearLedge, A: m, Inches: 0.5}); v == 0 {
		return false
	}
	return c.Roll(s.SideOf(m), agility, engine.For("Agility test not to fall from the ledge", m, engine.NoModel)).Outcome != 0
}

// Fall drops model m from the nearest ledge (rules.md §2.3.5), with an
// event "fell", to the foot of that ledge on the level below it on a
// concrete board (board.Landing), and returns
// the height fallen in hundredths of an inch. Only on a board.
func Fall(c *engine.Ctx, m int) int {
	s := c.State()
	b := s.Setup().Board
	h, _ := b.Fact(s, engine.Fact{Kind: engine.FactFall, A: m})
	c.Emit(engine.Event{Type: "fell", Model: m, Other: engine.NoModel, Value: h, Key: strconv.FormatFloat(float64(h)/100, 'f', -1, 64) + "\""})
	if cb, ok := b.(*board.Board); ok {
		// It lands at the foot of the ledge it fell from: the nearest one.
		if p, ok := cb.Landing(s, m); ok { // with no room to land, it stays where it stood
			c.Move(m, p)
		}
	}
	return h
}

// How bad a fall is (rules.md §2.3.5): under 3", from 3" to 6", over 6".
const (
	FallShort = iota
	FallHurt
	FallOut
)

// FallSeverity reads a fall's height in hundredths of an inch.
func FallSeverity(h int) int {
	switch {
	case h > 600:
		return FallOut
	case h >= 300:
		return FallHurt
	}
	return FallShort
}

// PriorityRoll is the Priority roll (rules.md §2.3.3, §3.3): each side
// rolls a D6 (d6, a plain die read as its face), the highest has Priority.
// A tie goes to a side that did not have it last round; in round 1, or when
// that leaves several, the tied sides roll again. The game variables
// priority (the side) and last (1 + the side, for the next round's ties)
// are set, with an event "priority", and the side is returned.
func PriorityRoll(c *engine.Ctx, d6 dice.Procedure, priority, last int) int {
	s := c.State()
	var tiedBuf, topBuf, restBuf [engine.MaxSides]int // no allocation: the roll comes every round
	tied := tiedBuf[:len(s.Sides)]
	for i := range tied {
		tied[i] = i
	}
	about := priorityFirst
	switch {
	case s.Vars[last] > 0 && len(s.Sides) == 2:
		about = priorityTwo
	case s.Vars[last] > 0:
		about = priorityMany
	}
	for {
		best, top := -1, topBuf[:0]
		for _, side := range tied {
			v := c.Roll(side, d6, about).Outcome
			switch {
			case v > best:
				best, top = v, append(top[:0], side)
			case v == best:
				top = append(top, side)
			}
		}
		if len(top) > 1 && s.Vars[last] > 0 {
			had := int(s.Vars[last]) - 1
			rest := restBuf[:0]
			for _, side := range top {
				if side != had {
					rest = append(rest, side)
				}
			}
			if len(rest) > 0 {
				top = rest
			}
		}
		if len(top) == 1 {
			s.Vars[priority] = int32(top[0])
			s.Vars[last] = int32(top[0] + 1)
			c.Emit(engine.Event{Type: "priority", Model: engine.NoModel, Other: engine.NoModel, Value: top[0]})
			return top[0]
		}
		tied = append(tiedBuf[:0], top...)
		about = priorityAgain
	}
}

// What the Priority roll tells the players about ties, as PriorityRoll
// settles them: in round 1 they roll again; later a tie goes to the side
// that did not have Priority last round (with more than two sides, to the
// tied sides that did not, who roll again if several).
var (
	priorityFirst = engine.BySide("Priority roll (the highest D6 has Priority; ties roll again)")
	priorityTwo   = engine.BySide("Priority roll (the highest D6 has Priority; a tie goes to the side that did not have it last round)")
	priorityMany  = engine.BySide("Priority roll (the highest D6 has Priority; a tie goes to the tied sides that did not have it last round, and if several, they roll again)")
	// a roll after a tie says so, or the players see the same question
	// again and think their roll was lost
	priorityAgain = engine.BySide("Priority roll again, the last one tied (the highest D6 has Priority; ties roll again)")
)

// Order is n sides in turn from the first: the End phase's order, the
// side with Priority first (rules.md §2.3.3, §3.3). It is a value, so that
// making one allocates nothing.
type Order struct {
	sides [engine.MaxSides]int
	n     int
}

// SidesFrom is the order of n sides from first.
func SidesFrom(first, n int) Order {
	o := Order{n: n}
	for k := range n {
		o.sides[k] = (first + k) % n
	}
	return o
}

// All yields the sides in order.
func (o *Order) All() []int { return o.sides[:o.n] }

// Events is the log phrases of the events this package emits (fell,
// out-of-ammo, jammed, reloaded, ductway, no-room) together with an
// edition's own (engine.Info.Events); own overrides a shared one.
func Events(own map[string]string) map[string]string {
	ev := map[string]string{
		"fell":        "{model} fell {key}",
		"out-of-ammo": "{model}'s weapon ran Out of Ammo",
		"jammed":      "{model}'s weapon jammed for the rest of the battle",
		"reloaded":    "{model} reloaded its weapon",
		"ductway":     "{model} crawled through the ductway",
		"no-room":     "{model} found no room to move[ towards {other}]",
	}
	for k, v := range own {
		ev[k] = v
	}
	return ev
}
