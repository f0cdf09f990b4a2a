package engine_test

import (
	"bytes"
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

// The start's opening rolls, typed at a table, can be taken back while
// they are asked and after: the game starts again from its setup and asks
// them again (a mistyped face is not stuck in the game). A strict game
// refuses, as for any typed dice; a start that asked no one anything has
// nothing to take back.
func TestUndoStart(t *testing.T) {
	newGame := func(cfg engine.Config) *engine.Game {
		t.Helper()
		g, err := engine.New(mini.New("n26"), mini.BoardSetup(testBoard()), cfg)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	// the priority roll-off: the first side's die, the second's; a tie
	// rolls again
	face := func(g *engine.Game, a, b string) {
		t.Helper()
		if p := g.Pending(); p == nil || p.Kind != engine.DiceQ {
			t.Fatalf("want the opening roll asked, pending %+v", p)
		}
		if err := g.Answer(engine.DiceQ, engine.Reply{Faces: []string{a, b}}); err != nil {
			t.Fatal(err)
		}
	}
	g := newGame(engine.Config{Seed: 3, Dice: engine.PhysicalDice})
	if err := g.Undo(); !errors.Is(err, engine.ErrNothingToUndo) {
		t.Fatalf("undo before any face: %v", err)
	}
	face(g, "6", "6") // a tie, mistyped
	if p := g.Pending(); p == nil || p.Answer != 1 {
		t.Fatalf("want the roll-off asked again, pending %+v", p)
	}
	if err := g.CanUndo(0); err != nil {
		t.Fatalf("CanUndo with a face typed: %v", err)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if p := g.Pending(); p == nil || p.Answer != 0 || len(g.Log().Entries) != 0 {
		t.Fatalf("after undo want the first die asked again, pending %+v, %d entries", p, len(g.Log().Entries))
	}
	face(g, "1", "4") // side 1 goes first
	if g.Pending() != nil || len(g.Log().Entries) != 1 || g.State().Turn.Side != 1 {
		t.Fatalf("start done: pending %v, %d entries, side %d", g.Pending(), len(g.Log().Entries), g.State().Turn.Side)
	}
	// side 1 acts; undo takes it back, the next undo the start
	if err := g.Apply(g.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	if err := g.Undo(); err != nil || !g.Log().Entries[1].Undone {
		t.Fatalf("undo the first action: %v", err)
	}
	if err := g.UndoAs(0); err != nil {
		t.Fatalf("undo the start (no side's): %v", err)
	}
	if p := g.Pending(); p == nil || p.Answer != 0 || len(g.Log().Entries) != 0 {
		t.Fatalf("after undoing the start want its first die asked, pending %+v, %d entries", p, len(g.Log().Entries))
	}
	face(g, "5", "2") // side 0 first, now
	if g.State().Turn.Side != 0 || len(g.Log().Entries) != 1 {
		t.Fatalf("side %d first, %d entries", g.State().Turn.Side, len(g.Log().Entries))
	}
	if err := g.Apply(g.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	// the game replays as if the mistakes were never typed
	if s, err := g.Rebuild(); err != nil {
		t.Fatal(err)
	} else if ok, why := s.Equal(g.State()); !ok {
		t.Fatalf("rebuilt state differs: %s", why)
	}
	saveLoad(t, g)

	// strict: typed dice stay, at the start as anywhere
	g = newGame(engine.Config{Seed: 3, Dice: engine.PhysicalDice, Strict: true})
	face(g, "6", "6")
	var ue *engine.UndoError
	if err := g.Undo(); !errors.As(err, &ue) || ue.Entry != 0 || g.Pending() == nil || g.Pending().Answer != 1 {
		t.Fatalf("strict undo of a typed opening die: %v, pending %+v", err, g.Pending())
	}
	face(g, "2", "1")
	if err := g.Undo(); !errors.As(err, &ue) || len(g.Log().Entries) != 1 {
		t.Fatalf("strict undo of the typed start: %v", err)
	}

	// digital dice, bots or people: the start asked no one, nothing to undo
	g = newGame(engine.Config{Seed: 3})
	if err := g.Undo(); !errors.Is(err, engine.ErrNothingToUndo) || len(g.Log().Entries) != 1 {
		t.Fatalf("undo of a digital start: %v", err)
	}
}

// A game saved while its opening rolls wait (nothing in its log yet) loads
// to the same place: the opening rolls asked again. A save with an empty
// log for a game whose start asks no one is refused.
func TestSaveBeforeStart(t *testing.T) {
	su := func() *engine.Setup { return mini.BoardSetup(testBoard()) }
	g, err := engine.New(mini.New("n26"), su(), engine.Config{Seed: 4, Dice: engine.PhysicalDice})
	if err != nil {
		t.Fatal(err)
	}
	g.Answer(engine.DiceQ, engine.Reply{Faces: []string{"3", "3"}}) // a tie, in flight: not saved
	g2 := saveLoad(t, g)
	if p := g2.Pending(); p == nil || p.Answer != 0 || len(g2.Log().Entries) != 0 {
		t.Fatalf("loaded: pending %+v, %d entries", p, len(g2.Log().Entries))
	}
	if err := g2.Answer(engine.DiceQ, engine.Reply{Faces: []string{"3", "5"}}); err != nil {
		t.Fatal(err)
	}
	if g2.Pending() != nil || g2.State().Turn.Side != 1 {
		t.Fatalf("loaded game's start: pending %v, side %d", g2.Pending(), g2.State().Turn.Side)
	}

	// the same empty log, claimed for a digital game (digests recomputed)
	d, err := engine.New(mini.New("n26"), su(), engine.Config{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := d.Save(&buf); err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	raw["entries"] = nil
	js, _ := json.Marshal(raw)
	sv, err := engine.ReadSave(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	var fe *engine.FieldError
	if _, err := engine.Load(mini.New("n26"), su(), sv, nil); !errors.As(err, &fe) || fe.Path != "entries" {
		t.Errorf("an empty log for a digital game: %v, want a FieldError on entries", err)
	}
}

// saveLoad saves g, reads and loads the save, and checks it saves again
// the same.
func saveLoad(t *testing.T, g *engine.Game) *engine.Game {
	t.Helper()
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		t.Fatal(err)
	}
	sv, err := engine.ReadSave(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	g2, err := engine.Load(g.Ruleset(), mini.BoardSetup(testBoard()), sv, nil)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	var again bytes.Buffer
	if err := g2.Save(&again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Errorf("the loaded game saves differently")
	}
	return g2
}
