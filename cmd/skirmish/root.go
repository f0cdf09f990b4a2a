package main

import (
	"github.com/spf13/cobra"
)

func newRoot(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "skirmish",
		Short: "Rules engine for activation-based tabletop skirmish games",
		Long: `skirmish knows the rules of Necromunda 2026 (n26), Necromunda 2023 (n23),
Trench Crusade and Fallout: Factions, and gives exact odds and honest dice
for every dice procedure of those games.

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
	root.AddCommand(newOdds(e), newRoll(e), newRules(e), newScenarios(e), newPlay(e), newReplay(e))
	root.CompletionOptions.HiddenDefaultCmd = true
	singleValued(root)
	return root
}
