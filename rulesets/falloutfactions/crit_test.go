package falloutfactions

import (
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
)

// crit fires a rifle with the critical effect at x (E4 A5 S5 I5, Health
// 3, Harm harm) at a table: the attacker has 1 Luck, the crews no Ploy
// tokens, so the test is one ff-test roll whose first die is the Luck die
// and whose last is Fortune Smiles'.
func crit(t *testing.T, opts map[string]string, effect string, harm int, faces ...string) *harness {
	t.Helper()
	h := table(t, game{opts: opts}, traits(grunt("a", 0), 0, effect), profile(grunt("x", 1), "Health", 3), grunt("y", 1))
	h.set("x", cHarm, harm)
	h.Play("activate m0", "open-fire m0 >m1 #0", "f:1", "f:1", "fire m0 >m1", "f:1")
	for _, f := range faces {
		h.Play(f)
	}
	return h
}

// rules.md §5.3, Critical Effects, each triggered by a Luck die left in
// the pool (seed 004, step 4), its dice rolled by the target's player.
func TestCriticalEffects(t *testing.T) {
	// Ignite (2): each die above the target's Agility adds a point of
	// damage: 2 hits + 2 = 4 ≥ E4: an Injury and 1 Harm.
	h := crit(t, nil, "ignite 2", 0, "d:1 2 10 10 9")
	h.WantAsks("dice ff-count {Dice:2 Above:5}")
	h.Play("d:6 7")
	h.wantCount("x", cInjuries, 1)
	h.wantCount("x", cHarm, 1)

	// Pierce: Endurance one lower: 3 hits against E3, an Injury.
	h = crit(t, nil, "pierce", 0, "d:1 2 3 10 9")
	h.wantCount("x", cInjuries, 1)

	// Maim: 1 Harm more at the end of the step.
	h = crit(t, nil, "maim", 0, "d:1 10 10 10 9")
	h.wantCount("x", cHarm, 2)

	// Poison (2): each die above the Endurance, 1 Harm; Excess Harm, an
	// Injury.
	h = crit(t, nil, "poison 2", 1, "d:1 10 10 10 10 9") // a fifth die for its Harm
	h.WantAsks("dice ff-count {Dice:2 Above:4}")
	h.Play("d:5 9") // 2 Harm: 2 + 2 = 4 against the limit 3: an Injury
	h.wantCount("x", cHarm, 3)
	h.wantCount("x", cInjuries, 1)

	// Suppress (1): a die above the Intelligence, it Suffers a Fatigue.
	h = crit(t, nil, "suppress 1", 0, "d:1 10 10 10 9", "d:5") // 5 is not above I5
	h.wantCount("x", cFatigue, 0)

	// Meltdown: the target's 2E test; fewer hits than its Harm, an Injury.
	h = crit(t, nil, "meltdown", 1, "d:1 10 10 10 10 9")
	h.WantAsks("dice ff-test {Dice:2 Stat:4 Luck:1 Bonus:0 Unlucky:false LuckyBreak:false}")
	h.Play("d:3 3 9") // two hits (its Fortune Smiles die, last, misses) against Harm 2: no Injury
	h.wantCount("x", cInjuries, 0)
	h = crit(t, nil, "meltdown", 1, "d:1 10 10 10 10 9", "d:9 9")
	h.wantCount("x", cInjuries, 1)
	if h.side(1, sXP) != 1 {
		t.Error("a failed Meltdown Test earns its crew no Fail Forward XP")
	}
}

// rules.md §6.3-l: Maim's Harm beyond the limit becomes an Injury (it
// comes in the Inflict Damage step); with the option excess-harm
// damage-only it is lost.
func TestMaimExcessHarm(t *testing.T) {
	h := crit(t, nil, "maim", 2, "d:1 10 10 10 10 10 9")
	h.wantCount("x", cHarm, 3)
	h.wantCount("x", cInjuries, 1)
	h = crit(t, map[string]string{optExcessHarm: "damage-only"}, "maim", 2, "d:1 10 10 10 10 10 9")
	h.wantCount("x", cHarm, 3)
	h.wantCount("x", cInjuries, 0)
}

// rules.md §5.3, Tranquilize: as Poison; an Incapacitation it causes needs
// no Treat the Wounded roll (Clean Bill of Health) — nor one by a
// Non-Lethal weapon.
func TestTranquilizeCleanBill(t *testing.T) {
	h := table(t, game{}, traits(grunt("a", 0), 0, "tranquilize 1"), grunt("x", 1), grunt("y", 1))
	h.set("x", cHarm, 2)
	h.Play("activate m0", "open-fire m0 >m1 #0", "f:1", "f:1", "fire m0 >m1", "f:1", "d:1 10 10 10 10 10 9", "d:9", "f:0")
	h.WantStatus("x", "gone")
	if !h.S().Has(1, cCleanBill) {
		t.Error("Tranquilized, x needs treatment")
	}
	nl := traits(with(grunt("a", 0), func(m *engine.ModelSetup) { m.Gear[0].Stats["P"] = 8; m.Profile[sL] = 0 }), 0, "non-lethal")
	h = table(t, game{}, nl, grunt("x", 1))
	h.shoot("a", "x", "1 2 3 4 5 6 1 2")
	if !h.S().Has(1, cCleanBill) {
		t.Error("a Non-Lethal weapon's victim needs treatment")
	}
	if r := strings.Join(New().Report(h.S()), "\n"); !strings.Contains(r, "x: incapacitated: Clean Bill of Health") {
		t.Errorf("report:\n%s", r)
	}
}

// rules.md §5.3, Pushback (X): each die above the target's Strength moves
// it 1" straight away from the attacker, as far as it can; at a table the
// players move it, and the push breaks base contact.
func TestPushback(t *testing.T) {
	h := onBoard(t, nil, game{}, [][3]float32{{10, 10}, {10, 11.26}}, traits(grunt("a", 0), 1, "pushback 2"), profile(grunt("x", 1), "Health", 3))
	h.WantStatus("a", "engaged")
	h.Play("activate m0", "brawl m0 >m1 #2", "d:1 10 10 9") // knife: 3S + 0 bonus; the Luck die hits
	h.WantAsks("dice ff-count {Dice:2 Above:5}")
	h.Play("d:6 7")
	if p := h.S().Models[1].Pos; p.X != 10 || p.Y < 13.25 || p.Y > 13.27 {
		t.Errorf("pushed to %v, want 2\" straight back", p)
	}
	h.WantStatus("a", "unengaged", "x", "unengaged")

	// Against a wall: as far as it can.
	b := &board.Board{Width: 30, Height: 30, Levels: []float64{0}, Walls: []board.Wall{{A: board.Point{X: 5, Y: 12.5}, B: board.Point{X: 15, Y: 12.5}, Height: 3}}}
	h = onBoard(t, b, game{}, [][3]float32{{10, 10}, {10, 11.26}}, traits(grunt("a", 0), 1, "pushback 2"), profile(grunt("x", 1), "Health", 3))
	h.Play("activate m0", "brawl m0 >m1 #2", "d:1 10 10 9", "d:6 7")
	if p := h.S().Models[1].Pos; p.Y <= 11.26 || p.Y+0.63 > 12.5 {
		t.Errorf("pushed to %v, want short of the wall at 12.5", p)
	}

	h = table(t, game{}, traits(grunt("a", 0), 1, "pushback 2"), profile(grunt("x", 1), "Health", 3))
	h.engage("a", "x")
	h.Play("activate m0", "brawl m0 >m1 #2", "d:1 10 10 9", "d:6 1")
	h.WantStatus("a", "unengaged", "x", "unengaged")
}

// lastTexts is the last log entry's events in words, as the CLI and the
// server show them.
func (h *harness) lastTexts() []string {
	l := h.G.Log()
	var out []string
	for _, e := range l.Entries[len(l.Entries)-1].Events {
		out = append(out, engine.EventText(h.S(), e))
	}
	return out
}

// At a table the log tells the players what they must check or do (issue
// 11): how many hits the attack test scored, to read the damage table by
// (seed 004, Damage), and how far Pushback moves its target (rules.md
// §5.3), which they move by hand.
func TestEventTextsForTheTable(t *testing.T) {
	h := table(t, game{}, traits(grunt("a", 0), 1, "pushback 2"), profile(grunt("x", 1), "Health", 3))
	h.engage("a", "x")
	h.Play("activate m0", "brawl m0 >m1 #2", "d:1 10 10 9", "d:6 7") // a Luck hit, Fortune Smiles misses; 2 dice above S5
	got := strings.Join(h.lastTexts(), ", ")
	for _, want := range []string{"a scored 1 hit against x", "a pushed x back up to 2\" straight away"} {
		if !strings.Contains(got, want) {
			t.Errorf("events %q, want %q among them", got, want)
		}
	}
}

// rules.md §5.3: an action not on offer says which of its conditions fails
// (engine.ActionDef.Unmet), not the action's whole When.
func TestUnavailableNamesTheCondition(t *testing.T) {
	h := table(t, game{}, grunt("a", 0), grunt("x", 1))
	h.engage("a", "x")
	h.Play("activate m0")
	got := map[string]string{}
	for _, r := range h.G.Unavailable() {
		got[r.Action.ID] = r.Reason
	}
	for id, want := range map[string]string{
		"get-moving": "not available to it now: it is Engaged",
		"open-fire":  "not available to it now: it is Engaged",
		"patch-up":   "not available to it now: it is Engaged",
		"rummage":    "not available to it now: it is Engaged",
	} {
		if got[id] != want {
			t.Errorf("why no %s: %q, want %q", id, got[id], want)
		}
	}
}
