package n23

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// Profile characteristics, by index (rules.md §3.3: N23's WS, BS, I and
// Ld, Cl, Wil, Int are target numbers, "4+" and "7+"; Sv 7 is no save). A
// vehicle's W is its Hull Points and its I its Handling (see the package
// doc).
const (
	sM = iota
	sWS
	sBS
	sS
	sT
	sW
	sI
	sA
	sLd
	sCl
	sWil
	sInt
	sSv
)

// Statuses (seed 002: a model's Status; rules.md §3.2): fighters are
// Standing or Prone, vehicles Mobile or Stationary.
const (
	standing = iota
	prone
	mobile
	stationary
)

// Secondary statuses (seed 002: a model's Secondary Status): a fighter
// Standing is Active or Engaged, Prone it is Pinned or Seriously Injured; a
// vehicle Mobile is Active, Stationary it is Stalled or Wrecked (rules.md
// §3.3).
const (
	active = iota
	engaged
	pinned
	seriouslyInjured
	stalled
	wrecked
)

// Conditions, alongside the statuses.
const (
	cBroken        = iota // failed a Nerve test (rules.md §3.3: Broken, Rally)
	cAimed                // took Aim this activation: +1 to the next Shoot's hit roll
	cTurned               // turned while Standing and Engaged this activation: the to-hit penalty (seed 002)
	cCharged              // charged this activation: the free Fight's bonus attack
	cChargedUnseen        // charged a target it could not see: −1 on the free Fight's hits
	cRoused               // charged while Prone and Pinned: counts as turned for its reaction attacks
	cFled                 // fled the battlefield (a bottled gang's Cool test)
)

// Counters.
const (
	cWounds  = iota // wounds left (a vehicle's Hull Points)
	cFlesh          // flesh wounds: −1 Toughness each (rules.md §3.3)
	cFacing         // on a board, the way the model faces: degrees anticlockwise from +x
	cActions        // actions an activation when not two (1: "only one action", seed 002); 0 is two
)

// Side counters.
const sBottled = 0 // 1 once the gang has failed a Bottle check (rules.md §3.3)

// Game variables.
const (
	vPriority = iota // side with Priority this round
	vLast            // 1 + the side that had it last round; 0 in round 1
	vContact         // 1 + the model this activation's Charge reached, 0 if none
	vFreeCoup        // 1 + the model a Fight just left Seriously Injured, whom the fighter may give a free Coup de Grace now; 0 if none
)

// Option names (rules.md §8; see the package doc).
const (
	optInjuryFaces  = "injury-faces"
	optSaveNatural  = "save-natural"
	optArc          = "vision-arc"
	optTurnPenalty  = "engaged-turn-penalty"
	optCrawl        = "crawl"
	optBlindFire    = "blind-fire"
	optBottle       = "bottle-comparison"
	optRecoveryFW   = "recovery-flesh-wound"
	optLasting      = "lasting-table"
	optReaction     = "reaction-attacks"
	optChargeAttack = "charge-attack-bonus"
	optAmmoRoll     = "ammo-roll"
	optDucts        = necromunda.DuctsOption
)

// Keywords the rosters may use. Only quick-draw changes the rules here: it
// stands for the skills and gang tactics that grant a free Shoot (a Shoot
// taken as a Free action with a Sidearm). Other skills, subtypes and crews
// are not modelled: those keywords are for people.
var (
	fighterKeywords = []string{"leader", "champion", "ganger", "juve", "prospect", "specialist", "crew", "quick-draw"}
	vehicleKeywords = []string{"wheeled", "tracked", "skimmer", "walker"}
)

// Rules is the Necromunda 2023 ruleset.
type Rules struct {
	info     engine.Info
	compiled rules.Compiled[static]
}

var (
	once    sync.Once
	theRule *Rules
)

// New returns the ruleset.
func New() *Rules {
	once.Do(func() { theRule = &Rules{info: buildInfo()} })
	return theRule
}

func (r *Rules) Info() *engine.Info { return &r.info }

func buildInfo() engine.Info {
	defs := actionDefs()
	checkIndices(defs)
	return engine.Info{
		ID: "n23", Name: "Necromunda (2023 core rulebook)", Version: "4",
		Phases:     []engine.Phase{{ID: "priority"}, {ID: "action", Activations: true}, {ID: "end"}},
		Statuses:   []string{"standing", "prone", "mobile", "stationary"},
		Secondary:  []string{"active", "engaged", "pinned", "seriously-injured", "stalled", "wrecked"},
		Conditions: []string{"broken", "aimed", "turned-engaged", "charged", "charged-unseen", "roused", "fled"},
		Counters: []engine.CounterDef{{Name: "wounds", Min: 0, Max: 10}, {Name: "flesh-wounds", Min: 0, Max: 10},
			{Name: "facing", Min: 0, Max: 359, Shown: facingShown}, {Name: "actions", Min: 0, Max: 2}},
		SideCounts: []engine.CounterDef{{Name: "bottled", Min: 0, Max: 1}},
		Vars:       []string{"priority", "last-priority", "contact", "free-coup"},
		Profile: []engine.Stat{
			{Name: "M", Min: 1, Max: 12}, {Name: "WS", Min: 2, Max: 6, Target: true}, {Name: "BS", Min: 2, Max: 6, Target: true},
			{Name: "S", Min: 1, Max: 10}, {Name: "T", Min: 1, Max: 10}, {Name: "W", Min: 1, Max: 10},
			{Name: "I", Min: 2, Max: 6, Target: true}, {Name: "A", Min: 1, Max: 10},
			{Name: "Ld", Min: 2, Max: 12, Target: true}, {Name: "Cl", Min: 2, Max: 12, Target: true}, {Name: "Wil", Min: 2, Max: 12, Target: true}, {Name: "Int", Min: 2, Max: 12, Target: true},
			{Name: "Sv", Min: 2, Max: 7, Target: true},
		},
		Traits:   []string{"rapid-fire", "unwieldy", "melee", "sidearm"},
		Notation: necromunda.Notation("WS", "BS", "I", "Ld", "Cl", "Wil", "Int"),
		Roster:   roster.Spec("sr", "lr", "acc-s", "acc-l", "str", "str+", "ap", "d", "am"),
		Events:   events,
		Actions:  defs,
		Economy: engine.Economy{Slots: 2, Cost: map[string]int{"simple": 1, "basic": 1, "double": 2, "free": 0},
			Repeatable: []string{"simple"}, Clash: [][2]string{{"free", "basic"}}},
		Options: []engine.OptionDef{
			{Name: optInjuryFaces, Usage: "faces of the injury die showing Flesh Wound, Serious Injury, Out of Action", Default: "2-3-1", Choices: []string{"2-3-1", "3-2-1"}, Source: "rules.md §6.3-p"},
			{Name: optSaveNatural, Usage: "natural save rolls that always fail: 1 (a natural 1 fails every N23 test; no save passes automatically, so one needing more than 6 is not rolled) or 1-2 (N26's rule)", Default: "1", Choices: []string{"1", "1-2"}, Source: "rules.md §3.3 (Resolve Hits), not stated there; see the package doc"},
			{Name: optArc, Usage: "width in degrees of a Standing fighter's vision arc, centred on its facing", Default: "90", Choices: []string{"90", "180", "360"}, Source: "seed 002, Changing Facing; rules.md §3.2, §7.8"},
			{Name: optTurnPenalty, Usage: "hit modifier for a Standing and Engaged fighter that turned this activation", Default: "-1", Choices: []string{"-1", "-2", "0"}, Source: "seed 002, Changing Facing; N23 Close Combat page (rules.md §3.3 sources)"},
			{Name: optCrawl, Usage: "how far Crawl moves: 2\" or half the Movement (rounded up)", Default: "2", Choices: []string{"2", "half-m"}, Source: "rules.md §3.3 (Crawl), distance not stated"},
			{Name: optBlindFire, Usage: "hit modifier of Blind Fire", Default: "-2", Choices: []string{"-2", "-1"}, Source: "rules.md §3.3 (Blind Fire), modifier not stated"},
			{Name: optBottle, Usage: "a gang is bottled when D6 + its casualties is higher than its starting crew (the End phase page), or at least it", Default: "higher", Choices: []string{"higher", "at-least"}, Source: "rules.md §3.3, §8 (fetched: necrodamus The End Phase)"},
			{Name: optRecoveryFW, Usage: "a Flesh Wound on a Recovery test: the fighter becomes Prone and Pinned, or Standing and Active", Default: "pinned", Choices: []string{"pinned", "standing"}, Source: "rules.md §3.3, §8"},
			{Name: optLasting, Usage: "post-battle lasting tables: N26's (rules.md §2.3.4; N23's own were not reachable), or none", Default: "n26", Choices: []string{"n26", "none"}, Source: "rules.md §3.3, §7.0"},
			{Name: optReaction, Usage: "reaction attacks of a fighter Fought: its Attacks characteristic, or one", Default: "attacks", Choices: []string{"attacks", "1"}, Source: "N23 Close Combat page (rules.md §3.3 sources), count not stated"},
			{Name: optChargeAttack, Usage: "extra attack dice in the free Fight of a Charge", Default: "1", Choices: []string{"1", "0"}, Source: "rules.md §3.3 (Charge), bonus not stated"},
			{Name: optAmmoRoll, Usage: "which shots roll a firepower die for its ammo symbol: every shot of a weapon with Ammo, or Rapid Fire weapons only", Default: "every-shot", Choices: []string{"every-shot", "rapid-fire"}, Source: "rules.md §3.3 (Reload, Ammo check), §2.3.6"},
			{Name: optDucts, Usage: "at a table, whether the table has ductways, for Crawl Through Ductway (on a board its ducts say)", Default: "none", Choices: []string{"none", "some"}, Source: "rules.md §3.3 (Crawl Through Ductway); the scenario's terrain, not the rules"},
		},
	}
}

// weapon is one piece of gear compiled for play.
type weapon struct {
	gear          int // index in ModelSetup.Gear
	name          string
	ranged, melee bool // melee: Melee or Sidearm, usable in a Fight
	unwieldy      bool
	sr, lr        float32 // Short and Long Range in inches
	accS, accL    int     // hit modifiers within Short Range, beyond it
	str, strPlus  int     // absolute Strength, or a bonus to the user's
	ap, dmg       int
	rapid         int    // Rapid Fire (X), 0 if none
	am            int    // Ammo X+, 0 if none (it never runs out)
	ammoText      string // "lasgun, Ammo 4+"
	with          string // "with lasgun"
}

// static is a setup compiled for play: shared, never changed.
type static struct {
	ids     []string   // per model, for the report
	weapons [][]weapon // per model
	vehicle []bool
	quick   []bool // the keyword quick-draw: a free Shoot with a Sidearm
	crew    []int  // models each side started with
	opt     options
}

// options are the rule options read once per setup.
type options struct {
	faces, save   int     // index into the injury and save tables
	arc           float64 // vision arc in degrees
	turnPenalty   int
	crawlHalf     bool
	blindFire     int
	bottleAtLeast bool
	fwStands      bool
	lasting       bool
	reactionOne   bool
	chargeBonus   int
	everyShot     bool
}

func readOptions(o map[string]string) options {
	atoi := func(s string) int {
		n := 0
		fmt.Sscan(s, &n)
		return n
	}
	var op options
	if o[optInjuryFaces] == "3-2-1" {
		op.faces = 1
	}
	if o[optSaveNatural] == "1-2" {
		op.save = 1
	}
	op.arc = float64(atoi(o[optArc]))
	op.turnPenalty = atoi(o[optTurnPenalty])
	op.crawlHalf = o[optCrawl] == "half-m"
	op.blindFire = atoi(o[optBlindFire])
	op.bottleAtLeast = o[optBottle] == "at-least"
	op.fwStands = o[optRecoveryFW] == "standing"
	op.lasting = o[optLasting] == "n26"
	op.reactionOne = o[optReaction] == "1"
	op.chargeBonus = atoi(o[optChargeAttack])
	op.everyShot = o[optAmmoRoll] == "every-shot"
	return op
}

func compile(su *engine.Setup) *static {
	st := &static{crew: make([]int, len(su.Sides)), opt: readOptions(su.Options)}
	for _, m := range su.Models {
		st.ids = append(st.ids, m.ID)
		var ws []weapon
		for gi, g := range m.Gear {
			if g.Kind != "ranged" && g.Kind != "melee" {
				continue
			}
			w := weapon{gear: gi, name: g.Name, ranged: g.Kind == "ranged", melee: g.Kind == "melee" || g.Has("melee") || g.Has("sidearm"),
				unwieldy: g.Has("unwieldy"), sr: float32(g.Stats["sr"]), lr: float32(g.Stats["lr"]),
				accS: g.Stats["acc-s"], accL: g.Stats["acc-l"], str: g.Stats["str"], strPlus: g.Stats["str+"],
				ap: g.Stats["ap"], dmg: max(g.Stats["d"], 1), am: g.Stats["am"], with: "with " + g.Name}
			w.rapid, _ = g.Trait("rapid-fire")
			w.ammoText = fmt.Sprintf("%s, Ammo %d+", g.Name, w.am)
			ws = append(ws, w)
		}
		st.weapons = append(st.weapons, ws)
		st.vehicle = append(st.vehicle, m.Type == "vehicle")
		st.quick = append(st.quick, m.Has("quick-draw"))
		st.crew[m.Side]++
	}
	return st
}

// Ext is the ruleset's extra state: the post-battle report, and the
// compiled setup and scratch buffers (derived, not saved).
type Ext struct {
	Report []note // post-battle lasting results (report.go); the JSON holds their lines
	st     *static
	pos    []engine.Pos
	memo   board.Memo // destinations asked lately (scratch, not copied)
}

// CopyInto copies the report, reusing dst's slice.
func (e *Ext) CopyInto(dst engine.Ext) engine.Ext {
	d, _ := dst.(*Ext)
	if d == nil {
		d = &Ext{}
	}
	d.Report = append(d.Report[:0], e.Report...)
	d.st = e.st
	return d
}

// Equal compares the saved parts.
func (e *Ext) Equal(o engine.Ext) bool {
	f, ok := o.(*Ext)
	return ok && slices.Equal(e.lines(), f.lines())
}

// DecodeExt reads an Ext from JSON; the compiled setup is rebuilt on use.
func (r *Rules) DecodeExt(data []byte) (engine.Ext, error) {
	var e Ext
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, fmt.Errorf("n23: ext: %w", err)
	}
	return &e, nil
}

func ext(s *engine.State) *Ext { return s.Ext.(*Ext) }

// stat returns the compiled setup, compiling it if the state was decoded.
func stat(s *engine.State) *static {
	e := ext(s)
	if e.st == nil {
		e.st = compile(s.Setup())
	}
	return e.st
}

// Start gives every model its wounds, settles the statuses a scenario
// left to their defaults (a vehicle is Mobile and Active; a Prone fighter
// with no secondary status is Pinned; a Stationary vehicle is Stalled),
// compiles the setup (once for a batch of games on one setup), faces every
// model towards the nearest enemy on a board, and ties models deployed in
// base contact (or engaged-with at a table) as Engaged (rules.md §3.3).
func (r *Rules) Start(s *engine.State) error {
	su := s.Setup()
	s.Ext = &Ext{st: r.compiled.Get(su, compile)}
	for m := range s.Models {
		md := &s.Models[m]
		md.Counters[cWounds] = int16(s.Stat(m, sW))
		switch {
		case vehicle(s, m) && md.Status == standing:
			md.Status = mobile
		case md.Status == prone && md.Secondary == active:
			md.Secondary = pinned
		case md.Status == stationary && md.Secondary == active:
			md.Secondary = stalled
		}
		if md.Secondary == seriouslyInjured {
			md.Counters[cWounds] = 0 // as injury dice would leave it
		}
	}
	if su.Board != nil {
		faceNearestEnemy(s)
	}
	engagement(s, func(m, sec int) { s.Models[m].Secondary = uint8(sec) })
	return nil
}

// CheckSetup checks model types, keywords, gear and starting statuses
// (rules.md §3.2, §3.3), with the checks both editions share
// (necromunda.Roster).
func (r *Rules) CheckSetup(su *engine.Setup) error { return roster.CheckModels(su) }

var roster = &necromunda.Roster{Game: "n23", FighterKeywords: fighterKeywords, VehicleKeywords: vehicleKeywords,
	StatRange: statRange, Stats: "sr, lr, acc-s, acc-l, str, str+, ap, d, am", MaxFirepower: maxFirepower, Model: checkStatus}

// checkStatus checks model i's starting statuses: fighters Standing (and
// Active: Engaged comes from base contact or engaged-with) or Prone
// (Pinned or Seriously Injured); vehicles Mobile (Active) or Stationary
// (Stalled or Wrecked). Models said to be engaged are Standing fighters
// (or vehicles), in base contact on a board.
func checkStatus(su *engine.Setup, i int) error {
	m := &su.Models[i]
	p := fmt.Sprintf("models[%d]", i)
	bad := func(field, format string, a ...any) error {
		return &engine.FieldError{Path: p + "." + field, Problem: fmt.Sprintf(format, a...)}
	}
	veh := m.Type == "vehicle"
	switch m.Status {
	case "", "standing":
		if veh && m.Status != "" {
			return bad("status", "a vehicle is mobile or stationary, not standing")
		}
		switch m.Secondary {
		case "", "active":
		case "engaged":
			return bad("secondary", "a model is Engaged by base contact (on a board) or by engaged-with (at a table), not by its status")
		default:
			return bad("secondary", "a Standing fighter is active (or engaged); %s goes with prone or stationary", m.Secondary)
		}
	case "prone":
		if veh {
			return bad("status", "a vehicle is mobile or stationary, not prone")
		}
		switch m.Secondary {
		case "", "pinned", "seriously-injured":
		default:
			return bad("secondary", "a Prone fighter is pinned or seriously-injured, not %s", m.Secondary)
		}
	case "mobile", "stationary":
		if !veh {
			return bad("status", "a fighter is standing or prone, not %s", m.Status)
		}
		switch {
		case m.Status == "mobile" && m.Secondary != "" && m.Secondary != "active":
			return bad("secondary", "a Mobile vehicle is active, not %s", m.Secondary)
		case m.Status == "stationary" && m.Secondary != "" && m.Secondary != "stalled" && m.Secondary != "wrecked":
			return bad("secondary", "a Stationary vehicle is stalled or wrecked, not %s", m.Secondary)
		}
	}
	for k, id := range m.Engaged {
		path := fmt.Sprintf("engaged-with[%d]", k)
		j := slices.IndexFunc(su.Models, func(o engine.ModelSetup) bool { return o.ID == id })
		if j < 0 {
			continue // the engine reports it
		}
		o := &su.Models[j]
		if m.Status == "prone" || o.Status == "prone" || m.Status == "stationary" && m.Secondary == "wrecked" || o.Secondary == "wrecked" {
			return bad(path, "only Standing fighters (and vehicles not wrecked) are Engaged (rules.md §3.3)")
		}
		if veh && o.Type == "vehicle" {
			return bad(path, "two vehicles are never Engaged with each other")
		}
		if su.Board != nil {
			a, b := m.Start, o.Start
			gap := math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)) - (m.Base+o.Base)/2
			if a.Level != b.Level || gap > board.Contact {
				return bad(path, "%s and %s are not in base contact on the board (a gap of %.2f\")", m.ID, id, max(gap, 0))
			}
		}
	}
	return nil
}

func statRange(k string) (lo, hi int, ok bool) {
	switch k {
	case "sr", "lr":
		return 0, 72, true
	case "acc-s", "acc-l":
		return -3, 3, true
	case "str":
		return 1, 10, true
	case "str+":
		return 0, 5, true
	case "ap":
		return -6, 0, true
	case "d":
		return 1, 6, true
	case "am":
		return 2, 6, true
	}
	return 0, 0, false
}

// events is how the ruleset's own events read in the log (engine.Info.Events),
// with those of package necromunda: who did what to whom, in our words for
// the rules.md §3 mechanics.
var events = necromunda.Events(map[string]string{
	"bottled":                 "{side} bottled out: it stays bottled for the rest of the battle",
	"rallied":                 "{model} rallied: no longer Broken",
	"fled":                    "{model} fled the battle",
	"recovered":               "{model} recovered from Seriously Injured",
	"still-seriously-injured": "{model} stays Seriously Injured",
	"missed":                  "{model} missed {other}",
	"pinned":                  "{model} was Pinned by {other}",
	"reload-failed":           "{model} failed to reload",
	"turned-engaged":          "{model} turned while Engaged[ to face {other}]",
	"dodged":                  "{model} dodged {other}'s ram",
	"rammed":                  "{model} rammed {other}",
	"no-wound":                "{model} hit {other} but did not wound",
	"saved":                   "{model} saved against {other}'s hit",
	"no-save":                 "nothing could save {model} from {other}'s wound",
	"flesh-wound":             "{model} took a Flesh Wound ({value} in all)",
	"glancing":                "{model} took a Glancing hit[ from {other}]",
	"penetrating":             "{model} took a Penetrating hit[ from {other}]: Stationary and Stalled",
	"catastrophic":            "{model} took a Catastrophic hit[ from {other}]: Wrecked",
	"restarted":               "{model} restarted its engine",
	"still-stalled":           "{model} is still Stalled",
	"broken":                  "{model} saw {other} fall and is Broken",
	"coup-de-grace":           "{model} gave {other} the Coup de Grace",
	"turned":                  "{model} turned[ to face {other}]",
	"moved-closer":            "{model} moved towards {other} but did not reach it",
	"retreat-failed":          "{model} failed to Retreat",
	"retreated":               "{model} retreated up to {value}\"",
	"ran-for-cover":           "{model} ran for cover",
})
