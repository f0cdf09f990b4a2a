package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
)

// describe makes a question's text for people (DESIGN.md §3: questions
// speak for themselves): what it is for, who answers, and what it needs.
// The CLI, the server and the web pages all show this one text.
func (q *Question) describe(s *State) string {
	switch q.Kind {
	case DiceQ:
		var b strings.Builder
		b.WriteString(q.About.text(s))
		if b.Len() > 0 {
			b.WriteString(" — ")
		}
		b.WriteString(sideLabel(s, q.Who))
		b.WriteString(": ")
		b.WriteString(dice.Describe(q.Proc))
		return b.String()
	case FactQ:
		t := "the players measure: " + factText(s, q.Fact)
		if q.Fact.Why != "" {
			t = q.Fact.Why + " — " + t
		}
		return t
	}
	return q.Text
}

// fill writes ab's models and detail into a choice's text, in place of
// "{model}", "{other}" and "{with}" (Ctx.ChooseAbout).
func (ab About) fill(s *State, text string) string {
	if ab.Model != NoModel {
		text = strings.ReplaceAll(text, "{model}", modelID(s, ab.Model))
	}
	if ab.Other != NoModel {
		text = strings.ReplaceAll(text, "{other}", modelID(s, ab.Other))
	}
	return strings.ReplaceAll(text, "{with}", ab.With)
}

// text is "Ranged hit for breaker-a against warden-b (autogun, 2 of 3)".
func (ab About) text(s *State) string {
	var b strings.Builder
	b.WriteString(ab.What)
	if ab.Model != NoModel {
		b.WriteString(" for " + modelID(s, ab.Model))
	}
	if ab.Other != NoModel {
		rel := ab.Rel
		if rel == "" {
			rel = "against"
		}
		b.WriteString(" " + rel + " " + modelID(s, ab.Other))
	}
	var detail []string
	if ab.With != "" {
		detail = append(detail, ab.With)
	}
	if ab.Of > 1 {
		detail = append(detail, fmt.Sprintf("%d of %d", ab.Nth, ab.Of))
	}
	if len(detail) > 0 {
		b.WriteString(" (" + strings.Join(detail, ", ") + ")")
	}
	if ab.Among != 0 {
		k := 0
		var ms []string
		for m := range s.Models {
			if ab.Among&(1<<m) != 0 {
				k++
				ms = append(ms, fmt.Sprintf("%d = %s", k, modelID(s, m)))
			}
		}
		b.WriteString(": " + strings.Join(ms, ", "))
	}
	return b.String()
}

func modelID(s *State, m int) string {
	if m >= 0 && m < len(s.Models) {
		return s.Static(m).ID
	}
	return fmt.Sprintf("m%d", m)
}

func sideLabel(s *State, side int) string {
	if side >= 0 && side < len(s.setup.Sides) {
		return s.setup.Sides[side].Name
	}
	return "the players"
}

// factText is the fact as a question with model IDs: "is warden-a within
// 1\" of breaker-b?".
func factText(s *State, f Fact) string {
	a, b := modelID(s, f.A), modelID(s, f.B)
	in := fmtF(f.Inches)
	switch f.Kind {
	case FactWithin:
		return fmt.Sprintf("is %s within %s\" of %s?", a, in, b)
	case FactWithinAny:
		var ms []string
		for n := range s.Models {
			if f.Set&(1<<n) != 0 {
				ms = append(ms, modelID(s, n))
			}
		}
		return fmt.Sprintf("is %s within %s\" of any of %s?", a, in, strings.Join(ms, ", "))
	case FactContact:
		return fmt.Sprintf("is %s in base contact with %s?", a, b)
	case FactSight:
		return fmt.Sprintf("can %s see %s?", a, b)
	case FactCover:
		return fmt.Sprintf("is %s in cover from %s?", b, a)
	case FactDistance:
		return fmt.Sprintf("how far is %s from %s, base edge to base edge? (inches)", a, b)
	case FactElevation:
		return fmt.Sprintf("how far does %s stand above %s? (inches; below is negative)", a, b)
	case FactNearLedge:
		return fmt.Sprintf("is %s within %s\" of a ledge?", a, in)
	case FactFall:
		return fmt.Sprintf("how far would %s fall from the nearest ledge? (inches)", a)
	case FactTurn:
		return fmt.Sprintf("can %s face %s by turning at most %s°?", a, b, in)
	case FactNearDuct:
		return fmt.Sprintf("is %s within 1\" of a ductway's end?", a)
	case FactDuctRoom:
		return fmt.Sprintf("can %s be set up within 1\" of the ductway's other end, more than 1\" from every enemy and overlapping no model or obstacle?", a)
	case FactArc:
		return fmt.Sprintf("is any part of %s within %s's vision arc (%s° centred on the way %s faces)?", b, a, in, a)
	case FactNear:
		return fmt.Sprintf("is %s within %s\" of %s?", a, in, f.Thing)
	}
	return f.String()
}

// ActionText is an action as people read it, with model IDs and the
// ruleset's note: "Shoot breaker-a → warden-b with autogun", "Move
// warden-a to 4.5,3", or the ruleset's own text for it (ActionDef.Text).
// The CLI, the server and the web pages show this one text.
func ActionText(s *State, a Action) string {
	in := s.Info()
	name := a.ID
	var def *ActionDef
	if i := in.Action(a.ID); i >= 0 && i < len(in.Actions) {
		def = &in.Actions[i]
		name = def.Name
	}
	switch a.ID {
	case Activate:
		name = "activate"
	case End:
		name = "end activation"
	case Pass:
		name = "pass"
	}
	var b strings.Builder
	if def != nil && def.Text != nil {
		b.WriteString(def.Text(s, a))
		if a.HasPos {
			fmt.Fprintf(&b, " to %g,%g", a.X, a.Y)
		}
		return b.String()
	}
	b.WriteString(name)
	if a.Actor != NoModel {
		b.WriteString(" " + modelID(s, a.Actor))
	}
	if a.Target != NoModel {
		b.WriteString(" → " + modelID(s, a.Target))
	}
	note := ""
	if def != nil && def.Note != nil {
		note = def.Note(s, a)
	}
	switch {
	case note != "":
		b.WriteString(" " + note)
	case a.Option != 0:
		fmt.Fprintf(&b, " (#%d)", a.Option)
	}
	if a.HasPos {
		fmt.Fprintf(&b, " to %g,%g", a.X, a.Y)
	}
	return b.String()
}

// AnswerText is one logged answer with its question, for people: a roll by
// its name with its outcome and the dice as they show (a symbol die's
// symbol), "Ranged hit: pass (5) typed", or by its procedure's when it has
// no name, "n26-test pass (5)"; a choice, "spend blood: Vigil chose 2"; a
// measurement, "is a within 1\" of b? yes".
func AnswerText(s *State, q Question, a Answer) string { return answerText(s, q, a, q.About.Model) }

// answerText is AnswerText in the log of an action by actor: a roll for
// another model names it ("Save for b: fail (2)"); actor NoModel names
// every model (what followed the action by itself, the after-battle rolls).
func answerText(s *State, q Question, a Answer, actor int) string {
	switch q.Kind {
	case DiceQ:
		nf := len(q.Proc.Flags())
		out := q.Proc.Outcomes()
		t := q.Key + " "
		outcome := ""
		if o := a.Code >> nf; o >= 0 && o < len(out) {
			outcome = words(out[o])
			if ot, ok := q.Proc.(OutcomeTexter); ok {
				outcome = ot.OutcomeText(o)
			}
		}
		if w := q.About.What; w != "" {
			// the roll as the rules name it, with the side that rolled it
			// when it is no model's (a roll-off): "Ranged hit: pass (5)",
			// "Initiative roll-off, The Ashen Vigil: 4"; a model's roll
			// read as a bare number keeps the name's explanation, which
			// says what it means ("Shooting into melee (1–3: the shot goes
			// at a friend): 2")
			if _, err := strconv.Atoi(outcome); err != nil || q.About.Model == NoModel {
				w = rollName(w)
			}
			t = w
			switch q.About.Model {
			case NoModel:
				t += ", " + sideLabel(s, q.Who)
			case actor:
			default:
				t += " for " + modelID(s, q.About.Model)
			}
			if strings.Contains(rollName(w), ": ") {
				t += " — " // "Dash: a Risky Success Roll — failure (4,1)"
			} else {
				t += ": "
			}
		}
		t += outcome
		for i, f := range q.Proc.Flags() {
			if a.Code>>i&1 == 1 {
				t += ", " + words(f)
			}
		}
		if len(a.Faces) > 0 {
			// A symbol die's face reads as its symbol: a firepower die's
			// face 4 shows 2 bullets, an injury die's "out-of-action".
			needs := dice.Needs(q.Proc)
			var fs []string
			for i, f := range a.Faces {
				l := strconv.Itoa(f)
				if len(needs) > 0 {
					if d := needs[min(i, len(needs)-1)]; f >= 1 && f <= d.Sides() {
						l = words(d.Label(f))
					}
				}
				fs = append(fs, l)
			}
			if len(fs) > 1 || fs[0] != outcome || nf > 0 { // a die read as its face says it once
				t += " (" + strings.Join(fs, ",") + ")"
			}
			if a.Typed {
				t += " typed"
			}
		}
		return t
	case ChoiceQ:
		if a.Code >= 0 && a.Code < len(q.Options) {
			return fmt.Sprintf("%s %s chose %s", choiceName(q), sideLabel(s, q.Who), OptionText(s, q.Options[a.Code]))
		}
	case FactQ:
		// the question as the players were asked it, then their answer:
		// "can a see b? yes"
		t := factText(s, q.Fact)
		if i := strings.LastIndex(t, "? ("); i >= 0 {
			t = t[:i+1]
		}
		return t + " " + FactValue(q.Fact, a.Code)
	}
	return fmt.Sprintf("%s %d", q.Key, a.Code)
}

// choiceName is a choice's name in the log: its question when that is
// short ("Initiative: which warband activates first?"), else its key in
// words and a colon ("spend blood:").
func choiceName(q Question) string {
	if i := strings.IndexByte(q.Text, '?'); i > 0 && i < 80 {
		return q.Text[:i+1]
	}
	return words(q.Key) + ":"
}

// OutcomeTexter is the optional capability of a dice procedure whose
// outcome names are notation ("std=1,luck=2", "bullets=2"): OutcomeText
// words outcome o for the log ("1 hit and 2 Luck hits", "2 bullets").
type OutcomeTexter interface {
	OutcomeText(o int) string
}

// count is a counter's name in words for n of it: one "flesh wound", two
// "flesh wounds"; counters named in the singular or uncountable (blood,
// fatigue) read the same either way.
func count(n int, key string) string {
	w := words(key)
	if n != 1 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "dice"):
		return strings.TrimSuffix(w, "dice") + "die"
	case strings.HasSuffix(w, "ies"):
		return strings.TrimSuffix(w, "ies") + "y"
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		return strings.TrimSuffix(w, "s")
	}
	return w
}

// OptionText is a choice's option as people read it: a model's ID as it
// is, any other option's ID in words ("take-first" is "take first").
func OptionText(s *State, opt string) string {
	for m := range s.Models {
		if s.Static(m).ID == opt {
			return opt
		}
	}
	return words(opt)
}

// rollName is a roll's name in the log: what it is for, without the
// explanations in brackets ("Save (a pass saves the wound)" is "Save").
func rollName(what string) string {
	for {
		i := strings.Index(what, " (")
		j := strings.IndexByte(what[max(i, 0):], ')')
		if i < 0 || j < 0 {
			return what
		}
		what = what[:i] + what[i+j+1:]
	}
}

// FactValue is a fact's answer for people: yes, no, or inches.
func FactValue(f Fact, v int) string {
	if f.Boolean() {
		if v == 1 {
			return "yes"
		}
		return "no"
	}
	return fmt.Sprintf("%.2f\"", float64(v)/100)
}

// EventText is an event for people ("" for one not worth showing). A
// ruleset's own event reads as its phrase (Info.Events), else as its type
// and models, then its Key, when it has one, as a detail for people:
// "pushed-back x → boss: 2\" straight away".
func EventText(s *State, e Event) string {
	in := s.Info()
	switch e.Type {
	case "status":
		if e.Value >= 0 && e.Value < len(in.Statuses) {
			return modelID(s, e.Model) + " is " + words(in.Statuses[e.Value])
		}
	case "secondary":
		if e.Value >= 0 && e.Value < len(in.Secondary) {
			return modelID(s, e.Model) + " is " + words(in.Secondary[e.Value])
		}
	case "removed":
		return modelID(s, e.Model) + " is out of play"
	case "counter":
		return fmt.Sprintf("%s now has %d %s", modelID(s, e.Model), e.Value, count(e.Value, e.Key))
	case "moved":
		if e.X != 0 || e.Y != 0 {
			return fmt.Sprintf("%s moved to %g,%g", modelID(s, e.Model), e.X, e.Y)
		}
		return modelID(s, e.Model) + " moved"
	case "activated", "passed":
		return ""
	case "priority", "initiative", "conceded", "morale-passed", "morale-failed", "shaken", "first-turn", "fail-forward":
		return e.Type + ": " + sideLabel(s, e.Value) // events about a side
	case "game-over":
		if e.Value >= 0 {
			return "game over: " + sideLabel(s, e.Value) + " wins"
		}
		return "game over: a draw"
	}
	if p, ok := in.Events[e.Type]; ok {
		return phrase(s, p, e)
	}
	t := e.Type
	if e.Model != NoModel {
		t += " " + modelID(s, e.Model)
	}
	if e.Other != NoModel {
		t += " → " + modelID(s, e.Other)
	}
	if e.Key != "" {
		t += ": " + e.Key
	}
	return t
}

// LogLine is a log entry in words, for people: what the CLI prints on one
// line, and the server sends as JSON.
type LogLine struct {
	Index   int      `json:"index"`
	Round   int      `json:"round"`
	Side    int      `json:"side"`   // the side that decided it; NoModel for the start and undos
	Action  string   `json:"action"` // "start of the game", "undo of entry 4", or ActionText
	Answers []string `json:"answers,omitempty"`
	Events  []string `json:"events,omitempty"`
	Undone  bool     `json:"undone,omitempty"`
	// Then counts the answers and events, at the end of the two lists,
	// that followed the action by itself (Entry.Then): the end of its
	// activation, of the round, the next round's priority roll.
	Then Then `json:"then,omitzero"`
}

// Own is the line's answers and events that came of its action, without
// what followed (Then).
func (l LogLine) Own() (answers, events []string) {
	return l.Answers[:len(l.Answers)-l.Then.Answers], l.Events[:len(l.Events)-l.Then.Events]
}

// Followed is the line's answers and events that followed its action by
// itself (Then).
func (l LogLine) Followed() (answers, events []string) {
	return l.Answers[len(l.Answers)-l.Then.Answers:], l.Events[len(l.Events)-l.Then.Events:]
}

// LogLines puts annotated entries (Game.Annotate) into words.
func LogLines(s *State, an []Annotated) []LogLine {
	out := make([]LogLine, len(an))
	for i, a := range an {
		e := a.Entry
		l := LogLine{Index: a.Index, Round: a.Round, Side: e.Side, Undone: e.Undone}
		switch e.Action.ID {
		case startAction.ID:
			l.Action = "start of the game"
		case undoID:
			l.Action = fmt.Sprintf("undo of entry %d", e.Action.Option)
		case concedeID:
			l.Action = sideLabel(s, e.Action.Option) + " concedes"
		default:
			l.Action = ActionText(s, e.Action)
		}
		for k, q := range a.Questions {
			actor := e.Action.Actor
			if k >= len(a.Questions)-e.Then.Answers {
				actor = NoModel // what followed the action by itself
			}
			l.Answers = append(l.Answers, answerText(s, q, e.Answers[k], actor))
		}
		l.Then.Answers = max(0, min(e.Then.Answers, len(l.Answers))) // a hand-made entry cannot make Own slice out of range
		evs := e.Events
		then := func(k int) bool { return k >= len(evs)-e.Then.Events }
		for k := 0; k < len(evs); k++ {
			t := EventText(s, evs[k])
			// A run of the same counter set to the same value on several
			// models (every model's Fatigue cleared at the end of a Round)
			// reads as one sentence.
			j := k + 1
			for evs[k].Type == "counter" && j < len(evs) && evs[j].Type == "counter" && evs[j].Key == evs[k].Key &&
				evs[j].Value == evs[k].Value && then(j) == then(k) {
				j++
			}
			if j-k > 1 {
				names := make([]string, 0, j-k)
				for _, ev := range evs[k:j] {
					names = append(names, modelID(s, ev.Model))
				}
				t = fmt.Sprintf("%s now have %d %s", andList(names), evs[k].Value, count(evs[k].Value, evs[k].Key))
				k = j - 1
			}
			if t != "" {
				l.Events = append(l.Events, t)
				if then(k) {
					l.Then.Events++
				}
			}
		}
		out[i] = l
	}
	return out
}

// phraseFields are the fields an event phrase may name.
var phraseFields = []string{"{model}", "{other}", "{value}", "{key}", "{side}"}

// checkPhrase reports a phrase that is empty, names a field no event has,
// or leaves a brace or bracket open (or nests brackets).
func checkPhrase(p string) error {
	if strings.TrimSpace(p) == "" {
		return fmt.Errorf("empty phrase")
	}
	open := false
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '[':
			if open {
				return fmt.Errorf("phrase %q: a [ inside [ ]", p)
			}
			open = true
		case ']':
			if !open {
				return fmt.Errorf("phrase %q: a ] without its [", p)
			}
			open = false
		case '{':
			j := strings.IndexByte(p[i:], '}')
			if j < 0 {
				return fmt.Errorf("phrase %q: an unclosed {", p)
			}
			if f := p[i : i+j+1]; !slices.Contains(phraseFields, f) {
				return fmt.Errorf("phrase %q: no field %s; allowed %s", p, f, strings.Join(phraseFields, ", "))
			}
			i += j
		}
	}
	if open {
		return fmt.Errorf("phrase %q: an unclosed [", p)
	}
	return nil
}

// phrase is e in the words of p (Info.Events): each field replaced by the
// event's ({side} is the side numbered by its Value), and a part in
// [brackets] left out when a model it names is NoModel or its key is empty
// ("{model} took a minor hit[ from {other}]" for a fall, which has no
// attacker).
func phrase(s *State, p string, e Event) string {
	var b strings.Builder
	for p != "" {
		i := strings.IndexByte(p, '[')
		if i < 0 {
			fields(&b, s, p, e)
			break
		}
		fields(&b, s, p[:i], e)
		p = p[i+1:]
		j := strings.IndexByte(p, ']')
		if j < 0 { // checked at registration
			j = len(p)
		}
		part := p[:j]
		if !missing(part, "{model}", e.Model == NoModel) && !missing(part, "{other}", e.Other == NoModel) && !missing(part, "{key}", e.Key == "") {
			fields(&b, s, part, e)
		}
		p = p[min(j+1, len(p)):]
	}
	return b.String()
}

// missing reports whether part names field and the event has none.
func missing(part, field string, none bool) bool { return none && strings.Contains(part, field) }

// fields writes p with e's fields in place of their names.
func fields(b *strings.Builder, s *State, p string, e Event) {
	for {
		i := strings.IndexByte(p, '{')
		j := strings.IndexByte(p[max(i, 0):], '}')
		if i < 0 || j < 0 {
			b.WriteString(p)
			return
		}
		b.WriteString(p[:i])
		switch f := p[i : i+j+1]; f {
		case "{model}":
			b.WriteString(modelID(s, e.Model))
		case "{other}":
			b.WriteString(modelID(s, e.Other))
		case "{value}":
			b.WriteString(strconv.Itoa(e.Value))
		case "{key}":
			b.WriteString(e.Key)
		case "{side}":
			b.WriteString(sideLabel(s, e.Value))
		default:
			b.WriteString(f)
		}
		p = p[i+j+1:]
	}
}

// words is a name made of hyphenated words, for a sentence: "flesh-wounds"
// reads "flesh wounds".
func words(name string) string { return strings.ReplaceAll(name, "-", " ") }

// andList is "a", "a and b", "a, b and c".
func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}
