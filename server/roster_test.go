package server_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/skirmish-engine/skirmish/roster"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/server"
	"github.com/skirmish-engine/skirmish/store/sqlite"
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
		"unknown format": {[]map[string]any{{"roster_file": b64, "format": "word"}}, 400, "sides[0].format", `"word": not a format skirmish reads`},
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

// Saved rosters (issue 33): POST /api/rosters saves a roster (a file in
// any format, or YAML) and gives its ID and edit token once; GET and the
// YAML export are open to whoever has the ID; PUT needs the edit token
// and the version edited; a game takes a saved roster by ID. Every refusal
// names its field and changes nothing.
func TestSavedRosters(t *testing.T) {
	ts, _ := newServer(t)
	gang := "name: The Pit Crows\nmodels:\n  - {id: crow-a, name: Ada Crow, keywords: [elite], profile: {Movement: 6, Ranged: 1, Melee: 0, Armour: 0}, base: 25, gear: [{name: rifle, kind: ranged, stats: {range: 24}}]}\n"
	type saved struct {
		ID, Ruleset, Name, YAML string
		Version                 int
		EditToken               string `json:"edit_token"`
		EditURL                 string `json:"edit_url"`
		Roster                  struct{ Models []struct{ ID, Name string } }
		Unknown                 []struct{ Where, What, Why string }
	}
	var s1 saved
	if st := do(t, "POST", ts.URL+"/api/rosters", "", map[string]any{"ruleset": "trenchcrusade", "yaml": gang}, &s1); st != http.StatusCreated {
		t.Fatalf("save: %d %+v", st, s1)
	}
	if len(s1.ID) != 12 || len(s1.EditToken) != 32 || s1.EditURL != "/rosters/"+s1.ID+"#"+s1.EditToken || s1.Version != 1 ||
		s1.Name != "The Pit Crows" || s1.Ruleset != "trenchcrusade" || len(s1.Roster.Models) != 1 || !strings.Contains(s1.YAML, "crow-a") {
		t.Fatalf("saved %+v", s1)
	}
	if s1.Unknown == nil || len(s1.Unknown) != 0 {
		t.Errorf("unknown %+v, want an empty list: skirmish's YAML has nothing left out", s1.Unknown)
	}

	// A Yaktribe gang: its weapons get their stats from the samples' armoury.
	yak, err := os.ReadFile("testdata/cinder-rats.json")
	if err != nil {
		t.Fatal(err)
	}
	var s2 struct {
		saved
		Roster struct {
			Models []struct {
				ID   string
				Gear []struct{ Name, Kind string }
			}
		}
	}
	if st := do(t, "POST", ts.URL+"/api/rosters", "", map[string]any{"ruleset": "n23", "roster_file": base64.StdEncoding.EncodeToString(yak), "name": "cinder-rats.json"}, &s2); st != http.StatusCreated {
		t.Fatalf("save a Yaktribe gang: %d", st)
	}
	if len(s2.Roster.Models) != 3 || len(s2.Roster.Models[0].Gear) != 2 || s2.Roster.Models[0].Gear[1].Name != "autopistol" {
		t.Errorf("Yaktribe gang read as %+v", s2.Roster)
	}
	if !slices.ContainsFunc(s2.Unknown, func(u struct{ Where, What, Why string }) bool { return strings.Contains(u.What, "Grapnel Launcher") }) {
		t.Errorf("unknown %+v lacks the grapnel launcher no armoury knows", s2.Unknown)
	}
	if s2.EditToken == s1.EditToken || s2.ID == s1.ID {
		t.Error("two rosters share an ID or a token")
	}

	// Anyone with the ID reads and exports it; the token is never shown again.
	var got saved
	if st := do(t, "GET", ts.URL+"/api/rosters/"+s1.ID, "", nil, &got); st != http.StatusOK || got.YAML != s1.YAML || got.EditToken != "" || got.Version != 1 {
		t.Errorf("get: %d %+v", st, got)
	}
	resp, err := http.Get(ts.URL + "/api/rosters/" + s1.ID + "/export")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/yaml") ||
		resp.Header.Get("Content-Disposition") != `attachment; filename=the-pit-crows.yaml` || string(body) != s1.YAML {
		t.Errorf("export: %d %v %q", resp.StatusCode, resp.Header, body)
	}
	if r, err := roster.Read("the-pit-crows.yaml", body, "", roster.Options{Ruleset: "trenchcrusade", Rulesets: all.Rulesets()}); err != nil || len(r.Roster.Models) != 1 {
		t.Errorf("the export does not read back: %v", err)
	}

	// Edits: the token, then the version edited.
	renamed := strings.Replace(gang, "The Pit Crows", "The Pit Crows, renamed", 1)
	put := map[string]any{"yaml": renamed, "version": 1}
	var e apiErr
	if st := do(t, "PUT", ts.URL+"/api/rosters/"+s1.ID, "", put, &e); st != 401 || e.Field != "authorization" {
		t.Errorf("a PUT without a token: %d %+v", st, e)
	}
	if st := do(t, "PUT", ts.URL+"/api/rosters/"+s1.ID, s2.EditToken, put, &e); st != 401 || !strings.Contains(e.Error, "not this roster's edit token") {
		t.Errorf("a PUT with another roster's token: %d %+v", st, e)
	}
	if st := do(t, "PUT", ts.URL+"/api/rosters/"+s1.ID, s1.EditToken, put, &got); st != http.StatusOK || got.Version != 2 || got.Name != "The Pit Crows, renamed" {
		t.Fatalf("edit: %d %+v", st, got)
	}
	for name, tc := range map[string]struct {
		body        map[string]any
		status      int
		field, want string
	}{
		"stale version":  {map[string]any{"yaml": gang, "version": 1}, 409, "version", "you edited version 1; the roster is at version 2"},
		"version 0":      {map[string]any{"yaml": gang, "version": 0}, 400, "version", "0: a roster's versions start at 1"},
		"300 KiB":        {map[string]any{"yaml": gang + "\n# " + strings.Repeat("x", 300<<10) + "\n"}, 413, "yaml", "a roster may be at most 262144 as YAML"},
		"version -3":     {map[string]any{"yaml": gang, "version": -3}, 400, "version", "versions start at 1"},
		"other ruleset":  {map[string]any{"yaml": gang, "ruleset": "n23"}, 422, "ruleset", "this roster is for trenchcrusade"},
		"missing stat":   {map[string]any{"yaml": strings.Replace(gang, "Melee: 0, ", "", 1)}, 422, "yaml", "has no Melee"},
		"no roster":      {map[string]any{"version": 2}, 400, "yaml", "missing"},
		"both":           {map[string]any{"yaml": gang, "roster_file": "eA=="}, 400, "yaml", "not both"},
		"not yaml":       {map[string]any{"yaml": "models: [\n"}, 422, "yaml", ""},
		"unknown field":  {map[string]any{"yaml": gang, "colour": "red"}, 400, "colour", ""},
		"another format": {map[string]any{"yaml": gang, "format": "yaktribe"}, 400, "format", "send other formats as roster_file"},
	} {
		if st := do(t, "PUT", ts.URL+"/api/rosters/"+s1.ID, s1.EditToken, tc.body, &e); st != tc.status || e.Field != tc.field || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s: %d %+v; want %d at %s saying %q", name, st, e, tc.status, tc.field, tc.want)
		}
	}
	if st := do(t, "GET", ts.URL+"/api/rosters/"+s1.ID, "", nil, &got); st != 200 || got.Version != 2 || got.Name != "The Pit Crows, renamed" {
		t.Errorf("refused edits changed the roster: %+v", got)
	}

	// Creation refusals.
	for name, tc := range map[string]struct {
		body        map[string]any
		status      int
		field, want string
	}{
		"no ruleset": {map[string]any{"yaml": gang}, 400, "ruleset", "missing"},
		"version":    {map[string]any{"ruleset": "trenchcrusade", "yaml": gang, "version": 3}, 400, "version", "no version"},
		"version 0":  {map[string]any{"ruleset": "trenchcrusade", "yaml": gang, "version": 0}, 400, "version", "no version"},
		"bad base64": {map[string]any{"ruleset": "trenchcrusade", "roster_file": "%%"}, 400, "roster_file", "not base64"},
		"other game": {map[string]any{"ruleset": "n23", "yaml": gang}, 422, "yaml", "which n23 needs"},
	} {
		if st := do(t, "POST", ts.URL+"/api/rosters", "", tc.body, &e); st != tc.status || e.Field != tc.field || !strings.Contains(e.Error, tc.want) {
			t.Errorf("create, %s: %d %+v; want %d at %s saying %q", name, st, e, tc.status, tc.field, tc.want)
		}
	}
	for _, id := range []string{"nothex", "0123456789ab"} {
		if st := do(t, "GET", ts.URL+"/api/rosters/"+id, "", nil, &e); st != 404 || !strings.Contains(e.Error, "no saved roster") {
			t.Errorf("GET %s: %d %+v", id, st, e)
		}
		if st := do(t, "PUT", ts.URL+"/api/rosters/"+id, s1.EditToken, map[string]any{"yaml": gang}, &e); st != 404 {
			t.Errorf("PUT %s: %d %+v", id, st, e)
		}
	}

	// A game takes saved rosters by ID, on both sides.
	var c struct {
		created
		Unknown [][]struct{ Where, What, Why string } `json:"unknown"`
	}
	req := map[string]any{"scenario": "no-mans-land", "dice": "digital", "sides": []map[string]any{{"roster_id": s1.ID}, {"roster_id": s1.ID}}}
	if st := do(t, "POST", ts.URL+"/api/games", "", req, &c); st != http.StatusCreated {
		t.Fatalf("a game of saved rosters: %d", st)
	}
	if v := c.get(t, ts, c.Seats[0].Token); !strings.Contains(string(v.State), `"id":"crow-a"`) || !strings.Contains(string(v.State), `"id":"crow-a-2"`) {
		t.Errorf("the game lacks the saved roster's models: %s", v.State)
	}
	if c.Seats[0].Name != "The Pit Crows, renamed" || len(c.Unknown) != 2 || len(c.Unknown[1]) != 0 {
		t.Errorf("seats %+v, unknown %+v", c.Seats, c.Unknown)
	}
	for name, tc := range map[string]struct {
		sides       any
		status      int
		field, want string
	}{
		"no such roster": {[]map[string]any{{"roster_id": "0123456789ab"}}, 422, "sides[0].roster_id", "no saved roster"},
		"other ruleset":  {[]map[string]any{{"roster_id": s2.ID}}, 422, "sides[0].roster_id", "is a n23 roster, and the game is trenchcrusade"},
		"both":           {[]map[string]any{{"roster_id": s1.ID, "roster_file": "eA=="}}, 400, "sides[0].roster_id", "not both"},
	} {
		req := map[string]any{"scenario": "no-mans-land", "sides": tc.sides}
		if st := do(t, "POST", ts.URL+"/api/games", "", req, &e); st != tc.status || e.Field != tc.field || !strings.Contains(e.Error, tc.want) {
			t.Errorf("game, %s: %d %+v; want %d at %s saying %q", name, st, e, tc.status, tc.field, tc.want)
		}
	}
}

// The roster editor's pages without a browser (issue 33): /rosters/new
// carries each ruleset's characteristics, keywords and armoury for the
// script; a saved roster's page exists, an unknown one is 404; the
// new-game form comes filled from the editor's link, takes a saved roster
// by its link, and refuses a side given both a file and a saved roster.
func TestRosterPages(t *testing.T) {
	ts, _ := newServer(t)
	st, body, h := fetch(t, "GET", ts.URL+"/rosters/new?ruleset=n23", "", "", nil)
	if st != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/html") || !strings.Contains(h.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Fatalf("GET /rosters/new: %d %v", st, h)
	}
	i := strings.Index(body, `<script type="application/json" id="roster-specs">`)
	j := strings.Index(body[max(i, 0):], "</script>")
	if i < 0 || j < 0 {
		t.Fatalf("no specs on the editor page")
	}
	var specs map[string]struct {
		Profile []struct {
			Name     string
			Min, Max int
		}
		Types    []string
		Keywords map[string][]string
		Gear     []struct{ Name, Kind string }
		Model    struct {
			Base    float64
			Profile map[string]int
		}
		Notation map[string]map[string]string
	}
	if err := json.Unmarshal([]byte(body[i+len(`<script type="application/json" id="roster-specs">`):i+j]), &specs); err != nil {
		t.Fatalf("the editor's specs: %v", err)
	}
	for _, rs := range []string{"n26", "n23", "trenchcrusade", "falloutfactions"} {
		sp := specs[rs]
		if len(sp.Profile) < 4 || len(sp.Gear) < 3 || sp.Model.Base == 0 || len(sp.Model.Profile) != len(sp.Profile) || len(sp.Types) == 0 {
			t.Errorf("%s: the editor's spec %+v", rs, sp)
		}
	}
	if specs["n23"].Notation["WS"]["3"] != "3+" {
		t.Errorf("n23 WS 3 reads %q, want 3+", specs["n23"].Notation["WS"]["3"])
	}
	if !strings.Contains(body, `<option value="n23" selected>`) {
		t.Errorf("?ruleset=n23 is not chosen")
	}
	if st, _, _ := fetch(t, "GET", ts.URL+"/rosters/0123456789ab", "", "", nil); st != 404 {
		t.Errorf("an unknown roster's page: %d", st)
	}
	if st, _, _ := fetch(t, "POST", ts.URL+"/rosters/0123456789ab", "", "", nil); st != 405 {
		t.Errorf("POST to a roster's page: %d", st)
	}

	gang := "name: The Pit Crows\nmodels:\n  - {id: crow-a, name: Ada Crow, profile: {Movement: 6, Ranged: 1, Melee: 0, Armour: 0}, base: 25}\n"
	var s1 struct{ ID string }
	if st := do(t, "POST", ts.URL+"/api/rosters", "", map[string]any{"ruleset": "trenchcrusade", "yaml": gang}, &s1); st != 201 {
		t.Fatalf("save: %d", st)
	}
	if st, body, _ := fetch(t, "GET", ts.URL+"/rosters/"+s1.ID, "", "", nil); st != 200 || !strings.Contains(body, `data-id="`+s1.ID+`"`) {
		t.Errorf("a saved roster's page: %d", st)
	}
	_, body, _ = fetch(t, "GET", ts.URL+"/?ruleset=trenchcrusade&side0_roster_id="+s1.ID+"&side1_roster_id=%22%3E%3Cscript%3E", "", "", nil)
	if !strings.Contains(body, `value="`+s1.ID+`"`) || !strings.Contains(body, `<option value="trenchcrusade" selected>`) || strings.Contains(body, `"><script>`) {
		t.Errorf("the new-game form from the editor's link is not filled (or not escaped)")
	}
	// The form takes a saved roster by its share link, or by an edit link
	// (the part after # is dropped).
	for _, link := range []string{ts.URL + "/rosters/" + s1.ID, ts.URL + "/rosters/" + s1.ID + "#0123456789abcdef0123456789abcdef", s1.ID} {
		st, body := form(t, ts.URL, map[string]string{"ruleset": "trenchcrusade", "scenario": "trenchcrusade/no-mans-land", "side1_roster_id": link}, nil)
		if st != 200 || !strings.Contains(body, "The Pit Crows") {
			t.Errorf("the form with roster %s: %d", link, st)
		}
	}
	st, body = form(t, ts.URL, map[string]string{"ruleset": "trenchcrusade", "scenario": "trenchcrusade/no-mans-land", "side0_roster_id": s1.ID},
		map[string][2]string{"side0_roster": {"crows.yaml", gang}})
	if st != 400 || !strings.Contains(body, "the first side&#39;s roster is both a file and a saved roster") {
		t.Errorf("a side with a file and a saved roster: %d", st)
	}
	st, body = form(t, ts.URL, map[string]string{"ruleset": "trenchcrusade", "scenario": "trenchcrusade/no-mans-land", "side0_roster_id": "0123456789ab"}, nil)
	if st != 422 || !strings.Contains(body, "no saved roster") || !strings.Contains(body, `id="side0-roster-id" name="side0_roster_id" type="text" autocomplete="off" list="saved-rosters" value="0123456789ab" data-side="0" aria-invalid="true"`) {
		t.Errorf("an unknown saved roster on the form: %d", st)
	}
}

// What a hostile probe of saved rosters found (issue 33): a roster whose
// YAML would be too large to read again is refused, not saved; a roster
// without a name is refused; saves without a version never refuse each
// other (the last wins); a name outside ASCII exports under RFC 2231's
// filename*, and a line separator in it does not break the YAML's comment;
// and saving rosters does not use up the budget of games.
func TestSavedRostersHostile(t *testing.T) {
	st, err := sqlite.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ts := httptest.NewServer(server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(), CreatesPerMinute: 4}).Handler())
	defer ts.Close()

	var models []map[string]any
	for i := range 32 {
		var gear []map[string]any
		for j := range 42 {
			gear = append(gear, map[string]any{"name": fmt.Sprintf("%02d-%02d %s", i, j, strings.Repeat("g", 122)), "kind": "ranged", "stats": map[string]int{"range": 12}})
		}
		models = append(models, map[string]any{"id": fmt.Sprintf("m%d", i), "profile": map[string]int{"Movement": 6, "Ranged": 0, "Melee": 0, "Armour": 0}, "base": 25, "gear": gear})
	}
	big, _ := json.Marshal(map[string]any{"name": "Heavy", "models": models})
	var e apiErr
	if code := do(t, "POST", ts.URL+"/api/rosters", "", map[string]any{"ruleset": "trenchcrusade", "yaml": string(big)}, &e); code != 413 || e.Field != "yaml" || !strings.Contains(e.Error, "a roster may be at most 262144") {
		t.Errorf("a roster too large as YAML: %d %+v", code, e)
	}
	if code := do(t, "POST", ts.URL+"/api/rosters", "", map[string]any{"ruleset": "trenchcrusade", "yaml": "name: '   '\nmodels: [{id: a, profile: {Movement: 6, Ranged: 0, Melee: 0, Armour: 0}, base: 25}]\n"}, &e); code != 422 || !strings.Contains(e.Error, "no name") {
		t.Errorf("a roster without a name: %d %+v", code, e)
	}
	name := "Ünïcødé 火龍\u2028models: []"
	gang, _ := json.Marshal(map[string]any{"name": name, "models": []map[string]any{{"id": "a", "profile": map[string]int{"Movement": 6, "Ranged": 0, "Melee": 0, "Armour": 0}, "base": 25}}})
	var s1 struct {
		ID, YAML  string
		EditToken string `json:"edit_token"`
	}
	if code := do(t, "POST", ts.URL+"/api/rosters", "", map[string]any{"ruleset": "trenchcrusade", "yaml": string(gang)}, &s1); code != 201 {
		t.Fatalf("save: %d", code)
	}
	first, _, _ := strings.Cut(s1.YAML, "\n")
	if strings.ContainsRune(first, '\u2028') || !strings.HasPrefix(first, "# Ünïcødé 火龍 models: [], imported") {
		t.Errorf("the YAML's first line: %q", first)
	}
	resp, err := http.Get(ts.URL + "/api/rosters/" + s1.ID + "/export")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if cd := resp.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment; filename*=utf-8''") || strings.ContainsFunc(cd, func(r rune) bool { return r > 127 }) {
		t.Errorf("Content-Disposition %q", cd)
	}

	// Saves without a version: the last wins, none is refused.
	var wg sync.WaitGroup
	codes := make([]int, 10)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = do(t, "PUT", ts.URL+"/api/rosters/"+s1.ID, s1.EditToken, map[string]any{"yaml": string(gang)}, nil)
		}()
	}
	wg.Wait()
	for i, c := range codes {
		if c != 200 && c != 429 {
			t.Errorf("save %d without a version: %d", i, c)
		}
	}

	// Rosters have their own budget: games can still be made.
	if code := do(t, "POST", ts.URL+"/api/games", "", map[string]any{"scenario": "sump-crossing"}, nil); code != 201 {
		t.Errorf("a game after the roster saves: %d", code)
	}
	code := 0
	for range 10 {
		if code = do(t, "POST", ts.URL+"/api/rosters/read", "", map[string]any{"ruleset": "trenchcrusade", "roster_file": base64.StdEncoding.EncodeToString(gang)}, &e); code == 429 {
			break
		}
	}
	if code != 429 || !strings.Contains(e.Error, "too many rosters") {
		t.Errorf("past the roster budget: %d %+v", code, e)
	}
}
