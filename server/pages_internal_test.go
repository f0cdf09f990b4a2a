package server

import (
	"errors"
	"fmt"
	stdhtml "html"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/server/ui"
)

// rollOf is a procedure that rolls the dice it holds, for the keypad's
// wording.
type rollOf []dice.Die

func (rollOf) Name() string       { return "test-roll" }
func (rollOf) Outcomes() []string { return []string{"done"} }
func (rollOf) Flags() []string    { return nil }
func (rollOf) Odds() dice.Dist    { return dice.Dist{} }
func (p rollOf) Resolve(t *dice.Tray) (dice.Result, error) {
	for _, d := range p {
		if _, err := t.Roll(d, ""); err != nil {
			return dice.Result{}, err
		}
	}
	return dice.Result{}, nil
}

// The keypad says how many dice of each kind to roll in words that agree
// with the count: "2 firepower dice", "1 injury die … tap its face".
func TestKeypadCountWording(t *testing.T) {
	fp := dice.Symbols("firepower die", []string{"1-ammo", "1", "2", "3"}, []int{1, 2, 2, 1})
	inj := dice.Symbols("injury die", []string{"i", "si", "ooa"}, []int{3, 2, 1})
	for _, c := range []struct {
		proc rollOf
		want string
	}{
		{rollOf{fp, fp}, "Roll 2 firepower dice, then tap the faces in order"},
		{rollOf{inj}, "Roll 1 injury die, then tap its face"},
		{rollOf{dice.D6, dice.D6, fp}, "Roll 2 D6, then 1 firepower die, then tap the faces in order"},
	} {
		pr := &engine.Prompt{Question: engine.Question{Kind: engine.DiceQ, Proc: c.proc}}
		if got := pendingPage(nil, pr, true, "").Count; got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}

// A roll whose faces may call for more dice asks for the dice every roll
// takes, says more may follow, offers the faces of every die it might take,
// and lets the keypad take more faces (data-more): Fallout: Factions'
// test of 3 dice, whose critical and Lucky faces may add dice.
func TestKeypadMoreDice(t *testing.T) {
	spec, _ := all.Procedures().Lookup("ff-test")
	a, err := spec.Parse(map[string][]string{"dice": {"2"}, "stat": {"5"}, "luck": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := spec.Build(a)
	if err != nil {
		t.Fatal(err)
	}
	pr := &engine.Prompt{Question: engine.Question{Kind: engine.DiceQ, Proc: p}}
	q := pendingPage(nil, pr, true, "")
	least, _, _ := dice.NeedsLeast(p)
	if !q.More || q.N != len(least) || q.N >= len(dice.Needs(p)) {
		t.Errorf("keypad: %d dice, more %v; want the %d every roll takes (Needs' probe: %d), and more", q.N, q.More, len(least), len(dice.Needs(p)))
	}
	if !strings.HasSuffix(q.Count, "; some faces call for another die, and the keypad then asks for it") {
		t.Errorf("count %q does not say more may follow", q.Count)
	}
	var b strings.Builder
	if err := ui.Render(&b, "panel", &ui.Panel{Pending: q, Mine: true}); err != nil || !strings.Contains(b.String(), `data-more="1"`) {
		t.Errorf("the keypad does not let more faces be typed:\n%s", b.String())
	}
}

// The "Not allowed now" list gives one line to the options of an action
// refused for one reason, with how many, and keeps apart other reasons
// and other actions.
func TestBarredListGroupsOptions(t *testing.T) {
	st := sampleGame(t, "n26", "sump-crossing").State()
	shot := func(target int, why string) engine.Refused {
		a := engine.Action{ID: "shoot", Actor: 0, Target: target}
		return engine.Refused{Action: a, Text: engine.ActionText(st, a), Reason: why}
	}
	taken := "has taken Shoot this activation already"
	got := barredList(st, []engine.Refused{shot(5, taken), shot(6, taken), shot(7, "out of ammo"), shot(8, taken),
		{Action: engine.Act("move", 0), Text: "Move x", Reason: taken}})
	want := []string{"Shoot " + st.Static(0).ID + " (3 options): " + taken, shot(7, "").Text + ": out of ammo", "Move x: " + taken}
	var lines []string
	for _, b := range got {
		lines = append(lines, b.Text+": "+b.Reason)
	}
	if fmt.Sprint(lines) != fmt.Sprint(want) {
		t.Errorf("%q\nwant %q", lines, want)
	}
}

// A side's counters read as words on its heading, as a model's do on its
// card: Trench Crusade's "morale failures 0", not its id.
func TestSideCountersInWords(t *testing.T) {
	for _, sc := range sideCards(sampleGame(t, "trenchcrusade", "no-mans-land").State()) {
		if !strings.Contains(sc.Counters, "morale failures 0") || strings.Contains(sc.Counters, "-") {
			t.Errorf("%s: counters %q", sc.Name, sc.Counters)
		}
	}
}

// sampleGame is a new game of a built-in scenario.
func sampleGame(t *testing.T, ruleset, scenario string) *engine.Game {
	t.Helper()
	reg := all.Rulesets()
	smp, ok := all.Samples().Find(ruleset, scenario)
	if !ok {
		t.Fatalf("no scenario %s/%s", ruleset, scenario)
	}
	su, err := smp.Setup(reg, "")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := reg.Lookup(ruleset)
	g, err := engine.New(rs, su, engine.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The API's action type is the one the economy charges (issue 31 audit):
// N23's Unwieldy weapon makes its Shoot a Double action, not the Basic one
// the definition declares (seed 002, Unwieldy).
func TestActionTypeAsRetyped(t *testing.T) {
	g := sampleGame(t, "n23", "furnace-duel")
	m := -1
	for i := range g.State().Models {
		if g.State().Static(i).ID == "lamp-gunner" {
			m = i
		}
	}
	for g.Pending() == nil && g.State().Turn.Side != g.State().SideOf(m) {
		if err := g.Apply(engine.Action{ID: engine.Pass, Actor: engine.NoModel, Target: engine.NoModel}); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Apply(engine.Action{ID: engine.Activate, Actor: m, Target: engine.NoModel}); err != nil {
		t.Fatal(err)
	}
	shots := 0
	for _, a := range g.Legal() {
		if a.ID == "shoot" && a.Option == 0 {
			shots++
			if j := actionOf(g.State(), a); j.Type != "double" {
				t.Errorf("%s: type %q, want double", a, j.Type)
			}
		}
	}
	if shots == 0 {
		t.Fatalf("no Shoot with the rivet cannon: %v", g.Legal())
	}
}

// Faces that fit and call for one more die (Fortune Smiles, a critical's
// extra die) answer 422 with "more", naming the die as the keypad does, so
// that the page asks for it rather than showing the engine's words.
func TestAnswerCallsForMore(t *testing.T) {
	spec, _ := all.Procedures().Lookup("ff-test")
	a, err := spec.Parse(map[string][]string{"dice": {"2"}, "stat": {"5"}, "luck": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := spec.Build(a)
	if err != nil {
		t.Fatal(err)
	}
	_, err = dice.Read(p, []string{"3"})
	var fe *dice.FacesError
	if !errors.As(err, &fe) || !fe.Missing.Valid() {
		t.Fatalf("one face of two: %v, want a FacesError naming the die missing", err)
	}
	// as the engine passes it on (Game.Answer)
	ae := &engine.AnswerError{Key: "ff-test", Problem: fe.Problem, Missing: fe.Missing, Role: fe.Role}
	var api *apiError
	if e := engineError(ae); !errors.As(e, &api) || api.More == nil || api.More.Die != "D10" {
		t.Fatalf("%v → %#v; want more: D10", ae, e)
	}
	if err := engineError(&engine.AnswerError{Key: "k", Problem: "face 3: not a face"}); err.(*apiError).More != nil {
		t.Errorf("another answer error names a die to add: %#v", err)
	}
}

// Names where a person reads (issue 32, 4): a model's ID as a whole word
// becomes its name; parts of other words, IDs of models without a name of
// their own and one-letter IDs stay.
func TestNamerWholeWords(t *testing.T) {
	nm := namer{"vigil-rifle-a": "Sister Ada", "ida": "Marshal Ida Crane"}
	for in, want := range map[string]string{
		"Shoot vigil-rifle-a → choir-brute": "Shoot Sister Ada → choir-brute",
		"vigil-rifle-ab and ida,ida.":       "vigil-rifle-ab and Marshal Ida Crane,Marshal Ida Crane.",
		"Idaho and idas":                    "Idaho and idas",
		"":                                  "",
	} {
		if got := nm.text(in); got != want {
			t.Errorf("%q → %q, want %q", in, got, want)
		}
	}
	st := sampleGame(t, "trenchcrusade", "no-mans-land").State()
	nm = namesOf(st)
	for m := range st.Models {
		if ms := st.Static(m); ms.Name != "" && ms.Name != ms.ID && nm[ms.ID] != ms.Name {
			t.Errorf("%s: named %q, want %q", ms.ID, nm[ms.ID], ms.Name)
		}
	}
	if len(nm) == 0 {
		t.Error("the sample's models have no names")
	}
}

// A datacard shows each weapon in the game's own notation (issue 32, 4):
// Trench Crusade's dice modifiers as "+1 DICE", Necromunda's target
// numbers as "4+", Fallout's weapon test as "4A".
func TestDatacardNotation(t *testing.T) {
	for _, tc := range []struct{ ruleset, scenario, want string }{
		{"trenchcrusade", "no-mans-land", "+1 DICE"},
		{"n26", "sump-crossing", "+"},
		{"n23", "furnace-duel", "Am"},
		{"falloutfactions", "junction-yard", "Test"},
	} {
		var b strings.Builder
		p := &ui.Panel{Sides: sideCards(sampleGame(t, tc.ruleset, tc.scenario).State())}
		if err := ui.Render(&b, "panel", p); err != nil {
			t.Fatal(err)
		}
		html := stdhtml.UnescapeString(b.String())
		if !strings.Contains(html, `<details class="kit">`) || !strings.Contains(html, tc.want) {
			t.Errorf("%s: the cards lack the weapons or %q", tc.ruleset, tc.want)
		}
	}
	in := sampleGame(t, "n23", "furnace-duel").State().Info()
	for stat, want := range map[string]string{"WS": "3+", "M": `5"`, "Sv": "-"} {
		v := map[string]int{"WS": 3, "M": 5, "Sv": 7}[stat]
		if _, got := in.StatText(stat, v); got != want {
			t.Errorf("n23 %s %d reads %q, want %q", stat, v, got, want)
		}
	}
	ff := sampleGame(t, "falloutfactions", "junction-yard").State().Info()
	if l, v := ff.StatText("A", 4); l != "Test" || v != "4A" {
		t.Errorf("a Fallout weapon's test A 4 reads %s %s, want Test 4A", l, v)
	}
}
