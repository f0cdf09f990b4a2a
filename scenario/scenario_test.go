package scenario_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/mini"
	"github.com/skirmish-engine/skirmish/scenario"
)

func registry() *engine.Registry {
	var r engine.Registry
	mini.Register(&r)
	return &r
}

func sample(t *testing.T, name string) []byte {
	t.Helper()
	for _, s := range mini.Samples() {
		if s.Name == name {
			return s.Source
		}
	}
	t.Fatalf("no sample %s", name)
	return nil
}

func TestDecodeSamples(t *testing.T) {
	sc, err := scenario.Decode("crossroads.yaml", sample(t, "crossroads"), registry(), nil)
	if err != nil {
		t.Fatal(err)
	}
	su, err := sc.Setup("")
	if err != nil {
		t.Fatal(err)
	}
	if su.Mode != "board" || su.Board == nil || len(su.Models) != 6 || len(su.Sides) != 2 || su.Rounds != 4 {
		t.Fatalf("setup %+v", su)
	}
	m := su.Models[1]
	if m.ID != "red-b" || m.Side != 0 || math.Abs(m.Base-32/25.4) > 1e-12 || m.Start != (engine.Pos{X: 12, Y: 6}) ||
		len(m.Gear) != 1 || !m.Gear[0].Has("heavy") || m.Profile[0] != 4 {
		t.Errorf("model %+v", m)
	}
	if su.Options["charge-range"] != "6" {
		t.Errorf("options %v", su.Options)
	}
	table, err := sc.Setup("table")
	if err != nil || table.Board != nil || table.Mode != "table" {
		t.Errorf("played at a table: %v %v", table, err)
	}
	if _, err := engine.New(sc.Ruleset, su, engine.Config{Seed: 1}); err != nil {
		t.Errorf("the sample does not start: %v", err)
	}
	sc2, err := scenario.Decode("backroom.yaml", sample(t, "backroom"), registry(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sc2.Setup("board"); err == nil {
		t.Error("a table scenario played on a board")
	}
}

// Every problem names the file, line, column and field.
func TestErrors(t *testing.T) {
	base := string(sample(t, "crossroads"))
	for _, tc := range []struct {
		name, from, to string
		want           string
	}{
		{"unknown field", "rounds: 4", "rounds: 4\nturns: 3", `crossroads.yaml:5:1: unknown field "turns"`},
		{"wrong type", "rounds: 4", "rounds: four", `crossroads.yaml:4:9:`},
		{"rounds range", "rounds: 4", "rounds: 0", `crossroads.yaml:4:9: rounds: 0 is out of range; allowed 1 to 100`},
		{"ruleset", "ruleset: mini-n26", "ruleset: chess", `crossroads.yaml:2:10: ruleset: "chess" is not a ruleset`},
		{"option", `charge-range: "6"`, `charge-range: "7"`, `crossroads.yaml:6:17: options.charge-range: "7" is not allowed; allowed 6, 8`},
		{"unknown option", `charge-range: "6"`, `reach: "6"`, `options.reach: no such option in mini-n26; allowed charge-range`},
		{"profile range", "profile: {M: 4, Skill: 4, Tough: 3, W: 2}\n        base: 32\n        at: [12, 6]", "profile: {M: 4, Skill: 9, Tough: 3, W: 2}\n        base: 32\n        at: [12, 6]", `crossroads.yaml:32:32: sides[0].models[1].profile.Skill: 9 is out of range; allowed 2 to 6`},
		{"profile missing", "{M: 6, Skill: 5, Tough: 4, W: 3}\n        base: 32\n        at: [18, 4]", "{M: 6, Skill: 5, Tough: 4}\n        base: 32\n        at: [18, 4]", `sides[0].models[2].profile: missing W`},
		{"profile unknown", "{M: 5, Skill: 4, Tough: 3, W: 2}\n        base: 32\n        at: [6, 4]", "{M: 5, Skill: 4, Tough: 3, W: 2, Luck: 1}\n        base: 32\n        at: [6, 4]", `sides[0].models[0].profile.Luck: not a characteristic of mini-n26; allowed M, Skill, Tough, W`},
		{"trait", "traits: [heavy]}\n      - id: red-c", "traits: [heavy, sticky]}\n      - id: red-c", `sides[0].models[1].gear[0].traits[1]: unknown trait "sticky"; allowed heavy, blast`},
		{"base", "base: 32\n        at: [6, 4]", "base: 3\n        at: [6, 4]", `sides[0].models[0].base: 3mm is not a base size; allowed 20 to 200`},
		{"point", "at: [6, 4]", "at: [6]", `sides[0].models[0].at: want [x, y] or [x, y, level] in inches, got 1 numbers`},
		{"off the table", "    - [12, 4]", "    - [30, 4]", `board.objectives[0]: (30, 4) is off the 24x24" table`},
		{"duplicate id", "- id: blue-a", "- id: red-a", `sides[1].models[0].id: "red-a" is empty or used twice`},
		{"counter", "counters: {tokens: 1}\n    models:\n      - id: blue-a", "counters: {tokens: 9}\n    models:\n      - id: blue-a", `sides[1].counters.tokens: 9 is out of range; allowed 0 to 3`},
		{"mode", "mode: board", "mode: floor", `crossroads.yaml:3:7: mode: "floor" is not a mode; allowed board or table`},
		{"syntax", "rounds: 4", "rounds: [4", `crossroads.yaml:`},
		{"a tab", "    models:\n      - id: blue-a", "    models:\n\t  - id: blue-a", `: a tab in the indentation; YAML indents with spaces`},
		{"binary", "rounds: 4", "rounds: !!binary aGVsbG8=", `rounds: binary data (!!binary) (`},
		{"huge rounds", "rounds: 4", "rounds: 99999999999999999999999", `crossroads.yaml:4:9: rounds: 99999999999999999999999 is out of range: too large a number`},
		{"rounds not whole", "rounds: 4", "rounds: 4.5", `crossroads.yaml:4:9: rounds: 4.5 is not a whole number; allowed whole numbers here`},
		{"profile not whole", "profile: {M: 4, Skill: 4, Tough: 3, W: 2}\n        base: 32\n        at: [12, 6]", "profile: {M: 4.5, Skill: 4, Tough: 3, W: 2}\n        base: 32\n        at: [12, 6]", `sides[0].models[1].profile.M: 4.5 is not a whole number`},
		{"rounds 2^64+1", "rounds: 4", "rounds: 18446744073709551617", `crossroads.yaml:4:9: rounds: 18446744073709551617 is out of range: too large a number`}, // issue 34: it read as a negative number
		{"rounds -2^64", "rounds: 4", "rounds: -18446744073709551616", `crossroads.yaml:4:9: rounds: -18446744073709551616 is out of range: too large a number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(base, tc.from) {
				t.Fatalf("the sample has no %q", tc.from)
			}
			src := strings.Replace(base, tc.from, tc.to, 1)
			_, err := scenario.Decode("crossroads.yaml", []byte(src), registry(), nil)
			var se *scenario.Error
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *scenario.Error", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("\n got %s\nwant %s", err, tc.want)
			}
			if se.Line == 0 {
				t.Errorf("no line in %s", err)
			}
		})
	}
}

// An empty file, or one without a ruleset, says so (not that "" is not a
// ruleset).
func TestEmptyOrNoRuleset(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"", "x.yaml: the file is empty"},
		{"  \n\n", "x.yaml: the file is empty"},
		{"name: x\nrounds: 3\n", "x.yaml: ruleset: missing; allowed "},
	} {
		_, err := scenario.Decode("x.yaml", []byte(tc.src), registry(), nil)
		var se *scenario.Error
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want a *scenario.Error with %q", tc.src, err, tc.want)
		}
	}
}

func TestRosterFile(t *testing.T) {
	roster := `name: Green
counters: {tokens: 1}
models:
  - {id: g1, type: trooper, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, gear: [{name: rifle, kind: ranged}]}
  - {id: g2, type: trooper, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 25}
`
	scen := `name: Roster test
ruleset: mini-tc
mode: board
rounds: 2
board: {size: [24, 24]}
sides:
  - roster: green.yaml
    deploy: {g1: [4, 4], g2: [8, 4]}
  - name: Red
    models:
      - {id: r1, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, at: [4, 20]}
`
	files := map[string]string{"green.yaml": roster}
	open := func(name string) ([]byte, error) {
		if s, ok := files[name]; ok {
			return []byte(s), nil
		}
		return nil, fmt.Errorf("open %s: no such file", name)
	}
	sc, err := scenario.Decode("dir/roster.yaml", []byte(scen), registry(), open)
	if err != nil {
		t.Fatal(err)
	}
	su, _ := sc.Setup("")
	if su.Sides[0].Name != "Green" || su.Models[1].Start != (engine.Pos{X: 8, Y: 4}) {
		t.Errorf("roster side %+v %+v", su.Sides[0], su.Models[1])
	}
	for name, bad := range map[string]string{
		"missing file": strings.Replace(scen, "green.yaml", "blue.yaml", 1),
		"deploy":       strings.Replace(scen, "g2: [8, 4]", "g9: [8, 4]", 1),
	} {
		if _, err := scenario.Decode("dir/roster.yaml", []byte(bad), registry(), open); err == nil || !strings.Contains(err.Error(), "sides[0]") {
			t.Errorf("%s: %v", name, err)
		}
	}
	// a roster's model the scenario does not deploy: its fault, not the
	// roster's
	_, err = scenario.Decode("dir/roster.yaml", []byte(strings.Replace(scen, ", g2: [8, 4]", "", 1)), registry(), open)
	if err == nil || !strings.Contains(err.Error(), `dir/roster.yaml:`) || !strings.Contains(err.Error(), `sides[0].deploy: no place for "g2"`) {
		t.Errorf("a model not deployed: %v", err)
	}
	files["green.yaml"] = strings.Replace(roster, "Skill: 4", "Skill: 1", 1)
	_, err = scenario.Decode("dir/roster.yaml", []byte(scen), registry(), open)
	if err == nil || !strings.Contains(err.Error(), "dir/green.yaml:4:52: models[0].profile.Skill: 1 is out of range") {
		t.Errorf("a bad roster: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range mini.Samples() {
		f.Add(s.Source)
	}
	f.Add([]byte("name: x\nruleset: mini-tc\nmode: table\nrounds: 1\nsides: [{name: a, models: [{id: a}]}]"))
	f.Add([]byte("{"))
	reg := registry()
	f.Fuzz(func(t *testing.T, data []byte) {
		done := make(chan bool)
		go func() {
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				panic(fmt.Sprintf("HANG on %q", data))
			}
		}()
		defer close(done)
		sc, err := scenario.Decode("fuzz.yaml", data, reg, nil)
		if err != nil {
			var se *scenario.Error
			if !errors.As(err, &se) || se.Problem == "" {
				t.Fatalf("error %v is not a complete *scenario.Error", err)
			}
			return
		}
		su, err := sc.Setup("")
		if err != nil {
			t.Fatalf("decoded but no setup: %v", err)
		}
		if _, err := engine.New(sc.Ruleset, su, engine.Config{Seed: 1}); err != nil {
			t.Fatalf("a valid scenario does not start: %v", err)
		}
	})
}
