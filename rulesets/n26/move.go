package n26

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// Movement (rules.md §2.2.3, §2.3.5). On a board, movement actions carry a
// destination from the board's candidates, filtered by the 1" rule; at a
// table the players move the model and the game records the action and
// asks what it needs to know (did the Charge reach base contact?).

// radius is a model's base radius in inches.
func radius(s *engine.State, m int) float64 { return s.Static(m).Base / 2 }

func centre(s *engine.State, m int) (float64, float64, int8) {
	p := s.Models[m].Pos
	return float64(p.X), float64(p.Y), p.Level
}

// engages reports whether enemy n stops m coming within 1" (rules.md §2.2.4,
// §2.3.5: it is not
// Seriously Injured).
func engages(s *engine.State, m, n int) bool {
	return enemy(s, m, n) && status(s, n) != seriouslyInjured
}

// rule1inch: the move may not come within 1" of an enemy that is not
// Seriously Injured (rules.md §2.3.5, the 1" rule).
func rule1inch(s *engine.State, m int, p engine.Pos) bool { return keeps1inch(s, m, p, shy(s, m)) }

// keeps1inch is the 1" rule against the models in set only: those that
// engage (shy), or as many of them as are near enough to matter.
func keeps1inch(s *engine.State, m int, p engine.Pos, set uint64) bool {
	for ; set != 0; set &= set - 1 {
		if n := bits.TrailingZeros64(set); !board.KeepsOff(s, m, p, n, 1) {
			return false
		}
	}
	return true
}

// clear1inch: the move must end at least 1" from every enemy among near
// (Retreat, rules.md §2.2.4).
func clear1inch(s *engine.State, m int, p engine.Pos, near nearby) bool {
	for set := near.all; set != 0; set &= set - 1 {
		if n := bits.TrailingZeros64(set); enemy(s, m, n) && board.GapAt(s, m, p, n) < 1 {
			return false
		}
	}
	return true
}

func anywhere(*engine.State, int, engine.Pos, nearby) bool { return true }

// nearby is who a move's destinations are checked against, worked out once
// per listing: the models a move of its reach could bring within 1"
// (board.Around), and those of them that engage (shy). Models farther off
// cannot change a destination's answer.
type nearby struct{ all, engaging uint64 }

// shy is the set of models a move of m's stops 1" short of: enemies that
// are not Seriously Injured. Models may end beside friends and beside
// Seriously Injured enemies (seed 000, Engaged status: models move freely
// within 1" of them), so destinations go into base contact with those.
func shy(s *engine.State, m int) uint64 { return rules.SetOf(s, m, engages) }

// moveOptions lists a movement action's destinations on a board (a plain
// action at a table).
func moveOptions(reach func(s *engine.State, m int) float32, ok func(s *engine.State, m int, p engine.Pos, near nearby) bool) func(s *engine.State, m int, add func(engine.Action)) {
	return func(s *engine.State, m int, add func(engine.Action)) {
		b := geo(s)
		if b == nil {
			add(engine.Action{Target: engine.NoModel})
			return
		}
		e := ext(s)
		r, sh := reach(s, m), shy(s, m)
		e.pos = e.memo.Destinations(b, s, m, r, sh, e.pos[:0])
		near := nearby{all: board.Around(s, m, float64(r), 1)}
		near.engaging = near.all & sh
		for _, p := range e.pos {
			if ok(s, m, p, near) && board.Unblocked(s, m, p, near.all) {
				add(engine.Action{Target: engine.NoModel}.At(p.X, p.Y))
			}
		}
	}
}

// anyMove is moveOptions' engine.ActionDef.Any: whether the move has a
// destination at all, found without listing them (board.AnyDestination
// stops at the first), so that a decision's kinds and its odds need not
// work out every destination (issue 35).
func anyMove(reach func(s *engine.State, m int) float32, ok func(s *engine.State, m int, p engine.Pos, near nearby) bool) func(s *engine.State, m int) bool {
	list := moveOptions(reach, ok)
	return func(s *engine.State, m int) bool {
		bd, isBoard := geo(s).(*board.Board)
		if !isBoard || bd == nil {
			return rules.Listed(s, m, list)
		}
		r, sh := reach(s, m), shy(s, m)
		near := nearby{all: board.Around(s, m, float64(r), 1)}
		near.engaging = near.all & sh
		return bd.AnyDestination(s, m, r, sh, func(p engine.Pos) bool {
			return ok(s, m, p, near) && board.Unblocked(s, m, p, near.all)
		})
	}
}

// typedMove is a movement action's engine.ActionDef.Unlisted on a board:
// a destination a person types (move w @4.5,7) is taken when the model can
// stand there and get there within reach, and the action's own rule (ok)
// holds; else why not, naming the rule (why is ok's).
func typedMove(reach func(s *engine.State, m int) float32, ok func(s *engine.State, m int, p engine.Pos, near nearby) bool, why string) func(s *engine.State, a engine.Action) string {
	return func(s *engine.State, a engine.Action) string {
		m := a.Actor
		r := float64(reach(s, m))
		p, w := necromunda.TypedDestination(s, a, r)
		if w != "" {
			return w
		}
		near := nearby{all: board.Around(s, m, r, 1)}
		near.engaging = near.all & shy(s, m)
		if !ok(s, m, p, near) {
			return why
		}
		if !board.Unblocked(s, m, p, near.all) {
			return "the move would pass through another model's base (rules.md §2.3.5)"
		}
		return ""
	}
}

// retreatOptions are moveOptions' destinations for a Retreat of I",
// and also the ends of straight moves of I" and half that in sixteen
// directions round the model: an Engaged model may need to step aside,
// away from no model in particular, to end 1" from every enemy (seed
// 000, Retreat).
func retreatOptions(s *engine.State, m int, add func(engine.Action)) {
	reach := retreatReach
	b := geo(s)
	if b == nil {
		add(engine.Action{Target: engine.NoModel})
		return
	}
	e := ext(s)
	e.listed = e.listed[:0]
	retreatMoves(s, m, func(a engine.Action) {
		e.listed = append(e.listed, engine.Pos{X: a.X, Y: a.Y})
		add(a)
	})
	listed := e.listed
	r := float64(reach(s, m))
	near := nearby{all: board.Around(s, m, r, 1)}
	x0, y0, lvl := centre(s, m)
	for k := range 16 {
		th := float64(k) * math.Pi / 8
		for _, d := range [2]float64{r, r / 2} {
			p := board.Toward(x0, y0, math.Cos(th), math.Sin(th), d, r, lvl)
			if slices.Contains(listed, engine.Pos{X: p.X, Y: p.Y}) || hyp(float64(p.X)-x0, float64(p.Y)-y0) < 0.005 {
				continue
			}
			if pl, ok := board.PathWithin(b, s, m, p, r); !ok || float64(pl) > r+1e-6 || !clear1inch(s, m, p, near) || !board.Unblocked(s, m, p, near.all) {
				continue
			}
			listed = append(listed, engine.Pos{X: p.X, Y: p.Y})
			add(engine.Action{Target: engine.NoModel}.At(p.X, p.Y))
		}
	}
	e.listed = listed[:0] // the buffer, for the next
}

// retreatMoves are a Retreat's moves straight towards or away from models:
// moveOptions, made once.
var retreatMoves = moveOptions(retreatReach, clear1inch)

// retreatReach is a Retreat's reach: I".
func retreatReach(s *engine.State, m int) float32 { return float32(s.Stat(m, sI)) }

func resolveMove(c *engine.Ctx, a engine.Action) {
	s := c.State()
	if a.HasPos {
		moveTo(c, a.Actor, engine.Pos{X: a.X, Y: a.Y, Level: s.Models[a.Actor].Pos.Level})
	} else {
		c.Emit(engine.Event{Type: "moved", Model: a.Actor, Other: engine.NoModel})
	}
	refresh(c)
}

// resolveRetreat moves away; the model is no longer Engaged (rules.md §2.2.4).
func resolveRetreat(c *engine.Ctx, a engine.Action) {
	s := c.State()
	for n := range s.Models {
		if s.Linked(a.Actor, n) {
			s.Link(a.Actor, n, false)
		}
	}
	resolveMove(c, a)
}

// resolveCharge moves up to M + D6" towards the target (seed 000, Charge;
// rules.md §2.2.3). A vehicle may only target a model it can turn to face
// with its one turn of up to 90° (seed 000, Charge): on a board the
// targets offered are those; at a table the players are asked first, and
// a "no" refuses the action.
func resolveCharge(c *engine.Ctx, a engine.Action) {
	s := c.State()
	if vehicle(s, a.Actor) && geo(s) == nil &&
		!c.FactTrue(engine.Fact{Kind: engine.FactTurn, A: a.Actor, B: a.Target, Inches: 90, Why: "A vehicle may only Charge a model it can face with one turn of up to 90°"}) {
		c.Refuse(fmt.Sprintf("%s cannot turn to face %s with one turn of up to 90°, so it may not Charge it (seed 000, Charge)", s.Static(a.Actor).ID, s.Static(a.Target).ID))
	}
	roll := c.Roll(s.SideOf(a.Actor), pD6, engine.For("Charge distance (M + D6\")", a.Actor, a.Target)).Outcome + 1
	approach(c, a.Actor, a.Target, float64(s.Stat(a.Actor, sM)+roll), true)
}

// resolveEngage moves up to D6" towards the target (seed 000, Engage;
// rules.md §2.2.3).
func resolveEngage(c *engine.Ctx, a engine.Action) {
	roll := c.Roll(c.State().SideOf(a.Actor), pD6, engine.For("Engage distance (D6\")", a.Actor, a.Target)).Outcome + 1
	approach(c, a.Actor, a.Target, float64(roll), false)
}

// approach moves m up to reach inches towards t. If the move can end
// Engaged with t (base contact with an enemy that is not Seriously
// Injured), it does, passing within 1" of enemies on the way, and the model
// must then take a Fight or a Coup de Grace as a free action; otherwise it
// moves as close as possible to t, keeping the 1" rule (seed 000, Charge
// and Engage). A Seriously Injured target is never Engaged (seed 000,
// Engaged status), so a move towards one ends beside it, if it can, with
// no free action: the model keeps whatever actions it has left.
func approach(c *engine.Ctx, m, t int, reach float64, charge bool) {
	s := c.State()
	engageable := status(s, t) != seriouslyInjured
	reached := false
	if b := geo(s); b != nil {
		p := board.ContactPoint(s, m, t)
		if d, ok := board.PathWithin(b, s, m, p, reach); ok && float64(d) <= reach+1e-6 && (engageable || rule1inch(s, m, p)) &&
			board.Unblocked(s, m, p, board.Around(s, m, reach, 0)) && (!vehicle(s, m) || straight(s, m, p, d)) {
			moveTo(c, m, p)
			reached = true
		} else {
			closer(c, m, t, reach)
		}
	} else if engageable {
		why := fmt.Sprintf("%s moves up to %g\" straight towards %s, passing within 1\" of enemies only if it ends in base contact with it, else as close as it can; then it is Engaged and takes a free Fight or Coup de Grace",
			s.Static(m).ID, reach, s.Static(t).ID)
		reached = c.FactTrue(engine.Fact{Kind: engine.FactContact, A: m, B: t, Why: why})
		if !reached {
			c.Emit(engine.Event{Type: "moved-closer", Model: m, Other: t})
		}
	} else {
		c.Emit(engine.Event{Type: "moved-closer", Model: m, Other: t, Value: int(reach * 100)})
	}
	if !reached || !engageable {
		refresh(c)
		return
	}
	s.Link(m, t, true)
	s.Vars[vContact] = int32(t + 1)
	if charge {
		s.Set(m, cCharged, true)
	}
	refresh(c)
	c.FollowUp("fight", "coup-de-grace")
}

// closer moves m as close as it may to t (seed 000, Charge and Engage):
// within reach, on ground it can stand on, through no model's base, and
// never within 1" of an enemy that is not Seriously Injured. A fighter
// goes straight at t, or where that is barred, the straight move of a fan
// round it that ends nearest t (board.Closest); a vehicle, whose one turn
// is taken at the start, only straight at t along a clear line.
func closer(c *engine.Ctx, m, t int, reach float64) {
	s := c.State()
	b := geo(s)
	x0, y0, _ := centre(s, m)
	tx, ty, _ := centre(s, t)
	dx, dy := tx-x0, ty-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	around := board.Around(s, m, reach, 1)
	sh := shy(s, m) & around
	ok := func(p engine.Pos) bool { return keeps1inch(s, m, p, sh) && board.Unblocked(s, m, p, around) }
	var p engine.Pos
	var moved bool
	if vehicle(s, m) {
		p, moved = board.Straight(b, s, m, dx, dy, math.Min(reach, l), reach, func(p engine.Pos) bool {
			return straightTo(s, m, p) && ok(p)
		})
	} else {
		floor := 0.0
		if engages(s, m, t) && s.Models[t].Pos.Level == s.Models[m].Pos.Level {
			floor = 1 // the 1" rule: no nearer, short of contact (on one level)
		}
		p, moved = board.Closest(b, s, m, t, reach, floor, ok)
	}
	if moved {
		moveTo(c, m, p)
		return
	}
	c.Emit(engine.Event{Type: "no-room", Model: m, Other: t})
}

// straight: a path of length d from m to p is the straight line, not one
// round terrain (a vehicle's Charge and Dash take their one turn at the
// start, then go straight; seed 000).
func straight(s *engine.State, m int, p engine.Pos, d float32) bool {
	x, y, _ := centre(s, m)
	return float64(d) <= hyp(float64(p.X)-x, float64(p.Y)-y)+0.01
}

// straightTo: m can reach p, and its shortest path there is straight (a
// vehicle goes straight after its one turn, seed 000; see straight).
func straightTo(s *engine.State, m int, p engine.Pos) bool {
	x, y, _ := centre(s, m)
	d, ok := board.PathWithin(geo(s), s, m, p, hyp(float64(p.X)-x, float64(p.Y)-y)+0.01)
	return ok && straight(s, m, p, d)
}

// resolveFreewheel moves a Seriously Damaged vehicle D6" (rules.md §2.2.5):
// on a board, its player picks where among the candidates within reach.
func resolveFreewheel(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	roll := c.Roll(s.SideOf(m), pD6, engine.For("Freewheel distance (D6\")", m, engine.NoModel)).Outcome + 1
	b := geo(s)
	if b == nil {
		c.Emit(engine.Event{Type: "moved", Model: m, Other: engine.NoModel, Value: roll})
		return
	}
	around := board.Around(s, m, float64(roll), 0)
	dests := slices.DeleteFunc(b.Destinations(s, m, float32(roll), shy(s, m), nil), func(p engine.Pos) bool { return !board.Unblocked(s, m, p, around) })
	if len(dests) == 0 {
		c.Emit(engine.Event{Type: "no-room", Model: m, Other: engine.NoModel})
		return
	}
	opts := make([]string, len(dests)+1)
	opts[0] = "stay"
	for i, p := range dests {
		opts[i+1] = fmt.Sprintf("%g,%g", p.X, p.Y)
	}
	if k := c.Choose(s.SideOf(m), "freewheel", fmt.Sprintf("Freewheel %d\": where to?", roll), opts); k > 0 {
		moveTo(c, m, dests[k-1])
	}
	refresh(c)
}

// board returns the concrete board for ductways, tokens and ledges.
func concrete(s *engine.State) *board.Board {
	b, _ := geo(s).(*board.Board)
	return b
}

// nearTokens is the set of unused board tokens within 1" of m, bit i for
// token i (the first 32 tokens: vTokens marks the used ones).
func nearTokens(s *engine.State, m int) uint32 {
	b := concrete(s)
	if b == nil {
		return 0
	}
	x, y, lvl := centre(s, m)
	var set uint32
	for i, t := range b.Tokens {
		if i < 32 && s.Vars[vTokens]&(1<<i) == 0 && t.At.Level == int(lvl) && math.Hypot(t.At.X-x, t.At.Y-y)-radius(s, m) <= 1 {
			set |= 1 << i
		}
	}
	return set
}

func tokenOptions(s *engine.State, m int, add func(engine.Action)) {
	if geo(s) == nil {
		add(engine.Action{Target: engine.NoModel})
		return
	}
	set := nearTokens(s, m)
	for i := range 32 {
		if set&(1<<i) != 0 {
			add(engine.Action{Target: engine.NoModel, Option: i})
		}
	}
}

// resolveInteract uses the token: the scenario's object is done with (what
// it does is the scenario's, rules.md §2.3.9). At a table the players know
// the object and apply it; the game records the action.
func resolveInteract(c *engine.Ctx, a engine.Action) {
	s := c.State()
	b := concrete(s)
	if b == nil {
		c.Emit(engine.Event{Type: "interacted", Model: a.Actor, Other: engine.NoModel})
		return
	}
	s.Vars[vTokens] |= 1 << a.Option
	c.Emit(engine.Event{Type: "interacted", Model: a.Actor, Other: engine.NoModel, Value: a.Option, Key: b.Tokens[a.Option].Kind})
}

// refresh keeps engagement true to the table (rules.md §2.2.4, §2.3.2): on
// a board, fighters in base contact with enemy fighters are Engaged (links
// made by a Charge or Engage into a vehicle stand while in contact);
// Seriously Injured and removed models are never Engaged; an Engaged model
// is never Suppressed; a model no longer Engaged is Active.
func refresh(c *engine.Ctx) { engagement(c.State(), c.SetStatus) }

// engagement is refresh on a state, setting statuses with set (Start uses
// it before the game has a Ctx: models deployed in base contact are
// Engaged from the start).
func engagement(s *engine.State, set func(m, status int)) {
	b := geo(s)
	for m := range s.Models {
		pm := s.Models[m].Pos
		for n := m + 1; n < len(s.Models); n++ {
			if s.SideOf(m) == s.SideOf(n) {
				continue
			}
			live := s.Models[m].InPlay && s.Models[n].InPlay && status(s, m) != seriouslyInjured && status(s, n) != seriouslyInjured
			link := s.Linked(m, n)
			if b != nil && live {
				// bases further apart along x or y than their radii and
				// the contact distance (with a thousandth to spare) are
				// not in contact; the rest are measured
				pn, reach := s.Models[n].Pos, float32((s.Static(m).Base+s.Static(n).Base)/2+board.Contact+1e-3)
				contact := pm.X-pn.X <= reach && pn.X-pm.X <= reach && pm.Y-pn.Y <= reach && pn.Y-pm.Y <= reach &&
					board.GapAt(s, m, pm, n) <= board.Contact
				link = contact && (link || fighter(s, m) && fighter(s, n))
			}
			s.Link(m, n, link && live)
		}
	}
	for m := range s.Models {
		if !s.Models[m].InPlay || status(s, m) == seriouslyInjured {
			continue
		}
		switch {
		case s.Models[m].Links != 0:
			set(m, engaged)
		case status(s, m) == engaged:
			set(m, active)
		}
	}
}

func hyp(x, y float64) float64 { return math.Sqrt(x*x + y*y) }

// Vehicles on a board have a facing (rules.md §2.2.3, §2.3.5): Charge and
// Dash allow one turn of up to 90°, which we take at the start of a
// straight move; every move leaves the vehicle facing the way it went. At
// deployment a vehicle faces the nearest enemy. Fighters have no facing.

// heading is the direction from (x0, y0) to (x1, y1) in whole degrees,
// 0–359, anticlockwise from +x.
func heading(x0, y0, x1, y1 float64) int {
	d := int(math.Round(math.Atan2(y1-y0, x1-x0) * 180 / math.Pi))
	return (d%360 + 360) % 360
}

// turn is the smallest angle between two headings, 0–180.
func turn(a, b int) int {
	d := ((a-b)%360 + 360) % 360
	return min(d, 360-d)
}

func faceNearestEnemy(s *engine.State) {
	for m := range s.Models {
		if !vehicle(s, m) {
			continue
		}
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
			nx, ny, _ := centre(s, best)
			s.Models[m].Counters[cFacing] = int16(heading(x, y, nx, ny))
		}
	}
}

// oneTurn: a vehicle may reach p with at most a 90° turn from its facing.
func oneTurn(s *engine.State, m int, p engine.Pos) bool {
	if !vehicle(s, m) {
		return true
	}
	x, y, _ := centre(s, m)
	return turn(heading(x, y, float64(p.X), float64(p.Y)), int(s.Models[m].Counters[cFacing])) <= 90
}

// facesWithin90: vehicle m can face model t's centre with one turn of up
// to 90° from its facing.
func facesWithin90(s *engine.State, m, t int) bool {
	x, y, _ := centre(s, m)
	tx, ty, _ := centre(s, t)
	return turn(heading(x, y, tx, ty), int(s.Models[m].Counters[cFacing])) <= 90
}

// dashTo: the 1" rule, and a vehicle's single turn, after which it goes
// straight (so not round terrain).
func dashTo(s *engine.State, m int, p engine.Pos, near nearby) bool {
	if !oneTurn(s, m, p) || !keeps1inch(s, m, p, near.engaging) {
		return false
	}
	if !vehicle(s, m) {
		return true
	}
	return straightTo(s, m, p)
}

// moveBy1inch: a Move keeps the 1" rule.
func moveBy1inch(s *engine.State, m int, p engine.Pos, near nearby) bool {
	return keeps1inch(s, m, p, near.engaging)
}

// moveTo moves m to p; a vehicle then faces the way it went.
func moveTo(c *engine.Ctx, m int, p engine.Pos) {
	s := c.State()
	x, y, _ := centre(s, m)
	if vehicle(s, m) && hyp(float64(p.X)-x, float64(p.Y)-y) > 0.01 {
		s.Models[m].Counters[cFacing] = int16(heading(x, y, float64(p.X), float64(p.Y)))
	}
	c.Move(m, p)
}
