// Package dicetest checks that a dice procedure keeps the contract of
// dice.Procedure, so that every ruleset's procedures are held to the same
// standard by a few lines of test.
package dicetest

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
)

// CheckProcedure checks p and reports every failure with the seed that
// reproduces it:
//
//   - its Odds are a distribution over valid codes summing to exactly 1;
//   - n results sampled from seed have valid outcomes and flags, and their
//     frequencies agree with the exact odds (each within 5 standard errors,
//     so a correct procedure fails about once in two million outcome checks;
//     the seed is fixed, so a pass stays a pass);
//   - reading back the faces of each sample gives the same result (the
//     table-dice path and the RNG path are one piece of code).
func CheckProcedure(t *testing.T, p dice.Procedure, seed uint64, n int) {
	t.Helper()
	nf, no := len(p.Flags()), len(p.Outcomes())
	odds := p.Odds()
	sum := new(big.Rat)
	for c := odds.Min(); c <= odds.Max(); c++ {
		pr := odds.P(c)
		if pr.IsZero() {
			continue
		}
		if c < 0 || c>>nf >= no {
			t.Errorf("%s: code %d (outcome %d) has probability %s but is out of range", p.Name(), c, c>>nf, pr)
		}
		sum.Add(sum, pr.Rat())
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("%s: odds sum to %s, want 1", p.Name(), sum.RatString())
	}

	r := dice.NewRNG(seed)
	counts := map[int]int{}
	for i := range n {
		res, err := dice.Sample(p, r)
		if err != nil {
			t.Fatalf("%s seed %d sample %d: %v", p.Name(), seed, i, err)
		}
		if res.Outcome < 0 || res.Outcome >= no || res.Flags>>nf != 0 {
			t.Fatalf("%s seed %d sample %d: outcome %d flags %b out of range", p.Name(), seed, i, res.Outcome, res.Flags)
		}
		counts[dice.Code(res.Outcome, res.Flags, nf)]++
		faces := make([]string, len(res.Dice))
		for j, d := range res.Dice {
			faces[j] = strconv.Itoa(d.Face)
		}
		back, err := dice.Read(p, faces)
		if err != nil {
			t.Fatalf("%s seed %d sample %d: reading back faces %v: %v", p.Name(), seed, i, faces, err)
		}
		if back.Outcome != res.Outcome || back.Flags != res.Flags || back.Explain != res.Explain {
			t.Fatalf("%s seed %d sample %d: faces %v read back as %+v, rolled as %+v", p.Name(), seed, i, faces, back, res)
		}
	}
	for c := odds.Min(); c <= odds.Max(); c++ {
		want := odds.P(c).Float64()
		got := float64(counts[c]) / float64(n)
		se := math.Sqrt(want * (1 - want) / float64(n))
		if math.Abs(got-want) > 5*se+1e-12 {
			t.Errorf("%s seed %d: code %d sampled %d/%d = %.5f, exact %s = %.5f (%s)", p.Name(), seed, c, counts[c], n, got, odds.P(c), want, Describe(p, c))
		}
	}
	for c := range counts {
		if odds.P(c).IsZero() {
			t.Errorf("%s seed %d: code %d (%s) sampled %d times but has probability 0", p.Name(), seed, c, Describe(p, c), counts[c])
		}
	}
}

// Describe names an Odds code: "hits=2+critical".
func Describe(p dice.Procedure, code int) string {
	nf := len(p.Flags())
	o := code >> nf
	s := fmt.Sprint(o)
	if o >= 0 && o < len(p.Outcomes()) {
		s = p.Outcomes()[o]
	}
	for i, f := range p.Flags() {
		if code>>i&1 == 1 {
			s += "+" + f
		}
	}
	return s
}
