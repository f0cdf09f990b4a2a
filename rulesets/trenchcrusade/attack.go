package trenchcrusade

import (
	"strconv"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// spendOptions[n] are the choices "0".."n" markers to spend.
var spendOptions = func() (o [7][]string) {
	for n := range o {
		for k := 0; k <= n; k++ {
			o[n] = append(o[n], strconv.Itoa(k))
		}
	}
	return o
}()

// spend asks side who how many of model m's markers (counter) to spend,
// when it has any, removes them and returns how many (rules.md §4.3 Blood
// and Blessing markers: offered at the moment they apply).
func spend(c *engine.Ctx, who, m, counter int, key, text string) int {
	s := c.State()
	n := min(s.Count(m, counter), len(spendOptions)-1)
	if n == 0 {
		return 0
	}
	k := c.Choose(who, key, text, spendOptions[n])
	if k > 0 {
		c.Add(m, counter, -k)
	}
	return k
}

func opponent(s *engine.State, m int) int { return (s.SideOf(m) + 1) % len(s.Sides) }

// successFor is a Success Roll taken for model m with net ±DICE: the
// opponent may spend m's Blood markers (−1 DICE each), m's player its
// Blessing markers (+1 DICE each); a Down model rolls at −1 DICE (rules.md
// §4.3, §4.2.3, §6.3-h). ab says what the roll is for. It returns 0
// failure, 1 success, 2 critical.
func successFor(c *engine.Ctx, m, net int, ab engine.About) int {
	s := c.State()
	tx := &stat(s).texts[m]
	net -= spend(c, opponent(s, m), m, cBlood, "spend-blood", tx[tBloodRoll])
	net += spend(c, s.SideOf(m), m, cBlessing, "spend-blessing", tx[tBlessRoll])
	if status(s, m) == down {
		net--
	}
	return c.Roll(s.SideOf(m), successRoll(net, s.Option(optCrit) == "natural"), ab).Outcome
}

// injure makes an Injury Roll against t (rules.md §4.2.1–§4.2.2): the
// attacking side may spend t's Blood markers (+1 INJURY DICE each), t's
// player its Blessing markers (−1 each); net extra dice and the flat
// modifiers (weapon, Armour characteristic, armour and shields) are given.
// The attacking side rolls. src is the attacker, or NoModel (a fall).
func injure(c *engine.Ctx, src, t, net, mod int) {
	s := c.State()
	foe := opponent(s, t)
	tx := &stat(s).texts[t]
	net += spend(c, foe, t, cBlood, "spend-blood", tx[tBloodInjury])
	net -= spend(c, s.SideOf(t), t, cBlessing, "spend-blessing", tx[tBlessInjury])
	// The negative modifiers together count for at most −3; the positive
	// ones are added apart (rules.md §4.2.1 step 4, §6.3-g).
	pos, neg := 0, 0
	for _, v := range [...]int{mod, s.Stat(t, sArmour), stat(s).kitMod[t]} {
		if v > 0 {
			pos += v
		} else {
			neg += v
		}
	}
	switch c.Roll(foe, injuryRoll(net, pos, neg), engine.About{What: "Injury Roll", Model: t, Other: src, Rel: "hit by"}).Outcome {
	case 0:
		c.Emit(engine.Event{Type: "no-effect", Model: t, Other: src})
	case 1:
		c.Add(t, cBlood, 1)
		s.Models[t].Counters[cHits]++
		c.Emit(engine.Event{Type: "minor-hit", Model: t, Other: src})
	case 2:
		takeDown(c, t)
	default:
		outOfAction(c, t)
	}
}

// takeDown: +1 Blood marker and Down; already Down, +2 Blood markers
// instead. Taken Down in its own activation, the activation ends. A model
// within 1" of a ledge first takes a Success Roll: failed, it falls from
// the nearest ledge, and is then taken Down (seed 003, Down results; the
// roll comes before its Blood marker, which the opponent could otherwise
// spend against it). rules.md §4.2.1, §4.2.3.
func takeDown(c *engine.Ctx, t int) {
	s := c.State()
	if status(s, t) != down && !s.Has(t, cFalling) && nearLedge(c, t) &&
		successFor(c, t, 0, engine.For("Success Roll not to fall from the ledge (taken Down within 1\" of it)", t, engine.NoModel)) == 0 {
		fall(c, t)
		if !s.Models[t].InPlay {
			return
		}
	}
	if status(s, t) == down {
		// Already Down (before, or from the fall's own Injury Roll): two
		// markers instead of one (seed 003, Injury Table).
		c.Add(t, cBlood, 2)
		s.Models[t].Counters[cHits]++
		c.Emit(engine.Event{Type: "down-again", Model: t, Other: engine.NoModel})
		return
	}
	c.Add(t, cBlood, 1)
	c.SetStatus(t, down)
	if s.Turn.Model == t {
		c.EndActivation()
	}
}

// outOfAction removes t; a TOUGH model goes Down instead the first time
// (rules.md §4.3 Armour).
func outOfAction(c *engine.Ctx, t int) {
	s := c.State()
	if stat(s).tough[t] && !s.Has(t, cToughUsed) {
		s.Set(t, cToughUsed, true)
		c.Emit(engine.Event{Type: "tough", Model: t, Other: engine.NoModel})
		takeDown(c, t)
		return
	}
	c.Remove(t)
}

// nearLedge asks whether t is within 1" of a ledge (rules.md §4.2.3): the board knows, at a
// table the players say.
func nearLedge(c *engine.Ctx, t int) bool {
	s := c.State()
	f := engine.Fact{Kind: engine.FactNearLedge, A: t, B: engine.NoModel, Inches: 1, Why: "A model taken Down within 1\" of a ledge may fall"}
	if b := geo(s); b != nil {
		v, _ := b.Fact(s, f)
		return v == 1
	}
	return c.FactTrue(f)
}

// fall drops t from the nearest ledge, to the level below that ledge (seed
// 003, Down results): 3" or more is an Injury Roll with +1 INJURY DICE per
// full 3" (rules.md §4.2.2 Falling).
func fall(c *engine.Ctx, t int) {
	s := c.State()
	f := engine.Fact{Kind: engine.FactFall, A: t, B: engine.NoModel, Why: "The model falls from the nearest ledge: 3\" or more is an Injury Roll with +1 injury die per full 3\""}
	b := concrete(s)
	var h int
	if b != nil {
		h, _ = b.Fact(s, f)
	} else {
		h = c.Fact(f)
	}
	c.Emit(engine.Event{Type: "fell", Model: t, Other: engine.NoModel, Value: h, Key: fmtMove(float32(h) / 100)})
	s.Vars[vFell] = int32(t + 1)
	if b != nil {
		if p, ok := b.Landing(s, t); ok { // with no room to land, it stays where it stood
			c.Move(t, p)
		}
	}
	if h >= 300 {
		// It lies at the ledge's foot: a Down result of the fall's own
		// Injury Roll does not send it over an edge again (the ledge it
		// fell from is above it now).
		s.Set(t, cFalling, true)
		injure(c, engine.NoModel, t, h/300, 0)
		s.Set(t, cFalling, false)
	}
}

// resolveShoot is a ranged attack (rules.md §4.3): the Success Roll with
// the Ranged characteristic and the weapon's ±DICE, +1 from more than 3"
// above, −1 against cover, −1 beyond half range; a shot at an enemy within
// 1" of the shooter's friends hits one of them on a D6 of 1–3. Success:
// an Injury Roll; critical: with +1 INJURY DICE.
func resolveShoot(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, t := a.Actor, a.Target
	w := weaponAt(stat(s).ranged[m], a.Option)
	if !w.assault {
		s.Set(m, cShot, true)
	}
	b := geo(s)
	net := s.Stat(m, sRanged) + w.dice
	if b != nil {
		if v, _ := b.Fact(s, engine.Fact{Kind: engine.FactElevation, A: m, B: t}); v > 300 {
			net++
		}
		if v, _ := b.Fact(s, engine.Fact{Kind: engine.FactCover, A: m, B: t}); v == 1 {
			net--
		}
		if !within(s, m, t, w.rng/2) {
			net--
		}
	} else {
		awayFromEnemies(c, m, "Shoot")
		// Sight and range make the target legal: a "no" refuses the Shoot.
		if !c.FactTrue(engine.Fact{Kind: engine.FactSight, A: m, B: t, Why: "A ranged attack needs its target in sight"}) {
			c.Refuse(s.Static(m).ID + " cannot see " + s.Static(t).ID + ": a ranged attack needs its target in sight")
		}
		if !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: w.rng, Why: "Is the target within the weapon's range?"}) {
			c.Refuse(s.Static(t).ID + " is out of the " + w.name + "'s range")
		}
		if c.Fact(engine.Fact{Kind: engine.FactElevation, A: m, B: t, Why: "More than 3\" above the target gives +1 DICE"}) > 300 {
			net++
		}
		if c.FactTrue(engine.Fact{Kind: engine.FactCover, A: m, B: t, Why: "A target in cover gives −1 DICE"}) {
			net--
		}
		if !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: w.rng / 2, Why: "Beyond half the weapon's range is −1 DICE"}) {
			net--
		}
	}
	t = intoMelee(c, m, t)
	attack(c, m, t, w, net, false)
}

// intoMelee: a shot at a target within 1" of the shooter's friends goes at
// one of them on a D6 of 1–3 (rules.md §4.3 Ranged attack).
func intoMelee(c *engine.Ctx, m, t int) int {
	s := c.State()
	var near [engine.MaxModels]int
	n := 0
	for f := range s.Models {
		if !friend(s, m, f) {
			continue
		}
		var yes bool
		if b := geo(s); b != nil {
			yes = within(s, f, t, 1)
		} else {
			yes = c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: f, B: t, Inches: 1, Why: "A shot at a target within 1\" of the shooter's friends may hit one of them"})
		}
		if yes {
			near[n] = f
			n++
		}
	}
	if n == 0 || c.Roll(s.SideOf(m), pD6, engine.For("Shooting into melee (1–3: the shot goes at a friend within 1\" of the target)", m, t)).Outcome >= 3 {
		return t
	}
	f := near[0]
	if n > 1 {
		var among uint64
		for _, x := range near[:n] {
			among |= 1 << x
		}
		f = near[c.Roll(s.SideOf(m), pPick[min(n, maxPick)], engine.About{What: "Shooting into melee: which friend within 1\" of the target is hit", Model: m, Other: t, Among: among}).Outcome]
	}
	c.Emit(engine.Event{Type: "hit-friend", Model: m, Other: f})
	return f
}

func weaponAt(ws []weapon, gear int) weapon {
	for _, w := range ws {
		if w.gear == gear {
			return w
		}
	}
	return weapon{gear: -1}
}

// attack is one attack's Success Roll and, on a hit, its Injury Roll
// (rules.md §4.3 Ranged and Melee attack, §4.2.2):
// +1 INJURY DICE on a critical, and in melee against a Down target.
func attack(c *engine.Ctx, m, t int, w weapon, net int, melee bool) {
	attackN(c, m, t, w, net, melee, 0, 0)
}

// attackN is attack, the nth of of a model's attacks.
func attackN(c *engine.Ctx, m, t int, w weapon, net int, melee bool, nth, of int) {
	s := c.State()
	what := "Ranged attack"
	if melee {
		what = "Melee attack"
	}
	res := successFor(c, m, net, engine.About{What: what, Model: m, Other: t, With: w.name, Nth: nth, Of: of})
	if res == 0 {
		c.Emit(engine.Event{Type: "missed", Model: m, Other: t})
		return
	}
	inj := w.injDice
	if res == 2 {
		inj++
		c.Emit(engine.Event{Type: "critical", Model: m, Other: t})
	}
	if melee && status(s, t) == down {
		inj++
	}
	injure(c, m, t, inj, w.injMod)
}

// resolveFight is a melee attack at an enemy within 1" (rules.md §4.3):
// the Melee characteristic and the weapon's ±DICE; −1 DICE facing FEAR
// unless the attacker has it too; with a second melee weapon, a second
// attack at −1 DICE more.
func resolveFight(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, t := a.Actor, a.Target
	// At a table the players say whether t is within 1", unless this
	// activation's Charge has just reached it.
	if geo(s) == nil && s.Vars[vContact] != int32(t+1) && !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: 1, Why: "A melee attack needs its target within 1\""}) {
		c.Refuse(s.Static(t).ID + " is not within 1\" of " + s.Static(m).ID + ": a melee attack needs its target within 1\"")
	}
	fear := 0
	if stat(s).fear[t] && !stat(s).fear[m] {
		fear = -1
	}
	ws := stat(s).melee[m]
	s.Vars[vFell] = 0
	defer func() { s.Vars[vFell] = 0 }()
	for i, w := range ws {
		if !s.Models[t].InPlay || !upright(s, m) {
			return
		}
		if s.Vars[vFell] == int32(t+1) && !stillWithin1(c, m, t) {
			// It fell from a ledge under an earlier weapon: each melee
			// attack needs its target within 1" (seed 003, Down results;
			// rules.md §4.3 Melee attack).
			c.Emit(engine.Event{Type: "out-of-reach", Model: m, Other: t})
			return
		}
		attackN(c, m, t, w, s.Stat(m, sMelee)+w.dice+fear-i, true, i+1, len(ws))
	}
}

// stillWithin1 asks, after t fell from a ledge during m's Fight, whether
// it is still within 1" of m for m's next weapon: the board knows, at a
// table the players say.
func stillWithin1(c *engine.Ctx, m, t int) bool {
	s := c.State()
	if geo(s) != nil {
		return within(s, m, t, 1)
	}
	return c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: 1, Why: "After its fall, is the target still within 1\" for the next melee attack?"})
}

// resolveRetreat: every enemy within 1" may strike once first, a Down one
// too, at −1 DICE for a roll taken for a Down model (seed 003, Down
// results); if the model is then Down or out, it stays; else it moves up to
// Movement, ending more than 1" from enemies (rules.md §4.3 Retreat, §8).
func resolveRetreat(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	if geo(s) == nil {
		// At a table the players say whether an enemy is within 1", which
		// Retreat needs (rules.md §4.3 Actions; on a board the list only
		// offers it then); known already when this activation found none.
		no := s.Static(m).ID + " has no enemy within 1\": Retreat is for a model with one; it may Move instead"
		if s.Vars[vClear] == int32(m+1) {
			c.Refuse(no)
		}
		if set := rules.SetOf(s, m, enemy); set == 0 || !c.FactTrue(engine.Fact{Kind: engine.FactWithinAny, A: m, Set: set, Inches: 1, Start: 2, Why: "Retreat needs an enemy within 1\""}) {
			c.Refuse(no)
		}
	}
	for e := range s.Models {
		if !enemy(s, m, e) || len(stat(s).melee[e]) == 0 {
			continue
		}
		c.Checkpoint("retreat-strike", e) // the rest depends on the state and on e
		var near bool
		if geo(s) != nil {
			near = within(s, e, m, 1)
		} else {
			near = c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: e, B: m, Inches: 1, Why: "Every enemy within 1\" of a retreating model may strike it first"})
		}
		if !near {
			continue
		}
		if c.Choose(s.SideOf(e), "strike", stat(s).texts[m][tStrike], strikeOptions) == 0 {
			continue
		}
		fear := 0
		if stat(s).fear[m] && !stat(s).fear[e] {
			fear = -1
		}
		w := stat(s).melee[e][0]
		attack(c, e, m, w, s.Stat(e, sMelee)+w.dice+fear, true)
		if !s.Models[m].InPlay || status(s, m) == down {
			return
		}
	}
	moveTo(c, m, a)
	if geo(s) == nil {
		s.Vars[vClear] = int32(m + 1) // it ends more than 1" from every enemy
	}
}

var strikeOptions = []string{"let-go", "strike"}
