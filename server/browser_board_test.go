package server_test

import (
	"regexp"
	"strings"
	"testing"
)

// Issue 32, 5: the board comes before the actions, with an inch grid and a
// key; a tap near a destination dot (not on it: a fingertip's 44 px) takes
// the nearest and names it on the sheet, to a hundredth at most, never a
// float's tail; Zoom shows the board at twice the size.
func TestBrowserBoardTapNear(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	c := create(t, ts, map[string]any{"ruleset": "falloutfactions", "scenario": "junction-yard", "dice": "digital", "seed": 7})
	v := c.get(t, ts, c.Seats[0].Token)
	if v.Pending != nil { // who takes the first Turn
		post(t, ts, c.ID, "answers", c.Seats[max(v.Pending.Side, 0)].Token, map[string]any{"seq": v.Seq, "answer": v.Pending.Options[0]})
	}
	v = c.get(t, ts, c.Seats[0].Token)
	side := *v.Decider
	p := newPhone(t, b, "mover")
	p.open(ts.URL + "/g/" + c.ID + "#" + c.Seats[side].Token)
	var order string
	p.eval(`(() => { const b = document.querySelector(".boardwrap"), a = document.querySelector(".acts"); return b && a && (b.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING) ? "board first" : "not"; })()`, &order)
	var grid int
	p.eval(`document.querySelectorAll("svg.board line.grid").length`, &grid)
	var legend string
	p.eval(`(document.querySelector(".legend") || {}).textContent || ""`, &legend)
	if order != "board first" || grid < 20 || !strings.Contains(legend, "a line every inch") {
		t.Errorf("the board: %s, %d grid lines, key %q", order, grid, legend)
	}
	before := p.writes()
	p.clickJS(`document.querySelector("button.act[data-act^=activate]")`)
	p.settle(before)
	// Open a move: its dots show; tap 15 px beside one.
	p.eval(`(() => { const d = document.querySelector("details.moves"); d.open = true; d.dispatchEvent(new Event("toggle")); return true; })()`, new(bool))
	var want, title string
	p.eval(`(() => {
		const c = Array.from(document.querySelectorAll(".dest.shown"))[0];
		const r = c.getBoundingClientRect();
		const x = r.left + r.width / 2 + 15, y = r.top + r.height / 2;
		const at = document.elementFromPoint(x, y);
		at.dispatchEvent(new MouseEvent("click", {bubbles: true, clientX: x, clientY: y}));
		return c.dataset.text;
	})()`, &want)
	if _, sent := p.waitOdds("a move", p.writes()); sent {
		t.Fatal("a tap near a dot moved at once, naming nothing")
	}
	p.eval(`document.querySelector("#sheet-title").textContent`, &title)
	p.shot("board-tap-near")
	if title == "" || !regexp.MustCompile(`to \d+(\.\d{1,2})?, \d+(\.\d{1,2})?`).MatchString(title) {
		t.Errorf("a tap near a dot: the sheet reads %q (the dot: %q)", title, want)
	}
	p.click("#cancel")
	var w0, w1 float64
	p.eval(`document.querySelector("svg.board").getBoundingClientRect().width`, &w0)
	p.click("[data-zoom]")
	p.eval(`document.querySelector("svg.board").getBoundingClientRect().width`, &w1)
	if w1 < 1.9*w0 {
		t.Errorf("zoom: the board %v px wide, then %v", w0, w1)
	}
}
