package falloutfactions

import (
	"fmt"
	"strings"

	"github.com/skirmish-engine/skirmish/engine"
)

// Attacks (seed 004, Open Fire and Brawl; rules.md §5.2.1–§5.2.3, §5.3).
//
// An Open Fire is declared in steps, each a free follow-up of the action:
// the weapon and a Visible target (open-fire, which pays the Fatigue and
// measures the range), then Supporting Fire model by model and Aim, then
// Fire, which makes the Ranged Attack Test and inflicts the damage. So the
// exact odds of an attack are those of its Fire, with its supporters
// declared.

// fireState reads the Open Fire being declared.
func fireState(s *engine.State) (target, gear int, flags int32) {
	v := s.Vars[vFire]
	return int(v&0xff) - 1, int(v >> 8 & 0xff), v &^ 0xffff
}

// Why texts for the measurements an Open Fire asks at a table.
const (
	sightWhy = "Open Fire needs a Visible enemy: can the attacker see any part of the target?"
	rangeWhy = "Is the target within the weapon's Effective Range? Beyond it the Ranged Attack Test is Unlucky (no bonus dice, no Luck), and a CQB weapon cannot fire at all"
	halfWhy  = "Is the target within half the weapon's Effective Range? (Storm: bonus dice)"
	openWhy  = "Wide Open: is any part of the target obscured from the attacker by terrain? If none is, it is Wide Open (+1 bonus die)"
	areaWhy  = "Area: every model within the weapon's Area of the target is hit too. Is this model?"
)

// resolveOpenFire declares an Open Fire (seed 004): the weapon, and a
// Visible enemy. A target beyond the Effective Range makes the test
// Unlucky, and a CQB weapon cannot fire beyond it. On a board the targets
// offered are the legal ones; at a table the players are asked, and a
// target that is not Visible, or beyond a CQB weapon's range, refuses the
// action, changing nothing.
func resolveOpenFire(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, t := a.Actor, a.Target
	w := weaponFor(s, a)
	var flags int32
	if b := geo(s); b != nil {
		d := distance(s, m, t)
		if d > w.rng {
			flags |= fireUnlucky
		} else if d <= w.rng/2 {
			flags |= fireHalf
		}
	} else {
		if !c.FactTrue(engine.Fact{Kind: engine.FactSight, A: m, B: t, Why: sightWhy}) {
			c.Refuse(s.Static(t).ID + " is not Visible to " + s.Static(m).ID + ": Open Fire needs a Visible enemy (seed 004)")
		}
		if !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: w.rng, Why: rangeWhy}) {
			if w.cqb {
				c.Refuse(s.Static(t).ID + " is beyond the Effective Range of " + w.name + ", a CQB weapon (seed 004, Open Fire)")
			}
			flags |= fireUnlucky
		} else if w.storm > 0 && canGain(s, m, w, 0) && c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: w.rng / 2, Why: halfWhy}) {
			flags |= fireHalf // asked only where Storm's dice can count
		}
	}
	if w.slow && w.gear >= 0 {
		s.Models[m].Gear |= 1 << w.gear
	}
	if w.fast {
		s.Vars[vFast] = fastKey(aOpenFire, w)
	}
	for n := range s.Models {
		s.Set(n, cSupporting, false)
	}
	s.Vars[vFire] = int32(t+1) | int32(w.gear)<<8 | flags
	c.FollowUp("supporting-fire", "aim", "fire")
}

// canGain: the declared test may gain bonus dice (rules.md §5.2.2, §5.3):
// not Unlucky, not an Area weapon, and not an Unwieldy one in too weak
// hands.
func canGain(s *engine.State, m int, w *weapon, flags int32) bool {
	return flags&fireUnlucky == 0 && w.area == 0 && (w.unwieldy == 0 || s.Stat(m, sS) >= w.unwieldy)
}

func declared(s *engine.State, m int) (t int, w *weapon, flags int32) {
	t, g, flags := fireState(s)
	return t, weaponFor(s, engine.Action{ID: "open-fire", Actor: m, Option: g}), flags
}

func supporters(s *engine.State) int {
	n := 0
	for m := range s.Models {
		if s.Has(m, cSupporting) {
			n++
		}
	}
	return n
}

// supportOptions: friends that may still give Supporting Fire (seed 004;
// rules.md §8): unengaged, able to Take a Fatigue, in the Control Area (on
// a board; at a table the resolution asks), seeing the target with the
// option line-of-sight, up to the attacker's Charisma of them. Offered
// only when the test can gain bonus dice.
func supportOptions(s *engine.State, m int, add func(engine.Action)) {
	t, w, flags := declared(s, m)
	if w == nil || !canGain(s, m, w, flags) || supporters(s) >= s.Stat(m, sC) {
		return
	}
	sight := s.Option(optSupport) == "line-of-sight"
	for f := range s.Models {
		if friend(s, m, f) && status(s, f) == unengaged && fatigue(s, f) < 2 && !s.Has(f, cSupporting) &&
			withinCA(s, m, f) && (!sight || sees(s, f, t)) {
			add(engine.Action{Target: f})
		}
	}
}

func supportNote(s *engine.State, a engine.Action) string {
	if a.Target < 0 || a.Target >= len(s.Models) {
		return ""
	}
	return "(" + s.Static(a.Target).ID + " Takes 1 Fatigue: +1 bonus die)"
}

// resolveSupport: the friend gives Supporting Fire, Taking a Fatigue (seed
// 004, Open Fire). At a table the players say whether it is in the
// Control Area (and sees the target, with the option); "no" refuses it.
func resolveSupport(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, f := a.Actor, a.Target
	if geo(s) == nil {
		if !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: f, Inches: stat(s).ca[m], Why: caWhy}) {
			c.Refuse(s.Static(f).ID + " is not within " + s.Static(m).ID + "'s Control Area: it cannot give Supporting Fire")
		}
		t, _, _ := fireState(s)
		if s.Option(optSupport) == "line-of-sight" && !c.FactTrue(engine.Fact{Kind: engine.FactSight, A: f, B: t, Why: "Supporting Fire (option line-of-sight): can the supporting model see the target?"}) {
			c.Refuse(s.Static(f).ID + " cannot see the target: it cannot give Supporting Fire")
		}
	}
	take(c, f, 1)
	s.Set(f, cSupporting, true)
	c.FollowUp("supporting-fire", "aim", "fire")
}

// aimOptions: Aim, once, with an Aim weapon, when the attacker can Take a
// Fatigue and the test can gain bonus dice (rules.md §5.3).
func aimOptions(s *engine.State, m int, add func(engine.Action)) {
	_, w, flags := declared(s, m)
	if w != nil && w.aim > 0 && flags&fireAimed == 0 && fatigue(s, m) < 2 && canGain(s, m, w, flags) {
		add(engine.Action{Target: engine.NoModel})
	}
}

var aimNotes = [4]string{"", "(Takes 1 Fatigue: +1 bonus die)", "(Takes 1 Fatigue: +2 bonus dice)", "(Takes 1 Fatigue: +3 bonus dice)"}

func aimNote(s *engine.State, a engine.Action) string {
	if _, w, _ := declared(s, a.Actor); w != nil && w.aim < len(aimNotes) {
		return aimNotes[w.aim]
	}
	return ""
}

func resolveAim(c *engine.Ctx, a engine.Action) {
	s := c.State()
	take(c, a.Actor, 1)
	s.Vars[vFire] |= fireAimed
	c.FollowUp("supporting-fire", "aim", "fire")
}

// fireOptions: the one Fire of the declared Open Fire, at its target.
func fireOptions(s *engine.State, m int, add func(engine.Action)) {
	t, g, _ := fireState(s)
	if t >= 0 && t < len(s.Models) {
		add(engine.Action{Target: t, Option: g})
	}
}

func fireNote(s *engine.State, a engine.Action) string {
	note := weaponNote(s, engine.Action{ID: "open-fire", Actor: a.Actor, Option: a.Option})
	if n := supporters(s); n > 0 {
		note += ", " + plural(n, "supporter", "supporters")
	}
	if _, _, flags := fireState(s); flags&fireUnlucky != 0 {
		note += ", Unlucky (beyond Effective Range)"
	}
	return note
}

// Why a target is Wide Open without asking, for the test's prompt.
const (
	openAsked = iota
	openEyeCatching
	openSniper
)

// wideOpen: is t Wide Open to m (rules.md §5.3, §8 gap 2)? With the option
// unobscured: when no terrain obscures any of it (the board's cover; at a
// table the players say); Eye Catching targets always are, and a Sniper's
// targets are never Obscured (why says which, or openAsked).
func wideOpen(c *engine.Ctx, m, t int) (open bool, why int) {
	s := c.State()
	switch {
	case has(s, t, pEyeCatching):
		return true, openEyeCatching
	case has(s, m, pSniper):
		return true, openSniper
	case s.Option(optWideOpen) == "never":
		return false, openAsked
	}
	f := engine.Fact{Kind: engine.FactCover, A: m, B: t, Why: openWhy}
	if b := geo(s); b != nil {
		v, _ := b.Fact(s, f)
		return v == 0, openAsked
	}
	return !c.FactTrue(f), openAsked
}

// pool is how an attack test's pool is made (seed 004, Open Fire and
// Brawl), for its prompt: the weapon and its test, then each source of
// bonus dice, or why it gains none. Its words are made once per kind of
// pool (poolWith), so that a roll allocates nothing.
type pool struct {
	m, t, gear int16
	melee      bool
	no         int8 // why no bonus dice: noneBarred, noneUnlucky, noneArea, noneUnwieldy
	sup, harm  int8 // supporters; Harm on the target
	open       int8 // Wide Open: 0 not, else 1 + openAsked, openEyeCatching or openSniper
	storm, aim int8 // Storm's and Aim's bonus dice
	charge     int8 // moved into Engagement: 1, 2 with Wind Up
	friends    int8 // other friends Engaged with the target alone
}

// Why a test gains no bonus dice.
const (
	noneBarred = iota // it may gain them
	noneUnlucky
	noneArea
	noneUnwieldy
)

// noBonus says why a test with w gains no bonus dice, or noneBarred.
func noBonus(s *engine.State, m int, w *weapon, flags int32) int8 {
	switch {
	case flags&fireUnlucky != 0:
		return noneUnlucky
	case w.area > 0:
		return noneArea
	case w.unwieldy > 0 && s.Stat(m, sS) < w.unwieldy:
		return noneUnwieldy
	}
	return noneBarred
}

// poolWith is the words of pool p with weapon w: "lever gun, 4P + 1
// supporter + 1 Wide Open (x is Eye Catching)".
func poolWith(s *engine.State, p pool, w *weapon) string {
	st := stat(s)
	st.pools.RLock()
	t, ok := st.pools.m[p]
	st.pools.RUnlock()
	if ok {
		return t
	}
	var b strings.Builder
	b.WriteString(w.with)
	add := func(n int8, one, many string) {
		if n > 0 {
			b.WriteString(" + " + plural(int(n), one, many))
		}
	}
	switch p.no {
	case noneUnlucky:
		b.WriteString(", Unlucky: beyond the Effective Range, so no bonus dice, no Luck dice, no Fortune Smiles, no critical")
	case noneArea:
		b.WriteString(", no bonus dice (an Area weapon)")
	case noneUnwieldy:
		fmt.Fprintf(&b, ", no bonus dice (Unwieldy %d: Strength %d is too low)", w.unwieldy, s.Stat(int(p.m), sS))
	}
	add(p.sup, "supporter", "supporters")
	add(p.charge, "moved into Engagement", "moved into Engagement (Wind Up)")
	add(p.harm, "Harm", "Harm")
	add(p.friends, "friend Engaged with the target alone", "friends Engaged with the target alone")
	if p.open > 0 {
		b.WriteString(" + 1 Wide Open")
		switch int(p.open) - 1 {
		case openEyeCatching:
			b.WriteString(" (" + s.Static(int(p.t)).ID + " is Eye Catching)")
		case openSniper:
			b.WriteString(" (" + s.Static(int(p.m)).ID + " is a Sniper)")
		}
	}
	add(p.storm, "Storm (within half range)", "Storm (within half range)")
	add(p.aim, "Aim", "Aim")
	t = b.String()
	st.pools.Lock()
	if st.pools.m == nil {
		st.pools.m = map[pool]string{}
	}
	st.pools.m[p] = t
	st.pools.Unlock()
	return t
}

// resolveFire makes the declared Open Fire's Ranged Attack Test (seed 004,
// Open Fire): bonus dice for each supporter, each Harm on the target, a
// Wide Open target, Storm within half range and Aim, none on an Unlucky
// test, with an Area weapon, or an Unwieldy one in too weak hands; then
// the damage to the target (to every model within an Area weapon's area,
// one test for all), and the Confusion Tests after all of it.
func resolveFire(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	t, w, flags := declared(s, m)
	e := ext(s)
	e.incap = e.incap[:0]
	bonus := 0
	p := pool{m: int16(m), t: int16(t), gear: int16(w.gear), no: noBonus(s, m, w, flags)}
	if canGain(s, m, w, flags) {
		sup, harm := supporters(s), s.Count(t, cHarm)
		bonus = sup + harm
		p.sup, p.harm = int8(sup), int8(harm)
		if open, why := wideOpen(c, m, t); open {
			bonus++
			p.open = int8(1 + why)
		}
		if flags&fireHalf != 0 {
			bonus += w.storm
			p.storm = int8(w.storm)
		}
		if flags&fireAimed != 0 {
			bonus += w.aim
			p.aim = int8(w.aim)
		}
	}
	var area uint64 = 1 << t
	if w.area > 0 {
		for o := range s.Models {
			if o == t || o == m || !s.Models[o].InPlay {
				continue
			}
			f := engine.Fact{Kind: engine.FactWithin, A: o, B: t, Inches: w.area, Why: areaWhy}
			if b := geo(s); b != nil {
				if v, _ := b.Fact(s, f); v == 1 {
					area |= 1 << o
				}
			} else if c.FactTrue(f) {
				area |= 1 << o
			}
		}
	}
	for n := range s.Models {
		s.Set(n, cSupporting, false)
	}
	s.Vars[vFire] = 0
	hits, crit := test(c, &check{kind: &rangedTest, m: m, other: t, with: poolWith(s, p, w), dice: w.dice, stat: s.Stat(m, w.stat),
		bonus: bonus, unlucky: flags&fireUnlucky != 0, need: 1})
	c.Emit(hitsEvent(m, t, hits))
	for o := range s.Models {
		if area&(1<<o) != 0 {
			inflict(c, m, o, hits, w, crit)
		}
	}
	confusion(c)
}

// resolveBrawl makes a Melee Attack Test at an enemy the model is Engaged
// with (seed 004, Brawl): bonus dice for a model that moved into
// Engagement this Turn (two with Wind Up), for each Harm on the target,
// and for each other friend Engaged with the target and with no other
// enemy; none with an Unwieldy weapon in too weak hands.
func resolveBrawl(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, t := a.Actor, a.Target
	w := weaponFor(s, a)
	e := ext(s)
	e.incap = e.incap[:0]
	bonus := 0
	p := pool{m: int16(m), t: int16(t), gear: int16(w.gear), melee: true, no: noBonus(s, m, w, 0)}
	if p.no == noneBarred {
		if s.Has(m, cCharged) {
			p.charge = 1
			if w.windUp {
				p.charge = 2
			}
		}
		for f := range s.Models {
			if friend(s, m, f) && s.Linked(f, t) && s.Models[f].Links == 1<<t {
				p.friends++
			}
		}
		p.harm = int8(s.Count(t, cHarm))
		bonus = int(p.charge) + int(p.harm) + int(p.friends)
	}
	if w.slow && w.gear >= 0 {
		s.Models[m].Gear |= 1 << w.gear
	}
	if w.fast {
		s.Vars[vFast] = fastKey(aBrawl, w)
	}
	hits, crit := test(c, &check{kind: &meleeTest, m: m, other: t, with: poolWith(s, p, w), dice: w.dice, stat: s.Stat(m, w.stat), bonus: bonus, need: 1})
	c.Emit(hitsEvent(m, t, hits))
	inflict(c, m, t, hits, w, crit && w.crit != critNone)
	confusion(c)
}

// hitsEvent says how many hits m's attack test scored against t, in its
// Key too, so that the players can read the damage table (seed 004,
// Damage) from the log.
func hitsEvent(m, t, hits int) engine.Event {
	e := engine.Event{Type: "hits", Model: m, Other: t, Value: hits}
	if hits >= 0 && hits < len(hitsText) {
		e.Key = hitsText[hits]
	}
	return e
}

// hitsText[n] is "n hits", made once: a test scores at most its pool and
// a Fortune Smiles die for each Luck die.
var hitsText = func() (t [MaxPool + maxLuck + 1]string) {
	for n := range t {
		t[n] = plural(n, "hit", "hits")
	}
	return t
}()

// inflict is the Inflict Damage step (rules.md §5.2.3, §5.3): Ignite first
// adds damage; the hits against the target's Endurance (one lower with
// Pierce) give it Harm, an Injury and Harm, or Incapacitate it; then the
// other critical effects, on a target still in the battle. The target's
// player rolls the critical effects' dice.
func inflict(c *engine.Ctx, m, t, hits int, w *weapon, crit bool) {
	s := c.State()
	if !s.Models[t].InPlay {
		return
	}
	foe := s.SideOf(t)
	crit = crit && w.crit != critNone
	ab := engine.About{What: "Critical effect", Model: t, Other: m, Rel: "hit by", With: critWith[w.crit]}
	if crit && w.crit == critIgnite {
		hits += c.Roll(foe, countProc(w.critX, s.Stat(t, sA)), ab).Outcome
	}
	end := s.Stat(t, sE)
	if crit && w.crit == critPierce {
		end = max(1, end-1)
	}
	switch {
	case hits >= 2*end:
		incapacitate(c, t, w.nonLethal)
	case hits >= end:
		injure(c, t, w.nonLethal)
		addHarm(c, t, 1, true, w.nonLethal)
	case hits >= 1:
		addHarm(c, t, 1, true, w.nonLethal)
	default:
		c.Emit(engine.Event{Type: "no-damage", Model: t, Other: m})
	}
	if !crit || !s.Models[t].InPlay {
		return
	}
	switch w.crit {
	case critMaim:
		addHarm(c, t, 1, s.Option(optExcessHarm) == "inflict-damage", w.nonLethal)
	case critPoison:
		addHarm(c, t, c.Roll(foe, countProc(w.critX, s.Stat(t, sE)), ab).Outcome, true, w.nonLethal)
	case critTranquilize:
		addHarm(c, t, c.Roll(foe, countProc(w.critX, s.Stat(t, sE)), ab).Outcome, true, true)
	case critSuppress:
		if c.Roll(foe, countProc(w.critX, s.Stat(t, sI)), ab).Outcome > 0 {
			suffer(c, t)
		}
	case critPushback:
		pushBack(c, m, t, c.Roll(foe, countProc(w.critX, s.Stat(t, sS)), ab).Outcome)
	case critMeltdown:
		harm := s.Count(t, cHarm)
		if harm == 0 {
			c.Emit(engine.Event{Type: "meltdown-no-harm", Model: t, Other: m}) // no test can score fewer hits than none
			return
		}
		if hits, _ := test(c, &check{kind: &meltdownTest, m: t, other: m, rel: "hit by", with: w.name, dice: 2, stat: s.Stat(t, sE), need: harm, pass: true}); hits < harm {
			injure(c, t, w.nonLethal)
		}
	}
}

// critWith says which critical effect a roll is for, made once.
var critWith = func() (t [critTranquilize + 1]string) {
	for i, n := range critNames {
		t[i+1] = n + " (each die above the target's characteristic counts)"
	}
	t[critIgnite] = "ignite: each die above the target's Agility adds 1 damage"
	t[critPoison] = "poison: each die above the target's Endurance, 1 Harm"
	t[critTranquilize] = "tranquilize: each die above the target's Endurance, 1 Harm"
	t[critSuppress] = "suppress: any die above the target's Intelligence, it Suffers 1 Fatigue"
	t[critPushback] = "pushback: each die above the target's Strength, 1\" away from the attacker"
	return t
}()
