package dice

import (
	"math/big"
	"math/bits"
	"sync"
)

// arith is the arithmetic the exact algorithms are written against, so that
// each algorithm exists once and runs on three weight types:
//
//   - ar64: uint64, the fast path for totals below 2^64 (12d6, 16d10);
//   - ar128: u128, no allocation, for totals below 2^128 (20d10, big d10 pools);
//   - arBig: *big.Int (nil means zero), which never overflows.
//
// ar64 and ar128 record an overflow instead of wrapping; tiered then reruns
// the algorithm on the next type, so no overflow is ever silent.
type arith[W any] interface {
	of(x uint64) W
	add(a, b W) W
	sub(a, b W) W // a-b; an algorithm only subtracts a part from its whole
	mul(a, b W) W
	scale(a W, x uint64) W // a*x
	pow(b uint64, e int) W // b^e
	zero(a W) bool
	// The vector kernels, one call per row instead of one per element:
	axpy(dst []W, a W, src []W) // dst[i] += a*src[i] for i in src
	powers(dst []W, b uint64)   // dst[i] = b^i
	mulv(dst []W, a, b []W)     // dst[i] = a[i]*b[i]
	scalev(dst []W, c []uint64) // dst[i] *= c[i]
	// tmp returns n zero weights for rows that die with the computation:
	// from a reused arena on the fast tiers, so nothing a Dist keeps may
	// come from it. Results come from zeros.
	tmp(n int) []W
	overflowed() bool
}

// ar64 is uint64 arithmetic with overflow detection.
type ar64 struct {
	over bool
	a    arena[uint64]
}

// arena hands out zeroed scratch rows from one buffer, reused across
// computations through a sync.Pool. Handing out never moves earlier rows:
// when the buffer is full a new one is started.
type arena[W any] struct {
	buf  []W
	used int
}

func (a *arena[W]) take(n int) []W {
	if a.used+n > len(a.buf) {
		a.buf, a.used = make([]W, max(2*len(a.buf), n, 256)), 0
	}
	r := a.buf[a.used : a.used+n : a.used+n]
	a.used += n
	clear(r)
	return r
}

func (f *ar64) tmp(n int) []uint64 { return f.a.take(n) }

func (f *ar64) of(x uint64) uint64       { return x }
func (f *ar64) zero(a uint64) bool       { return a == 0 }
func (f *ar64) overflowed() bool         { return f.over }
func (f *ar64) scale(a, x uint64) uint64 { return f.mul(a, x) }

func (f *ar64) add(a, b uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	f.over = f.over || c != 0
	return s
}

func (f *ar64) sub(a, b uint64) uint64 {
	d, c := bits.Sub64(a, b, 0)
	f.over = f.over || c != 0
	return d
}

func (f *ar64) mul(a, b uint64) uint64 {
	h, l := bits.Mul64(a, b)
	f.over = f.over || h != 0
	return l
}

func (f *ar64) pow(b uint64, e int) uint64 {
	r := uint64(1)
	for ; e > 0 && !f.over; e-- {
		r = f.mul(r, b)
	}
	return r
}

func (f *ar64) axpy(dst []uint64, a uint64, src []uint64) {
	dst = dst[:len(src)]
	var over uint64
	for i, s := range src {
		h, l := bits.Mul64(a, s)
		d, c := bits.Add64(dst[i], l, 0)
		dst[i] = d
		over |= h | c
	}
	f.over = f.over || over != 0
}

func (f *ar64) powers(dst []uint64, b uint64) {
	if len(dst) == 0 {
		return
	}
	dst[0] = 1
	var over uint64
	for i := 1; i < len(dst); i++ {
		h, l := bits.Mul64(dst[i-1], b)
		dst[i], over = l, over|h
	}
	f.over = f.over || over != 0
}

func (f *ar64) mulv(dst, a, b []uint64) {
	var over uint64
	for i := range dst {
		h, l := bits.Mul64(a[i], b[i])
		dst[i], over = l, over|h
	}
	f.over = f.over || over != 0
}

func (f *ar64) scalev(dst []uint64, c []uint64) {
	var over uint64
	for i := range dst {
		h, l := bits.Mul64(dst[i], c[i])
		dst[i], over = l, over|h
	}
	f.over = f.over || over != 0
}

// ar128 is u128 arithmetic with overflow detection.
type ar128 struct {
	over bool
	a    arena[u128]
}

func (f *ar128) tmp(n int) []u128 { return f.a.take(n) }

func (f *ar128) of(x uint64) u128 { return u64(x) }
func (f *ar128) zero(a u128) bool { return a.isZero() }
func (f *ar128) overflowed() bool { return f.over }

func (f *ar128) add(a, b u128) u128 {
	s, o := a.add(b)
	f.over = f.over || o
	return s
}

func (f *ar128) sub(a, b u128) u128 {
	d, o := a.sub(b)
	f.over = f.over || o
	return d
}

func (f *ar128) mul(a, b u128) u128 {
	p, o := a.mul(b)
	f.over = f.over || o
	return p
}

func (f *ar128) scale(a u128, x uint64) u128 {
	hi, lo := bits.Mul64(a.lo, x)
	h2, l2 := bits.Mul64(a.hi, x)
	hi, c := bits.Add64(hi, l2, 0)
	f.over = f.over || h2|c != 0
	return u128{hi, lo}
}

func (f *ar128) pow(b uint64, e int) u128 {
	x := u64(1)
	for ; e > 0 && !f.over; e-- {
		x = f.scale(x, b)
	}
	return x
}

func (f *ar128) axpy(dst []u128, a u128, src []u128) {
	dst = dst[:len(src)]
	if a.hi != 0 {
		for i, s := range src {
			dst[i] = f.add(dst[i], f.mul(a, s))
		}
		return
	}
	// a fits in 64 bits: two 64×64 products per element, overflow folded
	// into one word and checked once.
	var over uint64
	for i, s := range src {
		hi, lo := bits.Mul64(a.lo, s.lo)
		h2, l2 := bits.Mul64(a.lo, s.hi)
		hi, c1 := bits.Add64(hi, l2, 0)
		lo, c2 := bits.Add64(dst[i].lo, lo, 0)
		hi, c3 := bits.Add64(dst[i].hi, hi, c2)
		dst[i] = u128{hi, lo}
		over |= h2 | c1 | c3
	}
	f.over = f.over || over != 0
}

func (f *ar128) powers(dst []u128, b uint64) {
	x := u64(1)
	for i := range dst {
		dst[i] = x
		if i+1 < len(dst) {
			x = f.scale(x, b)
		}
	}
}

func (f *ar128) mulv(dst, a, b []u128) {
	over := false
	for i := range dst {
		var o bool
		dst[i], o = a[i].mul(b[i])
		over = over || o
	}
	f.over = f.over || over
}

func (f *ar128) scalev(dst []u128, c []uint64) {
	for i := range dst {
		dst[i] = f.scale(dst[i], c[i])
	}
}

// arBig is math/big arithmetic. Values are never mutated after they are made,
// so slices of them may share elements.
type arBig struct{}

func (arBig) of(x uint64) *big.Int       { return new(big.Int).SetUint64(x) }
func (arBig) zero(a *big.Int) bool       { return a == nil || a.Sign() == 0 }
func (arBig) overflowed() bool           { return false }
func (arBig) add(a, b *big.Int) *big.Int { return new(big.Int).Add(nz(a), nz(b)) }
func (arBig) sub(a, b *big.Int) *big.Int { return new(big.Int).Sub(nz(a), nz(b)) }
func (arBig) mul(a, b *big.Int) *big.Int { return new(big.Int).Mul(nz(a), nz(b)) }

func (arBig) scale(a *big.Int, x uint64) *big.Int {
	return new(big.Int).Mul(nz(a), new(big.Int).SetUint64(x))
}

func (arBig) pow(b uint64, e int) *big.Int {
	return new(big.Int).Exp(new(big.Int).SetUint64(b), big.NewInt(int64(e)), nil)
}

func (arBig) axpy(dst []*big.Int, a *big.Int, src []*big.Int) {
	if a == nil || a.Sign() == 0 {
		return
	}
	var t big.Int
	for i, s := range src {
		if s == nil || s.Sign() == 0 {
			continue
		}
		t.Mul(a, s)
		dst[i] = new(big.Int).Add(nz(dst[i]), &t)
	}
}

func (arBig) tmp(n int) []*big.Int { return make([]*big.Int, n) }

func (ar arBig) powers(dst []*big.Int, b uint64) {
	x := big.NewInt(1)
	bb := new(big.Int).SetUint64(b)
	for i := range dst {
		dst[i] = x
		x = new(big.Int).Mul(x, bb)
	}
}

func (arBig) mulv(dst, a, b []*big.Int) {
	for i := range dst {
		dst[i] = new(big.Int).Mul(nz(a[i]), nz(b[i]))
	}
}

func (ar arBig) scalev(dst []*big.Int, c []uint64) {
	for i := range dst {
		dst[i] = ar.scale(dst[i], c[i])
	}
}

var bigZero = new(big.Int)

// nz maps the nil zero of arBig to a real zero.
func nz(a *big.Int) *big.Int {
	if a == nil {
		return bigZero
	}
	return a
}

// zeros returns n zero weights: Go's zero value is a zero weight in every
// tier (arBig reads a nil *big.Int as 0).
func zeros[W any, A arith[W]](_ A, n int) []W { return make([]W, n) }

// tiered runs one exact algorithm on the cheapest arithmetic that holds its
// numbers and returns its weights as a Dist whose smallest outcome is lo.
// bound is an upper bound on the bit length of every number the algorithm
// forms (its total, for counting algorithms); the overflow flags catch any
// number that exceeds it anyway.
func tiered[P any](lo, bound int, p P,
	f64 func(*ar64, P) ([]uint64, uint64),
	f128 func(*ar128, P) ([]u128, u128),
	fbig func(arBig, P) ([]*big.Int, *big.Int),
) Dist {
	if bound <= 64 {
		ar := pool64.Get().(*ar64)
		w, tot := f64(ar, p)
		over := ar.over
		ar.over, ar.a.used = false, 0
		pool64.Put(ar)
		if !over {
			w128 := make([]u128, len(w))
			for i, x := range w {
				w128[i] = u64(x)
			}
			return narrow(lo, w128, u64(tot))
		}
	}
	if bound <= 128 {
		ar := pool128.Get().(*ar128)
		w, tot := f128(ar, p)
		over := ar.over
		ar.over, ar.a.used = false, 0
		pool128.Put(ar)
		if !over {
			return narrow(lo, w, tot)
		}
	}
	w, tot := fbig(arBig{}, p)
	return wide(lo, w, tot)
}

var (
	pool64  = sync.Pool{New: func() any { return new(ar64) }}
	pool128 = sync.Pool{New: func() any { return new(ar128) }}
)

// bitsOf is an upper bound on the bit length of x^n.
func bitsOf(x uint64, n int) int { return bits.Len64(x) * n }
