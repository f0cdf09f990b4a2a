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
measurement. Loading a save always replays it: every action must have been
legal, every answer must fit the question the rules ask now, and every die
rolled digitally must be the one the seed gives. --verify also rebuilds the
final state from the log and compares; any difference is an error (exit 1).`,
		Args: exactlyOne("replay", "a save file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			data, err := e.readFile(name)
			if err != nil {
				return usagef("replay %s: %v", name, err)
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
				fmt.Fprintf(w, "verified: %d entries; every action was legal, every answer fits, digital dice match the seed\n", len(g.Log().Entries))
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
