package bot_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/bot"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/sim"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bot.Spec
		str  string
	}{
		{"random", bot.Spec{Kind: "random"}, "random"},
		{" Greedy ", bot.Spec{Kind: "greedy"}, "greedy"},
		{"mcts", bot.Spec{Kind: "mcts"}, "mcts"},
		{"mcts:1000", bot.Spec{Kind: "mcts", Iterations: 1000}, "mcts"},
		{"mcts:250", bot.Spec{Kind: "mcts", Iterations: 250}, "mcts:250"},
		{"mcts:500ms", bot.Spec{Kind: "mcts", Time: 500 * time.Millisecond}, "mcts:500ms"},
	} {
		got, err := bot.Parse(tc.in)
		if err != nil || got != tc.want || got.String() != tc.str {
			t.Errorf("Parse(%q) = %+v (%q), %v; want %+v (%q)", tc.in, got, got.String(), err, tc.want, tc.str)
		}
	}
	for _, in := range []string{"", "clever", "greedy:5", "random:1", "mcts:0", "mcts:-3", "mcts:2h", "mcts:soon", "mcts:99999999"} {
		_, err := bot.Parse(in)
		var se *bot.SpecError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q): %v, want a SpecError", in, err)
		}
	}
	if (bot.Spec{Kind: "mcts", Time: time.Second}).Deterministic() || !(bot.Spec{Kind: "mcts"}).Deterministic() {
		t.Error("Deterministic: only a time budget is not")
	}
}

type board struct {
	ruleset, scenario string
}

// boards are each ruleset's board scenario.
var boards = []board{{"n26", "sump-crossing"}, {"n23", "scrapyard-run"}, {"trenchcrusade", "no-mans-land"}, {"falloutfactions", "junction-yard"}}

func batch(t *testing.T, b board, games int, seed uint64, bots ...string) *sim.Summary {
	t.Helper()
	reg := all.Rulesets()
	s, _ := all.Samples().Find(b.ruleset, b.scenario)
	su, err := s.Setup(reg, "")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := reg.Lookup(b.ruleset)
	c := &sim.Config{Ruleset: b.ruleset, Scenario: b.scenario, RS: rs, Setup: su, Games: games, Seed: seed, Swap: true}
	for _, x := range bots {
		sp, err := bot.Parse(x)
		if err != nil {
			t.Fatal(err)
		}
		c.Bots = append(c.Bots, sp)
	}
	var gs []*sim.Game
	if err := sim.Run(t.Context(), c, func(g *sim.Game) error { gs = append(gs, g); return nil }); err != nil {
		t.Fatal(err)
	}
	return sim.Summarize(c.Header(), gs)
}

// playOut plays a game of su between players from seed to its end.
func playOut(t *testing.T, rs engine.Ruleset, su *engine.Setup, seed uint64, players ...engine.Policy) *engine.Game {
	t.Helper()
	g, err := engine.New(rs, su, engine.Config{Seed: seed, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		if ok, err := g.Step(); !ok || err != nil {
			t.Fatalf("step: %v %v", ok, err)
		}
	}
	return g
}

func rate(s *sim.Summary, k int) string {
	b := s.Sides[k]
	return fmt.Sprintf("%s %d/%d (%.0f%%, 95%% %.0f–%.0f%%), %d draws", b.Bot, b.Wins, s.Games, 100*b.WinRate, 100*b.CI95[0], 100*b.CI95[1], s.Draws)
}

// Greedy beats random on each ruleset's board scenario, sides swapped half
// the time: a test-sized run (docs/PERFORMANCE.md has the larger one, and
// the goal, 70 %). The games are seeded, so the result is fixed; the
// assertion is the one no bot that plays by its evaluation should miss at
// this size: it wins at least 60 % and at least three times as often as
// it loses.
func TestGreedyBeatsRandom(t *testing.T) {
	games := 24
	if raceEnabled {
		games = 4
	}
	for _, b := range boards {
		s := batch(t, b, games, 1, "greedy", "random")
		t.Logf("%s: %s", b.ruleset, rate(s, 0))
		if raceEnabled {
			continue
		}
		if g, r := s.Sides[0].Wins, s.Sides[1].Wins; s.Sides[0].WinRate < 0.6 || g < 3*r {
			t.Errorf("%s: greedy won %d, random %d of %d", b.ruleset, g, r, s.Games)
		}
	}
}

// MCTS beats random outright, and holds its own against greedy, in a
// test-sized run with a small budget (docs/PERFORMANCE.md has the
// 1,000-iteration run against greedy).
func TestMCTS(t *testing.T) {
	if raceEnabled {
		t.Skip("MCTS games take seconds each; too slow under -race")
	}
	s := batch(t, boards[3], 6, 2, "mcts:100", "random")
	t.Logf("%s: %s", boards[3].ruleset, rate(s, 0))
	if s.Sides[0].Wins < 5 {
		t.Errorf("mcts:100 won only %d of 6 against random", s.Sides[0].Wins)
	}
	// 300 iterations: since ordered models move 8" (seed 004; order-hurry
	// no), 150 only drew level with greedy (7 to 7 of 16 on this seed)
	// before the tree kept to the best replies (Width); 300 won 5 of 8
	// then, and wins 8 of 8 with them
	s = batch(t, boards[3], 8, 3, "mcts:300", "greedy")
	t.Logf("%s: %s", boards[3].ruleset, rate(s, 0))
	if s.Sides[0].Wins < 6 {
		t.Errorf("mcts:300 won %d of 8, greedy %d; want 6 or more", s.Sides[0].Wins, s.Sides[1].Wins)
	}
}

// With an iteration budget a game between bots replays exactly from its
// seed.
func TestDeterministic(t *testing.T) {
	reg := all.Rulesets()
	s, _ := all.Samples().Find("trenchcrusade", "no-mans-land")
	su, _ := s.Setup(reg, "")
	rs, _ := reg.Lookup("trenchcrusade")
	for _, opt := range []struct{ exact, choices bool }{{false, false}, {true, false}, {false, true}} {
		exact := opt.exact
		play := func() *engine.Game {
			m := bot.NewMCTS(rs)
			m.Iterations = 30
			m.Exact = exact
			m.ChoiceSamples = 0 // the default is 1
			if opt.choices {
				m.ChoiceSamples = 1
			}
			return playOut(t, rs, su, 77, m, bot.NewGreedy(rs))
		}
		a, b := play(), play()
		if ok, why := a.State().Equal(b.State()); !ok || len(a.Log().Entries) != len(b.Log().Entries) {
			t.Fatalf("%+v: the same seed played two games: %s; %d and %d entries", opt, why, len(a.Log().Entries), len(b.Log().Entries))
		}
		for i, e := range a.Log().Entries {
			if e.Action != b.Log().Entries[i].Action {
				t.Fatalf("%+v: entry %d: %s, then %s", opt, i, e.Action, b.Log().Entries[i].Action)
			}
		}
	}
}

// Each ruleset's evaluation is zero-sum between two sides, and taking a
// model out of play lowers its own side's value.
func TestEvaluations(t *testing.T) {
	reg := all.Rulesets()
	for _, b := range boards {
		rs, _ := reg.Lookup(b.ruleset)
		ev, ok := rs.(bot.Evaluator)
		if !ok {
			t.Errorf("%s has no evaluation", b.ruleset)
			continue
		}
		s, _ := all.Samples().Find(b.ruleset, b.scenario)
		su, _ := s.Setup(reg, "")
		g, err := engine.New(rs, su, engine.Config{Seed: 5, Players: engine.Bots(2)})
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 30 && !g.Over(); step++ {
			st := g.State()
			if v0, v1 := ev.Evaluate(st, 0), ev.Evaluate(st, 1); v0 != -v1 {
				t.Errorf("%s step %d: %v for side 0, %v for side 1", b.ruleset, step, v0, v1)
			}
			for m := range st.Models {
				if !st.Models[m].InPlay {
					continue
				}
				side := st.SideOf(m)
				gone := st.Clone()
				gone.Models[m].InPlay = false
				if before, after := ev.Evaluate(st, side), ev.Evaluate(gone, side); after >= before {
					t.Errorf("%s step %d: m%d out of play: %v, was %v", b.ruleset, step, m, after, before)
				}
			}
			g.Step()
		}
	}
}
