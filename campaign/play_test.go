package campaign_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/campaign"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/scenario"
)

// A three-game campaign of each ruleset, played by bots on its first board
// sample (issue 37): after each game both sides' results are applied to
// their rosters, and the next game is played with the rosters as they
// now stand. Checked against the games: every model that played is one
// of its roster's fit models; each history entry is its game (digest,
// side, outcome); and each result of the side that changes the roster
// (a lasting injury, a crew's XP, caps, parts or a find) is a change of
// its entry, and each model out of action in Trench Crusade (which rolls
// no injuries) is left to the players.
func TestThreeGameCampaigns(t *testing.T) {
	reg := all.Rulesets()
	done := map[string]bool{}
	for _, smp := range all.Samples() {
		if smp.Mode != "board" || done[smp.Ruleset] {
			continue
		}
		done[smp.Ruleset] = true
		t.Run(smp.Ruleset, func(t *testing.T) {
			sc, err := smp.Decode(reg)
			if err != nil {
				t.Fatal(err)
			}
			rosters := []*scenario.Roster{}
			for _, sd := range sc.File.Sides {
				rosters = append(rosters, &scenario.Roster{Name: sd.Name, Counters: sd.Counters, Models: slices.Clone(sd.Models)})
			}
			rs, _ := reg.Lookup(smp.Ruleset)
			changed := 0
			for game := range 3 {
				c := sc.Copy()
				for i, r := range rosters {
					if err := c.UseRoster(i, r.Name+".yaml", *r); err != nil {
						t.Fatalf("game %d, side %d: %v", game, i, err)
					}
				}
				su, err := c.Setup("")
				if err != nil {
					t.Fatalf("game %d: %v", game, err)
				}
				g, err := engine.New(rs, su, engine.Config{Seed: uint64(10 + game), Players: engine.Bots(len(su.Sides))})
				if err != nil {
					t.Fatalf("game %d: %v", game, err)
				}
				for !g.Over() {
					if ok, err := g.Step(); err != nil || !ok {
						t.Fatalf("game %d: step %v %v", game, ok, err)
					}
				}
				for side, r := range rosters {
					fit := r.Fit()
					cg, err := campaign.FromGame(g, side, fmt.Sprintf("game-%d", game))
					if err != nil {
						t.Fatal(err)
					}
					for _, id := range cg.Models {
						if !slices.ContainsFunc(fit, func(m scenario.Model) bool { return m.ID == id }) {
							t.Errorf("game %d: %s played, but is not a fit model of %s", game, id, r.Name)
						}
					}
					e, err := campaign.Plan(r, cg)
					if err != nil {
						t.Fatalf("game %d, side %d: %v", game, side, err)
					}
					for _, res := range cg.Results {
						if res.Side == side && res.Kind == engine.ResultOutOfAction &&
							!slices.ContainsFunc(e.Left, func(l string) bool { return strings.HasPrefix(l, res.Model+" was out of action") }) {
							t.Errorf("game %d, side %d: %s out of action, not left to the players: %q", game, side, res.Model, e.Left)
						}
						if res.Side != side || !changing(res) {
							continue
						}
						if !slices.ContainsFunc(e.Changes, func(ch scenario.Change) bool { return ch.Why == res.Text }) {
							t.Errorf("game %d, side %d: result %+v changes nothing", game, side, res)
						}
					}
					if err := campaign.Apply(r, e, at); err != nil {
						t.Fatalf("game %d, side %d: %v", game, side, err)
					}
					changed += len(e.Changes) + len(e.Left)
					h := r.Campaign.History
					last := h[len(h)-1]
					d, _ := g.StateDigest()
					if len(h) != game+1 || last.Digest != d || last.Side != side || (last.Outcome == "win") != (g.State().Winner == side) {
						t.Errorf("game %d, side %d: history %+v", game, side, last)
					}
				}
			}
			if changed == 0 {
				t.Error("three games changed no roster and left nothing to the players: the test reaches nothing")
			}
			t.Logf("%d changes and notes for the players over three games", changed)
		})
	}
	if len(done) != 4 {
		t.Errorf("played campaigns of %d rulesets, want 4", len(done))
	}
}

// changing reports whether a result changes a roster (not only a note for
// the players): rules.md §2.3.4's entries with no lasting effect, or an
// effect left to the players, do not.
func changing(res engine.Result) bool {
	switch res.Kind {
	case engine.ResultLasting:
		return !slices.Contains([]string{"out-cold", "superficial-damage", "lesson-learnt", "percussive-repair"}, res.Entry)
	case engine.ResultFind:
		return true
	case engine.ResultXP, engine.ResultCaps, engine.ResultParts:
		return res.Value != 0
	}
	return false
}
