package engine_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// oldString is the action's String form written with fmt, as it was before
// String appended into one buffer: the two must agree byte for byte, since
// saves, exports and the API carry actions in this form.
func oldString(a engine.Action) string {
	var b strings.Builder
	b.WriteString(a.ID)
	if a.Actor != engine.NoModel {
		fmt.Fprintf(&b, " m%d", a.Actor)
	}
	if a.Target != engine.NoModel {
		fmt.Fprintf(&b, " >m%d", a.Target)
	}
	if a.Option != 0 {
		fmt.Fprintf(&b, " #%d", a.Option)
	}
	if a.HasPos {
		f := func(x float32) string { return strconv.FormatFloat(float64(x), 'f', -1, 32) }
		fmt.Fprintf(&b, " @%s,%s", f(a.X), f(a.Y))
	}
	return b.String()
}

func TestActionStringForms(t *testing.T) {
	for _, a := range []engine.Action{
		{ID: "end", Actor: engine.NoModel, Target: engine.NoModel},
		{ID: "move", Actor: 3, Target: engine.NoModel, X: 10.5, Y: -0.25, HasPos: true},
		{ID: "shoot", Actor: 0, Target: 12, Option: 2},
		{ID: "turn", Actor: 7, Target: engine.NoModel, Option: -137},
		{ID: "move", Actor: 63, Target: 1, X: 1e-7, Y: 123456.7, HasPos: true},
	} {
		if got, want := a.String(), oldString(a); got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
		back, err := engine.ParseAction(a.String())
		if err != nil || back != a {
			t.Errorf("ParseAction(%q) = %+v, %v; want %+v", a.String(), back, err, a)
		}
	}
}

// FuzzParseAction feeds ParseAction what a client may send (the API and
// the CLI read actions in this form): it must not panic, and what it
// accepts must write back in a form that reads as the same action.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"end", "move m3 @10.5,9.6", "shoot m0 >m12 #2", "turn m1 #-137", "x m1 m2", "a @1,", "b #99999999999999999999", "c @NaN,1", "  ", "d >m", "e m-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := engine.ParseAction(s)
		if err != nil {
			if !strings.Contains(err.Error(), "parse action") {
				t.Fatalf("ParseAction(%q): error %q does not say what it read", s, err)
			}
			return
		}
		if got, want := a.String(), oldString(a); got != want {
			t.Fatalf("String() = %q, want %q", got, want)
		}
		back, err := engine.ParseAction(a.String())
		if err != nil || back != a {
			t.Fatalf("ParseAction(%q) read %+v; its String %q reads back as %+v, %v", s, a, a.String(), back, err)
		}
	})
}
