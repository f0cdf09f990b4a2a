package necromunda

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
)

// resolvePick rolls n injury dice and keeps the one the chooser wants: the
// worst for the model (highest rank) when worst, else the best.
func resolvePick(e *Edition, t *dice.Tray, n int, worst bool, role, who, source string) (dice.Result, error) {
	first, best, kept := t.Len(), 0, 0
	var faces []string
	for i := range n {
		r, err := t.Roll(e.die, role)
		if err != nil {
			return dice.Result{}, err
		}
		if t.Explains() {
			faces = append(faces, r.Label)
		}
		if i == 0 || worst && r.Value > best || !worst && r.Value < best {
			best, kept = r.Value, i
		}
	}
	t.Keep(first + kept)
	o := best - 1
	if !t.Explains() {
		return dice.Result{Outcome: o}, nil
	}
	why := "rolled 1 injury die: " + e.InjurySymbols[o]
	if n > 1 {
		why = fmt.Sprintf("rolled %d injury dice: %s; %s: %s", n, strings.Join(faces, ", "), who, e.InjurySymbols[o])
	}
	return dice.Result{Outcome: o, Explain: why + " (" + source + ")"}, nil
}

// Injury is the roll of Dice injury dice for a wounded model; the opposing
// player keeps the one worst for it (rules.md §2.3.4: N26 rolls the
// weapon's Lethality; N23 rolls one at a time, rules.md §3.3).
type Injury[G Game] struct {
	Dice int // 1..
}

func (r Injury[G]) Name() string       { return edition[G]().names.injury }
func (r Injury[G]) Outcomes() []string { return slices.Clone(edition[G]().InjurySymbols) }
func (r Injury[G]) Flags() []string    { return nil }

func (r Injury[G]) Odds() dice.Dist {
	e := edition[G]()
	if d, ok := e.cached(kindInjury, r.Dice, 0, 0); ok {
		return d
	}
	return e.memoized(kindInjury, r.Dice, 0, 0, func() dice.Dist {
		return dice.PickOne(e.die, r.Dice, true).Shift(-1)
	})
}

func (r Injury[G]) Resolve(t *dice.Tray) (dice.Result, error) {
	e := edition[G]()
	return resolvePick(e, t, r.Dice, true, "injury die", "the attacker keeps the worst for the target", e.InjurySource)
}

func (r Injury[G]) Describe() string {
	e := edition[G]()
	if r.Dice == 1 {
		return "roll 1 injury die (" + e.InjuryFaces + ")"
	}
	return fmt.Sprintf("roll %d injury dice (%s); the attacker keeps the one worst for the target", r.Dice, e.InjuryFaces)
}

// Recovery is a Recovery test (rules.md §2.2.6, §3.3): Dice injury dice, of
// which the controlling player keeps the best. What else a Recovery test
// does (an enemy within 1", who assists) is the ruleset's.
type Recovery[G Game] struct {
	Dice int // 1..
}

func (r Recovery[G]) Name() string       { return edition[G]().names.recovery }
func (r Recovery[G]) Outcomes() []string { return slices.Clone(edition[G]().InjurySymbols) }
func (r Recovery[G]) Flags() []string    { return nil }

func (r Recovery[G]) Odds() dice.Dist {
	e := edition[G]()
	if d, ok := e.cached(kindRecovery, r.Dice, 0, 0); ok {
		return d
	}
	return e.memoized(kindRecovery, r.Dice, 0, 0, func() dice.Dist {
		return dice.PickOne(e.die, r.Dice, false).Shift(-1)
	})
}

func (r Recovery[G]) Resolve(t *dice.Tray) (dice.Result, error) {
	e := edition[G]()
	return resolvePick(e, t, r.Dice, false, "recovery die", "the controlling player keeps the best", e.RecoverySource)
}

func (r Recovery[G]) Describe() string {
	e := edition[G]()
	if r.Dice == 1 {
		return "roll 1 injury die (" + e.InjuryFaces + "): " + e.RecoveryMeaning
	}
	return fmt.Sprintf("roll %d injury dice (%s); the controlling player keeps the best: %s", r.Dice, e.InjuryFaces, e.RecoveryMeaning)
}
