package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/skirmish-engine/skirmish/dice"
)

type runMode uint8

const (
	live      runMode = iota // unscripted answers come from the game's sources
	replaying                // every answer comes from the log
	enumerate                // odds: unscripted dice branch, choices follow a policy
)

// run is one execution of an action's resolution.
type run struct {
	g       *Game
	mode    runMode
	answers []Answer // scripted answers first, then new ones as they come
	pos     int
	events  []Event
	ctx     Ctx
	list    lister
	rng     *dice.RNG // dice drawn in this run (live)
	bots    *dice.RNG // bots' draws in this run (live)
	// check validates a scripted dice answer (replay: faces against the
	// procedure and the seed).
	check func(c *Ctx, q *Question, a Answer)
	// choose answers choices while enumerating odds.
	choose func(c *Ctx, q *Question) (int, bool)
	// observe sees every question answered from the script (Annotate).
	observe func(q *Question, a Answer)
	// branches are the dice answered inline while enumerating odds: each
	// with its first possible outcome, the others left for the enumerator
	// to try from the same point (Odds).
	branches []branch
	// q is the question being asked: one slot, reused, so that asking
	// allocates nothing; opts is ChooseModel's options, likewise.
	q    Question
	opts []string
	// action is the action being resolved (ChoiceTrier's try).
	action Action
	// plain asks bots Choose even when they are ChoiceTriers: a try's own
	// choices.
	plain bool
	// ownAnswers and ownEvents are how many answers and events the action
	// itself gave, before what followed it by itself (Entry.Then); acted
	// says that they are known: the action itself is resolved.
	ownAnswers, ownEvents int
	// rolls are the dice asked while enumerating, each kind once (Odds.Dice).
	rolls []OddsDie
	// cutRound stops an enumerated resolution where a new round would
	// begin (Odds: the next round's roll-offs are not the action's).
	cutRound bool
	// merge stops an enumerated resolution at a checkpoint (Ctx.Checkpoint)
	// reached past its first from answers, hit naming it, unless it is the
	// checkpoint skip, at from, whose continuation is being worked out.
	merge     bool
	from      int
	skip, hit string
	key       []byte
	seen      func(key string) bool // whose continuation is known already
	acted     bool
}

// roundCut is the panic value that ends an enumerated resolution at a new
// round (run.cutRound).
type roundCut struct{}

// then is the entry's Then of a run that resolved its action to the end.
func (r *run) then() Then {
	return Then{Answers: len(r.answers) - r.ownAnswers, Events: len(r.events) - r.ownEvents}
}

func (r *run) reset(g *Game, mode runMode, answers []Answer) {
	r.g, r.mode, r.answers, r.pos, r.events = g, mode, answers, 0, r.events[:0]
	r.acted = false
	r.check, r.choose, r.observe = nil, nil, nil
	r.plain, r.cutRound, r.merge, r.from, r.skip, r.hit = false, false, false, 0, "", ""
	r.branches, r.rolls = r.branches[:0], r.rolls[:0]
	r.rng, r.bots = g.rng, g.bots
	if r.list.g == nil {
		r.list = newLister(g)
	}
}

// branch is a die answered inline while enumerating odds: where its answer
// is in the run, its distribution and the outcome taken.
type branch struct {
	pos  int
	key  string
	odds dice.Dist
	code int
}

// tooLong is the panic value that stops a resolution under enumeration
// whose path has more than MaxPathAnswers answers.
type tooLong struct{}

// answerDice gives a dice answer without a person, if the game can.
func (g *Game) answerDice(r *run, q *Question) (Answer, bool) {
	if r.mode == enumerate {
		if len(r.answers) >= MaxPathAnswers {
			// Rule code that rolls until the dice differ, say, would
			// never end on the first outcome every time: stop it here.
			panic(tooLong{})
		}
		// Take the first possible outcome and note the branch: the
		// enumerator tries the others from here, so that each path through
		// the dice is resolved once, to its end.
		odds := q.Proc.Odds()
		code := odds.Min()
		for odds.P(code).IsZero() {
			code++
		}
		r.branches = append(r.branches, branch{pos: len(r.answers), key: q.Key, odds: odds, code: code})
		r.rolls = addRoll(r.rolls, OddsDie{Key: q.Key, What: q.About.What})
		return Answer{Kind: DiceQ, Key: q.Key, Code: code}, true
	}
	if r.mode != live {
		return Answer{}, false
	}
	switch g.cfg.Dice {
	case SampledDice:
		return Answer{Kind: DiceQ, Key: q.Key, Code: q.Proc.Odds().Sample(r.rng)}, true
	case DigitalDice:
		res, rolled, err := g.roller.Roll(q.Proc, r.rng)
		if err != nil {
			panic(fmt.Sprintf("engine: rolling %s: %v", q.Key, err)) // RNG rolls cannot fail
		}
		faces := make([]int, len(rolled))
		for i, d := range rolled {
			faces[i] = d.Face
		}
		return Answer{Kind: DiceQ, Key: q.Key, Code: dice.Code(res.Outcome, res.Flags, len(q.Proc.Flags())), Faces: faces}, true
	}
	return Answer{}, false
}

// answerChoice gives a choice without a person: a bot's, or the odds
// policy's.
func (g *Game) answerChoice(r *run, s *State, q *Question) (Answer, bool) {
	switch r.mode {
	case enumerate:
		if len(r.answers) >= MaxPathAnswers {
			panic(tooLong{})
		}
		if r.choose != nil {
			if i, ok := r.choose(&r.ctx, q); ok {
				return Answer{Kind: ChoiceQ, Key: q.Key, Code: i}, true
			}
		}
		return Answer{}, false
	case replaying:
		return Answer{}, false
	}
	p := g.policyFor(q.Who)
	if p == nil {
		return Answer{}, false
	}
	var i int
	if t, ok := p.(ChoiceTrier); ok && !r.plain {
		i = t.ChooseTrying(s, q, r.bots, g.tryChoice(r, q))
	} else {
		i = p.Choose(s, q, r.bots)
	}
	if i < 0 || i >= len(q.Options) {
		panic(fmt.Sprintf("engine: bot chose %d of %d options for %s", i, len(q.Options), q.Key))
	}
	return Answer{Kind: ChoiceQ, Key: q.Key, Code: i}, true
}

// policyFor is the bot answering for side who; for a question anyone may
// answer, the first side's bot when every side is a bot.
func (g *Game) policyFor(who int) Policy {
	if who >= 0 && who < len(g.cfg.Players) {
		return g.cfg.Players[who]
	}
	for _, p := range g.cfg.Players {
		if p == nil {
			return nil
		}
	}
	return g.cfg.Players[0]
}

// answerFact gives a fact from the board (board mode).
func (g *Game) answerFact(r *run, s *State, q *Question) (Answer, bool) {
	if r.mode == replaying || g.setup.Board == nil {
		return Answer{}, false
	}
	v, ok := g.setup.Board.Fact(s, q.Fact)
	if !ok {
		return Answer{}, false
	}
	return Answer{Kind: FactQ, Key: q.Key, Code: v}, true
}

// Reply is a person's answer to the pending prompt: typed dice faces, the
// index of a chosen option, or a fact's value.
type Reply struct {
	Faces  []string // DiceQ: as typed, in the order the procedure rolls them
	Choice int      // ChoiceQ: index into Options
	Value  int      // FactQ: 0/1 for yes/no, or the measurement
}

// Answer answers the pending prompt. A reply that does not fit the question
// (faces that are not faces of the dice rolled, too few or too many, an
// option out of range, a value out of range) is an *AnswerError and changes
// nothing; otherwise the action goes on, and may ask again.
func (g *Game) Answer(kind Kind, rep Reply) error {
	p := g.pending
	if p == nil {
		return &AnswerError{Key: string(kind), Problem: "no prompt is pending"}
	}
	if kind != p.Kind {
		return &AnswerError{Key: p.Key, Problem: fmt.Sprintf("the prompt asks for %s, not %s", p.Kind, kind)}
	}
	a := Answer{Kind: p.Kind, Key: p.Key}
	switch p.Kind {
	case DiceQ:
		res, err := dice.Read(p.Proc, rep.Faces)
		if err != nil {
			var fe *dice.FacesError
			if errors.As(err, &fe) {
				return &AnswerError{Key: p.Key, Problem: fmt.Sprintf("face %d: %s", fe.Index+1, fe.Problem), Missing: fe.Missing, Role: fe.Role}
			}
			return &AnswerError{Key: p.Key, Problem: err.Error()}
		}
		a.Code = dice.Code(res.Outcome, res.Flags, len(p.Proc.Flags()))
		for _, d := range res.Dice {
			a.Faces = append(a.Faces, d.Face)
		}
		a.Typed = true
	case ChoiceQ:
		if rep.Choice < 0 || rep.Choice >= len(p.Options) {
			return &AnswerError{Key: p.Key, Problem: fmt.Sprintf("choice %d is out of range; allowed 0 to %d (%v)", rep.Choice, len(p.Options)-1, p.Options)}
		}
		a.Code = rep.Choice
	case FactQ:
		if lo, hi := p.Fact.Range(); rep.Value < lo || rep.Value > hi {
			return &AnswerError{Key: p.Key, Problem: fmt.Sprintf("%d is out of range; allowed %d to %d", rep.Value, lo, hi)}
		}
		a.Code = rep.Value
	}
	if m := &g.fly.measured; p.Kind == DiceQ || p.Kind == ChoiceQ && p.Who != g.fly.side {
		// Typed dice, or another side's choice (made knowing what the
		// seed's dice did): what came before stays.
		m.ok = false
	} else if p.Kind == ChoiceQ {
		// The acting side's own choice: taken back with its measurements.
	} else if !m.ok || m.entry != p.Entry || m.from > len(g.fly.answers) || !onlyMeasured(g.fly.answers[m.from:]) {
		*m = measured{ok: true, entry: p.Entry, from: len(g.fly.answers), rng: *g.rng}
	}
	g.pending = nil
	g.fly.answers = append(slices.Clip(g.fly.answers), a)
	return g.resolve()
}

// ErrNothingToRetract is Retract's answer when there is no measurement
// to take back.
var ErrNothingToRetract = errors.New("engine: no measurement to take back: a measurement can be taken back until a die is typed, another side chooses or another action is taken after it")

// Retract takes back the measurements a person answered last, and asks
// them again: a dispute at a table, where the other player does not agree
// with what was measured (issue 34). It takes back the measurements of
// the action waiting for an answer, or of the last action logged when
// they ended it, with every die the seed rolled after them and what
// followed by itself, and the acting side's own choices among them; the
// dice stream goes back to where it was when the first of them was
// answered, so measured the same they roll the same dice, and a dispute
// is never a re-roll. Dice typed and choices made before them stay; a die
// typed, another side's choice (made knowing the dice) or another action
// after them ends what may be taken back (ErrNothingToRetract). The game is as it
// was when the first of them was asked; the log keeps nothing of the
// answers taken back.
func (g *Game) Retract() error {
	side, ok := g.retractable()
	if !ok {
		return ErrNothingToRetract
	}
	m := g.fly.measured
	// The dice shown so far, when the seed rolled some after the
	// measurements (typed dice close the window, so a table with real
	// dice never gets here with dice to give up).
	if g.rng.Draws() > m.rng.Draws() && (!g.fly.seenOK || g.rng.Draws() > g.fly.seen.Draws()) {
		g.fly.seen, g.fly.seenOK = *g.rng, true
	}
	if g.pending != nil {
		g.pending = nil
		g.fly.answers = g.fly.answers[:m.from]
		*g.rng = m.rng
		return g.resolve()
	}
	// The measurements ended the action: take its entry back out of the
	// log and ask them again.
	n := len(g.log.Entries) - 1
	e := g.log.Entries[n]
	s, err := g.rebuildWithout([]int{n})
	if err != nil {
		return err
	}
	g.log.drop()
	if a := g.anno; a != nil && a.n > n {
		if a.n == n+1 && len(a.stack) > 0 {
			a.n, a.out = n, a.out[:n]
			a.s, a.stack = a.stack[len(a.stack)-1], a.stack[:len(a.stack)-1]
		} else {
			g.anno = nil
		}
	}
	g.live, g.listOK = s, false
	g.gen++
	g.logEnd = g.rngAt.Draws() - e.Skip
	g.fly.active, g.fly.side = true, side
	g.fly.answers = append(g.fly.answers[:0], e.Answers[:m.from]...)
	*g.rng = m.rng
	return g.resolve()
}

// Shown reports whether the action waiting for an answer has shown dice
// that a dispute took back (Retract): taking it back now gives them up,
// so a strict game refuses to, and a server asks the other players first.
func (g *Game) Shown() bool {
	return g.pending != nil && g.fly.active && g.fly.seenOK
}

// Retractable is the side whose measurements Retract would take back now,
// or NoModel when there are none.
func (g *Game) Retractable() int {
	side, ok := g.retractable()
	if !ok {
		return NoModel
	}
	return side
}

// retractable says whether Retract may take back measurements now, and
// whose action's they are.
func (g *Game) retractable() (int, bool) {
	m := &g.fly.measured
	switch {
	case !m.ok || g.live.Over || g.fly.action == startAction:
		return NoModel, false
	case g.pending != nil:
		if !g.fly.active || g.pending.Entry != m.entry || len(g.fly.answers) <= m.from || !onlyMeasured(g.fly.answers[m.from:]) {
			return NoModel, false
		}
		return g.fly.side, true
	}
	n := len(g.log.Entries) - 1
	if g.fly.active || n != m.entry || n <= 0 {
		return NoModel, false
	}
	e := &g.log.Entries[n]
	if e.Undone || e.Action != g.fly.action || e.Side != g.fly.side || len(e.Answers) < m.from || !onlyMeasured(e.Answers[m.from:]) {
		return NoModel, false
	}
	return e.Side, true
}

// onlyMeasured reports whether answers hold no typed dice: measurements,
// the seed's dice and choices (Answer keeps track of whose) only.
func onlyMeasured(answers []Answer) bool {
	for _, a := range answers {
		if a.Typed {
			return false
		}
	}
	return true
}

// Acting is the side whose action is in flight (waiting for an answer),
// or NoModel when none is, or the game's start is.
func (g *Game) Acting() int {
	if g.pending == nil || !g.fly.active {
		return NoModel
	}
	return g.fly.side
}
