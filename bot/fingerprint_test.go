package bot_test

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/skirmish-engine/skirmish/bot"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
)

// TestBotGamesFingerprint plays a seeded game of MCTS (its default
// settings, a small budget) against greedy on each ruleset's board
// scenario and hashes every action and answer of its log, the choices the
// bots made by trying their options (engine.ChoiceTrier) among them. The
// pins were taken before the tries reused their buffers (engine's tries
// scratch), which must leave every game bit for bit the same: a changed
// pin is a bug in such work. A change meant to change how the bots play
// (new defaults, a new evaluation) updates the pins in its own commit,
// saying why.
func TestBotGamesFingerprint(t *testing.T) {
	if raceEnabled {
		t.Skip("bot games are slow under -race; TestDeterministic covers replay there")
	}
	pins := map[string]string{
		// issue 35 (bot.Version 2): the random bot draws a kind first, and
		// MCTS walks and ranks without listing every action
		"n26":             "a68e645412aa124f/99/6",
		"n23":             "275556d0debe0c5a/74/0",
		"trenchcrusade":   "a0f2bd57ab52073b/79/26",
		"falloutfactions": "b1bef5f618757109/68/8",
	}
	reg := all.Rulesets()
	for _, b := range boards {
		t.Run(b.ruleset, func(t *testing.T) {
			s, _ := all.Samples().Find(b.ruleset, b.scenario)
			su, err := s.Setup(reg, "")
			if err != nil {
				t.Fatal(err)
			}
			rs, _ := reg.Lookup(b.ruleset)
			m := bot.NewMCTS(rs)
			m.Iterations = 40
			g := playOut(t, rs, su, 9, m, bot.NewGreedy(rs))
			h := fnv.New64a()
			choices := 0
			for _, e := range g.Log().Entries {
				fmt.Fprintln(h, e.Action, e.Answers)
				for _, a := range e.Answers {
					if a.Kind == engine.ChoiceQ {
						choices++
					}
				}
			}
			fmt.Fprintln(h, "winner", g.State().Winner, "round", g.State().Round)
			got := fmt.Sprintf("%x/%d/%d", h.Sum64(), len(g.Log().Entries), choices)
			if got != pins[b.ruleset] {
				t.Errorf("fingerprint (hash/entries/choices) = %s, pinned %s", got, pins[b.ruleset])
			}
		})
	}
}
