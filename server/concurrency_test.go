package server_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"regexp"
	"sync"
	"testing"

	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/server"
	"github.com/skirmish-engine/skirmish/store/sqlite"
)

// longGame is a create request uploading a built-in scenario with more
// rounds, and its rosters.
func longGame(t *testing.T, name string, rounds int, req map[string]any) map[string]any {
	for _, smp := range all.Samples() {
		if smp.Name != name {
			continue
		}
		src := regexp.MustCompile(`(?m)^rounds: \d+`).ReplaceAllString(string(smp.Source), fmt.Sprintf("rounds: %d", rounds))
		rosters := map[string]string{}
		for _, m := range regexp.MustCompile(`roster: (\S+)`).FindAllStringSubmatch(src, -1) {
			b, err := smp.Open(m[1])
			if err != nil {
				t.Fatal(err)
			}
			rosters[m[1]] = string(b)
		}
		req["scenario_yaml"], req["rosters"] = src, rosters
		return req
	}
	t.Fatalf("no sample %s", name)
	return nil
}

// Sixteen clients, eight per seat, send 500 commands each at one game:
// legal actions and answers read from their last view, stale seqs, illegal
// actions, undos (some asked for, approved and declined) and actions out
// of turn, all at once. Every command is
// answered; those acknowledged have distinct seqs that are exactly
// 1..N, the store holds N commands, and a fresh server rebuilding the game
// from the stored log shows the same game as the one that took the
// commands (issue 13, reliability: concurrency).
func TestConcurrentClients(t *testing.T) {
	clients, commands := 16, 500
	if testing.Short() {
		clients, commands = 8, 100
	}
	db := filepath.Join(t.TempDir(), "games.db")
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(&panicLog{t: t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	cfg := server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(), Log: log}
	srv := server.New(cfg)
	ts := httptest.NewServer(srv.Handler())
	c := create(t, ts, longGame(t, "sump-crossing", 40, map[string]any{"seed": 11, "strict": false}))

	var (
		mu     sync.Mutex
		acked  = map[int]string{} // seq → who got it
		counts = map[int]int{}    // status → how many
		wg     sync.WaitGroup
	)
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			me := i % 2
			tok := c.Seats[me].Token
			rng := rand.New(rand.NewPCG(uint64(i), 99))
			seen := 0
			for n := range commands {
				var path string
				var body map[string]any
				switch r := rng.IntN(20); {
				case r < 2 && seen > 0: // a stale seq
					path, body = "actions", map[string]any{"seq": rng.IntN(seen), "action": "activate m0"}
				case r < 4: // not an action of the game
					path, body = "actions", map[string]any{"seq": seen, "action": "fly m9"}
				case r < 5:
					path, body = "undo", map[string]any{"seq": seen}
				case r < 6: // an undo asked for by the other seat, or by this one
					path, body = []string{"undo/approve", "undo/decline"}[rng.IntN(2)], map[string]any{"seq": seen}
				default: // what the last view allows, if it is still true
					var v view
					if st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"?log=none", tok, nil, &v); st != http.StatusOK {
						t.Errorf("client %d: view: %d", i, st)
						return
					}
					seen = v.Seq
					switch {
					case v.Over: // final: the command is refused
						path, body = "undo", map[string]any{"seq": seen}
					case v.Pending != nil && v.Pending.Side == me && len(v.Pending.Options) > 0:
						path, body = "answers", map[string]any{"seq": seen, "answer": v.Pending.Options[rng.IntN(len(v.Pending.Options))]}
					case len(v.Legal) > 0:
						path, body = "actions", map[string]any{"seq": seen, "action": v.Legal[rng.IntN(len(v.Legal))]}
					default: // the other seat's decision, or the end
						path, body = "actions", map[string]any{"seq": seen, "action": "end m0"}
					}
				}
				var reply apiErr // {"seq"} alone when acknowledged
				st := do(t, "POST", ts.URL+"/api/games/"+c.ID+"/"+path, tok, body, &reply)
				mu.Lock()
				counts[st]++
				if st == http.StatusOK || st == http.StatusAccepted { // 202: an undo asked for, waiting for consent
					if reply.Seq == nil {
						t.Errorf("client %d: acknowledged without a seq", i)
						mu.Unlock()
						return
					}
					if who, dup := acked[*reply.Seq]; dup {
						t.Errorf("seq %d acknowledged twice: to %s and to client %d command %d", *reply.Seq, who, i, n)
					}
					acked[*reply.Seq] = fmt.Sprintf("client %d command %d", i, n)
				}
				mu.Unlock()
				switch st {
				case http.StatusOK, http.StatusAccepted:
					seen = *reply.Seq
				case http.StatusConflict:
					if reply.Seq == nil || *reply.Seq == body["seq"] {
						t.Errorf("client %d: 409 without the current seq: %+v", i, reply)
					} else {
						seen = *reply.Seq
					}
				case http.StatusForbidden, http.StatusUnprocessableEntity:
				default:
					t.Errorf("client %d: %s %v: %d %+v", i, path, body, st, reply)
				}
			}
		}()
	}
	wg.Wait()
	t.Logf("replies by status: %v", counts)

	var end view
	do(t, "GET", ts.URL+"/api/games/"+c.ID, c.Token, nil, &end)
	if len(acked) != end.Seq {
		t.Errorf("%d writes acknowledged, the game is at seq %d", len(acked), end.Seq)
	}
	for s := 1; s <= end.Seq; s++ {
		if _, ok := acked[s]; !ok {
			t.Errorf("seq %d was never acknowledged", s)
		}
	}
	t.Logf("%d commands applied; over: %v", end.Seq, end.Over)
	if end.Seq < 20 {
		t.Errorf("only %d commands applied: the clients hardly played", end.Seq)
	}
	cmds, err := st.Commands(context.Background(), c.ID, 0)
	if err != nil || len(cmds) != end.Seq {
		t.Fatalf("stored %d commands (%v), want %d", len(cmds), err, end.Seq)
	}
	srv.StopStreams()
	ts.Close()
	st.Close()

	// A new server on the same file rebuilds the game from its log alone.
	ts2 := reopen(t, cfg, db)
	var again view
	do(t, "GET", ts2.URL+"/api/games/"+c.ID, c.Token, nil, &again)
	if again.Seq != end.Seq || string(again.State) != string(end.State) || !reflect.DeepEqual(again.Log, end.Log) || !reflect.DeepEqual(again.Pending, end.Pending) ||
		!reflect.DeepEqual(again.UndoRequest, end.UndoRequest) {
		t.Errorf("the replayed game differs:\nlive   seq %d %s\nreplay seq %d %s", end.Seq, end.State, again.Seq, again.State)
	}
}
