package roster

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/rulesets/all"
)

// FuzzYaktribe: reading any bytes as a Yaktribe gang never panics; it
// gives a *roster.Error, or a checked roster (Read runs Check) within the
// limits, whose YAML writes, with its unresolved names sorted and unique.
func FuzzYaktribe(f *testing.F) {
	for _, fx := range ytFixtures {
		data, err := os.ReadFile(filepath.Join(ytDir, fx.file))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	good := ytGanger()
	for _, s := range []string{
		ytGang(good),
		ytGang(good, ytGanger("ws", `"x"`), ytGanger("status", `"Dead"`)),
		ytGang(ytGanger("bs", `"-"`, "equipment", `[{"name": "Scrap\u00a0Pistol", "qty": "3"}, "Flare Gun", {"name": "?"}]`, "skills", `["Quick Draw", {"name": "Dodge"}]`)),
		`{"gang": {"gangers": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}`,
		`{"roster": {}}`,
		`{"gang": null}`,
		`[]`,
		"\ufeff{\"gang\": {}}",
		`{"gang": {"gangers": [{"m": 1e400}]}}`,
		`{"gang": {"gangers": [{"m": "5\u2033", "ws": "\u2013"}]}}`,
	} {
		f.Add([]byte(s))
	}
	arm, err := DecodeArmoury("armoury.yaml", ytFile(f, "armoury.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	reg := all.Rulesets()
	f.Fuzz(func(t *testing.T, data []byte) {
		yaktribe{}.Detect("gang.json", data)
		r, err := Read("gang.json", data, "yaktribe", Options{Rulesets: reg, Armoury: arm})
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T %v; want a *roster.Error", err, err)
			}
			return
		}
		if n := len(r.Roster.Models); n == 0 || n > MaxModels {
			t.Fatalf("%d models", n)
		}
		if _, err := r.YAML(); err != nil {
			t.Fatal(err)
		}
		if !slices.IsSortedFunc(r.Unresolved, func(a, b string) int { return strings.Compare(normal(a), normal(b)) }) {
			t.Fatalf("unresolved not sorted: %q", r.Unresolved)
		}
		if slices.ContainsFunc(r.Unresolved, func(s string) bool { _, ok := arm.Find(s); return ok }) {
			t.Fatalf("unresolved %q holds a name the armoury has", r.Unresolved)
		}
		for i := 1; i < len(r.Unresolved); i++ {
			if normal(r.Unresolved[i]) == normal(r.Unresolved[i-1]) {
				t.Fatalf("unresolved %q twice", r.Unresolved[i])
			}
		}
	})
}
