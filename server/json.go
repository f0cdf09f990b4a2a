package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
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

func notFound(format string, a ...any) *apiError {
	return &apiError{Status: http.StatusNotFound, Message: fmt.Sprintf(format, a...)}
}

func stale(current int) *apiError {
	return &apiError{Status: http.StatusConflict, Field: "seq", Seq: &current,
		Message: fmt.Sprintf("the game has moved on: it is at %d; read it again and retry", current)}
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
	for _, p := range []string{"engine: ", "dice: "} {
		if m, ok := strings.CutPrefix(ae.Message, p); ok {
			c := *ae
			c.Message = m
			ae = &c
		}
	}
	encode(w, ae.Status, ae)
}

// decode reads a JSON request body into v: within the size limit (the
// middleware caps it), one object, no unknown fields, nothing after it.
func decode(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return &apiError{Status: http.StatusUnsupportedMediaType, Field: "content-type", Message: fmt.Sprintf("%q: send application/json", ct)}
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if err := dec.Decode(&struct{}{}); err != io.EOF {
		return invalid("", "the body holds more than one JSON value")
	}
	return nil
}

// jsonError turns a decoding error into one that names the field.
func jsonError(err error) error {
	var mbe *http.MaxBytesError
	var ute *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &mbe):
		return &apiError{Status: http.StatusRequestEntityTooLarge, Message: fmt.Sprintf("the body is larger than %d bytes", mbe.Limit)}
	case errors.As(err, &ute):
		return invalid(ute.Field, "%s: want %s, not %s", ute.Field, ute.Type, ute.Value)
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
