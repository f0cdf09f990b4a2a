package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/scenario"
	"github.com/skirmish-engine/skirmish/server"
	"github.com/skirmish-engine/skirmish/store"
	"github.com/skirmish-engine/skirmish/store/sqlite"
)

// panicLog fails the test on any error logged (a recovered panic above all).
type panicLog struct {
	t  testing.TB
	mu sync.Mutex
}

func (l *panicLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if bytes.Contains(p, []byte("level=ERROR")) {
		l.t.Errorf("server logged an error: %s", p)
	}
	return len(p), nil
}

// newServer starts a server on an in-memory store.
func newServer(t testing.TB) (*httptest.Server, store.Store) {
	t.Helper()
	st, err := sqlite.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	return serverOn(t, st), st
}

func serverOn(t testing.TB, st store.Store) *httptest.Server {
	log := slog.New(slog.NewTextHandler(&panicLog{t: t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv := server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(), Log: log})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		srv.StopStreams()
		ts.Close()
		st.Close()
	})
	return ts
}

type created struct {
	ID    string `json:"id"`
	Seats []struct {
		Side  int    `json:"side"`
		Name  string `json:"name"`
		Token string `json:"token"`
		URL   string `json:"url"`
	} `json:"seats"`
	Spectator string `json:"spectator"`
	Token     string `json:"spectator_token"`
}

// do sends a request and decodes the JSON reply into out (if given),
// returning the status.
func do(t testing.TB, method, url, token string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		js, _ := json.Marshal(b)
		rd = bytes.NewReader(js)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s %s: content type %q", method, url, ct)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, url, resp.StatusCode, data, err)
		}
	}
	return resp.StatusCode
}

// view is the part of a game's view the tests read.
type view struct {
	Seq     int      `json:"seq"`
	Over    bool     `json:"over"`
	Winner  *int     `json:"winner"`
	Decider *int     `json:"decider"`
	Seat    *int     `json:"seat"`
	Legal   []string `json:"legal"`
	Pending *struct {
		Side    int      `json:"side"`
		Kind    string   `json:"kind"`
		Key     string   `json:"key"`
		Text    string   `json:"text"`
		Options []string `json:"options"`
		SoFar   []string `json:"so_far"`
	} `json:"pending"`
	State json.RawMessage `json:"state"`
	Log   []struct {
		Index   int      `json:"index"`
		Action  string   `json:"action"`
		Answers []string `json:"answers"`
		Events  []string `json:"events"`
		Undone  bool     `json:"undone"`
		Dropped bool     `json:"dropped"`
	} `json:"log"`
	UndoRequest *undoRequest `json:"undo_request"`
	TookBack    *struct {
		Seq   int    `json:"seq"`
		By    int    `json:"by"`
		Entry int    `json:"entry"`
		Text  string `json:"text"`
	} `json:"took_back"`
	LogFrom  int `json:"log_from"`
	LogTotal int `json:"log_total"`
}

// undoRequest is an undo waiting for the other seat's consent.
type undoRequest struct {
	By    int    `json:"by"`
	Entry int    `json:"entry"`
	Text  string `json:"text"`
}

type apiErr struct {
	Error string `json:"error"`
	Field string `json:"field"`
	Seq   *int   `json:"seq"`
}

func create(t testing.TB, ts *httptest.Server, req map[string]any) created {
	t.Helper()
	var c created
	if st := do(t, "POST", ts.URL+"/api/games", "", req, &c); st != http.StatusCreated {
		t.Fatalf("create: %d %+v", st, c)
	}
	return c
}

func (c created) get(t testing.TB, ts *httptest.Server, token string) view {
	t.Helper()
	var v view
	if st := do(t, "GET", ts.URL+"/api/games/"+c.ID, token, nil, &v); st != http.StatusOK {
		t.Fatalf("get: %d", st)
	}
	return v
}

func post(t testing.TB, ts *httptest.Server, id, what, token string, body map[string]any) (int, apiErr) {
	t.Helper()
	var e apiErr
	st := do(t, "POST", ts.URL+"/api/games/"+id+"/"+what, token, body, &e)
	return st, e
}

// A whole game through the API: a table game of n26 with physical dice,
// two seats; every write checked by seq, seat and the rules.
func TestPlayThroughTheAPI(t *testing.T) {
	ts, _ := newServer(t)
	seed := uint64(7)
	c := create(t, ts, map[string]any{"scenario": "hab-block-brawl", "dice": "physical", "seed": seed})
	if len(c.Seats) != 2 || c.Seats[0].Name != "Rustwater Wardens" || !strings.HasPrefix(c.Seats[0].URL, "/g/"+c.ID+"#") || len(c.Seats[0].Token) != 32 {
		t.Fatalf("seats %+v", c.Seats)
	}
	w, b, spec := c.Seats[0].Token, c.Seats[1].Token, c.Token
	v := c.get(t, ts, w)
	if v.Seq != 0 || v.Pending == nil || v.Pending.Kind != "roll" || v.Pending.Side != 0 || !strings.Contains(v.Pending.Text, "Priority roll") {
		t.Fatalf("first view: %+v", v)
	}
	if bytes.Contains(v.State, []byte(`"seed"`)) {
		t.Error("the state shows the seed")
	}
	// The Breakers may not answer the Wardens' die; nobody without a token.
	if st, e := post(t, ts, c.ID, "answers", b, map[string]any{"seq": 0, "answer": "6"}); st != 403 {
		t.Errorf("the other seat answering: %d %+v", st, e)
	}
	if st, _ := post(t, ts, c.ID, "answers", "", map[string]any{"seq": 0, "answer": "6"}); st != 401 {
		t.Errorf("no token: %d", st)
	}
	if st, _ := post(t, ts, c.ID, "answers", spec, map[string]any{"seq": 0, "answer": "6"}); st != 403 {
		t.Errorf("the spectator answering: %d", st)
	}
	if st, e := post(t, ts, c.ID, "answers", w, map[string]any{"seq": 0, "answer": "7"}); st != 422 || e.Field != "answer" || !strings.Contains(e.Error, "not a face") {
		t.Errorf("face 7: %d %+v", st, e)
	}
	if st, _ := post(t, ts, c.ID, "answers", w, map[string]any{"seq": 0, "answer": "6"}); st != 200 {
		t.Fatalf("answer: %d", st)
	}
	if st, e := post(t, ts, c.ID, "answers", b, map[string]any{"seq": 0, "answer": "1"}); st != 409 || e.Seq == nil || *e.Seq != 1 {
		t.Errorf("a stale seq: %d %+v", st, e)
	}
	// The Breakers' die is asked with what the roll-off had so far.
	if v := c.get(t, ts, b); v.Pending == nil || fmt.Sprint(v.Pending.SoFar) != "[Priority roll, Rustwater Wardens: 6 typed]" {
		t.Errorf("the second Priority die: pending %+v, want so_far [Priority roll, Rustwater Wardens: 6 typed]", v.Pending)
	}
	if st, _ := post(t, ts, c.ID, "answers", b, map[string]any{"seq": 1, "answer": "1"}); st != 200 {
		t.Fatal("the Breakers' die")
	}
	v = c.get(t, ts, w)
	if v.Seq != 2 || v.Decider == nil || *v.Decider != 0 || len(v.Legal) == 0 || v.Legal[0] != "activate m0" {
		t.Fatalf("after Priority: %+v", v)
	}
	if vb := c.get(t, ts, b); len(vb.Legal) != 0 {
		t.Errorf("the Breakers see legal actions on the Wardens' decision: %v", vb.Legal)
	}
	if st, e := post(t, ts, c.ID, "actions", w, map[string]any{"seq": 2, "action": "activate m5"}); st != 422 || !strings.Contains(e.Error, "is not legal") {
		t.Errorf("activating an enemy: %d %+v", st, e)
	}
	if st, _ := post(t, ts, c.ID, "actions", b, map[string]any{"seq": 2, "action": "activate m0"}); st != 403 {
		t.Errorf("the Breakers acting for the Wardens: %d", st)
	}
	var why struct {
		Legal  bool   `json:"legal"`
		Reason string `json:"reason"`
	}
	if st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"/why?action=activate+m5", w, nil, &why); st != 200 || why.Legal || !strings.Contains(why.Reason, "Breakers") {
		t.Errorf("why: %d %+v", st, why)
	}
	if st, _ := post(t, ts, c.ID, "actions", w, map[string]any{"seq": 2, "action": "activate m0"}); st != 200 {
		t.Fatal("activate")
	}
	// Exact odds of a legal action, from the live state.
	v = c.get(t, ts, w)
	var odds struct {
		Rows []struct {
			Label string `json:"label"`
			Exact string `json:"exact"`
		} `json:"rows"`
	}
	var shot string
	for _, a := range v.Legal {
		if strings.HasPrefix(a, "shoot ") {
			shot = a
			break
		}
	}
	if st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"/odds?action="+strings.ReplaceAll(shot, " ", "+"), w, nil, &odds); st != 422 {
		// At a table the shot needs measurements nobody has made: the odds
		// say so rather than guess.
		t.Errorf("odds of %q at a table: %d %+v", shot, st, odds)
	}
	// The log's latest lines only.
	var tail view
	if st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"?log=1", spec, nil, &tail); st != 200 || len(tail.Log) != 1 || tail.LogTotal < 2 || tail.LogFrom != tail.LogTotal-1 {
		t.Errorf("?log=1: %d, %d lines from %d of %d", st, len(tail.Log), tail.LogFrom, tail.LogTotal)
	}
	// Undo: only one's own; a concession ends the game; then the export.
	if st, _ := post(t, ts, c.ID, "undo", b, map[string]any{"seq": 3}); st != 403 {
		t.Errorf("the Breakers undoing the Wardens' activation: %d", st)
	}
	if st, _ := post(t, ts, c.ID, "undo", w, map[string]any{"seq": 3}); st != 200 {
		t.Errorf("undo: %d", st)
	}
	var ex apiErr
	if st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"/export", w, nil, &ex); st != 403 || !strings.Contains(ex.Error, "seed") {
		t.Errorf("export of a running game: %d %+v", st, ex)
	}
	if st, _ := post(t, ts, c.ID, "concede", b, map[string]any{"seq": 4}); st != 200 {
		t.Fatal("concede")
	}
	v = c.get(t, ts, spec)
	if !v.Over || v.Winner == nil || *v.Winner != 0 || v.Seat != nil {
		t.Fatalf("after the concession: %+v", v)
	}
	if v.Pending != nil { // the game's end may ask for lasting rolls: none here
		t.Fatalf("pending after the end: %+v", v.Pending)
	}
	var sv engine.Save
	if st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"/export", spec, nil, &sv); st != 200 || sv.Seed != seed {
		t.Fatalf("export: %d, seed %d", st, sv.Seed)
	}
	verifyExport(t, &sv)
}

// onFile starts a server on a new SQLite file, and gives the function that
// stops it and starts another on the same file, as a restart does.
func onFile(t testing.TB) (*httptest.Server, func() *httptest.Server) {
	t.Helper()
	db := filepath.Join(t.TempDir(), "games.db")
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures()}
	ts := httptest.NewServer(server.New(cfg).Handler())
	return ts, func() *httptest.Server {
		ts.Close()
		st.Close()
		return reopen(t, cfg, db)
	}
}

// reopen starts a new server on the database file db, as after a restart,
// closed when the test ends.
func reopen(t testing.TB, cfg server.Config, db string) *httptest.Server {
	t.Helper()
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = st
	ts := httptest.NewServer(server.New(cfg).Handler())
	t.Cleanup(func() {
		ts.Close()
		st.Close()
	})
	return ts
}

// verifyExport replays an export as replay --verify does, and returns the
// game it rebuilds (nil, with the test failed, if it does not verify).
func verifyExport(t testing.TB, sv *engine.Save) *engine.Game {
	t.Helper()
	reg := all.Rulesets()
	sc, err := scenario.Decode("export", sv.Scenario, reg, nil)
	if err != nil {
		t.Fatal(err)
	}
	su, err := sc.Setup(sv.Mode)
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := reg.Lookup(sv.Ruleset)
	g, err := engine.Load(rs, su, sv, nil)
	if err != nil {
		t.Errorf("the export does not verify: %v", err)
		return nil
	}
	return g
}

// Live updates: every write reaches every client following the game, in
// order; a client that reconnects with Last-Event-ID gets what it missed,
// nothing twice.
func TestEvents(t *testing.T) {
	ts, _ := newServer(t)
	c := create(t, ts, map[string]any{"scenario": "hab-block-brawl", "dice": "physical", "seed": 3})
	w, b := c.Seats[0].Token, c.Seats[1].Token
	stream := func(after string) (*bufio.Reader, func()) {
		req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+c.ID+"/events", nil)
		req.Header.Set("Authorization", "Bearer "+c.Token)
		if after != "" {
			req.Header.Set("Last-Event-ID", after)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
			t.Fatalf("events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		return bufio.NewReader(resp.Body), func() { resp.Body.Close() }
	}
	ids := func(r *bufio.Reader, n int) []string {
		var got []string
		done := make(chan struct{})
		go func() {
			defer close(done)
			for len(got) < n {
				line, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if id, ok := strings.CutPrefix(strings.TrimSpace(line), "id: "); ok {
					got = append(got, id)
				}
			}
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Errorf("waited for %d events, got %v", n, got)
		}
		return got
	}
	r1, close1 := stream("")
	defer close1()
	r1.ReadString('\n') // the greeting comment
	start := time.Now()
	post(t, ts, c.ID, "answers", w, map[string]any{"seq": 0, "answer": "6"})
	post(t, ts, c.ID, "answers", b, map[string]any{"seq": 1, "answer": "1"})
	if got := ids(r1, 2); fmt.Sprint(got) != "[1 2]" {
		t.Errorf("live events %v, want [1 2]", got)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Logf("events took %v", d)
	}
	post(t, ts, c.ID, "actions", w, map[string]any{"seq": 2, "action": "activate m0"})
	// A client that saw up to 1 reconnects: 2 and 3 from the store, then
	// what comes live.
	r2, close2 := stream("1")
	defer close2()
	post(t, ts, c.ID, "actions", w, map[string]any{"seq": 3, "action": "end m0"})
	if got := ids(r2, 3); fmt.Sprint(got) != "[2 3 4]" {
		t.Errorf("reconnected events %v, want [2 3 4]", got)
	}
	if st, _ := post(t, ts, c.ID, "events", w, nil); st != 405 {
		t.Errorf("POST events: %d", st)
	}
}

// At a table, an answer can show that the action waiting was never legal
// (the target is out of sight): the rules refuse it and take it back. The
// answer changed the game, so it is a command like any other: acknowledged
// with the refusal's reason, seen by every client, and the same after the
// game is rebuilt from the store (issue 8's refusals, kept by issue 13).
func TestRefusedAnswer(t *testing.T) {
	ts, restart := onFile(t)
	c := create(t, ts, map[string]any{"scenario": "hab-block-brawl", "dice": "physical", "seed": 1})
	w, b := c.Seats[0].Token, c.Seats[1].Token
	post(t, ts, c.ID, "answers", w, map[string]any{"seq": 0, "answer": "6"})
	post(t, ts, c.ID, "answers", b, map[string]any{"seq": 1, "answer": "1"})
	post(t, ts, c.ID, "actions", w, map[string]any{"seq": 2, "action": "activate m1"})
	before := c.get(t, ts, w)
	if st, e := post(t, ts, c.ID, "actions", w, map[string]any{"seq": 3, "action": "braced-shot m1 >m5"}); st != 200 {
		t.Fatalf("the shot: %d %+v", st, e)
	}
	if v := c.get(t, ts, w); v.Pending == nil || v.Pending.Key != "sight" {
		t.Fatalf("want the sight question: %+v", v.Pending)
	}
	var reply struct {
		Seq     int    `json:"seq"`
		Refused string `json:"refused"`
	}
	if st := do(t, "POST", ts.URL+"/api/games/"+c.ID+"/answers", w, map[string]any{"seq": 4, "answer": "no"}, &reply); st != 200 || reply.Seq != 5 || !strings.Contains(reply.Refused, "see") {
		t.Fatalf("answering no: %d %+v", st, reply)
	}
	after := c.get(t, ts, w)
	if after.Pending != nil || after.Seq != 5 || !slices.Equal(after.Legal, before.Legal) || string(after.State) != string(before.State) {
		t.Errorf("after the refusal the game is not as before the shot:\n%+v\n%+v", before, after)
	}
	ts2 := restart()
	again := c.get(t, ts2, w)
	if again.Pending != nil || again.Seq != 5 || !slices.Equal(again.Legal, after.Legal) || string(again.State) != string(after.State) {
		t.Errorf("rebuilt from the store, the game differs: %+v", again)
	}
}

// A write may carry the seat's view after it, as a read would give it.
func TestWriteWithView(t *testing.T) {
	ts, _ := newServer(t)
	c := create(t, ts, map[string]any{"scenario": "hab-block-brawl", "dice": "physical", "seed": 7})
	w, b := c.Seats[0].Token, c.Seats[1].Token
	post(t, ts, c.ID, "answers", w, map[string]any{"seq": 0, "answer": "6"})
	post(t, ts, c.ID, "answers", b, map[string]any{"seq": 1, "answer": "1"})
	post(t, ts, c.ID, "actions", w, map[string]any{"seq": 2, "action": "activate m0"})
	var withView struct {
		Seq  int  `json:"seq"`
		View view `json:"view"`
	}
	if st := do(t, "POST", ts.URL+"/api/games/"+c.ID+"/undo?view=true&log=none", w, map[string]any{"seq": 3}, &withView); st != 200 || withView.Seq != 4 || withView.View.Seq != 4 || len(withView.View.Legal) == 0 || len(withView.View.State) == 0 || len(withView.View.Log) != 0 {
		t.Fatalf("undo with ?view=true: %d seq %d view seq %d", st, withView.Seq, withView.View.Seq)
	}
	if st, _ := post(t, ts, c.ID, "actions", w, map[string]any{"seq": 4, "action": "activate m0"}); st != 200 {
		t.Fatal("activate again")
	}
	if st, e := post(t, ts, c.ID, "actions?view=maybe", w, map[string]any{"seq": 5, "action": "end m0"}); st != 400 || e.Field != "view" {
		t.Errorf("?view=maybe: %d %+v", st, e)
	}
}

// The event stream takes a token's events key (?key=, given as the
// X-Events-Key header of the game and its panel) so that a browser need not
// put a seat's token in the stream's URL; the key opens nothing else, and
// a key that is malformed, of another game or of no token is refused,
// naming the key.
func TestEventsKey(t *testing.T) {
	ts, _ := newServer(t)
	c := create(t, ts, map[string]any{"scenario": "hab-block-brawl", "dice": "physical", "seed": 3})
	other := create(t, ts, map[string]any{"scenario": "hab-block-brawl", "dice": "physical", "seed": 4})
	w := c.Seats[0].Token
	_, _, h := fetch(t, "GET", ts.URL+"/api/games/"+c.ID, w, "", nil)
	_, _, hp := fetch(t, "GET", ts.URL+"/g/"+c.ID+"/panel", c.Token, "", nil)
	key := h.Get("X-Events-Key")
	if key != server.EventsKey(w) || len(key) != 64 || hp.Get("X-Events-Key") != server.EventsKey(c.Token) {
		t.Fatalf("X-Events-Key %q (panel %q), want the tokens' keys", key, hp.Get("X-Events-Key"))
	}
	open := func(q string) (int, string) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/games/"+c.ID+"/events?"+q, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode == 200 {
			return 200, resp.Header.Get("Content-Type")
		}
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if st, ct := open("key=" + key); st != 200 || ct != "text/event-stream" {
		t.Errorf("the stream with the seat's key: %d %s", st, ct)
	}
	if st, _ := open("key=" + server.EventsKey(c.Token)); st != 200 {
		t.Errorf("the stream with the spectator's key: %d", st)
	}
	for q, want := range map[string]string{
		"key=" + strings.ToUpper(key):     "not an events key (64 lowercase",
		"key=" + key[:63]:                 "not an events key (64 lowercase",
		"key=" + strings.Repeat("zz", 32): "not an events key (64 lowercase",
		"key=":                            "not an events key (64 lowercase",
	} {
		if st, body := open(q); st != 401 || !strings.Contains(body, want) || !strings.Contains(body, `"field":"authorization"`) {
			t.Errorf("?%s: %d %s, want 401 saying %q", q, st, body, want)
		}
	}
	// Another game's key, or a made-up one: as an unknown game (issue 34).
	for _, q := range []string{"key=" + server.EventsKey(other.Seats[0].Token), "key=" + server.EventsKey(strings.Repeat("0", 32))} {
		if st, body := open(q); st != 404 || !strings.Contains(body, "no game") || !strings.Contains(body, `"field":"authorization"`) {
			t.Errorf("?%s: %d %s, want 404 as for no game", q, st, body)
		}
	}
	// The key opens nothing but the stream.
	for _, u := range []string{"/api/games/" + c.ID + "?key=" + key, "/g/" + c.ID + "/panel?key=" + key, "/api/games/" + c.ID + "/export?key=" + key} {
		if st, _, _ := fetch(t, "GET", ts.URL+u, "", "", nil); st != 401 {
			t.Errorf("GET %s: %d, want 401", u, st)
		}
	}
	if st, _, _ := fetch(t, "GET", ts.URL+"/api/games/"+c.ID, key[:32], "", nil); st != 404 {
		t.Errorf("half a key as a token: %d, want 404 (as for no game)", st)
	}
	if st, e := post(t, ts, c.ID, "answers", key, map[string]any{"seq": 0, "answer": "6"}); st != 401 {
		t.Errorf("a key as a bearer token: %d %+v", st, e)
	}
}

// A mistyped opening die is taken back through the API, while the Priority
// roll is asked and once it is done, by either seat (the start is no
// side's); the store rebuilds the game to the same place.
func TestUndoStart(t *testing.T) {
	ts, restart := onFile(t)
	c := create(t, ts, map[string]any{"scenario": "hab-block-brawl", "dice": "physical", "seed": 1})
	w, b := c.Seats[0].Token, c.Seats[1].Token
	if st, e := post(t, ts, c.ID, "undo", w, map[string]any{"seq": 0}); st != 422 || !strings.Contains(e.Error, "nothing") {
		t.Errorf("undo before any die: %d %+v", st, e)
	}
	if st, _ := post(t, ts, c.ID, "answers", w, map[string]any{"seq": 0, "answer": "6"}); st != 200 {
		t.Fatal("the Wardens' die")
	}
	// A typed die is taken back only if the other seat agrees.
	if st, e := post(t, ts, c.ID, "undo", b, map[string]any{"seq": 1}); st != 202 {
		t.Fatalf("undo of the typed die: %d %+v, want 202 (a request)", st, e)
	}
	if st, e := post(t, ts, c.ID, "undo/approve", w, map[string]any{"seq": 2}); st != 200 {
		t.Fatalf("approving the undo of the typed die: %d %+v", st, e)
	}
	if v := c.get(t, ts, w); v.Pending == nil || v.Pending.Side != 0 || !strings.Contains(v.Pending.Text, "Priority roll") {
		t.Fatalf("after undo want the Wardens' die asked again: %+v", v.Pending)
	}
	post(t, ts, c.ID, "answers", w, map[string]any{"seq": 3, "answer": "2"})
	post(t, ts, c.ID, "answers", b, map[string]any{"seq": 4, "answer": "5"})
	if v := c.get(t, ts, b); v.Pending != nil || v.Decider == nil || *v.Decider != 1 {
		t.Fatalf("after the roll the Breakers decide: %+v", v)
	}
	if st, e := post(t, ts, c.ID, "undo", w, map[string]any{"seq": 5}); st != 202 {
		t.Fatalf("undo of the finished start: %d %+v, want 202 (a request)", st, e)
	}
	if st, e := post(t, ts, c.ID, "undo/approve", b, map[string]any{"seq": 6}); st != 200 {
		t.Fatalf("approving the undo of the finished start: %d %+v", st, e)
	}
	// The engine's log starts again; the start taken back stays in the
	// server's, struck through, with its dice.
	v := c.get(t, ts, w)
	if v.Pending == nil || v.Pending.Side != 0 || len(v.Log) != 1 || v.Log[0].Action != "start of the game" || !v.Log[0].Undone || !v.Log[0].Dropped || len(v.Log[0].Answers) != 2 {
		t.Fatalf("after undoing the start want its first die asked and the start taken back in the log: %+v", v)
	}
	ts2 := restart()
	again := c.get(t, ts2, w)
	if again.Seq != v.Seq || again.Pending == nil || again.Pending.Side != 0 || string(again.State) != string(v.State) {
		t.Errorf("rebuilt from the store, the game differs: %+v", again)
	}
}

// An imported save whose ruleset was edited to another is refused naming
// the ruleset, not read as the other ruleset's older version; the save as
// exported imports.
func TestImportEditedRuleset(t *testing.T) {
	ts, _ := newServer(t)
	c := create(t, ts, map[string]any{"ruleset": "n26", "scenario": "sump-crossing"})
	if st, _ := post(t, ts, c.ID, "concede", c.Seats[1].Token, map[string]any{"seq": c.get(t, ts, c.Token).Seq}); st != 200 {
		t.Fatal("concede")
	}
	var raw json.RawMessage
	if st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"/export", c.Token, nil, &raw); st != 200 {
		t.Fatalf("export: %d", st)
	}
	var sv map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // the seed is 64 bits
	if err := dec.Decode(&sv); err != nil {
		t.Fatal(err)
	}
	var ok map[string]any
	if st := do(t, "POST", ts.URL+"/api/games/import", "", sv, &ok); st != http.StatusCreated {
		t.Fatalf("the export does not import: %d %v", st, ok)
	}
	sv["ruleset"] = "trenchcrusade"
	var e apiErr
	if st := do(t, "POST", ts.URL+"/api/games/import", "", sv, &e); st != 422 || e.Field != "ruleset" || !strings.Contains(e.Error, `the save says "trenchcrusade", its scenario "n26": the save was edited`) {
		t.Errorf("edited ruleset: %d %+v", st, e)
	}
}
