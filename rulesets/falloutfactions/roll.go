package falloutfactions

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
)

// MaxPool is the most dice a test's pool may hold (dice plus bonus dice).
const MaxPool = 40

// Test is a S.P.E.C.I.A.L. test (rules.md §5.2.2), written "N<stat>": a pool
// of Dice d10 plus Bonus dice, Luck of them Luck dice. A die hits when it
// shows Stat or less, but a 10 is always a dud.
//
//  1. Build the pool; 2. roll it, keep the hits; (Lucky Break: re-roll every
//     dud once); 3. Fortune Smiles: each Luck die that hit earns one standard
//     die, whose hit counts; 4. a critical when any Luck die hit; 5. the
//     caller reads the hits.
//
// Unlucky tests skip steps 3 and 4 and take no bonus dice.
type Test struct {
	Dice       int // N, 1..MaxPool
	Stat       int // the S.P.E.C.I.A.L. value tested, 1..10
	Luck       int // Luck dice in the pool, 0..Dice+Bonus
	Bonus      int // bonus dice, 0 when Unlucky
	Unlucky    bool
	LuckyBreak bool // spend the ploy: re-roll every dud once after step 2
}

func (r Test) pool() int { return r.Dice + r.Bonus }

// luck is the number of dice that act as Luck dice: none on an Unlucky test.
func (r Test) luck() int {
	if r.Unlucky {
		return 0
	}
	return r.Luck
}

// MaxHits is the largest number of hits the test can score.
func (r Test) MaxHits() int { return r.pool() + r.luck() }

func (r Test) Name() string    { return "ff-test" }
func (r Test) Flags() []string { return testFlags }

// testFlags is boxed once: a slice literal returned would be allocated at
// every roll.
var testFlags = []string{"critical"}

// OutcomeText words outcome o for the log (engine.OutcomeTexter): "2 hits".
func (r Test) OutcomeText(o int) string { return plural(o, "hit", "hits") }

func (r Test) Outcomes() []string {
	o := make([]string, r.MaxHits()+1)
	for i := range o {
		o[i] = "hits=" + strconv.Itoa(i)
	}
	return o
}

// hits reports whether face f hits stat: at most the stat, and never a 10.
func hits(f, stat int) bool { return f <= stat && f != 10 }

var testMemo dice.Memo[dice.Dist]

// Pool is the test as a dice.HitPool: its Luck dice are the marked dice (a
// hit earns a Fortune Smiles die), a die hits on 1..min(Stat, 9) of its ten
// faces, and Lucky Break is the re-roll of misses.
func (r Test) Pool() dice.HitPool {
	h := uint64(min(max(r.Stat, 0), 9))
	return dice.HitPool{Dice: r.pool(), Marked: r.luck(), Hit: h, Miss: 10 - h, Reroll: r.LuckyBreak}
}

// Odds is the exact distribution of dice.Code(hits, critical).
func (r Test) Odds() dice.Dist {
	k, ok := r.memoKey()
	if ok {
		if d, hit := testMemo.Get(k); hit {
			return d
		}
	}
	return r.oddsMiss(k, ok)
}

// memoKey packs the parameters that decide the odds; ok is false for a
// malformed test, which is never cached.
func (r *Test) memoKey() (uint64, bool) {
	// Fields are read once into locals: calling the value-receiver helpers
	// here made the compiler copy the struct per call, and the hit path slow.
	pool, luck, stat := r.Dice+r.Bonus, r.Luck, r.Stat
	if r.Unlucky {
		luck = 0
	}
	ok := pool >= 0 && pool <= dice.MaxDice && luck >= 0 && luck <= pool && stat >= 1 && stat <= 10
	k := uint64(pool)&0xff | uint64(luck)&0xff<<8 | uint64(stat)&0xff<<16
	if r.LuckyBreak {
		k |= 1 << 24
	}
	return k, ok
}

func (r Test) oddsMiss(k uint64, cache bool) dice.Dist {
	d := r.Pool().Odds() // panics, naming the pool, when malformed
	if cache {
		testMemo.Put(k, d)
	}
	return d
}

func (r Test) Resolve(t *dice.Tray) (dice.Result, error) {
	type die struct {
		idx  int // position in the tray
		luck bool
		hit  bool
	}
	pool := make([]die, r.pool())
	for i := range pool {
		role := "standard die"
		if i < r.luck() {
			role = "Luck die"
		}
		d, err := t.Roll(dice.D10, role)
		if err != nil {
			return dice.Result{}, err
		}
		pool[i] = die{idx: t.Len() - 1, luck: i < r.luck(), hit: hits(d.Value, r.Stat)}
	}
	count := func() (h int) {
		for _, d := range pool {
			if d.hit {
				h++
			}
		}
		return h
	}
	first := count()
	ex := t.Explains()
	var said []string
	if ex {
		luckWord := ""
		if r.luck() > 0 {
			luckWord = fmt.Sprintf(" (%d Luck)", r.luck())
		}
		said = append(said, fmt.Sprintf("%s%s against %d: %s", plural(len(pool), "die", "dice"), luckWord, r.Stat, plural(first, "hit", "hits")))
	}
	if r.LuckyBreak {
		duds := 0
		for i := range pool {
			if !pool[i].hit {
				duds++
				d, err := t.Roll(dice.D10, fmt.Sprintf("Lucky Break re-roll of die %d", i+1))
				if err != nil {
					return dice.Result{}, err
				}
				pool[i].idx, pool[i].hit = t.Len()-1, hits(d.Value, r.Stat)
			}
		}
		if ex {
			said = append(said, fmt.Sprintf("Lucky Break re-rolled %s: %s more", plural(duds, "dud", "duds"), plural(count()-first, "hit", "hits")))
		}
	}
	luckHits := 0
	for _, d := range pool {
		if d.hit {
			t.Keep(d.idx)
			if d.luck {
				luckHits++
			}
		}
	}
	total := count()
	if luckHits > 0 {
		extra := 0
		for range luckHits {
			d, err := t.Roll(dice.D10, "Fortune Smiles die")
			if err != nil {
				return dice.Result{}, err
			}
			if hits(d.Value, r.Stat) {
				t.Keep(t.Len() - 1)
				extra++
			}
		}
		total += extra
		if ex {
			said = append(said, fmt.Sprintf("Fortune Smiles rolled %s: %s more", plural(luckHits, "die", "dice"), plural(extra, "hit", "hits")))
		}
	}
	var flags uint
	if luckHits > 0 {
		flags = 1
	}
	if !ex {
		return dice.Result{Outcome: total, Flags: flags, Total: &total}, nil
	}
	if len(said) > 1 { // Lucky Break or Fortune Smiles changed the count
		said = append(said, plural(total, "hit", "hits"))
	}
	if luckHits > 0 {
		said[len(said)-1] += ", critical (a Luck die hit)"
	}
	if r.Unlucky {
		said = append(said, "Unlucky: no Fortune Smiles, no critical")
	}
	return dice.Result{Outcome: total, Flags: flags, Total: &total,
		Explain: strings.Join(said, "; ") + " (rules.md §5.2.2)"}, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Rummage is the Rummage action's roll (rules.md §5.2.1): two d10. With
// option A the player takes a common chem costing at most the total, or a
// rare chem on 18 or more; with option B the higher die gives caps and the
// lower die parts. Either way a 10 on either die leaves a Radiation token.
//
// With Choose the option is picked after the roll (as a game does): the
// outcome is the pair of dice, as for option B, from which either option's
// result follows.
type Rummage struct {
	OptionB bool
	Choose  bool
}

var rummageMemo dice.Memo[dice.Dist]

func (r Rummage) Name() string    { return "ff-rummage" }
func (r Rummage) Flags() []string { return rummageFlags }

var rummageFlags = []string{"radiation"} // made once, as testFlags

// Outcomes are, for option A, "total=2" … "total=17" and "rare-chem"; for
// option B "caps=H,parts=L" for every higher die H and lower die L; with
// Choose "dice=H,L".
func (r Rummage) Outcomes() []string {
	var o []string
	if !r.OptionB && !r.Choose {
		for s := 2; s <= 17; s++ {
			o = append(o, "total="+strconv.Itoa(s))
		}
		return append(o, "rare-chem")
	}
	form := "caps=%d,parts=%d"
	if r.Choose {
		form = "dice=%d,%d"
	}
	for hi := 1; hi <= 10; hi++ {
		for lo := 1; lo <= hi; lo++ {
			o = append(o, fmt.Sprintf(form, hi, lo))
		}
	}
	return o
}

// outcome is the outcome index for the two faces.
func (r Rummage) outcome(a, b int) int {
	if !r.OptionB && !r.Choose {
		return min(a+b, 18) - 2
	}
	hi, lo := max(a, b), min(a, b)
	return hi*(hi-1)/2 + lo - 1
}

// Odds is the exact distribution of dice.Code(outcome, radiation): two d10
// are only a hundred equally likely pairs, counted directly.
func (r Rummage) Odds() dice.Dist {
	k := uint64(0)
	switch {
	case r.Choose:
		k = 2
	case r.OptionB:
		k = 1
	}
	return rummageMemo.Do(k, func() dice.Dist {
		w := make([]uint64, 2*len(r.Outcomes()))
		for a := 1; a <= 10; a++ {
			for b := 1; b <= 10; b++ {
				var rad uint
				if a == 10 || b == 10 {
					rad = 1
				}
				w[dice.Code(r.outcome(a, b), rad, 1)]++
			}
		}
		return dice.NewDist(0, w...)
	})
}

func (r Rummage) Resolve(t *dice.Tray) (dice.Result, error) {
	first := t.Len()
	a, err := t.Roll(dice.D10, "rummage die")
	if err != nil {
		return dice.Result{}, err
	}
	b, err := t.Roll(dice.D10, "rummage die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(first)
	t.Keep(first + 1)
	o := r.outcome(a.Value, b.Value)
	var flags uint
	if a.Value == 10 || b.Value == 10 {
		flags = 1
	}
	if !t.Explains() {
		return dice.Result{Outcome: o, Flags: flags}, nil
	}
	var said string
	switch {
	case r.Choose:
		said = fmt.Sprintf("rolled %d and %d: option A, a chem by their total %d; option B, %d caps and %d parts", a.Value, b.Value, a.Value+b.Value, max(a.Value, b.Value), min(a.Value, b.Value))
	case !r.OptionB:
		total := a.Value + b.Value
		said = fmt.Sprintf("rolled %d+%d = %d: option A, ", a.Value, b.Value, total)
		if total >= 18 {
			said += "18 or more gives a rare chem"
		} else {
			said += fmt.Sprintf("a common chem costing up to %d caps", total)
		}
	default:
		said = fmt.Sprintf("rolled %d and %d: option B, %d caps and %d parts", a.Value, b.Value, max(a.Value, b.Value), min(a.Value, b.Value))
	}
	if flags == 1 {
		said += "; a 10 replaces the Search token with a Radiation token"
	} else {
		said += "; the Search token is removed"
	}
	return dice.Result{Outcome: o, Flags: flags, Explain: said + " (rules.md §5.2.1)"}, nil
}

// Describe says what to roll (dice.Describer): the pool, which dice are
// Luck dice, what hits, and the dice that may follow.
func (r Test) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "roll %s", plural(r.pool(), "d10", "d10s"))
	switch l := r.luck(); {
	case l == 1 && r.pool() == 1:
		b.WriteString(" (a Luck die)")
	case l == 1:
		b.WriteString(" (the first is a Luck die)")
	case l > 1 && l == r.pool():
		b.WriteString(" (all Luck dice)")
	case l > 1:
		fmt.Fprintf(&b, " (the first %d are Luck dice)", l)
	}
	fmt.Fprintf(&b, ": each die of %d or less hits, a 10 never does", r.Stat)
	if r.LuckyBreak {
		b.WriteString("; then re-roll every die that missed, once")
	}
	if r.luck() > 0 {
		b.WriteString("; then one more d10 for each Luck die that hit (Fortune Smiles), typed last")
	}
	return b.String()
}

// Describe says what to roll (dice.Describer).
func (r Rummage) Describe() string {
	what := "option A: their total buys a common chem, 18 or more a rare one"
	if r.Choose {
		return "roll 2 d10; then pick option A (their total buys a common chem, 18 or more a rare one) or option B (the higher die gives caps, the lower parts); a 10 on either leaves a Radiation token"
	}
	if r.OptionB {
		what = "option B: the higher die gives caps, the lower parts"
	}
	return "roll 2 d10, " + what + "; a 10 on either leaves a Radiation token"
}

// Pair reads an option B (or Choose) outcome back into the higher and the
// lower die.
func (r Rummage) Pair(outcome int) (hi, lo int) {
	hi = 1
	for hi*(hi+1)/2 <= outcome {
		hi++
	}
	return hi, outcome - hi*(hi-1)/2 + 1
}
