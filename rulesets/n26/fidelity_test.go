package n26

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
)

// Rules fidelity: each test names the seed 000 sentence (by the action or
// section it is in) that it holds the ruleset to.

// Seed 000, Charge: the free Fight or Coup de Grace comes when the move ends
// Engaged with the target, and it may be either. A Coup de Grace needs the
// model not to be Engaged, except as this free action. At a table: w
// charges b into contact while b2 lies Seriously Injured nearby.
func TestChargeFreeActionIsFightOrCoupDeGrace(t *testing.T) {
	h := two(t, nil)
	h.Force("b2", seriouslyInjured)
	h.Play("activate m0", "charge m0 >m1", "d:3", "f:1") // base contact: yes
	h.WantStatus("w", "engaged", "b", "engaged")
	h.WantLegal("coup-de-grace fight")
	h.Play("coup-de-grace m0 >m3", "f:1", "d:5", "d:1") // b2 within 1"? yes
	h.WantStatus("b2", "gone", "w", "engaged")
	h.WantLegal("activate:b") // the Charge spent both slots; the Coup de Grace was free

	// On a board: w's Charge ends in contact with b, and b2, Seriously
	// Injured, is within 1" of where it ends.
	pts := [][2]float32{{5, 3}, {5, 9}, {20, 20}, {6.3, 8}}
	h = onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Force("b2", seriouslyInjured)
	h.Play("activate m0", "charge m0 >m1", "d:2")
	h.WantStatus("w", "engaged")
	h.WantLegal("coup-de-grace fight")
	h.Play("coup-de-grace m0 >m3", "d:4", "d:4")
	h.WantStatus("b2", "gone")
}

// Seed 000, Charge and Engaged status: a Seriously Injured model is never
// Engaged, so a Charge that reaches one gives no free action. On a board
// the charger ends beside it, not Engaged, its activation spent.
func TestChargeSeriouslyInjuredGivesNoFreeAction(t *testing.T) {
	pts := [][2]float32{{5, 3}, {5, 9}, {20, 20}, {20, 3}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Force("b", seriouslyInjured)
	h.Play("activate m0", "charge m0 >m1", "d:2")
	if g := gap(h.S(), 0, 1); g > board.Contact {
		t.Errorf("the Charge ended %.2f\" from b, want beside it", g)
	}
	h.WantStatus("w", "active", "b", "seriously-injured")
	h.WantLegal("activate:b activate:b2") // w's activation is over
	if h.S().Has(0, cCharged) {
		t.Error("w counts as having charged into combat")
	}
}

// Seed 000, Group Activation: a fighter selected as the target of the
// action may not itself perform it this round, whether or not the
// Leadership check was passed.
func TestGroupActivationSelectedEvenWhenFailed(t *testing.T) {
	h := table(t, nil, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("w3", 0), ganger("b2", 1))
	h.Play("activate m0", "group-activation m0", "f:1", "c:yes", "f:1", "c:no", "d:6 6") // Ld 6: 12 fails
	if got := h.Events("group-failed"); len(got) != 1 {
		t.Fatalf("events %v, want group-failed", got)
	}
	if !h.S().Has(2, cGroupSelected) || h.S().Has(3, cGroupSelected) {
		t.Errorf("selected: w2 %v, w3 %v; want w2 only", h.S().Has(2, cGroupSelected), h.S().Has(3, cGroupSelected))
	}
	// w2 activates with w3 still Ready within 3": no Group Activation.
	h.Play("end m0", "activate m1", "end m1", "activate m2")
	if strings.Contains(h.Legal(), "group-activation") {
		t.Errorf("w2, selected by w's failed Group Activation, may start one: %s", h.Legal())
	}
}

// Seed 000, Model actions: a model Suppressed when it is activated loses
// the marker then and has one action. A Suppression it gains later in the
// same activation (a failed Nerve check) stands, with either option.
func TestSuppressedLosesMarkerWhenActivated(t *testing.T) {
	h := two(t, nil)
	h.Force("w", suppressed)
	h.Play("activate m0")
	h.WantStatus("w", "active")
	if h.S().Turn.Slots != 1 {
		t.Errorf("a model Suppressed when activated has %d slots, want 1", h.S().Turn.Slots)
	}
	for _, opt := range []string{"start", "end"} {
		t.Run(opt, func(t *testing.T) {
			// w, Suppressed, treats w2, who has an enemy within 1": w2 goes
			// Out of Action without a roll, and w fails its Nerve check.
			h := table(t, map[string]string{optSuppressed: opt}, ganger("w", 0), ganger("w2", 0), ganger("b", 1), ganger("b2", 1))
			h.Force("w", suppressed)
			h.Force("w2", seriouslyInjured)
			h.Play("activate m0", "treat-ally m0 >m1", "f:1", "f:1", "f:1", "d:6 6")
			h.WantStatus("w2", "gone", "w", "suppressed")
			h.WantLegal("activate:b activate:b2") // its one action is spent
			h.WantStatus("w", "suppressed")
		})
	}
	// With "end", a marker the model started with goes when it ends.
	h = two(t, map[string]string{optSuppressed: "end"})
	h.Force("w", suppressed)
	h.Play("activate m0")
	h.WantStatus("w", "suppressed")
	h.Play("move m0")
	h.WantStatus("w", "active")
}

// Seed 000, Charge: a vehicle that cannot turn far enough to move directly
// towards a model may not target it with a Charge. At a table the players
// say whether it can; "no" refuses the action and changes nothing.
func TestVehicleChargeAtTableAsksItsTurn(t *testing.T) {
	h := table(t, nil, buggy("car", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0", "charge m0 >m1")
	p := h.G.Pending()
	if p == nil || p.Fact.Kind != engine.FactTurn || p.Fact.Inches != 90 {
		t.Fatalf("asks %s, want whether the car can face b with a turn of up to 90°", h.Asks())
	}
	if !strings.Contains(p.Text, "can car face b by turning at most 90°") {
		t.Errorf("prompt %q", p.Text)
	}
	before := h.S().Clone()
	n := len(h.G.Log().Entries)
	err := h.G.Answer(engine.FactQ, engine.Reply{Value: 0})
	var ill *engine.IllegalError
	if !errors.As(err, &ill) || !strings.Contains(ill.Reason, "may not Charge") {
		t.Fatalf("answer no: %v, want the Charge refused", err)
	}
	if ok, why := before.Equal(h.S()); !ok || len(h.G.Log().Entries) != n || h.G.Pending() != nil {
		t.Fatalf("a refused Charge changed the game: %s", why)
	}
	h.Play("charge m0 >m1", "f:1", "d:4", "f:0") // it can turn; the Charge falls short
	h.WantStatus("car", "active")
}

// Seed 000, Engaged status: models may move freely within 1" of enemy
// Seriously Injured models, and nothing stops a model ending beside a
// friend. Board moves offer both; never within 1" of other enemies.
func TestDestinationsBesideFriendsAndSeriouslyInjured(t *testing.T) {
	pts := [][2]float32{{5, 5}, {5, 10}, {9, 5}, {16, 16}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Force("b", seriouslyInjured)
	h.Play("activate m0")
	beside := map[string]bool{}
	for _, a := range h.G.Legal() {
		if a.ID != "move" {
			continue
		}
		p := engine.Pos{X: a.X, Y: a.Y}
		for n, name := range map[int]string{1: "b", 2: "w2", 3: "b2"} {
			g := board.GapAt(h.S(), 0, p, n)
			if g <= board.Contact {
				beside[name] = true
			}
			if name == "b2" && g <= 1 {
				t.Errorf("%s ends within 1\" of b2 (%.2f)", a, g)
			}
		}
	}
	if !beside["b"] || !beside["w2"] {
		t.Errorf("moves end beside %v; want beside b (Seriously Injured) and w2 (a friend)", beside)
	}
}

// Seed 000, Crawl Through Ductway: the fighter is placed within 1" of the
// far end wherever it can be, more than 1" from enemies and overlapping no
// model; with no such place it stays. Where spots apart are equally near
// the end, its player chooses (issue 31, 4).
func TestDuctwayFindsAnyLegalSpot(t *testing.T) {
	duct := func() *board.Board {
		return &board.Board{Width: 24, Height: 24, Levels: []float64{0}, Ducts: []board.Duct{{A: board.Point{X: 2, Y: 2}, B: board.Point{X: 20, Y: 20}}}}
	}
	big := with(ganger("w2", 0), func(m *engine.ModelSetup) { m.Base = 2 })
	// A 2" friend stands on the far end: the only spots are a ring 1.49"
	// to 1.5" from it (the fighter's base edge within 1" of the end), the
	// nearest of them on every side of it.
	h := onBoard(t, duct(), nil, [][2]float32{{2.5, 2}, {20, 20}, {20, 5}}, ganger("w", 0), big, ganger("b", 1))
	h.Play("activate m0", "crawl-through-ductway m0")
	pr := h.G.Pending()
	if pr == nil || pr.Key != "ductway-spot" || len(pr.Options) < 4 {
		t.Fatalf("pending %+v, want a choice among spots round the end", pr)
	}
	h.Play("c:" + pr.Options[2])
	p := h.S().Models[0].Pos
	d := math.Hypot(float64(p.X)-20, float64(p.Y)-20)
	if d < 1.49 || d > 1.5 || fmt.Sprintf("%g,%g", p.X, p.Y) != pr.Options[2] {
		t.Errorf("w placed at %v, %.3f\" from the end, %s chosen; want there, 1.49\" to 1.5\"", p, d, pr.Options[2])
	}
	// An enemy on the far end leaves no spot: the action is not offered,
	// and why not names the far end (issue 31 audit: it was offered, and
	// spent for nothing).
	h = onBoard(t, duct(), nil, [][2]float32{{2.5, 2}, {20, 20}, {20, 5}}, ganger("w", 0), ganger("b", 1), ganger("w2", 0))
	h.Play("activate m0")
	a := engine.Action{ID: "crawl-through-ductway", Actor: 0, Target: engine.NoModel}
	if why := h.G.WhyNot(a); !strings.Contains(why, "no spot within 1\" of the ductway's far end (20,20)") {
		t.Errorf("Crawl Through Ductway with an enemy on the far end: %q", why)
	}
}

// Seed 000, Engaged status: models in base contact with an enemy are
// Engaged, from deployment on.
func TestEngagedFromDeployment(t *testing.T) {
	pts := [][2]float32{{5, 5}, {6, 5}, {20, 20}, {20, 3}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.WantStatus("w", "engaged", "b", "engaged", "w2", "active")
	h.Play("activate m0")
	h.WantLegal("end fight retreat")
}

// Seed 000, Fire All: the vehicle fires every ranged weapon it has, each
// at its own target, all declared before any dice. At a table the players
// pick each weapon's target among every enemy, or none (no enemy in its
// sight and range: it does not fire), and every declared target's sight is
// asked before any die: a target out of sight refuses the action, nothing
// rolled (a rules audit found an earlier weapon's dice thrown away).
func TestFireAllFiresEveryWeapon(t *testing.T) {
	twin := with(buggy("car", 0), func(m *engine.ModelSetup) {
		m.Gear = append(m.Gear, engine.Gear{Name: "stubber", Kind: "ranged", Stats: map[string]int{"sr": 8, "lr": 16, "str": 3, "l": 1}})
	})
	h := table(t, nil, twin, ganger("b", 1), ganger("b2", 1))
	h.Play("activate m0", "fire-all m0")
	if p := h.G.Pending(); p == nil || p.Key != "fire-all-target" || !slices.Equal(p.Options, []string{"b", "b2", fireAllNone}) {
		t.Fatalf("asks %s %v, want each weapon's target, b, b2 or none", h.Asks(), h.G.Pending().Options)
	}
	h.Play("c:b", "c:b2")
	h.WantAsks("fact sight") // b's
	h.Play("f:1")
	h.WantAsks("fact sight") // b2's, before any die
	before := h.S().Clone()
	var ill *engine.IllegalError
	if err := h.G.Answer(engine.FactQ, engine.Reply{Value: 0}); !errors.As(err, &ill) || !strings.Contains(ill.Reason, "cannot see b2") {
		t.Fatalf("b2 out of sight: %v, want refused", err)
	}
	if ok, why := before.Equal(h.S()); !ok {
		t.Errorf("the refused Fire All changed the game: %s", why)
	}
	// Declared again: the stubber has no enemy in sight and range.
	h.Play("fire-all m0", "c:b", "c:"+fireAllNone, "f:1")
	h.WantAsks("fact within")          // the hull gun's Long Range: its shot goes on
	h.Play("f:1", "f:1", "d:1", "d:2") // long, short, a missed hit, its firepower die
	if got := h.Events("no-target", "missed"); strings.Join(got, ",") != "no-target car,missed car" {
		t.Errorf("events %v, want the stubber's no-target and the hull gun's miss", h.Events())
	}
}

// Seed 000 refers to the hit-roll page for Aimed Shot without stating its
// modifiers; rules.md §2.3.4 has none for a Seriously Injured target. The
// option hit-seriously-injured gives −1 to ranged hits at one (as one
// public N26 calculator does); by default there is none.
func TestHitSeriouslyInjuredOption(t *testing.T) {
	for _, tc := range []struct{ opt, want string }{
		{"", "dice n26-test {Target:4 Mods:[] Save:false}"},
		{"-1", "dice n26-test {Target:4 Mods:[-1] Save:false}"},
	} {
		opts := map[string]string{}
		if tc.opt != "" {
			opts[optHitSI] = tc.opt
		}
		h := two(t, opts)
		h.Force("b", seriouslyInjured)
		h.Play("activate m0", "shoot m0 >m1", "f:1", "f:1", "f:1") // sight, Long, Short Range
		h.WantAsks(tc.want)
	}
}

// DESIGN.md §3, questions speak for themselves: a dice prompt says what the
// roll is for, who rolls how many dice of which kind, and what it needs; a
// measurement says what it decides.
func TestPromptsSayWhatTheyAreFor(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "shoot m0 >m1")
	if p := h.G.Pending(); !strings.HasPrefix(p.Text, "A ranged attack needs line of sight — the players measure: can w see b?") {
		t.Errorf("sight prompt %q", p.Text)
	}
	h.Play("f:1", "f:1", "f:1")
	want := "Ranged hit for w against b (lasgun) — Wardens: roll 1 D6: 4+ passes; a natural 1 always fails, a 6 always passes"
	if p := h.G.Pending(); p.Text != want {
		t.Errorf("hit prompt\n got %q\nwant %q", p.Text, want)
	}
	h.Play("d:4", "f:0") // hit; not in cover
	want = "Wound roll (rolled by the target's player; a pass wounds it) for w against b (lasgun) — Breakers: roll 1 D6: 4+ passes; a natural 1 always fails, a 6 always passes"
	if p := h.G.Pending(); p.Text != want || p.Who != 1 {
		t.Errorf("wound prompt (side %d)\n got %q\nwant %q", p.Who, p.Text, want)
	}
	h.Play("d:4", "d:1") // wounds; the save fails
	want = "Injury dice for b hit by w (Lethality 1) — Wardens: roll 1 injury die (each die shows injured, seriously-injured or out-of-action)"
	if p := h.G.Pending(); p.Text != want {
		t.Errorf("injury prompt\n got %q\nwant %q", p.Text, want)
	}
}

// A scenario may start a model Seriously Injured or Engaged (issue 8,
// item 18): a Seriously Injured fighter starts at 0 wounds with the
// Injured condition; engaged-with ties two models at a table.
func TestStartingStatus(t *testing.T) {
	si := with(ganger("b", 1), func(m *engine.ModelSetup) { m.Status = "seriously-injured" })
	h := table(t, nil, ganger("w", 0), si, ganger("w2", 0), ganger("b2", 1))
	h.WantStatus("b", "seriously-injured")
	if h.S().Count(1, cWounds) != 0 || !h.S().Has(1, cInjured) {
		t.Errorf("b starts with %d wounds, injured %v; want 0 and injured", h.S().Count(1, cWounds), h.S().Has(1, cInjured))
	}
	tied := with(ganger("w", 0), func(m *engine.ModelSetup) { m.Engaged = []string{"b"} })
	h = table(t, nil, tied, ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.WantStatus("w", "engaged", "b", "engaged", "w2", "active")

	for _, tc := range []struct {
		models []engine.ModelSetup
		mode   string
		path   string
	}{
		{[]engine.ModelSetup{with(ganger("w", 0), func(m *engine.ModelSetup) { m.Status = "engaged" }), ganger("b", 1)}, "table", "models[0].status"},
		{[]engine.ModelSetup{with(ganger("w", 0), func(m *engine.ModelSetup) { m.Engaged = []string{"b"} }), si}, "table", "models[0].engaged-with[0]"},
		{[]engine.ModelSetup{with(ganger("w", 0), func(m *engine.ModelSetup) { m.Engaged = []string{"b"} }), ganger("b", 1)}, "board", "models[0].engaged-with[0]"},
		{[]engine.ModelSetup{with(ganger("w", 0), func(m *engine.ModelSetup) { m.Engaged = []string{"w2"} }), ganger("w2", 0), ganger("b", 1)}, "table", "models[0].engaged-with[0]"},
		{[]engine.ModelSetup{with(ganger("w", 0), func(m *engine.ModelSetup) { m.Status = "down" }), ganger("b", 1)}, "table", "models[0].status"},
	} {
		su := &engine.Setup{Rounds: 3, Mode: tc.mode, Sides: []engine.SideSetup{{Name: "Wardens"}, {Name: "Breakers"}}, Models: tc.models}
		if tc.mode == "board" {
			su.Board = &board.Board{Width: 24, Height: 24}
			su.Models[0].Start, su.Models[1].Start = engine.Pos{X: 5, Y: 5}, engine.Pos{X: 9, Y: 5}
		}
		_, err := engine.New(New(), su, engine.Config{Dice: engine.PhysicalDice})
		var fe *engine.FieldError
		if !errors.As(err, &fe) || fe.Path != tc.path {
			t.Errorf("%s: error %v, want one at %s", tc.path, err, tc.path)
		}
	}
}

// Seed 000, Charge: a forced free Coup de Grace whose target turns out not
// to be within 1" is refused, and the free Fight is still there to take:
// the seed's "must perform a Fight or Coup de Grace" cannot be dodged.
func TestForcedCoupDeGraceRefusedLeavesFight(t *testing.T) {
	h := two(t, nil)
	h.Force("b2", seriouslyInjured)
	h.Play("activate m0", "charge m0 >m1", "d:3", "f:1", "coup-de-grace m0 >m3")
	if err := h.G.Answer(engine.FactQ, engine.Reply{Value: 0}); err == nil {
		t.Fatal("a Coup de Grace at a target not within 1\" was taken")
	}
	h.WantLegal("coup-de-grace fight")
}

// An activation ends when its model leaves play, whatever it had left: w
// Engages b (one slot), and b's strike back in the free Fight takes w Out
// of Action.
func TestActivationEndsWhenTheModelFalls(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "engage m0 >m1", "d:3", "f:1", "fight m0 >m1")
	h.Play("d:1")                        // w misses (I4 each: w strikes first)
	h.Play("d:6", "d:6", "d:1", "d:ooa") // b hits, wounds, w's save fails, out of action
	h.Play("f:0")                        // w2's Nerve check: not within 3"
	h.WantStatus("w", "gone")
	h.WantLegal("activate:b activate:b2")
}

// Prompts count like rolls and name a random pick's models: a Fight's
// attacks say which of how many; a hit on an Engaged model lists who each
// number picks.
func TestPromptsCountAndName(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "charge m0 >m1", "d:3", "f:1", "fight m0 >m1") // A1 +1 for the Charge
	if p := h.G.Pending(); !strings.HasPrefix(p.Text, "Melee hit for w against b (knife, 1 of 2)") {
		t.Errorf("first attack: %q", p.Text)
	}
	h = table(t, nil, ganger("w", 0), ganger("b", 1), ganger("b2", 1), ganger("w2", 0))
	h.S().Link(0, 1, true)
	h.Force("w", engaged)
	h.Force("b", engaged)
	h.Play("activate m0", "end m0", "activate m2", "shoot m2 >m0 #0", "f:1", "f:1", "f:1", "d:5", "f:0")
	if p := h.G.Pending(); !strings.HasSuffix(p.Text, "Random allocation of a hit on an Engaged model: 1 = w, 2 = b — Breakers: pick one of 2 at random: roll 1 D2 (any fair way to pick 1 to 2 will do)") {
		t.Errorf("allocation: %q", p.Text)
	}
}

// Seed 000, Crawl Through Ductway, by two ductways (issue 31 audit): the
// first's far end blocked by an enemy, the fighter crawls through the
// other, whichever order the board lists them in; with both open its
// player chooses.
func TestDuctwayTwoWays(t *testing.T) {
	for _, rev := range []bool{false, true} {
		ducts := []board.Duct{{A: board.Point{X: 2, Y: 2}, B: board.Point{X: 20, Y: 20}}, {A: board.Point{X: 3, Y: 2.5}, B: board.Point{X: 20, Y: 5}}}
		if rev {
			ducts[0], ducts[1] = ducts[1], ducts[0]
		}
		b := &board.Board{Width: 24, Height: 24, Levels: []float64{0}, Ducts: ducts}
		h := onBoard(t, b, nil, [][2]float32{{2.5, 2}, {20, 20}, {10, 12}}, ganger("w", 0), ganger("b", 1), ganger("w2", 0))
		h.Play("activate m0", "crawl-through-ductway m0")
		if p := h.S().Models[0].Pos; math.Hypot(float64(p.X)-20, float64(p.Y)-5) > 1.5+1e-6 {
			t.Errorf("reversed %v: w came out at %v, want by the open far end (20,5)", rev, p)
		}
	}
	b := &board.Board{Width: 24, Height: 24, Levels: []float64{0}, Ducts: []board.Duct{{A: board.Point{X: 2, Y: 2}, B: board.Point{X: 20, Y: 20}}, {A: board.Point{X: 3, Y: 2.5}, B: board.Point{X: 20, Y: 5}}}}
	h := onBoard(t, b, nil, [][2]float32{{2.5, 2}, {10, 12}, {12, 12}}, ganger("w", 0), ganger("b", 1), ganger("w2", 0))
	h.Play("activate m0", "crawl-through-ductway m0")
	if pr := h.G.Pending(); pr == nil || pr.Key != "ductway" || len(pr.Options) != 2 {
		t.Fatalf("both ways open: pending %+v, want the choice of ductway", pr)
	}
}
