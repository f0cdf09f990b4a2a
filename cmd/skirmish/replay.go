package main

import (
	"bytes"
	"fmt"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/scenario"
	"github.com/spf13/cobra"
)

func newReplay(e *env) *cobra.Command {
	var verify bool
	c := &cobra.Command{
		Use:   "replay FILE",
		Short: "Print a saved game's log; --verify rebuilds it and checks every entry",
		Long: `replay prints a saved game, action by action, with every die, choice and
measurement. Loading a save always replays it and checks it (docs/saves.md):
the setup and the final state must match the save's digests, every action
must have been legal and taken by the side whose decision it was, every
answer must fit the question the rules ask now, every die of a digital game
must be the one the seed gives (none typed), and the events and undos must be
the replay's. --verify also rebuilds the final state from the log, compares,
and says what was checked; any difference is an error (exit 1).`,
		Args: exactlyOne("replay", "a save file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			data, err := e.readFile(name, engine.MaxSave)
			if err != nil {
				return usagef("replay %s: %s", name, userProblem(err))
			}
			g, err := loadSave(e, name, data)
			if err != nil {
				return err
			}
			an, err := g.Annotate()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			for _, a := range an {
				fmt.Fprintln(w, entryText(g.State(), a))
			}
			if len(an) == 0 {
				fmt.Fprintln(w, "nothing played yet: saved while the opening rolls and choices waited for their answers")
			}
			if g.Over() {
				fmt.Fprintln(w, resultText(g))
			} else {
				fmt.Fprintln(w, "the game is not over")
			}
			if verify {
				rb, err := g.Rebuild()
				if err != nil {
					return err
				}
				if ok, why := rb.Equal(g.State()); !ok {
					return fmt.Errorf("verify: the rebuilt state differs: %s", why)
				}
				fmt.Fprintln(w, verifiedText(g.Verified()))
			}
			return nil
		},
	}
	c.Flags().BoolVar(&verify, "verify", false, "rebuild the game and exit non-zero on any difference")
	return c
}

// loadSave reads and replays a save file.
func loadSave(e *env, name string, data []byte) (*engine.Game, error) {
	sv, err := engine.ReadSave(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	rs, err := lookupRuleset(e, sv.Ruleset, "replay")
	if err != nil {
		return nil, err
	}
	sc, err := scenario.Decode(name+" (scenario)", sv.Scenario, e.rulesets, nil)
	if err != nil {
		return nil, err
	}
	if sc.File.Ruleset != sv.Ruleset {
		return nil, fmt.Errorf("%s: ruleset: the save says %q, its scenario %q: the save was edited", name, sv.Ruleset, sc.File.Ruleset)
	}
	su, err := sc.Setup(sv.Mode)
	if err != nil {
		return nil, err
	}
	g, err := engine.Load(rs, su, sv, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return g, nil
}

// verifiedText says exactly what loading and rebuilding a save checked.
func verifiedText(v *engine.Verified) string {
	var dice string
	switch v.Dice {
	case engine.PhysicalDice:
		dice = fmt.Sprintf("%d typed dice fit their dice and give the logged outcomes (physical dice: none from the seed)", v.Typed)
	case engine.SampledDice:
		dice = fmt.Sprintf("%d sampled outcomes re-drawn from the seed, all equal (none typed)", v.Seeded)
	default:
		dice = fmt.Sprintf("%d dice re-rolled from the seed, all equal (digital dice: none typed)", v.Seeded)
	}
	if v.SkipEntries > 0 {
		dice += fmt.Sprintf("; %d values of the dice stream given up by actions cancelled or refused, before %s (each a retake with new dice: the save's author could have chosen among them)",
			v.Skipped, count(v.SkipEntries, "entry", "entries"))
	}
	commit := ""
	if c := v.Commitment; c != nil {
		commit = "; the seed is the one committed to at the start (sha256 " + c.SHA256[:16] + "…)"
		if c.Chosen {
			commit += ", a seed the game's creator chose: they could foresee every digital roll"
		}
	}
	return fmt.Sprintf("verified: %d entries (%d undone) replayed; the setup (ruleset and version, seed, dice mode and strictness, mode, options, scenario) matches its digests; "+
		"%s legal at their time and taken by the side whose decision it was; every answer fits its question (%s, %s); %s; "+
		"every entry's events and undo marks are the replay's; the final state matches its digest and its rebuild%s",
		v.Entries, v.Undone, count(v.Actions, "action was", "actions were"), count(v.Choices, "choice", "choices"), count(v.Facts, "measurement", "measurements"), dice, commit)
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
