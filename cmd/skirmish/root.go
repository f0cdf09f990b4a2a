package main

import (
	"github.com/spf13/cobra"
)

// The rulesets named in help texts come from the registry, so that help
// never lists a game that cannot be played yet.

func newRoot(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "skirmish",
		Short: "Rules engine for activation-based tabletop skirmish games",
		Long: `skirmish plays activation-based tabletop skirmish games by their rules
(rulesets: ` + rulesetList(e) + `), on a board or at a real table, and gives
exact odds and honest dice for the dice procedures of Necromunda 2026,
Necromunda 2023, Trench Crusade and Fallout: Factions ('skirmish odds --list').

No rules text is included; the games' names belong to their owners.`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("unknown command %q (run 'skirmish --help')", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetIn(e.stdin)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return flagError(cmd, err) })
	root.AddCommand(newOdds(e), newRoll(e), newRules(e), newScenarios(e), newPlay(e), newReplay(e), newServe(e), newLoadgen(e), newSim(e), newRoster(e))
	root.CompletionOptions.HiddenDefaultCmd = true
	singleValued(root)
	return root
}
