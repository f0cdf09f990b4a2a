package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/skirmish-engine/skirmish/dice"
)

// DiceMode says where dice come from when nothing is scripted.
type DiceMode string

// Dice modes.
const (
	// DigitalDice rolls every die from the seeded RNG and logs its face.
	DigitalDice DiceMode = "digital"
	// PhysicalDice asks a player to roll real dice and type the faces.
	PhysicalDice DiceMode = "physical"
	// SampledDice draws each procedure's outcome straight from its exact
	// odds with the seeded RNG: the same distribution as DigitalDice,
	// without faces, and allocation-free; for bots and simulations.
	SampledDice DiceMode = "sampled"
)

// Policy answers for a side without a person: a bot.
type Policy interface {
	// Act picks one of the legal actions (an index into legal).
	Act(s *State, legal []Action, rng *dice.RNG) int
	// Choose picks one of q.Options.
	Choose(s *State, q *Question, rng *dice.RNG) int
}

// Config is how a game is played.
type Config struct {
	Seed    uint64
	Dice    DiceMode // default DigitalDice
	Players []Policy // per side: a bot, or nil for a person
	// Strict refuses to undo an action whose dice were rolled, so that undo
	// cannot be used to roll again.
	Strict bool
	// Commitment is the game's commitment to Seed, if it has one: its
	// save carries it, and Load checks it.
	Commitment *Commitment
	// RewindDice keeps the rule of games stored before issue 34, for a
	// server replaying their commands: an action cancelled or refused
	// gives its dice back, and taken again rolls the same ones. New games
	// leave it false (the dice given up are never drawn again).
	RewindDice bool
}

// Game is one game in progress: the live state, the log that is its source
// of truth, and the answers of the action in flight. A Game is not safe for
// concurrent use.
type Game struct {
	rs    Ruleset
	info  *Info
	setup *Setup
	cfg   Config
	start *State // the setup's initial state, kept by Reset; never changed

	rng  *dice.RNG // dice; nothing else draws from it
	bots *dice.RNG // bot policies
	// rngAt and botRNGAt are both RNGs as they were before the action in
	// flight, so that an action cancelled or refused draws nothing: the
	// dice stream stays the one a replay derives from the seed, and taking
	// the action again rolls the same dice.
	rngAt, botRNGAt dice.RNG
	// logEnd is where the dice stream was when the last entry was logged:
	// an entry that starts further on records the difference (Entry.Skip).
	logEnd uint64

	live, work *State
	log        Log

	fly     inflight
	pending *Prompt

	roller dice.Roller // digital dice, a tray reused
	enum   *enumerator // Odds' buffers, reused
	tries  *tries      // ChoiceTrier's tries' buffers, reused
	tryRun *run        // Try's run, reused
	trying bool        // tryRun is in use
	list   lister      // legal actions of the live state
	listOK bool
	// gen counts the changes of the decision (each time listOK is reset):
	// the kinds listed stay current while it does.
	gen uint64
	// quick is what the live resolution's last check that the
	// activation goes on found of each action definition (lister.seen),
	// kept for the kinds listed at gen quickGen (quickOK): each the
	// check found nothing to offer is not asked again, nor is the Any of
	// one it found offering something.
	quick    []int8
	quickGen uint64
	quickOK  bool
	spare    []Action    // Legal's other buffer
	kinds    *kindLister // ActionKinds' and KindActions' lists (nil until asked)

	anno     *annotator     // Annotate's work so far
	marks    []stateMark    // states before some entries, for Undo
	verified *Verified      // what Load checked; nil for a new game
	botsAt   map[int][]byte // the bots' RNG before each person's action, by entry (Undo)
	asked    bool           // the start stopped for a person's answer (dice typed, a choice): Undo may restart it
	r        run
	eco      economy
	hooks    hooks
	started  bool
}

// inflight is the action being resolved and the answers it has so far.
type inflight struct {
	active  bool
	action  Action
	side    int
	answers []Answer
	// measured is what Retract may take back: the run of measurements a
	// person answered last, with only the seed's dice and the board's
	// answers after them (issue 34).
	measured measured
	// seen is the dice stream as far as the action had drawn it when a
	// dispute took dice back (Retract; seenOK): those dice were shown, so
	// whatever the action does next, the stream never falls back behind
	// them. Dice the action does not draw again are given up, and the
	// next entry's Skip records them, as for an action cancelled.
	seen   dice.RNG
	seenOK bool
}

// pastSeen moves the dice stream on past the dice a dispute showed, if the
// action did not draw them again (inflight.seen).
func (g *Game) pastSeen() {
	if g.fly.seenOK && g.fly.seen.Draws() > g.rng.Draws() {
		*g.rng = g.fly.seen
	}
	g.fly.seenOK = false
}

// measured is the run of measurements a person answered last in an
// action: from its answer index from, the action being log entry entry,
// the dice stream as it was when the first of them was answered.
type measured struct {
	ok          bool
	entry, from int
	rng         dice.RNG
}

type hooks struct {
	round RoundHooks
	phase PhaseHooks
	act   ActivationHooks
	acts  ActionHooks
	elig  Eligibility
	pass  Passing
	end   Ender
	sum   Summarizer
	fin   Finisher
}

func hooksOf(rs Ruleset) hooks {
	var h hooks
	h.round, _ = rs.(RoundHooks)
	h.phase, _ = rs.(PhaseHooks)
	h.act, _ = rs.(ActivationHooks)
	h.acts, _ = rs.(ActionHooks)
	h.elig, _ = rs.(Eligibility)
	h.pass, _ = rs.(Passing)
	h.end, _ = rs.(Ender)
	h.sum, _ = rs.(Summarizer)
	h.fin, _ = rs.(Finisher)
	return h
}

// startAction is the log's first entry: setting up and running until the
// first decision.
var startAction = Action{ID: "start", Actor: NoModel, Target: NoModel}

// New starts a game of rs on a setup. The setup is validated against the
// ruleset (a *FieldError names the bad field). The game runs until its first
// decision, which may be a pending prompt (physical dice for the first
// Priority roll, say).
func New(rs Ruleset, su *Setup, cfg Config) (*Game, error) {
	in := rs.Info()
	if err := in.check(); err != nil {
		return nil, fmt.Errorf("engine: ruleset %s: %w", in.ID, err)
	}
	if err := in.Validate(su); err != nil {
		return nil, err
	}
	if sc, ok := rs.(SetupChecker); ok {
		if err := sc.CheckSetup(su); err != nil {
			return nil, err
		}
	}
	if sc, ok := su.Board.(SetupChecker); ok && su.Mode == "board" {
		// where the models stand: package board checks levels, the
		// table's edges, terrain and overlaps
		if err := sc.CheckSetup(su); err != nil {
			return nil, err
		}
	}
	if cfg.Dice == "" {
		cfg.Dice = DigitalDice
	}
	switch cfg.Dice {
	case DigitalDice, PhysicalDice, SampledDice:
	default:
		return nil, &FieldError{Path: "dice", Problem: fmt.Sprintf("%q is not a dice mode; allowed digital, physical or sampled", cfg.Dice)}
	}
	if len(cfg.Players) > len(su.Sides) {
		return nil, &FieldError{Path: "players", Problem: fmt.Sprintf("%d players for %d sides", len(cfg.Players), len(su.Sides))}
	}
	players := make([]Policy, len(su.Sides))
	copy(players, cfg.Players)
	cfg.Players = players
	g := &Game{rs: rs, info: in, setup: su, cfg: cfg}
	g.rng = dice.NewRNG(cfg.Seed)
	g.bots = dice.NewRNG(dice.DeriveSeed(cfg.Seed, 1))
	g.eco = newEconomy(in)
	g.hooks = hooksOf(rs)
	g.list = newLister(g)
	g.r.list = newLister(g)
	s, err := g.initial()
	if err != nil {
		return nil, err
	}
	g.live = s
	g.fly = inflight{active: true, action: startAction, side: NoModel}
	g.rngAt, g.botRNGAt = *g.rng, *g.bots
	if err := g.resolve(); err != nil {
		return nil, err
	}
	g.started = true
	return g, nil
}

// initial is the state before the start entry.
func (g *Game) initial() (*State, error) {
	s := newState(g.info, g.setup)
	if err := g.rs.Start(s); err != nil {
		return nil, fmt.Errorf("engine: %s: start: %w", g.info.ID, err)
	}
	return s, nil
}

// State returns the live state. It stays valid until the next change to the
// game; callers must not modify it (use Clone for a copy to explore).
func (g *Game) State() *State { return g.live }

// Info returns the ruleset's description.
func (g *Game) Info() *Info { return g.info }

// Ruleset returns the game's ruleset.
func (g *Game) Ruleset() Ruleset { return g.rs }

// Config returns how the game is played.
func (g *Game) Config() Config { return g.cfg }

// Pending returns the question waiting for a person, or nil.
func (g *Game) Pending() *Prompt { return g.pending }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.live.Over }

// Decider is the side whose decision it is: the one choosing an action, or
// the one a pending prompt waits for (Anyone for a fact at a table).
func (g *Game) Decider() int {
	if g.pending != nil {
		return g.pending.Who
	}
	return g.live.Turn.Side
}

// Legal lists the actions of the current decision, sorted and unique. It
// is empty while a prompt is pending and when the game is over. The slice
// is reused by later calls: it holds until the decision after next is
// listed (two buffers take turns, so that a loop over one decision's list
// that applies an action, lists the next decision and undoes keeps its
// list), and a caller that keeps it longer must copy it.
func (g *Game) Legal() []Action {
	if g.pending != nil {
		return nil
	}
	if !g.listOK {
		g.list.out, g.spare = g.spare[:0], g.list.out
		g.list.legal(g.live)
		g.listOK = true
	}
	return g.list.out
}

// Refused is an action the action economy refuses now, with the reason a
// player can read.
type Refused struct {
	Action Action
	Text   string // the action as people read it (ActionText)
	Reason string
}

// Barred lists the active model's actions that are available to it, but
// that the action economy refuses now: too costly for the actions left,
// taken already, excluded, clashing by name with one taken, or an opening
// action after the first action. Each comes with the reason, in the legal
// list's order. It is empty between activations, while a prompt waits and
// once the game is over. It is for showing why an action is not on offer
// (a greyed-out button, the CLI's why); legality is still Legal's.
func (g *Game) Barred() []Refused {
	s := g.live
	m := s.Turn.Model
	if g.pending != nil || s.Over || m == NoModel {
		return nil
	}
	var out []Refused
	forced := len(s.Turn.Forced) > 0
	for _, i := range g.eco.order {
		d := &g.info.Actions[i]
		if forced && !slices.Contains(s.Turn.Forced, int16(i)) || d.Available != nil && !d.Available(s, m) {
			continue
		}
		var opts []Action
		if d.Options == nil {
			opts = append(opts, Act(d.ID, m))
		} else {
			d.Options(s, m, func(a Action) {
				a.ID, a.Actor = d.ID, m
				opts = append(opts, a)
			})
		}
		for _, a := range opts {
			if why := g.eco.why(s, m, i, a, forced); why != "" {
				out = append(out, Refused{Action: a, Text: ActionText(s, a), Reason: why})
			}
		}
	}
	return out
}

// Unavailable lists the active model's actions that are not on offer for
// a reason other than the action economy (Barred): the rules do not make
// them available to it now (its status, its weapons, the phase), or they
// have no target or option it can take now (nobody in sight or range).
// Each comes with the condition that fails when the definition names it
// (ActionDef.Unmet), else with its When, the rules' own summary of when it
// may be taken, so that a player can see which condition fails; in the
// definitions' order. Empty when Barred is, and for a forced follow-up.
func (g *Game) Unavailable() []Refused {
	s := g.live
	m := s.Turn.Model
	if g.pending != nil || s.Over || m == NoModel || len(s.Turn.Forced) > 0 {
		return nil
	}
	var out []Refused
	for _, i := range g.eco.order {
		d := &g.info.Actions[i]
		a := Act(d.ID, m)
		text := defName(g.info, i) + " " + modelID(s, m)
		switch {
		case d.Available != nil && !d.Available(s, m):
			reason := "not available to it now (" + when(d) + ")"
			if u := unmet(d, s, m); u != "" {
				reason = "not available to it now: " + u
			}
			out = append(out, Refused{Action: a, Text: text, Reason: reason})
		case d.Options != nil:
			none := true
			d.Options(s, m, func(Action) { none = false })
			if none {
				out = append(out, Refused{Action: a, Text: text, Reason: "nothing to take it against now (" + when(d) + ")"})
			}
		}
	}
	return out
}

// defName is definition i's name, told apart from another definition of
// the same name (N23's Shoot, and the Shoot quick-draw makes free) by its
// type, or by its id when the types are the same too.
func defName(in *Info, i int) string {
	d := &in.Actions[i]
	for j := range in.Actions {
		if o := &in.Actions[j]; j != i && o.Name == d.Name {
			if o.Type != d.Type {
				return d.Name + " (" + d.Type + ")"
			}
			return d.Name + " (" + d.ID + ")"
		}
	}
	return d.Name
}

// unmet is the condition of d's Available that fails for m, in words, or ""
// when d does not say (ActionDef.Unmet).
func unmet(d *ActionDef, s *State, m int) string {
	if d.Unmet == nil {
		return ""
	}
	return d.Unmet(s, m)
}

// when is a definition's When, or a word that the rules say when.
func when(d *ActionDef) string {
	if d.When == "" {
		return "see the rules"
	}
	return d.When
}

// IllegalError reports an action that is not among the legal ones, with a
// reason a player can read. The game is unchanged.
type IllegalError struct {
	Action Action
	Text   string // the action as people read it (ActionText), if known
	Reason string
}

func (e *IllegalError) Error() string {
	a := e.Text
	if a == "" {
		a = e.Action.String()
	}
	return fmt.Sprintf("engine: %s is not legal: %s", a, e.Reason)
}

// illegal makes the IllegalError for a in s.
func illegal(s *State, a Action, reason string) *IllegalError {
	t := a.String()
	if a.Actor < len(s.Models) && a.Target < len(s.Models) {
		t = ActionText(s, a)
	}
	return &IllegalError{Action: a, Text: t, Reason: reason}
}

// ErrPending is returned for an action while a prompt waits for its answer.
var ErrPending = errors.New("engine: a prompt is waiting for an answer (answer it, or undo to cancel the action)")

// ErrOver is returned for an action after the game has ended.
var ErrOver = errors.New("engine: the game is over")

// Apply takes a legal action. It is validated by membership in Legal, so a
// wrong action changes nothing and says why. The action then resolves; if
// it needs an answer from a person, Apply returns nil with the question
// pending, and the state is unchanged until Answer completes it.
func (g *Game) Apply(a Action) error {
	switch {
	case g.live.Over:
		return ErrOver
	case g.pending != nil:
		return ErrPending
	}
	if !g.isLegal(a) {
		return illegal(g.live, a, g.whyIllegal(a))
	}
	return g.apply(a)
}

// apply is Apply of an action known to be legal.
func (g *Game) apply(a Action) error {
	g.snapBots(len(g.log.Entries), g.live.Turn.Side)
	g.fly = inflight{active: true, action: a, side: g.live.Turn.Side, answers: g.fly.answers[:0]}
	g.rngAt, g.botRNGAt = *g.rng, *g.bots
	return g.resolve()
}

// rewind puts the bots' RNG back where it was before the action in
// flight, which was cancelled or refused. The dice stream goes on (issue
// 34): dice drawn for the action are never drawn again, so taking it again
// rolls new dice, and the next entry logged records the skip.
func (g *Game) rewind() {
	*g.bots = g.botRNGAt
	if g.cfg.RewindDice {
		*g.rng = g.rngAt
	}
	g.pastSeen()
}

// SkipDice moves the dice stream on by n values, as an action cancelled or
// refused after drawing them does (the next entry logged records them as
// its Skip): for a program that rebuilds a game from a save's entries as
// commands, such as a server's import. Not while a prompt waits.
func (g *Game) SkipDice(n uint64) error {
	switch {
	case g.pending != nil:
		return ErrPending
	case n > MaxSkip:
		return &FieldError{Path: "skip", Problem: fmt.Sprintf("%d; at most %d", n, MaxSkip)}
	}
	g.rng.Skip(n)
	g.fly.measured.ok = false // the stream moved on past them
	return nil
}

// WhyNot says, for people, why a is not legal now ("" when it is): the
// rule that forbids it. The game is unchanged.
func (g *Game) WhyNot(a Action) string {
	switch {
	case g.live.Over:
		return "the game is over"
	case g.pending != nil:
		return "a question is waiting for its answer"
	case g.isLegal(a):
		return ""
	}
	return g.whyIllegal(a)
}

// IsLegal reports whether a may be taken now, as Apply would judge it,
// without changing the game. It is cheaper than searching Legal's list
// when the list is not made yet: an action of the active model's is
// checked against its own definition's options only (issue 35), so a
// search that asks about a few actions need not list a decision's every
// move destination.
func (g *Game) IsLegal(a Action) bool {
	return !g.live.Over && g.pending == nil && g.isLegal(a)
}

// isLegal reports whether a may be taken now: it is in Legal, or its
// definition's Unlisted takes it (legalIn). While Legal's list is not made
// yet, an action of the active model's is checked against its own
// definition's options only (what Legal would list for it), which spares
// the listing of every move destination.
func (g *Game) isLegal(a Action) bool {
	if !g.listOK {
		if ok, known := g.legalOwn(a); known {
			return ok
		}
	}
	return g.legalIn(g.live, g.Legal(), a)
}

// legalOwn checks a against the options of its own definition, as Legal
// lists them, where that settles it (known): an action of the active model
// outside a follow-up, or its end of activation (legal once it has taken
// the economy's least, or when nothing else is). Nothing is legal once the
// game is over.
func (g *Game) legalOwn(a Action) (ok, known bool) {
	s := g.live
	if s.Over {
		return false, true
	}
	t := &s.Turn
	if t.Model == NoModel || len(t.Forced) > 0 || a.Actor != t.Model {
		return false, false
	}
	if g.kinds == nil {
		g.kinds = &kindLister{l: newLister(g)}
	}
	l := &g.kinds.chk
	if l.g == nil {
		*l = newLister(g)
	}
	if a.ID == End {
		if a != Act(End, t.Model) {
			return false, true
		}
		if t.Actions >= g.info.Economy.MinActions {
			return true, true
		}
		l.bind()
		l.out, l.s = l.out[:0], s
		l.list(s, t.Model, false, true) // is anything else on offer?
		return len(l.out) == 0, true
	}
	i := g.eco.indexOf(a.ID)
	if i < 0 || i >= len(g.info.Actions) {
		return false, false
	}
	d := &g.info.Actions[i]
	switch {
	case g.eco.barred(s, t.Model, i, false), d.Available != nil && !d.Available(s, t.Model):
		return false, true
	case g.eco.fixed[i] && g.eco.check(s, t.Model, i, Act(d.ID, t.Model), false).code != allowed:
		return false, true
	}
	return g.legalIn(s, optionsOf(l, s, t.Model, i, false), a), true
}

// legalIn reports whether a may be taken in s, whose legal list is list:
// it is listed, or it is an action a person typed that its definition's
// Unlisted takes (ActionDef.Unlisted), while an action of the same ID and
// Actor is listed and the economy allows a itself.
func (g *Game) legalIn(s *State, list []Action, a Action) bool {
	if slices.Contains(list, a) {
		return true
	}
	i := g.eco.indexOf(a.ID)
	if i < 0 || i >= len(g.info.Actions) || g.info.Actions[i].Unlisted == nil ||
		a.Actor < 0 || a.Actor >= len(s.Models) || a.Target < NoModel || a.Target >= len(s.Models) {
		return false
	}
	if !slices.ContainsFunc(list, func(b Action) bool { return b.ID == a.ID && b.Actor == a.Actor }) {
		return false
	}
	forced := slices.Contains(s.Turn.Forced, int16(i))
	return g.eco.check(s, a.Actor, i, a, forced).code == allowed && g.info.Actions[i].Unlisted(s, a) == ""
}

// whyIllegal explains, for people, why a is not in the legal list.
func (g *Game) whyIllegal(a Action) string {
	s := g.live
	i := g.info.Action(a.ID)
	switch {
	case i < 0:
		return fmt.Sprintf("%s has no action %q", g.info.ID, a.ID)
	case a.Actor != NoModel && (a.Actor < 0 || a.Actor >= len(s.Models)):
		return fmt.Sprintf("there is no model m%d", a.Actor)
	case a.Target != NoModel && (a.Target < 0 || a.Target >= len(s.Models)):
		return fmt.Sprintf("there is no model m%d", a.Target)
	case a.ID == Activate && a.Actor == NoModel:
		return "activate needs the model to activate, as in \"activate m0\""
	case a.ID == Activate && s.Turn.Model != NoModel:
		return fmt.Sprintf("%s is activated already; finish its activation first", modelID(s, s.Turn.Model))
	case a.ID == Activate && len(s.Turn.Chain) > 0 && !slices.Contains(s.Turn.Chain, a.Actor):
		return fmt.Sprintf("the models chained to activate next come first: %v", s.Turn.Chain)
	case a.ID == Activate && s.Turn.Barred&(1<<a.Actor) != 0 && s.SideOf(a.Actor) == s.Turn.Side:
		return fmt.Sprintf("%s has just had its activation: the extra one goes to another model", modelID(s, a.Actor))
	case a.ID == Activate && s.SideOf(a.Actor) != s.Turn.Side:
		return fmt.Sprintf("it is the turn of %s to activate, and %s belongs to %s", g.sideName(s.Turn.Side), modelID(s, a.Actor), g.sideName(s.SideOf(a.Actor)))
	case a.ID == Activate:
		return fmt.Sprintf("%s cannot activate now (out of play, or activated already this round)", modelID(s, a.Actor))
	case s.Turn.Model == NoModel:
		return fmt.Sprintf("no model is active: %s must activate one first", g.sideName(s.Turn.Side))
	case a.ID == Pass:
		return fmt.Sprintf("%s is active: a side passes only between activations; end its activation first", modelID(s, s.Turn.Model))
	case a.Actor != s.Turn.Model:
		return fmt.Sprintf("%s is the active model, not %s", modelID(s, s.Turn.Model), modelID(s, a.Actor))
	case len(s.Turn.Forced) > 0 && i < len(g.info.Actions) && !slices.Contains(s.Turn.Forced, int16(i)):
		return "a follow-up action must come first: " + g.forcedNames(s)
	}
	if i < len(g.info.Actions) {
		def := &g.info.Actions[i]
		if def.Available != nil && !def.Available(s, a.Actor) {
			if u := unmet(def, s, a.Actor); u != "" {
				return fmt.Sprintf("%s is not available to %s now: %s", def.Name, modelID(s, a.Actor), u)
			}
			return fmt.Sprintf("%s is not available to %s now (%s)", def.Name, modelID(s, a.Actor), def.When)
		}
		if why := g.eco.why(s, a.Actor, i, a, false); why != "" {
			return why
		}
		if def.Unlisted != nil {
			if why := def.Unlisted(s, a); why != "" {
				return why
			}
		}
		return fmt.Sprintf("%s cannot take that target or option now", def.Name)
	}
	return "not available now"
}

func (g *Game) forcedNames(s *State) string {
	var ns []string
	for _, i := range s.Turn.Forced {
		ns = append(ns, g.info.Actions[i].Name)
	}
	return fmt.Sprint(ns)
}

func (g *Game) sideName(i int) string {
	if i >= 0 && i < len(g.setup.Sides) {
		return g.setup.Sides[i].Name
	}
	return fmt.Sprintf("side %d", i)
}

// resolve runs the action in flight on a copy of the live state with its
// answers so far, and commits it, leaves it pending, or fails.
func (g *Game) resolve() error {
	g.work = g.live.CopyInto(g.work)
	r := &g.r
	r.reset(g, live, g.fly.answers)
	r.list.seenOK = false // set only by a check of the state this resolution ends in
	q, err := g.resolveOn(g.work, g.fly.action, r)
	g.fly.answers = r.answers
	switch {
	case err != nil:
		g.fly.active = false
		g.rewind()
		return err
	case q != nil:
		rolled := slices.ContainsFunc(r.answers, func(a Answer) bool { return a.Kind == DiceQ })
		g.pending = &Prompt{Question: *q, Entry: len(g.log.Entries), Answer: len(r.answers), Followed: r.acted, Rolled: rolled}
		g.asked = g.asked || g.fly.action == startAction
		return nil
	}
	g.live, g.work = g.work, g.live
	g.log.add(g.fly.action, g.fly.side, r.answers, r.events, r.then())
	g.log.Entries[len(g.log.Entries)-1].Skip = g.rngAt.Draws() - g.logEnd
	g.logEnd = g.rng.Draws()
	g.pastSeen() // dice a dispute showed and the action did not draw again: the next entry skips them
	g.fly.active = false
	g.listOK = false // listed when asked (Legal)
	g.gen++
	// The check that the activation goes on was the resolution's last
	// word on the state it left (advance returns at once when it says
	// yes), so what it found holds for the kinds of this decision.
	g.quickOK = r.list.seenOK
	if g.quickOK {
		g.quick, g.quickGen = append(g.quick[:0], r.list.seen...), g.gen
	}
	return nil
}

// resolveOn runs action a and everything that follows it automatically
// (hooks, phases, rounds) until the next decision, on s. It returns the
// question that has to wait for a person, or an error for an answer that no
// longer fits (drift) or a rule that failed.
func (g *Game) resolveOn(s *State, a Action, r *run) (q *Question, err error) {
	defer func() {
		switch p := recover().(type) {
		case nil:
		case *suspend:
			q = &p.q
		case drift:
			err = &DriftError{Action: a, Err: p.err}
		case refusal:
			err = illegal(s, a, p.reason)
		case tooLong:
			err = fmt.Errorf("%w: a path of %s needs more than %d dice and choices", ErrTooManyPaths, a, MaxPathAnswers)
		case roundCut: // the odds end where the next round begins
		case atCheckpoint: // the odds merge paths here (run.hit)
		case *FieldError: // a replayed answer that breaks the save's rules
			err = p
		default:
			err = fmt.Errorf("engine: %s: rule failed during %s: %v", g.info.ID, a, p)
		}
	}()
	c := &r.ctx
	c.s, c.r = s, r
	r.action = a
	if a.ID == startAction.ID {
		g.startGame(c)
	} else {
		g.act(c, a)
	}
	r.ownAnswers, r.ownEvents, r.acted = r.pos, len(r.events), true
	c.Checkpoint("acted") // what follows by itself depends on the state alone
	g.advance(c)
	if r.pos < len(r.answers) {
		return nil, &DriftError{Action: a, Err: fmt.Errorf("%d answers in the log were never asked for", len(r.answers)-r.pos)}
	}
	return nil, nil
}

// DriftError reports a logged answer that no longer fits the question the
// rules ask: the rules changed since the game was saved, or the log was
// edited.
type DriftError struct {
	Entry  int
	Action Action
	Err    error
}

func (e *DriftError) Error() string {
	return fmt.Sprintf("engine: entry %d (%s): rules drift: %v", e.Entry, e.Action, e.Err)
}

func (e *DriftError) Unwrap() error { return e.Err }

func (g *Game) startGame(c *Ctx) {
	s := c.s
	s.Round = 1
	g.roundStart(c)
	g.enterPhase(c, 0)
}

func (g *Game) roundStart(c *Ctx) {
	for i := range c.s.Models {
		c.s.Models[i].Acts, c.s.Models[i].Taken = 0, 0
	}
	if g.hooks.round != nil {
		g.hooks.round.RoundStart(c)
	}
}

func (g *Game) enterPhase(c *Ctx, i int) {
	s := c.s
	s.Phase = i
	s.Turn = Turn{Side: 0, Model: NoModel, Families: s.Turn.Families[:0], Forced: s.Turn.Forced[:0], Chain: s.Turn.Chain[:0]}
	if g.hooks.phase != nil {
		g.hooks.phase.PhaseStart(c, g.info.Phases[i].ID)
	}
}

// act carries out one chosen action.
func (g *Game) act(c *Ctx, a Action) {
	s := c.s
	switch a.ID {
	case Activate:
		t := &s.Turn
		t.Model, t.Slots, t.Actions, t.Taken, t.Ended, t.Passes, t.Barred = a.Actor, g.info.Economy.Slots, 0, 0, false, 0, 0
		t.Families, t.Forced = t.Families[:0], t.Forced[:0]
		if k := slices.Index(t.Chain, a.Actor); k >= 0 {
			t.Chain = slices.Delete(t.Chain, k, k+1)
		}
		s.Models[a.Actor].Acts++
		c.Emit(Event{Type: "activated", Model: a.Actor, Other: NoModel})
		if g.hooks.act != nil {
			g.hooks.act.ActivationStart(c, a.Actor)
		}
		return
	case End:
		s.Turn.Ended = true
		return
	case Pass:
		s.Turn.Passes++
		c.Emit(Event{Type: "passed", Model: NoModel, Other: NoModel, Value: s.Turn.Side})
		s.Turn.Side = (s.Turn.Side + 1) % len(s.Sides)
		s.Turn.Barred = 0
		return
	case concedeID:
		c.Emit(Event{Type: "conceded", Model: NoModel, Other: NoModel, Value: a.Option})
		w := -1
		if len(s.Sides) == 2 {
			w = 1 - a.Option
		}
		c.EndGame(w)
		return
	}
	i := g.eco.indexOf(a.ID)
	def := &g.info.Actions[i]
	g.eco.pay(c, a, i)
	if g.hooks.acts != nil {
		g.hooks.acts.ActionStart(c, a)
	}
	def.Resolve(c, a)
	if g.hooks.acts != nil {
		g.hooks.acts.ActionEnd(c, a)
	}
}

// advance runs everything that happens by itself after an action (ending
// activations, phases and rounds, with their hooks) until a side has a
// decision to make or the game is over.
func (g *Game) advance(c *Ctx) {
	s := c.s
	for !s.Over {
		if g.hooks.end != nil {
			if over, w := g.hooks.end.GameOver(s); over {
				c.EndGame(w)
				return
			}
		}
		if s.Turn.Model != NoModel {
			// An activation ends when its model leaves play (taken out by a
			// strike back in its own Fight), whatever it had left.
			if !s.Turn.Ended && s.Models[s.Turn.Model].InPlay && c.r.list.hasChoice(s) {
				return
			}
			g.endActivation(c)
			continue
		}
		if g.info.Phases[s.Phase].Activations && g.nextActivator(s) {
			return
		}
		g.nextPhase(c)
	}
}

func (g *Game) endActivation(c *Ctx) {
	s := c.s
	m := s.Turn.Model
	if g.hooks.act != nil {
		g.hooks.act.ActivationEnd(c, m)
	}
	t := &s.Turn
	t.Model, t.Slots, t.Actions, t.Taken, t.Ended = NoModel, 0, 0, 0, false
	t.Families, t.Forced = t.Families[:0], t.Forced[:0]
	switch {
	case len(t.Chain) > 0:
		// the chained models are the same side's: it goes on
	case t.Extra:
		t.Extra = false // Barred stands for the extra activation
	default:
		t.Side = (t.Side + 1) % len(s.Sides)
		t.Barred = 0
	}
}

// nextActivator settles which side decides next in an activation phase and
// reports whether anyone can; false means the phase is over.
func (g *Game) nextActivator(s *State) bool {
	t := &s.Turn
	t.Chain = slices.DeleteFunc(t.Chain, func(m int) bool { return !g.eligible(s, m) })
	if len(t.Chain) > 0 {
		t.Side = s.SideOf(t.Chain[0])
		return true
	}
	if g.info.Activation.MayPass && t.Passes >= len(s.Sides) {
		return false
	}
	for k := range len(s.Sides) {
		side := (t.Side + k) % len(s.Sides)
		if g.sideCanActivate(s, side) {
			if side != t.Side {
				t.Barred = 0
			}
			t.Side = side
			return true
		}
	}
	return false
}

func (g *Game) sideCanActivate(s *State, side int) bool {
	for m := range s.Models {
		if s.SideOf(m) == side && g.eligible(s, m) && (side != s.Turn.Side || s.Turn.Barred&(1<<m) == 0) {
			return true
		}
	}
	return false
}

// canPass reports whether the deciding side may pass now.
func (g *Game) canPass(s *State) bool {
	return g.info.Activation.MayPass && len(s.Turn.Chain) == 0 && (g.hooks.pass == nil || g.hooks.pass.CanPass(s))
}

func (g *Game) eligible(s *State, m int) bool {
	if !s.Models[m].InPlay {
		return false
	}
	if g.hooks.elig != nil {
		return g.hooks.elig.CanActivate(s, m)
	}
	return s.Models[m].Acts == 0
}

func (g *Game) nextPhase(c *Ctx) {
	s := c.s
	if g.hooks.phase != nil {
		g.hooks.phase.PhaseEnd(c, g.info.Phases[s.Phase].ID)
	}
	if s.Over {
		return
	}
	if s.Phase+1 < len(g.info.Phases) {
		g.enterPhase(c, s.Phase+1)
		return
	}
	if g.hooks.round != nil {
		g.hooks.round.RoundEnd(c)
	}
	if s.Over {
		return
	}
	if s.Round >= g.setup.Rounds {
		w := -1
		if g.hooks.end != nil {
			if over, win := g.hooks.end.GameOver(s); over {
				w = win
			}
		}
		c.EndGame(w)
		return
	}
	if c.r.mode == enumerate && c.r.cutRound {
		panic(roundCut{})
	}
	s.Round++
	g.roundStart(c)
	g.enterPhase(c, 0)
}

// Reset starts the game again from its setup with a new seed, reusing its
// buffers, so that batches of games allocate nothing once warm.
func (g *Game) Reset(seed uint64) error {
	if g.start == nil { // the setup never changes: one initial state serves every game
		s, err := g.initial()
		if err != nil {
			return err
		}
		g.start = s
	}
	g.Restart(g.start, seed)
	g.fly = inflight{active: true, action: startAction, side: NoModel, answers: g.fly.answers[:0]}
	g.asked = false
	return g.resolve()
}

// Concede ends the game at once in favour of the other side (with more
// than two sides, as a draw): side gives up. Any side may concede at any
// decision, not only its own; not while a prompt waits (answer it, or undo
// the action first). The concession is logged, and the game's end runs as
// usual (N26's lasting injury rolls may ask for dice).
func (g *Game) Concede(side int) error {
	switch {
	case g.live.Over:
		return ErrOver
	case g.pending != nil:
		return ErrPending
	case side < 0 || side >= len(g.live.Sides):
		return &SeatError{Side: side, Decider: g.live.Turn.Side, Reason: fmt.Sprintf("there is no side %d", side)}
	}
	g.fly = inflight{active: true, action: Action{ID: concedeID, Actor: NoModel, Target: NoModel, Option: side}, side: side, answers: g.fly.answers[:0]}
	g.rngAt, g.botRNGAt = *g.rng, *g.bots
	return g.resolve()
}

// UndoAs is Undo for a side that says who it is: it may take back only its
// own last action (or cancel its own action waiting for an answer), never
// another side's.
func (g *Game) UndoAs(side int) error {
	if err := g.undoSeat(side); err != nil {
		return err
	}
	return g.Undo()
}

// CanUndo reports whether UndoAs(side) would take something back now: nil,
// or the error it would give (the decision is another side's, nothing to
// undo, dice rolled in a strict game). The game is unchanged.
func (g *Game) CanUndo(side int) error {
	if err := g.undoSeat(side); err != nil {
		return err
	}
	_, err := g.undoPlan()
	return err
}

// undoSeat refuses an undo by a side whose action it would not be.
func (g *Game) undoSeat(side int) error {
	if g.pending != nil {
		if g.fly.side >= 0 && g.fly.side != side { // the game's own rolls (the start, a round's end) are no side's
			return &SeatError{Side: side, Decider: g.fly.side, Reason: fmt.Sprintf("the action waiting belongs to %s, not %s", g.sideName(g.fly.side), g.sideName(side))}
		}
		return nil
	}
	for k := len(g.log.Entries) - 1; k > 0; k-- {
		e := &g.log.Entries[k]
		if e.Undone || e.Action.ID == undoID {
			continue
		}
		if e.Side != side {
			return &SeatError{Side: side, Decider: e.Side, Reason: fmt.Sprintf("the last action belongs to %s, not %s: only its side may take it back", g.sideName(e.Side), g.sideName(side))}
		}
		break
	}
	return nil
}

// SeatError reports a side acting on a decision that is not its own.
type SeatError struct {
	Side, Decider int
	Reason        string
}

func (e *SeatError) Error() string { return "engine: " + e.Reason }

// ApplyAs is Apply for a side that says who it is (a player at a screen, a
// client of a server): it refuses, changing nothing, when the decision is
// another side's.
func (g *Game) ApplyAs(side int, a Action) error {
	if g.pending == nil && !g.live.Over && side != g.live.Turn.Side {
		return &SeatError{Side: side, Decider: g.live.Turn.Side, Reason: fmt.Sprintf("the decision belongs to %s, not %s", g.sideName(g.live.Turn.Side), g.sideName(side))}
	}
	return g.Apply(a)
}

// AnswerAs is Answer for a side that says who it is: a question for one
// side may only be answered by that side; a measurement at a table, by
// anyone.
func (g *Game) AnswerAs(side int, kind Kind, rep Reply) error {
	if p := g.pending; p != nil && p.Who != Anyone && p.Who != side {
		return &SeatError{Side: side, Decider: p.Who, Reason: fmt.Sprintf("the question is for %s, not %s", g.sideName(p.Who), g.sideName(side))}
	}
	return g.Answer(kind, rep)
}
