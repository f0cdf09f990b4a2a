package trenchcrusade_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/trenchcrusade"
)

// midGame is a board game of the sample after some bot decisions.
func midGame(t testing.TB, steps int) *engine.Game {
	g, err := engine.New(trenchcrusade.New(), sample(t, "no-mans-land"), engine.Config{Seed: 11, Players: engine.Bots(2)})
	if err != nil {
		t.Fatal(err)
	}
	for range steps {
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// The trenchcrusade state decoder (the engine's, with the ruleset's Ext) never panics
// on bad input, and what it accepts encodes again.
func FuzzDecodeState(f *testing.F) {
	g := midGame(f, 80)
	data, err := json.Marshal(g.State())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"ext":{}}`))
	f.Add([]byte(`{"ext":{"queue":"no"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := g.DecodeState(data)
		if err != nil {
			return
		}
		if _, err := json.Marshal(s); err != nil {
			t.Fatalf("accepted, then cannot encode: %v", err)
		}
	})
}

// A saved trenchcrusade game loads back to the same state; a corrupt save is an
// error, never a panic.
func FuzzLoad(f *testing.F) {
	g := midGame(f, 40)
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	reg := &engine.Registry{}
	reg.Register(trenchcrusade.New())
	smp, _ := trenchcrusade.Samples().Find("trenchcrusade", "no-mans-land")
	sc, err := smp.Decode(reg)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sv, err := engine.ReadSave(bytes.NewReader(data))
		if err != nil {
			return
		}
		su, err := sc.Setup("") // a fresh setup: validation fills it in
		if err != nil {
			t.Fatal(err)
		}
		g2, err := engine.Load(trenchcrusade.New(), su, sv, engine.Bots(2))
		if err == nil && g2 == nil {
			t.Fatal("no game and no error")
		}
		if err == nil && bytes.Equal(data, buf.Bytes()) {
			if ok, why := g2.State().Equal(g.State()); !ok {
				t.Fatalf("the saved game loads differently: %s", why)
			}
		}
	})
}
