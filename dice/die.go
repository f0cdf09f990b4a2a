package dice

import (
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
)

// A Die is a physical die: faces 1..Sides, each showing a value. A plain die
// (D(6), D(10)) shows its face number. A symbol die shows one of a few
// symbols, ranked in the order given, and its value is the rank: Necromunda's
// injury die (rules.md §2.3.1) has six faces and three symbols.
//
// A Die is a one-word handle to immutable data; copy it freely.
type Die struct{ *die }

// Valid reports whether d is a die, not the zero Die.
func (d Die) Valid() bool { return d.die != nil }

type die struct {
	id     uint32
	name   string
	values []int    // values[f-1] is the value face f shows
	labels []string // labels[v-1] names value v; nil for plain dice
}

var nextDieID atomic.Uint32

func init() { nextDieID.Store(1 << 10) } // ids below are plain dice, by side count

// D returns the plain die with the given number of sides (2 to 1000), showing 1..sides.
func D(sides int) Die {
	if sides < 2 || sides > 1000 {
		panic(fmt.Sprintf("dice: D(%d): sides must be 2 to 1000", sides))
	}
	v := make([]int, sides)
	for i := range v {
		v[i] = i + 1
	}
	return Die{&die{id: uint32(sides), name: "d" + strconv.Itoa(sides), values: v}}
}

// Symbols returns a die whose faces show symbols: the first counts[0] faces
// show symbols[0] (value 1), the next counts[1] faces symbols[1] (value 2),
// and so on. It panics on a malformed table.
func Symbols(name string, symbols []string, counts []int) Die {
	if len(symbols) == 0 || len(symbols) != len(counts) {
		panic("dice: Symbols: need one count per symbol")
	}
	var values []int
	for i, c := range counts {
		if c < 1 || symbols[i] == "" {
			panic(fmt.Sprintf("dice: Symbols: symbol %q on %d faces", symbols[i], c))
		}
		for range c {
			values = append(values, i+1)
		}
	}
	return Die{&die{id: nextDieID.Add(1), name: name, values: values, labels: append([]string(nil), symbols...)}}
}

// Common dice.
var (
	D6  = D(6)
	D10 = D(10)
)

// Name is the die's name, as in "d6" or "injury die".
func (d Die) Name() string { return d.name }

// Sides is the number of faces.
func (d Die) Sides() int { return len(d.values) }

// Value is the value shown by face f (1 ≤ f ≤ Sides).
func (d Die) Value(f int) int { return d.values[f-1] }

// Values is the number of distinct values, 1..Values.
func (d Die) Values() int {
	if d.labels != nil {
		return len(d.labels)
	}
	return len(d.values)
}

// Label names what face f shows: the symbol, or the number.
func (d Die) Label(f int) string {
	if d.labels != nil {
		return d.labels[d.values[f-1]-1]
	}
	return strconv.Itoa(d.values[f-1])
}

// Symbol names value v of a symbol die (the number for a plain die).
func (d Die) Symbol(v int) string {
	if d.labels != nil {
		return d.labels[v-1]
	}
	return strconv.Itoa(v)
}

// weights returns the number of faces showing each value 1..Values.
func (d Die) weights() []uint64 {
	w := make([]uint64, d.Values())
	for _, v := range d.values {
		w[v-1]++
	}
	return w
}

// Dist is the distribution of the value one roll of d shows.
func (d Die) Dist() Dist { return NewDist(1, d.weights()...) }

// abbrev is a symbol's short form: the initials of its hyphenated words
// ("seriously-injured" → "si").
func abbrev(s string) string {
	var b strings.Builder
	for _, w := range strings.Split(s, "-") {
		if w != "" {
			b.WriteByte(w[0])
		}
	}
	return b.String()
}

// Parse reads a face typed by a player: for a symbol die the symbol or its
// initials (case does not matter), else the face number. On a die whose
// symbols are numerals (N26's firepower die shows 1, 2 or 3 bullets), a
// bare number is always a symbol, never a face number, so that "1" cannot
// mean two things; "#3" is always face 3 (logs replay faces this way). The
// error names the faces allowed.
func (d Die) Parse(tok string) (int, error) {
	t := strings.ToLower(strings.TrimSpace(tok))
	if n, ok := strings.CutPrefix(t, "#"); ok {
		if f, err := strconv.Atoi(n); err == nil && f >= 1 && f <= d.Sides() {
			return f, nil
		}
		return 0, fmt.Errorf("%q is not a face of %s; allowed %s", tok, d.article(), d.allowed())
	}
	if d.labels != nil {
		for v, l := range d.labels {
			if t == l || t == abbrev(l) {
				for f, fv := range d.values {
					if fv == v+1 {
						return f + 1, nil
					}
				}
			}
		}
	}
	if f, err := strconv.Atoi(t); err == nil && f >= 1 && f <= d.Sides() && !d.numeralSymbols() {
		return f, nil
	}
	return 0, fmt.Errorf("%q is not a face of %s; allowed %s", tok, d.article(), d.allowed())
}

// numeralSymbols reports whether any symbol of d reads as a number.
func (d Die) numeralSymbols() bool {
	for _, l := range d.labels {
		if _, err := strconv.Atoi(l); err == nil {
			return true
		}
	}
	return false
}

// article is the die's name with "a" or "an": "a d6", "an injury die".
func (d Die) article() string {
	if strings.ContainsRune("aeiou", rune(d.name[0])) {
		return "an " + d.name
	}
	return "a " + d.name
}

// Typing says how to type a face of d at a keyboard, for a symbol die
// (Parse): "an injury die: type injured (i), seriously-injured (si) or
// out-of-action (ooa)"; "" for a plain die, whose faces are their numbers.
// A keypad, which shows the symbols, needs none of it.
func (d Die) Typing() string {
	if d.labels == nil {
		return ""
	}
	alts := make([]string, len(d.labels))
	for i, l := range d.labels {
		alts[i] = l
		if a := abbrev(l); a != l && !d.numeralSymbols() {
			alts[i] += " (" + a + ")"
		}
	}
	t := alts[len(alts)-1]
	if len(alts) > 1 {
		t = strings.Join(alts[:len(alts)-1], ", ") + " or " + t
	}
	return d.article() + ": type " + t
}

func (d Die) allowed() string {
	s := fmt.Sprintf("1 to %d", d.Sides())
	if d.labels == nil {
		return s
	}
	if d.numeralSymbols() {
		return strings.Join(d.labels, ", ") + " (as the die shows them), or #1 to #" + strconv.Itoa(d.Sides()) + " for a face by number"
	}
	var alts []string
	for _, l := range d.labels {
		alts = append(alts, l+"/"+abbrev(l))
	}
	return s + ", or " + strings.Join(alts, ", ")
}
