package all

import (
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/engine/enginetest"
)

// Issue 32, 2: for every sample scenario, on its board and at a table,
// with typed and with digital dice, the odds of every legal action of
// positions along random games name every roll the action (and the
// follow-ups its side must take next) asks for, so that odds naming no
// dice mean none is rolled; and they give up on no legal action, within
// the server's cap of resolutions (server.MaxOddsPaths).
func TestOddsAreHonest(t *testing.T) {
	const maxPaths = 100000 // server.MaxOddsPaths
	for _, d := range decodedSamples(t, false) {
		modes := []string{d.Mode}
		if d.Mode == "board" {
			modes = append(modes, "table")
		}
		for _, mode := range modes {
			for _, dm := range []engine.DiceMode{engine.PhysicalDice, engine.DigitalDice} {
				t.Run(fmt.Sprintf("%s/%s/%s", d.key, mode, dm), func(t *testing.T) {
					su := *d.su
					if mode != d.Mode {
						sc, _ := d.Decode(Rulesets())
						s2, err := sc.Setup(mode)
						if err != nil {
							t.Fatal(err)
						}
						su = *s2
					}
					checked, rolling, still := 0, 0, 0
					// The random bot of issue 35 reaches Get Movings with many
					// models to give Movement Orders to, whose odds once gave up
					// (every ordered move's destination a branch: engine.Odds
					// now ends at a follow-up to a destination).
					g, err := engine.New(d.rs, &su, engine.Config{Seed: 11, Dice: dm, Players: engine.Bots(len(su.Sides))})
					if err != nil {
						t.Fatal(err)
					}
					rng := dice.NewRNG(5)
					for k := 0; !g.Over() && k < 400; k++ {
						if p := g.Pending(); p != nil {
							if err := answerAtRandom(g, p, rng); err != nil {
								t.Fatalf("step %d: %v", k, err)
							}
							continue
						}
						if k%4 == 0 {
							for _, a := range g.Legal() {
								o, err := enginetest.OddsHonest(t, g, a, engine.OddsOptions{MaxPaths: maxPaths}, uint64(k), 2)
								if errors.Is(err, engine.ErrTooManyPaths) {
									t.Errorf("the odds of %s give up: %v", a, err)
									continue
								}
								if err != nil {
									t.Errorf("%s: %v", a, err)
									continue
								}
								checked++
								if len(o.Dice) > 0 {
									rolling++
								} else {
									still++
								}
							}
						}
						if _, err := g.Step(); err != nil {
							t.Fatalf("step %d: %v", k, err)
						}
					}
					t.Logf("%d actions' odds checked: %d roll dice, %d none", checked, rolling, still)
					if checked == 0 || rolling == 0 {
						t.Errorf("checked %d, %d rolling: too little", checked, rolling)
					}
				})
			}
		}
	}
}

// answerAtRandom answers a question as people at a table might: dice
// typed at random, a random option, a measurement yes or a few inches.
func answerAtRandom(g *engine.Game, p *engine.Prompt, rng *dice.RNG) error {
	var rep engine.Reply
	switch p.Kind {
	case engine.DiceQ:
		res, err := dice.Sample(p.Proc, rng)
		if err != nil {
			return err
		}
		for _, d := range res.Dice {
			rep.Faces = append(rep.Faces, "#"+strconv.Itoa(d.Face))
		}
	case engine.ChoiceQ:
		rep.Choice = rng.Face(len(p.Options)) - 1
	case engine.FactQ:
		rep.Value = 1
		switch {
		case p.Fact.Start > 0:
			rep.Value = p.Fact.Start - 1 // the rule's expected answer
		case !p.Fact.Boolean():
			rep.Value = 100 * rng.Face(6)
		}
	}
	err := g.Answer(p.Kind, rep)
	var ill *engine.IllegalError
	if errors.As(err, &ill) {
		return nil // a measurement refused the action
	}
	return err
}

// Merging paths at the rules' checkpoints (engine.Ctx.Checkpoint: each
// hit of an attack, each strike of a Fight, each enemy striking a
// retreating model) and at follow-ups gives the very odds of following
// every path to its end, to the fraction, on every action of positions
// along random games of every sample, at a table with every measurement
// yes (the most paths), wherever the unmerged odds finish within their
// cap; and it needs fewer resolutions.
func TestMergedOddsAreExact(t *testing.T) {
	compared, fewer := 0, 0
	yes := func(_ string, f engine.Fact) (int, bool) {
		if f.Boolean() {
			return 1, true
		}
		return 0, true
	}
	for _, d := range decodedSamples(t, false) {
		sc, _ := d.Decode(Rulesets())
		su, err := sc.Setup("table")
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.New(d.rs, su, engine.Config{Seed: 3, Dice: engine.DigitalDice, Players: engine.Bots(len(su.Sides))})
		if err != nil {
			t.Fatal(err)
		}
		rng := dice.NewRNG(9)
		for k := 0; !g.Over() && k < 300; k++ {
			if p := g.Pending(); p != nil {
				if err := answerAtRandom(g, p, rng); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if k%6 == 0 {
				for _, a := range g.Legal() {
					plain, err := g.Odds(a, engine.OddsOptions{MaxPaths: 20000, Default: yes, Unmerged: true})
					if err != nil {
						continue // too long unmerged, or refused: nothing to compare
					}
					merged, err := g.Odds(a, engine.OddsOptions{MaxPaths: 20000, Default: yes})
					if err != nil {
						t.Errorf("%s: %s: merged %v, unmerged fine", d.key, a, err)
						continue
					}
					if fmt.Sprint(merged.Rows) != fmt.Sprint(plain.Rows) || fmt.Sprint(merged.Dice) != fmt.Sprint(plain.Dice) {
						t.Errorf("%s: %s: merged %v %v, every path %v %v", d.key, a, merged.Rows, merged.Dice, plain.Rows, plain.Dice)
					}
					compared++
					if merged.Paths < plain.Paths {
						fewer++
					}
				}
			}
			if _, err := g.Step(); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d odds compared, %d with fewer resolutions merged", compared, fewer)
	if compared < 200 || fewer < 20 {
		t.Errorf("compared %d, fewer %d: too little", compared, fewer)
	}
}
