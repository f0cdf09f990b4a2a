package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/skirmish-engine/skirmish/bot"
	"github.com/skirmish-engine/skirmish/internal/userfile"
	"github.com/skirmish-engine/skirmish/sim"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// maxRecords is the most bytes of one --out file sim merge reads.
const maxRecords = 1 << 30

func newSim(e *env) *cobra.Command {
	var (
		ruleset, scen, bots, seed, out, plot, shard string
		gamesFlag, workersFlag                      string
		swap, asJSON                                bool
		options                                     []string
	)
	c := &cobra.Command{
		Use:   "sim --scenario NAME|FILE --games N --bots A,B [flags]",
		Short: "Play many games between bots and summarize them",
		Long: `sim plays a batch of games between bots on a board scenario and prints a
summary: each bot's win rate with its 95 % (Wilson) interval, draws, game
length, casualties per model and per model type, and how often each action
was taken. --json prints the summary as JSON, --out writes one JSON line per
game, --plot draws the summary as SVG. The records stream to disk as games
finish and the summary is tallied on the way, so a batch of any size runs
in the same memory; --out appears, whole, only when the batch is done (an
interrupted batch writes nothing).

Bots (one per side, in the scenario's side order): random, greedy (the
action with the best expected evaluation, from exact odds), mcts (Monte
Carlo tree search, 1000 iterations a decision; mcts:N for N iterations,
mcts:500ms for a time budget, which does not replay).

Game i's seed comes from --seed and i, so any one game replays alone:
'skirmish play --scenario S --seed SEED --bots B0,B1' with the game's seed
and its bots ("seed" and "seats" in its --out line). --swap gives the bots
each other's sides in odd-numbered games. Results do not depend on
--workers. --shard i/n plays only the games whose index is i modulo n, so
that a batch can be split across machines; 'skirmish sim merge' joins the
shards' --out files into the summary one run gives.`,
		Example: `  skirmish sim --scenario sump-crossing --games 200 --bots greedy,random --swap --seed 1
  skirmish sim --scenario no-mans-land --games 1000 --bots random,random --out games.jsonl --plot games.svg
  skirmish sim --scenario junction-yard --games 400 --bots mcts:200,greedy --shard 0/4 --out part0.jsonl`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if scen == "" {
				return usagef("--scenario: missing; give a board scenario's sample name (see 'skirmish scenarios') or a YAML file")
			}
			if err := emptyFlags(cmd, "out", "plot"); err != nil {
				return err
			}
			games, err := strconv.Atoi(strings.TrimSpace(gamesFlag))
			if err != nil {
				return usagef("--games %q: %s; allowed 1 to %d", gamesFlag, notNumber(gamesFlag, err), sim.MaxGames)
			}
			if games < 1 || games > sim.MaxGames {
				return usagef("--games %d: out of range; allowed 1 to %d", games, sim.MaxGames)
			}
			workers, err := strconv.Atoi(strings.TrimSpace(workersFlag))
			if err != nil {
				return usagef("--workers %q: %s; allowed 1 to 1024 (0: one per core)", workersFlag, notNumber(workersFlag, err))
			}
			if workers < 0 || workers > 1024 {
				return usagef("--workers %d: out of range; allowed 1 to 1024 (0: one per core)", workers)
			}
			sh, err := parseShard(shard)
			if err != nil {
				return err
			}
			sc, inputs, err := loadScenario(e, ruleset, scen)
			if err != nil {
				return err
			}
			if ruleset != "" && sc.File.Ruleset != ruleset {
				return usagef("--scenario %s is for %s, not --ruleset %s", scen, sc.File.Ruleset, ruleset)
			}
			if err := setOptions(sc.Ruleset.Info(), sc, options); err != nil {
				return err
			}
			su, err := sc.Setup("")
			if err != nil {
				return err
			}
			if su.Mode != "board" {
				return usagef("--scenario %s: a %s scenario; bots need a board to measure on (see 'skirmish scenarios' for board ones)", scen, su.Mode)
			}
			specs, err := parseBotSpecs(bots, len(su.Sides))
			if err != nil {
				return err
			}
			if swap && len(su.Sides) != 2 {
				return usagef("--swap: the scenario has %d sides; swapping needs two", len(su.Sides))
			}
			batch, err := seedFlag(cmd, seed)
			if err != nil {
				return err
			}
			outs := []struct {
				flag, name string
				kind       fileKind
			}{{"--out", out, recordsFile}, {"--plot", plot, svgFile}}
			for _, o := range outs {
				if o.name != "" {
					if err := e.checkOut(o.name); err != nil {
						return usagef("%s %s: %s", o.flag, o.name, userProblem(err))
					}
				}
			}
			if err := checkOutputs("the batch", inputs, output{"--out", out}, output{"--plot", plot}); err != nil {
				return err
			}
			for _, o := range outs {
				if o.name != "" {
					if err := checkReplace(o.flag, o.name, o.kind); err != nil {
						return err
					}
				}
			}
			name := su.Name
			if s, ok := e.samples.Find(sc.File.Ruleset, scen); ok {
				name = s.Name
			}
			cfg := &sim.Config{Ruleset: sc.File.Ruleset, Scenario: name, RS: sc.Ruleset, Setup: su, Bots: specs,
				Games: games, Seed: batch, Swap: swap, Workers: workers, Shard: sh}
			if err := cfg.Check(); err != nil {
				var fe *sim.FieldError
				if errors.As(err, &fe) {
					return usagef("--%s: %s", fe.Field, fe.Problem)
				}
				return err
			}
			mine := 0
			for i := range games {
				if sh.Has(i) {
					mine++
				}
			}
			bar := e.progress(mine)
			// The records stream to a temporary file beside --out, renamed
			// over it when the batch is done, and the summary is tallied as
			// games finish: a batch of millions is never held in memory.
			var recs *userfile.Atomic
			var w *bufio.Writer
			if out != "" {
				if recs, err = userfile.CreateAtomic(out, 0o644); err != nil {
					return fmt.Errorf("--out %s: %s", out, userProblem(err))
				}
				defer recs.Abort() // after a Commit, nothing left to remove
				w = bufio.NewWriterSize(recs, 64<<10)
			}
			tally := sim.NewTally(cfg.Header())
			ctx, stop := e.interruptible()
			defer stop()
			err = sim.Run(ctx, cfg, func(g *sim.Game) error {
				tally.Add(g)
				if w != nil {
					b, err := json.Marshal(g)
					if err != nil {
						return err
					}
					w.Write(b)
					if err := w.WriteByte('\n'); err != nil {
						return fmt.Errorf("--out %s: %s", out, userProblem(err))
					}
				}
				bar.Add(1)
				return nil
			})
			bar.Finish()
			if errors.Is(err, context.Canceled) {
				return errors.New("interrupted: nothing written")
			}
			if err != nil {
				return err
			}
			if w != nil {
				if err := w.Flush(); err != nil {
					return fmt.Errorf("--out %s: %s", out, userProblem(err))
				}
				if err := recs.Commit(); err != nil {
					return fmt.Errorf("--out %s: %s", out, userProblem(err))
				}
			}
			sm := tally.Summary()
			if sh.N > 1 {
				sm.Shard = fmt.Sprintf("%d/%d", sh.I, sh.N)
			}
			return report(e, cmd, sm, asJSON, plot)
		},
	}
	f := c.Flags()
	f.StringVar(&ruleset, "ruleset", "", "the ruleset, when sample scenarios of several share the name: "+rulesetList(e))
	f.StringVar(&scen, "scenario", "", "a board scenario: a sample's name or a scenario file (required)")
	f.StringArrayVar(&options, "option", nil, "a rule option, name=value (repeatable)")
	f.StringVar(&gamesFlag, "games", "100", "games in the whole batch (every shard together)")
	f.StringVar(&bots, "bots", "random,random", "the bot of each side, comma-separated: random, greedy, mcts, mcts:N (iterations), mcts:500ms")
	f.StringVar(&seed, "seed", "", "the batch's seed; game i's seed derives from it (default random, printed)")
	f.StringVar(&workersFlag, "workers", "0", "games played at once (default one per core); results do not depend on it")
	f.BoolVar(&swap, "swap", false, "swap the bots' sides in odd-numbered games")
	f.StringVar(&out, "out", "", "write one JSON line per game to this file")
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	f.StringVar(&plot, "plot", "", "draw win rates, game lengths and casualties to this SVG file")
	f.StringVar(&shard, "shard", "", "i/n: play only the games whose index is i modulo n (0 <= i < n)")
	c.AddCommand(newSimMerge(e))
	return c
}

func newSimMerge(e *env) *cobra.Command {
	var (
		asJSON bool
		plot   string
	)
	c := &cobra.Command{
		Use:   "merge FILES...",
		Short: "Join the --out files of a batch's shards into its summary",
		Long: `merge reads the --out files of the shards of one 'skirmish sim' batch
and prints the summary one run of the whole batch gives. It refuses files
of different batches (another scenario, bots, seed, game count or --swap),
a game given twice, and a batch with games missing.`,
		Example: `  for i in 0 1 2 3; do skirmish sim --scenario sump-crossing --games 400 --seed 7 --shard $i/4 --out part$i.jsonl & done; wait
  skirmish sim merge part0.jsonl part1.jsonl part2.jsonl part3.jsonl`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("merge needs the --out files of a batch's shards")
			}
			if err := emptyFlags(cmd, "plot"); err != nil {
				return err
			}
			if plot != "" {
				if err := e.checkOut(plot); err != nil {
					return usagef("--plot %s: %s", plot, userProblem(err))
				}
				if err := checkOutputs("the merge", args, output{"--plot", plot}); err != nil {
					return err
				}
				if err := checkReplace("--plot", plot, svgFile); err != nil {
					return err
				}
			}
			var files []*sim.Records
			for _, name := range args {
				data, err := e.readFile(name, maxRecords)
				if err != nil {
					return usagef("%s: %s", name, userProblem(err))
				}
				rs, err := sim.ReadRecords(name, data)
				if err != nil {
					return usagef("%s", strings.TrimPrefix(err.Error(), "sim: "))
				}
				files = append(files, rs)
			}
			sm, err := sim.Merge(files)
			if err != nil {
				return usagef("%s", strings.TrimPrefix(err.Error(), "sim: "))
			}
			return report(e, cmd, sm, asJSON, plot)
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the summary as JSON")
	c.Flags().StringVar(&plot, "plot", "", "draw the summary to this SVG file")
	return c
}

// report prints a summary (table or JSON) and draws its plot.
func report(e *env, cmd *cobra.Command, sm *sim.Summary, asJSON bool, plot string) error {
	if plot != "" {
		var b bytes.Buffer
		if err := sim.Plot(&b, sm); err != nil {
			return err
		}
		if err := e.writeFile(plot, b.Bytes()); err != nil {
			return fmt.Errorf("--plot %s: %s", plot, userProblem(err))
		}
	}
	if asJSON {
		return writeJSON(cmd, sm)
	}
	return sim.WriteTable(cmd.OutOrStdout(), sm)
}

// parseShard reads --shard i/n.
func parseShard(s string) (sim.Shard, error) {
	if strings.TrimSpace(s) == "" {
		return sim.Shard{}, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, erri := strconv.Atoi(strings.TrimSpace(a))
	n, errn := strconv.Atoi(strings.TrimSpace(b))
	switch {
	case ok && (errors.Is(erri, strconv.ErrRange) || errors.Is(errn, strconv.ErrRange)):
		return sim.Shard{}, usagef("--shard %q: out of range; allowed i/n with n from 1 to %d", s, sim.MaxGames)
	case !ok || erri != nil || errn != nil:
		return sim.Shard{}, usagef("--shard %q: want i/n, as 0/4 (the first of four shards)", s)
	case n < 1 || n > sim.MaxGames:
		return sim.Shard{}, usagef("--shard %q: n out of range; allowed 1 to %d", s, sim.MaxGames)
	case i < 0 || i >= n:
		return sim.Shard{}, usagef("--shard %q: i out of range; allowed 0 to %d (shards count from 0)", s, n-1)
	}
	return sim.Shard{I: i, N: n}, nil
}

// parseBotSpecs reads --bots A,B: one bot spec per side.
func parseBotSpecs(s string, sides int) ([]bot.Spec, error) {
	parts := strings.Split(s, ",")
	if len(parts) != sides {
		return nil, usagef("--bots %q: %d bots for %d sides; give one per side, as greedy,random", s, len(parts), sides)
	}
	var specs []bot.Spec
	for _, p := range parts {
		sp, err := bot.Parse(p)
		if err != nil {
			var se *bot.SpecError
			if errors.As(err, &se) {
				return nil, usagef("--bots %q: %q: %s", s, strings.TrimSpace(p), se.Problem)
			}
			return nil, err
		}
		specs = append(specs, sp)
	}
	return specs, nil
}

// progressBar is what sim reports progress to.
type progressBar interface {
	Add(int) error
	Finish() error
}

type noBar struct{}

func (noBar) Add(int) error { return nil }
func (noBar) Finish() error { return nil }

// progress is a progress bar of n games on stderr when it is a terminal,
// else nothing.
func (e *env) progress(n int) progressBar {
	f, ok := e.stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return noBar{}
	}
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription("games"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("games"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
}

// interruptible is a context cancelled by an interrupt or SIGTERM.
func (e *env) interruptible() (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sig, stop := e.signals()
	go func() {
		select {
		case <-sig:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, func() { stop(); cancel() }
}
