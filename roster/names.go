package roster

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skirmish-engine/skirmish/scenario"
)

// Names and IDs as every format makes them from a file's text.

// cleanText is a name from a file as a roster keeps it: control and
// bidirectional-control characters and invalid bytes dropped, spaces (any
// kind) as one, at most scenario.MaxName bytes.
func cleanText(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && !unicode.IsSpace(r) || unicode.Is(unicode.Bidi_Control, r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, s)
	return clip(strings.Join(strings.Fields(s), " "), scenario.MaxName)
}

// clip is s cut to at most n bytes, on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Slug is a name as an ID: lower case, letters and digits, words joined by
// "-", apostrophes and quotes dropped, at most 48 bytes; fallback when
// nothing is left.
func Slug(s, fallback string) string {
	var b strings.Builder
	dash := false
	for _, r := range normal(s) {
		if b.Len() >= 48 {
			break
		}
		switch {
		case r == '\'' || r == '"':
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		default:
			dash = true
		}
	}
	out := strings.TrimRight(clip(b.String(), 48), "-")
	if out == "" {
		return fallback
	}
	return out
}

// idSet hands out unique IDs: the ID asked for, or it with -2, -3 ….
type idSet map[string]bool

func (ids idSet) uniq(id string) string {
	out := id
	for i := 2; ids[out]; i++ {
		out = fmt.Sprintf("%s-%d", id, i)
	}
	ids[out] = true
	return out
}
