package server

import (
	"context"
	"testing"

	"github.com/skirmish-engine/skirmish/store"
)

// A finished game's outcome, kept for campaigns' pages, goes with any
// change another server makes to the game (an undo may take the end
// back), and all of them when the server listens again after a gap (issue
// 37).
func TestOutcomesFollowChanges(t *testing.T) {
	s := &Server{games: map[string]*game{}}
	s.outcomes.put("aaaaaaaaaaaa", outcome{winner: 1, digest: "d1"})
	s.outcomes.put("bbbbbbbbbbbb", outcome{winner: 0, digest: "d2"})
	s.changed(context.Background(), store.Change{ID: "aaaaaaaaaaaa", Seq: 40})
	if _, ok := s.outcomes.get("aaaaaaaaaaaa"); ok {
		t.Error("another server's change to a finished game kept its outcome")
	}
	if o, ok := s.outcomes.get("bbbbbbbbbbbb"); !ok || o.winner != 0 {
		t.Error("a change to one game dropped another's outcome")
	}
	s.changed(context.Background(), store.Change{}) // listening again
	if _, ok := s.outcomes.get("bbbbbbbbbbbb"); ok {
		t.Error("listening again after a gap kept an outcome")
	}
}
