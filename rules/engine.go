package rules

import (
	"sync/atomic"

	"github.com/skirmish-engine/skirmish/engine"
)

// Maybe answers a yes/no fact from the board in board mode. At a table it
// says yes: the action it gates is offered, and its resolution asks the
// players, which is when a measurement is made at a table.
func Maybe(s *engine.State, f engine.Fact) bool {
	b := s.Setup().Board
	if b == nil {
		return true
	}
	v, _ := b.Fact(s, f)
	return v == 1
}

// SetOf is the set of models n (bit n for model n) for which rel(s, m, n)
// holds: m's enemies, those that stop its moves short, and the like.
func SetOf(s *engine.State, m int, rel func(s *engine.State, m, n int) bool) uint64 {
	var set uint64
	for n := range s.Models {
		if rel(s, m, n) {
			set |= 1 << n
		}
	}
	return set
}

// Compiled keeps what a ruleset derives from a setup (its weapons by model,
// its keywords), for the last setup asked about: a batch of games on one
// setup compiles it once. It is safe for concurrent use.
type Compiled[T any] struct {
	last atomic.Pointer[compiledEntry[T]]
}

type compiledEntry[T any] struct {
	su *engine.Setup
	v  *T
}

// Get returns su compiled, compiling it with compile unless it is the last
// setup asked about.
func (c *Compiled[T]) Get(su *engine.Setup, compile func(*engine.Setup) *T) *T {
	if e := c.last.Load(); e != nil && e.su == su {
		return e.v
	}
	e := &compiledEntry[T]{su: su, v: compile(su)}
	c.last.Store(e)
	return e.v
}
