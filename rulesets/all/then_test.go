package all

import (
	"bytes"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// An entry's Then separates what followed its action by itself from what
// the action did: in n23 bot games on the board sample, every round's
// priority roll (its two dice and its "priority" event) is in the Then of
// the entry that ended the round, after the End phase's tests, never in an
// action's own part; and a
// saved game, loaded, gives every entry the same Then.
func TestLogThen(t *testing.T) {
	reg := Rulesets()
	rs, _ := reg.Lookup("n23")
	var su *engine.Setup
	for _, s := range Samples() {
		if s.Ruleset == "n23" && s.Mode == "board" {
			sc, err := s.Decode(reg)
			if err != nil {
				t.Fatal(err)
			}
			if su, err = sc.Setup(""); err != nil {
				t.Fatal(err)
			}
		}
	}
	rounds := 0
	for seed := range uint64(5) {
		g, err := engine.New(rs, su, engine.Config{Seed: seed + 1, Players: engine.Bots(2)})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			if _, err := g.Step(); err != nil {
				t.Fatal(err)
			}
		}
		entries := g.Log().Entries
		for i, e := range entries[1:] { // the start entry rolls the first round's priority itself
			own := e.Events[:len(e.Events)-e.Then.Events]
			for _, ev := range own {
				if ev.Type == "priority" {
					t.Errorf("seed %d entry %d (%s): the priority roll is in the action's own part", seed+1, i+1, e.Action)
				}
			}
			for _, ev := range e.Events[len(e.Events)-e.Then.Events:] {
				if ev.Type == "priority" {
					rounds++
					// the End phase's tests may come first; the roll is last
					if n := len(e.Answers); e.Then.Answers < 2 || e.Answers[n-1].Key != "n23-d6" || e.Answers[n-2].Key != "n23-d6" {
						t.Errorf("seed %d entry %d: Then %+v of %v, want the priority roll's two dice last", seed+1, i+1, e.Then, e.Answers)
					}
				}
			}
		}
		var buf bytes.Buffer
		if err := g.Save(&buf); err != nil {
			t.Fatal(err)
		}
		sv, err := engine.ReadSave(&buf)
		if err != nil {
			t.Fatal(err)
		}
		for i := range sv.Entries { // a hostile save's Then is not taken at its word
			sv.Entries[i].Then = engine.Then{Answers: 99, Events: 99}
		}
		lg, err := engine.Load(rs, su, sv, engine.Bots(2))
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range lg.Log().Entries {
			if e.Then != entries[i].Then {
				t.Errorf("seed %d entry %d: loaded Then %+v, played %+v", seed+1, i, e.Then, entries[i].Then)
			}
		}
	}
	if rounds < 5*3 {
		t.Errorf("%d priority rolls found in Then parts, want the rounds after the first of five games", rounds)
	}
}
