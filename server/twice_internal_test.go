package server

import (
	"strings"
	"testing"
)

// TestTwice: a key given twice in one object is found and named with the
// keys round it, however it is spelt (an escape is the same key); the
// same key in two objects, a list's elements or a value is not a
// repeat; what nests deeper than the decoder allows is left to it.
func TestTwice(t *testing.T) {
	for _, tc := range []struct {
		js, field string
	}{
		{`{"seq":1,"seq":2}`, "seq"},
		{`{"seq":1,"\u0073eq":2}`, "seq"},
		{`{"a":{"b":{"c":1,"d":[1,{"x":2}],"c":3}}}`, "a.b.c"},
		{`{"sides":[{},{"name":"x","name":"y"}]}`, "sides.name"},
		{`{"a":[[{"k":1}],[{"k":1,"k":1}]]}`, "a.k"},
		{`{"a":1,"b":{"a":1},"c":[{"a":1},{"a":1}],"d":"a"}`, ""},
		{`{"a":{},"b":[],"a":null}`, "a"},
		{`{"seq":1}`, ""},
		{`{"seq":1,"seq"`, "seq"}, // found before the end: decode asks only of JSON the decoder took
		{`{"seq":1,"x"`, ""},
		{`[{"a":1,"a":2}]`, "a"},
		{`"seq"`, ""},
		{``, ""},
		{strings.Repeat("[", maxNesting+1) + strings.Repeat("]", maxNesting+1), ""},
		{`{"x":` + strings.Repeat("[", 50) + `{"y":1,"y":2}` + strings.Repeat("]", 50) + `}`, "x.y"},
	} {
		f, ok := twice([]byte(tc.js))
		if ok != (tc.field != "") || f != tc.field {
			t.Errorf("twice(%.60s) = %q, %v; want %q", tc.js, f, ok, tc.field)
		}
	}
}
