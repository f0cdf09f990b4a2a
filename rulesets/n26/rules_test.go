package n26

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// two is a small table game: w (m0) and b (m1) face off; w2 (m2) and b2
// (m3) stand by, so that one casualty does not end the game.
func two(t *testing.T, opts map[string]string) *harness {
	return table(t, opts, ganger("w", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
}

// Seed 000 (rules.md §2.2.2): two slots; a Single costs one, a Double two;
// no action twice in an activation; the activation ends when the slots are
// spent and play passes to the other gang.
func TestBudgetTwoSlots(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "move m0")
	h.WantLegal("end engage group-activation interact shoot") // no Double, no second Move
	h.Play("interact m0")
	h.WantLegal("activate:b activate:b2")
	h.Play("activate m1", "dash m1")
	h.WantLegal("activate:w2")
}

// Seed 000 (rules.md §2.2.2, §6.2-b, §8 gap 4): a model Suppressed when it
// activates has one action, so no Double; by default it stays Suppressed
// until its activation ends, with the option "start" the marker goes at once.
func TestSuppressedOneAction(t *testing.T) {
	for _, tc := range []struct{ opt, during string }{{"end", "suppressed"}, {"start", "active"}} {
		t.Run(tc.opt, func(t *testing.T) {
			h := two(t, map[string]string{optSuppressed: tc.opt})
			h.Force("w", suppressed)
			h.Play("activate m0")
			h.WantLegal("end engage group-activation interact move shoot")
			h.WantStatus("w", tc.during)
			h.Play("move m0")
			h.WantStatus("w", "active")
			h.WantLegal("activate:b activate:b2")
		})
	}
}

// rules.md §6.2-b: the marker that goes at the end of the activation is the
// one the model had when it started; a model Suppressed during its own
// activation keeps it.
func TestSuppressedDuringOwnActivationStays(t *testing.T) {
	h := table(t, nil, ganger("w", 0), ganger("w2", 0), ganger("b", 1))
	// w shoots b; b is hit, Suppressed. Then b activates with one action.
	h.Play("activate m0", "shoot m0 >m2 #0", "f:1", "f:1", "f:1", "d:4", "f:0", "d:1")
	h.WantStatus("b", "suppressed")
	h.Play("end m0", "activate m2")
	if h.S().Turn.Slots != 1 {
		t.Errorf("Suppressed b has %d slots, want 1", h.S().Turn.Slots)
	}
}

// Seed 000, Coup de Grace (rules.md §2.2.3, §6.2-i): each player rolls a D6
// and adds their fighter's Strength; ties to the attacker: the target goes
// Out of Action. Each player rolls their own die: the first is asked of the
// attacker's side, the second of the target's.
func TestCoupDeGrace(t *testing.T) {
	for _, tc := range []struct {
		att, def string
		want     string
	}{{"3", "3", "gone"}, {"2", "3", "seriously-injured"}, {"6", "1", "gone"}, {"1", "6", "seriously-injured"}} {
		h := two(t, nil)
		h.Force("b", seriouslyInjured)
		h.Play("activate m0", "coup-de-grace m0 >m1", "f:1")
		h.WantAsks("dice n26-d6 {Game:n26}")
		if p := h.G.Pending(); p.Who != 0 || !strings.Contains(p.Text, "attacker's D6 + S for w against b (S3)") {
			t.Errorf("first die: side %d, %q; want the Wardens, the attacker's die", p.Who, p.Text)
		}
		h.Play("d:" + tc.att)
		if p := h.G.Pending(); p == nil || p.Who != 1 || !strings.Contains(p.Text, "target's D6 + S for b against w (S3)") {
			t.Fatalf("second die: %+v; want the Breakers, the target's die", p)
		}
		h.Play("d:" + tc.def)
		if tc.want == "gone" {
			h.WantAsks("fact within") // b2's Nerve check: within 3"?
			h.Play("f:0")
		}
		h.WantStatus("b", tc.want)
	}
	// At a table, a target found not to be within 1" was never a legal
	// target: the Coup de Grace is refused, changing nothing.
	h := two(t, nil)
	h.Force("b", seriouslyInjured)
	h.Play("activate m0", "coup-de-grace m0 >m1")
	var ill *engine.IllegalError
	if err := h.G.Answer(engine.FactQ, engine.Reply{Value: 0}); !errors.As(err, &ill) || ill.Reason != `b is not within 1" of w` {
		t.Errorf("not within 1\": %v, want the Coup de Grace refused", err)
	}
	h.WantStatus("b", "seriously-injured")
	if h.S().Turn.Slots != 2 || h.G.Pending() != nil {
		t.Errorf("after the refusal: %d slots, pending %v; want 2 and nothing", h.S().Turn.Slots, h.G.Pending())
	}
}

// Seed 000 (rules.md §2.2.3, §6.2-k): Sabotage is an Intelligence check
// (2D6 ≤ Int); passed, the Seriously Damaged enemy vehicle goes Out of
// Action; failed, the action is spent for nothing.
func TestSabotage(t *testing.T) {
	for _, tc := range []struct{ faces, want string }{{"3 3", "gone"}, {"3 4", "seriously-injured"}} {
		h := table(t, nil, ganger("w", 0), buggy("car", 1), ganger("b", 1))
		h.Force("car", seriouslyInjured)
		h.Play("activate m0", "sabotage m0 >m1", "f:1")
		h.WantAsks("dice n26-check {Value:6 Mods:[] Dice:2}")
		h.Play("d:" + tc.faces)
		if tc.want == "gone" {
			h.Play("f:0") // b's Nerve check: within 3"?
		}
		h.WantStatus("car", tc.want)
		if h.S().Turn.Slots != 1 {
			t.Errorf("Sabotage cost %d slots", 2-h.S().Turn.Slots)
		}
	}
}

// Seed 000 (rules.md §2.2.5, §6.2-d): Desperate Escape takes the model off
// the table as Out of Action; D6 1–2 rolls on the lasting table, 3–6 is Out
// Cold (Superficial Damage for a vehicle); it counts for the Bottle check.
func TestDesperateEscape(t *testing.T) {
	for _, tc := range []struct {
		model engine.ModelSetup
		faces []string
		want  string
	}{
		// The last answer: is w2 within 3" (a Nerve check)?
		{ganger("w", 0), []string{"d:3", "f:0"}, "w: desperate escape (3): out cold"},
		{buggy("w", 0), []string{"d:6", "f:0"}, "w: desperate escape (6): superficial damage"},
		{ganger("w", 0), []string{"d:2", "d:3 1", "f:0"}, "w: desperate escape (2): grievous-wound"},
		{buggy("w", 0), []string{"d:1", "d:5 3", "f:0"}, "w: desperate escape (1): drive-system-fault"},
	} {
		h := table(t, nil, tc.model, ganger("w2", 0), ganger("b", 1))
		h.Force("w", seriouslyInjured)
		h.Play("activate m0", "desperate-escape m0")
		h.Play(tc.faces...)
		h.WantStatus("w", "gone")
		if r := New().Report(h.S()); len(r) != 1 || r[0] != tc.want {
			t.Errorf("report %q, want %q", r, tc.want)
		}
		if h.S().Sides[0].Counters[sCasualties] != 1 {
			t.Error("Desperate Escape is not a casualty for the Bottle check")
		}
	}
}

// Seed 000: a gang's last model escaping ends the battle before its
// activation ends; its escape roll alone decides what it suffers (one
// lasting roll on 1–2, none on 3–6), with no check after the battle for
// having fled Seriously Injured, which is for a Bottle check's flight
// (rules.md §2.3.9).
func TestLastModelEscapes(t *testing.T) {
	for _, tc := range []struct {
		faces []string
		want  []string
	}{
		{[]string{"d:4"}, []string{"w: desperate escape (4): out cold"}},
		{[]string{"d:1", "d:3 1"}, []string{"w: desperate escape (1): grievous-wound"}},
	} {
		h := table(t, nil, ganger("w", 0), ganger("b", 1))
		h.Force("w", seriouslyInjured)
		h.Play("activate m0", "desperate-escape m0")
		h.Play(tc.faces...)
		if !h.S().Over {
			t.Fatalf("%v: the game goes on with side 0's only model gone; asks %s, legal %s", tc.faces, h.Asks(), h.Legal())
		}
		if p := h.G.Pending(); p != nil {
			t.Errorf("%v: after the battle, asked %q", tc.faces, p.Text)
		}
		if r := New().Report(h.S()); !slices.Equal(r, tc.want) {
			t.Errorf("%v: report %q, want %q", tc.faces, r, tc.want)
		}
	}
}

// Seed 000 (rules.md §2.2.6): a model that starts its activation Seriously
// Injured makes a Recovery test at its end: one injury die, +1 for Tend
// Wounds, +1 when a friendly fighter assists; the player keeps the best.
func TestRecoveryAtEndOfActivation(t *testing.T) {
	for _, tc := range []struct {
		name    string
		actions []string
		assist  string // the within-any answer for helpers
		dice    int
		faces   string
		want    string
	}{
		{"alone", []string{"crawl m0"}, "f:0", 1, "1", "active"},
		{"alone/stays", []string{"crawl m0"}, "f:0", 1, "4", "seriously-injured"},
		{"alone/out", []string{"crawl m0"}, "f:0", 1, "6", "gone"},
		{"assisted", []string{"crawl m0"}, "f:1", 2, "6 2", "active"},
		{"tend-wounds", []string{"tend-wounds m0"}, "f:0", 2, "5 6", "seriously-injured"},
		{"tend-wounds+assisted", []string{"tend-wounds m0"}, "f:1", 3, "6 6 1", "active"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := table(t, nil, ganger("w", 0), ganger("w2", 0), ganger("b", 1))
			h.Force("w", seriouslyInjured)
			h.Play("activate m0")
			h.Play(tc.actions...)
			h.WantAsks("fact within-any") // an enemy within 1"?
			h.Play("f:0")
			h.WantAsks("fact within-any") // a friend to assist?
			h.Play(tc.assist)
			if p := h.G.Pending(); p == nil || p.Proc != (Recovery{Dice: tc.dice}) {
				t.Fatalf("asks %s, want a Recovery test with %d dice", h.Asks(), tc.dice)
			}
			h.Play("d:" + tc.faces)
			if tc.want == "gone" {
				h.Play("f:0") // w2's Nerve check: within 3"?
			}
			h.WantStatus("w", tc.want)
		})
	}
}

// Seed 000 (rules.md §2.2.6 step 1): with an enemy that is not Seriously
// Injured within 1" the model goes Out of Action without a roll.
func TestRecoveryEnemyWithin1(t *testing.T) {
	h := table(t, nil, ganger("w", 0), ganger("b", 1), ganger("b-si", 1), ganger("w2", 0))
	h.Force("w", seriouslyInjured)
	h.Force("b-si", seriouslyInjured)
	h.Play("activate m0", "crawl m0")
	p := h.G.Pending()
	if p == nil || p.Fact.Kind != engine.FactWithinAny || p.Fact.Set != 1<<1 {
		t.Fatalf("asks %s, want within-any of the standing enemy only", h.Asks())
	}
	h.Play("f:1", "f:0") // then: is w2 within 3" (Nerve)?
	h.WantStatus("w", "gone")
}

// Seed 000 (rules.md §2.2.6): a model that becomes Seriously Injured during
// its own activation makes no Recovery test at its end.
func TestNoRecoveryWhenInjuredDuringActivation(t *testing.T) {
	h := two(t, nil)
	h.S().Link(0, 1, true)
	h.Force("w", engaged)
	h.Force("b", engaged)
	// w fights b: both I4, w strikes first and misses; b strikes back, wounds,
	// the save fails, the injury die is Seriously Injured.
	h.Play("activate m0", "fight m0 >m1", "d:1", "d:5", "d:5", "d:1", "d:4")
	h.WantStatus("w", "seriously-injured", "b", "active")
	if h.G.Pending() != nil || h.S().Turn.Model != engine.NoModel {
		t.Errorf("activation goes on or asks %s; want it over with no Recovery test", h.Asks())
	}
}

// Seed 000 (rules.md §2.2.3, §2.2.6, §6.2-e): Treat Ally calls an immediate
// Recovery test; the healer is not also the assistant (option
// healer-assists); Repair does the same for a vehicle, which is never
// assisted.
func TestTreatAllyAndRepair(t *testing.T) {
	for _, tc := range []struct {
		opt, assist string
		set         uint64
	}{{"no", "f:1", 1 << 2}, {"yes", "f:1", 1<<0 | 1<<2}} {
		h := table(t, map[string]string{optHealer: tc.opt}, ganger("medic", 0), ganger("w", 0), ganger("w2", 0), ganger("b", 1))
		h.Force("w", seriouslyInjured)
		h.Play("activate m0", "treat-ally m0 >m1", "f:1", "f:0")
		if p := h.G.Pending(); p == nil || p.Fact.Set != tc.set {
			t.Fatalf("%s: asks %s (%v), want assistants %b", tc.opt, h.Asks(), p, tc.set)
		}
		h.Play(tc.assist, "d:1 6")
		h.WantStatus("w", "active")
	}
	h := table(t, nil, ganger("mech", 0), buggy("car", 0), ganger("w2", 0), ganger("b", 1))
	h.Force("car", seriouslyInjured)
	h.Play("activate m0", "repair m0 >m1", "f:1", "f:0")
	if p := h.G.Pending(); p == nil || p.Proc != (Recovery{Dice: 1}) {
		t.Fatalf("asks %s, want a one-die Recovery test (vehicles are never assisted)", h.Asks())
	}
	h.Play("d:2")
	h.WantStatus("car", "active")
}

// Seed 000 (rules.md §2.2.3, §6.2-j, §8 gap 10): Group Activation picks
// friendly Ready fighters within 3", a Leadership check at −1 per fighter
// after the first; passed, each activates in turn before the other gang,
// and none of them may use Group Activation this round.
func TestGroupActivation(t *testing.T) {
	h := table(t, nil, ganger("boss", 0, "leader"), ganger("a", 0), ganger("b", 0), ganger("c", 0), ganger("x", 1))
	h.Play("activate m0", "group-activation m0")
	// Within 3"? then add? for each of a, b, c.
	h.Play("f:1", "c:yes", "f:1", "c:yes", "f:0")
	h.WantAsks("dice n26-check {Value:6 Mods:[-1] Dice:2}")
	h.Play("d:2 3", "end m0")
	h.WantLegal("activate:a activate:b")
	h.Play("activate m2")
	if strings.Contains(h.Legal(), "group-activation") {
		t.Error("a fighter chosen by a Group Activation may use one")
	}
	h.Play("end m2")
	h.WantLegal("activate:a")
	h.Play("activate m1", "end m1")
	h.WantLegal("activate:x")

	// Failed: nobody is chained; the other gang goes next.
	h = table(t, nil, ganger("boss", 0, "leader"), ganger("a", 0), ganger("x", 1))
	h.Play("activate m0", "group-activation m0", "f:1", "c:yes", "d:6 6", "end m0")
	h.WantLegal("activate:x")

	// Option group-order=selected: they go in the order picked.
	h = table(t, map[string]string{optGroupOrder: "selected"}, ganger("boss", 0, "leader"), ganger("a", 0), ganger("b", 0), ganger("x", 1))
	h.Play("activate m0", "group-activation m0", "f:1", "c:yes", "f:1", "c:yes", "d:1 1", "end m0")
	h.WantLegal("activate:a")
	h.Play("activate m1", "end m1")
	h.WantLegal("activate:b")
}

// Seed 000 (rules.md §2.2.3): Charge moves up to M + D6" and, in base
// contact, the model is Engaged and must take a free Fight (or Coup de
// Grace): the only legal actions, taken though the Charge spent both slots.
// A Charge gives +1 Attack and +2 Initiative in that Fight.
func TestChargeIntoFreeFight(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "charge m0 >m1", "d:3", "f:1")
	h.WantStatus("w", "engaged", "b", "engaged")
	h.WantLegal("fight")
	h.Play("fight m0 >m1")
	// Attacks: A1 + 1 for the Charge, knife; I4+2 beats b's I4.
	h.WantAsks("dice n26-test {Target:4 Mods:[] Save:false}")
	h.Play("d:1")
	h.WantAsks("dice n26-test {Target:4 Mods:[] Save:false}")
	h.Play("d:1")
	h.WantAsks("dice n26-test {Target:4 Mods:[] Save:false}") // b strikes back
	h.Play("d:1")
	h.WantLegal("activate:b activate:b2")

	// Missed contact: no Engaged, no free action.
	h = two(t, nil)
	h.Play("activate m0", "charge m0 >m1", "d:1", "f:0")
	h.WantStatus("w", "active", "b", "active")
	h.WantLegal("activate:b activate:b2")
}

// Seed 000 (rules.md §2.2.3): Engage moves up to D6"; into base contact the
// free Fight follows. With Fight taken and one slot left, an Engaged model
// has nothing more it may do (Retreat is a Double), so its activation ends.
func TestEngageIntoFreeFight(t *testing.T) {
	h := two(t, nil)
	h.Play("activate m0", "engage m0 >m1", "d:3", "f:1")
	h.WantLegal("fight")
	h.Play("fight m0 >m1", "d:1", "d:1") // one attack each, w first at equal I
	h.WantLegal("activate:b activate:b2")
}

// Seed 000, Engage and Engaged status: the free Fight or Coup de Grace comes
// only when the move ends Engaged with the target, and a Seriously Injured
// model is never Engaged. An Engage at a Seriously Injured enemy moves as
// close as it can and gives nothing free: the model goes on with its one
// slot left, and may spend it on a Coup de Grace like any other action.
func TestEngageSeriouslyInjuredGivesNoFreeAction(t *testing.T) {
	h := two(t, nil)
	h.Force("b", seriouslyInjured)
	h.Play("activate m0", "engage m0 >m1", "d:2") // no "base contact?": it cannot end Engaged
	h.WantStatus("w", "active", "b", "seriously-injured")
	if len(h.S().Turn.Forced) != 0 || h.S().Turn.Slots != 1 {
		t.Errorf("after Engage at a Seriously Injured enemy: forced %v, %d slots; want nothing forced, 1 slot", h.S().Turn.Forced, h.S().Turn.Slots)
	}
	h.WantLegal("coup-de-grace end group-activation interact move shoot")
	h.Play("coup-de-grace m0 >m1", "f:1", "d:4", "d:2", "f:0") // within 1"? asked: nothing was Engaged
	h.WantStatus("b", "gone")
	h.WantLegal("activate:b2")
}

// rules.md §2.2.4: an Engaged model is never Suppressed, a Seriously
// Injured one is never Engaged.
func TestEngagedNeverSuppressedSINeverEngaged(t *testing.T) {
	h := table(t, nil, ganger("w", 0), ganger("b", 1), ganger("b2", 1), ganger("w2", 0), ganger("b3", 1))
	h.S().Link(0, 1, true)
	h.Force("w", engaged)
	h.Force("b", engaged)
	// b2 shoots w, who is in a combat with b: sight, Long and Short Range
	// measured; the hit roll; cover; the hit goes at random (pick die 1 =
	// w), who is not Suppressed; the wound roll fails.
	h.Play("activate m0", "end m0", "activate m2", "shoot m2 >m0 #0", "f:1", "f:1", "f:1", "d:5", "f:0")
	h.WantAsks("dice n26-pick {Game:n26 N:2}")
	h.Play("d:1", "d:1")
	h.WantStatus("w", "engaged")
	// Then b3 shoots: hit, w again, wounds, no save (Sv 6: a 1), injury die
	// 4: Seriously Injured, and so no longer Engaged.
	h.Play("end m2", "activate m3", "end m3", "activate m4")
	h.Play("shoot m4 >m0 #0", "f:1", "f:1", "f:1", "d:5", "f:0", "d:1", "d:5", "d:1", "d:4")
	h.WantStatus("w", "seriously-injured", "b", "active")
	if h.S().Models[1].Links != 0 {
		t.Error("b is still linked to a Seriously Injured model")
	}
}

func TestRulesetOptionsDocumented(t *testing.T) {
	in := New().Info()
	var names []string
	for _, o := range in.Options {
		names = append(names, o.Name)
		if o.Source == "" || !slices.Contains(o.Choices, o.Default) {
			t.Errorf("option %s: no source, or default not a choice", o.Name)
		}
	}
	want := []string{optAmmo, optCover, optDucts, optEscapeOOA, optGroupOrder, optHealer, optHitSI, optLasting, optSuccumb, optSuppressed}
	slices.Sort(names)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("options %v, want %v", names, want)
	}
}

// Seed 000 (rules.md §2.2.5, §2.2.6): Conduct Repairs gives the Seriously
// Damaged vehicle one more injury die on the Recovery test at the end of
// that activation, and only that one: the next activation, a Freewheel,
// rolls the single die again.
func TestConductRepairsAddsARecoveryDie(t *testing.T) {
	h := table(t, nil, buggy("car", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Force("car", seriouslyInjured)
	h.Play("activate m0", "conduct-repairs m0")
	h.WantAsks("fact within-any") // an enemy within 1"? (no assistance for a vehicle)
	h.Play("f:0")
	if p := h.G.Pending(); p == nil || p.Proc != (Recovery{Dice: 2}) {
		t.Fatalf("asks %s, want a Recovery test with 2 injury dice after Conduct Repairs", h.Asks())
	}
	h.Play("d:3 4") // both Seriously Injured: the car stays Seriously Damaged
	h.WantStatus("car", "seriously-injured")
	h.Play("activate m1", "end m1", "activate m2", "end m2", "activate m3", "end m3")
	h.Play("d:6", "d:1") // round 2's Priority roll: the Wardens
	h.Play("activate m0", "freewheel m0", "d:2", "f:0")
	if p := h.G.Pending(); p == nil || p.Proc != (Recovery{Dice: 1}) {
		t.Fatalf("asks %s, want a one-die Recovery test: Conduct Repairs was last activation's", h.Asks())
	}
}

// Seed 000 (rules.md §2.2.5): Freewheel at a table: the vehicle's player
// rolls the D6, moves it that far, and the game records the move with the
// roll.
func TestFreewheelAtTable(t *testing.T) {
	h := table(t, nil, buggy("car", 0), ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
	h.Force("car", seriouslyInjured)
	h.Play("activate m0", "freewheel m0")
	h.WantAsks("dice n26-d6 {Game:n26}")
	if p := h.G.Pending(); p.Who != 0 || !strings.Contains(p.Text, "Freewheel distance") {
		t.Errorf("side %d asked %q; want the Wardens to roll the Freewheel distance", p.Who, p.Text)
	}
	h.Play("d:5", "f:0", "d:3") // then its Recovery test: no enemy within 1", stays down
	l := h.G.Log().Entries
	moved := false
	for _, e := range l[len(l)-1].Events {
		moved = moved || e.Type == "moved" && e.Model == 0 && e.Value == 5
	}
	if !moved {
		t.Errorf("events %v, want the car's move of 5\" recorded", l[len(l)-1].Events)
	}
	if h.S().Turn.Model == 0 {
		t.Error("Freewheel is a Double: the car's activation goes on")
	}
}

// Seed 000, Recovery tests, Assistance (rules.md §2.2.6 step 2, §2.3.7):
// one friendly fighter within 1" that is neither Engaged nor Seriously
// Injured may assist; a vehicle or a Beast may not. Only those eligible
// are asked about; with none, nobody is asked and one die is rolled.
func TestRecoveryAssistanceWho(t *testing.T) {
	h := table(t, nil, ganger("w", 0), ganger("ok", 0), ganger("sup", 0), ganger("eng", 0), ganger("si", 0),
		buggy("car", 0), ganger("pet", 0, "beast"), ganger("b", 1))
	h.Force("w", seriouslyInjured)
	h.Force("sup", suppressed)
	h.S().Link(3, 7, true)
	h.Force("eng", engaged)
	h.Force("b", engaged)
	h.Force("si", seriouslyInjured)
	h.Play("activate m0", "crawl m0", "f:0") // no enemy within 1"
	if p := h.G.Pending(); p == nil || p.Fact.Kind != engine.FactWithinAny || p.Fact.Set != 1<<1|1<<2 {
		t.Fatalf("asks %s (%+v), want whether ok or sup (m1, m2) is within 1\" to assist", h.Asks(), p)
	}
	h.Play("f:1")
	h.WantAsks("dice n26-recovery {Dice:2}")

	// Only friends who may not assist: no question, one die.
	h = table(t, nil, ganger("w", 0), ganger("eng", 0), ganger("si", 0), buggy("car", 0), ganger("b", 1))
	h.Force("w", seriouslyInjured)
	h.S().Link(1, 4, true)
	h.Force("eng", engaged)
	h.Force("b", engaged)
	h.Force("si", seriouslyInjured)
	h.Play("activate m0", "crawl m0", "f:0")
	h.WantAsks("dice n26-recovery {Dice:1}")
}

// Seed 000, Engaged status (rules.md §2.2.4): a Suppressed model that
// becomes Engaged loses its Suppressed marker. b, Suppressed, is charged
// into contact: it is Engaged, and when it activates it has both actions
// (enough for a Retreat, a Double), after which it is Active, not
// Suppressed.
func TestSuppressedLosesMarkerWhenEngaged(t *testing.T) {
	h := two(t, nil)
	h.Force("b", suppressed)
	h.Play("activate m0", "charge m0 >m1", "d:3", "f:1") // base contact
	h.WantStatus("b", "engaged")
	h.Play("fight m0 >m1", "d:1", "d:1", "d:1") // w's two attacks and b's one all miss
	h.Play("activate m1")
	if h.S().Turn.Slots != 2 {
		t.Errorf("b has %d actions, want 2: its Suppressed marker went when it became Engaged", h.S().Turn.Slots)
	}
	h.WantLegal("end fight retreat")
	h.Play("retreat m1")
	h.WantStatus("b", "active", "w", "active")
}

// Seed 000, Group Activation (rules.md §2.2.3): only friendly Ready
// fighters may be picked; one that has already activated this round is
// not asked about, and with no Ready friend left the action is not
// offered.
func TestGroupActivationOnlyReady(t *testing.T) {
	h := table(t, nil, ganger("boss", 0, "leader"), ganger("a", 0), ganger("c", 0), ganger("x", 1), ganger("y", 1))
	h.Play("activate m1", "end m1", "activate m3", "end m3", "activate m0", "group-activation m0")
	if p := h.G.Pending(); p == nil || p.Fact.Kind != engine.FactWithin || p.Fact.B != 2 {
		t.Fatalf("asks %s (%+v), want whether c (m2) is within 3\"; a has activated", h.Asks(), p)
	}
	h.Play("f:1", "c:yes")
	h.WantAsks("dice n26-check {Value:6 Mods:[] Dice:2}") // one fighter picked: no question about a

	h = table(t, nil, ganger("boss", 0, "leader"), ganger("a", 0), ganger("x", 1), ganger("y", 1))
	h.Play("activate m1", "end m1", "activate m2", "end m2", "activate m0")
	if contains(h.Legal(), "group-activation") {
		t.Errorf("legal %s: Group Activation offered with no friend Ready", h.Legal())
	}
}

// Seed 000, Recovery tests, Enemy Models (rules.md §2.2.6 step 1): the
// immediate Recovery test of Treat Ally or Repair is a Recovery test like
// any other: with an enemy that is not Seriously Injured within 1", the
// model goes Out of Action and no injury die is rolled.
func TestTreatAllyAndRepairEnemyWithin1(t *testing.T) {
	for _, tc := range []struct {
		action string
		hurt   engine.ModelSetup
	}{{"treat-ally", ganger("w", 0)}, {"repair", buggy("w", 0)}} {
		t.Run(tc.action, func(t *testing.T) {
			h := table(t, nil, ganger("medic", 0), tc.hurt, ganger("b", 1), ganger("w2", 0), ganger("b2", 1))
			h.Force("w", seriouslyInjured)
			h.Play("activate m0", tc.action+" m0 >m1", "f:1") // w within 1" of the medic
			if p := h.G.Pending(); p == nil || p.Fact.Kind != engine.FactWithinAny || p.Fact.Set != 1<<2|1<<4 {
				t.Fatalf("asks %s, want whether b or b2 is within 1\" of w", h.Asks())
			}
			h.Play("f:1")
			for p := h.G.Pending(); p != nil; p = h.G.Pending() {
				if p.Kind != engine.FactQ {
					t.Fatalf("asks %s (%q); want no roll: w goes Out of Action at once", h.Asks(), p.Text)
				}
				h.Play("f:0") // Nerve checks: not within 3"
			}
			h.WantStatus("w", "gone")
		})
	}
}
