package dice

import (
	"math/big"
	"testing"
)

var two128 = new(big.Int).Lsh(big.NewInt(1), 128)

// FuzzU128 checks u128 against math/big: results agree whenever they fit,
// and overflow is reported exactly when they do not.
func FuzzU128(f *testing.F) {
	f.Add(uint64(0), uint64(1), uint64(0), uint64(2))
	f.Add(^uint64(0), ^uint64(0), uint64(0), uint64(2))
	f.Add(uint64(1), uint64(0), uint64(1), uint64(0))
	f.Add(uint64(0), ^uint64(0), uint64(0), ^uint64(0))
	f.Fuzz(func(t *testing.T, ah, al, bh, bl uint64) {
		a, b := u128{ah, al}, u128{bh, bl}
		ba, bb := a.big(), b.big()
		check := func(op string, got u128, over bool, want *big.Int) {
			fits := want.Sign() >= 0 && want.Cmp(two128) < 0
			if over == fits {
				t.Fatalf("%s(%v, %v): overflow %v, but exact result %s", op, a, b, over, want)
			}
			if fits && got.big().Cmp(want) != 0 {
				t.Fatalf("%s(%v, %v) = %s, want %s", op, a, b, got.big(), want)
			}
		}
		s, o := a.add(b)
		check("add", s, o, new(big.Int).Add(ba, bb))
		d, o := a.sub(b)
		check("sub", d, o, new(big.Int).Sub(ba, bb))
		m, o := a.mul(b)
		check("mul", m, o, new(big.Int).Mul(ba, bb))
		ar := &ar128{}
		sc := ar.scale(a, bl)
		check("scale", sc, ar.over, new(big.Int).Mul(ba, new(big.Int).SetUint64(bl)))
		if c := a.cmp(b); c != ba.Cmp(bb) {
			t.Fatalf("cmp(%v, %v) = %d", a, b, c)
		}
		if back, ok := u128FromBig(ba); !ok || back != a {
			t.Fatalf("u128FromBig(%s) = %v, %v", ba, back, ok)
		}
	})
}

// axpy on each tier agrees with math/big and flags overflow.
func TestAxpyTiers(t *testing.T) {
	src64 := []uint64{1, 1 << 40, 1<<63 + 5}
	dst64 := []uint64{7, 0, 1}
	a := uint64(3)
	ar := &ar64{}
	ar.axpy(dst64, a, src64)
	if !ar.over {
		t.Error("ar64 axpy: 3·(2^63+5) should overflow")
	}
	ar = &ar64{}
	d := []uint64{7, 0}
	ar.axpy(d, a, src64[:2])
	if ar.over || d[0] != 10 || d[1] != 3<<40 {
		t.Errorf("ar64 axpy = %v (over %v)", d, ar.over)
	}
	a128 := &ar128{}
	big128 := []u128{{1, 0}, {0, 5}}
	dst := []u128{{0, 1}, {0, 0}}
	a128.axpy(dst, u128{0, 1 << 62}, big128)
	if a128.over || dst[0] != (u128{1 << 62, 1}) || dst[1] != (u128{1, 1 << 62}) {
		t.Errorf("ar128 axpy = %v (over %v)", dst, a128.over)
	}
	a128.axpy(dst, u128{0, 4}, []u128{{1 << 62, 0}})
	if !a128.over {
		t.Error("ar128 axpy: 4·2^126 should overflow")
	}
}

// pow agrees across tiers and overflows where it must.
func TestPowTiers(t *testing.T) {
	for _, tc := range []struct {
		b uint64
		e int
	}{{10, 19}, {10, 20}, {6, 24}, {6, 25}, {10, 38}, {10, 39}, {0, 0}, {0, 5}, {1, 64}} {
		want := new(big.Int).Exp(new(big.Int).SetUint64(tc.b), big.NewInt(int64(tc.e)), nil)
		if got := (arBig{}).pow(tc.b, tc.e); got.Cmp(want) != 0 {
			t.Errorf("arBig.pow(%d, %d) = %s", tc.b, tc.e, got)
		}
		a := &ar128{}
		g := a.pow(tc.b, tc.e)
		if fits := want.Cmp(two128) < 0; a.over == fits || fits && g.big().Cmp(want) != 0 {
			t.Errorf("ar128.pow(%d, %d) = %s over %v, want %s", tc.b, tc.e, g.big(), a.over, want)
		}
		a64 := &ar64{}
		g64 := a64.pow(tc.b, tc.e)
		if fits := want.IsUint64(); a64.over == fits || fits && g64 != want.Uint64() {
			t.Errorf("ar64.pow(%d, %d) = %d over %v, want %s", tc.b, tc.e, g64, a64.over, want)
		}
	}
}
