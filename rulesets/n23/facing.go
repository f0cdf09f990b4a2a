package n23

import (
	"fmt"
	"math"

	"github.com/skirmish-engine/skirmish/engine"
)

// Facing on a board (seed 002, Changing Facing: a Standing fighter, when
// activated, may turn to face any direction; a Prone fighter has none and
// picks one when it stands). A heading is a whole degree, 0–359,
// anticlockwise from +x. What a heading decides is which models are in
// the fighter's vision arc, so the list offers one heading for each set
// of enemies the arc can take in (headings), besides a turn to face each
// enemy; a person may type any other heading (freeHeading, the
// definitions' engine.ActionDef.Unlisted).

// arcOf is how model t sits in m's vision arc on a board (inArc's rule):
// its heading from m, and how many whole degrees m's facing may be from
// that heading with some of t's base still in the arc (half the arc plus
// t's base as seen from m, rounded down: facings and headings are whole
// degrees). all is true when t is in the arc whichever way m faces.
func arcOf(s *engine.State, m, t int) (h, k int, all bool) {
	x, y, _ := centre(s, m)
	tx, ty, _ := centre(s, t)
	d := hyp(tx-x, ty-y)
	if d <= radius(s, t) {
		return 0, 0, true
	}
	spread := math.Asin(radius(s, t)/d) * 180 / math.Pi // the target's base seen from m
	k = int(math.Floor(stat(s).opt.arc/2 + spread))
	return heading(x, y, tx, ty), k, k >= 180
}

// arcSets is, for each heading m could face, the set of enemies (bit t
// for model t) in its vision arc: the enemies in play that are not
// Wrecked (a Wreck is neither shot nor fought).
func arcSets(s *engine.State, m int, sets *[360]uint64) {
	*sets = [360]uint64{}
	for t := range s.Models {
		if !enemy(s, m, t) || wreck(s, t) {
			continue
		}
		h, k, all := arcOf(s, m, t)
		if all {
			continue // in the arc whatever m faces: it tells no heading apart
		}
		for d := -k; d <= k; d++ {
			sets[(h+d+360)%360] |= 1 << t
		}
	}
}

// headings calls f with each way a fighter may be offered to face on a
// board: first the heading to each enemy in play that is not Wrecked (t
// the enemy; for a turn, not the one it faces already), then, for each
// set of enemies that some heading puts in the vision arc and that facing
// none of them does, one heading that puts exactly that set in it (t
// NoModel): the middle of the widest run of headings that do. With turn
// set it leaves out the set the fighter's facing has now (a turn that
// changes no model in the arc changes nothing); a Prone fighter standing
// up has no facing (seed 002), so every set is offered. With no enemy to
// face, a fighter standing up is offered the heading its counter holds,
// so that it may still stand.
func headings(s *engine.State, m int, turn bool, f func(h, t int)) {
	var sets [360]uint64
	arcSets(s, m, &sets)
	var seen [engine.MaxModels*2 + 2]uint64 // sets offered already
	n := 0
	has := func(set uint64) bool {
		for _, x := range seen[:n] {
			if x == set {
				return true
			}
		}
		return false
	}
	note := func(set uint64) {
		if !has(set) && n < len(seen) {
			seen[n] = set
			n++
		}
	}
	facing := int(s.Models[m].Counters[cFacing])
	if turn {
		note(sets[facing])
	}
	faced := false
	for t := range s.Models {
		if enemy(s, m, t) && !wreck(s, t) {
			h := headingTo(s, m, t)
			faced = true
			if turn && h == facing {
				continue // faces it already: a turn to it is no turn
			}
			f(h, t)
			note(sets[h])
		}
	}
	// The runs of headings with one set, from the first heading where the
	// set changes; the widest run of each set not offered yet.
	start := -1
	for h := range 360 {
		if sets[h] != sets[(h+359)%360] {
			start = h
			break
		}
	}
	if start < 0 { // one set all round: no heading tells another apart
		if !turn && !faced {
			f(facing, engine.NoModel)
		}
		return
	}
	type run struct {
		set       uint64
		mid, size int
	}
	var best [len(seen)]run
	nb := 0
	for i := 0; i < 360; {
		a := (start + i) % 360
		size := 1
		for size < 360-i && sets[(a+size)%360] == sets[a] {
			size++
		}
		i += size
		if has(sets[a]) {
			continue
		}
		mid := (a + (size-1)/2) % 360
		k := 0
		for k < nb && best[k].set != sets[a] {
			k++
		}
		switch {
		case k == nb && nb < len(best):
			best[nb] = run{sets[a], mid, size}
			nb++
		case k < nb && size > best[k].size:
			best[k] = run{sets[a], mid, size}
		}
	}
	for _, r := range best[:nb] {
		f(r.mid, engine.NoModel)
	}
}

// turnOptions: at a table, one plain turn (the player turns the model);
// on a board, the headings of headings for a turn: to face each enemy
// (Target), and one heading in degrees for each other set of enemies the
// arc can take in (Option, Target NoModel).
func turnOptions(s *engine.State, m int, add func(engine.Action)) { faceOptions(s, m, true, add) }

// standOptions: Stand Up's facing, as turnOptions but for a fighter with
// no facing (seed 002: a Prone fighter picks one as it stands).
func standOptions(s *engine.State, m int, add func(engine.Action)) { faceOptions(s, m, false, add) }

func faceOptions(s *engine.State, m int, turn bool, add func(engine.Action)) {
	if geo(s) == nil {
		add(engine.Action{Target: engine.NoModel})
		return
	}
	headings(s, m, turn, func(h, t int) {
		if t != engine.NoModel {
			add(engine.Action{Target: t})
		} else {
			add(engine.Action{Target: engine.NoModel, Option: h})
		}
	})
}

// freeHeading is the Turn's and Stand Up's engine.ActionDef.Unlisted: on
// a board a person may face any whole-degree heading (seed 002, Changing
// Facing: any direction the controlling player wishes), typed as the
// action's option ("turn m0 #137"), beyond the headings listed; a heading
// outside 0–359, a target that is not an enemy to face, or a place is
// refused, naming what is wrong. At a table the players turn the model:
// the plain action is the only one.
func freeHeading(s *engine.State, a engine.Action) string {
	switch {
	case geo(s) == nil:
		return "at a table the players turn the model themselves: take it with no heading or target"
	case a.HasPos:
		return "a facing is a heading (#degrees) or an enemy to face (>m3), not a place"
	case a.Target != engine.NoModel && (!enemy(s, a.Actor, a.Target) || wreck(s, a.Target)):
		return fmt.Sprintf("%s is not an enemy in play to face; give a heading instead (#degrees)", s.Static(a.Target).ID)
	case a.Target == engine.NoModel && (a.Option < 0 || a.Option > 359):
		return fmt.Sprintf("heading %d is out of range: the option (#) is a whole degree from 0 to 359, anticlockwise from +x (seed 002, Changing Facing)", a.Option)
	case a.Target != engine.NoModel && a.Option != 0:
		return "a facing is an enemy to face (>m3) or a heading (#degrees), not both"
	}
	return ""
}

// standFacing asks m's player which way m faces as it stands up outside
// an action (seed 002, Changing Facing: a Prone fighter has no facing and
// its controlling player picks one when it stands; the End phase's
// Recovery with recovery-flesh-wound=standing). On a board the options
// are Stand Up's headings: an enemy's ID faces it, "<h>-degrees" faces
// heading h; the nearest enemy comes first, the choice of a player with
// no preference (a bot's default). At a table the players turn the model,
// as for Stand Up, and nothing is asked.
func standFacing(c *engine.Ctx, m int) {
	s := c.State()
	if geo(s) == nil {
		return
	}
	type way struct{ h, t int }
	var ways []way
	var names []string
	x, y, _ := centre(s, m)
	near, nd := -1, math.Inf(1)
	headings(s, m, false, func(h, t int) {
		ways = append(ways, way{h, t})
		if t == engine.NoModel {
			names = append(names, fmt.Sprintf("%d-degrees", h))
			return
		}
		names = append(names, s.Static(t).ID)
		tx, ty, _ := centre(s, t)
		if d := hyp(tx-x, ty-y); d < nd {
			near, nd = len(ways)-1, d
		}
	})
	if near > 0 { // the nearest enemy first
		ways[0], ways[near] = ways[near], ways[0]
		names[0], names[near] = names[near], names[0]
	}
	k := 0
	if len(ways) > 1 {
		k = c.Choose(s.SideOf(m), "stand-facing", fmt.Sprintf(
			"%s stands up: which way does it face? An enemy's ID faces that enemy; each listed heading (degrees anticlockwise from the table's +x edge) puts a different set of enemies in its vision arc",
			s.Static(m).ID), names)
	}
	if w := ways[k]; w.t != engine.NoModel {
		face(s, m, w.t)
	} else {
		faceHeading(s, m, w.h)
	}
}

// facingShown is the facing counter's engine.CounterDef.Shown: on a board,
// while the model is in play and Standing, whichever way it faces (0°, the
// table's +x edge, included); a Prone or Seriously Injured fighter faces no
// way until it stands (seed 002, Changing Facing).
func facingShown(s *engine.State, m int) bool {
	return geo(s) != nil && s.Models[m].InPlay && !down(s, m) && status(s, m) != prone
}
