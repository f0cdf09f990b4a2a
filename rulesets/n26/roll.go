package n26

import (
	"fmt"
	"slices"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// edition is N26 for the procedures shared with N23 (package necromunda):
// their names start "n26-", and their explanations cite rules.md §2.
type edition struct{}

func (edition) Edition() *necromunda.Edition { return ed26 }

var ed26 = necromunda.NewEdition(necromunda.Edition{
	ID:              "n26",
	InjurySymbols:   []string{"injured", "seriously-injured", "out-of-action"},
	InjuryCounts:    []int{2, 3, 1}, // rules.md §2.3.1
	InjuryFaces:     injuryFaces,
	RecoveryMeaning: "injured recovers, seriously-injured stays, out-of-action is out",
	SaveNaturals:    2, // rules.md §2.3.4: a natural 1 or 2 always fails a save
	AmmoMeaning:     "any ammo symbol runs the weapon out of ammo, two jam it",
	AmmoExplain:     ", out of ammo",
	JamExplain:      " and jammed",
	LastingInjury:   necromunda.N26LastingInjury,
	LastingDamage:   necromunda.N26LastingDamage,
	TestSource:      "rules.md §2.3.1",
	CheckSource:     "rules.md §2.3.1",
	InjurySource:    "rules.md §2.3.4",
	RecoverySource:  "rules.md §2.2.6",
	FirepowerSource: "rules.md §2.3.6",
	LastingSource:   "rules.md §2.3.4",
})

// The N26 procedures shared with N23 (package necromunda):
type (
	// Injury is the roll of Dice injury dice (the weapon's Lethality) for a
	// model wounded at 0 Wounds; the opposing player keeps the one worst
	// for it (rules.md §2.3.4, Damage and Injury result).
	Injury = necromunda.Injury[edition]
	// Recovery is a Recovery test (rules.md §2.2.6): Dice injury dice (one,
	// plus one for assistance, one for Tend Wounds or Conduct Repairs, and
	// any from wargear), of which the controlling player keeps the best.
	// The automatic Out of Action with an enemy within 1" needs no dice and
	// is the rules' business, not this procedure's.
	Recovery = necromunda.Recovery[edition]
	// Check is a characteristic check (rules.md §2.3.1): roll Dice D6 (2
	// for Leadership, Cool, Willpower and Intelligence; 1 for other
	// characteristics) and pass when the total is at most Value plus the
	// modifiers. There are no automatic results on checks (rules.md §2.3.1
	// [D]).
	Check = necromunda.Check[edition]
	// Test is a D6 test such as a hit roll or a save (rules.md §2.3.1,
	// §2.3.4): roll D6, add the modifiers, and pass on Target or more. On a
	// hit roll a natural 1 always fails and a natural 6 always passes; on a
	// save (Save) a natural 1 or 2 always fails.
	Test = necromunda.Test[edition]
)

// InjuryDie is the N26 injury die (rules.md §2.3.1): values rank the
// symbols from best to worst for the model.
var InjuryDie = ed26.InjuryDie()

// Bounds on procedure parameters.
const (
	MaxDice = 40
	MaxMod  = 20
	MaxMods = 20
)

var injuryOutcomes = ed26.InjurySymbols

var memo dice.Memo[dice.Dist]

// kindCoup is the Coup de Grace's kind in memo keys (the top byte).
const kindCoup = 1

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
	if !t.Explains() {
		return dice.Result{Outcome: o}, nil
	}
	return dice.Result{Outcome: o, Explain: fmt.Sprintf(
		"attacker %d + S%d = %d against target %d + S%d = %d: %d %s %d, %s (rules.md §2.2.3; ties go to the attacker)",
		a.Value, r.Attacker, at, d.Value, r.Target, dt, at, cmp, dt, coupOutcomes[o])}, nil
}
