package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The engine's own actions, available in every ruleset.
const (
	// Activate chooses the model to activate (Actor) at the start of an
	// activation.
	Activate = "activate"
	// End ends the current activation early.
	End = "end"
	// Pass gives up the side's activation (where Activation.MayPass).
	Pass = "pass"
)

var builtins = []string{Activate, End, Pass}

// builtinBase numbers the built-in actions after any ruleset's.
const builtinBase = MaxActionDefs - 3

// NoModel is the Actor or Target of an action that has none.
const NoModel = -1

// Action is one legal choice at a decision: a value, comparable with ==,
// with a stable string form ("shoot m3 m7 #1 @12.5,4") and a JSON form.
type Action struct {
	ID     string  // an ActionDef ID or a built-in (Activate, End, Pass)
	Actor  int     // the acting model's index, or NoModel
	Target int     // the target model's index, or NoModel
	Option int     // a ruleset-defined parameter: weapon, mode; 0 if unused
	X, Y   float32 // a destination in inches, when HasPos
	HasPos bool
}

// Act returns the action id by actor with no target.
func Act(id string, actor int) Action { return Action{ID: id, Actor: actor, Target: NoModel} }

// On returns a copy of a aimed at target.
func (a Action) On(target int) Action { a.Target = target; return a }

// With returns a copy of a with its option set.
func (a Action) With(option int) Action { a.Option = option; return a }

// At returns a copy of a with a destination.
func (a Action) At(x, y float32) Action { a.X, a.Y, a.HasPos = x, y, true; return a }

// String is the action's stable form: the ID, then "m<actor>", "m<target>",
// "#<option>" and "@x,y" when set.
func (a Action) String() string {
	var buf [64]byte
	return string(a.appendString(buf[:0]))
}

// appendString appends the String form to b: one allocation for String
// (the server writes every legal action's form in each view).
func (a Action) appendString(b []byte) []byte {
	b = append(b, a.ID...)
	if a.Actor != NoModel {
		b = strconv.AppendInt(append(b, " m"...), int64(a.Actor), 10)
	}
	if a.Target != NoModel {
		b = strconv.AppendInt(append(b, " >m"...), int64(a.Target), 10)
	}
	if a.Option != 0 {
		b = strconv.AppendInt(append(b, " #"...), int64(a.Option), 10)
	}
	if a.HasPos {
		b = strconv.AppendFloat(append(b, " @"...), float64(a.X), 'f', -1, 32)
		b = strconv.AppendFloat(append(b, ','), float64(a.Y), 'f', -1, 32)
	}
	return b
}

// modelNumber reads a model's number in an action: digits only.
func modelNumber(s string) (int, bool) {
	if s == "" || strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

func fmtF(f float32) string { return strconv.FormatFloat(float64(f), 'f', -1, 32) }

// ParseAction reads the String form back.
func ParseAction(s string) (Action, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return Action{}, fmt.Errorf("engine: parse action %q: empty", s)
	}
	a := Action{ID: f[0], Actor: NoModel, Target: NoModel}
	seen := map[byte]bool{}
	for _, w := range f[1:] {
		var ok bool
		var want string
		kind := w[0]
		if strings.HasPrefix(w, ">m") {
			kind = '>'
		}
		if seen[kind] && strings.IndexByte(">m#@", kind) >= 0 {
			return Action{}, fmt.Errorf("engine: parse action %q: %q: a second %s; an action has one", s, w, map[byte]string{'>': "target", 'm': "model", '#': "option", '@': "place"}[kind])
		}
		seen[kind] = true
		switch {
		case strings.HasPrefix(w, ">m"):
			a.Target, ok = modelNumber(w[2:])
			want = "a target is >m and the model's number, as >m3"
		case strings.HasPrefix(w, "m"):
			a.Actor, ok = modelNumber(w[1:])
			want = "the model taking the action is m and its number, as m0"
		case strings.HasPrefix(w, "#"):
			var err error
			a.Option, err = strconv.Atoi(w[1:])
			ok = err == nil
			want = "an option is # and a whole number, as #2 (a heading in whole degrees, as #137)"
		case strings.HasPrefix(w, "@"):
			x, y, two := strings.Cut(w[1:], ",")
			fx, errX := strconv.ParseFloat(x, 32)
			fy, errY := strconv.ParseFloat(y, 32)
			ok = two && errX == nil && errY == nil && !math.IsInf(fx, 0) && !math.IsInf(fy, 0) && !math.IsNaN(fx) && !math.IsNaN(fy)
			a.X, a.Y, a.HasPos = float32(fx), float32(fy), true
			want = "a place is @ and its x,y in inches, as @10.5,9.6"
		default:
			want = "after the action's name come m and the model's number (m0), >m and a target's (>m3), # and an option (#2) or @ and a place (@10.5,9.6)"
		}
		if !ok {
			return Action{}, fmt.Errorf("engine: parse action %q: %q: %s", s, w, want)
		}
	}
	return a, nil
}

type actionJSON struct {
	ID     string      `json:"id"`
	Actor  *int        `json:"actor,omitempty"`
	Target *int        `json:"target,omitempty"`
	Option int         `json:"option,omitempty"`
	At     *[2]float32 `json:"at,omitempty"`
}

// MarshalJSON writes {"id","actor","target","option","at"}, leaving out what
// is unset.
func (a Action) MarshalJSON() ([]byte, error) {
	j := actionJSON{ID: a.ID, Option: a.Option}
	if a.Actor != NoModel {
		j.Actor = &a.Actor
	}
	if a.Target != NoModel {
		j.Target = &a.Target
	}
	if a.HasPos {
		j.At = &[2]float32{a.X, a.Y}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (a *Action) UnmarshalJSON(b []byte) error {
	var j actionJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*a = Action{ID: j.ID, Actor: NoModel, Target: NoModel, Option: j.Option}
	if j.Actor != nil {
		a.Actor = *j.Actor
	}
	if j.Target != nil {
		a.Target = *j.Target
	}
	if j.At != nil {
		a.X, a.Y, a.HasPos = j.At[0], j.At[1], true
	}
	return nil
}

// compareActions orders actions for the legal list: by ID, actor, target,
// option, then destination.
func compareActions(a, b Action) int {
	switch {
	case a.ID != b.ID:
		return strings.Compare(a.ID, b.ID)
	case a.Actor != b.Actor:
		return a.Actor - b.Actor
	case a.Target != b.Target:
		return a.Target - b.Target
	case a.Option != b.Option:
		return a.Option - b.Option
	case a.HasPos != b.HasPos:
		if a.HasPos {
			return 1
		}
		return -1
	case a.X != b.X:
		if a.X < b.X {
			return -1
		}
		return 1
	case a.Y != b.Y:
		if a.Y < b.Y {
			return -1
		}
		return 1
	}
	return 0
}
