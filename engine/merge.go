package engine

import (
	"encoding/binary"
	"encoding/json"
	"math"
)

// Merging paths while enumerating odds.
//
// An action's odds run its resolution once per path through its dice
// (DESIGN.md §1); an attack of many dice, each hit with its own rolls,
// has as many paths as the product of their outcomes, millions where
// most lead to the same few states. A rule marks with Ctx.Checkpoint a
// point after which its resolution depends only on the state and on the
// few values it names (how many hits are left to resolve): the odds then
// work out what follows such a point once for each state reached there,
// and weigh every path that reaches it by that, so that paths merge.

// Checkpoint declares that the rest of the action's resolution, from
// here, depends only on the state as it stands and on locals (such as
// the hits left to resolve), not on anything else the rule code holds,
// nor on the answers so far. The odds use it to merge paths that reach
// it with the same state and locals (name tells checkpoints apart); in a
// game it does nothing. A rule that holds more than it names here (a
// list of models in a local variable) must not call it there.
func (c *Ctx) Checkpoint(name string, locals ...int) {
	r := c.r
	if r.mode != enumerate || !r.merge || r.pos < r.from {
		return
	}
	key := checkpointKey(r.key[:0], c.s, name, locals)
	r.key = key
	if r.pos == r.from && string(key) == r.skip {
		return // the point whose continuation is being worked out
	}
	if len(r.branches) == 0 && !r.seen(string(key)) {
		// No die taken on this run yet, and the point new: stopping would
		// only work out the same continuation again.
		return
	}
	r.hit = string(key)
	panic(atCheckpoint{})
}

// atCheckpoint is the panic value that stops an enumerated resolution at
// a checkpoint (run.hit says which).
type atCheckpoint struct{}

// checkpointKey appends to b what identifies a checkpoint: its name, the
// locals and the whole state (its saved parts: the ruleset's Ext as JSON).
func checkpointKey(b []byte, s *State, name string, locals []int) []byte {
	b = append(b, name...)
	b = append(b, 0)
	for _, v := range locals {
		b = binary.AppendVarint(b, int64(v))
	}
	b = binary.AppendVarint(b, int64(len(locals)))
	for _, v := range [...]int{s.Round, s.Phase, s.Winner, s.Turn.Side, s.Turn.Model, s.Turn.Slots, s.Turn.Actions, s.Turn.Passes} {
		b = binary.AppendVarint(b, int64(v))
	}
	flags := 0
	for i, f := range [...]bool{s.Over, s.Turn.Extra, s.Turn.Ended} {
		if f {
			flags |= 1 << i
		}
	}
	b = append(b, byte(flags))
	b = binary.AppendUvarint(b, s.Turn.Taken)
	b = binary.AppendUvarint(b, s.Turn.Barred)
	b = binary.AppendUvarint(b, uint64(len(s.Turn.Families)))
	for _, f := range s.Turn.Families {
		b = append(append(append(b, f.Family...), 0), f.Type...)
		b = append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(s.Turn.Forced)))
	for _, f := range s.Turn.Forced {
		b = binary.AppendVarint(b, int64(f))
	}
	b = binary.AppendUvarint(b, uint64(len(s.Turn.Chain)))
	for _, m := range s.Turn.Chain {
		b = binary.AppendVarint(b, int64(m))
	}
	for _, v := range s.Vars {
		b = binary.AppendVarint(b, int64(v))
	}
	for i := range s.Models {
		m := &s.Models[i]
		if m.InPlay {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
		b = append(b, m.Status, m.Secondary, m.Acts)
		b = binary.AppendUvarint(b, m.Conds)
		for _, v := range m.Counters {
			b = binary.AppendVarint(b, int64(v))
		}
		b = binary.AppendUvarint(b, m.Taken)
		b = binary.AppendUvarint(b, uint64(math.Float32bits(m.Pos.X)))
		b = binary.AppendUvarint(b, uint64(math.Float32bits(m.Pos.Y)))
		b = append(b, byte(m.Pos.Level))
		b = binary.AppendUvarint(b, m.Links)
		b = binary.AppendUvarint(b, uint64(m.Gear))
	}
	for i := range s.Sides {
		for _, v := range s.Sides[i].Counters {
			b = binary.AppendVarint(b, int64(v))
		}
	}
	if s.Ext != nil {
		j, err := json.Marshal(s.Ext)
		if err != nil {
			panic("engine: checkpoint: the ruleset's Ext does not encode: " + err.Error())
		}
		b = append(b, j...)
	}
	return b
}
