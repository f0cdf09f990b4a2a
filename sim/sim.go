// Package sim plays batches of games between bots and summarizes them: win
// rates with 95 % Wilson intervals, draws, game lengths, casualties per
// model and per model type, and how often each action was taken.
//
// Game i of a batch with seed S is played with seed dice.DeriveSeed(S, i),
// digital dice and the bots of its seats, so that any one game replays
// alone (skirmish play --seed with the same bots). Games are played by any
// number of workers and reported in index order, and a summary reads only
// the games, so it does not depend on the workers. A batch can be split
// into shards (i/n plays the indexes i, i+n, i+2n, ...); Merge joins the
// shards' game records into exactly the summary one run gives.
package sim

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/skirmish-engine/skirmish/bot"
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// MaxGames is the most games one batch may hold.
const MaxGames = 10_000_000

// MaxSteps bounds the decisions of one game: a game that has not ended by
// then is an error (a ruleset that never ends).
const MaxSteps = 100_000

// Config is a batch of games.
type Config struct {
	Ruleset  string // the ruleset's ID, recorded
	Scenario string // the scenario's name, recorded
	RS       engine.Ruleset
	Setup    *engine.Setup // board mode: bots cannot measure at a table
	Bots     []bot.Spec    // one per side, in the scenario's side order
	Games    int           // the whole batch, every shard together
	Seed     uint64
	Swap     bool // odd-numbered games swap the bots of a two-sided game
	Workers  int  // default runtime.GOMAXPROCS
	Shard    Shard
}

// Shard is the part of a batch one run plays: indexes i with i mod N = I.
type Shard struct{ I, N int }

// String is the shard as "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// Has reports whether the shard plays game index i.
func (s Shard) Has(i int) bool { return s.N <= 1 || i%s.N == s.I }

// Check validates the config; its errors are *FieldError.
func (c *Config) Check() error {
	switch {
	case c.RS == nil || c.Setup == nil:
		return &FieldError{Field: "scenario", Problem: "missing"}
	case c.Setup.Mode != "board":
		return &FieldError{Field: "scenario", Problem: fmt.Sprintf("%s is a %s scenario; bots need a board to measure on", c.Scenario, c.Setup.Mode)}
	case c.Games < 1 || c.Games > MaxGames:
		return &FieldError{Field: "games", Problem: fmt.Sprintf("%d is out of range; allowed 1 to %d", c.Games, MaxGames)}
	case len(c.Bots) != len(c.Setup.Sides):
		return &FieldError{Field: "bots", Problem: fmt.Sprintf("%d bots for %d sides; give one per side", len(c.Bots), len(c.Setup.Sides))}
	case c.Swap && len(c.Setup.Sides) != 2:
		return &FieldError{Field: "swap", Problem: "swapping needs two sides"}
	case c.Shard.N < 0 || c.Shard.N > 0 && (c.Shard.I < 0 || c.Shard.I >= c.Shard.N):
		return &FieldError{Field: "shard", Problem: fmt.Sprintf("%s: want i/n with 0 <= i < n", c.Shard)}
	case c.Shard.N > c.Games:
		// a shard with no games has no records, and merge needs some
		return &FieldError{Field: "shard", Problem: fmt.Sprintf("%s: %d shards for %d games; allowed at most one shard a game", c.Shard, c.Shard.N, c.Games)}
	case c.Workers < 0:
		return &FieldError{Field: "workers", Problem: fmt.Sprintf("%d is out of range; allowed 1 or more", c.Workers)}
	}
	for i, b := range c.Bots {
		if _, err := bot.New(b, c.RS); err != nil {
			return &FieldError{Field: "bots", Problem: fmt.Sprintf("bot %d: %v", i+1, err)}
		}
	}
	return nil
}

// FieldError is a config or input problem, naming the field (a flag's
// name, or a record's field).
type FieldError struct {
	Field, Problem string
}

func (e *FieldError) Error() string { return fmt.Sprintf("sim: %s: %s", e.Field, e.Problem) }

// Header identifies a batch: every game record of it carries the same, so
// that Merge can refuse records of different batches. Version, Options,
// Rounds and Setup were added later: records made before them have them
// empty, and merge with each other only.
type Header struct {
	Ruleset    string   `json:"ruleset"`
	Version    string   `json:"version,omitempty"` // the ruleset's version
	Scenario   string   `json:"scenario"`
	Bots       []string `json:"bots"` // in --bots order
	Sides      []string `json:"sides"`
	Games      int      `json:"games"`
	Seed       uint64   `json:"batch_seed"`
	Swap       bool     `json:"swap"`
	Models     []string `json:"models"`
	ModelSides []int    `json:"model_sides"`
	Types      []string `json:"types"`
	// Options are every rule option as played, defaults filled.
	Options map[string]string `json:"options,omitempty"`
	Rounds  int               `json:"scenario_rounds,omitempty"` // the scenario's rounds
	// Setup is a digest ("sha256:" and hex) of the setup as played: its
	// rounds, mode, sides, models (profiles, gear, positions), board and
	// scenario, so that scenario files of one name but other contents are
	// not merged.
	Setup string `json:"setup,omitempty"`
	// BotVersion is the bots' version (bot.Version): seeded games of
	// other bots are other games. Records made before it have it empty.
	BotVersion string `json:"bot_version,omitempty"`
}

// Header is the config's batch header.
func (c *Config) Header() Header {
	h := Header{Ruleset: c.Ruleset, Scenario: c.Scenario, Games: c.Games, Seed: c.Seed, Swap: c.Swap,
		Options: maps.Clone(c.Setup.Options), Rounds: c.Setup.Rounds, Setup: setupDigest(c.Setup), BotVersion: bot.Version}
	if c.RS != nil {
		h.Version = c.RS.Info().Version
	}
	for _, b := range c.Bots {
		h.Bots = append(h.Bots, b.String())
	}
	for _, s := range c.Setup.Sides {
		h.Sides = append(h.Sides, s.Name)
	}
	for _, m := range c.Setup.Models {
		h.Models = append(h.Models, m.ID)
		h.Types = append(h.Types, m.Type)
		h.ModelSides = append(h.ModelSides, m.Side)
	}
	return h
}

// setupDigest is Header.Setup.
func setupDigest(su *engine.Setup) string {
	b, err := json.Marshal(struct {
		Rounds   int
		Mode     string
		Sides    []engine.SideSetup
		Models   []engine.ModelSetup
		Board    engine.Board
		Scenario json.RawMessage
	}{su.Rounds, su.Mode, su.Sides, su.Models, su.Board, su.Scenario})
	if err != nil {
		return ""
	}
	h := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(h[:])
}

// equal reports whether two headers are of the same batch, and if not, the
// first field that differs (an option by name).
func (h *Header) equal(o *Header) (bool, string) {
	switch {
	case h.Ruleset != o.Ruleset:
		return false, "ruleset"
	case h.Version != o.Version:
		return false, "version"
	case h.BotVersion != o.BotVersion:
		return false, "bot_version"
	case !maps.Equal(h.Options, o.Options):
		keys := slices.Sorted(maps.Keys(h.Options))
		for k := range o.Options {
			if _, ok := h.Options[k]; !ok {
				keys = append(keys, k)
			}
		}
		for _, k := range keys {
			if a, b := h.Options[k], o.Options[k]; a != b {
				return false, fmt.Sprintf("options: %s (%q here, %q there)", k, b, a)
			}
		}
		return false, "options"
	case h.Rounds != o.Rounds:
		return false, "scenario_rounds"
	case h.Setup != o.Setup:
		return false, "setup (the scenario as played: a changed scenario file of the same name?)"
	case h.Scenario != o.Scenario:
		return false, "scenario"
	case !slices.Equal(h.Bots, o.Bots):
		return false, "bots"
	case !slices.Equal(h.Sides, o.Sides):
		return false, "sides"
	case h.Games != o.Games:
		return false, "games"
	case h.Seed != o.Seed:
		return false, "batch_seed"
	case h.Swap != o.Swap:
		return false, "swap"
	case !slices.Equal(h.Models, o.Models):
		return false, "models"
	case !slices.Equal(h.Types, o.Types):
		return false, "types"
	case !slices.Equal(h.ModelSides, o.ModelSides):
		return false, "model_sides"
	}
	return true, ""
}

// Game is the record of one game: one JSON line of --out.
type Game struct {
	Header
	Index    int            `json:"index"`
	GameSeed uint64         `json:"seed"`   // replays with skirmish play --seed
	Seats    []string       `json:"seats"`  // the bot of each side in this game
	Winner   int            `json:"winner"` // side, or -1 for a draw
	Rounds   int            `json:"rounds"`
	Actions  int            `json:"actions"` // decisions taken, activations included
	Counts   map[string]int `json:"action_counts"`
	// Casualties are the models of each side out of play at the end.
	Casualties []int `json:"casualties"`
	// Outcomes are each model's end: "out", or its status in play
	// ("active", "down", ...), in the setup's model order.
	Outcomes []string `json:"outcomes"`
}

// Seats is the bot of each side in game i: the config's order, swapped in
// odd games with Swap.
func (c *Config) Seats(i int) []bot.Spec {
	seats := slices.Clone(c.Bots)
	if c.Swap && i%2 == 1 {
		slices.Reverse(seats)
	}
	return seats
}

// GameSeed is the seed of game i of a batch with seed batch.
func GameSeed(batch uint64, i int) uint64 { return dice.DeriveSeed(batch, uint64(i)) }

// Run plays the shard's games with the config's workers and hands each
// record to emit in index order. It stops at the first error, or when ctx
// is done.
func Run(ctx context.Context, c *Config, emit func(*Game) error) error {
	if err := c.Check(); err != nil {
		return err
	}
	var idx []int
	for i := range c.Games {
		if c.Shard.Has(i) {
			idx = append(idx, i)
		}
	}
	workers := c.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(idx)))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	h := c.Header()
	type result struct {
		k   int
		g   *Game
		err error
	}
	jobs := make(chan int)
	results := make(chan result, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := newPlayer(c, ctx.Done())
			for k := range jobs {
				g, err := p.play(h, idx[k])
				select {
				case results <- result{k, g, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for k := range idx {
			select {
			case jobs <- k:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	// emit in index order: hold results that arrive early
	held := map[int]*Game{}
	next := 0
	for r := range results {
		if errors.Is(r.err, errStopped) && ctx.Err() != nil {
			return ctx.Err()
		}
		if r.err != nil {
			cancel()
			return fmt.Errorf("sim: game %d (seed %d): %w", idx[r.k], GameSeed(c.Seed, idx[r.k]), r.err)
		}
		held[r.k] = r.g
		for ; held[next] != nil; next++ {
			if err := emit(held[next]); err != nil {
				cancel()
				return err
			}
			delete(held, next)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if next < len(idx) {
		return errors.New("sim: stopped before every game was played")
	}
	return nil
}

// player plays games one after another with bots of its own.
type player struct {
	c     *Config
	stop  <-chan struct{} // closed: give up the game in hand
	bots  map[string]engine.Policy
	games map[string]*engine.Game // by seating, reused (Reset)
}

// errStopped is a game given up because the batch was stopped.
var errStopped = errors.New("stopped")

func newPlayer(c *Config, stop <-chan struct{}) *player {
	p := &player{c: c, stop: stop, bots: map[string]engine.Policy{}, games: map[string]*engine.Game{}}
	for _, b := range c.Bots {
		if _, ok := p.bots[b.String()]; !ok {
			pol, _ := bot.New(b, c.RS) // checked by Check
			if m, ok := pol.(*bot.MCTS); ok {
				m.Stop = stop // a long search ends when the batch does
			}
			p.bots[b.String()] = pol
		}
	}
	return p
}

// Play plays game i of the batch alone and returns its record (for tests
// and replays).
func Play(c *Config, i int) (*Game, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	return newPlayer(c, nil).play(c.Header(), i)
}

func (p *player) play(h Header, i int) (*Game, error) {
	c := p.c
	seats := c.Seats(i)
	players := make([]engine.Policy, len(seats))
	rec := &Game{Header: h, Index: i, GameSeed: GameSeed(c.Seed, i), Counts: map[string]int{}}
	for k, b := range seats {
		players[k] = p.bots[b.String()]
		rec.Seats = append(rec.Seats, b.String())
	}
	// A game per seating, started again for each game it plays (Reset:
	// the same game as a new one from the seed, without building one).
	key := strings.Join(rec.Seats, ",")
	g := p.games[key]
	if g == nil {
		var err error
		if g, err = engine.New(c.RS, c.Setup, engine.Config{Seed: rec.GameSeed, Dice: engine.DigitalDice, Players: players}); err != nil {
			return nil, err
		}
		p.games[key] = g
	} else if err := g.Reset(rec.GameSeed); err != nil {
		return nil, err
	}
	for step := 0; !g.Over(); step++ {
		select {
		case <-p.stop:
			return nil, errStopped
		default:
		}
		if step >= MaxSteps {
			return nil, fmt.Errorf("no end after %d decisions", MaxSteps)
		}
		ok, err := g.Step()
		if err != nil {
			return nil, err
		}
		if !ok {
			if pr := g.Pending(); pr != nil {
				return nil, fmt.Errorf("the game asks a person: %s", pr.Key)
			}
			return nil, errors.New("no bot can decide")
		}
	}
	s := g.State()
	rec.Winner, rec.Rounds = s.Winner, s.Round
	for _, e := range g.Log().Entries[1:] {
		rec.Actions++
		rec.Counts[e.Action.ID]++
	}
	rec.Casualties = make([]int, len(s.Sides))
	info := g.Info()
	for m := range s.Models {
		md := &s.Models[m]
		if !md.InPlay {
			rec.Casualties[s.SideOf(m)]++
			rec.Outcomes = append(rec.Outcomes, "out")
			continue
		}
		o := info.Statuses[md.Status]
		if len(info.Secondary) > 0 {
			o += "/" + info.Secondary[md.Secondary]
		}
		rec.Outcomes = append(rec.Outcomes, o)
	}
	return rec, nil
}
