package all

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// TestUnmetAgrees: wherever a ruleset names the condition of an action that
// fails (engine.ActionDef.Unmet), it names one exactly when Available says
// no, for every model in play at every decision of seeded random games on
// every sample, board and table.
func TestUnmetAgrees(t *testing.T) {
	reg := Rulesets()
	for _, smp := range Samples() {
		sc, err := smp.Decode(reg)
		if err != nil {
			t.Fatal(err)
		}
		su, err := sc.Setup("")
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := reg.Lookup(smp.Ruleset)
		defs := rs.Info().Actions
		checked, refused := 0, 0
		for seed := range uint64(4) {
			g, err := engine.New(rs, su, engine.Config{Seed: seed + 1, Dice: engine.SampledDice, Players: engine.Bots(len(su.Sides))})
			if err != nil {
				t.Fatal(err)
			}
			for steps := 0; !g.Over() && steps < 5000; steps++ {
				if p := g.Pending(); p != nil {
					rep := engine.Reply{Value: 1}
					if p.Kind == engine.FactQ && !p.Fact.Boolean() {
						rep.Value = 100 * (steps % 13)
					}
					if err := g.Answer(p.Kind, rep); err != nil {
						t.Fatal(err)
					}
					continue
				}
				s := g.State()
				for m := range s.Models {
					if !s.Models[m].InPlay {
						continue
					}
					for i := range defs {
						d := &defs[i]
						if d.Unmet == nil || d.Available == nil {
							continue
						}
						avail, why := d.Available(s, m), d.Unmet(s, m)
						if avail != (why == "") {
							t.Fatalf("%s/%s seed %d: %s for %s: Available %v, Unmet %q", smp.Ruleset, smp.Name, seed+1, d.ID, s.Static(m).ID, avail, why)
						}
						checked++
						if !avail {
							refused++
						}
					}
				}
				if ok, err := g.Step(); err != nil || !ok {
					t.Fatalf("%s/%s: step: %v %v", smp.Ruleset, smp.Name, ok, err)
				}
			}
		}
		if refused == 0 {
			t.Errorf("%s/%s: %d checks, none refused: the test saw no condition fail", smp.Ruleset, smp.Name, checked)
		}
	}
}
