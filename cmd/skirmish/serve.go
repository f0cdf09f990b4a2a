package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/skirmish-engine/skirmish/server"
	"github.com/skirmish-engine/skirmish/store"
	"github.com/skirmish-engine/skirmish/store/postgres"
	"github.com/skirmish-engine/skirmish/store/sqlite"
	"github.com/spf13/cobra"
)

func newServe(e *env) *cobra.Command {
	var addr, db, logLevel, sealKey string
	var maxGames, creates, createsTotal, badTokens, maxStreams, maxCommands int
	var measure, trustedList string
	var connsPerClient int
	var retain time.Duration
	var cpuProfile string
	c := &cobra.Command{
		Use:   "serve [--addr HOST:PORT] [--db FILE|postgres://URL]",
		Short: "Serve the HTTP/JSON API: games at a table, seats on phones, live updates",
		Long: `serve runs the game server: games created from the built-in or uploaded
scenarios, one seat per side with its own link, every action checked by the
rules and stored before it is acknowledged, exact odds, and live updates
(Server-Sent Events). Games are kept in an SQLite database (--db, created
on first run). SIGINT or SIGTERM stop it cleanly: requests in flight finish
and the database is closed. The API is described in docs/api.md.

Several servers behind one address share a PostgreSQL database: give
--db a postgres:// URL, and every server the same --seal-key file. Any
server then answers any seat of any game (docs/api.md, "Several servers").`,
		Example: `  skirmish serve
  skirmish serve --addr 0.0.0.0:8080 --db /var/lib/skirmish/games.db
  skirmish serve --addr 0.0.0.0:8080 --db postgres://skirmish@db.example/skirmish --seal-key /etc/skirmish/seal.key`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var level slog.Level
			if err := level.UnmarshalText([]byte(logLevel)); err != nil {
				return usagef("--log %q: not a log level; allowed debug, info, warn or error", logLevel)
			}
			if db == "" {
				return usagef("--db: empty; give the database file")
			}
			if maxGames < 1 {
				return usagef("--max-games %d: out of range; allowed 1 or more", maxGames)
			}
			if creates < 0 {
				return usagef("--creates-per-minute %d: out of range; allowed 0 (no limit) or more", creates)
			}
			if retain < 0 {
				return usagef("--retain %v: out of range; allowed 0 (keep every game) or more", retain)
			}
			if measure != "actor" && measure != "either" {
				return usagef("--measure %q: allowed actor (the side whose action asks measures; the other may dispute) or either", measure)
			}
			if maxCommands < 1 || maxCommands > 30000 {
				return usagef("--max-commands %d: out of range; allowed 1 to 30000 (an export of a game at the limit must fit an import)", maxCommands)
			}
			if maxStreams < 0 {
				return usagef("--max-streams %d: out of range; allowed 0 (sized to the file limit) or more", maxStreams)
			}
			if maxStreams == 0 {
				maxStreams = streamsFor(fileLimit())
			}
			if connsPerClient < 0 {
				return usagef("--conns-per-client %d: out of range; allowed 0 (no limit) or more", connsPerClient)
			}
			trusted, err := server.ParseTrusted(trustedList)
			if err != nil {
				return usagef("--trusted-proxy: %v", err)
			}
			if createsTotal < 0 {
				return usagef("--creates-per-minute-total %d: out of range; allowed 0 (no limit) or more", createsTotal)
			}
			if badTokens < 0 {
				return usagef("--bad-tokens-per-minute %d: out of range; allowed 0 (no limit) or more", badTokens)
			}
			log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))
			// The address first: a mistake in it leaves no database behind.
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return usagef("--addr %q: %v", addr, err)
			}
			defer ln.Close()
			// Connections are capped per client and in all, below the file
			// limit: idle keep-alives cannot take every descriptor.
			ln = server.LimitConns(ln, connsPerClient, connsFor(fileLimit()), trusted)
			st, where, err := openStore(db, sealKey)
			if err != nil {
				return err
			}
			defer st.Close()
			if cpuProfile != "" {
				profile := fileKind{"a CPU profile", func(h []byte) bool { return bytes.HasPrefix(h, []byte{0x1f, 0x8b}) }} // gzip
				if err := checkReplace("--cpuprofile", cpuProfile, profile); err != nil {
					return err
				}
				f, err := os.Create(cpuProfile)
				if err != nil {
					return usagef("--cpuprofile %q: %v", cpuProfile, err)
				}
				defer f.Close()
				if err := pprof.StartCPUProfile(f); err != nil {
					return err
				}
				defer pprof.StopCPUProfile()
			}
			srv := server.New(server.Config{Store: st, Rulesets: e.rulesets, Samples: e.samples, Procs: e.procs, Log: log,
				MaxGames: maxGames, CreatesPerMinute: creates, CreatesPerMinuteTotal: createsTotal, BadTokensPerMinute: badTokens, MaxStreams: maxStreams, MaxCommands: maxCommands,
				MeasureEither: measure == "either", Retain: retain, TrustedProxies: trusted})
			hs := &http.Server{
				Handler:           srv.Handler(),
				ReadHeaderTimeout: 5 * time.Second,
				ReadTimeout:       15 * time.Second,
				WriteTimeout:      30 * time.Second, // event streams lift it for themselves
				IdleTimeout:       120 * time.Second,
				ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
			}
			hs.RegisterOnShutdown(srv.StopStreams)
			sig, stop := e.signals()
			defer stop()
			errc := make(chan error, 1)
			go func() { errc <- hs.Serve(ln) }()
			// The retention sweep: hourly, the first an hour after the
			// start, so that the clients following games before a restart
			// have reconnected (a game followed is kept).
			sweepCtx, endSweep := context.WithCancel(context.Background())
			defer endSweep()
			go func() {
				tick := time.NewTicker(server.SweepEvery)
				defer tick.Stop()
				for {
					select {
					case <-sweepCtx.Done():
						return
					case <-tick.C:
					}
					if n, err := srv.Sweep(sweepCtx); err != nil {
						log.Warn("retention sweep", "err", err)
					} else if n > 0 {
						log.Info("retention sweep", "deleted", n, "idle for", retain.String())
					}
				}
			}()
			// With a shared database, the writes of the other servers.
			go func() {
				if err := srv.Follow(sweepCtx); err != nil {
					log.Error("following the other servers' writes", "err", err)
				}
			}()
			fmt.Fprintf(cmd.OutOrStdout(), "skirmish serving on http://%s (database %s)\n", ln.Addr(), where)
			fmt.Fprint(cmd.OutOrStdout(), phoneHint(ln.Addr(), localAddrs()))
			log.Info("serving", "addr", ln.Addr().String(), "db", where)
			select {
			case err := <-errc:
				return err
			case s := <-sig:
				log.Info("stopping", "signal", s.String())
			}
			sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), "skirmish stopped")
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on")
	f.StringVar(&db, "db", "skirmish.db", "SQLite database file, created on first run; or a postgres:// URL, for several servers sharing one database")
	f.StringVar(&sealKey, "seal-key", "", "the key file games' dice seeds are sealed with (default: the SQLite file's name with .key; required with PostgreSQL: the same file on every server), made on the database's first start")
	f.StringVar(&logLevel, "log", "info", "log level: debug, info, warn or error")
	f.StringVar(&cpuProfile, "cpuprofile", "", "write a CPU profile of the server to this file until it stops (for docs/PERFORMANCE.md)")
	f.IntVar(&maxGames, "max-games", 2000, "games kept in memory (the others are rebuilt from the database when asked for)")
	f.IntVar(&creates, "creates-per-minute", 60, "games one client address may create or import a minute (0: no limit)")
	f.DurationVar(&retain, "retain", 90*24*time.Hour, "how long a game is kept after its last move; an hourly sweep deletes older ones (0: keep every game)")
	f.StringVar(&measure, "measure", "actor", "who answers a measurement at a table: actor (the side whose action asks; the other seat may dispute it) or either")
	f.IntVar(&maxCommands, "max-commands", server.DefaultMaxCommands, "commands one game takes (actions, answers, undos); past it only a concession")
	f.IntVar(&createsTotal, "creates-per-minute-total", 600, "games all clients together may create or import a minute (0: no limit)")
	f.IntVar(&maxStreams, "max-streams", 0, "event streams open at once (0: three quarters of the process's file limit, at most 20,000, leaving the rest for the API, pages and database)")
	f.IntVar(&connsPerClient, "conns-per-client", server.DefaultConnsPerClient, "connections one client address may hold open (0: no limit); the total follows the file limit")
	f.StringVar(&trustedList, "trusted-proxy", "", "reverse proxies in front of the server (addresses or CIDR prefixes, comma-separated): their requests count as the client X-Forwarded-For names")
	f.IntVar(&badTokens, "bad-tokens-per-minute", 60, "requests for unknown games or with wrong tokens one client address may make a minute, beyond which it must wait (0: no limit)")
	return c
}

// streamsFor is the default cap of event streams for a file limit: each
// stream holds a connection, so three quarters of the files the process
// may open, the rest kept for requests, pages and the database; at least
// 16 and at most 20,000. Without a known limit, the server's default.
func streamsFor(limit int, known bool) int {
	if !known {
		return server.DefaultMaxStreams
	}
	return min(20000, max(16, limit*3/4))
}

// connsFor is the cap of connections for a file limit: all but 64 files
// (kept for the database, its journal, the key and logs), at least 32.
// Without a known limit, the server's default.
func connsFor(limit int, known bool) int {
	if !known {
		return server.DefaultMaxConns
	}
	return max(32, limit-64)
}

// phoneHint says where phones at the table should open the companion:
// with the server on every address (0.0.0.0, ::), each of this machine's
// network addresses; on the loopback only, that phones cannot reach it
// and how to let them.
func phoneHint(addr net.Addr, locals []net.IP) string {
	ta, ok := addr.(*net.TCPAddr)
	if !ok {
		return ""
	}
	switch {
	case ta.IP.IsLoopback():
		return "phones cannot reach this address; to play at a table, serve with --addr 0.0.0.0:" + strconv.Itoa(ta.Port) + " on a network you trust\n"
	case !ta.IP.IsUnspecified():
		return ""
	}
	var b strings.Builder
	for _, ip := range locals {
		if ip.IsLoopback() || ip.IsLinkLocalUnicast() {
			continue
		}
		if b.Len() == 0 {
			b.WriteString("phones on the same network open:")
		}
		b.WriteString(" http://" + net.JoinHostPort(ip.String(), strconv.Itoa(ta.Port)) + "/")
	}
	if b.Len() == 0 {
		return ""
	}
	return b.String() + "\n"
}

// localAddrs are this machine's interface addresses.
func localAddrs() []net.IP {
	as, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var ips []net.IP
	for _, a := range as {
		if n, ok := a.(*net.IPNet); ok {
			ips = append(ips, n.IP)
		}
	}
	return ips
}

// openStore opens the database db names, its seeds sealed with the key
// file (made if the database has sealed nothing yet), and says where it
// is for the start line (a URL without its password).
func openStore(db, sealKey string) (store.Store, string, error) {
	if postgres.IsURL(db) {
		if sealKey == "" {
			return nil, "", usagef("--seal-key: give the key file that seals the games' dice seeds, the same file on every server of this database (it is made on the first start, if the database has sealed no seed yet; copy it to the other servers before they start), e.g. --seal-key /etc/skirmish/seal.key")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		st, err := postgres.Open(ctx, db)
		if err != nil {
			return nil, "", err
		}
		sealed, err := st.Sealed(ctx)
		if err != nil {
			st.Close()
			return nil, "", err
		}
		_, statErr := os.Lstat(sealKey)
		made := errors.Is(statErr, fs.ErrNotExist)
		if made && sealed {
			st.Close()
			return nil, "", fmt.Errorf("--seal-key %s: no such file, and this database's seeds are sealed with a key: copy the key file from a server of this database (the first one started made it), or restore it from your backup", sealKey)
		}
		if err := sealWith(ctx, st, sealKey); err != nil {
			st.Close()
			if made {
				// A key made just now that the database refuses (another
				// server sealed it first, with its own): not kept.
				os.Remove(sealKey)
			}
			return nil, "", err
		}
		return st, postgres.Redact(db), nil
	}
	st, err := sqlite.Open(db)
	if err != nil {
		return nil, "", err
	}
	// Seeds are kept sealed with a key beside the database: a backup of
	// the database alone tells no running game's dice.
	if sealKey == "" {
		sealKey = db + ".key"
	}
	if err := sealWith(context.Background(), st, sealKey); err != nil {
		st.Close()
		return nil, "", err
	}
	return st, db, nil
}

// sealer is a store that seals seeds.
type sealer interface {
	Sealed(ctx context.Context) (bool, error)
	SealSeeds(key []byte) error
}

// sealWith reads the key file and seals st's seeds with it. A missing key
// is made only for a database that has sealed nothing yet: otherwise its
// games could never be rebuilt.
func sealWith(ctx context.Context, st sealer, path string) error {
	sealed, err := st.Sealed(ctx)
	if err != nil {
		return err
	}
	key, err := store.KeyFile(path, !sealed)
	if err != nil {
		return err
	}
	return st.SealSeeds(key)
}
