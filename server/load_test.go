package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/internal/loadgen"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/server"
	"github.com/skirmish-engine/skirmish/store/sqlite"
)

// loadScenarios are the games loads are made of: both rulesets, board and
// table (where the bot clients answer the measurements).
var loadScenarios = []string{"sump-crossing", "no-mans-land", "hab-block-brawl", "shell-crater"}

// fileServer is a server on a database file: durable writes, as served.
func fileServer(tb testing.TB) (*httptest.Server, *sqlite.Store) {
	st, err := sqlite.Open(filepath.Join(tb.TempDir(), "load.db"))
	if err != nil {
		tb.Fatal(err)
	}
	srv := server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures()})
	ts := httptest.NewUnstartedServer(srv.Handler())
	ts.Config.ReadTimeout, ts.Config.WriteTimeout = time.Minute, time.Minute
	ts.Start()
	tb.Cleanup(func() {
		ts.Close()
		st.Close()
	})
	return ts, st
}

// Many games: 1,000 games open at once on one server, each moved by a bot
// client (32 clients, 10 writes per game), all held in memory; the heap
// they take is reported (issue 13, reliability: many games).
func TestManyGames(t *testing.T) {
	games, writes := 1000, 10
	if testing.Short() || raceEnabled {
		games, writes = 200, 5
	}
	ts, _ := fileServer(t)
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := loadgen.Run(context.Background(), loadgen.Config{Base: ts.URL, Games: games, Clients: 32, Scenarios: loadScenarios, Writes: writes, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Writes != games*writes {
		t.Errorf("%d writes acknowledged, want %d", res.Writes, games*writes)
	}
	for st := range res.Refused {
		if st != http.StatusConflict && st != http.StatusUnprocessableEntity {
			t.Errorf("refused with %d: %v", st, res.Refused)
		}
	}
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	heap := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d games created in %v; %s", games, res.Created.Round(time.Millisecond), res)
	t.Logf("heap with the games in memory: %.1f MiB, %.1f KiB a game", float64(heap)/(1<<20), float64(heap)/1024/float64(games))
}

// BenchmarkServe is the load benchmark: 32 concurrent clients on 256
// and on 1,000 games, every acknowledged write durable in the database
// file before its reply; writes/s and the latency of writes are
// reported, and the writes/s against the fsyncs/s the same disk does,
// measured just before (writes/fsync; issue 35's goal, ≥ 1 at 256
// games, is what group commit makes possible). One b.N is the games
// played for five seconds (those before stay in memory).
func BenchmarkServe(b *testing.B) {
	for _, games := range []int{256, 1000} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			ts, st := fileServer(b)
			rate := fsyncRate(b)
			var total loadgen.Result
			s0 := st.Stats()
			for b.Loop() {
				cfg := loadgen.Config{Base: ts.URL, Games: games, Clients: 32, Scenarios: loadScenarios, Duration: 5 * time.Second, Seed: 1}
				res, err := loadgen.Run(context.Background(), cfg)
				if err != nil {
					b.Fatal(err)
				}
				total = res
			}
			s1 := st.Stats()
			if n := s1.Batches - s0.Batches; n > 0 {
				b.ReportMetric(float64(s1.Writes-s0.Writes)/float64(n), "writes/commit")
				b.ReportMetric(float64((s1.Commit-s0.Commit).Microseconds())/float64(n), "commit-µs")
				b.ReportMetric(float64((s1.Busy-s0.Busy).Microseconds())/float64(n), "txn-µs")
			}
			b.ReportMetric(total.PerSecond(), "writes/s")
			b.ReportMetric(rate, "fsyncs/s")
			b.ReportMetric(total.PerSecond()/rate, "writes/fsync")
			b.ReportMetric(float64(total.P50.Microseconds()), "p50-µs")
			b.ReportMetric(float64(total.P99.Microseconds()), "p99-µs")
			b.Logf("%s; the disk: %.0f fsyncs/s", total, rate)
		})
	}
}

// fsyncRate is how many small writes, each synced to the disk, a file in
// the benchmark's temporary directory (the database's disk) takes a
// second, over one second: the rate one writer without group commit
// could reach.
func fsyncRate(b *testing.B) float64 {
	f, err := os.Create(filepath.Join(b.TempDir(), "fsync"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	page := make([]byte, 4096)
	n, start := 0, time.Now()
	for time.Since(start) < time.Second {
		if _, err := f.WriteAt(page, int64(n%64)*4096); err != nil {
			b.Fatal(err)
		}
		if err := f.Sync(); err != nil {
			b.Fatal(err)
		}
		n++
	}
	return float64(n) / time.Since(start).Seconds()
}
