package server_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/skirmish-engine/skirmish/scenario"
)

// Issue 37, the campaign's pages on two phones: the organiser starts a
// campaign of two saved rosters, fills the new-game form from the
// campaign and makes the game; once it is played, each player opens their
// side's results, sees the changes to their roster before anything is
// applied, and applies them: one with the edit link this phone kept when
// it saved the roster, the other by pasting it (a wrong link first, which
// is refused and changes nothing). The rosters' histories then hold the
// game, and the campaign's page shows both sides applied.
func TestBrowserCampaign(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	_, rs := sampleRosters(t, ts, "n26")

	org := newPhone(t, b, "organiser")
	org.run(chromedp.Navigate(ts.URL+"/campaigns/new"), chromedp.WaitVisible(css("#campaign-form")),
		chromedp.SetValue(css("#c-name"), "The Sump War"), chromedp.SetValue(css("#c-ruleset"), "n26"),
		chromedp.SetValue(css("#c-rosters"), ts.URL+"/rosters/"+rs[0].ID+"\n"+rs[1].ID))
	org.checkPage("new campaign")
	org.click("#campaign-make")
	org.run(chromedp.WaitVisible(css("#campaign-new-game")))
	var loc string
	org.eval(`location.pathname + location.hash`, &loc)
	id, tok, ok := strings.Cut(strings.TrimPrefix(loc, "/campaigns/"), "#")
	if !ok || len(tok) != 32 {
		t.Fatalf("after making the campaign the page is %s, want its edit link", loc)
	}
	org.shot("campaign-new")
	org.checkPage("campaign")
	org.click("#campaign-new")
	org.run(chromedp.WaitVisible(css("#campaign-notice")))
	var filled []string
	org.eval(`[document.querySelector("#side0-roster-id").value, document.querySelector("#side1-roster-id").value, document.querySelector("#campaign-token").value, document.querySelector("#ruleset").value]`, &filled)
	if len(filled) != 4 || filled[0] != rs[0].ID || filled[1] != rs[1].ID || filled[2] != tok || filled[3] != "n26" {
		t.Fatalf("the new-game form from the campaign holds %q", filled)
	}
	org.run(chromedp.SetValue(css("#scenario"), "n26/sump-crossing"), chromedp.SetValue(css("#mode"), "board"), chromedp.SetValue(css("#dice"), "digital"))
	org.click(`button[type=submit]`)
	org.run(chromedp.WaitVisible(css("#seats")))
	var links []string
	org.eval(`Array.from(document.querySelectorAll(".seat .link input")).map(i => i.value)`, &links)
	if len(links) != 3 {
		t.Fatalf("seats page: %d links", len(links))
	}
	c := created{ID: gameID(ts.URL, links[0])}
	for i := range 2 {
		c.Seats = append(c.Seats, struct {
			Side  int    `json:"side"`
			Name  string `json:"name"`
			Token string `json:"token"`
			URL   string `json:"url"`
		}{Side: i, Token: token(links[i])})
	}
	var cv campaignView
	if do(t, "GET", ts.URL+"/api/campaigns/"+id, "", nil, &cv); len(cv.Games) != 1 || cv.Games[0].ID != c.ID {
		t.Fatalf("the campaign's games after the form: %+v", cv.Games)
	}
	playOut(t, ts, c, 11)

	// The first player's phone saved the first roster: it keeps its edit
	// link, as the roster editor does.
	a := newPhone(t, b, "first player")
	keptJS, _ := json.Marshal([]map[string]string{{"id": rs[0].ID, "url": ts.URL + "/rosters/" + rs[0].ID + "#" + rs[0].EditToken, "name": "Rustwater Wardens", "ruleset": "n26"}})
	a.run(chromedp.Navigate(ts.URL + "/campaigns/" + id))
	a.eval(`localStorage.setItem("skirmish.rosters", `+string(mustJSON(string(keptJS)))+`)`, nil)
	a.run(chromedp.Navigate(ts.URL+"/campaigns/"+id), chromedp.WaitVisible(css("ol.games")))
	var newGame bool
	a.eval(`!document.querySelector("#campaign-new-game").hidden`, &newGame)
	if newGame {
		t.Error("the campaign's share link shows the new-game section")
	}
	a.clickJS(`document.querySelectorAll("ol.games a.button")[0]`)
	a.run(chromedp.WaitVisible(css("#apply-it")))
	var page struct {
		Changes []string
		Link    string
		Applied bool
	}
	a.eval(`({changes: Array.from(document.querySelectorAll("ul.changes li")).map(l => l.textContent), link: document.querySelector("#apply-link").value, applied: !!document.querySelector("#applied")})`, &page)
	if page.Applied || !strings.Contains(page.Link, rs[0].EditToken) {
		t.Fatalf("the first side's results page: %+v", page)
	}
	before := history(t, ts, rs[0].ID)
	if len(before) != 0 {
		t.Fatalf("something was applied before the tap: %+v", before)
	}
	a.shot("campaign-results")
	a.docShot("campaign-results")
	a.checkPage("results")
	a.click("#apply-it")
	a.run(chromedp.WaitVisible(css("#applied")))
	h := history(t, ts, rs[0].ID)
	if len(h) != 1 || h[0].Game != c.ID || h[0].Side != 0 || len(h[0].Changes) != len(page.Changes) {
		t.Errorf("the first roster's history after the tap: %+v (the page showed %d changes)", h, len(page.Changes))
	}

	// The second player pastes the roster's edit link: a wrong one first.
	bp := newPhone(t, b, "second player")
	bp.run(chromedp.Navigate(ts.URL+"/campaigns/"+id+"/games/"+c.ID+"/results?side=1"), chromedp.WaitVisible(css("#apply-it")))
	bp.run(chromedp.SetValue(css("#apply-link"), ts.URL+"/rosters/"+rs[1].ID+"#"+rs[0].EditToken))
	bp.click("#apply-it")
	bp.run(chromedp.WaitVisible(css("#apply-error")))
	var msg string
	bp.eval(`document.querySelector("#apply-error").textContent`, &msg)
	if !strings.Contains(msg, "Not applied") || !strings.Contains(msg, "not the edit token") {
		t.Errorf("a wrong link: %q", msg)
	}
	if h := history(t, ts, rs[1].ID); len(h) != 0 {
		t.Errorf("a refused apply changed the roster: %+v", h)
	}
	bp.shot("campaign-refused")
	bp.run(chromedp.SetValue(css("#apply-link"), ts.URL+"/rosters/"+rs[1].ID+"#"+rs[1].EditToken))
	bp.click("#apply-it")
	bp.run(chromedp.WaitVisible(css("#applied")))
	if h := history(t, ts, rs[1].ID); len(h) != 1 || h[0].Side != 1 {
		t.Errorf("the second roster's history: %+v", h)
	}

	// Both sides applied, on the campaign's page; the history page lists
	// the game, with a way to take it back on the phone that keeps the link.
	org.run(chromedp.Navigate(ts.URL+"/campaigns/"+id), chromedp.WaitVisible(css("ol.games")))
	var row string
	org.eval(`document.querySelector("ol.games > li").textContent`, &row)
	if strings.Count(row, "results applied") != 2 {
		t.Errorf("the campaign's game row: %q", row)
	}
	org.shot("campaign-after")
	a.run(chromedp.Navigate(ts.URL+"/rosters/"+rs[0].ID+"/history"), chromedp.WaitVisible(css("ol.history")))
	a.checkPage("history")
	a.shot("campaign-history")
	a.eval(`window.confirm = () => true`, nil)
	a.click("button.revert")
	deadline := time.Now().Add(5 * time.Second)
	for {
		if h := history(t, ts, rs[0].ID); len(h) == 1 && h[0].Reverted != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the history page's take-back did not take the game back")
		}
		time.Sleep(50 * time.Millisecond)
	}

	// The roster editor shows a model's record, and its save keeps it with
	// the model, renamed, and the history (issue 37): the record given by
	// hand first, as a player would after a game.
	var cur savedRoster
	do(t, "GET", ts.URL+"/api/rosters/"+rs[0].ID, "", nil, &cur)
	ro, err := scenario.DecodeRoster("r.yaml", []byte(cur.YAML))
	if err != nil {
		t.Fatal(err)
	}
	ro.Models[0].Record = &scenario.Record{XP: 2, Injuries: []string{"hobbled"}, Out: "recovery"}
	y, _ := json.Marshal(map[string]any{"name": ro.Name, "models": ro.Models, "campaign": ro.Campaign})
	if st := do(t, "PUT", ts.URL+"/api/rosters/"+rs[0].ID, rs[0].EditToken, map[string]any{"yaml": string(y)}, &cur); st != http.StatusOK {
		t.Fatalf("the record given: %d", st)
	}
	a.run(chromedp.Navigate(ts.URL+"/rosters/"+rs[0].ID+"#"+rs[0].EditToken), chromedp.WaitVisible(css("#m0-name")))
	var note string
	a.eval(`(document.querySelector("#models fieldset.model .record") || {}).textContent || ""`, &note)
	if note != "Campaign: misses games: recovery; injuries: hobbled; 2 XP" {
		t.Errorf("the editor shows the first model's record as %q", note)
	}
	a.shot("campaign-editor")
	// saved waits for the editor's save: the roster past the version it was at.
	saved := func(what string) {
		t.Helper()
		given := cur.Version
		a.click("#save")
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			if do(t, "GET", ts.URL+"/api/rosters/"+rs[0].ID, "", nil, &cur); cur.Version > given {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s did not come", what)
			}
		}
	}
	a.eval(`(() => { const e = document.querySelector("#m0-name"); e.value = "Old Osk"; e.dispatchEvent(new Event("input")); return true; })()`, nil)
	saved("the editor's save")
	after, _ := scenario.DecodeRoster("r.yaml", []byte(cur.YAML))
	if m := after.Models[0]; m.Name != "Old Osk" || m.Record == nil || m.Record.Out != "recovery" || m.Record.XP != 2 {
		t.Errorf("after the editor's save, the renamed model is %+v with record %+v", m, m.Record)
	}
	if h := history(t, ts, rs[0].ID); len(h) != 1 {
		t.Errorf("after the editor's save, the history is %+v", h)
	}

	// A model kept out comes back by the players' say: "Back in play",
	// then the save, and its record keeps all else.
	a.run(chromedp.Navigate(ts.URL+"/rosters/"+rs[0].ID+"#"+rs[0].EditToken), chromedp.WaitVisible(css("#m0-back")))
	a.click("#m0-back")
	a.eval(`(document.querySelector("#models fieldset.model .record") || {}).textContent || ""`, &note)
	if note != "Campaign: injuries: hobbled; 2 XP" {
		t.Errorf("after Back in play, the editor shows the record as %q", note)
	}
	saved("the save after Back in play")
	after, _ = scenario.DecodeRoster("r.yaml", []byte(cur.YAML))
	if m := after.Models[0]; m.Record == nil || m.Record.Out != "" || m.Record.XP != 2 || len(m.Record.Injuries) != 1 {
		t.Errorf("after Back in play and the save, the model's record is %+v", m.Record)
	}
	if h := history(t, ts, rs[0].ID); len(h) != 1 {
		t.Errorf("after Back in play, the history is %+v", h)
	}
}

// history is a saved roster's campaign history, through the API.
func history(t *testing.T, ts *httptest.Server, id string) []scenario.Entry {
	t.Helper()
	var h struct {
		History []scenario.Entry `json:"history"`
	}
	if st := do(t, "GET", ts.URL+"/api/rosters/"+id+"/history", "", nil, &h); st != http.StatusOK {
		t.Fatalf("history of %s: %d", id, st)
	}
	return h.History
}

func mustJSON(s string) []byte {
	b, _ := json.Marshal(s)
	return b
}
