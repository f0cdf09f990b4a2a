package roster

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
)

// Every imported fixture plays (issue 33, done when): put on the first side
// of its game's board sample, which deploys it by its zone, seeded bots play
// the game to the end, on the board and as a table game (the bots
// answering the table's measurements).
func TestImportedRostersPlay(t *testing.T) {
	boards := map[string]string{"trenchcrusade": "no-mans-land", "falloutfactions": "junction-yard", "n23": "scrapyard-run"}
	reg := all.Rulesets()
	arm, err := os.ReadFile(filepath.Join("testdata", "yaktribe", "armoury.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	armoury, err := DecodeArmoury("armoury.yaml", arm)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, dir := range []string{"battlescribe", "yaktribe"} {
		ents, _ := os.ReadDir(filepath.Join("testdata", dir))
		for _, e := range ents {
			n := e.Name()
			if strings.Contains(n, ".golden.") || strings.Contains(n, ".stub.") || n == "armoury.yaml" {
				continue
			}
			files = append(files, filepath.Join("testdata", dir, n))
		}
	}
	if len(files) < 11 {
		t.Fatalf("%d fixtures; want the 8 BattleScribe and 3 Yaktribe ones", len(files))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Read(filepath.Base(file), data, "", Options{Rulesets: reg, Armoury: armoury})
			if err != nil {
				t.Fatal(err)
			}
			smp, ok := all.Samples().Find(r.Ruleset, boards[r.Ruleset])
			if !ok {
				t.Fatalf("no board sample for %s", r.Ruleset)
			}
			sc, err := smp.Decode(reg)
			if err != nil {
				t.Fatal(err)
			}
			if err := sc.UseRoster(0, filepath.Base(file), r.Roster); err != nil {
				t.Fatal(err)
			}
			for _, mode := range []string{"board", "table"} {
				su, err := sc.Setup(mode)
				if err != nil {
					t.Fatalf("on %s (%s): %v", smp.Name, mode, err)
				}
				g, err := engine.New(sc.Ruleset, su, engine.Config{Seed: 3, Players: engine.Bots(len(su.Sides))})
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(3, 3))
				for steps := 0; !g.Over(); steps++ {
					if steps > 20000 {
						t.Fatalf("%s: the game did not end in 20,000 decisions", mode)
					}
					// At a table the players measure; bots do not: the test
					// answers each measurement at random within its range.
					if p := g.Pending(); p != nil && p.Kind == engine.FactQ {
						lo, hi := p.Fact.Range()
						// A measurement that shows the action illegal after all
						// withdraws it, as at a real table.
						var ill *engine.IllegalError
						if err := g.Answer(engine.FactQ, engine.Reply{Value: lo + rng.IntN(hi-lo+1)}); err != nil && !errors.As(err, &ill) {
							t.Fatalf("%s: answer %s: %v", mode, p.Key, err)
						}
						continue
					}
					if _, err := g.Step(); err != nil {
						t.Fatalf("%s: %v", mode, err)
					}
				}
			}
		})
	}
}
