package server_test

import (
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
	p.run(chromedp.SetValue(css("#scenario"), "trenchcrusade/no-mans-land"), chromedp.SetValue(css("#dice"), "digital"), chromedp.SetValue(css("#mode"), "board"))
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
	var link string
	p.eval(`document.querySelector(".seat .link input").value`, &link)
	st := p.open(link)
	var board string
	p.eval(`Array.from(document.querySelectorAll("svg.board .piece")).map(g => g.textContent).join(",")`, &board)
	if !strings.Contains(board, "Ada Crow") || !strings.Contains(board, "Bo Crow") {
		var all string
		p.eval(`document.querySelector("#panel").textContent.slice(0, 1500)`, &all)
		t.Errorf("the board lacks the roster's models: %q (turn %q)\n%s", board, st.Turn, all)
	}
}
