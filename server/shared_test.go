package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/pgtest"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/server"
	"github.com/skirmish-engine/skirmish/store/postgres"
)

// Several servers on one PostgreSQL database (issue 36): in these tests,
// two Servers in this process, each with its own store (its own pool) on
// one new database, each following the other's writes as skirmish serve
// does; TestSeveralServersPlayOneGame and those of shared_proc_test.go run
// them as processes.

// instance is one server of a pair.
type instance struct {
	url string // the database's
	ts  *httptest.Server
	st  *postgres.Store
	srv *server.Server
}

// pair starts n servers on one new database.
func pair(t testing.TB, n int) []instance { return pairWith(t, n, nil) }

// pairWith starts n servers on one new database, their configuration
// changed by with (if not nil).
func pairWith(t testing.TB, n int, with func(*server.Config)) []instance {
	t.Helper()
	url := pgtest.URL(t)
	out := make([]instance, n)
	for i := range out {
		st, err := postgres.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		log := slog.New(slog.NewTextHandler(testLog{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
		cfg := server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(), Log: log}
		if with != nil {
			with(&cfg)
		}
		srv := server.New(cfg)
		ctx, stop := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			if err := srv.Follow(ctx); err != nil {
				t.Errorf("follow: %v", err)
			}
		}()
		ts := httptest.NewServer(srv.Handler())
		t.Cleanup(func() {
			srv.StopStreams()
			ts.Close()
			stop()
			<-done
			st.Close()
		})
		out[i] = instance{url: url, ts: ts, st: st, srv: srv}
	}
	listening(t, url, n)
	return out
}

// listening waits until n servers listen to the changes of the database
// at url: a change made before a server listens is caught up only at the
// next request, and a test that follows a game from the start must not
// race its server's start.
func listening(t testing.TB, url string, n int) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	for start := time.Now(); ; time.Sleep(5 * time.Millisecond) {
		var got int
		err := conn.QueryRow(context.Background(),
			`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`).Scan(&got)
		if err != nil {
			t.Fatal(err)
		}
		if got >= n {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("%d of %d servers listening after 10 s", got, n)
		}
	}
}

// createOn creates a game through the server at base.
func createOn(t testing.TB, base string, req map[string]any) created {
	t.Helper()
	var c created
	if st := do(t, "POST", base+"/api/games", "", req, &c); st != http.StatusCreated {
		t.Fatalf("create: %d %+v", st, c)
	}
	return c
}

// testLog writes a server's log to the test's.
type testLog struct{ t testing.TB }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// stream follows a game's events on a server, sending each event's seq
// and when it came.
type heard struct {
	seq int
	at  time.Time
}

func follow(t *testing.T, base, id, token, after string) (<-chan heard, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/games/"+id+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if after != "" {
		req.Header.Set("Last-Event-ID", after)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("events: %d", resp.StatusCode)
	}
	ch := make(chan heard, 4096)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		r := bufio.NewReader(resp.Body)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			if id, ok := strings.CutPrefix(strings.TrimSpace(line), "id: "); ok {
				n, _ := strconv.Atoi(id)
				ch <- heard{n, time.Now()}
			}
		}
	}()
	return ch, cancel
}

// move is a seat's next write, from its view: an answer to its question,
// or a legal action; ok false when it is not the seat's turn.
func move(v view, me int, rng *rand.Rand) (path string, body map[string]any, ok bool) {
	body = map[string]any{"seq": v.Seq}
	switch {
	case v.Over:
		return "", nil, false
	case v.Pending != nil && v.Pending.Side == me && len(v.Pending.Options) > 0:
		body["answer"] = v.Pending.Options[rng.IntN(len(v.Pending.Options))]
		return "answers", body, true
	case v.Pending != nil && v.Pending.Side == me && v.Pending.Kind == "roll":
		body["answer"] = fmt.Sprint(1 + rng.IntN(6))
		return "answers", body, true
	case v.Pending != nil && v.Pending.Side == me && v.Pending.Kind == "fact":
		body["answer"] = fmt.Sprint(1 + rng.IntN(12))
		return "answers", body, true
	case v.Pending == nil && len(v.Legal) > 0:
		body["action"] = v.Legal[rng.IntN(len(v.Legal))]
		return "actions", body, true
	}
	return "", nil, false
}

// A whole game, its two seats on two servers: each seat reads and writes
// only through its own server, and sees the other's writes at once; a
// spectator following on the first server hears every command, those
// stored through the second within 100 ms; a stream that reconnects to the
// other server with Last-Event-ID misses nothing. The export, from either
// server, verifies.
func TestSeveralServersPlayOneGame(t *testing.T) {
	url := pgtest.URL(t)
	bases, cmds := startChildren(t, url) // two skirmish serve processes
	defer killAll(cmds)
	listening(t, url, 2)
	a, b := bases[0], bases[1]
	c := createOn(t, a, map[string]any{"scenario": "sump-crossing", "seed": 11})
	seats := bases[:]
	events, stop := follow(t, a, c.ID, c.Token, "")
	defer stop()
	rng := rand.New(rand.NewPCG(11, 1))
	written := map[int]time.Time{} // seq → when its write was acknowledged through b
	var lastSeq int
	for turn := 0; ; turn++ {
		if turn > 2000 {
			t.Fatal("the game did not end in 2,000 writes")
		}
		// Whoever's turn it is, read through that seat's own server.
		var v view
		me := -1
		for side, ts := range seats {
			if st := do(t, "GET", ts+"/api/games/"+c.ID+"?log=none", c.Seats[side].Token, nil, &v); st != http.StatusOK {
				t.Fatalf("view on server %d: %d", side, st)
			}
			if v.Seq != lastSeq {
				t.Fatalf("server %d shows seq %d; the last write was %d", side, v.Seq, lastSeq)
			}
			if _, _, ok := move(v, side, rng); ok {
				me = side
				break
			}
		}
		if v.Over {
			break
		}
		if me < 0 {
			t.Fatalf("nobody's turn at seq %d: %+v", v.Seq, v.Pending)
		}
		path, body, _ := move(v, me, rng)
		var reply apiErr
		if st := do(t, "POST", seats[me]+"/api/games/"+c.ID+"/"+path, c.Seats[me].Token, body, &reply); st != http.StatusOK {
			t.Fatalf("seat %d's %s %v through server %d: %d %+v", me, path, body, me, st, reply)
		}
		lastSeq = *reply.Seq
		if me == 1 {
			written[lastSeq] = time.Now()
		}
	}
	if lastSeq < 20 || len(written) < 10 {
		t.Fatalf("a game of %d commands, %d through the second server", lastSeq, len(written))
	}
	// Every command reached the stream on the first server, in order; those
	// written through the second within 100 ms (the slowest is reported).
	var slowest time.Duration
	var late []int
	for want := 1; want <= lastSeq; want++ {
		select {
		case h := <-events:
			if h.seq != want {
				t.Fatalf("event %d, want %d", h.seq, want)
			}
			if at, ok := written[h.seq]; ok {
				d := h.at.Sub(at)
				slowest = max(slowest, d)
				if d > 100*time.Millisecond {
					late = append(late, h.seq)
				}
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("event %d never came", want)
		}
	}
	t.Logf("%d commands, %d through the second server; its events reached the first server's stream within %v at most", lastSeq, len(written), slowest)
	if len(late) > 0 {
		t.Errorf("events of seqs %v came more than 100 ms after their writes (slowest %v)", late, slowest)
	}
	// A stream that reconnects to the other server misses nothing.
	again, stop2 := follow(t, b, c.ID, c.Token, strconv.Itoa(lastSeq-5))
	defer stop2()
	for want := lastSeq - 4; want <= lastSeq; want++ {
		select {
		case h := <-again:
			if h.seq != want {
				t.Fatalf("reconnected to the other server: event %d, want %d", h.seq, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("reconnected: event %d never came", want)
		}
	}
	var sa, sb engine.Save
	if st := do(t, "GET", a+"/api/games/"+c.ID+"/export", c.Token, nil, &sa); st != http.StatusOK {
		t.Fatalf("export from the first server: %d", st)
	}
	if st := do(t, "GET", b+"/api/games/"+c.ID+"/export", c.Token, nil, &sb); st != http.StatusOK {
		t.Fatalf("export from the second server: %d", st)
	}
	ja, _ := json.Marshal(sa)
	jb, _ := json.Marshal(sb)
	if string(ja) != string(jb) {
		t.Error("the two servers export different games")
	}
	verifyExport(t, &sa)
}

// Sixteen clients race on one game, half through each server, each
// writing what its view allows at the seq it read: the database takes one
// write per seq, so the stored seqs are contiguous, every acknowledged
// write is the one stored at its seq, nothing is applied twice, and both
// servers end with the game as stored.
func TestSeveralServersRace(t *testing.T) {
	ins := pair(t, 2)
	c := create(t, ins[0].ts, map[string]any{"scenario": "sump-crossing", "seed": 12})
	var mu sync.Mutex
	acked := map[int]string{} // seq → the write's JSON
	stale, other := 0, map[int]int{}
	var wg sync.WaitGroup
	deadline := time.Now().Add(4 * time.Second)
	for k := range 16 {
		wg.Go(func() {
			ts := ins[k%2].ts
			rng := rand.New(rand.NewPCG(uint64(k), 12))
			for time.Now().Before(deadline) {
				var v view
				if st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"?log=none", c.Token, nil, &v); st != http.StatusOK {
					t.Errorf("view: %d", st)
					return
				}
				if v.Over {
					return
				}
				for side := range 2 {
					var sv view
					if st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"?log=none", c.Seats[side].Token, nil, &sv); st != http.StatusOK {
						t.Errorf("view: %d", st)
						return
					}
					path, body, ok := move(sv, side, rng)
					if !ok {
						continue
					}
					var reply apiErr
					st := do(t, "POST", ts.URL+"/api/games/"+c.ID+"/"+path, c.Seats[side].Token, body, &reply)
					js, _ := json.Marshal(body)
					mu.Lock()
					switch st {
					case http.StatusOK:
						if prev, dup := acked[*reply.Seq]; dup {
							t.Errorf("seq %d acknowledged twice: %s and %s", *reply.Seq, prev, js)
						}
						acked[*reply.Seq] = path + " " + string(js)
					case http.StatusConflict:
						stale++
					default:
						other[st]++
					}
					mu.Unlock()
					break
				}
			}
		})
	}
	wg.Wait()
	if len(acked) < 10 || stale < 10 {
		t.Fatalf("%d writes acknowledged, %d refused as stale: the clients hardly raced", len(acked), stale)
	}
	// A write may find the game let go after a lost race and rebuilt
	// several times over (503, retry); nothing else.
	for st, n := range other {
		if st != http.StatusServiceUnavailable || n > len(acked)/20 {
			t.Errorf("refusals other than stale: %v", other)
		}
	}
	cmds, err := ins[1].st.Commands(context.Background(), c.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, cmd := range cmds {
		if cmd.Seq != i+1 {
			t.Fatalf("stored seq %d at %d", cmd.Seq, i+1)
		}
		w, ok := acked[cmd.Seq]
		if !ok {
			t.Errorf("seq %d stored but never acknowledged", cmd.Seq)
			continue
		}
		path, js, _ := strings.Cut(w, " ")
		var body map[string]any
		json.Unmarshal([]byte(js), &body)
		if want := map[string]string{"actions": "action", "answers": "answer"}[path]; cmd.Kind != want {
			t.Errorf("seq %d stored as %s, acknowledged as %s", cmd.Seq, cmd.Kind, path)
		}
		var stored struct{ Action string }
		json.Unmarshal(cmd.Body, &stored)
		if a, ok := body["action"].(string); ok && stored.Action != a {
			t.Errorf("seq %d stored as %s, acknowledged as %s", cmd.Seq, cmd.Body, a)
		}
	}
	if len(cmds) != len(acked) {
		t.Errorf("%d commands stored, %d acknowledged", len(cmds), len(acked))
	}
	// Both servers show the game as stored.
	var states []string
	for i := range ins {
		var v view
		if st := do(t, "GET", ins[i].ts.URL+"/api/games/"+c.ID+"?log=none", c.Token, nil, &v); st != http.StatusOK || v.Seq != len(cmds) {
			t.Fatalf("server %d: %d, seq %d, want %d", i, st, v.Seq, len(cmds))
		}
		states = append(states, string(v.State))
	}
	if states[0] != states[1] {
		t.Error("the two servers show different states")
	}
	t.Logf("%d writes acknowledged, %d refused as stale, others %v", len(acked), stale, other)
}

// A game deleted through one server (the retention sweep) leaves the
// other's memory: its streams end, and its seats hear the game is gone.
func TestSeveralServersDelete(t *testing.T) {
	ins := pair(t, 2)
	c := create(t, ins[0].ts, map[string]any{"scenario": "sump-crossing", "seed": 13})
	c.get(t, ins[1].ts, c.Token) // in the second server's memory
	events, stop := follow(t, ins[1].ts.URL, c.ID, c.Token, "")
	defer stop()
	if err := ins[0].st.Delete(context.Background(), c.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	select {
	case _, ok := <-events:
		if ok {
			t.Fatal("an event after the deletion")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second server's stream did not end after the deletion")
	}
	var e apiErr
	if st := do(t, "GET", ins[1].ts.URL+"/api/games/"+c.ID, c.Token, nil, &e); st != http.StatusGone {
		t.Errorf("the deleted game on the other server: %d %+v", st, e)
	}
	// A deletion made while the servers' listening connections are cut is
	// not heard; each server, listening again, finds it.
	d := create(t, ins[0].ts, map[string]any{"scenario": "sump-crossing", "seed": 16})
	events, stop2 := follow(t, ins[1].ts.URL, d.ID, d.Token, "")
	defer stop2()
	conn, err := pgx.Connect(context.Background(), ins[0].url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`); err != nil {
		t.Fatal(err)
	}
	if err := ins[0].st.Delete(context.Background(), d.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	select {
	case _, ok := <-events:
		if ok {
			t.Fatal("an event after the missed deletion")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second server's stream did not end after a deletion it missed")
	}
}

// The retention sweep across servers: a game whose seats follow it on one
// server is marked in use there, and the sweep of another server spares
// it; a game nobody uses goes.
func TestSeveralServersSweep(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano())
	clock := func() time.Time { return time.Unix(0, now.Load()).UTC() }
	ins := pairWith(t, 2, func(c *server.Config) { c.Now, c.Retain = clock, 90*24*time.Hour })
	followed := create(t, ins[0].ts, map[string]any{"scenario": "sump-crossing", "seed": 14})
	forgotten := create(t, ins[0].ts, map[string]any{"scenario": "sump-crossing", "seed": 15})
	events, stop := follow(t, ins[1].ts.URL, followed.ID, followed.Token, "")
	defer stop()
	now.Add(int64(100 * 24 * time.Hour))
	ctx := context.Background()
	if n, err := ins[1].srv.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("the following server's sweep: %d %v, want 1 (the game nobody follows)", n, err)
	}
	// The first server holds both games in memory, unused for 100 days:
	// without the other's mark it would delete the one followed there.
	if n, err := ins[0].srv.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("the other server's sweep: %d %v, want 0", n, err)
	}
	if _, err := ins[0].st.Game(ctx, followed.ID); err != nil {
		t.Errorf("the followed game: %v", err)
	}
	if _, err := ins[0].st.Game(ctx, forgotten.ID); err == nil {
		t.Error("the game nobody used is still there")
	}
	select {
	case h, ok := <-events:
		t.Errorf("the stream of the game kept: %+v %v", h, ok)
	default:
	}
}
