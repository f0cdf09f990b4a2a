package falloutfactions

import (
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
)

// Seed 004, Fatigue, and rules.md §5.3 (Round / Turn): each action Takes a
// Fatigue; a model may take its two actions in one Turn or one in each of
// two Turns, each action once a Round; Exhausted it takes no more Turns;
// all Fatigue goes at the end of the Round, which ends when both crews
// pass in a row (rules.md §8 gap 1).
func TestTurnsAndFatigue(t *testing.T) {
	h := table(t, game{}, grunt("a", 0), grunt("b", 0), grunt("x", 1))
	h.set("a", cHarm, 1)
	h.Play("activate m0")
	h.WantLegal("get-moving hurry open-fire patch-up rummage") // a Turn is at least one action: no End yet
	h.Play("patch-up m0")
	h.wantCount("a", cHarm, 0)
	h.wantCount("a", cFatigue, 1) // Weary
	h.Play("end m0", "pass", "activate m0")
	h.WantLegal("get-moving open-fire rummage") // Weary: no Hurry; Patch Up once a Round
	h.Play("rummage m0", "f:1", "d:3 4", "c:caps-and-parts")
	h.wantCount("a", cFatigue, 2) // Exhausted
	if got := h.side(0, sCaps)*100 + h.side(0, sParts); got != 403 {
		t.Errorf("caps and parts %d, want 4 and 3", got)
	}
	h.WantLegal("activate:x pass") // the Scrappers' Turn is over: the Regulators
	h.Play("pass")
	h.WantLegal("activate:b pass")          // a is Exhausted
	h.Play("pass", "d:1 5", "c:take-first") // both passed in a row: the Round ends, and the next one's roll-off
	if h.S().Round != 2 || h.count("a", cFatigue) != 0 {
		t.Errorf("round %d, a's Fatigue %d; want round 2 and none", h.S().Round, h.count("a", cFatigue))
	}
}

// rules.md §8 gap 1, option round-end exhausted: no passing; the Round
// ends when no model can act.
func TestRoundEndWhenExhausted(t *testing.T) {
	h := table(t, game{opts: map[string]string{optRoundEnd: "exhausted"}}, grunt("a", 0), grunt("x", 1))
	h.Play("activate m0", "get-moving m0")
	h.WantLegal("end open-fire rummage")
	h.Play("end m0")
	h.WantLegal("activate:x") // no pass
}

// rules.md §8 gap 1: the roll-off's winner chooses each Round; with the
// option alternate, the crew that went second goes first next Round.
func TestFirstTurnAlternate(t *testing.T) {
	h := table(t, game{opts: map[string]string{optFirstTurn: "alternate"}}, grunt("a", 0), grunt("x", 1))
	h.Play("pass", "pass") // round 2: no roll-off
	if h.S().Round != 2 || h.G.Pending() != nil || h.S().Turn.Side != 1 {
		t.Errorf("round %d, side %d, pending %v; want round 2, the Regulators first, no roll-off", h.S().Round, h.S().Turn.Side, h.G.Pending())
	}
	h = table(t, game{}, grunt("a", 0), grunt("x", 1))
	h.Play("pass", "pass")
	h.WantAsks("dice ff-roll-off {First:Scrappers Second:Regulators Ties:true}")
}

// Seed 004, Standard Ploys: a crew has Ploy tokens equal to its Tier, at
// most 3. Teamwork, at the end of a friendly Turn: another Turn at once,
// with a different model; no pass is offered then, which would waste the
// token (issue 11).
func TestTeamwork(t *testing.T) {
	h := table(t, game{tier0: 5}, grunt("a", 0), grunt("b", 0), grunt("x", 1))
	if h.side(0, sPloys) != 3 {
		t.Errorf("Tier 5 gives %d Ploy tokens, want 3", h.side(0, sPloys))
	}
	h.Play("activate m0", "get-moving m0", "movement-order m0", "end m0") // no orders
	h.WantAsks("choice teamwork")
	h.Play("c:spend")
	h.WantLegal("activate:b") // another Turn for the Scrappers, not a's, and no pass
	h.Play("activate m1", "get-moving m1", "movement-order m1", "end m1")
	h.WantAsks("choice teamwork") // a may go again now
	h.Play("c:pass")
	h.WantLegal("activate:x pass")
	if h.side(0, sPloys) != 2 {
		t.Errorf("%d tokens left, want 2", h.side(0, sPloys))
	}
}

// Seed 004, Standard Ploys: Second Wind, at the start of a Turn: the active
// model, even Exhausted, Recovers all its Fatigue (rules.md §6.3-i: the
// option second-wind one recovers 1).
func TestSecondWind(t *testing.T) {
	for _, tc := range []struct {
		opt  string
		want int
	}{{"all", 0}, {"one", 1}} {
		t.Run(tc.opt, func(t *testing.T) {
			h := table(t, game{tier0: 1, opts: map[string]string{optSecondWind: tc.opt}}, grunt("a", 0), grunt("x", 1))
			h.set("a", cFatigue, 2)
			h.WantLegal("activate:a pass") // Exhausted, but a Ploy token could bring it back
			h.Play("activate m0")          // spent without asking: it was activated for it
			h.wantCount("a", cFatigue, tc.want)
			if h.side(0, sPloys) != 0 {
				t.Error("no token spent")
			}
		})
	}
	// Weary, it is a choice.
	h := table(t, game{tier0: 1}, grunt("a", 0), grunt("x", 1))
	h.set("a", cFatigue, 1)
	h.Play("activate m0")
	h.WantAsks("choice second-wind")
	h.Play("c:spend")
	h.wantCount("a", cFatigue, 0)
	// Without a token an Exhausted model takes no Turn.
	h = table(t, game{}, grunt("a", 0), grunt("x", 1))
	h.set("a", cFatigue, 2)
	h.WantLegal("pass")
}

// Seed 004, Fatigue: an Exhausted model cannot Take Fatigue (no Supporting
// Fire, no Movement Orders); a Suffered Fatigue is ignored when Exhausted,
// and by Hardy and Power Armor models (rules.md §5.2.4).
func TestSufferFatigue(t *testing.T) {
	sup := traits(grunt("a", 0), 0, "suppress 1")
	h := table(t, game{}, sup, unlucky0("b", 0), traits(grunt("c", 0), 0, "suppress 1"),
		profile(grunt("x", 1), "Health", 3), profile(grunt("y", 1, "hardy"), "Health", 3))
	h.set("b", cFatigue, 2)
	h.Play("activate m0", "open-fire m0 >m3 #0", "f:1", "f:1")
	h.WantLegal("fire supporting-fire") // c may give Supporting Fire; b, Exhausted, may not
	if len(h.actions("supporting-fire")) != 1 {
		t.Errorf("supporters %v, want c alone", h.actions("supporting-fire"))
	}
	h.Play("fire m0 >m3", "f:1", "d:1 10 10 10 9") // the Luck die hits: critical
	h.WantAsks("dice ff-count {Dice:1 Above:5}")   // Suppress (1) against I5
	h.Play("d:6")
	h.wantCount("x", cFatigue, 1)
	h.Play("end m0", "pass", "activate m2", "open-fire m2 >m4 #0", "f:1", "f:1", "fire m2 >m4", "f:1", "d:1 10 10 10 9", "d:6")
	h.wantCount("y", cFatigue, 0) // Hardy
	h.wantEvent("hardy", "y")
}

// Objectives (rules.md §5.3, the demo scenario): at the end of a Round a
// point for each model within 1" of an objective; after the last Round the
// crew with more wins.
func TestObjectivesAndVictory(t *testing.T) {
	b := &board.Board{Width: 30, Height: 30, Levels: []float64{0}, Objectives: []board.Point{{X: 10, Y: 10}}}
	h := onBoard(t, b, game{}, [][3]float32{{10, 11.5}, {20, 20}}, grunt("a", 0), grunt("x", 1))
	h.Play("pass", "pass", "d:1 5", "c:take-first")
	if h.side(0, sPoints) != 1 || h.side(1, sPoints) != 0 {
		t.Errorf("points %d/%d, want 1/0", h.side(0, sPoints), h.side(1, sPoints))
	}
	h.Play("pass", "pass", "d:1 5", "c:take-first", "pass", "pass")
	if !h.G.Over() || h.S().Winner != 0 {
		t.Errorf("over %v, winner %d; want the Scrappers", h.G.Over(), h.S().Winner)
	}
	if r := strings.Join(New().Report(h.S()), "\n"); !strings.Contains(r, "Scrappers: 0 XP, 0 caps, 0 parts, 3 objective points") {
		t.Errorf("report:\n%s", r)
	}
}

// A crew with no model left loses at once.
func TestCrewWipedOut(t *testing.T) {
	a := with(unlucky0("a", 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["P"] = 8 })
	h := table(t, game{}, a, unlucky0("x", 1))
	h.shoot("a", "x", "1 2 3 4 5 6 1 2")
	if !h.G.Over() || h.S().Winner != 0 {
		t.Errorf("over %v, winner %d", h.G.Over(), h.S().Winner)
	}
}

// Seed 004, Get Moving, and rules.md §5.3: one Get Moving a Round, Hurry
// or not; even after a Second Wind brings a Hurried model back, it may not
// move again that Round.
func TestHurryOncePerRoundEvenAfterSecondWind(t *testing.T) {
	h := table(t, game{tier0: 1}, grunt("a", 0), grunt("x", 1))
	h.Play("activate m0", "hurry m0") // Exhausted: its Turn ends
	h.Play("pass", "activate m0")     // Second Wind, spent without asking
	h.wantCount("a", cFatigue, 0)
	h.WantLegal("hold open-fire rummage") // at a table, Hold: the players may find no target and no token
	h.Play("hold m0")
	h.WantLegal("activate:x pass")
	if !h.S().Has(0, cIdle) {
		t.Error("a Held model may take another Turn this Round")
	}
}

// Seed 004, Standard Ploys (rules.md §5.2.5): Teamwork's extra Turn goes
// to some other friendly model, never to the one whose Turn just ended.
// a, Weary after one action, could take another Turn, but b, its only
// friend, is Exhausted and the crew's one token cannot also pay a Second
// Wind: there is no other model, so Teamwork is not even offered.
func TestTeamworkNeedsAnotherModel(t *testing.T) {
	h := table(t, game{tier0: 1}, grunt("a", 0), grunt("b", 0), grunt("x", 1))
	h.set("b", cFatigue, 2)
	h.Play("activate m0", "get-moving m0", "end m0") // b, Exhausted, takes no orders
	if !canTurn(h.S(), 0, 1) {
		t.Fatal("a cannot take another Turn: the test shows nothing")
	}
	h.WantAsks("nothing") // no Teamwork choice
	h.WantLegal("activate:x pass")
	if h.side(0, sPloys) != 1 {
		t.Errorf("%d Ploy tokens, want the 1 still unspent", h.side(0, sPloys))
	}
}

// Seed 004, Standard Ploys: Teamwork comes at the end of a friendly Turn,
// so after the Turn's last action has done all it does. The question
// follows the action (engine.Prompt.Followed), and while it waits what
// the action did is there to show (issue 31, item 7): SoFar, which the
// server's pages show with the question, ends with the action's events
// (x Incapacitated, y fled; z, farther off, is not tested), and Progress
// has the state so far: x and y out, b, which was Engaged with y,
// unengaged now. The game's own state moves when the question is answered.
func TestTeamworkAfterTheTurnsLastAction(t *testing.T) {
	a := with(unlucky0("a", 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["P"] = 8 })
	h := table(t, game{tier0: 1}, a, grunt("b", 0), unlucky0("x", 1), unlucky0("y", 1), grunt("z", 1))
	h.engage("b", "y")
	h.Play("activate m0", "get-moving m0", // b, Engaged, takes no orders
		"open-fire m0 >m2 #0", "f:1", "f:1", "fire m0 >m2 #0", "f:1", "d:1 2 3 4 5 6 1 2", // x Incapacitated
		"f:1", "d:9 9", "c:flee", // y within 3", fails its Confusion Test and flees
		"f:0") // z is farther off
	h.WantAsks("choice teamwork")
	p := h.G.Pending()
	if !p.Followed {
		t.Error("Teamwork is not marked as following the action")
	}
	so := strings.Join(h.G.SoFar(), "; ")
	for _, want := range []string{"x was Incapacitated", "y fled the battle", "b is unengaged"} {
		if !strings.Contains(so, want) {
			t.Errorf("so far %q: no %q", so, want)
		}
	}
	pg := h.G.Progress()
	if _, ev := pg.Line.Own(); !slices.Contains(ev, "y fled the battle") {
		t.Errorf("the action's own events %q", ev)
	}
	for _, w := range []struct {
		id     string
		inPlay bool
		status int
	}{{"x", false, unengaged}, {"y", false, unengaged}, {"b", true, unengaged}} {
		m := h.Model(w.id)
		got := pg.State.Models[m]
		if got.InPlay != w.inPlay || w.inPlay && int(got.Status) != w.status {
			t.Errorf("%s at the question: in play %v, status %d; want %v, %d", w.id, got.InPlay, got.Status, w.inPlay, w.status)
		}
	}
	if !h.S().Models[h.Model("y")].InPlay || status(h.S(), h.Model("b")) != engaged {
		t.Error("the live state moved before the question was answered")
	}
	h.Play("c:pass")
	h.WantStatus("x", "gone", "y", "gone", "b", "unengaged")
}
