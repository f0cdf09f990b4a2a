package server_test

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// undoReply is a write's reply: its seq, and for an undo that waits for
// consent, the request.
type undoReply struct {
	Seq         int          `json:"seq"`
	UndoRequest *undoRequest `json:"undo_request"`
	Error       string       `json:"error"`
	Field       string       `json:"field"`
}

// table is a table game of n26 with physical dice, through the API: the
// Wardens (seat 0) have Priority and have activated their gunner.
type table struct {
	t       *testing.T
	ts      *httptest.Server
	c       created
	w, b, s string // the Wardens', the Breakers' and the spectator's tokens
}

func newTable(t *testing.T, ts *httptest.Server) *table {
	t.Helper()
	c := create(t, ts, map[string]any{"scenario": "hab-block-brawl", "dice": "physical", "seed": 1})
	tb := &table{t: t, ts: ts, c: c, w: c.Seats[0].Token, b: c.Seats[1].Token, s: c.Token}
	tb.ok("answers", tb.w, "6")
	tb.ok("answers", tb.b, "1")
	tb.ok("actions", tb.w, "activate m1")
	return tb
}

// seq is the game's seq now.
func (tb *table) seq() int { return tb.c.get(tb.t, tb.ts, tb.s).Seq }

// send posts a write at the game's seq now (what: the action or the
// answer, if any), and gives the status and the reply.
func (tb *table) send(path, token, what string) (int, undoReply) {
	tb.t.Helper()
	body := map[string]any{"seq": tb.seq()}
	switch path {
	case "actions":
		body["action"] = what
	case "answers":
		body["answer"] = what
	}
	var r undoReply
	st := do(tb.t, "POST", tb.ts.URL+"/api/games/"+tb.c.ID+"/"+path, token, body, &r)
	return st, r
}

// ok sends a write that must be applied (200).
func (tb *table) ok(path, token, what string) undoReply {
	tb.t.Helper()
	st, r := tb.send(path, token, what)
	if st != http.StatusOK {
		tb.t.Fatalf("%s %q: %d %+v", path, what, st, r)
	}
	return r
}

// shoot takes the gunner's Braced Shot to its first die: the three
// measurements (the Wardens', whose shot asks them: issue 34) and the
// Wardens' choice of one firepower die.
func (tb *table) shoot() {
	tb.t.Helper()
	tb.ok("actions", tb.w, "braced-shot m1 >m5")
	for _, a := range []string{"yes", "yes", "yes"} {
		tb.ok("answers", tb.w, a)
	}
	tb.ok("answers", tb.w, "1")
}

// An undo that takes back nothing the table has seen applies at once, as
// before: an activation (no questions), and a shot whose only answers are
// the table's measurements and the shooter's own choice. The other phone
// is told what was taken back (its measurements, which both saw made,
// left out), and the shot, which the engine's log never held, stays in the
// log struck through with all its answers.
func TestUndoOfNothingSeenApplies(t *testing.T) {
	ts, _ := newServer(t)
	tb := newTable(t, ts)
	if r := tb.ok("undo", tb.w, ""); r.UndoRequest != nil {
		t.Errorf("undo of an activation asked for consent: %+v", r)
	}
	v := tb.c.get(t, ts, tb.b)
	if v.UndoRequest != nil || v.TookBack == nil || v.TookBack.By != 0 || v.TookBack.Text != "activate warden-gunner" {
		t.Errorf("after the undo of the activation the Breakers see request %+v, took back %+v", v.UndoRequest, v.TookBack)
	}
	tb.ok("actions", tb.w, "activate m1")
	before := tb.c.get(t, ts, tb.w)
	tb.shoot()
	r := tb.ok("undo", tb.w, "")
	if r.UndoRequest != nil {
		t.Errorf("undo of a shot with no dice yet asked for consent: %+v", r)
	}
	after := tb.c.get(t, ts, tb.w)
	if after.Pending != nil || string(after.State) != string(before.State) {
		t.Errorf("after the undo the game is not as before the shot: pending %+v", after.Pending)
	}
	last := after.Log[len(after.Log)-1]
	if !last.Undone || !last.Dropped || !strings.HasPrefix(last.Action, "Braced Shot") || len(last.Answers) != 4 ||
		after.TookBack == nil || !strings.Contains(after.TookBack.Text, "Rustwater Wardens chose 1") || strings.Contains(after.TookBack.Text, "see breaker-boss") ||
		!strings.Contains(after.TookBack.Text, "not finished") {
		t.Errorf("the shot taken back: last line %+v, took back %+v", last, after.TookBack)
	}
	// The next command ends the notice; the struck line stays.
	tb.ok("actions", tb.w, "braced-shot m1 >m5")
	if v := tb.c.get(t, ts, tb.b); v.TookBack != nil || !v.Log[len(v.Log)-1].Dropped {
		t.Errorf("after the next action: took back %+v, log %+v", v.TookBack, v.Log)
	}
}

// An undo past typed dice is a request: 202, seen by both seats and the
// spectator; the other seat declines it or approves it, the asker may
// withdraw it, any other command drops it; the asker cannot approve it,
// the spectator can do none of it, a second undo waits, and an answer
// with nothing asked is refused. Approved, the game is as before the shot,
// and both phones are told what was taken back, with its dice.
func TestUndoByConsent(t *testing.T) {
	ts, _ := newServer(t)
	tb := newTable(t, ts)
	before := tb.c.get(t, ts, tb.w)
	for _, p := range []string{"undo/approve", "undo/decline"} {
		if st, r := tb.send(p, tb.b, ""); st != 422 || r.Field != "undo" || !strings.Contains(r.Error, "no undo is waiting") {
			t.Errorf("%s with nothing asked: %d %+v", p, st, r)
		}
	}
	tb.shoot()
	tb.ok("answers", tb.w, "4") // the hit roll, typed
	st, r := tb.send("undo", tb.w, "")
	if st != http.StatusAccepted || r.UndoRequest == nil || r.UndoRequest.By != 0 || r.UndoRequest.Entry != 2 || r.Seq != tb.seq() {
		t.Fatalf("undo past a typed die: %d %+v, want 202 with the request", st, r)
	}
	text := r.UndoRequest.Text
	if !strings.HasPrefix(text, "Braced Shot warden-gunner → breaker-boss") || !strings.Contains(text, "Ranged hit") || !strings.Contains(text, "Ranged hit: pass (4) typed") {
		t.Errorf("the request's text does not say the shot and its die: %q", text)
	}
	for _, tok := range []string{tb.w, tb.b, tb.s} {
		if v := tb.c.get(t, ts, tok); v.UndoRequest == nil || *v.UndoRequest != *r.UndoRequest || v.Pending == nil {
			t.Errorf("a view shows request %+v, pending %+v", v.UndoRequest, v.Pending)
		}
	}
	// Refused, changing nothing.
	for _, p := range []string{"undo", "undo/approve", "undo/decline"} {
		if st, r := tb.send(p, tb.s, ""); st != 403 {
			t.Errorf("the spectator: %s: %d %+v", p, st, r)
		}
	}
	if st, r := tb.send("undo/approve", tb.w, ""); st != 422 || r.Field != "undo" || !strings.Contains(r.Error, "another player must agree") {
		t.Errorf("the asker approving: %d %+v", st, r)
	}
	if st, r := tb.send("undo", tb.w, ""); st != 422 || !strings.Contains(r.Error, "asked already") {
		t.Errorf("a second undo while one waits: %d %+v", st, r)
	}
	var e apiErr
	if st := do(t, "POST", ts.URL+"/api/games/"+tb.c.ID+"/undo/approve", tb.b, map[string]any{"seq": tb.seq() - 1}, &e); st != 409 || e.Seq == nil {
		t.Errorf("approving on a stale seq: %d %+v", st, e)
	}
	if v := tb.c.get(t, ts, tb.s); v.UndoRequest == nil {
		t.Fatal("a refusal dropped the request")
	}
	// Declined by the other seat; withdrawn by the asker; dropped by play.
	tb.ok("undo/decline", tb.b, "")
	if v := tb.c.get(t, ts, tb.w); v.UndoRequest != nil || v.Pending == nil || v.TookBack != nil {
		t.Errorf("declined: request %+v, pending %+v", v.UndoRequest, v.Pending)
	}
	if st, _ := tb.send("undo", tb.w, ""); st != 202 {
		t.Fatalf("asked again: %d", st)
	}
	tb.ok("undo/decline", tb.w, "")
	if v := tb.c.get(t, ts, tb.b); v.UndoRequest != nil {
		t.Errorf("withdrawn, the request is still there: %+v", v.UndoRequest)
	}
	if st, _ := tb.send("undo", tb.w, ""); st != 202 {
		t.Fatalf("asked a third time: %d", st)
	}
	tb.ok("answers", tb.w, "1") // the firepower die: the Wardens play on
	if v := tb.c.get(t, ts, tb.b); v.UndoRequest != nil {
		t.Errorf("another write left the request: %+v", v.UndoRequest)
	}
	// The Breakers' dice too: the shot is done, with both sides' dice.
	tb.ok("answers", tb.w, "no") // cover: the Wardens measure (issue 34)
	tb.ok("answers", tb.b, "1")  // the wound roll, the Breakers'
	if v := tb.c.get(t, ts, tb.w); v.Pending != nil || len(v.Log) != 3 {
		t.Fatalf("the shot is not done: pending %+v, %d lines", v.Pending, len(v.Log))
	}
	st, r = tb.send("undo", tb.w, "")
	if st != 202 || r.UndoRequest.Entry != 2 || !strings.Contains(r.UndoRequest.Text, "Wound roll") {
		t.Fatalf("undo of the finished shot: %d %+v", st, r)
	}
	text = r.UndoRequest.Text
	tb.ok("undo/approve", tb.b, "")
	for _, tok := range []string{tb.w, tb.b} {
		v := tb.c.get(t, ts, tok)
		if v.UndoRequest != nil || v.Pending != nil || string(v.State) != string(before.State) || v.TookBack == nil || v.TookBack.Text != text || v.TookBack.By != 0 {
			t.Errorf("approved: request %+v, pending %+v, took back %+v; state as before the shot: %v", v.UndoRequest, v.Pending, v.TookBack, string(v.State) == string(before.State))
		}
		if shot := v.Log[2]; !shot.Undone || shot.Dropped || len(shot.Answers) != 8 || v.Log[3].Action != "undo of entry 2" {
			t.Errorf("the log after the undo: %+v", v.Log)
		}
	}
}

// A game whose dice the server rolls: a strict one (the default) refuses
// undo past rolled dice, as before; one made with "strict": false asks the
// other seat instead.
func TestUndoDigitalDice(t *testing.T) {
	ts, _ := newServer(t)
	for _, strict := range []bool{true, false} {
		c := create(t, ts, map[string]any{"scenario": "sump-crossing", "seed": 3, "strict": strict})
		for i := 0; ; i++ {
			if i == 60 {
				t.Fatal("no shot or charge in 60 actions")
			}
			v := c.get(t, ts, c.Token)
			side := *v.Decider
			v = c.get(t, ts, c.Seats[side].Token)
			a := v.Legal[0]
			for _, x := range v.Legal {
				if strings.HasPrefix(x, "shoot") || strings.HasPrefix(x, "charge") {
					a = x
				}
			}
			if st, e := post(t, ts, c.ID, "actions", c.Seats[side].Token, map[string]any{"seq": v.Seq, "action": a}); st != 200 {
				t.Fatalf("%s: %d %+v", a, st, e)
			}
			if !strings.HasPrefix(a, "shoot") && !strings.HasPrefix(a, "charge") {
				continue
			}
			var r undoReply
			st := do(t, "POST", ts.URL+"/api/games/"+c.ID+"/undo", c.Seats[side].Token, map[string]any{"seq": v.Seq + 1}, &r)
			switch {
			case strict && (st != 422 || !strings.Contains(r.Error, "strict")):
				t.Errorf("strict: undoing %s, which rolled digital dice: %d %+v", a, st, r)
			case !strict && (st != 202 || r.UndoRequest == nil || r.UndoRequest.By != side):
				t.Errorf("not strict: undoing %s, which rolled digital dice: %d %+v, want a request", a, st, r)
			}
			break
		}
	}
}

// The request is a command: a server restarted on the same database, and
// one killed with SIGKILL, rebuild the game with the same request
// waiting, which the other seat then approves.
func TestUndoRequestSurvivesRestart(t *testing.T) {
	ts, restart := onFile(t)
	tb := newTable(t, ts)
	before := tb.c.get(t, ts, tb.w)
	tb.shoot()
	tb.ok("answers", tb.w, "4")
	st, r := tb.send("undo", tb.w, "")
	if st != 202 {
		t.Fatalf("undo past a typed die: %d %+v", st, r)
	}
	tb.ts = restart()
	v := tb.c.get(t, tb.ts, tb.b)
	if v.UndoRequest == nil || *v.UndoRequest != *r.UndoRequest || v.Seq != r.Seq {
		t.Fatalf("after a restart the request is %+v at seq %d, want %+v at %d", v.UndoRequest, v.Seq, r.UndoRequest, r.Seq)
	}
	tb.ok("undo/approve", tb.b, "")
	if v := tb.c.get(t, tb.ts, tb.w); v.Pending != nil || string(v.State) != string(before.State) || v.TookBack == nil {
		t.Errorf("approved after a restart: pending %+v, took back %+v", v.Pending, v.TookBack)
	}

	// kill -9
	if testing.Short() {
		return
	}
	db := filepath.Join(t.TempDir(), "kill.db")
	base, cmd := startChild(t, db)
	defer func() {
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
	}()
	tb2 := newTable(t, &httptest.Server{URL: base}) // the child's address: no server of the test's own
	tb2.shoot()
	tb2.ok("answers", tb2.w, "4")
	if st, r = tb2.send("undo", tb2.w, ""); st != 202 {
		t.Fatalf("undo past a typed die: %d %+v", st, r)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	base, cmd = startChild(t, db)
	tb2.ts = &httptest.Server{URL: base}
	if v := tb2.c.get(t, tb2.ts, tb2.b); v.UndoRequest == nil || *v.UndoRequest != *r.UndoRequest {
		t.Fatalf("after kill -9 the request is %+v, want %+v", v.UndoRequest, r.UndoRequest)
	}
	tb2.ok("undo/decline", tb2.b, "")
}

// The event stream says when an undo is asked for, approved or declined,
// with the command's kind, so that the other phone shows it at once.
func TestUndoEvents(t *testing.T) {
	ts, _ := newServer(t)
	tb := newTable(t, ts)
	tb.shoot()
	tb.ok("answers", tb.w, "4")
	req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+tb.c.ID+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+tb.b)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	kinds := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if k, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				kinds <- k
			}
		}
	}()
	time.Sleep(50 * time.Millisecond) // the stream is open
	tb.send("undo", tb.w, "")
	tb.ok("undo/decline", tb.b, "")
	tb.send("undo", tb.w, "")
	tb.ok("undo/approve", tb.b, "")
	var got []string
	for range 4 {
		select {
		case k := <-kinds:
			got = append(got, k)
		case <-time.After(5 * time.Second):
			t.Fatalf("events so far %v, want 4", got)
		}
	}
	if strings.Join(got, " ") != "undo-request undo-decline undo-request undo-approve" {
		t.Errorf("events %v", got)
	}
}

// The panel shows the request on both phones: the asker's with Withdraw,
// the other's with Approve and Decline, the spectator's with neither; the
// asker's Undo button is gone meanwhile. Once approved, the other phone
// says what was taken back, with its dice.
func TestUndoRequestPanel(t *testing.T) {
	ts, _ := newServer(t)
	tb := newTable(t, ts)
	tb.shoot()
	tb.ok("answers", tb.w, "4")
	panel := func(tok string) string {
		st, body, _ := fetch(t, "GET", ts.URL+"/g/"+tb.c.ID+"/panel", tok, "", nil)
		if st != 200 {
			t.Fatalf("panel: %d %s", st, body)
		}
		return body
	}
	if p := panel(tb.w); !strings.Contains(p, `data-write="undo"`) {
		t.Fatal("no Undo button before the request")
	}
	tb.send("undo", tb.w, "")
	asker, other, watch := panel(tb.w), panel(tb.b), panel(tb.s)
	for _, c := range []struct {
		who, page string
		want      []string
		not       []string
	}{
		{"the asker", asker, []string{"Waiting for the other player to agree to take back: Braced Shot", "Ranged hit: pass (4) typed", `data-write="undo/decline">Withdraw`}, []string{`data-write="undo/approve"`, `data-write="undo"`}},
		{"the other seat", other, []string{"Rustwater Wardens ask to take back", "Ranged hit: pass (4) typed", `data-write="undo/approve">Approve`, `data-write="undo/decline">Decline`}, []string{"Withdraw"}},
		{"the spectator", watch, []string{"Rustwater Wardens ask to take back", "Ranged hit: pass (4) typed"}, []string{"data-write"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.page, w) {
				t.Errorf("%s's panel lacks %q", c.who, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(c.page, n) {
				t.Errorf("%s's panel has %q", c.who, n)
			}
		}
	}
	tb.ok("undo/approve", tb.b, "")
	if p := panel(tb.b); !strings.Contains(p, "Rustwater Wardens took back: Braced Shot") || !strings.Contains(p, "Ranged hit: pass (4) typed") || strings.Contains(p, "undo-req") {
		t.Errorf("after the approval the other phone does not say what was taken back:\n%s", p)
	}
	if p := panel(tb.w); !strings.Contains(p, "You took back: Braced Shot") || !strings.Contains(p, `class="undone"`) {
		t.Errorf("after the approval the asker's phone does not say what was taken back, struck in the log")
	}
}
