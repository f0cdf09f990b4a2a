package server_test

// The table companion in a real browser (issue 14): Debian's chromium,
// headless, driven by chromedp. Where chromium is missing these tests skip,
// except under CI=true (.ci/run installs it), where that is a failure.
//
// Screenshots of every page at 390×844 are written to $SKIRMISH_SHOTS
// (default: a folder in the system's temporary directory, logged); with
// -docshots the README's pictures in docs/img are written again.

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/server"
	"github.com/skirmish-engine/skirmish/store/sqlite"
)

var docShots = flag.Bool("docshots", false, "write the README's screenshots to docs/img")

// browser starts a headless chromium for the test, or skips.
func browser(t *testing.T) context.Context {
	t.Helper()
	exe := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			exe = p
			break
		}
	}
	if exe == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("no chromium on this machine: .ci/run installs Debian's chromium package")
		}
		t.Skip("no chromium on this machine (apt-get install chromium): the browser tests skip")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.Headless, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-quic", true), chromedp.NoFirstRun,
		chromedp.WindowSize(390, 844), chromedp.UserDataDir(t.TempDir()))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	bctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(cancelB)
	if err := chromedp.Do(bctx); err != nil { // start the browser now
		t.Fatalf("chromium did not start: %v", err)
	}
	return bctx
}

// phone is one browser context: its own cookies and storage, as another
// phone at the table would be.
type phone struct {
	t    *testing.T
	name string
	ctx  context.Context
	// assumed counts the measurements assumed on the odds sheet; oddsShown
	// the sheets that showed odds as bars; recalled the measurements asked
	// for that showed what was assumed for them, the answer marked.
	assumed, oddsShown, recalled, moreShots int
	// oneTap counts actions sent at their first tap (nothing to weigh);
	// askedTwice the measurements asked after the sheet had them.
	oneTap      int
	askedTwice  []string
	oddsShot    bool
	slowestOdds time.Duration
}

func newPhone(t *testing.T, b context.Context, name string) *phone {
	ctx, cancel := chromedp.NewContext(b, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844)); err != nil {
		t.Fatal(err)
	}
	return &phone{t: t, name: name, ctx: ctx}
}

// run runs browser actions on the phone's page.
func (p *phone) run(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
}

// get runs one browser action that gives a value.
func get[T any](p *phone, a chromedp.Action[T]) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
	return v
}

// eval runs a script on the page and decodes its result into out (nil:
// dropped).
func (p *phone) eval(js string, out any) {
	p.t.Helper()
	raw := get(p, chromedp.Evaluate[json.RawMessage](js, chromedp.EvalAwaitPromise))
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			p.t.Fatalf("%s: %s: %v", p.name, raw, err)
		}
	}
}

// css is a CSS selector.
func css(sel string) chromedp.CSS { return chromedp.CSS(sel) }

// beforeScripts runs js in the page before its own scripts, at every load.
func beforeScripts(js string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js})
		return chromedp.Void{}, err
	}
}

// shot saves a screenshot of what the phone's 390×844 screen shows.
func (p *phone) shot(name string) {
	p.t.Helper()
	png := get(p, chromedp.CaptureScreenshot())
	dir := os.Getenv("SKIRMISH_SHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "skirmish-screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	f := filepath.Join(dir, name+".png")
	if err := os.WriteFile(f, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot: %s", f)
}

// docShot saves the visible part of the page as one of the README's
// pictures (with -docshots).
func (p *phone) docShot(name string) {
	p.t.Helper()
	if !*docShots {
		return
	}
	png := get(p, chromedp.CaptureScreenshot())
	if err := os.WriteFile(filepath.Join("..", "docs", "img", name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// panelState is what the page shows now, read from its DOM.
type panelState struct {
	Seq     int                 `json:"seq"`
	Mine    bool                `json:"mine"`
	Over    bool                `json:"over"`
	Kind    string              `json:"kind"` // roll, choice, yesno, measure, or "" for actions
	Dice    int                 `json:"dice"`
	More    bool                `json:"more"`  // some faces call for more dice
	Order   []string            `json:"order"` // each die's kind, in turn
	Faces   map[string][]string `json:"faces"` // by kind
	Options []string            `json:"options"`
	Min     float64             `json:"min"`
	Max     float64             `json:"max"`
	Actions []string            `json:"actions"`
	Moves   []string            `json:"moves"`
	Undo    bool                `json:"undo"`
	Notice  string              `json:"notice"`
	Asking  bool                `json:"asking"` // a question waits, for anyone
	Turn    string              `json:"turn"`
}

const readPanel = `(() => {
  const q = (s) => document.querySelector(s), qa = (s) => Array.from(document.querySelectorAll(s));
  const top = q("#panel header.top");
  const n = q("#notice");
  const st = {seq: top ? Number(top.dataset.seq) : -1, mine: !!q("#turn.mine"), over: !!q("#turn.over"),
    kind: "", dice: 0, order: [], faces: {}, options: [], min: 0, max: 0, actions: [], moves: [],
    undo: !!q("[data-write=undo]"), asking: !!q(".ask"), notice: n && !n.hidden ? n.textContent : "", turn: top ? q("#turn").textContent : ""};
  const ask = q(".ask.mine");
  if (ask) {
    if (q(".keypad")) { st.kind = "roll"; st.dice = Number(q(".keypad").dataset.count); st.more = !!q(".keypad").dataset.more; st.order = q(".keypad").dataset.order.split("|");
      st.faces = {}; for (const g of qa(".faces")) st.faces[g.dataset.die] = Array.from(g.querySelectorAll(".face")).map(b => b.dataset.face); }
    else if (q(".choices")) { st.kind = "choice"; st.options = qa(".choice").map(b => b.dataset.answer); }
    else if (q("[data-answer=yes]")) { st.kind = "yesno"; }
    else if (q("#inches")) { st.kind = "measure"; st.min = Number(q("#inches").min); st.max = Number(q("#inches").max); }
  }
  st.actions = qa("#panel button.act").map(b => b.dataset.act);
  st.moves = qa("#panel details.moves option").map(o => o.value);
  return st;
})()`

func (p *phone) state() panelState {
	p.t.Helper()
	var st panelState
	p.eval(readPanel, &st)
	return st
}

// waitSeq waits until the page shows seq (or later): the live update.
func (p *phone) waitSeq(seq int) panelState {
	p.t.Helper()
	return p.waitSeqWithin(seq, 5*time.Second)
}

func (p *phone) waitSeqWithin(seq int, d time.Duration) panelState {
	p.t.Helper()
	deadline := time.Now().Add(d)
	for {
		st := p.state()
		if st.Seq >= seq {
			return st
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: the page is still at seq %d, not %d, %v after the other phone's write", p.name, st.Seq, seq, d)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// click clicks the first element matching a CSS selector, as a thumb would.
func (p *phone) click(sel string) {
	p.t.Helper()
	js, _ := json.Marshal(sel)
	p.clickJS(`document.querySelector(` + string(js) + `)`)
}

// clickJS clicks an element found by a script (a button whose data
// attribute holds an action string, which a CSS selector would need to
// escape).
func (p *phone) clickJS(find string) {
	p.t.Helper()
	var ok bool
	p.eval(`(() => { const b = `+find+`; if (!b) return false; b.scrollIntoView({block: "center"}); b.click(); return true; })()`, &ok)
	if !ok {
		var html string
		p.eval(`document.querySelector("#panel").innerHTML.slice(0, 1500)`, &html)
		p.t.Fatalf("%s: nothing to click: %s; the page:\n%s", p.name, find, html)
	}
}

// writes is how many writes the page has finished (each with the panel
// shown again after it).
func (p *phone) writes() int {
	var n string
	p.eval(`document.querySelector("#game").dataset.writes || "0"`, &n)
	var w int
	fmt.Sscan(n, &w)
	return w
}

// settle waits for the page's write to come back (the page counts them:
// before is the count before the tap) and returns what it shows then.
func (p *phone) settle(before int) panelState {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for p.writes() <= before {
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: no answer from the server 10 s after a tap", p.name)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return p.state()
}

// act takes an action through its button (or the board's destination
// list) and the confirmation sheet, after the odds are shown (and
// screenshotted, if shot names the picture).
func (p *phone) act(action string, st panelState, shot string) panelState {
	p.t.Helper()
	js, _ := json.Marshal(action)
	tapped := p.writes()
	if contains(st.Moves, action) {
		p.eval(`(() => { const o = Array.from(document.querySelectorAll("details.moves option")).find(o => o.value === `+string(js)+`); const d = o.closest("details"); d.open = true; o.parentElement.value = o.value; return true; })()`, new(bool))
		p.clickJS(`Array.from(document.querySelectorAll("details.moves")).find(d => d.open).querySelector("[data-pick]")`)
	} else {
		var found bool
		p.eval(`(() => { const b = Array.from(document.querySelectorAll("button.act")).find(b => b.dataset.act === `+string(js)+`); if (!b) return false; const d = b.closest("details"); if (d) d.open = true; return true; })()`, &found)
		if !found {
			now := p.state()
			p.t.Fatalf("%s: no button for %s: the page was at seq %d, is at %d (%q), with %v", p.name, action, st.Seq, now.Seq, now.Notice, now.Actions)
		}
		p.clickJS(`Array.from(document.querySelectorAll("button.act")).find(b => b.dataset.act === ` + string(js) + `)`)
	}
	// An action with nothing to weigh is sent at once, without a sheet.
	odds, sent := p.waitOdds(action, tapped)
	if sent {
		p.oneTap++
		return p.settle(tapped)
	}
	if strings.Contains(odds, "Could not") {
		p.t.Fatalf("%s: odds of %s: %s", p.name, action, odds)
	}
	// At a table the sheet shows every measurement the odds rest on, with
	// its starting value; they go with the action on Confirm.
	var now []string
	p.eval(`Array.from(document.querySelectorAll("#odds .meas")).map(r => r.dataset.meas)`, &now)
	p.assumed += len(now)
	var bars int
	p.eval(`document.querySelectorAll("#odds .odds li").length`, &bars)
	if bars > 0 {
		p.oddsShown++
	}
	if bars > 2 && shot == "" && !p.oddsShot {
		p.oddsShot = true
		shot = "game-odds"
	}
	if shot != "" {
		p.shot(shot)
		p.docShot(shot)
	}
	var refused bool
	p.eval(`document.querySelector("#confirm").disabled`, &refused)
	if refused {
		p.t.Fatalf("%s: %s refused on its sheet with the starting values: %s", p.name, action, odds)
	}
	before := p.writes()
	p.click("#confirm")
	after := p.settle(before)
	// Nothing measured on the sheet is asked again.
	var asked string
	p.eval(`(document.querySelector(".ask.mine[data-fact]") || {dataset: {}}).dataset.fact || ""`, &asked)
	var laterOnes []string
	p.eval(`Array.from(document.querySelectorAll("#odds .meas.later")).map(r => r.dataset.meas)`, &laterOnes)
	if asked != "" && contains(now, asked) && !contains(laterOnes, asked) {
		p.askedTwice = append(p.askedTwice, asked)
	}
	return after
}

// waitOdds waits for the sheet to show the odds of action (or why not),
// and reports sent when the page sent the action at once instead (tapped
// is the count of writes before the tap).
func (p *phone) waitOdds(action string, tapped int) (odds string, sent bool) {
	p.t.Helper()
	// A Fight's odds at a table take up to a second of the server's CPU;
	// under -race, on two busy cores, tens of seconds.
	start := time.Now()
	deadline := start.Add(60 * time.Second)
	defer func() { p.slowestOdds = max(p.slowestOdds, time.Since(start)) }()
	for {
		if p.writes() > tapped {
			return "", true
		}
		var open, stale bool
		p.eval(`document.querySelector("#sheet").open`, &open)
		p.eval(`document.querySelector("#odds").textContent`, &odds)
		p.eval(`document.querySelector("#odds").classList.contains("stale")`, &stale)
		if open && odds != "" && !stale {
			return odds, false
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: the odds of %s did not show in 60 s (sheet open %v): %q", p.name, action, open, odds)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// answer answers the pending question through its control.
func (p *phone) answer(st panelState, rng *rand.Rand, yes bool) panelState {
	p.t.Helper()
	before := p.writes()
	switch st.Kind {
	case "roll":
		for i := range st.Dice {
			kind := st.Order[i]
			fs := st.Faces[kind]
			f := fs[rng.IntN(len(fs))]
			fj, _ := json.Marshal(f)
			kj, _ := json.Marshal(kind)
			p.clickJS(`Array.from(document.querySelectorAll(".faces")).find(g => g.dataset.die === ` + string(kj) + `).querySelector("button.face[data-face='" + ` + string(fj) + ` + "']")`)
		}
		if st.More {
			if p.moreShots++; p.moreShots == 1 {
				p.shot("game-dice-more")
			}
		}
		// One face too many is refused at once, in words, the typed
		// faces unchanged (unless some faces call for more dice).
		var typed, notice string
		p.eval(`document.querySelector("#faces").textContent`, &typed)
		if !st.More {
			p.click(`button.face`)
			var after string
			p.eval(`document.querySelector("#faces").textContent`, &after)
			p.eval(`document.querySelector("#notice").hidden ? "" : document.querySelector("#notice").textContent`, &notice)
			if after != typed || !strings.Contains(notice, "That is all") {
				p.t.Errorf("%s: a face past the %d dice: typed %q then %q, notice %q", p.name, st.Dice, typed, after, notice)
			}
		}
		p.click(`[data-keypad=send]`)
		// Faces that call for another die: the answer says which, and the
		// player types it and sends again, as at the table.
		for tries := 0; st.More && tries < 6; tries++ {
			now := p.settle(before)
			m := regexp.MustCompile(`^Those faces call for one more (\S+)`).FindStringSubmatch(now.Notice)
			if m == nil {
				return now
			}
			fs, ok := now.Faces[m[1]]
			if !ok {
				p.t.Fatalf("%s: the roll asks for %s, which the keypad does not offer: %v", p.name, m[1], now.Faces)
			}
			fj, _ := json.Marshal(fs[rng.IntN(len(fs))])
			kj, _ := json.Marshal(m[1])
			before = p.writes()
			p.clickJS(`Array.from(document.querySelectorAll(".faces")).find(g => g.dataset.die === ` + string(kj) + `).querySelector("button.face[data-face='" + ` + string(fj) + ` + "']")`)
			p.click(`[data-keypad=send]`)
		}
	case "choice":
		o, _ := json.Marshal(st.Options[len(st.Options)-1])
		p.clickJS(`Array.from(document.querySelectorAll("button.choice")).find(b => b.dataset.answer === ` + string(o) + `)`)
	case "yesno":
		var marked bool
		p.eval(`(() => { const r = document.querySelector(".ask .recalled"); if (!r) return false; const v = r.textContent.includes("assumed: yes") ? "yes" : "no"; return !!document.querySelector(".ask button.assumed[data-answer=" + v + "]"); })()`, &marked)
		if marked {
			if p.recalled++; p.recalled == 1 {
				p.shot("recalled-measurement")
			}
		}
		if yes {
			p.click(`[data-answer=yes]`)
		} else {
			p.click(`[data-answer=no]`)
		}
	case "measure":
		v := st.Min + (st.Max-st.Min)/4
		p.run(chromedp.SetValue(css("#inches"), fmt.Sprint(v)))
		p.click(".measure button")
	default:
		p.t.Fatalf("%s: no question to answer", p.name)
	}
	return p.settle(before)
}

// newGameInBrowser fills the new-game form and returns the seat links.
func newGameInBrowser(t *testing.T, p *phone, base, ruleset, scen, mode, dice string, docs bool) (seats []string, spectator string) {
	t.Helper()
	p.run(chromedp.Navigate(base+"/"), chromedp.WaitVisible(css("#new form")),
		chromedp.SetValue(css("#ruleset"), ruleset))
	p.eval(`document.querySelector("#ruleset").dispatchEvent(new Event("change"))`, nil)
	p.run(chromedp.SetValue(css("#scenario"), ruleset+"/"+scen),
		chromedp.SetValue(css("#mode"), mode),
		chromedp.SetValue(css("#dice"), dice))
	p.shot("new-game-" + mode)
	if docs {
		p.docShot("new-game")
	}
	p.click(`button[type=submit]`)
	p.run(chromedp.WaitVisible(css("#seats")))
	p.shot("seats-" + mode)
	if docs { // from the first seat: the test's links name 127.0.0.1, and the page says so
		p.eval(`document.querySelector(".lede").scrollIntoView()`, nil)
		p.docShot("seats")
	}
	var links []string
	p.eval(`Array.from(document.querySelectorAll(".seat .link input")).map(i => i.value)`, &links)
	if len(links) < 3 {
		t.Fatalf("the seats page gives %d links, want one per side and a spectator's", len(links))
	}
	var qrs int
	p.eval(`document.querySelectorAll("svg.qr path").length`, &qrs)
	if qrs != len(links) {
		t.Errorf("%d QR codes for %d links", qrs, len(links))
	}
	return links[:len(links)-1], links[len(links)-1]
}

func (p *phone) open(url string) panelState {
	p.t.Helper()
	p.run(chromedp.Navigate(url), chromedp.WaitVisible(css("#panel header.top")))
	deadline := time.Now().Add(5 * time.Second)
	for {
		var live string
		p.eval(`document.querySelector("#conn").textContent`, &live)
		if live == "Live" {
			break
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: the event stream did not connect: %q", p.name, live)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return p.state()
}

// A table-mode n26 game with physical dice, played to the end by two
// phones through the pages alone: faces typed on the keypad, facts
// answered, choices made, one undo; each phone sees the other's moves
// live; a stale tap is refused with a message; the spectator follows with
// no controls; the export replays to the same final state.
func TestBrowserPlaysATableGame(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	host, a, c, watch := newPhone(t, b, "host"), newPhone(t, b, "phone A"), newPhone(t, b, "phone B"), newPhone(t, b, "spectator")
	seats, spectator := newGameInBrowser(t, host, ts.URL, "n26", "hab-block-brawl", "table", "physical", true)
	if len(seats) != 2 {
		t.Fatalf("%d seats", len(seats))
	}
	phones := []*phone{a, c}
	sts := []panelState{a.open(seats[0]), c.open(seats[1])}
	watch.open(spectator)
	var controls int
	watch.eval(`document.querySelectorAll("#panel button, #panel [data-answer], #panel input, #panel select").length`, &controls)
	if controls != 0 {
		t.Errorf("the spectator's page has %d controls, want none", controls)
	}
	rng := rand.New(rand.NewPCG(14, 1))
	var rolls, choices, facts, undos, actions, stale int
	shots := map[string]bool{}
	for step := 0; ; step++ {
		if step > 3000 {
			t.Fatalf("the game did not end in 3000 steps")
		}
		// Who may tap now? (A question for the table: the first seat.)
		i := -1
		for k, st := range sts {
			if st.Mine && !st.Over {
				i = k
				break
			}
		}
		if sts[0].Over && sts[1].Over {
			break
		}
		if i < 0 {
			t.Fatalf("step %d: neither phone may act: %q / %q", step, sts[0].Turn, sts[1].Turn)
		}
		p, st := phones[i], sts[i]
		if !shots[st.Kind] {
			shots[st.Kind] = true
			name := map[string]string{"": "game-actions", "roll": "game-dice", "choice": "game-choice", "yesno": "game-fact", "measure": "game-measure"}[st.Kind]
			p.shot(name)
			if st.Kind == "roll" {
				p.docShot("game-dice")
			}
		}
		var next panelState
		switch {
		case st.Kind != "":
			switch st.Kind {
			case "roll":
				rolls++
			case "choice":
				choices++
			default:
				facts++
			}
			next = p.answer(st, rng, rng.IntN(3) > 0)
		default:
			all := append(append([]string{}, st.Actions...), st.Moves...)
			if len(all) == 0 {
				t.Fatalf("step %d: %s may act but has no actions: %q", step, p.name, st.Turn)
			}
			// Attacks first, so that the game has dice and facts.
			pick := ""
			for _, x := range all {
				if strings.HasPrefix(x, "shoot") || strings.HasPrefix(x, "fight") || strings.HasPrefix(x, "charge") {
					if pick == "" || rng.IntN(2) == 0 {
						pick = x
					}
				}
			}
			if pick == "" {
				pick = all[rng.IntN(len(all))]
			}
			var late *phone
			if stale == 0 && actions >= 4 {
				// A second phone on the same seat whose connection is down
				// (no live updates): it still shows the game before this
				// action.
				late = newPhone(t, b, "late "+p.name)
				late.run(beforeScripts(`window.EventSource = class { addEventListener() {} close() {} };`),
					chromedp.Navigate(seats[i]), chromedp.WaitVisible(css("#panel header.top")))
				if ls := late.state(); ls.Seq != st.Seq {
					t.Fatalf("the late phone shows seq %d, want %d", ls.Seq, st.Seq)
				}
			}
			actions++
			next = p.act(pick, st, "")
			if late != nil {
				// The same tap on the late phone: refused with a message,
				// not applied a second time; the page then shows the game
				// as it is.
				ls := late.act(pick, st, "")
				if !strings.Contains(ls.Notice, "moved on") {
					t.Errorf("a stale tap: the page says %q, want that the game moved on", ls.Notice)
				}
				var v struct{ Seq int }
				do(t, "GET", ts.URL+"/api/games/"+gameID(ts.URL, seats[i])+"?log=none", token(seats[i]), nil, &v)
				if v.Seq != next.Seq {
					var lg struct{ Log []engine.LogLine }
					do(t, "GET", ts.URL+"/api/games/"+gameID(ts.URL, seats[i])+"?log=4", token(seats[i]), nil, &lg)
					t.Errorf("after a stale tap (%s at seq %d) the game is at seq %d, want %d: applied twice? notice %q log %+v", pick, st.Seq, v.Seq, next.Seq, ls.Notice, lg.Log)
				}
				if ls = late.waitSeq(next.Seq); ls.Seq != next.Seq {
					t.Errorf("the late phone shows seq %d after its refused tap, want %d", ls.Seq, next.Seq)
				}
				late.shot("game-stale-tap")
				stale++
			}
		}
		if next.Notice != "" && !strings.HasPrefix(next.Notice, "Refused by the rules") {
			t.Fatalf("step %d: %s: %s", step, p.name, next.Notice)
		}
		sts[i] = next
		// The other phone and the spectator follow live.
		o := 1 - i
		sts[o] = phones[o].waitSeq(next.Seq)
		watch.waitSeq(next.Seq)
		// Once, an action that stopped at a question is taken back by the
		// phone that took it.
		if undos == 0 && st.Kind == "" && actions >= 2 && next.Asking && next.Undo && !next.Over {
			before := p.writes()
			p.click(`[data-write=undo]`)
			next = p.settle(before)
			if next.Notice != "" {
				t.Errorf("undo of %s's action waiting for an answer: %s", p.name, next.Notice)
			} else {
				undos++
				sts[i] = next
				sts[o] = phones[o].waitSeq(next.Seq)
				watch.waitSeq(next.Seq)
			}
		}
	}
	a.shot("game-over")
	a.docShot("game-over")
	watch.shot("spectator")
	t.Logf("played to the end: %d actions, %d rolls typed, %d choices, %d facts, %d undos, %d stale tap refused", actions, rolls, choices, facts, undos, stale)
	t.Logf("odds shown as bars %d times, %d measurements assumed on the sheet; the slowest took %v to show", a.oddsShown+c.oddsShown, a.assumed+c.assumed, max(a.slowestOdds, c.slowestOdds))
	// Measured on the sheet, sent with the action: never asked again; one
	// asked later (after the dice) shows what was assumed for it.
	t.Logf("%d measurements asked later showed what was assumed for them; %d actions sent at their first tap", a.recalled+c.recalled, a.oneTap+c.oneTap)
	if twice := append(a.askedTwice, c.askedTwice...); len(twice) > 0 {
		t.Errorf("measurements on the sheet asked again after Confirm: %v", twice)
	}
	if a.assumed+c.assumed == 0 || a.oddsShown+c.oddsShown == 0 || a.oneTap+c.oneTap == 0 {
		t.Errorf("the odds sheet never showed measurements (%d) or odds (%d), or no action went at one tap (%d)", a.assumed+c.assumed, a.oddsShown+c.oddsShown, a.oneTap+c.oneTap)
	}
	if rolls == 0 || facts+a.assumed+c.assumed == 0 || undos == 0 || stale == 0 || choices == 0 {
		t.Errorf("the game did not go through every kind of input: %d rolls, %d choices, %d facts, %d undos, %d stale taps", rolls, choices, facts, undos, stale)
	}
	// The page offers the game's file; the export it downloads replays to
	// the final state the server shows, as replay --verify does.
	var link string
	a.eval(`(document.querySelector("[data-export]") || {}).getAttribute ? document.querySelector("[data-export]").getAttribute("href") : ""`, &link)
	if !strings.HasSuffix(link, "/export") {
		t.Errorf("the finished game's page offers no download of the game: %q", link)
	}
	id, tok := gameID(ts.URL, seats[0]), token(seats[0])
	var sv engine.Save
	if st := do(t, "GET", ts.URL+"/api/games/"+id+"/export", tok, nil, &sv); st != 200 {
		t.Fatalf("export: %d", st)
	}
	g := verifyExport(t, &sv)
	if g == nil {
		return
	}
	var live struct {
		State json.RawMessage `json:"state"`
	}
	do(t, "GET", ts.URL+"/api/games/"+id, tok, nil, &live)
	replayed, err := json.Marshal(g.State())
	if err != nil {
		t.Fatal(err)
	}
	if string(replayed) != string(live.State) {
		t.Errorf("the export replays to another state than the server's:\nreplay %s\nserver %s", replayed, live.State)
	}
	// What followed an action by itself (a round's end, the next priority
	// roll) is shown apart in the log, after "then:".
	if _, panel, _ := fetch(t, "GET", ts.URL+"/g/"+id+"/panel?log=all", tok, "", nil); !strings.Contains(panel, `<span class="then">then:`) {
		t.Error("the whole log shows nothing that followed an action by itself (no round ended?)")
	}
}

// gameID and token split a seat link.
func gameID(base, link string) string {
	return strings.TrimPrefix(strings.SplitN(link, "#", 2)[0], base+"/g/")
}

func token(link string) string { return strings.SplitN(link, "#", 2)[1] }

// checkPage checks what every page must be: every control labelled, every
// button and link named, no horizontal scroll at 390 px, nor at 200 % zoom
// (a 195 px wide layout).
func (p *phone) checkPage(what string) {
	p.t.Helper()
	const audit = `(() => {
	  const bad = [];
	  for (const e of document.querySelectorAll("input, select, textarea")) {
	    if (e.type === "hidden") continue;
	    const lab = e.id && document.querySelector('label[for="' + e.id + '"]');
	    if (!lab && !e.getAttribute("aria-label") && !e.getAttribute("aria-labelledby")) bad.push(e.outerHTML.slice(0, 80));
	  }
	  for (const b of document.querySelectorAll("button, [role=button], a, summary")) {
	    if (!(b.getAttribute("aria-label") || b.textContent || "").trim()) bad.push(b.outerHTML.slice(0, 80));
	  }
	  return {bad, scroll: document.documentElement.scrollWidth, width: window.innerWidth};
	})()`
	var a struct {
		Bad           []string
		Scroll, Width int
	}
	p.eval(audit, &a)
	for _, b := range a.Bad {
		p.t.Errorf("%s: a control without a label or name: %s", what, b)
	}
	if a.Scroll > a.Width {
		p.t.Errorf("%s: %d px wide on a %d px screen: it scrolls sideways", what, a.Scroll, a.Width)
	}
	p.run(chromedp.EmulateViewport(195, 422))
	p.eval(audit, &a)
	if a.Scroll > a.Width {
		p.t.Errorf("%s at 200 %% zoom: %d px wide on %d px: it scrolls sideways", what, a.Scroll, a.Width)
	}
	p.run(chromedp.EmulateViewport(390, 844))
}

// A board game: the board is drawn, a model moves by a tap on one of its
// destinations, and every page passes the audit. The new-game form refuses
// a malformed upload with its line and column, keeping what was typed.
func TestBrowserBoardAndForm(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	host := newPhone(t, b, "host")

	// A bad upload: the form comes back with the error's line:column.
	bad := "ruleset: n26\nname: broken\nsides:\n  - name: a\n    models: [\n"
	host.run(chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#new form")))
	host.checkPage("the new-game page")
	host.run(chromedp.SetValue(css("#ruleset"), "n26"), chromedp.SetValue(css("#scenario"), "upload"), chromedp.SetValue(css("#yaml"), bad))
	host.click(`button[type=submit]`)
	host.run(chromedp.WaitVisible(css("#form-error")))
	var msg, kept string
	host.eval(`document.querySelector("#form-error").textContent`, &msg)
	host.eval(`document.querySelector("#yaml").value`, &kept)
	if !regexp.MustCompile(`:\d+:\d+`).MatchString(msg) {
		t.Errorf("a bad upload: %q names no line and column", msg)
	}
	if kept != bad {
		t.Errorf("a bad upload: the text box holds %q, not what was typed", kept)
	}
	host.shot("new-game-error")
	host.checkPage("the refused new-game page")

	seats, _ := newGameInBrowser(t, host, ts.URL, "n26", "sump-crossing", "board", "digital", false)
	host.checkPage("the seats page")
	phones := []*phone{newPhone(t, b, "phone A"), newPhone(t, b, "phone B")}
	sts := []panelState{phones[0].open(seats[0]), phones[1].open(seats[1])}
	i := 0
	if !sts[0].Mine {
		i = 1
	}
	p := phones[i]
	if len(sts[i].Actions) == 0 {
		t.Fatalf("%s may act but has no actions", p.name)
	}
	var pieces int
	p.eval(`document.querySelectorAll("svg.board .piece").length`, &pieces)
	if pieces == 0 {
		t.Fatal("the board shows no models")
	}
	st := p.act(sts[i].Actions[0], sts[i], "") // activate a model
	if len(st.Moves) == 0 {
		t.Fatalf("an active model on a board has no destinations: %+v", st)
	}
	// Open its Move, and tap a dot on the board.
	p.eval(`(() => { const d = document.querySelector("details.moves"); d.open = true; return true; })()`, nil)
	var shown int
	deadline := time.Now().Add(5 * time.Second)
	for shown == 0 && time.Now().Before(deadline) {
		p.eval(`document.querySelectorAll("svg.board .dest.shown").length`, &shown)
	}
	if shown == 0 {
		t.Fatal("opening Move shows no destinations on the board")
	}
	p.checkPage("the game page with the board")
	p.shot("game-board")
	p.docShot("game-board")
	before := p.writes()
	var dest string
	p.eval(`(() => { const c = document.querySelector("svg.board .dest.shown"); c.dispatchEvent(new MouseEvent("click", {bubbles: true})); return c.dataset.act; })()`, &dest)
	if _, sent := p.waitOdds(dest, before); !sent { // a dot names the place on the sheet, to confirm
		p.click("#confirm")
	}
	st = p.settle(before)
	if st.Notice != "" {
		t.Fatalf("the move to a tapped destination: %s", st.Notice)
	}
	var last string
	p.eval(`document.querySelector(".log li").textContent`, &last)
	if !strings.Contains(last, "moved to") {
		t.Errorf("after a tap on the board the log's latest line is %q, not the move", last)
	}
	phones[1-i].waitSeq(st.Seq)
	phones[1-i].checkPage("the waiting player's game page")
}

// A phone whose connection drops — the stream cut, the server refusing it
// for a while — shows it, reconnects by itself and catches up with what it
// missed, without a reload.
func TestBrowserReconnects(t *testing.T) {
	b := browser(t)
	st, err := sqlite.Open(":memory:")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(&panicLog{t: t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv := server.New(server.Config{Store: st, Rulesets: all.Rulesets(), Samples: all.Samples(), Procs: all.Procedures(), Log: log})
	var mu sync.Mutex
	var cut []context.CancelFunc
	blocked, refused := false, 0
	var streams []string // the event streams' URLs
	h := srv.Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/events") {
			mu.Lock()
			streams = append(streams, r.URL.RawQuery)
			if blocked {
				refused++
				mu.Unlock()
				http.Error(w, "down for a moment", http.StatusServiceUnavailable)
				return
			}
			ctx, cancel := context.WithCancel(r.Context())
			cut = append(cut, cancel)
			mu.Unlock()
			r = r.WithContext(ctx)
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		srv.StopStreams()
		ts.Close()
		st.Close()
	})
	c := create(t, ts, map[string]any{"ruleset": "n26", "scenario": "hab-block-brawl", "dice": "physical"})
	link := func(i int) string { return ts.URL + c.Seats[i].URL }
	a, bp := newPhone(t, b, "phone A"), newPhone(t, b, "phone B")
	sa, sb := a.open(link(0)), bp.open(link(1))
	if !sa.Mine || sa.Kind != "roll" || sb.Seq != 0 {
		t.Fatalf("the priority roll: %+v / %+v", sa, sb)
	}
	// The connection drops, and the server refuses it for a while.
	mu.Lock()
	blocked = true
	for _, cancel := range cut {
		cancel()
	}
	mu.Unlock()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var conn string
		bp.eval(`document.querySelector("#conn").textContent`, &conn)
		if strings.Contains(conn, "lost") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("phone B does not show the dropped connection: %q", conn)
		}
		time.Sleep(50 * time.Millisecond)
	}
	bp.shot("game-connection-lost")
	sa = a.answer(sa, rand.New(rand.NewPCG(1, 2)), true)
	if sa.Seq != 1 {
		t.Fatalf("phone A's roll: %+v", sa)
	}
	// Phone B tries again, and is refused: a browser gives such a stream
	// up; the page must not.
	deadline = time.Now().Add(15 * time.Second)
	for {
		mu.Lock()
		n := refused
		mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("phone B did not try to reconnect in 15 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if now := bp.state(); now.Seq != 0 {
		t.Fatalf("phone B saw seq %d with its connection down", now.Seq)
	}
	mu.Lock()
	blocked = false
	mu.Unlock()
	if sb = bp.waitSeqWithin(1, 15*time.Second); !sb.Mine || sb.Kind != "roll" {
		t.Errorf("phone B after reconnecting: %+v, want its priority roll", sb)
	}
	// Every stream was opened with the seat's events key: a token never
	// travels in a URL, where proxies log it.
	mu.Lock()
	defer mu.Unlock()
	keys := map[string]bool{"key=" + server.EventsKey(c.Seats[0].Token): true, "key=" + server.EventsKey(c.Seats[1].Token): true}
	for _, q := range streams {
		if !keys[strings.SplitN(q, "&", 2)[0]] || strings.Contains(q, "token") {
			t.Errorf("an event stream opened with %q, want a seat's key", q)
		}
	}
	if len(streams) < 3 {
		t.Errorf("%d event streams opened, want both phones' and a reconnection", len(streams))
	}
}

// The other rulesets' table scenarios, each played to the end through two
// phones' pages with real dice: every question they ask (symbol dice,
// several kinds of dice in one roll, faces that call for one more die,
// reaction choices, measurements) has a control that answers it, and both
// phones end at the result.
func TestBrowserOtherRulesets(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	for _, game := range [][2]string{{"trenchcrusade", "shell-crater"}, {"falloutfactions", "dry-gulch"}, {"n23", "furnace-duel"}} {
		t.Run(game[0], func(t *testing.T) {
			t.Parallel() // each game waits on its pages more than it works: three at once
			c := create(t, ts, map[string]any{"ruleset": game[0], "scenario": game[1], "mode": "table", "dice": "physical"})
			phones := []*phone{newPhone(t, b, game[0]+" A"), newPhone(t, b, game[0]+" B")}
			sts := []panelState{phones[0].open(ts.URL + c.Seats[0].URL), phones[1].open(ts.URL + c.Seats[1].URL)}
			rng := rand.New(rand.NewPCG(uint64(len(game[0])), 3))
			kinds := map[string]int{}
			// The whole game (issue 32, done when), to the last round.
			for step := 0; !sts[0].Over; step++ {
				if step > 1500 {
					t.Fatalf("the game did not end in 1500 steps")
				}
				i := 0
				if !sts[0].Mine {
					i = 1
				}
				p, st := phones[i], sts[i]
				if !st.Mine {
					t.Fatalf("step %d: neither phone may act: %q / %q", step, sts[0].Turn, sts[1].Turn)
				}
				if kinds["shot"] == 0 && st.Kind == "roll" && len(st.Faces) > 1 {
					kinds["shot"]++
					p.shot("game-dice-" + game[0])
				}
				var next panelState
				if st.Kind != "" {
					kinds[st.Kind]++
					next = p.answer(st, rng, rng.IntN(3) > 0)
				} else {
					all := append(append([]string{}, st.Actions...), st.Moves...)
					if len(all) == 0 {
						t.Fatalf("step %d: %s may act but has no actions: %q", step, p.name, st.Turn)
					}
					kinds["action"]++
					next = p.act(all[rng.IntN(len(all))], st, "")
				}
				if next.Notice != "" && !strings.HasPrefix(next.Notice, "Refused by the rules") && !strings.HasPrefix(next.Notice, "Those faces call for one more") {
					t.Fatalf("step %d: %s: %s", step, p.name, next.Notice)
				}
				sts[i] = next
				sts[1-i] = phones[1-i].waitSeq(next.Seq)
			}
			t.Logf("%s: %v", game[0], kinds)
			if kinds["roll"] == 0 || kinds["action"] == 0 {
				t.Errorf("%s: no dice typed or no action taken: %v", game[0], kinds)
			}
			if !sts[1].Over || !strings.Contains(sts[1].Turn, "Game over") {
				t.Errorf("%s: the other phone does not show the game over: %q", game[0], sts[1].Turn)
			}
		})
	}
}
