package main

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/skirmish-engine/skirmish/internal/loadgen"
	"github.com/spf13/cobra"
)

func newLoadgen(e *env) *cobra.Command {
	var (
		base           string
		games, clients int
		duration       time.Duration
		scenarios      []string
		seed           uint64
	)
	c := &cobra.Command{
		Use:   "loadgen [--url URL] [--games N] [--clients N] [--duration D]",
		Short: "Play many games against a running server and measure it",
		Long: `loadgen creates games on a running skirmish server and plays them with bot
clients over HTTP, as phones would (each write after reading the game), for
a while; then it prints the acknowledged writes per second and their
latency. It is how docs/PERFORMANCE.md measures the server. Every game it
makes stays in the server's database: point it at a server of your own.
The server limits how many games one address may create a minute
(serve --creates-per-minute): start it with 0 for a load run.`,
		Example: `  skirmish serve --db /tmp/load.db --creates-per-minute 0 &
  skirmish loadgen --games 1000 --clients 32 --duration 20s
  skirmish loadgen --url http://127.0.0.1:8081,http://127.0.0.1:8082 --games 256`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var bases []string
			for b := range strings.SplitSeq(base, ",") {
				u, err := url.Parse(strings.TrimSpace(b))
				if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
					return usagef("--url %q: not an http:// or https:// address", b)
				}
				bases = append(bases, u.String())
			}
			switch {
			case games < 1 || games > 100_000:
				return usagef("--games %d: out of range; allowed 1 to 100000", games)
			case clients < 1 || clients > 1000:
				return usagef("--clients %d: out of range; allowed 1 to 1000", clients)
			case duration <= 0 || duration > 24*time.Hour:
				return usagef("--duration %v: out of range; allowed above 0 and up to 24h", duration)
			case len(scenarios) == 0:
				return usagef("--scenario: give at least one")
			}
			cfg := loadgen.Config{Base: bases[0], Games: games, Clients: clients, Scenarios: scenarios, Duration: duration, Seed: seed}
			if len(bases) > 1 {
				cfg.Bases = bases // several servers on one database: requests in turn
			}
			res, err := loadgen.Run(context.Background(), cfg)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d games created in %v\n%s\n", games, res.Created.Round(time.Millisecond), res)
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&base, "url", "http://127.0.0.1:8080", "the server; several servers sharing one database, comma-separated, take the requests in turn")
	f.IntVar(&games, "games", 1000, "games to create and play")
	f.IntVar(&clients, "clients", 32, "concurrent clients")
	f.DurationVar(&duration, "duration", 10*time.Second, "how long to play")
	f.StringSliceVar(&scenarios, "scenario", []string{"sump-crossing", "no-mans-land", "hab-block-brawl", "shell-crater"}, "built-in scenarios, used in turn (repeat the flag or separate with commas)")
	f.Uint64Var(&seed, "seed", 1, "the clients' choices and the games' dice seeds")
	return c
}
