package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/mini"
)

// Once the game is over nothing is legal, even an action of the model
// whose activation it ended in, checked before any list is made (issue
// 35's unlisted check): Apply, IsLegal, Try and Odds all refuse it.
func TestNothingLegalOnceOver(t *testing.T) {
	g, err := engine.New(mini.New("n26"), mini.BoardSetup(testBoard()), engine.Config{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	act := g.Legal()[0]
	if act.ID != engine.Activate {
		t.Fatalf("first decision %v; want an activation", g.Legal())
	}
	if err := g.Apply(act); err != nil {
		t.Fatal(err)
	}
	var move engine.Action
	for _, a := range g.Legal() {
		if a.ID == "move" {
			move = a
			break
		}
	}
	if move.ID == "" {
		t.Fatalf("no move among %v", g.Legal())
	}
	if err := g.Concede(g.State().Turn.Side); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.State().Turn.Model == engine.NoModel {
		t.Fatalf("want the game over in the middle of an activation: over %v, turn %+v", g.Over(), g.State().Turn)
	}
	f := g.Fork() // no list made: the unlisted check
	if f.IsLegal(move) {
		t.Error("IsLegal: a move after the game is over")
	}
	if _, _, err := f.Try(move, 1); err == nil {
		t.Error("Try: a move after the game is over")
	}
	if _, err := f.Odds(move, engine.OddsOptions{}); err == nil {
		t.Error("Odds: a move after the game is over")
	}
	var ill *engine.IllegalError
	if err := f.Apply(move); !errors.Is(err, engine.ErrOver) && !errors.As(err, &ill) {
		t.Errorf("Apply: %v, want it refused", err)
	}
	if end := engine.Act(engine.End, move.Actor); f.IsLegal(end) {
		t.Error("IsLegal: an end of activation after the game is over")
	}
}

// A pass typed while a model is active names the rule, not a model "m-1".
func TestWhyNotPassMidActivation(t *testing.T) {
	g, err := engine.New(mini.New("n26"), mini.BoardSetup(testBoard()), engine.Config{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(g.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	seq := len(g.Log().Entries)
	err = g.Apply(engine.Act(engine.Pass, engine.NoModel))
	if err == nil || !strings.Contains(err.Error(), "passes only between activations") || strings.Contains(err.Error(), "m-1") {
		t.Errorf("pass mid-activation: %v; want the rule named", err)
	}
	if len(g.Log().Entries) != seq {
		t.Error("a refused pass changed the log")
	}
}
