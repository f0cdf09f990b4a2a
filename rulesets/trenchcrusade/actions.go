package trenchcrusade

import (
	"math"
	"math/bits"
	"strconv"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// actionDefs are the actions of rules.md §4.3: each at most once an
// activation, and only one of Move, Charge and Retreat.
func actionDefs() []engine.ActionDef {
	return []engine.ActionDef{
		{ID: "charge", Name: "Charge", Type: "action", When: "standing, no enemy within 1\", no Shoot this activation but with an Assault weapon; an enemy in sight within 12\"; moves Movement + D6\" to it",
			Excludes: []string{"move", "retreat"}, Unmet: chargeUnmet, Available: func(s *engine.State, m int) bool { return chargeUnmet(s, m) == "" },
			Options: chargeTargets, Resolve: resolveCharge, Note: tableNote(chargeReach)},
		{ID: "dash", Name: "Dash", Type: "action", When: "standing, no enemy within 1\"; a Risky Success Roll, then an extra move of up to Movement",
			Unmet: moveUnmet, Available: func(s *engine.State, m int) bool { return moveUnmet(s, m) == "" },
			Options: moveOptions, Any: anyMove, Resolve: resolveDash, Note: tableNote(func(s *engine.State, m int) string { return "up to " + fmtMove(movement(s, m)) })},
		{ID: "fight", Name: "Fight", Type: "action", When: "standing, a melee weapon; an enemy within 1\"",
			Unmet: fightUnmet, Available: func(s *engine.State, m int) bool { return fightUnmet(s, m) == "" },
			Options: fightTargets, Resolve: resolveFight},
		{ID: "move", Name: "Move", Type: "action", When: "standing, no enemy within 1\"; up to Movement, never within 1\" of an enemy",
			Excludes: []string{"charge", "retreat"}, Unmet: moveUnmet, Available: func(s *engine.State, m int) bool { return moveUnmet(s, m) == "" },
			Options: moveOptions, Any: anyMove, Resolve: resolveMove, Note: tableNote(func(s *engine.State, m int) string { return "up to " + fmtMove(movement(s, m)) })},
		{ID: "retreat", Name: "Retreat", Type: "action", When: "standing, an enemy within 1\"; each may strike first; then up to Movement away",
			Excludes: []string{"move", "charge"}, Unmet: retreatUnmet, Available: func(s *engine.State, m int) bool { return retreatUnmet(s, m) == "" },
			Options: retreatOptions, Resolve: resolveRetreat, Note: tableNote(func(s *engine.State, m int) string {
				return "up to " + fmtMove(movement(s, m)) + ", ending more than 1\" from enemies"
			})},
		{ID: "shoot", Name: "Shoot", Type: "action", When: "standing, a ranged weapon, no enemy within 1\"; a target in sight and range",
			Unmet: shootUnmet, Available: func(s *engine.State, m int) bool { return shootUnmet(s, m) == "" },
			Options: shotOptions, Resolve: resolveShoot, Note: func(s *engine.State, a engine.Action) string {
				if a.Actor < 0 || a.Actor >= len(s.Models) {
					return ""
				}
				if w := weaponAt(stat(s).ranged[a.Actor], a.Option); w.gear >= 0 {
					return "with " + w.name
				}
				return ""
			}},
	}
}

func status(s *engine.State, m int) int { return int(s.Models[m].Status) }

// The conditions of each action (rules.md §4.3 Actions) as checks
// (rules.Needs, engine.ActionDef.Unmet): the first that fails, in words,
// "" when all hold; each action's Available is its Unmet == "".
var (
	notDown     = rules.Unless(func(s *engine.State, m int) bool { return !upright(s, m) }, "it is Down")
	noneNear    = rules.Unless(nearEnemy, "an enemy is within 1\"")
	moveUnmet   = rules.Needs(notDown, noneNear)
	chargeUnmet = rules.Needs(notDown, noneNear,
		rules.Unless(shotExcludes, "it has shot this activation, and not with an Assault weapon"))
	retreatUnmet = rules.Needs(notDown,
		rules.Unless(func(s *engine.State, m int) bool { return clearAtTable(s, m) || geo(s) != nil && !nearEnemy(s, m) }, "no enemy is within 1\""))
	fightUnmet = rules.Needs(notDown,
		rules.Unless(func(s *engine.State, m int) bool { return len(stat(s).melee[m]) == 0 }, "it has no melee weapon"),
		rules.Unless(chargeExcludesFight, "it charged this activation (option charge-exclusion=shoot-and-fight)"))
	shootUnmet = rules.Needs(notDown,
		rules.Unless(func(s *engine.State, m int) bool { return len(stat(s).ranged[m]) == 0 }, "it has no ranged weapon"),
		noneNear)
)

// tableNote says how far a move goes, for players at a table (on a board
// the destination says it).
func tableNote(far func(s *engine.State, m int) string) func(s *engine.State, a engine.Action) string {
	return func(s *engine.State, a engine.Action) string {
		if geo(s) != nil || a.Actor < 0 || a.Actor >= len(s.Models) {
			return ""
		}
		return "(" + far(s, a.Actor) + ")"
	}
}

func fmtMove(in float32) string { return strconv.FormatFloat(float64(in), 'f', -1, 32) + "\"" }

// upright: in play and not Down. A Down model stands when it activates
// (rules.md §4.2.3), so this only fails for a model taken Down mid-way.
func upright(s *engine.State, m int) bool { return s.Models[m].InPlay && status(s, m) == standing }

func enemy(s *engine.State, m, t int) bool {
	return t != m && s.Models[t].InPlay && s.SideOf(t) != s.SideOf(m)
}

func friend(s *engine.State, m, t int) bool {
	return t != m && s.Models[t].InPlay && s.SideOf(t) == s.SideOf(m)
}

// geo is the board, or nil at a table.
func geo(s *engine.State) engine.Board { return s.Setup().Board }

func concrete(s *engine.State) *board.Board {
	b, _ := geo(s).(*board.Board)
	return b
}

// within: is m within x" of t? On a board, the board's answer; at a table
// yes, and the resolution asks the players (rules.Maybe).
func within(s *engine.State, m, t int, x float32) bool {
	return rules.Maybe(s, engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: x})
}

// sees: can m see t? As within.
func sees(s *engine.State, m, t int) bool {
	return rules.Maybe(s, engine.Fact{Kind: engine.FactSight, A: m, B: t})
}

// nearEnemy reports an enemy within 1" (rules.md §4.3 Actions) on a board (at a table, false: the
// players choose Retreat when it applies, and the actions ask).
func nearEnemy(s *engine.State, m int) bool {
	if geo(s) == nil {
		return false
	}
	for t := range s.Models {
		if enemy(s, m, t) && within(s, m, t, 1) {
			return true
		}
	}
	return false
}

// shotExcludes: after a Shoot with a weapon without Assault, no Charge
// (rules.md §4.3, §6.3-c, §8 gap 7).
func shotExcludes(s *engine.State, m int) bool { return s.Has(m, cShot) }

// chargeExcludesFight (rules.md §6.3-c, §8 gap 7): with option
// charge-exclusion=shoot-and-fight, a
// model that charged may not Fight in the same activation.
func chargeExcludesFight(s *engine.State, m int) bool {
	return s.Option(optExclusion) == "shoot-and-fight" && s.Has(m, cCharged)
}

// movement is the model's Movement now: halved in the activation it
// stood up in (rules.md §4.2.3).
func movement(s *engine.State, m int) float32 {
	mv := float32(s.Stat(m, sM))
	if s.Has(m, cStood) {
		mv /= 2
	}
	return mv
}

// chargeReach is how far a Charge goes, for its text at a table: Movement
// + D6", all halved in the activation the model stood up in, the dice
// too (seed 003, Down; rules.md §4.2.3).
func chargeReach(s *engine.State, m int) string {
	if s.Has(m, cStood) {
		return "half of " + fmtMove(float32(s.Stat(m, sM))) + " + D6\", having stood up"
	}
	return fmtMove(movement(s, m)) + " + D6\""
}

// chargeTargets: enemies in sight within 12" (rules.md §4.3 Charge).
func chargeTargets(s *engine.State, m int, add func(engine.Action)) {
	for t := range s.Models {
		if enemy(s, m, t) && within(s, m, t, 12) && sees(s, m, t) { // the range first: cheaper
			add(engine.Action{Target: t})
		}
	}
}

// fightTargets: enemies within 1" (rules.md §4.3 Melee attack).
func fightTargets(s *engine.State, m int, add func(engine.Action)) {
	if clearAtTable(s, m) {
		return
	}
	for t := range s.Models {
		if enemy(s, m, t) && within(s, m, t, 1) {
			add(engine.Action{Target: t})
		}
	}
}

// shotOptions are (weapon, target) pairs: each ranged weapon at each enemy
// in sight and range (all enemies at a table; rules.md §4.3, Ranged
// attack). After a Charge only Assault weapons may shoot (rules.md §6.3-c,
// §8 gap 7).
func shotOptions(s *engine.State, m int, add func(engine.Action)) {
	// Target by target (the legal list's order), the range before the
	// sight, which costs more and is worked out once a target.
	ws := stat(s).ranged[m]
	for t := range s.Models {
		if !enemy(s, m, t) {
			continue
		}
		seen := 0 // 1 sees, -1 does not, 0 not asked yet
		for _, w := range ws {
			if s.Has(m, cCharged) && !w.assault || !within(s, m, t, w.rng) {
				continue
			}
			if seen == 0 {
				seen = -1
				if sees(s, m, t) {
					seen = 1
				}
			}
			if seen > 0 {
				add(engine.Action{Target: t, Option: w.gear})
			}
		}
	}
}

// Movement on a board: destinations from the board's candidates that keep
// out of 1" of every enemy all the way (rules.md §4.3 Move); at a table a
// plain action, the players move the model.

func centre(s *engine.State, m int) (float64, float64, int8) {
	p := s.Models[m].Pos
	return float64(p.X), float64(p.Y), p.Level
}

func hyp(x, y float64) float64 { return math.Sqrt(x*x + y*y) }

// keepsClear: a move that never comes within 1" of an enemy (rules.md §4.3
// Move).
func keepsClear(s *engine.State, m int, p engine.Pos) bool {
	return passesClear(s, m, p, enemies(s, m))
}

// passesClear is keepsClear against the models in set only: m's enemies,
// or as many of them as are near enough to matter (board.Around).
func passesClear(s *engine.State, m int, p engine.Pos, set uint64) bool {
	for ; set != 0; set &= set - 1 {
		if n := bits.TrailingZeros64(set); !board.PassesWide(s, m, p, n, 1) && board.PassGap(s, m, p, n) <= 1 {
			return false
		}
	}
	return true
}

// endsClear: a move that ends more than 1" from every enemy in set (rules.md §4.3
// Retreat).
func endsClear(s *engine.State, m int, p engine.Pos, set uint64) bool {
	for ; set != 0; set &= set - 1 {
		if board.GapAt(s, m, p, bits.TrailingZeros64(set)) <= 1 {
			return false
		}
	}
	return true
}

// enemies is the set of m's enemies in play (bit n for model n).
func enemies(s *engine.State, m int) uint64 { return rules.SetOf(s, m, enemy) }

func moveOptions(s *engine.State, m int, add func(engine.Action)) {
	destinations(s, m, passesClear, add)
}

// anyMove is moveOptions' engine.ActionDef.Any: whether the move has a
// destination at all, found without listing them (board.AnyDestination
// stops at the first), so that a decision's kinds and its odds need not
// work out every destination (issue 35).
func anyMove(s *engine.State, m int) bool {
	bd, isBoard := geo(s).(*board.Board)
	if !isBoard || bd == nil {
		return rules.Listed(s, m, moveOptions)
	}
	shy := enemies(s, m)
	reach := movement(s, m)
	near := shy & board.Around(s, m, float64(reach), 1)
	return bd.AnyDestination(s, m, reach, shy, func(p engine.Pos) bool { return passesClear(s, m, p, near) })
}

func retreatOptions(s *engine.State, m int, add func(engine.Action)) {
	destinations(s, m, endsClear, add)
}

// destinations lists m's moves on a board that ok allows, checked against
// the enemies a move could come within 1" of (the others cannot change
// the answer).
func destinations(s *engine.State, m int, ok func(*engine.State, int, engine.Pos, uint64) bool, add func(engine.Action)) {
	b := geo(s)
	if b == nil {
		add(engine.Action{Target: engine.NoModel})
		return
	}
	e := ext(s)
	shy := enemies(s, m) // a move never ends within 1" of an enemy (rules.md §4.3 Move, Retreat)
	reach := movement(s, m)
	e.pos = e.memo.Destinations(b, s, m, reach, shy, e.pos[:0])
	near := shy & board.Around(s, m, float64(reach), 1)
	for _, p := range e.pos {
		if ok(s, m, p, near) {
			add(engine.Action{Target: engine.NoModel}.At(p.X, p.Y))
		}
	}
}

func moveTo(c *engine.Ctx, m int, a engine.Action) {
	s := c.State()
	if a.HasPos {
		c.Move(m, engine.Pos{X: a.X, Y: a.Y, Level: s.Models[m].Pos.Level})
	} else {
		c.Emit(engine.Event{Type: "moved", Model: m, Other: engine.NoModel})
		s.Vars[vClear] = int32(m + 1) // a move never ends within 1" of an enemy
	}
}

// clearAtTable reports that at a table m is known to have no enemy within
// 1" this activation: the players said so, or it has moved since (a move
// never ends within 1" of an enemy), and enemies do not come nearer in its
// activation.
func clearAtTable(s *engine.State, m int) bool { return geo(s) == nil && s.Vars[vClear] == int32(m+1) }

// awayFromEnemies is, at a table, the players' word that no enemy is
// within 1" of m, which Move, Dash, Charge and Shoot need (rules.md §4.3
// Actions; on a board the list only offers them then): asked once an
// activation, and known after a move (which never ends within 1" of an
// enemy); a "yes" refuses the action, which may Fight or Retreat instead.
func awayFromEnemies(c *engine.Ctx, m int, action string) {
	s := c.State()
	if geo(s) != nil || s.Vars[vClear] == int32(m+1) {
		return
	}
	set := rules.SetOf(s, m, enemy)
	if set != 0 && c.FactTrue(engine.Fact{Kind: engine.FactWithinAny, A: m, Set: set, Inches: 1, Start: 1, Why: action + " needs no enemy within 1\" (one within 1\" may be fought, or retreated from)"}) {
		c.Refuse("an enemy is within 1\" of " + s.Static(m).ID + ": it may not " + action + "; it may Fight or Retreat")
	}
	s.Vars[vClear] = int32(m + 1)
}

func resolveMove(c *engine.Ctx, a engine.Action) {
	awayFromEnemies(c, a.Actor, "Move")
	moveTo(c, a.Actor, a)
}

// resolveDash: a Risky Success Roll; failed, the activation ends where the
// model stands; passed, it moves (rules.md §4.3 Actions).
func resolveDash(c *engine.Ctx, a engine.Action) {
	awayFromEnemies(c, a.Actor, "Dash")
	if successFor(c, a.Actor, 0, engine.For("Dash: a Risky Success Roll (a failure ends the activation)", a.Actor, engine.NoModel)) == 0 {
		c.Emit(engine.Event{Type: "dash-failed", Model: a.Actor, Other: engine.NoModel})
		c.EndActivation()
		return
	}
	moveTo(c, a.Actor, a)
}

// resolveCharge moves up to Movement + D6" (halved after standing up)
// towards the target: into base contact if it can, else as close as it
// may (rules.md §4.3 Charge, §4.2.3).
func resolveCharge(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, t := a.Actor, a.Target
	awayFromEnemies(c, m, "Charge")
	// At a table the players say whether the target is in sight and within
	// 12"; a "no" shows it was never a legal target: refused.
	if geo(s) == nil && !c.FactTrue(engine.Fact{Kind: engine.FactSight, A: m, B: t, Why: "A Charge needs its target in sight"}) {
		c.Refuse(s.Static(m).ID + " cannot see " + s.Static(t).ID + ": a Charge needs its target in sight")
	}
	if geo(s) == nil && !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: 12, Why: "A Charge needs its target within 12\""}) {
		c.Refuse(s.Static(t).ID + " is not within 12\" of " + s.Static(m).ID + ": a Charge needs its target within 12\"")
	}
	s.Set(m, cCharged, true)
	reach := float64(s.Stat(m, sM) + c.Roll(s.SideOf(m), pD6, engine.For("Charge distance (Movement + D6\")", m, t)).Outcome + 1)
	if s.Has(m, cStood) {
		reach /= 2
	}
	b := geo(s)
	if b == nil {
		why := s.Static(m).ID + " moves up to " + fmtMove(float32(reach)) + " towards " + s.Static(t).ID + ", never within 1\" of another enemy: did the Charge reach base contact?"
		s.Vars[vClear] = 0 // in contact with its target, or as close as it may: maybe within 1"
		if c.FactTrue(engine.Fact{Kind: engine.FactContact, A: m, B: t, Why: why}) {
			s.Vars[vContact] = int32(t + 1)
			c.Emit(engine.Event{Type: "charged", Model: m, Other: t})
		} else {
			c.Emit(engine.Event{Type: "moved-closer", Model: m, Other: t})
		}
		return
	}
	p := board.ContactPoint(s, m, t)
	if d, ok := board.PathWithin(b, s, m, p, reach); ok && float64(d) <= reach+1e-6 {
		c.Move(m, p)
		c.Emit(engine.Event{Type: "charged", Model: m, Other: t})
		return
	}
	closer(c, m, t, reach)
}

// closer moves m straight towards t as far as it may: within reach, where
// it can stand, never within 1" of an enemy.
func closer(c *engine.Ctx, m, t int, reach float64) {
	s := c.State()
	b := geo(s)
	x0, y0, _ := centre(s, m)
	tx, ty, _ := centre(s, t)
	dx, dy := tx-x0, ty-y0
	l := hyp(dx, dy)
	if l == 0 {
		return
	}
	if p, ok := board.Straight(b, s, m, dx, dy, min(reach, l), reach, func(p engine.Pos) bool { return keepsClear(s, m, p) }); ok {
		c.Move(m, p)
		c.Emit(engine.Event{Type: "moved-closer", Model: m, Other: t})
		return
	}
	c.Emit(engine.Event{Type: "no-room", Model: m, Other: t})
}
