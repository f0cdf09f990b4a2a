package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fetch sends a request and returns the status, the body and the headers.
func fetch(t *testing.T, method, u, token, ctype string, body io.Reader) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, u, body)
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

// form posts the new-game form as a browser would (multipart, with files).
func form(t *testing.T, base string, fields map[string]string, files map[string][2]string) (int, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	for field, f := range files {
		fw, _ := w.CreateFormFile(field, f[0])
		fw.Write([]byte(f[1]))
	}
	w.Close()
	st, body, _ := fetch(t, "POST", base+"/new", "", w.FormDataContentType(), &buf)
	return st, body
}

var seatLink = regexp.MustCompile(`value="(http://[^"#]+/g/([0-9a-f]{12})#([0-9a-f]{32}))"`)

// The pages without a browser: the form, its refusals (each naming the
// field, the form kept), the seat links, the game page and its panel, the
// static files; and the page's weight.
func TestPages(t *testing.T) {
	ts, _ := newServer(t)
	st, body, h := fetch(t, "GET", ts.URL+"/", "", "", nil)
	if st != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/html") || !strings.Contains(body, `<form method="post" action="/new"`) {
		t.Fatalf("GET /: %d %s", st, h.Get("Content-Type"))
	}
	for _, opt := range []string{"opt.n26.", "opt.trenchcrusade.", "opt.falloutfactions.", "opt.n23."} {
		if !strings.Contains(body, opt) {
			t.Errorf("the form has no options %s…", opt)
		}
	}
	// Refusals: each comes back as the form with the reason.
	for _, c := range []struct {
		name   string
		fields map[string]string
		files  map[string][2]string
		status int
		want   string
	}{
		{"no rules", map[string]string{"scenario": "n26/sump-crossing"}, nil, 400, "choose the rules"},
		{"a scenario of other rules", map[string]string{"ruleset": "n23", "scenario": "n26/sump-crossing"}, nil, 400, "not a scenario of n23"},
		{"no such scenario", map[string]string{"ruleset": "n26", "scenario": "n26/nowhere"}, nil, 422, "no built-in scenario"},
		{"an upload with nothing", map[string]string{"ruleset": "n26", "scenario": "upload"}, nil, 400, "no scenario file"},
		{"bad YAML", map[string]string{"ruleset": "n26", "scenario": "upload", "scenario_yaml": "ruleset: n26\nsides: [\n"}, nil, 422, "upload.yaml:"},
		{"a bad option value", map[string]string{"ruleset": "n26", "scenario": "n26/sump-crossing", "opt.n26.succumb": "sometimes"}, nil, 422, "not a value of succumb"},
		{"a bad mode", map[string]string{"ruleset": "n26", "scenario": "n26/sump-crossing", "mode": "moon"}, nil, 422, "not a mode"},
		{"a bad dice mode", map[string]string{"ruleset": "n26", "scenario": "n26/sump-crossing", "dice": "loaded"}, nil, 422, "not a dice mode"},
		{"a roster the upload lacks", map[string]string{"ruleset": "n26", "scenario": "upload"},
			map[string][2]string{"scenario_file": {"s.yaml", "ruleset: n26\nname: x\nsides:\n  - name: a\n    roster: gone.yaml\n"}}, 422, "gone.yaml"},
	} {
		st, body := form(t, ts.URL, c.fields, c.files)
		if st != c.status || !strings.Contains(body, c.want) || !strings.Contains(body, `id="form-error"`) {
			t.Errorf("%s: %d, want %d with %q in the form's error; got %.300s", c.name, st, c.status, c.want, errorOf(body))
		}
	}
	// A game made by the form (options of another ruleset ignored).
	// The form redirects (303) to the links' own page, which shows them
	// again when the player comes back to it.
	var where string
	noFollow := &http.Client{CheckRedirect: func(req *http.Request, via []*http.Request) error { return http.ErrUseLastResponse }}
	{
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		for k, v := range map[string]string{"ruleset": "n26", "scenario": "n26/sump-crossing", "mode": "board", "dice": "digital", "opt.trenchcrusade.x": "y", "opt.n26.succumb": ""} {
			w.WriteField(k, v)
		}
		w.Close()
		req, _ := http.NewRequest("POST", ts.URL+"/new", &buf)
		req.Header.Set("Content-Type", w.FormDataContentType())
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		where = resp.Header.Get("Location")
		if resp.StatusCode != http.StatusSeeOther || !regexp.MustCompile(`^/new/[0-9a-f]{32}$`).MatchString(where) {
			t.Fatalf("a game from the form: %d to %q, want 303 to /new/<key>", resp.StatusCode, where)
		}
	}
	st, body, _ = fetch(t, "GET", ts.URL+where, "", "", nil)
	links := seatLink.FindAllStringSubmatch(body, -1)
	if st != 200 || len(links) != 3 || strings.Count(body, `<svg class="qr"`) != 3 {
		t.Fatalf("the links' page: %d, %d links, %d QR codes", st, len(links), strings.Count(body, `<svg class="qr"`))
	}
	if _, again, _ := fetch(t, "GET", ts.URL+where, "", "", nil); again != body {
		t.Error("the links' page shows other links the second time")
	}
	if st, gone, _ := fetch(t, "GET", ts.URL+"/new/"+strings.Repeat("0", 32), "", "", nil); st != 404 || !strings.Contains(gone, "no longer here") {
		t.Errorf("the links' page of no game: %d", st)
	}
	if !strings.Contains(body, "name this computer only") {
		t.Error("links to 127.0.0.1 carry no warning that phones cannot open them")
	}
	id, tok := links[0][2], links[0][3]
	st, shell, _ := fetch(t, "GET", ts.URL+"/g/"+id, "", "", nil)
	if st != 200 || strings.Contains(shell, tok) {
		t.Errorf("the game page: %d (it must not hold a token)", st)
	}
	if st, _, _ := fetch(t, "GET", ts.URL+"/g/not-an-id", "", "", nil); st != 404 {
		t.Errorf("the page of no game: %d", st)
	}
	if st, body, _ := fetch(t, "GET", ts.URL+"/g/"+id+"/panel", "", "", nil); st != 401 || !strings.Contains(body, "token") {
		t.Errorf("a panel without a token: %d %s", st, body)
	}
	if st, _, _ := fetch(t, "GET", ts.URL+"/g/"+id+"/panel", strings.Repeat("0", 32), "", nil); st != 404 {
		t.Errorf("a panel with another game's token: %d", st)
	}
	// The page's weight for the player deciding, board and destinations
	// included: under 100 KB with its script and style.
	var panel, decider string
	for _, l := range links[:2] {
		st, p, h := fetch(t, "GET", ts.URL+"/g/"+id+"/panel", l[3], "", nil)
		if st != 200 || h.Get("X-Seq") != "0" {
			t.Fatalf("the panel: %d, X-Seq %q", st, h.Get("X-Seq"))
		}
		if strings.Contains(p, "What you may do") {
			panel, decider = p, l[3]
		}
	}
	if panel == "" {
		t.Fatal("neither seat may act")
	}
	// Cards and the menu's model headings name each model and give its id
	// beside it, as the board, the buttons and the log name it.
	if !strings.Contains(panel, `<h3>Mother Ash <small class="id">breaker-boss</small> <small>`) ||
		!regexp.MustCompile(`<h3>[^<]+ <small class="id">[^<]+</small></h3>`).MatchString(panel) {
		t.Errorf("the panel does not pair the models' names with their ids:\n%s", panel)
	}
	weight := len(shell) + len(panel)
	for _, f := range []string{"/static/app.js", "/static/app.css"} {
		st, b, h := fetch(t, "GET", ts.URL+f, "", "", nil)
		if st != 200 || h.Get("Cache-Control") == "" {
			t.Errorf("%s: %d, Cache-Control %q", f, st, h.Get("Cache-Control"))
		}
		weight += len(b)
	}
	t.Logf("the game page weighs %d bytes (panel %d)", weight, len(panel))
	if weight > 100_000 {
		t.Errorf("the game page weighs %d bytes, over 100 KB", weight)
	}
	if st, _, _ := fetch(t, "GET", ts.URL+"/g/"+id+"/panel?log=all", tok, "", nil); st != 200 {
		t.Errorf("the panel with the whole log: %d", st)
	}
	if st, body, _ := fetch(t, "GET", ts.URL+"/g/"+id+"/panel?log=9", tok, "", nil); st != 400 || !strings.Contains(body, `"field":"log"`) {
		t.Errorf("the panel with ?log=9: %d %s", st, body)
	}
	// What the active model may not do, and why: the rules' reasons as
	// well as the economy's (engine.Game.Unavailable, as the CLI's why).
	act := regexp.MustCompile(`data-act="(activate m[0-9]+)"`).FindStringSubmatch(panel)
	if act == nil {
		t.Fatalf("the deciding seat's panel offers no activation:\n%s", panel)
	}
	if st, e := post(t, ts, id, "actions", decider, map[string]any{"seq": 0, "action": act[1]}); st != 200 {
		t.Fatalf("%s: %d %+v", act[1], st, e)
	}
	_, active, _ := fetch(t, "GET", ts.URL+"/g/"+id+"/panel", decider, "", nil)
	// Above the question or the actions, what the last action did: the
	// start's rolls first, then the activation just taken.
	if !regexp.MustCompile(`<p class="last"><span class="label">Last:</span> start of the game ⇒ priority: `).MatchString(panel) ||
		!strings.Contains(active, `<p class="last"><span class="label">Last:</span> activate `) {
		t.Errorf("the panels do not show the last action's result above the actions:\n%s\n%s", panel, active)
	}
	if i := strings.Index(active, "Not allowed now, and why"); i < 0 || !strings.Contains(active[i:], "not available to it now: it is not Engaged") {
		t.Errorf("the panel of an active model does not say what the rules do not offer it now:\n%s", active)
	}
	// A spectator's panel has no controls (but the board's zoom, which
	// changes only the view).
	_, spec, _ := fetch(t, "GET", ts.URL+"/g/"+id+"/panel", links[2][3], "", nil)
	spec = strings.ReplaceAll(spec, `<button type="button" class="zoom" data-zoom`, "")
	if regexp.MustCompile(`<(button|input|select|textarea)`).MatchString(spec) {
		t.Error("the spectator's panel has controls")
	}
	// A form from another site is refused.
	req, _ := http.NewRequest("POST", ts.URL+"/new", strings.NewReader(url.Values{"ruleset": {"n26"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 403 {
		t.Errorf("a cross-site form: %v %v", err, resp.Status)
	}
	// An oversized upload: 413, the form again.
	st, body = form(t, ts.URL, map[string]string{"ruleset": "n26", "scenario": "upload", "scenario_yaml": strings.Repeat("#", 2<<20)}, nil)
	if st != 413 || !strings.Contains(body, "form-error") {
		t.Errorf("an oversized form: %d %.200s", st, errorOf(body))
	}
}

func errorOf(page string) string {
	if i := strings.Index(page, `id="form-error"`); i >= 0 {
		return page[i:min(len(page), i+300)]
	}
	return page[:min(len(page), 300)]
}

// Odds at a table ask for the measurements they need (need.id), and take
// them as assume=<id>=<value>; malformed assumptions are refused by field.
func TestOddsWithAssumedMeasurements(t *testing.T) {
	ts, _ := newServer(t)
	c := create(t, ts, map[string]any{"ruleset": "n26", "scenario": "hab-block-brawl", "dice": "physical", "seed": 5})
	toks := []string{c.Seats[0].Token, c.Seats[1].Token}
	// The priority roll, then an activation by whoever has priority.
	post(t, ts, c.ID, "answers", toks[0], map[string]any{"seq": 0, "answer": "6"})
	post(t, ts, c.ID, "answers", toks[1], map[string]any{"seq": 1, "answer": "1"})
	post(t, ts, c.ID, "actions", toks[0], map[string]any{"seq": 2, "action": "activate m0"})
	v := c.get(t, ts, toks[0])
	shoot := ""
	for _, a := range v.Legal {
		if strings.HasPrefix(a, "shoot ") {
			shoot = a
			break
		}
	}
	if shoot == "" {
		t.Fatalf("no shot on offer: %v", v.Legal)
	}
	odds := func(assume ...string) (int, map[string]any) {
		q := url.Values{"action": {shoot}, "assume": assume}
		var out map[string]any
		st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"/odds?"+q.Encode(), toks[0], nil, &out)
		return st, out
	}
	var assume []string
	for range 20 {
		st, out := odds(assume...)
		if st == 200 {
			if rows, _ := out["rows"].([]any); len(rows) < 2 {
				t.Errorf("odds of a shot: %v", out)
			}
			break
		}
		need, _ := out["need"].(map[string]any)
		if st != 422 || need == nil || out["field"] != "assume" || need["question"] == "" {
			t.Fatalf("odds at a table without measurements: %d %v", st, out)
		}
		assume = append(assume, need["id"].(string)+"=yes")
	}
	if len(assume) == 0 {
		t.Fatal("the odds of a shot at a table needed no measurement")
	}
	twice := strings.TrimSuffix(assume[0], "=yes")
	if st, out := odds(twice+"=yes", twice+"=no"); st != 400 || !strings.Contains(fmt.Sprint(out["error"]), "assumed twice") {
		t.Errorf("one measurement assumed twice: %d %v", st, out)
	}
	for _, bad := range []string{"far/distance/0/5/0/0=-5", "sight/sight/0/5/NaN/0=yes", "sight", "sight/sight/0/5/0/0", "sight/sight/x/5/0/0/=yes", "sight/sight/0/5/0/0=maybe", "far/distance/0/5/0/0=lots", "far/distance/0/5/0/0=1e9"} {
		if st, out := odds(bad); st != 400 || out["field"] != "assume" {
			t.Errorf("assume=%s: %d %v", bad, st, out)
		}
	}
}

// The form leaves the rule options to the scenario unless the player picks
// one: an uploaded scenario's own options stand (through the page as
// through the API), a choice made on the form wins.
func TestPageOptionsKeepTheScenarios(t *testing.T) {
	ts, _ := newServer(t)
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "rulesets", "n26", "scenarios", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	yaml := strings.Replace(read("hab-block-brawl.yaml"), `cover-bonus: "1-2"`, `cover-bonus: "1-1"`, 1)
	rosters := map[string][2]string{"rosters": {"wardens.yaml", read("wardens.yaml")}}
	for _, c := range []struct{ form, want string }{{"", "1-1"}, {"1-2", "1-2"}} {
		fields := map[string]string{"ruleset": "n26", "scenario": "upload", "scenario_yaml": yaml, "opt.n26.cover-bonus": c.form}
		// Two roster files: a multipart form may repeat a field.
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		for k, v := range fields {
			w.WriteField(k, v)
		}
		for _, f := range [][2]string{rosters["rosters"], {"breakers.yaml", read("breakers.yaml")}} {
			fw, _ := w.CreateFormFile("rosters", f[0])
			fw.Write([]byte(f[1]))
		}
		w.Close()
		st, body, _ := fetch(t, "POST", ts.URL+"/new", "", w.FormDataContentType(), &buf)
		links := seatLink.FindAllStringSubmatch(body, -1)
		if st != 200 || len(links) != 3 {
			t.Fatalf("cover-bonus %q on the form: %d %s", c.form, st, errorOf(body))
		}
		id, tok := links[0][2], links[0][3]
		if st, _ := post(t, ts, id, "concede", tok, map[string]any{"seq": 0}); st != 200 {
			t.Fatalf("concede: %d", st)
		}
		var sv struct{ Options map[string]string }
		do(t, "GET", ts.URL+"/api/games/"+id+"/export", tok, nil, &sv)
		if got := sv.Options["cover-bonus"]; got != c.want {
			t.Errorf("the form's cover-bonus %q, the scenario's 1-1: the game has %q, want %q", c.form, got, c.want)
		}
	}
}

// An action whose dice come in its follow-ups (Fallout: Factions' Open
// Fire declares, Fire rolls) has one certain outcome of its own; its odds
// name what follows, so that the page does not show a certain nothing as
// the shot's result. A shot that rolls its own dice names nothing.
func TestOddsNameTheFollowUps(t *testing.T) {
	ts, _ := newServer(t)
	for _, mode := range []string{"board", "table"} {
		t.Run(mode, func(t *testing.T) { followUpsIn(t, ts, mode) })
	}
}

// followUpsIn plays a Fallout: Factions game in mode to its first Open
// Fire and checks its odds and its Fire's; at a table the measurements
// are answered, and assumed for the odds, yes (or 3").
func followUpsIn(t *testing.T, ts *httptest.Server, mode string) {
	c := create(t, ts, map[string]any{"ruleset": "falloutfactions", "scenario": "junction-yard", "mode": mode, "seed": 7})
	odds := func(tok, action string) map[string]any {
		var assume []string
		for range 20 {
			var out map[string]any
			st := do(t, "GET", ts.URL+"/api/games/"+c.ID+"/odds?"+url.Values{"action": {action}, "assume": assume}.Encode(), tok, nil, &out)
			if st == 200 {
				return out
			}
			need, _ := out["need"].(map[string]any)
			if st != 422 || need == nil {
				t.Fatalf("odds of %s: %d %v", action, st, out)
			}
			v := "=3"
			if need["yesno"] == true {
				v = "=yes"
			}
			assume = append(assume, need["id"].(string)+v)
		}
		t.Fatalf("odds of %s: more than 20 measurements", action)
		return nil
	}
	// settle answers what is pending and returns the decider's token and view.
	settle := func() (string, view) {
		for range 40 {
			d := c.get(t, ts, c.Seats[0].Token).Decider
			if d == nil {
				t.Fatal("nobody decides")
			}
			tok := c.Seats[max(*d, 0)].Token // -1: anyone at the table answers
			v := c.get(t, ts, tok)
			if v.Pending == nil {
				return tok, v
			}
			if v.Pending.Side >= 0 { // a measurement is the acting side's (issue 34)
				tok = c.Seats[v.Pending.Side].Token
			}
			answer := "yes"
			if len(v.Pending.Options) > 0 {
				answer = v.Pending.Options[0]
			}
			if st, _ := post(t, ts, c.ID, "answers", tok, map[string]any{"seq": v.Seq, "answer": answer}); st != 200 {
				post(t, ts, c.ID, "answers", tok, map[string]any{"seq": v.Seq, "answer": "3"})
			}
		}
		t.Fatal("questions without end")
		return "", view{}
	}
	for range 60 {
		tok, v := settle()
		for _, a := range v.Legal {
			if strings.HasPrefix(a, "open-fire ") {
				out := odds(tok, a)
				if dice := fmt.Sprint(out["dice"]); !strings.Contains(dice, "ff-") || len(out["rows"].([]any)) < 2 {
					t.Errorf("the odds of %s: %v, want the Fire's dice and outcomes", a, out)
				}
				// Outcomes gather the rows that differ only by a Ploy the
				// best play spends, which the player has not chosen: no
				// outcome reads as one, and they sum to one.
				sum := 0.0
				for _, o := range out["outcomes"].([]any) {
					o := o.(map[string]any)
					if strings.Contains(o["label"].(string), "Ploy") {
						t.Errorf("the odds of %s: an outcome %q reads as a Ploy spent", a, o["label"])
					}
					sum += o["probability"].(float64)
				}
				if math.Abs(sum-1) > 1e-3 || !strings.Contains(fmt.Sprint(out["headline"]), "incapacitated") {
					t.Errorf("the odds of %s: outcomes sum to %v, headline %v", a, sum, out["headline"])
				}
				post(t, ts, c.ID, "actions", tok, map[string]any{"seq": v.Seq, "action": a})
				tok, v = settle()
				for _, f := range v.Legal {
					if strings.HasPrefix(f, "fire ") {
						if out := odds(tok, f); len(out["rows"].([]any)) < 2 || len(out["dice"].([]any)) == 0 {
							t.Errorf("the odds of %s: %v, want its own outcomes and dice", f, out)
						}
						return
					}
				}
				t.Fatalf("no Fire after the Open Fire: %v", v.Legal)
			}
		}
		if len(v.Legal) == 0 {
			t.Fatalf("nothing to do: %+v", v)
		}
		next := v.Legal[len(v.Legal)-1]
		for _, a := range v.Legal {
			if strings.HasPrefix(a, "activate ") {
				next = a
			}
		}
		post(t, ts, c.ID, "actions", tok, map[string]any{"seq": v.Seq, "action": next})
	}
	t.Fatal("no Open Fire offered in 60 steps")
}

// The companion installs as an app (issue 32, 6): a manifest that opens
// the front page standalone, with an icon that is served, and a service
// worker at the root that caches this version's shell only.
func TestManifestAndServiceWorker(t *testing.T) {
	ts, _ := newServer(t)
	code, body, h := fetch(t, "GET", ts.URL+"/manifest.webmanifest", "", "", nil)
	var m struct {
		StartURL string `json:"start_url"`
		Display  string
		Icons    []struct{ Src string }
	}
	if err := json.Unmarshal([]byte(body), &m); code != 200 || err != nil || m.StartURL != "/" || m.Display != "standalone" || len(m.Icons) == 0 ||
		h.Get("Content-Type") != "application/manifest+json" {
		t.Fatalf("manifest: %d %s %q: %+v %v", code, h.Get("Content-Type"), body, m, err)
	}
	if code, icon, _ := fetch(t, "GET", ts.URL+m.Icons[0].Src, "", "", nil); code != 200 || !strings.Contains(icon, "<svg") {
		t.Errorf("the manifest's icon %s: %d", m.Icons[0].Src, code)
	}
	code, sw, h := fetch(t, "GET", ts.URL+"/sw.js", "", "", nil)
	_, page, _ := fetch(t, "GET", ts.URL+"/", "", "", nil)
	v := regexp.MustCompile(`/static/app\.js\?v=([0-9a-f]+)`).FindStringSubmatch(page)
	if code != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/javascript") || v == nil || !strings.Contains(sw, "/static/app.js?v="+v[1]) ||
		!strings.Contains(sw, `startsWith("/static/")`) {
		t.Errorf("service worker: %d %s, page's script version %v:\n%s", code, h.Get("Content-Type"), v, sw)
	}
	if !strings.Contains(page, `<link rel="manifest" href="/manifest.webmanifest">`) {
		t.Error("the pages do not link the manifest")
	}
}
