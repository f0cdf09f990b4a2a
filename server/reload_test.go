package server_test

import (
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/server"
)

// BenchmarkReload is a server reading a game it does not hold in memory:
// its record and 300 commands from the store (undos among them), replayed
// through the engine, then the view.
func BenchmarkReload(b *testing.B) {
	ts, st := newServer(b)
	c := create(b, ts, map[string]any{"scenario": "sump-crossing", "mode": "board", "seed": 4})
	rng := rand.New(rand.NewPCG(4, 4))
	for n, tries := 0, 0; n < 300; tries++ {
		if tries > 5000 {
			b.Fatal("the game does not move")
		}
		var v view
		me := tries % 2
		do(b, "GET", ts.URL+"/api/games/"+c.ID, c.Token, nil, &v)
		if v.Decider != nil {
			me = *v.Decider
		}
		if v.Pending != nil {
			me = v.Pending.Side
		}
		tok := c.Seats[me].Token
		do(b, "GET", ts.URL+"/api/games/"+c.ID, tok, nil, &v)
		path, body := "", map[string]any{"seq": v.Seq}
		switch {
		case v.Over || rng.IntN(10) == 0:
			path = "undo"
		case v.Pending != nil && len(v.Pending.Options) > 0:
			path, body["answer"] = "answers", v.Pending.Options[rng.IntN(len(v.Pending.Options))]
		case len(v.Legal) > 0:
			path, body["action"] = "actions", v.Legal[rng.IntN(len(v.Legal))]
		default:
			b.Fatalf("stuck: %+v", v)
		}
		if st, _ := post(b, ts, c.ID, path, tok, body); st == http.StatusOK {
			n++
		}
	}
	cfg := server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures()}
	b.ReportAllocs()
	for b.Loop() {
		ts2 := httptest.NewServer(server.New(cfg).Handler())
		var v view
		if st := do(b, "GET", ts2.URL+"/api/games/"+c.ID, c.Token, nil, &v); st != http.StatusOK || v.Seq != 300 {
			b.Fatalf("reload: %d seq %d", st, v.Seq)
		}
		ts2.Close()
	}
}
