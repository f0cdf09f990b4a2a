package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// TestEventPhrase: a ruleset's phrase puts the event's fields in place
// and leaves out a bracketed part whose model or key is missing; an event
// without a phrase reads as its type and models.
func TestEventPhrase(t *testing.T) {
	d := newDuel()
	d.info.Events = map[string]string{
		"grazed": "{model} was grazed[ by {other}]",
		"pushed": "{other} pushed {model} back {key}[ ({key})]",
		"rolled": "{model} rolled {value}: {side} scores",
		"spot":   "a find[ of {key}]",
	}
	g, err := engine.New(d, duelSetup(), engine.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	for _, c := range []struct {
		e    engine.Event
		want string
	}{
		{engine.Event{Type: "grazed", Model: 1, Other: 0}, "s was grazed by n"},
		{engine.Event{Type: "grazed", Model: 1, Other: engine.NoModel}, "s was grazed"},
		{engine.Event{Type: "pushed", Model: 1, Other: 0, Key: "2\""}, "n pushed s back 2\" (2\")"},
		{engine.Event{Type: "rolled", Model: 0, Other: engine.NoModel, Value: 1}, "n rolled 1: South scores"},
		{engine.Event{Type: "spot", Model: engine.NoModel, Other: engine.NoModel}, "a find"},
		{engine.Event{Type: "spot", Model: engine.NoModel, Other: engine.NoModel, Key: "caps"}, "a find of caps"},
		{engine.Event{Type: "unphrased", Model: 0, Other: 1, Key: "k"}, "unphrased n → s: k"},
	} {
		if got := engine.EventText(s, c.e); got != c.want {
			t.Errorf("EventText(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}

// TestEventPhraseChecked: a malformed phrase is a ruleset's programming
// error, refused when a game is made, with the event and the problem named.
func TestEventPhraseChecked(t *testing.T) {
	for p, want := range map[string]string{
		"":                     "empty phrase",
		"{model} hit {whom}":   "no field {whom}",
		"{model} hit {other":   "an unclosed {",
		"{model} hit[ {other}": "an unclosed [",
		"{model}] hit":         "a ] without its [",
		"[a [b] c]":            "a [ inside [ ]",
	} {
		d := newDuel()
		d.info.Events = map[string]string{"hit": p}
		_, err := engine.New(d, duelSetup(), engine.Config{Seed: 1})
		if err == nil || !strings.Contains(err.Error(), "event hit") || !strings.Contains(err.Error(), want) {
			t.Errorf("phrase %q: error %v, want one naming event hit and %q", p, err, want)
		}
	}
}

// faceD6 is a D6 read as its face: outcomes "1" to "6".
type faceD6 struct{}

func (faceD6) Name() string       { return "face-d6" }
func (faceD6) Outcomes() []string { return []string{"1", "2", "3", "4", "5", "6"} }
func (faceD6) Flags() []string    { return nil }
func (faceD6) Odds() dice.Dist    { return dice.NewDist(0, 1, 1, 1, 1, 1, 1) }
func (faceD6) Resolve(t *dice.Tray) (dice.Result, error) {
	r, err := t.Roll(dice.D6, "die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(0)
	return dice.Result{Outcome: r.Face - 1}, nil
}

// wordedD6 is faceD6 with its outcomes worded for the log, and a flag.
type wordedD6 struct{ faceD6 }

func (wordedD6) Flags() []string          { return []string{"double-six"} }
func (wordedD6) OutcomeText(o int) string { return fmt.Sprintf("%d pips", o+1) }

// TestAnswerText: a logged roll reads by its name without the bracketed
// explanation, unless a model's roll reads as a bare number (then the
// explanation says what it means); a roll-off names the side that rolled;
// a choice reads as its short question, a model's ID among the options as
// it is, any other option in words.
func TestAnswerText(t *testing.T) {
	g, err := engine.New(newDuel(), duelSetup(), engine.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	roll := func(p dice.Procedure, ab engine.About, who int) engine.Question {
		return engine.Question{Kind: engine.DiceQ, Key: p.Name(), Proc: p, About: ab, Who: who}
	}
	for _, c := range []struct {
		q    engine.Question
		a    engine.Answer
		want string
	}{
		{roll(testD6, engine.For("Save (a pass saves the wound)", 1, 0), 1), engine.Answer{Code: 1, Faces: []int{2}, Typed: true}, "Save: fail (2) typed"},
		{roll(faceD6{}, engine.For("Shooting into melee (1–3: a friend)", 0, 1), 0), engine.Answer{Code: 1, Faces: []int{2}}, "Shooting into melee (1–3: a friend): 2"},
		{roll(faceD6{}, engine.BySide("Roll-off (highest wins)"), 1), engine.Answer{Code: 3, Faces: []int{4}}, "Roll-off, South: 4"},
		{roll(testD6, engine.For("Dash: a risky roll (fails end it)", 0, engine.NoModel), 0), engine.Answer{Code: 0, Faces: []int{5}}, "Dash: a risky roll — pass (5)"},
		{roll(testD6, engine.About{Model: engine.NoModel, Other: engine.NoModel}, 0), engine.Answer{Code: 0}, "d6-4+ pass"},
		{roll(wordedD6{}, engine.For("Count", 0, engine.NoModel), 0), engine.Answer{Code: 5<<1 | 1, Faces: []int{6}}, "Count: 6 pips, double six (6)"},
		{engine.Question{Kind: engine.ChoiceQ, Key: "flee", Text: "Which model flees? Pick one", Options: []string{"n", "s"}, Who: 0}, engine.Answer{Code: 1}, "Which model flees? North chose s"},
		{engine.Question{Kind: engine.ChoiceQ, Key: "first-turn", Text: strings.Repeat("long ", 20) + "?", Options: []string{"take-first", "give-first"}, Who: 1}, engine.Answer{Code: 1}, "first turn: South chose give first"},
	} {
		if got := engine.AnswerText(s, c.q, c.a); got != c.want {
			t.Errorf("AnswerText = %q, want %q", got, c.want)
		}
	}
	if got := engine.EventText(s, engine.Event{Type: "counter", Model: 0, Other: engine.NoModel, Key: "flesh-wounds", Value: 1}); got != "n now has 1 flesh wound" {
		t.Errorf("one of a counter reads %q", got)
	}
}

// TestActionOwnText: an action whose definition has a Text reads as that
// text, with its destination after it; the others as name, actor, target
// and note.
func TestActionOwnText(t *testing.T) {
	d := newDuel()
	d.info.Actions[0].Text = func(s *engine.State, a engine.Action) string {
		return s.Static(a.Target).ID + " is shot at (by " + s.Static(a.Actor).ID + ")"
	}
	g, err := engine.New(d, duelSetup(), engine.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	a := engine.Action{ID: "shoot", Actor: 0, Target: 1}
	if got, want := engine.ActionText(s, a), "s is shot at (by n)"; got != want {
		t.Errorf("ActionText = %q, want %q", got, want)
	}
	if got, want := engine.ActionText(s, a.At(2, 3.5)), "s is shot at (by n) to 2,3.5"; got != want {
		t.Errorf("ActionText with a destination = %q, want %q", got, want)
	}
	d.info.Actions[0].Text = nil
	if got, want := engine.ActionText(s, a), "Shoot n → s"; got != want {
		t.Errorf("ActionText without Text = %q, want %q", got, want)
	}
}
