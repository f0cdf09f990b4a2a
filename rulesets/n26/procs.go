package n26

import (
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/rules"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// FirepowerDie is the Rapid Fire die (rules.md §2.3.1): one bullet with an
// ammo symbol on one face, one bullet on two, two bullets on two, three
// bullets on one.
var FirepowerDie = necromunda.FirepowerDie

type (
	// Firepower rolls Dice firepower dice (rules.md §2.3.6): the outcome is
	// the bullets they show beyond one per die (bullets − Dice), with the
	// flags "ammo" (at least one ammo symbol: the profile goes Out of Ammo)
	// and "jammed" (two or more: jammed for the battle).
	Firepower = necromunda.Firepower[edition]
	// Lasting is a D66 roll on the Lasting Injury table (fighters) or the
	// Lasting Damage table (vehicles), rules.md §2.3.4: the tens die first.
	Lasting = necromunda.Lasting[edition]
)

// Boxed procedure tables: rolling one of these allocates nothing.
var (
	pD6        dice.Procedure = rules.D6{Game: "n26"}
	pLasting                  = [2]dice.Procedure{Lasting{}, Lasting{Vehicle: true}}
	pInjury    [maxLethality + 1]dice.Procedure
	pRecovery  [maxRecovery + 1]dice.Procedure
	pFirepower [maxFirepower + 1]dice.Procedure
	pPick      [maxPick + 1]dice.Procedure
	pHit       [8][modRange]dice.Procedure // target 2..7, modifier −modLo..
	pSave      [8][modRange]dice.Procedure
	pCheck2    [11][modRange]dice.Procedure // value 1..10
)

const (
	maxLethality = 6
	maxRecovery  = 8
	maxFirepower = 6
	maxPick      = 12
	modLo        = 8 // modifiers from −8
	modRange     = 17
)

func init() {
	for n := 1; n <= maxLethality; n++ {
		pInjury[n] = Injury{Dice: n}
	}
	for n := 1; n <= maxRecovery; n++ {
		pRecovery[n] = Recovery{Dice: n}
	}
	for n := 1; n <= maxFirepower; n++ {
		pFirepower[n] = Firepower{Dice: n}
	}
	for n := 1; n <= maxPick; n++ {
		pPick[n] = rules.Pick{Game: "n26", N: n}
	}
	for k := range modRange {
		mod := []int{k - modLo}
		if k == modLo {
			mod = nil
		}
		for target := 2; target <= 7; target++ {
			pHit[target][k] = Test{Target: min(target, 6), Mods: mod}
			if target == 7 {
				// no save at all: a test that can never pass
				pSave[target][k] = Test{Target: 6, Mods: []int{-99}, Save: true}
			} else {
				pSave[target][k] = Test{Target: target, Mods: mod, Save: true}
			}
		}
		for v := 1; v <= 10; v++ {
			pCheck2[v][k] = Check{Value: v, Mods: mod, Dice: 2}
		}
	}
}

func modIndex(mod int) int { return min(max(mod, -modLo), modRange-1-modLo) + modLo }

// hitTest is the boxed D6 test needing target+ with a net modifier.
func hitTest(target, mod int) dice.Procedure { return pHit[min(max(target, 2), 7)][modIndex(mod)] }

// saveTest is the boxed save: Sv 7 is no save.
func saveTest(sv, mod int) dice.Procedure { return pSave[min(max(sv, 2), 7)][modIndex(mod)] }

// check2 is the boxed 2D6 check against value with a modifier; one below
// the boxed range (a Group Activation of ten fighters or more: −1 for each
// after the first, seed 000) is made for the occasion, not cut to −8.
func check2(value, mod int) dice.Procedure {
	value = min(max(value, 1), 10)
	if mod < -modLo {
		return Check{Value: value, Mods: []int{mod}, Dice: 2}
	}
	return pCheck2[value][modIndex(mod)]
}
