package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/bot"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/sim"
)

// config is a batch on a built-in board scenario.
func config(t testing.TB, ruleset, scenario string, games int, bots ...string) *sim.Config {
	t.Helper()
	reg := all.Rulesets()
	s, ok := all.Samples().Find(ruleset, scenario)
	if !ok {
		t.Fatalf("no sample %s/%s", ruleset, scenario)
	}
	su, err := s.Setup(reg, "")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := reg.Lookup(ruleset)
	c := &sim.Config{Ruleset: ruleset, Scenario: scenario, RS: rs, Setup: su, Games: games, Seed: 11, Swap: true}
	for _, b := range bots {
		sp, err := bot.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		c.Bots = append(c.Bots, sp)
	}
	return c
}

// records runs c and returns its records as --out writes them.
func records(t *testing.T, c *sim.Config) []byte {
	t.Helper()
	var b bytes.Buffer
	err := sim.Run(context.Background(), c, func(g *sim.Game) error {
		j, err := json.Marshal(g)
		b.Write(j)
		b.WriteByte('\n')
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The same batch played by one worker or two gives the same records, in
// the same order.
func TestWorkersDoNotMatter(t *testing.T) {
	c := config(t, "trenchcrusade", "no-mans-land", 12, "greedy", "random")
	c.Workers = 1
	one := records(t, c)
	c.Workers = 2
	two := records(t, c)
	if !bytes.Equal(one, two) {
		t.Fatalf("1 worker and 2 workers differ:\n%s\n%s", one, two)
	}
	if n := bytes.Count(one, []byte("\n")); n != 12 {
		t.Fatalf("%d records, want 12", n)
	}
}

// Four shards merged give exactly the summary of one run, and each shard
// plays only its indexes.
func TestShardsMerge(t *testing.T) {
	c := config(t, "n26", "sump-crossing", 30, "random", "random")
	whole := records(t, c)
	rs, err := sim.ReadRecords("whole.jsonl", whole)
	if err != nil {
		t.Fatal(err)
	}
	want := sim.Summarize(c.Header(), rs.Games)
	one, err := sim.Merge([]*sim.Records{rs})
	if err != nil {
		t.Fatal(err)
	}
	var parts []*sim.Records
	for i := range 4 {
		c.Shard = sim.Shard{I: i, N: 4}
		c.Workers = 1 + i%2
		p, err := sim.ReadRecords("part.jsonl", records(t, c))
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range p.Games {
			if g.Index%4 != i {
				t.Errorf("shard %d played game %d", i, g.Index)
			}
		}
		parts = append(parts, p)
	}
	// any order of files
	parts[0], parts[3] = parts[3], parts[0]
	got, err := sim.Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	wj, _ := json.Marshal(want)
	oj, _ := json.Marshal(one)
	gj, _ := json.Marshal(got)
	if !bytes.Equal(wj, gj) || !bytes.Equal(wj, oj) {
		t.Fatalf("merged shards differ from one run:\n one run %s\n merged  %s", wj, gj)
	}
	if want.Games != 30 || len(want.Sides) != 2 || want.Sides[0].Wins+want.Sides[1].Wins+want.Draws != 30 {
		t.Errorf("summary does not add up: %s", wj)
	}
}

// A game of a batch replays alone from its record: its seed and seats.
func TestGameReplays(t *testing.T) {
	c := config(t, "falloutfactions", "junction-yard", 4, "greedy", "random")
	rs, err := sim.ReadRecords("x", records(t, c))
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range rs.Games {
		var ps []engine.Policy
		for _, s := range rec.Seats {
			sp, _ := bot.Parse(s)
			p, _ := bot.New(sp, c.RS)
			ps = append(ps, p)
		}
		g, err := engine.New(c.RS, c.Setup, engine.Config{Seed: rec.GameSeed, Players: ps})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			if ok, err := g.Step(); !ok || err != nil {
				t.Fatalf("game %d: %v %v", rec.Index, ok, err)
			}
		}
		if s := g.State(); s.Winner != rec.Winner || s.Round != rec.Rounds || len(g.Log().Entries)-1 != rec.Actions {
			t.Errorf("game %d replayed to winner %d in round %d after %d actions; the record says %d, %d, %d",
				rec.Index, s.Winner, s.Round, len(g.Log().Entries)-1, rec.Winner, rec.Rounds, rec.Actions)
		}
	}
	if rs.Games[1].Seats[0] != "random" || rs.Games[0].Seats[0] != "greedy" {
		t.Errorf("seats %v and %v: want the bots swapped in game 1", rs.Games[0].Seats, rs.Games[1].Seats)
	}
}

// Wilson intervals against published values (Newcombe 1998, Table I; and
// the textbook 5 of 10).
func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{5, 10, 0.2366, 0.7634},
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
	} {
		got := sim.Wilson(tc.k, tc.n)
		if got[0] != tc.lo || got[1] != tc.hi {
			t.Errorf("Wilson(%d, %d) = %v, want [%v %v]", tc.k, tc.n, got, tc.lo, tc.hi)
		}
	}
}

func TestMergeRefuses(t *testing.T) {
	c := config(t, "n26", "sump-crossing", 4, "random", "random")
	a := records(t, c)
	c.Bots[1], _ = bot.Parse("greedy")
	b := records(t, c)
	lines := strings.SplitAfter(string(a), "\n")
	read := func(name, data string) *sim.Records {
		t.Helper()
		r, err := sim.ReadRecords(name, []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	for _, tc := range []struct {
		name  string
		files []*sim.Records
		field string
	}{
		{"different runs", []*sim.Records{read("a", lines[0]+lines[1]), read("b", strings.SplitAfter(string(b), "\n")[2])}, "bots"},
		{"a game twice", []*sim.Records{read("a", lines[0]+lines[1]), read("b", lines[1]+lines[2]+lines[3])}, "index"},
		{"a game missing", []*sim.Records{read("a", lines[0]+lines[1]+lines[3])}, "files"},
		// games of other bots (issue 35 changed them): other games
		{"older bots", []*sim.Records{read("a", lines[0]+lines[1]), read("b", strings.Replace(lines[2]+lines[3], `,"bot_version":"`+bot.Version+`"`, "", -1))}, "bot_version"},
	} {
		_, err := sim.Merge(tc.files)
		var fe *sim.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field {
			t.Errorf("%s: %v, want an error naming %s", tc.name, err, tc.field)
		}
	}
	for _, tc := range []struct {
		name, data, want string
	}{
		{"not JSON", lines[0] + "{oops\n", "x:2: not a game record"},
		{"unknown field", strings.Replace(lines[0], `{`, `{"colour":1,`, 1), `x:1: not a game record: json: unknown field "colour"`},
		{"seed edited", regexp.MustCompile(`"seed":\d+`).ReplaceAllString(lines[0], `"seed":12345`), "x:1: seed: 12345 is not game 0's seed"},
		{"index out of range", strings.Replace(lines[0], `"index":0`, `"index":9`, 1), "x:1: index: 9 is out of range"},
		{"winner out of range", regexp.MustCompile(`"winner":-?\d+`).ReplaceAllString(lines[0], `"winner":7`), "x:1: winner: "},
		{"empty", "\n\n", "x: no game records"},
		{"too long", strings.Repeat("x", sim.MaxRecordLine+1), "x:1: line longer than"},
	} {
		_, err := sim.ReadRecords("x", []byte(tc.data))
		var re *sim.RecordError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want a RecordError with %q", tc.name, err, tc.want)
		}
	}
}

func TestConfigRefuses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(c *sim.Config)
		field string
	}{
		{"no games", func(c *sim.Config) { c.Games = 0 }, "games"},
		{"negative games", func(c *sim.Config) { c.Games = -3 }, "games"},
		{"one bot", func(c *sim.Config) { c.Bots = c.Bots[:1] }, "bots"},
		{"shard past n", func(c *sim.Config) { c.Shard = sim.Shard{I: 3, N: 2} }, "shard"},
		{"unknown bot", func(c *sim.Config) { c.Bots[0].Kind = "clever" }, "bots"},
		{"table scenario", func(c *sim.Config) { c.Setup.Mode = "table" }, "scenario"},
	} {
		c := config(t, "n26", "sump-crossing", 4, "random", "random")
		tc.edit(c)
		err := sim.Run(context.Background(), c, func(*sim.Game) error { return nil })
		var fe *sim.FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field {
			t.Errorf("%s: %v, want an error naming %s", tc.name, err, tc.field)
		}
	}
}

// The plot holds a win-rate bar with its interval for each bot, and a
// casualty bar for each model.
func TestPlot(t *testing.T) {
	c := config(t, "n26", "sump-crossing", 6, "greedy", "random")
	rs, err := sim.ReadRecords("x", records(t, c))
	if err != nil {
		t.Fatal(err)
	}
	sm := sim.Summarize(c.Header(), rs.Games)
	var b bytes.Buffer
	if err := sim.Plot(&b, sm); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{
		`data-label="greedy" data-value="` + trim(sm.Sides[0].WinRate) + `"`, // swapped: the bot alone
		`data-label="random"`,
		`data-label="draws"`,
		`data-label="` + sm.Models[0].ID + `" data-value="` + trim(sm.Models[0].OutRate) + `"`,
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("plot lacks %s", want)
		}
	}
	if n := strings.Count(svg, `class="err"`); n != 3 {
		t.Errorf("%d error bars, want 3 (two bots and the draws)", n)
	}
	if n := strings.Count(svg, `class="bar"`); n < 3+len(sm.Models)+1 {
		t.Errorf("%d bars, want at least %d", n, 3+len(sm.Models)+1)
	}
}

func trim(x float64) string {
	b, _ := json.Marshal(x)
	return string(b)
}

// The table names each model's type only where the scenario gives types:
// no empty column for Trench Crusade's untyped warbands, and "-" for an
// untyped model among typed ones.
func TestTableTypes(t *testing.T) {
	table := func(models []sim.ModelStat, types []sim.TypeStat) string {
		var b bytes.Buffer
		sm := &sim.Summary{Scenario: "s", Ruleset: "r", Games: 4, Sides: []sim.SideStat{{Bot: "random"}, {Bot: "greedy", Side: 1}}, Models: models, Types: types}
		if err := sim.WriteTable(&b, sm); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	untyped := table([]sim.ModelStat{{ID: "vigil-captain", OutRate: 0.25}, {ID: "choir-priest", Side: 1, OutRate: 0.5}}, []sim.TypeStat{{Models: 2, OutRate: 0.375}})
	if !regexp.MustCompile(`(?m)^model +side +out of action$`).MatchString(untyped) || strings.Contains(untyped, "type") {
		t.Errorf("untyped models: want no type column or table:\n%s", untyped)
	}
	if !regexp.MustCompile(`(?m)^choir-priest +1 +50\.0%$`).MatchString(untyped) {
		t.Errorf("untyped models: want choir-priest's row as id, side, rate:\n%s", untyped)
	}
	typed := table([]sim.ModelStat{{ID: "boss", Type: "leader", OutRate: 0.25}, {ID: "dog", Side: 1, OutRate: 0.5}}, []sim.TypeStat{{Type: "leader", Models: 1, OutRate: 0.25}, {Models: 1, OutRate: 0.5}})
	for _, re := range []string{`(?m)^model +side +type +out of action$`, `(?m)^boss +0 +leader +25\.0%$`, `(?m)^dog +1 +- +50\.0%$`, `(?m)^type +models +out of action$`, `(?m)^- +1 +50\.0%$`} {
		if !regexp.MustCompile(re).MatchString(typed) {
			t.Errorf("typed models: no line matching %s:\n%s", re, typed)
		}
	}
}

// A record is checked field by field, against itself and its header, as a
// hostile file would try it: a missing or doubled key, counts that
// overflow or do not add up, casualties its outcomes do not show, rounds
// past the scenario's, seats its bots and --swap do not give, and names a
// terminal or an SVG would choke on. Each is refused naming the field.
func TestRecordsRefuseHostileFields(t *testing.T) {
	c := config(t, "n26", "sump-crossing", 2, "random", "greedy")
	line := strings.SplitAfter(string(records(t, c)), "\n")[0]
	edit := func(f func(m map[string]any)) string {
		var m map[string]any
		dec := json.NewDecoder(strings.NewReader(line))
		dec.UseNumber() // seeds are 64-bit
		if err := dec.Decode(&m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, tc := range []struct {
		name, data, want string
	}{
		{"winner missing", edit(func(m map[string]any) { delete(m, "winner") }), "x:1: winner: missing"},
		{"winner twice", strings.Replace(line, `{`, `{"winner":1,`, 1), "x:1: winner: given twice"},
		{"winner twice, spelt otherwise", strings.Replace(line, `{`, `{"Winner":1,`, 1), `x:1: not a game record: json: unknown field "Winner"`},
		{"winner null", edit(func(m map[string]any) { m["winner"] = nil }), "x:1: winner: null"},
		{"a count twice", strings.Replace(line, `"action_counts":{`, `"action_counts":{"move":1,`, 1), `x:1: action_counts: "move" given twice`},
		{"a count overflowing", edit(func(m map[string]any) { m["action_counts"].(map[string]any)["move"] = 9223372036854775807 }), "x:1: action_counts: \"move\": "},
		{"counts not adding up", edit(func(m map[string]any) { m["action_counts"].(map[string]any)["nuke"] = 1 }), "x:1: action_counts: add up to"},
		{"a negative count", edit(func(m map[string]any) { m["action_counts"].(map[string]any)["move"] = -50 }), "x:1: action_counts: \"move\": -50 is out of range"},
		{"casualties past the models", edit(func(m map[string]any) { m["casualties"] = []int{99, 99} }), "x:1: casualties: side 0: 99"},
		{"outcomes against casualties", edit(func(m map[string]any) {
			o := m["outcomes"].([]any)
			for i := range o {
				o[i] = "out"
			}
		}), "x:1: casualties: side 0"},
		{"rounds past the scenario's", edit(func(m map[string]any) { m["rounds"] = 999 }), "x:1: rounds: 999 is out of range; allowed 0 to"},
		{"actions negative", edit(func(m map[string]any) { m["actions"] = -1 }), "x:1: actions: -1 is out of range"},
		{"seats swapped", edit(func(m map[string]any) { m["seats"] = []string{"greedy", "random"} }), "x:1: seats: "},
		{"a terminal escape", edit(func(m map[string]any) { m["sides"].([]any)[0] = "\x1b[31mred" }), "x:1: sides: \"\\x1b[31mred\": holds a control character"},
		{"a long name", edit(func(m map[string]any) { m["scenario"] = strings.Repeat("s", sim.MaxName+1) }), "x:1: scenario: "},
		{"an array", "[1,2]\n", "x:1: not a game record: not a JSON object"},
		{"nested deep", `{"a":` + strings.Repeat("[", 300000) + strings.Repeat("]", 300000) + "}\n", "x:1: not a game record: nested more than 16 deep"},
		{"cut short", line[:len(line)/2] + "\n", "x:1: not a game record: unexpected EOF"},
	} {
		_, err := sim.ReadRecords("x", []byte(tc.data))
		var re *sim.RecordError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want a RecordError with %q", tc.name, err, tc.want)
		}
	}
	// records of one scenario name with other options, or another setup,
	// are other batches
	other := func(f func(c *sim.Config)) *sim.Records {
		c := config(t, "n26", "sump-crossing", 2, "random", "greedy")
		f(c)
		r, err := sim.ReadRecords("b", []byte(strings.SplitAfter(string(records(t, c)), "\n")[1]))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	first, err := sim.ReadRecords("a", []byte(line))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		f    func(c *sim.Config)
		want string
	}{
		{"an option", func(c *sim.Config) { c.Setup.Options["cover-bonus"] = "2-1" }, `options: cover-bonus ("2-1" here, "1-2" there)`},
		{"the rounds", func(c *sim.Config) { c.Setup.Rounds++ }, "scenario_rounds"},
		{"a profile", func(c *sim.Config) { c.Setup.Models[0].Profile[0]++ }, "setup (the scenario as played"},
	} {
		_, err := sim.Merge([]*sim.Records{first, other(tc.f)})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// A batch stopped mid-game stops within a search's few iterations, not at
// the end of the game, nor of the decision in hand: a bot given ten seconds
// a decision is stopped a fifth of a second in, and Run reports the
// cancellation.
func TestStopEndsALongSearch(t *testing.T) {
	c := config(t, "trenchcrusade", "no-mans-land", 1, "mcts:10s", "random")
	c.Workers = 1
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	err := sim.Run(ctx, c, func(*sim.Game) error { return nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run: %v, want context.Canceled", err)
	}
	// one whole decision would take 10 s
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("stopped after %v", d)
	}
}

// With --swap and an odd number of games the first bot played its side
// once more, and the table says so; with an even number it does not.
func TestTableOddSwap(t *testing.T) {
	for _, n := range []int{3, 4} {
		var b bytes.Buffer
		sm := &sim.Summary{Scenario: "s", Ruleset: "r", Games: n, Batch: n, Swap: true,
			Sides: []sim.SideStat{{Bot: "greedy", Name: "Vigil"}, {Bot: "random", Side: 1, Name: "Choir"}}}
		if err := sim.WriteTable(&b, sm); err != nil {
			t.Fatal(err)
		}
		note := strings.Contains(b.String(), "(an odd number of games: greedy played Vigil once more than the other bot did)")
		if note != (n%2 == 1) {
			t.Errorf("%d games: the note is there: %v\n%s", n, note, b.String())
		}
	}
}
