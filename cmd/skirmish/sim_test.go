package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// skirmish runs the CLI and returns its exit status and output.
func skirmish(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, testEnv(strings.NewReader(""), &out, &errb))
	return code, out.String(), errb.String()
}

// Four shards' --out files merge into exactly the summary one run prints,
// and the table and plot come out of the same summary.
func TestSimShardsMerge(t *testing.T) {
	dir := t.TempDir()
	base := []string{"sim", "--scenario", "no-mans-land", "--games", "14", "--bots", "greedy,random", "--swap", "--seed", "5"}
	code, whole, errb := skirmish(t, append(base, "--json", "--workers", "2")...)
	if code != 0 {
		t.Fatalf("sim: exit %d: %s", code, errb)
	}
	var files []string
	for i := range 4 {
		f := filepath.Join(dir, fmt.Sprintf("part%d.jsonl", i))
		files = append(files, f)
		if code, _, errb := skirmish(t, append(base, "--shard", fmt.Sprintf("%d/4", i), "--out", f, "--workers", "1")...); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errb)
		}
	}
	plot := filepath.Join(dir, "merged.svg")
	code, merged, errb := skirmish(t, append([]string{"sim", "merge", "--json", "--plot", plot}, files...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errb)
	}
	if merged != whole {
		t.Fatalf("merged shards:\n%s\none run:\n%s", merged, whole)
	}
	var sm struct {
		Games int `json:"games"`
		Draws int `json:"draws"`
		Sides []struct {
			Side    int        `json:"side"`
			Name    string     `json:"name"`
			Bot     string     `json:"bot"`
			Wins    int        `json:"wins"`
			WinRate float64    `json:"win_rate"`
			CI95    [2]float64 `json:"ci95"`
		} `json:"sides"`
	}
	if err := json.Unmarshal([]byte(whole), &sm); err != nil {
		t.Fatal(err)
	}
	if sm.Games != 14 || len(sm.Sides) != 2 || sm.Sides[0].Bot != "greedy" || sm.Sides[1].Bot != "random" ||
		sm.Sides[0].Wins+sm.Sides[1].Wins+sm.Draws != 14 || sm.Sides[0].CI95[0] > sm.Sides[0].WinRate || sm.Sides[0].CI95[1] < sm.Sides[0].WinRate {
		t.Errorf("summary: %+v", sm)
	}
	svg, err := os.ReadFile(plot)
	if err != nil || !bytes.Contains(svg, []byte(`data-label="greedy"`)) {
		t.Errorf("plot: %v\n%.300s", err, svg)
	}
	code, table, _ := skirmish(t, append([]string{"sim", "merge"}, files...)...)
	if code != 0 || !strings.Contains(table, "95% interval") || !strings.Contains(table, "greedy") {
		t.Errorf("merge table: exit %d\n%s", code, table)
	}

	// a shard left out, a shard given twice, a file of another run, a
	// malformed line
	other := filepath.Join(dir, "other.jsonl")
	if code, _, errb := skirmish(t, "sim", "--scenario", "no-mans-land", "--games", "14", "--bots", "random,random", "--swap", "--seed", "5", "--shard", "1/4", "--out", other); code != 0 {
		t.Fatalf("other run: %s", errb)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	part0, _ := os.ReadFile(files[0])
	os.WriteFile(bad, append(part0, []byte("{\"index\":\n")...), 0o644)
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{files[:3], "files: 11 of the batch's 14 games given; game 3 is missing (a shard left out?)"},
		{[]string{files[0], files[1], files[2], files[3], files[1]}, "index: game 1 is also at " + files[1] + ":1"},
		{[]string{files[0], other, files[2], files[3]}, other + ":1: bots: differs from " + files[0] + ":1: the records are of different runs"},
		{[]string{bad}, bad + ":5: not a game record: unexpected EOF"},
	} {
		code, out, errb := skirmish(t, append([]string{"sim", "merge"}, tc.files...)...)
		if code != 2 || !strings.Contains(errb, tc.want) || out != "" || strings.Count(errb, "\n") != 1 {
			t.Errorf("merge %v: exit %d, stderr %q; want exit 2 and %q", tc.files, code, errb, tc.want)
		}
	}
}

// Any one game of a batch replays with skirmish play, its seed and its
// seats.
func TestSimGameReplaysInPlay(t *testing.T) {
	out := filepath.Join(t.TempDir(), "games.jsonl")
	if code, _, errb := skirmish(t, "sim", "--scenario", "sump-crossing", "--games", "3", "--bots", "greedy,random", "--swap", "--seed", "3", "--out", out); code != 0 {
		t.Fatalf("sim: %s", errb)
	}
	data, _ := os.ReadFile(out)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3", len(lines))
	}
	var g struct {
		Seed    uint64   `json:"seed"`
		Seats   []string `json:"seats"`
		Winner  int      `json:"winner"`
		Rounds  int      `json:"rounds"`
		Actions int      `json:"actions"`
	}
	if err := json.Unmarshal([]byte(lines[1]), &g); err != nil {
		t.Fatal(err)
	}
	code, played, errb := skirmish(t, "play", "--scenario", "sump-crossing", "--seed", fmt.Sprint(g.Seed), "--bots", strings.Join(g.Seats, ","))
	if code != 0 {
		t.Fatalf("play: exit %d: %s", code, errb)
	}
	sides := []string{"Rustwater Wardens", "Cinderlane Breakers"}
	want := fmt.Sprintf("game over in round %d: %s wins", g.Rounds, sides[g.Winner])
	if g.Winner < 0 {
		want = fmt.Sprintf("game over in round %d: a draw", g.Rounds)
	}
	if !strings.Contains(played, want) {
		t.Errorf("play says\n%s\nwant %q", lastLines(played, 8), want)
	}
	if !strings.Contains(played, fmt.Sprintf("\n%4d  r%d ", g.Actions, g.Rounds)) {
		t.Errorf("play's last action is not number %d in round %d:\n%s", g.Actions, g.Rounds, lastLines(played, 8))
	}
}

func lastLines(s string, n int) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(l[max(0, len(l)-n):], "\n")
}

// odds --plot draws one bar per outcome with its exact probability.
func TestOddsPlot(t *testing.T) {
	f := filepath.Join(t.TempDir(), "injury.svg")
	code, out, errb := skirmish(t, "odds", "n26-injury", "--dice", "2", "--plot", f)
	if code != 0 || !strings.Contains(out, "seriously-injured") {
		t.Fatalf("odds: exit %d: %s", code, errb)
	}
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	bars := map[string]float64{}
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
			var label, value, class string
			for _, a := range se.Attr {
				switch a.Name.Local {
				case "data-label":
					label = a.Value
				case "data-value":
					value = a.Value
				case "class":
					class = a.Value
				}
			}
			if class == "bar" {
				bars[label], _ = strconv.ParseFloat(value, 64)
			}
		}
	}
	// the exact odds odds prints for two n26 injury dice (rules.md §2.3.1)
	want := map[string]float64{"injured": 1.0 / 9, "seriously-injured": 7.0 / 12, "out-of-action": 11.0 / 36}
	if len(bars) != len(want) {
		t.Fatalf("bars %v, want %v", bars, want)
	}
	for k, v := range want {
		if math.Abs(bars[k]-v) > 1e-12 {
			t.Errorf("bar %s = %v, want %v", k, bars[k], v)
		}
	}
	if code, _, errb := skirmish(t, "odds", "n26-injury", "--dice", "2", "--plot", "/nonexistent/x.svg"); code != 2 || !strings.Contains(errb, "--plot /nonexistent/x.svg: cannot be written") {
		t.Errorf("unwritable --plot: exit %d, %q", code, errb)
	}
}

// An interrupted batch writes nothing: an earlier --out file is left as it
// was, and the records streamed so far go with their temporary file.
func TestSimInterruptedWritesNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "games.jsonl")
	earlier := `{"ruleset":"n26","games":1}` + "\n" // an earlier run's records
	if err := os.WriteFile(out, []byte(earlier), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runIn(t, "", true, "sim", "--scenario", "no-mans-land", "--games", "5000", "--bots", "random,random", "--seed", "1", "--workers", "1", "--out", out)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "interrupted: nothing written") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != earlier {
		t.Errorf("--out now reads %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}

// No output overwrites a file the command reads, or another output, however
// it is spelt: the scenario, a roster it loads, a shard being merged, a
// path through a linked folder.
func TestSimNeverOverwritesItsInputs(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"sump-crossing.yaml", "wardens.yaml", "breakers.yaml"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "rulesets", "n26", "scenarios", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(dir, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	at := func(name string) string { return filepath.Join(dir, name) }
	before, _ := os.ReadFile(at("wardens.yaml"))
	scen := at("sump-crossing.yaml")
	base := []string{"sim", "--scenario", scen, "--games", "2", "--bots", "random,random", "--seed", "3", "--workers", "1"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--out", scen}, "--out " + scen + ": is " + scen + ", which the batch is read from; give another file"},
		{[]string{"--plot", at("wardens.yaml")}, "--plot " + at("wardens.yaml") + ": is " + at("wardens.yaml") + ", which the batch is read from"},
		{[]string{"--out", at("link/breakers.yaml")}, "which the batch is read from"},
		{[]string{"--out", at("g.jsonl"), "--plot", at("./g.jsonl")}, "--plot " + at("./g.jsonl") + ": is the file --out " + at("g.jsonl") + " names; give two"},
		{[]string{"--out", at("g.jsonl"), "--plot", at("link/g.jsonl")}, "is the file --out"},
	} {
		code, _, errb := skirmish(t, append(base, tc.args...)...)
		if code != 2 || !strings.Contains(errb, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errb, tc.want)
		}
	}
	if after, _ := os.ReadFile(at("wardens.yaml")); !bytes.Equal(before, after) {
		t.Error("the roster was changed")
	}
	if _, err := os.Stat(at("g.jsonl")); err == nil {
		t.Error("a refused batch wrote --out")
	}
	// merge: --plot over a shard it reads
	part := at("part.jsonl")
	if code, _, errb := skirmish(t, append(base, "--out", part)...); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, errb)
	}
	rec, _ := os.ReadFile(part)
	if code, _, errb := skirmish(t, "sim", "merge", part, "--plot", at("link/part.jsonl")); code != 2 || !strings.Contains(errb, "which the merge is read from") {
		t.Errorf("merge --plot over its input: exit %d, %q", code, errb)
	}
	if now, _ := os.ReadFile(part); !bytes.Equal(now, rec) {
		t.Error("merge changed its input")
	}
}

// A scenario named by a link to nothing says so, rather than that there is
// no such file.
func TestDanglingScenarioLink(t *testing.T) {
	link := filepath.Join(t.TempDir(), "s.yaml")
	if err := os.Symlink("/nonexistent/s.yaml", link); err != nil {
		t.Fatal(err)
	}
	code, _, errb := skirmish(t, "sim", "--scenario", link)
	if want := "a link to /nonexistent/s.yaml, which does not exist"; code != 2 || !strings.Contains(errb, want) {
		t.Errorf("exit %d, %q; want 2 and %q", code, errb, want)
	}
}
