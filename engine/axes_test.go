package engine_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// Opening actions (ActionDef.Opening): seed 002, Changing Facing — a
// Standing fighter may turn when it is activated, before either of its
// actions; the turn is not an action and can go with any action. So an
// opening action is legal only before the activation's first action, costs
// no slot, is not counted, and is taken once.
func TestOpeningAction(t *testing.T) {
	eco := engine.Economy{Slots: 2, Cost: map[string]int{"simple": 1, "basic": 1, "double": 2, "free": 0},
		Repeatable: []string{"simple"}, Clash: [][2]string{{"free", "basic"}}}
	turn := act("turn", "turn") // no cost needed: it is not an action
	turn.Opening = true
	rs := newProbe(eco, act("move", "simple"), act("charge", "double"), turn)
	g := start(t, rs, engine.Config{})
	walk(t, g, []step{
		{"activate m0", "charge end move turn"},
		{"turn", "charge end move"}, // once; still both slots for a Double
	})
	if tn := g.State().Turn; tn.Slots != 2 || tn.Actions != 0 {
		t.Errorf("after the turn: %d slots, %d actions; want 2 and 0", tn.Slots, tn.Actions)
	}
	walk(t, g, []step{{"charge", "activate m2 activate m3"}})

	// After the first action it is too late, and the refusal says why.
	g = start(t, rs, engine.Config{})
	walk(t, g, []step{{"activate m0", "charge end move turn"}, {"move", "end move"}})
	var ill *engine.IllegalError
	err := g.Apply(engine.Act("turn", 0))
	if !errors.As(err, &ill) || !strings.Contains(ill.Reason, "only when a's activation starts, before its actions") {
		t.Errorf("a late turn: %v", err)
	}
	if info := rs.Info(); len(info.Economy.Cost) == 0 {
		t.Fatal("the probe has costs: the check that an opening action needs none is not exercised")
	}

	// A Free action is none of the activation's actions: the opening
	// action may still follow it, and a Double after that.
	rs = newProbe(eco, act("move", "simple"), act("charge", "double"), act("snap", "free"), turn)
	walk(t, start(t, rs, engine.Config{}), []step{
		{"activate m0", "charge end move snap turn"},
		{"snap", "charge end move turn"},
		{"turn", "charge end move"},
		{"charge", "activate m2 activate m3"},
	})
}

// Barred says why the action economy refuses what is not on offer: seed
// 002's name clash between a Free and a Basic action, a Double with one
// action left, a Basic taken already.
func TestBarred(t *testing.T) {
	eco := engine.Economy{Slots: 2, Cost: map[string]int{"simple": 1, "basic": 1, "double": 2, "free": 0},
		Repeatable: []string{"simple"}, Clash: [][2]string{{"free", "basic"}}}
	snap := act("snap", "free")
	snap.Name, snap.Family = "Shoot", "shoot"
	rs := newProbe(eco, act("move", "simple"), act("shoot", "basic"), snap, act("charge", "double"))
	g := start(t, rs, engine.Config{})
	if b := g.Barred(); b != nil {
		t.Errorf("between activations: %v", b)
	}
	do(t, g, "activate m0")
	do(t, g, "snap")
	do(t, g, "move")
	var got []string
	for _, r := range g.Barred() {
		got = append(got, r.Text+": "+r.Reason)
	}
	want := []string{
		"Charge a: Charge costs 2 and a has 1 left this activation",
		"Shoot a: a basic action may not share its name (Shoot) with a free action taken this activation",
		"Shoot a: a has taken Shoot this activation already",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("barred:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Seed 002, Changing Action Type: what applies to an action applies
// whatever its type, so a Basic Shoot that an effect made a Double (N23's
// Unwieldy) still may not share its name with a Free Shoot, in either
// order; and the refusal says why.
func TestClashKeepsDeclaredType(t *testing.T) {
	eco := engine.Economy{Slots: 2, Cost: map[string]int{"simple": 1, "basic": 1, "double": 2, "free": 0},
		Repeatable: []string{"simple"}, Clash: [][2]string{{"free", "basic"}}}
	heavy := act("shoot", "basic")
	heavy.TypeOf = func(*engine.State, engine.Action) string { return "double" }
	snap := act("snap", "free")
	snap.Name, snap.Family = "Shoot", "shoot"
	rs := newProbe(eco, act("move", "simple"), heavy, snap)
	walk(t, start(t, rs, engine.Config{}), []step{
		{"activate m0", "end move shoot snap"},
		{"snap", "end move"}, // the Double Shoot is a Basic one for the clash
	})
	g := start(t, rs, engine.Config{})
	walk(t, g, []step{{"activate m0", "end move shoot snap"}, {"snap", "end move"}})
	var ill *engine.IllegalError
	want := "a basic action, even made a double one, may not share its name (Shoot) with a free action taken this activation"
	if err := g.Apply(engine.Act("shoot", 0)); !errors.As(err, &ill) || ill.Reason != want {
		t.Errorf("the Double Shoot after the Free one: %v, want %q", err, want)
	}
	walk(t, start(t, rs, engine.Config{}), []step{
		{"activate m0", "end move shoot snap"},
		{"shoot", "activate m2 activate m3"}, // both actions: the activation is over
	})
	// The other order, with slots to spare: give the Double one slot.
	eco.Cost = map[string]int{"simple": 1, "basic": 1, "double": 1, "free": 0}
	rs = newProbe(eco, act("move", "simple"), heavy, snap)
	walk(t, start(t, rs, engine.Config{}), []step{
		{"activate m0", "end move shoot snap"},
		{"shoot", "end move"}, // the Free Shoot clashes with the Basic one made Double
	})
}

// ActionType is an action's type now, as the economy sees it: TypeOf's
// for a retyped action, else its Type; none for the engine's own actions.
func TestActionType(t *testing.T) {
	heavy := act("shoot", "basic")
	heavy.TypeOf = func(s *engine.State, a engine.Action) string {
		if a.Option == 1 {
			return "double"
		}
		return "basic"
	}
	rs := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"simple": 1, "basic": 1, "double": 2}}, act("move", "simple"), heavy)
	s := start(t, rs, engine.Config{}).State()
	for a, want := range map[engine.Action]string{
		engine.Act("move", 0):           "simple",
		engine.Act("shoot", 0):          "basic",
		engine.Act("shoot", 0).With(1):  "double",
		engine.Act(engine.End, 0):       "",
		engine.Act(engine.Activate, 0):  "",
		engine.Act("no-such-action", 0): "",
	} {
		if got := engine.ActionType(s, a); got != want {
			t.Errorf("ActionType(%s) = %q, want %q", a, got, want)
		}
	}
}

// A second status axis (Info.Secondary): set by rules with an event, read
// back from JSON by name, validated in setups, summarized for odds, shown
// by Script as "status/secondary".
func TestSecondaryStatus(t *testing.T) {
	pin := act("pin", "single")
	pin.Resolve = func(c *engine.Ctx, a engine.Action) { c.SetSecondary(a.Actor, 1) }
	rs := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, pin)
	rs.info.Statuses = []string{"standing", "prone"}
	rs.info.Secondary = []string{"active", "pinned"}
	su := probeSetup()
	su.Models[1].Status, su.Models[1].Secondary = "prone", "pinned"
	g, err := engine.New(rs, su, engine.Config{Dice: engine.PhysicalDice})
	if err != nil {
		t.Fatal(err)
	}
	h := &enginetest.Script{T: t, G: g}
	h.WantStatus("a", "standing/active", "b", "prone/pinned")
	before := g.State().Clone()
	h.Play("activate m0", "pin m0")
	h.WantStatus("a", "standing/pinned")
	if ev := h.Events("secondary"); len(ev) != 1 || ev[0] != "secondary a" {
		t.Errorf("events %v, want one secondary event for a", ev)
	}
	if label, score := engine.DefaultSummary(before, g.State(), 1); label != "m0 pinned" || score != 1 {
		t.Errorf("summary %q %d, want \"m0 pinned\" 1 (side 1's view: an enemy worse off)", label, score)
	}
	data, err := json.Marshal(g.State())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"status":"standing","secondary":"pinned"`) {
		t.Errorf("JSON %s does not name the secondary status", data)
	}
	back, err := g.DecodeState(data)
	if err != nil {
		t.Fatal(err)
	}
	if ok, why := back.Equal(g.State()); !ok {
		t.Fatalf("round trip: %s", why)
	}
	bad := strings.Replace(string(data), `"secondary":"pinned"`, `"secondary":"dazed"`, 1)
	if _, err := g.DecodeState([]byte(bad)); err == nil || !strings.Contains(err.Error(), "models[0].secondary") {
		t.Errorf("an unknown secondary status decoded: %v", err)
	}

	for _, tc := range []struct{ secondary, want string }{
		{"dazed", `models[0].secondary: "dazed" is not a secondary status of probe; allowed active, pinned`},
	} {
		su := probeSetup()
		su.Models[0].Secondary = tc.secondary
		if _, err := engine.New(rs, su, engine.Config{}); err == nil || err.Error() != tc.want {
			t.Errorf("secondary %q: %v, want %s", tc.secondary, err, tc.want)
		}
	}
	// A ruleset with one status axis refuses a secondary status, and its
	// JSON has none.
	one := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, act("wait", "single"))
	su = probeSetup()
	su.Models[2].Secondary = "pinned"
	if _, err := engine.New(one, su, engine.Config{}); err == nil || !strings.Contains(err.Error(), "models[2].secondary: probe has no secondary status") {
		t.Errorf("a secondary status for a ruleset without: %v", err)
	}
	g = start(t, one, engine.Config{})
	if data, _ := json.Marshal(g.State()); strings.Contains(string(data), "secondary") {
		t.Errorf("one-axis JSON mentions a secondary status: %s", data)
	}
	if _, err := g.DecodeState([]byte(strings.Replace(string(data), `"status":"ok"`, `"status":"ok","secondary":"x"`, 1))); err == nil {
		t.Error("a one-axis state decoded with a secondary status")
	}
}

// FactArc at a table: the players are asked, in words, whether a model is
// within another's vision arc.
func TestFactArcPrompt(t *testing.T) {
	look := act("look", "single")
	look.Resolve = func(c *engine.Ctx, a engine.Action) {
		c.FactTrue(engine.Fact{Kind: engine.FactArc, A: a.Actor, B: 2, Inches: 90, Why: "A shot needs its target in the vision arc"})
	}
	g := start(t, newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, look), engine.Config{})
	do(t, g, "activate m0")
	do(t, g, "look")
	p := g.Pending()
	want := "A shot needs its target in the vision arc — the players measure: is any part of c within a's vision arc (90° centred on the way a faces)?"
	if p == nil || p.Text != want || p.Who != engine.Anyone || !p.Fact.Boolean() {
		t.Fatalf("prompt %+v,\nwant %q", p, want)
	}
	if got := p.Fact.String(); got != "is m2 within m0's 90° vision arc" {
		t.Errorf("String %q", got)
	}
}

// Unavailable lists what Barred leaves out: an action the rules do not
// make available to the active model now (with its When), and one with no
// option to take now; nothing between activations, nothing on offer and
// nothing the economy alone refuses.
func TestUnavailable(t *testing.T) {
	eco := engine.Economy{Slots: 1, Cost: map[string]int{"simple": 1, "double": 2}}
	aim := act("aim", "simple")
	aim.When = "a model that is not pinned"
	aim.Available = func(s *engine.State, m int) bool { return false }
	shoot := act("shoot", "simple")
	shoot.When = "a target in sight"
	shoot.Options = func(*engine.State, int, func(engine.Action)) {} // nobody to shoot
	// Two definitions of one name are told apart by their types, two of
	// one name and type by their ids (rulesets/n23: Shoot, basic and free).
	snap := act("snap", "double")
	snap.Name, snap.When = "Shoot", "a quick-draw skill"
	snap.Available = func(s *engine.State, m int) bool { return false }
	volley, salvo := act("volley", "simple"), act("salvo", "simple")
	volley.Name, salvo.Name = "Volley", "Volley"
	volley.Available = func(s *engine.State, m int) bool { return false }
	salvo.Available = volley.Available
	rs := newProbe(eco, act("move", "simple"), aim, shoot, act("charge", "double"), snap, volley, salvo)
	g := start(t, rs, engine.Config{})
	if u := g.Unavailable(); u != nil {
		t.Errorf("between activations: %v", u)
	}
	do(t, g, "activate m0") // Charge costs more than the one action: Barred's, not Unavailable's
	var got []string
	for _, r := range g.Unavailable() {
		got = append(got, r.Action.ID+" | "+r.Text+": "+r.Reason)
	}
	want := []string{
		"aim | Aim a: not available to it now (a model that is not pinned)",
		"salvo | Volley (salvo) a: not available to it now (see the rules)",
		"shoot | Shoot (simple) a: nothing to take it against now (a target in sight)",
		"snap | Shoot (double) a: not available to it now (a quick-draw skill)",
		"volley | Volley (volley) a: not available to it now (see the rules)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("unavailable:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(g.Barred()) != 1 || g.Barred()[0].Action.ID != "charge" {
		t.Errorf("barred %v, want the Charge alone", g.Barred())
	}
}
