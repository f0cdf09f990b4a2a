package falloutfactions

import (
	"errors"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// An action against the rules is refused with the rule's reason, changing
// nothing (issue 11; DESIGN.md §3).
func TestRefusedWithReasons(t *testing.T) {
	h := table(t, game{}, grunt("a", 0), grunt("b", 0), grunt("x", 1))
	try := func(a, reason string) {
		t.Helper()
		x, err := engine.ParseAction(a)
		if err != nil {
			t.Fatal(err)
		}
		n := len(h.G.Log().Entries)
		var ill *engine.IllegalError
		if err := h.G.Apply(x); !errors.As(err, &ill) || !strings.Contains(ill.Reason, reason) {
			t.Errorf("%s: %v, want a refusal naming %q", a, err, reason)
		}
		if len(h.G.Log().Entries) != n {
			t.Errorf("%s: the refusal changed the log", a)
		}
	}
	h.Play("activate m0")
	try("end m0", "not available")       // a Turn is at least one action
	try("brawl m0 >m2", "Engaged")       // Brawl is for Engaged models
	try("patch-up m0", "it has no Harm") // nothing to Patch Up
	h.Play("get-moving m0")
	try("patch-up m0", "follow-up action must come first: [Movement Orders]") // orders, or none, first
	h.Play("movement-order m0")
	try("hurry m0", "cannot pay 2 fatigue") // Weary: a Hurry Takes two
	try("get-moving m0", "has taken Get Moving this round already")
	h.Play("end m0", "pass", "activate m0", "open-fire m0 >m2 #0", "f:1", "f:1", "fire m0 >m2", "f:1", "d:9 9 9 9")
	try("activate m1", "it is the turn of Regulators to activate") // Exhausted a's Turn over: the Regulators decide
	h.Play("pass")
	try("activate m0", "cannot activate now") // Exhausted, no Ploy token
}
