package board

import (
	"github.com/skirmish-engine/skirmish/engine"
)

// Memo remembers the last few answers of Destinations and gives one again,
// without the geometry, when it is asked the same question about the same
// positions: a ruleset that lists a move and a Retreat (Trench Crusade),
// or lists the same model's moves again after an action that moved nobody,
// pays for them once. An answer depends only on the setup (its board and
// the models' bases and sides), the mover, the distance, the models to stop
// short of and where every model stands and whether it is in play, so that
// is what a Memo compares, in full (no hashes): a remembered answer is
// always the answer Destinations would give.
//
// A Memo belongs to one state's scratch (a ruleset keeps it in its
// engine.Ext, not copied by CopyInto) and is not safe for concurrent use.
// Its zero value is ready.
type Memo struct {
	ents   [memoSize]memoEntry
	next   int // the entry to overwrite next
	misses int // answers worked out (for tests)
}

const memoSize = 4

type memoEntry struct {
	setup  *engine.Setup
	m      int
	max    float32
	shy    uint64
	models []memoModel
	out    []engine.Pos
}

type memoModel struct {
	pos    engine.Pos
	inPlay bool
}

// Destinations is b.Destinations(s, m, max, shy, out), from memory when
// the same question was asked about the same positions lately. Any other
// engine.Board than a *Board is asked every time.
func (mm *Memo) Destinations(b engine.Board, s *engine.State, m int, max float32, shy uint64, out []engine.Pos) []engine.Pos {
	bd, ok := b.(*Board)
	if !ok || mm == nil {
		return b.Destinations(s, m, max, shy, out)
	}
	su := s.Setup()
	for i := range mm.ents {
		if e := &mm.ents[i]; e.matches(su, s, m, max, shy) {
			return append(out, e.out...)
		}
	}
	mm.misses++
	n0 := len(out)
	out = bd.Destinations(s, m, max, shy, out)
	e := &mm.ents[mm.next]
	mm.next = (mm.next + 1) % memoSize
	e.setup, e.m, e.max, e.shy = su, m, max, shy
	e.models = e.models[:0]
	for i := range s.Models {
		md := &s.Models[i]
		e.models = append(e.models, memoModel{md.Pos, md.InPlay})
	}
	e.out = append(e.out[:0], out[n0:]...)
	return out
}

func (e *memoEntry) matches(su *engine.Setup, s *engine.State, m int, max float32, shy uint64) bool {
	if e.setup != su || e.setup == nil || e.m != m || e.max != max || e.shy != shy || len(e.models) != len(s.Models) {
		return false
	}
	for i := range e.models {
		md := &s.Models[i]
		if e.models[i].pos != md.Pos || e.models[i].inPlay != md.InPlay {
			return false
		}
	}
	return true
}
