package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestREADMEExamples runs every command of the README's examples (a line
// "$ skirmish …" in a fenced block) and checks that it prints what the
// README shows under it (standard output and error together), exactly,
// but for a line "…", which stands for any lines, and a last line
// "(exit status N)", the exit status (issue 32: examples that cannot
// drift).
func TestREADMEExamples(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ex := range readmeExamples(string(data)) {
		t.Run(ex.cmd, func(t *testing.T) {
			n++
			var out bytes.Buffer
			code := run(strings.Fields(ex.cmd)[1:], testEnv(strings.NewReader(""), &out, &out))
			want := ex.want
			wantCode := 0
			if k := len(want) - 1; k >= 0 && strings.HasPrefix(want[k], "(exit status ") {
				wantCode, _ = strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(want[k], "(exit status "), ")"))
				want = want[:k]
			}
			got := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
			if code != wantCode || !matchElided(got, want) {
				t.Errorf("$ %s\nexit %d (want %d); the README shows\n%s\nit prints\n%s", ex.cmd, code, wantCode, strings.Join(want, "\n"), out.String())
			}
		})
	}
	if n < 7 {
		t.Errorf("%d README examples run; the README has more", n)
	}
}

type readmeExample struct {
	cmd  string
	want []string
}

// readmeExamples are the "$ skirmish" lines of the README's fenced blocks
// with the lines under each, up to the next command or the block's end;
// blank lines between examples are not part of them.
func readmeExamples(md string) []readmeExample {
	var out []readmeExample
	in, cur := false, -1 // in a fenced block; the example being read, or -1
	for _, line := range strings.Split(md, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			in, cur = !in, -1
		case in && strings.HasPrefix(line, "$ skirmish "):
			out = append(out, readmeExample{cmd: strings.TrimPrefix(line, "$ ")})
			cur = len(out) - 1
		case cur >= 0:
			out[cur].want = append(out[cur].want, line)
		}
	}
	for i := range out { // a blank line before the next command ends the one above
		w := out[i].want
		for len(w) > 0 && w[len(w)-1] == "" {
			w = w[:len(w)-1]
		}
		out[i].want = w
	}
	return out
}

// matchElided reports whether got reads as want, where a line "…" in want
// stands for any number of lines.
func matchElided(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "…" {
		for i := 0; i <= len(got); i++ {
			if matchElided(got[i:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchElided(got[1:], want[1:])
}
