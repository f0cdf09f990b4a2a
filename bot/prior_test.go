package bot

import (
	"math"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/mini"
)

// The root's prior is on the scale of the values the search backs up: the
// expected chance of winning over the action's dice, not the chance of its
// expected evaluation. A shot that may take the enemy's last model out
// wins the game on a hit (evaluation +Win): the chance of the expected
// evaluation would call it a sure win, when it is a win only on a hit.
func TestPriorIsExpectedChance(t *testing.T) {
	rs, g := openGame(t)
	s := g.State().Clone()
	const blueA = 3           // the setup's models: red-a, red-b, red-c, blue-a, ...
	for m := range s.Models { // Blue keeps one model
		if s.SideOf(m) == 1 && m != blueA {
			s.Models[m].InPlay = false
		}
	}
	la, err := engine.Lookahead(rs, s, players(2), 1)
	if err != nil {
		t.Fatal(err)
	}
	if la.State().Turn.Side != 0 {
		t.Skip("Red does not act first with this seed")
	}
	if err := la.Apply(engine.Act(engine.Activate, 0)); err != nil {
		t.Fatal(err)
	}
	s = la.State().Clone()
	legal := la.Legal()
	shot := -1
	for i, a := range legal {
		if strings.HasPrefix(a.ID, "shoot") && a.Target == blueA {
			shot = i
		}
	}
	if shot < 0 {
		t.Fatalf("no shot at blue-a among %v", legal)
	}
	// the shot's exact chance of winning, from its odds: a win when blue-a
	// goes out, else the leaf's chance of the position
	b := NewMCTS(rs)
	b.Iterations, b.Prior = 1, 1000 // the one iteration's value moves the prior by at most 0.001
	want := 0.0
	seen := 0.0
	for seed := uint64(1); seed <= 4000; seed++ {
		t2, q, err := la.Try(legal[shot], seed)
		if err != nil || q != nil {
			t.Fatal(err, q)
		}
		want += b.chance(t2, 0)
		if t2.Over {
			seen++
		}
	}
	want /= 4000
	if seen == 0 || seen == 4000 {
		t.Fatalf("the shot won %v of 4000 games: want a chance", seen)
	}
	b.Act(s, legal, dice.NewRNG(3))
	for c := b.nodes[0].first; c >= 0; c = b.nodes[c].next {
		nd := &b.nodes[c]
		if nd.action != legal[shot] {
			continue
		}
		got := nd.value / float64(nd.visits)
		t.Logf("%s: prior %.3f, sampled chance %.3f (won %v of 4000)", legal[shot], got, want, seen)
		if math.Abs(got-want) > 0.03 {
			t.Errorf("prior of %s = %.3f, want its sampled chance of winning %.3f", legal[shot], got, want)
		}
		return
	}
	t.Fatal("the shot has no node at the root")
}

// Inside MCTS's lookahead with ChoiceSamples, a choice is settled by trying
// its options; without, it takes the first. Blue, down to its last model,
// is asked whether to spend its token to dodge Red's hit, which loses the
// game when the injury takes the model out: tried (8 samples), it dodges
// when a dodge saved the model in its samples more than passing did; the
// first option (pass) never dodges.
func TestChoiceSamples(t *testing.T) {
	rs, g := openGame(t)
	s := g.State().Clone()
	const blueA = 3
	for m := range s.Models {
		if s.SideOf(m) == 1 && m != blueA {
			s.Models[m].InPlay = false
		}
	}
	for _, cs := range []int{0, 8} {
		ps := players(2)
		if cs > 0 {
			ps = []engine.Policy{trying{chooser{rs: rs, samples: cs}}, trying{chooser{rs: rs, samples: cs}}}
		}
		asked, dodged := 0, 0
		for seed := uint64(1); seed <= 60; seed++ {
			la, err := engine.Lookahead(rs, s, ps, seed)
			if err != nil {
				t.Fatal(err)
			}
			if la.State().Turn.Side != 0 {
				t.Skip("Red does not act first with this seed")
			}
			la.Apply(engine.Act(engine.Activate, 0))
			var shot engine.Action
			for _, a := range la.Legal() {
				if strings.HasPrefix(a.ID, "shoot") && a.Target == blueA {
					shot = a
				}
			}
			if err := la.Apply(shot); err != nil {
				t.Fatal(err)
			}
			for _, a := range la.Log().Entries[len(la.Log().Entries)-1].Answers {
				if a.Kind == engine.ChoiceQ && a.Key == "dodge" {
					asked++
					dodged += a.Code
				}
			}
		}
		switch {
		case asked == 0:
			t.Fatalf("ChoiceSamples %d: the dodge was never asked in 60 shots", cs)
		case cs == 0 && dodged != 0:
			t.Errorf("first option: dodged %d of %d", dodged, asked)
		case cs > 0 && dodged == 0:
			t.Errorf("ChoiceSamples %d: dodged %d of %d", cs, dodged, asked)
		}
	}
}

// openGame is a game of the test ruleset on an open 24" board (no terrain:
// every model sees every other), seed 1.
func openGame(t *testing.T) (engine.Ruleset, *engine.Game) {
	t.Helper()
	rs := mini.New("n26")
	open := &board.Board{Width: 24, Height: 24, Levels: []float64{0, 3}}
	g, err := engine.New(rs, mini.BoardSetup(open), engine.Config{Seed: 1, Players: players(2)})
	if err != nil {
		t.Fatal(err)
	}
	return rs, g
}
