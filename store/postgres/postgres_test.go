package postgres_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/internal/pgtest"
	"github.com/skirmish-engine/skirmish/store"
	"github.com/skirmish-engine/skirmish/store/postgres"
	"github.com/skirmish-engine/skirmish/store/storetest"
)

func open(t *testing.T, url string) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The shared conformance suite, each part on a database of its own.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return open(t, pgtest.URL(t)) })
	t.Run("sealed", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T) store.Store {
			s := open(t, pgtest.URL(t))
			if err := s.SealSeeds(make([]byte, store.KeySize)); err != nil {
				t.Fatal(err)
			}
			return s
		})
	})
}

// Two servers starting at once on a new database migrate it once: the
// advisory lock makes the second wait, then find the schema current.
func TestMigrateOnceUnderLock(t *testing.T) {
	url := pgtest.URL(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	stores := make([]*postgres.Store, 4)
	for i := range stores {
		wg.Go(func() { stores[i], errs[i] = postgres.Open(context.Background(), url) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("open %d: %v", i, err)
		}
		defer stores[i].Close()
	}
	v, err := stores[0].Version(context.Background())
	if err != nil || v != 2 {
		t.Errorf("schema version %d %v, want 2", v, err)
	}
	// And the schema works for all of them.
	if err := stores[3].Create(context.Background(), storetest.Sample("g")); err != nil {
		t.Fatal(err)
	}
	if _, err := stores[1].Game(context.Background(), "g"); err != nil {
		t.Fatal(err)
	}
}

// A change committed through one store is heard by another store's
// Listen on the same database within 100 ms (issue 36); a deletion too;
// a listening connection lost is made again, and says so.
func TestListenHearsOtherServers(t *testing.T) {
	url := pgtest.URL(t)
	a, b := open(t, url), open(t, url)
	defer a.Close()
	defer b.Close()
	ctx, cancel := context.WithCancel(context.Background())
	heard := make(chan store.Change, 16)
	done := make(chan error, 1)
	go func() { done <- b.Listen(ctx, func(c store.Change) { heard <- c }) }()
	next := func(what string) store.Change {
		t.Helper()
		select {
		case c := <-heard:
			return c
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: nothing heard in 5 s", what)
		}
		return store.Change{}
	}
	if c := next("listening"); c != (store.Change{}) {
		t.Fatalf("first: %+v, want the (re)connection's empty change", c)
	}
	if err := a.Create(ctx, storetest.Sample("g")); err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= 3; seq++ {
		start := time.Now()
		if err := a.Append(ctx, "g", store.Command{Seq: seq, Side: 0, Kind: "action", Body: []byte(`{}`), At: time.Now()}); err != nil {
			t.Fatal(err)
		}
		c := next("an append")
		if c != (store.Change{ID: "g", Seq: seq}) {
			t.Fatalf("heard %+v, want g at %d", c, seq)
		}
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Errorf("append %d heard after %v, want within 100 ms", seq, d)
		}
	}
	// A refused append (a stale seq) tells nothing.
	if err := a.Append(ctx, "g", store.Command{Seq: 2, Kind: "action", Body: []byte(`{}`), At: time.Now()}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale append: %v", err)
	}
	if err := a.Delete(ctx, "g", time.Now()); err != nil {
		t.Fatal(err)
	}
	if c := next("a deletion"); c != (store.Change{ID: "g", Deleted: true}) {
		t.Fatalf("heard %+v, want g deleted", c)
	}
	// The listening connection is cut: Listen connects again and says so.
	if _, err := a.Pool().Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	if c := next("reconnecting"); c != (store.Change{}) {
		t.Fatalf("after the cut: %+v, want the empty change", c)
	}
	if err := a.Create(ctx, storetest.Sample("h")); err != nil {
		t.Fatal(err)
	}
	if err := a.Append(ctx, "h", store.Command{Seq: 1, Kind: "action", Body: []byte(`{}`), At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if c := next("an append after the cut"); c != (store.Change{ID: "h", Seq: 1}) {
		t.Fatalf("heard %+v, want h at 1", c)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Listen returned %v when its context ended", err)
	}
}

// Bad URLs and keys get errors that say what is wrong, and never show a
// password.
func TestOpenErrors(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, tc := range []struct{ url, want string }{
		{"postgres://u:hunter2@127.0.0.1:1/db?connect_timeout=2", "u:…@127.0.0.1"},
		{"postgres://u:hunter2@host/db?pool_max_conns=lots", "pool_max_conns"},
	} {
		_, err := postgres.Open(ctx, tc.url)
		if err == nil || strings.Contains(err.Error(), "hunter2") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Open(%q): %v; want an error with %q and no password", tc.url, err, tc.want)
		}
	}
	url := pgtest.URL(t)
	s := open(t, url)
	defer s.Close()
	if err := s.SealSeeds(make([]byte, 5)); err == nil {
		t.Error("a 5-byte key taken")
	}
	key := make([]byte, store.KeySize)
	if err := s.SealSeeds(key); err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, storetest.Sample("g")); err != nil {
		t.Fatal(err)
	}
	other := open(t, url)
	defer other.Close()
	if _, err := other.Game(ctx, "g"); err == nil || !strings.Contains(err.Error(), "--seal-key") {
		t.Errorf("a sealed game without the key: %v", err)
	}
	key[0] = 1
	if err := other.SealSeeds(key); err == nil || !strings.Contains(err.Error(), "same key file") {
		t.Errorf("another key: %v", err)
	}
}

// A game in use on some server (Touch) is not idle, whatever its last
// command; the sweep of another server then spares it.
func TestTouchKeepsGamesFromIdle(t *testing.T) {
	s := open(t, pgtest.URL(t))
	defer s.Close()
	ctx := context.Background()
	day := func(d int) time.Time { return time.Unix(1_700_000_000, 0).UTC().AddDate(0, 0, d) }
	for i, id := range []string{"a", "b"} {
		g := storetest.Sample(id)
		g.Created = day(i)
		if err := s.Create(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Touch(ctx, []string{"a", "nosuch"}, day(20)); err != nil {
		t.Fatal(err)
	}
	if err := s.Touch(ctx, []string{"a"}, day(15)); err != nil { // an older touch changes nothing
		t.Fatal(err)
	}
	if idle, err := s.Idle(ctx, day(10), 10); err != nil || strings.Join(idle, " ") != "b" {
		t.Errorf("idle before day 10: %q %v, want b (a in use on day 20)", idle, err)
	}
	if idle, err := s.Idle(ctx, day(30), 10); err != nil || strings.Join(idle, " ") != "b a" {
		t.Errorf("idle before day 30: %q %v, want b a", idle, err)
	}
}
