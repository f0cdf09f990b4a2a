package server_test

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Undo by consent through two phones' pages (issue 32, 3): the Wardens'
// phone takes a shot and types its dice, then taps Undo; the Breakers'
// phone shows what would be taken back, with its dice, and Approve and
// Decline (targets a thumb can hit); declined, the Wardens ask again, and
// approved, the game is as before the shot, both phones say what was
// taken back and the log shows it struck through.
func TestBrowserUndoByConsent(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	tb := newTable(t, ts) // the Wardens have activated their gunner
	before := tb.c.get(t, ts, tb.w)
	link := func(tok string) string { return ts.URL + "/g/" + tb.c.ID + "#" + tok }
	a, c := newPhone(t, b, "Wardens' phone"), newPhone(t, b, "Breakers' phone")
	sa := a.open(link(tb.w))
	c.open(link(tb.b))

	a.oddsShot = true // the README's odds sheet is another test's picture
	next := a.act("braced-shot m1 >m5", sa, "")
	rng := rand.New(rand.NewPCG(32, 3))
	for typed := false; !typed; {
		if !next.Mine || next.Kind == "" || next.Over {
			t.Fatalf("the shot stopped before the Wardens typed a die: %+v", next)
		}
		typed = next.Kind == "roll"
		next = a.answer(next, rng, true)
	}
	c.waitSeq(next.Seq)
	if !next.Undo {
		t.Fatalf("no Undo button after the Wardens' dice: %+v", next)
	}
	// text reads the undo request's section of a phone's page ("" if none).
	text := func(p *phone) string {
		var s string
		p.eval(`(document.querySelector("#panel .undo-req") || {textContent: ""}).textContent`, &s)
		return s
	}
	has := func(p *phone, sel string) bool {
		var ok bool
		p.eval(`!!document.querySelector(`+"`"+sel+"`"+`)`, &ok)
		return ok
	}
	ask := func() {
		t.Helper()
		w := a.writes()
		a.click(`[data-write=undo]`)
		sa := a.settle(w)
		if sa.Notice != "" || !strings.Contains(text(a), "Waiting for the other player to agree to take back") || !has(a, `[data-write="undo/decline"]`) || sa.Undo {
			t.Fatalf("the asking phone: notice %q, request %q, Undo button %v", sa.Notice, text(a), sa.Undo)
		}
		c.waitSeq(sa.Seq)
		if r := text(c); !strings.Contains(r, "Rustwater Wardens ask to take back") || !strings.Contains(r, "Braced Shot") || !strings.Contains(r, "typed") ||
			!has(c, `[data-write="undo/approve"]`) || !has(c, `[data-write="undo/decline"]`) {
			t.Fatalf("the other phone does not show the request with its dice and Approve and Decline: %q", r)
		}
	}
	ask()
	c.shot("undo-request")
	c.docShot("undo-request")
	var small []string
	c.eval(`Array.from(document.querySelectorAll("#panel .undo-req button")).filter(b => b.getBoundingClientRect().height < 44 || b.getBoundingClientRect().width < 44).map(b => b.textContent)`, &small)
	if len(small) > 0 {
		t.Errorf("buttons under 44 px: %v", small)
	}

	// Declined: the request goes from both phones, the Wardens' Undo is back.
	w := c.writes()
	c.click(`[data-write="undo/decline"]`)
	sc := c.settle(w)
	if sa := a.waitSeq(sc.Seq); text(a) != "" || text(c) != "" || !sa.Undo || sc.Notice != "" {
		t.Fatalf("declined: the request shows %q / %q, Undo %v, notice %q", text(a), text(c), sa.Undo, sc.Notice)
	}

	// Asked again and approved.
	ask()
	w = c.writes()
	c.click(`[data-write="undo/approve"]`)
	sc = c.settle(w)
	a.waitSeq(sc.Seq)
	var tookA, tookC, struck string
	a.eval(`(document.querySelector("#panel .tookback") || {textContent: ""}).textContent`, &tookA)
	c.eval(`(document.querySelector("#panel .tookback") || {textContent: ""}).textContent`, &tookC)
	c.eval(`(document.querySelector("#panel .log li.undone") || {textContent: ""}).textContent`, &struck)
	if !strings.HasPrefix(tookC, "Rustwater Wardens took back: Braced Shot") || !strings.Contains(tookC, "typed") || !strings.HasPrefix(tookA, "You took back: Braced Shot") {
		t.Errorf("after the approval the phones say %q and %q", tookA, tookC)
	}
	if !strings.Contains(struck, "Braced Shot") || !strings.Contains(struck, "typed") {
		t.Errorf("the log shows no struck shot with its dice: %q", struck)
	}
	if text(a) != "" || text(c) != "" {
		t.Errorf("approved, the request still shows: %q / %q", text(a), text(c))
	}
	if v := tb.c.get(t, ts, tb.w); v.Pending != nil || string(v.State) != string(before.State) {
		t.Errorf("approved, the game is not as before the shot: pending %+v", v.Pending)
	}
	c.shot("undo-approved")
}

// A dispute through two phones' pages (issue 34): the Wardens answer the
// measurements of a shot; the Breakers' phone offers "Dispute the last
// measurement" while the Wardens' does not; tapped, the Wardens' phone asks
// the first measurement again, saying it was disputed, and the Breakers'
// phone waits for them and offers no second dispute.
func TestBrowserDispute(t *testing.T) {
	b := browser(t)
	ts, _ := newServer(t)
	tb := newTable(t, ts) // the Wardens have activated their gunner
	link := func(tok string) string { return ts.URL + "/g/" + tb.c.ID + "#" + tok }
	a, c := newPhone(t, b, "Wardens' phone"), newPhone(t, b, "Breakers' phone")
	sa := a.open(link(tb.w))
	c.open(link(tb.b))
	has := func(p *phone, sel string) bool {
		var ok bool
		p.eval(`!!document.querySelector(`+"`"+sel+"`"+`)`, &ok)
		return ok
	}
	a.oddsShot = true
	next := a.act("braced-shot m1 >m5", sa, "")
	first := "" // the first measurement asked (those on the action's sheet are sent with it)
	rng := rand.New(rand.NewPCG(34, 6))
	for next.Kind != "roll" {
		if !next.Mine || next.Kind == "" || next.Over {
			t.Fatalf("the shot stopped before its dice: %+v", next)
		}
		if first == "" && (next.Kind == "yesno" || next.Kind == "measure") {
			first = next.Kind
		}
		next = a.answer(next, rng, true)
	}
	c.waitSeq(next.Seq)
	if !has(c, `#dispute`) || has(a, `#dispute`) {
		t.Fatalf("after the Wardens' measurements: Dispute on the Breakers' phone %v, on the Wardens' %v; want only the Breakers'", has(c, `#dispute`), has(a, `#dispute`))
	}
	c.shot("dispute-offered")
	w := c.writes()
	c.click(`#dispute`)
	sc := c.settle(w)
	if sc.Notice != "" || has(c, `#dispute`) || !strings.Contains(sc.Turn, "Waiting for") || !strings.Contains(sc.Turn, "disputed") {
		t.Fatalf("the disputing phone: notice %q, turn %q, Dispute still there %v", sc.Notice, sc.Turn, has(c, `#dispute`))
	}
	sa = a.waitSeq(sc.Seq)
	if !sa.Mine || first != "" && sa.Kind != first || sa.Kind != "yesno" && sa.Kind != "measure" || !strings.Contains(sa.Turn, "disputed: measure again together") {
		t.Fatalf("the Wardens' phone after the dispute: %+v, want the first measurement (%s) asked again, saying it was disputed", sa, first)
	}
	a.shot("dispute-measure-again")
	for sa.Kind != "roll" {
		sa = a.answer(sa, rng, true)
	}
	if c.waitSeq(sa.Seq); has(c, `#dispute`) {
		t.Error("measured again after a dispute, and the Breakers may dispute again")
	}
}
