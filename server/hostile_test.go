package server_test

import (
	"bufio"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/server"
	"github.com/skirmish-engine/skirmish/store/sqlite"
)

// What a hostile client tried, each refused (the attacks of the issue 13
// review).
func TestHostile(t *testing.T) {
	ts, _ := newServer(t)

	t.Run("a finished game stays finished: its seed may be out", func(t *testing.T) {
		c := create(t, ts, map[string]any{"scenario": "sump-crossing", "strict": false})
		if st, _ := post(t, ts, c.ID, "concede", c.Seats[0].Token, map[string]any{"seq": 0}); st != 200 {
			t.Fatal("concede")
		}
		if st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"/export", c.Token, nil, nil); st != 200 {
			t.Fatalf("export: %d", st)
		}
		if st, e := post(t, ts, c.ID, "undo", c.Seats[0].Token, map[string]any{"seq": 1}); st != 422 || e.Field != "undo" || !strings.Contains(e.Error, "final") {
			t.Errorf("undoing the concession: %d %+v", st, e)
		}
		if v := c.get(t, ts, c.Token); !v.Over {
			t.Error("the game reopened")
		}
	})

	t.Run("a query that does not read is refused, not dropped", func(t *testing.T) {
		// net/url reads at most 10,000 parameters and no semicolons; past
		// that URL.Query drops the whole query, and the odds below were
		// worked out for the defaults (hostile audit).
		many := strings.Repeat("&x=1", 10_001)
		for name, q := range map[string]string{"10,001 parameters": "dice=200" + many, "a semicolon": "dice=2;mod=1", "a bad escape": "dice=%zz"} {
			var e apiErr
			if st := do(t, "GET", ts.URL+"/api/odds/tc-injury?"+q, "", nil, &e); st != 400 || e.Field != "query" {
				t.Errorf("%s: %d %+v", name, st, e)
			}
		}
		var e apiErr
		if st := do(t, "GET", ts.URL+"/api/odds/tc-injury?dice=200", "", nil, &e); st != 400 || e.Field != "dice" {
			t.Errorf("dice=200 alone: %d %+v", st, e)
		}
	})

	t.Run("digital dice are not rolled again by undo", func(t *testing.T) {
		c := create(t, ts, map[string]any{"scenario": "sump-crossing", "seed": 3})
		// Play until an action has rolled dice, then try to take it back.
		for i := 0; i < 60; i++ {
			v := c.get(t, ts, c.Seats[0].Token)
			side := 0
			if v.Decider != nil {
				side = *v.Decider
			}
			v = c.get(t, ts, c.Seats[side].Token)
			if len(v.Legal) == 0 {
				t.Fatalf("nothing to do: %+v", v)
			}
			a := v.Legal[0]
			for _, x := range v.Legal {
				if strings.HasPrefix(x, "shoot") || strings.HasPrefix(x, "charge") {
					a = x
				}
			}
			if st, e := post(t, ts, c.ID, "actions", c.Seats[side].Token, map[string]any{"seq": v.Seq, "action": a}); st != 200 {
				t.Fatalf("%s: %d %+v", a, st, e)
			}
			if strings.HasPrefix(a, "shoot") || strings.HasPrefix(a, "charge") {
				st, e := post(t, ts, c.ID, "undo", c.Seats[side].Token, map[string]any{"seq": v.Seq + 1})
				if st != 422 || !strings.Contains(e.Error, "strict") {
					t.Errorf("undoing %s, which rolled digital dice: %d %+v", a, st, e)
				}
				return
			}
		}
		t.Fatal("no shot or charge in 60 actions")
	})

	t.Run("the scheme is read in any case", func(t *testing.T) {
		c := create(t, ts, map[string]any{"scenario": "sump-crossing"})
		req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+c.ID, nil)
		req.Header.Set("Authorization", "bearer "+c.Token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("lower-case bearer: %d", resp.StatusCode)
		}
	})

	t.Run("a Last-Event-ID from the future resets the client", func(t *testing.T) {
		c := create(t, ts, map[string]any{"scenario": "sump-crossing"})
		req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+c.ID+"/events?token="+c.Token, nil)
		req.Header.Set("Last-Event-ID", "999999")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		r := bufio.NewReader(resp.Body)
		var got []string
		for len(got) < 3 {
			line, err := r.ReadString('\n')
			if err != nil {
				break
			}
			got = append(got, strings.TrimSpace(line))
		}
		if resp.StatusCode != 200 || len(got) < 2 || got[0] != "id: 0" || got[1] != "event: reset" {
			t.Errorf("events after 999999 (with ?token=): %d %q", resp.StatusCode, got)
		}
	})

	t.Run("cross-origin writes are refused in JSON", func(t *testing.T) {
		req, _ := http.NewRequest("POST", ts.URL+"/api/games", strings.NewReader(`{"scenario": "sump-crossing"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 403 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			t.Errorf("cross-site create: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	})
}

// Games past MaxGames leave memory, least recently used first, and come
// back from the store intact; creating games is limited per address.
func TestMemoryAndCreateLimits(t *testing.T) {
	st, err := sqlite.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(&panicLog{t: t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	now := time.Unix(1_800_000_000, 0)
	srv := server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(), Log: log,
		MaxGames: 3, CreatesPerMinute: 5, Now: func() time.Time { now = now.Add(time.Millisecond); return now }})
	ts := httptest.NewServer(srv.Handler())
	defer func() { ts.Close(); st.Close() }()
	var games []created
	for range 5 {
		games = append(games, create(t, ts, map[string]any{"scenario": "sump-crossing", "seed": 1}))
	}
	var e apiErr
	if st := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "sump-crossing"}, &e); st != 429 || !strings.Contains(e.Error, "retry in") {
		t.Errorf("a sixth game in a minute: %d %+v", st, e)
	}
	// Reading a roster costs as a creation does: the same rate, on a
	// budget of its own (TestSavedRostersHostile), so games were not
	// counted against it.
	if st := do(t, "POST", ts.URL+"/api/rosters/read", "", map[string]any{"ruleset": "n26", "roster_file": "bmFtZTogeAo="}, &e); st != 422 {
		t.Errorf("a roster read after five games: %d %+v", st, e)
	}
	if n := srv.InMemory(); n != 3 {
		t.Errorf("%d games in memory, want MaxGames 3", n)
	}
	// The first games left memory; they read back the same from the store.
	for _, c := range games {
		v := c.get(t, ts, c.Seats[0].Token)
		if v.Seq != 0 || v.Over || v.Decider == nil {
			t.Errorf("game %s: %+v", c.ID, v)
		}
	}
	now = now.Add(time.Minute)
	if st := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "sump-crossing"}, nil); st != 201 {
		t.Errorf("a minute later: %d", st)
	}
}
