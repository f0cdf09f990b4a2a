package falloutfactions

import (
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
)

// rules.md §5.3, weapon traits. Aim (+X): Take a Fatigue for X bonus dice;
// Storm (X): X bonus dice within half the Effective Range.
func TestAimAndStorm(t *testing.T) {
	a := traits(unlucky0("a", 0), 0, "aim 2", "storm 1")
	h := table(t, game{}, a, profile(grunt("x", 1), "Health", 3))
	h.Play("activate m0", "open-fire m0 >m1 #0", "f:1", "f:1", "f:1") // Visible, in range, within half
	h.WantLegal("aim fire")
	h.Play("aim m0")
	h.wantCount("a", cFatigue, 2)
	h.WantLegal("fire") // Aim once
	h.Play("fire m0 >m1", "f:1")
	h.WantAsks("dice ff-test {Dice:7 Stat:6 Luck:0 Bonus:0 Unlucky:false LuckyBreak:false}") // 4 + Aim 2 + Storm 1
}

// Unwieldy (X): a model of Strength below X gains no bonus dice; Wind Up: 2
// bonus dice instead of 1 for moving into Engagement this Turn.
func TestUnwieldyAndWindUp(t *testing.T) {
	h := table(t, game{}, traits(unlucky0("a", 0), 0, "unwieldy 6"), grunt("b", 0), profile(grunt("x", 1), "Health", 3))
	h.set("x", cHarm, 2)
	h.Play("activate m0", "open-fire m0 >m2 #0", "f:1", "f:1")
	h.WantLegal("fire") // no Supporting Fire: it could add nothing
	h.Play("fire m0 >m2")
	h.WantAsks("dice ff-test {Dice:4 Stat:6 Luck:0 Bonus:0 Unlucky:false LuckyBreak:false}") // no Harm bonus either

	h = table(t, game{}, traits(unlucky0("a", 0), 1, "wind-up"), profile(grunt("x", 1), "Health", 3))
	h.Play("activate m0", "get-moving m0 >m1", "f:1") // into base contact: Engaged
	h.WantStatus("a", "engaged")
	h.Play("brawl m0 >m1 #2")
	h.WantAsks("dice ff-test {Dice:5 Stat:5 Luck:0 Bonus:0 Unlucky:false LuckyBreak:false}") // 3S + 2
}

// Area (X"): one test without bonus dice, every model within X" of the
// target hit by it, friend or foe; the Confusion Tests after all the
// damage.
func TestArea(t *testing.T) {
	bomb := with(unlucky0("a", 0), func(m *engine.ModelSetup) {
		m.Gear[0] = engine.Gear{Name: "jar bomb", Kind: "grenade", Stats: map[string]int{"A": 8, "range": 6}, Traits: []engine.Trait{{Name: "area", Value: 2}}}
	})
	h := table(t, game{}, bomb, grunt("b", 0), grunt("x", 1), grunt("y", 1), grunt("z", 1))
	h.set("x", cHarm, 1)
	h.Play("activate m0", "open-fire m0 >m2 #0", "f:1", "f:1")
	h.WantLegal("fire")
	h.Play("fire m0 >m2", "f:1", "f:1", "f:0") // b within 2" of x, y too, z not
	h.WantAsks("dice ff-test {Dice:8 Stat:5 Luck:0 Bonus:0 Unlucky:false LuckyBreak:false}")
	h.Play("d:1 2 3 4 5 6 7 8") // 5 hits: an Injury for each of b, x, y
	// Confusion: x and y fell beside each other and z; b fell near a? a is
	// not within 3" of b; then y's friends and x's.
	for h.G.Pending() != nil && h.G.Pending().Kind == engine.FactQ {
		h.Play("f:0")
	}
	h.WantStatus("b", "gone", "x", "gone", "y", "gone", "z", "unengaged")
}

// Fast: a second Open Fire or Brawl in the same Turn, with the same Fast
// weapon; not in a later Turn.
func TestFast(t *testing.T) {
	h := table(t, game{}, traits(unlucky0("a", 0), 0, "fast"), profile(grunt("x", 1), "Health", 3))
	h.shoot("a", "x", "9 9 9 9")
	h.WantLegal("end get-moving open-fire rummage")
	h.shoot2("a", "x", "9 9 9 9")
	h.wantCount("a", cFatigue, 2)

	h = table(t, game{}, traits(unlucky0("a", 0), 0, "fast"), profile(grunt("x", 1), "Health", 3))
	h.shoot("a", "x", "9 9 9 9")
	h.Play("end m0", "pass", "activate m0")
	h.WantLegal("get-moving rummage") // a new Turn: no second Open Fire
}

// shoot2 is a second Open Fire in the same Turn.
func (h *harness) shoot2(a, t string, faces string) {
	h.T.Helper()
	m, x := mref(h.Model(a)), mref(h.Model(t))
	h.Play("open-fire "+m+" >"+x+" #0", "f:1", "f:1", "fire "+m+" >"+x+" #0", "f:1", "d:"+faces)
}

// Slow: one attack a Round with the weapon.
func TestSlow(t *testing.T) {
	h := table(t, game{tier0: 1}, traits(unlucky0("a", 0), 0, "slow"), profile(grunt("x", 1), "Health", 3))
	h.Play("activate m0", "open-fire m0 >m1 #0", "f:1", "f:1", "fire m0 >m1", "f:1", "d:9 9 9 9", "c:pass")
	if h.S().Models[0].Gear&1 == 0 {
		t.Error("the Slow weapon is not marked used")
	}
	if canShoot(h.S(), 0) {
		t.Error("a may attack again this Round")
	}
}

// Seed 004, Brawl: the Makeshift Weapon (2S, no traits, no critical) for a
// model without a melee weapon; a bonus die for each Harm on the target and
// for each other friend Engaged with it and with no other enemy.
func TestBrawlBonusesAndMakeshift(t *testing.T) {
	bare := with(grunt("a", 0), func(m *engine.ModelSetup) { m.Gear = m.Gear[:1]; m.Profile[sL] = 2 })
	h := table(t, game{}, bare, grunt("b", 0), grunt("c", 0), profile(grunt("x", 1), "Health", 3), grunt("y", 1))
	h.engage("a", "x")
	h.engage("b", "x")
	h.engage("c", "x")
	h.engage("c", "y") // c is Engaged with another enemy too: no bonus from it
	h.set("x", cHarm, 1)
	h.Play("activate m0")
	if got := h.actions("brawl"); len(got) != 1 || got[0].Option != 0 {
		t.Fatalf("brawls %v, want the Makeshift Weapon at x", got)
	}
	if txt := engine.ActionText(h.S(), h.actions("brawl")[0]); !strings.Contains(txt, "Makeshift Weapon (2S)") {
		t.Errorf("action text %q", txt)
	}
	h.Play("brawl m0 >m3")
	h.WantAsks("dice ff-test {Dice:4 Stat:5 Luck:2 Bonus:0 Unlucky:false LuckyBreak:false}") // 2 + Harm + b
	h.Play("d:1 1 9 9 9 9")                                                                  // two Luck hits, no critical effect to trigger
	h.wantCount("x", cHarm, 2)
}

// Seed 004, Patch Up: up to 2 Harm recovered.
func TestPatchUp(t *testing.T) {
	h := table(t, game{}, grunt("a", 0), grunt("x", 1))
	h.set("a", cHarm, 3)
	h.Play("activate m0", "patch-up m0")
	h.wantCount("a", cHarm, 1)
}

// Seed 004, Rummage: within 1" of a Search token (at a table the players
// say; "no" refuses it); option A a chem by the total (18 or more a Rare
// Chem), option B the higher die caps and the lower parts; a 10 leaves a
// Radiation token, else the token goes. On a board the token is tracked.
func TestRummage(t *testing.T) {
	h := table(t, game{}, grunt("a", 0), grunt("x", 1))
	h.Play("activate m0", "rummage m0")
	if err := h.G.Answer(engine.FactQ, engine.Reply{}); err == nil || !strings.Contains(err.Error(), "Search token") {
		t.Errorf("rummage away from a token: %v", err)
	}
	h.Play("rummage m0", "f:1", "d:10 9")
	p := h.G.Pending()
	if p == nil || !strings.Contains(p.Text, "a Rare Chem") || !strings.Contains(p.Text, "10 caps and 9 parts") {
		t.Fatalf("rummage choice: %+v", p)
	}
	h.Play("c:chem")
	h.wantEvent("radiation-token", "a")
	if got := ext(h.S()).Finds; len(got) != 1 || got[0] != 19 {
		t.Errorf("finds %v, want a's total of 19", got)
	}

	b := &board.Board{Width: 30, Height: 30, Levels: []float64{0}, Tokens: []board.Token{{Kind: "search", At: board.Point{X: 10, Y: 11.3}}, {Kind: "search", At: board.Point{X: 20, Y: 20}}}}
	h = onBoard(t, b, game{}, [][3]float32{{10, 10}, {25, 28}}, grunt("a", 0), grunt("x", 1))
	h.Play("activate m0")
	if got := h.actions("rummage"); len(got) != 1 || got[0].Option != 0 {
		t.Fatalf("rummage %v, want the near token only", got)
	}
	h.Play("rummage m0", "d:10 3", "c:caps-and-parts")
	if h.side(0, sCaps) != 10 || h.side(0, sParts) != 3 {
		t.Errorf("caps %d parts %d", h.side(0, sCaps), h.side(0, sParts))
	}
	if searchable(h.S(), 0) != 0 || h.S().Vars[vRadiation] != 1 {
		t.Error("the Search token is still there, or no Radiation token")
	}
}

// Seed 004, Rummage (rules.md §5.2.1): the model must be no more than 1"
// from a Search token, measured from the edge of its base. On a board, with
// a 1" base: a token exactly 1" off can be rummaged; one 1.5" off cannot,
// and with no other token near, Rummage is not an action at all.
func TestRummageWithinOneInch(t *testing.T) {
	for _, tc := range []struct {
		y    float64 // the token's; a stands at 10,10
		want int     // Rummage actions
	}{{11.5, 1}, {12, 0}} {
		b := &board.Board{Width: 30, Height: 30, Levels: []float64{0}, Tokens: []board.Token{{Kind: "search", At: board.Point{X: 10, Y: tc.y}}}}
		h := onBoard(t, b, game{}, [][3]float32{{10, 10}, {25, 28}}, inchBase(grunt("a", 0)), grunt("x", 1))
		h.Play("activate m0")
		if got := h.actions("rummage"); len(got) != tc.want {
			t.Errorf("token %g\" from a's base: rummage %v, want %d", tc.y-10.5, got, tc.want)
		}
	}
}

// Seed 004, Control Area and Open Fire: Supporting Fire from up to
// Charisma friends; at a table a friend the players say is beyond the
// Control Area is refused; with the option supporting-fire line-of-sight
// it must also see the target.
func TestSupportingFireLimits(t *testing.T) {
	lead := profile(grunt("a", 0), "C", 1)
	h := table(t, game{}, lead, grunt("b", 0), grunt("c", 0), grunt("x", 1))
	h.Play("activate m0", "open-fire m0 >m3 #0", "f:1", "f:1", "supporting-fire m0 >m1")
	if err := h.G.Answer(engine.FactQ, engine.Reply{}); err == nil || !strings.Contains(err.Error(), "Control Area") {
		t.Errorf("a supporter beyond the Control Area: %v", err)
	}
	h.Play("supporting-fire m0 >m1", "f:1")
	h.WantLegal("fire") // Charisma 1: one supporter

	h = table(t, game{opts: map[string]string{optSupport: "line-of-sight"}}, grunt("a", 0), grunt("b", 0), grunt("x", 1))
	h.Play("activate m0", "open-fire m0 >m2 #0", "f:1", "f:1", "supporting-fire m0 >m1", "f:1")
	if err := h.G.Answer(engine.FactQ, engine.Reply{}); err == nil || !strings.Contains(err.Error(), "cannot see") {
		t.Errorf("a supporter out of sight: %v", err)
	}
}

// Seed 004, Rummage, option A below 18: a Common Chem costing up to the
// dice's total in caps, found and listed in the post-battle report
// (rules.md §5.2.1, §5.3).
func TestRummageCommonChem(t *testing.T) {
	h := table(t, game{}, grunt("a", 0), grunt("x", 1))
	h.Play("activate m0", "rummage m0", "f:1", "d:3 4")
	if p := h.G.Pending(); p == nil || !strings.Contains(p.Text, "option A (chem) gives a Common Chem costing up to 7 caps") {
		t.Fatalf("rummage choice: %+v", p)
	}
	h.Play("c:chem")
	h.wantEvent("chem", "a")
	h.wantEvent("search-token-removed", "a")
	if got := ext(h.S()).Finds; len(got) != 1 || got[0] != 7 {
		t.Errorf("finds %v, want a's total of 7", got)
	}
	if h.side(0, sCaps) != 0 || h.side(0, sParts) != 0 {
		t.Errorf("option A gave caps %d and parts %d", h.side(0, sCaps), h.side(0, sParts))
	}
	h.Play("end m0", "pass", "pass", "d:1 5", "c:take-first", "pass", "pass", "d:1 5", "c:take-first", "pass", "pass")
	if !h.G.Over() {
		t.Fatal("the game is not over after three Rounds")
	}
	if r := strings.Join(New().Report(h.S()), "\n"); !strings.Contains(r, "a: rummaged a Common Chem costing up to 7 caps") {
		t.Errorf("report:\n%s", r)
	}
}
