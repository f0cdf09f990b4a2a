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
	}
	routes := []string{"/api/games", "/api/games/import", "/api/games/{id}/actions", "/api/games/{id}/answers", "/api/games/{id}/undo", "/api/games/{id}/concede",
		"/api/games/{id}/undo/approve", "/api/games/{id}/undo/decline"}
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
	} {
		f.Add(seed.route, seed.body)
	}
	f.Fuzz(func(t *testing.T, route uint8, body string) {
		once.Do(func() { setup(t) })
		path := strings.Replace(routes[int(route)%len(routes)], "{id}", id, 1)
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
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
