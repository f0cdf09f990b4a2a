package dice

import (
	crand "crypto/rand"
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
)

// RNG is the random source of a game: a ChaCha8 stream (math/rand/v2) seeded
// from one uint64. Its output is specified by the ChaCha8 algorithm, and faces
// are mapped from it by this package's own unbiased method (Face), so a seed
// gives the same faces on every Go version and platform. Its state can be
// saved and restored with MarshalBinary and UnmarshalBinary.
//
// An RNG counts the 64-bit values it has drawn since it was seeded
// (Draws), so that a log can say where in the stream its dice came from.
//
// An RNG is not safe for concurrent use; give each game its own.
type RNG struct {
	c rand.ChaCha8
	n uint64 // values drawn since Reseed (not part of the saved state)
}

// seedDomain fills the ChaCha8 key after the seed, so that skirmish seeds do
// not coincide with other users of the same seed bytes.
const seedDomain = "skirmish/dice/rng/v1"

// NewRNG returns the RNG for seed. The 32-byte ChaCha8 key is the seed in
// little-endian order followed by a fixed domain string.
func NewRNG(seed uint64) *RNG {
	r := &RNG{}
	r.Reseed(seed)
	return r
}

// Reseed makes r the RNG NewRNG(seed) returns, in place.
func (r *RNG) Reseed(seed uint64) {
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:8], seed)
	copy(key[8:], seedDomain)
	r.c.Seed(key)
	r.n = 0
}

// Draws is how many 64-bit values r has drawn since it was seeded.
func (r *RNG) Draws() uint64 { return r.n }

// Skip draws n values and drops them: the stream moves on as it did for
// dice that were drawn and never used.
func (r *RNG) Skip(n uint64) {
	for range n {
		r.c.Uint64()
	}
	r.n += n
}

// RandomSeed returns a seed from the operating system's secure source.
func RandomSeed() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return binary.LittleEndian.Uint64(b[:])
}

// DeriveSeed returns the seed of game index of a batch, so that any one game
// of a simulated batch can be replayed alone.
func DeriveSeed(batch, index uint64) uint64 {
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:8], batch)
	binary.LittleEndian.PutUint64(key[8:16], index)
	copy(key[16:], "skirmish/derive")
	c := derivers.Get().(*rand.ChaCha8) // MCTS derives a seed an iteration
	c.Seed(key)
	v := c.Uint64()
	derivers.Put(c)
	return v
}

// derivers are DeriveSeed's generators, reused: one would escape to the
// heap on every call.
var derivers = sync.Pool{New: func() any { return new(rand.ChaCha8) }}

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 { r.n++; return r.c.Uint64() }

// Face returns a uniformly random face 1..sides (sides ≥ 1). It uses Lemire's
// multiply-and-reject method on the ChaCha8 stream: exact, and fixed here
// rather than borrowed from math/rand, whose mapping may change.
func (r *RNG) Face(sides int) int {
	n := uint64(sides)
	r.n++
	hi, lo := bits.Mul64(r.c.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			r.n++
			hi, lo = bits.Mul64(r.c.Uint64(), n)
		}
	}
	return int(hi) + 1
}

// MarshalBinary returns the RNG's state (the stream's, not the count of
// draws).
func (r *RNG) MarshalBinary() ([]byte, error) { return r.c.MarshalBinary() }

// UnmarshalBinary restores a state made by MarshalBinary.
func (r *RNG) UnmarshalBinary(b []byte) error {
	if err := r.c.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("dice: restore rng: %w", err)
	}
	return nil
}
