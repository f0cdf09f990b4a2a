package enginetest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// Perft counts the decision sequences of the given depth from g's
// position, chess-engine style: every legal action is applied in turn
// (dice from the game's seed; every measurement a person would give
// answered yes, every choice its first option) and undone. Pinned counts
// catch any change in what is legal (STYLE.md, Tests 5). g must have
// digital or sampled dice.
func Perft(t testing.TB, g *engine.Game, depth int) int {
	t.Helper()
	legal := slices.Clone(g.Legal())
	if depth == 1 {
		return len(legal)
	}
	n := 0
	for _, a := range legal {
		if err := g.Apply(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		for p := g.Pending(); p != nil; p = g.Pending() {
			var err error
			switch p.Kind {
			case engine.FactQ:
				v := 1 // yes: what keeps the action legal, unless the rule expects another
				if p.Fact.Start > 0 {
					v = p.Fact.Start - 1
				}
				err = g.Answer(p.Kind, engine.Reply{Value: v})
			case engine.ChoiceQ:
				err = g.Answer(p.Kind, engine.Reply{Choice: 0})
			default:
				t.Fatalf("%s: asks %s", a, p.Key)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if !g.Over() {
			n += Perft(t, g, depth-1)
		}
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// LegalByID counts g's legal actions by action ID: "end:1 move:12".
func LegalByID(g *engine.Game) string {
	counts := map[string]int{}
	for _, a := range g.Legal() {
		counts[a.ID]++
	}
	var out []string
	for id, n := range counts {
		out = append(out, fmt.Sprintf("%s:%d", id, n))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}
