package n26

import (
	"fmt"

	"github.com/skirmish-engine/skirmish/rules"
)

// What each procedure asks of a player rolling real dice (dice.Describer):
// how many dice of which kind, in which order, and what they need. The
// engine adds what the roll is for and who rolls it.

// injuryFaces says how to type an injury die.
const injuryFaces = "each die shows injured, seriously-injured or out-of-action: type i, si or ooa"

func (r Injury) Describe() string {
	if r.Dice == 1 {
		return "roll 1 injury die (" + injuryFaces + ")"
	}
	return fmt.Sprintf("roll %d injury dice (%s); the attacker keeps the one worst for the target", r.Dice, injuryFaces)
}

func (r Recovery) Describe() string {
	if r.Dice == 1 {
		return "roll 1 injury die (" + injuryFaces + "): injured recovers, seriously-injured stays, out-of-action is out"
	}
	return fmt.Sprintf("roll %d injury dice (%s); the controlling player keeps the best: injured recovers, seriously-injured stays, out-of-action is out", r.Dice, injuryFaces)
}

func (r CoupDeGrace) Describe() string {
	return fmt.Sprintf("roll 2 D6, the attacker's die first: D6 + %d against D6 + %d; the attacker wins ties", r.Attacker, r.Target)
}

func (r Check) Describe() string {
	need := r.target()
	if r.Dice == 1 {
		return fmt.Sprintf("roll 1 D6: passes on %d or less (%s)", need, checkWhy(r))
	}
	return fmt.Sprintf("roll 2 D6: passes if they add up to %d or less (%s)", need, checkWhy(r))
}

func checkWhy(r Check) string {
	if len(r.Mods) == 0 {
		return fmt.Sprintf("value %d", r.Value)
	}
	return fmt.Sprintf("value %d, %s", r.Value, rules.ModsText(r.Mods))
}

// Describe gives the number the die itself needs, modifiers applied, and
// the naturals: "roll 1 D6: 4+ passes (3+ with modifiers -1 to the die); a
// natural 1 always fails, a 6 always passes".
func (r Test) Describe() string {
	sum := rules.Sum(r.Mods)
	if r.Save && sum <= -99 {
		return "roll 1 D6: there is no save to pass"
	}
	need := r.Target - sum
	how := ""
	if len(r.Mods) > 0 {
		how = fmt.Sprintf(" (%d+ with %s to the die)", r.Target, rules.ModsText(r.Mods))
	}
	if r.Save {
		switch {
		case need > 6:
			return "roll 1 D6: nothing saves" + how
		case need <= 3:
			return "roll 1 D6: 3+ saves" + how + "; a natural 1 or 2 always fails"
		}
		return fmt.Sprintf("roll 1 D6: %d+ saves%s; a natural 1 or 2 always fails", need, how)
	}
	switch {
	case need > 6:
		return "roll 1 D6: only a natural 6 passes" + how
	case need <= 2:
		return "roll 1 D6: 2+ passes" + how + "; a natural 1 always fails"
	}
	return fmt.Sprintf("roll 1 D6: %d+ passes%s; a natural 1 always fails, a 6 always passes", need, how)
}

func (r Firepower) Describe() string {
	return fmt.Sprintf("roll %d firepower dice (faces 1-ammo, 1, 2 or 3 bullets: type 1-ammo, 1, 2 or 3); any ammo symbol runs the weapon out of ammo, two jam it", r.Dice)
}

func (r Lasting) Describe() string {
	table := "Lasting Injury"
	if r.Vehicle {
		table = "Lasting Damage"
	}
	return "roll 2 D6, the tens die first (D66), on the " + table + " table"
}

func (r Bottle) Describe() string {
	return fmt.Sprintf("roll 2 D6: passes if they add up to %d or less (the highest Leadership); a double six means two models flee", r.Value)
}

// Texts for About.With, made once: a roll's description allocates nothing.
var (
	lethalityText = numbered("Lethality ", maxLethality)
	strengthText  = numbered("S", 10)
)

func numbered(prefix string, n int) []string {
	out := make([]string, n+1)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return out
}
