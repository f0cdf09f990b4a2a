package n26

import (
	"fmt"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// actionDefs is every N26 action (rules.md §2.2.3–§2.2.5): 16 for models
// neither Engaged nor Seriously Injured/Damaged, 2 for Engaged models, 3
// for Seriously Injured fighters and 3 for Seriously Damaged vehicles, one
// of which (Desperate Escape) both share.
func actionDefs() []engine.ActionDef {
	return []engine.ActionDef{
		{ID: "aimed-shot", Name: "Aimed Shot", Type: "double", When: "not Engaged or Seriously Injured; a ranged weapon without Heavy; +1 to hit",
			Available: func(s *engine.State, m int) bool { return free(s, m) && hasGun(s, m, false) }, Unmet: rules.Needs(isFree, gun(false)),
			Options: shotOptions(false), Resolve: resolveShot(1), Note: weaponNote},
		{ID: "braced-shot", Name: "Braced Shot", Type: "double", When: "not Engaged or Seriously Injured; a ranged weapon with Heavy",
			Available: func(s *engine.State, m int) bool { return free(s, m) && hasGun(s, m, true) }, Unmet: rules.Needs(isFree, gun(true)),
			Options: shotOptions(true), Resolve: resolveShot(0), Note: weaponNote},
		{ID: "charge", Name: "Charge", Type: "double", When: "not Engaged or Seriously Injured; an enemy to charge (a vehicle: one it can face with a turn of up to 90°); moves M+D6\"",
			Available: free, Unmet: rules.Needs(isFree), Options: chargeTargets, Resolve: resolveCharge, Note: moveNote(func(s *engine.State, m int) string { return fmt.Sprintf("%d\" + D6\"", s.Stat(m, sM)) })},
		{ID: "coup-de-grace", Name: "Coup de Grace", Type: "single", When: "fighters not Seriously Injured, nor Engaged (except as the free action after a Charge or Engage); a Seriously Injured enemy fighter within 1\"",
			Available: func(s *engine.State, m int) bool { return fighter(s, m) && (free(s, m) || followUp(s, m)) },
			Options: nearTargets(func(s *engine.State, m, t int) bool {
				return enemy(s, m, t) && status(s, t) == seriouslyInjured && fighter(s, t)
			}),
			Resolve: resolveCoupDeGrace},
		{ID: "crawl-through-ductway", Name: "Crawl Through Ductway", Type: "double", When: "fighters not Engaged or Seriously Injured; within 1\" of a ductway",
			Available: func(s *engine.State, m int) bool { return free(s, m) && fighter(s, m) && necromunda.NearDuct(s, m) }, Unmet: rules.Needs(isFree, isFighter, nearDuct),
			Resolve: func(c *engine.Ctx, a engine.Action) { necromunda.CrawlDuct(c, a.Actor, refresh) }},
		{ID: "dash", Name: "Dash", Type: "double", When: "not Engaged or Seriously Injured; moves M+I\"",
			Available: free, Unmet: rules.Needs(isFree), Options: moveOptions(dashReach, dashTo), Any: anyMove(dashReach, dashTo), Unlisted: typedMove(dashReach, dashTo, "the Dash would come within 1\" of an enemy that is not Seriously Injured, or closer to one already within 1\" (rules.md §2.3.5), or, for a vehicle, turn more than once or not go straight"),
			Resolve: resolveMove, Note: moveNote(func(s *engine.State, m int) string { return fmt.Sprintf("up to %d\"", s.Stat(m, sM)+s.Stat(m, sI)) })},
		{ID: "engage", Name: "Engage", Type: "single", When: "not Engaged or Seriously Injured; an enemy to engage; moves D6\"",
			Available: free, Unmet: rules.Needs(isFree), Options: enemyTargets, Resolve: resolveEngage, Note: moveNote(func(*engine.State, int) string { return "D6\"" })},
		{ID: "fire-all", Name: "Fire All", Type: "double", When: "vehicles not Engaged or Seriously Damaged; fires every ranged weapon, Heavy or not",
			Available: func(s *engine.State, m int) bool {
				return free(s, m) && vehicle(s, m) && (hasGun(s, m, false) || hasGun(s, m, true))
			},
			Unmet:   rules.Needs(isFree, isVehicle, anyGun),
			Resolve: resolveFireAll},
		{ID: "group-activation", Name: "Group Activation", Type: "single", When: "fighters not Engaged or Seriously Injured, nor chosen by a Group Activation this round; friendly Ready fighters within 3\"; Leadership check",
			Available: canGroup, Unmet: rules.Needs(isFree, isFighter, notGrouped, groupNear), Resolve: resolveGroup},
		{ID: "interact", Name: "Interact", Type: "single", When: "not Engaged or Seriously Injured; not Beasts; within 1\" of an object (on a board, its tokens)",
			Available: func(s *engine.State, m int) bool {
				return free(s, m) && !stat(s).beast[m] && (geo(s) == nil || nearTokens(s, m) != 0)
			},
			Unmet:   rules.Needs(isFree, notBeast, nearToken),
			Options: tokenOptions, Resolve: resolveInteract, Note: tokenNote},
		{ID: "move", Name: "Move", Type: "single", When: "not Engaged or Seriously Injured; moves M\"",
			Available: free, Unmet: rules.Needs(isFree), Options: moveOptions(moveReach, moveBy1inch), Any: anyMove(moveReach, moveBy1inch), Unlisted: typedMove(moveReach, moveBy1inch, "the Move would come within 1\" of an enemy that is not Seriously Injured, or closer to one already within 1\" (rules.md §2.3.5)"),
			Resolve: resolveMove, Note: moveNote(func(s *engine.State, m int) string { return fmt.Sprintf("up to %d\"", s.Stat(m, sM)) })},
		{ID: "reload", Name: "Reload", Type: "single", When: "not Engaged or Seriously Injured; a weapon Out of Ammo and not jammed",
			Available: func(s *engine.State, m int) bool { return free(s, m) && reloadable(s, m) >= 0 }, Unmet: rules.Needs(isFree, hasReload),
			Options: reloadOptions, Resolve: resolveReload, Note: weaponNote},
		{ID: "repair", Name: "Repair", Type: "single", When: "fighters not Engaged or Seriously Injured; a Seriously Damaged friendly vehicle within 1\"",
			Available: func(s *engine.State, m int) bool { return free(s, m) && fighter(s, m) }, Unmet: rules.Needs(isFree, isFighter),
			Options: nearTargets(func(s *engine.State, m, t int) bool {
				return friend(s, m, t) && vehicle(s, t) && status(s, t) == seriouslyInjured
			}),
			Resolve: resolveRepair},
		{ID: "sabotage", Name: "Sabotage", Type: "single", When: "fighters not Engaged or Seriously Injured; a Seriously Damaged enemy vehicle within 1\"; Intelligence check",
			Available: func(s *engine.State, m int) bool { return free(s, m) && fighter(s, m) }, Unmet: rules.Needs(isFree, isFighter),
			Options: nearTargets(func(s *engine.State, m, t int) bool {
				return enemy(s, m, t) && vehicle(s, t) && status(s, t) == seriouslyInjured
			}),
			Resolve: resolveSabotage},
		{ID: "shoot", Name: "Shoot", Type: "single", When: "not Engaged or Seriously Injured; a ranged weapon without Heavy",
			Available: func(s *engine.State, m int) bool { return free(s, m) && hasGun(s, m, false) }, Unmet: rules.Needs(isFree, gun(false)),
			Options: shotOptions(false), Resolve: resolveShot(0), Note: weaponNote},
		{ID: "treat-ally", Name: "Treat Ally", Type: "single", When: "fighters not Engaged or Seriously Injured, and not Beasts; a Seriously Injured friendly fighter within 1\"",
			Available: func(s *engine.State, m int) bool { return free(s, m) && fighter(s, m) && !stat(s).beast[m] }, Unmet: rules.Needs(isFree, isFighter, notBeast),
			Options: nearTargets(func(s *engine.State, m, t int) bool {
				return friend(s, m, t) && fighter(s, t) && status(s, t) == seriouslyInjured
			}),
			Resolve: resolveTreatAlly},

		{ID: "fight", Name: "Fight", Type: "double", When: "Engaged; resolves the combat",
			Available: func(s *engine.State, m int) bool { return status(s, m) == engaged }, Unmet: rules.Needs(isEngaged),
			Options: foeOptions, Resolve: resolveFight},
		{ID: "retreat", Name: "Retreat", Type: "double", When: "Engaged; moves I\", ending at least 1\" from enemies",
			Available: func(s *engine.State, m int) bool { return status(s, m) == engaged }, Unmet: rules.Needs(isEngaged),
			Options: retreatOptions, Resolve: resolveRetreat, Note: moveNote(func(s *engine.State, m int) string {
				return fmt.Sprintf("up to %d\", ending 1\" from enemies", s.Stat(m, sI))
			})},

		{ID: "crawl", Name: "Crawl", Type: "double", When: "Seriously Injured fighters; moves S\"",
			Available: func(s *engine.State, m int) bool { return status(s, m) == seriouslyInjured && fighter(s, m) }, Unmet: rules.Needs(isSI, isFighter),
			Options: moveOptions(crawlReach, anywhere), Any: anyMove(crawlReach, anywhere), Resolve: resolveMove, Note: moveNote(func(s *engine.State, m int) string { return fmt.Sprintf("up to %d\"", s.Stat(m, sS)) })},
		{ID: "desperate-escape", Name: "Desperate Escape", Type: "double", When: "Seriously Injured fighters and Seriously Damaged vehicles; flees: Out of Action",
			Available: func(s *engine.State, m int) bool { return status(s, m) == seriouslyInjured }, Unmet: rules.Needs(isSI), Resolve: resolveEscape},
		{ID: "tend-wounds", Name: "Tend Wounds", Type: "double", When: "Seriously Injured fighters; +1 injury die on this activation's Recovery test",
			Available: func(s *engine.State, m int) bool { return status(s, m) == seriouslyInjured && fighter(s, m) }, Unmet: rules.Needs(isSI, isFighter), Resolve: resolveTend},
		{ID: "conduct-repairs", Name: "Conduct Repairs", Type: "double", When: "Seriously Damaged vehicles; +1 injury die on this activation's Recovery test",
			Available: func(s *engine.State, m int) bool { return status(s, m) == seriouslyInjured && vehicle(s, m) }, Unmet: rules.Needs(isSI, isVehicle), Resolve: resolveTend},
		{ID: "freewheel", Name: "Freewheel", Type: "double", When: "Seriously Damaged vehicles; moves D6\"",
			Available: func(s *engine.State, m int) bool { return status(s, m) == seriouslyInjured && vehicle(s, m) }, Unmet: rules.Needs(isSI, isVehicle), Resolve: resolveFreewheel, Note: moveNote(func(*engine.State, int) string { return "D6\"" })},
	}
}

func status(s *engine.State, m int) int { return int(s.Models[m].Status) }

// weaponNote names the weapon an action uses (its option).
func weaponNote(s *engine.State, a engine.Action) string {
	if a.Actor < 0 || a.Actor >= len(s.Models) {
		return ""
	}
	for _, w := range stat(s).weapons[a.Actor] {
		if w.gear == a.Option {
			return "with " + w.name
		}
	}
	return ""
}

// tokenNote names the board token an Interact uses.
func tokenNote(s *engine.State, a engine.Action) string {
	if b := concrete(s); b != nil && a.Option >= 0 && a.Option < len(b.Tokens) {
		return "with the " + b.Tokens[a.Option].Kind
	}
	return ""
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

// free: neither Engaged nor Seriously Injured/Damaged (Active or Suppressed).
func free(s *engine.State, m int) bool {
	st := status(s, m)
	return st == active || st == suppressed
}

func vehicle(s *engine.State, m int) bool { return stat(s).vehicle[m] }

// Each action's conditions as checks (rules.Needs, engine.ActionDef.Unmet;
// rules.md §2.2): the first that fails, in words. They agree with the
// actions' Available (rulesets/all.TestUnmetAgrees).

// hurt is "Seriously Injured", or "Seriously Damaged" for a vehicle.
func hurt(s *engine.State, m int) string {
	if vehicle(s, m) {
		return "Seriously Damaged"
	}
	return "Seriously Injured"
}

func isFree(s *engine.State, m int) string {
	switch status(s, m) {
	case engaged:
		return "it is Engaged"
	case seriouslyInjured:
		return "it is " + hurt(s, m)
	}
	return ""
}

func isSI(s *engine.State, m int) string {
	if status(s, m) != seriouslyInjured {
		return "it is not " + hurt(s, m)
	}
	return ""
}

var (
	isEngaged  = rules.Unless(func(s *engine.State, m int) bool { return status(s, m) != engaged }, "it is not Engaged")
	isFighter  = rules.Unless(vehicle, "only fighters may, not vehicles")
	isVehicle  = rules.Unless(fighter, "only vehicles may")
	notBeast   = rules.Unless(func(s *engine.State, m int) bool { return stat(s).beast[m] }, "Beasts may not")
	anyGun     = rules.Unless(func(s *engine.State, m int) bool { return !hasGun(s, m, false) && !hasGun(s, m, true) }, "it has no ranged weapon that can fire (none Out of Ammo)")
	nearDuct   = ductC
	nearToken  = rules.Unless(func(s *engine.State, m int) bool { return geo(s) != nil && nearTokens(s, m) == 0 }, "no token is within 1\"")
	hasReload  = rules.Unless(func(s *engine.State, m int) bool { return reloadable(s, m) < 0 }, "none of its weapons is Out of Ammo (a jammed one cannot be reloaded)")
	notGrouped = rules.Unless(func(s *engine.State, m int) bool { return s.Has(m, cGroupSelected) }, "a Group Activation chose it this round")
	groupNear  = rules.Unless(func(s *engine.State, m int) bool { return !canGroup(s, m) }, "no friendly Ready fighter is within 3\"")
)

// gun: a ranged weapon, Heavy or not as asked, that can fire.
func gun(heavy bool) rules.Check {
	if heavy {
		return rules.Unless(func(s *engine.State, m int) bool { return !hasGun(s, m, true) }, "it has no Heavy ranged weapon that can fire (none Out of Ammo)")
	}
	return rules.Unless(func(s *engine.State, m int) bool { return !hasGun(s, m, false) }, "it has no ranged weapon without Heavy that can fire (none Out of Ammo)")
}
func fighter(s *engine.State, m int) bool { return !stat(s).vehicle[m] }

func enemy(s *engine.State, m, t int) bool {
	return t != m && s.Models[t].InPlay && s.SideOf(t) != s.SideOf(m)
}

func friend(s *engine.State, m, t int) bool {
	return t != m && s.Models[t].InPlay && s.SideOf(t) == s.SideOf(m)
}

// hasGun reports a ranged weapon, Heavy or not as asked, that can fire.
func hasGun(s *engine.State, m int, heavy bool) bool {
	for _, w := range stat(s).weapons[m] {
		if w.ranged && w.heavy == heavy && w.lr > 0 && usable(s, m, w) {
			return true
		}
	}
	return false
}

func usable(s *engine.State, m int, w weapon) bool { return !necromunda.OutOfAmmo(s, m, w.gear) }

// canReload: Out of Ammo and not jammed (rules.md §2.3.6).
func canReload(s *engine.State, m int, w weapon) bool {
	return necromunda.OutOfAmmo(s, m, w.gear) && !necromunda.Jammed(s, m, w.gear)
}

func reloadable(s *engine.State, m int) int {
	for _, w := range stat(s).weapons[m] {
		if canReload(s, m, w) {
			return w.gear
		}
	}
	return -1
}

func reloadOptions(s *engine.State, m int, add func(engine.Action)) {
	for _, w := range stat(s).weapons[m] {
		if canReload(s, m, w) {
			add(engine.Action{Target: engine.NoModel, Option: w.gear})
		}
	}
}

// geo is the board, or nil at a table.
func geo(s *engine.State) engine.Board { return s.Setup().Board }

// crawlReach is a Crawl's reach: S".
func crawlReach(s *engine.State, m int) float32 { return float32(s.Stat(m, sS)) }

// within: is m within x" of t? On a board, the board's answer; at a table
// yes, and the resolution asks the players (rules.Maybe).
func within(s *engine.State, m, t int, x float32) bool {
	return rules.Maybe(s, engine.Fact{Kind: engine.FactWithin, A: m, B: t, Inches: x})
}

// sees: can m see t? As within.
func sees(s *engine.State, m, t int) bool {
	return rules.Maybe(s, engine.Fact{Kind: engine.FactSight, A: m, B: t})
}

// shotOptions are (weapon, target) pairs: each usable ranged weapon of the
// kind asked, at each enemy in play (on a board: in sight and within Long
// Range; rules.md §2.3.4, a shot's target in Line of Sight, none past Long
// Range).
func shotOptions(heavy bool) func(s *engine.State, m int, add func(engine.Action)) {
	// Target by target (the legal list's order), the range before the
	// sight, which costs more and is worked out once a target.
	return func(s *engine.State, m int, add func(engine.Action)) {
		ws := stat(s).weapons[m]
		for t := range s.Models {
			if !enemy(s, m, t) {
				continue
			}
			seen := 0 // 1 sees, -1 does not, 0 not asked yet
			for _, w := range ws {
				if !w.ranged || w.heavy != heavy || w.lr <= 0 || !usable(s, m, w) || !within(s, m, t, w.lr) {
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
}

// followUp: m is Engaged and takes the free action a Charge or Engage that
// ended Engaged gives it, a Fight or a Coup de Grace (seed 000, Charge and
// Engage): the only way an Engaged model may take a Coup de Grace.
func followUp(s *engine.State, m int) bool {
	return status(s, m) == engaged && s.Turn.Model == m && len(s.Turn.Forced) > 0
}

// enemyTargets: every enemy in play. One out of reach is still a legal
// target: the model ends as close as it may. A Seriously Injured one can
// be approached but never Engaged, so reaching it gives no free action
// (seed 000, Charge, Engage and Engaged status).
func enemyTargets(s *engine.State, m int, add func(engine.Action)) {
	for t := range s.Models {
		if enemy(s, m, t) {
			add(engine.Action{Target: t})
		}
	}
}

// chargeTargets are enemyTargets, but a vehicle on a board may only target
// a model it can face with one turn of up to 90° from its facing (seed 000,
// Charge); at a table the resolution asks the players.
func chargeTargets(s *engine.State, m int, add func(engine.Action)) {
	veh := vehicle(s, m) && geo(s) != nil
	for t := range s.Models {
		if enemy(s, m, t) && (!veh || facesWithin90(s, m, t)) {
			add(engine.Action{Target: t})
		}
	}
}

// nearTargets: models within 1" that pass ok (at a table, every model that
// passes ok; the resolution asks whether it is within 1").
func nearTargets(ok func(s *engine.State, m, t int) bool) func(s *engine.State, m int, add func(engine.Action)) {
	return func(s *engine.State, m int, add func(engine.Action)) {
		for t := range s.Models {
			if ok(s, m, t) && within(s, m, t, 1) {
				add(engine.Action{Target: t})
			}
		}
	}
}

// foeOptions: the enemies m is Engaged with.
func foeOptions(s *engine.State, m int, add func(engine.Action)) {
	for t := range s.Models {
		if s.Linked(m, t) && s.Models[t].InPlay {
			add(engine.Action{Target: t})
		}
	}
}

func canGroup(s *engine.State, m int) bool {
	if !free(s, m) || !fighter(s, m) || s.Has(m, cGroupSelected) {
		return false
	}
	for f := range s.Models {
		if friend(s, m, f) && fighter(s, f) && s.Models[f].Acts == 0 && within(s, m, f, 3) {
			return true
		}
	}
	return false
}

// ductC is Crawl Through Ductway's own condition (seed 000): within 1" of
// a ductway; a board without ducts, or a table whose scenario says it has
// none (option ductways, none unless it says some), has none to crawl
// through (issue 31).
func ductC(s *engine.State, m int) string {
	return necromunda.DuctUnmet(s, m)
}

// moveReach and dashReach are how far a Move (M") and a Dash (M+I") go.
func moveReach(s *engine.State, m int) float32 { return float32(s.Stat(m, sM)) }
func dashReach(s *engine.State, m int) float32 { return float32(s.Stat(m, sM) + s.Stat(m, sI)) }
