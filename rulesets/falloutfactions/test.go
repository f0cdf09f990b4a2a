package falloutfactions

import (
	"fmt"
	"sync"

	"github.com/skirmish-engine/skirmish/engine"
)

// testKind names a kind of S.P.E.C.I.A.L. test for the people rolling it:
// the test, and its Lucky Break and Fortune Smiles stages.
type testKind struct{ test, lucky, fortune string }

var (
	rangedTest    = testKind{"Ranged Attack Test", "Lucky Break, a re-roll of every Dud, in the Ranged Attack Test", "Fortune Smiles, a die for each Luck die that hit, in the Ranged Attack Test"}
	meleeTest     = testKind{"Melee Attack Test", "Lucky Break, a re-roll of every Dud, in the Melee Attack Test", "Fortune Smiles, a die for each Luck die that hit, in the Melee Attack Test"}
	confusionTest = testKind{"Confusion Test (2I; no hit: it flees or Takes Fatigue)", "Lucky Break, a re-roll of every Dud, in the Confusion Test", "Fortune Smiles, a die for each Luck die that hit, in the Confusion Test"}
	// An Exhausted model cannot Take the Fatigue: failing, it flees (the
	// option exhausted-confusion flee), or nothing happens (no-effect).
	confusionFlee  = testKind{"Confusion Test (2I; no hit: it flees, as it is Exhausted and cannot Take Fatigue)", confusionTest.lucky, confusionTest.fortune}
	confusionShrug = testKind{"Confusion Test (2I; Exhausted, it cannot Take Fatigue: no hit has no effect)", confusionTest.lucky, confusionTest.fortune}
	meltdownTest   = testKind{"Meltdown Test (2E; fewer hits than its Harm: an Injury)", "Lucky Break, a re-roll of every Dud, in the Meltdown Test", "Fortune Smiles, a die for each Luck die that hit, in the Meltdown Test"}
)

// check is one S.P.E.C.I.A.L. test (rules.md §5.2.2): model m's, rolled by
// its crew, dice + bonus d10 against stat, passed with need hits.
type check struct {
	kind    *testKind
	m       int // the model tested: its Luck dice
	other   int // the other model concerned (the target), or NoModel
	rel     string
	with    string
	dice    int
	stat    int
	bonus   int
	unlucky bool
	need    int
	// pass: the test is passed or failed, with need hits; more hits than
	// that do nothing (a Confusion or Meltdown Test, not an attack's).
	pass bool
}

// luckyText offers Lucky Break after step 2, with the hits so far (luck
// of them on Luck dice) and the Duds it would re-roll. Each text is made
// once, when first asked for, so that a test allocates nothing.
func luckyText(hits, luck, duds int) string {
	k := uint32(hits)&0xff | uint32(luck)&0xff<<8 | uint32(duds)&0xff<<16
	luckyTexts.RLock()
	t, ok := luckyTexts.m[k]
	luckyTexts.RUnlock()
	if ok {
		return t
	}
	so := "no hits so far"
	if hits > 0 {
		so = plural(hits, "hit", "hits") + " so far"
	}
	if luck > 0 {
		so += fmt.Sprintf(" (%d on a Luck die: Fortune Smiles follows)", luck)
	}
	t = fmt.Sprintf("Lucky Break: %s; spend a Ploy token to re-roll the %s of this test?", so, plural(duds, "Dud", "Duds"))
	luckyTexts.Lock()
	if luckyTexts.m == nil {
		luckyTexts.m = map[uint32]string{}
	}
	luckyTexts.m[k] = t
	luckyTexts.Unlock()
	return t
}

var luckyTexts struct {
	sync.RWMutex
	m map[uint32]string
}

// test makes the test and returns its hits and whether it triggers the
// critical (a Luck die hit and the test is not Unlucky). The pool is the
// dice plus the bonus dice (none when Unlucky), of which the model's Luck,
// at most the pool, are Luck dice (none when Unlucky: rules.md §6.3-k).
//
// When the crew has a Ploy token, Lucky Break may follow step 2 (rules.md
// §5.2.5), so the test is rolled in stages: the pool; then, offered as a
// choice to the crew that sees it, the re-roll of every Dud (not on a
// test passed already whose further hits do nothing: it could only waste
// the token); then Fortune Smiles. Otherwise it is one ff-test roll.
// Either way the first failed test of a crew earns it Fail Forward XP.
func test(c *engine.Ctx, k *check) (hits int, crit bool) {
	s := c.State()
	who := s.SideOf(k.m)
	if k.unlucky {
		k.bonus = 0
	}
	pool := min(k.dice+k.bonus, MaxPool)
	luck := min(s.Stat(k.m, sL), pool, maxLuck)
	if k.unlucky {
		luck = 0
	}
	ab := engine.About{What: k.kind.test, Model: k.m, Other: k.other, Rel: k.rel, With: k.with}
	if s.Sides[who].Counters[sPloys] == 0 {
		r := c.Roll(who, testProc(pool, luck, k.stat, k.unlucky), ab)
		hits, crit = r.Outcome, r.Has(0)
	} else {
		p := poolProc(pool, luck, k.stat)
		std, lh := p.(Pool).Split(c.Roll(who, p, ab).Outcome)
		duds := pool - std - lh
		if duds > 0 && (std+lh > 0 || s.Option(optLuckyDuds) == "yes") && !(k.pass && std+lh >= k.need) &&
			c.Choose(who, "lucky-break", luckyText(std+lh, lh, duds), passSpend) == 1 {
			c.AddSide(who, sPloys, -1)
			c.Emit(engine.Event{Type: "lucky-break", Model: k.m, Other: engine.NoModel, Value: duds})
			q := poolProc(duds, luck-lh, k.stat)
			ab.What = k.kind.lucky
			a, b := q.(Pool).Split(c.Roll(who, q, ab).Outcome)
			std, lh = std+a, lh+b
		}
		hits = std + lh
		if !k.unlucky && lh > 0 {
			ab.What = k.kind.fortune
			hits += c.Roll(who, poolProc(lh, 0, k.stat), ab).Outcome
			crit = true
		}
	}
	if hits < k.need {
		failForward(c, who)
	}
	return hits, crit && !k.unlucky
}

// failForward gives a crew 1 XP for its first failed test of the game
// (rules.md §5.2.2).
func failForward(c *engine.Ctx, side int) {
	s := c.State()
	if s.Vars[vOnce]&(1<<side) != 0 {
		return
	}
	s.Vars[vOnce] |= 1 << side
	c.AddSide(side, sXP, 1)
	c.Emit(engine.Event{Type: "fail-forward", Model: engine.NoModel, Other: engine.NoModel, Value: side})
}
