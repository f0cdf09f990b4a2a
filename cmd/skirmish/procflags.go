package main

import (
	"fmt"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// rawFlag keeps a parameter's values as typed, so that the procedure's spec
// validates them and says what it allows; a repeatable parameter appends
// (the others are given once: see singleValued).
type rawFlag struct {
	p    dice.Param
	vals []string
}

func (f *rawFlag) String() string   { return strings.Join(f.vals, ",") }
func (f *rawFlag) Repeatable() bool { return f.p.Kind == dice.IntsParam }
func (f *rawFlag) Set(s string) error {
	if f.p.Kind == dice.IntsParam {
		f.vals = append(f.vals, s)
	} else {
		f.vals = append(f.vals[:0:0], s)
	}
	return nil
}

func (f *rawFlag) Type() string {
	switch f.p.Kind {
	case dice.ChoiceParam:
		return strings.Join(f.p.Choices, "|")
	case dice.BoolParam:
		return ""
	}
	return "int"
}

// addParamFlags declares one flag per parameter of s on fs.
func addParamFlags(fs *pflag.FlagSet, s *dice.Spec) map[string]*rawFlag {
	flags := map[string]*rawFlag{}
	for _, p := range s.Params {
		f := &rawFlag{p: p}
		flags[p.Name] = f
		usage := p.Usage
		switch {
		case p.Kind == dice.IntParam && p.Required:
			usage += fmt.Sprintf(" (required, %s)", p.Allowed())
		case p.Kind == dice.IntParam:
			usage += fmt.Sprintf(" (%s, default %d)", p.Allowed(), p.Default)
		case p.Kind == dice.IntsParam:
			usage += fmt.Sprintf(" (%s)", p.Allowed())
		case p.Kind == dice.ChoiceParam:
			usage += fmt.Sprintf(" (default %s)", p.Choices[0])
		}
		fl := fs.VarPF(f, p.Name, "", usage)
		if p.Kind == dice.BoolParam {
			fl.NoOptDefVal = "true"
		}
	}
	return flags
}

// raw collects the values of the flags the user gave.
func raw(cmd *cobra.Command, flags map[string]*rawFlag) map[string][]string {
	m := map[string][]string{}
	for name, f := range flags {
		if cmd.Flags().Changed(name) {
			m[name] = f.vals
		}
	}
	return m
}

// procedureCommands makes one subcommand per registered procedure, each with
// its own flags, calling run with the built procedure.
func procedureCommands(e *env, extra func(*pflag.FlagSet), runProc func(cmd *cobra.Command, s *dice.Spec, a dice.Args, p dice.Procedure) error) []*cobra.Command {
	var cmds []*cobra.Command
	for _, s := range e.procs.All() {
		var flags map[string]*rawFlag
		c := &cobra.Command{
			Use:   s.Name + " [flags]",
			Short: s.Summary,
			Long:  fmt.Sprintf("%s\n\nSource: %s (game: %s).", s.Summary, s.Source, s.Game),
			Args:  noArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				a, err := s.Parse(raw(cmd, flags))
				if err != nil {
					return err
				}
				p, err := s.Build(a)
				if err != nil {
					return err
				}
				return runProc(cmd, s, a, p)
			},
		}
		flags = addParamFlags(c.Flags(), s)
		extra(c.Flags())
		cmds = append(cmds, c)
	}
	return cmds
}

func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usagef("%s takes no arguments, got %q (values go in flags; see skirmish %s --help)", cmd.Name(), args[0], cmd.CommandPath()[len("skirmish "):])
	}
	return nil
}

// needProcedure is the RunE of odds and roll themselves: they run only when
// no known procedure was named.
func needProcedure(e *env, verb string) func(cmd *cobra.Command, args []string) error {
	return func(cmd *cobra.Command, args []string) error {
		if list, _ := cmd.Flags().GetBool("list"); list {
			return listProcedures(e, cmd)
		}
		if len(args) == 0 {
			return usagef("%s needs a procedure (run 'skirmish %s --list')", verb, verb)
		}
		return usagef("unknown procedure %q (run 'skirmish %s --list')", args[0], verb)
	}
}

func listProcedures(e *env, cmd *cobra.Command) error {
	w := cmd.OutOrStdout()
	for _, s := range e.procs.All() {
		fmt.Fprintf(w, "%-18s  %s\n", s.Name, s.Summary)
	}
	return nil
}

// paramsText renders a procedure's parameters as "dice=1 mod=-1,+2".
func paramsText(s *dice.Spec, a dice.Args) string {
	var parts []string
	for _, p := range s.Params {
		var v string
		switch p.Kind {
		case dice.IntParam:
			v = fmt.Sprint(a.Int(p.Name))
		case dice.IntsParam:
			var xs []string
			for _, x := range a.Ints(p.Name) {
				xs = append(xs, fmt.Sprintf("%+d", x))
			}
			if len(xs) == 0 {
				continue
			}
			v = strings.Join(xs, ",")
		case dice.BoolParam:
			if !a.Bool(p.Name) {
				continue
			}
			v = "true"
		case dice.ChoiceParam:
			v = a.Choice(p.Name)
		}
		parts = append(parts, p.Name+"="+v)
	}
	return strings.Join(parts, " ")
}
