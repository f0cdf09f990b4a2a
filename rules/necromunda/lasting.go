package necromunda

import (
	"fmt"

	"github.com/skirmish-engine/skirmish/dice"
)

// Row is a range of a D66 table and its result.
type Row struct {
	Lo, Hi int
	Name   string
}

// N26LastingInjury and N26LastingDamage are the N26 Lasting Injury
// (fighters) and Lasting Damage (vehicles) tables, rules.md §2.3.4.
var (
	N26LastingInjury = []Row{
		{11, 11, "lesson-learnt"}, {12, 12, "eternal-enmity"}, {13, 13, "bitter-enmity"}, {14, 14, "personal-enmity"},
		{15, 15, "horrid-scars"}, {16, 16, "impressive-scars"}, {21, 26, "out-cold"}, {31, 46, "grievous-wound"},
		{51, 51, "eye-injury"}, {52, 52, "hand-injury"}, {53, 53, "hobbled"}, {54, 54, "spinal-injury"},
		{55, 55, "enfeebled"}, {56, 56, "head-injury"}, {61, 62, "captured"}, {63, 65, "critical-injury"}, {66, 66, "memorable-death"},
	}
	N26LastingDamage = []Row{
		{11, 11, "lesson-learnt"}, {12, 14, "enmity"}, {15, 16, "percussive-repair"}, {21, 26, "superficial-damage"},
		{31, 46, "major-damage"}, {51, 52, "busted-sights"}, {53, 53, "drive-system-fault"}, {54, 54, "buckled-frame"},
		{55, 56, "engine-fracture"}, {61, 62, "captured"}, {63, 65, "critical-damage"}, {66, 66, "catastrophic-explosion"},
	}
)

// Lasting is a D66 roll on the edition's Lasting Injury table (fighters) or
// Lasting Damage table (vehicles): the tens die first.
type Lasting[G Game] struct{ Vehicle bool }

func (r Lasting[G]) table() []Row {
	if r.Vehicle {
		return edition[G]().LastingDamage
	}
	return edition[G]().LastingInjury
}

func (r Lasting[G]) Name() string {
	if r.Vehicle {
		return edition[G]().names.lasting[1]
	}
	return edition[G]().names.lasting[0]
}

func (r Lasting[G]) Flags() []string { return nil }

func (r Lasting[G]) Outcomes() []string {
	var o []string
	for _, row := range r.table() {
		o = append(o, row.Name)
	}
	return o
}

// Result names outcome o.
func (r Lasting[G]) Result(o int) string { return r.table()[o].Name }

func (r Lasting[G]) row(tens, units int) int {
	d := 10*tens + units
	for i, row := range r.table() {
		if d >= row.Lo && d <= row.Hi {
			return i
		}
	}
	panic(fmt.Sprintf("necromunda: D66 %d off the table", d))
}

func (r Lasting[G]) Odds() dice.Dist {
	k := uint64(1 << 40)
	if r.Vehicle {
		k++
	}
	return edition[G]().memo.Do(k, func() dice.Dist {
		w := make([]uint64, len(r.table()))
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				w[r.row(a, b)]++
			}
		}
		return dice.NewDist(0, w...)
	})
}

func (r Lasting[G]) Resolve(t *dice.Tray) (dice.Result, error) {
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
	if !t.Explains() {
		return dice.Result{Outcome: o}, nil
	}
	return dice.Result{Outcome: o, Explain: fmt.Sprintf("D66 %d%d: %s (%s)", a.Value, b.Value, r.table()[o].Name, edition[G]().LastingSource)}, nil
}

func (r Lasting[G]) Describe() string {
	table := "Lasting Injury"
	if r.Vehicle {
		table = "Lasting Damage"
	}
	return "roll 2 D6, the tens die first (D66), on the " + table + " table"
}
