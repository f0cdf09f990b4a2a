package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/spf13/cobra"
)

func newRules(e *env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "rules <ruleset>",
		Short: "A ruleset's actions, with their type and when each is available",
		Args:  exactlyOne("rules", "a ruleset"),
		RunE: func(cmd *cobra.Command, args []string) error {
			rs, err := lookupRuleset(e, args[0], "rules")
			if err != nil {
				return err
			}
			in := rs.Info()
			if asJSON {
				return writeJSON(cmd, rulesJSON(in))
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s: %s, version %s\n\n", in.ID, in.Name, in.Version)
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "action\tname\ttype\twhen")
			for _, a := range in.Actions {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", a.ID, a.Name, a.Type, a.When)
			}
			tw.Flush()
			var phases []string
			for _, p := range in.Phases {
				if p.Activations {
					phases = append(phases, p.ID+" (activations)")
				} else {
					phases = append(phases, p.ID)
				}
			}
			fmt.Fprintf(w, "\nphases: %s\n", strings.Join(phases, ", "))
			fmt.Fprintf(w, "economy: %s\n", economyText(&in.Economy))
			fmt.Fprintf(w, "statuses: %s\n", strings.Join(in.Statuses, ", "))
			if len(in.Secondary) > 0 {
				fmt.Fprintf(w, "secondary statuses: %s\n", strings.Join(in.Secondary, ", "))
			}
			for _, o := range in.Options {
				fmt.Fprintf(w, "option %s: %s (default %s; allowed %s; %s)\n", o.Name, o.Usage, o.Default, strings.Join(o.Choices, ", "), o.Source)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}

func economyText(eco *engine.Economy) string {
	var parts []string
	if eco.Slots > 0 {
		parts = append(parts, fmt.Sprintf("%d slots an activation", eco.Slots))
	}
	var costs []string
	for _, t := range sortedKeys(eco.Cost) {
		costs = append(costs, fmt.Sprintf("%s %d", t, eco.Cost[t]))
	}
	if len(costs) > 0 {
		parts = append(parts, "costs "+strings.Join(costs, ", "))
	}
	if eco.MinActions > 0 {
		parts = append(parts, fmt.Sprintf("at least %d %s an activation", eco.MinActions, map[bool]string{true: "action", false: "actions"}[eco.MinActions == 1]))
	}
	if eco.MaxActions > 0 {
		parts = append(parts, fmt.Sprintf("at most %d actions an activation", eco.MaxActions))
	}
	if eco.Pay != "" {
		parts = append(parts, "paid in "+eco.Pay)
	}
	if len(eco.Repeatable) > 0 {
		parts = append(parts, strings.Join(eco.Repeatable, ", ")+" repeatable")
	}
	if eco.PerRound {
		parts = append(parts, "no action twice a round")
	} else {
		parts = append(parts, "no action twice an activation")
	}
	for _, c := range eco.Clash {
		parts = append(parts, fmt.Sprintf("%s and %s may not share a name", c[0], c[1]))
	}
	return strings.Join(parts, "; ")
}

type actionInfo struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Type     string   `json:"type"`
	When     string   `json:"when"`
	Family   string   `json:"family,omitempty"`
	Excludes []string `json:"excludes,omitempty"`
	Opening  bool     `json:"opening,omitempty"`
}

type optionInfo struct {
	Name    string   `json:"name"`
	Usage   string   `json:"usage"`
	Default string   `json:"default"`
	Choices []string `json:"choices"`
	Source  string   `json:"source"`
}

func rulesJSON(in *engine.Info) ordered {
	var acts []actionInfo
	for _, a := range in.Actions {
		acts = append(acts, actionInfo{ID: a.ID, Name: a.Name, Type: a.Type, When: a.When, Family: a.Family, Excludes: a.Excludes, Opening: a.Opening})
	}
	var phases []string
	for _, p := range in.Phases {
		phases = append(phases, p.ID)
	}
	opts := []optionInfo{}
	for _, o := range in.Options {
		opts = append(opts, optionInfo{o.Name, o.Usage, o.Default, o.Choices, o.Source})
	}
	out := ordered{{"ruleset", in.ID}, {"name", in.Name}, {"version", in.Version}, {"actions", acts},
		{"phases", phases}, {"statuses", in.Statuses}}
	if len(in.Secondary) > 0 {
		out = append(out, field{"secondary", in.Secondary})
	}
	return append(out, field{"options", opts})
}

func lookupRuleset(e *env, id, verb string) (engine.Ruleset, error) {
	rs, err := e.rulesets.Lookup(id)
	if err != nil {
		known := e.rulesets.IDs()
		if len(known) == 0 {
			return nil, usagef("unknown ruleset %q: no rules engine is built in yet (the games' dice procedures are: see 'skirmish odds --list')", id)
		}
		return nil, usagef("unknown ruleset %q; allowed %s", id, strings.Join(known, ", "))
	}
	return rs, nil
}

func exactlyOne(verb, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != 1 {
			return usagef("%s takes %s, got %d arguments (see 'skirmish %s --help')", verb, what, len(args), verb)
		}
		return nil
	}
}
