package n23

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// Rules fidelity to seed 002 ("Types Of Action"): each test names the
// seed's paragraph it holds the ruleset to.

// Seed 002, Simple Action: the same Simple action may be taken again, each
// time using one of the activation's actions (two Moves use both).
func TestSimpleActionRepeats(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0")
	h.WantLegal("aim charge end move shoot take-cover turn")
	h.Play("move m0")
	if h.S().Turn.Slots != 1 {
		t.Errorf("a Move left %d actions, want 1", h.S().Turn.Slots)
	}
	h.WantLegal("end move shoot take-cover") // Move again; no Double with one left; no Aim, no action left for a Shoot after it (rules.md §3.3)
	h.Play("move m0")
	h.WantLegal("activate:b activate:b2") // both actions used: the activation is over
}

// Seed 002, Basic Actions: a Basic action only once an activation.
func TestBasicActionOnce(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "aim m0")
	h.refused("aim m0", "w has taken Aim this activation already")
	h.WantLegal("end move shoot take-cover") // not Aim again
	// Take Cover once: the fighter is Prone afterwards anyway; Shoot once.
	h = two(t, nil)
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:1") // sight, arc, range, no cover; a miss
	h.refused("shoot m0 >m1 #0", "w has taken Shoot this activation already")
}

// Seed 002, Double Actions: a Double action counts as two; with one action
// left, or when the model can only perform one action this activation, it
// may not be taken.
func TestDoubleActionNeedsBoth(t *testing.T) {
	h := two(t, map[string]string{optDucts: "some"}) // a table with ductways
	h.Play("activate m0", "move m0")
	h.refused("charge m0 >m1", "Charge costs 2 and w has 1 left this activation")
	h.refused("crawl-through-ductway m0", "Crawl Through Ductway costs 2 and w has 1 left")

	// A model that can only perform one action this activation (the counter
	// "actions" at 1, for the effects that do that): no Double at all.
	h = table(t, nil, with(ganger("w", 0), func(m *engine.ModelSetup) { m.Counters = map[string]int{"actions": 1} }), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	h.WantLegal("end move shoot take-cover turn") // no Aim either: no action would be left to Shoot
	h.refused("charge m0 >m1", "Charge costs 2 and w has 1 left this activation")
	h.Play("move m0")
	h.WantLegal("activate:b activate:b2")

	// Both actions free: the Double takes them both.
	h = two(t, nil)
	h.Play("activate m0", "charge m0 >m1", "f:1", "d:2", "f:0") // sees b; D3 = 1; does not reach
	h.WantLegal("activate:b activate:b2")
}

// Seed 002, Free Actions: a Free action costs no action, is taken once,
// and may not share its name with a Basic action taken this activation, in
// either order. quick-draw's free Shoot and the Basic Shoot are both
// "Shoot".
func TestFreeActionNameClash(t *testing.T) {
	h := table(t, nil, pistolero("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	h.WantLegal("aim charge end move shoot shoot-free take-cover turn")
	h.Play("shoot-free m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:1", "d:2") // a miss; the firepower die shows 1 bullet, no ammo symbol
	if h.S().Turn.Slots != 2 || h.S().Turn.Actions != 1 {
		t.Errorf("after the free Shoot: %d slots, %d actions; want 2 and 1", h.S().Turn.Slots, h.S().Turn.Actions)
	}
	h.refused("shoot m0 >m1 #0", "a basic action may not share its name (Shoot) with a free action taken this activation")
	h.refused("shoot-free m0 >m1 #0", "w has taken Shoot this activation already")
	h.WantLegal("charge end move take-cover turn") // a Double still fits, and a turn; no Aim: no Shoot could follow it

	// The other order: the Basic Shoot first, then the free one is refused.
	h = table(t, nil, pistolero("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:1", "d:2")
	h.refused("shoot-free m0 >m1 #0", "a free action may not share its name (Shoot) with a basic action taken this activation")
}

// Seed 002, Free Actions with Changing Action Type: what applies to a
// Basic action applies to it whatever its type, so the Shoot that Unwieldy
// made a Double action still shares its name with the free Shoot, in
// either order.
func TestFreeActionClashesWithRetypedShoot(t *testing.T) {
	h := table(t, nil, gunslinger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot-free m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:1", "d:2") // a miss; 1 bullet
	h.refused("shoot m0 >m1 #1", "a basic action, even made a double one, may not share its name (Shoot) with a free action taken this activation")
	h.WantLegal("charge end move take-cover turn")

	// The Unwieldy Shoot first: it takes both actions, and the free Shoot,
	// which would cost none, clashes with it; the activation is over.
	h = table(t, nil, gunslinger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot m0 >m1 #1", "f:1", "f:1", "f:1", "f:0", "d:1", "d:2") // a miss; 1 bullet
	h.WantLegal("activate:b activate:b2")
}

// Seed 002, Simple and Basic Actions: the first action is fully resolved
// before the second is declared. A Reload's Ammo check is answered before
// anything else may be declared, and what follows depends on it: failed,
// Reload (Simple) may be tried again; passed, the weapon may Shoot.
func TestFirstActionResolvedBeforeSecond(t *testing.T) {
	h := table(t, nil, pistolero("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.S().Models[0].Gear = 1 // the laspistol is Out of Ammo
	h.Play("activate m0")
	h.WantLegal("charge end move reload take-cover turn")
	h.Play("reload m0 #0")
	h.WantAsks("dice n23-test {Target:4 Mods:[] Save:false}")
	if err := h.G.Apply(engine.Act("move", 0)); !errors.Is(err, engine.ErrPending) {
		t.Fatalf("declaring a second action while the first waits for its Ammo check: %v", err)
	}
	h.Play("d:3") // fails: still Out of Ammo
	h.WantLegal("end move reload take-cover")
	h.Play("reload m0 #0", "d:4") // the Simple Reload again; passes
	h.WantLegal("end shoot-free") // both actions used; the free Shoot costs none
	if h.S().Models[0].Gear != 0 {
		t.Error("the second Reload passed but the laspistol is still Out of Ammo")
	}
}

// Seed 002, Changing Facing: a Standing fighter may turn when activated,
// before either action; the turn is not a move nor an action, so any
// action, a Double too, may follow. Once one of its actions is taken it is
// too late; a Free action is not one of them (Free Actions).
func TestTurnBeforeActions(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "turn m0")
	if h.S().Turn.Slots != 2 || h.S().Turn.Actions != 0 {
		t.Errorf("after turning: %d slots, %d actions; want 2 and 0", h.S().Turn.Slots, h.S().Turn.Actions)
	}
	h.WantLegal("aim charge end move shoot take-cover") // no second turn
	h.Play("charge m0 >m1", "f:1", "d:4", "f:0")
	h.WantLegal("activate:b activate:b2")

	h = two(t, nil)
	h.Play("activate m0", "move m0")
	h.refused("turn m0", "Turn is taken only when w's activation starts, before its actions")

	// A Free action is neither of the fighter's two actions: it may still
	// turn after one, and then take both its actions.
	h = table(t, nil, pistolero("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot-free m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:1", "d:2") // a miss; 1 bullet
	h.WantLegal("charge end move take-cover turn")
	h.Play("turn m0")
	h.WantLegal("charge end move take-cover")
	h.Play("charge m0 >m1", "f:1", "d:4", "f:0") // a Double still fits
	h.WantLegal("activate:b activate:b2")
}

// Seed 002, Changing Facing: a Standing and Engaged fighter that turns
// takes a negative modifier on its Hit rolls (−1 by default, the N23
// Close Combat page's turn to face). w, Engaged with b, turns and Fights:
// its hit roll is at −1. Without turning it is at 0.
func TestTurnWhileEngagedPenalty(t *testing.T) {
	engagedPair := func() *harness {
		return table(t, nil, ganger("w", 0), with(ganger("b", 1), func(m *engine.ModelSetup) { m.Engaged = []string{"w"} }), ganger("w2", 0), ganger("b2", 1))
	}
	h := engagedPair()
	h.WantStatus("w", "standing/engaged", "b", "standing/engaged")
	h.Play("activate m0", "turn m0")
	if got := h.Events("turned-engaged"); len(got) != 1 {
		t.Errorf("events %v, want turned-engaged", got)
	}
	h.Play("fight m0 >m1", "f:1") // b is within w's vision arc: no further turn
	h.WantAsks("dice n23-test {Target:4 Mods:[-1] Save:false}")

	h = engagedPair()
	h.Play("activate m0", "fight m0 >m1", "f:1")
	h.WantAsks("dice n23-test {Target:4 Mods:[] Save:false}")

	// The Turn on offer says what it costs (issue 12); once taken, the log
	// no longer warns.
	h = engagedPair()
	h.Play("activate m0")
	turn := engine.Act("turn", 0)
	if got, want := engine.ActionText(h.S(), turn), "Turn w (to face any way; Engaged: −1 on its hit rolls this activation)"; got != want {
		t.Errorf("the Turn on offer reads %q, want %q", got, want)
	}
	h.Play("turn m0")
	if got, want := engine.ActionText(h.S(), turn), "Turn w (to face any way)"; got != want {
		t.Errorf("the Turn taken reads %q, want %q", got, want)
	}

	// With the option at -2, the penalty is −2.
	h = table(t, map[string]string{optTurnPenalty: "-2"}, ganger("w", 0), with(ganger("b", 1), func(m *engine.ModelSetup) { m.Engaged = []string{"w"} }), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	if got := engine.ActionText(h.S(), engine.Act("turn", 0)); !strings.Contains(got, "Engaged: −2 on its hit rolls") {
		t.Errorf("the Turn on offer reads %q, want the −2", got)
	}
	h.Play("turn m0", "fight m0 >m1", "f:1")
	h.WantAsks("dice n23-test {Target:4 Mods:[-2] Save:false}")
}

// Seed 002, Changing Facing: the penalty is for turning while Standing
// and Engaged. A fighter that is not Engaged turns freely: its Shoot after
// the turn has no modifier.
func TestTurnWhileActiveCostsNothing(t *testing.T) {
	h := two(t, nil)
	h.WantStatus("w", "standing/active")
	h.Play("activate m0")
	if got, want := engine.ActionText(h.S(), engine.Act("turn", 0)), "Turn w (to face any way)"; got != want {
		t.Errorf("the Turn of a fighter not Engaged reads %q, want %q", got, want)
	}
	h.Play("turn m0")
	if h.S().Has(0, cTurned) || len(h.Events("turned-engaged")) != 0 {
		t.Error("a fighter not Engaged took the turn penalty")
	}
	h.Play("shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0") // sight, arc, range; no cover
	h.WantAsks("dice n23-test {Target:4 Mods:[] Save:false}")
}

// Seed 002, Changing Facing: the penalty for turning while Engaged is on
// the hit rolls of that activation, no later one: w turns and ends its
// activation; next round it Fights b without turning, at no penalty.
func TestTurnPenaltyEndsWithActivation(t *testing.T) {
	h := table(t, nil, ganger("w", 0), with(ganger("b", 1), func(m *engine.ModelSetup) { m.Engaged = []string{"w"} }), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "turn m0")
	if !h.S().Has(0, cTurned) {
		t.Fatal("w turned while Engaged without the penalty")
	}
	h.Play("end m0", "activate m1", "end m1", "activate m2", "end m2", "activate m3", "end m3")
	h.Play("d:6", "d:1")                         // round 2's Priority roll: the Lamplighters
	h.Play("activate m0", "fight m0 >m1", "f:1") // b is within w's vision arc: no turn
	h.WantAsks("dice n23-test {Target:4 Mods:[] Save:false}")
}

// Seed 002, Changing Facing: a Prone fighter has no facing (no turn, no
// vision arc: no Shoot) and chooses a facing when it stands. On a board
// Stand Up faces the enemy its player picks.
func TestProneHasNoFacing(t *testing.T) {
	pts := [][2]float32{{5, 5}, {1, 12}, {20, 5}, {20, 20}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.ForceBoth("w", prone, pinned)
	h.Play("activate m0")
	h.WantLegal("blind-fire crawl end stand-up")
	h.Play("stand-up m0 >m3") // face b2, away to the east
	if got, want := int(h.S().Models[0].Counters[cFacing]), heading(5, 5, 20, 20); got != want {
		t.Errorf("stood up facing %d°, want %d° (towards b2)", got, want)
	}
	h.WantStatus("w", "standing/active")
	// Facing b2 at 45°, b (at about 120°) is outside a 90° arc: w may not
	// shoot it, but may shoot b2.
	for _, a := range h.G.Legal() {
		if a.ID == "shoot" && a.Target == 1 {
			t.Errorf("%s is legal: b is outside w's vision arc", a)
		}
	}
	h.WantLegal("end move shoot take-cover") // Stand Up was Basic; shoot b2 (no Aim: nothing left to Shoot after it)
}

// Seed 002, Changing Action Type: Unwieldy makes Shoot a Double action. At
// the start of the activation it takes both actions; after a Move it is
// refused.
func TestUnwieldyShootIsDouble(t *testing.T) {
	h := table(t, nil, heavy("g", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "move m0")
	h.refused("shoot m0 >m1 #0", "Shoot costs 2 and g has 1 left this activation")
	h = table(t, nil, heavy("g", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:1", "d:2") // a miss; firepower 1 bullet
	h.WantLegal("activate:b activate:b2")

	// What a Shoot does, it does as a Double too: the hit Pins the target.
	h = table(t, nil, heavy("g", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:4", "d:1", "d:1") // a hit, 1 bullet; no wound
	h.WantStatus("b", "prone/pinned")
}

// Seed 002, Changing Action Type: an effect that applies to an action
// applies whatever its type. Aim gives +1 to the next Shoot: the Basic one,
// and the free one too.
func TestAimAppliesWhateverTheType(t *testing.T) {
	for _, shoot := range []string{"shoot", "shoot-free"} {
		h := table(t, nil, pistolero("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
		h.Play("activate m0", "aim m0", shoot+" m0 >m1 #0", "f:1", "f:1", "f:1", "f:0")
		h.WantAsks("dice n23-test {Target:4 Mods:[1] Save:false}")
	}
}

// Seed 002, Basic Actions: when the first action is a Basic one, it is
// fully resolved before the second is declared. w, Engaged with b,
// Retreats (Basic): nothing may be declared while its Initiative test
// waits, and what w may do next depends on how it ended: passed and moved
// away, w is Active and may Move, Shoot or Take Cover; failed, it is still
// Engaged and may Fight. Shoot (Basic) likewise waits for its dice.
func TestBasicFirstActionResolvedBeforeSecond(t *testing.T) {
	engagedPair := func() *harness {
		return table(t, nil, ganger("w", 0), with(ganger("b", 1), func(m *engine.ModelSetup) { m.Engaged = []string{"w"} }), ganger("w2", 0), ganger("b2", 1))
	}
	for _, tc := range []struct {
		name  string
		dice  []string
		state string
		next  string
	}{
		{"passed", []string{"d:4", "d:3"}, "standing/active", "end move shoot take-cover"},
		{"failed", []string{"d:3"}, "standing/engaged", "end fight"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := engagedPair()
			h.Play("activate m0", "retreat m0")
			h.WantAsks("dice n23-test {Target:4 Mods:[] Save:false}")
			if err := h.G.Apply(engine.Act("end", 0)); !errors.Is(err, engine.ErrPending) {
				t.Fatalf("declaring a second action while the Retreat waits for its Initiative test: %v", err)
			}
			h.Play(tc.dice...)
			h.WantStatus("w", tc.state)
			if h.S().Turn.Slots != 1 {
				t.Errorf("after the Retreat: %d actions left, want 1", h.S().Turn.Slots)
			}
			h.WantLegal(tc.next)
		})
	}
	h := two(t, nil)
	h.Play("activate m0", "shoot m0 >m1 #0", "f:1", "f:1", "f:1", "f:0") // sight, arc, range; no cover
	if err := h.G.Apply(engine.Act("move", 0)); !errors.Is(err, engine.ErrPending) {
		t.Fatalf("declaring a second action while the Shoot waits for its hit roll: %v", err)
	}
	h.Play("d:1") // a miss
	h.WantLegal("end move take-cover")
}

// rules.md §3.3, Aim (Basic): +1 to hit on the model's next Shoot this
// activation, its only effect; an Aim no Shoot can follow is not offered,
// and saying Aim says why (the package doc's choice): no action left for a
// Shoot after it (after a Move; with only an Unwieldy weapon, whose Shoot
// takes both), the Shoot taken already, or no enemy it may shoot (on a
// board, none in its vision arc). quick-draw's free Shoot can follow an
// Aim with one action left.
func TestAimOnlyWhenAShootCanFollow(t *testing.T) {
	unavailable := func(h *harness) string {
		for _, r := range h.G.Unavailable() {
			if r.Action.ID == "aim" {
				return r.Reason
			}
		}
		return ""
	}
	for _, tc := range []struct {
		name string
		h    func() *harness
		play []string
		why  string
	}{
		{"one action left", func() *harness { return two(t, nil) }, []string{"activate m0", "move m0"},
			"no Shoot could follow it: it would have no action left for one"},
		{"an Unwieldy weapon's Shoot takes both", func() *harness {
			return table(t, nil, heavy("g", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
		}, []string{"activate m0"}, "no Shoot could follow it: it would have no action left for one"},
		{"the Shoot taken", func() *harness {
			return table(t, nil, pistolero("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
		}, []string{"activate m0", "shoot-free m0 >m1 #0", "f:1", "f:1", "f:1", "f:0", "d:1", "d:2"},
			"no Shoot could follow it: it has taken its Shoot this activation"},
		{"nobody in the arc", func() *harness {
			h := onBoard(t, nil, nil, [][2]float32{{5, 5}, {5, 15}, {20, 5}, {20, 20}}, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
			h.S().Models[0].Counters[cFacing] = 225 // away from both enemies
			return h
		}, []string{"activate m0"}, "no Shoot could follow it: no enemy it may shoot now"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := tc.h()
			h.Play(tc.play...)
			if slices.ContainsFunc(h.G.Legal(), func(a engine.Action) bool { return a.ID == "aim" }) {
				t.Fatalf("Aim is offered: %s", h.Legal())
			}
			h.refused("aim m0", tc.why)
			if got := unavailable(h); !strings.Contains(got, tc.why) {
				t.Errorf("why aim: %q, want %q", got, tc.why)
			}
		})
	}

	// With one action left, quick-draw's free Shoot may still follow an
	// Aim, and takes its +1.
	h := table(t, nil, pistolero("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "move m0", "aim m0", "shoot-free m0 >m1 #0", "f:1", "f:1", "f:1", "f:0")
	h.WantAsks("dice n23-test {Target:4 Mods:[1] Save:false}")
}
