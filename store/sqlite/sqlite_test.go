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
	t.Run("sealed", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T) store.Store {
			s, err := Open(":memory:")
			if err != nil {
				t.Fatal(err)
			}
			if err := s.SealSeeds(make([]byte, KeySize)); err != nil {
				t.Fatal(err)
			}
			return s
		})
	})
}

// Sealed seeds (issue 34): the database holds no seed in clear, the key
// file is made once (readable by its owner only) and reread; the store
// opens a sealed seed only with its key, and says so otherwise.
func TestSealedSeeds(t *testing.T) {
	dir := t.TempDir()
	path, keyPath := filepath.Join(dir, "s.db"), filepath.Join(dir, "s.db.key")
	key, err := KeyFile(keyPath, true)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(keyPath); err != nil || fi.Mode().Perm() != 0o600 || fi.Size() != KeySize {
		t.Fatalf("the key file: %v %v", fi, err)
	}
	if again, err := KeyFile(keyPath, true); err != nil || string(again) != string(key) {
		t.Fatalf("the key file read again differs: %v", err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SealSeeds(key); err != nil {
		t.Fatal(err)
	}
	g := storetest.Sample("g1")
	if err := s.Create(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	var seed int64
	var sealed []byte
	if err := s.db.QueryRow(`SELECT seed, sealed FROM games WHERE id = 'g1'`).Scan(&seed, &sealed); err != nil {
		t.Fatal(err)
	}
	if seed != 0 || len(sealed) < 8+16 {
		t.Errorf("the database holds seed %d and %d sealed bytes", seed, len(sealed))
	}
	if got, err := s.Game(context.Background(), "g1"); err != nil || got.Seed != g.Seed {
		t.Errorf("the sealed seed reads back as %v, %v", got, err)
	}
	s.Close()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Game(context.Background(), "g1"); err == nil || !strings.Contains(err.Error(), "its seed is sealed") {
		t.Errorf("no key: %v", err)
	}
	// A key that does not open the seeds held is refused at once, rather
	// than every game failing later.
	if err := s.SealSeeds(make([]byte, KeySize)); err == nil || !strings.Contains(err.Error(), "does not open the seeds this database holds") {
		t.Errorf("another key: %v", err)
	}
	if sealed, err := s.Sealed(context.Background()); err != nil || !sealed {
		t.Errorf("Sealed: %v %v", sealed, err)
	}
	s.Close()
	// The key file: missing where seeds are sealed, readable by others,
	// a link, the wrong size.
	if _, err := KeyFile(filepath.Join(dir, "gone.key"), false); err == nil || !strings.Contains(err.Error(), "restore the key file") {
		t.Errorf("a missing key, not to be made: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "gone.key")); err == nil {
		t.Error("a missing key was made though it must not be")
	}
	open := filepath.Join(dir, "open.key")
	os.WriteFile(open, key, 0o644)
	os.Chmod(open, 0o644)
	if _, err := KeyFile(open, true); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("a key others can read: %v", err)
	}
	link := filepath.Join(dir, "link.key")
	if err := os.Symlink(keyPath, link); err == nil {
		if _, err := KeyFile(link, true); err == nil || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("a key that is a link: %v", err)
		}
	}
	os.Mkdir(filepath.Join(dir, "dir.key"), 0o700)
	if _, err := KeyFile(filepath.Join(dir, "dir.key"), true); err == nil || !strings.Contains(err.Error(), "is a directory, not a key file") {
		t.Errorf("a key that is a directory: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "short.key"), []byte("abc"), 0o600)
	if _, err := KeyFile(filepath.Join(dir, "short.key"), true); err == nil || !strings.Contains(err.Error(), "3 bytes") {
		t.Errorf("a short key file: %v", err)
	}
	if err := (&Store{}).SealSeeds([]byte("short")); err == nil {
		t.Error("a short key is taken")
	}
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
