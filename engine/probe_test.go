package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// probe is a ruleset built per test: actions of given types that do nothing
// but what the test asks, so each engine mechanism can be checked from an
// exact position.
type probe struct {
	info     engine.Info
	start    func(s *engine.State)
	actStart func(c *engine.Ctx, m int)
	actEnd   func(c *engine.Ctx, m int)
	elig     func(s *engine.State, m int) bool
}

func (p *probe) Info() *engine.Info { return &p.info }
func (p *probe) Start(s *engine.State) error {
	if p.start != nil {
		p.start(s)
	}
	return nil
}
func (p *probe) ActivationStart(c *engine.Ctx, m int) {
	if p.actStart != nil {
		p.actStart(c, m)
	}
}
func (p *probe) ActivationEnd(c *engine.Ctx, m int) {
	if p.actEnd != nil {
		p.actEnd(c, m)
	}
}
func (p *probe) CanActivate(s *engine.State, m int) bool {
	if p.elig != nil {
		return p.elig(s, m)
	}
	return s.Models[m].InPlay && s.Models[m].Acts == 0
}

func nothing(*engine.Ctx, engine.Action) {}

func act(id, typ string) engine.ActionDef {
	return engine.ActionDef{ID: id, Name: strings.ToUpper(id[:1]) + id[1:], Type: typ, Resolve: nothing}
}

func newProbe(eco engine.Economy, actions ...engine.ActionDef) *probe {
	return &probe{info: engine.Info{ID: "probe", Version: "1", Phases: []engine.Phase{{ID: "go", Activations: true}},
		Statuses: []string{"ok"}, Conditions: []string{"pinned"}, Counters: []engine.CounterDef{{Name: "fatigue", Max: 2}},
		Actions: actions, Economy: eco}}
}

// probeSetup: two sides of two models, table mode.
func probeSetup() *engine.Setup {
	su := &engine.Setup{Rounds: 2, Mode: "table", Sides: []engine.SideSetup{{Name: "A"}, {Name: "B"}}}
	for i := range 4 {
		su.Models = append(su.Models, engine.ModelSetup{ID: string(rune('a' + i)), Side: i / 2, Base: 1})
	}
	return su
}

func start(t *testing.T, rs engine.Ruleset, cfg engine.Config) *engine.Game {
	t.Helper()
	g, err := engine.New(rs, probeSetup(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// ids lists the legal action IDs, with the actor for activations.
func ids(g *engine.Game) string {
	var out []string
	for _, a := range g.Legal() {
		if a.ID == engine.Activate {
			out = append(out, a.String())
		} else {
			out = append(out, a.ID)
		}
	}
	return strings.Join(slices.Compact(out), " ")
}

func do(t *testing.T, g *engine.Game, a string) {
	t.Helper()
	x, err := engine.ParseAction(a)
	if err != nil {
		t.Fatal(err)
	}
	if x.Actor == engine.NoModel && x.ID != engine.Pass {
		x.Actor = g.State().Turn.Model
	}
	if err := g.Apply(x); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
}

type step struct {
	do   string // action to apply ("" = just check)
	want string // legal IDs afterwards
}

func walk(t *testing.T, g *engine.Game, steps []step) {
	t.Helper()
	if got := ids(g); steps[0].do == "" && got != steps[0].want {
		t.Fatalf("start: legal %q, want %q", got, steps[0].want)
	}
	for _, s := range steps {
		if s.do != "" {
			do(t, g, s.do)
		}
		if got := ids(g); got != s.want {
			t.Fatalf("after %q: legal %q, want %q", s.do, got, s.want)
		}
	}
}

// rules.md §2.2.2: two slots, Single 1, Double 2, Free 0, no action twice.
func TestEconomyN26(t *testing.T) {
	eco := engine.Economy{Slots: 2, Cost: map[string]int{"single": 1, "double": 2, "free": 0}}
	rs := newProbe(eco, act("move", "single"), act("shoot", "single"), act("charge", "double"), act("aim", "free"))
	walk(t, start(t, rs, engine.Config{}), []step{
		{"", "activate m0 activate m1"},
		{"activate m0", "aim charge end move shoot"},
		{"move", "aim end shoot"}, // one slot: no Double; Move not twice
		{"aim", "end shoot"},      // Free costs nothing
		{"shoot", "activate m2 activate m3"},
	})
	// Suppressed/Pinned at activation start: one slot, so no Double.
	rs.start = func(s *engine.State) { s.Set(0, 0, true) }
	rs.actStart = func(c *engine.Ctx, m int) {
		if c.State().Has(m, 0) {
			c.State().Set(m, 0, false)
			c.State().Turn.Slots = 1
		}
	}
	walk(t, start(t, rs, engine.Config{}), []step{
		{"activate m0", "aim end move shoot"},
		{"shoot", "aim end"},
	})
}

// rules.md §3.2: Simple repeatable, Basic once, Double 2, Free once and not
// sharing a name with a Basic.
func TestEconomyN23(t *testing.T) {
	eco := engine.Economy{Slots: 2, Cost: map[string]int{"simple": 1, "basic": 1, "double": 2, "free": 0},
		Repeatable: []string{"simple"}, Clash: [][2]string{{"free", "basic"}}}
	snap := act("snap", "free")
	snap.Family = "shoot"
	rs := newProbe(eco, act("move", "simple"), act("shoot", "basic"), snap, act("charge", "double"))
	walk(t, start(t, rs, engine.Config{}), []step{
		{"activate m0", "charge end move shoot snap"},
		{"move", "end move shoot snap"}, // Simple again; no Double
		{"snap", "end move"},            // Free Snap: Basic Shoot now clashes by name
		{"move", "activate m2 activate m3"},
	})
	walk(t, start(t, rs, engine.Config{}), []step{
		{"activate m0", "charge end move shoot snap"},
		{"shoot", "end move"}, // Basic Shoot: Free Snap clashes
	})
}

// rules.md §4.3, §6.3-c: each action once; one of Move/Charge/Retreat;
// Shoot and Charge not together.
func TestEconomyTrenchCrusade(t *testing.T) {
	mv := act("move", "action")
	mv.Excludes = []string{"charge", "retreat"}
	ch := act("charge", "action")
	ch.Excludes = []string{"retreat", "shoot"}
	rs := newProbe(engine.Economy{Cost: map[string]int{"action": 0}}, mv, ch, act("retreat", "action"), act("shoot", "action"), act("fight", "action"))
	walk(t, start(t, rs, engine.Config{}), []step{
		{"activate m0", "charge end fight move retreat shoot"},
		{"move", "end fight shoot"},
		{"shoot", "end fight"},
	})
	walk(t, start(t, rs, engine.Config{}), []step{
		{"activate m0", "charge end fight move retreat shoot"},
		{"charge", "end fight"},
	})
}

// rules.md §5.3, §7.2: turns of up to two actions, each paid in fatigue;
// no action twice a round; several turns a round while fatigue allows;
// passing; the round ends when every side passes.
func TestEconomyFallout(t *testing.T) {
	rs := newProbe(engine.Economy{Cost: map[string]int{"action": 1}, MaxActions: 2, Pay: "fatigue", PerRound: true},
		act("move", "action"), act("shoot", "action"), act("brawl", "action"))
	rs.info.Activation = engine.Activation{MayPass: true}
	rs.elig = func(s *engine.State, m int) bool { return s.Models[m].InPlay && s.Count(m, 0) < 2 }
	g := start(t, rs, engine.Config{})
	walk(t, g, []step{
		{"activate m0", "brawl end move shoot"},
		{"move", "brawl end shoot"},
		{"end", "activate m2 activate m3 pass"},
		{"pass", "activate m0 activate m1 pass"},
		{"activate m0", "brawl end shoot"},        // a second turn: Move not again this round
		{"shoot", "activate m2 activate m3 pass"}, // two actions: the turn ends, B decides
	})
	if f := g.State().Count(0, 0); f != 2 {
		t.Errorf("fatigue %d, want 2", f)
	}
	walk(t, g, []step{
		{"pass", "activate m1 pass"}, // m0 is exhausted
		{"pass", "activate m1 pass"}, // both passed in a row: round 2, and fatigue stays
	})
	if g.State().Round != 2 {
		t.Errorf("round %d after both sides passed, want 2", g.State().Round)
	}
}

// Retyping: a Basic Shoot with a heavy weapon is a Double (N23 Unwieldy), and
// triggers key on the ID, not the type.
func TestRetype(t *testing.T) {
	shoot := act("shoot", "basic")
	shoot.TypeOf = func(s *engine.State, a engine.Action) string {
		if a.Option == 1 {
			return "double"
		}
		return "basic"
	}
	shoot.Options = func(s *engine.State, m int, add func(engine.Action)) {
		add(engine.Action{Target: engine.NoModel})
		add(engine.Action{Target: engine.NoModel, Option: 1})
	}
	rs := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"simple": 1, "basic": 1, "double": 2}}, act("move", "simple"), shoot)
	g := start(t, rs, engine.Config{})
	do(t, g, "activate m0")
	if got := len(g.Legal()); got != 4 { // end, move, shoot, shoot #1
		t.Fatalf("%d legal actions, want 4: %v", got, g.Legal())
	}
	do(t, g, "move")
	for _, a := range g.Legal() {
		if a.ID == "shoot" && a.Option == 1 {
			t.Error("the Double shoot is legal with one slot left")
		}
	}
}

// A Charge that forces a free Fight; a chain of activations; an extra
// activation; the engine's own actions refused with reasons.
func TestFollowUpChainExtra(t *testing.T) {
	charge := act("charge", "double")
	charge.Resolve = func(c *engine.Ctx, a engine.Action) { c.FollowUp("fight") }
	group := act("group", "single")
	group.Resolve = func(c *engine.Ctx, a engine.Action) { c.Chain(1) }
	team := act("teamwork", "single")
	team.Resolve = func(c *engine.Ctx, a engine.Action) { c.ExtraActivation() }
	rs := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1, "double": 2}}, charge, act("fight", "double"), group, team)
	g := start(t, rs, engine.Config{})
	walk(t, g, []step{
		{"activate m0", "charge end fight group teamwork"},
		{"charge", "fight"}, // forced, free, no End
		{"fight", "activate m2 activate m3"},
		{"activate m2", "charge end fight group teamwork"},
		{"teamwork", "end group"},
		{"end", "activate m3"}, // the extra activation: side B again
		{"activate m3", "charge end fight group teamwork"},
		{"end", "activate m1"},
	})
	g = start(t, rs, engine.Config{})
	walk(t, g, []step{{"activate m0", "charge end fight group teamwork"}, {"group", "end teamwork"}, {"end", "activate m1"}})

	var ill *engine.IllegalError
	for _, tc := range []struct{ a, reason string }{
		{"activate m2", "chained to activate next come first: [1]"},
		{"fight m1", "no model is active"}, // between activations
		{"nonsense", `no action "nonsense"`},
	} {
		a, _ := engine.ParseAction(tc.a)
		if err := g.Apply(a); !errors.As(err, &ill) || !strings.Contains(ill.Reason, tc.reason) {
			t.Errorf("%s: %v, want a reason mentioning %q", tc.a, err, tc.reason)
		}
	}
}

// A person's answers: the action waits with its state unchanged, wrong
// answers change nothing, and the fast path never re-runs an action.
func TestPromptsAndResume(t *testing.T) {
	runs := 0
	ask := act("ask", "single")
	ask.Resolve = func(c *engine.Ctx, a engine.Action) {
		runs++
		k := c.Choose(1, "which", "Which?", []string{"left", "right"})
		r := c.Roll(0, testD6, engine.BySide("Test roll"))
		c.State().Vars[0] = int32(10*k + r.Outcome)
	}
	rs := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, ask)
	rs.info.Vars = []string{"result"}

	// Bots and digital dice: one run.
	g := start(t, rs, engine.Config{Players: engine.Bots(2), Seed: 3})
	do(t, g, "activate m0")
	do(t, g, "ask")
	if runs != 1 || g.Pending() != nil {
		t.Fatalf("fast path: %d runs, pending %v", runs, g.Pending())
	}

	// People and physical dice: the action stops twice.
	runs = 0
	g = start(t, rs, engine.Config{Dice: engine.PhysicalDice})
	do(t, g, "activate m0")
	before := g.State().Clone()
	do(t, g, "ask")
	p := g.Pending()
	if p == nil || p.Kind != engine.ChoiceQ || p.Who != 1 || g.Decider() != 1 {
		t.Fatalf("want side 1's choice pending, got %+v", p)
	}
	if ok, why := before.Equal(g.State()); !ok {
		t.Fatalf("state changed while pending: %s", why)
	}
	var ae *engine.AnswerError
	if err := g.Answer(engine.DiceQ, engine.Reply{Faces: []string{"3"}}); !errors.As(err, &ae) {
		t.Errorf("dice for a choice: %v", err)
	}
	if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: 2}); !errors.As(err, &ae) || !strings.Contains(err.Error(), "allowed 0 to 1") {
		t.Errorf("choice out of range: %v", err)
	}
	if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: 1}); err != nil {
		t.Fatal(err)
	}
	if p := g.Pending(); p == nil || p.Kind != engine.DiceQ || p.Proc == nil {
		t.Fatalf("want the dice pending, got %+v", p)
	}
	if err := g.Answer(engine.DiceQ, engine.Reply{Faces: []string{"7"}}); !errors.As(err, &ae) || !strings.Contains(err.Error(), "allowed 1 to 6") {
		t.Errorf("face 7: %v", err)
	}
	if err := g.Answer(engine.DiceQ, engine.Reply{Faces: []string{"5"}}); err != nil {
		t.Fatal(err)
	}
	if g.Pending() != nil || g.State().Vars[0] != 10 || runs != 3 {
		t.Errorf("after answers: pending %v, result %d, runs %d (want none, 10, 3)", g.Pending(), g.State().Vars[0], runs)
	}
	e := g.Log().Entries[len(g.Log().Entries)-1]
	if e.Action.ID != "ask" || len(e.Answers) != 2 || !e.Answers[1].Typed || e.Answers[1].Faces[0] != 5 {
		t.Errorf("logged %+v", e)
	}
}

// testD6 is a D6 that passes on 4+.
var testD6 dice.Procedure = d6{}

type d6 struct{}

func (d6) Name() string       { return "d6-4+" }
func (d6) Outcomes() []string { return []string{"pass", "fail"} }
func (d6) Flags() []string    { return nil }
func (d6) Odds() dice.Dist    { return dice.NewDist(0, 1, 1) }
func (d6) Resolve(t *dice.Tray) (dice.Result, error) {
	r, err := t.Roll(dice.D6, "die")
	if err != nil {
		return dice.Result{}, err
	}
	if r.Value >= 4 {
		return dice.Result{Outcome: 0}, nil
	}
	return dice.Result{Outcome: 1}, nil
}

// A side may not act or answer on another side's decision.
func TestSeats(t *testing.T) {
	ask := act("ask", "single")
	ask.Resolve = func(c *engine.Ctx, a engine.Action) { c.Choose(1, "which", "Which?", []string{"a", "b"}) }
	g := start(t, newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, ask), engine.Config{})
	var se *engine.SeatError
	if err := g.ApplyAs(1, engine.Act(engine.Activate, 2)); !errors.As(err, &se) || !strings.Contains(err.Error(), "the decision belongs to A, not B") {
		t.Errorf("B acting on A's decision: %v", err)
	}
	if err := g.ApplyAs(0, engine.Act(engine.Activate, 0)); err != nil {
		t.Fatal(err)
	}
	if err := g.ApplyAs(0, engine.Act("ask", 0)); err != nil {
		t.Fatal(err)
	}
	if err := g.AnswerAs(0, engine.ChoiceQ, engine.Reply{Choice: 1}); !errors.As(err, &se) || g.Pending() == nil {
		t.Errorf("A answering B's question: %v", err)
	}
	if err := g.AnswerAs(1, engine.ChoiceQ, engine.Reply{Choice: 1}); err != nil || g.Pending() != nil {
		t.Errorf("B answering its own question: %v", err)
	}
}

// finisher ends the game on its first action, checks setups and records
// GameEnd calls.
type finisher struct {
	*probe
	ended int
}

func (f *finisher) GameEnd(c *engine.Ctx) {
	f.ended++
	c.Emit(engine.Event{Type: "report", Model: engine.NoModel, Other: engine.NoModel})
}
func (f *finisher) CheckSetup(su *engine.Setup) error {
	if su.Models[0].Base > 1 {
		return &engine.FieldError{Path: "models[0].base", Problem: "too wide for this probe"}
	}
	return nil
}

// Finisher runs once, however often EndGame is called; SetupChecker's
// error refuses the setup.
func TestFinisherAndSetupChecker(t *testing.T) {
	var f *finisher
	end := engine.ActionDef{ID: "finish", Name: "Finish", Type: "single", Resolve: func(c *engine.Ctx, a engine.Action) {
		c.EndGame(1)
		c.EndGame(0)
	}}
	f = &finisher{probe: newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, end)}
	g := start(t, f, engine.Config{Seed: 1})
	do(t, g, "activate m0")
	do(t, g, "finish")
	if !g.Over() || g.State().Winner != 1 || f.ended != 1 {
		t.Fatalf("over %v winner %d, GameEnd ran %d times; want over, 1, once", g.Over(), g.State().Winner, f.ended)
	}
	su := probeSetup()
	su.Models[0].Base = 2
	_, err := engine.New(f, su, engine.Config{Seed: 1})
	var fe *engine.FieldError
	if !errors.As(err, &fe) || fe.Path != "models[0].base" {
		t.Fatalf("setup checker error = %v, want a FieldError on models[0].base", err)
	}
}

// Links are symmetric and survive a JSON round trip by model ID.
func TestLinksRoundTrip(t *testing.T) {
	g := start(t, newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, act("wait", "single")), engine.Config{Seed: 1})
	s := g.State().Clone()
	s.Link(0, 3, true)
	s.Models[1].Gear = 5
	if !s.Linked(3, 0) || s.Linked(0, 1) {
		t.Fatal("Link is not symmetric")
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"links":["d"]`) {
		t.Errorf("links not written by ID: %s", data)
	}
	back, err := g.DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	if ok, why := back.Equal(s); !ok {
		t.Fatalf("round trip differs: %s", why)
	}
	bad := strings.Replace(string(data), `"links":["d"]`, `"links":["zz"]`, 1)
	if _, err := g.DecodeState([]byte(bad)); err == nil || !strings.Contains(err.Error(), "links") {
		t.Errorf("unknown linked model accepted: %v", err)
	}
	s.Link(3, 0, false)
	if s.Linked(0, 3) {
		t.Error("unlink is not symmetric")
	}
}

// Dice drawn for an action that is cancelled (undo while it waits) or
// refused (a measurement shows it illegal) are given up (issue 34): taken
// again, the action rolls new dice, so undo cannot be used to peek at the
// dice; the entry logged next records how many values of the stream were
// given up (Skip), and the save replays exactly. A save whose skip was
// edited rolls other dice and is refused; one past MaxSkip too.
func TestCancelAndRefuseDrawNew(t *testing.T) {
	roll := act("roll", "single")
	roll.Resolve = func(c *engine.Ctx, a engine.Action) {
		r := c.Roll(0, testD6, engine.For("Test roll", a.Actor, engine.NoModel))
		if !c.FactTrue(engine.Fact{Kind: engine.FactSight, A: 0, B: 2, Why: "Refused unless it sees"}) {
			c.Refuse("it cannot see")
		}
		c.State().Vars[0] = int32(r.Outcome + 1)
	}
	rs := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, roll)
	rs.info.Vars = []string{"result"}
	g := start(t, rs, engine.Config{Seed: 11})
	do(t, g, "activate m0")
	take := func() {
		do(t, g, "roll")
		if p := g.Pending(); p == nil || p.Fact.Kind != engine.FactSight || p.Text != "Refused unless it sees — the players measure: can a see c?" {
			t.Fatalf("pending %+v", p)
		}
	}
	take()
	before, n := g.State().Clone(), len(g.Log().Entries)
	if err := g.Undo(); err != nil { // cancel while it waits
		t.Fatal(err)
	}
	take()
	var ill *engine.IllegalError
	if err := g.Answer(engine.FactQ, engine.Reply{Value: 0}); !errors.As(err, &ill) || ill.Reason != "it cannot see" {
		t.Fatalf("refused: %v", err)
	}
	if ok, why := before.Equal(g.State()); !ok || len(g.Log().Entries) != n || g.Pending() != nil {
		t.Fatalf("a refused action changed the game: %s", why)
	}
	take()
	if err := g.Answer(engine.FactQ, engine.Reply{Value: 1}); err != nil {
		t.Fatal(err)
	}
	last := g.Log().Entries[len(g.Log().Entries)-1]
	if last.Skip < 2 {
		t.Fatalf("the entry after a cancel and a refusal skips %d values of the dice stream, want the two dice given up", last.Skip)
	}
	// The die is the stream's third after the start, not its first: a
	// fresh game's roll comes from the values the cancelled one gave up.
	fresh := start(t, rs, engine.Config{Seed: 11})
	do(t, fresh, "activate m0")
	do(t, fresh, "roll")
	if err := fresh.Answer(engine.FactQ, engine.Reply{Value: 1}); err != nil {
		t.Fatal(err)
	}
	if fresh.Log().Entries[len(fresh.Log().Entries)-1].Skip != 0 {
		t.Error("a game that gave up no dice skips some")
	}
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	load := func(data []byte) error {
		sv, err := engine.ReadSave(bytes.NewReader(data))
		if err != nil {
			return err
		}
		_, err = engine.Load(rs, probeSetup(), sv, nil)
		return err
	}
	if err := load(data); err != nil {
		t.Fatalf("the save does not replay: %v", err)
	}
	if sv, err := engine.ReadSave(bytes.NewReader(data)); err == nil {
		if g2, err := engine.Load(rs, probeSetup(), sv, nil); err != nil || g2.Verified().Skipped != last.Skip || g2.Verified().SkipEntries != 1 {
			t.Errorf("verified skips: %+v %v, want %d before 1 entry", g2.Verified(), err, last.Skip)
		}
	}
	// Dice are never given up before the start (issue 34 re-probe: a
	// forged skip chooses the dice).
	var sv map[string]any
	json.Unmarshal(data, &sv)
	sv["entries"].([]any)[0].(map[string]any)["skip"] = 3
	if forged, _ := json.Marshal(sv); load(forged) == nil || !strings.Contains(load(forged).Error(), "start entry skips no dice") {
		t.Errorf("a skip on the start entry: %v", load(forged))
	}
	skip := fmt.Sprintf(`"skip": %d`, last.Skip)
	if !bytes.Contains(data, []byte(skip)) {
		t.Fatalf("the save has no %s", skip)
	}
	for _, edit := range []string{`"skip": 0`, `"skip": 7`, fmt.Sprintf(`"skip": %d`, engine.MaxSkip+1)} {
		if err := load(bytes.Replace(data, []byte(skip), []byte(edit), 1)); err == nil {
			t.Errorf("a save with %s instead of %s loads", edit, skip)
		}
	}
}

// A strict game refuses to cancel an action waiting for an answer once its
// dice were rolled: undo must not be a way to roll again.
func TestStrictRefusesCancelAfterDice(t *testing.T) {
	roll := act("roll", "single")
	roll.Resolve = func(c *engine.Ctx, a engine.Action) {
		c.Roll(0, testD6, engine.For("Test roll", a.Actor, engine.NoModel))
		c.FactTrue(engine.Fact{Kind: engine.FactSight, A: 0, B: 2})
	}
	rs := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, roll)
	g := start(t, rs, engine.Config{Seed: 5, Dice: engine.PhysicalDice, Strict: true})
	do(t, g, "activate m0")
	do(t, g, "roll")
	if err := g.Undo(); err != nil { // nothing rolled yet: cancel is fine
		t.Fatalf("cancel before the dice: %v", err)
	}
	do(t, g, "roll")
	if err := g.Answer(engine.DiceQ, engine.Reply{Faces: []string{"2"}}); err != nil {
		t.Fatal(err)
	}
	var ue *engine.UndoError
	if err := g.Undo(); !errors.As(err, &ue) || g.Pending() == nil {
		t.Errorf("cancel after the dice in a strict game: %v, pending %v; want refused, still pending", err, g.Pending())
	}
}

// A side may concede at any decision: the game ends for the other side,
// the concession is logged and replays; a seat may undo only its own last
// action.
func TestConcedeAndUndoAs(t *testing.T) {
	rs := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, act("wait", "single"))
	g := start(t, rs, engine.Config{Seed: 2})
	do(t, g, "activate m0")
	do(t, g, "wait m0")
	var se *engine.SeatError
	if err := g.UndoAs(1); !errors.As(err, &se) {
		t.Errorf("side 1 undoing side 0's action: %v, want a SeatError", err)
	}
	if err := g.UndoAs(0); err != nil {
		t.Errorf("side 0 undoing its own action: %v", err)
	}
	if err := g.Concede(5); err == nil {
		t.Error("side 5 conceded")
	}
	if err := g.Concede(1); err != nil { // not side 1's decision: it may still give up
		t.Fatal(err)
	}
	if !g.Over() || g.State().Winner != 0 {
		t.Errorf("after side 1 concedes: over %v, winner %d; want side 0", g.Over(), g.State().Winner)
	}
	if err := g.Concede(0); !errors.Is(err, engine.ErrOver) {
		t.Errorf("conceding a finished game: %v", err)
	}
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		t.Fatal(err)
	}
	sv, err := engine.ReadSave(&buf)
	if err != nil {
		t.Fatal(err)
	}
	back, err := engine.Load(rs, probeSetup(), sv, nil)
	if err != nil {
		t.Fatalf("a conceded game does not replay: %v", err)
	}
	if !back.Over() || back.State().Winner != 0 {
		t.Error("the replayed concession did not end the game")
	}
}

// A game with physical dice draws none from the seed, so a save of one
// that says dice were given up is refused (issue 34 re-probe).
func TestPhysicalSkipsNothing(t *testing.T) {
	rs := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, act("wait", "single"))
	g := start(t, rs, engine.Config{Seed: 5, Dice: engine.PhysicalDice})
	do(t, g, "activate m0")
	do(t, g, "wait")
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		t.Fatal(err)
	}
	var sv map[string]any
	json.Unmarshal(buf.Bytes(), &sv)
	entries := sv["entries"].([]any)
	entries[len(entries)-1].(map[string]any)["skip"] = 2
	forged, _ := json.Marshal(sv)
	read, err := engine.ReadSave(bytes.NewReader(forged))
	if err != nil {
		t.Fatal(err)
	}
	var fe *engine.FieldError
	if _, err := engine.Load(rs, probeSetup(), read, nil); !errors.As(err, &fe) || !strings.Contains(fe.Problem, "physical dice") {
		t.Errorf("a skip in a game with physical dice: %v", err)
	}
}
