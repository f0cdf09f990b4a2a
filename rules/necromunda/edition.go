package necromunda

import "github.com/skirmish-engine/skirmish/dice"

// Edition is what one edition's dice procedures need that the other's do
// not: names, sources, the injury die, naturals, check polarity, what
// symbols mean, and the lasting tables. Build it once with NewEdition; it is
// read-only afterwards and safe for concurrent use.
type Edition struct {
	// ID starts every procedure name: "n26" gives "n26-test".
	ID string

	// The injury die (rules.md §2.3.1, §3.3, §6.3-p): its symbols from best
	// to worst for the model, how many faces show each, how a player types
	// them, and what each means on a Recovery test.
	InjurySymbols   []string
	InjuryCounts    []int
	InjuryFaces     string // what the faces mean: "each die shows injured, seriously-injured or out-of-action"
	RecoveryMeaning string // "injured recovers, seriously-injured stays, out-of-action is out"

	// SaveNaturals: natural faces up to this always fail a save (N26: 2).
	SaveNaturals int
	// CheckAtLeast: a characteristic check passes when the dice, with the
	// modifiers, reach the target (N23: "7+"); otherwise when they are at
	// most the value plus the modifiers (N26). rules.md §6.3-o.
	CheckAtLeast bool

	// What ammo symbols on firepower dice mean: for a player rolling them
	// ("any ammo symbol runs the weapon out of ammo, two jam it") and in an
	// explanation (", out of ammo", " and jammed"; "" says nothing).
	AmmoMeaning             string
	AmmoExplain, JamExplain string

	// The lasting tables, D66 read tens then units: fighters, vehicles.
	LastingInjury, LastingDamage []Row

	// Where each mechanic is documented, for explanations: "rules.md §2.3.1".
	TestSource, CheckSource, InjurySource, RecoverySource, FirepowerSource, LastingSource string

	die   dice.Die
	names names
	memo  *dice.Memo[dice.Dist]
}

// names are the procedure names, made once: a Name is asked at every roll.
type names struct {
	test, check, injury, recovery, firepower string
	lasting                                  [2]string
}

// Game is the constraint of the procedures' type parameter: a ruleset's
// zero-size edition type, whose method returns its Edition.
type Game interface {
	Edition() *Edition
}

// NewEdition finishes e (the injury die, the names) and returns it. It
// panics on a malformed edition: a programming error.
func NewEdition(e Edition) *Edition {
	if e.ID == "" || len(e.InjurySymbols) != 3 || len(e.InjuryCounts) != 3 || e.SaveNaturals < 1 {
		panic("necromunda: an edition needs an ID, three injury symbols with their face counts, and save naturals")
	}
	n := 0
	for _, c := range e.InjuryCounts {
		n += c
	}
	if n != 6 {
		panic("necromunda: the injury die has six faces")
	}
	e.memo = new(dice.Memo[dice.Dist])
	e.die = dice.Symbols("injury die", e.InjurySymbols, e.InjuryCounts)
	e.names = names{test: e.ID + "-test", check: e.ID + "-check", injury: e.ID + "-injury", recovery: e.ID + "-recovery",
		firepower: e.ID + "-firepower", lasting: [2]string{e.ID + "-lasting-injury", e.ID + "-lasting-damage"}}
	return &e
}

// InjuryDie is the edition's injury die: values rank its symbols from best
// to worst for the model (1 is the first symbol).
func (e *Edition) InjuryDie() dice.Die { return e.die }

func edition[G Game]() *Edition {
	var g G
	return g.Edition()
}

// Memo keys: the procedure kind in the top byte.
const (
	kindInjury = iota + 1
	kindRecovery
	kindCheck
	kindTest
)

// memoKey packs a procedure kind and three small parameters into a cache
// key; ok is false when they are too large to pack without collisions.
func memoKey(kind, a, b, c int) (k uint64, ok bool) {
	ok = a >= -1000 && a <= 1000 && b >= -1000 && b <= 1000 && c >= -1000 && c <= 1000
	return uint64(kind)<<56 | uint64(a+1024)&0xffff<<32 | uint64(b+1024)&0xffff<<16 | uint64(c+1024)&0xffff, ok
}

// memoized serves a distribution from the edition's cache, computing it
// with f on a miss (or every time, for parameters too large to key).
func (e *Edition) memoized(kind, a, b, c int, f func() dice.Dist) dice.Dist {
	k, ok := memoKey(kind, a, b, c)
	if !ok {
		return f()
	}
	if d, hit := e.memo.Get(k); hit {
		return d
	}
	d := f()
	e.memo.Put(k, d)
	return d
}

// cached is the inlinable hit path of memoized.
func (e *Edition) cached(kind, a, b, c int) (dice.Dist, bool) {
	if k, ok := memoKey(kind, a, b, c); ok {
		return e.memo.Get(k)
	}
	return dice.Dist{}, false
}
