package dice

import (
	"fmt"
	"math/big"
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
	ph := make([]W, p.n+1) // hit^j
	pm := make([]W, p.n+1) // miss^j
	ph[0], pm[0] = ar.of(1), ar.of(1)
	for j := 1; j <= p.n; j++ {
		ph[j], pm[j] = ar.scale(ph[j-1], p.hit), ar.scale(pm[j-1], p.miss)
	}
	out := make([]W, p.n+1)
	for j := range out {
		out[j] = ar.scale(ar.mul(ph[j], pm[p.n-j]), binom[p.n][j])
	}
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
