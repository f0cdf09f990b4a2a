package rules

import (
	"fmt"
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

// Listed reports whether options lists any action for model m: an
// engine.ActionDef.Any where nothing quicker answers (a table, or a board
// that is not a *board.Board, for a move whose board answers by
// board.AnyDestination).
func Listed(s *engine.State, m int, options func(s *engine.State, m int, add func(engine.Action))) bool {
	found := false
	options(s, m, func(engine.Action) { found = true })
	return found
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

// Fates summarizes actions for exact odds (engine.Summarizer) by what
// befell the action's target, and its actor when it came to harm: a
// ruleset's fate function names what happened to a model and how much harm
// it is. Labels and their "target; actor ..." pairs are made once, so that
// summarizing a path allocates nothing.
type Fates struct {
	fate      func(before, after *engine.State, m int) (string, int)
	index     map[string]int
	withActor [][]string
}

// NewFates makes a Fates from fate and every label it gives.
func NewFates(fate func(before, after *engine.State, m int) (string, int), labels ...string) *Fates {
	f := &Fates{fate: fate, index: map[string]int{}, withActor: make([][]string, len(labels))}
	for i, t := range labels {
		f.index[t] = i
		for _, a := range labels {
			f.withActor[i] = append(f.withActor[i], t+"; actor "+a)
		}
	}
	return f
}

// Summarize names what a did to its target (and to its actor, when it came
// to harm). The score is the acting side's: harm to an enemy counts for
// it, harm to a friend against, and so does harm to the actor. An action
// with no target gets engine.DefaultSummary.
func (f *Fates) Summarize(before, after *engine.State, a engine.Action) (string, int) {
	t := a.Target
	if t == engine.NoModel {
		return engine.DefaultSummary(before, after, before.ActionSide(a))
	}
	label, harm := f.fate(before, after, t)
	score := harm
	if before.SideOf(t) == before.ActionSide(a) {
		score = -harm
	}
	if m := a.Actor; m != engine.NoModel && m != t {
		if l, h := f.fate(before, after, m); h > 0 {
			label = f.withActor[f.index[label]][f.index[l]]
			score -= h
		}
	}
	return label, score
}

// TableMoveWhy is why a move typed at a table (no board) is not one the
// list offers, in the terms of what was typed: a place (the players move
// the model at a table), an option, or a target the list does not give.
func TableMoveWhy(a engine.Action) string {
	switch {
	case a.HasPos:
		return "at a table a move names no destination: the players move the model"
	case a.Option != 0:
		return fmt.Sprintf("a move takes no option (#%d)", a.Option)
	case a.Target != engine.NoModel:
		return fmt.Sprintf("at a table this move names no target (>m%d)", a.Target)
	}
	return "at a table a move names no destination: the players move the model"
}
