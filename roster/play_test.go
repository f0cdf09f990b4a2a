package roster

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
)

// Every imported fixture plays (issue 33, done when): put on the first side
// of its game's board sample, which deploys it by its zone, seeded bots play
// the game to the end; and it starts a table game (Read's Check).
func TestImportedRostersPlayOnABoard(t *testing.T) {
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
			su, err := sc.Setup("")
			if err != nil {
				t.Fatalf("on %s: %v", smp.Name, err)
			}
			g, err := engine.New(sc.Ruleset, su, engine.Config{Seed: 3, Players: engine.Bots(len(su.Sides))})
			if err != nil {
				t.Fatal(err)
			}
			for steps := 0; !g.Over(); steps++ {
				if steps > 20000 {
					t.Fatal("the game did not end in 20,000 decisions")
				}
				if _, err := g.Step(); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
