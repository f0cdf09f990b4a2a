package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A group of one model's actions under a shared heading names its action
// type on the heading only when every option has it; else each option
// says its own (rules audit: N23's Shoot with an Unwieldy cannon, a
// Double action, and with a pistol, a Basic one, were all headed
// "[double]").
func TestMenuGroupTypes(t *testing.T) {
	const gang = `
        type: fighter
        profile: {M: 5, WS: 3, BS: 3, S: 3, T: 3, W: 2, I: 3, A: 1, Ld: 7, Cl: 7, Wil: 7, Int: 7, Sv: 6}
        base: 25`
	yaml := `name: Mixed Types
ruleset: n23
mode: table
rounds: 1
sides:
  - name: West
    models:
      - id: q` + gang + `
        gear:
          - {name: cannon, kind: ranged, stats: {sr: 8, lr: 24, str: 5, d: 2}, traits: [unwieldy]}
          - {name: pistol, kind: ranged, stats: {sr: 8, lr: 12, str: 3, d: 1}, traits: [sidearm]}
  - name: East
    models:
      - id: b` + gang + `
      - id: c` + gang + `
      - id: d` + gang + `
`
	file := filepath.Join(t.TempDir(), "mixed.yaml")
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runIn(t, "1\nquit\n", false, "play", "--scenario", file, "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"  Shoot q →:\n     ",
		"b with cannon (Unwieldy: a Double action)  [double]",
		"b with pistol  [basic]",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the menu lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "Shoot q → [double]") || strings.Contains(stdout, "Shoot q →  [double]") {
		t.Errorf("the Shoot heading claims one type for all:\n%s", stdout)
	}
}
