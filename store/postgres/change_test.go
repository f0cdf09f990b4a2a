package postgres

import (
	"strconv"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/store"
)

// Notification payloads: what Append and Delete send reads back; anything
// else is ignored, never a panic.
func TestParseChange(t *testing.T) {
	for _, tc := range []struct {
		p    string
		want store.Change
		ok   bool
	}{
		{"c 12 abc", store.Change{ID: "abc", Seq: 12}, true},
		{"d abc", store.Change{ID: "abc", Deleted: true}, true},
		{"c 12", store.Change{}, false},
		{"c x abc", store.Change{}, false},
		{"c 12 ", store.Change{}, false},
		{"d ", store.Change{}, false},
		{"", store.Change{}, false},
		{"x 1 abc", store.Change{}, false},
	} {
		got, ok := parseChange(tc.p)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseChange(%q) = %+v %v, want %+v %v", tc.p, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzParseChange(f *testing.F) {
	f.Add("c 12 abc")
	f.Add("d abc")
	f.Add("c -1 a b")
	f.Fuzz(func(t *testing.T, p string) {
		c, ok := parseChange(p)
		if !ok {
			if c != (store.Change{}) {
				t.Fatalf("%q: refused, but gave %+v", p, c)
			}
			return
		}
		if c.ID == "" {
			t.Fatalf("%q: a change with no ID", p)
		}
		// What was read is what was sent.
		var again string
		if c.Deleted {
			again = "d " + c.ID
		} else {
			again = "c " + strconv.Itoa(c.Seq) + " " + c.ID
		}
		if c2, ok := parseChange(again); !ok || c2 != c || !c.Deleted && !strings.HasSuffix(p, c.ID) {
			t.Fatalf("%q read as %+v, which reads back as %+v %v", p, c, c2, ok)
		}
	})
}
