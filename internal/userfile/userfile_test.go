package userfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// allocated runs f and returns the bytes it allocated.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

const memBound = 64 << 20 // a correctness bound: no hostile input gets near it

func TestRead(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.yaml")
	if err := os.WriteFile(ok, []byte("name: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := Read(ok, 100); err != nil || string(b) != "name: x\n" {
		t.Fatalf("Read: %q %v", b, err)
	}
	big := filepath.Join(dir, "big.yaml")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(50 << 20); err != nil { // sparse: 50 MB without writing them
		t.Fatal(err)
	}
	f.Close()
	for _, tc := range []struct {
		name, path string
		max        int64
		want       string
		is         error
	}{
		{"exactly the limit", ok, 8, "", nil},
		{"one byte over", ok, 7, "8 bytes; allowed at most 7", ErrTooLarge},
		{"50 MB", big, 1 << 20, "52428800 bytes; allowed at most 1048576", ErrTooLarge},
		{"a directory", dir, 1 << 20, "is a directory, not a regular file", ErrNotRegular},
		{"/dev/zero", "/dev/zero", 1 << 20, "is a character device, not a regular file", ErrNotRegular},
		{"missing", filepath.Join(dir, "nope.yaml"), 1 << 20, "no such file", os.ErrNotExist},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.path == "/dev/zero" {
				if _, err := os.Stat("/dev/zero"); err != nil {
					t.Skip("no /dev/zero here")
				}
			}
			var err error
			if n := allocated(func() { _, err = Read(tc.path, tc.max) }); n > memBound {
				t.Errorf("allocated %d bytes", n)
			}
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var ue *Error
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.path) {
				t.Fatalf("got %v, want an *Error naming %s: %s", err, tc.path, tc.want)
			}
			if !errors.Is(err, tc.is) {
				t.Errorf("%v is not %v", err, tc.is)
			}
		})
	}
}

// An endless stream is read only up to the limit plus one byte.
func TestReadFrom(t *testing.T) {
	zeros := io.LimitReader(zero{}, 1<<40)
	var err error
	if n := allocated(func() { _, err = ReadFrom(zeros, "stdin", 1<<20) }); n > memBound {
		t.Errorf("allocated %d bytes", n)
	}
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "stdin: more than 1048576 bytes") {
		t.Errorf("got %v", err)
	}
	if b, err := ReadFrom(strings.NewReader("abc"), "body", 3); err != nil || string(b) != "abc" {
		t.Errorf("got %q %v", b, err)
	}
}

type zero struct{}

func (zero) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// Names inside a Dir stay inside: no "..", no absolute paths, no symbolic
// links out.
func TestDir(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "scenarios")
	must(t, os.MkdirAll(filepath.Join(dir, "gangs"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "gangs", "red.yaml"), []byte("red"), 0o644))
	must(t, os.WriteFile(filepath.Join(top, "secret.yaml"), []byte("secret"), 0o644))
	must(t, os.Symlink(filepath.Join(top, "secret.yaml"), filepath.Join(dir, "out.yaml")))
	must(t, os.Symlink("../secret.yaml", filepath.Join(dir, "rel-out.yaml")))
	must(t, os.Symlink("gangs/red.yaml", filepath.Join(dir, "in.yaml")))
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, name := range []string{"gangs/red.yaml", "in.yaml", "./gangs/red.yaml"} {
		if b, err := d.Read(name, 100); err != nil || string(b) != "red" {
			t.Errorf("%s: %q %v", name, b, err)
		}
	}
	for name, want := range map[string]string{
		"../secret.yaml":                  `has a ".." component`,
		"gangs/../../secret.yaml":         `has a ".." component`,
		"gangs/../red.yaml":               `has a ".." component`,
		filepath.Join(top, "secret.yaml"): "is an absolute path",
		"out.yaml":                        "leads outside the folder",
		"rel-out.yaml":                    "leads outside the folder",
		"":                                "empty",
		"gangs":                           "is a directory",
	} {
		_, err := d.Read(name, 100)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", name, err, want)
		}
	}
}

func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "game.json")
	must(t, WriteAtomic(name, []byte("first"), 0o644))
	must(t, WriteAtomic(name, []byte("second"), 0o644))
	if b, _ := os.ReadFile(name); string(b) != "second" {
		t.Fatalf("content %q", b)
	}
	// A write that fails half way (a full disk) leaves the earlier save.
	defer func(w func(io.Writer, []byte) error) { write = w }(write)
	write = func(w io.Writer, data []byte) error {
		w.Write(data[:2])
		return errors.New("no space left on device")
	}
	err := WriteAtomic(name, []byte("third, longer"), 0o644)
	if err == nil || !strings.Contains(err.Error(), "no space left on device") {
		t.Fatalf("got %v", err)
	}
	if b, _ := os.ReadFile(name); string(b) != "second" {
		t.Errorf("a failed write changed the file to %q", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	must(t, CheckWritable(filepath.Join(dir, "new.json")))
	for path, want := range map[string]string{
		filepath.Join(dir, "no-such-folder", "g.json"): "does not exist",
		dir: "is a directory",
	} {
		if err := CheckWritable(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", path, err, want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("CheckWritable left %v", entries)
	}
	if b, err := Head(filepath.Join(dir, "missing"), 10); err == nil {
		t.Errorf("Head of a missing file: %q", b)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// FuzzReadFrom: the bounded reader returns everything up to the limit and
// refuses the rest, never more.
func FuzzReadFrom(f *testing.F) {
	f.Add([]byte("name: x"), uint16(3))
	f.Add([]byte{}, uint16(0))
	f.Fuzz(func(t *testing.T, data []byte, max uint16) {
		b, err := ReadFrom(bytes.NewReader(data), "fuzz", int64(max))
		switch {
		case len(data) > int(max):
			if !errors.Is(err, ErrTooLarge) || b != nil {
				t.Fatalf("%d bytes over a limit of %d: %v", len(data), max, err)
			}
		case err != nil || !bytes.Equal(b, data):
			t.Fatalf("%d bytes under a limit of %d: %q %v", len(data), max, b, err)
		}
	})
}

// An Atomic written in pieces appears whole at Commit, never before; an
// aborted one, or one whose write failed, leaves the old file and no
// temporary file behind.
func TestAtomic(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "games.jsonl")
	must(t, WriteAtomic(name, []byte("old\n"), 0o600))
	a, err := CreateAtomic(name, 0o644)
	must(t, err)
	for range 3 {
		if _, err := a.Write([]byte("line\n")); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(name); string(b) != "old\n" {
			t.Fatalf("before Commit the file reads %q", b)
		}
	}
	must(t, a.Commit())
	if b, _ := os.ReadFile(name); string(b) != "line\nline\nline\n" {
		t.Fatalf("after Commit the file reads %q", b)
	}
	if fi, _ := os.Stat(name); fi.Mode().Perm() != 0o600 {
		t.Errorf("an existing file's permissions became %v", fi.Mode().Perm())
	}
	a, err = CreateAtomic(name, 0o644)
	must(t, err)
	a.Write([]byte("half"))
	a.Abort()
	a.Abort()
	if b, _ := os.ReadFile(name); string(b) != "line\nline\nline\n" {
		t.Errorf("an aborted write changed the file to %q", b)
	}
	// A failed write: Commit reports it and changes nothing.
	a, err = CreateAtomic(name, 0o644)
	must(t, err)
	a.f.Close() // the next write fails, as on a full disk
	if _, err := a.Write([]byte("x")); err == nil {
		t.Fatal("a write to a closed file succeeded")
	}
	if err := a.Commit(); err == nil || !strings.Contains(err.Error(), name) {
		t.Errorf("Commit after a failed write: %v", err)
	}
	if b, _ := os.ReadFile(name); string(b) != "line\nline\nline\n" {
		t.Errorf("a failed write changed the file to %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	if _, err := CreateAtomic(dir, 0o644); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("CreateAtomic on a folder: %v", err)
	}
}
