package trenchcrusade_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/trenchcrusade"
)

// registry holds the ruleset alone.
func registry() *engine.Registry {
	reg := &engine.Registry{}
	reg.Register(trenchcrusade.New())
	return reg
}

// sample decodes a built-in sample scenario and returns a fresh setup.
func sample(t testing.TB, name string) *engine.Setup {
	t.Helper()
	s, ok := trenchcrusade.Samples().Find("trenchcrusade", name)
	if !ok {
		t.Fatalf("no sample %q", name)
	}
	su, err := s.Setup(registry(), "")
	if err != nil {
		t.Fatal(err)
	}
	return su
}
