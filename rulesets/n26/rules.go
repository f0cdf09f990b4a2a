package n26

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

// Profile characteristics, by index (rules.md §2.3.2). WS, BS and Sv are
// target numbers ("4" is 4+); Sv 7 means no save.
const (
	sM = iota
	sWS
	sBS
	sS
	sT
	sW
	sI
	sA
	sSv
	sLd
	sCl
	sWil
	sInt
)

// Statuses (rules.md §2.3.2): exactly one, by priority Seriously Injured >
// Engaged > Suppressed > Active. A vehicle's Seriously Damaged is the same
// status as a fighter's Seriously Injured.
const (
	active = iota
	suppressed
	engaged
	seriouslyInjured
)

// Conditions, alongside the status.
const (
	cInjured       = iota // at 0 wounds (rules.md §2.3.2)
	cStartedSI            // started this activation Seriously Injured (Recovery at its end, §2.2.6)
	cGroupSelected        // chosen by a Group Activation this round (§2.2.3, §6.2-j)
	cCharged              // charged this activation (+1 attack, +2 Initiative in the Fight)
	cFled                 // left the battle: a Bottle check, or Desperate Escape
	cRecoveryDie          // Tend Wounds or Conduct Repairs this activation: +1 injury die
	cNoLasting            // out of action without a lasting roll (an option)
	cWasSuppressed        // Suppressed when this activation started: the marker goes at its end
)

// Counters.
const (
	cWounds = iota
	cFacing // a vehicle's heading on a board, degrees anticlockwise from +x
)

// Side counters.
const sCasualties = 0 // models gone Out of Action or fled this round

// Game variables.
const (
	vPriority = iota // side with Priority this round
	vLast            // 1 + the side that had it last round; 0 in round 1
	vTokens          // board tokens used by Interact, bit i = token i
	vContact         // 1 + the model this activation's Charge or Engage reached, 0 if none
)

// Gear bits in engine.Model.Gear (package necromunda, shared with N23).
const (
	outOfAmmo = necromunda.OutOfAmmoBit // bit i: gear i is Out of Ammo
	jammed    = necromunda.JammedBit    // bit 16+i: gear i is jammed for the battle
)

// Option names (rules.md §8).
const (
	optSuppressed = "suppressed-removal"
	optAmmo       = "ammo-check"
	optCover      = "cover-bonus"
	optGroupOrder = "group-order"
	optHealer     = "healer-assists"
	optEscapeOOA  = "escape-counts-ooa"
	optLasting    = "lasting-on-kill"
	optSuccumb    = "succumb"
	optHitSI      = "hit-seriously-injured"
	optDucts      = necromunda.DuctsOption
)

// Keywords: fighter subtypes and vehicle subtypes (rules.md §2.3.7).
var (
	fighterKeywords = []string{"beast", "brute", "champion", "flying", "ganger", "hanger-on", "leader", "loner", "mounted", "pet", "prospect", "specialist", "support", "wyrd"}
	vehicleKeywords = []string{"hybrid", "manoeuvrable", "skimmer", "tracked", "transport", "walker", "wheeled"}
)

// Rules is the Necromunda 2026 core rules ruleset.
type Rules struct {
	info     engine.Info
	compiled rules.Compiled[static] // the last setup compiled, for batches of games
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
		ID: "n26", Name: "Necromunda (2026 core rules)", Version: "5",
		Phases:     []engine.Phase{{ID: "priority"}, {ID: "action", Activations: true}, {ID: "end"}},
		Statuses:   []string{"active", "suppressed", "engaged", "seriously-injured"},
		Conditions: []string{"injured", "started-seriously-injured", "group-selected", "charged", "fled", "recovery-die", "no-lasting", "was-suppressed"},
		Counters:   []engine.CounterDef{{Name: "wounds", Min: 0, Max: 10}, {Name: "facing", Min: 0, Max: 359}},
		SideCounts: []engine.CounterDef{{Name: "casualties", Min: 0, Max: engine.MaxModels}},
		Vars:       []string{"priority", "last-priority", "tokens-used", "contact"},
		Profile: []engine.Stat{
			{Name: "M", Min: 1, Max: 12}, {Name: "WS", Min: 2, Max: 6, Target: true}, {Name: "BS", Min: 2, Max: 6, Target: true},
			{Name: "S", Min: 1, Max: 10}, {Name: "T", Min: 1, Max: 10}, {Name: "W", Min: 1, Max: 10},
			{Name: "I", Min: 1, Max: 10}, {Name: "A", Min: 1, Max: 10}, {Name: "Sv", Min: 3, Max: 7, Target: true},
			// Ld, Cl, Wil and Int are checked 2D6 ≤ the value: higher is
			// better, written plain (rules.md §2.3.1, §2.3.2).
			{Name: "Ld", Min: 4, Max: 10}, {Name: "Cl", Min: 4, Max: 10}, {Name: "Wil", Min: 4, Max: 10}, {Name: "Int", Min: 4, Max: 10},
		},
		Traits:   []string{"heavy", "rapid-fire", "ammo", "melee", "light", "unwieldy"},
		Notation: necromunda.Notation("WS", "BS"),
		Roster:   roster.Spec("sr", "lr", "str", "str+", "ap", "d", "l"),
		Events:   events,
		Actions:  actionDefs(),
		Economy:  engine.Economy{Slots: 2, Cost: map[string]int{"single": 1, "double": 2, "free": 0}},
		Options: []engine.OptionDef{
			{Name: optSuppressed, Usage: "when a Suppressed model's marker goes: when it activates (the seed) or at the end of that activation (status kept meanwhile)", Default: "start", Choices: []string{"start", "end"}, Source: "seed 000, Model actions; rules.md §6.2-b, §8 gap 4"},
			{Name: optAmmo, Usage: "Ammo (X+) on weapons without Rapid Fire: roll D6 after each attack, Out of Ammo below X; or no roll", Default: "d6", Choices: []string{"d6", "off"}, Source: "rules.md §2.3.9, §8 gap 3"},
			{Name: optCover, Usage: "save bonus for a target in cover: within Short Range / within Long Range", Default: "1-2", Choices: []string{"1-2", "2-1", "1-1"}, Source: "rules.md §6.2-f, §8 gap 5"},
			{Name: optGroupOrder, Usage: "Group Activation: members activate in the order their player picks, or in the order selected", Default: "player", Choices: []string{"player", "selected"}, Source: "rules.md §8 gap 10"},
			{Name: optHealer, Usage: "whether the fighter taking Treat Ally may also assist the Recovery test", Default: "no", Choices: []string{"no", "yes"}, Source: "rules.md §6.2-e, §8"},
			{Name: optEscapeOOA, Usage: "whether Desperate Escape counts as Out of Action for Bottle and Nerve", Default: "yes", Choices: []string{"yes", "no"}, Source: "rules.md §6.2-d, §8"},
			{Name: optLasting, Usage: "whether a model taken out by Coup de Grace or Sabotage rolls on the lasting tables", Default: "yes", Choices: []string{"yes", "no"}, Source: "rules.md §2.3.9"},
			{Name: optSuccumb, Usage: "after the battle, a model that ended Seriously Injured rolls D6: on 1–2 it is Out of Action", Default: "yes", Choices: []string{"yes", "no"}, Source: "rules.md §2.3.9"},
			{Name: optDucts, Usage: "at a table, whether the table has ductways, for Crawl Through Ductway (on a board its ducts say)", Default: "none", Choices: []string{"none", "some"}, Source: "seed 000, Crawl Through Ductway; the scenario's terrain, not the rules"},
			{Name: optHitSI, Usage: "modifier to a ranged hit roll against a Seriously Injured target: none (no source states one) or -1 (as one public N26 attack calculator applies)", Default: "0", Choices: []string{"0", "-1"}, Source: "rules.md §2.3.4; seed 000 refers to the hit-roll page without stating it; see the package doc"},
		},
	}
}

// weapon is one piece of gear compiled for play.
type weapon struct {
	gear               int // index in ModelSetup.Gear
	name               string
	ranged, melee      bool
	heavy, light       bool
	unwieldy           bool
	sr, lr             float32 // ranges in inches; lr 0: cannot shoot
	str, strPlus       int     // absolute Strength, or a bonus to the user's
	ap, dmg, lethality int
	rapid, ammo        int // Rapid Fire (X), Ammo (X+); 0 if none
	ammoText           string
}

// static is a setup compiled for play: shared, never changed.
type static struct {
	ids      []string   // per model, for the report
	weapons  [][]weapon // per model
	vehicle  []bool
	beast    []bool
	leader   []bool
	champion []bool
}

func compile(su *engine.Setup) *static {
	st := &static{}
	for _, m := range su.Models {
		var ws []weapon
		for gi, g := range m.Gear {
			if g.Kind != "ranged" && g.Kind != "melee" {
				continue
			}
			w := weapon{gear: gi, name: g.Name, ranged: g.Kind == "ranged", melee: g.Kind == "melee" || g.Has("melee"),
				heavy: g.Has("heavy"), light: g.Has("light"), unwieldy: g.Has("unwieldy"),
				sr: float32(g.Stats["sr"]), lr: float32(g.Stats["lr"]), str: g.Stats["str"], strPlus: g.Stats["str+"],
				ap: g.Stats["ap"], dmg: max(g.Stats["d"], 1), lethality: max(g.Stats["l"], 1)}
			w.rapid, _ = g.Trait("rapid-fire")
			w.ammo, _ = g.Trait("ammo")
			w.ammoText = fmt.Sprintf("%s, Ammo %d+: below %d it runs out of ammo", g.Name, w.ammo, w.ammo)
			ws = append(ws, w)
		}
		st.ids = append(st.ids, m.ID)
		st.weapons = append(st.weapons, ws)
		st.vehicle = append(st.vehicle, m.Type == "vehicle")
		st.beast = append(st.beast, m.Has("beast"))
		st.leader = append(st.leader, m.Has("leader"))
		st.champion = append(st.champion, m.Has("champion"))
	}
	return st
}

// Ext is the ruleset's extra state: the post-battle report, the Group
// Activation queue, and the compiled setup (derived, not saved).
type Ext struct {
	Report []note  // post-battle lasting results (report.go); the JSON holds their lines
	Queue  []int32 // Group Activation members still to go, in order selected
	st     *static
	pos    []engine.Pos
	listed []engine.Pos // retreatOptions' destinations so far
	memo   board.Memo   // destinations asked lately (scratch, not copied)
	fight  []striker    // scratch for resolveFight
}

// CopyInto copies the report and queue, reusing dst's slices.
func (e *Ext) CopyInto(dst engine.Ext) engine.Ext {
	d, _ := dst.(*Ext)
	if d == nil {
		d = &Ext{}
	}
	d.Report = append(d.Report[:0], e.Report...)
	d.Queue = append(d.Queue[:0], e.Queue...)
	d.st = e.st
	return d
}

// Equal compares the saved parts.
func (e *Ext) Equal(o engine.Ext) bool {
	f, ok := o.(*Ext)
	return ok && slices.Equal(e.lines(), f.lines()) && slices.Equal(e.Queue, f.Queue)
}

// DecodeExt reads an Ext from JSON; the compiled setup is rebuilt on use.
func (r *Rules) DecodeExt(data []byte) (engine.Ext, error) {
	var e Ext
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, fmt.Errorf("n26: ext: %w", err)
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

// Start gives every model its wounds and compiles the setup (once for a
// batch of games on one setup: it never changes). A model the scenario
// starts Seriously Injured is at 0 wounds with the Injured condition, as
// injury dice would leave it (rules.md §2.3.4). Models deployed in base
// contact with an enemy, or tied to one by the scenario, are Engaged from
// the start (seed 000, Engaged status; rules.md §2.3.2).
func (r *Rules) Start(s *engine.State) error {
	for m := range s.Models {
		s.Models[m].Counters[cWounds] = int16(s.Stat(m, sW))
		if status(s, m) == seriouslyInjured {
			s.Models[m].Counters[cWounds] = 0
			s.Set(m, cInjured, true)
		}
	}
	su := s.Setup()
	s.Ext = &Ext{st: r.compiled.Get(su, compile)}
	if su.Board != nil {
		faceNearestEnemy(s)
	}
	engagement(s, func(m, st int) { s.Models[m].Status = uint8(st) })
	return nil
}

// CheckSetup checks model types, keywords and gear (rules.md §2.2.1,
// §2.3.7), with the checks both editions share (necromunda.Roster).
func (r *Rules) CheckSetup(su *engine.Setup) error { return roster.CheckModels(su) }

var roster = &necromunda.Roster{Game: "n26", FighterKeywords: fighterKeywords, VehicleKeywords: vehicleKeywords,
	KeywordRule: "rules.md §2.2.1, §2.3.7", StatRange: statRange, Stats: "sr, lr, str, str+, ap, d, l", MaxFirepower: maxFirepower,
	Model:       checkStart,
	NoLongRange: func(g engine.Gear) bool { return g.Has("melee") }, // a melee weapon with a range
	Gear: func(path string, g engine.Gear) error {
		if n, ok := g.Trait("ammo"); ok && (n < 2 || n > 6) {
			return &engine.FieldError{Path: path + ".traits", Problem: fmt.Sprintf("ammo %d; allowed 2 to 6 (Ammo X+)", n)}
		}
		return nil
	}}

// checkStart checks model i's starting status and engagements: Engaged
// comes from base contact or engaged-with, never set alone; a Seriously
// Injured model is never Engaged (seed 000, Engaged status); on a board,
// models said to be engaged must be in base contact.
func checkStart(su *engine.Setup, i int) error {
	m := &su.Models[i]
	p := fmt.Sprintf("models[%d]", i)
	if m.Status == "engaged" {
		return &engine.FieldError{Path: p + ".status", Problem: "a model is Engaged by base contact (on a board) or by engaged-with (at a table), not by its status"}
	}
	for k, id := range m.Engaged {
		path := fmt.Sprintf("%s.engaged-with[%d]", p, k)
		j := slices.IndexFunc(su.Models, func(o engine.ModelSetup) bool { return o.ID == id })
		if j < 0 {
			continue // the engine reports it
		}
		o := &su.Models[j]
		if m.Status == "seriously-injured" || o.Status == "seriously-injured" {
			return &engine.FieldError{Path: path, Problem: "a Seriously Injured model is never Engaged (seed 000, Engaged status)"}
		}
		if su.Board != nil {
			a, b := m.Start, o.Start
			gap := math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)) - (m.Base+o.Base)/2
			if a.Level != b.Level || gap > board.Contact {
				return &engine.FieldError{Path: path, Problem: fmt.Sprintf("%s and %s are not in base contact on the board (a gap of %.2f\")", m.ID, id, max(gap, 0))}
			}
		}
	}
	return nil
}

func statRange(k string) (lo, hi int, ok bool) {
	switch k {
	case "sr", "lr":
		return 0, 72, true
	case "str":
		return 1, 10, true
	case "str+":
		return 0, 5, true
	case "ap":
		return -6, 0, true
	case "d":
		return 1, 6, true
	case "l":
		return 1, maxLethality, true
	}
	return 0, 0, false
}

// events is how the ruleset's own events read in the log (engine.Info.Events),
// with those of package necromunda: who did what to whom, in our words for
// the rules.md §2 mechanics.
var events = necromunda.Events(map[string]string{
	"fled":                       "{model} fled the battle",
	"out-of-range":               "{other} was out of range of {model}",
	"missed":                     "{model} missed {other}",
	"no-wound":                   "{model} hit {other} but did not wound",
	"saved":                      "{model} saved against {other}'s hit",
	"no-save":                    "nothing could save {model} from {other}'s wound",
	"no-target":                  "{model} had no target for one of its weapons",
	"injured":                    "{model} was Injured[ by {other}]",
	"recovery":                   "{model} is within 1\" of an enemy: Out of Action without a Recovery test",
	"recovered":                  "{model} recovered from Seriously Injured ({value} injury dice)",
	"still-seriously-injured":    "{model} stays Seriously Injured ({value} injury dice)",
	"survived":                   "{model} survived {other}'s Coup de Grace",
	"sabotage-failed":            "{model} failed to sabotage {other}",
	"escaped-hurt":               "{model} escaped the battle hurt (D6 {value}): a lasting roll",
	"escaped-superficial-damage": "{model} escaped the battle with superficial damage (D6 {value})",
	"escaped-out-cold":           "{model} escaped the battle out cold (D6 {value})",
	"group-empty":                "{model} found no fighter to activate with it",
	"group-failed":               "{model} failed the Leadership check: it activates alone",
	"group":                      "{model} passed the Leadership check: the group of {value} activates next, one at a time",
	"moved-closer":               "{model} moved towards {other} without Engaging it",
	"interacted":                 "{model} interacted[ with a {key} token]",
})
