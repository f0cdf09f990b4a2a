package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/store"
	"github.com/skirmish-engine/skirmish/store/sqlite"
)

// BenchmarkAppend is durable appends to a database file from 1 and from 32
// goroutines at once, each on its own game: with group commit, 32 writers
// share each commit's fsync.
func BenchmarkAppend(b *testing.B) {
	for _, writers := range []int{1, 32} {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			st, err := sqlite.Open(filepath.Join(b.TempDir(), "bench.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			ctx := context.Background()
			for w := range writers {
				g := &store.Game{ID: fmt.Sprintf("g%d", w), Ruleset: "n26", Version: "1", Mode: "board", Dice: "digital", Scenario: []byte("{}"), Seats: [][]byte{{1}, {2}}, Watch: []byte{3}}
				if err := st.Create(ctx, g); err != nil {
					b.Fatal(err)
				}
			}
			var next atomic.Int64
			b.ReportAllocs()
			b.ResetTimer()
			var wg sync.WaitGroup
			for w := range writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					id := fmt.Sprintf("g%d", w)
					for seq := 1; next.Add(1) <= int64(b.N); seq++ {
						if err := st.Append(ctx, id, store.Command{Seq: seq, Kind: "action", Body: []byte(`{"action":"move m1 @1,2"}`), At: time.Now()}); err != nil {
							b.Error(err)
							return
						}
					}
				}()
			}
			wg.Wait()
		})
	}
}
