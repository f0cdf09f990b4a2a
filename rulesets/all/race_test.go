package all

import (
	"fmt"
	"sync"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// Many games at once on shared rulesets and setups, as a server or a batch
// simulation plays them: run under -race (.ci/run does), any data race in a
// ruleset, the engine, the board or the dice is reported. Table-mode samples
// have their measurements answered by the test (yes, and 1" for lengths).
func TestConcurrentGames(t *testing.T) {
	const goroutines, games = 8, 3
	reg := Rulesets()
	type shared struct {
		name string
		rs   engine.Ruleset
		su   *engine.Setup
	}
	var setups []shared
	for _, s := range Samples() {
		su, err := s.Setup(reg, "")
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := reg.Lookup(s.Ruleset)
		setups = append(setups, shared{s.Ruleset + "/" + s.Name, rs, su})
	}
	var wg sync.WaitGroup
	errs := make(chan error, goroutines*games*len(setups))
	for w := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range games {
				for _, sh := range setups {
					seed := uint64(w*1000 + k)
					if err := playOut(sh.rs, sh.su, seed); err != nil {
						errs <- fmt.Errorf("%s seed %d: %w", sh.name, seed, err)
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// playOut plays a game to its end with bots and sampled dice.
func playOut(rs engine.Ruleset, su *engine.Setup, seed uint64) error {
	g, err := engine.New(rs, su, engine.Config{Seed: seed, Dice: engine.SampledDice, Players: engine.Bots(len(su.Sides))})
	if err != nil {
		return err
	}
	for step := 0; !g.Over(); step++ {
		if step > 20000 {
			return fmt.Errorf("no end after %d steps", step)
		}
		if p := g.Pending(); p != nil {
			var rep engine.Reply
			switch p.Kind {
			case engine.FactQ:
				rep.Value = 1
				switch {
				case p.Fact.Start > 0:
					rep.Value = p.Fact.Start - 1 // the rule's expected answer
				case !p.Fact.Boolean():
					rep.Value = 100
				}
			case engine.DiceQ:
				return fmt.Errorf("asked for dice with sampled dice: %s", p.Key)
			}
			if err := g.Answer(p.Kind, rep); err != nil {
				return err
			}
			continue
		}
		if ok, err := g.Step(); err != nil || !ok {
			return fmt.Errorf("step %d: %v %v", step, ok, err)
		}
	}
	if rb, err := g.Rebuild(); err != nil {
		return err
	} else if ok, why := rb.Equal(g.State()); !ok {
		return fmt.Errorf("rebuild differs: %s", why)
	}
	return nil
}
