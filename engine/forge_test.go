package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/mini"
)

// A save is a proof (DESIGN.md §7): every forgery of issue 9's probe, and
// the obvious others, must be refused by Load, naming what is wrong.
func TestForgedSaves(t *testing.T) {
	g := playBots(t, "n26", 13, 60, engine.DigitalDice)
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		g.Step()
	}
	data := saved(t, g)
	if _, err := load(data, mini.New("n26")); err != nil {
		t.Fatalf("the honest save does not load: %v", err)
	}
	edit := func(f func(sv map[string]any)) []byte {
		var sv map[string]any
		if err := json.Unmarshal(data, &sv); err != nil {
			t.Fatal(err)
		}
		f(sv)
		b, err := json.Marshal(sv)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	entries := func(sv map[string]any) []map[string]any {
		var es []map[string]any
		for _, e := range sv["entries"].([]any) {
			es = append(es, e.(map[string]any))
		}
		return es
	}
	// rolls lists the dice answers of the log, in order.
	rolls := func(sv map[string]any) []map[string]any {
		var out []map[string]any
		for _, e := range entries(sv) {
			for _, a := range asList(e["answers"]) {
				if a := a.(map[string]any); a["kind"] == "dice" {
					out = append(out, a)
				}
			}
		}
		return out
	}
	lastAction := func(sv map[string]any) map[string]any {
		es := entries(sv)
		for i := len(es) - 1; i > 0; i-- {
			if es[i]["action"].(map[string]any)["id"] != "undo" {
				return es[i]
			}
		}
		t.Fatal("no action")
		return nil
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"a die changed", edit(func(sv map[string]any) {
			r := rolls(sv)
			f := r[len(r)-1]["faces"].([]any)
			f[0] = float64(int(f[0].(float64))%6 + 1)
		}), "differ from the seeded dice"},
		{"a die changed and it and all later rolls marked typed", edit(func(sv map[string]any) {
			r := rolls(sv)
			k := len(r) - 3
			f := r[k]["faces"].([]any)
			f[0] = float64(int(f[0].(float64))%6 + 1)
			for _, a := range r[k:] {
				a["typed"] = true
			}
		}), ".typed: a typed roll in a game with digital dice"},
		{"a hundred thousand faces", edit(func(sv map[string]any) {
			r := rolls(sv)
			f := make([]any, 100000)
			for i := range f {
				f[i] = float64(1)
			}
			r[len(r)-1]["faces"] = f
		}), "differ from the seeded dice"},
		{"a roll marked typed", edit(func(sv map[string]any) {
			rolls(sv)[0]["typed"] = true
		}), "entries[0].answers[0].typed: a typed roll in a game with digital dice"},
		{"a side changed", edit(func(sv map[string]any) {
			e := lastAction(sv)
			e["side"] = 1 - e["side"].(float64)
		}), "is not the side whose decision it was"},
		{"a side of 99", edit(func(sv map[string]any) { lastAction(sv)["side"] = 99 }), "99 is not the side whose decision it was"},
		{"the start given a side", edit(func(sv map[string]any) { entries(sv)[0]["side"] = 0 }), "entries[0].side: 0 is not the side whose decision it was (-1)"},
		{"an option", edit(func(sv map[string]any) { sv["options"].(map[string]any)["charge-range"] = "8" }), "digest of the setup does not match: a rule option was edited"},
		{"the dice mode", edit(func(sv map[string]any) { sv["dice"] = "physical" }), "the dice mode or strictness was edited"},
		{"the dice mode, sampled", edit(func(sv map[string]any) { sv["dice"] = "sampled" }), "the dice mode or strictness was edited"},
		{"strict", edit(func(sv map[string]any) { sv["strict"] = true }), "the dice mode or strictness was edited"},
		{"the seed", edit(func(sv map[string]any) { sv["seed"] = sv["seed"].(float64) + 1 }), "the seed was edited"},
		{"the mode", edit(func(sv map[string]any) { sv["mode"] = "table" }), "the mode was edited"},
		{"the scenario", edit(func(sv map[string]any) { sv["scenario"] = map[string]any{"name": "another"} }), "the scenario (sides, models, profiles, gear, positions, board) was edited"},
		{"the log cut short", edit(func(sv map[string]any) {
			es := sv["entries"].([]any)
			sv["entries"] = es[:len(es)-4]
		}), "digest of the final state does not match: the log was cut short or edited"},
		{"the last entry dropped", edit(func(sv map[string]any) {
			es := sv["entries"].([]any)
			sv["entries"] = es[:len(es)-1]
		}), "digest of the final state does not match"},
		{"the bots' RNG", edit(func(sv map[string]any) {
			b := []byte(sv["bots"].(string))
			b[len(b)/2] ^= 1
			sv["bots"] = string(b)
		}), ""},
		{"an event", edit(func(sv map[string]any) {
			for _, e := range entries(sv) {
				if evs := asList(e["events"]); len(evs) > 0 {
					evs[0].(map[string]any)["type"] = "forged"
					return
				}
			}
		}), ".events: are not the events the entry gives"},
		{"an entry marked undone", edit(func(sv map[string]any) { lastAction(sv)["undone"] = true }), ".undone: is true, but the log's undo entries say false"},
		{"the digest removed", edit(func(sv map[string]any) { delete(sv, "digest") }), "digest: missing"},
		{"the state digest", edit(func(sv map[string]any) {
			sv["digest"].(map[string]any)["state"] = "sha256:" + strings.Repeat("0", 64)
		}), "digest of the final state does not match"},
		{"an old format", edit(func(sv map[string]any) { sv["format"] = "skirmish-save/1" }), `"skirmish-save/1" is an older save format`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if bytes.Equal(tc.data, data) {
				t.Fatal("the forgery changed nothing")
			}
			_, err := load(tc.data, mini.New("n26"))
			if err == nil {
				t.Fatal("the forged save loaded")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("\n got %.500v\nwant %s", err, tc.want)
			}
			if n := len(err.Error()); n > 1000 {
				t.Errorf("a message of %d bytes: %.200s…", n, err)
			}
		})
	}
	// A model's profile or ID changed in the setup the caller decodes.
	for name, change := range map[string]func(su *engine.Setup){
		"a profile": func(su *engine.Setup) { su.Models[2].Profile[0]++ },
		"an id":     func(su *engine.Setup) { su.Models[1].ID = "impostor" },
		"a weapon":  func(su *engine.Setup) { su.Models[0].Gear = su.Models[0].Gear[:1] },
		"a side":    func(su *engine.Setup) { su.Sides[1].Name = "Green" },
	} {
		sv, err := engine.ReadSave(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		su := mini.BoardSetup(testBoard())
		change(su)
		var de *engine.DigestError
		if _, err := engine.Load(mini.New("n26"), su, sv, nil); !errors.As(err, &de) || de.Parts[0] != "scenario" {
			t.Errorf("%s changed: %v", name, err)
		}
	}
}

// Load says what it checked.
func TestVerified(t *testing.T) {
	g := playBots(t, "tc", 4, 40, engine.DigitalDice)
	g.Undo()
	g2, err := load(saved(t, g), mini.New("tc"))
	if err != nil {
		t.Fatal(err)
	}
	v := g2.Verified()
	if v == nil || v.Entries != len(g.Log().Entries) || v.Undone != 1 || v.Seeded == 0 || v.Typed != 0 || v.Actions == 0 || v.Dice != engine.DigitalDice {
		t.Errorf("verified %+v", v)
	}
	if g.Verified() != nil {
		t.Error("a new game says it was verified")
	}
}

// FuzzForge mutates an honest save byte by byte: Load never panics, and
// whatever it accepts replays to the state the digests name.
func FuzzForge(f *testing.F) {
	var t testing.T
	g := playBots(&t, "n23", 6, 30, engine.DigitalDice)
	var buf bytes.Buffer
	g.Save(&buf)
	honest := buf.Bytes()
	f.Add(0, byte(1))
	f.Add(len(honest)/2, byte('7'))
	f.Add(len(honest)-40, byte('0'))
	f.Fuzz(func(t *testing.T, at int, b byte) {
		if at < 0 || at >= len(honest) {
			return
		}
		data := bytes.Clone(honest)
		data[at] = b
		g2, err := load(data, mini.New("n23"))
		if err != nil {
			return
		}
		if ok, why := g2.State().Equal(g.State()); !ok {
			t.Fatalf("a mutated save (byte %d = %q) loaded to another state: %s", at, b, why)
		}
	})
}

// A save an editor gave a byte-order mark reads as the save; one cut short
// says where it ends, not just "unexpected EOF".
func TestSaveMarkAndCut(t *testing.T) {
	g := playBots(t, "n26", 13, 20, engine.DigitalDice)
	data := saved(t, g)
	if _, err := load(append([]byte("\ufeff"), data...), mini.New("n26")); err != nil {
		t.Errorf("with a byte-order mark: %v", err)
	}
	_, err := engine.ReadSave(bytes.NewReader(data[:len(data)/2]))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("the file ends inside the save, after %d bytes: cut short?", len(data)/2)) {
		t.Errorf("cut short: %v", err)
	}
}
