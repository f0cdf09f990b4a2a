package n26

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/rules"
)

// InjuryDie is the N26 injury die (rules.md §2.3.1): values rank the
// symbols from best to worst for the model.
var InjuryDie = dice.Symbols("injury die", []string{"injured", "seriously-injured", "out-of-action"}, []int{2, 3, 1})

// Bounds on procedure parameters.
const (
	MaxDice = 40
	MaxMod  = 20
	MaxMods = 20
)

var injuryOutcomes = []string{"injured", "seriously-injured", "out-of-action"}

var memo dice.Memo[dice.Dist]

// Memo keys: the procedure kind in the top byte.
const (
	kindInjury = iota + 1
	kindRecovery
	kindCoup
	kindCheck
	kindTest
)

// memoKey packs a procedure kind and three small parameters into a cache
// key; ok is false when they are too large to pack without collisions.
func memoKey(kind, a, b, c int) (k uint64, ok bool) {
	ok = a >= -1000 && a <= 1000 && b >= -1000 && b <= 1000 && c >= -1000 && c <= 1000
	return uint64(kind)<<56 | uint64(a+1024)&0xffff<<32 | uint64(b+1024)&0xffff<<16 | uint64(c+1024)&0xffff, ok
}

// memoized serves a distribution from the cache, computing it with f on a
// miss (or every time, for parameters too large to key).
func memoized(kind, a, b, c int, f func() dice.Dist) dice.Dist {
	k, ok := memoKey(kind, a, b, c)
	if !ok {
		return f()
	}
	if d, hit := memo.Get(k); hit {
		return d
	}
	d := f()
	memo.Put(k, d)
	return d
}

// cached is the inlinable hit path of memoized.
func cached(kind, a, b, c int) (dice.Dist, bool) {
	if k, ok := memoKey(kind, a, b, c); ok {
		return memo.Get(k)
	}
	return dice.Dist{}, false
}

// resolvePick rolls n injury dice and keeps the one the chooser wants: the
// worst for the model (highest rank) when worst, else the best.
func resolvePick(t *dice.Tray, n int, worst bool, role, who, source string) (dice.Result, error) {
	first, best, kept := t.Len(), 0, 0
	var faces []string
	for i := range n {
		r, err := t.Roll(InjuryDie, role)
		if err != nil {
			return dice.Result{}, err
		}
		faces = append(faces, r.Label)
		if i == 0 || worst && r.Value > best || !worst && r.Value < best {
			best, kept = r.Value, i
		}
	}
	t.Keep(first + kept)
	o := best - 1
	why := "rolled 1 injury die: " + injuryOutcomes[o]
	if n > 1 {
		why = fmt.Sprintf("rolled %d injury dice: %s; %s: %s", n, strings.Join(faces, ", "), who, injuryOutcomes[o])
	}
	return dice.Result{Outcome: o, Explain: why + " (" + source + ")"}, nil
}

// Injury is the roll of Dice injury dice (the weapon's Lethality) for a model
// wounded at 0 Wounds; the opposing player keeps the one worst for it
// (rules.md §2.3.4, Damage and Injury result).
type Injury struct {
	Dice int // 1..MaxDice
}

func (r Injury) Name() string       { return "n26-injury" }
func (r Injury) Outcomes() []string { return slices.Clone(injuryOutcomes) }
func (r Injury) Flags() []string    { return nil }

func (r Injury) Odds() dice.Dist {
	if d, ok := cached(kindInjury, r.Dice, 0, 0); ok {
		return d
	}
	return memoized(kindInjury, r.Dice, 0, 0, func() dice.Dist {
		return dice.PickOne(InjuryDie, r.Dice, true).Shift(-1)
	})
}

func (r Injury) Resolve(t *dice.Tray) (dice.Result, error) {
	return resolvePick(t, r.Dice, true, "injury die", "the attacker keeps the worst for the target", "rules.md §2.3.4")
}

// Recovery is a Recovery test (rules.md §2.2.6): Dice injury dice (one, plus
// one for assistance, one for Tend Wounds or Conduct Repairs, and any from
// wargear), of which the controlling player keeps the best. The automatic
// Out of Action with an enemy within 1" needs no dice and is the rules'
// business, not this procedure's.
type Recovery struct {
	Dice int // 1..MaxDice
}

func (r Recovery) Name() string       { return "n26-recovery" }
func (r Recovery) Outcomes() []string { return slices.Clone(injuryOutcomes) }
func (r Recovery) Flags() []string    { return nil }

func (r Recovery) Odds() dice.Dist {
	if d, ok := cached(kindRecovery, r.Dice, 0, 0); ok {
		return d
	}
	return memoized(kindRecovery, r.Dice, 0, 0, func() dice.Dist {
		return dice.PickOne(InjuryDie, r.Dice, false).Shift(-1)
	})
}

func (r Recovery) Resolve(t *dice.Tray) (dice.Result, error) {
	return resolvePick(t, r.Dice, false, "recovery die", "the controlling player keeps the best", "rules.md §2.2.6")
}

// CoupDeGrace is the opposed roll of the Coup de Grace action (rules.md
// §2.2.3, §6.2-i): each side rolls D6 and adds its Strength; the target goes
// Out of Action when the attacker's total equals or beats the target's.
type CoupDeGrace struct {
	Attacker, Target int // Strength, 1..10
}

var coupOutcomes = []string{"out-of-action", "survives"}

func (r CoupDeGrace) Name() string       { return "n26-coup-de-grace" }
func (r CoupDeGrace) Outcomes() []string { return slices.Clone(coupOutcomes) }
func (r CoupDeGrace) Flags() []string    { return nil }

func (r CoupDeGrace) Odds() dice.Dist {
	return memoized(kindCoup, r.Attacker, r.Target, 0, func() dice.Dist {
		d := dice.D6.Dist()
		return dice.Opposed(d.Shift(r.Attacker), d.Shift(r.Target)).Map(func(diff int) int {
			if diff >= 0 {
				return 0
			}
			return 1
		})
	})
}

func (r CoupDeGrace) Resolve(t *dice.Tray) (dice.Result, error) {
	first := t.Len()
	a, err := t.Roll(dice.D6, "attacker's die")
	if err != nil {
		return dice.Result{}, err
	}
	d, err := t.Roll(dice.D6, "target's die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(first)
	t.Keep(first + 1)
	at, dt := a.Value+r.Attacker, d.Value+r.Target
	o, cmp := 1, "<"
	if at >= dt {
		o, cmp = 0, "≥"
	}
	return dice.Result{Outcome: o, Explain: fmt.Sprintf(
		"attacker %d + S%d = %d against target %d + S%d = %d: %d %s %d, %s (rules.md §2.2.3; ties go to the attacker)",
		a.Value, r.Attacker, at, d.Value, r.Target, dt, at, cmp, dt, coupOutcomes[o])}, nil
}

var passFail = []string{"pass", "fail"}

// Check is a characteristic check (rules.md §2.3.1): roll Dice D6 (2 for
// Leadership, Cool, Willpower and Intelligence; 1 for other characteristics)
// and pass when the total is at most Value plus the modifiers. There are no
// automatic results on checks (rules.md §2.3.1 [D]).
type Check struct {
	Value int   // the characteristic, 1..10
	Mods  []int // modifiers to the value
	Dice  int   // 1 or 2
}

func (r Check) Name() string       { return "n26-check" }
func (r Check) Outcomes() []string { return slices.Clone(passFail) }
func (r Check) Flags() []string    { return nil }

func (r Check) target() int { return r.Value + rules.Sum(r.Mods) }

func (r Check) Odds() dice.Dist {
	need := r.target()
	return memoized(kindCheck, r.Dice, need, 0, func() dice.Dist {
		return dice.D6.Dist().Repeat(r.Dice).Map(func(s int) int {
			if s <= need {
				return 0
			}
			return 1
		})
	})
}

func (r Check) Resolve(t *dice.Tray) (dice.Result, error) {
	total, first := 0, t.Len()
	var faces []string
	for i := range r.Dice {
		d, err := t.Roll(dice.D6, "check die")
		if err != nil {
			return dice.Result{}, err
		}
		t.Keep(first + i)
		total += d.Value
		faces = append(faces, d.Label)
	}
	need := r.target()
	o, cmp := 1, ">"
	if total <= need {
		o, cmp = 0, "≤"
	}
	rolled := faces[0]
	if len(faces) > 1 {
		rolled = strings.Join(faces, "+") + fmt.Sprintf(" = %d", total)
	}
	return dice.Result{Outcome: o, Total: &total, Mods: slices.Clone(r.Mods), Explain: fmt.Sprintf(
		"rolled %s against %d (value %d, %s): %d %s %d, %s (rules.md §2.3.1)",
		rolled, need, r.Value, rules.ModsText(r.Mods), total, cmp, need, passFail[o])}, nil
}

// Test is a D6 test such as a hit roll or a save (rules.md §2.3.1, §2.3.4):
// roll D6, add the modifiers, and pass on Target or more. On a hit roll a
// natural 1 always fails and a natural 6 always passes; on a save (Save) a
// natural 1 or 2 always fails.
type Test struct {
	Target int   // the number needed, 2..6 ("4" for 4+)
	Mods   []int // modifiers to the die
	Save   bool  // a save: naturals 1–2 fail and there is no automatic pass
}

func (r Test) Name() string       { return "n26-test" }
func (r Test) Outcomes() []string { return slices.Clone(passFail) }
func (r Test) Flags() []string    { return nil }

// outcome is 0 (pass) or 1 (fail) for natural face f, with a reason when a
// natural decided it.
func (r Test) outcome(f int) (int, string) {
	switch {
	case r.Save && f <= 2:
		return 1, fmt.Sprintf("a natural %d always fails a save", f)
	case !r.Save && f == 1:
		return 1, "a natural 1 always fails"
	case !r.Save && f == 6:
		return 0, "a natural 6 always passes"
	case f+rules.Sum(r.Mods) >= r.Target:
		return 0, ""
	}
	return 1, ""
}

func (r Test) Odds() dice.Dist {
	save := 0
	if r.Save {
		save = 1
	}
	return memoized(kindTest, r.Target, rules.Sum(r.Mods), save, func() dice.Dist {
		return dice.D6.Dist().Map(func(f int) int { o, _ := r.outcome(f); return o })
	})
}

func (r Test) Resolve(t *dice.Tray) (dice.Result, error) {
	first := t.Len()
	d, err := t.Roll(dice.D6, "test die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(first)
	total := d.Value + rules.Sum(r.Mods)
	o, natural := r.outcome(d.Value)
	why := fmt.Sprintf("rolled %d, %s → %d against %d+", d.Value, rules.ModsText(r.Mods), total, r.Target)
	if natural != "" {
		why += ": " + natural
	}
	return dice.Result{Outcome: o, Total: &total, Mods: slices.Clone(r.Mods),
		Explain: fmt.Sprintf("%s, %s (rules.md §2.3.1)", why, passFail[o])}, nil
}
