package n26

import "fmt"

// What each procedure asks of a player rolling real dice (dice.Describer):
// how many dice of which kind, in which order, and what they need. The
// engine adds what the roll is for and who rolls it. The procedures shared
// with N23 describe themselves in package necromunda, from the edition.

// injuryFaces says what an injury die's faces mean (how to type them is the
// CLI's business: dice.Die.Typing).
const injuryFaces = "each die shows injured, seriously-injured or out-of-action"

func (r CoupDeGrace) Describe() string {
	return fmt.Sprintf("roll 2 D6, the attacker's die first: D6 + %d against D6 + %d; the attacker wins ties", r.Attacker, r.Target)
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
