package scenario_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/internal/userfile"
	"github.com/skirmish-engine/skirmish/scenario"
)

// memBound is a correctness bound, not a benchmark: no hostile file may
// cost more than this to refuse (the probe of issue 9 saw gigabytes).
const memBound = 64 << 20

// allocated runs f and returns the bytes it allocated.
func allocated(f func()) uint64 {
	runtime.GC()
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// A small valid board scenario; hostile cases edit or extend it.
const base = `name: Hostile
ruleset: mini-tc
mode: board
rounds: 2
board:
  size: [24, 24]
  levels: [0, 3]
  boxes:
    - {at: [10, 10], size: [3, 3], height: 3}
  walls:
    - {from: [0, 16], to: [4, 16], height: 2}
sides:
  - name: Red
    models:
      - {id: r1, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, at: [4, 4]}
      - {id: r2, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, at: [8, 4]}
  - name: Blue
    models:
      - {id: b1, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, at: [4, 20]}
`

func billionLaughs() string {
	var b strings.Builder
	b.WriteString("x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "x%d: &a%d [", i, i)
		for k := range 10 {
			if k > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*a%d", i-1)
		}
		b.WriteString("]\n")
	}
	return strings.Replace(base, "name: Hostile\n", b.String()+"name: Hostile\n", 1)
}

func manyModels(n int, tiny bool) string {
	var b strings.Builder
	b.WriteString(strings.SplitAfter(base, "    models:\n")[0])
	for i := range n {
		if tiny {
			fmt.Fprintf(&b, "      - {id: m%d}\n", i)
			continue
		}
		fmt.Fprintf(&b, "      - {id: m%d, name: Model number %d, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, at: [%d, %d]}\n", i, i, i%20+2, i/20%20+2)
	}
	b.WriteString("  - name: Blue\n    models:\n      - {id: b1, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, at: [4, 20]}\n")
	return b.String()
}

func blockNesting(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%sk%d:\n", strings.Repeat(" ", i), i)
	}
	return base + "extra:\n" + b.String()
}

// Every hostile scenario is refused with the file, line, column and what
// limit or field it hit, cheaply.
func TestHostileScenarios(t *testing.T) {
	reg := registry()
	for _, tc := range []struct {
		name, src, want string
	}{
		{"billion laughs", billionLaughs(), `hostile.yaml:5:9: more than 40000 values with its aliases expanded; allowed at most 40000`},
		{"alias in a field", strings.Replace(billionLaughs(), "name: Hostile", "name: *a9", 1), `more than 40000 values with its aliases expanded`},
		{"deep flow nesting (60 KB)", base + "extra: " + strings.Repeat("[", 30000) + strings.Repeat("]", 30000) + "\n", `hostile.yaml:20:71: nested deeper than 64 levels; allowed at most 64`},
		{"deep flow maps", base + "extra: " + strings.Repeat("{a: ", 2000) + "1" + strings.Repeat("}", 2000) + "\n", `nested deeper than 64 levels`},
		{"deep block nesting", blockNesting(200), `nested deeper than 64 levels`},
		{"compact sequences", base + "extra:\n" + strings.Repeat("- ", 300) + "x\n", `nested deeper than 64 levels`},
		{"over 256 KiB", "a: " + strings.Repeat("[", 1<<20) + "\n", `1048580 bytes; allowed at most 262144`},
		{"256 KiB of brackets", "a: " + strings.Repeat("[", 256<<10-10) + "\n", `hostile.yaml:1:100001: more than 100000 words, symbols and lines; allowed at most 100000`},
		{"a long block of text", base + "extra: |\n" + strings.Repeat("  "+strings.Repeat("x", 60)+"\n", 4000), `hostile.yaml:20:1: unknown field "extra"`},
		{"a long flat list", base + "extra: [" + strings.Repeat("1,", 45_000) + "1]\n", `more than 40000 YAML tokens`},
		{"many aliases", "a: &a 1\nb: [" + strings.Repeat("*a, ", 1500) + "*a]\n" + base, `more than 1000 aliases (*name); allowed at most 1000`},
		{"6,000 inline models", manyModels(6000, false), `665327 bytes; allowed at most 262144`},
		{"2,000 inline models", manyModels(2000, false), `more than 40000 YAML tokens`},
		{"6,000 tiny inline models", manyModels(6000, true), `hostile.yaml:15:7: sides[0].models: 6000 models; allowed at most 64 in a game`},
		{"65 inline models", manyModels(65, true), `hostile.yaml:15:7: sides[0].models: 65 models; allowed at most 64 in a game`},
		{"NaN", strings.Replace(base, "at: [8, 4]", "at: [.nan, 4]", 1), `hostile.yaml:16:76: sides[0].models[1].at[0]: .nan is not a finite number`},
		{"Inf", strings.Replace(base, "base: 32, at: [8, 4]", "base: .inf, at: [8, 4]", 1), `hostile.yaml:16:67: sides[0].models[1].base: .inf is not a finite number`},
		{"-Inf", strings.Replace(base, "size: [24, 24]", "size: [-.Inf, 24]", 1), `board.size[0]: -.Inf is not a finite number`},
		{"huge number", strings.Replace(base, "base: 32, at: [8, 4]", "base: 1e999, at: [8, 4]", 1), `hostile.yaml:16:67: sides[0].models[1].base: 1e999 is out of range: too large a number`},
		{"negative level", strings.Replace(base, "at: [8, 4]", "at: [8, 4, -1]", 1), `hostile.yaml:16:75: sides[0].models[1].at: level -1 does not exist; allowed 0 to 1`},
		{"level 99", strings.Replace(base, "at: [8, 4]", "at: [8, 4, 99]", 1), `sides[0].models[1].at: level 99 does not exist; allowed 0 to 1`},
		{"off the board", strings.Replace(base, "at: [8, 4]", "at: [30, 4]", 1), `sides[0].models[1].at: r2's base (1.26" across) at (30, 4) is not wholly on the 24x24" table`},
		{"half off the board", strings.Replace(base, "at: [8, 4]", "at: [0.2, 4]", 1), `is not wholly on the 24x24" table`},
		{"inside a box", strings.Replace(base, "at: [8, 4]", "at: [11, 11]", 1), `sides[0].models[1].at: r2 at (11, 11) stands inside terrain board.boxes[0]`},
		{"across a wall", strings.Replace(base, "at: [4, 20]", "at: [2, 16.2]", 1), `sides[1].models[0].at: b1 at (2, 16.2) stands across wall board.walls[0]`},
		{"overlapping", strings.Replace(base, "at: [8, 4]", "at: [4.5, 4]", 1), `hostile.yaml:16:75: sides[0].models[1].at: r2 at (4.5, 4) overlaps r1 at (4, 4)`},
		{"two documents", base + "---\nname: again\n", `more than one YAML document`},
		{"19,000 keywords", strings.Replace(base, "{id: r1,", "{id: r1, keywords: ["+strings.Repeat("k, ", 18_999)+"k],", 1), `sides[0].models[0].keywords[1]: "k" twice; a model has a keyword once`},
		{"a long name", strings.Replace(base, "name: Red", "name: "+strings.Repeat("x", 250_000), 1), `hostile.yaml:13:11: sides[0].name: 250000 bytes long; allowed at most 100`},
		{"a terminal escape in a name", strings.Replace(base, "name: Red", `name: "Red\e[2J"`, 1), `sides[0].name: byte 4 is the start of U+001B, a control or text-direction character`},
		{"a right-to-left override in an ID", strings.Replace(base, "{id: r1,", "{id: \"r\u202e1\",", 1), `id: byte 2 is the start of U+202E`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			n := allocated(func() { _, err = scenario.Decode("hostile.yaml", []byte(tc.src), reg, nil) })
			if n > memBound {
				t.Errorf("allocated %d MB", n>>20)
			}
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var se *scenario.Error
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *scenario.Error", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("\n got %s\nwant %s", err, tc.want)
			}
			if se.Line == 0 && !strings.Contains(tc.want, "bytes; allowed") {
				t.Errorf("no line in %s", err)
			}
		})
	}
}

// The same base decodes, with or without a byte-order mark; touching models
// are not overlapping.
func TestBaseAndBOM(t *testing.T) {
	for name, src := range map[string]string{
		"plain":    base,
		"BOM":      "\xEF\xBB\xBF" + base,
		"touching": strings.Replace(base, "at: [8, 4]", "at: [5.26, 4]", 1),
		"level 1":  strings.Replace(base, "at: [8, 4]", "at: [4, 4, 1]", 1),
		"anchors":  strings.Replace(base, "profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, at: [4, 4]", "profile: &p {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, at: [4, 4]", 1),
	} {
		if _, err := scenario.Decode("ok.yaml", []byte(src), registry(), nil); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// Rosters resolve inside the scenario's folder only.
func TestRosterOutside(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "scenarios")
	roster := "name: Green\nmodels:\n  - {id: g1, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32}\n"
	for name, content := range map[string]string{
		"scenarios/green.yaml": roster,
		"secret.yaml":          roster,
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(top, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(top, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(top, "secret.yaml"), filepath.Join(dir, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.yaml")); err != nil {
		t.Fatal(err)
	}
	d, err := userfile.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	open := func(name string) ([]byte, error) { return d.Read(name, scenario.MaxSize) }
	scen := func(roster string) string {
		return strings.Replace(base, "  - name: Red\n    models:\n      - {id: r1, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, at: [4, 4]}\n      - {id: r2, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, at: [8, 4]}\n",
			"  - roster: "+roster+"\n    deploy: {g1: [4, 4]}\n", 1)
	}
	if _, err := scenario.Decode(filepath.Join(dir, "s.yaml"), []byte(scen("green.yaml")), registry(), open); err != nil {
		t.Fatalf("a roster beside the scenario: %v", err)
	}
	for roster, want := range map[string]string{
		"../secret.yaml":                  `s.yaml:13:13: sides[0].roster: "../secret.yaml" has a ".." component; allowed a file name in the scenario's folder or below it`,
		"../../../../etc/passwd":          `has a ".." component`,
		filepath.Join(top, "secret.yaml"): `is an absolute path`,
		"link.yaml":                       `sides[0].roster: "link.yaml": leads outside the folder it is read from`,
		"zero.yaml":                       `leads outside the folder`,
		"missing.yaml":                    `sides[0].roster: "missing.yaml": no such file`,
	} {
		var err error
		if n := allocated(func() { _, err = scenario.Decode(filepath.Join(dir, "s.yaml"), []byte(scen(roster)), registry(), open) }); n > memBound {
			t.Errorf("%s: allocated %d MB", roster, n>>20)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s:\n got %v\nwant %s", roster, err, want)
		}
	}
	// A deploy position in the wrong place names the deploy entry.
	bad := strings.Replace(scen("green.yaml"), "deploy: {g1: [4, 4]}", "deploy: {g1: [11, 11]}", 1)
	if _, err := scenario.Decode(filepath.Join(dir, "s.yaml"), []byte(bad), registry(), open); err == nil || !strings.Contains(err.Error(), "s.yaml:14:18: sides[0].deploy.g1: g1 at (11, 11) stands inside terrain board.boxes[0]") {
		t.Errorf("deploy into a box: %v", err)
	}
}

// FuzzGuard: whatever the bytes, Decode returns a scenario or a complete
// *Error, without panicking, within bounded memory.
func FuzzGuard(f *testing.F) {
	f.Add([]byte(base))
	f.Add([]byte(billionLaughs()))
	f.Add([]byte("a: " + strings.Repeat("[", 100)))
	f.Add([]byte("\xEF\xBB\xBFname: x\n- - - - [{a: *b}]"))
	reg := registry()
	f.Fuzz(func(t *testing.T, data []byte) {
		var err error
		if n := allocated(func() { _, err = scenario.Decode("fuzz.yaml", data, reg, nil) }); n > memBound {
			t.Fatalf("allocated %d MB", n>>20)
		}
		var se *scenario.Error
		if err != nil && (!errors.As(err, &se) || se.Problem == "") {
			t.Fatalf("error %v is not a complete *scenario.Error", err)
		}
	})
}
