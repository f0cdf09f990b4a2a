package n26_test

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
	"github.com/skirmish-engine/skirmish/rulesets/n26"
)

// Speed benchmarks, quoted against the yardstick of the same run
// (docs/PERFORMANCE.md; .ci/bench-gate checks the ratios).

func BenchmarkYardstick(b *testing.B) { enginetest.Yardstick(b) }

// BenchmarkGames plays whole games of the board sample, random bots on both
// sides and sampled dice: games a second on one core.
func BenchmarkGames(b *testing.B) {
	g, err := engine.New(n26.New(), sample(b, "sump-crossing"), engine.Config{Seed: 1, Dice: engine.SampledDice, Players: engine.Bots(2)})
	if err != nil {
		b.Fatal(err)
	}
	enginetest.Games(b, g)
}

// BenchmarkPlayoutScale is one playout decision on the board sample tiled
// 1, 2 and 4 times (10, 20 and 40 models on one board of 24x24", 48x24" and
// 48x48"): how a decision's cost grows with the models.
func BenchmarkPlayoutScale(b *testing.B) {
	for _, tiles := range [][2]int{{1, 1}, {2, 1}, {2, 2}} {
		su := tiled(b, "sump-crossing", tiles[0], tiles[1])
		b.Run(fmt.Sprintf("models=%d", len(su.Models)), func(b *testing.B) {
			g, err := engine.New(n26.New(), su, engine.Config{Seed: 1, Dice: engine.SampledDice, Players: engine.Bots(2)})
			if err != nil {
				b.Fatal(err)
			}
			enginetest.Playout(b, g)
		})
	}
}

// tiled is the sample's setup with its board repeated nx by ny times and a
// copy of every model on each tile.
func tiled(b testing.TB, name string, nx, ny int) *engine.Setup {
	su := sample(b, name)
	src := su.Board.(*board.Board)
	t := &board.Board{Width: src.Width * float64(nx), Height: src.Height * float64(ny), Levels: src.Levels}
	models := su.Models
	su.Models = nil
	for i := range nx {
		for j := range ny {
			dx, dy := src.Width*float64(i), src.Height*float64(j)
			at := func(p board.Point) board.Point { return board.Point{X: p.X + dx, Y: p.Y + dy, Level: p.Level} }
			for _, x := range src.Boxes {
				x.X0, x.X1, x.Y0, x.Y1 = x.X0+dx, x.X1+dx, x.Y0+dy, x.Y1+dy
				t.Boxes = append(t.Boxes, x)
			}
			for _, w := range src.Walls {
				t.Walls = append(t.Walls, board.Wall{A: at(w.A), B: at(w.B), Height: w.Height})
			}
			for _, l := range src.Ledges {
				t.Ledges = append(t.Ledges, board.Ledge{A: at(l.A), B: at(l.B), Below: l.Below})
			}
			for _, d := range src.Ducts {
				t.Ducts = append(t.Ducts, board.Duct{A: at(d.A), B: at(d.B)})
			}
			for _, o := range src.Objectives {
				t.Objectives = append(t.Objectives, at(o))
			}
			for _, k := range src.Tokens {
				t.Tokens = append(t.Tokens, board.Token{Kind: k.Kind, At: at(k.At)})
			}
			for _, m := range models {
				m.ID = fmt.Sprintf("%s-%d%d", m.ID, i, j)
				m.Start.X += float32(dx)
				m.Start.Y += float32(dy)
				su.Models = append(su.Models, m)
			}
		}
	}
	if err := t.Check(); err != nil {
		b.Fatal(err)
	}
	su.Board = t
	return su
}

// TestTiledGamesFingerprint is rulesets/all's TestBoardGamesFingerprint on
// the 20- and 40-model boards of BenchmarkPlayoutScale, where a move's
// checks skip the far terrain and models (board's neighbourhoods): hashed
// legal lists and actions of seeded random games, pinned before that
// work; a changed pin is a bug in it.
func TestTiledGamesFingerprint(t *testing.T) {
	for _, tc := range []struct {
		nx, ny int
		pin    string
	}{{2, 1, "c86ad0c9b27fe4fd/981"}, {2, 2, "3276ae5473941a61/2008"}} {
		su := tiled(t, "sump-crossing", tc.nx, tc.ny)
		h := fnv.New64a()
		decisions := 0
		for seed := range uint64(4) {
			// the random bot before issue 35, which the pins were taken with
			g, err := engine.New(n26.New(), su, engine.Config{Seed: seed + 1, Dice: engine.SampledDice, Players: enginetest.ListBots(2)})
			if err != nil {
				t.Fatal(err)
			}
			for !g.Over() {
				for _, a := range g.Legal() {
					fmt.Fprintln(h, a)
				}
				if ok, err := g.Step(); err != nil || !ok {
					t.Fatalf("seed %d: step: %v %v", seed+1, ok, err)
				}
				decisions++
			}
		}
		if got := fmt.Sprintf("%x/%d", h.Sum64(), decisions); got != tc.pin {
			t.Errorf("%d models: fingerprint %s, pinned %s", len(su.Models), got, tc.pin)
		}
	}
}
