package dice

import "sync/atomic"

const memoBits = 12

// Memo is a fixed-size, lock-free, direct-mapped cache from uint64 keys to
// values, for exact results that are costly to compute and asked for again
// and again (a procedure's Odds). A lookup is one multiply, one atomic load
// and one compare, and allocates nothing; a colliding Put replaces the older
// entry. The zero Memo is empty and ready; it is safe for concurrent use.
type Memo[V any] struct {
	slots [1 << memoBits]atomic.Pointer[memoEntry[V]]
}

type memoEntry[V any] struct {
	key uint64
	val V
}

func memoSlot(key uint64) uint64 { return (key * 0x9E3779B97F4A7C15) >> (64 - memoBits) }

// Get returns the value stored under key.
func (m *Memo[V]) Get(key uint64) (V, bool) {
	if e := m.slots[memoSlot(key)].Load(); e != nil && e.key == key {
		return e.val, true
	}
	var zero V
	return zero, false
}

// Put stores v under key.
func (m *Memo[V]) Put(key uint64, v V) {
	m.slots[memoSlot(key)].Store(&memoEntry[V]{key, v})
}

// Do returns the value stored under key, computing and storing it with f if
// absent. Concurrent callers may compute it more than once; f must be pure.
func (m *Memo[V]) Do(key uint64, f func() V) V {
	if v, ok := m.Get(key); ok {
		return v
	}
	v := f()
	m.Put(key, v)
	return v
}
