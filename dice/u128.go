package dice

import (
	"math/big"
	"math/bits"
)

// u128 is an unsigned 128-bit integer, the weight type of the fast path.
type u128 struct{ hi, lo uint64 }

func u64(x uint64) u128 { return u128{lo: x} }

func (a u128) isZero() bool { return a.hi|a.lo == 0 }

func (a u128) cmp(b u128) int {
	switch {
	case a.hi < b.hi:
		return -1
	case a.hi > b.hi:
		return 1
	case a.lo < b.lo:
		return -1
	case a.lo > b.lo:
		return 1
	}
	return 0
}

// add returns a+b and whether the sum overflowed 128 bits.
func (a u128) add(b u128) (u128, bool) {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, c := bits.Add64(a.hi, b.hi, c)
	return u128{hi, lo}, c != 0
}

// sub returns a-b and whether it borrowed (b > a).
func (a u128) sub(b u128) (u128, bool) {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	hi, c := bits.Sub64(a.hi, b.hi, c)
	return u128{hi, lo}, c != 0
}

// mul returns a*b and whether the product overflowed 128 bits.
func (a u128) mul(b u128) (u128, bool) {
	if a.hi == 0 && b.hi == 0 {
		hi, lo := bits.Mul64(a.lo, b.lo)
		return u128{hi, lo}, false
	}
	if a.hi != 0 && b.hi != 0 {
		return u128{}, true
	}
	hi, lo := bits.Mul64(a.lo, b.lo)
	h1, c1 := bits.Mul64(a.hi, b.lo)
	h2, c2 := bits.Mul64(a.lo, b.hi)
	hi, o1 := bits.Add64(hi, c1, 0)
	hi, o2 := bits.Add64(hi, c2, 0)
	return u128{hi, lo}, h1|h2|o1|o2 != 0
}

// big returns a as a new big.Int.
func (a u128) big() *big.Int {
	z := new(big.Int).SetUint64(a.hi)
	z.Lsh(z, 64)
	return z.Or(z, new(big.Int).SetUint64(a.lo))
}

// float returns a rounded to a float64.
func (a u128) float() float64 {
	return float64(a.hi)*(1<<64) + float64(a.lo)
}

// u128FromBig converts x (0 ≤ x < 2^128) to a u128; ok is false when it does not fit.
func u128FromBig(x *big.Int) (u128, bool) {
	if x.Sign() < 0 || x.BitLen() > 128 {
		return u128{}, false
	}
	lo := new(big.Int).And(x, new(big.Int).SetUint64(^uint64(0))).Uint64()
	hi := new(big.Int).Rsh(x, 64).Uint64()
	return u128{hi, lo}, true
}
