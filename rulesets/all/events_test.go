package all

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// emitted finds the event types a ruleset's sources emit (every
// `Event{Type: "x"` in the non-test Go files of dirs) and, for each, whether
// it may come without another model: an Other of engine.NoModel, or of a
// variable that may hold it (an injury's source, which a fall has not),
// or n23's turn (to a direction or to a model).
func emitted(t *testing.T, dirs ...string) (out []string, alone map[string]bool) {
	t.Helper()
	re := regexp.MustCompile(`Event\{Type: "([a-z-]+)"(?:, Model: [^,}]+, Other: ([^,}]+))?`)
	seen := map[string]bool{}
	alone = map[string]bool{}
	for _, d := range dirs {
		files, err := filepath.Glob(filepath.Join(d, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", d, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range re.FindAllSubmatch(b, -1) {
				typ := string(m[1])
				if !seen[typ] {
					seen[typ] = true
					out = append(out, typ)
				}
				switch string(m[2]) {
				case "", "engine.NoModel", "src":
					alone[typ] = true
				}
				if typ == "turned" { // n23: a turn to a direction, not to a model
					alone[typ] = true
				}
			}
		}
	}
	return out, alone
}

// checkText fails on an event's text that falls back to the bare arrow
// between two models (which reads the same whichever did what to whom),
// or shows a field's name or a model that is not there.
func checkText(t *testing.T, where, text string) {
	t.Helper()
	for _, bad := range []string{" → ", "{", "}", "m-1", "[", "]"} {
		if strings.Contains(text, bad) {
			t.Errorf("%s: %q has %q", where, text, bad)
		}
	}
}

// TestEventPhrases: every event a ruleset emits reads as a phrase in the
// log (engine.Info.Events) or as one of the engine's own, never as a type
// with an arrow between two models; the phrase names the model it is
// about, and the other one when there is one.
func TestEventPhrases(t *testing.T) {
	dirs := map[string][]string{
		"n26":             {"../n26", "../../rules/necromunda"},
		"n23":             {"../n23", "../../rules/necromunda"},
		"trenchcrusade":   {"../trenchcrusade"},
		"falloutfactions": {"../falloutfactions"},
	}
	for _, s := range decodedSamples(t, true) {
		rs := s.rs
		g, err := engine.New(rs, s.su, engine.Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		st := g.State()
		a, b := st.Static(0).ID, st.Static(1).ID
		types, alone := emitted(t, dirs[s.Ruleset]...)
		if len(types) < 10 {
			t.Fatalf("%s: found only %d event types in the sources", s.Ruleset, len(types))
		}
		for _, typ := range types {
			es := []engine.Event{{Type: typ, Model: 0, Other: 1, Key: "2\"", Value: 1}}
			if alone[typ] {
				es = append(es, engine.Event{Type: typ, Model: 0, Other: engine.NoModel, Value: 1})
			}
			for _, e := range es {
				where := s.Ruleset + " " + typ
				text := engine.EventText(st, e)
				checkText(t, where, text)
				_, phrased := rs.Info().Events[typ]
				if phrased && strings.Contains(rs.Info().Events[typ], "{model}") && !strings.Contains(text, a) {
					t.Errorf("%s: %q does not name the model it is about, %s", where, text, a)
				}
				if phrased && e.Other != engine.NoModel && strings.Contains(rs.Info().Events[typ], "{other}") && !strings.Contains(text, b) {
					t.Errorf("%s: %q does not name the other model, %s", where, text, b)
				}
			}
		}
		for typ := range rs.Info().Events {
			if !strings.Contains(strings.Join(types, " ")+" ", typ+" ") {
				t.Errorf("%s: a phrase for %q, which nothing emits", s.Ruleset, typ)
			}
		}
	}
}

// TestEventTextsInPlay plays seeded random games of every sample, board
// and table, and checks every event's text as the log shows it.
func TestEventTextsInPlay(t *testing.T) {
	for _, s := range decodedSamples(t, false) {
		events := 0
		for seed := range uint64(6) {
			g := playRandom(t, s, seed+1, nil)
			an, err := g.Annotate()
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range engine.LogLines(g.State(), an) {
				for _, e := range l.Events {
					checkText(t, s.key, e)
					events++
				}
			}
		}
		if events == 0 {
			t.Errorf("%s/%s: no events in 6 games", s.Ruleset, s.Name)
		}
	}
}
