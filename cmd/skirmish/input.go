package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxLine is the longest line play reads; a longer one is refused and
// skipped, never taken for the end of the input.
const maxLine = 4096

// errLineTooLong is a typed line over maxLine bytes.
var errLineTooLong = fmt.Errorf("line too long (limit %d bytes); ignored", maxLine)

// lineResult is one line read, or why none was.
type lineResult struct {
	text string
	err  error
}

// lines reads lines from r on request, in a goroutine of its own, so that
// a game can wait for a line and for an interrupt at once. Each value sent
// on want asks for one line; closing want ends the goroutine (when it is
// not in the middle of a read).
func lines(r io.Reader) (want chan<- struct{}, got <-chan lineResult) {
	w, g := make(chan struct{}), make(chan lineResult, 1) // a line read after the game stopped is dropped
	br := bufio.NewReaderSize(r, maxLine)
	go func() {
		for range w {
			g <- readLine(br)
		}
	}()
	return w, g
}

// readLine reads one line of at most maxLine bytes; a longer line is read
// to its end and dropped, and reported as errLineTooLong.
func readLine(br *bufio.Reader) lineResult {
	var b []byte
	long := false
	for {
		chunk, err := br.ReadSlice('\n')
		if !long {
			b = append(b, chunk...)
			if len(b) > maxLine+1 {
				long, b = true, nil
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && (len(b) > 0 || long) && errors.Is(err, io.EOF):
		case err != nil:
			return lineResult{err: err}
		}
		if long {
			return lineResult{err: errLineTooLong}
		}
		return lineResult{text: strings.TrimRight(string(b), "\r\n")}
	}
}

// printable shows a typed line with its control characters (and bytes that
// are not UTF-8) escaped, so that echoing it cannot drive the terminal.
func printable(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.In(r, unicode.Bidi_Control):
			q := fmt.Sprintf("%+q", string(r))
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
