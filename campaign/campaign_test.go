package campaign_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/campaign"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/falloutfactions"
	"github.com/skirmish-engine/skirmish/rulesets/n23"
	"github.com/skirmish-engine/skirmish/rulesets/n26"
	"github.com/skirmish-engine/skirmish/scenario"
)

var at = time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)

// gang is an n26 roster of three fighters and a vehicle.
func gang() *scenario.Roster {
	f := func(id string) scenario.Model {
		return scenario.Model{ID: id, Type: "fighter", Profile: map[string]int{"M": 5, "WS": 4, "BS": 4, "S": 3, "T": 3, "W": 1, "Ld": 7}}
	}
	v := scenario.Model{ID: "truck", Type: "vehicle", Profile: map[string]int{"M": 7, "BS": 5, "T": 8, "W": 3}}
	return &scenario.Roster{Name: "Crows", Models: []scenario.Model{f("crow-a"), f("crow-b"), f("crow-c"), v}}
}

func lasting(model, entry string) engine.Result {
	return engine.Result{Side: 1, Model: model, Kind: engine.ResultLasting, Entry: entry, Text: model + ": out of action: " + entry}
}

func n26Game(digest string, winner int, results ...engine.Result) *campaign.Game {
	return &campaign.Game{Ref: "g-" + digest, Digest: digest, Ruleset: n26.New().Info(), Side: 1,
		Models: []string{"crow-a", "crow-b", "crow-c", "truck"}, Winner: winner, Results: results}
}

// rules.md §2.3.4: each lasting entry's effect on the roster, its
// characteristic a step worse within its range, a target number (BS)
// worse higher; and what is left to the players.
func TestPlanNecromundaLasting(t *testing.T) {
	r := gang()
	r.Models[1].Profile["BS"] = 6 // as bad as BS goes
	g := n26Game("d1", 0,
		lasting("crow-a", "hobbled"),
		lasting("crow-b", "eye-injury"),
		lasting("crow-c", "memorable-death"),
		lasting("truck", "busted-sights"),
		engine.Result{Side: 0, Model: "enemy-x", Kind: engine.ResultLasting, Entry: "captured", Text: "the other side's"},
	)
	e, err := campaign.Plan(r, g)
	if err != nil {
		t.Fatal(err)
	}
	got := changes(e)
	want := []string{
		"crow-a injuries +hobbled", "crow-a out  → recovery", "crow-a profile.M 5 → 4",
		"crow-b injuries +eye-injury", "crow-b out  → recovery",
		"crow-c out  → dead",
		"truck injuries +busted-sights", "truck out  → recovery", "truck profile.BS 5 → 6",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("changes\n%q\nwant\n%q", got, want)
	}
	if e.Outcome != "loss" || e.Side != 1 || e.Game != "g-d1" {
		t.Errorf("entry %+v", e)
	}
	left := strings.Join(e.Left, "\n")
	for _, w := range []string{"crow-b's BS stays 6", "the enemy model that took crow-c out of action gains 1 XP", "you hold enemy-x (the other side's) captive"} {
		if !strings.Contains(left, w) {
			t.Errorf("left to the players:\n%s\nlacks %q", left, w)
		}
	}
	if !reflect.DeepEqual(r, gang2(r)) {
		t.Error("Plan changed the roster")
	}
}

// gang2 is gang with crow-b's BS at 6, for comparing with what Plan left.
func gang2(*scenario.Roster) *scenario.Roster {
	r := gang()
	r.Models[1].Profile["BS"] = 6
	return r
}

// changes writes an entry's changes as "model field from → to" or
// "model field +add".
func changes(e *scenario.Entry) []string {
	var out []string
	for _, c := range e.Changes {
		if c.Add != "" {
			out = append(out, c.Model+" "+c.Field+" +"+c.Add)
		} else {
			out = append(out, c.Model+" "+c.Field+" "+c.From+" → "+c.To)
		}
	}
	return out
}

// A plan applied changes the roster as shown and adds the entry to its
// history; the same game is refused a second time; reverting the entry
// gives back the roster as it was (its history keeping the entry, marked);
// after the revert the game may be applied again.
func TestApplyRevert(t *testing.T) {
	r := gang()
	g := n26Game("d1", 1, lasting("crow-a", "spinal-injury"), lasting("crow-b", "impressive-scars"))
	e, err := campaign.Plan(r, g)
	if err != nil {
		t.Fatal(err)
	}
	if err := campaign.Apply(r, e, at); err != nil {
		t.Fatal(err)
	}
	a, b := r.Models[0], r.Models[1]
	if a.Profile["S"] != 2 || a.Record == nil || a.Record.Out != "recovery" || !slices.Equal(a.Record.Injuries, []string{"spinal-injury"}) {
		t.Errorf("crow-a after: %+v %+v", a.Profile, a.Record)
	}
	if b.Profile["Ld"] != 8 || b.Record == nil || b.Record.Out != "" {
		t.Errorf("crow-b after (N26's Ld a step better is 8: checked 2D6 ≤ it): %+v %+v", b.Profile, b.Record)
	}
	if h := r.Campaign.History; len(h) != 1 || h[0].Outcome != "win" || h[0].At != "2026-12-06T12:00:00Z" || len(h[0].Changes) != len(e.Changes) {
		t.Errorf("history %+v", h)
	}
	if _, err := campaign.Plan(r, g); err == nil || !strings.Contains(err.Error(), "applied to this roster already") {
		t.Errorf("the same game planned again: %v", err)
	}
	if err := campaign.Apply(r, e, at); err == nil {
		t.Error("the same entry applied twice")
	}
	if err := campaign.Revert(r, 0, at.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	back := gang()
	back.Campaign = r.Campaign
	if !reflect.DeepEqual(r, back) {
		t.Errorf("reverted:\n%+v\nwant\n%+v", r.Models, back.Models)
	}
	if r.Campaign.History[0].Reverted != "2026-12-06T13:00:00Z" {
		t.Errorf("the entry is not marked reverted: %+v", r.Campaign.History[0])
	}
	if err := campaign.Revert(r, 0, at); err == nil {
		t.Error("an entry reverted twice")
	}
	if _, err := campaign.Plan(r, g); err != nil {
		t.Errorf("a reverted game planned again: %v", err)
	}
}

// Apply and Revert are all or nothing: a plan made before the roster
// changed is refused and changes nothing; an entry whose field a later
// entry changed again is not reverted before that one.
func TestApplyRefusesAStalePlan(t *testing.T) {
	r := gang()
	e1, _ := campaign.Plan(r, n26Game("d1", 1, lasting("crow-a", "hobbled")))
	e2, _ := campaign.Plan(r, n26Game("d2", 1, lasting("crow-a", "hobbled"), lasting("crow-b", "grievous-wound")))
	if err := campaign.Apply(r, e1, at); err != nil {
		t.Fatal(err)
	}
	before := clone(t, r)
	err := campaign.Apply(r, e2, at)
	var ce *campaign.Error
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "crow-a's profile.M is \"4\", not \"5\"") || !strings.Contains(err.Error(), "plan again") {
		t.Errorf("stale plan: %v", err)
	}
	if !reflect.DeepEqual(r, before) {
		t.Error("a refused Apply changed the roster")
	}
	e2, err = campaign.Plan(r, n26Game("d2", 1, lasting("crow-a", "hobbled")))
	if err != nil || campaign.Apply(r, e2, at) != nil {
		t.Fatal(err)
	}
	if r.Models[0].Profile["M"] != 3 {
		t.Errorf("hobbled twice: M %d, want 3", r.Models[0].Profile["M"])
	}
	before = clone(t, r)
	if err := campaign.Revert(r, 0, at); err == nil || !strings.Contains(err.Error(), "take that back first") {
		t.Errorf("revert under a later entry: %v", err)
	}
	if !reflect.DeepEqual(r, before) {
		t.Error("a refused Revert changed the roster")
	}
	if campaign.Revert(r, 1, at) != nil || campaign.Revert(r, 0, at) != nil {
		t.Error("reverting latest first failed")
	}
	if r.Models[0].Profile["M"] != 5 || r.Models[0].Record != nil {
		t.Errorf("after both reverts: %+v %+v", r.Models[0].Profile, r.Models[0].Record)
	}
}

func clone(t *testing.T, r *scenario.Roster) *scenario.Roster {
	t.Helper()
	c := *r
	c.Models = nil
	for _, m := range r.Models {
		mm := m
		mm.Profile = map[string]int{}
		for k, v := range m.Profile {
			mm.Profile[k] = v
		}
		if m.Record != nil {
			rc := *m.Record
			rc.Injuries = slices.Clone(rc.Injuries)
			mm.Record = &rc
		}
		c.Models = append(c.Models, mm)
	}
	if r.Campaign != nil {
		cc := *r.Campaign
		cc.History = slices.Clone(cc.History)
		cc.Stash = slices.Clone(cc.Stash)
		c.Campaign = &cc
	}
	return &c
}

// A model in recovery misses one game: applying a game it did not play
// brings it back. A game whose models are not the roster's is refused;
// one whose model took "-2" (the other side had its ID) is matched.
func TestRecoveryAndMatching(t *testing.T) {
	r := gang()
	r.Models[2].Record = &scenario.Record{Out: "recovery"}
	g := n26Game("d1", -1)
	g.Models = []string{"crow-a-2", "crow-b", "truck"}
	g.Results = []engine.Result{lasting("crow-a-2", "head-injury")}
	e, err := campaign.Plan(r, g)
	if err != nil {
		t.Fatal(err)
	}
	got := changes(e)
	want := []string{"crow-a injuries +head-injury", "crow-a profile.Ld 7 → 6", "crow-a out  → recovery", "crow-c out recovery → "}
	if !slices.Equal(got, want) || e.Outcome != "draw" {
		t.Errorf("changes %q (%s), want %q (draw)", got, e.Outcome, want)
	}
	g.Models = []string{"crow-a", "stranger"}
	if _, err := campaign.Plan(r, g); err == nil || !strings.Contains(err.Error(), "stranger is not one of this roster's") {
		t.Errorf("a stranger's game: %v", err)
	}
	g.Models = []string{"crow-a", "crow-a-2"}
	if _, err := campaign.Plan(r, g); err == nil {
		t.Error("two game models matched to one roster model")
	}
}

// Fallout: Factions' crew results (rules.md §5.3): XP, caps and parts add
// to the crew's, finds go to the stash, the objective points stay the
// game's, and the models to treat are left to the players.
func TestPlanFalloutCrew(t *testing.T) {
	r := &scenario.Roster{Name: "Scrappers", Models: []scenario.Model{{ID: "x", Profile: map[string]int{"S": 5}}, {ID: "y", Profile: map[string]int{"S": 4}}},
		Campaign: &scenario.Campaign{XP: 3, Caps: 10}}
	line := "Scrappers: 2 XP, 5 caps, 0 parts, 3 objective points"
	g := &campaign.Game{Ref: "ff", Digest: "f1", Ruleset: falloutfactions.New().Info(), Side: 0, Models: []string{"x", "y"}, Winner: 0,
		Results: []engine.Result{
			{Side: 0, Kind: engine.ResultXP, Value: 2, Text: line}, {Side: 0, Kind: engine.ResultCaps, Value: 5, Text: line},
			{Side: 0, Kind: engine.ResultParts, Value: 0, Text: line}, {Side: 0, Kind: engine.ResultPoints, Value: 3, Text: line},
			{Side: 0, Model: "x", Kind: engine.ResultFind, Entry: "common-chem", Value: 7, Text: "x: rummaged a Common Chem costing up to 7 caps"},
			{Side: 0, Model: "y", Kind: engine.ResultToTreat, Entry: "treat-the-wounded", Text: "y: incapacitated: to Treat the Wounded"},
			{Side: 1, Kind: engine.ResultXP, Value: 9, Text: "the other crew's"},
		}}
	e, err := campaign.Plan(r, g)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{" xp 3 → 5", " caps 10 → 15", " stash +common-chem (up to 7 caps)"}
	if got := changes(e); !slices.Equal(got, want) {
		t.Errorf("changes %q, want %q", got, want)
	}
	if len(e.Left) != 1 || !strings.Contains(e.Left[0], "y is to be treated") {
		t.Errorf("left %q", e.Left)
	}
	if err := campaign.Apply(r, e, at); err != nil {
		t.Fatal(err)
	}
	if c := r.Campaign; c.XP != 5 || c.Caps != 15 || !slices.Equal(c.Stash, []string{"common-chem (up to 7 caps)"}) {
		t.Errorf("crew after: %+v", c)
	}
	// Caps are spent between games: taking the game back takes back the 5
	// it added from what is left, down to 0; XP likewise.
	r.Campaign.Caps, r.Campaign.XP = 12, 1
	if err := campaign.Revert(r, 0, at); err != nil {
		t.Fatal(err)
	}
	if c := r.Campaign; c.XP != 0 || c.Caps != 7 || len(c.Stash) != 0 {
		t.Errorf("crew after the revert: %+v, want 0 XP (1 − 2, down to 0), 7 caps, nothing stashed", c)
	}
}

// A characteristic's direction is the edition's (engine.Stat.Target): a
// Head Injury lowers N26's Ld (checked 2D6 ≤ it, rules.md §2.3.1) and
// raises N23's (a target number, rules.md §3.3); Impressive Scars the
// other way.
func TestLeadershipByEdition(t *testing.T) {
	for _, tc := range []struct {
		info        *engine.Info
		head, scars string
	}{
		{n26.New().Info(), "7 → 6", "7 → 8"},
		{n23.New().Info(), "7 → 8", "7 → 6"},
	} {
		for entry, want := range map[string]string{"head-injury": tc.head, "impressive-scars": tc.scars} {
			g := n26Game("d-"+entry, 1, lasting("crow-a", entry))
			g.Ruleset = tc.info
			e, err := campaign.Plan(gang(), g)
			if err != nil {
				t.Fatal(err)
			}
			if got := changes(e); !slices.Contains(got, "crow-a profile.Ld "+want) {
				t.Errorf("%s, %s: %q, want Ld %s", tc.info.ID, entry, got, want)
			}
		}
	}
}
