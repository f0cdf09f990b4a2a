package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/mini"
)

// A game committed to its seed (issue 34) saves the commitment; Load
// checks the seed against it, so a save whose seed or salt was changed
// is refused naming the field; a save without one loads as before.
func TestSeedCommitment(t *testing.T) {
	salt := []byte("0123456789abcdef")
	c := engine.NewCommitment(77, salt, true)
	if c.SHA256 != engine.CommitSeed(77, salt) || len(c.SHA256) != 64 || c.Salt != "30313233343536373839616263646566" || !c.Chosen {
		t.Fatalf("commitment %+v", c)
	}
	if engine.CommitSeed(78, salt) == c.SHA256 || engine.CommitSeed(77, []byte("0123456789abcdeg")) == c.SHA256 {
		t.Fatal("the commitment does not depend on the seed and the salt")
	}
	g, err := engine.New(mini.New("n26"), mini.BoardSetup(testBoard()), engine.Config{Seed: 77, Players: engine.Bots(2), Commitment: c})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 30 && !g.Over(); i++ {
		g.Step()
	}
	data := saved(t, g)
	if !bytes.Contains(data, []byte(`"seed_commitment"`)) {
		t.Fatalf("the save has no commitment")
	}
	g2, err := load(data, mini.New("n26"))
	if err != nil {
		t.Fatal(err)
	}
	if v := g2.Verified(); v == nil || v.Commitment == nil || v.Commitment.SHA256 != c.SHA256 {
		t.Errorf("verified %+v", v)
	}
	for name, edit := range map[string]func(sv map[string]any){
		"seed": func(sv map[string]any) { sv["seed"] = float64(78) },
		"salt": func(sv map[string]any) {
			sv["seed_commitment"].(map[string]any)["salt"] = "30313233343536373839616263646567"
		},
		"hash": func(sv map[string]any) {
			sv["seed_commitment"].(map[string]any)["sha256"] = strings.Repeat("0", 64)
		},
		"not hex": func(sv map[string]any) { sv["seed_commitment"].(map[string]any)["salt"] = "zz" },
	} {
		var sv map[string]any
		json.Unmarshal(data, &sv)
		edit(sv)
		b, _ := json.Marshal(sv)
		_, err := load(b, mini.New("n26"))
		var fe *engine.FieldError
		if !errors.As(err, &fe) || !strings.HasPrefix(fe.Path, "seed_commitment") {
			t.Errorf("%s changed: %v, want a refusal naming seed_commitment", name, err)
		}
	}
	// Without a commitment, as before.
	plain := saved(t, playBots(t, "n26", 77, 30, engine.DigitalDice))
	if bytes.Contains(plain, []byte("seed_commitment")) {
		t.Error("a game without a commitment saves one")
	}
	if _, err := load(plain, mini.New("n26")); err != nil {
		t.Error(err)
	}
}

// A measurement answered can be taken back while nothing followed it
// (issue 34: a dispute): the question is asked again and the game is as
// before the answer; after dice or another answer, or with no action
// waiting, there is nothing to take back.
func TestRetract(t *testing.T) {
	roll := act("roll", "single")
	roll.Resolve = func(c *engine.Ctx, a engine.Action) {
		r := c.Roll(0, testD6, engine.For("Test roll", a.Actor, engine.NoModel))
		if !c.FactTrue(engine.Fact{Kind: engine.FactSight, A: 0, B: 2, Why: "Seen"}) {
			c.Refuse("it cannot see")
		}
		c.Choose(0, "how", "How?", []string{"a", "b"})
		c.State().Vars[0] = int32(r.Outcome + 1)
	}
	rs := newProbe(engine.Economy{Slots: 2, Cost: map[string]int{"single": 1}}, roll)
	rs.info.Vars = []string{"result"}
	g := start(t, rs, engine.Config{Seed: 11})
	if err := g.Retract(); !errors.Is(err, engine.ErrNothingToRetract) {
		t.Errorf("with nothing waiting: %v", err)
	}
	do(t, g, "activate m0")
	do(t, g, "roll")
	if g.Acting() != 0 {
		t.Errorf("acting side %d, want 0", g.Acting())
	}
	if err := g.Retract(); !errors.Is(err, engine.ErrNothingToRetract) {
		t.Errorf("before any measurement: %v", err)
	}
	first := g.SoFar()
	if err := g.Answer(engine.FactQ, engine.Reply{Value: 1}); err != nil {
		t.Fatal(err)
	}
	if p := g.Pending(); p == nil || p.Kind != engine.ChoiceQ {
		t.Fatalf("pending %+v, want the choice", p)
	}
	if err := g.Retract(); err != nil {
		t.Fatal(err)
	}
	if p := g.Pending(); p == nil || p.Kind != engine.FactQ || strings.Join(g.SoFar(), "|") != strings.Join(first, "|") {
		t.Fatalf("after the retract: %+v, so far %q (was %q)", p, g.SoFar(), first)
	}
	if err := g.Answer(engine.FactQ, engine.Reply{Value: 1}); err != nil {
		t.Fatal(err)
	}
	if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: 1}); err != nil {
		t.Fatal(err)
	}
	if g.Pending() != nil || g.Acting() != engine.NoModel {
		t.Fatal("the action did not finish")
	}
}

// Measurements that ended their action, or were followed only by the
// seed's dice, can be taken back too (issue 34): the entry leaves the log,
// the question is asked again, and the dice stream goes back, so the same
// measurement rolls the same dice (a dispute is never a re-roll) and the
// save replays.
func TestRetractAfterDice(t *testing.T) {
	shoot := act("shoot", "single")
	shoot.Resolve = func(c *engine.Ctx, a engine.Action) {
		far := c.Fact(engine.Fact{Kind: engine.FactDistance, A: 0, B: 2, Why: "Range"})
		n := 1
		if far <= 600 {
			n = 2 // closer: roll twice
		}
		for range n {
			r := c.Roll(0, testD6, engine.For("Hit", a.Actor, engine.NoModel))
			c.State().Vars[0] += int32(r.Outcome + 1)
		}
	}
	look := act("look", "single")
	look.Resolve = func(c *engine.Ctx, a engine.Action) {
		if c.FactTrue(engine.Fact{Kind: engine.FactSight, A: 0, B: 2, Why: "Seen"}) {
			c.State().Vars[1]++
		}
	}
	rs := newProbe(engine.Economy{Slots: 3, Cost: map[string]int{"single": 1}}, shoot, look)
	rs.info.Vars = []string{"hits", "seen"}
	for _, seed := range []uint64{3, 4, 5, 6} {
		g := start(t, rs, engine.Config{Seed: seed, Dice: engine.DigitalDice})
		do(t, g, "activate m0")
		do(t, g, "shoot")
		entries := len(g.Log().Entries)
		if err := g.Answer(engine.FactQ, engine.Reply{Value: 800}); err != nil {
			t.Fatal(err)
		}
		if g.Pending() != nil || len(g.Log().Entries) != entries+1 {
			t.Fatalf("seed %d: the shot did not end with its dice", seed)
		}
		if side := g.Retractable(); side != 0 {
			t.Fatalf("seed %d: retractable by side %d, want 0", seed, side)
		}
		one := g.Log().Entries[entries]
		hits := g.State().Vars[0]
		if _, err := g.Annotate(); err != nil { // annotated before the retract
			t.Fatal(err)
		}
		if err := g.Retract(); err != nil {
			t.Fatal(err)
		}
		if p := g.Pending(); p == nil || p.Kind != engine.FactQ || len(g.Log().Entries) != entries || g.State().Vars[0] != 0 {
			t.Fatalf("seed %d: after the retract: pending %+v, %d entries, hits %d", seed, p, len(g.Log().Entries), g.State().Vars[0])
		}
		if err := g.Retract(); !errors.Is(err, engine.ErrNothingToRetract) {
			t.Errorf("seed %d: retracted twice with nothing answered: %v", seed, err)
		}
		// Measured the same: the same dice.
		if err := g.Answer(engine.FactQ, engine.Reply{Value: 800}); err != nil {
			t.Fatal(err)
		}
		if again := g.Log().Entries[entries]; g.State().Vars[0] != hits || !slices.Equal(again.Answers[1].Faces, one.Answers[1].Faces) {
			t.Fatalf("seed %d: measured the same, rolled %v (was %v)", seed, again.Answers[1].Faces, one.Answers[1].Faces)
		}
		// Measured closer: two dice, the first of them the one rolled.
		if err := g.Retract(); err != nil {
			t.Fatal(err)
		}
		if err := g.Answer(engine.FactQ, engine.Reply{Value: 500}); err != nil {
			t.Fatal(err)
		}
		closer := g.Log().Entries[entries]
		if len(closer.Answers) != 3 || !slices.Equal(closer.Answers[1].Faces, one.Answers[1].Faces) {
			t.Fatalf("seed %d: measured closer: %+v", seed, closer.Answers)
		}
		if an, err := g.Annotate(); err != nil || len(an) != entries+1 || len(an[entries].Questions) != 3 {
			t.Fatalf("seed %d: annotated after the retract: %d entries, %v", seed, len(an), err)
		}
		// Measured farther again: one die, the second die shown is given
		// up, so no later action rolls it (issue 34 re-probe: a dispute
		// must not let the acting side see dice to come).
		if err := g.Retract(); err != nil {
			t.Fatal(err)
		}
		if err := g.Answer(engine.FactQ, engine.Reply{Value: 800}); err != nil {
			t.Fatal(err)
		}
		// A measurement that ends its action, with nothing rolled.
		do(t, g, "look")
		if err := g.Answer(engine.FactQ, engine.Reply{Value: 1}); err != nil {
			t.Fatal(err)
		}
		if skip := g.Log().Entries[len(g.Log().Entries)-1].Skip; skip == 0 {
			t.Errorf("seed %d: the die a dispute showed and the shot did not roll again is not given up (skip %d)", seed, skip)
		}
		if g.State().Vars[1] != 1 || g.Retractable() != 0 {
			t.Fatalf("seed %d: seen %d, retractable %d", seed, g.State().Vars[1], g.Retractable())
		}
		if err := g.Retract(); err != nil {
			t.Fatal(err)
		}
		if g.State().Vars[1] != 0 {
			t.Fatalf("seed %d: the look was not taken back", seed)
		}
		if err := g.Answer(engine.FactQ, engine.Reply{Value: 0}); err != nil {
			t.Fatal(err)
		}
		if g.State().Vars[1] != 0 {
			t.Fatalf("seed %d: seen though answered no", seed)
		}
		// Another action ends what may be taken back.
		if err := g.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
		if err := g.Retract(); !errors.Is(err, engine.ErrNothingToRetract) || g.Retractable() != engine.NoModel {
			t.Errorf("seed %d: after another action: %v", seed, err)
		}
		// The save has no trace of the answers taken back, and replays.
		sv, err := engine.ReadSave(bytes.NewReader(saved(t, g)))
		if err != nil {
			t.Fatal(err)
		}
		g2, err := engine.Load(rs, probeSetup(), sv, nil)
		if err != nil {
			t.Fatalf("seed %d: the save does not load: %v", seed, err)
		}
		if a, b := g2.State().Vars, g.State().Vars; a != b {
			t.Errorf("seed %d: loaded %v, played %v", seed, a, b)
		}
		if a, b := g2.Log().Entries, g.Log().Entries; len(a) != len(b) {
			t.Errorf("seed %d: loaded %d entries, played %d", seed, len(a), len(b))
		}
	}
}

// The acting side's own choices after its measurements are taken back
// with them; another side's choice, made knowing what the dice did, ends
// what may be taken back (issue 34: the disputer cannot choose again).
func TestRetractChoices(t *testing.T) {
	duel := act("duel", "single")
	duel.Resolve = func(c *engine.Ctx, a engine.Action) {
		c.FactTrue(engine.Fact{Kind: engine.FactSight, A: 0, B: 2, Why: "Seen"})
		c.Choose(0, "aim", "Aim?", []string{"low", "high"})
		c.Roll(0, testD6, engine.For("Hit", a.Actor, engine.NoModel))
		c.Choose(1, "dodge", "Dodge?", []string{"no", "yes"})
	}
	rs := newProbe(engine.Economy{Slots: 3, Cost: map[string]int{"single": 1}}, duel)
	g := start(t, rs, engine.Config{Seed: 9, Dice: engine.DigitalDice})
	do(t, g, "activate m0")
	do(t, g, "duel")
	if err := g.Answer(engine.FactQ, engine.Reply{Value: 1}); err != nil {
		t.Fatal(err)
	}
	if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: 1}); err != nil {
		t.Fatal(err)
	}
	// The dodge waits, the hit die rolled: the sight and the aim may be
	// taken back.
	if p := g.Pending(); p == nil || p.Key != "dodge" || g.Retractable() != 0 {
		t.Fatalf("at the dodge: %+v, retractable %d", p, g.Retractable())
	}
	if err := g.Retract(); err != nil {
		t.Fatal(err)
	}
	if p := g.Pending(); p == nil || p.Kind != engine.FactQ {
		t.Fatalf("after the retract: %+v, want the sight asked again", p)
	}
	g.Answer(engine.FactQ, engine.Reply{Value: 1})
	g.Answer(engine.ChoiceQ, engine.Reply{Choice: 1})
	if err := g.Answer(engine.ChoiceQ, engine.Reply{Choice: 1}); err != nil { // side 1 dodges
		t.Fatal(err)
	}
	if err := g.Retract(); !errors.Is(err, engine.ErrNothingToRetract) || g.Retractable() != engine.NoModel {
		t.Errorf("after the other side's choice: %v", err)
	}
}

// An action whose dice a dispute took back has shown them: cancelled, it
// gives them up (the next entry skips them), and a strict game refuses
// to cancel it at all (issue 34 re-probe).
func TestRetractThenCancel(t *testing.T) {
	shoot := act("shoot", "single")
	shoot.Resolve = func(c *engine.Ctx, a engine.Action) {
		c.FactTrue(engine.Fact{Kind: engine.FactSight, A: 0, B: 2, Why: "Seen"})
		c.Roll(0, testD6, engine.For("Hit", a.Actor, engine.NoModel))
	}
	rs := newProbe(engine.Economy{Slots: 3, Cost: map[string]int{"single": 1}}, shoot, act("wait", "single"))
	// With real dice the measurement is disputed before any die: nothing
	// was shown, and the action may be cancelled as any other.
	phys := start(t, rs, engine.Config{Seed: 4, Dice: engine.PhysicalDice, Strict: true})
	do(t, phys, "activate m0")
	do(t, phys, "shoot")
	phys.Answer(engine.FactQ, engine.Reply{Value: 1})
	if err := phys.Retract(); err != nil || phys.Shown() {
		t.Fatalf("real dice: retract %v, shown %v (no die was rolled)", err, phys.Shown())
	}
	if err := phys.Undo(); err != nil {
		t.Errorf("real dice, strict: cancelling a disputed action that rolled nothing: %v", err)
	}
	for _, strict := range []bool{false, true} {
		g := start(t, rs, engine.Config{Seed: 4, Dice: engine.DigitalDice, Strict: strict})
		do(t, g, "activate m0")
		do(t, g, "shoot")
		g.Answer(engine.FactQ, engine.Reply{Value: 1})
		if err := g.Retract(); err != nil || !g.Shown() {
			t.Fatalf("strict %v: retract %v, shown %v", strict, err, g.Shown())
		}
		err := g.Undo()
		if strict {
			var ue *engine.UndoError
			if !errors.As(err, &ue) {
				t.Errorf("a strict game cancels an action whose dice a dispute showed: %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		do(t, g, "wait")
		if skip := g.Log().Entries[len(g.Log().Entries)-1].Skip; skip == 0 {
			t.Error("the dice a dispute showed were not given up when the action was cancelled")
		}
	}
}
