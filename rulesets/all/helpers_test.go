package all

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/scenario"
)

// decoded is a built-in sample, decoded, with its ruleset.
type decoded struct {
	scenario.Sample
	key string // "ruleset/name"
	rs  engine.Ruleset
	su  *engine.Setup
}

// decodedSamples decodes every built-in sample (board ones only when
// boardOnly).
func decodedSamples(t *testing.T, boardOnly bool) []decoded {
	t.Helper()
	reg := Rulesets()
	var out []decoded
	for _, s := range Samples() {
		if boardOnly && s.Mode != "board" {
			continue
		}
		sc, err := s.Decode(reg)
		if err != nil {
			t.Fatalf("%s/%s: %v", s.Ruleset, s.Name, err)
		}
		su, err := sc.Setup("")
		if err != nil {
			t.Fatalf("%s/%s: %v", s.Ruleset, s.Name, err)
		}
		rs, _ := reg.Lookup(s.Ruleset)
		out = append(out, decoded{Sample: s, key: s.Ruleset + "/" + s.Name, rs: rs, su: su})
	}
	return out
}

// playRandom plays a game of d to its end with random bots and sampled
// dice, answering a table's measurements yes (a no would refuse the
// action), or as the rule expects where it says (engine.Fact.Start), and
// distances from 0 to 12"; each, when set, sees every
// decision before it is taken.
func playRandom(t *testing.T, d decoded, seed uint64, each func(g *engine.Game)) *engine.Game {
	t.Helper()
	g, err := engine.New(d.rs, d.su, engine.Config{Seed: seed, Dice: engine.SampledDice, Players: engine.Bots(len(d.su.Sides))})
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !g.Over() && steps < 5000; steps++ {
		if p := g.Pending(); p != nil {
			rep := engine.Reply{Value: 1}
			switch {
			case p.Kind == engine.FactQ && p.Fact.Start > 0:
				rep.Value = p.Fact.Start - 1 // the rule's expected answer (a yes would refuse)
			case p.Kind == engine.FactQ && !p.Fact.Boolean():
				rep.Value = 100 * (steps % 13)
			}
			if err := g.Answer(p.Kind, rep); err != nil {
				t.Fatalf("%s seed %d: answer: %v", d.key, seed, err)
			}
			continue
		}
		if each != nil {
			each(g)
		}
		if ok, err := g.Step(); err != nil || !ok {
			t.Fatalf("%s seed %d: step: %v %v", d.key, seed, ok, err)
		}
	}
	return g
}
