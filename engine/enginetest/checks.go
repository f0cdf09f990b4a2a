package enginetest

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"testing"

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
