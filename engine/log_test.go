package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/mini"
)

// playBots plays n bot steps of a mini board game.
func playBots(t *testing.T, preset string, seed uint64, n int, mode engine.DiceMode) *engine.Game {
	t.Helper()
	g, err := engine.New(mini.New(preset), mini.BoardSetup(testBoard()), engine.Config{Seed: seed, Dice: mode, Players: engine.Bots(2)})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n && !g.Over(); i++ {
		if ok, err := g.Step(); err != nil || !ok {
			t.Fatalf("step %d: %v %v", i, ok, err)
		}
	}
	return g
}

func TestUndo(t *testing.T) {
	g := playBots(t, "n26", 5, 12, engine.DigitalDice)
	before := g.State().Clone()
	n := len(g.Log().Entries)
	if ok, _ := g.Step(); !ok {
		t.Fatal("no step")
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if ok, why := before.Equal(g.State()); !ok {
		t.Errorf("undo did not restore the state: %s", why)
	}
	log := g.Log().Entries
	if len(log) != n+2 || !log[n].Undone || log[n+1].Action.ID != "undo" {
		t.Errorf("log after undo: %d entries, want the undone one kept and an undo entry", len(log))
	}
	rb, err := g.Rebuild()
	if err != nil {
		t.Fatal(err)
	}
	if ok, why := rb.Equal(g.State()); !ok {
		t.Errorf("rebuild after undo: %s", why)
	}
	// Undo back to the start, then no further.
	for {
		err := g.Undo()
		if errors.Is(err, engine.ErrNothingToUndo) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if g.State().Round != 1 || len(g.Legal()) == 0 {
		t.Error("undo to the start left a broken game")
	}
}

// Strict games refuse to undo rolled dice, so undo cannot re-roll them.
func TestStrictUndo(t *testing.T) {
	g, err := engine.New(mini.New("n26"), mini.BoardSetup(testBoard()), engine.Config{Seed: 5, Players: engine.Bots(2), Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	var ue *engine.UndoError
	for i := 0; i < 200 && !g.Over(); i++ {
		g.Step()
		last := g.Log().Entries[len(g.Log().Entries)-1]
		rolled := false
		for _, a := range last.Answers {
			rolled = rolled || a.Kind == engine.DiceQ
		}
		if rolled && last.Action.ID != "start" {
			if err := g.Undo(); !errors.As(err, &ue) {
				t.Fatalf("strict undo of %s with dice: %v", last.Action, err)
			}
			return
		}
	}
	t.Fatal("no action rolled dice")
}

func saved(t *testing.T, g *engine.Game) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func load(data []byte, rs engine.Ruleset) (*engine.Game, error) {
	sv, err := engine.ReadSave(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return engine.Load(rs, mini.BoardSetup(testBoard()), sv, engine.Bots(2))
}

func TestSaveLoadAndTamper(t *testing.T) {
	for _, mode := range []engine.DiceMode{engine.DigitalDice, engine.SampledDice} {
		g := playBots(t, "n23", 11, 40, mode)
		g.Undo()
		data := saved(t, g)
		g2, err := load(data, mini.New("n23"))
		if err != nil {
			t.Fatalf("%s: load: %v", mode, err)
		}
		if ok, why := g2.State().Equal(g.State()); !ok {
			t.Fatalf("%s: loaded state differs: %s", mode, why)
		}
		// The loaded game goes on with the same dice the original would roll.
		for i := 0; i < 10 && !g.Over(); i++ {
			g.Step()
			g2.Step()
		}
		if ok, why := g2.State().Equal(g.State()); !ok {
			t.Errorf("%s: games diverge after loading: %s", mode, why)
		}

		var sv map[string]any
		json.Unmarshal(data, &sv)
		entries := sv["entries"].([]any)
		tamper := func(f func(e map[string]any) bool) []byte {
			for i := len(entries) - 1; i > 0; i-- {
				e := entries[i].(map[string]any)
				if f(e) {
					b, _ := json.Marshal(sv)
					json.Unmarshal(data, &sv) // restore for the next case
					entries = sv["entries"].([]any)
					return b
				}
			}
			t.Fatal("nothing to tamper with")
			return nil
		}
		dice := tamper(func(e map[string]any) bool {
			for _, a := range asList(e["answers"]) {
				a := a.(map[string]any)
				if a["kind"] == "dice" {
					a["code"] = a["code"].(float64) + 1
					if f, ok := a["faces"].([]any); ok {
						f[0] = float64(int(f[0].(float64))%6 + 1)
					}
					return true
				}
			}
			return false
		})
		if _, err := load(dice, mini.New("n23")); err == nil || !strings.Contains(err.Error(), "entries[") {
			t.Errorf("%s: tampered dice loaded: %v", mode, err)
		}
	}
	g := playBots(t, "tc", 3, 20, engine.DigitalDice)
	data := saved(t, g)
	for name, bad := range map[string]string{
		"version": strings.Replace(string(data), `"version": "1"`, `"version": "0"`, 1),
		"format":  strings.Replace(string(data), engine.SaveFormat, "other/9", 1),
		"json":    string(data[:len(data)/2]),
		"action":  strings.Replace(string(data), `"id": "activate"`, `"id": "fly"`, 1),
		"field":   strings.Replace(string(data), `"seed"`, `"sneed"`, 1),
	} {
		if _, err := load([]byte(bad), mini.New("tc")); err == nil {
			t.Errorf("%s: a broken save loaded", name)
		}
	}
	if _, err := load(data, mini.New("n26")); err == nil || !strings.Contains(err.Error(), "ruleset") {
		t.Errorf("a tc save loaded as n26: %v", err)
	}
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// Drift: the rules now ask something the log does not answer, and replay
// says which entry.
func TestReplayDrift(t *testing.T) {
	g := playBots(t, "n26", 8, 30, engine.DigitalDice)
	data := saved(t, g)
	used := ""
	for _, e := range g.Log().Entries {
		if e.Action.ID != "start" && e.Action.ID != engine.Activate && e.Action.ID != engine.End {
			used = e.Action.ID
			break
		}
	}
	changed := mini.New("n26")
	info := changed.Info()
	for i := range info.Actions {
		if info.Actions[i].ID == used {
			info.Actions[i].Resolve = func(c *engine.Ctx, a engine.Action) {
				c.Choose(0, "new-question", "A question the old log never answered", []string{"a", "b"})
			}
		}
	}
	_, err := load(data, changed)
	var d *engine.DriftError
	if !errors.As(err, &d) || d.Entry == 0 || !strings.Contains(err.Error(), "new-question") {
		t.Errorf("changing %q: %v, want a DriftError naming the entry and the new question", used, err)
	}
}

func FuzzLoad(f *testing.F) {
	var t testing.T
	g := playBots(&t, "ff", 2, 15, engine.DigitalDice)
	var buf bytes.Buffer
	g.Save(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(`{"format":"skirmish-save/2","ruleset":"mini-ff","entries":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := load(data, mini.New("ff"))
		if err == nil && g == nil {
			t.Fatal("no game and no error")
		}
	})
}

// Exact odds of a Shoot, checked by hand and against seeded sampling.
func TestOdds(t *testing.T) {
	g := playBots(t, "tc", 21, 0, engine.DigitalDice)
	var shot engine.Action
	for !g.Over() {
		for _, a := range g.Legal() {
			if a.ID == "shoot" && g.State().Sides[g.State().SideOf(a.Target)].Counters[0] == 0 {
				shot = a
			}
		}
		if shot.ID != "" {
			break
		}
		g.Step()
	}
	if shot.ID == "" {
		t.Fatal("no shot without a dodge token found")
	}
	s := g.State()
	odds, err := g.Odds(shot, engine.OddsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// By hand: hit on skill+ (1 fails, 6 passes), then one injury die (two
	// if heavy): out on 1 face in 6, down on 3, hurt on 2.
	need := s.Stat(shot.Actor, 1)
	if s.Has(shot.Actor, 1) {
		need--
	}
	pHit := big.NewRat(int64(min(max(7-need, 1), 5)), 6)
	heavy := s.Static(shot.Actor).Gear[0].Has("heavy")
	pOut := big.NewRat(1, 6)
	if heavy {
		pOut = big.NewRat(11, 36)
	}
	want := new(big.Rat).Mul(pHit, pOut)
	got := new(big.Rat)
	sum := new(big.Rat)
	for _, r := range odds.Rows {
		sum.Add(sum, r.P)
		if r.Label == "target out" {
			got = r.P
		}
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("odds sum to %s", sum.RatString())
	}
	if s.Count(shot.Target, 0) > 1 && got.Cmp(want) != 0 { // one wound left would change "hurt" to "out"
		t.Errorf("P(target out) = %s, by hand %s", got.RatString(), want.RatString())
	}
	// The headline: the target leaves play as often as the row says, and
	// that is the foes' expected casualties too (the shot can take out no
	// one else); none of the shooter's own.
	if odds.TargetOut == nil || odds.TargetOut.Cmp(got) != 0 || math.Abs(odds.Foes-ratFloat(got)) > 1e-12 || odds.Own != 0 {
		t.Errorf("headline: target out %v, foes %v, own %v; want %s, the same, 0", odds.TargetOut, odds.Foes, odds.Own, got.RatString())
	}
	// Sampling: resolve the shot 4000 times with different seeds.
	const n = 4000
	counts := map[string]int{}
	for i := range n {
		after, q, err := g.Try(shot, uint64(i))
		if err != nil || q != nil {
			t.Fatalf("try: %v %v", q, err)
		}
		label, _ := mini.New("tc").Summarize(s, after, shot)
		counts[label]++
	}
	for _, r := range odds.Rows {
		p, _ := r.P.Float64()
		se := math.Sqrt(p * (1 - p) / n)
		if f := float64(counts[r.Label]) / n; math.Abs(f-p) > 5*se+1e-9 {
			t.Errorf("%s: sampled %.4f, exact %.4f", r.Label, f, p)
		}
	}
	if _, err := g.Odds(shot, engine.OddsOptions{MaxPaths: 2}); !errors.Is(err, engine.ErrTooManyPaths) {
		t.Errorf("path cap: %v", err)
	}
}

// At a table, odds that need an unmeasured fact say which, and take it
// assumed.
func TestOddsNeedFacts(t *testing.T) {
	g, err := engine.New(mini.New("n26"), mini.TableSetup(), engine.Config{Seed: 1, Players: engine.Bots(2)})
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		for _, a := range g.Legal() {
			if a.ID == "shoot" {
				_, err := g.Odds(a, engine.OddsOptions{})
				var nf *engine.NeedFactError
				if !errors.As(err, &nf) || nf.Key != "sight" || nf.Question != "can red-b see blue-a?" || !strings.Contains(err.Error(), "see") {
					t.Fatalf("odds at a table: %v", err)
				}
				// Assumed, the measurement gives odds that sum to one; an
				// answer out of its range is refused.
				o, err := g.Odds(a, engine.OddsOptions{Assume: []engine.Assumed{{Key: nf.Key, Fact: nf.Fact, Value: 1}}})
				if err != nil {
					t.Fatalf("odds with the measurement assumed: %v", err)
				}
				sum := new(big.Rat)
				for _, r := range o.Rows {
					sum.Add(sum, r.P)
				}
				if sum.Cmp(big.NewRat(1, 1)) != 0 {
					t.Errorf("odds with the measurement assumed sum to %s", sum)
				}
				var fe *engine.FieldError
				if _, err := g.Odds(a, engine.OddsOptions{Assume: []engine.Assumed{{Key: nf.Key, Fact: nf.Fact, Value: 7}}}); !errors.As(err, &fe) {
					t.Errorf("a yes-or-no measurement assumed as 7: %v", err)
				}
				// A default answers what is not assumed, the same odds as
				// assuming it, and Measured lists it, asked before any die;
				// a default out of range is no answer.
				d, err := g.Odds(a, engine.OddsOptions{Default: func(string, engine.Fact) (int, bool) { return 1, true }})
				if err != nil || fmt.Sprint(d.Rows) != fmt.Sprint(o.Rows) {
					t.Errorf("odds with a default: %v, %v; assumed %v", d, err, o.Rows)
				}
				if len(d.Measured) != 1 || !d.Measured[0].Is(nf.Key, nf.Fact) || d.Measured[0].Value != 1 || d.Measured[0].Later || d.Measured[0].Question != nf.Question {
					t.Errorf("measured %+v, want the sight, yes, before the dice", d.Measured)
				}
				if len(d.Dice) == 0 || len(o.Dice) == 0 {
					t.Errorf("a shot's odds name no dice: %+v", d.Dice)
				}
				if _, err := g.Odds(a, engine.OddsOptions{Default: func(string, engine.Fact) (int, bool) { return 9, true }}); !errors.As(err, &nf) {
					t.Errorf("a default out of range: %v, want the measurement asked for", err)
				}
				return
			}
		}
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
		for g.Pending() != nil {
			g.Answer(engine.FactQ, engine.Reply{Value: 1})
		}
	}
}

// Annotate gives each answer its question, through undos too.
func TestAnnotate(t *testing.T) {
	g := playBots(t, "tc", 4, 25, engine.DigitalDice)
	g.Undo()
	g.Undo()
	g.Step()
	an, err := g.Annotate()
	if err != nil {
		t.Fatal(err)
	}
	if len(an) != len(g.Log().Entries) {
		t.Fatalf("%d annotated, %d entries", len(an), len(g.Log().Entries))
	}
	for _, a := range an {
		if len(a.Questions) != len(a.Entry.Answers) {
			t.Errorf("entry %d: %d questions for %d answers", a.Index, len(a.Questions), len(a.Entry.Answers))
		}
		for k, q := range a.Questions {
			if q.Key != a.Entry.Answers[k].Key || q.Kind == engine.DiceQ && q.Proc == nil {
				t.Errorf("entry %d answer %d: question %+v", a.Index, k, q)
			}
		}
	}
}

// Annotate keeps its work between calls, and Undo replays from states it
// kept: after every step, undo and long run of undos (more than either
// keeps), the state equals the log replayed from the start, and the
// annotation equals that of the same log loaded into a fresh game (which
// also checks that the save of a game after undos loads: its state digest
// once differed in empty lists).
func TestAnnotateIncremental(t *testing.T) {
	g := playBots(t, "n26", 9, 0, engine.DigitalDice)
	rng := rand.New(rand.NewPCG(9, 9))
	undos := 0
	for i := 0; i < 900; i++ {
		if i == 600 || g.Over() && i < 600 {
			// A long game, then undos reaching further back than the
			// states Annotate keeps.
			su := mini.BoardSetup(testBoard())
			su.Rounds = 40
			var err error
			if g, err = engine.New(mini.New("n26"), su, engine.Config{Seed: 3, Players: engine.Bots(2)}); err != nil {
				t.Fatal(err)
			}
			i = 600
		}
		switch r := rng.IntN(100); {
		case i >= 600 && i < 780:
			if _, err := g.Step(); err != nil {
				t.Fatal(err)
			}
			continue
		case i >= 780:
			if err := g.Undo(); err != nil {
				t.Fatal(err)
			}
		case r < 2 || undos > 0: // a long run of undos
			if undos == 0 {
				undos = 70
			}
			undos--
			if err := g.Undo(); errors.Is(err, engine.ErrNothingToUndo) {
				undos = 0
			} else if err != nil {
				t.Fatal(err)
			}
		case r < 25:
			if err := g.Undo(); err != nil && !errors.Is(err, engine.ErrNothingToUndo) {
				t.Fatal(err)
			}
		default:
			if _, err := g.Step(); err != nil {
				t.Fatal(err)
			}
		}
		if i%3 != 0 && undos == 0 { // not every time: some calls catch up on several entries
			continue
		}
		if s, err := g.Rebuild(); err != nil {
			t.Fatalf("step %d: rebuild: %v", i, err)
		} else if ok, why := s.Equal(g.State()); !ok {
			t.Fatalf("step %d: the state differs from the log replayed: %s", i, why)
		}
		got, err := g.Annotate()
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		var buf bytes.Buffer
		if err := g.Save(&buf); err != nil {
			t.Fatal(err)
		}
		var sv engine.Save
		if err := json.Unmarshal(buf.Bytes(), &sv); err != nil {
			t.Fatal(err)
		}
		su := mini.BoardSetup(testBoard())
		if i >= 600 {
			su.Rounds = 40
		}
		fresh, err := engine.Load(mini.New("n26"), su, &sv, engine.Bots(2))
		if err != nil {
			t.Fatalf("step %d: load: %v", i, err)
		}
		want, err := fresh.Annotate()
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("step %d: %d annotated, want %d", i, len(got), len(want))
		}
		for k := range got {
			a, b := got[k], want[k]
			if a.Index != b.Index || a.Round != b.Round || a.Phase != b.Phase || a.Entry.Undone != b.Entry.Undone || a.Entry.Action != b.Entry.Action || len(a.Questions) != len(b.Questions) {
				t.Fatalf("step %d entry %d: %+v, want %+v", i, k, a, b)
			}
			for j := range a.Questions {
				if qa, qb := a.Questions[j], b.Questions[j]; qa.Key != qb.Key || qa.Kind != qb.Kind || qa.About != qb.About || qa.Who != qb.Who {
					t.Fatalf("step %d entry %d question %d: %+v, want %+v", i, k, j, qa, qb)
				}
			}
		}
	}
}

// A fork answers questions about the game as it stood while the game goes
// on: its odds are the game's, and playing the game does not change them.
func TestFork(t *testing.T) {
	g := playBots(t, "n26", 5, 15, engine.DigitalDice)
	for g.Pending() != nil {
		g.Step()
	}
	f := g.Fork()
	before := g.State().Clone()
	var a engine.Action
	for _, x := range g.Legal() {
		if x.ID == "shoot" {
			a = x
		}
	}
	if a.ID == "" {
		a = g.Legal()[0]
	}
	want, err := g.Odds(a, engine.OddsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for range 5 { // the game goes on
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	got, err := f.Odds(a, engine.OddsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Rows) != len(want.Rows) {
		t.Fatalf("fork odds %v, want %v", got.Rows, want.Rows)
	}
	for i := range got.Rows {
		if got.Rows[i].Label != want.Rows[i].Label || got.Rows[i].P.Cmp(want.Rows[i].P) != 0 {
			t.Errorf("row %d: %v, want %v", i, got.Rows[i], want.Rows[i])
		}
	}
	if ok, why := f.State().Equal(before); !ok {
		t.Errorf("the fork moved with the game: %s", why)
	}
	if ok, _ := g.State().Equal(before); ok {
		t.Error("the game did not move (the test proves nothing)")
	}
}

// TestSoFar: a choice asked mid-way through an action comes with what the
// action rolled so far, in the log's words, without changing the game; with
// nothing waiting there is nothing to tell.
func TestSoFar(t *testing.T) {
	g, err := engine.New(mini.New("n26"), mini.BoardSetup(testBoard()), engine.Config{Seed: 3, Dice: engine.DigitalDice, Players: []engine.Policy{nil, nil}})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	asked := 0
	for step := 0; step < 2000 && !g.Over() && asked < 5; step++ {
		p := g.Pending()
		if p == nil {
			if so := g.SoFar(); so != nil {
				t.Fatalf("nothing waits, yet so far %q", so)
			}
			legal := g.Legal()
			if err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if p.Kind != engine.ChoiceQ {
			t.Fatalf("a %s question with digital dice on a board", p.Kind)
		}
		before := g.State().Clone()
		legal := len(g.Legal())
		so := g.SoFar()
		if len(so) != p.Answer || len(so) == 0 || !strings.HasPrefix(so[len(so)-1], "Hit roll: pass (") {
			t.Errorf("the %s choice after %d answers: so far %q, want the hit roll that passed, with its face", p.Key, p.Answer, so)
		}
		if ok, why := g.State().Equal(before); !ok || g.Pending() != p || len(g.Legal()) != legal {
			t.Fatalf("SoFar changed the game: %s", why)
		}
		if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: rng.IntN(len(p.Options))}); err != nil {
			t.Fatal(err)
		}
		asked++
	}
	if asked == 0 {
		t.Fatal("no choice was asked mid-way in 2000 steps")
	}
}

// TestProgress: a question that comes of what followed an action by itself
// (mini ff's Teamwork, asked at the end of the activation) is marked
// Followed, and Progress has what the action did before it: its log line
// so far, with its own events apart from what followed, and the state at
// the question, which the live state reaches only once it is answered. A
// question mid-way through an action is not Followed. The game is
// unchanged.
func TestProgress(t *testing.T) {
	g, err := engine.New(mini.New("ff"), mini.BoardSetup(testBoard()), engine.Config{Seed: 5, Dice: engine.DigitalDice, Players: []engine.Policy{nil, nil}})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	followed, ahead := 0, 0
	for step := 0; step < 3000 && !g.Over() && followed < 5; step++ {
		p := g.Pending()
		if p == nil {
			if g.Progress() != nil {
				t.Fatal("nothing waits, yet a Progress")
			}
			legal := g.Legal()
			if err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			continue
		}
		before := g.State().Clone()
		pg := g.Progress()
		if pg == nil {
			t.Fatalf("%s waits, and no Progress", p.Key)
		}
		if ok, why := g.State().Equal(before); !ok || g.Pending() != p {
			t.Fatalf("Progress changed the game: %s", why)
		}
		if p.Followed != (p.Key == "teamwork") {
			t.Errorf("%s: Followed %v; only Teamwork, at the end of the activation, follows its action", p.Key, p.Followed)
		}
		if p.Followed {
			followed++
			answers, events := pg.Line.Own()
			if len(answers)+len(events) != len(pg.Line.Answers)+len(pg.Line.Events) {
				t.Errorf("%s: Then %+v: nothing follows an action before Teamwork", pg.Line.Action, pg.Line.Then)
			}
			// replaying the action with its answers gives the state at the
			// question; answering pass commits the same
			so := g.SoFar()
			if want := append(slices.Clone(answers), events...); !slices.Equal(so, want) {
				t.Errorf("%s: so far %q, want its answers and events %q", pg.Line.Action, so, want)
			}
			at := pg.State.Clone()
			if ok, _ := at.Equal(before); !ok {
				ahead++ // the action changed something the live state does not show yet
			}
			if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: 0}); err != nil { // pass: nothing more changes the models
				t.Fatal(err)
			}
			for m := range at.Models {
				a, b := &at.Models[m], &g.State().Models[m]
				if a.InPlay != b.InPlay || a.Status != b.Status || a.Counters != b.Counters || a.Pos != b.Pos {
					t.Errorf("%s: model %d at the question %+v, once answered %+v", pg.Line.Action, m, *a, *b)
				}
			}
			continue
		}
		if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: rng.IntN(len(p.Options))}); err != nil {
			t.Fatal(err)
		}
	}
	if followed == 0 || ahead == 0 {
		t.Fatalf("%d Teamwork questions in 3000 steps, %d after an action that changed the state", followed, ahead)
	}
}

func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// A save's fields of the wrong JSON kind are named in JSON's words, never
// Go's types (issue 34 re-probe).
func TestReadSaveTypeWords(t *testing.T) {
	data := saved(t, playBots(t, "n26", 3, 5, engine.DigitalDice))
	for field, want := range map[string]string{
		"seed":    "a JSON string where the save has a whole number from 0 to 18446744073709551615",
		"entries": "a JSON string where the save has a list",
		"strict":  "a JSON string where the save has true or false",
	} {
		var sv map[string]any
		json.Unmarshal(data, &sv)
		sv[field] = "abc"
		b, _ := json.Marshal(sv)
		_, err := engine.ReadSave(bytes.NewReader(b))
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "engine.") || strings.Contains(err.Error(), "uint64") {
			t.Errorf("%s as text: %v, want %q", field, err, want)
		}
	}
}
