package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// Every malformed request gets its exact status and error field, as JSON,
// and changes nothing; the server never answers 500 to bad input (the
// test log fails on any error the server logs).
func TestBadInput(t *testing.T) {
	ts, _ := newServer(t)
	c := create(t, ts, map[string]any{"scenario": "hab-block-brawl", "dice": "physical", "seed": 1})
	w, b, spec := c.Seats[0].Token, c.Seats[1].Token, c.Token
	g := "/api/games/" + c.ID
	dc := create(t, ts, map[string]any{"scenario": "sump-crossing", "seed": 1})
	d, dw := "/api/games/"+dc.ID, dc.Seats[0].Token
	big := `{"scenario": "` + strings.Repeat("x", 2<<20) + `"}`
	upload := func(yaml string, rosters map[string]string) string {
		js, _ := json.Marshal(map[string]any{"scenario_yaml": yaml, "rosters": rosters})
		return string(js)
	}
	goodYAML := "name: U\nruleset: n26\nmode: table\nrounds: 2\nsides:\n  - name: A\n    roster: a.yaml\n  - name: B\n    models: [{id: b, type: fighter, base: 25, profile: {M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 4, A: 1, Sv: 6, Ld: 6, Cl: 6, Wil: 6, Int: 6}}]\n"
	for _, tc := range []struct {
		name           string
		method, path   string
		token, body    string
		ctype          string
		status         int
		field, message string
	}{
		// Creating games.
		{"create: not JSON", "POST", "/api/games", "", `{"scenario":`, "", 400, "", "JSON ends too soon"},
		{"create: empty body", "POST", "/api/games", "", ``, "", 400, "", "empty body"},
		{"create: wrong type", "POST", "/api/games", "", `{"scenario": 7}`, "", 400, "scenario", "want a string"},
		{"create: a field twice", "POST", "/api/games", "", `{"scenario": "hab-block-brawl", "seed": 1, "scenario": "sump-crossing"}`, "", 400, "scenario", "scenario is given twice"},
		{"create: an option twice", "POST", "/api/games", "", `{"scenario": "hab-block-brawl", "options": {"rounds": "3", "rounds": "4"}}`, "", 400, "options.rounds", "options.rounds is given twice"},
		{"create: a side's field twice", "POST", "/api/games", "", `{"scenario": "hab-block-brawl", "sides": [{}, {"name": "x.yaml", "format": "", "name": "y.yaml"}]}`, "", 400, "sides.name", "sides.name is given twice"},
		{"create: unknown field", "POST", "/api/games", "", `{"scenario": "x", "colour": "red"}`, "", 400, "colour", "unknown field"},
		{"create: two values", "POST", "/api/games", "", `{"scenario": "sump-crossing"} {}`, "", 400, "", "more than one JSON value"},
		{"create: junk after the value", "POST", "/api/games", "", `{"scenario": "sump-crossing"} x`, "", 400, "", "something that is not JSON follows"},
		{"create: part of a second value", "POST", "/api/games", "", `{"scenario": "sump-crossing"} {"a":`, "", 400, "", "the body ends early"},
		{"create: no scenario", "POST", "/api/games", "", `{}`, "", 400, "scenario", "missing"},
		{"create: both scenarios", "POST", "/api/games", "", `{"scenario": "sump-crossing", "scenario_yaml": "x"}`, "", 400, "scenario", "not both"},
		{"create: unknown scenario", "POST", "/api/games", "", `{"scenario": "moon-base"}`, "", 422, "scenario", "no built-in scenario"},
		{"create: ruleset mismatch", "POST", "/api/games", "", `{"scenario": "sump-crossing", "ruleset": "trenchcrusade"}`, "", 422, "ruleset", `"sump-crossing" is a built-in scenario of n26, not trenchcrusade; trenchcrusade has no-mans-land`},
		{"create: bad mode", "POST", "/api/games", "", `{"scenario": "sump-crossing", "mode": "space"}`, "", 422, "mode", "not a mode"},
		{"create: table scenario on a board", "POST", "/api/games", "", `{"scenario": "hab-block-brawl", "mode": "board"}`, "", 422, "mode", "no board"},
		{"create: bad dice", "POST", "/api/games", "", `{"scenario": "sump-crossing", "dice": "loaded"}`, "", 422, "dice", "not a dice mode"},
		{"create: negative seed", "POST", "/api/games", "", `{"scenario": "sump-crossing", "seed": -1}`, "", 400, "seed", "want a whole number, 0 or more"},
		{"create: unknown option", "POST", "/api/games", "", `{"scenario": "sump-crossing", "options": {"gravity": "low"}}`, "", 422, "options.gravity", "no option"},
		{"create: bad option value", "POST", "/api/games", "", `{"scenario": "sump-crossing", "options": {"succumb": "maybe"}}`, "", 422, "options.succumb", "not a value"},
		{"create: rosters with a sample", "POST", "/api/games", "", `{"scenario": "sump-crossing", "rosters": {"a.yaml": "x"}}`, "", 400, "rosters", "scenario_yaml"},
		{"create: huge body", "POST", "/api/games", "", big, "", 413, "", "larger than"},
		{"create: form body", "POST", "/api/games", "", `scenario=x`, "application/x-www-form-urlencoded", 415, "content-type", "application/json"},
		{"upload: bad YAML", "POST", "/api/games", "", upload("name: [", nil), "", 422, "scenario", "upload.yaml"},
		{"upload: bad field", "POST", "/api/games", "", upload(strings.Replace(goodYAML, "rounds: 2", "rounds: 0", 1), map[string]string{"a.yaml": "name: A\nmodels: [{id: a, type: fighter, base: 25, profile: {M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 4, A: 1, Sv: 6, Ld: 6, Cl: 6, Wil: 6, Int: 6}}]\n"}), "", 422, "rounds", "out of range"},
		{"upload: roster outside the upload", "POST", "/api/games", "", upload(strings.Replace(goodYAML, "a.yaml", "../../etc/passwd", 1), nil), "", 422, "sides[0].roster", ""},
		{"upload: roster missing", "POST", "/api/games", "", upload(goodYAML, nil), "", 422, "sides[0].roster", "no roster"},
		{"upload: billion laughs", "POST", "/api/games", "", upload("a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nname: *e\n", nil), "", 422, "scenario", "aliases"},
		{"import: not a save", "POST", "/api/games/import", "", `{"format": "nope"}`, "", 422, "format", "not a save format"},
		{"import: garbage", "POST", "/api/games/import", "", `]]`, "", 400, "", ""},

		// Reading and writing a game.
		{"get: unknown game", "GET", "/api/games/0123456789ab", w, "", "", 404, "authorization", "no game"},
		{"get: malformed id", "GET", "/api/games/..%2f..%2fetc", w, "", "", 404, "authorization", "no game"},
		{"get: bad log length", "GET", g + "?log=-3", w, "", "", 400, "log", "a number of lines"},
		{"get: log twice", "GET", g + "?log=none&log=all", w, "", "", 400, "log", "given 2 times; give it once"},
		{"get: an unknown parameter", "GET", g + "?colour=red", w, "", "", 400, "colour", "not a parameter of this request; it takes log"},
		{"odds: a bad measure", "GET", g + "/odds?action=end+m0&measure=bogus", w, "", "", 400, "measure", "want all"},
		{"odds: an unknown parameter", "GET", g + "/odds?action=end+m0&foo=1", w, "", "", 400, "foo", "it takes action, assume (repeatable), measure"},
		{"why: an unknown parameter", "GET", g + "/why?action=end+m0&foo=1", w, "", "", 400, "foo", "it takes action"},
		{"why: action twice", "GET", g + "/why?action=end+m0&action=end+m1", w, "", "", 400, "action", "given 2 times"},
		{"get: no token", "GET", g, "", "", "", 401, "authorization", "missing"},
		{"get: wrong scheme", "GET", g, "", "", "", 401, "authorization", "missing"},
		{"get: wrong token", "GET", g, "00112233445566778899aabbccddeeff", "", "", 404, "authorization", "no game"}, // as an unknown game: issue 34
		{"action: no seq", "POST", g + "/actions", w, `{"action": "activate m0"}`, "", 400, "seq", "missing"},
		{"action: seq twice", "POST", g + "/actions", w, `{"seq": 0, "action": "activate m0", "seq": 0}`, "", 400, "seq", "seq is given twice"},
		{"answer: answer twice", "POST", g + "/answers", w, `{"seq": 0, "answer": "3", "answer": "4"}`, "", 400, "answer", "answer is given twice"},
		{"action: seq as text", "POST", g + "/actions", w, `{"seq": "0", "action": "activate m0"}`, "", 400, "seq", "want a whole number"},
		{"action: no action", "POST", g + "/actions", w, `{"seq": 0}`, "", 400, "action", "missing"},
		{"action: answer instead", "POST", g + "/actions", w, `{"seq": 0, "answer": "6"}`, "", 400, "action", "only seq"},
		{"action: a seq from the future", "POST", g + "/actions", w, `{"seq": 5, "action": "activate m0"}`, "", 409, "seq", "seq 5 is ahead of the game, which is at 0"},
		{"action: while a die waits", "POST", g + "/actions", w, `{"seq": 0, "action": "activate m0"}`, "", 422, "", "question is waiting"},
		{"action: unparsable", "POST", g + "/actions", w, `{"seq": 0, "action": ""}`, "", 400, "action", "missing"},
		{"action: spectator", "POST", g + "/actions", spec, `{"seq": 0, "action": "activate m0"}`, "", 403, "authorization", "spectator"},
		{"answer: empty", "POST", g + "/answers", w, `{"seq": 0, "answer": "  "}`, "", 400, "answer", "missing"},
		{"answer: not a face", "POST", g + "/answers", w, `{"seq": 0, "answer": "si"}`, "", 422, "answer", "not a face"},
		{"answer: two dice for one", "POST", g + "/answers", w, `{"seq": 0, "answer": "3 4"}`, "", 422, "answer", "one too many"},
		{"answer: other seat", "POST", g + "/answers", b, `{"seq": 0, "answer": "3"}`, "", 403, "authorization", "not Cinderlane Breakers"},
		{"undo: nothing yet", "POST", g + "/undo", w, `{"seq": 0}`, "", 422, "undo", "nothing of yours to undo"},
		{"odds: illegal action", "GET", d + "/odds?action=fly+m9", dw, "", "", 422, "action", "not legal"},
		{"odds: activate nobody", "GET", d + "/odds?action=activate", dw, "", "", 422, "action", "activate needs the model"},
		{"odds: a model that is not there", "GET", d + "/odds?action=activate+m99", dw, "", "", 422, "action", "no model m99"},
		{"create: a list", "POST", "/api/games", "", `[]`, "", 400, "", "must be a JSON object"},
		{"create: not quite JSON", "POST", "/api/games", "", `{"scenario": "sump-crossing"}`, "application/jsonx", 415, "content-type", "application/json"},
		{"create: JSON and a megabyte of spaces", "POST", "/api/games", "", `{"scenario": "sump-crossing"}` + strings.Repeat(" ", 1<<20), "", 413, "", "larger than"},
		{"import: not JSON", "POST", "/api/games/import", "", `{"format": "skirmish-save/2"}`, "text/plain", 415, "content-type", "application/json"},
		{"method: POST the rulesets", "POST", "/api/rulesets", "", `{}`, "", 405, "", "allowed GET"},
		{"method: HEAD an event stream", "HEAD", g + "/events", w, "", "", 405, "", ""},
		{"get: a token too short", "GET", g, "abc", "", "", 401, "authorization", "32 hexadecimal digits"},
		{"why: unreadable action", "GET", d + "/why?action=move+nobody", dw, "", "", 400, "action", "after the action's name come"},
		{"undo: extra field", "POST", g + "/undo", w, `{"seq": 0, "action": "x"}`, "", 400, "", "only seq"},
		{"undo approve: none waiting", "POST", g + "/undo/approve", b, `{"seq": 0}`, "", 422, "undo", "no undo is waiting"},
		{"undo decline: none waiting", "POST", g + "/undo/decline", w, `{"seq": 0}`, "", 422, "undo", "no undo is waiting"},
		{"undo approve: spectator", "POST", g + "/undo/approve", spec, `{"seq": 0}`, "", 403, "authorization", "spectator cannot approve"},
		{"undo decline: a seq from the future", "POST", g + "/undo/decline", w, `{"seq": 7}`, "", 409, "seq", "ahead of the game"},
		{"undo approve: no seq", "POST", g + "/undo/approve", b, `{}`, "", 400, "seq", "missing"},
		{"method: GET an undo's approval", "GET", g + "/undo/approve", w, "", "", 405, "", "allowed POST"},
		{"concede: no body", "POST", g + "/concede", w, ``, "", 400, "", "empty body"},
		{"export: running", "GET", g + "/export", w, "", "", 403, "", "not over"},
		{"odds: no action", "GET", g + "/odds", w, "", "", 400, "action", "empty"},
		{"odds: while a roll waits", "GET", g + "/odds?action=fly+m9", w, "", "", 422, "action", "waiting for an answer"},
		{"why: bad action", "GET", g + "/why?action=", w, "", "", 400, "action", "empty"},
		{"events: bad after", "GET", g + "/events?after=x", w, "", "", 400, "after", "not a seq"},
		{"method: DELETE a game", "DELETE", g, w, "", "", 405, "", "not allowed"},
		{"route: unknown", "GET", "/api/teleport", "", "", "", 404, "", "no such API route"},
		{"procedure odds: unknown", "GET", "/api/odds/d1000", "", "", "", 404, "", "no dice procedure"},
		{"procedure odds: bad param", "GET", "/api/odds/tc-injury?dice=99", "", "", "", 400, "dice", "out of range"},
		{"procedure odds: unknown param", "GET", "/api/odds/tc-injury?speed=2", "", "", "", 400, "speed", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rd io.Reader
			if tc.body != "" {
				rd = strings.NewReader(tc.body)
			}
			req, err := http.NewRequest(tc.method, ts.URL+tc.path, rd)
			if err != nil {
				t.Fatal(err)
			}
			ct := tc.ctype
			if ct == "" && tc.body != "" {
				ct = "application/json"
			}
			if ct != "" {
				req.Header.Set("Content-Type", ct)
			}
			switch {
			case tc.name == "get: wrong scheme":
				req.Header.Set("Authorization", "Basic "+w)
			case tc.token != "":
				req.Header.Set("Authorization", "Bearer "+tc.token)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var e apiErr
			data, _ := io.ReadAll(resp.Body)
			if tc.method == "HEAD" {
				if resp.StatusCode != tc.status || resp.Header.Get("Allow") != "GET" {
					t.Errorf("HEAD: %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
				}
				return
			}
			if err := json.Unmarshal(data, &e); err != nil || e.Error == "" {
				t.Fatalf("%d, not a JSON error: %q", resp.StatusCode, data)
			}
			if resp.StatusCode != tc.status || e.Field != tc.field || !strings.Contains(e.Error, tc.message) {
				t.Errorf("got %d field %q %q; want %d field %q containing %q", resp.StatusCode, e.Field, e.Error, tc.status, tc.field, tc.message)
			}
		})
	}
	// Nothing of it changed the game.
	if v := c.get(t, ts, w); v.Seq != 0 || v.Pending == nil {
		t.Errorf("after the bad requests: %+v", v)
	}
	// Two Authorization headers: refused, not the first taken.
	req, _ := http.NewRequest("GET", ts.URL+g, nil)
	req.Header.Add("Authorization", "Bearer "+w)
	req.Header.Add("Authorization", "Bearer "+b)
	if resp, err := http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	} else {
		var e apiErr
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != 401 || e.Field != "authorization" || !strings.Contains(e.Error, "given 2 times") {
			t.Errorf("two Authorization headers: %d %+v", resp.StatusCode, e)
		}
	}
	// A token is hexadecimal digits, read in either case (made in lower).
	if st := do(t, "GET", ts.URL+g, strings.ToUpper(w), nil, nil); st != http.StatusOK {
		t.Errorf("the seat's token in capitals: %d", st)
	}
}
