package rules

import (
	"testing"

	"github.com/skirmish-engine/skirmish/dice/dicetest"
	"github.com/skirmish-engine/skirmish/engine"
)

func TestModsText(t *testing.T) {
	for _, tc := range []struct {
		mods []int
		want string
		sum  int
	}{{nil, "no modifiers", 0}, {[]int{1}, "modifiers +1", 1}, {[]int{-2, 3, 0}, "modifiers -2 +3 +0", 1}} {
		if got := ModsText(tc.mods); got != tc.want {
			t.Errorf("ModsText(%v) = %q, want %q", tc.mods, got, tc.want)
		}
		if got := Sum(tc.mods); got != tc.sum {
			t.Errorf("Sum(%v) = %d, want %d", tc.mods, got, tc.sum)
		}
	}
}

// D6 and Pick keep the procedure contract (odds sum to one, sampling
// matches them, typed faces read back).
func TestD6AndPick(t *testing.T) {
	dicetest.CheckProcedure(t, D6{Game: "x"}, 1, 3000)
	for n := 1; n <= 5; n++ {
		dicetest.CheckProcedure(t, Pick{Game: "x", N: n}, uint64(n), 3000)
	}
	if (D6{Game: "tc"}).Name() != "tc-d6" || (Pick{Game: "n26", N: 3}).Name() != "n26-pick" {
		t.Error("names")
	}
}

// Compiled compiles a setup once, and again only for another setup.
func TestCompiled(t *testing.T) {
	var c Compiled[int]
	n := 0
	compile := func(*engine.Setup) *int { n++; return &n }
	a, b := &engine.Setup{}, &engine.Setup{}
	c.Get(a, compile)
	c.Get(a, compile)
	if n != 1 {
		t.Errorf("compiled %d times for one setup", n)
	}
	c.Get(b, compile)
	if n != 2 {
		t.Errorf("compiled %d times for two setups", n)
	}
}

// TestNeeds: an action's Unmet names its first failing check, and nothing
// when all hold.
func TestNeeds(t *testing.T) {
	odd := func(_ *engine.State, m int) bool { return m%2 == 1 }
	big := func(_ *engine.State, m int) bool { return m > 2 }
	u := Needs(Unless(odd, "odd"), Unless(big, "big"))
	for m, want := range []string{"", "odd", "", "odd", "big"} {
		if got := u(nil, m); got != want {
			t.Errorf("model %d: %q, want %q", m, got, want)
		}
	}
}
