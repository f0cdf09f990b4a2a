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
		return &Error{Name: name, Problem: "is " + kind(fi.Mode()) + ", not a regular file", Err: ErrNotRegular}
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
func WriteAtomic(name string, data []byte, perm fs.FileMode) (err error) {
	if fi, err := os.Lstat(name); err == nil {
		if !fi.Mode().IsRegular() {
			return &Error{Name: name, Problem: "is " + kind(fi.Mode()) + ", not a regular file", Err: ErrNotRegular}
		}
		perm = fi.Mode().Perm()
	}
	dir := filepath.Dir(name)
	f, err := os.CreateTemp(dir, "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return writeError(name, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = write(f, data); err != nil {
		return writeError(name, err)
	}
	if err = f.Chmod(perm); err != nil {
		return writeError(name, err)
	}
	if err = f.Sync(); err != nil {
		return writeError(name, err)
	}
	if err = f.Close(); err != nil {
		return writeError(name, err)
	}
	if err = os.Rename(tmp, name); err != nil {
		return writeError(name, err)
	}
	return syncDir(dir)
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
		return nil, &Error{Name: name, Problem: "is " + kind(fi.Mode()) + ", not a regular file", Err: ErrNotRegular}
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
