package all

import (
	"fmt"
	"hash/fnv"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// TestBoardGamesFingerprint plays seeded games of every built-in board
// sample with random bots and sampled dice, and hashes every decision's
// whole legal list and every action taken: one number per sample that any
// change to which destinations, targets or actions are legal, or to their
// order, changes. The pins were taken before the speed work of issue 10
// (board.Memo, neighbourhoods, sorted keys, narrowed 1" checks), which must
// leave every game bit for bit the same: a changed pin is a bug in such
// work, not a new baseline. A rules change that is meant to change games
// (a fidelity fix) updates the pin in its own commit, saying why. The
// bots are the random bot as it was before issue 35 (enginetest.ListBots,
// uniform over the whole list), so that issue 35's lazy lists, Any
// checks and reordered options are held to the same games; the kind-first
// random bot's games have pins of their own (the second number).
func TestBoardGamesFingerprint(t *testing.T) {
	pins := map[string]string{
		"falloutfactions/junction-yard": "31d7a09d7286666/4021 47449c8ff02b879f/4331",
		"n23/scrapyard-run":             "382109742b9b4337/5856 d5630138ad5e950a/4791",
		"n26/sump-crossing":             "b6d29468b384ae43/4349 ecb791e9801ced86/3890",
		"trenchcrusade/no-mans-land":    "64932199e0f59df5/4463 be610d595d410e12/4248",
	}
	const games = 40
	seen := 0
	for _, d := range decodedSamples(t, true) {
		key, rs, su := d.key, d.rs, d.su
		t.Run(key, func(t *testing.T) {
			var got []string
			for _, bots := range [][]engine.Policy{enginetest.ListBots(len(su.Sides)), engine.Bots(len(su.Sides))} {
				h := fnv.New64a()
				decisions := 0
				for seed := range uint64(games) {
					g, err := engine.New(rs, su, engine.Config{Seed: seed + 1, Dice: engine.SampledDice, Players: bots})
					if err != nil {
						t.Fatal(err)
					}
					for !g.Over() && decisions < 1_000_000 {
						for _, a := range g.Legal() {
							fmt.Fprintln(h, a)
						}
						if ok, err := g.Step(); err != nil || !ok {
							t.Fatalf("seed %d: step: %v %v", seed+1, ok, err)
						}
						decisions++
					}
					fmt.Fprintln(h, "winner", g.State().Winner, "round", g.State().Round)
				}
				got = append(got, fmt.Sprintf("%x/%d", h.Sum64(), decisions))
			}
			if got, want := strings.Join(got, " "), pins[key]; got != want {
				t.Errorf("fingerprint of %d games = %s, pinned %s", games, got, want)
			}
		})
		seen++
	}
	if seen != len(pins) {
		t.Errorf("%d board samples, %d pinned", seen, len(pins))
	}
}
