package falloutfactions

import (
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// Seed 004, S.P.E.C.I.A.L. Tests and Standard Ploys: with a Ploy token the
// test is rolled in stages, so that Lucky Break can follow step 2: the
// pool (Luck dice first), then the choice, then the re-roll of every Dud
// (Luck Duds first), then Fortune Smiles, one die for each Luck die that
// hit; a Luck die left in the pool triggers the weapon's critical (Maim:
// 1 Harm more).
func TestLuckyBreakAfterStepTwo(t *testing.T) {
	a := traits(profile(grunt("a", 0), "L", 2), 0, "maim")
	h := table(t, game{tier0: 1}, a, grunt("x", 1))
	if h.side(0, sPloys) != 1 || h.side(1, sPloys) != 0 {
		t.Fatalf("ploys %d and %d, want the Tiers 1 and 0", h.side(0, sPloys), h.side(1, sPloys))
	}
	h.Play("activate m0", "open-fire m0 >m1 #0", "f:1", "f:1", "fire m0 >m1", "f:1")
	h.WantAsks("dice ff-pool {Dice:4 Luck:2 Stat:6}")
	h.Play("d:9 1 10 8") // step 2: a Luck hit, a Luck Dud and two standard Duds
	p := h.G.Pending()
	if p == nil || p.Key != "lucky-break" || !strings.Contains(p.Text, "3 Duds") {
		t.Fatalf("after step 2: %+v, want Lucky Break offered on 3 Duds", p)
	}
	h.wantPrompt("1 hit so far (1 on a Luck die: Fortune Smiles follows)") // the hits so far too (issue 11)
	h.Play("c:spend")
	h.WantAsks("dice ff-pool {Dice:3 Luck:1 Stat:6}") // the Luck Dud first
	h.Play("d:2 3 10")                                // two more hits, one a Luck die
	h.WantAsks("dice ff-pool {Dice:2 Luck:0 Stat:6}") // Fortune Smiles: one die per Luck hit
	h.Play("d:4 7")
	// 1 + 2 + 1 = 4 hits against E4: an Injury (Health 1): Incapacitated.
	h.WantStatus("x", "gone")
	if h.side(0, sPloys) != 0 {
		t.Error("Lucky Break spent no Ploy token")
	}
}

// rules.md §6.3-j: Lucky Break may be spent when every die is a Dud
// (before step 2 ends the test); with the option lucky-break-all-duds no,
// it is not offered then. Declined, nothing is re-rolled.
func TestLuckyBreakOnAllDuds(t *testing.T) {
	h := table(t, game{tier0: 1}, grunt("a", 0), grunt("x", 1))
	h.Play("activate m0", "open-fire m0 >m1 #0", "f:1", "f:1", "fire m0 >m1", "f:1", "d:9 10 8 7")
	h.WantAsks("choice lucky-break")
	h.wantPrompt("Lucky Break: no hits so far; spend a Ploy token to re-roll the 4 Duds of this test?")
	h.Play("c:pass")
	h.wantCount("x", cHarm, 0)
	if h.side(0, sPloys) != 1 {
		t.Error("a declined Lucky Break spent a token")
	}

	h = table(t, game{tier0: 1, opts: map[string]string{optLuckyDuds: "no"}}, grunt("a", 0), grunt("x", 1))
	h.Play("activate m0", "open-fire m0 >m1 #0", "f:1", "f:1", "fire m0 >m1", "f:1", "d:9 10 8 7")
	if p := h.G.Pending(); p != nil {
		t.Errorf("all Duds with the option no: %s asked", p.Key)
	}
}

// Seed 004, Unlucky Tests: no bonus dice, no Fortune Smiles, no critical:
// staged, the pool has no Luck dice.
func TestUnluckyStaged(t *testing.T) {
	a := traits(profile(grunt("a", 0), "L", 2), 0, "maim")
	h := table(t, game{tier0: 1}, a, grunt("b", 0), grunt("x", 1))
	h.set("x", cHarm, 1)
	h.Play("activate m0", "open-fire m0 >m2 #0", "f:1", "f:0") // beyond range
	h.WantLegal("fire")                                        // no Supporting Fire: it could add nothing
	h.Play("fire m0 >m2")
	h.WantAsks("dice ff-pool {Dice:4 Luck:0 Stat:6}")
	h.Play("d:1 2 3 9", "c:pass") // 3 hits, no Fortune Smiles, no Maim
	h.wantCount("x", cHarm, 2)
}

// Seed 004, S.P.E.C.I.A.L. Tests, step 1: Luck dice up to the Luck stat,
// never more than the pool.
func TestLuckDiceNeverMoreThanThePool(t *testing.T) {
	a := with(unlucky0("a", 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["P"] = 8 })
	h := table(t, game{}, a, grunt("x", 1), profile(grunt("y", 1), "L", 5))
	h.shoot("a", "x", "1 2 3 4 5 6 1 2")
	h.Play("f:1")
	h.WantAsks("dice ff-test {Dice:2 Stat:5 Luck:2 Bonus:0 Unlucky:false LuckyBreak:false}")
}

// Seed 004, Fail Forward XP: the first failed test of each crew, once.
func TestFailForwardOnce(t *testing.T) {
	h := table(t, game{}, unlucky0("a", 0), unlucky0("b", 0), unlucky0("x", 1))
	h.shoot("a", "x", "9 9 9 9")
	if h.side(0, sXP) != 1 || h.side(1, sXP) != 0 {
		t.Errorf("XP %d/%d after a failed test, want 1/0", h.side(0, sXP), h.side(1, sXP))
	}
	h.Play("end m0", "pass")
	h.shoot("b", "x", "9 9 9 9")
	if h.side(0, sXP) != 1 {
		t.Errorf("XP %d after a second failed test, want still 1", h.side(0, sXP))
	}
}

// Seed 004, Rolling Off: each player rolls a die, the lowest wins, ties
// roll again; the winner chooses who takes the first Turn (rules.md §8 gap
// 1). The prompt names the crews; a tie typed in is taken, and the roll is
// asked again, saying so (issue 11). After two ties the third ask rolls
// its own ties (the odds stay small), its prompt saying to type them all.
func TestRollOff(t *testing.T) {
	start := func() *harness {
		su := &engine.Setup{Rounds: 2, Mode: "table", Sides: []engine.SideSetup{{Name: "Scavs"}, {Name: "Lawmen"}},
			Models: []engine.ModelSetup{grunt("a", 0), grunt("x", 1)}}
		g, err := engine.New(New(), su, engine.Config{Seed: 1, Dice: engine.PhysicalDice})
		if err != nil {
			t.Fatal(err)
		}
		return &harness{&enginetest.Script{T: t, G: g}}
	}
	h := start()
	h.WantAsks("dice ff-roll-off {First:Scavs Second:Lawmen Ties:true}")
	h.wantPrompt("Scavs roll 1 d10 and Lawmen 1 d10, given in that order; the lowest wins")
	h.Play("d:4 4") // a tie
	h.WantAsks("dice ff-roll-off {First:Scavs Second:Lawmen Ties:true}")
	h.wantPrompt("again: the dice tied")
	h.Play("d:6 2") // the second crew rolls lower
	p := h.G.Pending()
	if p == nil || p.Key != "first-turn" || p.Who != 1 {
		t.Fatalf("after the roll-off: %+v, want the second crew to choose", p)
	}
	h.Play("c:give-first")
	h.WantLegal("activate:a pass")

	h = start()
	h.Play("d:3 3", "d:5 5") // two ties: the last ask rolls its own
	h.WantAsks("dice ff-roll-off {First:Scavs Second:Lawmen Ties:false}")
	h.wantPrompt("again: the dice tied", "on a tie both roll again: give the tied dice, then the new ones")
	if err := h.G.Answer(engine.DiceQ, engine.Reply{Faces: []string{"7", "7"}}); err == nil || !strings.Contains(err.Error(), "Scavs' die, rolled again after a tie") {
		t.Errorf("a third tie typed alone: %v, want the re-roll asked for by name", err)
	}
	h.Play("d:7 7 2 9")
	if p := h.G.Pending(); p == nil || p.Key != "first-turn" || p.Who != 0 {
		t.Fatalf("after the roll-off: %+v, want the first crew to choose", p)
	}
}
