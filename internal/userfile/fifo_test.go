//go:build unix

package userfile

import (
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO is refused at once, never opened for a blocking read.
func TestReadFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	_, err := Read(fifo, 1<<20)
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "is a FIFO (named pipe), not a regular file") {
		t.Errorf("got %v", err)
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Read("pipe.yaml", 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Errorf("in a Dir: got %v", err)
	}
}
