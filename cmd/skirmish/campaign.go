package main

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/spf13/cobra"

	"github.com/skirmish-engine/skirmish/campaign"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/roster"
	"github.com/skirmish-engine/skirmish/scenario"
)

// campaignCommands are `skirmish roster apply|revert|history`: a finished
// game's results carried to a roster, offline, as the server's campaigns
// do (issue 37; package campaign). Nothing is applied before the player
// confirms the changes shown.
func campaignCommands(e *env) []*cobra.Command {
	var save, out string
	var side, entry int
	var yes bool
	readRoster := func(file string) (*scenario.Roster, error) {
		data, err := e.readFile(file, roster.MaxSize)
		if err != nil {
			return nil, err
		}
		return scenario.DecodeRoster(filepath.Base(file), data)
	}
	// checkOut checks --output before anything is read or asked: not a
	// file the command reads (the game's save), and if it exists, a
	// roster (it is replaced, as the roster file itself is by default).
	checkOut := func(inputs ...string) error {
		if out == "" {
			return nil
		}
		if err := e.checkOut(out); err != nil {
			return usagef("--output %s: %s", out, userProblem(err))
		}
		if err := checkOutputs("the game played", inputs, output{"--output", out}); err != nil {
			return err
		}
		return checkReplace("--output", out, rosterFile)
	}
	write := func(cmd *cobra.Command, file string, r *scenario.Roster) error {
		y, err := yaml.MarshalWithOptions(r, yaml.IndentSequence(true))
		if err != nil {
			return err
		}
		if out != "" {
			file = out
		}
		if err := e.writeFile(file, y); err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "wrote %s\n", file)
		return nil
	}
	confirm := func(cmd *cobra.Command, question string) bool {
		if yes {
			return true
		}
		fmt.Fprintf(cmd.OutOrStdout(), "%s [y/N] ", question)
		line, err := bufio.NewReader(io.LimitReader(e.stdin, 256)).ReadString('\n')
		fmt.Fprintln(cmd.OutOrStdout())
		a := strings.ToLower(strings.TrimSpace(line))
		return (err == nil || line != "") && (a == "y" || a == "yes")
	}
	apply := &cobra.Command{
		Use:   "apply <roster.yaml> --game <save.json> --side <n>",
		Short: "Apply a finished game's results to the roster of the side it played, once you confirm the changes shown",
		Args:  exactlyOne("roster apply", "a roster file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if save == "" {
				return usagef("roster apply needs --game, the save file of the game played")
			}
			if side < 0 {
				return usagef("roster apply needs --side, the side the roster played (0 for the first)")
			}
			if err := checkOut(save); err != nil {
				return err
			}
			r, err := readRoster(args[0])
			if err != nil {
				return err
			}
			data, err := e.readFile(save, engine.MaxSave)
			if err != nil {
				return err
			}
			g, err := loadSave(e, save, data)
			if err != nil {
				return err
			}
			cg, err := campaign.FromGame(g, side, filepath.Base(save))
			if err != nil {
				return err
			}
			en, err := campaign.Plan(r, cg)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			as := ""
			if n := g.State().Setup().Sides[side].Name; n != r.Name {
				as = " (as " + n + ")"
			}
			fmt.Fprintf(w, "%s played side %d%s of %s: a %s\n", r.Name, side, as, cg.Ref, en.Outcome)
			writeEntry(w, en)
			if !confirm(cmd, fmt.Sprintf("apply these %d changes to %s?", len(en.Changes), args[0])) {
				fmt.Fprintln(w, "nothing applied (give --yes, or answer y)")
				return nil
			}
			if err := campaign.Apply(r, en, time.Now()); err != nil {
				return err
			}
			return write(cmd, args[0], r)
		},
	}
	apply.Flags().StringVar(&save, "game", "", "the save file of the game played (skirmish play --save, or a server game's export)")
	apply.Flags().IntVar(&side, "side", -1, "the side the roster played: 0 for the first, 1 for the second")
	apply.Flags().BoolVarP(&yes, "yes", "y", false, "apply without asking")
	apply.Flags().StringVarP(&out, "output", "o", "", "write the roster here (default: back to the roster file)")
	revert := &cobra.Command{
		Use:   "revert <roster.yaml> --entry <n>",
		Short: "Take back one entry of a roster's campaign history (roster history numbers them)",
		Args:  exactlyOne("roster revert", "a roster file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOut(); err != nil {
				return err
			}
			r, err := readRoster(args[0])
			if err != nil {
				return err
			}
			if r.Campaign == nil || entry < 0 || entry >= len(r.Campaign.History) {
				n := 0
				if r.Campaign != nil {
					n = len(r.Campaign.History)
				}
				return usagef("roster revert: --entry %d: %s has %d history entries (see skirmish roster history)", entry, args[0], n)
			}
			w := cmd.OutOrStdout()
			en := r.Campaign.History[entry]
			fmt.Fprintf(w, "entry %d, game %s (a %s), would be taken back:\n", entry, en.Game, en.Outcome)
			writeEntry(w, &en)
			if !confirm(cmd, "take these changes back?") {
				fmt.Fprintln(w, "nothing taken back (give --yes, or answer y)")
				return nil
			}
			if err := campaign.Revert(r, entry, time.Now()); err != nil {
				return err
			}
			return write(cmd, args[0], r)
		},
	}
	revert.Flags().IntVar(&entry, "entry", -1, "the history entry to take back, as roster history numbers it")
	revert.Flags().BoolVarP(&yes, "yes", "y", false, "take back without asking")
	revert.Flags().StringVarP(&out, "output", "o", "", "write the roster here (default: back to the roster file)")
	history := &cobra.Command{
		Use:   "history <roster.yaml>",
		Short: "List the games applied to a roster and what each changed",
		Args:  exactlyOne("roster history", "a roster file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := readRoster(args[0])
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if r.Campaign == nil || len(r.Campaign.History) == 0 {
				fmt.Fprintf(w, "%s: no games applied yet\n", r.Name)
				return nil
			}
			for i, en := range r.Campaign.History {
				fmt.Fprintf(w, "%d. %s, side %d: a %s, applied %s", i, en.Game, en.Side, en.Outcome, en.At)
				if en.Reverted != "" {
					fmt.Fprintf(w, ", taken back %s", en.Reverted)
				}
				fmt.Fprintln(w)
				writeEntry(w, &en)
			}
			return nil
		},
	}
	return []*cobra.Command{apply, revert, history}
}

// writeEntry writes an entry's changes, each with its reason, and what it
// leaves to the players.
func writeEntry(w io.Writer, en *scenario.Entry) {
	if len(en.Changes) == 0 {
		fmt.Fprintln(w, "  no changes")
	}
	for _, c := range en.Changes {
		who := c.Model
		if who == "" {
			who = "the roster"
		}
		switch {
		case c.Add != "":
			fmt.Fprintf(w, "  %s: %s + %s", who, c.Field, c.Add)
		case c.To == "":
			fmt.Fprintf(w, "  %s: %s %s → none", who, c.Field, c.From)
		default:
			from := c.From
			if from == "" {
				from = "none"
			}
			fmt.Fprintf(w, "  %s: %s %s → %s", who, c.Field, from, c.To)
		}
		fmt.Fprintf(w, "   (%s)\n", c.Why)
	}
	if len(en.Left) > 0 {
		fmt.Fprintln(w, "  left to the players:")
		for _, l := range en.Left {
			fmt.Fprintf(w, "    %s\n", l)
		}
	}
}
