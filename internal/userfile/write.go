package userfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// CheckWritable checks, before any work is done, that name can be written
// later by WriteAtomic: it is not a directory, a device, a FIFO or a
// symbolic link, and its folder exists and takes new files (a temporary
// file is created there and removed at once, so nothing is left behind).
func CheckWritable(name string) error {
	fi, err := os.Lstat(name)
	switch {
	case err == nil && fi.Mode()&fs.ModeSymlink != 0:
		return &Error{Name: name, Problem: "is a symbolic link; give the file it points to", Err: ErrNotRegular}
	case err == nil && !fi.Mode().IsRegular():
		return &Error{Name: name, Problem: "is " + Kind(fi.Mode()) + ", not a regular file", Err: ErrNotRegular}
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return writeError(name, err)
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.check")
	if err != nil {
		return writeError(name, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

func writeError(name string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &Error{Name: name, Problem: "cannot be written: its folder " + filepath.Dir(name) + " does not exist", Err: err}
	case errors.Is(err, fs.ErrPermission):
		return &Error{Name: name, Problem: "cannot be written: permission denied", Err: err}
	}
	return &Error{Name: name, Problem: "cannot be written: " + plain(err), Err: err}
}

// write is the one write of WriteAtomic; tests replace it to fail.
var write = func(w io.Writer, data []byte) error {
	_, err := w.Write(data)
	return err
}

// WriteAtomic writes data to name so that name is, at every moment, either
// its old content or the new one: a temporary file in the same folder is
// written, synced to disk, closed and renamed over name, and the folder is
// synced. An existing file keeps its permissions; a new one gets perm. On
// any failure the temporary file is removed and name is untouched.
func WriteAtomic(name string, data []byte, perm fs.FileMode) error {
	a, err := CreateAtomic(name, perm)
	if err != nil {
		return err
	}
	if err := write(a.f, data); err != nil {
		a.Abort()
		return writeError(name, err)
	}
	return a.Commit()
}

// Atomic is a file written in pieces that appears under its name whole, or
// not at all: WriteAtomic for output too large to hold in memory (a batch
// simulation's records). Write to it, then Commit, or Abort to leave name
// as it was.
type Atomic struct {
	name, tmp string
	perm      fs.FileMode
	f         *os.File
	err       error // the first write error, reported by Commit
}

// CreateAtomic starts an Atomic for name, making its temporary file in
// name's folder. An existing name must be a regular file (it keeps its
// permissions); a new one gets perm.
func CreateAtomic(name string, perm fs.FileMode) (*Atomic, error) {
	if fi, err := os.Lstat(name); err == nil {
		if !fi.Mode().IsRegular() {
			return nil, &Error{Name: name, Problem: "is " + Kind(fi.Mode()) + ", not a regular file", Err: ErrNotRegular}
		}
		perm = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return nil, writeError(name, err)
	}
	return &Atomic{name: name, tmp: f.Name(), perm: perm, f: f}, nil
}

// Write writes to the temporary file. After an error every Write fails
// with it, and so does Commit.
func (a *Atomic) Write(p []byte) (int, error) {
	if a.err != nil {
		return 0, a.err
	}
	n, err := a.f.Write(p)
	if err != nil {
		a.err = writeError(a.name, err)
	}
	return n, a.err
}

// Commit syncs and closes the temporary file and renames it over name.
// On failure name is untouched and the temporary file removed.
func (a *Atomic) Commit() (err error) {
	defer func() {
		if err != nil {
			a.Abort()
		}
	}()
	if a.err != nil {
		return a.err
	}
	if err = a.f.Chmod(a.perm); err != nil {
		return writeError(a.name, err)
	}
	if err = a.f.Sync(); err != nil {
		return writeError(a.name, err)
	}
	if err = a.f.Close(); err != nil {
		return writeError(a.name, err)
	}
	if err = os.Rename(a.tmp, a.name); err != nil {
		return writeError(a.name, err)
	}
	return syncDir(filepath.Dir(a.name))
}

// Abort removes the temporary file; name is untouched. It may follow a
// failed Commit, and be called more than once.
func (a *Atomic) Abort() {
	a.f.Close()
	os.Remove(a.tmp)
}

// syncDir makes a rename in dir durable, where the system can.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil // the file is written; only its durability is unknown
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return writeError(dir, err)
	}
	return nil
}

// Head returns the first n bytes of the regular file name (fewer if it is
// shorter), without reading the rest.
func Head(name string, n int) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, openError(name, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, &Error{Name: name, Problem: "is " + Kind(fi.Mode()) + ", not a regular file", Err: ErrNotRegular}
	}
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, openError(name, err)
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, &Error{Name: name, Problem: "is not a regular file", Err: ErrNotRegular}
	}
	buf := make([]byte, n)
	k, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, &Error{Name: name, Problem: "cannot be read: " + plain(err), Err: err}
	}
	return buf[:k], nil
}
