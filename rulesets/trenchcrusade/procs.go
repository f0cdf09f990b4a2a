package trenchcrusade

import (
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/rules"
)

// Boxed procedure tables: rolling one allocates nothing (engine.Ctx.Roll).
const (
	netLo   = 10 // net ±DICE from −10 …
	netSpan = 21 // … to +10
	posSpan = 7  // positive injury modifiers 0..6
	negLo   = 8  // negative injury modifiers −8..0
	maxPick = 12
)

var (
	pD6      dice.Procedure = rules.D6{Game: "tc"}
	pPick    [maxPick + 1]dice.Procedure
	pSuccess [2][netSpan]dice.Procedure // [natural-crit][net]
	pInjury  [netSpan][posSpan][negLo + 1]dice.Procedure
)

func init() {
	for n := 1; n <= maxPick; n++ {
		pPick[n] = rules.Pick{Game: "tc", N: n}
	}
	for k := range netSpan {
		pSuccess[0][k] = SuccessRoll{Dice: k - netLo}
		pSuccess[1][k] = SuccessRoll{Dice: k - netLo, NaturalCrit: true}
		for pos := range posSpan {
			for neg := range negLo + 1 {
				var mods []int
				if pos > 0 {
					mods = append(mods, pos)
				}
				if neg > 0 {
					mods = append(mods, -neg)
				}
				pInjury[k][pos][neg] = InjuryRoll{Dice: k - netLo, Mods: mods}
			}
		}
	}
}

// boxed reports whether net ±DICE is within the boxed tables.
func boxed(net int) bool { return net >= -netLo && net < netSpan-netLo }

// successRoll is the Success Roll with net ±DICE: boxed (allocation-free)
// for the usual range, made afresh beyond it. Every die counts: nothing is
// capped (rules.md §4.3, §4.2.1).
func successRoll(net int, naturalCrit bool) dice.Procedure {
	if !boxed(net) {
		return SuccessRoll{Dice: net, NaturalCrit: naturalCrit}
	}
	c := 0
	if naturalCrit {
		c = 1
	}
	return pSuccess[c][net+netLo]
}

// injuryRoll is the Injury Roll with net ±INJURY DICE and the flat
// modifiers' positive and negative parts (the procedure caps the negative
// part at −3, rules.md §6.3-g): boxed for the usual range, made afresh
// beyond it, so that every injury die counts (issue 8: no silent cap).
func injuryRoll(net, pos, neg int) dice.Procedure {
	pos, neg = max(pos, 0), min(neg, 0)
	if !boxed(net) || pos >= posSpan || -neg > negLo {
		var mods []int
		if pos > 0 {
			mods = append(mods, pos)
		}
		if neg < 0 {
			mods = append(mods, neg)
		}
		return InjuryRoll{Dice: net, Mods: mods}
	}
	return pInjury[net+netLo][pos][-neg]
}
