package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/store"
	"github.com/skirmish-engine/skirmish/store/storetest"
)

func TestConformance(t *testing.T) {
	t.Run("memory", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T) store.Store {
			s, err := Open(":memory:")
			if err != nil {
				t.Fatal(err)
			}
			return s
		})
	})
	t.Run("file", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T) store.Store {
			s, err := Open(filepath.Join(t.TempDir(), "skirmish.db"))
			if err != nil {
				t.Fatal(err)
			}
			return s
		})
	})
}

// A database survives closing and opening again; its pragmas are the ones
// asked for; a newer schema than this program knows is refused.
func TestReopenAndPragmas(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.Create(ctx, storetest.Sample("g")); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g", store.Command{Seq: 1, Kind: "action", Body: []byte("{}")}); err != nil {
		t.Fatal(err)
	}
	for pragma, want := range map[string]string{"journal_mode": "wal", "synchronous": "2", "foreign_keys": "1"} {
		var got string
		if err := s.db.QueryRow("PRAGMA " + pragma).Scan(&got); err != nil || got != want {
			t.Errorf("PRAGMA %s = %q (%v), want %q", pragma, got, err, want)
		}
	}
	s.Close()
	if err := s.Append(ctx, "g", store.Command{Seq: 2, Kind: "action", Body: []byte("{}")}); err == nil {
		t.Error("an append after Close was taken")
	}
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := s.Commands(ctx, "g", 0)
	if err != nil || len(cs) != 1 {
		t.Errorf("after reopening: %v, %v", cs, err)
	}
	if _, err := s.db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(path); err == nil {
		t.Error("a database of a newer schema was opened")
	}
}

// A database that cannot be opened, or a file that is not one, is refused
// with what to do about it.
func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.db")
	if err := os.WriteFile(junk, []byte(strings.Repeat("not a database\n", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		filepath.Join(dir, "no", "such", "folder.db"): "cannot open or create",
		junk: "not an SQLite database",
	} {
		if s, err := Open(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Open(%s): %v, want an error saying %q", path, err, want)
			if s != nil {
				s.Close()
			}
		}
	}
}
