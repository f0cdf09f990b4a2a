package falloutfactions_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/falloutfactions"
)

// newGame starts a sample with digital dice; the roll-off's winner takes
// the first Turn.
func newGame(t *testing.T, name string, seed uint64) *engine.Game {
	g, err := engine.New(falloutfactions.New(), sample(t, name), engine.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if p := g.Pending(); p == nil || p.Key != "first-turn" {
		t.Fatalf("the game starts with %+v, want the first-turn choice", p)
	}
	must(t, g.Answer(engine.ChoiceQ, engine.Reply{Choice: 0}))
	return g
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Pinned perft counts from the two samples' first decision (after the
// roll-off, digital dice). Depth 1 is the five models of the crew with
// the first Turn and its pass.
func TestPerft(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		seed     uint64
		steps    int   // bot decisions played first
		counts   []int // depth 1, 2, 3
	}{
		// Moves judged on their paths (issue 31): round other models'
		// bases and enemies' Proximity, so at the start a move that passed
		// through a friend beside it is gone (175 → 163 at depth 2), and
		// the bot games went elsewhere. Moves that go round an enemy as
		// far as their reach, past it (issue 31 audit), Hurries too (paths
		// searched to 18"), add to the board's count (163 → 175), and the
		// walk now starts after 40 decisions, a model's second action:
		// Get Moving's many destinations.
		{"dry-gulch", 1, 0, []int{6, 96, 581}},      // depth 2: 5 × 18 (TestLegalAtStartByModel) + a pass and the other crew's 6
		{"junction-yard", 1, 0, []int{6, 175, 855}}, // on a board: destinations, and targets in sight
		{"junction-yard", 5, 40, []int{46, 210}},    // after 40 bot decisions
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.scenario, tc.steps), func(t *testing.T) {
			g := newGame(t, tc.scenario, tc.seed)
			if tc.steps > 0 {
				var err error
				g, err = engine.New(falloutfactions.New(), sample(t, tc.scenario), engine.Config{Seed: tc.seed, Players: enginetest.ListBots(2)})
				must(t, err)
				for range tc.steps {
					if _, err := g.Step(); err != nil {
						t.Fatal(err)
					}
				}
			}
			for d, want := range tc.counts {
				if got := enginetest.Perft(t, g, d+1); got != want {
					t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
				}
			}
		})
	}
}

// The legal actions of each model of the crew with the first Turn at the
// start of the table game, by action (seed 004, Actions; rules.md §5.2.1):
// at a table every move may go into base contact with any of the five
// enemies, every ranged weapon may aim at each of them (the players
// measure afterwards), and Rummage is offered (the players say whether a
// Search token is near); nobody has Harm to Patch Up, nobody is Engaged.
func TestLegalAtStartByModel(t *testing.T) {
	g := newGame(t, "dry-gulch", 1)
	if g.State().Turn.Side != 1 {
		t.Fatal("seed 1 no longer gives the Regulators the first Turn")
	}
	const each = "get-moving:6 hurry:6 open-fire:5 rummage:1" // 18: no End before the first action
	for _, a := range slices.Clone(g.Legal()) {
		if a.ID != engine.Activate {
			continue
		}
		must(t, g.Apply(a))
		if got := enginetest.LegalByID(g); got != each {
			t.Errorf("%s: %s, want %s", g.State().Static(a.Actor).ID, got, each)
		}
		must(t, g.Undo())
	}
}
