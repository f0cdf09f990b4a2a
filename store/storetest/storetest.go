// Package storetest is the conformance suite every store.Store backend
// passes (the embedded SQLite one now, PostgreSQL later):
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) store.Store { return openFresh(t) })
//	}
//
// It checks that games round-trip, that appends are contiguous and
// refused with the current count when stale, that concurrent appends to one
// game apply exactly once each in a contiguous sequence, and that many
// games append at once without mixing.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/store"
)

// Run runs the suite; open returns a new, empty store (the suite closes it).
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	t.Run("games", func(t *testing.T) { games(t, open(t)) })
	t.Run("append", func(t *testing.T) { appends(t, open(t)) })
	t.Run("concurrent", func(t *testing.T) { concurrent(t, open(t)) })
	t.Run("many-games", func(t *testing.T) { manyGames(t, open(t)) })
	t.Run("rosters", func(t *testing.T) { rosters(t, open(t)) })
	t.Run("campaigns", func(t *testing.T) { campaigns(t, open(t)) })
	t.Run("retention", func(t *testing.T) { retention(t, open(t)) })
}

// retention: Idle lists the games whose last command (or creation) is
// older than a time, oldest first; Delete removes one with its commands.
func retention(t *testing.T, s store.Store) {
	defer s.Close()
	ctx := context.Background()
	day := func(d int) time.Time { return time.Unix(1_700_000_000, 0).UTC().AddDate(0, 0, d) }
	for i, id := range []string{"old", "moved", "new"} {
		g := Sample(id)
		g.Created = day(i) // old: day 0, moved: day 1, new: day 2
		if err := s.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Append(ctx, "moved", store.Command{Seq: 1, Side: 0, Kind: "action", Body: []byte(`{}`), At: day(30)}); err != nil {
		t.Fatal(err)
	}
	idle, err := s.Idle(ctx, day(10), 10)
	if err != nil || strings.Join(idle, " ") != "old new" {
		t.Errorf("idle before day 10: %q %v, want old new", idle, err)
	}
	if idle, _ := s.Idle(ctx, day(10), 1); len(idle) != 1 || idle[0] != "old" {
		t.Errorf("idle, at most 1: %q", idle)
	}
	if err := s.Delete(ctx, "old", day(40)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Game(ctx, "old"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a deleted game: %v", err)
	}
	if err := s.Delete(ctx, "old", day(41)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleting it again: %v", err)
	}
	// What is kept of it: when, its last move, its credentials' hashes.
	want := Sample("old")
	tomb, err := s.Deleted(ctx, "old")
	if err != nil || !tomb.Deleted.Equal(day(40)) || !tomb.LastMove.Equal(day(0)) || len(tomb.Seats) != len(want.Seats) ||
		!bytes.Equal(tomb.Seats[1], want.Seats[1]) || !bytes.Equal(tomb.Watch, want.Watch) {
		t.Errorf("the tombstone: %+v %v", tomb, err)
	}
	if _, err := s.Deleted(ctx, "new"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a live game's tombstone: %v", err)
	}
	if err := s.Delete(ctx, "moved", day(50)); err != nil {
		t.Fatal(err)
	}
	if cmds, err := s.Commands(ctx, "moved", 0); err != nil || len(cmds) != 0 {
		t.Errorf("a deleted game's commands: %d %v", len(cmds), err)
	}
	if idle, _ := s.Idle(ctx, day(100), 10); strings.Join(idle, " ") != "new" {
		t.Errorf("after the deletes: %q", idle)
	}
	if tomb, err := s.Deleted(ctx, "moved"); err != nil || !tomb.LastMove.Equal(day(30)) {
		t.Errorf("the tombstone of a game with moves: %+v %v", tomb, err)
	}
	// Tombstones are forgotten in their turn.
	if n, err := s.Forget(ctx, day(45)); err != nil || n != 1 {
		t.Errorf("forget before day 45: %d %v, want 1", n, err)
	}
	if _, err := s.Deleted(ctx, "old"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a forgotten tombstone: %v", err)
	}
	if _, err := s.Deleted(ctx, "moved"); err != nil {
		t.Errorf("a tombstone not yet forgotten: %v", err)
	}
}

// rosters: a saved roster round-trips; an update applies only as the next
// version (of several racing, exactly one wins) and a stale one changes
// nothing; a missing roster is ErrNotFound.
func rosters(t *testing.T, s store.Store) {
	defer s.Close()
	ctx := context.Background()
	at := time.Unix(1_700_000_000, 7).UTC()
	want := &store.Roster{ID: "r1", Created: at, Updated: at, Ruleset: "trenchcrusade", Name: "The Pit Crows",
		YAML: []byte("name: The Pit Crows\nmodels: []\n"), Edit: []byte{9, 8, 7}, Version: 1}
	if err := s.CreateRoster(ctx, want); err != nil {
		t.Fatal(err)
	}
	got, err := s.Roster(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != "r1" || !got.Created.Equal(at) || !got.Updated.Equal(at) || got.Ruleset != want.Ruleset || got.Name != want.Name ||
		!bytes.Equal(got.YAML, want.YAML) || !bytes.Equal(got.Edit, want.Edit) || got.Version != 1 {
		t.Errorf("roster round trip:\n got %+v\nwant %+v", got, want)
	}
	if err := s.CreateRoster(ctx, want); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second roster r1: %v, want ErrConflict", err)
	}
	if _, err := s.Roster(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a missing roster: %v, want ErrNotFound", err)
	}
	if err := s.UpdateRoster(ctx, &store.Roster{ID: "nope", Version: 2}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("updating a missing roster: %v, want ErrNotFound", err)
	}
	later := at.Add(time.Hour)
	up := &store.Roster{ID: "r1", Updated: later, Name: "The Pit Crows, renamed", YAML: []byte("name: x\n"), Version: 2}
	if err := s.UpdateRoster(ctx, up); err != nil {
		t.Fatal(err)
	}
	for _, v := range []int{2, 4, 1} {
		stale := &store.Roster{ID: "r1", Updated: later, Name: "stale", YAML: []byte("stale"), Version: v}
		var ce *store.ConflictError
		if err := s.UpdateRoster(ctx, stale); !errors.As(err, &ce) || ce.Seq != 2 || !ce.Roster {
			t.Errorf("an update to version %d when at 2: %v, want a roster conflict at 2", v, err)
		}
	}
	got, err = s.Roster(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != up.Name || string(got.YAML) != string(up.YAML) || !got.Updated.Equal(later) || !got.Created.Equal(at) ||
		got.Version != 2 || !bytes.Equal(got.Edit, want.Edit) || got.Ruleset != want.Ruleset {
		t.Errorf("after the update: %+v", got)
	}

	// Eight editors save version 3 at once: one wins.
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := s.UpdateRoster(ctx, &store.Roster{ID: "r1", Updated: later, Name: fmt.Sprint("editor ", i), YAML: []byte("y"), Version: 3})
			if err == nil {
				mu.Lock()
				won++
				mu.Unlock()
			} else if !errors.Is(err, store.ErrConflict) {
				t.Errorf("editor %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	if won != 1 {
		t.Errorf("%d of 8 racing updates to version 3 applied, want 1", won)
	}
}

// Sample is a game record for tests.
func Sample(id string) *store.Game {
	return &store.Game{ID: id, Created: time.Unix(1_700_000_000, 5).UTC(), Ruleset: "n26", Version: "1", Name: "Sump Crossing",
		Scenario: []byte(`{"name":"Sump Crossing"}`), Mode: "board", Dice: "digital", Seed: 1<<63 + 12345, Strict: true, Salt: []byte("0123456789abcdef"), Chosen: true,
		Options: map[string]string{"a": "b"}, Seats: [][]byte{{1, 2, 3}, {4, 5, 6}}, Watch: []byte{7, 8}}
}

func games(t *testing.T, s store.Store) {
	defer s.Close()
	ctx := context.Background()
	want := Sample("g1")
	if err := s.Create(ctx, want); err != nil {
		t.Fatal(err)
	}
	got, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != want.ID || !got.Created.Equal(want.Created) || got.Ruleset != want.Ruleset || got.Version != want.Version ||
		got.Name != want.Name || !bytes.Equal(got.Scenario, want.Scenario) || got.Mode != want.Mode || got.Dice != want.Dice ||
		got.Seed != want.Seed || got.Strict != want.Strict || fmt.Sprint(got.Options) != fmt.Sprint(want.Options) ||
		len(got.Seats) != 2 || !bytes.Equal(got.Seats[1], want.Seats[1]) || !bytes.Equal(got.Watch, want.Watch) ||
		!bytes.Equal(got.Salt, want.Salt) || got.Chosen != want.Chosen {
		t.Errorf("game round trip:\n got %+v\nwant %+v", got, want)
	}
	plain := Sample("g0") // a game without a commitment
	plain.Salt, plain.Chosen = nil, false
	if err := s.Create(ctx, plain); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Game(ctx, "g0"); err != nil || got.Salt != nil || got.Chosen {
		t.Errorf("a game without a commitment: %+v %v", got, err)
	}
	if err := s.Create(ctx, Sample("g1")); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second game g1: %v, want ErrConflict", err)
	}
	// A game created with its log: all of it, or nothing.
	at := time.Unix(1_700_000_200, 0).UTC()
	log := []store.Command{{Seq: 1, Kind: "action", Body: []byte(`{"a":1}`), At: at}, {Seq: 2, Side: 1, Kind: "answer", Body: []byte(`{"a":2}`), At: at}}
	if err := s.Create(ctx, Sample("g2"), log...); err != nil {
		t.Fatal(err)
	}
	if cs, err := s.Commands(ctx, "g2", 0); err != nil || len(cs) != 2 || cs[1].Side != 1 || string(cs[1].Body) != `{"a":2}` {
		t.Errorf("the log created with g2: %+v, %v", cs, err)
	}
	bad := []store.Command{{Seq: 1, Kind: "action", Body: []byte("{}")}, {Seq: 3, Kind: "action", Body: []byte("{}")}}
	if err := s.Create(ctx, Sample("g3"), bad...); err == nil {
		t.Error("a game created with seqs 1, 3")
	}
	if _, err := s.Game(ctx, "g3"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after a failed create, g3: %v, want ErrNotFound (nothing stored)", err)
	}
	if _, err := s.Game(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown game: %v, want ErrNotFound", err)
	}
	if err := s.Append(ctx, "nope", store.Command{Seq: 1, Kind: "action", Body: []byte("{}")}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("append to an unknown game: %v, want ErrNotFound", err)
	}
}

func appends(t *testing.T, s store.Store) {
	defer s.Close()
	ctx := context.Background()
	if err := s.Create(ctx, Sample("g")); err != nil {
		t.Fatal(err)
	}
	at := time.Unix(1_700_000_100, 0).UTC()
	for i := 1; i <= 5; i++ {
		if err := s.Append(ctx, "g", store.Command{Seq: i, Side: i % 2, Kind: "action", Body: []byte(fmt.Sprintf(`{"n":%d}`, i)), At: at}); err != nil {
			t.Fatal(err)
		}
	}
	for _, seq := range []int{5, 7, 0, -1} {
		var ce *store.ConflictError
		err := s.Append(ctx, "g", store.Command{Seq: seq, Kind: "action", Body: []byte("{}")})
		if !errors.As(err, &ce) || ce.Seq != 5 || !errors.Is(err, store.ErrConflict) {
			t.Errorf("append seq %d after 5: %v, want a conflict at 5", seq, err)
		}
	}
	cs, err := s.Commands(ctx, "g", 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 3 || cs[0].Seq != 3 || cs[2].Seq != 5 || cs[0].Side != 1 || cs[0].Kind != "action" || string(cs[0].Body) != `{"n":3}` || !cs[0].At.Equal(at) {
		t.Errorf("commands after 2: %+v", cs)
	}
	if cs, err := s.Commands(ctx, "g", 5); err != nil || len(cs) != 0 {
		t.Errorf("commands after the last: %v, %v", cs, err)
	}
}

// concurrent: 16 writers race to append to one game, each trying the seq
// it last saw; exactly one wins each seq.
func concurrent(t *testing.T, s store.Store) {
	defer s.Close()
	ctx := context.Background()
	if err := s.Create(ctx, Sample("g")); err != nil {
		t.Fatal(err)
	}
	const writers, tries = 16, 50
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := map[int]int{} // seq → writer
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seq := 1
			for range tries {
				err := s.Append(ctx, "g", store.Command{Seq: seq, Side: w, Kind: "action", Body: []byte(fmt.Sprintf(`{"w":%d}`, w))})
				var ce *store.ConflictError
				switch {
				case err == nil:
					mu.Lock()
					if prev, dup := won[seq]; dup {
						t.Errorf("seq %d applied twice (writers %d and %d)", seq, prev, w)
					}
					won[seq] = w
					mu.Unlock()
					seq++
				case errors.As(err, &ce):
					seq = ce.Seq + 1
				default:
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	cs, err := s.Commands(ctx, "g", 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cs {
		if c.Seq != i+1 {
			t.Fatalf("command %d has seq %d: the log is not contiguous", i, c.Seq)
		}
		if want := fmt.Sprintf(`{"w":%d}`, won[c.Seq]); string(c.Body) != want {
			t.Errorf("seq %d holds %s, want the winner's %s", c.Seq, c.Body, want)
		}
	}
	if len(cs) != len(won) {
		t.Errorf("%d commands stored, %d acknowledged", len(cs), len(won))
	}
}

// manyGames: 50 games appended to at once keep their own logs.
func manyGames(t *testing.T, s store.Store) {
	defer s.Close()
	ctx := context.Background()
	const n, each = 50, 20
	for i := range n {
		if err := s.Create(ctx, Sample(fmt.Sprintf("g%d", i))); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 1; k <= each; k++ {
				if err := s.Append(ctx, fmt.Sprintf("g%d", i), store.Command{Seq: k, Kind: "answer", Body: []byte(fmt.Sprintf(`{"g":%d,"k":%d}`, i, k))}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for i := range n {
		cs, err := s.Commands(ctx, fmt.Sprintf("g%d", i), 0)
		if err != nil {
			t.Fatal(err)
		}
		var bodies []string
		for _, c := range cs {
			bodies = append(bodies, string(c.Body))
		}
		want := make([]string, each)
		for k := range want {
			want[k] = fmt.Sprintf(`{"g":%d,"k":%d}`, i, k+1)
		}
		if !slices.Equal(bodies, want) {
			t.Errorf("g%d: %v", i, bodies)
		}
	}
}

// campaigns: a campaign round-trips; an update applies only as the next
// version (of several racing, exactly one wins) and a stale one changes
// nothing; a missing campaign is ErrNotFound.
func campaigns(t *testing.T, s store.Store) {
	defer s.Close()
	ctx := context.Background()
	at := time.Unix(1_700_000_000, 7).UTC()
	want := &store.Campaign{ID: "c1", Created: at, Updated: at, Ruleset: "n26", Name: "Sump War",
		Body: []byte(`{"rosters":["a","b"]}`), Edit: []byte{1, 2, 3}, Version: 1}
	if err := s.CreateCampaign(ctx, want); err != nil {
		t.Fatal(err)
	}
	got, err := s.Campaign(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != "c1" || !got.Created.Equal(at) || !got.Updated.Equal(at) || got.Ruleset != want.Ruleset || got.Name != want.Name ||
		!bytes.Equal(got.Body, want.Body) || !bytes.Equal(got.Edit, want.Edit) || got.Version != 1 {
		t.Errorf("campaign round trip:\n got %+v\nwant %+v", got, want)
	}
	if err := s.CreateCampaign(ctx, want); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second campaign c1: %v, want ErrConflict", err)
	}
	if _, err := s.Campaign(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a missing campaign: %v, want ErrNotFound", err)
	}
	if err := s.UpdateCampaign(ctx, &store.Campaign{ID: "nope", Version: 2}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("updating a missing campaign: %v, want ErrNotFound", err)
	}
	later := at.Add(time.Hour)
	up := &store.Campaign{ID: "c1", Updated: later, Name: "Sump War II", Body: []byte(`{}`), Version: 2}
	if err := s.UpdateCampaign(ctx, up); err != nil {
		t.Fatal(err)
	}
	for _, v := range []int{2, 4, 1} {
		var ce *store.ConflictError
		if err := s.UpdateCampaign(ctx, &store.Campaign{ID: "c1", Updated: later, Name: "stale", Version: v}); !errors.As(err, &ce) || ce.Seq != 2 || !ce.Campaign || ce.Roster {
			t.Errorf("an update to version %d when at 2: %v, want a campaign conflict at 2", v, err)
		}
	}
	got, err = s.Campaign(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != up.Name || string(got.Body) != string(up.Body) || !got.Updated.Equal(later) || !got.Created.Equal(at) ||
		got.Version != 2 || !bytes.Equal(got.Edit, want.Edit) || got.Ruleset != want.Ruleset {
		t.Errorf("after the update: %+v", got)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for i := range 8 {
		wg.Go(func() {
			err := s.UpdateCampaign(ctx, &store.Campaign{ID: "c1", Updated: later, Name: fmt.Sprint("editor ", i), Body: []byte{byte(i)}, Version: 3})
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				won++
			} else if !errors.Is(err, store.ErrConflict) {
				t.Errorf("editor %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	if won != 1 {
		t.Errorf("%d of 8 racing updates to version 3 won, want 1", won)
	}
}
