package main

import (
	"strings"
	"testing"
)

// At a table, `odds N` asks what to assume for each measurement the
// action needs (sight, arc, range, cover) and prints the odds for those
// assumptions with the assumptions listed; an answer that does not read
// is asked again, a blank answer stops without odds, and quit quits.
// N23 furnace-duel, seed 3: rust-boss's stub gun at lamp-boss, seen, in
// its arc and range and not in cover (the rows are the engine's exact
// odds for those answers; the ruleset's tests check them against the
// procedures).
func TestTableOddsAssume(t *testing.T) {
	stdin := strings.Join([]string{
		"1",      // activate rust-boss
		"odds 9", // Shoot rust-boss → lamp-boss
		"maybe",  // not an answer: asked again
		"y", "y", "y", "n",
		"odds 9", "", // stopped
		"odds 9", "y", "quit",
	}, "\n") + "\n"
	code, stdout, stderr := runIn(t, stdin, false, "play", "--scenario", "furnace-duel", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		`for the odds, assume: can rust-boss see lamp-boss? (yes or no, y or n; blank to stop) maybe` + "\n" + `error: "maybe": not yes or no; type yes or no (y or n)` + "\n" + `for the odds, assume: can rust-boss see lamp-boss?`,
		"odds of Shoot rust-boss → lamp-boss with stub gun (24 dice paths):\n" +
			"  assumed: can rust-boss see lamp-boss? yes\n" +
			"  assumed: is any part of lamp-boss within rust-boss's vision arc (90° centred on the way rust-boss faces)? yes\n" +
			"  assumed: is rust-boss within 12\" of lamp-boss? yes\n" +
			"  assumed: is lamp-boss in cover from rust-boss? no\n" +
			"  rolls: Ranged hit, Firepower, Wound roll (rolled by the target's player; a pass wounds it), Save (a pass saves the wound), Ammo check\n" +
			"  in short: nobody is taken out of action\n" +
			"  no effect                         1/2   50.00%\n" +
			"  pinned                            1/3   33.33%\n" +
			"  wounded                           1/6   16.67%\n",
		"(yes or no, y or n; blank to stop) \nerror: odds: stopped; nothing assumed, no odds\n",
		"(yes or no, y or n; blank to stop) quit\nstopped before the game ended\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the session lacks\n%s\n--- it reads:\n%s", want, tail(stdout))
		}
	}
}

// Input that ends while an assumption is asked ends the game as it would
// at any prompt.
func TestTableOddsInputEnds(t *testing.T) {
	code, stdout, stderr := runIn(t, "1\nodds 9\ny\n", false, "play", "--scenario", "furnace-duel", "--seed", "3")
	if code != 0 || !strings.HasSuffix(stdout, "(yes or no, y or n; blank to stop) \ninput ended before the game did\n") {
		t.Fatalf("exit %d, stderr %q, stdout ends\n%s", code, stderr, tail(stdout))
	}
}

// why NAME says why an action is not on offer: the model's status (N23: a
// Prone and Pinned fighter may not Shoot), the action economy for each
// option (Blind Fire costs two actions), or that it is on offer; a name
// that is no action's lists the actions (the n23 audit's request).
func TestWhyAction(t *testing.T) {
	stdin := "1\nwhy stand up\n14\nwhy shoot\nwhy blind fire\nwhy stand up\nwhy fly\nquit\n"
	code, stdout, stderr := runIn(t, stdin, false, "play", "--scenario", "furnace-duel", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"> why stand up\n  Stand Up: not available to it now: it is not Pinned\n",
		"> why shoot\n  Shoot (shoot): not available to it now: it is Prone\n",
		"  Shoot (shoot-free): not available to it now: it has no quick-draw skill\n",
		"> why blind fire\n  Blind Fire rust-boss → lamp-boss with stub gun: Blind Fire costs 2 and rust-boss has 1 left this activation\n",
		"> why stand up\n  Stand Up: on offer now (action 2)\n",
		"> why fly\nerror: why fly: no action of that name; the actions are aim, blind fire, charge,",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the session lacks\n%s\n--- it reads:\n%s", want, tail(stdout))
		}
	}
}

// A person may type an action in its stable form, as the log writes it,
// a model by its number or its ID (any case):
// a heading the menu does not list (seed 002, Changing Facing: a fighter
// may turn to face any direction; issue 31, 5) is taken, and an action
// the game refuses says why, changing nothing.
func TestPlayTakesATypedAction(t *testing.T) {
	code, stdout, stderr := runIn(t, "1\nturn m5 #45.5\nturn m5 #400\nturn Rust-Boss #137\nstate\n", false, "play", "--scenario", "scrapyard-run", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		`error: parse action "turn m5 #45.5": "#45.5": an option is # and a whole number, as #2 (a heading in whole degrees, as #137)`,
		`error: "turn m5 #400": heading 400 is out of range`,
		"rust-boss  Rustjaw Haulers standing/active wounds 2, facing 137",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, tail(stdout))
		}
	}
}

// The menu is shown once per decision, and again on "menu"; a model's
// many moves and turns share a line saying what they are, numbered by
// what sets each apart, several to a line (issue 32, 7: a 27-line menu
// reprinted after every command).
func TestMenuOncePerDecision(t *testing.T) {
	code, stdout, stderr := runIn(t, "1\nodds 99\nstate\nmenu\n", false, "play", "--scenario", "scrapyard-run", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if n := strings.Count(stdout, "Rustjaw Haulers to decide (rust-boss: 2 actions left):"); n != 2 {
		t.Errorf("the menu shown %d times, want twice (once, then on menu):\n%s", n, tail(stdout))
	}
	menu := stdout[strings.Index(stdout, "(rust-boss: 2 actions left):"):]
	menu = menu[:strings.Index(menu, "\n> ")]
	for _, want := range []string{"\n  Move rust-boss to [simple]:\n     7) 7,21.5   8) 7.01,21.67   9) 8.98,21.12", "\n  Turn rust-boss [not an action]:\n", "\n   6) end activation rust-boss\n", "44) → lamp-a"} {
		if !strings.Contains(menu, want) {
			t.Errorf("the menu lacks %q:\n%s", want, menu)
		}
	}
	if lines := strings.Count(menu, "\n"); lines > 20 {
		t.Errorf("the menu of 45 actions takes %d lines, want at most 20:\n%s", lines, menu)
	}
}
