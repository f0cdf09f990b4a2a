package sim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// MaxRecordLine is the longest game record line ReadRecords accepts.
const MaxRecordLine = 1 << 20

// RecordError is a bad line of a game records file: where, and what.
type RecordError struct {
	File string
	Line int
	Err  error
}

func (e *RecordError) Error() string {
	msg := e.Err.Error()
	var fe *FieldError
	if errors.As(e.Err, &fe) {
		msg = fe.Field + ": " + fe.Problem
	}
	if e.Line == 0 {
		return fmt.Sprintf("sim: %s: %s", e.File, msg)
	}
	return fmt.Sprintf("sim: %s:%d: %s", e.File, e.Line, msg)
}

func (e *RecordError) Unwrap() error { return e.Err }

// Records are the game records read from one file.
type Records struct {
	File  string
	Games []*Game
	Lines []int // the line of each game
}

// ReadRecords reads the game records of --out (JSON lines) from data, which
// came from the file named file. Every line must be a whole, valid record.
func ReadRecords(file string, data []byte) (*Records, error) {
	rs := &Records{File: file}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), MaxRecordLine)
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if err := checkKeys(b); err != nil {
			return nil, &RecordError{File: file, Line: line, Err: err}
		}
		var g Game
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&g); err != nil {
			return nil, &RecordError{File: file, Line: line, Err: fmt.Errorf("not a game record: %w", err)}
		}
		if _, err := dec.Token(); err != io.EOF {
			return nil, &RecordError{File: file, Line: line, Err: errors.New("not a game record: more after the record")}
		}
		if err := g.check(); err != nil {
			return nil, &RecordError{File: file, Line: line, Err: err}
		}
		rs.Games = append(rs.Games, &g)
		rs.Lines = append(rs.Lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, &RecordError{File: file, Line: line + 1, Err: fmt.Errorf("line longer than %d bytes, or unreadable: %w", MaxRecordLine, err)}
	}
	if len(rs.Games) == 0 {
		return nil, &RecordError{File: file, Err: errors.New("no game records")}
	}
	return rs, nil
}

// Merge joins the records of the shards of one batch into the batch's
// summary, exactly what one run of every game gives. It refuses records of
// different batches (naming the field that differs), a game given twice,
// and a batch with games missing.
func Merge(files []*Records) (*Summary, error) {
	if len(files) == 0 {
		return nil, &FieldError{Field: "files", Problem: "none given"}
	}
	first := &files[0].Games[0].Header
	where := map[int]string{}
	var all []*Game
	for _, f := range files {
		for k, g := range f.Games {
			at := fmt.Sprintf("%s:%d", f.File, f.Lines[k])
			if ok, field := first.equal(&g.Header); !ok {
				return nil, &RecordError{File: f.File, Line: f.Lines[k], Err: &FieldError{Field: field, Problem: fmt.Sprintf("differs from %s:%d: the records are of different runs", files[0].File, files[0].Lines[0])}}
			}
			if prev, dup := where[g.Index]; dup {
				return nil, &RecordError{File: f.File, Line: f.Lines[k], Err: &FieldError{Field: "index", Problem: fmt.Sprintf("game %d is also at %s", g.Index, prev)}}
			}
			where[g.Index] = at
			all = append(all, g)
		}
	}
	if len(all) != first.Games {
		missing := -1
		for i := range first.Games {
			if _, ok := where[i]; !ok {
				missing = i
				break
			}
		}
		return nil, &FieldError{Field: "files", Problem: fmt.Sprintf("%d of the batch's %d games given; game %d is missing (a shard left out?)", len(all), first.Games, missing)}
	}
	return Summarize(*first, all), nil
}

// required are the keys every game record has (those added later, in
// Header, may be missing from older records), and optional the others.
var (
	required = []string{"ruleset", "scenario", "bots", "sides", "games", "batch_seed", "swap", "models", "model_sides", "types",
		"index", "seed", "seats", "winner", "rounds", "actions", "action_counts", "casualties", "outcomes"}
	optional = []string{"version", "options", "scenario_rounds", "setup", "bot_version"}
)

// checkKeys refuses a record that is not a JSON object; that gives a key
// twice, in any object of it (which a decoder would settle silently, by the
// last), or spelt otherwise than a record spells it (a decoder matches
// "Winner" to "winner"); that lacks a key or gives it null (either would
// read as zero: a missing winner as side 0).
func checkKeys(b []byte) error {
	if err := noTwice(b); err != nil {
		return err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		return errors.New("not a game record: not a JSON object (sim --out writes one a line)")
	}
	for key, v := range fields {
		switch {
		case !slices.Contains(required, key) && !slices.Contains(optional, key):
			return fmt.Errorf("not a game record: json: unknown field %q", key)
		case string(v) == "null" && slices.Contains(required, key):
			return &FieldError{Field: key, Problem: "null; a record gives every field a value"}
		}
	}
	for _, k := range required {
		if _, ok := fields[k]; !ok {
			return &FieldError{Field: k, Problem: "missing"}
		}
	}
	return nil
}

// noTwice refuses JSON that gives a key twice in one object, naming the
// object by its path (a record's top level is its fields).
func noTwice(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	depth := 0
	var walk func(path string) error
	walk = func(path string) error {
		// a record nests three deep; a hostile line nested a million deep
		// would take the stack (and a minute) to walk
		if depth++; depth > 16 {
			return fmt.Errorf("not a game record: nested more than 16 deep")
		}
		defer func() { depth-- }()
		t, err := dec.Token()
		if err != nil {
			return notRecord(err)
		}
		switch t {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return notRecord(err)
				}
				key, _ := k.(string)
				if seen[key] {
					if path == "" {
						return &FieldError{Field: key, Problem: "given twice"}
					}
					return &FieldError{Field: path, Problem: fmt.Sprintf("%q given twice", key)}
				}
				seen[key] = true
				if err := walk(strings.TrimPrefix(path+"."+key, ".")); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if err := walk(fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		}
		if err != nil {
			return notRecord(err)
		}
		return nil
	}
	if !bytes.HasPrefix(bytes.TrimSpace(b), []byte("{")) {
		return errors.New("not a game record: not a JSON object (sim --out writes one a line)")
	}
	return walk("")
}

// notRecord is a record's JSON error; a line that ends inside the record
// is cut short.
func notRecord(err error) error {
	if err == io.EOF {
		// a line that ends inside its record: cut short, or a file that is
		// not one record a line (a save, pretty-printed JSON)
		return fmt.Errorf("not a game record: %w: the line ends inside it (sim --out writes one record a line)", io.ErrUnexpectedEOF)
	}
	return fmt.Errorf("not a game record: %w", err)
}
