package server_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Issue 33: the new-game page takes a roster file per side (skirmish's
// YAML for one, a New Recruit .rosz for the other); under each file it
// shows what the rules understood and what they leave out before the game
// is made; the game is made with them (a board scenario's zones deploying
// them) and plays.
func TestBrowserOwnRoster(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "crows.yaml")
	if err := os.WriteFile(file, []byte(`name: The Pit Crows
models:
  - {id: crow-a, name: Ada Crow, profile: {Movement: 6, Ranged: 1, Melee: 0, Armour: 0}, base: 25, gear: [{name: rifle, kind: ranged, stats: {range: 24}}]}
  - {id: crow-b, name: Bo Crow, profile: {Movement: 6, Ranged: 0, Melee: 1, Armour: -1}, base: 32, gear: [{name: club, kind: melee}]}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	p := newPhone(t, b, "organiser")
	p.run(chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#new form")), chromedp.SetValue(css("#ruleset"), "trenchcrusade"))
	p.eval(`document.querySelector("#ruleset").dispatchEvent(new Event("change"))`, nil)
	p.run(chromedp.SetValue(css("#scenario"), "trenchcrusade/no-mans-land"), chromedp.SetValue(css("#dice"), "physical"), chromedp.SetValue(css("#mode"), "board"))
	p.eval(`document.querySelector("#own-rosters").open = true`, nil)
	p.run(chromedp.SetUploadFiles(css("#side0-roster"), []string{file}))
	p.eval(`document.querySelector("#side0-roster").dispatchEvent(new Event("change"))`, nil)
	var read string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		p.eval(`document.querySelector("#side0-read").textContent`, &read)
		if strings.Contains(read, "Nothing left out") || strings.Contains(read, "Not usable") {
			break
		}
	}
	if !strings.Contains(read, "The Pit Crows: 2 models — Ada Crow, Bo Crow") || !strings.Contains(read, "Nothing left out") {
		t.Fatalf("the page's reading of the roster: %q", read)
	}
	// A New Recruit .rosz for the other side: its left-out keyword listed.
	rosz, err := filepath.Abs(filepath.Join("..", "roster", "testdata", "battlescribe", "tc-iron-mercy.rosz"))
	if err != nil {
		t.Fatal(err)
	}
	p.run(chromedp.SetUploadFiles(css("#side1-roster"), []string{rosz}))
	p.eval(`document.querySelector("#side1-roster").dispatchEvent(new Event("change"))`, nil)
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		p.eval(`document.querySelector("#side1-read").textContent`, &read)
		if strings.Contains(read, "Left out") || strings.Contains(read, "Not usable") || strings.Contains(read, "Nothing left out") {
			break
		}
	}
	if !strings.Contains(read, "Left out, as the rules here do not model it (1):") || !strings.Contains(read, "keyword REACH") {
		t.Errorf("the page's reading of the .rosz: %q", read)
	}
	p.shot("own-roster-read")
	p.eval(`document.querySelector("#own-rosters").scrollIntoView()`, nil)
	p.docShot("own-roster")
	p.checkPage("new game with a roster read")
	p.click(`button[type=submit]`)
	p.run(chromedp.WaitVisible(css("#seats")))
	var seats string
	p.eval(`document.querySelector("#seats").textContent`, &seats)
	if !strings.Contains(seats, "The Pit Crows") || strings.Contains(seats, "Rust Choir") {
		t.Errorf("the seats page does not name the roster's side: %q", seats)
	}
	var links []string
	p.eval(`Array.from(document.querySelectorAll(".seat .link input")).map(i => i.value)`, &links)
	st := p.open(links[0])
	var board string
	p.eval(`Array.from(document.querySelectorAll("svg.board .piece")).map(g => g.textContent).join(",")`, &board)
	if !strings.Contains(board, "Ada Crow") || !strings.Contains(board, "Bo Crow") {
		var all string
		p.eval(`document.querySelector("#panel").textContent.slice(0, 1500)`, &all)
		t.Errorf("the board lacks the roster's models: %q (turn %q)\n%s", board, st.Turn, all)
	}
	other := newPhone(t, b, "opponent")
	other.open(links[1])
	toFirstRoll(t, rand.New(rand.NewPCG(33, 1)), p, other)
}

// toFirstRoll plays a game on its seats' phones (taking attacks first,
// else moves, else whatever is offered, and answering what is asked) until
// one phone types the faces of a roll, which the server takes.
func toFirstRoll(t *testing.T, rng *rand.Rand, phones ...*phone) {
	t.Helper()
	for range 60 {
		for _, p := range phones {
			st := p.state()
			switch {
			case st.Kind == "roll":
				after := p.answer(st, rng, true)
				if after.Seq <= st.Seq {
					t.Fatalf("%s: the faces typed were not taken: seq %d → %d (%q)", p.name, st.Seq, after.Seq, after.Notice)
				}
				return
			case st.Kind != "":
				p.answer(st, rng, true)
			case st.Mine && (len(st.Actions) > 0 || len(st.Moves) > 0):
				act := ""
				for _, a := range st.Actions {
					if strings.Contains(a, "shoot") || strings.Contains(a, "fight") || strings.Contains(a, "charge") || strings.Contains(a, "attack") {
						act = a
						break
					}
				}
				if act == "" && len(st.Moves) > 0 {
					act = st.Moves[rng.IntN(len(st.Moves))]
				}
				if act == "" {
					act = st.Actions[0]
				}
				p.act(act, st, "")
			}
		}
	}
	t.Fatalf("no roll in 60 turns of the phones")
}

// Issue 33: a Yaktribe gang (n23) on the new-game page: its weapons get
// their stats from the samples' armoury, what no armoury knows and the
// skills n23 does not model are listed before the game is made, and the
// game plays to its first roll with the gang on the board.
func TestBrowserYaktribeRoster(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	gang, err := filepath.Abs(filepath.Join("testdata", "cinder-rats.json"))
	if err != nil {
		t.Fatal(err)
	}
	p := newPhone(t, b, "organiser")
	p.run(chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#new form")), chromedp.SetValue(css("#ruleset"), "n23"))
	p.eval(`document.querySelector("#ruleset").dispatchEvent(new Event("change"))`, nil)
	p.run(chromedp.SetValue(css("#scenario"), "n23/scrapyard-run"), chromedp.SetValue(css("#dice"), "physical"), chromedp.SetValue(css("#mode"), "board"))
	p.eval(`document.querySelector("#own-rosters").open = true`, nil)
	p.run(chromedp.SetUploadFiles(css("#side1-roster"), []string{gang}))
	p.eval(`document.querySelector("#side1-roster").dispatchEvent(new Event("change"))`, nil)
	var read string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		p.eval(`document.querySelector("#side1-read").textContent`, &read)
		if strings.Contains(read, "Left out") || strings.Contains(read, "Not usable") || strings.Contains(read, "Nothing left out") {
			break
		}
	}
	for _, want := range []string{"The Cinder Rats: 3 models — Brakka ‘Slag’ Hume, Dorrik, Vell", "Left out, as the rules here do not model it (4):",
		"Dorrik: equipment Grapnel Launcher (not in the armoury", "Brakka ‘Slag’ Hume: skill Headbutt", "the roster: save"} {
		if !strings.Contains(read, want) {
			t.Errorf("the page's reading of the Yaktribe gang lacks %q: %q", want, read)
		}
	}
	p.eval(`document.querySelector("#side1-read").scrollIntoView()`, nil)
	p.shot("yaktribe-read")
	p.click(`button[type=submit]`)
	p.run(chromedp.WaitVisible(css("#seats")))
	var links []string
	p.eval(`Array.from(document.querySelectorAll(".seat .link input")).map(i => i.value)`, &links)
	p.open(links[0])
	var cards string
	p.eval(`document.querySelector("#panel").textContent`, &cards)
	if !strings.Contains(cards, "Brakka ‘Slag’ Hume") || !strings.Contains(cards, "autopistol") {
		t.Errorf("the game lacks the gang or its armoury gear: %.2000s", cards)
	}
	other := newPhone(t, b, "opponent")
	other.open(links[1])
	toFirstRoll(t, rand.New(rand.NewPCG(33, 2)), p, other)
}

// Issue 33: a player without a list builder builds a warband in the
// roster editor (models, characteristics, keywords, gear from the
// armoury), is told what is wrong before saving, saves it (an edit link
// and a share link), changes it through the edit link, and plays it: the
// editor's "new game with this roster" fills the new-game form.
func TestBrowserRosterEditor(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	p := newPhone(t, b, "builder")
	p.run(chromedp.Navigate(ts.URL+"/rosters/new?ruleset=trenchcrusade"), chromedp.WaitVisible(css("#roster-form fieldset.model")))
	set := func(sel, v string) {
		t.Helper()
		js, _ := json.Marshal(v)
		sj, _ := json.Marshal(sel)
		var ok bool
		p.eval(`(() => { const e = document.querySelector(`+string(sj)+`); if (!e) return false; e.value = `+string(js)+`; e.dispatchEvent(new Event("input")); e.dispatchEvent(new Event("change")); return true; })()`, &ok)
		if !ok {
			t.Fatalf("no %s on the editor", sel)
		}
	}
	set("#r-name", "The Lantern Wardens")
	set("#m0-name", "Sister Hale")
	set("#m0-stat-Movement", "6")
	set("#m0-gear", "")
	var gear []string
	p.eval(`Array.from(document.querySelectorAll("#m0-gear option")).map(o => o.value)`, &gear)
	if len(gear) < 3 {
		t.Fatalf("the armoury offers %v", gear)
	}
	set("#m0-gear", gear[0])
	p.click("#models fieldset.model button:not(.small):not(.danger)") // Add gear
	p.click("#m0-kw-elite")
	p.click("#add-model")
	set("#m1-name", "Brother Vane")
	set("#m1-gear", gear[len(gear)-1])
	p.eval(`Array.from(document.querySelectorAll("#models fieldset.model"))[1].querySelector("button:not(.small):not(.danger)").click()`, nil)
	// A characteristic out of its bounds is refused, naming the model.
	set("#m1-stat-Movement", "99")
	p.click("#save")
	var msg string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && msg == ""; time.Sleep(50 * time.Millisecond) {
		p.eval(`document.querySelector("#roster-error").hidden ? "" : document.querySelector("#roster-error").textContent`, &msg)
	}
	if !strings.Contains(msg, "Not saved: model 2's Movement 99 is out of range; allowed 1 to 12") {
		t.Errorf("a Movement of 99: %q, want a refusal naming model 2's Movement", msg)
	}
	p.shot("roster-editor-refused")
	set("#m1-stat-Movement", "5")
	// A double tap saves once.
	p.eval(`(() => { const b = document.querySelector("#save"); b.click(); b.click(); return true; })()`, nil)
	var edit, share string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && edit == ""; time.Sleep(50 * time.Millisecond) {
		p.eval(`document.querySelector("#saved").hidden ? "" : document.querySelector("#edit-link").value`, &edit)
	}
	p.eval(`document.querySelector("#share-link").value`, &share)
	if !strings.HasPrefix(edit, ts.URL+"/rosters/") || !strings.Contains(edit, "#") || !strings.HasPrefix(edit, share+"#") {
		t.Fatalf("after saving: edit link %q, share link %q", edit, share)
	}
	var kept int
	p.eval(`JSON.parse(localStorage.getItem("skirmish.rosters") || "[]").length`, &kept)
	if kept != 1 {
		t.Errorf("a double tap on Save kept %d rosters, want 1", kept)
	}
	p.checkPage("roster editor, saved")
	p.eval(`window.scrollTo(0, 0)`, nil)
	p.docShot("roster-editor")
	id := strings.TrimPrefix(share, ts.URL+"/rosters/")
	var saved struct {
		Version int
		YAML    string
		Roster  struct {
			Models []struct {
				ID, Name string
				Keywords []string
				Profile  map[string]int
				Gear     []struct{ Name string }
			}
		}
	}
	if st := do(t, "GET", ts.URL+"/api/rosters/"+id, "", nil, &saved); st != 200 || len(saved.Roster.Models) != 2 {
		t.Fatalf("the saved roster: %d %+v", st, saved)
	}
	m := saved.Roster.Models
	if m[0].ID != "sister-hale" || m[0].Profile["Movement"] != 6 || len(m[0].Keywords) != 1 || m[0].Keywords[0] != "elite" ||
		len(m[0].Gear) != 1 || m[0].Gear[0].Name != gear[0] || m[1].Name != "Brother Vane" || m[1].Profile["Movement"] != 5 || len(m[1].Gear) != 1 {
		t.Errorf("the saved roster's models: %+v", m)
	}

	// The edit link opens it again for changes; the share link, read only.
	p.run(chromedp.Navigate(edit), chromedp.WaitVisible(css("#m1-name")))
	p.eval(`location.reload()`, nil)
	p.run(chromedp.WaitVisible(css("#m1-name")))
	set("#m1-name", "Brother Vane the Elder")
	p.click("#save")
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if do(t, "GET", ts.URL+"/api/rosters/"+id, "", nil, &saved); saved.Version == 2 {
			break
		}
	}
	if saved.Version != 2 || !strings.Contains(saved.YAML, "Brother Vane the Elder") {
		t.Errorf("the edit did not save: version %d\n%s", saved.Version, saved.YAML)
	}
	watcher := newPhone(t, b, "watcher")
	watcher.run(chromedp.Navigate(share), chromedp.WaitVisible(css("#m1-name")))
	var ro struct {
		Note, Save, Editable, EditLink bool
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && !ro.Note; time.Sleep(50 * time.Millisecond) {
		watcher.eval(`({note: !document.querySelector("#read-only").hidden, save: !document.querySelector("#save").hidden,
			editable: !document.querySelector("#m1-name").disabled, editlink: document.querySelector("label[for=edit-link]").offsetParent !== null})`, &ro)
	}
	if !ro.Note || ro.Save || ro.Editable || ro.EditLink {
		t.Errorf("the share link: read-only note %v, save button %v, fields editable %v, edit link shown %v", ro.Note, ro.Save, ro.Editable, ro.EditLink)
	}

	// New game with this roster: the form comes filled.
	p.click("#play-it")
	p.run(chromedp.WaitVisible(css("#new form")))
	var filled string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		p.eval(`document.querySelector("#side0-read").textContent`, &filled)
		if strings.Contains(filled, "left out") || strings.Contains(filled, "Left out") || strings.Contains(filled, "Not usable") {
			break
		}
	}
	if !strings.Contains(filled, "The Lantern Wardens: 2 models — Sister Hale, Brother Vane the Elder") {
		t.Errorf("the new-game form with the saved roster: %q", filled)
	}
	p.run(chromedp.SetValue(css("#scenario"), "trenchcrusade/no-mans-land"), chromedp.SetValue(css("#dice"), "physical"), chromedp.SetValue(css("#mode"), "board"))
	p.click(`button[type=submit]`)
	p.run(chromedp.WaitVisible(css("#seats")))
	var links []string
	p.eval(`Array.from(document.querySelectorAll(".seat .link input")).map(i => i.value)`, &links)
	p.open(links[0])
	var board string
	p.eval(`Array.from(document.querySelectorAll("svg.board .piece")).map(g => g.textContent).join(",")`, &board)
	if !strings.Contains(board, "Sister Hale") {
		t.Errorf("the board lacks the editor's models: %q", board)
	}
	other := newPhone(t, b, "opponent")
	other.open(links[1])
	toFirstRoll(t, rand.New(rand.NewPCG(33, 3)), p, other)
}
