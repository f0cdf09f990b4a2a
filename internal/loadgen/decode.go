package loadgen

import (
	"encoding/json"
	"errors"
)

// Replies are read with a decoder of their own rather than with
// json.Unmarshal: a view is mostly the state and the actions' texts, which a
// client here never reads, and encoding/json checks and walks every byte of
// them. The load generator shares the machine with the server it measures,
// so what it spends is taken from the server's time (docs/PERFORMANCE.md,
// issue 35). It reads the top-level keys it needs with json.Unmarshal and
// steps over the other values, checking only their brackets and strings.

// decoder is a reply that reads itself (do uses it instead of
// json.Unmarshal).
type decoder interface {
	decode(data []byte) error
}

// decode reads the parts of a view a client needs.
func (v *view) decode(data []byte) error {
	*v = view{}
	return fields(data, func(key string, val []byte) error {
		switch key {
		case "seq":
			return json.Unmarshal(val, &v.Seq)
		case "over":
			return json.Unmarshal(val, &v.Over)
		case "decider":
			return json.Unmarshal(val, &v.Decider)
		case "legal":
			return json.Unmarshal(val, &v.Legal)
		case "pending":
			return json.Unmarshal(val, &v.Pending)
		}
		return nil
	})
}

// writeReply is a write's reply: the view after it, asked for with
// ?view=true.
type writeReply struct {
	View *view
}

func (r *writeReply) decode(data []byte) error {
	r.View = nil
	return fields(data, func(key string, val []byte) error {
		if key != "view" || string(val) == "null" {
			return nil
		}
		r.View = new(view)
		return r.View.decode(val)
	})
}

var errReply = errors.New("malformed JSON object")

// fields calls f with each key of the JSON object data (keys as written,
// unescaped when they hold escapes) and the bytes of its value, in order.
func fields(data []byte, f func(key string, val []byte) error) error {
	i := space(data, 0)
	if i >= len(data) || data[i] != '{' {
		return errReply
	}
	i = space(data, i+1)
	if i < len(data) && data[i] == '}' {
		if space(data, i+1) != len(data) {
			return errReply
		}
		return nil
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return errReply
		}
		end, err := skip(data, i)
		if err != nil {
			return err
		}
		key := string(data[i+1 : end-1])
		for _, c := range data[i+1 : end-1] {
			if c == '\\' {
				if err := json.Unmarshal(data[i:end], &key); err != nil {
					return err
				}
				break
			}
		}
		i = space(data, end)
		if i >= len(data) || data[i] != ':' {
			return errReply
		}
		i = space(data, i+1)
		end, err = skip(data, i)
		if err != nil {
			return err
		}
		if err := f(key, data[i:end]); err != nil {
			return err
		}
		i = space(data, end)
		if i >= len(data) {
			return errReply
		}
		switch data[i] {
		case ',':
			i = space(data, i+1)
		case '}':
			if space(data, i+1) != len(data) {
				return errReply
			}
			return nil
		default:
			return errReply
		}
	}
}

// space is the index of the first byte at or after i that is not JSON
// white space.
func space(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// skip is the index just past the JSON value starting at i: a string, an
// object or array (its brackets matched, strings within stepped over), or
// a literal or number (up to the next delimiter). The values it steps
// over are not checked further; the ones read are, by json.Unmarshal.
func skip(data []byte, i int) (int, error) {
	if i >= len(data) {
		return 0, errReply
	}
	switch data[i] {
	case '"':
		for j := i + 1; j < len(data); j++ {
			switch data[j] {
			case '\\':
				j++
			case '"':
				return j + 1, nil
			}
		}
		return 0, errReply
	case '{', '[':
		var stack [64]byte // nesting deeper than this is refused
		depth := 0
		for j := i; j < len(data); j++ {
			switch c := data[j]; c {
			case '"':
				end, err := skip(data, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				if depth == len(stack) {
					return 0, errReply
				}
				stack[depth] = c
				depth++
			case '}', ']':
				if depth == 0 || stack[depth-1] != c-2 { // '{'+2 == '}', '['+2 == ']'
					return 0, errReply
				}
				if depth--; depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, errReply
	case ',', ':', '}', ']':
		return 0, errReply
	}
	j := i
	for j < len(data) {
		switch data[j] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return j, nil
		}
		j++
	}
	return j, nil
}
