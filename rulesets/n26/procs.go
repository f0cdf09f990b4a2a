package n26

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/rules"
)

// FirepowerDie is the Rapid Fire die (rules.md §2.3.1): one bullet with an
// ammo symbol on one face, one bullet on two, two bullets on two, three
// bullets on one.
var FirepowerDie = dice.Symbols("firepower die", []string{"1-ammo", "1", "2", "3"}, []int{1, 2, 2, 1})

// bullets and ammo symbols per firepower value (1-based).
var fpBullets = [5]int{0, 1, 1, 2, 3}

// Firepower rolls Dice firepower dice (rules.md §2.3.6): the outcome is the
// bullets they show beyond one per die (bullets − Dice), with the flags
// "ammo" (at least one ammo symbol: the profile goes Out of Ammo) and
// "jammed" (two or more: jammed for the battle).
type Firepower struct {
	Dice int // 1..6
}

func (r Firepower) Name() string    { return "n26-firepower" }
func (r Firepower) Flags() []string { return []string{"ammo", "jammed"} }

func (r Firepower) Outcomes() []string {
	o := make([]string, 2*r.Dice+1)
	for i := range o {
		o[i] = "bullets=" + strconv.Itoa(r.Dice+i)
	}
	return o
}

var fpMemo dice.Memo[dice.Dist]

// Odds: each die is a value 8·bullets + ammo symbols, summed over the dice
// by convolution, then read as (bullets, flags).
func (r Firepower) Odds() dice.Dist {
	return fpMemo.Do(uint64(r.Dice), func() dice.Dist {
		w := make([]uint64, 8*3+1)
		w[8*1+1] = 1 // one bullet and a symbol
		w[8*1] = 2
		w[8*2] = 2
		w[8*3] = 1
		sum := dice.NewDist(0, w...).Repeat(r.Dice)
		return sum.Map(func(c int) int {
			b, a := c/8, c%8
			var f uint
			if a >= 1 {
				f |= 1
			}
			if a >= 2 {
				f |= 2
			}
			return dice.Code(b-r.Dice, f, 2)
		})
	})
}

func (r Firepower) Resolve(t *dice.Tray) (dice.Result, error) {
	bullets, ammo := 0, 0
	var faces []string
	for range r.Dice {
		d, err := t.Roll(FirepowerDie, "firepower die")
		if err != nil {
			return dice.Result{}, err
		}
		t.Keep(t.Len() - 1)
		bullets += fpBullets[d.Value]
		if d.Value == 1 {
			ammo++
		}
		faces = append(faces, d.Label)
	}
	var f uint
	why := fmt.Sprintf("firepower %s: %d bullets", strings.Join(faces, " "), bullets)
	if ammo >= 1 {
		f |= 1
		why += ", out of ammo"
	}
	if ammo >= 2 {
		f |= 2
		why += " and jammed"
	}
	return dice.Result{Outcome: bullets - r.Dice, Flags: f, Total: &bullets, Explain: why + " (rules.md §2.3.6)"}, nil
}

// Lasting is a D66 roll on the Lasting Injury table (fighters) or the
// Lasting Damage table (vehicles), rules.md §2.3.4: the tens die first.
type Lasting struct{ Vehicle bool }

// lastingRow is a D66 range and its result.
type lastingRow struct {
	lo, hi int
	name   string
}

var lastingInjury = []lastingRow{
	{11, 11, "lesson-learnt"}, {12, 12, "eternal-enmity"}, {13, 13, "bitter-enmity"}, {14, 14, "personal-enmity"},
	{15, 15, "horrid-scars"}, {16, 16, "impressive-scars"}, {21, 26, "out-cold"}, {31, 46, "grievous-wound"},
	{51, 51, "eye-injury"}, {52, 52, "hand-injury"}, {53, 53, "hobbled"}, {54, 54, "spinal-injury"},
	{55, 55, "enfeebled"}, {56, 56, "head-injury"}, {61, 62, "captured"}, {63, 65, "critical-injury"}, {66, 66, "memorable-death"},
}

var lastingDamage = []lastingRow{
	{11, 11, "lesson-learnt"}, {12, 14, "enmity"}, {15, 16, "percussive-repair"}, {21, 26, "superficial-damage"},
	{31, 46, "major-damage"}, {51, 52, "busted-sights"}, {53, 53, "drive-system-fault"}, {54, 54, "buckled-frame"},
	{55, 56, "engine-fracture"}, {61, 62, "captured"}, {63, 65, "critical-damage"}, {66, 66, "catastrophic-explosion"},
}

func (r Lasting) table() []lastingRow {
	if r.Vehicle {
		return lastingDamage
	}
	return lastingInjury
}

func (r Lasting) Name() string {
	if r.Vehicle {
		return "n26-lasting-damage"
	}
	return "n26-lasting-injury"
}
func (r Lasting) Flags() []string { return nil }
func (r Lasting) Outcomes() []string {
	var o []string
	for _, row := range r.table() {
		o = append(o, row.name)
	}
	return o
}

func (r Lasting) row(tens, units int) int {
	d := 10*tens + units
	for i, row := range r.table() {
		if d >= row.lo && d <= row.hi {
			return i
		}
	}
	panic(fmt.Sprintf("n26: D66 %d off the table", d))
}

var lastingMemo dice.Memo[dice.Dist]

func (r Lasting) Odds() dice.Dist {
	k := uint64(0)
	if r.Vehicle {
		k = 1
	}
	return lastingMemo.Do(k, func() dice.Dist {
		w := make([]uint64, len(r.table()))
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				w[r.row(a, b)]++
			}
		}
		return dice.NewDist(0, w...)
	})
}

func (r Lasting) Resolve(t *dice.Tray) (dice.Result, error) {
	a, err := t.Roll(dice.D6, "tens die")
	if err != nil {
		return dice.Result{}, err
	}
	b, err := t.Roll(dice.D6, "units die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(t.Len() - 2)
	t.Keep(t.Len() - 1)
	o := r.row(a.Value, b.Value)
	return dice.Result{Outcome: o, Explain: fmt.Sprintf("D66 %d%d: %s (rules.md §2.3.4)", a.Value, b.Value, r.table()[o].name)}, nil
}

// Boxed procedure tables: rolling one of these allocates nothing.
var (
	pD6        dice.Procedure = rules.D6{Game: "n26"}
	pLasting                  = [2]dice.Procedure{Lasting{}, Lasting{Vehicle: true}}
	pInjury    [maxLethality + 1]dice.Procedure
	pRecovery  [maxRecovery + 1]dice.Procedure
	pFirepower [maxFirepower + 1]dice.Procedure
	pPick      [maxPick + 1]dice.Procedure
	pHit       [8][modRange]dice.Procedure // target 2..7, modifier −modLo..
	pSave      [8][modRange]dice.Procedure
	pCheck2    [11][modRange]dice.Procedure // value 1..10
)

const (
	maxLethality = 6
	maxRecovery  = 8
	maxFirepower = 6
	maxPick      = 12
	modLo        = 8 // modifiers from −8
	modRange     = 17
)

func init() {
	for n := 1; n <= maxLethality; n++ {
		pInjury[n] = Injury{Dice: n}
	}
	for n := 1; n <= maxRecovery; n++ {
		pRecovery[n] = Recovery{Dice: n}
	}
	for n := 1; n <= maxFirepower; n++ {
		pFirepower[n] = Firepower{Dice: n}
	}
	for n := 1; n <= maxPick; n++ {
		pPick[n] = rules.Pick{Game: "n26", N: n}
	}
	for k := range modRange {
		mod := []int{k - modLo}
		if k == modLo {
			mod = nil
		}
		for target := 2; target <= 7; target++ {
			pHit[target][k] = Test{Target: min(target, 6), Mods: mod}
			if target == 7 {
				// no save at all: a test that can never pass
				pSave[target][k] = Test{Target: 6, Mods: []int{-99}, Save: true}
			} else {
				pSave[target][k] = Test{Target: target, Mods: mod, Save: true}
			}
		}
		for v := 1; v <= 10; v++ {
			pCheck2[v][k] = Check{Value: v, Mods: mod, Dice: 2}
		}
	}
}

func modIndex(mod int) int { return min(max(mod, -modLo), modRange-1-modLo) + modLo }

// hitTest is the boxed D6 test needing target+ with a net modifier.
func hitTest(target, mod int) dice.Procedure { return pHit[min(max(target, 2), 7)][modIndex(mod)] }

// saveTest is the boxed save: Sv 7 is no save.
func saveTest(sv, mod int) dice.Procedure { return pSave[min(max(sv, 2), 7)][modIndex(mod)] }

// check2 is the boxed 2D6 check against value with a modifier.
func check2(value, mod int) dice.Procedure { return pCheck2[min(max(value, 1), 10)][modIndex(mod)] }
