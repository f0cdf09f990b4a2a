package n23

import (
	"encoding/json"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// A note is one line of the post-battle report (rules.md §3.3, §7.0): a
// lasting roll, kept as what was rolled. The line's text is written only
// when people or the state's JSON ask for it, so that a played game
// allocates nothing for its report. A note read back from JSON keeps its
// line as written (text).
type note struct {
	model int16
	kind  noteKind
	entry int8   // the outcome on the Lasting table
	text  string // a note decoded from JSON: its line
}

type noteKind uint8

const (
	noteOutOfAction noteKind = iota + 1 // a fighter out of action at the end
	noteWrecked                         // a vehicle Wrecked at the end
)

// addNote adds n to the post-battle report.
func addNote(s *engine.State, n note) {
	stat(s) // a decoded state's notes are text: the compiled setup names the new one
	e := ext(s)
	e.Report = append(e.Report, n)
}

// line writes note n as the report's line: "ganger-a: out of action:
// grievous-wound".
func (e *Ext) line(n *note) string {
	why := "out of action"
	switch n.kind {
	case 0:
		return n.text
	case noteWrecked:
		why = "wrecked"
	}
	return e.st.ids[n.model] + ": " + why + ": " + Lasting{Vehicle: e.st.vehicle[n.model]}.Result(int(n.entry))
}

// lines is the report as text, one line a note.
func (e *Ext) lines() []string { return rules.Lines(e.Report, e.line) }

// extJSON is Ext as the state's JSON holds it.
type extJSON struct {
	Report []string `json:"report,omitempty"` // post-battle lasting results, one line each
}

// MarshalJSON writes the report as its lines.
func (e *Ext) MarshalJSON() ([]byte, error) { return json.Marshal(extJSON{Report: e.lines()}) }

// UnmarshalJSON reads the report's lines as notes of text.
func (e *Ext) UnmarshalJSON(data []byte) error {
	var j extJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	e.Report = nil
	for _, t := range j.Report {
		e.Report = append(e.Report, note{text: t})
	}
	return nil
}

// Results (nil before the game ends) are the report's notes for programs (engine.Resulter): each
// lasting roll's table entry.
func (r *Rules) Results(s *engine.State) []engine.Result {
	if !s.Over {
		return nil
	}
	st, e := stat(s), ext(s)
	var out []engine.Result
	for i := range e.Report {
		n := &e.Report[i]
		res := engine.Result{Side: -1, Kind: engine.ResultNote, Text: e.line(n)}
		if n.kind != 0 {
			res.Side, res.Model, res.Kind = s.SideOf(int(n.model)), st.ids[n.model], engine.ResultLasting
			res.Entry = Lasting{Vehicle: st.vehicle[n.model]}.Result(int(n.entry))
		}
		out = append(out, res)
	}
	return out
}
