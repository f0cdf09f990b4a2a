package server

import (
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// rollOf is a procedure that rolls the dice it holds, for the keypad's
// wording.
type rollOf []dice.Die

func (rollOf) Name() string       { return "test-roll" }
func (rollOf) Outcomes() []string { return []string{"done"} }
func (rollOf) Flags() []string    { return nil }
func (rollOf) Odds() dice.Dist    { return dice.Dist{} }
func (p rollOf) Resolve(t *dice.Tray) (dice.Result, error) {
	for _, d := range p {
		if _, err := t.Roll(d, ""); err != nil {
			return dice.Result{}, err
		}
	}
	return dice.Result{}, nil
}

// The keypad says how many dice of each kind to roll in words that agree
// with the count: "2 firepower dice", "1 injury die … tap its face".
func TestKeypadCountWording(t *testing.T) {
	fp := dice.Symbols("firepower die", []string{"1-ammo", "1", "2", "3"}, []int{1, 2, 2, 1})
	inj := dice.Symbols("injury die", []string{"i", "si", "ooa"}, []int{3, 2, 1})
	for _, c := range []struct {
		proc rollOf
		want string
	}{
		{rollOf{fp, fp}, "Roll 2 firepower dice, then tap the faces in order"},
		{rollOf{inj}, "Roll 1 injury die, then tap its face"},
		{rollOf{dice.D6, dice.D6, fp}, "Roll 2 D6, then 1 firepower die, then tap the faces in order"},
	} {
		pr := &engine.Prompt{Question: engine.Question{Kind: engine.DiceQ, Proc: c.proc}}
		if got := pendingPage(pr, true, "").Count; got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}
