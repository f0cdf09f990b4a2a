package necromunda

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/rules"
)

// WoundTarget is the Wound roll's target (rules.md §2.3.4; N23's Resolve
// Hits page has the same table, rules.md §3.3): Strength at least twice the
// Toughness 2+, above it 3+, equal 4+, below it 5+, at most half of it 6+.
func WoundTarget(str, tough int) int {
	switch {
	case str >= 2*tough:
		return 2
	case str > tough:
		return 3
	case str == tough:
		return 4
	case 2*str <= tough:
		return 6
	}
	return 5
}

var passFail = []string{"pass", "fail"}

// Test is a D6 test such as a hit roll or a save (rules.md §2.3.1, §2.3.4):
// roll D6, add the modifiers, and pass on Target or more. On a test that is
// not a save a natural 1 always fails and a natural 6 always passes; on a
// save (Save) a natural up to the edition's SaveNaturals always fails, and
// nothing passes automatically.
type Test[G Game] struct {
	Target int   // the number needed, 2..6 ("4" for 4+)
	Mods   []int // modifiers to the die
	Save   bool  // a save: low naturals fail and there is no automatic pass
}

func (r Test[G]) Name() string       { return edition[G]().names.test }
func (r Test[G]) Outcomes() []string { return slices.Clone(passFail) }
func (r Test[G]) Flags() []string    { return nil }

// Hopeless reports whether p is a save (a Test with Save) that no face can
// pass: the modifiers leave it needing more than 6, and a save has no
// automatic pass (rules.md §2.3.4). Its player is not asked to roll it.
func Hopeless(p dice.Procedure) bool {
	h, ok := p.(interface{ hopeless() bool })
	return ok && h.hopeless()
}

func (r Test[G]) hopeless() bool { return r.Save && r.Target-rules.Sum(r.Mods) > 6 }

// outcome is 0 (pass) or 1 (fail) for natural face f, with a reason when a
// natural decided it.
func (r Test[G]) outcome(f, naturals int) (int, string) {
	switch {
	case r.Save && f <= naturals:
		return 1, fmt.Sprintf("a natural %d always fails a save", f)
	case !r.Save && f == 1:
		return 1, "a natural 1 always fails"
	case !r.Save && f == 6:
		return 0, "a natural 6 always passes"
	case f+rules.Sum(r.Mods) >= r.Target:
		return 0, ""
	}
	return 1, ""
}

func (r Test[G]) Odds() dice.Dist {
	e := edition[G]()
	save := 0
	if r.Save {
		save = 1
	}
	return e.memoized(kindTest, r.Target, rules.Sum(r.Mods), save, func() dice.Dist {
		return dice.D6.Dist().Map(func(f int) int { o, _ := r.outcome(f, e.SaveNaturals); return o })
	})
}

func (r Test[G]) Resolve(t *dice.Tray) (dice.Result, error) {
	e := edition[G]()
	first := t.Len()
	d, err := t.Roll(dice.D6, "test die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(first)
	total := d.Value + rules.Sum(r.Mods)
	o, natural := r.outcome(d.Value, e.SaveNaturals)
	if !t.Explains() {
		return dice.Result{Outcome: o, Total: &total, Mods: slices.Clone(r.Mods)}, nil
	}
	why := fmt.Sprintf("rolled %d, %s → %d against %d+", d.Value, rules.ModsText(r.Mods), total, r.Target)
	if natural != "" {
		why += ": " + natural
	}
	return dice.Result{Outcome: o, Total: &total, Mods: slices.Clone(r.Mods),
		Explain: fmt.Sprintf("%s, %s (%s)", why, passFail[o], e.TestSource)}, nil
}

// Describe says what the test needs, in the game's terms, and the number
// the die itself must show once the modifiers are applied, with the
// naturals: "roll 1 D6: 4+ passes; a natural 1 always fails, a 6 always
// passes"; with modifiers "roll 1 D6: needs 3+ after −1, so 4+ on the die
// passes; …" (a save: "saves").
func (r Test[G]) Describe() string {
	e := edition[G]()
	sum := rules.Sum(r.Mods)
	if r.Save && sum <= -99 {
		return "roll 1 D6: there is no save to pass"
	}
	need := r.Target - sum
	verb, nat := "passes", "a natural 1 always fails, a 6 always passes"
	low := 2 // the lowest face that can pass
	if r.Save {
		verb, nat, low = "saves", "a natural 1 always fails", e.SaveNaturals+1
		if e.SaveNaturals > 1 {
			var fs []string
			for f := 1; f <= e.SaveNaturals; f++ {
				fs = append(fs, fmt.Sprint(f))
			}
			nat = "a natural " + strings.Join(fs[:len(fs)-1], ", ") + " or " + fs[len(fs)-1] + " always fails"
		}
	}
	die := max(need, low)
	if die <= 2 || r.Save {
		nat = strings.TrimSuffix(nat, ", a 6 always passes")
	}
	if len(r.Mods) == 0 {
		switch {
		case need > 6 && r.Save:
			return "roll 1 D6: nothing saves"
		case need > 6:
			return "roll 1 D6: only a natural 6 passes"
		}
		return fmt.Sprintf("roll 1 D6: %d+ %s; %s", die, verb, nat)
	}
	after := fmt.Sprintf("needs %d+ after %s, so ", r.Target, modWords(r.Mods))
	switch {
	case need > 6 && r.Save:
		return fmt.Sprintf("roll 1 D6: nothing saves (%s%d+ on the die)", after, need)
	case need > 6:
		return fmt.Sprintf("roll 1 D6: %s%d+ on the die: only a natural 6 passes", after, need)
	case die == 6:
		return fmt.Sprintf("roll 1 D6: %sa 6 on the die %s; %s", after, verb, strings.TrimSuffix(nat, ", a 6 always passes"))
	}
	return fmt.Sprintf("roll 1 D6: %s%d+ on the die %s; %s", after, die, verb, nat)
}

// modWords is modifiers for a player: "−1", "+1 and −2".
func modWords(mods []int) string {
	ws := make([]string, len(mods))
	for i, m := range mods {
		ws[i] = strings.Replace(fmt.Sprintf("%+d", m), "-", "−", 1)
	}
	return strings.Join(ws, " and ")
}

// Check is a characteristic check (rules.md §2.3.1, §6.3-o): roll Dice D6
// (2 for Leadership, Cool, Willpower and Intelligence; 1 for others). In an
// edition whose checks pass at most the value (N26) it passes when the
// total is at most Value plus the modifiers; in one whose checks need a
// target (N23, CheckAtLeast) when the total plus the modifiers is at least
// Value. No natural decides a check (rules.md §2.3.1 [D]).
type Check[G Game] struct {
	Value int   // the characteristic: a value (N26) or a target number (N23)
	Mods  []int // modifiers (to the value in N26, to the dice in N23)
	Dice  int   // 1 or 2
}

func (r Check[G]) Name() string       { return edition[G]().names.check }
func (r Check[G]) Outcomes() []string { return slices.Clone(passFail) }
func (r Check[G]) Flags() []string    { return nil }

// need is the total the dice must reach (N23) or not pass (N26).
func (r Check[G]) need(atLeast bool) int {
	if atLeast {
		return r.Value - rules.Sum(r.Mods)
	}
	return r.Value + rules.Sum(r.Mods)
}

func passes(total, need int, atLeast bool) bool {
	if atLeast {
		return total >= need
	}
	return total <= need
}

func (r Check[G]) Odds() dice.Dist {
	e := edition[G]()
	need := r.need(e.CheckAtLeast)
	return e.memoized(kindCheck, r.Dice, need, 0, func() dice.Dist {
		return dice.D6.Dist().Repeat(r.Dice).Map(func(s int) int {
			if passes(s, need, e.CheckAtLeast) {
				return 0
			}
			return 1
		})
	})
}

func (r Check[G]) Resolve(t *dice.Tray) (dice.Result, error) {
	e := edition[G]()
	total, first := 0, t.Len()
	var faces []string
	for i := range r.Dice {
		d, err := t.Roll(dice.D6, "check die")
		if err != nil {
			return dice.Result{}, err
		}
		t.Keep(first + i)
		total += d.Value
		if t.Explains() {
			faces = append(faces, d.Label)
		}
	}
	need := r.need(e.CheckAtLeast)
	ok := passes(total, need, e.CheckAtLeast)
	o := 1
	if ok {
		o = 0
	}
	if !t.Explains() {
		return dice.Result{Outcome: o, Total: &total, Mods: slices.Clone(r.Mods)}, nil
	}
	cmp := ">"
	switch {
	case e.CheckAtLeast && ok:
		cmp = "≥"
	case e.CheckAtLeast:
		cmp = "<"
	case ok:
		cmp = "≤"
	}
	rolled := faces[0]
	if len(faces) > 1 {
		rolled = strings.Join(faces, "+") + fmt.Sprintf(" = %d", total)
	}
	what := fmt.Sprintf("%d (value %d, %s)", need, r.Value, rules.ModsText(r.Mods))
	if e.CheckAtLeast {
		what = fmt.Sprintf("%d+ (target %d+, %s)", need, r.Value, rules.ModsText(r.Mods))
	}
	return dice.Result{Outcome: o, Total: &total, Mods: slices.Clone(r.Mods), Explain: fmt.Sprintf(
		"rolled %s against %s: %d %s %d, %s (%s)", rolled, what, total, cmp, need, passFail[o], e.CheckSource)}, nil
}

func (r Check[G]) Describe() string {
	e := edition[G]()
	need := r.need(e.CheckAtLeast)
	why := fmt.Sprintf("value %d", r.Value)
	if e.CheckAtLeast {
		why = fmt.Sprintf("target %d+", r.Value)
	}
	if len(r.Mods) > 0 {
		why += ", " + rules.ModsText(r.Mods)
	}
	switch {
	case e.CheckAtLeast && r.Dice == 1:
		return fmt.Sprintf("roll 1 D6: passes on %d or more (%s)", need, why)
	case e.CheckAtLeast:
		return fmt.Sprintf("roll 2 D6: passes if they add up to %d or more (%s)", need, why)
	case r.Dice == 1:
		return fmt.Sprintf("roll 1 D6: passes on %d or less (%s)", need, why)
	}
	return fmt.Sprintf("roll 2 D6: passes if they add up to %d or less (%s)", need, why)
}
