package dice

import (
	"fmt"
	"math/big"
	"slices"
)

// Binomial returns the distribution of the number of successes in n
// independent trials, each succeeding in hit ways out of hit+miss. It panics
// unless 0 ≤ n ≤ MaxDice and hit+miss > 0.
func Binomial(n int, hit, miss uint64) Dist {
	if n < 0 || n > MaxDice || hit+miss == 0 || hit+miss < hit {
		panic(fmt.Sprintf("dice: Binomial(%d, %d, %d): bad trial", n, hit, miss))
	}
	return tiered(0, bitsOf(hit+miss, n), binomArgs{n, hit, miss},
		binomial[uint64, *ar64], binomial[u128, *ar128], binomial[*big.Int, arBig])
}

type binomArgs struct {
	n         int
	hit, miss uint64
}

// binomial returns C(n,j)·hit^j·miss^(n-j) for j = 0..n, and (hit+miss)^n.
func binomial[W any, A arith[W]](ar A, p binomArgs) ([]W, W) {
	out := zeros(ar, p.n+1)
	_, tot := binomialInto(ar, out, ar.tmp(p.n+1), p)
	return out, tot
}

// binomialInto is binomial writing into out, with pm (both n+1 long) as
// scratch.
func binomialInto[W any, A arith[W]](ar A, out, pm []W, p binomArgs) ([]W, W) {
	ar.powers(out, p.hit)
	ar.powers(pm, p.miss)
	slices.Reverse(pm) // pm[j] = miss^(n-j)
	ar.mulv(out, out, pm)
	ar.scalev(out, binom[p.n][:p.n+1])
	return out, ar.pow(p.hit+p.miss, p.n)
}

// CountSuccesses returns the distribution of how many of n dice d show a
// value for which success is true (a pool that counts hits).
func CountSuccesses(d Die, n int, success func(value int) bool) Dist {
	var hit, miss uint64
	for v, w := range d.weights() {
		if success(v + 1) {
			hit += w
		} else {
			miss += w
		}
	}
	return Binomial(n, hit, miss)
}

// Opposed returns the distribution of a-b for independent a and b: an opposed
// roll is won by the attacker when the difference is at least zero, say.
func Opposed(a, b Dist) Dist { return a.Add(b.Neg()) }
