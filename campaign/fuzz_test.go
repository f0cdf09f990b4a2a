package campaign_test

import (
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/skirmish-engine/skirmish/campaign"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/scenario"
)

// FuzzRoster: a roster file edited by hand (its records, its history) is
// hostile. Whatever it holds, reading it, planning a game's results on it,
// applying them and reverting any entry of its history never panic; an
// Apply that succeeds is recorded, and a Revert that fails changes
// nothing.
func FuzzRoster(f *testing.F) {
	r := gang()
	e, _ := campaign.Plan(r, n26Game("d1", 0, lasting("crow-a", "hobbled"), lasting("truck", "engine-fracture")))
	campaign.Apply(r, e, at)
	seed, _ := yaml.Marshal(r)
	f.Add(seed)
	f.Add([]byte("name: x\nmodels: [{id: a, profile: {M: 1}, record: {out: dead}}]\ncampaign: {history: [{game: g, digest: d, outcome: win, changes: [{model: a, field: out, from: dead, to: '', why: w}]}]}\n"))
	f.Add([]byte("name: x\nmodels: [{id: a}]\ncampaign: {history: [{game: g, digest: d, outcome: win, changes: [{model: a, field: profile.M, from: '', to: '9', why: w}, {field: stash, add: z, why: w}]}]}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ro, err := scenario.DecodeRoster("r.yaml", data)
		if err != nil {
			return
		}
		if len(ro.Models) > 64 {
			return // more than a roster holds (a scenario refuses it): each result would be planned
		}
		var ids []string
		for _, m := range ro.Models {
			ids = append(ids, m.ID)
		}
		g := &campaign.Game{Ref: "g", Digest: "fuzz", Ruleset: n26Game("", 0).Ruleset, Side: 1, Models: ids}
		for _, id := range ids {
			g.Results = append(g.Results, engine.Result{Side: 1, Model: id, Kind: engine.ResultLasting, Entry: "eye-injury", Text: id})
		}
		if e, err := campaign.Plan(ro, g); err == nil {
			if err := campaign.Apply(ro, e, at); err == nil && ro.Campaign.History[len(ro.Campaign.History)-1].Digest != "fuzz" {
				t.Fatal("an Apply that succeeded is not in the history")
			}
		}
		if ro.Campaign == nil {
			return
		}
		// A few entries: the file's aliases may make thousands, and each
		// check writes the whole roster.
		for i := range min(len(ro.Campaign.History), 4) {
			before, _ := yaml.Marshal(ro)
			if err := campaign.Revert(ro, i, at); err != nil {
				if after, _ := yaml.Marshal(ro); string(after) != string(before) {
					t.Fatalf("a refused Revert changed the roster:\n%s\n%s", before, after)
				}
			}
		}
	})
}
