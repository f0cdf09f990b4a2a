package engine_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// A choice asked with ChooseAbout or ChooseModel names its models only when
// shown: the pending prompt and the log read as if the names had been
// written in, and ChooseModel's options, made in scratch space, stay the
// prompt's own after later questions (issue 35: prompts cost bots nothing).
func TestChooseAboutAndModel(t *testing.T) {
	pick := act("pick", "single")
	pick.Resolve = func(c *engine.Ctx, a engine.Action) {
		k := c.ChooseModel(0, "pick", "Which enemy does {model} pick with the {with}?", engine.About{Model: a.Actor, Other: engine.NoModel, With: "net"}, []int{2, 3})
		c.ChooseModel(0, "second", "And who else?", engine.BySide(""), []int{1, 3 - k})
		c.ChooseAbout(1, "dodge", "Does {other} dodge {model}?", engine.For("", a.Actor, 2+k), []string{"no", "yes"})
	}
	rs := newProbe(engine.Economy{Slots: 3, Cost: map[string]int{"single": 1}}, pick)
	g := start(t, rs, engine.Config{Seed: 9, Dice: engine.DigitalDice})
	ids := func(ms ...int) []string {
		var out []string
		for _, m := range ms {
			out = append(out, g.State().Static(m).ID)
		}
		return out
	}
	do(t, g, "activate m0")
	do(t, g, "pick")
	first := g.Pending()
	want := "Which enemy does " + ids(0)[0] + " pick with the net?"
	if first == nil || first.Text != want || !slices.Equal(first.Options, ids(2, 3)) {
		t.Fatalf("first prompt %+v, want %q with options %v", first, want, ids(2, 3))
	}
	if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: 1}); err != nil {
		t.Fatal(err)
	}
	second := g.Pending()
	if second == nil || second.Text != "And who else?" || !slices.Equal(second.Options, ids(1, 2)) {
		t.Fatalf("second prompt %+v, want options %v", second, ids(1, 2))
	}
	if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: 0}); err != nil {
		t.Fatal(err)
	}
	third := g.Pending()
	if want := "Does " + ids(3)[0] + " dodge " + ids(0)[0] + "?"; third == nil || third.Text != want {
		t.Fatalf("third prompt %+v, want %q", third, want)
	}
	if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: 1}); err != nil {
		t.Fatal(err)
	}
	an, err := g.Annotate()
	if err != nil {
		t.Fatal(err)
	}
	lines := engine.LogLines(g.State(), an)
	got := strings.Join(lines[len(lines)-1].Answers, " | ")
	for _, w := range []string{"Which enemy does " + ids(0)[0] + " pick with the net?", "chose " + ids(3)[0], "Does " + ids(3)[0] + " dodge " + ids(0)[0] + "?"} {
		if !strings.Contains(got, w) {
			t.Errorf("log %q lacks %q", got, w)
		}
	}
	if strings.Contains(got, "{") {
		t.Errorf("log %q shows a placeholder", got)
	}
}
