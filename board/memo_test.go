package board

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// TestMemoAnswersAsDestinations walks models about a board with terrain,
// takes some out of play, and asks a Memo and the board the same questions
// (movers, distances, models to stop short of) after every change: the
// Memo's answer is always the board's, it is remembered only while nothing
// it depends on changed, and a second setup with the same positions is
// not confused with the first.
func TestMemoAnswersAsDestinations(t *testing.T) {
	b := &Board{Width: 24, Height: 24, Levels: []float64{0, 3},
		Boxes:      []Box{{X0: 8, Y0: 8, X1: 12, Y1: 11, Height: 3}, {X0: 15, Y0: 2, X1: 17, Y1: 6, Height: 2}},
		Walls:      []Wall{{A: Point{2, 14, 0}, B: Point{7, 14, 0}, Height: 2}},
		Objectives: []Point{{6, 18, 0}, {18, 12, 0}}}
	pts := []Point{{3, 3, 0}, {20, 20, 0}, {6, 6, 0}, {14, 14, 0}, {4, 20, 0}, {20, 4, 0}}
	s := state(t, b, pts...)
	other := state(t, &Board{Width: 24, Height: 24, Levels: []float64{0}}, pts...)
	var mm Memo
	r := rand.New(rand.NewPCG(1, 2))
	hits := 0
	ask := func(s *engine.State, m int, max float32, shy uint64) {
		t.Helper()
		want := s.Setup().Board.Destinations(s, m, max, shy, nil)
		misses := mm.misses
		got := mm.Destinations(s.Setup().Board, s, m, max, shy, []engine.Pos{{X: -1}})
		if got[0] != (engine.Pos{X: -1}) || !slices.Equal(got[1:], want) {
			t.Fatalf("m%d %v\" shy %b: memo gave %v, the board %v", m, max, shy, got[1:], want)
		}
		if mm.misses == misses {
			hits++
		}
	}
	for step := range 400 {
		m := r.IntN(2)
		max := []float32{3, 6}[r.IntN(2)]
		shy := []uint64{0, 0b101010}[r.IntN(2)]
		ask(s, m, max, shy)
		ask(s, m, max, shy) // the same again: from memory
		ask(other, m, max, shy)
		switch r.IntN(6) {
		case 0: // someone moves a little
			n := r.IntN(len(pts))
			s.Models[n].Pos.X = min(23, max32(1, s.Models[n].Pos.X+float32(r.IntN(3)-1)))
		case 1: // someone leaves or comes back into play
			n := r.IntN(len(pts))
			s.Models[n].InPlay = !s.Models[n].InPlay || step%7 == 0
		}
	}
	if hits < 400 {
		t.Errorf("%d answers from memory, want at least the 400 repeated questions", hits)
	}
}

func max32(a, b float32) float32 {
	if a > b {
		return a
	}
	return b
}
