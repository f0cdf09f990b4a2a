package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/mini"
	"github.com/skirmish-engine/skirmish/rulesets/all"
)

var update = flag.Bool("update", false, "rewrite the golden output in testdata/script")

// testEnv is the built-in environment plus the test-only mini ruleset and
// its sample scenarios.
func testEnv(stdin io.Reader, stdout, stderr io.Writer) *env {
	e := defaultEnv(stdin, stdout, stderr)
	mini.Register(e.rulesets)
	e.samples = append(e.samples, mini.Samples()...)
	return e
}

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"skirmish": func() { os.Exit(run(os.Args[1:], testEnv(os.Stdin, os.Stdout, os.Stderr))) },
	})
}

// TestScripts runs the CLI goldens in testdata/script; go test -update
// rewrites their expected output (read the diff).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script", UpdateScripts: *update, RequireExplicitExec: true})
}

// Every bad command line exits 2 with exactly one line on standard error that
// names the flag (or the procedure) and says what is allowed, and prints
// nothing on standard output.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		args string
		want string
	}{
		{"odds foo", `skirmish: unknown procedure "foo" (run 'skirmish odds --list')`},
		{"serve --log loud", `skirmish: --log "loud": not a log level; allowed debug, info, warn or error`},
		{"serve --db=", `skirmish: --db: empty; give the database file`},
		{"serve --addr nowhere:-1", `skirmish: --addr "nowhere:-1": listen tcp: address -1: invalid port`},
		{"serve --max-games 0", `skirmish: --max-games 0: out of range; allowed 1 or more`},
		{"serve --creates-per-minute -1", `skirmish: --creates-per-minute -1: out of range; allowed 0 (no limit) or more`},
		{"serve --max-commands 0", `skirmish: --max-commands 0: out of range; allowed 1 to 30000 (an export of a game at the limit must fit an import)`},
		{"serve --bad-tokens-per-minute -1", `skirmish: --bad-tokens-per-minute -1: out of range; allowed 0 (no limit) or more`},
		{"serve extra", `skirmish: serve takes no arguments, got "extra" (values go in flags; see skirmish serve --help)`},
		{"roll foo", `skirmish: unknown procedure "foo" (run 'skirmish roll --list')`},
		{"odds", `skirmish: odds needs a procedure (run 'skirmish odds --list')`},
		{"odds tc-injury --dice 99", `skirmish: --dice 99: out of range; allowed -98 to 98`},
		{"odds tc-injury --dice 2.5", `skirmish: --dice 2.5: not a whole number; allowed -98 to 98`},
		{"odds tc-success --mod 21", `skirmish: --mod 21: out of range; allowed -20 to 20 each, at most 20 of them`},
		{"odds n26-injury --dice 0", `skirmish: --dice 0: out of range; allowed 1 to 40`},
		{"odds n26-recovery --dice 41", `skirmish: --dice 41: out of range; allowed 1 to 40`},
		{"odds n26-coup-de-grace --attacker 3", `skirmish: --target: missing; allowed 1 to 10`},
		{"odds n26-coup-de-grace --attacker 11 --target 3", `skirmish: --attacker 11: out of range; allowed 1 to 10`},
		{"odds n26-check --mod 1", `skirmish: --value: missing; allowed 1 to 10`},
		{"odds n26-check --value 7 --dice 3", `skirmish: --dice 3: out of range; allowed 1 to 2`},
		{"odds n26-test --target 7", `skirmish: --target 7: out of range; allowed 2 to 6`},
		{"odds ff-test --stat 5", `skirmish: --dice: missing; allowed 1 to 40`},
		{"odds ff-test --dice 41 --stat 5", `skirmish: --dice 41: out of range; allowed 1 to 40`},
		{"odds ff-test --dice 3 --stat 0", `skirmish: --stat 0: out of range; allowed 1 to 10`},
		{"odds ff-test --dice 3 --stat 11", `skirmish: --stat 11: out of range; allowed 1 to 10`},
		{"odds ff-test --dice 2 --stat 5 --luck 3", `skirmish: --luck 3: more Luck dice than the pool of 2 (rules.md §5.2.2); allowed 0 to 2`},
		{"odds ff-test --dice 2 --bonus 1 --stat 5 --luck 4", `skirmish: --luck 4: more Luck dice than the pool of 3 (rules.md §5.2.2); allowed 0 to 3`},
		{"odds ff-test --dice 30 --bonus 11 --stat 5", `skirmish: --bonus 11: the pool of 30 dice + 11 bonus exceeds 40; allowed 0 to 10 with 30 dice`},
		{"odds ff-test --dice 3 --bonus 1 --stat 5 --unlucky", `skirmish: --bonus 1: an Unlucky test cannot gain bonus dice (rules.md §5.2.2); allowed 0 with --unlucky`},
		{"odds ff-test --dice 3 --stat 5 --unlucky=perhaps", `skirmish: --unlucky perhaps: not true or false; allowed true or false`},
		{"odds ff-rummage --option c", `skirmish: --option c: not a choice; allowed a or b`},
		{"odds tc-injury --stat 3", `skirmish: unknown flag: --stat (see 'skirmish odds tc-injury --help')`},
		{"odds tc-injury --dice", `skirmish: flag needs an argument: --dice (see 'skirmish odds tc-injury --help')`},
		{"odds tc-injury 3", `skirmish: tc-injury takes no arguments, got "3" (values go in flags; see skirmish odds tc-injury --help)`},
		{"roll tc-injury --faces 3,9", `skirmish: --faces: face 2: "9" is not a face of a d6; allowed 1 to 6`},
		{"roll tc-injury --faces 3", `skirmish: --faces: face 2: missing (1 given): this roll needs a d6 here, its injury roll`},
		{"roll tc-injury --faces 3,4,5", `skirmish: --faces: face 3: one too many: 3 given, this roll takes 2`},
		{"roll tc-injury --faces 3,,4", `skirmish: --faces: face 2: empty; allowed faces separated by commas, as in 3,5,6`},
		{"roll n26-injury --faces 7", `skirmish: --faces: face 1: "7" is not a face of an injury die; allowed 1 to 6, or injured/i, seriously-injured/si, out-of-action/ooa`},
		{"roll ff-test --dice 1 --stat 5 --luck 1 --faces 3", `skirmish: --faces: face 2: missing (1 given): this roll needs a d10 here, its Fortune Smiles die`},
		{"roll tc-injury --seed x", `skirmish: --seed "x": not a whole number; allowed 0 to 18446744073709551615`},
		{"roll tc-injury --seed 18446744073709551616", `skirmish: --seed "18446744073709551616": out of range; allowed 0 to 18446744073709551615`},
		{"roll tc-injury --seed -5", `skirmish: --seed "-5": out of range; allowed 0 to 18446744073709551615`},
		{"sim --scenario sump-crossing --games 99999999999999999999999", `skirmish: --games "99999999999999999999999": out of range; allowed 1 to 10000000`},
		{"sim --scenario sump-crossing --workers 99999999999999999999999", `skirmish: --workers "99999999999999999999999": out of range; allowed 1 to 1024 (0: one per core)`},
		{"sim --scenario sump-crossing --shard 0/99999999999999999999", `skirmish: --shard "0/99999999999999999999": out of range; allowed i/n with n from 1 to 10000000`},
		{"roll tc-injury --seed 1 --faces 3,4", `skirmish: --seed and --faces: give one or the other (a seed rolls the dice, faces are dice already rolled)`},
		{"sim --scenario sump-crossing --bots greedy,clever", `skirmish: --bots "greedy,clever": "clever": not a bot; allowed random, greedy, mcts (mcts:N for N iterations, mcts:500ms for a time budget)`},
		{"sim --scenario sump-crossing --bots greedy", `skirmish: --bots "greedy": 1 bots for 2 sides; give one per side, as greedy,random`},
		{"sim --scenario sump-crossing --bots mcts:0,random", `skirmish: --bots "mcts:0,random": "mcts:0": iterations out of range; allowed 1 to 10000000`},
		{"sim --scenario sump-crossing --bots greedy:5,random", `skirmish: --bots "greedy:5,random": "greedy:5": greedy takes no budget; only mcts does (mcts:1000, mcts:500ms)`},
		{"sim --scenario sump-crossing --shard 3/2", `skirmish: --shard "3/2": i out of range; allowed 0 to 1 (shards count from 0)`},
		{"sim --scenario sump-crossing --shard 1", `skirmish: --shard "1": want i/n, as 0/4 (the first of four shards)`},
		{"sim --scenario sump-crossing --shard 0/0", `skirmish: --shard "0/0": n out of range; allowed 1 to 10000000`},
		{"sim --scenario sump-crossing --games 8 --shard 8/9", `skirmish: --shard: 8/9: 9 shards for 8 games; allowed at most one shard a game`},
		{"sim --scenario sump-crossing --option cover-bonus=1-2 --option cover-bonus=2-1", `skirmish: --option cover-bonus: given twice (cover-bonus=1-2, then cover-bonus=2-1); give each option once`},
		{"sim --scenario sump-crossing --games 0", `skirmish: --games 0: out of range; allowed 1 to 10000000`},
		{"sim --scenario sump-crossing --games -5", `skirmish: --games -5: out of range; allowed 1 to 10000000`},
		{"sim --scenario sump-crossing --games many", `skirmish: --games "many": not a whole number; allowed 1 to 10000000`},
		{"sim --scenario sump-crossing --workers -1", `skirmish: --workers -1: out of range; allowed 1 to 1024 (0: one per core)`},
		{"sim --scenario sump-crossing --seed x", `skirmish: --seed "x": not a whole number; allowed 0 to 18446744073709551615`},
		{"sim --scenario nowhere --ruleset n26", `skirmish: --scenario "nowhere": no such sample scenario of n26 or file; samples: hab-block-brawl, sump-crossing`},
		{"sim --ruleset chess --scenario sump-crossing", `skirmish: unknown ruleset "chess"; allowed falloutfactions, mini-ff, mini-n23, mini-n26, mini-tc, n23, n26, trenchcrusade`},
		{"sim --scenario hab-block-brawl", `skirmish: --scenario hab-block-brawl: a table scenario; bots need a board to measure on (see 'skirmish scenarios' for board ones)`},
		{"sim --scenario sump-crossing --out /nonexistent/x.jsonl", `skirmish: --out /nonexistent/x.jsonl: cannot be written: its folder /nonexistent does not exist`},
		{"sim --scenario sump-crossing --plot /nonexistent/x.svg", `skirmish: --plot /nonexistent/x.svg: cannot be written: its folder /nonexistent does not exist`},
		{"sim --scenario sump-crossing --out o.jsonl --plot o.jsonl", `skirmish: --plot o.jsonl: is the file --out o.jsonl names; give two`},
		{"sim", `skirmish: --scenario: missing; give a board scenario's sample name (see 'skirmish scenarios') or a YAML file`},
		{"sim merge", `skirmish: merge needs the --out files of a batch's shards`},
		{"sim merge /nonexistent/part0.jsonl", `skirmish: /nonexistent/part0.jsonl: no such file`},
		{"play --scenario sump-crossing --bots greedy,clever", `skirmish: --bots "greedy,clever": "clever": not a bot; allowed random, greedy, mcts (mcts:N for N iterations, mcts:500ms for a time budget)`},
		{"play --scenario sump-crossing --table --bots 1=greedy", `skirmish: --bots 1=greedy: greedy and mcts look ahead, which needs a board to measure on and digital dice; use random, or a board`},
		{"play --scenario sump-crossing --bots all,random", `skirmish: --bots "all,random": all stands alone (a bot on every side); or name the sides, as 0=greedy,1=random`},
		{"play --scenario sump-crossing --bots 0,0", `skirmish: --bots "0,0": side 0 (Rustwater Wardens) given twice`},
		{"play --scenario sump-crossing --bots 0=greedy,0=random", `skirmish: --bots "0=greedy,0=random": side 0 (Rustwater Wardens) given twice`},
		{"play --scenario sump-crossing --bots random", `skirmish: --bots "random": 1 bots for 2 sides; give one per side (as greedy,random), all, or side=bot (as 1=greedy)`},
		{"play --scenario sump-crossing --bots 1=clever", `skirmish: --bots "1=clever": "clever": not a bot; allowed random, greedy, mcts (mcts:N for N iterations, mcts:500ms for a time budget)`},
		{"frobnicate", `skirmish: unknown command "frobnicate" (run 'skirmish --help')`},
		{"--bogus", `skirmish: unknown flag: --bogus (see 'skirmish --help')`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(strings.Fields(tc.args), testEnv(strings.NewReader(""), &stdout, &stderr))
		if code != 2 {
			t.Errorf("%s: exit %d, want 2", tc.args, code)
		}
		if got := stderr.String(); got != tc.want+"\n" {
			t.Errorf("%s:\n got %q\nwant %q", tc.args, got, tc.want+"\n")
		}
		if stdout.Len() > 0 {
			t.Errorf("%s: printed %q on stdout", tc.args, stdout.String())
		}
	}
	// serve refused its flags before making its database.
	if _, err := os.Stat("skirmish.db"); err == nil {
		os.Remove("skirmish.db")
		t.Error("a refused serve left skirmish.db behind")
	}
}

// FuzzFlagValues feeds arbitrary values to every parameter flag and to
// --faces: the CLI never panics, succeeds or exits 2 with one line.
func FuzzFlagValues(f *testing.F) {
	f.Add("tc-injury", "dice", "3", "1,2,3,4,5")
	f.Add("ff-test", "luck", "-1", "10,10")
	f.Add("n26-recovery", "dice", "40", "ooa,si,i")
	f.Add("ff-test", "stat", "99999999999999999999", "")
	f.Add("tc-success", "mod", "+5", " 6 , 6 ")
	f.Fuzz(func(t *testing.T, proc, flagName, value, faces string) {
		s, ok := all.Procedures().Lookup(proc)
		if !ok || strings.TrimLeft(flagName, "-") == "plot" {
			return // --plot writes a file: fuzzing its name would litter the disk
		}
		base := []string{"roll", proc, "--" + flagName + "=" + value}
		for _, p := range s.Params { // give required flags a value so the fuzzed one matters
			if p.Required && p.Name != flagName {
				base = append(base, "--"+p.Name+"=1")
			}
		}
		for _, args := range [][]string{base, append(base[:len(base):len(base)], "--faces="+faces), append([]string{"odds"}, base[1:]...)} {
			var stdout, stderr bytes.Buffer
			code := run(args, testEnv(strings.NewReader(""), &stdout, &stderr))
			switch code {
			case 0:
				if stderr.Len() > 0 {
					t.Fatalf("%q: exit 0 with stderr %q", args, stderr.String())
				}
			case 2:
				if line := stderr.String(); !strings.HasPrefix(line, "skirmish: ") || strings.Count(line, "\n") != 1 {
					t.Fatalf("%q: exit 2 with stderr %q", args, line)
				}
			default:
				t.Fatalf("%q: exit %d, stderr %q", args, code, stderr.String())
			}
		}
	})
}

// A saved game whose dice were edited does not replay: exit 1, naming the
// entry and answer.
func TestReplayTampered(t *testing.T) {
	files := map[string][]byte{}
	env := func(stdin string) (*env, *bytes.Buffer, *bytes.Buffer) {
		var out, errb bytes.Buffer
		e := testEnv(strings.NewReader(stdin), &out, &errb)
		e.writeFile = func(name string, b []byte) error { files[name] = b; return nil }
		e.checkSave = func(string, string, []string) error { return nil }
		e.readFile = func(name string, _ int64) ([]byte, error) {
			if b, ok := files[name]; ok {
				return b, nil
			}
			return nil, os.ErrNotExist
		}
		return e, &out, &errb
	}
	e, _, errb := env("")
	if code := run(strings.Fields("play --ruleset mini-tc --scenario crossroads.yaml --bots all --seed 9 --save g.json"), e); code != 2 {
		t.Fatalf("a scenario for another ruleset: exit %d (%s)", code, errb)
	}
	e, _, errb = env("")
	files["s.yaml"] = mini.Samples()[1].Source
	if code := run(strings.Fields("play --ruleset mini-n26 --scenario s.yaml --bots all --seed 9 --save g.json"), e); code != 0 {
		t.Fatalf("play: exit %d: %s", code, errb)
	}
	var sv map[string]any
	if err := json.Unmarshal(files["g.json"], &sv); err != nil {
		t.Fatal(err)
	}
	tampered := false
	for _, en := range sv["entries"].([]any) {
		for _, a := range asList(en.(map[string]any)["answers"]) {
			a := a.(map[string]any)
			if f, ok := a["faces"].([]any); ok && !tampered {
				f[0] = float64(int(f[0].(float64))%6 + 1)
				tampered = true
			}
		}
	}
	files["g.json"], _ = json.Marshal(sv)
	e, _, errb = env("")
	if code := run(strings.Fields("replay g.json --verify"), e); code != 1 || !regexp.MustCompile(`entries\[\d+\]\.answers\[\d+\]\.faces: .* differ from the seeded dice`).MatchString(errb.String()) {
		t.Errorf("tampered replay: exit %d, %q", code, errb)
	}
	// the ruleset edited to another: said so, not read as another version
	sv["ruleset"] = "mini-tc"
	files["g.json"], _ = json.Marshal(sv)
	e, _, errb = env("")
	if code := run(strings.Fields("replay g.json --verify"), e); code != 1 || !strings.Contains(errb.String(), `g.json: ruleset: the save says "mini-tc", its scenario "mini-n26": the save was edited`) {
		t.Errorf("ruleset edited: exit %d, %q", code, errb)
	}
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// play takes the ruleset from the scenario; a sample name that several
// rulesets share needs --ruleset (issue 8, item 18).
func TestPlayRulesetFromScenario(t *testing.T) {
	var out, errb bytes.Buffer
	e := testEnv(strings.NewReader(""), &out, &errb)
	twin := mini.Samples()[0]
	twin.Ruleset = "n26"
	e.samples = append(e.samples, twin)
	if code := run([]string{"play", "--scenario", twin.Name, "--bots", "all"}, e); code != 2 ||
		errb.String() != "skirmish: --scenario \""+twin.Name+"\": sample scenarios of "+mini.Samples()[0].Ruleset+" and n26 have that name; say which with --ruleset\n" {
		t.Errorf("an ambiguous name: exit %d, %q", code, errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"play", "--scenario", "no-mans-land", "--bots", "all", "--seed", "3"}, e); code != 0 || !strings.HasPrefix(out.String(), "No Man's Land (trenchcrusade)") {
		t.Errorf("a unique name: exit %d, %q %q", code, firstLine(out.String()), errb.String())
	}
}

func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

// Menus (issue 8, item 17): a menu number is plain digits; a choice may be
// typed as a unique prefix of its name ("y" for yes); menus of numbers go
// by name only.
func TestMenuInput(t *testing.T) {
	for in, want := range map[string]int{"1": 1, " 12 ": 12, "+1": -1, "01": -1, "0": -1, "-2": -1, "1e1": -1, "": -1} {
		n, err := menuNumber(in)
		if err != nil {
			n = -1
		}
		if n != want {
			t.Errorf("menuNumber(%q) = %d, want %d", in, n, want)
		}
	}
	for _, tc := range []struct {
		opts []string
		in   string
		want int
	}{
		{[]string{"no", "yes"}, "y", 1}, {[]string{"no", "yes"}, "N", 0}, {[]string{"fight-on", "flee"}, "f", -1},
		{[]string{"fight-on", "flee"}, "fl", 1}, {[]string{"no", "yes"}, "yess", -1}, {[]string{"no", "yes"}, "", -1},
	} {
		if got := prefixOf(tc.opts, tc.in); got != tc.want {
			t.Errorf("prefixOf(%v, %q) = %d, want %d", tc.opts, tc.in, got, tc.want)
		}
	}
	if !byName([]string{"0", "1", "2"}) || byName([]string{"no", "yes"}) {
		t.Error("byName: menus of numbers go by name, others by position too")
	}
}

// How answers are typed (issue 31, item 11), as a player reads it: every
// yes-or-no question, a choice of yes and no (N26's "Add a to the Group
// Activation?", no listed first) or a measurement ("can boss see x?"),
// takes yes, no, y or n in any case and refuses a number; any other
// choice takes its menu number (before the start of a name: "2" at a
// menu of headings is the second, not "270-degrees"), its name or the
// start of it, and a menu of pass and spend also yes and no; a menu of
// numbers takes the number as the option itself. The prompt's last line
// says which forms work, and so does each error.
func TestAnswerForms(t *testing.T) {
	noYes, passSpend, markers := []string{"no", "yes"}, []string{"pass", "spend"}, []string{"0", "1", "2"}
	for _, tc := range []struct {
		opts []string
		in   string
		want int
		err  string
	}{
		{noYes, "y", 1, ""}, {noYes, "YES", 1, ""}, {noYes, "n", 0, ""}, {noYes, "No", 0, ""},
		{noYes, "1", 0, `"1": a yes-or-no question; type yes or no (y or n), not a number`},
		{noYes, "ye", 0, `"ye": not yes or no; type yes or no (y or n)`},
		{passSpend, "2", 1, ""}, {passSpend, "s", 1, ""}, {passSpend, "PASS", 0, ""},
		{passSpend, "n", 0, ""}, {passSpend, "Y", 1, ""}, {[]string{"spend", "pass"}, "no", 1, ""},
		{[]string{"fight-on", "flee"}, "y", 0, `"y": not an option, and this choice is not yes or no; type 1 or 2, or a name (its start will do)`},
		// a number is the place in the menu before the start of a name
		{[]string{"90-degrees", "270-degrees", "45-degrees"}, "2", 1, ""},
		{[]string{"11.8,3", "12,3", "1.5,2"}, "1", 0, ""}, {[]string{"11.8,3", "12,3", "1.5,2"}, "11", 0, ""},
		{[]string{"90-degrees", "270-degrees"}, "27", 1, ""},
		{passSpend, "3", 0, `"3": not an option; type 1 or 2, or a name (its start will do)`},
		{[]string{"fight-on", "flee", "fall"}, "f", 0, `"f": the start of fight-on and flee and fall; type more of the name, or 1 to 3, or a name (its start will do)`},
		{markers, "1", 1, ""}, {markers, "0", 0, ""},
		{markers, "3", 0, `"3": not an option; type one of 0, 1, 2 (the number is the option itself, not its place in the list)`},
	} {
		got, err := choiceIndex(tc.opts, tc.in)
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("%v %q: %d, %v; want %d", tc.opts, tc.in, got, err, tc.want)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%v %q: error %v; want %q", tc.opts, tc.in, err, tc.err)
		}
	}
	sight := engine.Fact{Kind: engine.FactSight, A: 0, B: 1}
	for in, want := range map[string]string{"y": "1", "Yes": "1", "N": "0", "no": "0",
		"1": `"1": a yes-or-no question; type yes or no (y or n), not a number`, "sure": `"sure": not yes or no; type yes or no (y or n)`} {
		v, err := factValue(sight, in)
		got := fmt.Sprint(v)
		if err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("factValue(sight, %q) = %s, want %s", in, got, want)
		}
	}
	g, err := engine.New(mini.New("n26"), mini.TableSetup(), engine.Config{Seed: 1, Dice: engine.PhysicalDice})
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	for _, tc := range []struct {
		p    engine.Prompt
		want string
	}{
		{engine.Prompt{Question: engine.Question{Kind: engine.ChoiceQ, Who: 1, Text: "Add a to the Group Activation?", Options: noYes}},
			"Blue: Add a to the Group Activation?\n  type yes or no (y or n)"},
		{engine.Prompt{Question: engine.Question{Kind: engine.ChoiceQ, Who: 1, Text: "Teamwork?", Options: passSpend}},
			"Blue: Teamwork?\n  1) pass  2) spend\n  type 1 or 2, or a name (its start will do)"},
		{engine.Prompt{Question: engine.Question{Kind: engine.ChoiceQ, Who: 1, Text: "Spend Blood markers?", Options: markers}},
			"Blue: Spend Blood markers?\n  type one of 0, 1, 2 (the number is the option itself, not its place in the list)"},
		{engine.Prompt{Question: engine.Question{Kind: engine.FactQ, Who: engine.Anyone, Text: "can a see b?", Fact: sight}},
			"can a see b?\n  type yes or no (y or n)"},
	} {
		if got := promptText(s, &tc.p); got != tc.want {
			t.Errorf("prompt:\n%s\nwant\n%s", got, tc.want)
		}
	}
}

// A flag given an empty value (an unset variable in a script) is refused,
// not read as left out: no random seed, no file silently unwritten, no
// game without its bots.
func TestEmptyFlagValues(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--scenario", "sump-crossing", "--seed", ""}, "skirmish: --seed: empty; allowed 0 to 18446744073709551615, or leave the flag out for a random seed"},
		{[]string{"sim", "--scenario", "sump-crossing", "--out", ""}, "skirmish: --out: empty; give a value, or leave the flag out"},
		{[]string{"sim", "--scenario", "sump-crossing", "--plot", " "}, "skirmish: --plot: empty; give a value, or leave the flag out"},
		{[]string{"sim", "merge", "x.jsonl", "--plot", ""}, "skirmish: --plot: empty; give a value, or leave the flag out"},
		{[]string{"play", "--scenario", "sump-crossing", "--save", ""}, "skirmish: --save: empty; give a value, or leave the flag out"},
		{[]string{"play", "--scenario", "sump-crossing", "--bots", ""}, "skirmish: --bots: empty; give a value, or leave the flag out"},
		{[]string{"play", "--scenario", "sump-crossing", "--seed", ""}, "skirmish: --seed: empty; allowed 0 to 18446744073709551615, or leave the flag out for a random seed"},
		{[]string{"roll", "tc-injury", "--seed", ""}, "skirmish: --seed: empty; allowed 0 to 18446744073709551615, or leave the flag out for a random seed"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, testEnv(strings.NewReader(""), &stdout, &stderr))
		if code != 2 || stderr.String() != tc.want+"\n" {
			t.Errorf("%q: exit %d, %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
