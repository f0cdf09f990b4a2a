package engine_test

import (
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/internal/mini"
)

// testBoard is the mini board: a block in the middle, a raised platform
// with a ledge, an objective.
func testBoard() *board.Board {
	b := &board.Board{Width: 24, Height: 24, Levels: []float64{0, 3},
		Boxes:      []board.Box{{X0: 10, Y0: 10, X1: 13, Y1: 13, Height: 3}},
		Ledges:     []board.Ledge{{A: board.Point{X: 0, Y: 2, Level: 1}, B: board.Point{X: 4, Y: 2, Level: 1}, Below: 0}},
		Objectives: []board.Point{{X: 12, Y: 4}}}
	if err := b.Check(); err != nil {
		panic(err)
	}
	return b
}

func TestConformance(t *testing.T) {
	for _, p := range mini.Presets {
		t.Run(p+"/table", func(t *testing.T) {
			enginetest.Run(t, enginetest.Suite{Ruleset: mini.New(p), Setup: func(int) *engine.Setup { return mini.TableSetup() }, Games: 12})
		})
		t.Run(p+"/board", func(t *testing.T) {
			enginetest.Run(t, enginetest.Suite{Ruleset: mini.New(p), Setup: func(int) *engine.Setup { return mini.BoardSetup(testBoard()) }, Games: 12, Seed: 1})
		})
	}
}
