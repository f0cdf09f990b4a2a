package all

import (
	"slices"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// Every ruleset gives its post-battle results for programs (issue 37), and
// they say what the report says: each result's text is a line of the
// report, in its order, every line has a result, and each result names a
// model of its own side (or a side's own result) with a kind a campaign
// knows. Played to the end: 10 seeded games of every sample.
func TestResultsAgreeWithReport(t *testing.T) {
	kinds := []string{engine.ResultLasting, engine.ResultOutOfAction, engine.ResultUnhurt, engine.ResultToTreat,
		engine.ResultXP, engine.ResultCaps, engine.ResultParts, engine.ResultPoints, engine.ResultFind}
	seen := map[string]int{}
	for _, d := range decodedSamples(t, false) {
		rep, ok1 := d.rs.(engine.Reporter)
		res, ok2 := d.rs.(engine.Resulter)
		if !ok1 || !ok2 {
			t.Fatalf("%s: Reporter %v, Resulter %v: a ruleset gives both", d.key, ok1, ok2)
		}
		for seed := uint64(1); seed <= 10; seed++ {
			g := playRandom(t, d, seed, nil)
			if !g.Over() {
				continue
			}
			s := g.State()
			lines, results := rep.Report(s), res.Results(s)
			var texts []string
			for _, r := range results {
				if len(texts) == 0 || texts[len(texts)-1] != r.Text {
					texts = append(texts, r.Text)
				}
				seen[d.Ruleset+" "+r.Kind]++
				if !slices.Contains(kinds, r.Kind) {
					t.Errorf("%s seed %d: %+v: kind %q", d.key, seed, r, r.Kind)
					continue
				}
				if r.Side < 0 || r.Side >= len(s.Sides) {
					t.Errorf("%s seed %d: %+v: no side %d", d.key, seed, r, r.Side)
					continue
				}
				if r.Model == "" {
					if r.Kind != engine.ResultXP && r.Kind != engine.ResultCaps && r.Kind != engine.ResultParts && r.Kind != engine.ResultPoints {
						t.Errorf("%s seed %d: %+v: a model's kind with no model", d.key, seed, r)
					}
					continue
				}
				m := slices.IndexFunc(s.Setup().Models, func(ms engine.ModelSetup) bool { return ms.ID == r.Model })
				if m < 0 || s.SideOf(m) != r.Side {
					t.Errorf("%s seed %d: %+v: no model %s on side %d", d.key, seed, r, r.Model, r.Side)
				}
				if (r.Kind == engine.ResultLasting || r.Kind == engine.ResultOutOfAction) && s.Models[m].InPlay && r.Roll == 0 {
					t.Errorf("%s seed %d: %+v: out of action, but in play", d.key, seed, r)
				}
			}
			if !slices.Equal(texts, lines) {
				t.Errorf("%s seed %d: the results' texts\n%q\nare not the report\n%q", d.key, seed, texts, lines)
			}
		}
	}
	for _, k := range []string{"n26 lasting", "n23 lasting", "trenchcrusade out-of-action", "falloutfactions xp", "falloutfactions to-treat"} {
		if seen[k] == 0 {
			t.Errorf("no result %q in the games played: the test reaches too little (%v)", k, seen)
		}
	}
}
