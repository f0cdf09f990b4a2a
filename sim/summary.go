package sim

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Summary is what a batch's games say, as `skirmish sim --json` prints it.
type Summary struct {
	Ruleset  string `json:"ruleset"`
	Scenario string `json:"scenario"`
	Games    int    `json:"games"` // the games summarized
	Batch    int    `json:"batch"` // the games of the whole batch, every shard
	Seed     uint64 `json:"batch_seed"`
	Swap     bool   `json:"swap"`
	Shard    string `json:"shard,omitempty"` // i/n when this is one shard's part
	Draws    int    `json:"draws"`
	// Sides are the bots in --bots order: the bot of entry k plays the
	// scenario's side k, or with swap the other side in odd games.
	Sides []SideStat `json:"sides"`
	// Seats are wins by the scenario's side, whichever bot played it.
	Seats       []SeatStat   `json:"seats"`
	MeanRounds  float64      `json:"mean_rounds"`
	Rounds      []Count      `json:"rounds"` // games by rounds played
	MeanActions float64      `json:"mean_actions"`
	Models      []ModelStat  `json:"models"`
	Types       []TypeStat   `json:"types"`
	Actions     []ActionStat `json:"actions"`
}

// SideStat is one bot's results.
type SideStat struct {
	Side    int        `json:"side"`
	Name    string     `json:"name"`
	Bot     string     `json:"bot"`
	Wins    int        `json:"wins"`
	WinRate float64    `json:"win_rate"`
	CI95    [2]float64 `json:"ci95"` // Wilson score interval
}

// SeatStat is one scenario side's results, whichever bot played it.
type SeatStat struct {
	Side    int        `json:"side"`
	Name    string     `json:"name"`
	Wins    int        `json:"wins"`
	WinRate float64    `json:"win_rate"`
	CI95    [2]float64 `json:"ci95"`
}

// Count is how many games had a value.
type Count struct {
	Value int `json:"value"`
	Games int `json:"games"`
}

// ModelStat is how often one model ended the game out of play.
type ModelStat struct {
	ID      string  `json:"id"`
	Side    int     `json:"side"`
	Type    string  `json:"type"`
	Out     int     `json:"out"` // games it ended out of play
	OutRate float64 `json:"out_rate"`
}

// TypeStat is ModelStat summed over the models of a type.
type TypeStat struct {
	Type    string  `json:"type"`
	Models  int     `json:"models"`
	Out     int     `json:"out"` // model-games ended out of play
	OutRate float64 `json:"out_rate"`
}

// ActionStat is how often an action was taken.
type ActionStat struct {
	ID      string  `json:"id"`
	Count   int     `json:"count"`
	PerGame float64 `json:"per_game"`
}

// Wilson is the 95 % Wilson score interval of k successes in n trials.
func Wilson(k, n int) [2]float64 {
	if n == 0 {
		return [2]float64{0, 1}
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return [2]float64{round(max(0, c-h)), round(min(1, c+h))}
}

// round keeps 4 decimals, so that summaries read well and compare exactly.
func round(x float64) float64 { return math.Round(x*1e4) / 1e4 }

func rate(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return round(float64(k) / float64(n))
}

// Summarize summarizes games of the batch h (any subset, in any order).
func Summarize(h Header, games []*Game) *Summary {
	t := NewTally(h)
	for _, g := range games {
		t.Add(g)
	}
	return t.Summary()
}

// Tally sums a batch's games one at a time, so that a batch of millions
// is summarized without keeping its records: what Summarize gives for the
// games added, in any order.
type Tally struct {
	h                     Header
	n, draws              int
	wins, seatWins, out   []int
	rounds                map[int]int
	counts                map[string]int
	sumRounds, sumActions int
}

// NewTally starts an empty tally of the batch h.
func NewTally(h Header) *Tally {
	return &Tally{h: h, wins: make([]int, len(h.Bots)), seatWins: make([]int, len(h.Sides)), out: make([]int, len(h.Models)),
		rounds: map[int]int{}, counts: map[string]int{}}
}

// Add counts one game of the batch.
func (t *Tally) Add(g *Game) {
	h := &t.h
	t.n++
	t.sumRounds += g.Rounds
	t.sumActions += g.Actions
	t.rounds[g.Rounds]++
	for id, k := range g.Counts {
		t.counts[id] += k
	}
	for m, o := range g.Outcomes {
		if o == "out" {
			t.out[m]++
		}
	}
	if g.Winner < 0 {
		t.draws++
		return
	}
	t.seatWins[g.Winner]++
	b := g.Winner
	if h.Swap && g.Index%2 == 1 {
		b = len(h.Bots) - 1 - b
	}
	t.wins[b]++
}

// Summary is the summary of the games added so far.
func (t *Tally) Summary() *Summary {
	h, n := &t.h, t.n
	wins, seatWins, out := t.wins, t.seatWins, t.out
	sm := &Summary{Ruleset: h.Ruleset, Scenario: h.Scenario, Games: n, Batch: h.Games, Seed: h.Seed, Swap: h.Swap, Draws: t.draws}
	for k, name := range h.Bots {
		sm.Sides = append(sm.Sides, SideStat{Side: k, Name: h.Sides[k], Bot: name, Wins: wins[k], WinRate: rate(wins[k], n), CI95: Wilson(wins[k], n)})
	}
	for k, name := range h.Sides {
		sm.Seats = append(sm.Seats, SeatStat{Side: k, Name: name, Wins: seatWins[k], WinRate: rate(seatWins[k], n), CI95: Wilson(seatWins[k], n)})
	}
	if n > 0 {
		sm.MeanRounds, sm.MeanActions = rate(t.sumRounds, n), rate(t.sumActions, n)
	}
	for v, k := range t.rounds {
		sm.Rounds = append(sm.Rounds, Count{Value: v, Games: k})
	}
	slices.SortFunc(sm.Rounds, func(a, b Count) int { return cmp.Compare(a.Value, b.Value) })
	types := map[string]*TypeStat{}
	var order []string
	for m, id := range h.Models {
		side := 0
		if m < len(h.ModelSides) {
			side = h.ModelSides[m]
		}
		sm.Models = append(sm.Models, ModelStat{ID: id, Side: side, Type: h.Types[m], Out: out[m], OutRate: rate(out[m], n)})
		ts := types[h.Types[m]]
		if ts == nil {
			ts = &TypeStat{Type: h.Types[m]}
			types[h.Types[m]] = ts
			order = append(order, h.Types[m])
		}
		ts.Models++
		ts.Out += out[m]
	}
	for _, name := range order {
		ts := types[name]
		ts.OutRate = rate(ts.Out, ts.Models*n)
		sm.Types = append(sm.Types, *ts)
	}
	for id, k := range t.counts {
		sm.Actions = append(sm.Actions, ActionStat{ID: id, Count: k, PerGame: rate(k, n)})
	}
	slices.SortFunc(sm.Actions, func(a, b ActionStat) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.ID, b.ID))
	})
	return sm
}

// MaxName is the longest name a record may hold (a scenario, side, model,
// bot, type, status or action ID), in bytes.
const MaxName = 200

// check validates one record against its own header, naming the field
// that is wrong: every field in range, names printable, and the record
// consistent with itself (its seats with its bots and --swap, its action
// counts with its actions, its casualties with its outcomes).
func (g *Game) check() error {
	h := &g.Header
	bad := func(field, format string, a ...any) error {
		return &FieldError{Field: field, Problem: fmt.Sprintf(format, a...)}
	}
	switch {
	case h.Ruleset == "" || h.Scenario == "":
		return bad("ruleset", "missing (not a game record of skirmish sim)")
	case h.Games < 1 || h.Games > MaxGames:
		return bad("games", "%d is out of range; allowed 1 to %d", h.Games, MaxGames)
	case len(h.Sides) < 2 || len(h.Bots) != len(h.Sides):
		return bad("bots", "%d bots for %d sides", len(h.Bots), len(h.Sides))
	case len(h.Models) == 0 || len(h.Models) > 64 || len(h.Types) != len(h.Models) || len(h.ModelSides) != len(h.Models):
		return bad("models", "%d models, %d types, %d sides; allowed 1 to 64 models, with a type and a side each", len(h.Models), len(h.Types), len(h.ModelSides))
	case h.Swap && len(h.Sides) != 2:
		return bad("swap", "swapping needs two sides")
	case h.Rounds < 0:
		return bad("scenario_rounds", "%d is negative", h.Rounds)
	case g.Index < 0 || g.Index >= h.Games:
		return bad("index", "%d is out of range; allowed 0 to %d", g.Index, h.Games-1)
	case g.GameSeed != GameSeed(h.Seed, g.Index):
		return bad("seed", "%d is not game %d's seed in batch %d", g.GameSeed, g.Index, h.Seed)
	case g.Winner < -1 || g.Winner >= len(h.Sides):
		return bad("winner", "%d is out of range; allowed -1 (a draw) to %d", g.Winner, len(h.Sides)-1)
	case g.Rounds < 0 || h.Rounds > 0 && g.Rounds > h.Rounds:
		return bad("rounds", "%d is out of range; allowed 0 to %d, the scenario's", g.Rounds, h.Rounds)
	case g.Actions < 0 || g.Actions > MaxSteps:
		return bad("actions", "%d is out of range; allowed 0 to %d", g.Actions, MaxSteps)
	case len(g.Casualties) != len(h.Sides):
		return bad("casualties", "%d entries for %d sides", len(g.Casualties), len(h.Sides))
	case len(g.Outcomes) != len(h.Models):
		return bad("outcomes", "%d entries for %d models", len(g.Outcomes), len(h.Models))
	}
	names := map[string][]string{"ruleset": {h.Ruleset}, "version": {h.Version}, "scenario": {h.Scenario}, "bots": h.Bots, "sides": h.Sides,
		"models": h.Models, "types": h.Types, "seats": g.Seats, "outcomes": g.Outcomes}
	for _, field := range slices.Sorted(maps.Keys(names)) {
		for _, n := range names[field] {
			if err := checkName(n); err != "" {
				return bad(field, "%q: %s", clip(n), err)
			}
		}
	}
	for k, v := range h.Options {
		if checkName(k) != "" || checkName(v) != "" {
			return bad("options", "%q=%q: not a printable name of at most %d bytes", clip(k), clip(v), MaxName)
		}
	}
	// the seats are the bots, swapped in odd games with --swap
	want := slices.Clone(h.Bots)
	if h.Swap && g.Index%2 == 1 {
		slices.Reverse(want)
	}
	if !slices.Equal(g.Seats, want) {
		return bad("seats", "%q, but game %d of this batch seats %q", g.Seats, g.Index, want)
	}
	out := make([]int, len(h.Sides))
	for m, side := range h.ModelSides {
		if side < 0 || side >= len(h.Sides) {
			return bad("model_sides", "side %d is out of range; allowed 0 to %d", side, len(h.Sides)-1)
		}
		if g.Outcomes[m] == "out" {
			out[side]++
		}
	}
	for side, k := range g.Casualties {
		if k != out[side] {
			return bad("casualties", "side %d: %d, but %d of its models' outcomes are \"out\"", side, k, out[side])
		}
	}
	sum := 0
	for _, id := range slices.Sorted(maps.Keys(g.Counts)) {
		k := g.Counts[id]
		if err := checkName(id); err != "" {
			return bad("action_counts", "%q: %s", clip(id), err)
		}
		if k < 1 || k > g.Actions {
			return bad("action_counts", "%q: %d is out of range; allowed 1 to the game's %d actions", id, k, g.Actions)
		}
		sum += k
	}
	if sum != g.Actions {
		return bad("action_counts", "add up to %d, but the game took %d actions", sum, g.Actions)
	}
	return nil
}

// checkName says what is wrong with a name a record holds, or "".
func checkName(s string) string {
	switch {
	case len(s) > MaxName:
		return fmt.Sprintf("longer than %d bytes", MaxName)
	case !utf8.ValidString(s):
		return "not UTF-8"
	case strings.ContainsFunc(s, unicode.IsControl):
		return "holds a control character"
	}
	return ""
}

// clip shortens a name for a message.
func clip(s string) string {
	if len(s) > 40 {
		return strings.ToValidUTF8(s[:40], "") + "…"
	}
	return s
}
