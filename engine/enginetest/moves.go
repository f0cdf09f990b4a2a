package enginetest

import (
	"math"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// Slants are the cases of the rulesets' tests that a straight move goes
// its whole distance at any slant (a charge that falls short): twelve
// starts on a 24" board, each with a target 9.2" to 11.2" away, at spread
// angles, so that the end lies off the board's hundredths grid.
func Slants() (from, to [][2]float32) {
	for i := range 12 {
		f := [2]float32{3.3 + float32(i)*0.137, 3.1 + float32(i%5)*0.29}
		from = append(from, f)
		to = append(to, [2]float32{f[0] + 8 + float32(i%4)*0.41, f[1] + 4.5 + float32(i%3)*0.9})
	}
	return from, to
}

// MovedWhole reports whether a model that stood at from and now stands at
// p moved want inches: not past it, and less than 0.015" short (the end is
// placed at hundredths of an inch). It fails t, naming what, when not.
func MovedWhole(t *testing.T, what string, from [2]float32, p engine.Pos, want float64) bool {
	t.Helper()
	got := math.Hypot(float64(p.X)-float64(from[0]), float64(p.Y)-float64(from[1]))
	if got > want+1e-6 || got < want-0.015 {
		t.Errorf("%s from %v: moved %.4f\" to %v; want %g\" (to within 0.015\")", what, from, got, p, want)
		return false
	}
	return true
}
