package server_test

import (
	"bufio"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/server"
	"github.com/skirmish-engine/skirmish/store"
	"github.com/skirmish-engine/skirmish/store/sqlite"
)

// firstLegal is the token of the side to decide in a new game, and the
// first action it may take.
func firstLegal(t *testing.T, ts *httptest.Server, c created) (token, action string) {
	t.Helper()
	var v struct {
		Decider int
		Legal   []string
	}
	do(t, "GET", ts.URL+"/api/games/"+c.ID, c.Seats[0].Token, nil, &v)
	token = c.Seats[v.Decider].Token
	do(t, "GET", ts.URL+"/api/games/"+c.ID, token, nil, &v)
	if len(v.Legal) == 0 {
		t.Fatal("nothing legal")
	}
	return token, v.Legal[0]
}

// counting is a store that counts the reads of command logs: the costly
// part of rebuilding a game.
type counting struct {
	store.Store
	logs atomic.Int64
}

func (c *counting) Commands(ctx context.Context, id string, after int) ([]store.Command, error) {
	c.logs.Add(1)
	return c.Store.Commands(ctx, id, after)
}

// Issue 34, items 2 and 8: a made-up token on a game not in memory is
// refused from the stored record alone (the game is never rebuilt), with
// the same answer as for a game that does not exist; sixteen requests with
// the right token on that cold game rebuild it once; and an address whose
// tokens keep failing is told to wait (429, Retry-After) before any
// lookup.
func TestTokenBeforeRebuild(t *testing.T) {
	st, err := sqlite.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cfg := server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures()}
	warm := httptest.NewServer(server.New(cfg).Handler())
	var c created
	if code := do(t, "POST", warm.URL+"/api/games", "", map[string]any{"scenario": "hab-block-brawl", "dice": "digital"}, &c); code != 201 {
		t.Fatalf("create: %d", code)
	}
	tok, act := firstLegal(t, warm, c)
	for i := range 10 { // a log to replay: activate, undo, …
		if code, e := post(t, warm, c.ID, "actions", tok, map[string]any{"seq": 2 * i, "action": act}); code != 200 {
			t.Fatalf("activate: %d %+v", code, e)
		}
		if code, e := post(t, warm, c.ID, "undo", tok, map[string]any{"seq": 2*i + 1}); code != 200 {
			t.Fatalf("undo: %d %+v", code, e)
		}
	}
	warm.Close()

	cs := &counting{Store: st}
	cfg.Store = cs
	srv := server.New(cfg)
	cold := httptest.NewServer(srv.Handler())
	defer cold.Close()
	var wg sync.WaitGroup
	codes := make([]int, 16)
	bodies := make([]string, 16)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var e apiErr
			codes[i] = do(t, "GET", cold.URL+"/api/games/"+c.ID, fmt.Sprintf("%032x", i+1), nil, &e)
			bodies[i] = e.Error
		}()
	}
	wg.Wait()
	var unknown apiErr
	unknownCode := do(t, "GET", cold.URL+"/api/games/0123456789ab", c.Seats[0].Token, nil, &unknown)
	for i := range 16 {
		if codes[i] != 404 || bodies[i] != strings.Replace(unknown.Error, "0123456789ab", c.ID, 1) || unknownCode != 404 {
			t.Errorf("a made-up token: %d %q; an unknown game: %d %q (want the same answer)", codes[i], bodies[i], unknownCode, unknown.Error)
			break
		}
	}
	if n := cs.logs.Load(); n != 0 || srv.InMemory() != 0 {
		t.Errorf("made-up tokens read %d command logs and put %d games in memory; want none", n, srv.InMemory())
	}

	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = do(t, "GET", cold.URL+"/api/games/"+c.ID, c.Seats[i%2].Token, nil, nil)
		}()
	}
	wg.Wait()
	for i, code := range codes {
		if code != 200 {
			t.Errorf("request %d with a seat's token: %d", i, code)
		}
	}
	if n := cs.logs.Load(); n != 1 {
		t.Errorf("16 requests on a cold game read its log %d times; want once", n)
	}

	// The failures' budget: 5 a minute here.
	cfg.BadTokensPerMinute = 5
	limited := httptest.NewServer(server.New(cfg).Handler())
	defer limited.Close()
	for i := range 5 {
		if code := do(t, "GET", limited.URL+"/api/games/"+c.ID, fmt.Sprintf("%032x", i+1), nil, nil); code != 404 {
			t.Fatalf("bad token %d: %d", i, code)
		}
	}
	req, _ := http.NewRequest("GET", limited.URL+"/api/games/"+c.ID, nil)
	req.Header.Set("Authorization", "Bearer "+c.Seats[0].Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Errorf("after 5 failures in a minute: %d, Retry-After %q; want 429 with when to retry", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
}

// Issue 34, item 1: event streams are capped per game and seat and in
// all; beyond a cap a stream is refused with 429 and Retry-After, while
// the API and pages go on answering; a stream closed gives its place
// back.
func TestStreamCaps(t *testing.T) {
	st, err := sqlite.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(),
		MaxStreams: 6, MaxStreamsPerAddress: 100, MaxStreamsPerSeat: 2})
	ts := httptest.NewServer(srv.Handler())
	defer func() { srv.StopStreams(); ts.Close() }()
	var games []created
	for range 4 {
		var c created
		if code := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "hab-block-brawl"}, &c); code != 201 {
			t.Fatalf("create: %d", code)
		}
		games = append(games, c)
	}
	open := func(id, token string) (*http.Response, error) {
		req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+id+"/events", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		return http.DefaultClient.Do(req)
	}
	var held []*http.Response
	defer func() {
		for _, r := range held {
			r.Body.Close()
		}
	}()
	hold := func(id, token string, want int) {
		t.Helper()
		resp, err := open(id, token)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != want {
			resp.Body.Close()
			t.Fatalf("a stream: %d, want %d", resp.StatusCode, want)
		}
		if want != 200 {
			if resp.Header.Get("Retry-After") == "" {
				t.Errorf("a refused stream without Retry-After")
			}
			resp.Body.Close()
			return
		}
		held = append(held, resp)
	}
	g := games[0]
	hold(g.ID, g.Seats[0].Token, 200)
	hold(g.ID, g.Seats[0].Token, 200)
	hold(g.ID, g.Seats[0].Token, 429) // the seat's third
	hold(g.ID, g.Seats[1].Token, 200) // the other seat's first
	hold(games[1].ID, games[1].Seats[0].Token, 200)
	hold(games[1].ID, games[1].Token, 200) // the spectator's
	hold(games[2].ID, games[2].Seats[0].Token, 200)
	if srv.Streams() != 6 {
		t.Fatalf("%d streams open, want 6", srv.Streams())
	}
	hold(games[3].ID, games[3].Seats[0].Token, 429) // the server's seventh
	// At the cap, the API and pages answer.
	for _, u := range []string{"/healthz", "/", "/api/games/" + g.ID} {
		code, _, _ := fetch(t, "GET", ts.URL+u, g.Seats[0].Token, "", nil)
		if code != 200 {
			t.Errorf("GET %s with streams at their cap: %d", u, code)
		}
	}
	if code := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "hab-block-brawl"}, nil); code != 201 {
		t.Errorf("a game made with streams at their cap: %d", code)
	}
	// A stream closed gives its place back.
	held[0].Body.Close()
	held = held[1:]
	for deadline := time.Now().Add(5 * time.Second); srv.Streams() > 5 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
	}
	hold(games[3].ID, games[3].Seats[0].Token, 200)
}

// Issue 34, item 3: a game's commands are bounded: an action-and-undo loop
// reaches the limit and is refused naming it, a concession is still taken,
// the view gives the log's tail unless asked for all of it, and the export
// of the game at its limit imports again (on a server with a lower limit,
// the import is refused naming it).
func TestCommandLimit(t *testing.T) {
	st, err := sqlite.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cfg := server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(), MaxCommands: 240}
	ts := httptest.NewServer(server.New(cfg).Handler())
	defer ts.Close()
	var c created
	if code := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "hab-block-brawl", "dice": "digital", "strict": false}, &c); code != 201 {
		t.Fatalf("create: %d", code)
	}
	tok, act := firstLegal(t, ts, c)
	seq := 0
	for ; seq < 240; seq++ {
		kind, body := "actions", map[string]any{"seq": seq, "action": act}
		if seq%2 == 1 {
			kind, body = "undo", map[string]any{"seq": seq}
		}
		if code, e := post(t, ts, c.ID, kind, tok, body); code != 200 {
			t.Fatalf("command %d: %d %+v", seq+1, code, e)
		}
	}
	code, e := post(t, ts, c.ID, "actions", tok, map[string]any{"seq": seq, "action": act})
	if code != 422 || e.Field != "seq" || !strings.Contains(e.Error, "240 commands, the most a game takes on this server (--max-commands)") {
		t.Errorf("the 241st command: %d %+v", code, e)
	}
	var view struct {
		Log      []json.RawMessage
		LogFrom  int `json:"log_from"`
		LogTotal int `json:"log_total"`
	}
	do(t, "GET", ts.URL+"/api/games/"+c.ID, tok, nil, &view)
	if len(view.Log) != server.DefaultViewLog || view.LogTotal <= server.DefaultViewLog || view.LogFrom != view.LogTotal-server.DefaultViewLog {
		t.Errorf("the default view gives %d log lines from %d of %d, want the latest %d", len(view.Log), view.LogFrom, view.LogTotal, server.DefaultViewLog)
	}
	if code, e := post(t, ts, c.ID, "concede", tok, map[string]any{"seq": seq}); code != 200 {
		t.Fatalf("a concession at the limit: %d %+v", code, e)
	}
	code, export, _ := fetch(t, "GET", ts.URL+"/api/games/"+c.ID+"/export", tok, "", nil)
	if code != 200 {
		t.Fatalf("export: %d", code)
	}
	t.Logf("the export of %d commands: %d bytes", seq+1, len(export))
	var imp created
	if code := do(t, "POST", ts.URL+"/api/games/import", "", export, &imp); code != 201 {
		t.Errorf("the export at the limit does not import again: %d", code)
	}
	cfg.MaxCommands = 100
	lower := httptest.NewServer(server.New(cfg).Handler())
	defer lower.Close()
	var ie apiErr
	if code := do(t, "POST", lower.URL+"/api/games/import", "", export, &ie); code != 422 || ie.Field != "entries" || !strings.Contains(ie.Error, "at most 100") {
		t.Errorf("an import over the limit: %d %+v", code, ie)
	}
}

// Issue 34, item 10: every answer a client reads as JSON is JSON (405s of
// /healthz and the pages, 404s off the API for a client asking for JSON);
// a body that comes too slowly is 408; a number past 64 bits in a
// scenario is too large, never a negative number; and no action's refusal
// shows the parser's raw words.
func TestMessages(t *testing.T) {
	ts, _ := newServer(t)
	for _, c := range []struct {
		method, path, accept string
		status               int
		json                 bool
	}{
		{"POST", "/healthz", "", 405, true},
		{"DELETE", "/", "", 405, true},
		{"PUT", "/static/app.js", "", 405, true},
		{"GET", "/static/nope.js", "application/json", 404, true},
		{"GET", "/nowhere", "application/json", 404, true},
		{"GET", "/nowhere", "text/html", 404, false},
		{"GET", "/api/nowhere", "", 404, true},
	} {
		req, _ := http.NewRequest(c.method, ts.URL+c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept", c.accept)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e apiErr
		derr := json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != c.status || c.json && (derr != nil || e.Error == "" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json")) {
			t.Errorf("%s %s (Accept %q): %d %q %v", c.method, c.path, c.accept, resp.StatusCode, resp.Header.Get("Content-Type"), derr)
		}
		if c.status == 405 && resp.Header.Get("Allow") == "" {
			t.Errorf("%s %s: 405 without Allow", c.method, c.path)
		}
	}

	// A scenario's number past 64 bits.
	yml := "name: x\nruleset: n26\nmode: table\nrounds: 18446744073709551617\nsides: []\n"
	var e apiErr
	if code := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario_yaml": yml}, &e); code != 422 || !strings.Contains(e.Error, "18446744073709551617 is out of range: too large a number") {
		t.Errorf("rounds 2^64+1: %d %+v", code, e)
	}

	// Actions with numbers no parser holds.
	var c created
	do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "sump-crossing", "dice": "digital"}, &c)
	for _, a := range []string{"activate m99999999999999999999", "activate m1e400", "move m0 @1e400,2", "move m0 @99999999999999999999999,1", "shoot m0 >m1 #99999999999999999999",
		"shoot m0 >m-99999999999999999999 #1", "move m0 @NaN,1", "move m0 @0x10,1"} {
		for _, tok := range []string{c.Seats[0].Token, c.Seats[1].Token} {
			code, e := post(t, ts, c.ID, "actions", tok, map[string]any{"seq": 0, "action": a})
			if code < 400 || code >= 500 || strings.Contains(e.Error, "strconv") || strings.Contains(e.Error, "invalid syntax") || strings.Contains(e.Error, "value out of range") {
				t.Errorf("%q: %d %q", a, code, e.Error)
			}
		}
	}
}

// A body that does not come whole within the read timeout is 408, in
// words, not the network's "i/o timeout".
func TestSlowBody(t *testing.T) {
	st, err := sqlite.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ts := httptest.NewUnstartedServer(server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures()}).Handler())
	ts.Config.ReadTimeout = 300 * time.Millisecond
	ts.Start()
	defer ts.Close()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"scenario\": ")
	time.Sleep(600 * time.Millisecond)
	conn.Write([]byte(`"sump-crossing"}`))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	var e apiErr
	json.NewDecoder(resp.Body).Decode(&e)
	if resp.StatusCode != 408 || !strings.Contains(e.Error, "came too slowly") || strings.Contains(e.Error, "i/o timeout") {
		t.Errorf("a slow body: %d %+v", resp.StatusCode, e)
	}
}

// Issue 34, item 4: the server commits to every game's seed at creation
// (each view shows the SHA-256 of a salt and the seed); a seed the creator
// chose is flagged in both seats' views and on the page, as is an
// imported save's; the export after the end gives the seed and salt, which
// check against the commitment the views showed.
func TestSeedCommitment(t *testing.T) {
	ts, _ := newServer(t)
	type view struct {
		Commitment string `json:"seed_commitment"`
		Chosen     bool   `json:"seed_chosen_by_creator"`
		Decider    int
	}
	mk := func(req map[string]any) (created, [2]view) {
		var c created
		if code := do(t, "POST", ts.URL+"/api/games", "", req, &c); code != 201 {
			t.Fatalf("create %v: %d", req, code)
		}
		var vs [2]view
		for i := range 2 {
			do(t, "GET", ts.URL+"/api/games/"+c.ID, c.Seats[i].Token, nil, &vs[i])
		}
		return c, vs
	}
	drawn, dv := mk(map[string]any{"scenario": "sump-crossing", "dice": "digital"})
	twinA, av := mk(map[string]any{"scenario": "sump-crossing", "dice": "digital", "seed": 42})
	_, bv := mk(map[string]any{"scenario": "sump-crossing", "dice": "digital", "seed": 42})
	if dv[0].Chosen || dv[1].Chosen || len(dv[0].Commitment) != 64 || dv[0].Commitment != dv[1].Commitment {
		t.Errorf("a drawn seed's views: %+v", dv)
	}
	for _, v := range append(av[:], bv[:]...) {
		if !v.Chosen || len(v.Commitment) != 64 {
			t.Errorf("a creator's seed's view: %+v", v)
		}
	}
	if av[0].Commitment == bv[0].Commitment {
		t.Error("twin games with one seed share a commitment: the salt is not per game")
	}
	_, panel, _ := fetch(t, "GET", ts.URL+"/g/"+twinA.ID+"/panel", twinA.Seats[1].Token, "", nil)
	if !strings.Contains(panel, `id="seed-chosen"`) {
		t.Logf("%.600s", panel)
		t.Error("the page of a game with a creator's seed does not say so")
	}
	_, panel, _ = fetch(t, "GET", ts.URL+"/g/"+drawn.ID+"/panel", drawn.Seats[1].Token, "", nil)
	if strings.Contains(panel, "seed-chosen") {
		t.Error("the page of a game with a drawn seed says it was chosen")
	}

	// The end: the export reveals the seed and salt.
	if code, e := post(t, ts, drawn.ID, "concede", drawn.Seats[0].Token, map[string]any{"seq": 0}); code != 200 {
		t.Fatalf("concede: %d %+v", code, e)
	}
	_, export, _ := fetch(t, "GET", ts.URL+"/api/games/"+drawn.ID+"/export", drawn.Seats[0].Token, "", nil)
	var sv struct {
		Seed       uint64
		Commitment struct {
			Salt, SHA256 string
			Chosen       bool
		} `json:"seed_commitment"`
	}
	if err := json.Unmarshal([]byte(export), &sv); err != nil {
		t.Fatal(err)
	}
	salt, _ := hex.DecodeString(sv.Commitment.Salt)
	if sv.Commitment.SHA256 != dv[0].Commitment || engine.CommitSeed(sv.Seed, salt) != dv[0].Commitment || sv.Commitment.Chosen {
		t.Errorf("the export's seed %d and salt %q do not give the commitment the views showed (%s)", sv.Seed, sv.Commitment.Salt, dv[0].Commitment)
	}
	// An import is flagged: its importer knows the seed.
	var imp created
	if code := do(t, "POST", ts.URL+"/api/games/import", "", export, &imp); code != 201 {
		t.Fatalf("import: %d", code)
	}
	var iv view
	do(t, "GET", ts.URL+"/api/games/"+imp.ID, imp.Seats[0].Token, nil, &iv)
	if !iv.Chosen || iv.Commitment == "" || iv.Commitment == dv[0].Commitment {
		t.Errorf("an imported game's view: %+v", iv)
	}
}

// Issue 34, item 5: in a game whose undo may take back rolled dice, an
// action cancelled after its digital dice showed and taken again rolls
// new dice (the stream moves on), so undo cannot peek at the dice; the
// export records where (skip), replays, and imports again. The game walks
// (the legal list's (7·step)th action, choices' first option) to a
// Fallout: Factions shot whose Lucky Break choice follows its test roll.
func TestCancelRollsNewDice(t *testing.T) {
	ts, _ := newServer(t)
	var c created
	if code := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "junction-yard", "dice": "digital", "strict": false, "seed": 1}, &c); code != 201 {
		t.Fatalf("create: %d", code)
	}
	type view struct {
		Seq     int
		Decider *int
		Legal   []string
		Pending *struct {
			Side    int
			Key     string
			Options []string
			SoFar   []string `json:"so_far"`
		}
	}
	read := func(side int) (v view) {
		do(t, "GET", ts.URL+"/api/games/"+c.ID+"?log=none", c.Seats[side].Token, nil, &v)
		return v
	}
	var shot string
	var side int
	var dice []string
	for step := 0; step < 400 && shot == ""; step++ {
		v := read(0)
		if p := v.Pending; p != nil {
			if p.Key == "lucky-break" {
				break
			}
			if code, e := post(t, ts, c.ID, "answers", c.Seats[p.Side].Token, map[string]any{"seq": v.Seq, "answer": p.Options[0]}); code != 200 {
				t.Fatalf("step %d: answer: %d %+v", step, code, e)
			}
			continue
		}
		side = *v.Decider
		l := read(side).Legal
		a := l[(step*7)%len(l)]
		if code, e := post(t, ts, c.ID, "actions", c.Seats[side].Token, map[string]any{"seq": v.Seq, "action": a}); code != 200 {
			t.Fatalf("step %d: %s: %d %+v", step, a, code, e)
		}
		if v := read(side); v.Pending != nil && v.Pending.Key == "lucky-break" {
			shot, dice = a, v.Pending.SoFar
		}
	}
	if shot == "" {
		t.Fatal("no shot asked for a Lucky Break in 400 steps")
	}
	seen := []string{strings.Join(dice, "; ")}
	for try := range 4 {
		v := read(side)
		// Its dice were seen: the other player agrees to the cancel.
		if code, e := post(t, ts, c.ID, "undo", c.Seats[side].Token, map[string]any{"seq": v.Seq}); code != 202 {
			t.Fatalf("cancel %d: %d %+v", try, code, e)
		}
		v = read(side)
		if code, e := post(t, ts, c.ID, "undo/approve", c.Seats[1-side].Token, map[string]any{"seq": v.Seq}); code != 200 {
			t.Fatalf("approve %d: %d %+v", try, code, e)
		}
		v = read(side)
		if code, e := post(t, ts, c.ID, "actions", c.Seats[side].Token, map[string]any{"seq": v.Seq, "action": shot}); code != 200 {
			t.Fatalf("again %d, %s: %d %+v", try, shot, code, e)
		}
		v = read(side)
		if v.Pending == nil {
			seen = append(seen, "(no question)")
			continue
		}
		seen = append(seen, strings.Join(v.Pending.SoFar, "; "))
	}
	same := 0
	for _, s := range seen[1:] {
		if s == seen[0] {
			same++
		}
	}
	if same == len(seen)-1 {
		t.Errorf("a shot cancelled after its dice and taken again rolled the same dice %d times: %q", same, seen)
	}
	// The game goes on and ends; its export replays and imports.
	v := read(side)
	for v.Pending != nil {
		post(t, ts, c.ID, "answers", c.Seats[v.Pending.Side].Token, map[string]any{"seq": v.Seq, "answer": v.Pending.Options[0]})
		v = read(side)
	}
	if code, e := post(t, ts, c.ID, "concede", c.Seats[0].Token, map[string]any{"seq": v.Seq}); code != 200 {
		t.Fatalf("concede: %d %+v", code, e)
	}
	_, export, _ := fetch(t, "GET", ts.URL+"/api/games/"+c.ID+"/export", c.Seats[0].Token, "", nil)
	if !strings.Contains(export, `"skip":`) {
		t.Errorf("the export records no skipped dice")
	}
	if code := do(t, "POST", ts.URL+"/api/games/import", "", export, nil); code != 201 {
		t.Errorf("the export does not import: %d", code)
	}
}

// Issue 34, item 6: at a table, the side whose action asks a measurement
// answers it; the other seat is refused (naming who measures) but may
// dispute the answer, once an action: the measurement is asked again of
// the same side, whose second answer stands; the actor cannot dispute its
// own. Measurements that ended the action with the seed's dice after them
// may be disputed too: the dice are taken back with them and, measured the
// same, roll the same. --measure either lets either seat answer, as before.
func TestMeasurementDispute(t *testing.T) {
	type view struct {
		Seq        int
		Decider    *int
		Legal      []string
		Disputable bool
		Pending    *struct {
			Side      int
			Kind, Key string
			Text      string
			YesNo     bool
			Min       *float64
			Disputed  bool
		}
		Log []struct {
			Action          string
			Answers, Events []string
		}
	}
	for _, either := range []bool{false, true} {
		st, err := sqlite.Open(":memory:")
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewServer(server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(), MeasureEither: either}).Handler())
		// shot starts a game and takes a shot: a sight question waits.
		shot := func() (c created, read func(side int) view, actor int) {
			// Not strict, so that the actor may ask to take back dice.
			if code := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "hab-block-brawl", "dice": "digital", "seed": 5, "strict": false}, &c); code != 201 {
				t.Fatalf("create: %d", code)
			}
			read = func(side int) (v view) {
				do(t, "GET", ts.URL+"/api/games/"+c.ID+"?log=3", c.Seats[side].Token, nil, &v)
				return v
			}
			actor = *read(0).Decider
			var shot string
			for _, a := range read(actor).Legal {
				post(t, ts, c.ID, "actions", c.Seats[actor].Token, map[string]any{"seq": read(0).Seq, "action": a})
				for _, b := range read(actor).Legal {
					if strings.Contains(b, "shot") || strings.Contains(b, "shoot") {
						shot = b
					}
				}
				if shot != "" {
					break
				}
				post(t, ts, c.ID, "undo", c.Seats[actor].Token, map[string]any{"seq": read(0).Seq})
			}
			if shot == "" {
				t.Fatal("no shot")
			}
			post(t, ts, c.ID, "actions", c.Seats[actor].Token, map[string]any{"seq": read(0).Seq, "action": shot})
			if v := read(actor); v.Pending == nil || v.Pending.Kind != "fact" {
				t.Fatalf("after %s: pending %+v", shot, v.Pending)
			}
			return c, read, actor
		}
		// measure answers the facts waiting as side, the same way each
		// time, until something else waits or the action ends.
		measure := func(c created, read func(int) view, side int) {
			for range 20 {
				v := read(side)
				if v.Pending == nil || v.Pending.Kind != "fact" {
					return
				}
				ans := "yes"
				if !v.Pending.YesNo {
					ans = fmt.Sprint(*v.Pending.Min + 3)
				}
				if code, e := post(t, ts, c.ID, "answers", c.Seats[side].Token, map[string]any{"seq": v.Seq, "answer": ans}); code != 200 {
					t.Fatalf("%s measures: %d %+v", c.Seats[side].Token[:4], code, e)
				}
			}
		}

		c, read, actor := shot()
		other := 1 - actor
		v := read(other)
		first := v.Pending.Text
		code, e := post(t, ts, c.ID, "answers", c.Seats[other].Token, map[string]any{"seq": v.Seq, "answer": "yes"})
		if !either {
			if code != 403 || !strings.Contains(e.Error, "whose action asks it") || v.Pending.Side != actor {
				t.Errorf("the other seat answering the actor's measurement: %d %+v (pending side %d)", code, e, v.Pending.Side)
			}
			if code, e := post(t, ts, c.ID, "answers", c.Seats[actor].Token, map[string]any{"seq": v.Seq, "answer": "yes"}); code != 200 {
				t.Fatalf("the actor measures: %d %+v", code, e)
			}
		} else if code != 200 || v.Pending.Side != -1 {
			t.Errorf("--measure either, the other seat answering: %d %+v", code, e)
		}
		v = read(other)
		if v.Pending == nil || !v.Disputable || read(actor).Disputable {
			t.Fatalf("after the measurement: %+v, want another question and the measurement disputable by the other seat only", v)
		}
		if code, e := post(t, ts, c.ID, "dispute", c.Seats[actor].Token, map[string]any{"seq": v.Seq}); code != 422 || !strings.Contains(e.Error, "yours") {
			t.Errorf("the actor disputes its own measurement: %d %+v", code, e)
		}
		if code, e := post(t, ts, c.ID, "dispute", c.Seats[other].Token, map[string]any{"seq": v.Seq}); code != 200 {
			t.Fatalf("dispute: %d %+v", code, e)
		}
		v = read(other)
		wantSide := actor
		if either {
			wantSide = -1
		}
		if v.Pending == nil || v.Pending.Text != first || !v.Pending.Disputed || v.Pending.Side != wantSide || v.Disputable {
			t.Fatalf("after the dispute: %+v, want %q asked again of side %d", v, first, wantSide)
		}
		if code, e := post(t, ts, c.ID, "dispute", c.Seats[other].Token, map[string]any{"seq": v.Seq}); code != 422 || e.Field != "dispute" {
			t.Errorf("a second dispute with nothing measured: %d %+v", code, e)
		}
		if !either {
			if code, e := post(t, ts, c.ID, "answers", c.Seats[other].Token, map[string]any{"seq": v.Seq, "answer": "no"}); code != 403 {
				t.Errorf("the disputing seat answers the disputed measurement: %d %+v", code, e)
			}
		}
		if code, e := post(t, ts, c.ID, "answers", c.Seats[actor].Token, map[string]any{"seq": v.Seq, "answer": "yes"}); code != 200 {
			t.Fatalf("the actor measures again: %d %+v", code, e)
		}
		v = read(other)
		if v.Disputable {
			t.Error("measured again after a dispute, and disputable again")
		}
		if code, e := post(t, ts, c.ID, "dispute", c.Seats[other].Token, map[string]any{"seq": v.Seq}); code != 422 || !strings.Contains(e.Error, "once already") {
			t.Errorf("a second dispute in one action: %d %+v", code, e)
		}
		if code, e := post(t, ts, c.ID, "dispute", c.Seats[0].Token, map[string]any{"seq": v.Seq - 1}); code != 409 {
			t.Errorf("a stale dispute: %d %+v", code, e)
		}
		// The game rebuilds the same from its commands (dispute included).
		ts2 := httptest.NewServer(server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(), MeasureEither: either}).Handler())
		var after view
		do(t, "GET", ts2.URL+"/api/games/"+c.ID+"?log=none", c.Seats[other].Token, nil, &after)
		if after.Seq != v.Seq || after.Pending == nil || after.Pending.Text != v.Pending.Text || after.Disputable {
			t.Errorf("rebuilt: seq %d pending %+v, want seq %d, %+v", after.Seq, after.Pending, v.Seq, v.Pending)
		}
		ts2.Close()

		// Measurements that ended the shot, its dice rolled after them.
		c, read, actor = shot()
		other = 1 - actor
		measure(c, read, actor)
		v = read(other)
		if v.Pending != nil || !v.Disputable {
			t.Fatalf("the shot measured to its end: %+v, want it ended and disputable", v)
		}
		rolled := v.Log
		if n := len(rolled); n == 0 || !slices.ContainsFunc(rolled[n-1].Answers, func(a string) bool { return strings.Contains(a, "hit:") }) {
			t.Fatalf("the shot's entry shows no dice: %+v", rolled)
		}
		// The page offers it, saying what was measured (Last leaves the
		// measurements out).
		_, panel, _ := fetch(t, "GET", ts.URL+"/g/"+c.ID+"/panel", c.Seats[other].Token, "", nil)
		if !strings.Contains(panel, "Their measurement") || !strings.Contains(panel, "The other side measured for their last action: can ") || !strings.Contains(panel, `id="dispute"`) {
			t.Errorf("the other seat's page does not offer the dispute with the measurements: %s", panel[:min(len(panel), 1500)])
		}
		if _, mine, _ := fetch(t, "GET", ts.URL+"/g/"+c.ID+"/panel", c.Seats[actor].Token, "", nil); strings.Contains(mine, `id="dispute"`) {
			t.Error("the measuring side's page offers to dispute its own measurement")
		}
		if code, e := post(t, ts, c.ID, "dispute", c.Seats[other].Token, map[string]any{"seq": v.Seq}); code != 200 {
			t.Fatalf("dispute of the ended shot: %d %+v", code, e)
		}
		if v = read(actor); v.Pending == nil || v.Pending.Kind != "fact" || !v.Pending.Disputed {
			t.Fatalf("after the dispute of the ended shot: %+v, want its measurements asked again", v.Pending)
		}
		measure(c, read, actor)
		v = read(other)
		if fmt.Sprint(v.Log) != fmt.Sprint(rolled) || v.Disputable {
			t.Errorf("measured the same after a dispute: the log ends\n%v\nwas\n%v (disputable %t)", v.Log, rolled, v.Disputable)
		}
		// An undo asked and withdrawn takes nothing back: still one
		// dispute an action (issue 34 re-probe).
		if code, e := post(t, ts, c.ID, "undo", c.Seats[actor].Token, map[string]any{"seq": v.Seq}); code != 202 {
			t.Errorf("the actor's undo of the shot its dice ended: %d %+v, want 202 (the other seat must agree)", code, e)
		}
		if code, e := post(t, ts, c.ID, "undo/decline", c.Seats[actor].Token, map[string]any{"seq": v.Seq + 1}); code != 200 {
			t.Errorf("withdraw: %d %+v", code, e)
		}
		v = read(other)
		if code, e := post(t, ts, c.ID, "dispute", c.Seats[other].Token, map[string]any{"seq": v.Seq}); code != 422 || !strings.Contains(e.Error, "once already") || v.Disputable {
			t.Errorf("a dispute after an undo asked and withdrawn: %d %+v (disputable %v)", code, e, v.Disputable)
		}

		ts.Close()
		st.Close()
	}
}

// Issue 34, item 7: creations are limited per client, a client being an
// IPv4 address or an IPv6 /64, and in all (CreatesPerMinuteTotal), so
// that many addresses at once are limited too.
func TestCreateLimitsByClientAndTotal(t *testing.T) {
	st, err := sqlite.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Unix(1_800_000_000, 0)
	h := server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(),
		CreatesPerMinute: 2, CreatesPerMinuteTotal: 5, Now: func() time.Time { return now }}).Handler()
	create := func(addr string) int {
		req := httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"scenario": "sump-crossing"}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = addr
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	for i, c := range []struct {
		addr string
		want int
	}{
		{"[2001:db8:1:2::1]:5", 201}, {"[2001:db8:1:2::2]:5", 201},
		{"[2001:db8:1:2::3]:5", 429}, // the same /64: one client
		{"[2001:db8:1:3::1]:5", 201}, // another /64
		{"127.0.0.1:5", 201}, {"127.0.0.2:5", 201},
		{"127.0.0.3:5", 429},   // every loopback address is one client
		{"203.0.113.9:5", 429}, // five in all this minute
	} {
		if got := create(c.addr); got != c.want {
			t.Errorf("creation %d from %s: %d, want %d", i+1, c.addr, got, c.want)
		}
	}
	now = now.Add(time.Minute)
	if got := create("203.0.113.9:5"); got != 201 {
		t.Errorf("a minute later: %d", got)
	}
}

// retentionServer is a server keeping games 48 hours, on a clock the test
// sets (*now), closed with the test.
func retentionServer(t *testing.T, now *time.Time) (*server.Server, *httptest.Server, *sqlite.Store) {
	t.Helper()
	st, err := sqlite.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(),
		Retain: 48 * time.Hour, Now: func() time.Time { return *now }})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { srv.StopStreams(); ts.Close(); st.Close() })
	return srv, ts, st
}

// Issue 34, item 7: games idle longer than Retain are deleted by the
// sweep (a game someone follows, or read within the hour, is not
// abandoned); a game that moved is kept; the page says until when a game
// is kept; a deleted game's seats hear when and why (410), anyone else
// the same 404 as for any unknown game.
func TestRetentionSweep(t *testing.T) {
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	srv, ts, st := retentionServer(t, &now)
	var idle, moved, followed, read created
	for _, c := range []*created{&idle, &moved, &followed, &read} {
		if code := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "hab-block-brawl", "dice": "digital"}, c); code != 201 {
			t.Fatalf("create: %d", code)
		}
	}
	_, panel, _ := fetch(t, "GET", ts.URL+"/g/"+idle.ID+"/panel", idle.Seats[0].Token, "", nil)
	if !strings.Contains(panel, "kept on the server until 7 December 2026, 2 days after its last move") {
		t.Errorf("the page does not say how long the game is kept")
	}
	now = now.Add(30 * time.Hour)
	tok, act := firstLegal(t, ts, moved)
	if code, e := post(t, ts, moved.ID, "actions", tok, map[string]any{"seq": 0, "action": act}); code != 200 {
		t.Fatalf("a move: %d %+v", code, e)
	}
	req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+followed.ID+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+followed.Seats[0].Token)
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	now = now.Add(30*time.Hour - 10*time.Minute)
	do(t, "GET", ts.URL+"/api/games/"+read.ID, read.Seats[1].Token, nil, nil) // read 10 minutes before the sweep
	now = now.Add(10 * time.Minute)                                           // 60 h after the creations, 30 h after the move
	n, err := srv.Sweep(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("the sweep deleted %d games (%v), want 1", n, err)
	}
	var gone struct{ Error string }
	if code := do(t, "GET", ts.URL+"/api/games/"+idle.ID, idle.Seats[1].Token, nil, &gone); code != 410 ||
		!strings.Contains(gone.Error, "deleted on 8 December 2026") || !strings.Contains(gone.Error, "since 5 December 2026") || !strings.Contains(gone.Error, "2 days after its last move") {
		t.Errorf("a seat of the idle game after the sweep: %d %q", code, gone.Error)
	}
	if code := do(t, "GET", ts.URL+"/api/games/"+idle.ID, moved.Seats[0].Token, nil, &gone); code != 404 || strings.Contains(gone.Error, "deleted") {
		t.Errorf("another game's token on the deleted game: %d %q", code, gone.Error)
	}
	for _, c := range []created{moved, followed, read} {
		if code := do(t, "GET", ts.URL+"/api/games/"+c.ID, c.Seats[0].Token, nil, nil); code != 200 {
			t.Errorf("game %s after the sweep: %d", c.ID, code)
		}
	}
	// A retention of hours is said in hours, with the time of day.
	short := server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(),
		Retain: 6 * time.Hour, Now: func() time.Time { return now }})
	ts2 := httptest.NewServer(short.Handler())
	defer ts2.Close()
	_, panel, _ = fetch(t, "GET", ts2.URL+"/g/"+moved.ID+"/panel", moved.Seats[0].Token, "", nil)
	if !strings.Contains(panel, "kept on the server until 7 December 2026, 00:00 UTC, 6 hours after its last move") {
		t.Errorf("a retention of hours: %s", panel[max(0, strings.Index(panel, "kept")-40):])
	}
}

// The sweep reaches past the games it spares: a hundred old games in use
// do not keep the idle ones behind them (issue 34 re-probe).
func TestRetentionSweepPastSpared(t *testing.T) {
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	srv, ts, _ := retentionServer(t, &now)
	var games []created
	for i := range 103 {
		var c created
		if code := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "sump-crossing"}, &c); code != 201 {
			t.Fatalf("create %d: %d", i, code)
		}
		games = append(games, c)
		now = now.Add(time.Second) // the first are the oldest
	}
	now = now.Add(72 * time.Hour)
	for _, c := range games[:100] {
		do(t, "GET", ts.URL+"/api/games/"+c.ID+"?log=none", c.Seats[0].Token, nil, nil) // in use
	}
	n, err := srv.Sweep(context.Background())
	if err != nil || n != 3 {
		t.Fatalf("the sweep deleted %d (%v), want the 3 idle games past the 100 in use", n, err)
	}
	for _, c := range games[100:] {
		if code := do(t, "GET", ts.URL+"/api/games/"+c.ID, c.Seats[0].Token, nil, nil); code != 410 {
			t.Errorf("an idle game past the spared ones: %d, want 410", code)
		}
	}
}

// gatedStore holds back the reading of one game's commands until its gate
// opens: a rebuild in flight, for as long as a test needs.
type gatedStore struct {
	store.Store
	id      string
	reading chan struct{} // closed when the read starts
	gate    chan struct{}
}

func (g *gatedStore) Commands(ctx context.Context, id string, after int) ([]store.Command, error) {
	if id == g.id {
		close(g.reading)
		<-g.gate
	}
	return g.Store.Commands(ctx, id, after)
}

// The sweep spares a game a request is rebuilding from the store at that
// moment: deleting it would leave the rebuilt copy served from memory,
// its writes refused (noticed in issue 34, fixed in issue 36).
func TestSweepSparesGameBeingRebuilt(t *testing.T) {
	now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	_, ts, st := retentionServer(t, &now)
	var c created
	if code := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "hab-block-brawl", "dice": "digital"}, &c); code != 201 {
		t.Fatalf("create: %d", code)
	}
	// A new server on the same store, as after a restart, its clock three
	// days on: the game is idle, and not in its memory.
	now = now.Add(72 * time.Hour)
	gs := &gatedStore{Store: st, id: c.ID, reading: make(chan struct{}), gate: make(chan struct{})}
	srv := server.New(server.Config{Store: gs, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(),
		Retain: 48 * time.Hour, Now: func() time.Time { return now }})
	ts2 := httptest.NewServer(srv.Handler())
	defer ts2.Close()
	got := make(chan int, 1)
	go func() { got <- do(t, "GET", ts2.URL+"/api/games/"+c.ID, c.Token, nil, nil) }()
	<-gs.reading // the rebuild is under way
	n, err := srv.Sweep(context.Background())
	close(gs.gate)
	if err != nil || n != 0 {
		t.Errorf("the sweep during the rebuild: deleted %d, %v; want none", n, err)
	}
	if code := <-got; code != http.StatusOK {
		t.Errorf("the read that rebuilt the game: %d", code)
	}
	if _, err := st.Game(context.Background(), c.ID); err != nil {
		t.Errorf("the game after the sweep: %v", err)
	}
}
