package n23

import (
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// Evaluate scores a game still going for side, for bots (package bot finds
// it by type assertion): in units of about one model, its own models count
// for it and the enemy's against it. A model still in the fight counts 1
// (the end of the game counts them, GameOver); Seriously Injured or
// Wrecked 0.3 (out of the fight, but not yet out of action, rules.md
// §3.3); Pinned or Broken 0.15 less, Prone 0.05 less; each wound lost 0.1
// and each flesh wound 0.05 less (§3.3). The active model that turned
// while Engaged and has not fought yet counts turnedCost less: the turn
// has cost its hit rolls this activation (seed 002, Changing Facing) and
// gained nothing yet, so that a bot looking one action ahead does not
// turn and then end its activation; once it fights, the Fight's own dice
// price the penalty.
func (r *Rules) Evaluate(s *engine.State, side int) float64 {
	return rules.Standing(s, side, func(m int) float64 {
		md := &s.Models[m]
		x := 1.0
		if s.Turn.Model == m && s.Has(m, cTurned) && s.Turn.Taken&(1<<iFight) == 0 {
			x -= turnedCost
		}
		if down(s, m) {
			x = 0.3
		}
		switch secondary(s, m) {
		case pinned, stalled:
			x -= 0.15
		}
		if status(s, m) == prone {
			x -= 0.05
		}
		if s.Has(m, cBroken) {
			x -= 0.15
		}
		return x - (0.1*float64(max(0, s.Stat(m, sW)-int(md.Counters[cWounds]))) + 0.05*float64(md.Counters[cFlesh]))
	}, nil)
}

// turnedCost is what a turn while Engaged that no Fight has followed yet
// costs in Evaluate: about a −1 on one hit roll of a model's worth, and
// more than any quiet move gains (bot.Closeness an inch).
const turnedCost = 0.05
