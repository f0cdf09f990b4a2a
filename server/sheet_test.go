package server_test

import (
	"fmt"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// sheet is the odds with measure=all, as the tests read it.
type sheet struct {
	Rows []struct {
		Label string `json:"label"`
		Exact string `json:"exact"`
	} `json:"rows"`
	Dice         []struct{ Key, What string } `json:"dice"`
	Measurements []struct {
		ID       string `json:"id"`
		Key      string `json:"key"`
		Question string `json:"question"`
		YesNo    bool   `json:"yesno"`
		Value    string `json:"value"`
		From     string `json:"from"`
		Later    bool   `json:"later"`
	} `json:"measurements"`
	Refused  string `json:"refused"`
	Headline struct {
		Text      string `json:"text"`
		TargetOut string `json:"target_out"`
	} `json:"headline"`
}

// tcShooter plays a Trench Crusade table game with typed dice to a seat
// whose model may shoot, and returns the game, the seat's token and a
// shot.
func tcShooter(t *testing.T) (*httptest.Server, created, string, string) {
	t.Helper()
	ts, _ := newServer(t)
	c := create(t, ts, map[string]any{"ruleset": "trenchcrusade", "scenario": "shell-crater", "dice": "physical", "seed": 1})
	tok := func() string { return c.Seats[max(*c.get(t, ts, c.Seats[0].Token).Decider, 0)].Token }
	for range 10 {
		v := c.get(t, ts, tok())
		switch {
		case v.Pending != nil && v.Pending.Kind == "roll":
			post(t, ts, c.ID, "answers", tok(), map[string]any{"seq": v.Seq, "answer": map[bool]string{true: "6", false: "1"}[v.Pending.Side == 0]})
		case v.Pending != nil:
			post(t, ts, c.ID, "answers", tok(), map[string]any{"seq": v.Seq, "answer": v.Pending.Options[0]})
		default:
			for _, a := range v.Legal {
				if strings.HasPrefix(a, "shoot ") {
					return ts, c, tok(), a
				}
			}
			post(t, ts, c.ID, "actions", tok(), map[string]any{"seq": v.Seq, "action": v.Legal[0]})
		}
	}
	t.Fatal("no shot offered")
	return nil, c, "", ""
}

// Issue 32, 1: at a table the odds sheet shows every measurement a shot
// rests on at once, with starting values (sight and range yes, cover and a
// friend near the target no), and the odds under them; Confirm sends them
// with the action, which then asks none of them again: its first question
// is the dice keypad (or a choice the rules ask first, Blessing markers). A value changed on the sheet changes the odds as
// answering the questions one by one would; a "no" to sight refuses the
// shot, on the sheet and as an answer sent with the action (nothing
// applied).
func TestSheetMeasuresOnceAndConfirmSendsThem(t *testing.T) {
	ts, c, tok, shot := tcShooter(t)
	get := func(assume ...string) sheet {
		t.Helper()
		var sh sheet
		u := ts.URL + "/api/games/" + c.ID + "/odds?" + url.Values{"action": {shot}, "measure": {"all"}, "assume": assume}.Encode()
		if st := do(t, "GET", u, tok, nil, &sh); st != 200 {
			t.Fatalf("sheet of %s: %d %+v", shot, st, sh)
		}
		return sh
	}
	sh := get()
	if len(sh.Measurements) < 3 || len(sh.Rows) < 2 || len(sh.Dice) == 0 {
		t.Fatalf("the sheet of %s: %+v, want every measurement, the odds and the dice", shot, sh)
	}
	values := map[string]string{}
	var all []string
	for _, m := range sh.Measurements {
		if m.From != "default" {
			t.Errorf("%s: from %q with nothing assumed", m.ID, m.From)
		}
		values[m.Key] = m.Value
		all = append(all, m.ID+"="+m.Value)
	}
	if values["sight"] != "yes" || values["cover"] != "no" {
		t.Errorf("starting values %v, want sight yes, cover no", values)
	}
	// A line above the rows in the game's words: the target out of action.
	if !strings.Contains(sh.Headline.Text, "out of action: ") || sh.Headline.TargetOut == "" {
		t.Errorf("the headline %+v, want the chance the target is out of action", sh.Headline)
	}
	// The same odds as answering each measurement alone (the classic
	// one-at-a-time odds with the sheet's values assumed).
	var one struct {
		Rows []struct{ Label, Exact string }
	}
	if st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"/odds?"+url.Values{"action": {shot}, "assume": all}.Encode(), tok, nil, &one); st != 200 ||
		fmt.Sprint(one.Rows) != fmt.Sprint(sh.Rows) {
		t.Errorf("one at a time %d %v, the sheet %v", st, one.Rows, sh.Rows)
	}
	// Cover yes: other odds, and the sheet says the value is the player's.
	var coverID string
	for _, m := range sh.Measurements {
		if m.Key == "cover" {
			coverID = m.ID
		}
	}
	in := get(coverID + "=yes")
	if fmt.Sprint(in.Rows) == fmt.Sprint(sh.Rows) {
		t.Error("cover yes gives the same odds as cover no")
	}
	for _, m := range in.Measurements {
		if m.ID == coverID && (m.Value != "yes" || m.From != "you") {
			t.Errorf("cover on the sheet: %+v", m)
		}
	}
	// Sight no: refused, with no odds.
	var sightID string
	for _, m := range sh.Measurements {
		if m.Key == "sight" {
			sightID = m.ID
		}
	}
	if r := get(sightID + "=no"); r.Refused == "" || r.Rows != nil {
		t.Errorf("sight no: %+v, want refused", r)
	}
	v := c.get(t, ts, tok)
	var noSight []string // the sheet's values, sight no
	for _, x := range all {
		if strings.HasPrefix(x, sightID+"=") {
			x = sightID + "=no"
		}
		noSight = append(noSight, x)
	}
	if st, e := post(t, ts, c.ID, "actions", tok, map[string]any{"seq": v.Seq, "action": shot, "assume": noSight}); st != 422 || !strings.Contains(e.Error, "see") {
		t.Errorf("the shot sent with sight no: %d %+v", st, e)
	}
	if after := c.get(t, ts, tok); after.Seq != v.Seq || after.Pending != nil {
		t.Errorf("a refused shot changed the game: seq %d → %d, pending %+v", v.Seq, after.Seq, after.Pending)
	}
	// Confirm: the action with the sheet's values; the next question is
	// the dice.
	if st, e := post(t, ts, c.ID, "actions", tok, map[string]any{"seq": v.Seq, "action": shot, "assume": all}); st != 200 {
		t.Fatalf("the shot with its measurements: %d %+v", st, e)
	}
	after := c.get(t, ts, tok)
	if after.Pending == nil || after.Pending.Kind == "fact" {
		t.Errorf("after the shot with its measurements, pending %+v, want the dice (or the Blessing markers to spend first), no measurement", after.Pending)
	}
	// Malformed measurements are refused, naming the field.
	if st, e := post(t, ts, c.ID, "actions", tok, map[string]any{"seq": after.Seq, "action": "end m0", "assume": []string{"sight=maybe"}}); st != 400 || e.Field != "assume" {
		t.Errorf("a malformed assume: %d %+v", st, e)
	}
}
