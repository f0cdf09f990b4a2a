package bot

import (
	"slices"
	"sort"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// A node inside the tree is walked through actions drawn kind first until
// its RankAt-th visit, then through the Width of them with the best exact
// expected chance of winning for its mover (MCTS.Width), best first: of
// those, the ones legal in the iteration at hand, and a drawn action when
// none is. Ranking scores up to Sample actions of each kind, leaves the
// lookahead's position as it was and is done once.
func TestWidthKeepsTheBestReplies(t *testing.T) {
	rs, g := openGame(t)
	la, err := engine.Lookahead(rs, g.State(), players(2), 1)
	if err != nil {
		t.Fatal(err)
	}
	mover := la.State().Turn.Side
	if err := la.Apply(engine.Act(engine.Activate, firstOf(la.State(), mover))); err != nil {
		t.Fatal(err)
	}
	before := la.State().Clone()
	legal := slices.Clone(la.Legal())
	if len(legal) < 4 {
		t.Fatalf("want a few actions to rank, have %v", legal)
	}

	b := NewMCTS(rs)
	if b.Width != 2 || b.RankAt != 5 {
		t.Fatalf("defaults Width %d, RankAt %d; want 2 and 5 (docs/PERFORMANCE.md)", b.Width, b.RankAt)
	}
	// each action's exact expected chance, straight from the odds
	type scored struct {
		a engine.Action
		v float64
	}
	var want []scored
	for _, a := range legal {
		v, _, err := la.Expect(a, engine.OddsOptions{MaxPaths: 400}, func(t *engine.State) float64 { return b.chance(t, mover) })
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		want = append(want, scored{a, v})
	}
	sort.SliceStable(want, func(i, j int) bool { return want[i].v > want[j].v })
	if want[1].v == want[len(want)-1].v {
		t.Fatalf("the actions all score alike (%v): pick a position that ranks them", want)
	}

	b.Sample = 0 // every action scored, as the list above
	b.nodes = append(b.nodes[:0], node{mover: -1, first: -1, next: -1}, node{mover: mover, visits: b.RankAt - 1, first: -1, next: -1})
	got := b.walkable(la, 1, mover)
	if len(got) != 1 || !slices.Contains(legal, got[0]) || b.nodes[1].ranked != 0 {
		t.Fatalf("before its %dth visit a childless node walks %v; want one legal action drawn, and no ranking", b.RankAt, got)
	}
	b.nodes[1].visits = b.RankAt
	// the lookahead's own legal list: ranking must not change it under
	// the search's feet
	live := la.Legal()
	got = slices.Clone(b.walkable(la, 1, mover))
	if !slices.Equal(live, legal) {
		t.Fatalf("ranking changed the lookahead's legal list")
	}
	if len(got) != 2 || got[0] != want[0].a || got[1] != want[1].a {
		t.Fatalf("kept %v; want the best two, %v (%.4f) and %v (%.4f), of %v", got, want[0].a, want[0].v, want[1].a, want[1].v, want)
	}
	if ok, why := la.State().Equal(before); !ok {
		t.Fatalf("ranking moved the lookahead: %s", why)
	}
	// the best is no longer legal (the dice went another way): the second
	other := engine.Act("move", firstOf(la.State(), 1-mover)) // not the active model's
	b.ranks[0] = other
	if got := b.walkable(la, 1, mover); len(got) != 1 || got[0] != want[1].a {
		t.Errorf("with the best gone, kept %v; want %v", got, want[1].a)
	}
	// neither is: one legal action drawn, and no second ranking
	b.ranks[1] = other
	if got := b.walkable(la, 1, mover); len(got) != 1 || !slices.Contains(legal, got[0]) {
		t.Errorf("with both kept actions gone, walked %v; want one legal action", got)
	}
	if len(b.ranks) != b.Width {
		t.Errorf("ranks holds %d actions; want one ranking of %d", len(b.ranks), b.Width)
	}

	// Sample 1: a ranking scores one action of each kind
	b.Sample = 1
	b.nodes = append(b.nodes[:1], node{mover: mover, visits: b.RankAt, first: -1, next: -1})
	b.ranks = b.ranks[:0]
	b.walkable(la, 1, mover)
	if kinds := la.ActionKinds(); len(b.cands) != len(kinds) {
		t.Errorf("Sample 1 scored %d actions; want one of each of %d kinds", len(b.cands), len(kinds))
	}
	for _, a := range b.cands {
		if !slices.Contains(legal, a) {
			t.Errorf("Sample 1 scored %s, which is not legal", a)
		}
	}
}

// firstOf is side's first model in s.
func firstOf(s *engine.State, side int) int {
	for m := range s.Models {
		if s.SideOf(m) == side {
			return m
		}
	}
	return -1
}

// In a real search the nodes below the root do get ranked, and the search
// with its rankings replays exactly from the same RNG.
func TestWidthInASearch(t *testing.T) {
	rs, g := openGame(t)
	s, legal := g.State(), slices.Clone(g.Legal())
	search := func() (*MCTS, int) {
		b := NewMCTS(rs)
		b.Iterations = 300
		return b, b.Act(s, legal, dice.NewRNG(5))
	}
	b1, a1 := search()
	b2, a2 := search()
	ranked := 0
	for _, nd := range b1.nodes[1:] {
		if nd.ranked != 0 {
			ranked++
		}
	}
	if ranked == 0 || len(b1.ranks) > ranked*b1.Width {
		t.Fatalf("%d nodes ranked, %d kept actions; want some, %d each", ranked, len(b1.ranks), b1.Width)
	}
	if a1 != a2 || !slices.Equal(b1.ranks, b2.ranks) || b1.Done != b2.Done {
		t.Errorf("the same search twice: actions %d and %d, %d and %d kept actions", a1, a2, len(b1.ranks), len(b2.ranks))
	}
}
