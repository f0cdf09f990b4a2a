package n23_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/n23"
)

// perft counts the decision sequences of the given depth from the game's
// position, chess-engine style: every legal action is applied in turn (dice
// from the game's seed; at a table every measurement answered yes, every
// choice its first option) and undone. Pinned counts catch any change in
// what is legal.
func perft(t *testing.T, g *engine.Game, depth int) int {
	t.Helper()
	legal := slices.Clone(g.Legal())
	if depth == 1 {
		return len(legal)
	}
	n := 0
	for _, a := range legal {
		if err := g.Apply(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		for p := g.Pending(); p != nil; p = g.Pending() {
			var err error
			switch p.Kind {
			case engine.FactQ:
				err = g.Answer(p.Kind, engine.Reply{Value: 1})
			case engine.ChoiceQ:
				err = g.Answer(p.Kind, engine.Reply{Choice: 0})
			default:
				t.Fatalf("%s: asks %s", a, p.Key)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if !g.Over() {
			n += perft(t, g, depth-1)
		}
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// byID counts the legal actions by action ID.
func byID(g *engine.Game) string {
	counts := map[string]int{}
	for _, a := range slices.Clone(g.Legal()) {
		counts[a.ID]++
	}
	var out []string
	for id, n := range counts {
		out = append(out, fmt.Sprintf("%s:%d", id, n))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func newGame(t *testing.T, name string, seed uint64) *engine.Game {
	g, err := engine.New(n23.New(), sample(t, name), engine.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Pinned perft counts from the two samples' first decision. Depth 1 is the
// side with Priority's five models; depth 2 at the table is counted by hand
// in TestLegalAtStartByModel.
func TestPerft(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		seed     uint64
		steps    int   // bot decisions played first
		counts   []int // depth 1, 2, 3
	}{
		{"furnace-duel", 1, 0, []int{5, 79, 345}}, // with Turn after each of lamp-quick's five free Shoots (seed 002); no ductway at this table; Aim only when a Shoot may follow
		// On a board each Turn offers the enemies but the one it faces (the
		// nearest, at deployment) and one heading for each other set of
		// them the vision arc can take in (the package doc): 11 to 13 turns
		// a fighter here; Aim only for lamp-a, who has an enemy to Shoot
		// (46 + 47 + 49 + 57 + 49 actions).
		{"scrapyard-run", 1, 0, []int{5, 248, 7712}},
		{"scrapyard-run", 5, 62, []int{1, 37}}, // after 62 bot decisions: one model left to activate
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.scenario, tc.steps), func(t *testing.T) {
			g := newGame(t, tc.scenario, tc.seed)
			if tc.steps > 0 {
				var err error
				g, err = engine.New(n23.New(), sample(t, tc.scenario), engine.Config{Seed: tc.seed, Players: enginetest.ListBots(2)})
				must(t, err)
				for range tc.steps {
					if _, err := g.Step(); err != nil {
						t.Fatal(err)
					}
				}
			}
			for d, want := range tc.counts {
				if got := perft(t, g, d+1); got != want {
					t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
				}
			}
		})
	}
}

// The legal actions of each Lamplighter at the start of the table game, by
// action (seed 002 and rules.md §3.3): at a table every one of the five
// Rustjaws may be charged or shot at (the players measure afterwards);
// every fighter may turn (an opening action), Move, Take Cover, Aim (but
// the gunner, whose Unwieldy Shoot would need both actions after it) or
// end (the scenario's table has no ductways: option ductways); quick-draw's
// fighter also has the free Shoot. 15 + 20 + 14 + 15 + 15 = 79, perft(2)
// above.
func TestLegalAtStartByModel(t *testing.T) {
	g := newGame(t, "furnace-duel", 1)
	fighter := "aim:1 charge:5 end:1 move:1 shoot:5 take-cover:1 turn:1" // 15
	want := map[string]string{
		"lamp-boss":   fighter,
		"lamp-quick":  "aim:1 charge:5 end:1 move:1 shoot-free:5 shoot:5 take-cover:1 turn:1", // 20
		"lamp-gunner": "charge:5 end:1 move:1 shoot:5 take-cover:1 turn:1",                    // 14: its Unwieldy rivet cannon's Shoot takes both actions, so no Aim
		"lamp-a":      fighter,
		"lamp-b":      fighter,
	}
	if g.State().Turn.Side != 0 {
		t.Fatal("seed 1 no longer gives the Lamplighters Priority")
	}
	for _, a := range slices.Clone(g.Legal()) {
		must(t, g.Apply(a))
		id := g.State().Static(a.Actor).ID
		if got := byID(g); got != want[id] {
			t.Errorf("%s:\n got %s\nwant %s", id, got, want[id])
		}
		must(t, g.Undo())
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
