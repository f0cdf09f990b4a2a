package server_test

import (
	"strings"
	"testing"
	"time"
)

// Issue 32, 1: at a table, a shot takes at most three taps from its
// button to the dice keypad when the sheet's starting measurements are
// right: the Shoot, Confirm, and the keypad is there (the measurements
// went with the action); an activation goes at its one tap.
func TestBrowserShotInThreeTaps(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	c := create(t, ts, map[string]any{"ruleset": "trenchcrusade", "scenario": "shell-crater", "dice": "physical", "seed": 1})
	// The Initiative to the Ashen Vigil, through the API: not what is
	// measured here.
	for range 6 {
		v := c.get(t, ts, c.Seats[0].Token)
		if v.Pending == nil {
			break
		}
		tok := c.Seats[max(v.Pending.Side, 0)].Token
		answer := map[bool]string{true: "6", false: "1"}[v.Pending.Side == 0]
		if v.Pending.Kind == "choice" {
			answer = "us"
		}
		post(t, ts, c.ID, "answers", tok, map[string]any{"seq": v.Seq, "answer": answer})
	}
	p := newPhone(t, b, "vigil")
	st := p.open(ts.URL + "/g/" + c.ID + "#" + c.Seats[0].Token)
	taps := 0
	tap := func(sel string) {
		t.Helper()
		taps++
		p.clickJS(sel)
	}
	// One tap activates a rifleman (nothing to weigh: no sheet).
	before := p.writes()
	tap(`Array.from(document.querySelectorAll("button.act")).find(b => b.dataset.act === "activate m1")`)
	st = p.settle(before)
	if taps != 1 || st.Kind != "" {
		t.Fatalf("after activating: %d taps, asking %q", taps, st.Kind)
	}
	var shot string
	for _, a := range st.Actions {
		if strings.HasPrefix(a, "shoot m1 ") {
			shot = a
			break
		}
	}
	if shot == "" {
		t.Fatalf("no shot among %v", st.Actions)
	}
	taps = 0
	tap(`Array.from(document.querySelectorAll("button.act")).find(b => b.dataset.act === "` + shot + `")`)
	if _, sent := p.waitOdds(shot, p.writes()); sent {
		t.Fatal("a shot was sent without its sheet")
	}
	var measures int
	p.eval(`document.querySelectorAll("#odds .meas").length`, &measures)
	before = p.writes()
	tap(`document.querySelector("#confirm")`)
	st = p.settle(before)
	deadline := time.Now().Add(5 * time.Second)
	for st.Kind == "" && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		st = p.state()
	}
	p.shot("shot-keypad")
	if st.Kind != "roll" || taps > 3 {
		t.Errorf("after %d taps (the sheet showed %d measurements) the phone asks %q, want the dice keypad within 3", taps, measures, st.Kind)
	}
	t.Logf("%d taps from the Shoot to the keypad; the sheet had %d measurements", taps, measures)
}
