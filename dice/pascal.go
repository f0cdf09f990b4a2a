package dice

// MaxDice is the largest number of dice the exact algorithms accept in one
// pool. Every binomial coefficient up to it fits in a uint64.
const MaxDice = 64

// binom[n][k] is n choose k for n ≤ MaxDice.
var binom = func() (t [MaxDice + 1][MaxDice + 1]uint64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()
