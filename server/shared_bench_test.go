package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/internal/loadgen"
)

// BenchmarkServeShared is BenchmarkServe's load (256 games, 32 clients,
// five seconds, every write durable before its reply) on SQLite, on
// PostgreSQL with one server, and on PostgreSQL with two servers whose
// requests alternate as a round-robin balancer's would (issue 36): writes
// a second in one run, against the fsyncs a second the disk does. The
// PostgreSQL server is the one SKIRMISH_POSTGRES names (.ci/postgres.sh
// starts one on this machine's disk).
func BenchmarkServeShared(b *testing.B) {
	rate := fsyncRate(b)
	for _, name := range []string{"sqlite", "postgres-one", "postgres-two"} {
		b.Run(name, func(b *testing.B) {
			cfg := loadgen.Config{Games: 256, Clients: 32, Scenarios: loadScenarios, Duration: 5 * time.Second, Seed: 1}
			switch name {
			case "sqlite":
				ts, _ := fileServer(b)
				cfg.Base = ts.URL
			case "postgres-one":
				cfg.Base = pair(b, 1)[0].ts.URL
			default:
				for _, in := range pair(b, 2) {
					cfg.Bases = append(cfg.Bases, in.ts.URL)
				}
			}
			var res loadgen.Result
			for b.Loop() {
				var err error
				if res, err = loadgen.Run(context.Background(), cfg); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(res.PerSecond(), "writes/s")
			b.ReportMetric(rate, "fsyncs/s")
			b.ReportMetric(res.PerSecond()/rate, "writes/fsync")
			b.ReportMetric(float64(res.P50.Microseconds()), "p50-µs")
			b.ReportMetric(float64(res.P99.Microseconds()), "p99-µs")
			b.Logf("%s; the disk: %.0f fsyncs/s", res, rate)
		})
	}
}
