package n26

import (
	"slices"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// rules.md §2.3.3, Priority: each player rolls a D6, the highest has
// Priority and activates first; in round 1 a tie is rolled again.
func TestPriorityRound1(t *testing.T) {
	su := &engine.Setup{Rounds: 2, Mode: "table", Sides: []engine.SideSetup{{Name: "Wardens"}, {Name: "Breakers"}},
		Models: []engine.ModelSetup{ganger("w", 0), ganger("b", 1)}}
	g, err := engine.New(New(), su, engine.Config{Seed: 1, Dice: engine.PhysicalDice})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{&enginetest.Script{T: t, G: g}}
	h.Play("d:3", "d:3")
	h.WantAsks("dice n26-d6 {Game:n26}") // the tie is rolled again
	h.Play("d:2", "d:5")
	h.WantLegal("activate:b")
}

// rules.md §2.3.3: after round 1, a tie goes to the player who did not have
// Priority last round; the round's Ready markers come back.
func TestPriorityTieGoesToOtherPlayer(t *testing.T) {
	h := two(t, nil) // the Wardens won round 1's roll
	h.Play("activate m0", "end m0", "activate m1", "end m1", "activate m2", "end m2", "activate m3", "end m3")
	h.WantAsks("dice n26-d6 {Game:n26}") // round 2's Priority roll (no Bottle checks: nobody fell)
	h.Play("d:4", "d:4")
	h.WantLegal("activate:b activate:b2")
	if h.S().Round != 2 {
		t.Errorf("round %d, want 2", h.S().Round)
	}
}

// rules.md §2.3.3, End phase: a gang that lost a model this round takes a
// Bottle check on its best Leadership; failed, its player picks a model to
// flee, two on a natural 12, Engaged ones only if all are; then a gang with
// a third of its crew gone may flee the battle and lose.
func TestBottleCheck(t *testing.T) {
	h := table(t, nil, ganger("w", 0), ganger("b", 1), ganger("w2", 0),
		with(ganger("b2", 1), func(m *engine.ModelSetup) { m.Profile[sLd] = 8 }), ganger("b3", 1), ganger("b4", 1))
	h.Force("b", seriouslyInjured)
	h.S().Link(2, 3, true)
	h.Force("w2", engaged)
	h.Force("b2", engaged)
	h.Play("activate m0", "coup-de-grace m0 >m1", "f:1", "d:6", "d:1", "f:0", "f:0", "end m0") // Nerve: b3, b4 (b2 is Engaged)
	for _, m := range []string{"m3", "m2", "m4", "m5"} {
		h.Play("activate "+m, "end "+m)
	}
	h.WantAsks("dice n26-bottle {Value:8}") // b2's Leadership, the best left
	h.Play("d:6 6")
	if p := h.G.Pending(); p == nil || !slices.Equal(p.Options, []string{"b3", "b4"}) {
		t.Fatalf("flee options %v, want b3 b4 (b2 is Engaged)", p)
	}
	h.Play("c:b3", "c:b4")
	h.WantAsks("choice concede")
	h.Play("c:fight-on", "d:6", "d:1") // and round 2's Priority roll
	h.WantStatus("b3", "gone", "b4", "gone", "b2", "engaged")
	if !h.S().Has(h.Model("b3"), cFled) {
		t.Error("b3 did not flee")
	}
	// Conceding ends the game, lost.
	h = table(t, nil, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Force("b", seriouslyInjured)
	h.Play("activate m0", "coup-de-grace m0 >m1", "f:1", "d:6", "d:1", "f:0", "end m0", "activate m3", "end m3", "activate m2", "end m2")
	h.Play("d:1 1", "c:flee", "d:3 3") // passed the Bottle check, then fled: b's lasting roll
	if !h.G.Over() || h.S().Winner != 0 {
		t.Errorf("over %v winner %d, want the Wardens' win", h.G.Over(), h.S().Winner)
	}
}

// rules.md §2.3.7: Beasts' Leadership counts for the Bottle check only when
// every model left is a Beast.
func TestBottleIgnoresBeasts(t *testing.T) {
	hound := with(ganger("hound", 1, "beast"), func(m *engine.ModelSetup) { m.Profile[sLd] = 9 })
	h := table(t, nil, ganger("w", 0), ganger("b", 1), ganger("w2", 0), hound, ganger("b3", 1))
	h.Force("b", seriouslyInjured)
	h.Play("activate m0", "coup-de-grace m0 >m1", "f:1", "d:6", "d:1", "f:0", "f:0", "end m0")
	h.Play("activate m3", "end m3", "activate m2", "end m2", "activate m4", "end m4")
	h.WantAsks("dice n26-bottle {Value:6}")
}

// rules.md §2.3.3, §2.3.9: when the last round ends, the gang with more
// models standing wins (no objectives at a table); every model taken Out of
// Action rolls on the lasting table (the opposing player rolls); a model
// that ended Seriously Injured rolls D6, and on 1–2 succumbs.
func TestGameEndAndReport(t *testing.T) {
	su := &engine.Setup{Rounds: 1, Mode: "table", Sides: []engine.SideSetup{{Name: "Wardens"}, {Name: "Breakers"}},
		Models: []engine.ModelSetup{ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1), ganger("b3", 1)}}
	h := start(t, su)
	h.Force("b", seriouslyInjured)
	h.Force("b2", seriouslyInjured)
	h.Play("activate m0", "coup-de-grace m0 >m1", "f:1", "d:6", "d:1", "f:0", "end m0") // Nerve: b3 only
	h.Play("activate m3", "end m3")                                                     // b2 crawls nowhere: its Recovery test keeps it down
	h.Play("f:0", "f:0", "d:3")
	h.Play("activate m2", "end m2", "activate m4", "end m4")
	h.Play("d:1 1", "c:fight-on") // Bottle check passed; a third gone, the Breakers fight on
	// The game is over: 2 Wardens standing against 1 Breaker. Lasting roll
	// for b (by the Wardens), then b2 checks whether it succumbs.
	if p := h.G.Pending(); p == nil || p.Who != 0 || h.Asks() != "dice n26-lasting-injury {Vehicle:false}" {
		t.Fatalf("asks %s, want the Wardens' lasting injury roll for b", h.Asks())
	}
	h.Play("d:6 6", "d:2", "d:1 1")
	if !h.G.Over() || h.S().Winner != 0 {
		t.Errorf("over %v winner %d, want the Wardens", h.G.Over(), h.S().Winner)
	}
	want := []string{"b: out of action: memorable-death", "b2: succumbed (2): lesson-learnt"}
	if got := New().Report(h.S()); !slices.Equal(got, want) {
		t.Errorf("report %q, want %q", got, want)
	}
	// The same for programs (issue 37): the Breakers' two lasting rolls.
	wantRes := []engine.Result{
		{Side: 1, Model: "b", Kind: engine.ResultLasting, Entry: "memorable-death", Text: want[0]},
		{Side: 1, Model: "b2", Kind: engine.ResultLasting, Entry: "lesson-learnt", Roll: 2, Text: want[1]},
	}
	if got := New().Results(h.S()); !slices.Equal(got, wantRes) {
		t.Errorf("results %+v, want %+v", got, wantRes)
	}
}
