package falloutfactions

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// Movement, Engagement, Proximity and the Control Area (seed 004, Get
// Moving, Back Off, Engagement & Proximity, Control Area; rules.md §5.2.1,
// §5.2.5). On a board the game measures: moves are the board's candidate
// destinations that keep out of enemies' Proximity, and base contact with
// each enemy the model can reach (which Engages it). At a table the
// players move the models: a move says whether it goes into base contact
// with an enemy, and the game asks whether it got there.

// concrete is the board, or nil at a table.
func concrete(s *engine.State) *board.Board {
	b, _ := geo(s).(*board.Board)
	return b
}

func point(s *engine.State, m int) board.Point {
	p := s.Models[m].Pos
	return board.Point{X: float64(p.X), Y: float64(p.Y), Level: int(p.Level)}
}

// rise is how far level a stands above level b, in inches.
func rise(bd *board.Board, a, b int8) float64 { return bd.Elevation(int(a)) - bd.Elevation(int(b)) }

// engagedAt reports whether models m and n, of different crews, are
// Engaged where they stand (seed 004, Engagement): bases touching; across
// levels only within 2" of height, the higher base no higher than the top
// of the lower model.
func engagedAt(s *engine.State, bd *board.Board, m, n int) bool {
	pm, pn := s.Models[m].Pos, s.Models[n].Pos
	g := board.FlatGap(s, m, pm, n)
	if pm.Level == pn.Level {
		return g <= board.Contact
	}
	return g <= board.Contact && g >= -board.Contact && heightsEngage(s, bd, m, pm.Level, n)
}

// heightsEngage reports whether model m, standing on level lm, and model n
// are near enough in height to Engage (seed 004, Engagement & Proximity):
// at most 2" apart, the higher base no higher than the top of the lower
// model. Models on one level always are.
func heightsEngage(s *engine.State, bd *board.Board, m int, lm int8, n int) bool {
	dz := rise(bd, lm, s.Models[n].Pos.Level)
	switch {
	case math.Abs(dz) > 2:
		return false
	case dz > 0:
		return dz <= stat(s).height[n]
	}
	return -dz <= stat(s).height[m]
}

// proximityHeight reports whether a model's Proximity reaches dz inches
// above its base (below it when dz is negative). Seed 004 stops it 2"
// above the base and says nothing of below: we take the same 2" below
// (doc.go), so that two models' Proximity reaches across a height in
// either direction, as Engagement does.
func proximityHeight(dz float64) bool { return math.Abs(dz) <= 2 }

// inProximity reports whether model m standing at p would be in enemy n's
// Proximity (seed 004): n unengaged, m within 1" of its base in plan, at
// most 2" above or below it, with no wall as tall as n between.
func inProximity(s *engine.State, bd *board.Board, m int, p engine.Pos, n int) bool {
	if status(s, n) != unengaged {
		return false
	}
	if !proximityHeight(rise(bd, p.Level, s.Models[n].Pos.Level)) || board.FlatGap(s, m, p, n) > 1 {
		return false
	}
	q := board.Point{X: float64(p.X), Y: float64(p.Y), Level: int(p.Level)}
	return !bd.Screened(point(s, n), q, stat(s).height[n])
}

// moveZones appends the areas mover's moves on its level keep out of
// (seed 004, Engagement & Proximity), and sets zone[n] to the index of
// model n's, or -1: the Proximity of each enemy that has one and that
// mover is not inside already — 1" round its base, not through a wall as
// tall as that enemy, reaching it across at most 2" of height — which a
// move into base contact with that enemy may enter on its last stretch;
// and, on mover's level, the base of every other model without such an
// area: a move goes round models, never through them (doc.go). A model
// already inside an enemy's Proximity may move within it.
func moveZones(s *engine.State, bd *board.Board, mover int, out []board.Zone, zone *[engine.MaxModels]int8) []board.Zone {
	from := s.Models[mover].Pos
	rm := float64(s.Static(mover).Base) / 2
	for n := range s.Models {
		zone[n] = -1
		if n == mover || !s.Models[n].InPlay {
			continue
		}
		rn := float64(s.Static(n).Base) / 2
		base := rm + rn - 2*board.Contact
		switch {
		case enemy(s, mover, n) && status(s, n) == unengaged &&
			proximityHeight(rise(bd, from.Level, s.Models[n].Pos.Level)) && !inProximity(s, bd, mover, from, n):
			out = append(out, board.Zone{C: point(s, n), R: rm + rn + 1, Screen: stat(s).height[n], Core: base})
		case s.Models[n].Pos.Level == from.Level:
			out = append(out, board.Zone{C: point(s, n), R: base, Core: base})
		default:
			continue
		}
		zone[n] = int8(len(out) - 1)
	}
	return out
}

// longest is the longest move, in inches: a Hurry (seed 004, Get Moving).
const longest = 12

// searched is how long the paths the router finds may be: half a Hurry
// beyond it, so that a Hurry whose straight candidates lie past an enemy
// finds the detour round its Proximity, and is cut short along it to 12"
// (alongPath), and a typed destination too far round is refused with its
// path's length.
const searched = longest * 1.5

// pastAngle is how far to either side of an enemy, in radians, listMoves
// aims the moves that go past it.
const pastAngle = 0.35

// contactSides is how many points round an enemy's base a move into base
// contact with it is tried at, besides the one facing the mover.
const contactSides = 16

// listMoves lists where model mover may move up to reach inches on the
// board, until emit returns false: the board's candidate destinations
// whose shortest path keeps out of enemies' Proximity and other models'
// bases (moveZones; target NoModel), then, for each enemy it may Engage, the
// point of base contact with it that the shortest such path reaches,
// entering that enemy's Proximity only on its last stretch (target that
// enemy): seed 004, Get Moving and Engagement & Proximity, judged on the
// path the model takes.
func listMoves(s *engine.State, mover int, reach float32, give func(p engine.Pos, target int) bool) {
	listed := 0
	emit := func(p engine.Pos, target int) bool {
		listed++
		return give(p, target)
	}
	bd := concrete(s)
	shy := rules.SetOf(s, mover, enemy)
	e := ext(s)
	e.pos = e.memo.Destinations(bd, s, mover, reach, shy, e.pos[:0])
	e.zones = moveZones(s, bd, mover, e.zones[:0], &e.zone)
	// Set up for the longest move (Hurry's), so that a model's moves of
	// both lengths share the paths' work.
	e.route.Reset(bd, s, mover, searched, e.zones)
	e.far = e.far[:0]
	for _, p := range e.pos {
		if e.route.Zones() > 0 { // with none, Destinations' own path is the path
			l, ok := e.route.Length(p)
			if !ok {
				continue
			}
			if l > float64(reach)+1e-6 {
				// Round an enemy's Proximity the candidate is too far: go
				// as far as the move reaches along that path instead.
				if q, ok := alongPath(s, bd, e, p, float64(reach)); ok {
					e.far = append(e.far, q)
				}
				continue
			}
		}
		if !emit(p, engine.NoModel) {
			return
		}
	}
	// Past each enemy, on either side: the candidates above stop short of
	// its Proximity, and a move may go round it as far as its reach.
	if e.route.Zones() > 0 {
		from := point(s, mover)
		for n := range s.Models {
			if e.zone[n] < 0 || !enemy(s, mover, n) {
				continue
			}
			c := point(s, n)
			if math.Hypot(c.X-from.X, c.Y-from.Y) > float64(reach)+e.zones[e.zone[n]].R {
				continue // its Proximity is beyond the move's reach
			}
			th := math.Atan2(c.Y-from.Y, c.X-from.X)
			for _, off := range [2]float64{-pastAngle, pastAngle} {
				p := board.Toward(from.X, from.Y, math.Cos(th+off), math.Sin(th+off), float64(reach), float64(reach), int8(from.Level))
				if l, ok := e.route.Length(p); ok && l <= float64(reach)+1e-6 {
					e.far = append(e.far, p)
				} else if ok {
					if q, ok := alongPath(s, bd, e, p, float64(reach)); ok {
						e.far = append(e.far, q)
					}
				}
			}
		}
	}
	slices.SortFunc(e.far, func(a, b engine.Pos) int {
		if c := cmp.Compare(a.X, b.X); c != 0 {
			return c
		}
		return cmp.Compare(a.Y, b.Y)
	})
	for i, q := range e.far {
		if near(e.pos, q) || near(e.far[:i], q) {
			continue // a point as good as one listed
		}
		if !emit(q, engine.NoModel) {
			return
		}
	}
	for n := range s.Models {
		if p, ok := contactMove(s, bd, mover, n, reach); ok && !emit(p, n) {
			return
		}
	}
	if listed > 0 {
		return
	}
	// The sample found nothing (every point it tries is in an enemy's
	// Proximity, or round one too far): the move may still go anywhere
	// within reach (seed 004, Get Moving), so the fan round the model is
	// tried before the action is lost (rules audit: a model on a crowded
	// gantry lost its Turn, though a typed destination was legal).
	fanMoves(s, mover, float64(reach), func(p engine.Pos) bool {
		l, ok := e.route.Length(p)
		switch {
		case ok && l <= float64(reach)+1e-6:
			return emit(p, engine.NoModel)
		case ok:
			if q, ok := alongPath(s, bd, e, p, float64(reach)); ok {
				return emit(q, engine.NoModel)
			}
		}
		return true
	})
}

// fanSides is how many directions fanMoves tries.
const fanSides = 16

// fanMoves calls try with the ends of straight moves of reach inches, and
// of half that, from model m in fanSides directions round it (at
// hundredths of an inch, within reach), until try returns false: the
// destinations a move falls back on when its sample of the board lists
// none, since the rules let it end anywhere within reach (the checks are
// try's).
func fanMoves(s *engine.State, m int, reach float64, try func(engine.Pos) bool) {
	from := point(s, m)
	for k := range fanSides {
		th := 2 * math.Pi * float64(k) / fanSides
		for _, d := range [2]float64{reach, reach / 2} {
			if !try(board.Toward(from.X, from.Y, math.Cos(th), math.Sin(th), d, reach, int8(from.Level))) {
				return
			}
		}
	}
}

// near reports whether a point of ps is within a twentieth of an inch of
// q (in plan).
func near(ps []engine.Pos, q engine.Pos) bool {
	return slices.ContainsFunc(ps, func(p engine.Pos) bool {
		return math.Abs(float64(p.X-q.X)) <= 0.05 && math.Abs(float64(p.Y-q.Y)) <= 0.05
	})
}

// alongPath is the point reach inches along the shortest path to p that
// keeps out of enemies' Proximity (e.route, set up by listMoves), at
// hundredths of an inch, when a model can stand there and get there
// within reach: a move that goes round an enemy as far as it can, where
// the straight candidates past it are too far once the detour is paid.
func alongPath(s *engine.State, bd *board.Board, e *Ext, p engine.Pos, reach float64) (engine.Pos, bool) {
	var ok bool
	if e.path, ok = e.route.Path(p, -1, e.path[:0]); !ok {
		return engine.Pos{}, false
	}
	r := float64(s.Static(e.route.Mover()).Base) / 2
	// A little short of the reach, so that rounding to hundredths keeps
	// within it; then shorter by a tenth at a time, a few times, should
	// that point not do (a corner's rounding into terrain).
	for back := 0.01; back < 0.5; back += 0.1 {
		left := reach - back
		for i := 1; i < len(e.path); i++ {
			a, c := e.path[i-1], e.path[i]
			d := math.Hypot(c.X-a.X, c.Y-a.Y)
			if d < left {
				left -= d
				continue
			}
			q := board.Toward(a.X, a.Y, c.X-a.X, c.Y-a.Y, left, left, p.Level)
			x, y := float64(q.X), float64(q.Y)
			if x-r < 0 || y-r < 0 || x+r > bd.Width || y+r > bd.Height {
				break
			}
			if l, ok := e.route.Length(q); ok && l <= reach+1e-6 {
				return q, true
			}
			break
		}
	}
	return engine.Pos{}, false
}

// typedMove is Get Moving's (and Hurry's) engine.ActionDef.Unlisted: on a
// board a person may type any destination (get-moving m0 @10.5,9.6), and
// it is taken when the model can stand there and the shortest path there
// that keeps out of enemies' Proximity and other models' bases is within
// reach (seed 004, Get Moving; the list only samples the board). A move
// into base contact goes to the point the list names.
func typedMove(reach float32) func(s *engine.State, a engine.Action) string {
	return func(s *engine.State, a engine.Action) string {
		bd := concrete(s)
		switch {
		case bd == nil:
			return rules.TableMoveWhy(a)
		case !a.HasPos:
			return "on a board a move names its destination, as in @10.5,9.6"
		case a.Target != engine.NoModel && !enemy(s, a.Actor, a.Target):
			return fmt.Sprintf("%s is not an enemy: a move names a target only to end in base contact with an enemy; to move beside %s, give the place alone (@x,y)", s.Static(a.Target).ID, s.Static(a.Target).ID)
		case a.Target != engine.NoModel:
			return fmt.Sprintf("a move into base contact with %s ends at the point the list gives for it", s.Static(a.Target).ID)
		}
		m := a.Actor
		r := float64(s.Static(m).Base) / 2
		if x, y := float64(a.X), float64(a.Y); x-r < 0 || y-r < 0 || x+r > bd.Width || y+r > bd.Height {
			return fmt.Sprintf("%s's base would not be wholly on the board at %g,%g", s.Static(m).ID, a.X, a.Y)
		}
		e := ext(s)
		e.zones = moveZones(s, bd, m, e.zones[:0], &e.zone)
		e.route.Reset(bd, s, m, searched, e.zones)
		p := engine.Pos{X: a.X, Y: a.Y, Level: s.Models[m].Pos.Level}
		l, ok := e.route.Length(p)
		switch {
		case !ok:
			return fmt.Sprintf("%s cannot stand at %g,%g or get there within %g\" without entering an enemy's Proximity (1\" round it) or crossing a base (seed 004, Get Moving)", s.Static(m).ID, a.X, a.Y, reach)
		case l > float64(reach)+1e-6:
			return fmt.Sprintf("the shortest path to %g,%g that keeps out of enemies' Proximity is %.2f\", more than the move's %g\" (seed 004, Get Moving)", a.X, a.Y, l, reach)
		}
		return ""
	}
}

// contactMove is where a move of mover's of up to reach inches into base
// contact with n ends, when there is one: the point of contact, facing
// mover or at one of contactSides round n, that the shortest path reaches
// (ties to the earlier), with e.route set up by listMoves. n must be an
// enemy in play that mover is not Engaged with and may Engage: on its
// level, or on another within the height rule of Engagement
// (heightsEngage). Paths stay on a level (package board), so a move into
// Engagement across levels ends on mover's own level, its base touching
// n's seen from above.
func contactMove(s *engine.State, bd *board.Board, mover, n int, reach float32) (engine.Pos, bool) {
	lm := s.Models[mover].Pos.Level
	if !enemy(s, mover, n) || !s.Models[n].InPlay || s.Linked(mover, n) || (s.Models[n].Pos.Level != lm && !heightsEngage(s, bd, mover, lm, n)) {
		return engine.Pos{}, false
	}
	a, c := point(s, mover), point(s, n)
	if math.Hypot(c.X-a.X, c.Y-a.Y)-float64(s.Static(mover).Base+s.Static(n).Base)/2 > float64(reach)+1e-6 {
		return engine.Pos{}, false // out of reach even in a straight line
	}
	e := ext(s)
	goal := int(e.zone[n])
	best, found, bestLen := engine.Pos{}, false, math.Inf(1)
	try := func(p engine.Pos) {
		p.Level = lm
		if math.Hypot(float64(p.X)-a.X, float64(p.Y)-a.Y) >= bestLen-1e-9 {
			return // no path there can be shorter
		}
		if l, ok := e.route.LengthInto(p, goal); ok && l < bestLen && l <= float64(reach)+1e-6 {
			best, found, bestLen = p, true, l
		}
	}
	try(board.ContactPoint(s, mover, n)) // the nearest: taken, when reached straight
	for k := range contactSides {
		th := 2 * math.Pi * float64(k) / contactSides
		try(board.ContactToward(s, mover, n, math.Cos(th), math.Sin(th)))
	}
	return best, found
}

// anyMove reports whether a Get Moving (or Hurry) of reach has a
// destination, without listing them: the first found will do.
func anyMove(reach float32) func(s *engine.State, m int) bool {
	return func(s *engine.State, m int) bool {
		if concrete(s) == nil {
			return true
		}
		// First a destination reached in a straight line, found without
		// listing them (board.AnyDestination stops at the first): what
		// listMoves gives first with no Proximity in the way. Else all.
		bd := concrete(s)
		e := ext(s)
		e.zones = moveZones(s, bd, m, e.zones[:0], &e.zone)
		e.route.Reset(bd, s, m, searched, e.zones)
		if bd.AnyDestination(s, m, reach, rules.SetOf(s, m, enemy), func(p engine.Pos) bool { return e.route.Straight(p, float64(reach)) }) {
			return true
		}
		found := false
		listMoves(s, m, reach, func(engine.Pos, int) bool { found = true; return false })
		return found
	}
}

// moveOptions are a Get Moving's (or Hurry's): on a board its
// destinations, a move into base contact naming the enemy as its target;
// at a table a plain move, or one into base contact with each enemy.
func moveOptions(reach float32) func(s *engine.State, m int, add func(engine.Action)) {
	return func(s *engine.State, m int, add func(engine.Action)) {
		if geo(s) == nil {
			add(engine.Action{Target: engine.NoModel})
			for t := range s.Models {
				if enemy(s, m, t) {
					add(engine.Action{Target: t})
				}
			}
			return
		}
		listMoves(s, m, reach, func(p engine.Pos, t int) bool { add(engine.Action{Target: t}.At(p.X, p.Y)); return true })
	}
}

// Notes for people at a table (on a board the destination says it).
var (
	moveNotes = map[float32][2]string{
		8:  {"(up to 8\", Taking 1 Fatigue)", "(up to 8\", Taking 1 Fatigue, into base contact)"},
		12: {"(up to 12\", Taking a second Fatigue)", "(up to 12\", Taking a second Fatigue, into base contact)"},
	}
	contactWhy = [2]string{
		"Did the model end its move (up to 8\") in base contact with this enemy, entering no other enemy's Proximity on the way? If not, it moved as close as it could",
		"Did the model end its move (up to 12\") in base contact with this enemy, entering no other enemy's Proximity on the way? If not, it moved as close as it could",
	}
)

func moveNote(reach float32) func(s *engine.State, a engine.Action) string {
	return func(s *engine.State, a engine.Action) string {
		if geo(s) != nil {
			return ""
		}
		n := moveNotes[reach]
		if a.Target != engine.NoModel {
			return n[1]
		}
		return n[0]
	}
}

// resolveMove is Get Moving and Hurry (seed 004, Get Moving): the model
// moves, and may then give Movement Orders.
func resolveMove(c *engine.Ctx, a engine.Action) {
	s := c.State()
	clearOrders(s)
	far := 0
	if a.ID == "hurry" {
		far = 1
	}
	moveModel(c, a.Actor, a, a.Target, far)
	offerOrders(c, a.Actor)
}

// moveModel moves mover as action a says: on a board to a's destination
// (staying put when it has none), at a table as the players did, asking
// whether a move into contact with target reached it. A model that ends
// Engaged with an enemy it was not Engaged with has moved into Engagement
// this Turn (Brawl's bonus die).
func moveModel(c *engine.Ctx, mover int, a engine.Action, target, far int) {
	s := c.State()
	before := s.Models[mover].Links
	switch {
	case a.HasPos:
		c.Move(mover, engine.Pos{X: a.X, Y: a.Y, Level: s.Models[mover].Pos.Level})
	case geo(s) != nil:
		c.Emit(engine.Event{Type: "stayed", Model: mover, Other: engine.NoModel})
	case target != engine.NoModel && target >= 0 && target < len(s.Models):
		if c.FactTrue(engine.Fact{Kind: engine.FactContact, A: mover, B: target, Why: contactWhy[far]}) {
			s.Link(mover, target, true)
			c.Emit(engine.Event{Type: "moved", Model: mover, Other: engine.NoModel})
		} else {
			c.Emit(engine.Event{Type: "moved-closer", Model: mover, Other: target})
		}
	default:
		c.Emit(engine.Event{Type: "moved", Model: mover, Other: engine.NoModel})
	}
	refresh(c)
	if s.Models[mover].Links&^before != 0 {
		s.Set(mover, cCharged, true)
	}
}

// withinCA: is f within m's Control Area, Charisma inches from its base
// (Inspirational: +2")? A model is within its own (seed 004). On a board
// only; at a table the resolution asks.
func withinCA(s *engine.State, m, f int) bool {
	if f == m {
		return true
	}
	return geo(s) == nil || distance(s, m, f) <= stat(s).ca[m]
}

// canBeOrdered: a friend in play, unengaged, able to Take a Fatigue, not
// ordered already in this Get Moving, within the Control Area (on a board).
func canBeOrdered(s *engine.State, m, f int) bool {
	return friend(s, m, f) && status(s, f) == unengaged && fatigue(s, f) < 2 && !wasOrdered(s, f) && withinCA(s, m, f)
}

// The models given Movement Orders in the Get Moving being resolved, each
// once (seed 004, Get Moving): bit f of vOrdered, of vOrdered2 for models
// 32 to 63. The condition ordered (cOrdered), which the state shows, is
// only for the model that has its orders and is yet to move.
func wasOrdered(s *engine.State, f int) bool {
	return uint32(s.Vars[vOrdered+f/32])>>(f%32)&1 != 0
}

func markOrdered(s *engine.State, f int) {
	s.Vars[vOrdered+f/32] = int32(uint32(s.Vars[vOrdered+f/32]) | 1<<(f%32))
}

// clearOrders forgets the Movement Orders of a Get Moving that is over.
func clearOrders(s *engine.State) {
	s.Vars[vOrder], s.Vars[vOrdered], s.Vars[vOrdered2] = 0, 0, 0
	for m := range s.Models {
		s.Set(m, cOrdered, false)
	}
}

func offerOrders(c *engine.Ctx, m int) {
	s := c.State()
	for f := range s.Models {
		if canBeOrdered(s, m, f) {
			s.Vars[vOrder] = 1
			c.FollowUp("movement-order")
			return
		}
	}
	clearOrders(s)
}

// orderOptions: no more orders, or an order to each model that may take
// one, for 8" (one Fatigue) or, with the option, 12" (two).
func orderOptions(s *engine.State, m int, add func(engine.Action)) {
	add(engine.Action{Target: engine.NoModel})
	far := s.Option(optOrderFar) == "yes"
	for f := range s.Models {
		if canBeOrdered(s, m, f) {
			add(engine.Action{Target: f})
			if far && fatigue(s, f) == 0 {
				add(engine.Action{Target: f, Option: 1})
			}
		}
	}
}

func orderNote(s *engine.State, a engine.Action) string {
	switch {
	case a.Target == engine.NoModel:
		return "(no more orders)"
	case a.Target < 0 || a.Target >= len(s.Models):
		return ""
	case a.Option == 1:
		return "(" + s.Static(a.Target).ID + " Takes 2 Fatigue and moves up to 12\")"
	}
	return "(" + s.Static(a.Target).ID + " Takes 1 Fatigue and moves up to 8\")"
}

// caWhy is asked at a table: orders and Supporting Fire reach the Control
// Area.
const caWhy = "Is this friendly model within the active model's Control Area (its Charisma in inches, +2\" with Inspirational)? Only those may be given Movement Orders or give Supporting Fire"

// resolveOrder gives Movement Orders to one model (seed 004, Get Moving):
// it Takes a Fatigue (two for 12") and moves next. "No more orders" ends
// the Get Moving.
func resolveOrder(c *engine.Ctx, a engine.Action) {
	s := c.State()
	if a.Target == engine.NoModel {
		clearOrders(s)
		return
	}
	m, f := a.Actor, a.Target
	if geo(s) == nil && !c.FactTrue(engine.Fact{Kind: engine.FactWithin, A: m, B: f, Inches: stat(s).ca[m], Why: caWhy}) {
		c.Refuse(s.Static(f).ID + " is not within " + s.Static(m).ID + "'s Control Area")
	}
	take(c, f, 1+a.Option)
	s.Set(f, cOrdered, true)
	markOrdered(s, f)
	s.Vars[vOrder] = int32(1 | (f+1)<<1 | a.Option*orderFar)
	c.FollowUp("order-move")
}

// ordered is the model given Movement Orders that moves next, and whether
// for 12".
func ordered(s *engine.State) (int, bool) {
	v := s.Vars[vOrder]
	return int(v>>1&0x7f) - 1, v&orderFar != 0
}

// anyOrderMove is orderMoveOptions' engine.ActionDef.Any: an ordered
// model always has a move, to stay put if nothing else (issue 35).
func anyOrderMove(s *engine.State, _ int) bool {
	f, _ := ordered(s)
	return f >= 0 && f < len(s.Models)
}

// typedOrderMove is the ordered move's engine.ActionDef.Unlisted: on a
// board a person may type any destination for the model given Movement
// Orders (order-move m0 >m1 @10.5,9.6), judged as its own Get Moving of 8"
// (12" for a second Fatigue) is (typedMove; seed 004, Movement Orders).
func typedOrderMove(s *engine.State, a engine.Action) string {
	f, far := ordered(s)
	switch {
	case f < 0 || f >= len(s.Models):
		return "no model has Movement Orders"
	case a.Target != f:
		return fmt.Sprintf("the model given Movement Orders is %s: name it (>%s)", s.Static(f).ID, s.Static(f).ID)
	case a.Option < 0 || a.Option > len(s.Models):
		return fmt.Sprintf("option %d names no model to move into base contact with", a.Option)
	}
	reach := float32(8)
	if far {
		reach = 12
	}
	own := a // the ordered model's own move, into contact with Option-1
	own.Actor, own.Target = f, a.Option-1
	return typedMove(reach)(s, own)
}

// orderMoveOptions: where the ordered model may move (on a board; staying
// put if it has nowhere), or at a table a plain move or one into base
// contact with each enemy (the enemy's index + 1 in Option).
func orderMoveOptions(s *engine.State, m int, add func(engine.Action)) {
	f, far := ordered(s)
	if f < 0 || f >= len(s.Models) {
		return
	}
	if geo(s) == nil {
		add(engine.Action{Target: f})
		for t := range s.Models {
			if enemy(s, f, t) {
				add(engine.Action{Target: f, Option: t + 1})
			}
		}
		return
	}
	reach := float32(8)
	if far {
		reach = 12
	}
	n := 0
	listMoves(s, f, reach, func(p engine.Pos, t int) bool {
		n++
		add(engine.Action{Target: f, Option: t + 1}.At(p.X, p.Y))
		return true
	})
	if n == 0 {
		add(engine.Action{Target: f})
	}
}

// orderMoveText says the ordered move as what it is: the ordered model's
// move, "wren moves (ordered by voss)", with where it goes (into base
// contact with an enemy; at a table how far; on a board the destination
// follows), though the active model takes the action.
func orderMoveText(s *engine.State, a engine.Action) string {
	if a.Target < 0 || a.Target >= len(s.Models) || a.Actor < 0 || a.Actor >= len(s.Models) {
		return "Ordered move"
	}
	f, by := s.Static(a.Target).ID, " (ordered by "+s.Static(a.Actor).ID+")"
	how := ""
	if geo(s) == nil {
		how = " up to 8\""
		if _, far := ordered(s); far {
			how = " up to 12\""
		}
	}
	switch {
	case a.Option > 0 && a.Option <= len(s.Models):
		return f + " moves" + how + " into base contact with " + s.Static(a.Option-1).ID + by
	case geo(s) != nil && !a.HasPos:
		return f + " stays: it has nowhere to move" + by
	}
	return f + " moves" + how + by
}

// resolveOrderMove moves the ordered model, then offers the next order.
// Its orders are carried out: it is ordered no more (cOrdered).
func resolveOrderMove(c *engine.Ctx, a engine.Action) {
	s := c.State()
	f, far := ordered(s)
	if f != a.Target {
		return
	}
	fa := 0
	if far {
		fa = 1
	}
	moveModel(c, f, a, a.Option-1, fa)
	s.Set(f, cOrdered, false)
	offerOrders(c, a.Actor)
}

// backOffOptions: on a board, destinations within 2" that end in no
// enemy's Proximity once the model has left (seed 004, Back Off) and touch
// no enemy; at a table a plain action.
func backOffOptions(s *engine.State, m int, add func(engine.Action)) {
	bd := concrete(s)
	if bd == nil {
		add(engine.Action{Target: engine.NoModel})
		return
	}
	var shy uint64
	for n := range s.Models {
		if enemy(s, m, n) {
			shy |= 1 << n
		}
	}
	e := ext(s)
	e.pos = bd.Destinations(s, m, 2, shy, e.pos[:0])
	n := 0
	for _, p := range e.pos {
		if backsOff(s, bd, m, p) {
			add(engine.Action{Target: engine.NoModel}.At(p.X, p.Y))
			n++
		}
	}
	if n == 0 {
		// none of the sample backs off (a wall behind the model): the fan
		// round it, before the action is lost (seed 004, Back Off: any
		// point within 2")
		fanMoves(s, m, 2, func(p engine.Pos) bool {
			if l, ok := board.PathWithin(bd, s, m, p, 2); ok && l <= 2+1e-6 && backsOff(s, bd, m, p) {
				add(engine.Action{Target: engine.NoModel}.At(p.X, p.Y))
			}
			return true
		})
	}
}

// typedBackOff is Back Off's engine.ActionDef.Unlisted: on a board a
// person may type any destination (back-off m0 @3.2,4.7), taken when the
// model can stand there, get there within 2" round terrain, and ends
// touching no enemy and out of the Proximity of every enemy it leaves
// unengaged (seed 004, Back Off; the list only samples the board).
func typedBackOff(s *engine.State, a engine.Action) string {
	bd := concrete(s)
	switch {
	case bd == nil:
		return rules.TableMoveWhy(a)
	case !a.HasPos:
		return "on a board a Back Off names its destination, as in @10.5,9.6"
	case a.Target != engine.NoModel:
		return "a Back Off names its destination alone (@x,y), not a model"
	}
	m := a.Actor
	p := engine.Pos{X: a.X, Y: a.Y, Level: s.Models[m].Pos.Level}
	if l, ok := board.PathWithin(bd, s, m, p, 2); !ok || l > 2+1e-6 {
		return fmt.Sprintf("%s cannot stand at %g,%g or get there within 2\" (seed 004, Back Off)", s.Static(m).ID, a.X, a.Y)
	}
	if !backsOff(s, bd, m, p) {
		return fmt.Sprintf("at %g,%g %s would touch an enemy or stand in the Proximity of one it leaves (seed 004, Back Off)", a.X, a.Y, s.Static(m).ID)
	}
	return ""
}

// backsOff: m at p touches no enemy and is in the Proximity of none that
// would be unengaged once m has gone.
func backsOff(s *engine.State, bd *board.Board, m int, p engine.Pos) bool {
	for n := range s.Models {
		if !enemy(s, m, n) {
			continue
		}
		if board.FlatGap(s, m, p, n) <= board.Contact && math.Abs(rise(bd, p.Level, s.Models[n].Pos.Level)) <= 2 {
			return false
		}
		if s.Models[n].Links&^(1<<m) != 0 {
			continue // still Engaged with another: no Proximity
		}
		if proximityHeight(rise(bd, p.Level, s.Models[n].Pos.Level)) && board.FlatGap(s, m, p, n) <= 1 &&
			!bd.Screened(point(s, n), board.Point{X: float64(p.X), Y: float64(p.Y), Level: int(p.Level)}, stat(s).height[n]) {
			return false
		}
	}
	return true
}

func backOffNote(s *engine.State, a engine.Action) string {
	if geo(s) == nil {
		return "(up to 2\", ending out of every enemy's Proximity)"
	}
	return ""
}

// resolveBackOff moves the model out of combat (seed 004, Back Off): on a
// board to its destination; at a table the players move it and say
// whether it ended within 1" of an enemy it leaves (refused if so), and
// it is Engaged no more.
func resolveBackOff(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	if a.HasPos {
		c.Move(m, engine.Pos{X: a.X, Y: a.Y, Level: s.Models[m].Pos.Level})
	} else {
		// The players move it, and say whether it ended clear: a Back Off
		// that cannot end out of the Proximity of every enemy it leaves
		// (those Engaged with no other model) is refused (rules audit: it
		// was taken whatever the table showed).
		var leaves uint64
		for n := range s.Models {
			if enemy(s, m, n) && s.Models[n].InPlay && s.Models[n].Links&^(1<<m) == 0 {
				leaves |= 1 << n
			}
		}
		if leaves != 0 && c.FactTrue(engine.Fact{Kind: engine.FactWithinAny, A: m, Set: leaves, Inches: 1, Start: 1,
			Why: "Back Off must end out of the Proximity (1\") of every enemy it leaves, and not in base contact"}) {
			c.Refuse(s.Static(m).ID + " would end in an enemy's Proximity: a Back Off must end out of it (seed 004, Back Off)")
		}
		for n := range s.Models {
			s.Link(m, n, false)
		}
		c.Emit(engine.Event{Type: "backed-off", Model: m, Other: engine.NoModel})
	}
	refresh(c)
}

// refresh keeps Engagement true to the table: on a board from where the
// models stand; at a table from the links the rules made. A model out of
// play is Engaged with none.
func refresh(c *engine.Ctx) { engagement(c.State(), c.SetStatus) }

func engagement(s *engine.State, set func(m, status int)) {
	bd := concrete(s)
	for m := range s.Models {
		for n := m + 1; n < len(s.Models); n++ {
			if s.SideOf(m) == s.SideOf(n) {
				continue
			}
			live := s.Models[m].InPlay && s.Models[n].InPlay
			link := s.Linked(m, n)
			if bd != nil && live {
				link = engagedAt(s, bd, m, n)
			}
			s.Link(m, n, link && live)
		}
	}
	for m := range s.Models {
		if !s.Models[m].InPlay {
			continue
		}
		switch {
		case s.Models[m].Links != 0 && status(s, m) != engaged:
			set(m, engaged)
		case s.Models[m].Links == 0 && status(s, m) != unengaged:
			set(m, unengaged)
		}
	}
}

// pushText[n] says how far a push at a table goes, for the players who
// move the model (made once; a push is at most a critical effect's dice).
var pushText = func() (t [maxCritDice + 1]string) {
	for n := range t {
		t[n] = fmt.Sprintf("%d\" straight away", n)
	}
	return t
}()

// pushBack moves t up to inches straight away from m, as far as it can
// (rules.md §5.3, Pushback): on a board to the farthest point on that line,
// in quarter inches, it can stand on and reach straight; at a table the
// players move it, and a push of 1" or more breaks base contact with m.
func pushBack(c *engine.Ctx, m, t, inches int) {
	s := c.State()
	if inches <= 0 || !s.Models[t].InPlay {
		return
	}
	bd := concrete(s)
	if bd == nil {
		c.Emit(engine.Event{Type: "pushed-back", Model: t, Other: m, Value: inches, Key: pushText[min(inches, len(pushText)-1)]})
		if s.Linked(m, t) {
			s.Link(m, t, false)
			refresh(c)
		}
		return
	}
	from, to := point(s, m), point(s, t)
	dx, dy := to.X-from.X, to.Y-from.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		dx, dy, l = 1, 0, 1
	}
	for d := float64(inches); d > 0.05; d -= 0.25 {
		p := engine.Pos{X: float32(math.Round((to.X+dx/l*d)*100) / 100), Y: float32(math.Round((to.Y+dy/l*d)*100) / 100), Level: s.Models[t].Pos.Level}
		if pl, ok := board.PathWithin(bd, s, t, p, d+0.02); ok && float64(pl) <= d+0.02 {
			c.Move(t, p)
			refresh(c)
			return
		}
	}
	c.Emit(engine.Event{Type: "no-room", Model: t, Other: m})
}
