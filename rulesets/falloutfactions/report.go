package falloutfactions

import (
	"encoding/json"
	"strconv"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// A note is one line of the post-battle report (rules.md §5.3), kept as
// what it says: the line's text is written only when people or the
// state's JSON ask for it, so that a played game allocates nothing for its
// report. A note read back from JSON keeps its line as written (text).
type note struct {
	kind noteKind
	who  int16    // the side (noteCrew) or the model (-1: a find by a model not in the game)
	n    [4]int16 // noteCrew: XP, caps, parts, objective points; noteCommon: the dice's total
	text string   // a note decoded from JSON: its line
}

type noteKind uint8

const (
	noteCrew      noteKind = iota + 1 // a crew's XP, caps, parts and objective points
	noteRare                          // a Rare Chem rummaged
	noteCommon                        // a Common Chem rummaged, costing up to the total
	noteCleanBill                     // Incapacitated, but no Treat the Wounded roll
	noteTreat                         // Incapacitated: to Treat the Wounded
	noteFled                          // fled the battle unhurt
)

// line writes note n as the report's line: "Scrappers: 2 XP, 0 caps, 1
// parts, 3 objective points", "x: incapacitated: to Treat the Wounded".
func (e *Ext) line(n *note) string {
	if n.kind == 0 {
		return n.text
	}
	id := "?"
	if n.kind != noteCrew && n.who >= 0 && int(n.who) < len(e.st.ids) {
		id = e.st.ids[n.who]
	}
	switch n.kind {
	case noteCrew:
		itoa := func(v int16) string { return strconv.Itoa(int(v)) }
		return e.st.crews[n.who] + ": " + itoa(n.n[0]) + " XP, " + itoa(n.n[1]) + " caps, " + itoa(n.n[2]) + " parts, " + itoa(n.n[3]) + " objective points"
	case noteRare:
		return id + ": rummaged a Rare Chem"
	case noteCommon:
		return id + ": rummaged a Common Chem costing up to " + strconv.Itoa(int(n.n[0])) + " caps"
	case noteCleanBill:
		return id + ": incapacitated: Clean Bill of Health (no Treat the Wounded roll)"
	case noteTreat:
		return id + ": incapacitated: to Treat the Wounded"
	case noteFled:
		return id + ": fled the battle: unhurt"
	}
	panic("falloutfactions: a report note of no kind")
}

// lines is the report as text, one line a note.
func (e *Ext) lines() []string { return rules.Lines(e.Report, e.line) }

// extJSON is Ext as the state's JSON holds it.
type extJSON struct {
	Report []string `json:"report,omitempty"`
	Finds  []int32  `json:"finds,omitempty"`
}

// MarshalJSON writes the report as its lines.
func (e *Ext) MarshalJSON() ([]byte, error) {
	return json.Marshal(extJSON{Report: e.lines(), Finds: e.Finds})
}

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
	e.Finds = j.Finds
	return nil
}

// report writes the post-battle report's notes for the game's end
// (GameEnd).
func report(s *engine.State) {
	stat(s) // a decoded state's notes are text: the compiled setup names the new ones
	e := ext(s)
	for side := range s.Sides {
		sd := &s.Sides[side]
		e.Report = append(e.Report, note{kind: noteCrew, who: int16(side), n: [4]int16{sd.Counters[sXP], sd.Counters[sCaps], sd.Counters[sParts], sd.Counters[sPoints]}})
	}
	for _, f := range e.Finds {
		who := int16(-1)
		if m := int(f >> 8); m < len(s.Models) {
			who = int16(m)
		}
		if total := f & 0xff; total >= 18 {
			e.Report = append(e.Report, note{kind: noteRare, who: who})
		} else {
			e.Report = append(e.Report, note{kind: noteCommon, who: who, n: [4]int16{int16(total)}})
		}
	}
	for m := range s.Models {
		var k noteKind
		switch {
		case s.Has(m, cCleanBill):
			k = noteCleanBill
		case s.Has(m, cIncapacitated):
			k = noteTreat
		case s.Has(m, cFled):
			k = noteFled
		default:
			continue
		}
		e.Report = append(e.Report, note{kind: k, who: int16(m)})
	}
}

// Results (nil before the game ends) are the report's notes for programs (engine.Resulter): each
// crew's XP, caps, parts and objective points, the chems found, and the
// models to treat.
func (r *Rules) Results(s *engine.State) []engine.Result {
	if !s.Over {
		return nil
	}
	stat(s)
	e := ext(s)
	var out []engine.Result
	for i := range e.Report {
		n := &e.Report[i]
		text := e.line(n)
		res := engine.Result{Side: -1, Kind: engine.ResultNote, Text: text}
		if n.kind != 0 && n.kind != noteCrew && n.who >= 0 && int(n.who) < len(s.Models) {
			res.Side, res.Model = s.SideOf(int(n.who)), e.st.ids[n.who]
		}
		switch n.kind {
		case noteCrew:
			for k, kind := range [4]string{engine.ResultXP, engine.ResultCaps, engine.ResultParts, engine.ResultPoints} {
				out = append(out, engine.Result{Side: int(n.who), Kind: kind, Value: int(n.n[k]), Text: text})
			}
			continue
		case noteRare:
			res.Kind, res.Entry = engine.ResultFind, "rare-chem"
		case noteCommon:
			res.Kind, res.Entry, res.Value = engine.ResultFind, "common-chem", int(n.n[0])
		case noteCleanBill:
			res.Kind, res.Entry = engine.ResultUnhurt, "clean-bill-of-health"
		case noteTreat:
			res.Kind, res.Entry = engine.ResultToTreat, "treat-the-wounded"
		case noteFled:
			res.Kind, res.Entry = engine.ResultUnhurt, "fled"
		}
		if res.Model == "" {
			res.Side, res.Kind = -1, engine.ResultNote // a find by a model not in the game (a hand-made state)
		}
		out = append(out, res)
	}
	return out
}
