package engine_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// unlistedProbe has a Face action whose list offers four headings and whose
// Unlisted takes any whole degree a person types (as N23's Turn does), and
// a Shoot whose list offers only model c and whose Unlisted says why the
// others are left out, never taking one.
func unlistedProbe() *engine.Game {
	face := act("face", "single")
	face.Options = func(s *engine.State, m int, add func(engine.Action)) {
		for _, h := range []int{0, 90, 180, 270} {
			add(engine.Action{Target: engine.NoModel, Option: h})
		}
	}
	face.Unlisted = func(s *engine.State, a engine.Action) string {
		if a.Target != engine.NoModel || a.HasPos || a.Option < 0 || a.Option > 359 {
			return fmt.Sprintf("heading %d: a heading is a whole degree from 0 to 359", a.Option)
		}
		return ""
	}
	face.Resolve = func(c *engine.Ctx, a engine.Action) {
		c.Emit(engine.Event{Type: "faced", Model: a.Actor, Other: engine.NoModel, Value: a.Option})
	}
	shoot := act("shoot", "single")
	shoot.Options = func(s *engine.State, m int, add func(engine.Action)) { add(engine.Action{Target: 2}) }
	shoot.Unlisted = func(s *engine.State, a engine.Action) string { return "only c is in sight" }
	rs := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, face, shoot, act("wait", "single"))
	g, err := engine.New(rs, probeSetup(), engine.Config{Seed: 1})
	if err != nil {
		panic(err)
	}
	return g
}

// ActionDef.Unlisted: an action a person types that the list leaves out is
// legal when the definition's Unlisted takes it, and only while an action
// of the same ID and actor is listed and the economy allows it; otherwise
// it is refused with Unlisted's reason, changing nothing. The list bots
// choose from stays as Options gives it; a typed action replays from a
// save and has odds like a listed one.
func TestUnlistedActions(t *testing.T) {
	g := unlistedProbe()
	do(t, g, "activate m0")
	var faces []string
	for _, a := range g.Legal() {
		if a.ID == "face" {
			faces = append(faces, a.String())
		}
	}
	if got, want := strings.Join(faces, ", "), "face m0, face m0 #90, face m0 #180, face m0 #270"; got != want {
		t.Errorf("listed faces %q, want %q: Unlisted adds nothing to the list", got, want)
	}

	refused := func(a, want string) {
		t.Helper()
		x, err := engine.ParseAction(a)
		if err != nil {
			t.Fatal(err)
		}
		before, n := g.State().Clone(), len(g.Log().Entries)
		var ill *engine.IllegalError
		if err := g.Apply(x); !errors.As(err, &ill) || !strings.Contains(ill.Reason, want) {
			t.Errorf("%s: %v, want it refused: %q", a, err, want)
		}
		if why := g.WhyNot(x); !strings.Contains(why, want) {
			t.Errorf("WhyNot(%s) = %q, want %q", a, why, want)
		}
		if ok, why := before.Equal(g.State()); !ok || len(g.Log().Entries) != n {
			t.Errorf("a refused %s changed the game: %s", a, why)
		}
	}
	for _, a := range []string{"face m0 #360", "face m0 #-1", "face m0 #9999", "face m0 >m2"} {
		refused(a, "a heading is a whole degree from 0 to 359")
	}
	refused("shoot m0 >m3", "only c is in sight")    // Unlisted never takes it: the reason only
	refused("wait m0 #5", "cannot take that target") // no Unlisted: the engine's own reason
	refused("face m1 #137", "a is the active model, not b")
	refused("face m0 >m9", "there is no model m9") // Unlisted sees only the game's models

	typed := engine.Act("face", 0).With(137)
	if why := g.WhyNot(typed); why != "" {
		t.Fatalf("WhyNot(%s) = %q, want it legal", typed, why)
	}
	o, err := g.Odds(typed, engine.OddsOptions{})
	if err != nil || o.Paths != 1 {
		t.Fatalf("odds of %s: %v, %v", typed, o, err)
	}
	if err := g.Apply(typed); err != nil {
		t.Fatalf("%s: %v", typed, err)
	}
	e := g.Log().Entries[len(g.Log().Entries)-1]
	if e.Action != typed || len(e.Events) != 1 || e.Events[0].Value != 137 {
		t.Fatalf("logged %s %v, want %s faced 137", e.Action, e.Events, typed)
	}
	// The economy still decides: Face is not repeatable, typed or not.
	refused("face m0 #10", "has taken Face this activation already")

	// A save with the typed action loads: replay takes it as Apply did.
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		t.Fatal(err)
	}
	sv, err := engine.ReadSave(&buf)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := engine.Load(g.Ruleset(), probeSetup(), sv, nil)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if ok, why := g2.State().Equal(g.State()); !ok {
		t.Errorf("loaded state differs: %s", why)
	}
}
