package n23

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// actionDefs is every N23 action modelled (seed 002 for the four types,
// rules.md §3.3 for the list): which statuses allow each is in its
// Available, tested as a table in actions_test.go.
func actionDefs() []engine.ActionDef {
	return []engine.ActionDef{
		{ID: "turn", Name: "Turn", Type: "facing", Opening: true,
			When:      "a Standing fighter, when activated and before its actions; not an action; turning Standing and Engaged costs its hit rolls this activation",
			Available: func(s *engine.State, m int) bool { return fighter(s, m) && status(s, m) == standing }, Unmet: rules.Needs(isFighter, isStanding),
			Options: turnOptions, Unlisted: freeHeading, Resolve: resolveTurn, Note: faceNote},
		{ID: "move", Name: "Move", Type: "simple", When: "Standing and Active fighters not Broken, Mobile vehicles; moves M\"",
			Available: canMove, Unmet: rules.Needs(canMoveC), Options: moveOptions(moveReach), Any: anyMove(moveReach), Unlisted: typedMove(moveReach),
			Resolve: resolveMove, Note: moveNote(func(s *engine.State, m int) string { return fmt.Sprintf("up to %d\"", s.Stat(m, sM)) })},
		{ID: "charge", Name: "Charge", Type: "double", When: "Standing and Active fighters not Broken; an enemy to charge; moves M+D3\" into base contact, then a free Fight",
			Available: ready, Unmet: rules.Needs(readyC), Options: chargeTargets, Unlisted: chargeRefused, Resolve: resolveCharge,
			Note: moveNote(func(s *engine.State, m int) string { return fmt.Sprintf("%d\" + D3\"", s.Stat(m, sM)) })},
		{ID: "take-cover", Name: "Take Cover", Type: "basic", When: "Standing and Active fighters not Broken; becomes Prone and Pinned",
			Available: ready, Unmet: rules.Needs(readyC), Resolve: resolveTakeCover},
		{ID: "shoot", Name: "Shoot", Type: "basic", TypeOf: shootType,
			When:      "Standing and Active fighters not Broken, vehicles not Wrecked; a ranged weapon at an enemy in sight, range and (fighters) vision arc; with an Unwieldy weapon a Double action",
			Available: func(s *engine.State, m int) bool { return canShoot(s, m) && hasGun(s, m) }, Unmet: rules.Needs(canShootC, hasGunC),
			Options: shotOptions(false), Resolve: resolveShoot, Note: weaponNote},
		{ID: "shoot-free", Name: "Shoot", Type: "free", Family: "shoot",
			When:      "fighters with quick-draw (a skill granting a free Shoot): a Shoot with a Sidearm as a Free action; never with a Basic Shoot in the same activation",
			Available: func(s *engine.State, m int) bool { return stat(s).quick[m] && canShoot(s, m) && hasSidearm(s, m) }, Unmet: rules.Needs(quickC, canShootC, sidearmC),
			Options: shotOptions(true), Resolve: resolveShoot, Note: weaponNote},
		{ID: "aim", Name: "Aim", Type: "basic", When: "as Shoot, when a Shoot could follow it; +1 to hit on its next Shoot this activation",
			Available: func(s *engine.State, m int) bool { return canShoot(s, m) && hasGun(s, m) && aimC(s, m) == "" }, Unmet: rules.Needs(canShootC, hasGunC, aimC),
			Resolve: resolveAim},
		{ID: "reload", Name: "Reload", Type: "simple", When: "Standing and Active fighters, vehicles not Wrecked; a weapon Out of Ammo: an Ammo check reloads it",
			Available: func(s *engine.State, m int) bool { return canShoot(s, m) && reloadable(s, m) }, Unmet: rules.Needs(canShootC, reloadC),
			Options: reloadOptions, Resolve: resolveReload, Note: weaponNote},
		{ID: "coup-de-grace", Name: "Coup de Grace", Type: "simple", When: "Standing and Active fighters not Broken (or after a Fight, free); a Prone and Seriously Injured enemy fighter within 1\": Out of Action",
			Available: func(s *engine.State, m int) bool { return ready(s, m) || freeCoup(s, m) }, TypeOf: coupType,
			Options: coupTargets, Resolve: resolveCoupDeGrace},
		{ID: "crawl-through-ductway", Name: "Crawl Through Ductway", Type: "double", When: "Standing and Active fighters not Broken; within 1\" of a ductway",
			Available: func(s *engine.State, m int) bool { return ready(s, m) && necromunda.NearDuct(s, m) }, Unmet: rules.Needs(readyC, ductC), Resolve: func(c *engine.Ctx, a engine.Action) { necromunda.CrawlDuct(c, a.Actor, refresh) }},

		{ID: "fight", Name: "Fight", Type: "basic", When: "Standing and Engaged fighters not Broken; attacks an enemy Engaged with it, which makes reaction attacks",
			Available: func(s *engine.State, m int) bool { return fighting(s, m) && !s.Has(m, cBroken) }, Unmet: rules.Needs(fightingC, notBroken),
			Options: foeOptions, Resolve: resolveFight, Note: fightNote},
		{ID: "retreat", Name: "Retreat", Type: "basic", When: "Standing and Engaged fighters; an Initiative test, then up to D6\" away",
			Available: fighting, Unmet: rules.Needs(fightingC), Resolve: resolveRetreat,
			Note: moveNote(func(*engine.State, int) string { return "D6\" away, after an Initiative test" })},

		{ID: "stand-up", Name: "Stand Up", Type: "basic", When: "Prone and Pinned fighters; Standing and Active (Engaged in base contact), facing where its player wants",
			Available: func(s *engine.State, m int) bool { return fighter(s, m) && secondary(s, m) == pinned }, Unmet: rules.Needs(isFighter, isPinned),
			Options: standOptions, Unlisted: freeHeading, Resolve: resolveStandUp, Note: faceNote},
		{ID: "crawl", Name: "Crawl", Type: "double", When: "Prone fighters; moves 2\" (option crawl), still Prone",
			Available: func(s *engine.State, m int) bool { return fighter(s, m) && status(s, m) == prone }, Unmet: rules.Needs(isFighter, isProne),
			Options: moveOptions(crawlReach), Any: anyMove(crawlReach), Unlisted: typedMove(crawlReach), Resolve: resolveMove,
			Note: moveNote(func(s *engine.State, m int) string { return fmt.Sprintf("up to %g\"", crawlReach(s, m)) })},
		{ID: "blind-fire", Name: "Blind Fire", Type: "double", When: "Prone and Pinned fighters not Broken; a ranged weapon at an enemy in sight and range, any way; −2 to hit (option blind-fire)",
			Available: func(s *engine.State, m int) bool {
				return fighter(s, m) && secondary(s, m) == pinned && !s.Has(m, cBroken) && hasGun(s, m)
			},
			Unmet:   rules.Needs(isFighter, isPinned, notBroken, hasGunC),
			Options: shotOptions(false), Resolve: resolveShoot, Note: weaponNote},

		{ID: "running-for-cover", Name: "Running for Cover", Type: "double", When: "Broken Standing fighters, their only action: up to 2M\" away from the enemy",
			Available: func(s *engine.State, m int) bool {
				return fighter(s, m) && status(s, m) == standing && s.Has(m, cBroken)
			},
			Unmet:   rules.Needs(isFighter, isStanding, isBroken),
			Resolve: resolveRun, Note: moveNote(func(s *engine.State, m int) string {
				return fmt.Sprintf("up to %d\" away from the enemy", 2*s.Stat(m, sM))
			})},

		{ID: "ram", Name: "Ram", Type: "double", When: "Mobile vehicles; an enemy to ram: up to M\" straight at it, and a hit as strong as its speed",
			Available: func(s *engine.State, m int) bool { return vehicle(s, m) && status(s, m) == mobile }, Unmet: rules.Needs(isVehicle, isMobile),
			Options: ramTargets, Resolve: resolveRam,
			Note: moveNote(func(s *engine.State, m int) string { return fmt.Sprintf("up to %d\"", s.Stat(m, sM)) })},
		{ID: "jump-start", Name: "Jump Start", Type: "double", When: "Stationary and Stalled vehicles; a Restart test now",
			Available: func(s *engine.State, m int) bool { return vehicle(s, m) && secondary(s, m) == stalled }, Unmet: rules.Needs(isVehicle, isStalled),
			Resolve: resolveJumpStart},
	}
}

func status(s *engine.State, m int) int    { return int(s.Models[m].Status) }
func secondary(s *engine.State, m int) int { return int(s.Models[m].Secondary) }

func vehicle(s *engine.State, m int) bool { return stat(s).vehicle[m] }

// Each action's conditions as checks (rules.Needs, engine.ActionDef.Unmet;
// rules.md §3.3): the first that fails, in words. They agree with the
// actions' Available (rulesets/all.TestUnmetAgrees).

// named is a status's name for a sentence: "seriously-injured" reads
// "Seriously Injured".
func named(n string) string {
	ws := strings.Split(n, "-")
	for i, w := range ws {
		if w != "" {
			ws[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(ws, " ")
}

// statusNot fails, naming the model's status, unless it is want; likewise
// secondaryNot for the second axis.
func statusNot(want int) rules.Check {
	return func(s *engine.State, m int) string {
		if status(s, m) != want {
			return "it is " + named(s.Info().Statuses[status(s, m)])
		}
		return ""
	}
}

func secondaryNot(want int) rules.Check {
	return func(s *engine.State, m int) string {
		if secondary(s, m) != want {
			return "it is " + named(s.Info().Secondary[secondary(s, m)])
		}
		return ""
	}
}

func broken(s *engine.State, m int) bool { return s.Has(m, cBroken) }

var (
	isFighter  = rules.Unless(vehicle, "only fighters may, not vehicles")
	isVehicle  = rules.Unless(fighter, "only vehicles may")
	isStanding = statusNot(standing)
	isProne    = statusNot(prone)
	isMobile   = statusNot(mobile)
	isPinned   = rules.Unless(func(s *engine.State, m int) bool { return secondary(s, m) != pinned }, "it is not Pinned")
	isStalled  = rules.Unless(func(s *engine.State, m int) bool { return secondary(s, m) != stalled }, "it is not Stalled")
	notBroken  = rules.Unless(broken, "it is Broken")
	isBroken   = rules.Unless(func(s *engine.State, m int) bool { return !broken(s, m) }, "it is not Broken")
	hasGunC    = rules.Unless(func(s *engine.State, m int) bool { return !hasGun(s, m) }, "it has no ranged weapon that can fire (none Out of Ammo)")
	sidearmC   = rules.Unless(func(s *engine.State, m int) bool { return !hasSidearm(s, m) }, "it has no Sidearm that can fire")
	quickC     = rules.Unless(func(s *engine.State, m int) bool { return !stat(s).quick[m] }, "it has no quick-draw skill")
	reloadC    = rules.Unless(func(s *engine.State, m int) bool { return !reloadable(s, m) }, "none of its weapons is Out of Ammo")

	// readyC is ready's conditions: a Standing and Active fighter not Broken.
	readyC = rules.Needs(isFighter, isStanding, secondaryNot(active), notBroken)
	// fightingC is fighting's: a Standing and Engaged fighter.
	fightingC = rules.Needs(isFighter, isStanding, rules.Unless(func(s *engine.State, m int) bool { return secondary(s, m) != engaged }, "it is not Engaged"))
)

// ductC is Crawl Through Ductway's own condition (rules.md §3.3): within
// 1" of a ductway; a board without ducts, or a table whose scenario says
// it has none (option ductways), has none to crawl through.
func ductC(s *engine.State, m int) string {
	return necromunda.DuctUnmet(s, m)
}

// aimC is Aim's own condition (rules.md §3.3: Aim's one effect is +1 to
// hit on the model's next Shoot this activation; the rules are silent on
// an Aim that no Shoot can follow, which would do nothing, and it is not
// offered, see the package doc): a Shoot must be able to follow it, at an
// enemy it may shoot now (an Aim ends the time to turn), with a weapon
// that can fire, and with an action left for it once the Aim is paid:
// the Basic Shoot (both actions with an Unwieldy weapon) if the
// activation has not taken a Shoot, or quick-draw's free Shoot with a
// Sidearm. An Aim taken already is the economy's to refuse (once an
// activation), which says so.
func aimC(s *engine.State, m int) string {
	slots := 2
	if s.Count(m, cActions) == 1 {
		slots = 1
	}
	var taken uint64
	var fams []engine.TakenFamily
	if s.Turn.Model == m {
		slots, taken, fams = s.Turn.Slots, s.Turn.Taken, s.Turn.Families
		if taken&(1<<iAim) != 0 {
			return ""
		}
	}
	basic := taken&(1<<iShoot) == 0 && !slices.Contains(fams, engine.TakenFamily{Family: "shoot", Type: "free"})
	free := stat(s).quick[m] && taken&(1<<iShootFree) == 0 && !slices.Contains(fams, engine.TakenFamily{Family: "shoot", Type: "basic"})
	target := false
	for _, w := range stat(s).weapons[m] {
		if !w.ranged || !usable(s, m, w) || !anyShootable(s, m, w) {
			continue
		}
		target = true
		cost := 1
		if w.unwieldy {
			cost = 2
		}
		if basic && cost <= slots-1 || free && w.melee {
			return ""
		}
	}
	switch {
	case !target:
		return "no Shoot could follow it: no enemy it may shoot now (in sight, in range and in its vision arc)"
	case !basic && !free:
		return "no Shoot could follow it: it has taken its Shoot this activation"
	}
	return "no Shoot could follow it: it would have no action left for one"
}

// canMoveC is canMove's: a Standing and Active fighter, or a Mobile vehicle.
func canMoveC(s *engine.State, m int) string {
	if vehicle(s, m) {
		return isMobile(s, m)
	}
	return readyC(s, m)
}

// canShootC is canShoot's: a Standing and Active fighter, or a vehicle not
// Wrecked.
func canShootC(s *engine.State, m int) string {
	if vehicle(s, m) {
		if secondary(s, m) == wrecked {
			return "it is Wrecked"
		}
		return ""
	}
	return readyC(s, m)
}

func fighter(s *engine.State, m int) bool { return !stat(s).vehicle[m] }

// ready: a Standing and Active fighter that is not Broken (rules.md §3.3:
// the Standing and Active actions).
func ready(s *engine.State, m int) bool {
	return fighter(s, m) && status(s, m) == standing && secondary(s, m) == active && !s.Has(m, cBroken)
}

// fighting: a Standing and Engaged fighter (rules.md §3.3).
func fighting(s *engine.State, m int) bool {
	return fighter(s, m) && status(s, m) == standing && secondary(s, m) == engaged
}

// canMove: Move is a Standing and Active fighter's, or a Mobile vehicle's.
func canMove(s *engine.State, m int) bool {
	return ready(s, m) || vehicle(s, m) && status(s, m) == mobile
}

// canShoot: a Standing and Active fighter not Broken, or a vehicle not
// Wrecked (its crew fire, Stalled or not).
func canShoot(s *engine.State, m int) bool {
	return ready(s, m) || vehicle(s, m) && secondary(s, m) != wrecked
}

// wreck: a Wrecked vehicle.
func wreck(s *engine.State, m int) bool { return vehicle(s, m) && secondary(s, m) == wrecked }

// down: out of the fight (removed, Seriously Injured or Wrecked).
func down(s *engine.State, m int) bool {
	sec := secondary(s, m)
	return !s.Models[m].InPlay || sec == seriouslyInjured || sec == wrecked
}

func enemy(s *engine.State, m, t int) bool {
	return t != m && s.Models[t].InPlay && s.SideOf(t) != s.SideOf(m)
}

func friend(s *engine.State, m, t int) bool {
	return t != m && s.Models[t].InPlay && s.SideOf(t) == s.SideOf(m)
}

// freeCoup: m may now give the free Coup de Grace a Fight that put its
// target Seriously Injured gives it (rules.md §3.3, the Close Combat
// page: the sequence's last step), to that target: its next action, if
// it takes it.
func freeCoup(s *engine.State, m int) bool {
	return fighter(s, m) && status(s, m) == standing && s.Turn.Model == m && s.Vars[vFreeCoup] > 0
}

// coupType: the Coup de Grace a Fight just gave is a Free action; any
// other is Simple.
func coupType(s *engine.State, a engine.Action) string {
	if freeCoup(s, a.Actor) && a.Target == int(s.Vars[vFreeCoup])-1 {
		return "free"
	}
	return "simple"
}

func usable(s *engine.State, m int, w weapon) bool { return !necromunda.OutOfAmmo(s, m, w.gear) }

func hasGun(s *engine.State, m int) bool {
	for _, w := range stat(s).weapons[m] {
		if w.ranged && usable(s, m, w) {
			return true
		}
	}
	return false
}

// hasSidearm: a usable ranged weapon with the Sidearm trait (what a free
// Shoot may use).
func hasSidearm(s *engine.State, m int) bool {
	for _, w := range stat(s).weapons[m] {
		if w.ranged && w.melee && usable(s, m, w) {
			return true
		}
	}
	return false
}

func reloadable(s *engine.State, m int) bool {
	for _, w := range stat(s).weapons[m] {
		if w.am > 0 && necromunda.OutOfAmmo(s, m, w.gear) {
			return true
		}
	}
	return false
}

func reloadOptions(s *engine.State, m int, add func(engine.Action)) {
	for _, w := range stat(s).weapons[m] {
		if w.am > 0 && necromunda.OutOfAmmo(s, m, w.gear) {
			add(engine.Action{Target: engine.NoModel, Option: w.gear})
		}
	}
}

// weaponOf returns model m's weapon at gear index g.
func weaponOf(s *engine.State, m, g int) weapon {
	for _, w := range stat(s).weapons[m] {
		if w.gear == g {
			return w
		}
	}
	return unarmed
}

// unarmed is what a fighter without a Melee or Sidearm weapon fights with:
// its own Strength, no AP, Damage 1 (a documented choice).
var unarmed = weapon{gear: -1, name: "unarmed", melee: true, dmg: 1, with: "unarmed"}

// shootType retypes Shoot (seed 002, Changing Action Type): with an
// Unwieldy weapon it is a Double action.
func shootType(s *engine.State, a engine.Action) string {
	if a.Actor >= 0 && a.Actor < len(s.Models) && weaponOf(s, a.Actor, a.Option).unwieldy {
		return "double"
	}
	return "basic"
}

// weaponNote names the weapon an action uses (its option).
func weaponNote(s *engine.State, a engine.Action) string {
	if a.Actor < 0 || a.Actor >= len(s.Models) {
		return ""
	}
	for _, w := range stat(s).weapons[a.Actor] {
		if w.gear == a.Option {
			switch {
			case a.ID == "shoot" && w.unwieldy:
				return w.with + " (Unwieldy: a Double action)"
			case a.ID == "shoot-free":
				return w.with + " (a Free action)"
			}
			return w.with
		}
	}
	return ""
}

// fightNote names the weapons a Fight uses (meleeWeapons).
func fightNote(s *engine.State, a engine.Action) string {
	if a.Actor < 0 || a.Actor >= len(s.Models) {
		return ""
	}
	p, q := meleeWeapons(s, a.Actor)
	if q.gear >= 0 {
		return p.with + " and " + q.name
	}
	return p.with
}

// moveNote says how far a move goes, for the players at a table who move
// the model (on a board the destination says it).
func moveNote(far func(s *engine.State, m int) string) func(s *engine.State, a engine.Action) string {
	return func(s *engine.State, a engine.Action) string {
		if geo(s) != nil || a.Actor < 0 || a.Actor >= len(s.Models) {
			return ""
		}
		return "(" + far(s, a.Actor) + ")"
	}
}

// faceNote says which way a turn or a Stand Up faces: at a table the
// player turns the model; on a board towards its target, or a heading in
// degrees (headings, freeHeading). It reads nothing that changes, so that the log
// shows an old turn as it was offered.
func faceNote(s *engine.State, a engine.Action) string {
	cost := turnCost(s, a)
	switch {
	case geo(s) == nil && cost != "":
		return "(to face any way; " + cost + ")"
	case geo(s) == nil:
		return "(to face any way)"
	case a.Target != engine.NoModel && cost != "":
		return "(" + cost + ")"
	case a.Target != engine.NoModel:
		return ""
	case cost != "":
		return fmt.Sprintf("to face %d° (%s)", a.Option, cost)
	}
	return fmt.Sprintf("to face %d°", a.Option)
}

// turnCost warns what a turn on offer costs (seed 002, Changing Facing):
// a Standing and Engaged fighter that turns takes the option
// engaged-turn-penalty on its hit rolls this activation. Only while the
// turn is on offer (its fighter active, not turned yet) and would cost
// something (on a board, a turn to the way it faces already is none), so
// that the log does not warn about a turn made long ago.
func turnCost(s *engine.State, a engine.Action) string {
	m := a.Actor
	pen := stat(s).opt.turnPenalty
	i := s.Info().Action("turn")
	if a.ID != "turn" || pen == 0 || m < 0 || m >= len(s.Models) || s.Turn.Model != m || s.Turn.Taken&(1<<i) != 0 || secondary(s, m) != engaged {
		return ""
	}
	if geo(s) != nil {
		h := a.Option
		if a.Target != engine.NoModel {
			h = headingTo(s, m, a.Target)
		}
		if turnAngle(h, s.Count(m, cFacing)) == 0 {
			return ""
		}
	}
	return fmt.Sprintf("Engaged: −%d on its hit rolls this activation", -pen)
}

// geo is the board, or nil at a table.
func geo(s *engine.State) engine.Board { return s.Setup().Board }

// within: is m within x" of t? On a board, the board's answer; at a table
// yes, and the resolution asks the players (rules.Maybe).
func within(s *engine.State, m, t int, x float32) bool {
	return rules.Maybe(s, engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: x})
}

// sees: can m see t? As within.
func sees(s *engine.State, m, t int) bool {
	return rules.Maybe(s, engine.Fact{Kind: engine.FactSight, A: m, B: t})
}

// shotOptions are (weapon, target) pairs: each usable ranged weapon (a
// Sidearm only, for a free Shoot) at each enemy it may shoot.
func shotOptions(sidearm bool) func(s *engine.State, m int, add func(engine.Action)) {
	return func(s *engine.State, m int, add func(engine.Action)) {
		for _, w := range stat(s).weapons[m] {
			if !w.ranged || sidearm && !w.melee || !usable(s, m, w) {
				continue
			}
			for t := range s.Models {
				if shootable(s, m, t, w) {
					add(engine.Action{Target: t, Option: w.gear})
				}
			}
		}
	}
}

// shootable: m's weapon w may shoot t, an enemy but a Wrecked vehicle (a
// Seriously Injured fighter may be shot, rules.md §3.3); on a board only
// one in sight, within Long Range and (a Standing fighter's Shoot) within
// its vision arc; Blind Fire, by a Prone fighter, needs no arc. At a table
// every such enemy: the players measure as it resolves.
func shootable(s *engine.State, m, t int, w weapon) bool {
	return enemy(s, m, t) && !wreck(s, t) && sees(s, m, t) && within(s, m, t, w.lr) && (geo(s) == nil || status(s, m) == prone || inArc(s, m, t))
}

// anyShootable: m's weapon w may shoot some enemy now (shootable).
func anyShootable(s *engine.State, m int, w weapon) bool {
	for t := range s.Models {
		if shootable(s, m, t, w) {
			return true
		}
	}
	return false
}

// Indices in Info.Actions (actionDefs' order) of the actions whose
// economy Aim and the evaluation read (the activation's Turn.Taken);
// buildInfo checks them.
const (
	iShoot     = 4
	iShootFree = 5
	iAim       = 6
	iFight     = 10
)

// checkIndices panics unless the indices above are the actions'.
func checkIndices(defs []engine.ActionDef) {
	for id, i := range map[string]int{"shoot": iShoot, "shoot-free": iShootFree, "aim": iAim, "fight": iFight} {
		if defs[i].ID != id {
			panic(fmt.Sprintf("n23: action %d is %s, not %s", i, defs[i].ID, id))
		}
	}
}

// chargeTargets: every enemy fighter not Seriously Injured and every enemy
// vehicle not Wrecked that the Charge can reach or at least get closer to
// for some roll (chargeMoves). One out of reach is still a target: the
// charger ends as close as it may.
func chargeTargets(s *engine.State, m int, add func(engine.Action)) {
	for t := range s.Models {
		if enemy(s, m, t) && !down(s, t) && chargeMoves(s, m, t) {
			add(engine.Action{Target: t})
		}
	}
}

// chargeRefused is Charge's engine.ActionDef.Unlisted: why a Charge the
// list leaves out is refused. It never takes one.
func chargeRefused(s *engine.State, a engine.Action) string {
	m, t := a.Actor, a.Target
	switch {
	case t == engine.NoModel || a.HasPos || a.Option != 0:
		return "a Charge takes an enemy to charge (>m3), and nothing else"
	case !enemy(s, m, t):
		return fmt.Sprintf("%s is not an enemy in play", s.Static(t).ID)
	case down(s, t):
		return fmt.Sprintf("%s is out of the fight (Seriously Injured or Wrecked): there is nothing to charge", s.Static(t).ID)
	case !chargeMoves(s, m, t):
		return fmt.Sprintf("%s could neither reach %s nor get any closer to it, whatever its M + D3\" (no room to move): the Charge would spend both actions for nothing",
			s.Static(m).ID, s.Static(t).ID)
	}
	return "a Charge at that target is not on offer now"
}

// ramTargets: as chargeTargets, for a vehicle.
func ramTargets(s *engine.State, m int, add func(engine.Action)) { chargeTargets(s, m, add) }

// coupTargets: a Prone and Seriously Injured enemy fighter within 1"; as
// the free action after a Fight, the one fought (which needs no
// measuring: they fought in base contact).
func coupTargets(s *engine.State, m int, add func(engine.Action)) {
	if freeCoup(s, m) {
		if t := int(s.Vars[vFreeCoup]) - 1; coupTarget(s, m, t) {
			add(engine.Action{Target: t})
		}
	}
	if !ready(s, m) {
		return
	}
	for t := range s.Models {
		if coupTarget(s, m, t) && within(s, m, t, 1) {
			add(engine.Action{Target: t})
		}
	}
}

func coupTarget(s *engine.State, m, t int) bool {
	return enemy(s, m, t) && fighter(s, t) && secondary(s, t) == seriouslyInjured
}

// foeOptions: the enemies m is Engaged with that are still in the fight.
func foeOptions(s *engine.State, m int, add func(engine.Action)) {
	for t := range s.Models {
		if s.Linked(m, t) && !down(s, t) {
			add(engine.Action{Target: t})
		}
	}
}

func crawlReach(s *engine.State, m int) float32 {
	if stat(s).opt.crawlHalf {
		return float32((s.Stat(m, sM) + 1) / 2)
	}
	return 2
}

// moveReach is how far a Move goes: M".
func moveReach(s *engine.State, m int) float32 { return float32(s.Stat(m, sM)) }
