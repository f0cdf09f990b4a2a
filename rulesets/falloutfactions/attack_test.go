package falloutfactions

import (
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// Seed 004, Open Fire: Supporting Fire from friends in the Control Area
// (each Takes Fatigue), +1 bonus die for each, for each Harm on the target
// and for a Wide Open target; then the damage (seed 004, Damage: hits at
// least the Endurance give an Injury, which fills a Grunt's one box); then
// a Confusion Test (2I) for its friend within 3", failed.
func TestOpenFireSupportingFireIntoIncapacitation(t *testing.T) {
	h := table(t, game{}, grunt("a", 0), grunt("b", 0), grunt("c", 0), grunt("x", 1), grunt("y", 1))
	h.set("x", cHarm, 1)
	h.Play("activate m0", "open-fire m0 >m3 #0", "f:1", "f:1") // Visible, within 20"
	h.WantLegal("fire supporting-fire")
	h.Play("supporting-fire m0 >m1", "f:1", "supporting-fire m0 >m2", "f:1")
	h.wantCount("b", cFatigue, 1)
	h.wantCount("c", cFatigue, 1)
	h.wantCount("a", cFatigue, 1)
	h.WantLegal("fire")          // three is more than a's Charisma 3? no: two friends, none left
	h.Play("fire m0 >m3", "f:0") // no terrain obscures x: Wide Open
	// 4 dice + 2 supporters + 1 Harm + Wide Open = 8, the first a Luck die.
	h.WantAsks("dice ff-test {Dice:8 Stat:6 Luck:1 Bonus:0 Unlucky:false LuckyBreak:false}")
	h.Play("d:1 2 3 7 8 9 10 10 7") // 3 hits, the Luck die among them; its Fortune Smiles die (last) misses
	// 3 hits against Endurance 4: 1 Harm (2 now).
	h.wantCount("x", cHarm, 2)
	h.WantStatus("x", "unengaged")

	h.WantLegal("end get-moving rummage")                                                      // its second action, if it wants one
	h.Play("end m0", "activate m3", "open-fire m3 >m0 #0", "f:1", "f:1", "fire m3 >m0", "f:1") // obscured: no bonus
	h.WantAsks("dice ff-test {Dice:4 Stat:6 Luck:1 Bonus:0 Unlucky:false LuckyBreak:false}")
	h.Play("d:1 2 3 4 5") // 4 hits and Fortune Smiles one more: 5 against E4, an Injury: Incapacitated
	// a is Incapacitated; b and c are within 3": Confusion Tests (2I).
	h.WantAsks("fact within")
	h.Play("f:1")
	h.WantAsks("dice ff-test {Dice:2 Stat:5 Luck:1 Bonus:0 Unlucky:false LuckyBreak:false}")
	h.Play("d:9 8")                 // no hit: failed, and the crew's first failed test
	h.Play("c:take-fatigue", "f:0") // b Takes a Fatigue; c is not within 3"
	h.WantStatus("a", "gone")
	if !h.S().Has(0, cIncapacitated) {
		t.Error("a is not marked Incapacitated")
	}
	h.wantCount("b", cFatigue, 2)
	if got := h.side(0, sXP); got != 1 {
		t.Errorf("Scrappers XP %d after their first failed test, want 1 (Fail Forward)", got)
	}
}

// Seed 004, Open Fire: a target beyond the Effective Range makes the test
// Unlucky (no bonus dice, no Luck dice, no Fortune Smiles, no critical), so
// no Supporting Fire is offered; a CQB weapon cannot fire beyond it, and at
// a table the players' "no" refuses the action, changing nothing.
func TestOpenFireBeyondEffectiveRange(t *testing.T) {
	h := table(t, game{}, grunt("a", 0), grunt("b", 0), traits(grunt("x", 1), 0, "pierce"))
	h.set("x", cHarm, 2)
	h.Play("activate m0", "open-fire m0 >m2 #0", "f:1", "f:0") // beyond 20"
	h.WantLegal("fire")
	h.Play("fire m0 >m2")
	h.WantAsks("dice ff-test {Dice:4 Stat:6 Luck:0 Bonus:0 Unlucky:true LuckyBreak:false}")
	h.Play("d:1 2 10 10")
	h.wantCount("x", cHarm, 3)

	cqb := traits(grunt("a", 0), 0, "cqb")
	h = table(t, game{}, cqb, grunt("x", 1))
	h.Play("activate m0", "open-fire m0 >m1 #0", "f:1")
	before := len(h.G.Log().Entries)
	if err := h.G.Answer(engine.FactQ, engine.Reply{}); err == nil || !strings.Contains(err.Error(), "CQB") {
		t.Errorf("a CQB shot beyond range: %v, want it refused", err)
	}
	if len(h.G.Log().Entries) != before || h.count("a", cFatigue) != 0 {
		t.Error("the refused Open Fire changed the game")
	}
	// Not Visible: refused too.
	h.Play("open-fire m0 >m1 #0")
	if err := h.G.Answer(engine.FactQ, engine.Reply{}); err == nil || !strings.Contains(err.Error(), "Visible") {
		t.Errorf("a shot at a model out of sight: %v, want it refused", err)
	}
}

// rules.md §5.3 and §8 gap 2: an Eye Catching target always counts as
// Wide Open, and a Sniper's targets are never Obscured: either way the
// test has its +1 bonus die, and the players are not asked about cover.
func TestWideOpenPerks(t *testing.T) {
	for _, tc := range []struct {
		name     string
		a, x     engine.ModelSetup
		wantAsks string
	}{
		{"eye-catching", unlucky0("a", 0), unlucky0("x", 1, "eye-catching"), "dice ff-test {Dice:5 Stat:6 Luck:0 Bonus:0 Unlucky:false LuckyBreak:false}"},
		{"sniper", unlucky0("a", 0, "sniper"), unlucky0("x", 1), "dice ff-test {Dice:5 Stat:6 Luck:0 Bonus:0 Unlucky:false LuckyBreak:false}"},
		{"neither", unlucky0("a", 0), unlucky0("x", 1), "fact cover"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := table(t, game{}, tc.a, tc.x)
			h.Play("activate m0", "open-fire m0 >m1 #0", "f:1", "f:1", "fire m0 >m1")
			h.WantAsks(tc.wantAsks)
		})
	}
}

// wantPrompt checks that the pending prompt's text has each of want.
func (h *harness) wantPrompt(want ...string) {
	h.T.Helper()
	p := h.G.Pending()
	if p == nil {
		h.T.Fatalf("no prompt; want one saying %q", want)
	}
	for _, w := range want {
		if !strings.Contains(p.Text, w) {
			h.T.Errorf("prompt %q, want %q in it", p.Text, w)
		}
	}
}

// An attack test's prompt says how its pool is made (issue 11): the
// weapon's test and each source of bonus dice (seed 004, Open Fire and
// Brawl), an automatic Wide Open and why (rules.md §5.3), and an Unlucky
// test as Unlucky (seed 004, S.P.E.C.I.A.L. Tests).
func TestAttackPromptsSayHowThePoolIsMade(t *testing.T) {
	x := unlucky0("x", 1, "eye-catching")
	h := table(t, game{}, unlucky0("a", 0), unlucky0("b", 0), x)
	h.set("x", cHarm, 2)
	h.Play("activate m0", "open-fire m0 >m2 #0", "f:1", "f:1", "supporting-fire m0 >m1", "f:1", "fire m0 >m2")
	h.wantPrompt("(rifle, 4P + 1 supporter + 2 Harm + 1 Wide Open (x is Eye Catching))", "roll 8 d10s")

	h = table(t, game{}, unlucky0("a", 0, "sniper"), unlucky0("x", 1))
	h.Play("activate m0", "open-fire m0 >m1 #0", "f:1", "f:0", "fire m0 >m1") // beyond the Effective Range
	h.wantPrompt("(rifle, 4P, Unlucky: beyond the Effective Range", "roll 4 d10s")

	h = table(t, game{}, unlucky0("a", 0), unlucky0("b", 0), unlucky0("x", 1))
	h.engage("b", "x")
	h.Play("activate m0", "get-moving m0 >m2", "f:1", "brawl m0 >m2 #2")
	h.wantPrompt("(knife, 3S + 1 moved into Engagement + 1 friend Engaged with the target alone)", "roll 5 d10s")
}

// Seed 004, Open Fire (rules.md §5.2.1): only a target farther away than
// the weapon's Effective Range makes the Ranged Attack Test Unlucky. On a
// board, with the rifle's 20": a target whose base is exactly 20" away is
// in range (4P and the Wide Open die, a normal test); one 20.5" away is not
// (an Unlucky test of the bare 4P).
func TestUnluckyOnlyBeyondEffectiveRange(t *testing.T) {
	for _, tc := range []struct {
		x    float32 // x's centre: a's at 3, both bases 1"
		want string
	}{
		{24, "dice ff-test {Dice:5 Stat:6 Luck:0 Bonus:0 Unlucky:false LuckyBreak:false}"},  // 20": within
		{24.5, "dice ff-test {Dice:4 Stat:6 Luck:0 Bonus:0 Unlucky:true LuckyBreak:false}"}, // 20.5": beyond
	} {
		h := onBoard(t, nil, game{}, [][3]float32{{3, 15}, {tc.x, 15}}, inchBase(unlucky0("a", 0)), inchBase(unlucky0("x", 1)))
		if d := distance(h.S(), 0, 1); d != tc.x-4 {
			t.Fatalf("a and x are %g\" apart, want %g\"", d, tc.x-4)
		}
		h.Play("activate m0", "open-fire m0 >m1 #0", "fire m0 >m1")
		h.WantAsks(tc.want)
	}
}
