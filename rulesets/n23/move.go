package n23

import (
	"fmt"
	"math"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// Movement, facing and engagement (seed 002, Changing Facing; rules.md
// §3.3). On a board, movement actions carry a destination from the board's
// candidates, filtered by the 1" rule, and the ruleset keeps every model's
// facing (the counter "facing"); at a table the players move and turn the
// models and the game asks what it needs to know.

// radius is a model's base radius in inches.
func radius(s *engine.State, m int) float64 { return s.Static(m).Base / 2 }

func centre(s *engine.State, m int) (float64, float64, int8) {
	p := s.Models[m].Pos
	return float64(p.X), float64(p.Y), p.Level
}

func hyp(x, y float64) float64 { return math.Sqrt(x*x + y*y) }

// engages reports whether enemy n stops m coming within 1": a Standing
// fighter or a vehicle not Wrecked. Prone fighters do not (a model moves
// freely around them).
func engages(s *engine.State, m, n int) bool {
	return enemy(s, m, n) && !down(s, n) && status(s, n) != prone
}

// keepsClear: outside a Charge, a move may not come within 1" of an
// enemy that engages (rules.md §2.3.5, kept for N23: the Charge is the way
// into base contact); set is those enemies (shy), worked out once, so
// that a move's destinations are checked against one set.
func keepsClear(s *engine.State, m int, p engine.Pos, set uint64) bool {
	for n := 0; set != 0; n++ {
		if set&1 != 0 && !board.KeepsOff(s, m, p, n, 1) {
			return false
		}
		set >>= 1
	}
	return true
}

// shy is the set of models a move of m's stops 1" short of.
func shy(s *engine.State, m int) uint64 { return rules.SetOf(s, m, engages) }

// moveOptions lists a movement action's destinations on a board (a plain
// action at a table): the board's candidates that keep the 1" rule.
func moveOptions(reach func(s *engine.State, m int) float32) func(s *engine.State, m int, add func(engine.Action)) {
	return func(s *engine.State, m int, add func(engine.Action)) {
		b := geo(s)
		if b == nil {
			add(engine.Action{Target: engine.NoModel})
			return
		}
		e := ext(s)
		set, r := shy(s, m), reach(s, m)
		e.pos = e.memo.Destinations(b, s, m, r, set, e.pos[:0])
		near := set & board.Around(s, m, float64(r), 1) // the others are too far to matter
		for _, p := range e.pos {
			if keepsClear(s, m, p, near) {
				add(engine.Action{Target: engine.NoModel}.At(p.X, p.Y))
			}
		}
	}
}

// anyMove is moveOptions' engine.ActionDef.Any: whether the move has a
// destination at all, found without listing them (board.AnyDestination
// stops at the first), so that a decision's kinds and its odds need not
// work out every destination (issue 35).
func anyMove(reach func(s *engine.State, m int) float32) func(s *engine.State, m int) bool {
	list := moveOptions(reach)
	return func(s *engine.State, m int) bool {
		bd, isBoard := geo(s).(*board.Board)
		if !isBoard || bd == nil {
			return rules.Listed(s, m, list)
		}
		set, r := shy(s, m), reach(s, m)
		near := set & board.Around(s, m, float64(r), 1)
		return bd.AnyDestination(s, m, r, set, func(p engine.Pos) bool { return keepsClear(s, m, p, near) })
	}
}

// typedMove is Move's (and Crawl's) engine.ActionDef.Unlisted on a board:
// a destination a person types (move w @4.5,7) is taken when the model can
// stand there and get there within reach (round terrain and models, as the
// list's destinations) and keeps the 1" rule; else why not.
func typedMove(reach func(s *engine.State, m int) float32) func(s *engine.State, a engine.Action) string {
	return func(s *engine.State, a engine.Action) string {
		m := a.Actor
		r := float64(reach(s, m))
		p, why := necromunda.TypedDestination(s, a, r)
		if why != "" {
			return why
		}
		if !keepsClear(s, m, p, shy(s, m)&board.Around(s, m, r, 1)) {
			return "the move would come within 1\" of an enemy that engages, or closer to one already within 1\" (rules.md §2.3.5)"
		}
		return ""
	}
}

// resolveMove: Move, Crawl. The model ends facing the way it went. A
// vehicle that moves drives away from any fighter that charged it (at a
// table too, where engagement is not measured).
func resolveMove(c *engine.Ctx, a engine.Action) {
	s := c.State()
	if vehicle(s, a.Actor) {
		unlink(s, a.Actor)
	}
	if a.HasPos {
		moveTo(c, a.Actor, engine.Pos{X: a.X, Y: a.Y, Level: s.Models[a.Actor].Pos.Level})
	} else {
		c.Emit(engine.Event{Type: "moved", Model: a.Actor, Other: engine.NoModel})
	}
	refresh(c)
}

// moveTo moves m to p; it then faces the way it went.
func moveTo(c *engine.Ctx, m int, p engine.Pos) {
	s := c.State()
	x, y, _ := centre(s, m)
	if hyp(float64(p.X)-x, float64(p.Y)-y) > 0.01 {
		s.Models[m].Counters[cFacing] = int16(heading(x, y, float64(p.X), float64(p.Y)))
	}
	c.Move(m, p)
}

// heading is the direction from (x0, y0) to (x1, y1) in whole degrees,
// 0–359, anticlockwise from +x.
func heading(x0, y0, x1, y1 float64) int {
	d := int(math.Round(math.Atan2(y1-y0, x1-x0) * 180 / math.Pi))
	return (d%360 + 360) % 360
}

// turnAngle is the smallest angle between two headings, 0–180.
func turnAngle(a, b int) int {
	d := ((a-b)%360 + 360) % 360
	return min(d, 360-d)
}

func headingTo(s *engine.State, m, t int) int {
	x, y, _ := centre(s, m)
	tx, ty, _ := centre(s, t)
	return heading(x, y, tx, ty)
}

// face turns m towards t on a board; it reports whether m turned at all.
func face(s *engine.State, m, t int) bool { return faceHeading(s, m, headingTo(s, m, t)) }

// faceHeading turns m to heading h (degrees anticlockwise from +x) on a
// board; it reports whether m turned at all.
func faceHeading(s *engine.State, m, h int) bool {
	turned := turnAngle(h, int(s.Models[m].Counters[cFacing])) > 0
	s.Models[m].Counters[cFacing] = int16(h)
	return turned
}

// faceAs turns m as a turn or a Stand Up says (faceOptions): towards its
// target, or to the heading in its option. It reports whether m turned.
func faceAs(s *engine.State, a engine.Action) bool {
	if a.Target != engine.NoModel {
		return face(s, a.Actor, a.Target)
	}
	return faceHeading(s, a.Actor, a.Option)
}

// faceNearestEnemy: at deployment every model faces the nearest enemy.
func faceNearestEnemy(s *engine.State) {
	for m := range s.Models {
		x, y, _ := centre(s, m)
		best, bd := -1, math.Inf(1)
		for n := range s.Models {
			if s.SideOf(n) != s.SideOf(m) {
				nx, ny, _ := centre(s, n)
				if d := hyp(nx-x, ny-y); d < bd {
					best, bd = n, d
				}
			}
		}
		if best >= 0 {
			s.Models[m].Counters[cFacing] = int16(headingTo(s, m, best))
		}
	}
}

// inArc: on a board, is any part of t within m's vision arc (option
// vision-arc, centred on its facing)? A vehicle's crew see all round; a
// Prone fighter has no facing (seed 002) and so no arc; 360° is all round.
func inArc(s *engine.State, m, t int) bool {
	arc := stat(s).opt.arc
	if vehicle(s, m) || arc >= 360 {
		return true
	}
	if status(s, m) == prone {
		return false
	}
	h, k, all := arcOf(s, m, t)
	return all || turnAngle(h, int(s.Models[m].Counters[cFacing])) <= k
}

// seesInArc asks whether t is within m's vision arc: on a board the
// ruleset works it out; at a table the players look (engine.FactArc).
func seesInArc(c *engine.Ctx, m, t int, why string) bool {
	s := c.State()
	if geo(s) != nil {
		return inArc(s, m, t)
	}
	arc := stat(s).opt.arc
	if vehicle(s, m) || arc >= 360 {
		return true
	}
	return c.FactTrue(engine.Fact{Kind: engine.FactArc, A: m, B: t, Inches: float32(arc), Why: why})
}

// resolveTurn: a Standing fighter turns when activated (seed 002, Changing
// Facing): on a board to face its target or heading; at a table as its
// player turns it. Turning Standing and Engaged brings the to-hit penalty
// for the rest of the activation (option engaged-turn-penalty).
func resolveTurn(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	turned := true
	if geo(s) != nil {
		turned = faceAs(s, a)
	}
	c.Emit(engine.Event{Type: "turned", Model: m, Other: a.Target})
	if turned && secondary(s, m) == engaged {
		s.Set(m, cTurned, true)
		c.Emit(engine.Event{Type: "turned-engaged", Model: m, Other: engine.NoModel, Value: stat(s).opt.turnPenalty})
	}
}

// resolveStandUp: Prone and Pinned to Standing and Active, facing where
// its player wants (seed 002: a Prone fighter has no facing and chooses
// one when it stands); on a board Engaged again if in base contact.
func resolveStandUp(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	c.SetStatus(m, standing)
	c.SetSecondary(m, active)
	if geo(s) != nil {
		faceAs(s, a)
	}
	refresh(c)
}

// resolveTakeCover: the fighter drops Prone and Pinned (rules.md §3.3).
func resolveTakeCover(c *engine.Ctx, a engine.Action) {
	c.SetStatus(a.Actor, prone)
	c.SetSecondary(a.Actor, pinned)
	refresh(c)
}

// approach moves m up to reach inches towards t, into base contact if a
// path that long gets there (passing within 1" of enemies to do it); else
// as close as it may, keeping the 1" rule. At a table the players move it
// and say whether it reached base contact (why says what they do).
func approach(c *engine.Ctx, m, t int, reach float64, why string) bool {
	s := c.State()
	if geo(s) != nil {
		if p, ok := contactWithin(s, m, t, reach); ok {
			moveTo(c, m, p)
			face(s, m, t)
			return true
		}
		closer(c, m, t, reach)
		return false
	}
	if c.FactTrue(engine.Fact{Kind: engine.FactContact, A: m, B: t, Why: why}) {
		return true
	}
	c.Emit(engine.Event{Type: "moved-closer", Model: m, Other: t})
	return false
}

// contactWithin: on a board, the point where m's base would touch t's,
// and whether a path of at most reach inches gets m there (a Charge that
// reaches).
func contactWithin(s *engine.State, m, t int, reach float64) (engine.Pos, bool) {
	p := board.ContactPoint(s, m, t)
	d, ok := board.PathWithin(geo(s), s, m, p, reach)
	return p, ok && float64(d) <= reach+1e-6
}

// closer moves m straight towards t as far as it may (closerEnd); with
// no room at all it stays.
func closer(c *engine.Ctx, m, t int, reach float64) {
	s := c.State()
	x0, y0, _ := centre(s, m)
	tx, ty, _ := centre(s, t)
	if math.Hypot(tx-x0, ty-y0) == 0 {
		return
	}
	if p, ok := closerEnd(s, m, t, reach, shy(s, m)); ok {
		moveTo(c, m, p)
		return
	}
	c.Emit(engine.Event{Type: "no-room", Model: m, Other: t})
}

// closerEnd is where a move of m straight towards t ends, as far as it
// may: within reach, on ground it can stand on, and never within 1" of an
// enemy in set (shy: those that engage m); false when there is no room
// to move at all.
func closerEnd(s *engine.State, m, t int, reach float64, set uint64) (engine.Pos, bool) {
	x0, y0, _ := centre(s, m)
	tx, ty, _ := centre(s, t)
	dx, dy := tx-x0, ty-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return s.Models[m].Pos, false
	}
	return board.Straight(geo(s), s, m, dx, dy, math.Min(reach, l), reach, func(p engine.Pos) bool { return keepsClear(s, m, p, set) })
}

// shortStep is a quick yes for closerEnd(s, m, t, reach, set): the last
// and shortest end board.Straight would try (it steps back a quarter inch
// at a time from the move's length, while the end is further than 0.05")
// is one m may stop at, reached by a path of at most 1" (so within reach
// too), so that the whole move ends somewhere. False says nothing.
func shortStep(s *engine.State, m, t int, reach float64, set uint64) bool {
	x0, y0, _ := centre(s, m)
	tx, ty, _ := centre(s, t)
	dx, dy := tx-x0, ty-y0
	d := math.Min(reach, math.Hypot(dx, dy))
	for d-0.25 > 0.05 {
		d -= 0.25
	}
	if d <= 0.05 || d > 1 {
		return false
	}
	_, ok := board.Straight(geo(s), s, m, dx, dy, d, 1, func(p engine.Pos) bool { return keepsClear(s, m, p, set) })
	return ok
}

// chargeMoves: on a board, a Charge of m's at t goes somewhere for some
// roll of its D3 (resolveCharge: M + D3", into base contact by a path that
// long, else straight towards t as far as it may). A Charge that could
// neither reach t nor get any closer would spend both actions for
// nothing, and is not offered (a documented choice). At a table the
// players move the model: yes.
func chargeMoves(s *engine.State, m, t int) bool {
	if geo(s) == nil {
		return true
	}
	// Any roll that goes anywhere will do: the likeliest first. A straight
	// move on the best roll mostly goes at its first try; base contact on
	// the best roll is base contact on some roll (a path within a reach is
	// within any longer one), and none when the contact point is further
	// than the reach as the crow flies.
	set := shy(s, m)
	top := float64(s.Stat(m, sM) + 3)
	if shortStep(s, m, t, top, set) {
		return true
	}
	if _, ok := closerEnd(s, m, t, top, set); ok {
		return true
	}
	x, y, _ := centre(s, m)
	if p := board.ContactPoint(s, m, t); hyp(float64(p.X)-x, float64(p.Y)-y) <= top+1e-6 {
		if _, ok := contactWithin(s, m, t, top); ok {
			return true
		}
	}
	// A shorter roll's straight move tries the best roll's ends again,
	// each reached by a shorter path, but for its first end when it starts
	// at its own length (each end is Toward's point at a quarter-inch
	// step, and the lengths are whole inches), or at t, on both; only when
	// t lies between the two lengths are its ends others.
	l := hyp(float64(s.Models[t].Pos.X)-x, float64(s.Models[t].Pos.Y)-y)
	for d3 := 2; d3 >= 1; d3-- {
		reach := float64(s.Stat(m, sM) + d3)
		if reach < l && l < top {
			if _, ok := closerEnd(s, m, t, reach, set); ok {
				return true
			}
		} else if firstEnd(s, m, t, reach, set) {
			return true
		}
	}
	return false
}

// firstEnd: the first end board.Straight tries for closerEnd(s, m, t,
// reach, set), at the move's whole length, is one m may stop at, reached
// by a path of at most reach.
func firstEnd(s *engine.State, m, t int, reach float64, set uint64) bool {
	x0, y0, _ := centre(s, m)
	tx, ty, _ := centre(s, t)
	d := math.Min(reach, math.Hypot(tx-x0, ty-y0))
	if d <= 0.05 {
		return false
	}
	p := board.Toward(x0, y0, tx-x0, ty-y0, d, reach, s.Models[m].Pos.Level)
	if !keepsClear(s, m, p, set) {
		return false
	}
	pl, ok := board.PathWithin(geo(s), s, m, p, reach)
	return ok && float64(pl) <= reach+1e-6
}

// away moves m directly away from the point (fx, fy), up to reach inches,
// as far as it fits (a path that long, room to stand) and ends at least
// 1" from every enemy; with no such spot it stays. It reports whether it
// moved.
func away(c *engine.Ctx, m int, fx, fy, reach float64) bool {
	s := c.State()
	b := geo(s)
	x0, y0, _ := centre(s, m)
	dx, dy := x0-fx, y0-fy
	if math.Hypot(dx, dy) < 1e-6 {
		dx, dy = 1, 0
	}
	if p, ok := board.Straight(b, s, m, dx, dy, reach, reach, func(p engine.Pos) bool { return clear1inch(s, m, p) }); ok {
		moveTo(c, m, p)
		return true
	}
	c.Emit(engine.Event{Type: "no-room", Model: m, Other: engine.NoModel})
	return false
}

// clear1inch: the move ends at least 1" from every enemy in the fight.
func clear1inch(s *engine.State, m int, p engine.Pos) bool {
	for n := range s.Models {
		if enemy(s, m, n) && !down(s, n) && board.GapAt(s, m, p, n) < 1 {
			return false
		}
	}
	return true
}

// unlink frees m from every combat.
func unlink(s *engine.State, m int) {
	for n := range s.Models {
		if s.Linked(m, n) {
			s.Link(m, n, false)
		}
	}
}

// resolveCharge moves up to M + D3" into base contact with the target
// (rules.md §3.3, Charge (Double)); reaching it, both are Engaged (a Prone
// and Pinned fighter charged stands to fight, counting as turned for its
// reaction attacks) and the charger makes a free Fight, −1 to hit if it
// could not see the target when it charged (N23 Close Combat page).
func resolveCharge(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m, t := a.Actor, a.Target
	var seen bool
	if b := geo(s); b != nil {
		v, _ := b.Fact(s, engine.Fact{Kind: engine.FactSight, A: m, B: t})
		seen = v == 1
	} else {
		seen = c.FactTrue(engine.Fact{Kind: engine.FactSight, A: m, B: t, Why: "Charging a target the charger cannot see costs −1 on the free Fight's hit rolls"})
	}
	d3 := (c.Roll(s.SideOf(m), pD6, engine.For("Charge distance (M + D3\": a D6 halved, rounding up)", m, t)).Outcome + 2) / 2
	reach := float64(s.Stat(m, sM) + d3)
	why := "" // only the players at a table read it
	if geo(s) == nil {
		why = fmt.Sprintf("%s charges up to %g\" to base contact with %s; did it reach? (if not it ends as close as it can, more than 1\" from other enemies)", s.Static(m).ID, reach, s.Static(t).ID)
	}
	if !approach(c, m, t, reach, why) {
		refresh(c)
		return
	}
	if fighter(s, t) && status(s, t) == prone {
		c.SetStatus(t, standing)
		c.SetSecondary(t, active)
		s.Set(t, cRoused, true)
		if geo(s) != nil {
			face(s, t, m)
		}
	}
	s.Link(m, t, true)
	s.Vars[vContact] = int32(t + 1)
	s.Set(m, cCharged, true)
	if !seen {
		s.Set(m, cChargedUnseen, true)
	}
	refresh(c)
	c.FollowUp("fight")
}

// resolveRetreat: an Initiative test; passed, the fighter leaves the
// combat, up to D6" away from the enemies it was Engaged with, ending more
// than 1" from every enemy (on a board straight away from them); failed,
// it stays Engaged and the action is spent (rules.md §3.3).
func resolveRetreat(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	if c.Roll(s.SideOf(m), test(s.Stat(m, sI), 0), engine.For("Retreat: Initiative test", m, engine.NoModel)).Outcome != 0 {
		c.Emit(engine.Event{Type: "retreat-failed", Model: m, Other: engine.NoModel})
		return
	}
	d := c.Roll(s.SideOf(m), pD6, engine.For("Retreat distance (D6\")", m, engine.NoModel)).Outcome + 1
	if geo(s) != nil {
		fx, fy := foesCentre(s, m)
		if !away(c, m, fx, fy, float64(d)) {
			refresh(c)
			return
		}
	} else {
		c.Emit(engine.Event{Type: "retreated", Model: m, Other: engine.NoModel, Value: d})
	}
	unlink(s, m)
	refresh(c)
}

// foesCentre is the centre of the enemies m is Engaged with (or of the
// nearest enemy when none).
func foesCentre(s *engine.State, m int) (float64, float64) {
	var sx, sy float64
	n := 0
	for e := range s.Models {
		if s.Linked(m, e) && s.Models[e].InPlay {
			x, y, _ := centre(s, e)
			sx, sy, n = sx+x, sy+y, n+1
		}
	}
	if n > 0 {
		return sx / float64(n), sy / float64(n)
	}
	x, y, _ := centre(s, m)
	best, bd := -1, math.Inf(1)
	for e := range s.Models {
		if enemy(s, m, e) {
			ex, ey, _ := centre(s, e)
			if d := hyp(ex-x, ey-y); d < bd {
				best, bd = e, d
			}
		}
	}
	if best < 0 {
		return x - 1, y
	}
	ex, ey, _ := centre(s, best)
	return ex, ey
}

// resolveRun: a Broken fighter runs for cover, up to 2M" away from the
// enemy (rules.md §3.3, Broken); on a board straight away from the enemies
// it fights or else the nearest one, ending more than 1" from every enemy.
func resolveRun(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	if geo(s) != nil {
		fx, fy := foesCentre(s, m)
		if !away(c, m, fx, fy, float64(2*s.Stat(m, sM))) {
			refresh(c)
			return
		}
	} else {
		c.Emit(engine.Event{Type: "ran-for-cover", Model: m, Other: engine.NoModel})
	}
	unlink(s, m)
	refresh(c)
}

// refresh keeps engagement true to the table (rules.md §3.3): on a board,
// Standing fighters in base contact with Standing enemy fighters are
// Engaged, and a Charge's tie to a vehicle lasts while they touch; Prone,
// Seriously Injured, Wrecked and removed models are never Engaged; a
// Standing fighter tied to an enemy is Engaged, one no longer tied Active.
func refresh(c *engine.Ctx) { engagement(c.State(), c.SetSecondary) }

// engagement is refresh on a state, setting secondary statuses with set
// (Start uses it before the game has a Ctx).
func engagement(s *engine.State, set func(m, sec int)) {
	b := geo(s)
	for m := range s.Models {
		for n := m + 1; n < len(s.Models); n++ {
			if s.SideOf(m) == s.SideOf(n) {
				continue
			}
			live := s.Models[m].InPlay && s.Models[n].InPlay && !down(s, m) && !down(s, n) &&
				status(s, m) != prone && status(s, n) != prone && (fighter(s, m) || fighter(s, n))
			link := s.Linked(m, n)
			if b != nil && live {
				contact := board.GapAt(s, m, s.Models[m].Pos, n) <= board.Contact
				link = contact && (link || fighter(s, m) && fighter(s, n))
			}
			s.Link(m, n, link && live)
		}
	}
	for m := range s.Models {
		if !s.Models[m].InPlay || !fighter(s, m) || status(s, m) != standing {
			continue
		}
		switch {
		case s.Models[m].Links != 0:
			set(m, engaged)
		case secondary(s, m) == engaged:
			set(m, active)
		}
	}
}
