package engine

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
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

// MaxPathAnswers is the most dice and choices Odds follows on one path
// through an action and what follows it automatically.
const MaxPathAnswers = 256

// OddsOptions tunes Odds.
type OddsOptions struct {
	Choices  ChoicePolicy // default BestOption
	MaxPaths int          // resolutions tried before giving up; default 100000
	// Assume answers measurements at a table for the odds' sake: "if the
	// gunner can see the target and it is not in cover". A measurement the
	// action needs that is not assumed here is a *NeedFactError.
	Assume []Assumed
	// Default, when set, answers a measurement at a table that Assume
	// does not: a sheet's starting values (yes to sight, no to cover). It
	// reports false to leave it a *NeedFactError.
	Default func(key string, f Fact) (int, bool)
	// Unmerged follows every path to its end, merging none at a rule's
	// checkpoints (Ctx.Checkpoint) nor at follow-ups: the same odds, more
	// slowly; for tests that check the merging.
	Unmerged bool
	// Stop, when closed, gives the work up: Odds and Expect return
	// ErrStopped (a server whose client left; nil: never).
	Stop <-chan struct{}
}

// ErrStopped is the error of odds given up because OddsOptions.Stop was
// closed.
var ErrStopped = errors.New("engine: odds: stopped")

// Assumed is a measurement assumed for odds: the answer to the fact
// question with this key about this fact (its kind, models, distance and
// set; Why and Thing, which are for people, are not compared), as a
// Reply's Value (0/1, or hundredths of an inch).
type Assumed struct {
	Key   string
	Fact  Fact
	Value int
}

// Is reports whether x answers the question with key and fact f.
func (x Assumed) Is(key string, f Fact) bool {
	return x.Key == key && x.Fact.Kind == f.Kind && x.Fact.A == f.A && x.Fact.B == f.B && x.Fact.Inches == f.Inches && x.Fact.Set == f.Set
}

// NeedFactError is Odds at a table meeting a measurement nobody has made:
// the question it would ask, so that a caller can ask the players what to
// assume (OddsOptions.Assume) and try again.
type NeedFactError struct {
	Key      string
	Fact     Fact
	Text     string // what it decides and the question, for people
	Question string // the question alone: "can w see b?"
}

func (e *NeedFactError) Error() string {
	return fmt.Sprintf("engine: odds: answer to %s: the odds need a measurement nobody has made: %s", e.Key, e.Text)
}

// Odds is the exact distribution of an action's results.
type Odds struct {
	Action Action
	Rows   []OddsRow // most likely first
	Paths  int       // resolutions run: one per path through the dice (and per option of a choice)
	// Dice are the rolls the action may ask for on some path, each kind
	// once, in the order first met: none means it never rolls.
	Dice []OddsDie
	// Measured are the measurements at a table the odds rest on, each
	// once, in the order first met, with the value taken (from Assume, or
	// Default): what a sheet shows the players to check.
	Measured []Measure
	// TargetOut is the exact chance that the action's target leaves play
	// (nil when it has none); Foes and Own are how many models of the
	// other sides and of the acting side leave play, on average.
	TargetOut *big.Rat
	Foes, Own float64
}

// Measure is a measurement the odds rest on, and whether it is asked only
// later: after some of the action's dice are rolled (a ledge after a
// Down), or by a follow-up action. The others are asked by the action
// before any die.
type Measure struct {
	Assumed
	Later    bool
	Question string // the question alone, for people: "can w see b?"
}

// OddsDie is a kind of roll an action may ask for: its procedure's key
// and what it is for ("Charge roll", "Ranged hit"; About.What, or "" when
// the rule gave nothing).
type OddsDie struct {
	Key  string
	What string
}

// addRoll adds d to ds unless it is there.
func addRoll(ds []OddsDie, d OddsDie) []OddsDie {
	if slices.Contains(ds, d) {
		return ds
	}
	return append(ds, d)
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

// pathsError is ErrTooManyPaths for an action past the cap of resolutions.
type pathsError struct {
	max int
	a   Action
}

func (e *pathsError) Error() string {
	return fmt.Sprintf("%v: more than %d resolutions of %s; raise the cap or ask about a smaller action", ErrTooManyPaths, e.max, e.a)
}

func (e *pathsError) Unwrap() error { return ErrTooManyPaths }

// Fork returns a copy of the game as it stands, to ask about — its legal
// actions, why an action is not legal, the exact odds of one — while the
// game itself goes on elsewhere: a server works out odds on a fork without
// holding up the game's players. A fork shares the game's setup and log,
// read-only; it is for questions, not for play.
func (g *Game) Fork() *Game {
	f := *g
	f.roller = dice.Roller{} // its own tray: a fork may run beside the game
	f.live, f.work = g.live.Clone(), nil
	rng, bots := *g.rng, *g.bots
	f.rng, f.bots = &rng, &bots
	f.log = Log{Entries: slices.Clip(g.log.Entries), answers: slices.Clip(g.log.answers), events: slices.Clip(g.log.events)}
	f.fly.answers = slices.Clone(g.fly.answers)
	if g.pending != nil {
		p := *g.pending
		f.pending = &p
	}
	f.enum, f.tries, f.anno, f.marks, f.botsAt, f.kinds = nil, nil, nil, nil, nil, nil
	f.list, f.listOK, f.spare = newLister(&f), false, nil
	f.r = run{}
	return &f
}

// Odds enumerates every outcome of the dice action a would roll from the
// current state, through its whole resolution, the follow-ups its side
// must take next (each follow-up's odds worked out, the best for that side
// taken: a Charge's free Fight, an Open Fire's Fire; they end at a
// follow-up to a destination, which its player chooses), and whatever
// follows by itself up to where a new round would begin (its roll-offs
// are not the action's), and returns the exact distribution of its results and every
// kind of roll met on the way (Odds.Dice). When a measurement assumed
// shows the action not legal after all (an *IllegalError), the Odds
// returned beside the error holds only Measured, what was assumed on the
// way, so that a sheet can show which answer refused it. Facts
// come from the board; at a table, from opt.Assume, and odds that need a
// measurement not assumed are a *NeedFactError naming it. The game is
// unchanged.
func (g *Game) Odds(a Action, opt OddsOptions) (*Odds, error) {
	if g.pending != nil {
		return nil, ErrPending
	}
	if !g.isLegal(a) {
		return nil, illegal(g.live, a, g.whyIllegal(a))
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
	e := g.enum
	if e == nil {
		e = &enumerator{}
		g.enum = e
	}
	// Small odds go path by path, which costs least; odds past a few
	// thousand paths start again merging paths (Ctx.Checkpoint).
	err := e.odds(g, a, opt, !opt.Unmerged)
	if !opt.Unmerged && errors.Is(err, ErrTooManyPaths) && opt.MaxPaths > plainPaths {
		err = e.odds(g, a, opt, false)
	}
	if err != nil {
		var ill *IllegalError
		if errors.As(err, &ill) && len(e.measured) > 0 {
			// A measurement assumed shows the action not legal (the target
			// out of sight): what was measured, for a sheet to show.
			return &Odds{Action: a, Measured: slices.Clone(e.measured)}, err
		}
		return nil, err
	}
	rows := e.dist
	slices.SortFunc(rows, func(x, y oddsAcc) int {
		if c := y.p.cmp(x.p); c != 0 {
			return c
		}
		return strings.Compare(x.label, y.label)
	})
	o := &Odds{Action: a, Paths: e.paths, Rows: make([]OddsRow, len(rows)), Dice: slices.Clone(e.dice), Measured: slices.Clone(e.measured)}
	tout := zero
	for i, r := range rows {
		o.Rows[i] = OddsRow{Label: r.label, Score: r.score, P: r.p.rat()}
		tout = tout.add(r.tout)
		o.Foes += r.foes
		o.Own += r.own
	}
	if a.Target != NoModel {
		o.TargetOut = tout.rat()
	}
	return o, nil
}

// Headline sums the odds up in the game's words, for people: the chance
// that the action's target (an enemy) is taken out of play, as the rules
// call it (Info.Out), and the casualties to expect on average ("Breaker
// Boss out of action: 23 % · models out of action on average: 0.31 of
// theirs, 0.05 of yours"); s is the state the odds were worked out from.
func (o *Odds) Headline(s *State) string {
	out := s.info.Out
	if out == "" {
		out = "out of action"
	}
	var parts []string
	a := o.Action
	if o.TargetOut != nil && o.TargetOut.Sign() > 0 && a.Target >= 0 && a.Target < len(s.Models) && (a.Actor < 0 || s.SideOf(a.Target) != s.SideOf(a.Actor)) {
		f, _ := o.TargetOut.Float64()
		name := s.setup.Models[a.Target].Name
		if name == "" {
			name = s.setup.Models[a.Target].ID
		}
		parts = append(parts, fmt.Sprintf("%s %s: %s", name, out, percentText(f)))
	}
	if o.Foes > 0 || o.Own > 0 {
		parts = append(parts, fmt.Sprintf("models %s on average: %s of theirs, %s of yours", out, count2(o.Foes), count2(o.Own)))
	}
	if len(parts) == 0 {
		if out == "out of action" {
			return "nobody is taken out of action"
		}
		return "nobody is " + out
	}
	return strings.Join(parts, " · ")
}

// percentText writes a probability as people read it: "23 %", "0.4 %".
func percentText(f float64) string {
	pc := f * 100
	switch {
	case pc == 0 || pc >= 10:
		return strconv.FormatFloat(math.Round(pc), 'f', -1, 64) + " %"
	case pc < 0.1:
		return "under 0.1 %"
	}
	return strconv.FormatFloat(pc, 'g', 2, 64) + " %"
}

// count2 writes a count on average to two places, without trailing zeros.
func count2(f float64) string { return strconv.FormatFloat(math.Round(f*100)/100, 'f', -1, 64) }

// plainPaths is how many paths Odds tries without merging any first.
const plainPaths = 2000

// odds enumerates a's odds into e.dist: first, path by path, within
// plainPaths resolutions.
func (e *enumerator) odds(g *Game, a Action, opt OddsOptions, first bool) error {
	if first {
		opt.Unmerged, opt.MaxPaths = true, min(opt.MaxPaths, plainPaths)
	}
	e.g, e.a, e.opt, e.base, e.actor, e.paths = g, a, opt, g.live, g.live.Turn.Side, 0
	e.value, e.dice, e.measured = nil, e.dice[:0], e.measured[:0]
	clear(e.memo)
	e.follows = nil
	e.buf, e.stack, e.weights = e.buf[:0], e.stack[:0], e.weights[:0]
	e.dist = e.dist[:0]
	return e.walk(0, one, &e.dist)
}

// enumerator enumerates one action's odds; a Game keeps one, so that its
// buffers serve every query.
type enumerator struct {
	g       *Game
	a       Action
	opt     OddsOptions
	base    *State
	actor   int // the side taking the action
	paths   int
	r       run
	s       *State    // the copy each resolution runs on, reused
	buf     []Answer  // the answers of the path being resolved
	stack   []branch  // inline dice whose other outcomes wait to be tried
	weights []weight  // their prefix weights (pre)
	dist    accs      // the results so far, reused
	dice    []OddsDie // the rolls met so far (Odds.Dice)
	// measured are the measurements answered so far (Odds.Measured)
	measured []Measure
	// sumBase and sumAction, when sumBase is set, are what results are
	// summarized against: the action a follow-up belongs to, and the state
	// before it (e.base is where the follow-up starts).
	sumBase   *State
	sumAction Action
	depth     int // follow-ups deep
	// choices are the buffers of the choices being weighed, one for each
	// depth of choices within choices (cdepth deep now).
	choices []*choiceScratch
	cdepth  int
	follows map[string]*followed // follow-ups worked out, by state
	// memo is what follows each checkpoint reached (Ctx.Checkpoint), by
	// its key; skipNext is the checkpoint the next walk works out.
	memo     map[string]accs
	skipNext string
	// value, when set (Expect), scores each resulting state; choices then
	// go the way best for their chooser by that value.
	value func(*State) float64
	// seenFn is e.seen as a func value, made once: a method value made
	// at every walk would be an allocation a resolution.
	seenFn func(key string) bool
}

// oddsAcc is one result's probability so far and its score.
type oddsAcc struct {
	label string
	p     weight
	score int
	ev    float64 // the probability times the value of each state (Expect)
	// tout is the part of p where the action's target left play; foes and
	// own are p times how many of the other sides' and of the acting
	// side's models left play (Odds' headline).
	tout      weight
	foes, own float64
}

// zero is a weight of nothing.
var zero = weight{n: 0, d: 1}

// accs are results by label: a handful, so a slice searched in order
// costs less than a map.
type accs []oddsAcc

func (out *accs) add(label string, score int, w weight, ev float64) {
	out.addAcc(oddsAcc{label: label, p: w, score: score, ev: ev, tout: zero})
}

// addAcc adds r to the row of its label.
func (out *accs) addAcc(r oddsAcc) {
	for i := range *out {
		if acc := &(*out)[i]; acc.label == r.label {
			acc.p = acc.p.add(r.p)
			acc.ev += r.ev
			acc.tout = acc.tout.add(r.tout)
			acc.foes += r.foes
			acc.own += r.own
			return
		}
	}
	*out = append(*out, r)
}

// addScaled adds row r of a part reached with probability w.
func (out *accs) addScaled(r oddsAcc, w weight) {
	f := w.float()
	out.addAcc(oddsAcc{label: r.label, score: r.score, p: r.p.mulw(w), ev: r.ev * f, tout: r.tout.mulw(w), foes: r.foes * f, own: r.own * f})
}

// walk enumerates the action's results below the first n answers of
// e.buf, each weighted by w, the probability of reaching that prefix. One
// resolution runs the action to its end (or to a choice), every die after
// the prefix taken inline with its first possible outcome (the run notes
// them as branches); that path's result is added with its probability;
// then every other outcome of each of those dice is walked from the same
// point. So each path through the dice is resolved once, from the start:
// rule code stays straight-line Go, and no resolution stops and resumes
// (DESIGN.md §1). A choice is settled by the policy, comparing the
// options' whole distributions.
//
// The answers live in one buffer: a walk writes only past its prefix, and
// the other outcomes are tried deepest die first, so that what a frame
// still needs is never overwritten. Its branches wait on a stack.
func (e *enumerator) walk(n int, w weight, out *accs) error {
	if e.paths++; e.paths > e.opt.MaxPaths {
		return &pathsError{max: e.opt.MaxPaths, a: e.a} // made into words only if read: a bot's rankings meet the cap often
	}
	if e.opt.Stop != nil && e.paths&63 == 1 { // the first path, then every 64th
		select {
		case <-e.opt.Stop:
			return ErrStopped
		default:
		}
	}
	g := e.g
	e.s = e.base.CopyInto(e.s)
	e.r.reset(g, enumerate, e.buf[:n])
	e.r.cutRound = e.value == nil // Odds, not Expect: the action's round only
	e.r.merge, e.r.from, e.r.skip = e.value == nil && !e.opt.Unmerged, n, e.skipNext
	if e.seenFn == nil {
		e.seenFn = e.seen
	}
	e.r.seen = e.seenFn
	e.skipNext = ""
	if e.opt.Choices == FirstOption {
		e.r.choose = func(*Ctx, *Question) (int, bool) { return 0, true }
	}
	q, err := g.resolveOn(e.s, e.a, &e.r)
	if err != nil {
		return err
	}
	for _, d := range e.r.rolls {
		e.dice = addRoll(e.dice, d)
	}
	e.buf = e.r.answers // grown, perhaps: the prefix, then this run's answers
	end := len(e.buf)
	if end > MaxPathAnswers {
		// A path this long (an action that ends the round, its End phase
		// and the next round's roll-offs, ties and all) costs more with
		// every die: give up rather than crawl.
		return fmt.Errorf("%w: a path of %s needs more than %d dice and choices", ErrTooManyPaths, e.a, MaxPathAnswers)
	}
	base, wbase := len(e.stack), len(e.weights)
	e.stack = append(e.stack, e.r.branches...)
	nb := len(e.stack) - base
	defer func() { e.stack, e.weights = e.stack[:base], e.weights[:wbase] }()
	// pre[j] is w times the inline outcomes before branch j: the weight of
	// reaching branch j's die. It is read only before a deeper walk may
	// grow e.weights, or copied (pre[j] is a value).
	pre := e.pre(base, nb, w)
	pw := pre[nb]
	switch {
	case e.r.hit != "":
		// A checkpoint: what follows it is worked out once for the state
		// and locals reached there (the first time, from this path), and
		// every path that reaches it is weighed by that.
		key := e.r.hit
		rows, ok := e.memo[key]
		if !ok {
			if e.memo == nil {
				e.memo = map[string]accs{}
			}
			e.skipNext = key
			if err := e.walk(end, one, &rows); err != nil {
				return err
			}
			e.memo[key] = rows
		}
		for _, row := range rows {
			out.addScaled(row, pw)
		}
	case q == nil && e.value != nil:
		out.add("", 0, pw, pw.float()*finite(e.value(e.s)))
	case q == nil && e.followable(e.s):
		if err := e.follow(pw, out); err != nil {
			return err
		}
	case q == nil:
		out.addAcc(e.leaf(e.s, pw))
	case q.Kind == ChoiceQ:
		// Each option's outcomes and exact expectation are worked out in
		// buffers kept for this depth of choices (a bot's rankings weigh
		// choices by the thousand), the best option's kept aside.
		if e.cdepth == len(e.choices) {
			e.choices = append(e.choices, new(choiceScratch))
		}
		cs := e.choices[e.cdepth]
		e.cdepth++
		defer func() { e.cdepth-- }()
		found := false
		who, key, nopt := q.Who, q.Key, len(q.Options)
		for k := range nopt {
			e.put(end, Answer{Kind: ChoiceQ, Key: key, Code: k})
			cs.sub = cs.sub[:0]
			if err := e.walk(end+1, one, &cs.sub); err != nil {
				return err
			}
			// The option's expectation, exact: with a value (Expect), the
			// sum of its outcomes' values, each a float64, kept as a whole
			// number of 2^-1074ths (no rational arithmetic, whose
			// reductions allocate); else the sum of its probabilities
			// times scores.
			var c int
			if e.value != nil {
				acc := cs.acc.SetInt64(0)
				for _, row := range cs.sub {
					addExact(acc, &cs.bits, row.ev)
				}
				c = acc.Cmp(&cs.bestAcc)
			} else {
				exp := cs.exp.SetInt64(0)
				for _, row := range cs.sub {
					exp.Add(exp, cs.term.Mul(row.p.rat(), cs.score.SetInt64(int64(row.score))))
				}
				c = exp.Cmp(&cs.best)
			}
			if !found || who == e.actor && c > 0 || who != e.actor && c < 0 {
				found = true
				if e.value != nil {
					cs.bestAcc.Set(&cs.acc)
				} else {
					cs.best.Set(&cs.exp)
				}
				cs.keep, cs.sub = cs.sub, cs.keep
			}
		}
		for _, row := range cs.keep {
			out.addScaled(row, pw)
		}
	case q.Kind == FactQ:
		var v int
		if i := slices.IndexFunc(e.opt.Assume, func(x Assumed) bool { return x.Is(q.Key, q.Fact) }); i >= 0 {
			v = e.opt.Assume[i].Value
		} else if d, ok := e.defaultFor(q); ok {
			v = d
		} else {
			return &NeedFactError{Key: q.Key, Fact: q.Fact, Text: q.describe(e.s), Question: factText(e.s, q.Fact)}
		}
		if !slices.ContainsFunc(e.measured, func(x Measure) bool { return x.Is(q.Key, q.Fact) }) {
			later := e.depth > 0 || slices.ContainsFunc(e.buf[:end], func(a Answer) bool { return a.Kind == DiceQ })
			e.measured = append(e.measured, Measure{Assumed{Key: q.Key, Fact: q.Fact, Value: v}, later, factText(e.s, q.Fact)})
		}
		if lo, hi := q.Fact.Range(); v < lo || v > hi {
			return &FieldError{Path: "assume", Problem: fmt.Sprintf("%d is not an answer to %s; allowed %d to %d", v, q.Key, lo, hi)}
		}
		e.put(end, Answer{Kind: FactQ, Key: q.Key, Code: v})
		var sub accs
		if err := e.walk(end+1, one, &sub); err != nil {
			return err
		}
		for _, row := range sub {
			out.addScaled(row, pw)
		}
	default:
		return fmt.Errorf("engine: odds: %s asked %s %q, which enumeration answers inline", e.a, q.Kind, q.Key)
	}
	// The other outcomes of each die taken inline, deepest first.
	for j := nb - 1; j >= 0; j-- {
		b := e.stack[base+j]
		for code := b.code + 1; code <= b.odds.Max(); code++ {
			p := b.odds.P(code)
			if p.IsZero() {
				continue
			}
			e.put(b.pos, Answer{Kind: DiceQ, Key: b.key, Code: code})
			if err := e.walk(b.pos+1, pre[j].mul(p), out); err != nil {
				return err
			}
		}
	}
	return nil
}

// pre returns w times the products of the first j inline outcomes of the
// nb branches at e.stack[base:], for j = 0..nb, in e.weights (a stack
// like e.stack: the caller pops it).
func (e *enumerator) pre(base, nb int, w weight) []weight {
	k := len(e.weights)
	e.weights = append(e.weights, w)
	for j := range nb {
		b := e.stack[base+j]
		e.weights = append(e.weights, e.weights[k+j].mul(b.odds.P(b.code)))
	}
	return e.weights[k : k+nb+1 : k+nb+1]
}

// put writes answer a at index i of the buffer, cutting it there.
func (e *enumerator) put(i int, a Answer) {
	e.buf = append(e.buf[:i], a)
}

// weight is an exact probability: a fraction of 64-bit integers while they
// fit (the common case, and cheap), else a big.Rat.
type weight struct {
	n, d uint64
	r    *big.Rat // when non-nil, the value
}

var one = weight{n: 1, d: 1}

func (w weight) rat() *big.Rat {
	switch {
	case w.r != nil:
		return new(big.Rat).Set(w.r)
	case w.n <= math.MaxInt64 && w.d <= math.MaxInt64:
		return new(big.Rat).SetFrac64(int64(w.n), int64(w.d))
	}
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(w.n), new(big.Int).SetUint64(w.d))
}

// float is w as a float64 (rounded).
func (w weight) float() float64 {
	if w.r == nil {
		return float64(w.n) / float64(w.d)
	}
	f, _ := w.r.Float64()
	return f
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// frac is n/d reduced, or the big fallback when either overflowed.
func frac(nhi, n, dhi, d uint64) weight {
	if nhi == 0 && dhi == 0 {
		if g := gcd(n, d); g > 1 {
			n, d = n/g, d/g
		}
		return weight{n: n, d: d}
	}
	num := new(big.Int).Lsh(new(big.Int).SetUint64(nhi), 64)
	num.Or(num, new(big.Int).SetUint64(n))
	den := new(big.Int).Lsh(new(big.Int).SetUint64(dhi), 64)
	den.Or(den, new(big.Int).SetUint64(d))
	return weight{r: new(big.Rat).SetFrac(num, den)}
}

// mul is w times p.
func (w weight) mul(p dice.Prob) weight {
	if n, d, ok := p.Frac64(); ok && w.r == nil {
		nh, nl := bits.Mul64(w.n, n)
		dh, dl := bits.Mul64(w.d, d)
		return frac(nh, nl, dh, dl)
	}
	return weight{r: new(big.Rat).Mul(w.rat(), p.Rat())}
}

// mulw is w times v.
func (w weight) mulw(v weight) weight {
	if w.r == nil && v.r == nil {
		nh, nl := bits.Mul64(w.n, v.n)
		dh, dl := bits.Mul64(w.d, v.d)
		return frac(nh, nl, dh, dl)
	}
	return weight{r: new(big.Rat).Mul(w.rat(), v.rat())}
}

// cmp compares w and v exactly: -1, 0 or +1.
func (w weight) cmp(v weight) int {
	if w.r == nil && v.r == nil {
		ah, al := bits.Mul64(w.n, v.d)
		bh, bl := bits.Mul64(v.n, w.d)
		switch {
		case ah != bh:
			return cmpU(ah, bh)
		case al != bl:
			return cmpU(al, bl)
		}
		return 0
	}
	return w.rat().Cmp(v.rat())
}

func cmpU(a, b uint64) int {
	if a < b {
		return -1
	}
	return 1
}

// add is w plus v.
func (w weight) add(v weight) weight {
	if w.r == nil && v.r == nil {
		g := gcd(w.d, v.d)
		a, b := w.d/g, v.d/g // the lcm is w.d*b = v.d*a
		lh, l := bits.Mul64(w.d, b)
		xh, x := bits.Mul64(w.n, b)
		yh, y := bits.Mul64(v.n, a)
		if lh == 0 && xh == 0 && yh == 0 {
			sum, carry := bits.Add64(x, y, 0)
			return frac(carry, sum, 0, l)
		}
	}
	return weight{r: new(big.Rat).Add(w.rat(), v.rat())}
}

// leaf is the row of a resolution that ended in state after, reached with
// probability w: its label and score, and who left play.
func (e *enumerator) leaf(after *State, w weight) oddsAcc {
	label, score := e.summarize(after)
	base, a := e.base, e.a
	if e.sumBase != nil {
		base, a = e.sumBase, e.sumAction
	}
	r := oddsAcc{label: label, score: score, p: w, tout: zero}
	f := w.float()
	for m := range after.Models {
		if !base.Models[m].InPlay || after.Models[m].InPlay {
			continue
		}
		if m == a.Target {
			r.tout = w
		}
		if after.SideOf(m) == e.actor {
			r.own += f
		} else {
			r.foes += f
		}
	}
	return r
}

func (e *enumerator) summarize(after *State) (string, int) {
	base, a := e.base, e.a
	if e.sumBase != nil {
		base, a = e.sumBase, e.sumAction
	}
	if e.g.hooks.sum != nil {
		return e.g.hooks.sum.Summarize(base, after, a)
	}
	return DefaultSummary(base, after, e.actor)
}

// defaultFor is opt.Default's answer to q, checked against its range.
func (e *enumerator) defaultFor(q *Question) (int, bool) {
	if e.opt.Default == nil {
		return 0, false
	}
	v, ok := e.opt.Default(q.Key, q.Fact)
	if lo, hi := q.Fact.Range(); !ok || v < lo || v > hi {
		return 0, false
	}
	return v, true
}

// seen reports whether what follows a checkpoint is known.
func (e *enumerator) seen(key string) bool {
	_, ok := e.memo[key]
	return ok
}

// StartingValue is a measurement's starting value on an odds sheet at a
// table (OddsOptions.Default): what is most often true when a player
// picks an action — sight, range (6" or more), arcs, base contact and the
// like yes; cover, a ledge near, a model within a few inches of another
// (a friend near a casualty or the target) no; heights and falls 0".
func StartingValue(_ string, f Fact) (int, bool) {
	if f.Start > 0 { // the rule's own (Fact.Start)
		return f.Start - 1, true
	}
	switch f.Kind {
	case FactCover, FactNearLedge, FactWithinAny, FactNear:
		return 0, true
	case FactWithin:
		if f.Inches < 6 {
			return 0, true
		}
		return 1, true
	case FactDistance, FactFall, FactElevation:
		return 0, true
	}
	if f.Boolean() {
		return 1, true
	}
	return 0, false
}

// maxFollow is how many follow-ups deep the odds go.
const maxFollow = 8

// followable reports whether a resolution of the action ends at a
// follow-up the acting side must take (Ctx.FollowUp: N26's free Fight
// after a Charge, Fallout: Factions' Fire after Open Fire), whose dice
// belong to the action's odds.
func (e *enumerator) followable(s *State) bool {
	return e.value == nil && !s.Over && len(s.Turn.Forced) > 0 && s.Turn.Model != NoModel &&
		s.Turn.Side == e.actor && e.depth < maxFollow
}

// follow adds the results of the follow-ups from e.s, weighted by w: each
// legal follow-up's odds worked out from there (its dice named too), the
// one best for the acting side by the expected score taken, as the
// acting side would choose (BestOption; FirstOption takes the first). A
// follow-up to a destination is not one (followFrom): the odds end where
// a player moves a model.
func (e *enumerator) follow(w weight, out *accs) error {
	// The follow-ups from one state are worked out once, however many
	// paths reach it (the same supporters declared in another order).
	if e.follows == nil {
		e.follows = map[string]*followed{}
	}
	key := string(checkpointKey(nil, e.s, "follow", nil))
	fr, ok := e.follows[key]
	if e.opt.Unmerged {
		ok = false
	}
	if !ok {
		var err error
		if fr, err = e.followFrom(e.s.Clone()); err != nil {
			return err
		}
		e.follows[key] = fr
	}
	for _, d := range fr.dice {
		e.dice = addRoll(e.dice, d)
	}
	for _, x := range fr.measured {
		if !slices.ContainsFunc(e.measured, func(y Measure) bool { return y.Is(x.Key, x.Fact) }) {
			e.measured = append(e.measured, x)
		}
	}
	if fr.rows == nil { // no follow-up could be taken: this is where it ends
		out.addAcc(e.leaf(e.s, w))
		return nil
	}
	for _, row := range fr.rows {
		out.addScaled(row, w)
	}
	return nil
}

// followed is what the follow-ups from one state give: the best one's
// results (nil when none could be taken), and every one's dice and
// measurements.
type followed struct {
	rows     accs
	dice     []OddsDie
	measured []Measure
}

// followFrom works out the follow-ups from state st (follow).
func (e *enumerator) followFrom(st *State) (*followed, error) {
	f := e.g.Fork()
	f.live, f.listOK = st, false
	f.gen++
	// A follow-up that moves a model to a destination (Fallout: Factions'
	// ordered moves after a Get Moving) ends the odds there: where it
	// goes is its player's choice, not the dice's, and every destination
	// a branch would multiply the paths past any cap for nothing.
	legal := slices.DeleteFunc(slices.Clone(f.Legal()), func(a Action) bool { return a.HasPos })
	sub := &enumerator{follows: e.follows}
	fr := &followed{}
	var bestScore *big.Rat
	for _, fa := range legal {
		sub.g, sub.a, sub.opt, sub.base, sub.actor, sub.paths = f, fa, e.opt, st, e.actor, 0
		sub.opt.MaxPaths = e.opt.MaxPaths - e.paths
		sub.value, sub.depth = nil, e.depth+1
		clear(sub.memo)
		sub.sumBase, sub.sumAction = e.base, e.a
		if e.sumBase != nil {
			sub.sumBase, sub.sumAction = e.sumBase, e.sumAction
		}
		sub.buf, sub.stack, sub.weights, sub.dice, sub.measured = sub.buf[:0], sub.stack[:0], sub.weights[:0], sub.dice[:0], sub.measured[:0]
		var rows accs
		err := sub.walk(0, one, &rows)
		e.paths += sub.paths
		var ill *IllegalError
		switch {
		case errors.As(err, &ill):
			continue // a follow-up a measurement assumed refuses is no option
		case errors.Is(err, ErrTooManyPaths):
			return nil, fmt.Errorf("%w: more than %d resolutions of %s and its follow-ups", ErrTooManyPaths, e.opt.MaxPaths, e.a)
		case err != nil:
			return nil, err
		}
		for _, d := range sub.dice {
			fr.dice = addRoll(fr.dice, d)
		}
		for _, x := range sub.measured {
			if !slices.ContainsFunc(fr.measured, func(y Measure) bool { return y.Is(x.Key, x.Fact) }) {
				fr.measured = append(fr.measured, x)
			}
		}
		exp := new(big.Rat)
		for _, row := range rows {
			exp.Add(exp, new(big.Rat).Mul(row.p.rat(), big.NewRat(int64(row.score), 1)))
		}
		if bestScore == nil || e.opt.Choices != FirstOption && exp.Cmp(bestScore) > 0 {
			fr.rows, bestScore = slices.Clone(rows), exp
		}
	}
	return fr, nil
}

// DefaultSummary names what changed between two states: each model whose
// status (else secondary status) changed or that left play, as "m7 down"
// or "m7 out"; "no change" otherwise. The score counts enemy models of side
// that changed for the worse (later status, or out) minus its own.
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
		case b.Secondary != a.Secondary:
			parts = append(parts, fmt.Sprintf("m%d %s", m, after.info.Secondary[a.Secondary]))
			if a.Secondary > b.Secondary {
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

// choiceScratch is where walk weighs one choice's options: the outcomes of
// the option being tried (sub) and of the best so far (keep), and exact
// sums (exp, best) with their terms.
type choiceScratch struct {
	sub, keep              accs
	exp, best, term, score big.Rat
	acc, bestAcc, bits     big.Int
}

// addExact adds v, a finite float64, to z: a sum of float64s kept exactly
// as a whole number of 2^-1074ths (the smallest float64 step), so that
// two sums compare as the exact sums of their values do. bits is
// scratch.
func addExact(z, bits *big.Int, v float64) {
	if v == 0 {
		return
	}
	frac, exp := math.Frexp(v)   // v = frac × 2^exp, ½ ≤ |frac| < 1
	m := int64(frac * (1 << 53)) // exact: 53 bits
	shift := exp - 53 + 1074     // v = m × 2^(shift-1074)
	if shift < 0 {
		m >>= -shift // a subnormal: the bits shifted out are zeros
		shift = 0
	}
	bits.SetInt64(m)
	z.Add(z, bits.Lsh(bits, uint(shift)))
}
