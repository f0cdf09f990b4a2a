package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/server"
	"github.com/skirmish-engine/skirmish/store"
	"github.com/skirmish-engine/skirmish/store/postgres"
	"github.com/skirmish-engine/skirmish/store/sqlite"
)

// childDB names the database of a child server: the test binary, run with
// it set, serves instead of testing (see TestMain).
const childDB = "SKIRMISH_TEST_CHILD_DB"

func TestMain(m *testing.M) {
	if db := os.Getenv(childDB); db != "" {
		childServe(db)
		return
	}
	os.Exit(m.Run())
}

// childServe runs a server on db (an SQLite file, or a postgres:// URL,
// then following the other servers' writes) at a loopback port it prints,
// until it is killed.
func childServe(db string) {
	var st store.Store
	var err error
	if postgres.IsURL(db) {
		st, err = postgres.Open(context.Background(), db)
	} else {
		st, err = sqlite.Open(db)
	}
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	srv := server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures()})
	go srv.Follow(context.Background())
	fmt.Println("listening", ln.Addr())
	http.Serve(ln, srv.Handler())
}

// startChild starts a child server process on the database file db, and
// gives its address and the process (to kill).
func startChild(t *testing.T, db string) (string, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childDB+"="+db)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "listening ")
	if err != nil || !ok {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("child server: %q %v", line, err)
	}
	return "http://" + addr, cmd
}

// A client-side record of one acknowledged write.
type ackd struct {
	kind, what string // "action" and its text, "answer" and the option
}

// Crash safety: a child server process is killed with SIGKILL at a random
// moment while four clients play two games on it, 200 times. After each
// kill, before the restart, the database holds every acknowledged command
// of each game, at its seq and as sent, and nothing else but whole
// commands (those sent but unacknowledged when the process died may be
// there, complete); the restarted server rebuilds both games from their
// logs. At the end a game is conceded, exported and verified as
// `replay --verify` does (issue 13, reliability: crash safety).
func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("200 child processes")
	}
	rounds, slow := 200, 1
	if raceEnabled { // the race detector slows the child tenfold
		rounds, slow = 40, 10
	}
	db := filepath.Join(t.TempDir(), "crash.db")
	start := func() (string, *exec.Cmd) { return startChild(t, db) }
	send := try // one request that may die with the server: ok false then
	base, cmd := start()
	// Two games are played at once, one per slot; a game that ends gives
	// its slot to a new one. Every game is checked after every kill.
	scenarios := []string{"sump-crossing", "hab-block-brawl"}
	var games []created
	var acks []map[int]ackd // per game, seq → what
	slots := []int{0, 1}    // per slot, the game in play
	newGame := func(slot int) {
		var c created
		if st, _ := send("POST", base+"/api/games", "", map[string]any{"scenario": scenarios[slot], "seed": 5 + len(games)}, &c); st != http.StatusCreated {
			t.Fatalf("create %s: %d", scenarios[slot], st)
		}
		slots[slot] = len(games)
		games = append(games, c)
		acks = append(acks, map[int]ackd{})
	}
	newGame(0)
	newGame(1)
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(1, 2))
	applied := 0
	for round := range rounds {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for k := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				gi, me := slots[k/2], k%2
				c := games[gi]
				tok := c.Seats[me].Token
				url := base + "/api/games/" + c.ID
				crng := rand.New(rand.NewPCG(uint64(round), uint64(k)))
				for {
					select {
					case <-stop:
						return
					default:
					}
					var v view
					if st, ok := send("GET", url+"?log=none", tok, nil, &v); !ok || st != http.StatusOK {
						if ok {
							t.Errorf("round %d: view: %d", round, st)
						}
						return
					}
					var path string
					var a ackd
					switch {
					case v.Over: // a new game takes the slot at the next restart
						time.Sleep(time.Millisecond)
						continue
					case v.Pending != nil && v.Pending.Side == me && len(v.Pending.Options) > 0:
						path, a = "answers", ackd{kind: "answer", what: v.Pending.Options[crng.IntN(len(v.Pending.Options))]}
					case v.Pending != nil && v.Pending.Side == me && v.Pending.Kind == "roll":
						path, a = "answers", ackd{kind: "answer", what: fmt.Sprint(1 + crng.IntN(6))}
					case v.Pending != nil && v.Pending.Side == me && v.Pending.Kind == "fact": // a distance in inches
						path, a = "answers", ackd{kind: "answer", what: fmt.Sprint(1 + crng.IntN(12))}
					case len(v.Legal) > 0:
						path, a = "actions", ackd{kind: "action", what: v.Legal[crng.IntN(len(v.Legal))]}
					default:
						time.Sleep(time.Millisecond)
						continue
					}
					body := map[string]any{"seq": v.Seq}
					if a.kind == "action" {
						body["action"] = a.what
					} else if a.kind == "answer" {
						body["answer"] = a.what
					}
					var reply apiErr
					st, ok := send("POST", url+"/"+path, tok, body, &reply)
					if !ok {
						return // the server died under it: unacknowledged
					}
					if st == http.StatusOK {
						mu.Lock()
						acks[gi][*reply.Seq] = a
						mu.Unlock()
					}
				}
			}()
		}
		time.Sleep(time.Duration(rng.IntN(60)*slow) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		close(stop)
		wg.Wait()

		// The database as the dead server left it.
		st, err := sqlite.Open(db)
		if err != nil {
			t.Fatalf("round %d: reopen: %v", round, err)
		}
		counts := make([]int, len(games))
		for gi, c := range games {
			cmds, err := st.Commands(context.Background(), c.ID, 0)
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			counts[gi] = len(cmds)
			for s, a := range acks[gi] {
				if s > len(cmds) {
					t.Fatalf("round %d: game %d: acknowledged seq %d lost (%d stored)", round, gi, s, len(cmds))
				}
				got := cmds[s-1]
				var body struct{ Action string }
				json.Unmarshal(got.Body, &body)
				if got.Kind != a.kind || body.Action != a.what && a.kind == "action" {
					t.Fatalf("round %d: game %d: seq %d stored as %s %s, acknowledged as %s %q", round, gi, s, got.Kind, got.Body, a.kind, a.what)
				}
			}
		}
		st.Close()
		applied = 0
		for _, n := range counts {
			applied += n
		}

		// The restarted server rebuilds every game from its log.
		base, cmd = start()
		for gi, c := range games {
			var v view
			if st, ok := send("GET", base+"/api/games/"+c.ID+"?log=none", c.Token, nil, &v); !ok || st != http.StatusOK || v.Seq != counts[gi] {
				t.Fatalf("round %d: game %d after the restart: %d, seq %d, want %d", round, gi, st, v.Seq, counts[gi])
			}
			if slot := slices.Index(slots, gi); slot >= 0 && v.Over {
				newGame(slot)
			}
		}

	}
	acked := 0
	for _, a := range acks {
		acked += len(a)
	}
	t.Logf("%d kills; %d games; %d commands stored, %d acknowledged", rounds, len(games), applied, acked)
	if applied < rounds {
		t.Errorf("only %d commands in %d rounds: the clients hardly played", applied, rounds)
	}

	// The end: a concession, the export, and its verification.
	c := games[0]
	var v view
	send("GET", base+"/api/games/"+c.ID, c.Token, nil, &v)
	if !v.Over {
		if st, ok := send("POST", base+"/api/games/"+c.ID+"/concede", c.Seats[1].Token, map[string]any{"seq": v.Seq}, nil); !ok || st != http.StatusOK {
			t.Fatalf("concede: %d", st)
		}
	}
	var sv engine.Save
	if st, ok := send("GET", base+"/api/games/"+c.ID+"/export", c.Token, nil, &sv); !ok || st != http.StatusOK {
		t.Fatalf("export: %d", st)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	verifyExport(t, &sv)
}
