// Package enginetest is the conformance suite every ruleset runs in a few
// lines:
//
//	func TestConformance(t *testing.T) {
//		enginetest.Run(t, enginetest.Suite{Ruleset: myrules.New(), Setup: sampleSetup, Games: 500})
//	}
//
// It plays games to the end with random legal choices and seeded dice, in
// every dice mode, with bots answering inline and with every question left
// to a "person" it answers itself, and at every step checks that the state
// clones equal, round-trips through JSON, equals the state rebuilt from the
// log; that the legal actions are sorted, unique and each applicable; that a
// pending prompt is consistent and wrong answers change nothing; that an
// action a measurement refuses (engine.Ctx.Refuse) leaves nothing; that every
// dice distribution met sums to 1; and the engine's invariants (budget never
// negative, counters within bounds, one valid status per model). At the end
// it saves, loads and replays the game. Every failure names the seed that
// reproduces it.
//
// Beside the suite, the helpers every ruleset's tests use: Script drives a
// game step by step with typed dice, choices and measurements; CheckOdds
// compares an action's exact odds with independent ones and with seeded
// sampling; FuzzDecodeState and FuzzLoad fuzz a ruleset's states and
// saves; Playout is the playout benchmark's loop.
package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// Suite configures Run.
type Suite struct {
	Ruleset engine.Ruleset
	// Setup returns a fresh setup for game i (setups are filled in by
	// validation, so each game needs its own).
	Setup func(i int) *engine.Setup
	// Games to play (default 50); Seed derives each game's seed.
	Games int
	Seed  uint64
	// MaxSteps bounds a game's decisions (default 5000): a game that does
	// not end by then fails.
	MaxSteps int
	// TryEvery checks every legal action by resolving it on a copy, every
	// this many steps (default 1); RebuildEvery rebuilds the state from the
	// log (default 1).
	TryEvery, RebuildEvery int
	// OddsAt lists the steps at which the exact odds of every legal action
	// are asked for (default 3 and 20; the first 40 actions, at most 5,000
	// paths each): none may panic or change the game, and each gives a
	// distribution that sums to 1, or says why it cannot (too many paths).
	// At a table the measurements the odds need are assumed, one by one,
	// for every fourth action.
	OddsAt []int
}

// Run plays the suite's games and reports every failure.
func Run(t *testing.T, s Suite) {
	t.Helper()
	if s.Games == 0 {
		s.Games = 50
	}
	if s.MaxSteps == 0 {
		s.MaxSteps = 5000
	}
	if s.TryEvery == 0 {
		s.TryEvery = 1
	}
	if s.RebuildEvery == 0 {
		s.RebuildEvery = 1
	}
	if s.OddsAt == nil {
		s.OddsAt = []int{3, 20}
	}
	modes := []engine.DiceMode{engine.DigitalDice, engine.SampledDice, engine.PhysicalDice}
	for i := range s.Games {
		seed := dice.DeriveSeed(s.Seed, uint64(i))
		mode := modes[i%len(modes)]
		bots := i%2 == 0
		name := fmt.Sprintf("game%d/seed%d/%s/bots=%v", i, seed, mode, bots)
		p := &player{t: t, suite: &s, seed: seed, name: name, rng: dice.NewRNG(seed ^ 0xabcdef)}
		p.play(mode, bots)
	}
}

type player struct {
	t     *testing.T
	suite *Suite
	seed  uint64
	name  string
	rng   *dice.RNG
	g     *engine.Game
	step  int
	fails int
}

func (p *player) errorf(format string, a ...any) {
	p.t.Helper()
	p.fails++
	if p.fails <= 5 {
		p.t.Errorf("%s step %d: %s", p.name, p.step, fmt.Sprintf(format, a...))
	}
}

func (p *player) play(mode engine.DiceMode, bots bool) {
	t := p.t
	t.Helper()
	rs := p.suite.Ruleset
	su := p.suite.Setup(int(p.seed % 1000))
	cfg := engine.Config{Seed: p.seed, Dice: mode}
	if bots {
		cfg.Players = engine.Bots(len(su.Sides))
	}
	g, err := engine.New(rs, su, cfg)
	if err != nil {
		t.Errorf("%s: new game: %v", p.name, err)
		return
	}
	p.g = g
	for p.step = 0; p.step < p.suite.MaxSteps && !g.Over() && p.fails == 0; p.step++ {
		p.check()
		if p.step == 25 && g.Pending() == nil {
			p.saveLoad() // a game in progress saves and loads too
		}
		if slices.Contains(p.suite.OddsAt, p.step) && g.Pending() == nil {
			p.odds()
		}
		if p.step == 10 && g.Pending() == nil {
			p.malformed()
		}
		if p.step%9 == 4 {
			p.undo()
		}
		if pr := g.Pending(); pr != nil {
			p.answer(pr)
			continue
		}
		legal := g.Legal()
		if len(legal) == 0 {
			p.errorf("no legal action and no prompt, but the game is not over")
			return
		}
		a := legal[p.rng.Face(len(legal))-1]
		if err := g.Apply(a); err != nil {
			p.errorf("apply %s: %v", a, err)
			return
		}
	}
	if p.fails > 0 {
		return
	}
	if !g.Over() {
		p.errorf("the game did not end in %d steps", p.suite.MaxSteps)
		return
	}
	p.check()
	p.saveLoad()
}

// odds asks for the exact odds of the legal actions.
func (p *player) odds() {
	g := p.g
	before := g.State().Clone()
	legal := g.Legal()
	for i, a := range legal[:min(len(legal), 40)] {
		o, err := p.oddsOf(a, i%4 == 0)
		var ae *engine.AnswerError
		var nf *engine.NeedFactError
		switch {
		case errors.Is(err, engine.ErrTooManyPaths), errors.As(err, &ae), errors.As(err, &nf):
		case err != nil:
			p.errorf("odds of %s: %v", a, err)
		default:
			sum := new(big.Rat)
			for _, r := range o.Rows {
				sum.Add(sum, r.P)
			}
			if sum.Cmp(big.NewRat(1, 1)) != 0 {
				p.errorf("odds of %s sum to %s", a, sum.RatString())
			}
		}
	}
	if ok, why := before.Equal(g.State()); !ok {
		p.errorf("asking for odds changed the game: %s", why)
	}
}

func (p *player) oddsOf(a engine.Action, assume bool) (o *engine.Odds, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	// At a table, each measurement the odds need is assumed in turn (the
	// rule's expected answer where it gives one, engine.Fact.Start; else
	// yes, or the shortest length), as the companion's odds sheet asks the
	// players to: for one action in four, to keep the suite's time.
	opt := engine.OddsOptions{MaxPaths: 5000}
	for range 64 {
		o, err = p.g.Odds(a, opt)
		var nf *engine.NeedFactError
		if !errors.As(err, &nf) || !assume {
			return o, err
		}
		for _, x := range opt.Assume {
			if x.Is(nf.Key, nf.Fact) {
				return nil, fmt.Errorf("asked again for %s, assumed already", nf.Key)
			}
		}
		v, _ := nf.Fact.Range()
		switch {
		case nf.Fact.Start > 0:
			v = nf.Fact.Start - 1
		case nf.Fact.Boolean():
			v = 1
		}
		opt.Assume = append(opt.Assume, engine.Assumed{Key: nf.Key, Fact: nf.Fact, Value: v})
	}
	return o, err
}

// undo asks each side whether it may undo now (CanUndo), then has one
// side undo: UndoAs must do exactly what CanUndo said, and a refused undo
// changes nothing.
func (p *player) undo() {
	g := p.g
	can := make([]error, len(g.State().Sides))
	for s := range can {
		can[s] = g.CanUndo(s)
	}
	side := p.rng.Face(len(can)) - 1
	before := g.State().Clone()
	n := len(g.Log().Entries)
	err := g.UndoAs(side)
	switch {
	case (err == nil) != (can[side] == nil):
		p.errorf("side %d: CanUndo said %v, UndoAs did %v", side, can[side], err)
	case err != nil && err.Error() != can[side].Error():
		p.errorf("side %d: CanUndo said %q, UndoAs %q", side, can[side], err)
	case err != nil:
		if ok, why := before.Equal(g.State()); !ok || len(g.Log().Entries) != n {
			p.errorf("a refused undo changed the game: %s", why)
		}
	}
}

// malformed sends actions no menu offers — every action of the ruleset
// without a model, with a model that does not exist, at a target that does
// not exist — to Apply, WhyNot and Odds: each is refused with a reason,
// nothing panics, nothing changes.
func (p *player) malformed() {
	g := p.g
	before := g.State().Clone()
	n := len(before.Models)
	var bad []engine.Action
	for _, def := range g.Info().Actions {
		for _, actor := range []int{engine.NoModel, -7, n, 63, 64, 1000} {
			bad = append(bad, engine.Action{ID: def.ID, Actor: actor, Target: engine.NoModel})
		}
		bad = append(bad, engine.Action{ID: def.ID, Actor: 0, Target: n + 3}, engine.Action{ID: def.ID, Actor: 0, Target: -9})
	}
	bad = append(bad, engine.Action{ID: engine.Activate, Actor: engine.NoModel, Target: engine.NoModel},
		engine.Action{ID: "no-such-action", Actor: 0, Target: engine.NoModel})
	for _, a := range bad {
		if slices.Contains(g.Legal(), a) {
			continue
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					p.errorf("%s (%+v): panic: %v", a, a, r)
				}
			}()
			if err := g.Apply(a); err == nil {
				p.errorf("%+v was applied", a)
			}
			if why := g.WhyNot(a); why == "" {
				p.errorf("%+v: WhyNot gives no reason", a)
			}
			if _, err := g.Odds(a, engine.OddsOptions{MaxPaths: 1000}); err == nil {
				p.errorf("%+v: odds of an action that is not legal", a)
			}
		}()
		if ok, why := before.Equal(g.State()); !ok {
			p.errorf("%+v changed the game: %s", a, why)
			return
		}
	}
}

// answer answers a pending prompt as a person at the table would, after
// checking that wrong answers are refused and change nothing.
func (p *player) answer(pr *engine.Prompt) {
	g := p.g
	before := g.State().Clone()
	nlog := len(g.Log().Entries)
	wrong := engine.ChoiceQ
	if pr.Kind == engine.ChoiceQ {
		wrong = engine.FactQ
	}
	if err := g.Answer(wrong, engine.Reply{}); err == nil {
		p.errorf("a %s answer to a %s prompt was accepted", wrong, pr.Kind)
	}
	if err := g.Apply(engine.Act(engine.End, engine.NoModel)); !errors.Is(err, engine.ErrPending) {
		p.errorf("an action while a prompt is pending: %v, want ErrPending", err)
	}
	var rep engine.Reply
	switch pr.Kind {
	case engine.DiceQ:
		if pr.Proc == nil {
			p.errorf("dice prompt %s without a procedure", pr.Key)
			return
		}
		p.sumsToOne(pr.Proc)
		if err := g.Answer(engine.DiceQ, engine.Reply{Faces: []string{"0"}}); err == nil {
			p.errorf("face 0 accepted for %s", pr.Key)
		}
		res, err := dice.Sample(pr.Proc, p.rng) // roll "real" dice
		if err != nil {
			p.errorf("rolling %s: %v", pr.Key, err)
			return
		}
		for _, d := range res.Dice {
			rep.Faces = append(rep.Faces, "#"+strconv.Itoa(d.Face)) // a face by number, never a symbol
		}
	case engine.ChoiceQ:
		if len(pr.Options) == 0 {
			p.errorf("choice %s without options", pr.Key)
			return
		}
		if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: len(pr.Options)}); err == nil {
			p.errorf("choice out of range accepted for %s", pr.Key)
		}
		rep.Choice = p.rng.Face(len(pr.Options)) - 1
	case engine.FactQ:
		lo, hi := pr.Fact.Range()
		if err := g.Answer(engine.FactQ, engine.Reply{Value: hi + 1}); err == nil {
			p.errorf("fact out of range accepted for %s", pr.Key)
		}
		rep.Value = lo + p.rng.Face(min(hi-lo+1, 1000)) - 1
	}
	if ok, why := before.Equal(g.State()); !ok || len(g.Log().Entries) != nlog || g.Pending() == nil {
		p.errorf("wrong answers changed the game: %s", why)
		return
	}
	err := g.Answer(pr.Kind, rep)
	var ill *engine.IllegalError
	switch {
	case errors.As(err, &ill) && pr.Kind == engine.FactQ:
		// A measurement showed the action was not legal after all (a rule
		// refused it, Ctx.Refuse): nothing of it may remain.
		if ok, why := before.Equal(g.State()); !ok || len(g.Log().Entries) != nlog || g.Pending() != nil {
			p.errorf("a refused action changed the game (%v): %s", err, why)
		}
	case err != nil:
		p.errorf("answer %+v to %s %s: %v", rep, pr.Kind, pr.Key, err)
	}
}

func (p *player) sumsToOne(proc dice.Procedure) {
	odds := proc.Odds()
	sum := new(big.Rat)
	for c := odds.Min(); c <= odds.Max(); c++ {
		sum.Add(sum, odds.P(c).Rat())
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		p.errorf("%s: odds sum to %s", proc.Name(), sum.RatString())
	}
}

// check runs the per-step checks on the live game.
func (p *player) check() {
	g := p.g
	s := g.State()
	in := g.Info()

	if ok, why := s.Clone().Equal(s); !ok {
		p.errorf("clone differs: %s", why)
	}
	b, err := json.Marshal(s)
	if err != nil {
		p.errorf("state to JSON: %v", err)
	} else if back, err := g.DecodeState(b); err != nil {
		p.errorf("state from JSON: %v", err)
	} else if ok, why := back.Equal(s); !ok {
		p.errorf("state JSON round trip differs: %s", why)
	}
	if p.step%p.suite.RebuildEvery == 0 || g.Over() {
		if rb, err := g.Rebuild(); err != nil {
			p.errorf("rebuild from log: %v", err)
		} else if ok, why := rb.Equal(s); !ok {
			p.errorf("state rebuilt from the log differs: %s", why)
		}
	}

	// Invariants.
	t := &s.Turn
	if t.Slots < 0 {
		p.errorf("budget negative: %d slots", t.Slots)
	}
	if max := in.Economy.MaxActions; max > 0 && t.Actions > max {
		p.errorf("%d actions taken, cap %d", t.Actions, max)
	}
	for m := range s.Models {
		md := &s.Models[m]
		if int(md.Status) >= len(in.Statuses) {
			p.errorf("m%d has status %d of %d", m, md.Status, len(in.Statuses))
		}
		if int(md.Secondary) >= max(len(in.Secondary), 1) {
			p.errorf("m%d has secondary status %d of %d", m, md.Secondary, len(in.Secondary))
		}
		for c, d := range in.Counters {
			if v := int(md.Counters[c]); v < d.Min || v > d.Max {
				p.errorf("m%d counter %s = %d outside %d..%d", m, d.Name, v, d.Min, d.Max)
			}
		}
	}
	for i := range s.Sides {
		for c, d := range in.SideCounts {
			if v := int(s.Sides[i].Counters[c]); v < d.Min || v > d.Max {
				p.errorf("side %d counter %s = %d outside %d..%d", i, d.Name, v, d.Min, d.Max)
			}
		}
	}
	if t.Model != engine.NoModel && !s.Over && (t.Model < 0 || t.Model >= len(s.Models) || !s.Models[t.Model].InPlay) {
		p.errorf("active model %d is not a model in play", t.Model)
	}

	if g.Pending() != nil {
		if len(g.Legal()) != 0 {
			p.errorf("legal actions listed while a prompt is pending")
		}
		return
	}
	legal := g.Legal()
	if g.Over() {
		if len(legal) != 0 {
			p.errorf("legal actions after the game is over")
		}
		return
	}
	if !slices.IsSortedFunc(legal, compare) {
		p.errorf("legal actions not sorted: %v", legal)
	}
	// An activation with nothing left but its end ends by itself (the
	// engine's advance): a decision always offers more.
	if t.Model != engine.NoModel && !slices.ContainsFunc(legal, func(a engine.Action) bool { return a.ID != engine.End }) {
		p.errorf("m%d's activation goes on with nothing to do but end it: %v", t.Model, legal)
	}
	// The decision's kinds, each expanded, are the legal list (issue 35:
	// bots choose a kind, then an option, without listing every option);
	// every eighth decision, which is still thousands a run.
	var byKind []engine.Action
	var kinds []engine.ActionKind
	if p.step%8 == 0 {
		legal = slices.Clone(legal)
		kinds = g.ActionKinds()
	} else {
		byKind = legal
	}
	for _, k := range kinds {
		opts := g.KindActions(k)
		if len(opts) == 0 {
			p.errorf("kind %s of m%d has no legal action", k.ID, k.Actor)
		}
		for _, a := range opts {
			if a.ID != k.ID || a.Actor != k.Actor {
				p.errorf("kind %s of m%d lists %s", k.ID, k.Actor, a)
			}
		}
		byKind = append(byKind, opts...)
	}
	if !slices.Equal(byKind, legal) {
		p.errorf("the kinds' actions are not the legal list:\n kinds: %v\n legal: %v", byKind, legal)
	}
	if l2 := g.Legal(); !slices.Equal(l2, legal) {
		p.errorf("listing the kinds changed the legal list")
	}
	if p.step%8 == 0 {
		p.unlisted(g, legal)
	}
	for i := 1; i < len(legal); i++ {
		if legal[i] == legal[i-1] {
			p.errorf("legal action %s listed twice", legal[i])
		}
	}
	for _, a := range legal {
		if back, err := engine.ParseAction(a.String()); err != nil || back != a {
			p.errorf("action %s: string form does not read back: %v %v", a, back, err)
		}
		var back engine.Action
		if js, _ := json.Marshal(a); json.Unmarshal(js, &back) != nil || back != a {
			p.errorf("action %s: JSON form does not read back", a)
		}
	}
	if p.step%p.suite.TryEvery == 0 {
		for k, a := range legal {
			if _, _, err := g.Try(a, p.seed+uint64(k)); err != nil {
				p.errorf("legal action %s does not apply: %v", a, err)
			}
		}
	}
	nlog := len(g.Log().Entries)
	bad := engine.Action{ID: "no-such-action", Actor: engine.NoModel, Target: engine.NoModel}
	var ill *engine.IllegalError
	if err := g.Apply(bad); !errors.As(err, &ill) || ill.Reason == "" {
		p.errorf("an unknown action gave %v, want an IllegalError with a reason", err)
	}
	if ok, why := s.Equal(g.State()); !ok || len(g.Log().Entries) != nlog {
		p.errorf("an illegal action changed the game: %s", why)
	}
}

// compare is the documented order of the legal list: by ID, actor, target,
// option, then destination (none first, then x, then y). It is written again
// here from the documentation rather than borrowed from the engine, so that
// the suite checks the engine's order instead of trusting it.
func compare(a, b engine.Action) int {
	cmpF := func(x, y float32) int {
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	switch {
	case a.ID != b.ID:
		if a.ID < b.ID {
			return -1
		}
		return 1
	case a.Actor != b.Actor:
		return a.Actor - b.Actor
	case a.Target != b.Target:
		return a.Target - b.Target
	case a.Option != b.Option:
		return a.Option - b.Option
	case a.HasPos != b.HasPos:
		if b.HasPos {
			return -1
		}
		return 1
	case a.X != b.X:
		return cmpF(a.X, b.X)
	}
	return cmpF(a.Y, b.Y)
}

// saveLoad saves the finished game, loads it back (replaying and verifying
// every entry) and compares.
func (p *player) saveLoad() {
	g := p.g
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		p.errorf("save: %v", err)
		return
	}
	sv, err := engine.ReadSave(bytes.NewReader(buf.Bytes()))
	if err != nil {
		p.errorf("read save: %v", err)
		return
	}
	g2, err := engine.Load(p.suite.Ruleset, p.suite.Setup(int(p.seed%1000)), sv, nil)
	if err != nil {
		p.errorf("load: %v", err)
		return
	}
	if ok, why := g2.State().Equal(g.State()); !ok {
		p.errorf("loaded game differs: %s", why)
	}
	if len(g2.Log().Entries) != len(g.Log().Entries) {
		p.errorf("loaded log has %d entries, want %d", len(g2.Log().Entries), len(g.Log().Entries))
	}
	if (g2.Pending() == nil) != (g.Pending() == nil) || !slices.Equal(g2.Legal(), g.Legal()) || g2.Over() != g.Over() {
		p.errorf("loaded game is at another decision: pending %v vs %v, legal %v vs %v", g2.Pending(), g.Pending(), g2.Legal(), g.Legal())
	}
}

// unlisted checks that an action applied before the decision is listed
// (as a bot that chose a kind, or a person who typed an action, applies
// one) gets the verdict the legal list gives: the engine then checks it
// against its own definition's options only (issue 35). It checks up to
// 16 of the legal actions and variants of them (another target, option or
// destination) on a fork that has not listed the decision.
func (p *player) unlisted(g *engine.Game, legal []engine.Action) {
	f := g.Fork()
	n := len(f.State().Models)
	step := max(1, len(legal)/16)
	for k := 0; k < len(legal); k += step {
		a := legal[k]
		vs := []engine.Action{a, a.With(a.Option + 1)}
		if a.Target != engine.NoModel {
			vs = append(vs, a.On((a.Target+1)%n))
		}
		if a.HasPos {
			b := a
			b.X += 0.5
			vs = append(vs, b)
		}
		for _, v := range vs {
			if want, got := g.WhyNot(v), f.WhyNot(v); want != got {
				p.errorf("%s before the decision is listed: %q; with the list: %q", v, got, want)
			}
		}
	}
}
