package server_test

import (
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
)

// A game from the players' own rosters (issue 33): POST /api/games takes a
// roster file per side (any format package roster reads, base64), puts it
// on that side, and the board scenario's zone deploys it; the response
// says what each file held that was left out. A bad file is refused naming
// the side's field, and no game is made.
func TestCreateWithRosters(t *testing.T) {
	ts, _ := newServer(t)
	gang := `name: The Pit Crows
models:
  - {id: crow-a, name: Ada Crow, profile: {Movement: 6, Ranged: 1, Melee: 0, Armour: 0}, base: 25, gear: [{name: rifle, kind: ranged, stats: {range: 24}}]}
  - {id: crow-b, profile: {Movement: 6, Ranged: 0, Melee: 1, Armour: -1}, base: 32, gear: [{name: club, kind: melee}]}
`
	b64 := base64.StdEncoding.EncodeToString([]byte(gang))
	var c struct {
		created
		Unknown [][]struct{ Where, What, Why string } `json:"unknown"`
	}
	req := map[string]any{"scenario": "no-mans-land", "dice": "digital", "sides": []map[string]any{{"roster_file": b64, "name": "crows.yaml"}}}
	if st := do(t, "POST", ts.URL+"/api/games", "", req, &c); st != http.StatusCreated {
		t.Fatalf("create with a roster: %d %+v", st, c)
	}
	if len(c.Unknown) != 1 || len(c.Unknown[0]) != 0 {
		t.Errorf("unknown: %+v, want one side with nothing left out", c.Unknown)
	}
	if len(c.Seats) != 2 {
		t.Fatalf("seats %+v", c.Seats)
	}
	if v := c.get(t, ts, c.Seats[0].Token); !strings.Contains(string(v.State), `"id":"crow-a"`) || !strings.Contains(string(v.State), `"pos":[`) {
		t.Errorf("the game's state lacks the roster's models on the board: %s", v.State)
	}
	if c.Seats[0].Name != "The Pit Crows" {
		t.Errorf("side 0 is %q, want the roster's name", c.Seats[0].Name)
	}

	for name, tc := range map[string]struct {
		sides  any
		status int
		field  string
		want   string
	}{
		"not base64":     {[]map[string]any{{"roster_file": "%%%"}}, 400, "sides[0].roster_file", "not base64"},
		"missing stat":   {[]map[string]any{{"roster_file": base64.StdEncoding.EncodeToString([]byte(strings.Replace(gang, "Melee: 0, ", "", 1))), "name": "crows.yaml"}}, 422, "sides[0].roster_file", "has no Melee"},
		"no file":        {[]map[string]any{{"format": "yaml"}}, 400, "sides[0].roster_file", "missing"},
		"too many":       {[]map[string]any{{}, {}, {}}, 422, "sides", "3 sides given; the scenario has 2"},
		"unknown format": {[]map[string]any{{"roster_file": b64, "format": "word"}}, 422, "sides[0].roster_file", `unknown format "word"`},
	} {
		var e apiErr
		req := map[string]any{"scenario": "no-mans-land", "sides": tc.sides}
		if st := do(t, "POST", ts.URL+"/api/games", "", req, &e); st != tc.status || e.Field != tc.field || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s: %d %+v; want %d at %s saying %q", name, st, e, tc.status, tc.field, tc.want)
		}
	}
}

// POST /api/rosters/read (issue 33): what a roster file holds, as the
// ruleset understands it, without making a game; refusals name the field;
// it costs as a creation does and is limited as creations are.
func TestReadRoster(t *testing.T) {
	ts, _ := newServer(t)
	gang := "name: The Pit Crows\nmodels:\n  - {id: crow-a, name: Ada Crow, profile: {Movement: 6, Ranged: 1, Melee: 0, Armour: 0}, base: 25, gear: [{name: rifle, kind: ranged, stats: {range: 24}}]}\n"
	b64 := base64.StdEncoding.EncodeToString([]byte(gang))
	var sum struct {
		Ruleset, Name, Format string
		Models                []struct{ ID, Name string }
		Unknown               []struct{ Where, What, Why string }
	}
	if st := do(t, "POST", ts.URL+"/api/rosters/read", "", map[string]any{"ruleset": "trenchcrusade", "roster_file": b64, "name": "crows.yaml"}, &sum); st != http.StatusOK {
		t.Fatalf("read: %d", st)
	}
	if sum.Ruleset != "trenchcrusade" || sum.Name != "The Pit Crows" || sum.Format != "yaml" || len(sum.Models) != 1 || sum.Models[0].Name != "Ada Crow" || sum.Unknown == nil {
		t.Errorf("summary %+v", sum)
	}
	for name, tc := range map[string]struct {
		body        map[string]any
		status      int
		field, want string
	}{
		"no ruleset":     {map[string]any{"roster_file": b64}, 400, "ruleset", "missing"},
		"no such":        {map[string]any{"ruleset": "chess", "roster_file": b64}, 422, "ruleset", `no ruleset "chess"`},
		"no file":        {map[string]any{"ruleset": "n23"}, 400, "roster_file", "missing"},
		"another game's": {map[string]any{"ruleset": "n23", "roster_file": b64, "name": "crows.yaml"}, 422, "roster_file", "has no M, which n23 needs"},
	} {
		var e apiErr
		if st := do(t, "POST", ts.URL+"/api/rosters/read", "", tc.body, &e); st != tc.status || e.Field != tc.field || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s: %d %+v; want %d at %s saying %q", name, st, e, tc.status, tc.field, tc.want)
		}
	}
}
