package engine_test

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/mini"
)

// midGame plays n random actions of the mini ruleset on a board.
func midGame(t *testing.T, seed uint64, n int) *engine.Game {
	t.Helper()
	g, err := engine.New(mini.New("n26"), mini.BoardSetup(testBoard()), engine.Config{Seed: seed, Players: engine.Bots(2)})
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		if ok, err := g.Step(); err != nil || !ok {
			t.Fatalf("seed %d: step: %v %v", seed, ok, err)
		}
	}
	return g
}

// Expect with a constant value sums the probabilities (1), and with the
// summary's score it is the expected score Odds gives, computed from Odds'
// exact rows: the same quantity two ways.
func TestExpectMatchesOdds(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g := midGame(t, seed, 7)
		if g.Over() {
			continue
		}
		for _, a := range append([]engine.Action(nil), g.Legal()...) {
			before := g.State().Clone()
			one, _, err := g.Expect(a, engine.OddsOptions{}, func(*engine.State) float64 { return 1 })
			if err != nil {
				t.Fatalf("seed %d: %s: %v", seed, a, err)
			}
			if math.Abs(one-1) > 1e-9 {
				t.Errorf("seed %d: %s: probabilities sum to %v, want 1", seed, a, one)
			}
			o, err := g.Odds(a, engine.OddsOptions{Choices: engine.BestOption})
			if err != nil {
				t.Fatal(err)
			}
			want := new(big.Rat)
			for _, r := range o.Rows {
				want.Add(want, new(big.Rat).Mul(r.P, big.NewRat(int64(r.Score), 1)))
			}
			w, _ := want.Float64()
			// both settle choices the way best for the chooser by the
			// same score
			got, _, err := g.Expect(a, engine.OddsOptions{}, func(s *engine.State) float64 {
				_, sc := g.Ruleset().(engine.Summarizer).Summarize(before, s, a)
				return float64(sc)
			})
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got-w) > 1e-9 {
				t.Errorf("seed %d: %s: Expect %v, Odds' expected score %v", seed, a, got, w)
			}
			if ok, why := g.State().Equal(before); !ok {
				t.Fatalf("seed %d: Expect changed the game: %s", seed, why)
			}
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("only %d actions checked", checked)
	}
}

func TestExpectCap(t *testing.T) {
	capped := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g := midGame(t, seed, 7)
		for _, a := range append([]engine.Action(nil), g.Legal()...) {
			_, paths, err := g.Expect(a, engine.OddsOptions{MaxPaths: 1}, func(*engine.State) float64 { return 0 })
			if errors.Is(err, engine.ErrTooManyPaths) {
				capped++
				if paths != 2 {
					t.Errorf("%s: %d paths run before giving up, want 2", a, paths)
				}
			}
		}
	}
	if capped == 0 {
		t.Fatal("no action has more than one dice path: the test checks nothing")
	}
}

// A lookahead game plays forward from a position without touching the game
// it came from, the same way for the same seed.
func TestLookahead(t *testing.T) {
	g := midGame(t, 5, 4)
	root := g.State().Clone()
	la, err := engine.Lookahead(g.Ruleset(), g.State(), engine.Bots(2), 9)
	if err != nil {
		t.Fatal(err)
	}
	play := func(seed uint64) *engine.State {
		la.Restart(root, seed)
		if ok, why := la.State().Equal(root); !ok {
			t.Fatalf("restart: %s", why)
		}
		for n := 0; !la.Over(); n++ {
			if ok, err := la.Step(); err != nil || !ok || n > 5000 {
				t.Fatalf("seed %d: step %d: %v %v", seed, n, ok, err)
			}
		}
		return la.State().Clone()
	}
	a, b, c := play(1), play(2), play(1)
	if ok, why := a.Equal(c); !ok {
		t.Errorf("the same seed played differently: %s", why)
	}
	if ok, _ := a.Equal(b); ok {
		t.Errorf("seeds 1 and 2 played the same game")
	}
	if ok, why := g.State().Equal(root); !ok {
		t.Errorf("the lookahead changed the game: %s", why)
	}
	if len(g.Log().Entries) != 5 {
		t.Errorf("the game's log has %d entries, want 5", len(g.Log().Entries))
	}
	if _, err := engine.Lookahead(g.Ruleset(), g.State(), []engine.Policy{engine.RandomPolicy{}, nil}, 1); err == nil {
		t.Error("a lookahead with a side without a bot: no error")
	}
}

// trier is a ChoiceTrier that tries every option and records what each led to.
type trier struct {
	engine.RandomPolicy
	asked, tried int
	fails        []string
}

func (p *trier) ChooseTrying(s *engine.State, q *engine.Question, rng *dice.RNG, try func(int, uint64) (*engine.State, *engine.Question, error)) int {
	p.asked++
	for k := range q.Options {
		a, qa, err := try(k, 7)
		if err == nil {
			a = a.CopyInto(nil) // the next try overwrites try's state
		}
		b, qb, errb := try(k, 7)
		if err != nil || errb != nil || qa != nil || qb != nil {
			p.fails = append(p.fails, q.Key+": "+errors.Join(err, errb).Error())
			continue
		}
		if ok, why := a.Equal(b); !ok {
			p.fails = append(p.fails, q.Key+": the same seed tried differently: "+why)
		}
		p.tried++
	}
	if _, _, err := try(len(q.Options), 7); err == nil {
		p.fails = append(p.fails, q.Key+": an option out of range tried")
	}
	return p.Choose(s, q, rng)
}

// A bot with the ChoiceTrier capability may try each option of a choice
// before it answers, and the game goes on as if it had not.
func TestChoiceTrier(t *testing.T) {
	asked := 0
	for seed := uint64(1); seed <= 20 && asked < 5; seed++ {
		p := &trier{}
		g, err := engine.New(mini.New("n26"), mini.BoardSetup(testBoard()), engine.Config{Seed: seed, Players: []engine.Policy{p, p}})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; !g.Over() && n < 2000; n++ {
			if _, err := g.Step(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		for _, f := range p.fails {
			t.Errorf("seed %d: %s", seed, f)
		}
		if p.asked > 0 && p.tried < 2*p.asked {
			t.Errorf("seed %d: %d choices, %d options tried", seed, p.asked, p.tried)
		}
		// the log replays: trying changed nothing the log does not say
		if _, err := g.Rebuild(); err != nil {
			t.Errorf("seed %d: rebuild: %v", seed, err)
		}
		asked += p.asked
	}
	if asked < 5 {
		t.Fatalf("only %d choices asked in 20 games: the test checks little", asked)
	}
}
