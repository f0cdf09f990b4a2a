package engine

import "github.com/skirmish-engine/skirmish/dice"

// KindPolicy is a Policy that chooses what to do before how (issue 35):
// Step asks Kind to pick one of the decision's kinds (Game.ActionKinds),
// then Act to pick among that kind's actions only, so that a decision
// lists one kind's options rather than every legal action with every move
// destination worked out.
type KindPolicy interface {
	Policy
	// Kind picks one of the decision's kinds (an index into kinds).
	Kind(s *State, kinds []ActionKind, rng *dice.RNG) int
}

// RandomPolicy is a bot that picks uniformly among the kinds of a
// decision's actions (activate this model, move, shoot, end the
// activation: a KindPolicy), then uniformly among the chosen kind's
// actions, and uniformly among the options of every choice, with the
// game's bot RNG. Picking the kind first keeps a move's hundreds of
// destinations from drowning every other action, and spares Step the
// listing of options it does not use. It has no state of its own, so one
// value may serve any number of games at once.
type RandomPolicy struct{}

// Kind picks a kind at random.
func (RandomPolicy) Kind(_ *State, kinds []ActionKind, rng *dice.RNG) int {
	return rng.Face(len(kinds)) - 1
}

// Act picks an action of the list at random.
func (RandomPolicy) Act(_ *State, legal []Action, rng *dice.RNG) int { return rng.Face(len(legal)) - 1 }

// Choose picks an option at random.
func (RandomPolicy) Choose(_ *State, q *Question, rng *dice.RNG) int {
	return rng.Face(len(q.Options)) - 1
}

// Bots returns a RandomPolicy for each of n sides.
func Bots(n int) []Policy {
	ps := make([]Policy, n)
	for i := range ps {
		ps[i] = RandomPolicy{}
	}
	return ps
}

// Step lets the bot of the side to decide take one action. It reports false
// when the decision belongs to a person (no bot for that side, or a prompt
// waiting), or the game is over.
func (g *Game) Step() (bool, error) {
	if g.live.Over || g.pending != nil {
		return false, nil
	}
	p := g.policyFor(g.live.Turn.Side)
	if p == nil {
		return false, nil
	}
	if kp, ok := p.(KindPolicy); ok {
		return g.stepKind(kp)
	}
	legal := g.Legal()
	if len(legal) == 0 {
		return false, nil
	}
	i := p.Act(g.live, legal, g.bots)
	if i < 0 || i >= len(legal) {
		return false, &IllegalError{Action: Action{ID: "?", Actor: NoModel, Target: NoModel}, Reason: "the bot picked no legal action"}
	}
	return true, g.Apply(legal[i])
}

// stepKind is Step for a KindPolicy: a kind, then one of its actions,
// which needs no second check of its legality.
func (g *Game) stepKind(p KindPolicy) (bool, error) {
	kinds := g.ActionKinds()
	if len(kinds) == 0 {
		return false, nil
	}
	k := p.Kind(g.live, kinds, g.bots)
	if k < 0 || k >= len(kinds) {
		return false, &IllegalError{Action: Action{ID: "?", Actor: NoModel, Target: NoModel}, Reason: "the bot picked no kind of action"}
	}
	opts := g.kinds.expand(g.live, k)
	i := 0
	if len(opts) > 1 {
		i = p.Act(g.live, opts, g.bots)
	}
	if i < 0 || i >= len(opts) {
		return false, &IllegalError{Action: Action{ID: "?", Actor: NoModel, Target: NoModel}, Reason: "the bot picked no legal action"}
	}
	return true, g.apply(opts[i])
}

// Try resolves a legal action on a copy, with dice and bot draws from an RNG
// of its own, and returns the state it would lead to, or the question it
// would stop at. The game is unchanged.
func (g *Game) Try(a Action, seed uint64) (*State, *Question, error) {
	return g.TryInto(a, seed, nil)
}

// TryInto is Try with the copy made in dst, whose buffers it reuses (nil
// makes a new one): a bot that tries an action many times over passes the
// state of its last try. The state returned is dst's, or new when dst is
// nil.
func (g *Game) TryInto(a Action, seed uint64, dst *State) (*State, *Question, error) {
	if g.pending != nil {
		return nil, nil, ErrPending
	}
	if !g.isLegal(a) {
		return nil, nil, illegal(g.live, a, g.whyIllegal(a))
	}
	s := g.live.CopyInto(dst)
	// One run, its buffers and its two generators, serves every Try of
	// the game (a bot's sampled resolutions try an action many times).
	// (A Try within a Try, from a bot choosing inside the resolution, gets
	// a run of its own.)
	r := g.tryRun
	if r == nil || g.trying {
		r = &run{list: newLister(g), rng: dice.NewRNG(0), bots: dice.NewRNG(0)}
		if g.tryRun == nil {
			g.tryRun = r
		}
	}
	if r == g.tryRun {
		g.trying = true
		defer func() { g.trying = false }()
	}
	rng, bots := r.rng, r.bots
	r.reset(g, live, r.answers[:0])
	rng.Reseed(seed)
	bots.Reseed(seed ^ 0x9e3779b97f4a7c15)
	r.rng, r.bots = rng, bots
	q, err := g.resolveOn(s, a, r) // q is a copy of the question: the run's next use leaves it be
	return s, q, err
}
