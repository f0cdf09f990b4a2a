package engine_test

import (
	"strings"
	"testing"

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
