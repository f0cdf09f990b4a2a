package bot

import (
	"errors"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// Greedy takes the legal action with the highest expected evaluation of the
// position it leads to, one decision deep: exact over the dice
// (engine.Game.Expect, its choices the best for their chooser) while the
// action has at most MaxPaths dice paths, else the mean of Samples sampled
// outcomes. Ties go to the RNG.
type Greedy struct {
	chooser
	MaxPaths int // exact odds up to this many resolutions; default 400
	Samples  int // outcomes sampled past the cap, and per option of a choice; default 8

	la    *engine.Game // lookahead, reused
	vals  []float64
	tried *engine.State // sampled resolutions' state, reused
}

// NewGreedy makes a greedy bot for games of rs.
func NewGreedy(rs engine.Ruleset) *Greedy {
	return &Greedy{chooser: chooser{rs: rs, samples: 8}, MaxPaths: 400, Samples: 8}
}

// lookahead is the bot's lookahead game at s.
func lookahead(la **engine.Game, rs engine.Ruleset, s *engine.State, seed uint64, ps ...engine.Policy) (*engine.Game, error) {
	if *la == nil || (*la).State().Setup() != s.Setup() {
		if len(ps) == 0 {
			ps = players(len(s.Sides))
		}
		g, err := engine.Lookahead(rs, s, ps, seed)
		if err != nil {
			return nil, err
		}
		*la = g
		return g, nil
	}
	(*la).Restart(s, seed)
	return *la, nil
}

// Act implements engine.Policy.
func (b *Greedy) Act(s *engine.State, legal []engine.Action, rng *dice.RNG) int {
	if len(legal) == 1 {
		return 0
	}
	b.chooser.samples = b.Samples
	la, err := lookahead(&b.la, b.rs, s, rng.Uint64())
	if err != nil {
		return rng.Face(len(legal)) - 1
	}
	b.vals = b.values(la, s, legal, rng, b.vals[:0])
	return pickMax(b.vals, rng)
}

// values appends the expected evaluation after each legal action.
func (b *Greedy) values(la *engine.Game, s *engine.State, legal []engine.Action, rng *dice.RNG, out []float64) []float64 {
	side := s.Turn.Side
	return b.expected(la, legal, rng, out, func(t *engine.State) float64 { return Evaluate(b.rs, t, side) })
}

// expected appends the expected value after each legal action: exact up to
// MaxPaths resolutions, else the mean of Samples sampled ones.
func (b *Greedy) expected(la *engine.Game, legal []engine.Action, rng *dice.RNG, out []float64, value func(*engine.State) float64) []float64 {
	for _, a := range legal {
		v, _, err := la.Expect(a, engine.OddsOptions{MaxPaths: b.MaxPaths}, value)
		if errors.Is(err, engine.ErrTooManyPaths) {
			v, err = sampled(la, a, b.Samples, rng, value, &b.tried)
		}
		if err != nil {
			v = -2 * Win // an action that fails to resolve is never preferred
		}
		out = append(out, v)
	}
	return out
}

// sampled is the mean value after a over n sampled resolutions, each
// tried in *tried (its buffers reused, from one call to the next).
func sampled(la *engine.Game, a engine.Action, n int, rng *dice.RNG, value func(*engine.State) float64, tried **engine.State) (float64, error) {
	sum, got := 0.0, 0
	var last error
	for range max(n, 1) {
		t, q, err := la.TryInto(a, rng.Uint64(), *tried)
		if t != nil {
			*tried = t
		}
		if err != nil || q != nil {
			last = err
			continue
		}
		sum += value(t)
		got++
	}
	if got == 0 {
		if last == nil {
			last = errors.New("bot: every sampled resolution stopped at a question")
		}
		return 0, last
	}
	return sum / float64(got), nil
}

// pickMax is the index of the largest value, ties broken by rng.
func pickMax(vals []float64, rng *dice.RNG) int {
	const eps = 1e-9
	best := 0
	for i, v := range vals {
		if v > vals[best] {
			best = i
		}
	}
	ties := 0
	for _, v := range vals {
		if v >= vals[best]-eps {
			ties++
		}
	}
	if ties == 1 {
		return best
	}
	k := rng.Face(ties) - 1
	for i, v := range vals {
		if v >= vals[best]-eps {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return best
}
