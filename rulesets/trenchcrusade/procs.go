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

func clampNet(n int) int { return min(max(n, -netLo), netSpan-1-netLo) + netLo }

// successRoll is the boxed Success Roll with net ±DICE.
func successRoll(net int, naturalCrit bool) dice.Procedure {
	c := 0
	if naturalCrit {
		c = 1
	}
	return pSuccess[c][clampNet(net)]
}

// injuryRoll is the boxed Injury Roll with net ±INJURY DICE and the flat
// modifiers' positive and negative parts (the procedure caps the negative
// part at −3, rules.md §6.3-g).
func injuryRoll(net, pos, neg int) dice.Procedure {
	return pInjury[clampNet(net)][min(max(pos, 0), posSpan-1)][min(max(-neg, 0), negLo)]
}
