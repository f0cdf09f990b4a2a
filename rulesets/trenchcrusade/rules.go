package trenchcrusade

import (
	"fmt"
	"slices"
	"sync"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// Profile characteristics, by index (rules.md §4.3): Movement in inches,
// Ranged and Melee as ±DICE on attacks, Armour as a negative injury
// modifier.
const (
	sM = iota
	sRanged
	sMelee
	sArmour
)

// Statuses.
const (
	standing = iota
	down
)

// Conditions.
const (
	cStood     = iota // stood up this activation: Movement halved (rules.md §4.2.3)
	cShot             // shot this activation with a weapon without Assault
	cCharged          // charged this activation
	cToughUsed        // TOUGH has saved it from Out of Action once
	cFalling          // falling: its fall's own Injury Roll is being resolved
)

// Counters (rules.md §4.3: at most 6 of each marker).
const (
	cBlood = iota
	cBlessing
	cHits // injuries that placed Blood markers, for the record (odds labels)
)

// Side counters.
const sMoraleFails = 0 // Morale Checks failed in a row

// Game variables.
const (
	vInitiative = iota // the side with the Initiative this turn
	vContact           // 1 + the model this activation's Charge reached, 0 if none
	vFell              // 1 + the model that fell from a ledge in the Fight being resolved, 0 if none
	vClear             // at a table: 1 + the active model known to have no enemy within 1" this activation, 0 if not known
)

// Option names (rules.md §8).
const (
	optCrit      = "critical"
	optMorale    = "morale"
	optExclusion = "charge-exclusion"
)

// Keywords the rules use, and the others a warband may carry.
var keywords = []string{"tough", "fear", "elite", "infiltrator", "strong"}

// Rules is the Trench Crusade ruleset.
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
	return engine.Info{
		ID: "trenchcrusade", Name: "Trench Crusade (rules v1.0)", Version: "5",
		Phases:     []engine.Phase{{ID: "initiative"}, {ID: "activation", Activations: true}, {ID: "morale"}},
		Statuses:   []string{"standing", "down"},
		Conditions: []string{"stood-up", "shot", "charged", "tough-used", "falling"},
		Counters:   []engine.CounterDef{{Name: "blood", Min: 0, Max: 6}, {Name: "blessing", Min: 0, Max: 6}, {Name: "hits", Min: 0, Max: 999}},
		SideCounts: []engine.CounterDef{{Name: "morale-failures", Min: 0, Max: 2}},
		Vars:       []string{"initiative", "contact", "fell", "clear"},
		Profile: []engine.Stat{
			{Name: "Movement", Min: 1, Max: 12}, {Name: "Ranged", Min: -3, Max: 3},
			{Name: "Melee", Min: -3, Max: 3}, {Name: "Armour", Min: -3, Max: 0},
		},
		Events:   events,
		Traits:   []string{"assault"},
		Notation: notation,
		Roster: engine.RosterSpec{Types: []string{"model"}, Keywords: map[string][]string{"model": keywords},
			Gear: map[string][]string{"ranged": {"range", "dice", "injury-dice", "injury-mod"}, "melee": {"dice", "injury-dice", "injury-mod"},
				"armour": {"injury-mod"}, "shield": {"injury-mod"}}},
		Actions: actionDefs(),
		Economy: engine.Economy{Cost: map[string]int{"action": 0}},
		Options: []engine.OptionDef{
			{Name: optCrit, Usage: "a Critical Success: a modified total of 12 or more, or only a natural 12", Default: "modified", Choices: []string{"modified", "natural"}, Source: "rules.md §6.3-e, §8 gap 6"},
			{Name: optMorale, Usage: "a failed Morale Check: failing it in two turns in a row loses the game, or the warband is only Shaken (no effect here)", Default: "two-fails", Choices: []string{"two-fails", "shaken"}, Source: "rules.md §6.3-d, §8 gap 6"},
			{Name: optExclusion, Usage: "what a Charge excludes in one activation (unless the weapon has Assault): Shoot, or Shoot and Fight", Default: "shoot", Choices: []string{"shoot", "shoot-and-fight"}, Source: "rules.md §6.3-c, §8 gap 7"},
		},
	}
}

// weapon is one piece of gear compiled for play.
type weapon struct {
	gear          int // index in ModelSetup.Gear
	name          string
	ranged, melee bool
	rng           float32 // ranged: its range in inches
	dice          int     // ±DICE on the attack's Success Roll
	injDice       int     // ±INJURY DICE
	injMod        int     // flat injury modifier
	assault       bool
}

// static is a setup compiled for play: shared, never changed.
type static struct {
	ranged, melee [][]weapon // per model
	kitMod        []int      // per model: armour and shields (negative)
	tough, fear   []bool
	texts         [][texts]string // per model: the questions asked about it
}

// Questions about a model, made once per setup so that asking allocates
// nothing.
const (
	tBloodRoll = iota
	tBlessRoll
	tBloodInjury
	tBlessInjury
	tStrike
	texts
)

func compile(su *engine.Setup) *static {
	st := &static{}
	for _, m := range su.Models {
		var rs, ms []weapon
		kit := 0
		for gi, g := range m.Gear {
			w := weapon{gear: gi, name: g.Name, rng: float32(g.Stats["range"]), dice: g.Stats["dice"],
				injDice: g.Stats["injury-dice"], injMod: g.Stats["injury-mod"], assault: g.Has("assault")}
			switch g.Kind {
			case "ranged":
				w.ranged = true
				rs = append(rs, w)
			case "melee":
				w.melee = true
				ms = append(ms, w)
			case "armour", "shield":
				kit += g.Stats["injury-mod"]
			}
		}
		st.ranged = append(st.ranged, rs)
		st.melee = append(st.melee, ms)
		st.kitMod = append(st.kitMod, kit)
		st.tough = append(st.tough, m.Has("tough"))
		st.fear = append(st.fear, m.Has("fear"))
		st.texts = append(st.texts, [texts]string{
			tBloodRoll:   "How many of " + m.ID + "'s Blood markers to spend on the Success Roll about to be taken for it (each is −1 DICE; 0 keeps them)?",
			tBlessRoll:   "How many of " + m.ID + "'s Blessing markers to spend on the Success Roll about to be taken for it (each is +1 DICE; 0 keeps them)?",
			tBloodInjury: "How many of " + m.ID + "'s Blood markers to spend on the Injury Roll against it (each is +1 INJURY DICE; 0 keeps them)?",
			tBlessInjury: "How many of " + m.ID + "'s Blessing markers to spend on the Injury Roll against it (each is −1 INJURY DICE; 0 keeps them)?",
			tStrike:      "Strike " + m.ID + " as it retreats from within 1\"? (strike or let-go)",
		})
	}
	return st
}

// Ext is the ruleset's extra state: only the compiled setup (derived).
type Ext struct {
	st   *static
	pos  []engine.Pos
	memo board.Memo // destinations asked lately (scratch, not copied)
}

// CopyInto shares the compiled setup.
func (e *Ext) CopyInto(dst engine.Ext) engine.Ext {
	d, _ := dst.(*Ext)
	if d == nil {
		d = &Ext{}
	}
	d.st = e.st
	return d
}

// Equal: there is nothing saved to compare.
func (e *Ext) Equal(o engine.Ext) bool { _, ok := o.(*Ext); return ok }

// DecodeExt accepts the empty object the state's JSON holds.
func (r *Rules) DecodeExt(data []byte) (engine.Ext, error) { return &Ext{}, nil }

func ext(s *engine.State) *Ext { return s.Ext.(*Ext) }

func stat(s *engine.State) *static {
	e := ext(s)
	if e.st == nil {
		e.st = compile(s.Setup())
	}
	return e.st
}

// Start compiles the setup (once for a batch of games on one setup).
func (r *Rules) Start(s *engine.State) error {
	su := s.Setup()
	s.Ext = &Ext{st: r.compiled.Get(su, compile)}
	return nil
}

// CheckSetup checks what the generic schema cannot: two warbands, model
// types, keywords, gear kinds and stats (rules.md §4.3).
func (r *Rules) CheckSetup(su *engine.Setup) error {
	bad := func(path, format string, a ...any) error {
		return &engine.FieldError{Path: path, Problem: fmt.Sprintf(format, a...)}
	}
	if len(su.Sides) != 2 {
		// the Initiative roll-off, the Morale phase and the end of the game
		// are between two warbands (rules.md §4.3)
		return bad("sides", "%d warbands; Trench Crusade is played by two", len(su.Sides))
	}
	for i, m := range su.Models {
		p := fmt.Sprintf("models[%d]", i)
		if m.Type != "" && m.Type != "model" {
			return bad(p+".type", "%q is not a model type of trenchcrusade; allowed model (or leave it out)", m.Type)
		}
		if len(m.Engaged) > 0 {
			return bad(p+".engaged-with", "trenchcrusade has no Engaged status: a model within 1\" of an enemy fights it; place the models instead")
		}
		for k, kw := range m.Keywords {
			if !slices.Contains(keywords, kw) {
				return bad(fmt.Sprintf("%s.keywords[%d]", p, k), "unknown keyword %q; allowed %v", kw, keywords)
			}
		}
		melee := 0
		for g, gear := range m.Gear {
			gp := fmt.Sprintf("%s.gear[%d]", p, g)
			var allowed []string
			switch gear.Kind {
			case "ranged":
				allowed = []string{"range", "dice", "injury-dice", "injury-mod"}
				if gear.Stats["range"] < 1 {
					return bad(gp+".stats.range", "a ranged weapon needs a range of at least 1")
				}
			case "melee":
				allowed = []string{"dice", "injury-dice", "injury-mod"}
				melee++
			case "armour", "shield":
				allowed = []string{"injury-mod"}
			default:
				return bad(gp+".kind", "%q is not a gear kind of trenchcrusade; allowed ranged, melee, armour or shield", gear.Kind)
			}
			for k, v := range gear.Stats {
				if !slices.Contains(allowed, k) {
					return bad(gp+".stats."+k, "not a stat of %s gear; allowed %v", gear.Kind, allowed)
				}
				lo, hi := -3, 3
				switch {
				case k == "range":
					lo, hi = 1, 72
				case gear.Kind == "armour" || gear.Kind == "shield":
					lo, hi = -3, 0
				}
				if v < lo || v > hi {
					return bad(gp+".stats."+k, "%d is out of range; allowed %d to %d", v, lo, hi)
				}
			}
			if gear.Has("assault") && gear.Kind != "ranged" {
				return bad(gp+".traits", "assault is for ranged weapons")
			}
		}
		if melee > 2 {
			return bad(p+".gear", "%d melee weapons; a model fights with at most two", melee)
		}
	}
	return nil
}

// events is how the ruleset's own events read in the log (engine.Info.Events):
// who did what to whom, in our words for the rules.md §4 mechanics.
var events = map[string]string{
	"stood-up":      "{model} stood up",
	"no-effect":     "{model} took no harm[ from {other}]",
	"minor-hit":     "{model} took a Minor Hit[ from {other}]",
	"down-again":    "{model} was taken Down again: two Blood markers",
	"tough":         "{model} is TOUGH: Down instead of Out of Action, this once",
	"fell":          "{model} fell {key}",
	"out-of-reach":  "{other} fell out of {model}'s reach: no more melee attacks",
	"hit-friend":    "{model}'s shot into the melee went at {other}, a friend of its target",
	"missed":        "{model} missed {other}",
	"critical":      "{model} rolled a Critical Success against {other}",
	"dash-failed":   "{model}'s Dash failed: it stays put and its activation ends",
	"charged":       "{model} charged {other}",
	"moved-closer":  "{model} charged towards {other} but did not reach it",
	"no-room":       "{model} found no room to charge {other}",
	"morale-steady": "{side} took no Morale Check this turn, so its run of failed checks ends",
}

// notation is the ruleset's engine.Info.Notation, as Trench Crusade's
// cards write values: Movement and range in inches, dice modifiers as
// "+1 DICE", "+1 INJURY DICE" and "+1 INJURY", Armour signed.
func notation(stat string, v int) (string, string) {
	switch stat {
	case "Movement":
		return stat, fmt.Sprintf("%d\"", v)
	case "Ranged", "Melee":
		return stat, fmt.Sprintf("%+d DICE", v)
	case "Armour":
		return stat, fmt.Sprintf("%+d", v)
	case "range":
		return "Range", fmt.Sprintf("%d\"", v)
	case "dice":
		return "Dice", fmt.Sprintf("%+d DICE", v)
	case "injury-dice":
		return "Injury", fmt.Sprintf("%+d INJURY DICE", v)
	case "injury-mod":
		return "Injury", fmt.Sprintf("%+d INJURY", v)
	}
	return "", ""
}
