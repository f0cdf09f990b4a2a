package server_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Issue 32, 4 and 6: a model's datacard opens on its weapons in the game's
// notation and its keywords; names, not IDs, in the actions; the page in
// the phone's dark scheme (the media feature emulated) has light text on a
// dark ground; the front page lists the games this phone has opened.
func TestBrowserDatacardDarkModeYourGames(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	c := create(t, ts, map[string]any{"ruleset": "trenchcrusade", "scenario": "shell-crater", "mode": "table", "dice": "physical"})
	v := c.get(t, ts, c.Seats[0].Token)
	side := 0
	if v.Decider != nil {
		side = *v.Decider
	}
	p := newPhone(t, b, "reader")
	p.open(ts.URL + c.Seats[side].URL)

	// The datacard: folded, then open on its weapons.
	var folded bool
	p.eval(`(() => { const d = document.querySelector(".card details.kit"); return !!d && !d.open; })()`, &folded)
	if !folded {
		t.Fatal("no datacard folded on a card")
	}
	p.eval(`(() => { const d = document.querySelector(".card details.kit"); d.open = true; d.closest(".card").scrollIntoView(); return true; })()`, new(bool))
	var kit string
	p.eval(`document.querySelector(".card details.kit").textContent`, &kit)
	if !strings.Contains(kit, "DICE") && !strings.Contains(kit, `"`) {
		t.Errorf("the datacard lacks the weapons' stats in Trench Crusade's notation: %q", kit)
	}
	p.docShot("datacard")
	p.shot("datacard")

	// Names where a person reads: no model's ID in the action buttons when
	// the model has a name of its own.
	var buttons string
	p.eval(`Array.from(document.querySelectorAll("#panel .acts button")).map(b => b.textContent).join(" | ")`, &buttons)
	for _, id := range []string{"vigil-rifle-a", "vigil-captain", "choir-brute"} {
		if strings.Contains(buttons, id) {
			t.Errorf("an action names %s by its ID: %s", id, buttons)
		}
	}

	// Dark mode.
	p.run(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	}))
	var look struct{ Bg, Ink, Card, Fold, Button string }
	p.eval(`(() => { const st = (q) => getComputedStyle(document.querySelector(q)); return {bg: st("body").backgroundColor, ink: st("body").color, card: st(".card").backgroundColor, fold: st(".card summary").backgroundColor, button: st("#panel button:not(.primary)").backgroundColor}; })()`, &look)
	for what, c := range map[string]string{"the ground": look.Bg, "a card": look.Card, "a fold": look.Fold, "a button": look.Button} {
		if lum(c) > 0.25 {
			t.Errorf("dark mode: %s is %s, want dark", what, c)
		}
	}
	if lum(look.Ink) < 0.7 {
		t.Errorf("dark mode: the text is %s, want light", look.Ink)
	}
	p.shot("dark-mode")
	p.checkPage("dark mode")

	// Your games, on the front page of the same phone.
	p.run(chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#new form")))
	var yours struct {
		Shown bool
		Links []string
	}
	p.eval(`(() => { const y = document.querySelector("#yours"); return {shown: !!y && !y.hidden, links: Array.from(document.querySelectorAll("#yours a")).map(a => a.getAttribute("href"))}; })()`, &yours)
	if !yours.Shown || len(yours.Links) != 1 || !strings.HasSuffix(yours.Links[0], c.Seats[side].URL) {
		t.Errorf("your games: %+v, want the one seat link opened (%s)", yours, c.Seats[side].URL)
	}
	p.checkPage("front page with your games")
}

// lum is the relative lightness, 0 to 1, of a CSS rgb() colour.
func lum(rgb string) float64 {
	var r, g, b float64
	f := strings.FieldsFunc(rgb, func(c rune) bool { return c == '(' || c == ')' || c == ',' || c == ' ' })
	if len(f) < 4 {
		return -1
	}
	for i, p := range []*float64{&r, &g, &b} {
		for _, ch := range f[i+1] {
			if ch >= '0' && ch <= '9' {
				*p = *p*10 + float64(ch-'0')
			}
		}
	}
	return (0.2126*r + 0.7152*g + 0.0722*b) / 255
}
