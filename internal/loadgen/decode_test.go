package loadgen

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// views are replies as the server writes them, and some it does not,
// with the values a client skips made awkward: brackets and quotes in
// strings, escapes, nesting, white space.
var views = []string{
	`{"id":"a1","seq":3,"over":false,"decider":1,"legal":["move m1 @1,2","end m1"],"actions":[{"action":"move m1 @1,2","text":"Move \"m1\" {to} [1,2]"}],"pending":null,"state":{"models":[{"id":"m1","pos":[1,2,0]}],"log":"}]\"[\\"}}`,
	`{"seq":7,"over":true,"winner":0,"decider":null,"legal":[],"state":{}}`,
	`{"seq":9,"pending":{"side":-1,"kind":"fact","options":null,"yesno":false,"min":0,"max":24.5},"legal":[]}`,
	`{"seq":2,"pending":{"side":1,"kind":"choice","options":["a","b\u00e9"],"dice":""}}`,
	" {\n \"seq\" : 4 ,\t\"legal\" : [ \"x\" ] , \"deep\": [[[{\"a\":[{}]}]]], \"n\": -1.5e3, \"t\": true }\n",
	`{"se\u0071":5}`,
	`{}`,
}

// TestDecodeView: the view decoder reads what json.Unmarshal reads from
// every view above, alone and inside a write's reply.
func TestDecodeView(t *testing.T) {
	for _, js := range views {
		var got, want view
		if err := got.decode([]byte(js)); err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		if err := json.Unmarshal([]byte(js), &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", js, got, want)
		}
		var r writeReply
		if err := r.decode([]byte(`{"ok":true,"view":` + js + `,"seq":1}`)); err != nil || r.View == nil || !reflect.DeepEqual(*r.View, want) {
			t.Errorf("in a reply, %s: %+v, %v", js, r.View, err)
		}
	}
	var r writeReply
	if err := r.decode([]byte(`{"seq":1,"view":null}`)); err != nil || r.View != nil {
		t.Errorf("a reply without a view: %+v, %v", r.View, err)
	}
}

// TestDecodeViewRefuses: replies that are not a JSON object, or are cut
// short, are errors, never a view read in part as if whole.
func TestDecodeViewRefuses(t *testing.T) {
	for _, js := range []string{
		``, `[]`, `null`, `{`, `{"seq"`, `{"seq":`, `{"seq":1`, `{"seq":1,}`, `{"seq":1}x`,
		`{"legal":["a"}`, `{"state":{"a":[}`, `{"state":{"a":[1}],"seq":1}`, `{"state":"unterminated}`, `{"seq":"x"}`,
		`{seq:1}`, `{"a":1 "b":2}`, `{"a":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}`,
	} {
		var v view
		if err := v.decode([]byte(js)); err == nil {
			t.Errorf("%q: decoded as %+v, want an error", js, v)
		}
	}
}

// FuzzDecodeView: the decoder never panics, and whatever JSON it reads
// whole it reads as json.Unmarshal does (keys that match a field only
// when case is ignored, which encoding/json takes and the server never
// writes, aside).
func FuzzDecodeView(f *testing.F) {
	for _, js := range views {
		f.Add([]byte(js))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var got view
		if got.decode(data) != nil || !json.Valid(data) {
			return
		}
		var top map[string]json.RawMessage
		if json.Unmarshal(data, &top) != nil {
			return
		}
		for k := range top {
			switch l := strings.ToLower(k); {
			case l != k && (l == "seq" || l == "over" || l == "decider" || l == "legal" || l == "pending"):
				return
			}
		}
		if p, ok := top["pending"]; ok && string(p) != "null" {
			return // pending's own keys match case-insensitively too
		}
		var want view
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("decoded %q, which json.Unmarshal refuses: %v", data, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\n got %+v\nwant %+v", data, got, want)
		}
	})
}
