package n26

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// A note is one line of the post-battle report (rules.md §2.3.4 and
// §2.3.9), kept as what happened: the line's text is written only when
// people or the state's JSON ask for it, so that a played game allocates
// nothing for its report. A note read back from JSON keeps its line as
// written (text) instead.
type note struct {
	model int16
	kind  noteKind
	roll  int8   // the Desperate Escape or succumbing roll, 0 if none
	entry int8   // the outcome on the Lasting table, for the kinds that roll on it
	text  string // a note decoded from JSON: its line
}

type noteKind uint8

const (
	noteOutOfAction       noteKind = iota + 1 // out of action at the end: a lasting roll
	noteEscapeLasting                         // a Desperate Escape of 1–2: a lasting roll
	noteSuccumbed                             // succumbed after the battle: a lasting roll
	noteEscapeSuperficial                     // a vehicle's Desperate Escape of 3–6
	noteEscapeOutCold                         // a fighter's Desperate Escape of 3–6
	noteRecovered                             // did not succumb
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
	if n.kind == 0 {
		return n.text
	}
	id := e.st.ids[n.model]
	var why string
	switch n.kind {
	case noteOutOfAction:
		why = "out of action"
	case noteEscapeLasting, noteEscapeSuperficial, noteEscapeOutCold:
		why = "desperate escape (" + strconv.Itoa(int(n.roll)) + ")"
	case noteSuccumbed:
		why = "succumbed (" + strconv.Itoa(int(n.roll)) + ")"
	case noteRecovered:
		return fmt.Sprintf("%s: recovered after the battle (%d)", id, n.roll)
	}
	var what string
	switch n.kind {
	case noteEscapeSuperficial:
		what = "superficial damage"
	case noteEscapeOutCold:
		what = "out cold"
	default:
		what = Lasting{Vehicle: e.st.vehicle[n.model]}.Result(int(n.entry))
	}
	return id + ": " + why + ": " + what
}

// lines is the report as text, one line a note.
func (e *Ext) lines() []string { return rules.Lines(e.Report, e.line) }

// extJSON is Ext as the state's JSON holds it.
type extJSON struct {
	Report []string `json:"report,omitempty"` // post-battle lasting results, one line each
	Queue  []int32  `json:"queue,omitempty"`  // Group Activation members still to go, in order selected
}

// MarshalJSON writes the report as its lines.
func (e *Ext) MarshalJSON() ([]byte, error) {
	return json.Marshal(extJSON{Report: e.lines(), Queue: e.Queue})
}

// UnmarshalJSON reads the report's lines as notes of text.
func (e *Ext) UnmarshalJSON(data []byte) error {
	var j extJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	e.Report = make([]note, len(j.Report))
	for i, t := range j.Report {
		e.Report[i] = note{text: t}
	}
	if len(j.Report) == 0 {
		e.Report = nil
	}
	e.Queue = j.Queue
	return nil
}

// Results (nil before the game ends) are the report's notes for programs (engine.Resulter): a
// lasting roll's table entry, or what spared the model one.
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
			res.Side, res.Model, res.Roll = s.SideOf(int(n.model)), st.ids[n.model], int(n.roll)
		}
		switch n.kind {
		case noteOutOfAction, noteEscapeLasting, noteSuccumbed:
			res.Kind, res.Entry = engine.ResultLasting, Lasting{Vehicle: st.vehicle[n.model]}.Result(int(n.entry))
		case noteEscapeSuperficial:
			res.Kind, res.Entry = engine.ResultUnhurt, "superficial-damage"
		case noteEscapeOutCold:
			res.Kind, res.Entry = engine.ResultUnhurt, "out-cold"
		case noteRecovered:
			res.Kind, res.Entry = engine.ResultUnhurt, "recovered"
		}
		out = append(out, res)
	}
	return out
}
