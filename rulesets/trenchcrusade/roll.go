package trenchcrusade

import (
	"fmt"
	"slices"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/rules"
)

// MaxExtraDice bounds the net extra dice that odds and roll take, so that at
// most 100 dice are rolled (2 + 98). In play nothing is capped: every
// injury die counts.
const MaxExtraDice = 98

// Modifier bounds: any one flat modifier, and how many a roll may carry.
const (
	MaxMod  = 20
	MaxMods = 20
)

// keptPair is the distribution of the sum of the two kept dice when 2+|net|
// dice are rolled (rules.md §4.3 Success Roll, §4.2.1 steps 1–3).
func keptPair(net int) dice.Dist {
	n := 2 + abs(net)
	if net < 0 {
		return dice.KeepLowest(dice.D6, n, 2)
	}
	return dice.KeepHighest(dice.D6, n, 2)
}

// rollPair rolls 2+|net| dice in t, keeps the two highest (net > 0) or lowest
// (net < 0), and describes what it did.
func rollPair(t *dice.Tray, net int, role, extra string) (sum int, said string, err error) {
	n := 2 + abs(net)
	first := t.Len()
	var buf [2 * 8]int // a roll's values and their order: most have few extra dice
	var vals, order []int
	if 2*n <= len(buf) {
		vals, order = buf[:n:n], buf[n:2*n:2*n]
	} else {
		vals, order = make([]int, n), make([]int, n)
	}
	for i := range vals {
		r, err := t.Roll(dice.D6, role)
		if err != nil {
			return 0, "", err
		}
		vals[i] = r.Value
	}
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if net < 0 {
			return vals[a] - vals[b]
		}
		return vals[b] - vals[a]
	})
	a, b := order[0], order[1]
	t.Keep(first + a)
	t.Keep(first + b)
	sum = vals[a] + vals[b]
	if !t.Explains() {
		return sum, "", nil
	}
	switch {
	case net == 0:
		said = fmt.Sprintf("rolled %d+%d = %d", vals[0], vals[1], sum)
	case net > 0:
		said = fmt.Sprintf("rolled %d dice (2, %s), kept the two highest %d+%d = %d", n, count(net, extra), vals[a], vals[b], sum)
	default:
		said = fmt.Sprintf("rolled %d dice (2, %s), kept the two lowest %d+%d = %d", n, count(net, extra), vals[a], vals[b], sum)
	}
	return sum, said, nil
}

// count writes the extra dice: "+1 injury die", "-2 dice".
func count(net int, noun string) string {
	if noun != "" {
		noun += " "
	}
	if abs(net) == 1 {
		return fmt.Sprintf("%+d %sdie", net, noun)
	}
	return fmt.Sprintf("%+d %sdice", net, noun)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func modsText(mods []int, capped bool) string {
	if capped {
		return rules.ModsText(mods) + " (negatives capped at -3)"
	}
	return rules.ModsText(mods)
}

// memoKey packs net, mod and flag into a cache key; ok is false when they
// are too large to pack without collisions (then nothing is cached).
func memoKey(net, mod int, flag bool) (k uint64, ok bool) {
	k = uint64(net+128)&0xff | uint64(mod+1024)&0x7ff<<8
	if flag {
		k |= 1 << 20
	}
	return k, net >= -127 && net <= 127 && mod >= -1000 && mod <= 1000
}

// memoized serves the distribution for (net, mod, flag) from m, computing it
// with f on a miss.
func memoized(m *dice.Memo[dice.Dist], net, mod int, flag bool, f func() dice.Dist) dice.Dist {
	k, ok := memoKey(net, mod, flag)
	if !ok {
		return f()
	}
	return m.Do(k, f)
}

// SuccessRoll is a Success Roll (rules.md §4.3): 2D6 plus Dice net extra dice
// (negative for minus dice), the two highest or lowest kept, plus the flat
// modifiers Mods. A modified total of 6 or less fails, 7–11 succeeds, and 12
// or more is a Critical Success (rules.md §6.3-e, §8 gap 6).
type SuccessRoll struct {
	Dice        int   // net ±DICE, -MaxExtraDice..MaxExtraDice
	Mods        []int // flat modifiers
	NaturalCrit bool  // option: critical only on a natural 12 (see package doc)
}

var successOutcomes = []string{"failure", "success", "critical"}

var successMemo dice.Memo[dice.Dist]

func (r SuccessRoll) Name() string       { return "tc-success" }
func (r SuccessRoll) Outcomes() []string { return slices.Clone(successOutcomes) }
func (r SuccessRoll) Flags() []string    { return nil }

func (r SuccessRoll) outcome(pair, mod int) int {
	t := pair + mod
	switch {
	case r.NaturalCrit && pair == 12:
		return 2
	case t <= 6:
		return 0
	case t >= 12 && !r.NaturalCrit:
		return 2
	}
	return 1
}

// Odds is the exact distribution of the outcome index.
func (r SuccessRoll) Odds() dice.Dist {
	mod := rules.Sum(r.Mods)
	if k, ok := memoKey(r.Dice, mod, r.NaturalCrit); ok {
		if d, hit := successMemo.Get(k); hit {
			return d
		}
	}
	return memoized(&successMemo, r.Dice, mod, r.NaturalCrit, func() dice.Dist {
		return keptPair(r.Dice).Map(func(s int) int { return r.outcome(s, mod) })
	})
}

func (r SuccessRoll) Resolve(t *dice.Tray) (dice.Result, error) {
	pair, said, err := rollPair(t, r.Dice, "success roll", "")
	if err != nil {
		return dice.Result{}, err
	}
	mod := rules.Sum(r.Mods)
	total := pair + mod
	o := r.outcome(pair, mod)
	var why string
	switch {
	case r.NaturalCrit && o == 2:
		why = "a natural 12"
	case o == 0:
		why = "6 or less"
	case o == 1:
		why = "7 to 11"
	default:
		why = "12 or more"
	}
	res := dice.Result{Outcome: o, Total: &total, Mods: slices.Clone(r.Mods)}
	if t.Explains() {
		res.Explain = fmt.Sprintf("%s, %s → %d: %s is %s (rules.md §4.3)", said, modsText(r.Mods, false), total, why, successOutcomes[o])
	}
	return res, nil
}

// InjuryRoll is an Injury Roll (rules.md §4.2.1): 2D6 plus Dice net injury
// dice, the two highest or lowest kept, plus the flat injury modifiers Mods,
// whose negative part counts for at most -3 in total (rules.md §6.3-g).
// 1 or less: no effect; 2–6: minor hit; 7–8: down; 9 or more: out of action.
type InjuryRoll struct {
	Dice int   // net ±INJURY DICE, -MaxExtraDice..MaxExtraDice
	Mods []int // flat injury modifiers
}

var injuryOutcomes = []string{"no-effect", "minor-hit", "down", "out-of-action"}

var injuryMemo dice.Memo[dice.Dist]

func (r InjuryRoll) Name() string       { return "tc-injury" }
func (r InjuryRoll) Outcomes() []string { return slices.Clone(injuryOutcomes) }
func (r InjuryRoll) Flags() []string    { return nil }

// Modifier is the net flat modifier: every positive one, plus the negative
// ones down to -3 in all (rules.md §4.2.1 step 4). capped reports whether the
// cap cut anything.
func (r InjuryRoll) Modifier() (mod int, capped bool) {
	pos, neg := 0, 0
	for _, m := range r.Mods {
		if m > 0 {
			pos += m
		} else {
			neg += m
		}
	}
	return pos + max(neg, -3), neg < -3
}

func injuryOutcome(t int) int {
	switch {
	case t <= 1:
		return 0
	case t <= 6:
		return 1
	case t <= 8:
		return 2
	}
	return 3
}

// Odds is the exact distribution of the outcome index.
func (r InjuryRoll) Odds() dice.Dist {
	mod, _ := r.Modifier()
	if k, ok := memoKey(r.Dice, mod, false); ok {
		if d, hit := injuryMemo.Get(k); hit {
			return d
		}
	}
	return memoized(&injuryMemo, r.Dice, mod, false, func() dice.Dist {
		return keptPair(r.Dice).Map(func(s int) int { return injuryOutcome(s + mod) })
	})
}

func (r InjuryRoll) Resolve(t *dice.Tray) (dice.Result, error) {
	pair, said, err := rollPair(t, r.Dice, "injury roll", "injury")
	if err != nil {
		return dice.Result{}, err
	}
	mod, capped := r.Modifier()
	total := pair + mod
	o := injuryOutcome(total)
	why := [...]string{"1 or less", "2 to 6", "7 or 8", "9 or more"}[o]
	res := dice.Result{Outcome: o, Total: &total, Mods: slices.Clone(r.Mods)}
	if t.Explains() {
		res.Explain = fmt.Sprintf("%s, %s → %d: %s is %s (rules.md §4.2.1)", said, modsText(r.Mods, capped), total, why, injuryOutcomes[o])
	}
	return res, nil
}

// Describe says what to roll (dice.Describer).
func (r SuccessRoll) Describe() string {
	crit := "12 or more is a critical"
	if r.NaturalCrit {
		crit = "a natural 12 is a critical"
	}
	return fmt.Sprintf("roll %s, %s: 6 or less fails, 7 to 11 succeeds, %s", pairText(r.Dice, ""), modsOf(r.Mods, rules.Sum(r.Mods), false), crit)
}

// Describe says what to roll (dice.Describer).
func (r InjuryRoll) Describe() string {
	mod, capped := r.Modifier()
	return fmt.Sprintf("roll %s, %s: 1 or less no effect, 2 to 6 a minor hit, 7 or 8 Down, 9 or more Out of Action", pairText(r.Dice, "injury"), modsOf(r.Mods, mod, capped))
}

// pairText is "2 D6 and add them", or "4 D6 (2, +2 injury dice) and add
// the two highest".
func pairText(net int, extra string) string {
	switch {
	case net > 0:
		return fmt.Sprintf("%d D6 (2, %s) and add the two highest", 2+net, count(net, extra))
	case net < 0:
		return fmt.Sprintf("%d D6 (2, %s) and add the two lowest", 2-net, count(net, extra))
	}
	return "2 D6 and add them"
}

// modsOf is "no modifiers", or "then modifiers +1 -2 (-1 in all)".
func modsOf(mods []int, net int, capped bool) string {
	if len(mods) == 0 {
		return "no modifiers"
	}
	t := "then " + modsText(mods, capped)
	if len(mods) > 1 || capped {
		t += fmt.Sprintf(" (%+d in all)", net)
	}
	return t
}
