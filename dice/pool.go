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
	ts := hs + ms
	b, tb := binomial(ar, binomArgs{p.Dice - p.Marked, hs, ms})
	z := []W{ar.of(1)} // Z for zero marked dice
	one := []W{ar.scale(ar.of(ms), t), ar.scale(ar.of(hs), p.Miss), ar.scale(ar.of(hs), p.Hit)}
	for range p.Marked {
		z = conv(ar, z, one)
	}
	maxHits := p.Dice + p.Marked
	out := zeros(ar, 2*(maxHits+1))
	for h, w := range b {
		out[2*h] = ar.mul(w, z[0])
	}
	if len(z) > 1 {
		crit := conv(ar, z[1:], b) // hits 1..
		for i, w := range crit {
			out[2*(i+1)+1] = w
		}
	}
	tot := ar.mul(tb, ar.pow(ts*t, p.Marked))
	return out, tot
}
