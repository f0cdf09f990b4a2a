package dice

import (
	"math/big"
	"math/bits"
)

// Sample draws an outcome of d with r, each with its exact probability: one
// uniform draw below the total (by rejection, so without bias), then a walk
// over the weights. It allocates nothing unless the total needs math/big.
// It panics on the zero Dist.
func (d Dist) Sample(r *RNG) int {
	if d.Len() == 0 {
		panic("dice: Sample of an empty Dist")
	}
	p := d.p
	if p.bw != nil {
		return sampleBig(p, r)
	}
	var x u128
	if p.tot.hi == 0 {
		x = u64(uniform64(r, p.tot.lo))
	} else {
		// 128-bit rejection: draw the total's bit length, retry above it.
		n := 64 + bits.Len64(p.tot.hi)
		mask := ^uint64(0) >> (128 - n)
		for {
			x = u128{r.Uint64() & mask, r.Uint64()}
			if x.cmp(p.tot) < 0 {
				break
			}
		}
	}
	for i, w := range p.w {
		if x.cmp(w) < 0 {
			return p.lo + i
		}
		x, _ = x.sub(w)
	}
	panic("dice: Sample: weights do not sum to the total") // unreachable
}

// uniform64 is a uniform draw in [0, n) by Lemire's method.
func uniform64(r *RNG, n uint64) uint64 {
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return hi
}

func sampleBig(p *dist, r *RNG) int {
	n := p.bt.BitLen()
	words := (n + 63) / 64
	buf := make([]big.Word, words)
	x := new(big.Int)
	for {
		for i := range buf {
			buf[i] = big.Word(r.Uint64())
		}
		if extra := words*64 - n; extra > 0 {
			buf[words-1] &= big.Word(^uint64(0) >> extra)
		}
		x.SetBits(buf)
		if x.Cmp(p.bt) < 0 {
			break
		}
	}
	for i, w := range p.bw {
		if x.Cmp(w) < 0 {
			return p.lo + i
		}
		x.Sub(x, w)
	}
	panic("dice: Sample: weights do not sum to the total")
}
