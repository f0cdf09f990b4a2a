package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// memBound is a correctness bound, not a benchmark: no hostile file or
// line may cost the CLI more than this (issue 9's probe saw gigabytes).
const memBound = 64 << 20

func allocated(f func()) uint64 {
	runtime.GC()
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// runIn runs the CLI with stdin and, if interrupt, an interrupt already
// delivered.
func runIn(t *testing.T, stdin string, interrupt bool, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := testEnv(strings.NewReader(stdin), &out, &errb)
	e.signals = func() (<-chan os.Signal, func()) {
		c := make(chan os.Signal, 1)
		if interrupt {
			c <- os.Interrupt
		}
		return c, func() {}
	}
	code := run(args, e)
	return code, out.String(), errb.String()
}

// Files that are not regular, or too large, are refused at once, in
// bounded memory, with one line naming the file.
func TestHostileFiles(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(50 << 20) // sparse: 50 MB without writing them
	f.Close()
	fifo := filepath.Join(dir, "fifo.yaml")
	hasFIFO := mkfifo(fifo) == nil
	_, devZero := os.Stat("/dev/zero")
	for _, tc := range []struct {
		args []string
		want string
		skip bool
	}{
		{[]string{"play", "--ruleset", "mini-tc", "--scenario", "/dev/zero"}, `skirmish: --scenario "/dev/zero": is a character device, not a regular file`, devZero != nil},
		{[]string{"replay", "/dev/zero"}, `skirmish: replay /dev/zero: is a character device, not a regular file`, devZero != nil},
		{[]string{"play", "--ruleset", "mini-tc", "--scenario", fifo}, `is a FIFO (named pipe), not a regular file`, !hasFIFO},
		{[]string{"replay", fifo}, `is a FIFO (named pipe), not a regular file`, !hasFIFO},
		{[]string{"play", "--ruleset", "mini-tc", "--scenario", big}, `: 52428800 bytes; allowed at most 262144`, false},
		{[]string{"replay", big}, `: 52428800 bytes; allowed at most 16777216`, false},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			if tc.skip {
				t.Skip("not on this system")
			}
			var code int
			var stdout, stderr string
			if n := allocated(func() { code, stdout, stderr = runIn(t, "", false, tc.args...) }); n > memBound {
				t.Errorf("allocated %d MB", n>>20)
			}
			if code != 2 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, stdout, stderr, tc.want)
			}
		})
	}
}

// An interrupted game is saved; so is one whose input ends.
func TestInterruptedGames(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.json")
	for _, tc := range []struct {
		name      string
		stdin     string
		interrupt bool
		args      string
		code      int
		want      string
	}{
		{"SIGINT at a prompt", "", true, "--scenario crossroads --table --bots Blue", 1, "interrupted before the game ended\nsaved to " + save + "\n"},
		{"SIGINT among bots", "", true, "--scenario crossroads --bots all", 1, "interrupted before the game ended\nsaved to " + save + "\n"},
		{"end of input", "yes\n", false, "--scenario crossroads --table --bots Blue", 0, "input ended before the game did\nsaved to " + save + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(save)
			code, stdout, stderr := runIn(t, tc.stdin, tc.interrupt, append(strings.Fields("play --ruleset mini-n26 --seed 4 --save "+save), strings.Fields(tc.args)...)...)
			if code != tc.code || !strings.HasSuffix(stdout, tc.want) {
				t.Fatalf("exit %d, stdout ends %q, stderr %q", code, tail(stdout), stderr)
			}
			if tc.code == 1 && stderr != "skirmish: play: interrupted\n" {
				t.Errorf("stderr %q", stderr)
			}
			if code, _, stderr := runIn(t, "", false, "replay", save, "--verify"); code != 0 {
				t.Errorf("the save does not verify: %s", stderr)
			}
		})
	}
}

func tail(s string) string {
	if len(s) > 200 {
		return s[len(s)-200:]
	}
	return s
}

// A 10 MB line is refused and skipped, not taken for the end of the input;
// control characters typed are echoed escaped.
func TestHostileLines(t *testing.T) {
	long := strings.Repeat("7", 10<<20)
	stdin := long + "\n\x1b[31mred\x07\n" + "quit\n"
	var code int
	var stdout string
	if n := allocated(func() {
		code, stdout, _ = runIn(t, stdin, false, strings.Fields("play --ruleset mini-n26 --scenario crossroads --table --bots Blue --seed 4")...)
	}); n > memBound {
		t.Errorf("allocated %d MB", n>>20)
	}
	if code != 0 || !strings.Contains(stdout, "error: line too long (limit 4096 bytes); ignored\n") || !strings.Contains(stdout, "stopped before the game ended") {
		t.Errorf("exit %d, stdout %q", code, tail(stdout))
	}
	if strings.ContainsAny(stdout, "\x1b\x07") || !strings.Contains(stdout, `> \x1b[31mred\a`) {
		t.Errorf("control characters echoed raw or not escaped: %q", tail(stdout))
	}
}

// Every forgery of a save is refused by replay (exit 1), saying what.
func TestReplayForged(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.json")
	if code, _, stderr := runIn(t, "", false, strings.Fields("play --ruleset mini-n26 --scenario crossroads --bots all --seed 9 --save "+save)...); code != 0 {
		t.Fatal(stderr)
	}
	honest, _ := os.ReadFile(save)
	forge := func(f func(sv map[string]any)) {
		var sv map[string]any
		if err := json.Unmarshal(honest, &sv); err != nil {
			t.Fatal(err)
		}
		f(sv)
		b, _ := json.Marshal(sv)
		os.WriteFile(save, b, 0o644)
	}
	model := func(sv map[string]any) map[string]any {
		side := sv["scenario"].(map[string]any)["sides"].([]any)[0].(map[string]any)
		return side["models"].([]any)[0].(map[string]any)
	}
	for _, tc := range []struct {
		name string
		f    func(sv map[string]any)
		want string
	}{
		{"a profile", func(sv map[string]any) { model(sv)["profile"].(map[string]any)["Skill"] = 2.0 }, "the scenario (sides, models, profiles, gear, positions, board) was edited"},
		{"a model's id", func(sv map[string]any) { model(sv)["id"] = "impostor" }, "the scenario"},
		{"a model's place", func(sv map[string]any) { model(sv)["at"] = []any{7.0, 4.0} }, "the scenario"},
		{"the board", func(sv map[string]any) {
			sv["scenario"].(map[string]any)["board"].(map[string]any)["size"] = []any{30.0, 30.0}
		}, "the scenario"},
		{"an option", func(sv map[string]any) { sv["options"].(map[string]any)["charge-range"] = "8" }, "a rule option was edited"},
		{"the dice mode", func(sv map[string]any) { sv["dice"] = "physical" }, "the dice mode or strictness was edited"},
		{"strict", func(sv map[string]any) { sv["strict"] = true }, "the dice mode or strictness was edited"},
		{"a side", func(sv map[string]any) {
			es := sv["entries"].([]any)
			e := es[len(es)-2].(map[string]any)
			e["side"] = 1 - e["side"].(float64)
		}, "is not the side whose decision it was"},
		{"the log cut", func(sv map[string]any) {
			es := sv["entries"].([]any)
			sv["entries"] = es[:len(es)-3]
		}, "digest of the final state does not match: the log was cut short"},
		{"typed dice", func(sv map[string]any) {
			for _, e := range sv["entries"].([]any) {
				for _, a := range asList(e.(map[string]any)["answers"]) {
					if a := a.(map[string]any); a["kind"] == "dice" {
						a["typed"] = true
					}
				}
			}
		}, "a typed roll in a game with digital dice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			forge(tc.f)
			code, _, stderr := runIn(t, "", false, "replay", save, "--verify")
			if code != 1 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, %q; want exit 1 and %q", code, stderr, tc.want)
			}
		})
	}
}
