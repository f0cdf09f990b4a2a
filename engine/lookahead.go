package engine

import (
	"fmt"
	"math"
	"slices"

	"github.com/skirmish-engine/skirmish/dice"
)

// Lookahead returns a game of rs positioned at a copy of s, a state between
// decisions of another game of rs, for a bot to play forward in: dice are
// sampled from seed (SampledDice), every choice goes to players (which
// must not be nil), facts come from the board, and the log starts empty,
// so a lookahead game is no save and has nothing to undo. Restart puts it
// back at any state of the same game, so that one lookahead game serves a
// whole search.
func Lookahead(rs Ruleset, s *State, players []Policy, seed uint64) (*Game, error) {
	in := rs.Info()
	if s.info != in {
		return nil, fmt.Errorf("engine: lookahead: the state is not of ruleset %s", in.ID)
	}
	if len(players) != len(s.Sides) || slices.Contains(players, nil) {
		return nil, &FieldError{Path: "players", Problem: fmt.Sprintf("a lookahead needs a bot for each of the %d sides", len(s.Sides))}
	}
	g := &Game{rs: rs, info: in, setup: s.setup, cfg: Config{Seed: seed, Dice: SampledDice, Players: slices.Clone(players)}}
	g.rng, g.bots = dice.NewRNG(seed), dice.NewRNG(dice.DeriveSeed(seed, 1))
	g.eco = newEconomy(in)
	g.hooks = hooksOf(rs)
	g.list = newLister(g)
	g.r.list = newLister(g)
	g.started = true
	g.Restart(s, seed)
	return g, nil
}

// Restart puts a lookahead game back at a copy of s, a state between
// decisions of the same game, with its dice and bots drawing afresh from
// seed, and empties its log.
func (g *Game) Restart(s *State, seed uint64) {
	g.cfg.Seed = seed
	g.rng.Reseed(seed)
	g.bots.Reseed(dice.DeriveSeed(seed, 1))
	g.live = s.CopyInto(g.live)
	g.log.Entries, g.log.answers, g.log.events = g.log.Entries[:0], g.log.answers[:0], g.log.events[:0]
	g.pending, g.listOK, g.botsAt, g.anno, g.marks = nil, false, nil, nil, nil
	g.gen++
	g.fly = inflight{answers: g.fly.answers[:0]}
	g.rngAt, g.botRNGAt = *g.rng, *g.bots
	g.logEnd = 0
}

// Expect is the exact expected value of value over every dice outcome of
// action a from the current state, through its whole resolution and
// whatever follows it automatically, enumerated as Odds does (and with its
// cap, opt.MaxPaths: past it, ErrTooManyPaths). value scores a resulting
// state for the side taking a; a choice met on the way goes the way best
// for its chooser by value (the acting side maximises it, the others
// minimise it), whatever opt.Choices says. It returns the number of
// resolutions run. The game is unchanged.
func (g *Game) Expect(a Action, opt OddsOptions, value func(*State) float64) (float64, int, error) {
	if g.pending != nil {
		return 0, 0, ErrPending
	}
	if !g.isLegal(a) {
		return 0, 0, illegal(g.live, a, g.whyIllegal(a))
	}
	if opt.MaxPaths <= 0 {
		opt.MaxPaths = 100000
	}
	opt.Choices = BestOption
	e := g.enum
	if e == nil {
		e = &enumerator{}
		g.enum = e
	}
	e.g, e.a, e.opt, e.base, e.actor, e.paths = g, a, opt, g.live, g.live.Turn.Side, 0
	e.value = value // its NaN and infinities count as 0 (finite)
	defer func() { e.value = nil }()
	e.buf, e.stack, e.weights = e.buf[:0], e.stack[:0], e.weights[:0]
	e.dist = e.dist[:0]
	if err := e.walk(0, one, &e.dist); err != nil {
		return 0, e.paths, err
	}
	sum := 0.0
	for _, row := range e.dist {
		sum += row.ev
	}
	return sum, e.paths, nil
}

// finite is v, or 0 for a NaN or an infinity: what Expect counts of a
// value function's answer.
func finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// ChoiceTrier is an optional capability of a Policy: a bot that has it is
// asked ChooseTrying instead of Choose for a choice in the middle of an
// action, with try, which resolves the action in flight from its start on
// a copy of the state before it, with every answer so far and then option,
// its later dice drawn from an RNG seeded with seed, and returns the state
// it leads to (at the next decision) or the question it stops at. The
// state is try's own, overwritten by the next try: copy it to keep it; and
// try is for this choice only, not to be called after ChooseTrying
// returns. Choices met inside try go to the players' plain Choose. The
// game is unchanged by try.
type ChoiceTrier interface {
	ChooseTrying(s *State, q *Question, rng *dice.RNG, try func(option int, seed uint64) (*State, *Question, error)) int
}

// tries is tryChoice's scratch, reused from try to try and choice to
// choice, so that a bot trying options allocates nothing: the state a try
// returns is this one, valid until the next try, and the try function is
// made once per game, for the choice being asked.
type tries struct {
	g         *Game
	base      *State   // the state before the action in flight
	action    Action   // the action in flight
	prefix    []Answer // its answers before the choice
	key       string   // the choice's question
	n         int      // its number of options
	fn        func(int, uint64) (*State, *Question, error)
	s         *State
	t         run
	rng, bots dice.RNG
	answers   []Answer
}

// tryChoice is ChoiceTrier's try for the run r, asked q.
func (g *Game) tryChoice(r *run, q *Question) func(int, uint64) (*State, *Question, error) {
	if g.tries == nil {
		g.tries = &tries{g: g}
		g.tries.fn = g.tries.try
	}
	sc := g.tries
	sc.base, sc.action, sc.prefix = g.live, r.action, r.answers[:r.pos]
	sc.key, sc.n = q.Key, len(q.Options)
	return sc.fn
}

// try resolves the action in flight with option for the choice asked, its
// later dice from seed (ChoiceTrier).
func (sc *tries) try(option int, seed uint64) (*State, *Question, error) {
	if option < 0 || option >= sc.n {
		return nil, nil, &AnswerError{Key: sc.key, Problem: fmt.Sprintf("choice %d is out of range; allowed 0 to %d", option, sc.n-1)}
	}
	g := sc.g
	sc.s = sc.base.CopyInto(sc.s)
	sc.answers = append(append(sc.answers[:0], sc.prefix...), Answer{Kind: ChoiceQ, Key: sc.key, Code: option})
	sc.t.reset(g, live, sc.answers)
	sc.t.plain = true
	sc.rng.Reseed(seed)
	sc.bots.Reseed(seed ^ 0x9e3779b97f4a7c15)
	sc.t.rng, sc.t.bots = &sc.rng, &sc.bots
	qq, err := g.resolveOn(sc.s, sc.action, &sc.t)
	sc.answers = sc.t.answers // grown, perhaps: kept for the next try
	return sc.s, qq, err
}
