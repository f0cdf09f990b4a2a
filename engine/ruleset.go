package engine

import (
	"fmt"
	"slices"
	"sync"
)

// Ruleset is a game's rules. The required part is small: a description
// (actions, phases, economy, statuses, counters, options) and how a game
// starts. Everything else is optional, found by type assertion on the
// capability interfaces below.
type Ruleset interface {
	Info() *Info
	// Start sets up a new game on s (already holding the scenario's models
	// and sides): starting statuses, counters, variables. It runs before the
	// first round starts and may not ask questions.
	Start(s *State) error
}

// RoundHooks runs at the start and end of each round (FF: fatigue wipe at
// round end).
type RoundHooks interface {
	RoundStart(c *Ctx)
	RoundEnd(c *Ctx)
}

// PhaseHooks runs at the start and end of each phase. An activation phase's
// PhaseStart sets Turn.Side to the side that activates first (N26 Priority,
// TC Initiative).
type PhaseHooks interface {
	PhaseStart(c *Ctx, phase string)
	PhaseEnd(c *Ctx, phase string)
}

// ActivationHooks runs when a model's activation starts and ends (N26:
// Suppressed halves the budget at the start; Recovery tests at the end).
type ActivationHooks interface {
	ActivationStart(c *Ctx, m int)
	ActivationEnd(c *Ctx, m int)
}

// ActionHooks runs around every action a model takes; triggers key on
// Action.ID, never on its type.
type ActionHooks interface {
	ActionStart(c *Ctx, a Action)
	ActionEnd(c *Ctx, a Action)
}

// Eligibility decides which models may activate now; without it, a model in
// play that has not activated this round may.
type Eligibility interface {
	CanActivate(s *State, m int) bool
}

// Passing decides whether the deciding side may pass now, where
// Activation.MayPass allows passing at all (Fallout: Factions: a rule option
// may have a side play on until it has no model able to act). Without it a
// side may always pass.
type Passing interface {
	CanPass(s *State) bool
}

// Ender decides, after each round and after each action, whether the game
// is over; without it the game ends after Setup.Rounds rounds, as a draw.
type Ender interface {
	// GameOver returns whether the game is over and, if so, the winner
	// (-1 for a draw).
	GameOver(s *State) (over bool, winner int)
}

// Summarizer names the result of an action for exact odds: "target down",
// with a score for the acting side (higher is better for it), which the
// "best for the chooser" policy maximises or minimises.
type Summarizer interface {
	Summarize(before, after *State, a Action) (label string, score int)
}

// Finisher runs once when the game ends, after the winner is known (N26:
// Lasting Injury rolls for every model taken Out of Action).
type Finisher interface {
	GameEnd(c *Ctx)
}

// SetupChecker checks a setup against rules the generic schema cannot
// express (model types, keywords, gear kinds); its error is a *FieldError.
// New asks the ruleset, and in board mode the setup's Board too (where the
// models stand), if they implement it.
type SetupChecker interface {
	CheckSetup(su *Setup) error
}

// Reporter describes what happens after the game (N26 lasting injuries),
// one line each, for people.
type Reporter interface {
	Report(s *State) []string
}

// ExtCodec decodes the ruleset's Ext from JSON.
type ExtCodec interface {
	DecodeExt(data []byte) (Ext, error)
}

// Registry holds rulesets by ID. Registration is explicit (see package
// rulesets/all); the zero Registry is empty and ready.
type Registry struct {
	mu sync.RWMutex
	m  map[string]Ruleset
}

// Register adds rs. It panics if its Info is malformed or its ID is taken:
// both are programming errors.
func (r *Registry) Register(rs Ruleset) {
	in := rs.Info()
	if err := in.check(); err != nil {
		panic("engine: Register: " + err.Error())
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.m == nil {
		r.m = map[string]Ruleset{}
	}
	if _, dup := r.m[in.ID]; dup {
		panic("engine: Register: duplicate ruleset " + in.ID)
	}
	r.m[in.ID] = rs
}

// Lookup returns the ruleset with the given ID.
func (r *Registry) Lookup(id string) (Ruleset, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if rs, ok := r.m[id]; ok {
		return rs, nil
	}
	return nil, fmt.Errorf("engine: unknown ruleset %q; known: %s", id, orNone(r.idsLocked()))
}

// IDs lists the registered rulesets, sorted.
func (r *Registry) IDs() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.idsLocked()
}

func (r *Registry) idsLocked() []string {
	var ids []string
	for id := range r.m {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
