package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"reflect"
	"strconv"
	"strings"
)

// apiError is every error the API returns: a status, a message a person
// can read, the request field it is about (if any) and, for a stale write,
// the game's current sequence number.
type apiError struct {
	Status  int    `json:"-"`
	Message string `json:"error"`
	Field   string `json:"field,omitempty"`
	Seq     *int   `json:"seq,omitempty"`
	// Need is the measurement the odds of an action need at a table.
	Need *needJSON `json:"need,omitempty"`
	// More is the die typed faces call for next (a critical's extra die,
	// Fortune Smiles): the faces sent so far fit, and one more is needed.
	More *moreJSON `json:"more,omitempty"`
	// RetryAfter, in seconds, is sent as the Retry-After header (429, 503).
	RetryAfter int `json:"-"`
}

// moreJSON names the die a roll needs next: its kind as the keypad names
// it, and what it is for.
type moreJSON struct {
	Die  string `json:"die"`
	Role string `json:"role,omitempty"`
}

func (e *apiError) Error() string { return e.Message }

// The kinds of error, and their status: the one table (STYLE.md, wtf).
func invalid(field, format string, a ...any) *apiError {
	return &apiError{Status: http.StatusBadRequest, Field: field, Message: fmt.Sprintf(format, a...)}
}

func unprocessable(field, format string, a ...any) *apiError {
	return &apiError{Status: http.StatusUnprocessableEntity, Field: field, Message: fmt.Sprintf(format, a...)}
}

func unauthorized(format string, a ...any) *apiError {
	return &apiError{Status: http.StatusUnauthorized, Field: "authorization", Message: fmt.Sprintf(format, a...)}
}

func forbidden(format string, a ...any) *apiError {
	return &apiError{Status: http.StatusForbidden, Message: fmt.Sprintf(format, a...)}
}

// notYourSeat is a 403 for a seat's token that may not do what it asked
// (a spectator writing, another side's decision or measurement): the
// credential is what is wrong, so field authorization names it, as the
// 401s and 404s of tokens do.
func notYourSeat(format string, a ...any) *apiError {
	e := forbidden(format, a...)
	e.Field = "authorization"
	return e
}

func notFound(format string, a ...any) *apiError {
	return &apiError{Status: http.StatusNotFound, Message: fmt.Sprintf(format, a...)}
}

// stale refuses a write sent at seq sent to a game at current.
func stale(sent, current int) *apiError {
	msg := fmt.Sprintf("the game has moved on: it is at %d; read it again and retry", current)
	if sent > current {
		msg = fmt.Sprintf("seq %d is ahead of the game, which is at %d: send the seq your last read gave", sent, current)
	}
	return &apiError{Status: http.StatusConflict, Field: "seq", Seq: &current, Message: msg}
}

func internal(err error) *apiError {
	return &apiError{Status: http.StatusInternalServerError, Message: "internal error: " + err.Error()}
}

// encode writes v as JSON with status.
func encode(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // the client may be gone; nothing to do about it
}

// fail writes err as the API's JSON error.
func fail(w http.ResponseWriter, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = internal(err)
	}
	// The packages' names that prefix their errors mean nothing to a
	// player: "engine: Fight … is not legal" reads "Fight … is not legal".
	// And an error never sends back more than a screenful of what it
	// quotes.
	c := *ae
	for _, p := range []string{"engine: ", "dice: "} {
		c.Message = strings.TrimPrefix(c.Message, p)
	}
	if len(c.Message) > 2000 {
		c.Message = c.Message[:2000] + "…"
	}
	ae = &c
	if ae.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(ae.RetryAfter))
	}
	encode(w, ae.Status, ae)
}

// decode reads a JSON request body into v: within the size limit (the
// middleware caps it), one object, no unknown fields, nothing after it.
func decode(r *http.Request, v any) error {
	if err := jsonBody(r); err != nil {
		return err
	}
	data, err := io.ReadAll(r.Body) // within the middleware's cap
	if err != nil {
		return jsonError(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if err := rest(dec); err != nil {
		return err
	}
	// Well formed, and of known fields: but one given twice would be
	// taken as its last, and the client's mistake never heard.
	if f, ok := twice(data); ok {
		return invalid(f, "%s is given twice: send each field once", f)
	}
	return nil
}

// twice finds a key given twice in one object of the JSON in data (which
// encoding/json would take, the last one winning), named with the keys of
// the objects round it as a decoding error names a field ("options.rounds").
// It reports false when there is none, and when data is not JSON or nests
// deeper than the decoder allows (decode asks it only of a body the
// decoder took).
func twice(data []byte) (string, bool) {
	type frame struct {
		keys map[string]bool // nil for a list
		key  string          // the key whose value is being read
		want bool            // a key (or the object's end) comes next
	}
	var stack []frame
	path := func(k string) string {
		var b strings.Builder
		for _, f := range stack {
			if f.keys != nil {
				b.WriteString(f.key)
				b.WriteByte('.')
			}
		}
		return b.String() + k
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		if n := len(stack); n > 0 && stack[n-1].want {
			if k, ok := tok.(string); ok {
				top := &stack[n-1]
				if top.keys[k] {
					stack = stack[:n-1]
					return path(k), true
				}
				top.keys[k], top.key, top.want = true, k, false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			if len(stack) >= maxNesting {
				return "", false
			}
			stack = append(stack, frame{keys: map[string]bool{}, want: true})
			continue
		case json.Delim('['):
			if len(stack) >= maxNesting {
				return "", false
			}
			stack = append(stack, frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		// a value ended: its object wants its next key
		if n := len(stack); n == 0 {
			return "", false
		} else if stack[n-1].keys != nil {
			stack[n-1].want = true
		}
	}
}

// maxNesting is as deep as twice looks; encoding/json refuses a body
// nested far less deep than a body's size allows.
const maxNesting = 10000

// noBody checks the body of a write that takes none: empty, or an empty
// JSON object; anything else is refused as decode refuses it (a body
// that is not JSON, a field the write does not take), so that a client's
// mistake is heard rather than the write made anyway.
func noBody(r *http.Request) error {
	if err := jsonBody(r); err != nil {
		return err
	}
	br := bufio.NewReader(r.Body)
	for {
		c, err := br.ReadByte()
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				return jsonError(err)
			}
			return nil // empty, or only white space
		}
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			br.UnreadByte()
			break
		}
	}
	dec := json.NewDecoder(br)
	dec.DisallowUnknownFields()
	var none struct{}
	if err := dec.Decode(&none); err != nil {
		return jsonError(err)
	}
	return rest(dec)
}

// jsonBody refuses a body that says it is not JSON (no Content-Type is
// taken as JSON).
func jsonBody(r *http.Request) error {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return nil
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		return &apiError{Status: http.StatusUnsupportedMediaType, Field: "content-type", Message: fmt.Sprintf("%q: send application/json", clip(ct))}
	}
	return nil
}

// rest checks that nothing but white space follows the JSON value.
func rest(dec *json.Decoder) error {
	var extra json.RawMessage
	switch err := dec.Decode(&extra); {
	case err == io.EOF:
		return nil
	case errors.Is(err, io.ErrUnexpectedEOF):
		return invalid("", "the body ends early: after its JSON value comes part of another, or less than its Content-Length said")
	case err != nil:
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return jsonError(err)
		}
		return invalid("", "something that is not JSON follows the body's JSON value")
	}
	return invalid("", "the body holds more than one JSON value")
}

// clip shortens what a request sent, to be quoted in an error.
func clip(s string) string {
	const max = 120
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}

// jsonType names a Go kind as JSON calls it.
func jsonType(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return k.String()
}

// jsonError turns a decoding error into one that names the field.
// slowBody is the answer to a body that did not come whole before the
// server's read timeout (408, rather than the network's words), or nil.
func slowBody(err error) *apiError {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return &apiError{Status: http.StatusRequestTimeout, Message: "the request's body came too slowly: send it whole within the server's read timeout (15 s)"}
	}
	return nil
}

func jsonError(err error) error {
	var mbe *http.MaxBytesError
	var ute *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case slowBody(err) != nil:
		return slowBody(err)
	case errors.As(err, &mbe):
		return &apiError{Status: http.StatusRequestEntityTooLarge, Message: fmt.Sprintf("the body is larger than %d bytes", mbe.Limit)}
	case errors.As(err, &ute) && ute.Field == "":
		return invalid("", "the body must be a JSON object, not %s", ute.Value)
	case errors.As(err, &ute):
		return invalid(ute.Field, "%s: want %s, not %s", ute.Field, jsonType(ute.Type.Kind()), ute.Value)
	case errors.As(err, &se):
		return invalid("", "not JSON: %v (at byte %d)", se, se.Offset)
	case errors.Is(err, io.EOF):
		return invalid("", "an empty body; send a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return invalid("", "the JSON ends too soon")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		f := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return invalid(f, "unknown field %q", f)
	}
	return invalid("", "bad JSON: %v", err)
}
