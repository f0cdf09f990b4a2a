package sim

import (
	"fmt"
	"io"

	"github.com/skirmish-engine/skirmish/internal/svgplot"
)

// Plot draws the summary as SVG: each bot's win rate with its 95 %
// interval (and the draws), the distribution of game length in rounds,
// and how often each model ended out of action.
func Plot(w io.Writer, s *Summary) error {
	wins := svgplot.Chart{Title: fmt.Sprintf("Win rate, %d games of %s", s.Games, s.Scenario), YLabel: "games won", YMax: 1, Percent: true}
	seen := map[string]int{}
	for _, b := range s.Sides {
		seen[b.Bot]++
	}
	for _, b := range s.Sides {
		// a bot that played both sides is named alone (numbered when both
		// sides had the same bot); else with its side
		label := fmt.Sprintf("%s (%s)", b.Bot, b.Name)
		switch {
		case s.Swap && seen[b.Bot] > 1:
			label = fmt.Sprintf("%s #%d", b.Bot, b.Side+1)
		case s.Swap:
			label = b.Bot
		}
		wins.Bars = append(wins.Bars, svgplot.Bar{Label: label, Value: b.WinRate, Lo: b.CI95[0], Hi: b.CI95[1], Err: true})
	}
	ci := Wilson(s.Draws, s.Games)
	wins.Bars = append(wins.Bars, svgplot.Bar{Label: "draws", Value: rate(s.Draws, s.Games), Lo: ci[0], Hi: ci[1], Err: true})
	counts := map[int]int{}
	for _, r := range s.Rounds {
		counts[r.Value] = r.Games
	}
	length := svgplot.Histogram("Game length", "rounds", counts)
	out := svgplot.Chart{Title: "Casualties: games each model ended out of action", YLabel: "games", YMax: 1, Percent: true}
	for _, m := range s.Models {
		out.Bars = append(out.Bars, svgplot.Bar{Label: m.ID, Value: m.OutRate})
	}
	return svgplot.Write(w, wins, length, out)
}
