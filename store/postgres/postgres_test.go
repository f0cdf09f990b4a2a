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
	if err != nil || v != postgres.Migrations {
		t.Errorf("schema version %d %v, want %d", v, err, postgres.Migrations)
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
	if c := next("the cut"); c.ID != "" || c.Lost == nil {
		t.Fatalf("after the cut: %+v, want the lost connection", c)
	}
	if c := next("reconnecting"); c != (store.Change{}) {
		t.Fatalf("listening again: %+v, want the empty change", c)
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
		{"postgres://u:hunter2@127.0.0.1:1/db?connect_timeout=2", "u:xxxxx@127.0.0.1"},
		{"postgres://u@127.0.0.1:1/db?connect_timeout=2&password=hunter2", "password=xxxxx"},
		{"POSTGRES://u@127.0.0.1:1/db?connect_timeout=2&application_name=a@b&PassWord=hunter2", "u@127.0.0.1:1"},
		{"postgres://u:hunter2@host/db?pool_max_conns=lots", "pool_max_conns"},
	} {
		if !postgres.IsURL(tc.url) {
			t.Errorf("IsURL(%q) false", tc.url)
		}
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
	// Two servers on a new database, each with a key of its own: the
	// second is refused before it seals anything.
	fresh := pgtest.URL(t)
	first, second := open(t, fresh), open(t, fresh)
	defer first.Close()
	defer second.Close()
	if sealed, err := first.Sealed(ctx); err != nil || sealed {
		t.Errorf("a new database sealed: %v %v", sealed, err)
	}
	if err := first.SealSeeds(make([]byte, store.KeySize)); err != nil {
		t.Fatal(err)
	}
	if sealed, err := second.Sealed(ctx); err != nil || !sealed {
		t.Errorf("a database with a key's check, not sealed: %v %v", sealed, err)
	}
	if err := second.SealSeeds(key); err == nil || !strings.Contains(err.Error(), "its check does not open") {
		t.Errorf("a second key on a new database: %v", err)
	}
}

// Redact hides a password wherever the URL holds it.
func TestRedact(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"postgres://u:secret@h/db", "postgres://u:xxxxx@h/db"},
		{"postgres://u@h/db?password=secret&sslmode=require", "postgres://u@h/db?password=xxxxx&sslmode=require"},
		{"postgres://u@h/db?application_name=a@b", "postgres://u@h/db?application_name=a@b"},
		{"postgres://u:secret@h/%zz", "a postgres:// URL that does not parse"},
	} {
		if got := postgres.Redact(tc.in); got != tc.want || strings.Contains(got, "secret") {
			t.Errorf("Redact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Touched says which games were marked in use (Touch) since a time; a
// later mark stays; Idle goes by the last command only.
func TestTouch(t *testing.T) {
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
	if err := s.Touch(ctx, []string{"a"}, day(15)); err != nil { // an older mark changes nothing
		t.Fatal(err)
	}
	if got, err := s.Touched(ctx, []string{"a", "b", "nosuch"}, day(20)); err != nil || strings.Join(got, " ") != "a" {
		t.Errorf("touched since day 20: %q %v, want a", got, err)
	}
	if got, err := s.Touched(ctx, []string{"a", "b"}, day(21)); err != nil || len(got) != 0 {
		t.Errorf("touched since day 21: %q %v, want none", got, err)
	}
	if idle, err := s.Idle(ctx, day(10), 10); err != nil || strings.Join(idle, " ") != "a b" {
		t.Errorf("idle before day 10: %q %v, want a b (a mark is not a move)", idle, err)
	}
}
