package sim

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// WriteTable writes the summary for people: win rates with their 95 %
// intervals, draws, game length, casualties per model and per type, and
// action frequencies.
func WriteTable(w io.Writer, s *Summary) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	p := func(format string, a ...any) { fmt.Fprintf(tw, format, a...) }
	shard := ""
	if s.Shard != "" {
		shard = fmt.Sprintf(", shard %s of a batch of %d", s.Shard, s.Batch)
	}
	swap := ""
	if s.Swap {
		swap = ", sides swapped in odd games"
	}
	p("%s (%s): %d games, batch seed %d%s%s\n\n", s.Scenario, s.Ruleset, s.Games, s.Seed, swap, shard)
	p("bot\tside\twins\twin rate\t95%% interval\n")
	for _, b := range s.Sides {
		p("%s\t%s\t%d\t%s\t%s–%s\n", b.Bot, b.Name, b.Wins, pct(b.WinRate), pct(b.CI95[0]), pct(b.CI95[1]))
	}
	d := Wilson(s.Draws, s.Games)
	p("draws\t\t%d\t%s\t%s–%s\n", s.Draws, pct(rate(s.Draws, s.Games)), pct(d[0]), pct(d[1]))
	if s.Swap && s.Batch%2 == 1 {
		p("(an odd number of games: %s played %s once more than the other bot did)\n", s.Sides[0].Bot, s.Sides[0].Name)
	}
	if s.Swap {
		p("\nby side, whichever bot played it\n")
		for _, b := range s.Seats {
			p("%s\t\t%d\t%s\t%s–%s\n", b.Name, b.Wins, pct(b.WinRate), pct(b.CI95[0]), pct(b.CI95[1]))
		}
	}
	var rounds []string
	for _, r := range s.Rounds {
		rounds = append(rounds, fmt.Sprintf("%d: %d", r.Value, r.Games))
	}
	p("\nrounds\tmean %.2f\t(%s)\n", s.MeanRounds, strings.Join(rounds, ", "))
	p("actions\tmean %.1f a game\n", s.MeanActions)
	// a scenario whose models have no type (Trench Crusade's samples) has
	// no type column or table; a model without one among typed ones shows
	// "-"
	typed := slices.ContainsFunc(s.Models, func(m ModelStat) bool { return m.Type != "" })
	if typed {
		p("\nmodel\tside\ttype\tout of action\n")
	} else {
		p("\nmodel\tside\tout of action\n")
	}
	for _, m := range s.Models {
		if typed {
			p("%s\t%d\t%s\t%s\n", m.ID, m.Side, cmp.Or(m.Type, "-"), pct(m.OutRate))
		} else {
			p("%s\t%d\t%s\n", m.ID, m.Side, pct(m.OutRate))
		}
	}
	if typed {
		p("\ntype\tmodels\tout of action\n")
		for _, t := range s.Types {
			p("%s\t%d\t%s\n", cmp.Or(t.Type, "-"), t.Models, pct(t.OutRate))
		}
	}
	p("\naction\ttaken\ta game\n")
	for _, a := range s.Actions {
		p("%s\t%d\t%.2f\n", a.ID, a.Count, a.PerGame)
	}
	return tw.Flush()
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
