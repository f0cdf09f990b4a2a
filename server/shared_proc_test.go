package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os/exec"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/internal/pgtest"
	"github.com/skirmish-engine/skirmish/store"
	"github.com/skirmish-engine/skirmish/store/postgres"
)

// client is a test's HTTP client whose requests may die with a server.
var dying = &http.Client{Timeout: 10 * time.Second}

// try sends one request; ok false when the server did not answer (it
// died, or the request timed out).
func try(method, url, token string, body, out any) (int, bool) {
	var rd io.Reader
	if body != nil {
		js, _ := json.Marshal(body)
		rd = bytes.NewReader(js)
	}
	req, _ := http.NewRequest(method, url, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := dying.Do(req)
	if err != nil {
		return 0, false
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, false
	}
	if out != nil && json.Unmarshal(data, out) != nil {
		return 0, false
	}
	return resp.StatusCode, true
}

// load is players on games, each seat through a server of its own: it
// records what each server acknowledged, per game and seq.
type load struct {
	t     *testing.T
	games []created
	mu    sync.Mutex
	acks  []map[int]string // per game, seq → the command's kind and text
	n503  int              // writes refused with 503
	// reads503 counts reads refused with 503 (the database down, or the
	// game being rebuilt).
	reads503 int
}

// play runs seat side of game gi through base until stop closes or the
// server stops answering; it says how many writes were acknowledged.
func (l *load) play(base string, gi, side int, seed uint64, stop <-chan struct{}) int {
	c := l.games[gi]
	url := base + "/api/games/" + c.ID
	tok := c.Seats[side].Token
	rng := rand.New(rand.NewPCG(seed, uint64(gi*2+side)))
	n := 0
	for {
		select {
		case <-stop:
			return n
		default:
		}
		var v view
		st, ok := try("GET", url+"?log=none", tok, nil, &v)
		if !ok {
			return n
		}
		if st == http.StatusServiceUnavailable {
			l.mu.Lock()
			l.reads503++
			l.mu.Unlock()
			time.Sleep(5 * time.Millisecond)
			continue
		}
		if st != http.StatusOK {
			l.t.Errorf("view of game %d: %d", gi, st)
			return n
		}
		path, body, ok := move(v, side, rng)
		if !ok {
			time.Sleep(2 * time.Millisecond)
			continue
		}
		var reply apiErr
		st, ok = try("POST", url+"/"+path, tok, body, &reply)
		if !ok {
			return n // died under the request: not acknowledged
		}
		switch st {
		case http.StatusOK:
			js, _ := json.Marshal(body)
			l.mu.Lock()
			l.acks[gi][*reply.Seq] = path + " " + string(js)
			l.mu.Unlock()
			n++
		case http.StatusServiceUnavailable:
			l.mu.Lock()
			l.n503++
			l.mu.Unlock()
		case http.StatusConflict:
		default:
			l.t.Errorf("game %d, seat %d: %s %v: %d %+v", gi, side, path, body, st, reply)
			return n
		}
	}
}

// check reads every game's log from the database and compares it with
// what was acknowledged: nothing acknowledged is missing, or stored
// otherwise; it gives the stored counts.
func (l *load) check(ctx context.Context, st store.Store, when string) []int {
	l.t.Helper()
	counts := make([]int, len(l.games))
	for gi, c := range l.games {
		cmds, err := st.Commands(ctx, c.ID, 0)
		if err != nil {
			l.t.Fatalf("%s: %v", when, err)
		}
		counts[gi] = len(cmds)
		for i, cmd := range cmds {
			if cmd.Seq != i+1 {
				l.t.Fatalf("%s: game %d: seq %d stored at %d", when, gi, cmd.Seq, i+1)
			}
		}
		l.mu.Lock()
		for seq, w := range l.acks[gi] {
			if seq > len(cmds) {
				l.t.Fatalf("%s: game %d: acknowledged seq %d lost (%d stored)", when, gi, seq, len(cmds))
			}
			var body struct{ Action string }
			json.Unmarshal(cmds[seq-1].Body, &body)
			var sent struct{ Action string }
			_, js, _ := bytes.Cut([]byte(w), []byte(" "))
			json.Unmarshal(js, &sent)
			if sent.Action != body.Action {
				l.t.Fatalf("%s: game %d: seq %d stored as %s, acknowledged as %s", when, gi, seq, cmds[seq-1].Body, w)
			}
		}
		l.mu.Unlock()
	}
	return counts
}

// newGame adds a game to the load, created through base.
func (l *load) newGame(base string, seed int) int {
	var c created
	if st, ok := try("POST", base+"/api/games", "", map[string]any{"scenario": "sump-crossing", "seed": seed}, &c); !ok || st != http.StatusCreated {
		l.t.Fatalf("create: %d", st)
	}
	l.games = append(l.games, c)
	l.acks = append(l.acks, map[int]string{})
	return len(l.games) - 1
}

// startChildren starts two child servers on db.
func startChildren(t *testing.T, db string) (bases [2]string, cmds *[2]*exec.Cmd) {
	cmds = new([2]*exec.Cmd)
	for i := range bases {
		bases[i], cmds[i] = startChild(t, db)
	}
	return bases, cmds
}

// killAll kills the child servers (those restarted since included: cmds
// is read when it runs).
func killAll(cmds *[2]*exec.Cmd) {
	for _, c := range cmds {
		c.Process.Signal(syscall.SIGKILL)
		c.Wait()
	}
}

// Two server processes on one PostgreSQL database, each seat of two games
// on a different one; one is killed with SIGKILL mid-load, a different
// one each round. Every write either acknowledged is stored at its seq,
// the seats of the killed server move to the other (as a load balancer
// would send them), which carries on with every game, and the killed
// server, restarted, serves the games as stored (issue 36).
func TestSeveralServersKill(t *testing.T) {
	if testing.Short() {
		t.Skip("child processes")
	}
	url := pgtest.URL(t)
	rounds := 8
	if raceEnabled {
		rounds = 3
	}
	bases, cmds := startChildren(t, url)
	defer killAll(cmds)
	st, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	l := &load{t: t}
	slots := []int{l.newGame(bases[0], 1), l.newGame(bases[1], 2)}
	rng := rand.New(rand.NewPCG(36, 1))
	carried := 0
	for round := range rounds {
		victim := round % 2
		// Each game's seat k plays through server (game+k)%2.
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for s, gi := range slots {
			for side := range 2 {
				wg.Go(func() { l.play(bases[(s+side)%2], gi, side, uint64(round), stop) })
			}
		}
		time.Sleep(time.Duration(20+rng.IntN(80)) * time.Millisecond)
		cmds[victim].Process.Signal(syscall.SIGKILL)
		cmds[victim].Wait()
		// The survivor's clients play on a moment, then every seat moves
		// to the survivor, which must carry on with both games.
		time.Sleep(50 * time.Millisecond)
		close(stop)
		wg.Wait()
		l.check(context.Background(), st, fmt.Sprintf("round %d, after the kill", round))
		// A game that ended meanwhile gives its slot to a new one.
		for s, gi := range slots {
			var v view
			if code, ok := try("GET", bases[1-victim]+"/api/games/"+l.games[gi].ID+"?log=none", l.games[gi].Token, nil, &v); !ok || code != http.StatusOK {
				t.Fatalf("round %d: game %d on the survivor: %d", round, gi, code)
			}
			if v.Over {
				slots[s] = l.newGame(bases[1-victim], 100+round*2+s)
			}
		}
		stop = make(chan struct{})
		var mu sync.Mutex
		moved := 0
		for _, gi := range slots {
			for side := range 2 {
				wg.Go(func() {
					n := l.play(bases[1-victim], gi, side, uint64(round)+100, stop)
					mu.Lock()
					moved += n
					mu.Unlock()
				})
			}
		}
		time.Sleep(300 * time.Millisecond)
		close(stop)
		wg.Wait()
		if moved == 0 {
			t.Fatalf("round %d: the surviving server took no write in 300 ms", round)
		}
		carried += moved
		counts := l.check(context.Background(), st, fmt.Sprintf("round %d, on the survivor", round))
		// The killed server, restarted, serves every game as stored.
		bases[victim], cmds[victim] = startChild(t, url)
		for s, gi := range slots {
			var v view
			if code, ok := try("GET", bases[victim]+"/api/games/"+l.games[gi].ID+"?log=none", l.games[gi].Token, nil, &v); !ok || code != http.StatusOK || v.Seq != counts[gi] {
				t.Fatalf("round %d: game %d on the restarted server: %d, seq %d, want %d", round, gi, code, v.Seq, counts[gi])
			}
			if v.Over {
				slots[s] = l.newGame(bases[0], 10+round)
			}
		}
	}
	acked := 0
	for _, a := range l.acks {
		acked += len(a)
	}
	t.Logf("%d kills, %d games: %d writes acknowledged, %d of them by the survivors after a kill; %d answered 503", rounds, len(l.games), acked, carried, l.n503)
}

// The database is stopped at once (as a crash) under load, then started
// again: meanwhile writes fail with 503 and nothing is half-applied (every
// acknowledged write is stored, at its seq, and nothing else but whole
// commands); then the servers carry on without a restart of their own.
func TestSeveralServersDatabaseRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("a cluster of its own")
	}
	cl := pgtest.NewCluster(t)
	url := cl.URL
	bases, cmds := startChildren(t, url)
	defer killAll(cmds)
	l := &load{t: t}
	slots := []int{l.newGame(bases[0], 1), l.newGame(bases[1], 2)}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for s, gi := range slots {
		for side := range 2 {
			wg.Go(func() {
				for {
					l.play(bases[(s+side)%2], gi, side, uint64(side), stop)
					select {
					case <-stop:
						return
					case <-time.After(20 * time.Millisecond): // a request that timed out: go on
					}
				}
			})
		}
	}
	// Stop the database early in the games (a few dozen writes), so that
	// they are still going after the restart: on an idle machine the two
	// games end within a second.
	acked := func() int {
		l.mu.Lock()
		defer l.mu.Unlock()
		return len(l.acks[0]) + len(l.acks[1])
	}
	for deadline := time.Now().Add(5 * time.Second); acked() < 20 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	before := acked()
	cl.Stop()
	time.Sleep(500 * time.Millisecond) // writes now fail
	l.mu.Lock()
	down503 := l.n503 + l.reads503
	during := len(l.acks[0]) + len(l.acks[1])
	l.mu.Unlock()
	cl.Start()
	time.Sleep(1500 * time.Millisecond) // the pools connect again
	close(stop)
	wg.Wait()
	st, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	counts := l.check(context.Background(), st, "after the restart")
	after := len(l.acks[0]) + len(l.acks[1])
	t.Logf("acknowledged: %d before the stop, %d more while down (in flight), %d after; 503 to %d writes and %d reads", before, during-before, after-during, l.n503, l.reads503)
	if before == 0 || after <= during {
		t.Errorf("acknowledged: %d before the stop, %d after the restart: the servers did not carry on", before, after-during)
	}
	if down503 == 0 {
		t.Error("no write failed with 503 while the database was down")
	}
	// Both servers show each game as stored.
	for i, base := range bases {
		for _, gi := range slots {
			var v view
			if code, ok := try("GET", base+"/api/games/"+l.games[gi].ID+"?log=none", l.games[gi].Token, nil, &v); !ok || code != http.StatusOK || v.Seq != counts[gi] {
				t.Errorf("server %d, game %d: %d, seq %d, want %d", i, gi, code, v.Seq, counts[gi])
			}
		}
	}
}
