package necromunda

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// FirepowerDie is the Rapid Fire die (rules.md §2.3.1): one bullet with an
// ammo symbol on one face, one bullet on two, two bullets on two, three
// bullets on one.
var FirepowerDie = dice.Symbols("firepower die", []string{"1-ammo", "1", "2", "3"}, []int{1, 2, 2, 1})

// bullets per firepower value (1-based).
var fpBullets = [5]int{0, 1, 1, 2, 3}

// Firepower rolls Dice firepower dice (rules.md §2.3.6): the outcome is the
// bullets they show beyond one per die (bullets − Dice), with the flags
// "ammo" (at least one ammo symbol) and "jammed" (two or more). What the
// symbols do is the edition's: N26 runs the weapon out of ammo and jams it;
// N23 calls for an Ammo check.
type Firepower[G Game] struct {
	Dice int // 1..
}

func (r Firepower[G]) Name() string    { return edition[G]().names.firepower }
func (r Firepower[G]) Flags() []string { return firepowerFlags }

// firepowerFlags is made once: a slice literal returned would be allocated
// at every roll.
var firepowerFlags = []string{"ammo", "jammed"}

// OutcomeText words outcome o for the log (engine.OutcomeTexter): "2
// bullets".
func (r Firepower[G]) OutcomeText(o int) string {
	if n := r.Dice + o; n != 1 {
		return strconv.Itoa(n) + " bullets"
	}
	return "1 bullet"
}

func (r Firepower[G]) Outcomes() []string {
	o := make([]string, 2*r.Dice+1)
	for i := range o {
		o[i] = "bullets=" + strconv.Itoa(r.Dice+i)
	}
	return o
}

var fpMemo dice.Memo[dice.Dist] // the odds are the same in both editions

// Odds: each die is a value 8·bullets + ammo symbols, summed over the dice
// by convolution, then read as (bullets, flags).
func (r Firepower[G]) Odds() dice.Dist {
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

func (r Firepower[G]) Resolve(t *dice.Tray) (dice.Result, error) {
	e := edition[G]()
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
		if t.Explains() {
			faces = append(faces, d.Label)
		}
	}
	var f uint
	if ammo >= 1 {
		f |= 1
	}
	if ammo >= 2 {
		f |= 2
	}
	res := dice.Result{Outcome: bullets - r.Dice, Flags: f, Total: &bullets}
	if !t.Explains() {
		return res, nil
	}
	why := fmt.Sprintf("firepower %s: %s", strings.Join(faces, " "), count(bullets, "bullet", "bullets"))
	if ammo >= 1 {
		why += e.AmmoExplain
	}
	if ammo >= 2 {
		why += e.JamExplain
	}
	res.Explain = why + " (" + e.FirepowerSource + ")"
	return res, nil
}

func (r Firepower[G]) Describe() string {
	return fmt.Sprintf("roll %s (each shows 1-ammo, 1, 2 or 3 bullets); %s", count(r.Dice, "firepower die", "firepower dice"), edition[G]().AmmoMeaning)
}

// count is n things, singular for one: "1 firepower die", "2 bullets".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Gear bits in engine.Model.Gear for Ammo and Reload (rules.md §2.3.6,
// §3.3): bit g is set while gear g is Out of Ammo, bit JammedBit+g while it
// is jammed for the battle (N26).
const (
	OutOfAmmoBit = 0
	JammedBit    = 16
)

// OutOfAmmo reports whether model m's gear g is Out of Ammo.
func OutOfAmmo(s *engine.State, m, g int) bool { return s.Models[m].Gear&(1<<(OutOfAmmoBit+g)) != 0 }

// Jammed reports whether model m's gear g is jammed.
func Jammed(s *engine.State, m, g int) bool { return s.Models[m].Gear&(1<<(JammedBit+g)) != 0 }

// RunOut puts model m's gear g Out of Ammo, with an event "out-of-ammo".
func RunOut(c *engine.Ctx, m, g int) {
	c.State().Models[m].Gear |= 1 << (OutOfAmmoBit + g)
	c.Emit(engine.Event{Type: "out-of-ammo", Model: m, Other: engine.NoModel, Value: g})
}

// Jam jams model m's gear g for the battle, with an event "jammed".
func Jam(c *engine.Ctx, m, g int) {
	c.State().Models[m].Gear |= 1 << (JammedBit + g)
	c.Emit(engine.Event{Type: "jammed", Model: m, Other: engine.NoModel, Value: g})
}

// Reload clears Out of Ammo from model m's gear g, with an event
// "reloaded".
func Reload(c *engine.Ctx, m, g int) {
	c.State().Models[m].Gear &^= 1 << (OutOfAmmoBit + g)
	c.Emit(engine.Event{Type: "reloaded", Model: m, Other: engine.NoModel, Value: g})
}
