package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

func newScenarios(e *env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "scenarios",
		Short: "The built-in sample scenarios",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ss := e.samples.Sorted()
			if asJSON {
				if ss == nil {
					return writeJSON(cmd, []any{})
				}
				return writeJSON(cmd, ss)
			}
			if len(ss) == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "no sample scenarios are built in yet")
				return nil
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ruleset\tname\tmode")
			for _, s := range ss {
				fmt.Fprintf(tw, "%s\t%s\t%s\n", s.Ruleset, s.Name, s.Mode)
			}
			return tw.Flush()
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}
