package bot

import (
	"math"
	"slices"
	"sort"
	"time"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// MCTS is Monte Carlo tree search with UCT. It is open-loop over dice: each
// iteration replays the tree's actions from the root with dice sampled
// afresh (from the exact odds), and a node stands for a sequence of actions
// whatever the dice did, its children counted as available only when they
// are legal in the iteration at hand. Below the tree a playout takes Depth
// random actions (by default none), choices inside the search are settled
// by trying each option (ChoiceSamples), and the position reached is
// scored by Evaluate, squashed to a chance of winning;
// a finished game scores 1, 0 or ½. Depth-limited playouts with an
// evaluation at the leaf cost far less than playing every game to its end,
// which in these games takes hundreds of actions; and with a budget of a
// thousand iterations, the evaluation at the leaf straight after the
// tree's last action (Depth 0) played better than random playouts of 4 or
// 12 actions in our runs, whose noise the few visits each leaf gets cannot
// average out. The root's children start with Prior visits scored as
// Greedy scores an action, exactly over its dice, but on the scale the
// search backs up: the expected chance of winning, not the chance of the
// expected evaluation (which calls an action that wins the game on one
// roll in ten a sure win). So the search refines the greedy ranking
// rather than rediscovering it. Below the root, a node once visited a few
// times keeps to the few actions Greedy's exact odds rank best for the
// side that moves there (Width), so that a root action is judged by the
// replies and follow-ups worth considering rather than by the mean of
// every one tried once.
//
// With an iteration budget the search is deterministic: it draws only from
// the RNG the engine hands it. A time budget is not.
type MCTS struct {
	chooser
	Iterations int           // per decision; default DefaultIterations
	Time       time.Duration // per decision, instead of Iterations when > 0
	Depth      int           // random playout actions before the evaluation; default 0
	C          float64       // UCT exploration; default 0.25
	Scale      float64       // evaluation units per e-fold of the odds at the leaf; default 1
	// Prior is the visits the root's children start with, each scored by
	// its exact expected chance of winning over the action's dice (as
	// Greedy scores an action, on the leaves' scale), so that the search
	// starts from the greedy ranking and refines it; 0 starts from
	// nothing. Default 10.
	Prior int
	// Exact scores a new leaf by the exact expected evaluation over its
	// action's dice (engine.Game.Expect, up to MaxPaths resolutions), as
	// Greedy scores an action, instead of by one sampled resolution:
	// closed-loop at the tree's edge, so a leaf's first value carries no
	// dice noise. Only with Depth 0. Default false: it did not
	// measurably beat the default against greedy (docs/PERFORMANCE.md).
	Exact    bool
	MaxPaths int // Exact's cap on resolutions; past it, one sampled resolution; default 400
	// ChoiceSamples settles a choice met inside the search as the bot
	// settles one in play (each option tried this many times, the same
	// dice for each, the best for its chooser by the evaluation) instead
	// of taking its first option. 0 takes the first option. Default 1:
	// with Scale 1 it won 56.5 % of 800 Trench Crusade games against
	// greedy where 0 with Scale 2 won 52.75 %, at 1.1 to 2.5 times the time
	// (docs/PERFORMANCE.md; on the boards before the raised-level fix).
	ChoiceSamples int
	// Width keeps a node inside the tree (not the root, whose children all
	// start from Prior) to the Width actions with the best expected
	// chance of winning for the side that moves there, as Greedy ranks
	// them (among up to Sample actions of each kind, exact up to
	// RankPaths resolutions), once the node has had RankAt visits; its
	// other children are no longer walked. The iterations below the root then follow the
	// replies and follow-ups a good player would consider, so a root
	// action's mean is not dragged down by the search trying every poor
	// continuation once; the root still weighs every action. Where none
	// of the kept actions is legal in an iteration (the dice led
	// elsewhere), every legal action is. 0 keeps every action. Default 2
	// after 5 visits: Trench Crusade's games against greedy rose from
	// 53–57 % to about 62 % (docs/PERFORMANCE.md, ninth round).
	Width  int
	RankAt int // the visits a node has before it is ranked (Width); default 5
	// Sample is how many actions of one kind (engine.ActionKind: a move
	// of one model, a shot of one model) a ranking scores: a kind with
	// more (a move's destinations) has Sample of them drawn at random,
	// so that a ranking scores tens of actions rather than every
	// destination (issue 35). Below the root, before its ranking, a node
	// tries actions drawn kind first, as the random bot draws them. 0
	// scores every action. Default 4.
	Sample int
	// RankPaths caps the exact odds a ranking scores an action by: past
	// it, the mean of 4 sampled resolutions (issue 35: a shot's odds run
	// to hundreds of resolutions, and a search ranks many nodes).
	// Default 64: on n23 it and Sample 4 together cost some strength on
	// one seed of two (docs/PERFORMANCE.md, issue 35), for about half the
	// time of a decision on n26.
	RankPaths int

	// Stop, when closed, ends the decision in hand within 16 iterations
	// (the most visited action so far is taken) and makes the next ones
	// quick: a batch interrupted mid-game stops at once, whatever the
	// budget. The game is then not the one the budget would have played.
	Stop <-chan struct{}

	// Done is the iterations the last decision ran (for speed reports).
	Done int

	la     *engine.Game
	greedy *Greedy
	ranker *Greedy         // rank's: RankPaths, 4 samples
	root   []engine.Action // the legal list Act was given
	vals   []float64
	ranks  []engine.Action // the ranked nodes' kept actions, Width each
	keep   []engine.Action // the kept actions legal in the iteration at hand
	cands  []engine.Action // a ranking's candidates
	kinds  []engine.ActionKind
	order  []int
	nodes  []node
	r      dice.RNG
	win    []float64
}

// node is a tree node: the action that led to it from its parent, by the
// side that took it, and what the iterations through it scored for that
// side. Children are a list through first and next (indices into nodes).
type node struct {
	action      engine.Action
	mover       int
	visits      int
	avail       int
	value       float64
	first, next int32
	ranked      int32 // 1 + the start of its kept actions in ranks; 0 when not ranked
	kept        int32 // how many kept actions it has in ranks (at most Width)
}

// NewMCTS makes an MCTS bot for games of rs, with the default budget.
func NewMCTS(rs engine.Ruleset) *MCTS {
	return &MCTS{chooser: chooser{rs: rs, samples: 8}, Iterations: DefaultIterations, Depth: 0, C: 0.25, Scale: 1, Prior: 10, MaxPaths: 400, ChoiceSamples: 1, Width: 2, RankAt: 5, Sample: 4, RankPaths: 64, greedy: NewGreedy(rs)}
}

// Act implements engine.Policy.
func (b *MCTS) Act(s *engine.State, legal []engine.Action, rng *dice.RNG) int {
	b.Done = 0
	if len(legal) == 1 {
		return 0
	}
	base := rng.Uint64()
	var ps []engine.Policy // the lookahead's players, when it is made
	if b.ChoiceSamples > 0 && (b.la == nil || b.la.State().Setup() != s.Setup()) {
		ps = make([]engine.Policy, len(s.Sides))
		for i := range ps {
			ps[i] = trying{chooser{rs: b.rs, samples: b.ChoiceSamples}}
		}
	}
	la, err := lookahead(&b.la, b.rs, s, base, ps...)
	if err != nil {
		return rng.Face(len(legal)) - 1
	}
	b.r.Reseed(dice.DeriveSeed(base, 0))
	b.root = legal
	b.nodes = append(b.nodes[:0], node{mover: -1, first: -1, next: -1})
	b.ranks = b.ranks[:0]
	if b.Prior > 0 {
		// the root's children, scored by Greedy, as Prior visits each
		if b.greedy == nil {
			b.greedy = NewGreedy(b.rs)
		}
		side := s.Turn.Side
		b.vals = b.greedy.expected(la, legal, rng, b.vals[:0], func(t *engine.State) float64 { return b.chance(t, side) })
		la.Restart(s, base)
		for i := len(legal) - 1; i >= 0; i-- {
			p := max(b.vals[i], 0) // an action that fails to resolve: -2·Win
			b.nodes = append(b.nodes, node{action: legal[i], mover: s.Turn.Side, visits: b.Prior, avail: b.Prior, value: float64(b.Prior) * p, first: -1, next: b.nodes[0].first})
			b.nodes[0].first = int32(len(b.nodes) - 1)
		}
		b.nodes[0].visits = b.Prior * len(legal)
	}
	if len(b.win) != len(s.Sides) {
		b.win = make([]float64, len(s.Sides))
	}
	var deadline time.Time
	if b.Time > 0 {
		deadline = time.Now().Add(b.Time)
	}
	iters := b.Iterations
	if iters <= 0 {
		iters = DefaultIterations
	}
	path := make([]int32, 0, 32)
	for it := 0; ; it++ {
		if b.Stop != nil && it%16 == 0 {
			select {
			case <-b.Stop:
				b.Done = -1 // stopped
			default:
			}
			if b.Done < 0 {
				b.Done = it
				break
			}
		}
		if b.Time > 0 {
			if it > 0 && time.Now().After(deadline) {
				break
			}
		} else if it >= iters {
			break
		}
		la.Restart(s, dice.DeriveSeed(base, uint64(it)+1))
		var scored bool
		path, scored = b.iterate(la, path[:0])
		if !scored {
			b.score(la.State())
		}
		b.nodes[0].visits++
		for _, n := range path {
			nd := &b.nodes[n]
			nd.visits++
			nd.value += b.win[nd.mover]
		}
		b.Done++
	}
	// the most visited child of the root, among the legal actions
	best, bestVisits := -1, -1
	for c := b.nodes[0].first; c >= 0; c = b.nodes[c].next {
		nd := &b.nodes[c]
		if nd.visits > bestVisits {
			for i, a := range legal {
				if a == nd.action {
					best, bestVisits = i, nd.visits
					break
				}
			}
		}
	}
	if best < 0 {
		return rng.Face(len(legal)) - 1
	}
	return best
}

// iterate walks down the tree from the root, applying its actions in la,
// expands one new node, then plays out; it returns the nodes walked, and
// whether b.win already holds the leaf's value (Exact).
func (b *MCTS) iterate(la *engine.Game, path []int32) ([]int32, bool) {
	cur := int32(0)
	for !la.Over() && la.Pending() == nil {
		mover := la.State().Turn.Side
		var legal []engine.Action
		switch {
		case cur == 0:
			legal = b.root // the decision's list (the root's children all start from Prior)
		case b.Width <= 0:
			legal = la.Legal()
		default:
			legal = b.walkable(la, cur, mover)
		}
		if len(legal) == 0 {
			break
		}
		// Children legal now are available; the first legal action
		// without a child (a random one, of those) is expanded.
		untried := 0
		for _, a := range legal {
			if c := b.child(cur, a); c >= 0 {
				b.nodes[c].avail++
			} else {
				untried++
			}
		}
		var next int32 = -1
		var act engine.Action
		expand := untried > 0
		if expand {
			k := b.r.Face(untried) - 1
			for _, a := range legal {
				if b.child(cur, a) < 0 {
					if k == 0 {
						act = a
						break
					}
					k--
				}
			}
		} else {
			next = b.uct(cur, legal)
			act = b.nodes[next].action
		}
		if expand && b.Exact && b.Depth == 0 && b.expect(la, act, mover) {
			next = int32(len(b.nodes))
			b.nodes = append(b.nodes, node{action: act, mover: mover, avail: 1, first: -1, next: b.nodes[cur].first})
			b.nodes[cur].first = next
			return append(path, next), true
		}
		if err := la.Apply(act); err != nil {
			break
		}
		if expand {
			next = int32(len(b.nodes))
			b.nodes = append(b.nodes, node{action: act, mover: mover, avail: 1, first: -1, next: b.nodes[cur].first})
			b.nodes[cur].first = next
		}
		path = append(path, next)
		cur = next
		if expand {
			break
		}
	}
	for d := 0; d < b.Depth && !la.Over(); d++ {
		if ok, err := la.Step(); !ok || err != nil {
			break
		}
	}
	return path, false
}

// expect sets b.win to each side's expected chance of winning after act by
// mover, exact over its dice (engine.Game.Expect); it reports false, b.win
// unset, when the action has too many resolutions or fails.
func (b *MCTS) expect(la *engine.Game, act engine.Action, mover int) bool {
	maxPaths := b.MaxPaths
	if maxPaths <= 0 {
		maxPaths = 400
	}
	for side := range b.win {
		if len(b.win) == 2 && side != mover {
			continue
		}
		v, _, err := la.Expect(act, engine.OddsOptions{MaxPaths: maxPaths}, func(t *engine.State) float64 {
			return b.chance(t, side)
		})
		if err != nil {
			return false
		}
		b.win[side] = v
	}
	if len(b.win) == 2 {
		b.win[1-mover] = 1 - b.win[mover]
	}
	return true
}

// walkable is the actions the search may walk from node n (not the root)
// in the iteration at hand, none of them listing the decision's every
// action (engine.Game.IsLegal asks about one): once n is ranked (on its
// RankAt-th visit, at the state in la), its kept actions that are legal
// now, best first; before that, or when none of them is legal (the dice
// led elsewhere), its children that are legal now and one action drawn
// kind first, which is expanded when it is new.
func (b *MCTS) walkable(la *engine.Game, n int32, mover int) []engine.Action {
	if nd := &b.nodes[n]; nd.ranked == 0 && nd.visits >= b.RankAt {
		b.rank(la, n, mover)
	}
	nd := &b.nodes[n]
	b.keep = b.keep[:0]
	if nd.ranked != 0 {
		for _, a := range b.ranks[nd.ranked-1 : nd.ranked-1+nd.kept] {
			if la.IsLegal(a) {
				b.keep = append(b.keep, a)
			}
		}
		if len(b.keep) > 0 {
			return b.keep
		}
	}
	for c := nd.first; c >= 0; c = b.nodes[c].next {
		if a := b.nodes[c].action; la.IsLegal(a) {
			b.keep = append(b.keep, a)
		}
	}
	if a, ok := b.draw(la); ok && !slices.Contains(b.keep, a) {
		b.keep = append(b.keep, a)
	}
	return b.keep
}

// draw is an action of la's decision drawn as the random bot draws one:
// a kind, then one of its actions.
func (b *MCTS) draw(la *engine.Game) (engine.Action, bool) {
	kinds := la.ActionKinds()
	if len(kinds) == 0 {
		return engine.Action{}, false
	}
	opts := la.KindActions(kinds[b.r.Face(len(kinds))-1])
	if len(opts) == 0 {
		return engine.Action{}, false
	}
	return opts[b.r.Face(len(opts))-1], true
}

// rank keeps for node n the Width actions with the best exact expected
// chance of winning for mover, as Greedy ranks them, among the actions of
// la's decision with at most Sample of each kind (drawn at random from a
// kind that has more).
func (b *MCTS) rank(la *engine.Game, n int32, mover int) {
	if b.ranker == nil {
		b.ranker = NewGreedy(b.rs)
	}
	b.ranker.MaxPaths, b.ranker.Samples = max(b.RankPaths, 1), 4
	b.cands = b.cands[:0]
	b.kinds = append(b.kinds[:0], la.ActionKinds()...) // la's slice is reused below
	for _, k := range b.kinds {
		opts := la.KindActions(k)
		if b.Sample <= 0 || len(opts) <= b.Sample {
			b.cands = append(b.cands, opts...)
			continue
		}
		// Sample of them without repeats: a partial shuffle of a copy
		at := len(b.cands)
		b.cands = append(b.cands, opts...)
		mine := b.cands[at:]
		for i := range b.Sample {
			j := i + b.r.Face(len(mine)-i) - 1
			mine[i], mine[j] = mine[j], mine[i]
		}
		b.cands = b.cands[:at+b.Sample]
	}
	cands := b.cands
	b.vals = b.ranker.expected(la, cands, &b.r, b.vals[:0], func(t *engine.State) float64 { return b.chance(t, mover) })
	b.order = b.order[:0]
	for i := range cands {
		b.order = append(b.order, i)
	}
	// best first; equal values keep the kinds' order
	sort.SliceStable(b.order, func(i, j int) bool { return b.vals[b.order[i]] > b.vals[b.order[j]] })
	kept := min(b.Width, len(cands))
	nd := &b.nodes[n]
	nd.ranked, nd.kept = int32(len(b.ranks))+1, int32(kept)
	for _, i := range b.order[:kept] {
		b.ranks = append(b.ranks, cands[i])
	}
}

// child is the child of n reached by a, or -1.
func (b *MCTS) child(n int32, a engine.Action) int32 {
	for c := b.nodes[n].first; c >= 0; c = b.nodes[c].next {
		if b.nodes[c].action == a {
			return c
		}
	}
	return -1
}

// uct is the child of n, among those legal now, with the highest upper
// confidence bound: its mean plus C·√(ln available / visits).
func (b *MCTS) uct(n int32, legal []engine.Action) int32 {
	var best int32 = -1
	bestU := math.Inf(-1)
	for c := b.nodes[n].first; c >= 0; c = b.nodes[c].next {
		nd := &b.nodes[c]
		legalNow := false
		for _, a := range legal {
			if a == nd.action {
				legalNow = true
				break
			}
		}
		if !legalNow {
			continue
		}
		u := nd.value/float64(nd.visits) + b.C*math.Sqrt(math.Log(float64(nd.avail))/float64(nd.visits))
		if u > bestU {
			best, bestU = c, u
		}
	}
	return best
}

// score sets b.win to each side's chance of winning from s, as the leaf
// evaluation says.
func (b *MCTS) score(s *engine.State) {
	for side := range b.win {
		b.win[side] = b.chance(s, side)
	}
}

// chance is side's chance of winning from s, as the leaf evaluation says.
func (b *MCTS) chance(s *engine.State, side int) float64 {
	switch {
	case s.Over && s.Winner == side:
		return 1
	case s.Over && s.Winner == -1:
		return 0.5
	case s.Over:
		return 0
	}
	return 1 / (1 + math.Exp(-Evaluate(b.rs, s, side)/b.Scale))
}

// trying is the policy inside MCTS's lookahead with ChoiceSamples: random
// actions (playouts), choices tried.
type trying struct{ chooser }

func (trying) Act(_ *engine.State, legal []engine.Action, rng *dice.RNG) int {
	return rng.Face(len(legal)) - 1
}
