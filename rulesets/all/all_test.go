package all

import (
	"slices"
	"testing"

	"github.com/skirmish-engine/skirmish/dice/dicetest"
	"github.com/skirmish-engine/skirmish/engine"
)

// Every procedure the foundation issue names is registered, and each, built
// from its parameters' smallest legal values, keeps the procedure contract.
func TestProcedures(t *testing.T) {
	r := Procedures()
	var names []string
	for _, s := range r.All() {
		names = append(names, s.Name)
	}
	want := []string{"ff-rummage", "ff-test", "n23-bottle", "n23-check", "n23-injury", "n23-recovery", "n23-test", "n23-vehicle-damage", "n26-check", "n26-coup-de-grace", "n26-injury", "n26-recovery", "n26-test", "tc-injury", "tc-success"}
	if !slices.Equal(names, want) {
		t.Fatalf("registered %v, want %v", names, want)
	}
	for i, s := range r.All() {
		raw := map[string][]string{}
		for _, p := range s.Params {
			if p.Required {
				raw[p.Name] = []string{"2"}
			}
		}
		p, err := s.New(raw)
		if err != nil {
			t.Fatalf("%s with %v: %v", s.Name, raw, err)
		}
		if p.Name() != s.Name || s.Source == "" || s.Summary == "" || s.Game == "" {
			t.Errorf("%s: spec incomplete or builds %q", s.Name, p.Name())
		}
		dicetest.CheckProcedure(t, p, uint64(i), 2000)
	}
}

// Every built-in sample decodes for the built-in rulesets and gives a setup
// that starts a game.
func TestSamples(t *testing.T) {
	reg := Rulesets()
	if got := reg.IDs(); !slices.Equal(got, []string{"falloutfactions", "n23", "n26", "trenchcrusade"}) {
		t.Errorf("rulesets %v, want [falloutfactions n23 n26 trenchcrusade]", got)
	}
	ss := Samples()
	if len(ss) < 6 {
		t.Fatalf("%d samples, want two per ruleset at least", len(ss))
	}
	for _, d := range decodedSamples(t, false) {
		if d.su.Mode != d.Mode {
			t.Errorf("%s: mode %s, listed as %s", d.key, d.su.Mode, d.Mode)
		}
		if _, err := engine.New(d.rs, d.su, engine.Config{Seed: 1}); err != nil {
			t.Errorf("%s: %v", d.key, err)
		}
	}
}
