package engine

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// ChoicePolicy says how choices inside an action are made while its odds
// are enumerated.
type ChoicePolicy string

// Choice policies.
const (
	// FirstOption takes every choice's first option.
	FirstOption ChoicePolicy = "first"
	// BestOption gives each choice to its chooser the way that is best for
	// them by the action's own results: the acting side maximises the
	// expected score of the Summarizer, its opponents minimise it.
	BestOption ChoicePolicy = "best"
)

// OddsOptions tunes Odds.
type OddsOptions struct {
	Choices  ChoicePolicy // default BestOption
	MaxPaths int          // resolutions tried before giving up; default 100000
}

// Odds is the exact distribution of an action's results.
type Odds struct {
	Action Action
	Rows   []OddsRow // most likely first
	Paths  int       // resolutions run
}

// OddsRow is one result and its exact probability.
type OddsRow struct {
	Label string   // the Summarizer's label: "m7 seriously-injured"
	Score int      // the Summarizer's score for the acting side
	P     *big.Rat // exact
}

// ErrTooManyPaths is returned when enumerating odds would run an action
// more times than OddsOptions.MaxPaths allows.
var ErrTooManyPaths = errors.New("engine: odds: too many dice paths")

// Odds enumerates every outcome of the dice action a would roll from the
// current state, through its whole resolution and whatever follows it
// automatically, and returns the exact distribution of its results. Facts
// come from the board; at a table, odds that need a measurement not yet
// made are an error naming it. The game is unchanged.
func (g *Game) Odds(a Action, opt OddsOptions) (*Odds, error) {
	if g.pending != nil {
		return nil, ErrPending
	}
	if !slices.Contains(g.Legal(), a) {
		return nil, &IllegalError{Action: a, Reason: g.whyIllegal(a)}
	}
	if opt.Choices == "" {
		opt.Choices = BestOption
	}
	if opt.MaxPaths <= 0 {
		opt.MaxPaths = 100000
	}
	if opt.Choices != FirstOption && opt.Choices != BestOption {
		return nil, &FieldError{Path: "choices", Problem: fmt.Sprintf("%q is not a policy; allowed first or best", opt.Choices)}
	}
	e := &enumerator{g: g, a: a, opt: opt, base: g.live, actor: g.live.Turn.Side}
	dist := map[string]*oddsAcc{}
	if err := e.walk(nil, big.NewRat(1, 1), dist); err != nil {
		return nil, err
	}
	o := &Odds{Action: a, Paths: e.paths}
	for label, row := range dist {
		o.Rows = append(o.Rows, OddsRow{Label: label, Score: row.score, P: row.p})
	}
	slices.SortFunc(o.Rows, func(x, y OddsRow) int {
		if c := y.P.Cmp(x.P); c != 0 {
			return c
		}
		return strings.Compare(x.Label, y.Label)
	})
	return o, nil
}

type enumerator struct {
	g     *Game
	a     Action
	opt   OddsOptions
	base  *State
	actor int // the side taking the action
	paths int
	r     run
}

type oddsAcc struct {
	p     *big.Rat
	score int
}

// walk adds to out the results below a partial script of answers, each
// weighted by w, the probability of reaching this point. Dice branch with
// their odds; a choice is settled by the policy, comparing the options'
// whole distributions.
func (e *enumerator) walk(script []Answer, w *big.Rat, out map[string]*oddsAcc) error {
	if e.paths++; e.paths > e.opt.MaxPaths {
		return fmt.Errorf("%w: more than %d resolutions of %s; raise the cap or ask about a smaller action", ErrTooManyPaths, e.opt.MaxPaths, e.a)
	}
	g := e.g
	s := e.base.Clone()
	e.r.reset(g, enumerate, script)
	if e.opt.Choices == FirstOption {
		e.r.choose = func(*Ctx, *Question) (int, bool) { return 0, true }
	}
	q, err := g.resolveOn(s, e.a, &e.r)
	if err != nil {
		return err
	}
	script = slices.Clip(e.r.answers) // with any facts the board answered
	if q == nil {
		label, score := e.summarize(s)
		if acc, ok := out[label]; ok {
			acc.p.Add(acc.p, w)
		} else {
			out[label] = &oddsAcc{p: new(big.Rat).Set(w), score: score}
		}
		return nil
	}
	switch q.Kind {
	case DiceQ:
		odds := q.Proc.Odds()
		for code := odds.Min(); code <= odds.Max(); code++ {
			p := odds.P(code)
			if p.IsZero() {
				continue
			}
			if err := e.walk(append(script, Answer{Kind: DiceQ, Key: q.Key, Code: code}), new(big.Rat).Mul(w, p.Rat()), out); err != nil {
				return err
			}
		}
	case ChoiceQ:
		var best map[string]*oddsAcc
		var bestScore *big.Rat
		for k := range q.Options {
			sub := map[string]*oddsAcc{}
			if err := e.walk(append(script, Answer{Kind: ChoiceQ, Key: q.Key, Code: k}), big.NewRat(1, 1), sub); err != nil {
				return err
			}
			exp := new(big.Rat)
			for _, row := range sub {
				exp.Add(exp, new(big.Rat).Mul(row.p, big.NewRat(int64(row.score), 1)))
			}
			better := bestScore == nil ||
				q.Who == e.actor && exp.Cmp(bestScore) > 0 ||
				q.Who != e.actor && exp.Cmp(bestScore) < 0
			if better {
				best, bestScore = sub, exp
			}
		}
		merge(out, best, w)
	case FactQ:
		return &AnswerError{Key: q.Key, Problem: fmt.Sprintf("the odds need a measurement nobody has made: %s", q.Text)}
	}
	return nil
}

func merge(out, sub map[string]*oddsAcc, w *big.Rat) {
	for label, row := range sub {
		p := new(big.Rat).Mul(row.p, w)
		if acc, ok := out[label]; ok {
			acc.p.Add(acc.p, p)
		} else {
			out[label] = &oddsAcc{p: p, score: row.score}
		}
	}
}

func (e *enumerator) summarize(after *State) (string, int) {
	if e.g.hooks.sum != nil {
		return e.g.hooks.sum.Summarize(e.base, after, e.a)
	}
	return DefaultSummary(e.base, after, e.actor)
}

// DefaultSummary names what changed between two states: each model whose
// status changed or that left play, as "m7 down" or "m7 out"; "no change"
// otherwise. The score counts enemy models of side that changed for the
// worse (later status, or out) minus its own.
func DefaultSummary(before, after *State, side int) (string, int) {
	var parts []string
	score := 0
	for m := range after.Models {
		b, a := &before.Models[m], &after.Models[m]
		sign := 1
		if after.SideOf(m) == side {
			sign = -1
		}
		switch {
		case b.InPlay && !a.InPlay:
			parts = append(parts, fmt.Sprintf("m%d out", m))
			score += 2 * sign
		case b.Status != a.Status:
			parts = append(parts, fmt.Sprintf("m%d %s", m, after.info.Statuses[a.Status]))
			if a.Status > b.Status {
				score += sign
			} else {
				score -= sign
			}
		}
	}
	if len(parts) == 0 {
		return "no change", 0
	}
	return strings.Join(parts, ", "), score
}
