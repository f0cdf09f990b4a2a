package dice

import (
	"fmt"
	"math/big"
)

// HitPool is a pool of dice counted for hits, with two twists found in d10
// pool games such as Fallout: Factions (rules.md §5.2.2):
//
//   - marked dice: each marked die that ends up a hit earns one extra,
//     unmarked die, rolled once, whose hit counts too;
//   - Reroll: every die of the pool that missed is rolled again once, before
//     the extra dice are earned (a marked die stays marked).
//
// One die hits in Hit ways and misses in Miss ways; Hit+Miss is at most 2^20
// (they count faces).
type HitPool struct {
	Dice      int    // dice in the pool, marked ones included; 0..MaxDice
	Marked    int    // how many of them are marked; 0..Dice
	Hit, Miss uint64 // weights of a hit and a miss on one die
	Reroll    bool
}

// Odds returns the exact joint distribution of the number of hits h and
// whether any marked die hit (m = 0 or 1), as the outcome 2h+m. It panics on
// a malformed pool.
func (p HitPool) Odds() Dist {
	if p.Dice < 0 || p.Dice > MaxDice || p.Marked < 0 || p.Marked > p.Dice || p.Hit+p.Miss == 0 || p.Hit > 1<<20 || p.Miss > 1<<20 || p.Hit+p.Miss > 1<<20 {
		panic(fmt.Sprintf("dice: malformed %+v", p))
	}
	g := gcd(p.Hit, p.Miss) // smaller weights keep more pools on the 64-bit path
	p.Hit, p.Miss = p.Hit/g, p.Miss/g
	t := p.Hit + p.Miss
	bound := bitsOf(t, p.Dice) + bitsOf(t, p.Marked)
	if p.Reroll {
		bound += bitsOf(t, p.Dice)
	}
	return tiered(0, bound, p, hitPool[uint64, *ar64], hitPool[u128, *ar128], hitPool[*big.Int, arBig])
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// hitPool computes HitPool.Odds. A die of the pool hits in hs ways out of ts
// (with Reroll, a miss is rolled again: ts = t², misses ms = Miss²). The
// unmarked dice give a binomial B over their hits. A marked die gives z = 0
// (missed; its extra die never rolled counts as all t faces, to keep one
// denominator), z = 1 (hit, extra missed) or z = 2 (hit, extra hit); the
// marked dice together give Z. No marked die hit exactly when z = 0 for all,
// so the outcome splits into B·Z[0] (m = 0) and B convolved with Z[1:]
// (m = 1).
func hitPool[W any, A arith[W]](ar A, p HitPool) ([]W, W) {
	t := p.Hit + p.Miss
	hs, ms := p.Hit, p.Miss
	if p.Reroll {
		hs, ms = t*t-p.Miss*p.Miss, p.Miss*p.Miss
	}
	s, m := p.Dice-p.Marked, p.Marked
	out, take := zeros(ar, 2*(p.Dice+m+1)), ar.tmp
	b, tb := binomialInto(ar, take(s+1), take(s+1), binomArgs{s, hs, ms})
	one := take(3)
	one[0], one[1], one[2] = ar.scale(ar.of(ms), t), ar.scale(ar.of(hs), p.Miss), ar.scale(ar.of(hs), p.Hit)
	z, next := take(2*m+1), take(2*m+1)
	z[0] = ar.of(1) // Z for zero marked dice; each round adds one
	for k := range m {
		clear(next) // a zero weight in every tier
		convInto(ar, next[:2*k+3], z[:2*k+1], one)
		z, next = next, z
	}
	// No marked die hit: B·Z[0], at even codes. Some did: B conv Z[1:], at
	// odd codes from hits = 1.
	nocrit := take(s + 1)
	ar.axpy(nocrit, z[0], b)
	for h, w := range nocrit {
		out[2*h] = w
	}
	if m > 0 {
		for i, w := range convInto(ar, take(s+2*m), z[1:], b) {
			out[2*(i+1)+1] = w
		}
	}
	return out, ar.mul(tb, ar.pow((hs+ms)*t, m))
}
