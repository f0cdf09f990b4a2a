package server_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// The new-game form offers only the modes a scenario has (issue 32, 6): a
// table scenario has no board to play on, so "on the app's board" is not
// offered with it, and a board picked before is put back to the
// scenario's own; a board scenario offers both.
func TestBrowserFormOffersTheScenariosModes(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	p := newPhone(t, b, "host")
	p.run(chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(css("#new form")))
	pick := func(ruleset, scen string) (boardOff bool, mode string) {
		p.run(chromedp.SetValue(css("#ruleset"), ruleset))
		p.eval(`(() => { const r = document.querySelector("#ruleset"); r.dispatchEvent(new Event("change")); const s = document.querySelector("#scenario"); s.value = `+"`"+scen+"`"+`; s.dispatchEvent(new Event("change")); return true; })()`, new(bool))
		p.eval(`document.querySelector("#mode option[value=board]").disabled`, &boardOff)
		p.eval(`document.querySelector("#mode").value`, &mode)
		return boardOff, mode
	}
	p.run(chromedp.SetValue(css("#mode"), "board"))
	if off, mode := pick("trenchcrusade", "trenchcrusade/shell-crater"); !off || mode != "" {
		t.Errorf("a table scenario: board offered %v, mode %q; want board not offered, the scenario's own mode", !off, mode)
	}
	if off, _ := pick("trenchcrusade", "trenchcrusade/no-mans-land"); off {
		t.Error("a board scenario does not offer its board")
	}
}
