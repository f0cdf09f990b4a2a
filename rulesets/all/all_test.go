package all

import (
	"slices"
	"testing"

	"github.com/skirmish-engine/skirmish/dice/dicetest"
)

// Every procedure the foundation issue names is registered, and each, built
// from its parameters' smallest legal values, keeps the procedure contract.
func TestProcedures(t *testing.T) {
	r := Procedures()
	var names []string
	for _, s := range r.All() {
		names = append(names, s.Name)
	}
	want := []string{"ff-rummage", "ff-test", "n26-check", "n26-coup-de-grace", "n26-injury", "n26-recovery", "n26-test", "tc-injury", "tc-success"}
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
