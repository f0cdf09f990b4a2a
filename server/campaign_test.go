package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/campaign"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/scenario"
)

// savedRoster is a roster saved through the API.
type savedRoster struct {
	ID        string `json:"id"`
	Version   int    `json:"version"`
	EditToken string `json:"edit_token"`
	YAML      string `json:"yaml"`
}

type campaignView struct {
	ID        string `json:"id"`
	EditToken string `json:"edit_token"`
	EditURL   string `json:"edit_url"`
	Rosters   []struct {
		ID                       string
		Name                     string
		Played, Won, Lost, Drawn int
	} `json:"rosters"`
	Games []struct {
		ID      string   `json:"id"`
		Rosters []string `json:"rosters"`
		Over    bool     `json:"over"`
		Winner  int      `json:"winner"`
		Applied []bool   `json:"applied"`
	} `json:"games"`
}

type resultsView struct {
	Roster  string          `json:"roster"`
	Version int             `json:"version"`
	Applied bool            `json:"applied"`
	Entry   *scenario.Entry `json:"entry"`
	Results []engine.Result `json:"results"`
}

// sampleRosters saves the two sides of ruleset's first board sample as
// rosters, and gives the sample's name.
func sampleRosters(t *testing.T, ts *httptest.Server, ruleset string) (string, [2]savedRoster) {
	t.Helper()
	reg := all.Rulesets()
	for _, smp := range all.Samples() {
		if smp.Ruleset != ruleset || smp.Mode != "board" {
			continue
		}
		sc, err := smp.Decode(reg)
		if err != nil {
			t.Fatal(err)
		}
		var out [2]savedRoster
		for i := range out {
			sd := sc.File.Sides[i]
			ms := slices.Clone(sd.Models)
			for k := range ms {
				ms[k].At = nil // the scenario's zones place them
			}
			y, _ := json.Marshal(map[string]any{"name": sd.Name, "models": ms})
			if st := do(t, "POST", ts.URL+"/api/rosters", "", map[string]any{"ruleset": ruleset, "yaml": string(y)}, &out[i]); st != http.StatusCreated {
				t.Fatalf("save roster %d: %d", i, st)
			}
		}
		return smp.Name, out
	}
	t.Fatalf("no board sample of %s", ruleset)
	return "", [2]savedRoster{}
}

// playOut plays a game to its end through the API, each seat moving at
// random.
func playOut(t *testing.T, ts *httptest.Server, c created, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	for steps := 0; steps < 5000; steps++ {
		moved := false
		for side := range c.Seats {
			v := c.get(t, ts, c.Seats[side].Token)
			if v.Over {
				return
			}
			path, body, ok := move(v, side, rng)
			if !ok {
				continue
			}
			if st, e := post(t, ts, c.ID, path, c.Seats[side].Token, body); st != http.StatusOK {
				t.Fatalf("%s %v: %d %s", path, body, st, e.Error)
			}
			moved = true
		}
		if !moved {
			t.Fatal("nobody could move, and the game is not over")
		}
	}
	t.Fatal("the game did not end in 5000 steps")
}

// A three-game campaign of each ruleset through the API (issue 37): two
// saved rosters, three games made in the campaign and played by random
// seats, and after each game both sides' results looked at and applied by
// each roster's player. Checked against the games' logs: each game's
// export, replayed here, gives the results and final-state digest the
// roster's history entry holds, each result that changes a roster is a
// change of the entry, and the models a roster's history keeps out of
// play are not in the next game. The standings count every game.
func TestCampaignThroughTheAPI(t *testing.T) {
	ts, _ := newServer(t)
	for _, ruleset := range []string{"n26", "n23", "trenchcrusade", "falloutfactions"} {
		t.Run(ruleset, func(t *testing.T) {
			name, rs := sampleRosters(t, ts, ruleset)
			nChanges := 0 // the plans' changes over the three games
			var cv campaignView
			if st := do(t, "POST", ts.URL+"/api/campaigns", "", map[string]any{"name": "The " + ruleset + " war", "ruleset": ruleset,
				"rosters": []string{rs[0].ID, rs[1].ID}}, &cv); st != http.StatusCreated || len(cv.EditToken) != 32 || cv.EditURL != "/campaigns/"+cv.ID+"#"+cv.EditToken {
				t.Fatalf("create campaign: %d %+v", st, cv)
			}
			for game := range 3 {
				var c created
				body := map[string]any{"scenario": name, "seed": 40 + game, "sides": []map[string]any{{"roster_id": rs[0].ID}, {"roster_id": rs[1].ID}}}
				if st := do(t, "POST", ts.URL+"/api/campaigns/"+cv.ID+"/games", cv.EditToken, body, &c); st != http.StatusCreated {
					t.Fatalf("game %d: create %d", game, st)
				}
				var res resultsView
				if st := do(t, "GET", ts.URL+"/api/campaigns/"+cv.ID+"/games/"+c.ID+"/results?side=0", "", nil, &res); st != http.StatusConflict {
					t.Errorf("game %d: results before the end: %d, want 409", game, st)
				}
				playOut(t, ts, c, uint64(game))
				g := export(t, ts, c)
				digest, _ := g.StateDigest()
				for side, r := range rs {
					ro, err := scenario.DecodeRoster("r.yaml", []byte(r.YAML))
					if err != nil {
						t.Fatal(err)
					}
					fit := ro.Fit()
					for _, m := range g.State().Setup().Models {
						if g.State().SideOf(slices.IndexFunc(g.State().Setup().Models, func(x engine.ModelSetup) bool { return x.ID == m.ID })) != side {
							continue
						}
						base := strings.TrimSuffix(m.ID, "-2")
						if !slices.ContainsFunc(fit, func(f scenario.Model) bool { return f.ID == m.ID || f.ID == base }) {
							t.Errorf("game %d: %s plays side %d, and its roster keeps it out", game, m.ID, side)
						}
					}
				}
				for side := range rs {
					want, err := campaign.FromGame(g, side, c.ID)
					if err != nil {
						t.Fatal(err)
					}
					url := fmt.Sprintf("%s/api/campaigns/%s/games/%s/results?side=%d", ts.URL, cv.ID, c.ID, side)
					res = resultsView{} // decoding into the last one would keep what omitempty leaves out
					if st := do(t, "GET", url, "", nil, &res); st != http.StatusOK || res.Applied || res.Entry == nil || res.Version != rs[side].Version {
						t.Fatalf("game %d side %d: results %d %+v", game, side, st, res)
					}
					own := []engine.Result{}
					for _, r := range want.Results {
						if r.Side == side {
							own = append(own, r)
						}
					}
					if !slices.Equal(res.Results, own) {
						t.Errorf("game %d side %d: results %+v, the log replayed gives %+v", game, side, res.Results, own)
					}
					// The changes shown are the library's plan for the roster
					// as stored (package campaign's own tests check the plan
					// against the tables, result by result).
					ro, err := scenario.DecodeRoster("r.yaml", []byte(rs[side].YAML))
					if err != nil {
						t.Fatal(err)
					}
					plan, err := campaign.Plan(ro, want)
					if err != nil {
						t.Fatal(err)
					}
					nChanges += len(plan.Changes)
					if !reflect.DeepEqual(res.Entry.Changes, plan.Changes) || !reflect.DeepEqual(res.Entry.Left, plan.Left) {
						t.Errorf("game %d side %d: shows changes %+v, left %q; the plan is %+v, %q", game, side, res.Entry.Changes, res.Entry.Left, plan.Changes, plan.Left)
					}
					apply := fmt.Sprintf("%s/api/campaigns/%s/games/%s/apply", ts.URL, cv.ID, c.ID)
					if st := do(t, "POST", apply, rs[1-side].EditToken, map[string]any{"side": side, "version": rs[side].Version}, nil); st != http.StatusUnauthorized {
						t.Errorf("the other roster's token applies: %d, want 401", st)
					}
					var done resultsView
					if st := do(t, "POST", apply, rs[side].EditToken, map[string]any{"side": side, "version": rs[side].Version}, &done); st != http.StatusOK || !done.Applied || done.Entry.Digest != digest {
						t.Fatalf("game %d side %d: apply %d %+v (digest %s)", game, side, st, done, digest)
					}
					if st := do(t, "POST", apply, rs[side].EditToken, map[string]any{"side": side, "version": done.Version}, nil); st != http.StatusConflict {
						t.Errorf("applied twice: %d, want 409", st)
					}
					rs[side].Version = done.Version
					do(t, "GET", ts.URL+"/api/rosters/"+rs[side].ID, "", nil, &rs[side])
					var h struct {
						History []scenario.Entry `json:"history"`
					}
					do(t, "GET", ts.URL+"/api/rosters/"+rs[side].ID+"/history", "", nil, &h)
					if len(h.History) != game+1 || h.History[game].Game != c.ID || h.History[game].Digest != digest || h.History[game].Side != side {
						t.Errorf("game %d side %d: history %+v", game, side, h.History)
					}
				}
			}
			id := cv.ID
			cv = campaignView{}
			if st := do(t, "GET", ts.URL+"/api/campaigns/"+id, "", nil, &cv); st != http.StatusOK || len(cv.Games) != 3 {
				t.Fatalf("campaign: %d %+v", st, cv)
			}
			for _, r := range cv.Rosters {
				if r.Played != 3 || r.Won+r.Lost+r.Drawn != 3 {
					t.Errorf("standing %+v", r)
				}
			}
			for _, g := range cv.Games {
				if !g.Over || !slices.Equal(g.Applied, []bool{true, true}) {
					t.Errorf("game %+v", g)
				}
			}
			// Trench Crusade's results change no roster (its report is who
			// went out of action); the others' three games change some.
			if (ruleset == "trenchcrusade") != (nChanges == 0) {
				t.Errorf("%d changes planned over the three games: the check of the changes shown reaches nothing (another seed?)", nChanges)
			}
		})
	}
}

// export downloads a game's export and replays it.
func export(t *testing.T, ts *httptest.Server, c created) *engine.Game {
	t.Helper()
	req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+c.ID+"/export", nil)
	req.Header.Set("Authorization", "Bearer "+c.Seats[0].Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(resp.Body)
	sv, err := engine.ReadSave(&buf)
	if err != nil {
		t.Fatalf("export: %d: %v", resp.StatusCode, err)
	}
	return verifyExport(t, sv)
}

// Every mistake a campaign's user can make gets an answer naming the field
// and changes nothing (issue 37): a campaign of one roster, of a roster of
// another ruleset or unknown, a game with a roster not in the campaign or
// without the campaign's token, results of an unknown side or game,
// applying with a stale version, and a revert under a later entry. The
// roster editor's save, which knows nothing of campaign fields, keeps
// the history.
func TestCampaignRefusals(t *testing.T) {
	ts, _ := newServer(t)
	name, rs := sampleRosters(t, ts, "n26")
	_, other := sampleRosters(t, ts, "trenchcrusade")
	for _, tc := range []struct {
		body  map[string]any
		code  int
		field string
	}{
		{map[string]any{"name": "x", "ruleset": "n26", "rosters": []string{rs[0].ID}}, 400, "rosters"},
		{map[string]any{"name": "x", "ruleset": "n26", "rosters": []string{rs[0].ID, rs[0].ID}}, 400, "rosters[1]"},
		{map[string]any{"name": "x", "ruleset": "n26", "rosters": []string{rs[0].ID, other[0].ID}}, 422, "rosters[1]"},
		{map[string]any{"name": "x", "ruleset": "n26", "rosters": []string{rs[0].ID, "0123456789ab"}}, 422, "rosters[1]"},
		{map[string]any{"name": " ", "ruleset": "n26", "rosters": []string{rs[0].ID, rs[1].ID}}, 400, "name"},
		{map[string]any{"name": "Sump\u2028war", "ruleset": "n26", "rosters": []string{rs[0].ID, rs[1].ID}}, 400, "name"},
		{map[string]any{"name": "Sump\u200bwar", "ruleset": "n26", "rosters": []string{rs[0].ID, rs[1].ID}}, 400, "name"},
		{map[string]any{"name": "x", "ruleset": "chess", "rosters": []string{rs[0].ID, rs[1].ID}}, 422, "ruleset"},
		{map[string]any{"name": "x", "ruleset": "n26", "rosters": []string{rs[0].ID, rs[1].ID}, "extra": 1}, 400, "extra"},
	} {
		var e apiErr
		if st := do(t, "POST", ts.URL+"/api/campaigns", "", tc.body, &e); st != tc.code || e.Field != tc.field {
			t.Errorf("%v: %d %+v, want %d naming %q", tc.body, st, e, tc.code, tc.field)
		}
	}
	var cv campaignView
	do(t, "POST", ts.URL+"/api/campaigns", "", map[string]any{"name": "Sump war", "ruleset": "n26", "rosters": []string{rs[0].ID, rs[1].ID}}, &cv)
	games := ts.URL + "/api/campaigns/" + cv.ID + "/games"
	good := map[string]any{"scenario": name, "seed": 5, "sides": []map[string]any{{"roster_id": rs[0].ID}, {"roster_id": rs[1].ID}}}
	for _, tc := range []struct {
		token string
		body  map[string]any
		code  int
		field string
	}{
		{"", good, 401, "authorization"},
		{rs[0].EditToken, good, 401, "authorization"},
		{cv.EditToken, map[string]any{"scenario": name, "sides": []map[string]any{{"roster_id": rs[0].ID}, {"roster_id": other[1].ID}}}, 422, "sides[1].roster_id"},
		{cv.EditToken, map[string]any{"scenario": name, "sides": []map[string]any{{"roster_id": rs[0].ID}, {"roster_id": rs[0].ID}}}, 422, "sides[1].roster_id"},
		{cv.EditToken, map[string]any{"scenario": name}, 400, "sides"},
	} {
		var e apiErr
		if st := do(t, "POST", games, tc.token, tc.body, &e); st != tc.code || e.Field != tc.field {
			t.Errorf("game %v: %d %+v, want %d naming %q", tc.body, st, e, tc.code, tc.field)
		}
	}
	var c created
	if st := do(t, "POST", games, cv.EditToken, good, &c); st != http.StatusCreated {
		t.Fatalf("create: %d", st)
	}
	results := ts.URL + "/api/campaigns/" + cv.ID + "/games/" + c.ID + "/results"
	for _, tc := range []struct {
		url   string
		code  int
		field string
	}{
		{results + "?side=2", 400, "side"},
		{results + "?side=x", 400, "side"},
		{results, 400, "side"},
		{ts.URL + "/api/campaigns/" + cv.ID + "/games/0123456789ab/results?side=0", 404, ""},
		{ts.URL + "/api/campaigns/0123456789ab/games/" + c.ID + "/results?side=0", 404, ""},
		{results + "?side=0", 409, "game"}, // not over
	} {
		var e apiErr
		if st := do(t, "GET", tc.url, "", nil, &e); st != tc.code || e.Field != tc.field {
			t.Errorf("%s: %d %+v, want %d naming %q", tc.url, st, e, tc.code, tc.field)
		}
	}
	playOut(t, ts, c, 5)
	apply := ts.URL + "/api/campaigns/" + cv.ID + "/games/" + c.ID + "/apply"
	for _, tc := range []struct {
		token string
		body  map[string]any
		code  int
		field string
	}{
		{rs[0].EditToken, map[string]any{"version": 1}, 400, "side"},
		{rs[0].EditToken, map[string]any{"side": 0, "version": 7}, 409, "version"},
		{cv.EditToken, map[string]any{"side": 0, "version": 1}, 401, "authorization"},
		{"", map[string]any{"side": 0, "version": 1}, 401, "authorization"},
	} {
		var e apiErr
		if st := do(t, "POST", apply, tc.token, tc.body, &e); st != tc.code || e.Field != tc.field {
			t.Errorf("apply %v: %d %+v, want %d naming %q", tc.body, st, e, tc.code, tc.field)
		}
	}
	var before savedRoster
	do(t, "GET", ts.URL+"/api/rosters/"+rs[0].ID, "", nil, &before)
	if before.Version != 1 {
		t.Fatalf("a refused apply changed the roster: version %d", before.Version)
	}
	var done resultsView
	if st := do(t, "POST", apply, rs[0].EditToken, map[string]any{"side": 0, "version": 1}, &done); st != http.StatusOK {
		t.Fatalf("apply: %d", st)
	}
	// Exported as YAML and saved back as a new roster, the roster keeps
	// its records and history.
	req, _ := http.NewRequest("GET", ts.URL+"/api/rosters/"+rs[0].ID+"/export", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var exported bytes.Buffer
	exported.ReadFrom(resp.Body)
	resp.Body.Close()
	var back savedRoster
	if st := do(t, "POST", ts.URL+"/api/rosters", "", map[string]any{"ruleset": "n26", "yaml": exported.String()}, &back); st != http.StatusCreated {
		t.Fatalf("the export saved back: %d", st)
	}
	if a, b := history(t, ts, rs[0].ID), history(t, ts, back.ID); len(a) != 1 || !reflect.DeepEqual(a, b) {
		t.Errorf("the export's history %+v, the roster's %+v", b, a)
	}
	// The editor's save (its models, renamed, without their records)
	// keeps the records and the history.
	do(t, "GET", ts.URL+"/api/rosters/"+rs[0].ID, "", nil, &before)
	ro, err := scenario.DecodeRoster("r.yaml", []byte(before.YAML))
	if err != nil {
		t.Fatal(err)
	}
	records, withRecord := 0, -1
	for i := range ro.Models {
		if ro.Models[i].Record != nil {
			records++
			withRecord = i
		}
		ro.Models[i].Record = nil
	}
	var kept savedRoster
	y, _ := json.Marshal(map[string]any{"name": "Renamed", "models": ro.Models})
	if st := do(t, "PUT", ts.URL+"/api/rosters/"+rs[0].ID, rs[0].EditToken, map[string]any{"yaml": string(y)}, &kept); st != http.StatusOK {
		t.Fatalf("the editor's save: %d", st)
	}
	var h struct {
		History []scenario.Entry `json:"history"`
	}
	if do(t, "GET", ts.URL+"/api/rosters/"+rs[0].ID+"/history", "", nil, &h); len(h.History) != 1 || h.History[0].Game != c.ID {
		t.Errorf("after the editor's save, the history is %+v", h.History)
	}
	after, _ := scenario.DecodeRoster("r.yaml", []byte(kept.YAML))
	n := 0
	for _, m := range after.Models {
		if m.Record != nil {
			n++
		}
	}
	if after.Name != "Renamed" || n != records {
		t.Errorf("after the editor's save: %s, %d records, want %d", after.Name, n, records)
	}
	// A new model under a model's old ID (the editor makes IDs from names)
	// is another model: it does not inherit the record.
	if withRecord >= 0 {
		ro.Models[withRecord].Name = "Someone New"
		y, _ = json.Marshal(map[string]any{"name": "Renamed", "models": ro.Models})
		if st := do(t, "PUT", ts.URL+"/api/rosters/"+rs[0].ID, rs[0].EditToken, map[string]any{"yaml": string(y)}, &kept); st != http.StatusOK {
			t.Fatalf("the editor's second save: %d", st)
		}
		after, _ = scenario.DecodeRoster("r.yaml", []byte(kept.YAML))
		if m := after.Models[withRecord]; m.Record != nil {
			t.Errorf("%s (%s) inherited %+v from the model it replaced", m.ID, m.Name, m.Record)
		}
		if len(history(t, ts, rs[0].ID)) != 1 {
			t.Error("the save lost the history")
		}
		// A hand-edited YAML with campaign fields is taken as it is: the
		// roster as it was after the apply comes back.
		if st := do(t, "PUT", ts.URL+"/api/rosters/"+rs[0].ID, rs[0].EditToken, map[string]any{"yaml": before.YAML}, &kept); st != http.StatusOK {
			t.Fatalf("the YAML saved back: %d", st)
		}
		after, _ = scenario.DecodeRoster("r.yaml", []byte(kept.YAML))
		if after.Models[withRecord].Record == nil {
			t.Error("a YAML that gives the record did not keep it")
		}
	} else {
		t.Error("the game left no record on the roster: the checks of records reach nothing (another seed?)")
	}
	revert := ts.URL + "/api/rosters/" + rs[0].ID + "/history/"
	for _, tc := range []struct {
		n, token string
		code     int
	}{
		{"5", rs[0].EditToken, 404},
		{"x", rs[0].EditToken, 404},
		{"0", rs[1].EditToken, 401},
	} {
		if st := do(t, "POST", revert+tc.n+"/revert", tc.token, nil, nil); st != tc.code {
			t.Errorf("revert %s: %d, want %d", tc.n, st, tc.code)
		}
	}
	// A revert takes no body: one that is not JSON, or holds a field, is
	// refused and takes nothing back (hostile audit).
	for _, tc := range []struct {
		body, ctype string
		code        int
		field       string
	}{
		{"not json {{{", "text/plain", 415, "content-type"},
		{"not json {{{", "application/json", 400, ""},
		{`{"entry": 0}`, "application/json", 400, "entry"},
	} {
		req, _ := http.NewRequest("POST", revert+"0/revert", strings.NewReader(tc.body))
		req.Header.Set("Content-Type", tc.ctype)
		req.Header.Set("Authorization", "Bearer "+rs[0].EditToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e apiErr
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != tc.code || e.Field != tc.field {
			t.Errorf("revert with %q (%s): %d %+v, want %d naming %q", tc.body, tc.ctype, resp.StatusCode, e, tc.code, tc.field)
		}
	}
	if hs := history(t, ts, rs[0].ID); len(hs) == 0 || hs[0].Reverted != "" {
		t.Errorf("a refused revert took the entry back: %+v", hs)
	}
	if st := do(t, "POST", revert+"0/revert", rs[0].EditToken, "{}", &h); st != http.StatusOK || h.History[0].Reverted == "" {
		t.Errorf("revert: %d %+v", st, h.History)
	}
	if st := do(t, "POST", revert+"0/revert", rs[0].EditToken, nil, nil); st != http.StatusConflict {
		t.Errorf("reverted twice: %d, want 409", st)
	}
	if st := do(t, "GET", ts.URL+"/api/rosters/0123456789ab/history", "", nil, nil); st != http.StatusNotFound {
		t.Errorf("history of no roster: %d", st)
	}
}

// A game applied offline (`skirmish roster apply` on its export, the
// roster saved back with its history) counts as applied on the server: by
// its final-state digest, on the campaign's page and API, on the results
// page, and for a second apply, refused. A hand edit that deletes a
// record, sent with the campaign block, stays deleted.
func TestCampaignOfflineApply(t *testing.T) {
	ts, _ := newServer(t)
	name, rs := sampleRosters(t, ts, "n26")
	var cv campaignView
	do(t, "POST", ts.URL+"/api/campaigns", "", map[string]any{"name": "Offline", "ruleset": "n26", "rosters": []string{rs[0].ID, rs[1].ID}}, &cv)
	var c created
	if st := do(t, "POST", ts.URL+"/api/campaigns/"+cv.ID+"/games", cv.EditToken, map[string]any{"scenario": name, "seed": 5,
		"sides": []map[string]any{{"roster_id": rs[0].ID}, {"roster_id": rs[1].ID}}}, &c); st != http.StatusCreated {
		t.Fatalf("create: %d", st)
	}
	playOut(t, ts, c, 5)
	g := export(t, ts, c)
	ro, err := scenario.DecodeRoster("r.yaml", []byte(rs[0].YAML))
	if err != nil {
		t.Fatal(err)
	}
	cg, err := campaign.FromGame(g, 0, "game.json")
	if err != nil {
		t.Fatal(err)
	}
	e, err := campaign.Plan(ro, cg)
	if err != nil {
		t.Fatal(err)
	}
	if err := campaign.Apply(ro, e, time.Now()); err != nil {
		t.Fatal(err)
	}
	y, _ := json.Marshal(map[string]any{"name": ro.Name, "models": ro.Models, "campaign": ro.Campaign})
	var saved savedRoster
	if st := do(t, "PUT", ts.URL+"/api/rosters/"+rs[0].ID, rs[0].EditToken, map[string]any{"yaml": string(y)}, &saved); st != http.StatusOK {
		t.Fatalf("the roster applied offline, saved back: %d", st)
	}
	cv2 := campaignView{}
	if do(t, "GET", ts.URL+"/api/campaigns/"+cv.ID, "", nil, &cv2); len(cv2.Games) != 1 || !cv2.Games[0].Applied[0] || cv2.Games[0].Applied[1] {
		t.Errorf("the campaign's game after an offline apply of side 0: %+v", cv2.Games)
	}
	var res resultsView
	if st := do(t, "GET", ts.URL+"/api/campaigns/"+cv.ID+"/games/"+c.ID+"/results?side=0", "", nil, &res); st != http.StatusOK || !res.Applied || res.Entry == nil || res.Entry.Game != "game.json" {
		t.Errorf("results after an offline apply: %d %+v", st, res)
	}
	resp, err := http.Get(ts.URL + "/campaigns/" + cv.ID + "/games/" + c.ID + "/results?side=0")
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	page.ReadFrom(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(page.String(), `id="applied"`) {
		t.Errorf("the results page after an offline apply: %d", resp.StatusCode)
	}
	if st := do(t, "POST", ts.URL+"/api/campaigns/"+cv.ID+"/games/"+c.ID+"/apply", rs[0].EditToken, map[string]any{"side": 0, "version": saved.Version}, nil); st != http.StatusConflict {
		t.Errorf("applied again on the server: %d, want 409", st)
	}
	// A record deleted by hand, the campaign block sent: it stays deleted.
	k := slices.IndexFunc(ro.Models, func(m scenario.Model) bool { return m.Record != nil })
	if k < 0 {
		t.Fatal("the game left no record: the check below reaches nothing (another seed?)")
	}
	ro.Models[k].Record = nil
	y, _ = json.Marshal(map[string]any{"name": ro.Name, "models": ro.Models, "campaign": ro.Campaign})
	if st := do(t, "PUT", ts.URL+"/api/rosters/"+rs[0].ID, rs[0].EditToken, map[string]any{"yaml": string(y)}, &saved); st != http.StatusOK {
		t.Fatalf("the hand edit: %d", st)
	}
	after, _ := scenario.DecodeRoster("r.yaml", []byte(saved.YAML))
	if after.Models[k].Record != nil {
		t.Errorf("a record deleted by hand came back: %+v", after.Models[k].Record)
	}
}

// Rosters put on both sides, each the other's scenario side (the
// campaign's first game with its rosters swapped): no side's name takes a
// "(2)", nor a model's ID a "-2", for the scenario's own models the
// rosters replace; only two rosters of one name are told apart.
func TestRostersSwappedKeepTheirNames(t *testing.T) {
	ts, _ := newServer(t)
	name, rs := sampleRosters(t, ts, "n26")
	c := create(t, ts, map[string]any{"scenario": name, "sides": []map[string]any{{"roster_id": rs[1].ID}, {"roster_id": rs[0].ID}}})
	if c.Seats[0].Name != "Cinderlane Breakers" || c.Seats[1].Name != "Rustwater Wardens" {
		t.Errorf("the seats are %q and %q, want the rosters' own names", c.Seats[0].Name, c.Seats[1].Name)
	}
	v := c.get(t, ts, c.Seats[0].Token)
	if strings.Contains(string(v.State), `-2"`) {
		t.Errorf("a model was renamed for models the rosters replaced: %s", v.State)
	}
	c = create(t, ts, map[string]any{"scenario": name, "sides": []map[string]any{{"roster_id": rs[0].ID}, {"roster_id": rs[0].ID}}})
	if c.Seats[0].Name != "Rustwater Wardens" || c.Seats[1].Name != "Rustwater Wardens (2)" {
		t.Errorf("one roster on both sides: %q and %q, want the second told apart", c.Seats[0].Name, c.Seats[1].Name)
	}
}
