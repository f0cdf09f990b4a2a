// Package userfile is the one way skirmish reads and writes files a user
// hands it (scenarios, rosters, saves): the CLI today, the server next
// (DESIGN.md §7, "everything a user hands in is read through one bounded
// reader").
//
// Reading is bounded and never blocks:
//
//   - only regular files are read: a directory, a FIFO, a socket or a device
//     (/dev/zero) is refused before it is opened (Stat), and again after
//     (the open file's own Stat), so a path swapped in between is caught;
//     files are opened with O_NONBLOCK, so a FIFO that slips through cannot
//     block the process;
//   - a file larger than the limit is refused from its size, before any of
//     it is read, and the read itself stops at the limit plus one byte
//     (io.LimitReader), so a file that grows while it is read is refused
//     too, and memory never exceeds the limit;
//   - every error is an *Error naming the file and, for size, the limit.
//
// Files named by another file (a scenario's rosters) are read through a Dir,
// an os.Root over the first file's folder: a name that is absolute, has a
// ".." component, or reaches outside the folder through a symbolic link is
// refused.
//
// Writing (WriteAtomic) goes through a temporary file in the same folder,
// synced and renamed over the target, then the folder is synced, so a
// failed write (a full disk, a crash) leaves any earlier file whole.
//
// The package lives under internal/ because it is policy for this module's
// commands and server, not a general library; it imports only the standard
// library. Its functions are safe for concurrent use; a Dir is too (os.Root
// is).
package userfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Error is a file that cannot be read or written, and why.
type Error struct {
	Name    string // the file as the user named it
	Problem string
	Err     error // the underlying error, if any
}

func (e *Error) Error() string { return e.Name + ": " + e.Problem } // the file's name says what it is about

func (e *Error) Unwrap() error { return e.Err }

// ErrTooLarge is wrapped by the *Error for a file over its limit.
var ErrTooLarge = errors.New("file too large")

// ErrNotRegular is wrapped by the *Error for a directory, FIFO, device or
// socket.
var ErrNotRegular = errors.New("not a regular file")

// ErrOutside is wrapped by the *Error for a name that leaves its folder.
var ErrOutside = errors.New("outside the folder")

// Read reads the regular file name, refusing it if it holds more than max
// bytes.
func Read(name string, max int64) ([]byte, error) {
	return read(name, max, os.Stat, func() (*os.File, error) {
		return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	})
}

// ReadFrom reads at most max bytes from r, refusing more: for a request
// body or standard input. name names the source in errors.
func ReadFrom(r io.Reader, name string, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, &Error{Name: name, Problem: "cannot be read: " + plain(err), Err: err}
	}
	if int64(len(data)) > max {
		return nil, tooLarge(name, -1, max)
	}
	return data, nil
}

func read(name string, max int64, stat func(string) (fs.FileInfo, error), open func() (*os.File, error)) ([]byte, error) {
	fi, err := stat(name)
	if err != nil {
		return nil, openError(name, err)
	}
	if err := regular(name, fi, max); err != nil {
		return nil, err
	}
	f, err := open()
	if err != nil {
		return nil, openError(name, err)
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, openError(name, err)
	}
	if err := regular(name, fi, max); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if n := fi.Size(); n > 0 && n <= max {
		buf.Grow(int(n) + 1)
	}
	if _, err := buf.ReadFrom(io.LimitReader(f, max+1)); err != nil {
		return nil, &Error{Name: name, Problem: "cannot be read: " + plain(err), Err: err}
	}
	if int64(buf.Len()) > max {
		return nil, tooLarge(name, -1, max)
	}
	return buf.Bytes(), nil
}

// regular refuses what is not a regular file, or is too large already.
func regular(name string, fi fs.FileInfo, max int64) error {
	m := fi.Mode()
	if !m.IsRegular() {
		return &Error{Name: name, Problem: "is " + Kind(m) + ", not a regular file", Err: ErrNotRegular}
	}
	if fi.Size() > max {
		return tooLarge(name, fi.Size(), max)
	}
	return nil
}

func tooLarge(name string, size, max int64) error {
	if size >= 0 {
		return &Error{Name: name, Problem: fmt.Sprintf("%d bytes; allowed at most %d", size, max), Err: ErrTooLarge}
	}
	return &Error{Name: name, Problem: fmt.Sprintf("more than %d bytes; allowed at most %d", max, max), Err: ErrTooLarge}
}

// Kind names what a file that is not a plain file is, for messages: "a
// directory", "a FIFO (named pipe)".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a plain file"
}

// openError words an error from stat or open for people.
func openError(name string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &Error{Name: name, Problem: "no such file", Err: err}
	case errors.Is(err, fs.ErrPermission):
		return &Error{Name: name, Problem: "permission denied", Err: err}
	case isEscape(err):
		return &Error{Name: name, Problem: "leads outside the folder it is read from", Err: errors.Join(ErrOutside, err)}
	}
	return &Error{Name: name, Problem: "cannot be read: " + plain(err), Err: err}
}

// isEscape reports an os.Root error for a path that leaves the root.
func isEscape(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "escapes")
}

// plain is err's message without the path an *fs.PathError repeats.
func plain(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Dir reads files named relative to one folder, never outside it.
type Dir struct {
	path string
	root *os.Root
}

// OpenDir opens the folder path for reading files inside it.
func OpenDir(path string) (*Dir, error) {
	r, err := os.OpenRoot(path)
	if err != nil {
		return nil, openError(path, err)
	}
	return &Dir{path: path, root: r}, nil
}

// Close releases the folder.
func (d *Dir) Close() error { return d.root.Close() }

// CheckName refuses a name that could leave its folder: empty, absolute,
// or with a ".." component. Symbolic links are checked when the file is
// opened (Dir.Read).
func CheckName(name string) error {
	switch {
	case name == "":
		return &Error{Name: name, Problem: "empty; allowed a file name in the folder or below it", Err: ErrOutside}
	case filepath.IsAbs(name) || strings.HasPrefix(name, "/") || strings.HasPrefix(name, `\`) || filepath.VolumeName(name) != "":
		return &Error{Name: name, Problem: "is an absolute path; allowed a file name in the folder or below it", Err: ErrOutside}
	}
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			return &Error{Name: name, Problem: `has a ".." component; allowed a file name in the folder or below it`, Err: ErrOutside}
		}
	}
	if !filepath.IsLocal(name) {
		return &Error{Name: name, Problem: "is not a plain name in the folder; allowed a file name in the folder or below it", Err: ErrOutside}
	}
	return nil
}

// Read reads the regular file name inside the folder, refusing it if it
// holds more than max bytes or if name leaves the folder (CheckName, and
// symbolic links that point outside it).
func (d *Dir) Read(name string, max int64) ([]byte, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	return read(name, max, d.root.Stat, func() (*os.File, error) {
		return d.root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	})
}

// Stat returns the file information of name inside the folder (following
// symbolic links that stay inside).
func (d *Dir) Stat(name string) (fs.FileInfo, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	fi, err := d.root.Stat(name)
	if err != nil {
		return nil, openError(name, err)
	}
	return fi, nil
}
