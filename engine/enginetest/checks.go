package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

// CheckOdds checks the exact odds of action a in g against want (label →
// probability, worked out independently, from the dice procedures), then
// resolves a n times with seeds 0..n−1 and checks each label's frequency
// is within five standard errors. Labels are the ruleset's Summarizer's.
func CheckOdds(t *testing.T, g *engine.Game, a engine.Action, want map[string]*big.Rat, n int) {
	t.Helper()
	odds, err := g.Odds(a, engine.OddsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*big.Rat{}
	sum := new(big.Rat)
	for _, r := range odds.Rows {
		got[r.Label] = r.P
		sum.Add(sum, r.P)
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("odds of %s sum to %s", a, sum.RatString())
	}
	for label, w := range want {
		if p := got[label]; p == nil || p.Cmp(w) != 0 {
			t.Errorf("P(%s) = %v, want %s", label, p, w.RatString())
		}
	}
	if len(got) != len(want) {
		t.Errorf("odds rows %v, want %v", got, want)
	}
	s := g.State()
	summarize := func(after *engine.State) string {
		if sm, ok := g.Ruleset().(engine.Summarizer); ok {
			l, _ := sm.Summarize(s, after, a)
			return l
		}
		l, _ := engine.DefaultSummary(s, after, s.SideOf(a.Actor))
		return l
	}
	counts := map[string]int{}
	for i := range n {
		after, q, err := g.Try(a, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		if q != nil {
			t.Fatalf("resolving %s asks %s %q of a person; give every side a bot", a, q.Kind, q.Key)
		}
		counts[summarize(after)]++
	}
	for label, w := range want {
		p, _ := w.Float64()
		se := math.Sqrt(p * (1 - p) / float64(n))
		if f := float64(counts[label]) / float64(n); math.Abs(f-p) > 5*se+1e-9 {
			t.Errorf("%s: sampled %.4f, exact %.4f", label, f, p)
		}
	}
}

// FuzzDecodeState fuzzes g.DecodeState, seeded with g's state: it must
// never panic, and what it accepts must encode again.
func FuzzDecodeState(f *testing.F, g *engine.Game, seeds ...[]byte) {
	data, err := json.Marshal(g.State())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := g.DecodeState(data)
		if err != nil {
			return
		}
		if _, err := json.Marshal(s); err != nil {
			t.Fatalf("accepted, then cannot encode: %v", err)
		}
	})
}

// FuzzLoad fuzzes loading saves for g's ruleset, seeded with g's save:
// a corrupt save is an error, never a panic, and g's own save loads back
// to g's state. setup returns a fresh copy of g's setup.
func FuzzLoad(f *testing.F, g *engine.Game, setup func() (*engine.Setup, error)) {
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		sv, err := engine.ReadSave(bytes.NewReader(data))
		if err != nil {
			return
		}
		su, err := setup()
		if err != nil {
			t.Fatal(err)
		}
		g2, err := engine.Load(g.Ruleset(), su, sv, engine.Bots(len(su.Sides)))
		if err == nil && g2 == nil {
			t.Fatal("no game and no error")
		}
		if err == nil && bytes.Equal(data, buf.Bytes()) {
			if ok, why := g2.State().Equal(g.State()); !ok {
				t.Fatalf("the saved game loads differently: %s", why)
			}
		}
	})
}

// OddsHonest checks that the odds of action a in g name every roll the
// action asks for, and give up on none (issue 32): the odds, with every
// measurement at a table taken as the sheet starts it
// (engine.StartingValue; opt.Default when set), must be worked out
// within opt.MaxPaths, and then a is played runs times on forks of g,
// with random dice (typed or rolled), random choices and the measurements
// the odds took, and the follow-ups its side must take next chosen at
// random: every die the action and those follow-ups ask for must be one
// the odds named, so that odds naming no dice mean none is ever rolled.
// It reports the odds' dice and paths, for a caller's statistics.
func OddsHonest(t testing.TB, g *engine.Game, a engine.Action, opt engine.OddsOptions, seed uint64, runs int) (*engine.Odds, error) {
	t.Helper()
	if opt.Default == nil {
		opt.Default = engine.StartingValue
	}
	o, err := g.Odds(a, opt)
	var ill *engine.IllegalError
	if errors.As(err, &ill) && o != nil {
		return o, nil // a measurement taken refuses it: nothing to play
	}
	if err != nil {
		return nil, err
	}
	named := map[string]bool{}
	for _, d := range o.Dice {
		named[d.Key] = true
	}
	rng := dice.NewRNG(seed)
	side := g.State().Turn.Side
	for run := range runs {
		f := g.Fork()
		if err := f.Apply(a); err != nil {
			return o, fmt.Errorf("run %d: %s: %w", run, a, err)
		}
		for depth := 0; ; depth++ {
			if err := drive(f, o, rng, opt.Default); err != nil {
				var ill *engine.IllegalError
				if errors.As(err, &ill) {
					break // a random measurement refused it
				}
				return o, fmt.Errorf("run %d: %s: %w", run, a, err)
			}
			log := f.Log().Entries
			e := log[len(log)-1]
			for _, ans := range e.Answers[:len(e.Answers)-e.Then.Answers] {
				if ans.Kind == engine.DiceQ && !named[ans.Key] {
					t.Errorf("%s: the odds name the dice %v, but %s asked for %s", a, o.Dice, e.Action, ans.Key)
				}
			}
			s := f.State()
			if depth >= 8 || f.Over() || len(s.Turn.Forced) == 0 || s.Turn.Side != side || s.Turn.Model == engine.NoModel {
				break
			}
			legal := f.Legal()
			if len(legal) == 0 {
				break
			}
			if err := f.Apply(legal[rng.Face(len(legal))-1]); err != nil {
				return o, fmt.Errorf("run %d: a follow-up of %s: %w", run, a, err)
			}
		}
	}
	return o, nil
}

// drive answers what g asks until it asks nothing: dice at random (typed
// faces, by number), choices at random, measurements as the odds took
// them (as def gives them, for one they did not meet).
func drive(g *engine.Game, o *engine.Odds, rng *dice.RNG, def func(string, engine.Fact) (int, bool)) error {
	for range 1000 {
		p := g.Pending()
		if p == nil {
			return nil
		}
		var rep engine.Reply
		switch p.Kind {
		case engine.DiceQ:
			res, err := dice.Sample(p.Proc, rng)
			if err != nil {
				return err
			}
			for _, d := range res.Dice {
				rep.Faces = append(rep.Faces, "#"+strconv.Itoa(d.Face))
			}
		case engine.ChoiceQ:
			rep.Choice = rng.Face(len(p.Options)) - 1
		case engine.FactQ:
			rep.Value, _ = def(p.Key, p.Fact)
			for _, m := range o.Measured {
				if m.Is(p.Key, p.Fact) {
					rep.Value = m.Value
				}
			}
		}
		if err := g.Answer(p.Kind, rep); err != nil {
			return err
		}
	}
	return fmt.Errorf("more than 1000 questions")
}
