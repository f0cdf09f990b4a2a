package n23

import (
	"testing"

	"github.com/skirmish-engine/skirmish/bot"
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// Seed 002, Changing Facing: a Standing and Engaged fighter that turns
// takes the penalty on its hit rolls this activation; a turn is worth only
// what it leads to. w, Engaged with a much stronger b, does best to end
// its activation (a Fight invites b's reaction attacks, a Retreat may
// fail and goes away from the enemy); greedy used to turn first, as often
// as not, since a turn changed nothing its evaluation saw, and then end
// (the −1 for nothing). Across seeds it must never turn now.
func TestGreedyDoesNotTurnWhileEngagedForNothing(t *testing.T) {
	brute := with(ganger("b", 1), func(m *engine.ModelSetup) {
		m.Profile = []int{5, 2, 4, 5, 5, 3, 4, 4, 7, 7, 7, 7, 3} // WS2+ S5 T5 W3 A4 Sv3+
	})
	pts := [][2]float32{{5, 5}, {6, 5}, {20, 5}, {20, 20}}
	h := onBoard(t, nil, nil, pts, ganger("w", 0), brute, ganger("w2", 0), ganger("b2", 1))
	h.Play("activate m0")
	h.WantStatus("w", "standing/engaged")
	s, legal := h.S(), h.G.Legal()
	g := bot.NewGreedy(New())
	turns := 0
	for seed := range uint64(40) {
		a := legal[g.Act(s, legal, dice.NewRNG(seed+1))]
		if a.ID == "turn" {
			turns++
		}
	}
	if turns > 0 {
		t.Errorf("greedy turned while Engaged in %d of 40 seeds, with nothing to gain by it", turns)
	}
}
