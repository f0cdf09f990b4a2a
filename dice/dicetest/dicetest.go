// Package dicetest checks that a dice procedure keeps the contract of
// dice.Procedure, so that every ruleset's procedures are held to the same
// standard by a few lines of test.
package dicetest

import (
	"fmt"
	"math"
	"math/big"
	"slices"
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
//     table-dice path and the RNG path are one piece of code);
//   - a dice.Roller (a game's digital dice) rolls the same dice and gives
//     the same outcome, flags, total and modifiers as Sample, and the
//     procedure skips its explanation there (Tray.Explains);
//   - it describes itself for a person rolling real dice (dice.Describer);
//   - dice.Needs lists the dice that reading its probe faces takes.
func CheckProcedure(t *testing.T, p dice.Procedure, seed uint64, n int) {
	t.Helper()
	nf, no := len(p.Flags()), len(p.Outcomes())
	if d, ok := p.(dice.Describer); !ok || d.Describe() == "" {
		t.Errorf("%s: no description (dice.Describer): a player rolling real dice would not know what to roll", p.Name())
	}
	checkNeeds(t, p)
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

	r, rq := dice.NewRNG(seed), dice.NewRNG(seed)
	var ro dice.Roller
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
		q, qd, err := ro.Roll(p, rq)
		if err != nil {
			t.Fatalf("%s seed %d sample %d: Roller: %v", p.Name(), seed, i, err)
		}
		if q.Outcome != res.Outcome || q.Flags != res.Flags || (q.Total == nil) != (res.Total == nil) ||
			q.Total != nil && *q.Total != *res.Total || !slices.Equal(q.Mods, res.Mods) || q.Explain != "" || fmt.Sprint(qd) != fmt.Sprint(res.Dice) {
			t.Fatalf("%s seed %d sample %d: a Roller gave %+v with dice %v; Sample gave %+v with dice %v", p.Name(), seed, i, q, qd, res, res.Dice)
		}
		faces := make([]string, len(res.Dice))
		for j, d := range res.Dice {
			faces[j] = "#" + strconv.Itoa(d.Face) // a face by number, never a symbol
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

// EachRoll calls f with every sequence of faces of n dice with the given
// number of sides, the first die changing fastest. f must not keep faces.
func EachRoll(sides, n int, f func(faces []int)) {
	faces := make([]int, n)
	for i := range faces {
		faces[i] = 1
	}
	for {
		f(faces)
		i := 0
		for i < n && faces[i] == sides {
			faces[i] = 1
			i++
		}
		if i == n {
			return
		}
		faces[i]++
	}
}

// Tally returns the exact distribution of outcome(faces) over every face
// sequence of n dice with the given number of sides: brute force, for
// checking a procedure's Odds.
func Tally(sides, n int, outcome func(faces []int) int) map[int]*big.Rat {
	counts, total := map[int]int64{}, int64(0)
	EachRoll(sides, n, func(faces []int) { counts[outcome(faces)]++; total++ })
	m := map[int]*big.Rat{}
	for o, c := range counts {
		m[o] = big.NewRat(c, total)
	}
	return m
}

// CheckOdds compares p's Odds code by code with want (missing codes are
// zero).
func CheckOdds(t *testing.T, p dice.Procedure, want map[int]*big.Rat) {
	t.Helper()
	odds := p.Odds()
	lo, hi := odds.Min(), odds.Max()
	for c := range want {
		lo, hi = min(lo, c), max(hi, c)
	}
	for c := lo; c <= hi; c++ {
		w := want[c]
		if w == nil {
			w = new(big.Rat)
		}
		if got := odds.P(c).Rat(); got.Cmp(w) != 0 {
			t.Errorf("%s %+v: P(%s) = %s, brute force %s", p.Name(), p, Describe(p, c), got.RatString(), w.RatString())
		}
	}
}

// Explained is a procedure, faces typed for it, and the explanation they
// must give.
type Explained struct {
	P     dice.Procedure
	Faces string
	Want  string
}

// CheckExplanations reads each case's faces and compares the explanation.
func CheckExplanations(t *testing.T, cases []Explained) {
	t.Helper()
	for _, tc := range cases {
		faces, err := dice.ParseFaces(tc.Faces)
		if err != nil {
			t.Fatal(err)
		}
		res, err := dice.Read(tc.P, faces)
		if err != nil {
			t.Errorf("%s %+v faces %s: %v", tc.P.Name(), tc.P, tc.Faces, err)
			continue
		}
		if res.Explain != tc.Want {
			t.Errorf("%s %+v faces %s:\n got %s\nwant %s", tc.P.Name(), tc.P, tc.Faces, res.Explain, tc.Want)
		}
	}
}

// checkNeeds: the dice Needs lists, typed with their probe faces, are
// exactly the dice Read rolls.
func checkNeeds(t *testing.T, p dice.Procedure) {
	t.Helper()
	needs := dice.Needs(p)
	if len(needs) == 0 {
		t.Errorf("%s: dice.Needs lists no dice", p.Name())
		return
	}
	faces := make([]string, len(needs))
	for i, d := range needs {
		faces[i] = fmt.Sprintf("#%d", dice.ProbeFace(i, d)) // by number, whatever it shows
	}
	res, err := dice.Read(p, faces)
	if err != nil {
		t.Errorf("%s: the probe faces of the dice Needs lists do not read: %v", p.Name(), err)
		return
	}
	if len(res.Dice) != len(needs) {
		t.Errorf("%s: dice.Needs lists %d dice, reading their probe faces rolled %d", p.Name(), len(needs), len(res.Dice))
		return
	}
	for i, d := range needs {
		if res.Dice[i].Die != d.Name() {
			t.Errorf("%s: die %d is a %s by dice.Needs, a %s by Read", p.Name(), i, d.Name(), res.Dice[i].Die)
		}
	}
}
