package falloutfactions

import (
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/skirmish-engine/skirmish/dice"
)

// The procedures a game rolls besides ff-test and ff-rummage. A test that
// may meet Lucky Break is rolled in stages (rules.md §5.2.2, §6.3-j): the
// pool (step 2), which the player sees before deciding; the re-roll of its
// duds if Lucky Break is spent; then the Fortune Smiles dice. Each stage
// is a Pool, so odds stay exact path by path, and the stages composed give
// ff-test's distribution (roll_test.go checks it). A test that cannot meet
// Lucky Break is one ff-test roll.

// Pool is one stage of a S.P.E.C.I.A.L. test (rules.md §5.2.2): Dice d10,
// the first Luck of them Luck dice, each hitting on Stat or less and never
// on a 10. Its outcome counts the standard hits and the Luck hits apart,
// as "std=S,luck=L": a Luck die that hit earns a Fortune Smiles die and the
// critical, and Lucky Break re-rolls the duds of each kind.
type Pool struct {
	Dice, Luck, Stat int
}

func (r Pool) Name() string    { return "ff-pool" }
func (r Pool) Flags() []string { return nil }

// std is the number of standard dice.
func (r Pool) std() int { return r.Dice - r.Luck }

// Code is the outcome index of std standard hits and luck Luck hits.
func (r Pool) Code(std, luck int) int { return luck*(r.std()+1) + std }

// Split reads an outcome index back into standard and Luck hits.
func (r Pool) Split(outcome int) (std, luck int) {
	n := r.std() + 1
	return outcome % n, outcome / n
}

// OutcomeText words outcome o for the log (engine.OutcomeTexter): "1 hit
// and 2 Luck hits".
func (r Pool) OutcomeText(o int) string {
	s, l := r.Split(o)
	if r.Luck == 0 {
		return plural(s, "hit", "hits")
	}
	return plural(s, "hit", "hits") + " and " + plural(l, "Luck hit", "Luck hits")
}

func (r Pool) Outcomes() []string {
	o := make([]string, (r.std()+1)*(r.Luck+1))
	for i := range o {
		s, l := r.Split(i)
		o[i] = "std=" + strconv.Itoa(s) + ",luck=" + strconv.Itoa(l)
	}
	return o
}

var poolMemo dice.Memo[dice.Dist]

// Odds: the standard and the Luck hits are two independent binomials.
func (r Pool) Odds() dice.Dist {
	k := uint64(r.Dice)&0xff | uint64(r.Luck)&0xff<<8 | uint64(r.Stat)&0xff<<16
	return poolMemo.Do(k, func() dice.Dist {
		h := uint64(min(max(r.Stat, 0), 9))
		n := r.std() + 1
		luck := dice.Binomial(r.Luck, h, 10-h).Map(func(l int) int { return l * n })
		return luck.Add(dice.Binomial(r.std(), h, 10-h))
	})
}

func (r Pool) Resolve(t *dice.Tray) (dice.Result, error) {
	std, luck := 0, 0
	for i := range r.Dice {
		role := "standard die"
		if i < r.Luck {
			role = "Luck die"
		}
		d, err := t.Roll(dice.D10, role)
		if err != nil {
			return dice.Result{}, err
		}
		if hits(d.Value, r.Stat) {
			t.Keep(t.Len() - 1)
			if i < r.Luck {
				luck++
			} else {
				std++
			}
		}
	}
	total := std + luck
	if !t.Explains() {
		return dice.Result{Outcome: r.Code(std, luck), Total: &total}, nil
	}
	said := fmt.Sprintf("%s against %d: %s", plural(r.Dice, "die", "dice"), r.Stat, plural(total, "hit", "hits"))
	if r.Luck > 0 {
		said += fmt.Sprintf(" (%d of %d Luck dice)", luck, r.Luck)
	}
	return dice.Result{Outcome: r.Code(std, luck), Total: &total, Explain: said + " (rules.md §5.2.2)"}, nil
}

// Describe says what to roll (dice.Describer).
func (r Pool) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "roll %s", plural(r.Dice, "d10", "d10s"))
	switch {
	case r.Luck == 1 && r.Dice == 1:
		b.WriteString(" (a Luck die)")
	case r.Luck == 1:
		b.WriteString(" (the first is a Luck die)")
	case r.Luck > 1 && r.Luck == r.Dice:
		b.WriteString(" (all Luck dice)")
	case r.Luck > 1:
		fmt.Fprintf(&b, " (the first %d are Luck dice)", r.Luck)
	}
	fmt.Fprintf(&b, ": each die of %d or less hits, a 10 never does", r.Stat)
	return b.String()
}

// Count is the roll of a critical effect's X dice (rules.md §5.3, Critical
// Effects): Dice d10 rolled by the target's player, counting those that
// score higher than Above (the target's Agility, Endurance, Strength or
// Intelligence).
type Count struct {
	Dice, Above int
}

func (r Count) Name() string { return "ff-count" }

// OutcomeText words outcome o for the log (engine.OutcomeTexter): "2 dice
// above 5".
func (r Count) OutcomeText(o int) string {
	return plural(o, "die", "dice") + " above " + strconv.Itoa(r.Above)
}
func (r Count) Flags() []string { return nil }

func (r Count) Outcomes() []string {
	o := make([]string, r.Dice+1)
	for i := range o {
		o[i] = "above=" + strconv.Itoa(i)
	}
	return o
}

var countMemo dice.Memo[dice.Dist]

func (r Count) Odds() dice.Dist {
	return countMemo.Do(uint64(r.Dice)|uint64(r.Above)<<8, func() dice.Dist {
		above := uint64(10 - min(max(r.Above, 0), 10))
		return dice.Binomial(r.Dice, above, 10-above)
	})
}

func (r Count) Resolve(t *dice.Tray) (dice.Result, error) {
	n := 0
	for range r.Dice {
		d, err := t.Roll(dice.D10, "critical die")
		if err != nil {
			return dice.Result{}, err
		}
		if d.Value > r.Above {
			t.Keep(t.Len() - 1)
			n++
		}
	}
	if !t.Explains() {
		return dice.Result{Outcome: n, Total: &n}, nil
	}
	return dice.Result{Outcome: n, Total: &n,
		Explain: fmt.Sprintf("%s, %d above %d (rules.md §5.3)", plural(r.Dice, "die", "dice"), n, r.Above)}, nil
}

// Describe says what to roll (dice.Describer).
func (r Count) Describe() string {
	return fmt.Sprintf("roll %s: each die above %d counts", plural(r.Dice, "d10", "d10s"), r.Above)
}

// RollOff is a roll-off between the two crews (rules.md §5.2.2): each rolls
// a d10, the First crew's die first; the lowest wins. With Ties a tie is an
// outcome, "tie", and the rule asks for the roll again, so that the players
// see the tie and roll anew; without, a tie is rolled again within the
// roll, the new dice typed after the tied ones. Its outcome is the winner,
// "first-crew" or "second-crew" (or "tie"); the odds are even. First and
// Second name the crews for the players ("the first crew" when empty).
type RollOff struct {
	First, Second string
	Ties          bool
}

func (RollOff) Name() string    { return "ff-roll-off" }
func (RollOff) Flags() []string { return nil }

// rollOffTie is the outcome of a tie, with Ties.
const rollOffTie = 2

// OutcomeText words outcome o for the log (engine.OutcomeTexter): which
// crew won ("Gearhollow Scrappers rolled lower"), or "a tie".
func (r RollOff) OutcomeText(o int) string {
	first, second := r.First, r.Second
	if first == "" {
		first = "the first crew"
	}
	if second == "" {
		second = "the second crew"
	}
	switch o {
	case 0:
		return first + " rolled lower"
	case 1:
		return second + " rolled lower"
	}
	return "a tie"
}

func (r RollOff) Outcomes() []string {
	if r.Ties {
		return []string{"first-crew", "second-crew", "tie"}
	}
	return []string{"first-crew", "second-crew"}
}

func (r RollOff) Odds() dice.Dist {
	if r.Ties {
		return rollOffTiesOdds
	}
	return rollOffOdds
}

var (
	rollOffOdds     = dice.NewDist(0, 1, 1)
	rollOffTiesOdds = dice.NewDist(0, 45, 45, 10) // a hundred pairs: ten of them tie
)

// maxRollOffs bounds the re-rolls a tray may hold (RNG dice tie for ever
// with probability zero; typed dice end with the faces).
const maxRollOffs = 1000

// names are the crews' names for people.
func (r RollOff) names() (string, string) {
	a, b := r.First, r.Second
	if a == "" {
		a = "the first crew"
	}
	if b == "" {
		b = "the second crew"
	}
	return a, b
}

func (r RollOff) Resolve(t *dice.Tray) (dice.Result, error) {
	first, second := r.names()
	var said []string
	again := ""
	for range maxRollOffs {
		a, err := t.Roll(dice.D10, possessive(first)+" die"+again)
		if err != nil {
			return dice.Result{}, err
		}
		b, err := t.Roll(dice.D10, possessive(second)+" die"+again)
		if err != nil {
			return dice.Result{}, err
		}
		if t.Explains() {
			said = append(said, fmt.Sprintf("%s %d against %s %d", first, a.Value, second, b.Value))
		}
		if a.Value != b.Value {
			t.Keep(t.Len() - 2)
			t.Keep(t.Len() - 1)
			w, name := 0, first
			if b.Value < a.Value {
				w, name = 1, second
			}
			if !t.Explains() {
				return dice.Result{Outcome: w}, nil
			}
			return dice.Result{Outcome: w, Explain: strings.Join(said, ", tied; ") + ": the lowest wins, " + name + " (rules.md §5.2.2)"}, nil
		}
		if r.Ties && !t.Explains() {
			return dice.Result{Outcome: rollOffTie}, nil
		}
		if r.Ties {
			return dice.Result{Outcome: rollOffTie, Explain: said[0] + ": tied, both roll again (rules.md §5.2.2)"}, nil
		}
		again = ", rolled again after a tie"
	}
	return dice.Result{}, fmt.Errorf("ff-roll-off: %d ties in a row", maxRollOffs)
}

// Describe says what to roll (dice.Describer).
func (r RollOff) Describe() string {
	first, second := r.names()
	d := first + " roll 1 d10 and " + second + " 1 d10, given in that order; the lowest wins"
	if r.Ties {
		return d + "; on a tie both roll again, when asked"
	}
	return d + "; on a tie both roll again: give the tied dice, then the new ones, in order"
}

// possessive is "Scavs'" or "Lawmen's".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// Boxed procedures: a game asks for them from these tables, so that a roll
// allocates nothing (engine doc, "Plugging in a ruleset"). An entry is
// boxed the first time it is asked for.
var (
	testBox  [MaxPool + 1][maxLuck + 1][11][2]atomic.Pointer[dice.Procedure]
	poolBox  [MaxPool + 1][maxLuck + 1][11]atomic.Pointer[dice.Procedure]
	countBox [maxCritDice + 1][11]atomic.Pointer[dice.Procedure]

	pRummage dice.Procedure = Rummage{Choose: true}
)

// maxLuck is the highest Luck a profile may have; maxCritDice the most
// dice a critical effect rolls.
const (
	maxLuck     = 10
	maxCritDice = 5
)

func boxed(slot *atomic.Pointer[dice.Procedure], mk func() dice.Procedure) dice.Procedure {
	if p := slot.Load(); p != nil {
		return *p
	}
	p := mk()
	slot.Store(&p)
	return p
}

// testProc is the one-roll ff-test of pool dice, luck of them Luck dice.
func testProc(pool, luck, stat int, unlucky bool) dice.Procedure {
	u := 0
	if unlucky {
		u, luck = 1, 0
	}
	return boxed(&testBox[pool][luck][stat][u], func() dice.Procedure {
		return Test{Dice: pool, Stat: stat, Luck: luck, Unlucky: unlucky}
	})
}

func poolProc(n, luck, stat int) dice.Procedure {
	return boxed(&poolBox[n][luck][stat], func() dice.Procedure { return Pool{Dice: n, Luck: luck, Stat: stat} })
}

func countProc(n, above int) dice.Procedure {
	return boxed(&countBox[n][above], func() dice.Procedure { return Count{Dice: n, Above: above} })
}
