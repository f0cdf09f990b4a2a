package trenchcrusade_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/trenchcrusade"
)

func sample(t testing.TB, name string) *engine.Setup {
	t.Helper()
	s, ok := trenchcrusade.Samples().Find("trenchcrusade", name)
	if !ok {
		t.Fatalf("no sample %q", name)
	}
	reg := &engine.Registry{}
	reg.Register(trenchcrusade.New())
	sc, err := s.Decode(reg)
	if err != nil {
		t.Fatal(err)
	}
	su, err := sc.Setup("")
	if err != nil {
		t.Fatal(err)
	}
	return su
}
