package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/internal/svgplot"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func newOdds(e *env) *cobra.Command {
	var (
		asJSON bool
		plot   string
	)
	c := &cobra.Command{
		Use:   "odds <procedure> [flags]",
		Short: "Exact odds of a dice procedure",
		Long: `odds prints the exact distribution of a dice procedure's outcomes: each
outcome with its probability as a reduced fraction, as a percentage, and as a
bar. Every outcome is listed, in the rules' natural order, including those
that cannot happen. Run 'skirmish odds --list' for the procedures. --plot
draws the outcomes (and flags) as a bar chart in an SVG file.`,
		Example: `  skirmish odds tc-injury --dice 1 --mod -1
  skirmish odds n26-recovery --dice 3
  skirmish odds ff-test --dice 3 --stat 6 --luck 1 --json
  skirmish odds n26-injury --dice 2 --plot injury.svg`,
		RunE: needProcedure(e, "odds"),
	}
	c.Flags().Bool("list", false, "list the procedures, one line each")
	c.AddCommand(procedureCommands(e,
		func(fs *pflag.FlagSet) {
			fs.BoolVar(&asJSON, "json", false, "print JSON")
			fs.StringVar(&plot, "plot", "", "draw the outcomes to this SVG file")
		},
		func(cmd *cobra.Command, s *dice.Spec, a dice.Args, p dice.Procedure) error {
			if plot != "" {
				if err := e.checkOut(plot); err != nil {
					return usagef("--plot %s: %s", plot, userProblem(err))
				}
				if err := checkReplace("--plot", plot, svgFile); err != nil {
					return err
				}
				var b bytes.Buffer
				if err := plotOdds(&b, s, a, p); err != nil {
					return err
				}
				if err := e.writeFile(plot, b.Bytes()); err != nil {
					return fmt.Errorf("--plot %s: %s", plot, userProblem(err))
				}
			}
			if asJSON {
				return writeJSON(cmd, oddsJSON(s, a, p))
			}
			printOdds(cmd, s, a, p)
			return nil
		})...)
	return c
}

type exactJSON struct {
	Name        string  `json:"name,omitempty"`
	Exact       string  `json:"exact"`
	Probability float64 `json:"probability"`
}

func exactOf(name string, p dice.Prob) exactJSON {
	return exactJSON{Name: name, Exact: p.String(), Probability: math.Round(p.Float64()*1e4) / 1e4}
}

// oddsJSON is {"procedure", "params", "outcomes", then one object per flag},
// in that order.
func oddsJSON(s *dice.Spec, a dice.Args, p dice.Procedure) ordered {
	dist := dice.OutcomeOdds(p)
	outs := []exactJSON{}
	for i, name := range p.Outcomes() {
		outs = append(outs, exactOf(name, dist.P(i)))
	}
	o := ordered{{"procedure", s.Name}, {"params", a}, {"outcomes", outs}}
	for i, f := range p.Flags() {
		e := exactOf("", dice.FlagOdds(p, i))
		o = append(o, field{f, e})
	}
	return o
}

func printOdds(cmd *cobra.Command, s *dice.Spec, a dice.Args, p dice.Procedure) {
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "%s  %s\n", s.Name, paramsText(s, a))
	dist := dice.OutcomeOdds(p)
	type row struct {
		name string
		p    dice.Prob
	}
	var rows []row
	for i, name := range p.Outcomes() {
		rows = append(rows, row{name, dist.P(i)})
	}
	for i, f := range p.Flags() {
		rows = append(rows, row{f, dice.FlagOdds(p, i)})
	}
	nw, ew := len("outcome"), len("exact")
	for _, r := range rows {
		nw, ew = max(nw, len(r.name)), max(ew, len(r.p.String()))
	}
	fmt.Fprintf(w, "%-*s  %*s  %8s\n", nw, "outcome", ew, "exact", "percent")
	for i, r := range rows {
		if i == len(p.Outcomes()) {
			fmt.Fprintln(w) // flags follow the outcomes, apart
		}
		f := r.p.Float64()
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("%-*s  %*s  %7.2f%%  %s", nw, r.name, ew, r.p.String(), 100*f, bar(f, 40)), " "))
	}
	fmt.Fprintf(w, "source: %s\n", s.Source)
}

// plotOdds draws a procedure's outcomes, then its flags, as bars of their
// exact probabilities, each with its fraction written over it.
func plotOdds(w io.Writer, s *dice.Spec, a dice.Args, p dice.Procedure) error {
	c := svgplot.Chart{Title: s.Name + "  " + paramsText(s, a), YLabel: "probability", Percent: true}
	dist := dice.OutcomeOdds(p)
	for i, name := range p.Outcomes() {
		c.Bars = append(c.Bars, svgplot.Bar{Label: name, Value: dist.P(i).Float64(), Note: oddsNote(dist.P(i))})
	}
	for i, f := range p.Flags() {
		fp := dice.FlagOdds(p, i)
		c.Bars = append(c.Bars, svgplot.Bar{Label: f, Value: fp.Float64(), Note: oddsNote(fp)})
	}
	return svgplot.Write(w, c)
}

// oddsNote is a bar's exact probability and its percentage: "7/9 (77.78%)".
func oddsNote(p dice.Prob) string {
	return fmt.Sprintf("%s (%.2f%%)", p, 100*p.Float64())
}

// bar draws f (0..1) as up to width cells of blocks, to an eighth of a cell.
func bar(f float64, width int) string {
	eighths := int(math.Round(f * float64(width) * 8))
	s := strings.Repeat("█", eighths/8)
	if r := eighths % 8; r > 0 {
		s += string([]rune("▏▎▍▌▋▊▉")[r-1])
	}
	return s
}

// ordered is a JSON object whose keys keep their order.
type ordered []field

type field struct {
	key string
	val any
}

func (o ordered) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.key)
		v, err := json.Marshal(f.val)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func writeJSON(cmd *cobra.Command, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(cmd.OutOrStdout(), "%s\n", b)
	return err
}
