package bot

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// Random picks a kind of action uniformly, then one of its actions, and
// any option of a choice (engine.RandomPolicy).
type Random = engine.RandomPolicy

// Kinds are the bots New makes, by name.
var Kinds = []string{"random", "greedy", "mcts"}

// Spec names a bot and its budget, as written on a command line: "random",
// "greedy", "mcts" (1,000 iterations), "mcts:200" (iterations) or
// "mcts:500ms" (a time budget per decision, which does not replay).
type Spec struct {
	Kind       string
	Iterations int           // mcts; 0 with Time unset means DefaultIterations
	Time       time.Duration // mcts: a budget in time instead of iterations
}

// DefaultIterations is the MCTS budget when a spec names none.
const DefaultIterations = 1000

// Version is the bots' version: it changes when seeded bot games change
// (how the bots choose, not the rules), so that records of games played
// by other bots are told apart (sim's batch header). Version 2 is issue
// 35's: the random bot draws a kind of action first, and MCTS walks its
// tree without listing every action.
const Version = "2"

// SpecError reports a bot spec that names no bot, with what is allowed.
type SpecError struct {
	Spec, Problem string
}

func (e *SpecError) Error() string {
	return fmt.Sprintf("bot: %q: %s", e.Spec, e.Problem)
}

// Parse reads a spec: a kind, and for mcts an optional ":N" iterations or
// ":D" duration ("250ms", "2s").
func Parse(spec string) (Spec, error) {
	s := strings.TrimSpace(spec)
	kind, budget, has := strings.Cut(s, ":")
	kind = strings.ToLower(strings.TrimSpace(kind))
	switch kind {
	case "random", "greedy":
		if has {
			return Spec{}, &SpecError{Spec: spec, Problem: kind + " takes no budget; only mcts does (mcts:1000, mcts:500ms)"}
		}
		return Spec{Kind: kind}, nil
	case "mcts":
	default:
		return Spec{}, &SpecError{Spec: spec, Problem: "not a bot; allowed " + strings.Join(Kinds, ", ") + " (mcts:N for N iterations, mcts:500ms for a time budget)"}
	}
	sp := Spec{Kind: kind}
	if !has {
		return sp, nil
	}
	budget = strings.TrimSpace(budget)
	if n, err := strconv.Atoi(budget); err == nil {
		if n < 1 || n > 10_000_000 {
			return Spec{}, &SpecError{Spec: spec, Problem: "iterations out of range; allowed 1 to 10000000"}
		}
		sp.Iterations = n
		return sp, nil
	}
	d, err := time.ParseDuration(budget)
	if err != nil || d <= 0 || d > time.Hour {
		return Spec{}, &SpecError{Spec: spec, Problem: fmt.Sprintf("%q is not a budget; want iterations (mcts:1000) or a duration up to 1h (mcts:500ms)", budget)}
	}
	sp.Time = d
	return sp, nil
}

// String is the spec as Parse reads it.
func (s Spec) String() string {
	switch {
	case s.Kind != "mcts":
		return s.Kind
	case s.Time > 0:
		return "mcts:" + s.Time.String()
	case s.Iterations > 0 && s.Iterations != DefaultIterations:
		return "mcts:" + strconv.Itoa(s.Iterations)
	}
	return "mcts"
}

// Deterministic reports whether a game with this bot replays from its seed
// (a time budget does not).
func (s Spec) Deterministic() bool { return s.Time == 0 }

// New makes the bot a spec names, for games of rs.
func New(s Spec, rs engine.Ruleset) (engine.Policy, error) {
	switch s.Kind {
	case "random":
		return Random{}, nil
	case "greedy":
		return NewGreedy(rs), nil
	case "mcts":
		m := NewMCTS(rs)
		if s.Time > 0 {
			m.Iterations, m.Time = 0, s.Time
		} else if s.Iterations > 0 {
			m.Iterations = s.Iterations
		}
		return m, nil
	}
	return nil, &SpecError{Spec: s.Kind, Problem: "not a bot; allowed " + strings.Join(Kinds, ", ")}
}

// first is the policy inside lookahead games and tries: random actions
// (playouts) and every choice's first option.
type first struct{}

func (first) Act(_ *engine.State, legal []engine.Action, rng *dice.RNG) int {
	return rng.Face(len(legal)) - 1
}

func (first) Choose(*engine.State, *engine.Question, *dice.RNG) int { return 0 }

// players is a lookahead game's policies.
func players(n int) []engine.Policy {
	ps := make([]engine.Policy, n)
	for i := range ps {
		ps[i] = first{}
	}
	return ps
}

// chooser settles choices for Greedy and MCTS: each option tried samples
// times from the choice on, the best mean evaluation for the chooser.
type chooser struct {
	rs      engine.Ruleset
	samples int
}

// ChooseTrying implements engine.ChoiceTrier.
func (c chooser) ChooseTrying(_ *engine.State, q *engine.Question, rng *dice.RNG, try func(int, uint64) (*engine.State, *engine.Question, error)) int {
	if len(q.Options) == 1 {
		return 0
	}
	who := q.Who
	best, bestV, found := 0, 0.0, false
	var buf [16]uint64 // on the stack: a choice allocates nothing here
	seeds := buf[:min(c.samples, len(buf))]
	if c.samples > len(buf) {
		seeds = make([]uint64, c.samples)
	}
	for i := range seeds {
		seeds[i] = rng.Uint64() // the same dice for every option: a fairer comparison
	}
	for k := range q.Options {
		sum, n := 0.0, 0
		for _, seed := range seeds {
			s, pending, err := try(k, seed)
			if err != nil || pending != nil {
				continue
			}
			side := who
			if side < 0 || side >= len(s.Sides) {
				side = s.Turn.Side
			}
			sum += Evaluate(c.rs, s, side)
			n++
		}
		if n == 0 {
			continue
		}
		if v := sum / float64(n); !found || v > bestV+1e-9 {
			best, bestV, found = k, v, true
		}
	}
	return best
}

// Choose is the plain answer, inside tries: the first option.
func (chooser) Choose(*engine.State, *engine.Question, *dice.RNG) int { return 0 }
