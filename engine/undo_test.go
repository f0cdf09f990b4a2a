package engine_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/mini"
)

// Against a bot, undo goes back to the person's last own decision, with
// the bot's actions after it; the bot then draws the same numbers again.
func TestUndoAgainstBots(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := engine.New(mini.New("n26"), mini.BoardSetup(testBoard()), engine.Config{Seed: seed, Players: []engine.Policy{nil, engine.RandomPolicy{}}})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Undo(); !errors.Is(err, engine.ErrNothingToUndo) {
			t.Fatalf("seed %d: undo before the person acted: %v", seed, err)
		}
		// The person (side 0) activates a model and ends its activation
		// (no dice), then the bot plays until it is the person's turn.
		botTurn := func() []engine.Action {
			var acts []engine.Action
			for !g.Over() && g.Decider() == 1 && g.Pending() == nil {
				n := len(g.Log().Entries)
				if ok, err := g.Step(); !ok || err != nil {
					t.Fatalf("seed %d: bot step: %v %v", seed, ok, err)
				}
				if len(g.Log().Entries) > n {
					acts = append(acts, g.Log().Entries[n].Action)
				}
			}
			return acts
		}
		botTurn()
		if g.Over() || g.Pending() != nil || g.Decider() != 0 {
			continue
		}
		var act engine.Action
		for _, a := range g.Legal() {
			if a.ID == engine.Activate {
				act = a
				break
			}
		}
		if err := g.Apply(act); err != nil || g.Pending() != nil {
			continue
		}
		end := engine.Action{ID: engine.End, Actor: act.Actor, Target: engine.NoModel}
		bots := botsOf(t, g)
		if err := g.Apply(end); err != nil || g.Pending() != nil {
			continue
		}
		before := len(g.Log().Entries) - 1 // the person's End
		first := botTurn()
		if len(first) == 0 || g.Pending() != nil {
			continue
		}
		if err := g.Undo(); err != nil {
			t.Fatalf("seed %d: undo: %v", seed, err)
		}
		log := g.Log().Entries
		for k := before; k < before+1+len(first); k++ {
			if !log[k].Undone {
				t.Errorf("seed %d: entry %d (%s) not undone", seed, k, log[k].Action)
			}
		}
		if botsOf(t, g) != bots {
			t.Errorf("seed %d: the bots' RNG did not go back with the undo", seed)
		}
		if g.Decider() != 0 || !containsAction(g.Legal(), end) {
			t.Fatalf("seed %d: after undo it is not the person's decision again", seed)
		}
		rb, err := g.Rebuild()
		if err != nil {
			t.Fatal(err)
		}
		if ok, why := rb.Equal(g.State()); !ok {
			t.Fatalf("seed %d: rebuild after undo: %s", seed, why)
		}
		if err := g.Apply(end); err != nil {
			t.Fatal(err)
		}
		again := botTurn()
		if len(again) == 0 || again[0] != first[0] {
			t.Errorf("seed %d: the bot chose %v, then %v after the undo", seed, first, again)
		}
		// The save with its undos replays.
		if _, err := load(saved(t, g), mini.New("n26")); err != nil {
			t.Errorf("seed %d: the save after an undo against a bot: %v", seed, err)
		}
		return
	}
	t.Fatal("no seed gave a bot turn after the person's")
}

// botsOf is the bots' RNG state, as a save holds it.
func botsOf(t *testing.T, g *engine.Game) string {
	var sv struct{ Bots []byte }
	if err := json.Unmarshal(saved(t, g), &sv); err != nil {
		t.Fatal(err)
	}
	return string(sv.Bots)
}

func containsAction(as []engine.Action, a engine.Action) bool {
	for _, b := range as {
		if a == b {
			return true
		}
	}
	return false
}
