// Package rules holds small building blocks that several rulesets share.
package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/skirmish-engine/skirmish/dice"
)

// Sum returns the sum of xs, as when flat modifiers add up.
func Sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// ModsText describes flat modifiers for an explanation: "no modifiers",
// "modifiers +1 -2".
func ModsText(mods []int) string {
	if len(mods) == 0 {
		return "no modifiers"
	}
	parts := make([]string, len(mods))
	for i, m := range mods {
		parts[i] = fmt.Sprintf("%+d", m)
	}
	return "modifiers " + strings.Join(parts, " ")
}

// names keeps "<game><suffix>" strings made once: a procedure's Name is
// asked at every roll, and must not allocate.
var names sync.Map // game+suffix → the joined string

func named(game, suffix string) string {
	type key struct{ game, suffix string }
	k := key{game, suffix}
	if v, ok := names.Load(k); ok {
		return v.(string)
	}
	v, _ := names.LoadOrStore(k, game+suffix)
	return v.(string)
}

// D6 is one plain six-sided die read as its face: outcomes "1" to "6"
// (outcome index = face − 1). Its name is Game + "-d6": each ruleset's log
// names its own dice (charge distances, roll-offs).
type D6 struct{ Game string }

var d6Outcomes = []string{"1", "2", "3", "4", "5", "6"}

func (r D6) Name() string       { return named(r.Game, "-d6") }
func (r D6) Outcomes() []string { return slices.Clone(d6Outcomes) }
func (r D6) Flags() []string    { return nil }
func (r D6) Odds() dice.Dist    { return d6Odds }
func (r D6) Describe() string   { return "roll 1 D6" }

var d6Odds = dice.D6.Dist().Shift(-1)

func (r D6) Resolve(t *dice.Tray) (dice.Result, error) {
	d, err := t.Roll(dice.D6, "d6")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(t.Len() - 1)
	if !t.Explains() {
		return dice.Result{Outcome: d.Value - 1}, nil
	}
	return dice.Result{Outcome: d.Value - 1, Explain: fmt.Sprintf("rolled %d", d.Value)}, nil
}

// Pick chooses one of N (1 ≤ N) equally, on a die of N faces (a D2 for
// two): a random allocation. Its name is Game + "-pick".
type Pick struct {
	Game string
	N    int
}

func (r Pick) Name() string    { return named(r.Game, "-pick") }
func (r Pick) Flags() []string { return nil }
func (r Pick) Outcomes() []string {
	o := make([]string, r.N)
	for i := range o {
		o[i] = strconv.Itoa(i + 1)
	}
	return o
}
func (r Pick) Odds() dice.Dist { return dice.Uniform(0, r.N-1) }
func (r Pick) Describe() string {
	return fmt.Sprintf("pick one of %d at random: roll 1 D%d (any fair way to pick 1 to %d will do)", r.N, max(r.N, 2), r.N)
}

func (r Pick) Resolve(t *dice.Tray) (dice.Result, error) {
	d, err := t.Roll(dice.D(max(r.N, 2)), "pick die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(t.Len() - 1)
	o := (d.Face - 1) % r.N
	if !t.Explains() {
		return dice.Result{Outcome: o}, nil
	}
	return dice.Result{Outcome: o, Explain: fmt.Sprintf("picked %d of %d", o+1, r.N)}, nil
}

// Lines writes a post-battle report kept as notes (a ruleset's own note
// type) as its lines, one a note, nil for none: the rulesets keep their
// reports as notes so that a played game allocates nothing for them, and
// write them only when people or the state's JSON ask.
func Lines[N any](notes []N, line func(*N) string) []string {
	if len(notes) == 0 {
		return nil
	}
	out := make([]string, len(notes))
	for i := range notes {
		out[i] = line(&notes[i])
	}
	return out
}
