package server_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/server"
	"github.com/skirmish-engine/skirmish/store/sqlite"
)

// The request decoders under fuzzing: any body, to any route that reads
// one, gets a JSON reply with a status below 500 (and an error message
// when it is 4xx); nothing panics (a recovered panic is a 500, and the log
// fails the run). Writes go to a game made for the run: whatever they do
// to it is legal by construction.
func FuzzRequests(f *testing.F) {
	var (
		once    sync.Once
		handler http.Handler
		id      string
		token   string
		rid     string // a saved roster
		rtoken  string // and its edit token
	)
	setup := func(t *testing.T) {
		st, err := sqlite.Open(":memory:")
		if err != nil {
			t.Fatal(err)
		}
		log := slog.New(slog.NewTextHandler(&panicLog{t: t}, &slog.HandlerOptions{Level: slog.LevelError}))
		handler = server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(), Log: log}).Handler()
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"scenario": "hab-block-brawl", "dice": "physical", "seed": 1}`))
		req.Header.Set("Content-Type", "application/json")
		handler.ServeHTTP(rec, req)
		var c created
		if err := json.Unmarshal(rec.Body.Bytes(), &c); err != nil || c.ID == "" {
			t.Fatalf("create: %s", rec.Body.String())
		}
		id, token = c.ID, c.Seats[0].Token
		rec = httptest.NewRecorder()
		req = httptest.NewRequest("POST", "/api/rosters", strings.NewReader(`{"ruleset": "n26", "yaml": "name: A\nmodels:\n  - {id: a, type: fighter, profile: {M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7, Cl: 7, Wil: 7, Int: 7, Sv: 7}, base: 25}\n"}`))
		req.Header.Set("Content-Type", "application/json")
		handler.ServeHTTP(rec, req)
		var r struct {
			ID    string `json:"id"`
			Token string `json:"edit_token"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil || r.ID == "" {
			t.Fatalf("save a roster: %s", rec.Body.String())
		}
		rid, rtoken = r.ID, r.Token
	}
	routes := []string{"/api/games", "/api/games/import", "/api/games/{id}/actions", "/api/games/{id}/answers", "/api/games/{id}/undo", "/api/games/{id}/concede",
		"/api/games/{id}/undo/approve", "/api/games/{id}/undo/decline", "/api/rosters", "/api/rosters/read", "PUT /api/rosters/{rid}"}
	for _, seed := range []struct {
		route uint8
		body  string
	}{
		{0, `{"scenario": "sump-crossing", "seed": 3}`},
		{0, `{"scenario_yaml": "name: U\nruleset: n26\n", "rosters": {"a.yaml": "x"}}`},
		{0, `{"scenario": "sump-crossing", "options": {"succumb": "x"}, "mode": "board"}`},
		{1, `{"format": "skirmish-save/2", "entries": [{}]}`},
		{2, `{"seq": 0, "action": "activate m0"}`},
		{3, `{"seq": 0, "answer": "3 5"}`},
		{3, `{"seq": 0, "answer": "6"}`},
		{4, `{"seq": 0}`},
		{5, `{"seq": 0}`},
		{6, `{"seq": 0}`},
		{7, `{"seq": 0}`},
		{2, `{"seq": 99999999999999999999}`},
		{3, "{\"seq\": 0, \"answer\": \"\\u0000\"}"},
		{8, `{"ruleset": "trenchcrusade", "yaml": "name: B\nmodels: []\n"}`},
		{8, `{"ruleset": "n23", "roster_file": "eyJnYW5nIjoge319", "format": "yaktribe"}`},
		{9, `{"ruleset": "falloutfactions", "roster_file": "UEsDBA==", "name": "a.rosz"}`},
		{10, `{"yaml": "name: C\nmodels: [{id: a}]\n", "version": 1}`},
		{0, `{"scenario": "sump-crossing", "sides": [{"roster_id": "000000000000"}, {"roster_file": "eA=="}]}`},
	} {
		f.Add(seed.route, seed.body)
	}
	f.Fuzz(func(t *testing.T, route uint8, body string) {
		once.Do(func() { setup(t) })
		method, path, ok := strings.Cut(routes[int(route)%len(routes)], " ")
		if !ok {
			method, path = "POST", method
		}
		path = strings.Replace(strings.Replace(path, "{id}", id, 1), "{rid}", rid, 1)
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if strings.Contains(path, "/rosters/"+rid) {
			req.Header.Set("Authorization", "Bearer "+rtoken)
		} else {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %q: %d %s", path, body, rec.Code, rec.Body.String())
		}
		var reply map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &reply); err != nil {
			t.Fatalf("%s %q: %d, not JSON: %q", path, body, rec.Code, rec.Body.String())
		}
		if msg, _ := reply["error"].(string); rec.Code >= 400 && msg == "" {
			t.Fatalf("%s %q: %d without an error message: %s", path, body, rec.Code, rec.Body.String())
		}
	})
}
