package engine_test

import (
	"errors"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/mini"
)

// Takeback says what an undo would take back, with its questions and
// answers, and changes nothing: the start still asking its dice (in no
// entry yet), an action of no dice, the finished start; it refuses as
// UndoAs does.
func TestTakeback(t *testing.T) {
	g, err := engine.New(mini.New("n26"), mini.BoardSetup(testBoard()), engine.Config{Seed: 3, Dice: engine.PhysicalDice})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Takeback(0); !errors.Is(err, engine.ErrNothingToUndo) {
		t.Fatalf("before any face: %v", err)
	}
	if err := g.Answer(engine.DiceQ, engine.Reply{Faces: []string{"6", "6"}}); err != nil { // a tie: asked again
		t.Fatal(err)
	}
	tb, err := g.Takeback(1)
	if err != nil || len(tb) != 1 || tb[0].Index != 0 || len(tb[0].Questions) != 1 || tb[0].Questions[0].Kind != engine.DiceQ ||
		!tb[0].Entry.Answers[0].Typed || len(g.Log().Entries) != 0 || g.Pending() == nil || g.Pending().Answer != 1 {
		t.Fatalf("the start asking again: %+v %v; %d entries, pending %+v", tb, err, len(g.Log().Entries), g.Pending())
	}
	if line := engine.LogLines(g.State(), tb)[0]; line.Action != "start of the game" || len(line.Answers) != 1 {
		t.Errorf("the start in words: %+v", line)
	}
	if err := g.Answer(engine.DiceQ, engine.Reply{Faces: []string{"1", "4"}}); err != nil { // side 1 first
		t.Fatal(err)
	}
	act := g.Legal()[0]
	if err := g.Apply(act); err != nil || g.Pending() != nil {
		t.Fatalf("%s: %v", act, err)
	}
	var se *engine.SeatError
	if _, err := g.Takeback(0); !errors.As(err, &se) {
		t.Errorf("side 0 taking back side 1's action: %v", err)
	}
	tb, err = g.Takeback(1)
	if err != nil || len(tb) != 1 || tb[0].Index != 1 || tb[0].Entry.Action != act || len(tb[0].Questions) != 0 {
		t.Fatalf("side 1's %s: %+v %v", act, tb, err)
	}
	if err := g.UndoAs(1); err != nil || !g.Log().Entries[1].Undone {
		t.Fatalf("undo: %v", err)
	}
	tb, err = g.Takeback(0) // the start, done: any side's
	if err != nil || len(tb) != 1 || tb[0].Index != 0 || len(tb[0].Entry.Answers) != 2 || len(g.Log().Entries) != 3 {
		t.Fatalf("the finished start: %+v %v", tb, err)
	}

	strict, err := engine.New(mini.New("n26"), mini.BoardSetup(testBoard()), engine.Config{Seed: 3, Dice: engine.PhysicalDice, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	strict.Answer(engine.DiceQ, engine.Reply{Faces: []string{"2", "1"}})
	var ue *engine.UndoError
	if _, err := strict.Takeback(0); !errors.As(err, &ue) {
		t.Errorf("strict, typed start: %v", err)
	}
}
