package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/skirmish-engine/skirmish/internal/userfile"
	"github.com/skirmish-engine/skirmish/roster"
)

// newRoster is `skirmish roster import|show`: a list builder's roster
// read into skirmish's roster YAML, saying what was understood and what
// was left out (issue 33; package roster).
func newRoster(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "roster",
		Short: "Read a roster from a list builder (BattleScribe, New Recruit, Yaktribe) or skirmish's YAML",
	}
	var rules, armoury, format, out, stub string
	var asJSON bool
	read := func(file string) (*roster.Result, error) {
		data, err := e.readFile(file, roster.MaxSize)
		if err != nil {
			return nil, err
		}
		opt := roster.Options{Ruleset: rules, Rulesets: e.rulesets}
		if armoury != "" {
			ad, err := e.readFile(armoury, roster.MaxSize)
			if err != nil {
				return nil, err
			}
			if opt.Armoury, err = roster.DecodeArmoury(armoury, ad); err != nil {
				return nil, err
			}
		}
		return roster.Read(filepath.Base(file), data, format, opt)
	}
	flags := func(cmd *cobra.Command) {
		cmd.Flags().StringVar(&rules, "ruleset", "", "the ruleset the roster is for, when the file does not say (skirmish's YAML)")
		cmd.Flags().StringVar(&armoury, "armoury", "", "an armoury file giving gear its stats by name (Yaktribe gangs name weapons without stats)")
		cmd.Flags().StringVar(&format, "format", "", "the file's format: "+strings.Join(roster.Formats(), ", ")+" (default: from its name and contents)")
	}
	imp := &cobra.Command{
		Use:   "import <file>",
		Short: "Write a roster file as skirmish's roster YAML, listing what was left out",
		Args:  exactlyOne("roster import", "a roster file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			// The outputs are checked before anything is written: never
			// the file read or its armoury; an existing --output only if
			// it is a roster; the stub only if it is new, empty, or the
			// same stub again (one filled in by hand is never lost).
			inputs := []string{args[0]}
			if armoury != "" {
				inputs = append(inputs, armoury)
			}
			stubName := stub
			if stubName == "" {
				stubName = "armoury-stub.yaml"
			}
			if out != "" {
				if err := e.checkOut(out); err != nil {
					return usagef("--output %s: %s", out, userProblem(err))
				}
			}
			if err := checkOutputs("the import", inputs, output{"--output", out}); err != nil {
				return err
			}
			if out != "" {
				if err := checkReplace("--output", out, rosterFile); err != nil {
					return err
				}
			}
			r, err := read(args[0])
			if err != nil {
				return err
			}
			y, err := r.YAML()
			if err != nil {
				return err
			}
			if len(r.Unresolved) > 0 {
				// (a stub given back as --armoury is an input: a new one
				// goes elsewhere)
				if err := checkOutputs("the import", inputs, output{"--output", out}, output{"--stub", stubName}); err != nil {
					return err
				}
				want := bytes.TrimSpace(roster.Stub(r.Ruleset, r.Unresolved))
				if head, err := userfile.Head(stubName, 64<<10); err == nil && len(bytes.TrimSpace(head)) > 0 && !bytes.Equal(bytes.TrimSpace(head), want) {
					return usagef("--stub %s: exists and is not the stub this import writes (one filled in by hand?): pass it as --armoury, or give --stub another file; it is never overwritten", stubName)
				}
			}
			if out == "" {
				_, err = cmd.OutOrStdout().Write(y)
			} else if err = e.writeFile(out, y); err == nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s: %d models for %s, %d left out\n", out, len(r.Roster.Models), r.Ruleset, len(r.Unknown))
			}
			if err == nil && len(r.Unresolved) > 0 {
				name := stubName
				if err = e.writeFile(name, roster.Stub(r.Ruleset, r.Unresolved)); err == nil {
					fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s: %d gear names without stats; fill them in and import again with --armoury %s\n", name, len(r.Unresolved), name)
				}
			}
			return err
		},
	}
	flags(imp)
	imp.Flags().StringVarP(&out, "output", "o", "", "write the YAML to this file (default: standard output)")
	imp.Flags().StringVar(&stub, "stub", "", "where to write the armoury stub of gear without stats (default armoury-stub.yaml)")
	show := &cobra.Command{
		Use:   "show <file>",
		Short: "Print what a roster file says, as skirmish understood it, and what it left out",
		Args:  exactlyOne("roster show", "a roster file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := read(args[0])
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(cmd, r.Summary())
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s: %s, %d models (%s file)\n", r.Roster.Name, r.Ruleset, len(r.Roster.Models), r.Format)
			for _, m := range r.Roster.Models {
				fmt.Fprintf(w, "  %s  %s", m.ID, m.Name)
				if m.Type != "" {
					fmt.Fprintf(w, " (%s)", m.Type)
				}
				fmt.Fprintf(w, "  base %gmm\n", m.Base)
				var ps []string
				for _, st := range e.profileOrder(r.Ruleset, m.Profile) {
					ps = append(ps, fmt.Sprintf("%s %d", st, m.Profile[st]))
				}
				fmt.Fprintf(w, "    %s\n", strings.Join(ps, ", "))
				if len(m.Keywords) > 0 {
					fmt.Fprintf(w, "    keywords: %s\n", strings.Join(m.Keywords, ", "))
				}
				for _, g := range m.Gear {
					fmt.Fprintf(w, "    %s (%s)", g.Name, g.Kind)
					for _, k := range sortedKeys(g.Stats) {
						fmt.Fprintf(w, " %s %d", k, g.Stats[k])
					}
					if len(g.Traits) > 0 {
						fmt.Fprintf(w, "; %s", strings.Join(g.Traits, ", "))
					}
					fmt.Fprintln(w)
				}
			}
			if len(r.Unknown) == 0 {
				fmt.Fprintln(w, "nothing left out")
			} else {
				fmt.Fprintf(w, "left out (%d):\n", len(r.Unknown))
				for _, u := range r.Unknown {
					fmt.Fprintf(w, "  %s: %s (%s)\n", u.Where, u.What, u.Why)
				}
			}
			if len(r.Unresolved) > 0 {
				fmt.Fprintf(w, "gear without stats (give them with --armoury): %s\n", strings.Join(r.Unresolved, ", "))
			}
			return nil
		},
	}
	flags(show)
	show.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	c.AddCommand(imp, show)
	c.AddCommand(campaignCommands(e)...)
	return c
}

// profileOrder is a profile's characteristics in the ruleset's order,
// then any others by name.
func (e *env) profileOrder(ruleset string, p map[string]int) []string {
	var out []string
	if rs, err := e.rulesets.Lookup(ruleset); err == nil {
		for _, st := range rs.Info().Profile {
			if _, ok := p[st.Name]; ok {
				out = append(out, st.Name)
			}
		}
	}
	for _, k := range sortedKeys(p) {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}
