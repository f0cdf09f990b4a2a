package falloutfactions

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// maxTokens is the most board tokens a scenario may have: the game tracks
// them in bit sets of 31.
const maxTokens = 31

// Profile characteristics, by index: S.P.E.C.I.A.L. (rules.md §5.2.2) and
// Health, the number of Injury boxes (§5.2.3).
const (
	sS = iota
	sP
	sE
	sC
	sI
	sA
	sL
	sHealth
)

// statLetters are the S.P.E.C.I.A.L. characteristics in profile order: a
// test written "4P" rolls 4 dice against Perception.
const statLetters = "SPECIAL"

// Statuses (rules.md §5.2.5): Engaged is base contact with an enemy.
const (
	unengaged = iota
	engaged
)

// Conditions.
const (
	cCharged       = iota // moved into Engagement this Turn (Brawl: +1 bonus die, seed 004)
	cIdle                 // had a Turn this Round without an action: no more Turns this Round
	cOrdered              // given Movement Orders, its ordered move still to come
	cSupporting           // declared Supporting Fire for the Open Fire being declared
	cFled                 // fled the battle after a failed Confusion Test
	cIncapacitated        // Incapacitated (rules.md §5.2.3)
	cCleanBill            // Incapacitated by Tranquilize or a Non-Lethal weapon: nothing to treat after the game
)

// Counters.
const (
	cFatigue  = iota // 0 Normal, 1 Weary, 2 Exhausted (rules.md §5.2.4)
	cHarm            // Harm tokens, up to the model's Harm limit (§5.2.3)
	cInjuries        // Injury boxes filled, up to Health
)

// Side counters.
const (
	sTier   = iota // the crew's Tier: its Ploy tokens at the start (rules.md §5.2.5)
	sPloys         // Ploy tokens left
	sXP            // experience gained this game (Fail Forward, Champion)
	sCaps          // caps found by Rummage (option B)
	sParts         // parts found by Rummage (option B)
	sPoints        // objective points (models within 1" of an objective at the end of a Round)
)

// Game variables.
const (
	vFirst     = iota // the crew that took the first Turn this Round
	vTokens           // board tokens rummaged away, bit i = token i (the first 31)
	vRadiation        // board tokens that are Radiation tokens now
	vOnce             // bit s: crew s had its Fail Forward XP; bit 8+s: crew s had the Champion XP
	vFinal            // 1 once the last Round has ended
	vFire             // the Open Fire being declared: target+1, gear<<8, flags
	vOrder            // the Movement Order being given: model+1, far<<8
	vFast             // this Turn's attack with a Fast weapon: gear+1, kind<<8 (1 Open Fire, 2 Brawl)
	vOrdered          // the models given Movement Orders in this Get Moving, bit i = model i (the first 32)
	vOrdered2         // the same for models 32 to 63
)

// Flags of vFire and vOrder.
const (
	fireUnlucky = 1 << 16 // beyond the weapon's Effective Range: an Unlucky test
	fireHalf    = 1 << 17 // within half the Effective Range (Storm)
	fireAimed   = 1 << 18 // Aim taken
	orderFar    = 1 << 8  // a 12" order, for a second Fatigue
)

// Option names (rules.md §8).
const (
	optFirstTurn  = "first-turn"
	optRoundEnd   = "round-end"
	optWideOpen   = "wide-open"
	optSecondWind = "second-wind"
	optLuckyDuds  = "lucky-break-all-duds"
	optExcessHarm = "excess-harm"
	optConfusion  = "exhausted-confusion"
	optSupport    = "supporting-fire"
	optOrderFar   = "order-hurry"
)

// Model types, perks (keywords), gear kinds and traits.
var (
	modelTypes = []string{"leader", "champion", "grunt"}
	perkNames  = []string{"burly", "power-armor", "hardy", "machine", "natural-leader", "inspirational", "eye-catching", "sniper"}
	gearKinds  = []string{"pistol", "rifle", "heavy", "grenade", "melee", "wargear"}
	traitNames = []string{"aim", "area", "cqb", "fast", "slow", "storm", "unwieldy", "wind-up", "non-lethal"}
	critNames  = []string{"ignite", "maim", "meltdown", "pierce", "poison", "pushback", "suppress", "tranquilize"}
)

// Perks, as bits.
const (
	pBurly         = 1 << iota // Harm limit 4
	pPowerArmor                // Harm limit 4; cannot Suffer Fatigue
	pHardy                     // cannot Suffer Fatigue
	pMachine                   // neither takes nor triggers Confusion Tests
	pNaturalLeader             // passes Confusion Tests
	pInspirational             // Control Area +2"
	pEyeCatching               // always Wide Open
	pSniper                    // its targets are never Obscured
)

// Critical effects (rules.md §5.3).
const (
	critNone = iota
	critIgnite
	critMaim
	critMeltdown
	critPierce
	critPoison
	critPushback
	critSuppress
	critTranquilize
)

// defaultHeight is a model's height when its roster gives none: a
// miniature on a 32 mm base.
const defaultHeight = 1.5

// Rules is the Fallout: Factions ruleset.
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
	var traits []string
	traits = append(append(traits, traitNames...), critNames...)
	return engine.Info{
		Out: "incapacitated", // seed 004, Damage
		ID:  "falloutfactions", Name: "Fallout: Factions", Version: "5",
		Phases:     []engine.Phase{{ID: "turns", Activations: true}},
		Statuses:   []string{"unengaged", "engaged"},
		Conditions: []string{"charged", "idle", "ordered", "supporting", "fled", "incapacitated", "clean-bill"},
		Counters:   []engine.CounterDef{{Name: "fatigue", Min: 0, Max: 2}, {Name: "harm", Min: 0, Max: 4}, {Name: "injuries", Min: 0, Max: 10}},
		SideCounts: []engine.CounterDef{{Name: "tier", Min: 0, Max: 10}, {Name: "ploys", Min: 0, Max: 3}, {Name: "xp", Min: 0, Max: 99},
			{Name: "caps", Min: 0, Max: 999}, {Name: "parts", Min: 0, Max: 999}, {Name: "points", Min: 0, Max: 999}},
		Vars: []string{"first", "tokens-gone", "radiation", "once", "final", "fire", "order", "fast", "ordered", "ordered-hi"},
		Profile: []engine.Stat{
			{Name: "S", Min: 1, Max: 10}, {Name: "P", Min: 1, Max: 10}, {Name: "E", Min: 1, Max: 10}, {Name: "C", Min: 1, Max: 10},
			{Name: "I", Min: 1, Max: 10}, {Name: "A", Min: 1, Max: 10}, {Name: "L", Min: 0, Max: maxLuck}, {Name: "Health", Min: 1, Max: 10},
		},
		Traits:   traits,
		Notation: notation,
		Roster:   rosterSpec(),
		Events:   events,
		Actions:  actionDefs(),
		Economy: engine.Economy{Cost: map[string]int{"action": 1, "double": 2, "fast": 1, "order": 0},
			MaxActions: 2, MinActions: 1, Pay: "fatigue", PerRound: true, Repeatable: []string{"fast", "order"}},
		Activation: engine.Activation{MayPass: true},
		Options: []engine.OptionDef{
			{Name: optFirstTurn, Usage: "who takes a Round's first Turn: a roll-off each Round whose winner chooses; or a roll-off in Round 1, then the crews take turns going first", Default: "roll-off", Choices: []string{"roll-off", "alternate"}, Source: "rules.md §5.3, §8 gap 1"},
			{Name: optRoundEnd, Usage: "when a Round ends: when both crews pass in a row or have no model able to act; or only when no model can act (no passing)", Default: "both-pass", Choices: []string{"both-pass", "exhausted"}, Source: "rules.md §5.3, §7.2, §8 gap 1"},
			{Name: optWideOpen, Usage: "when a target is Wide Open: when no terrain obscures any of it from the attacker; or never", Default: "unobscured", Choices: []string{"unobscured", "never"}, Source: "rules.md §5.3, §8 gap 2"},
			{Name: optSecondWind, Usage: "what Second Wind recovers: all the active model's Fatigue (the seed) or 1 (BattleScribe data)", Default: "all", Choices: []string{"all", "one"}, Source: "rules.md §6.3-i, §8 gap 8"},
			{Name: optLuckyDuds, Usage: "whether Lucky Break may be spent on a test whose dice are all Duds, before step 2 ends it", Default: "yes", Choices: []string{"yes", "no"}, Source: "rules.md §6.3-j, §8 gap 8"},
			{Name: optExcessHarm, Usage: "which Harm beyond the limit becomes an Injury: any arriving in an attack's Inflict Damage step (Maim too); or only the Damage's and Poison's and Tranquilize's", Default: "inflict-damage", Choices: []string{"inflict-damage", "damage-only"}, Source: "rules.md §6.3-l, §8 gap 9"},
			{Name: optConfusion, Usage: "an Exhausted model that fails a Confusion Test, and so cannot Take Fatigue: it flees; or nothing happens", Default: "flee", Choices: []string{"flee", "no-effect"}, Source: "rules.md §6.3-m, §8 gap 9"},
			{Name: optSupport, Usage: "who may give Supporting Fire: friends in the Control Area, unengaged and not Exhausted; or those that can also see the target", Default: "control-area", Choices: []string{"control-area", "line-of-sight"}, Source: "rules.md §8 (further gaps)"},
			{Name: optOrderFar, Usage: "whether a model given Movement Orders may Take a second Fatigue to move 12\" (the designer's blog; seed 004 says 8\", the default)", Default: "no", Choices: []string{"no", "yes"}, Source: "seed 004, Get Moving; rules.md §5.2.1, §8 (further gaps)"},
		},
	}
}

// Weapon kinds.
const (
	kPistol = iota
	kRifle
	kHeavy
	kGrenade
	kMelee
)

// weapon is one weapon compiled for play (rules.md §5.3, weapon profiles).
type weapon struct {
	gear       int // index in ModelSetup.Gear; -1 for the Makeshift Weapon
	name       string
	kind       int
	dice, stat int     // the test: dice against a S.P.E.C.I.A.L. characteristic
	rng        float32 // Effective Range in inches; 0 for melee
	aim        int     // Aim (+X)
	area       float32 // Area (X")
	storm      int     // Storm (X)
	unwieldy   int     // Unwieldy (X)
	cqb, fast  bool
	slow       bool
	windUp     bool
	nonLethal  bool
	crit       int // critical effect
	critX      int // its (X)
	with       string
	test       string // "4P"
}

func (w *weapon) ranged() bool { return w.kind != kMelee }

// makeshift is what a model without a melee weapon Brawls with (seed 004,
// Brawl): 2S, no traits, no critical effect.
var makeshift = weapon{gear: -1, name: "Makeshift Weapon", kind: kMelee, dice: 2, stat: sS, with: "Makeshift Weapon, 2S", test: "2S"}

// static is a setup compiled for play: shared by every game on it, never
// changed, but for the words of attack tests' pools it keeps as they are
// first asked for (poolWith), under its lock.
type static struct {
	ids      []string   // per model, for the report
	crews    []string   // per side, for the report
	weapons  [][]weapon // per model, in gear order
	typ      []int      // index in modelTypes
	perks    []uint16
	height   []float64
	limit    []int             // Harm limit
	ca       []float32         // Control Area radius
	bySide   [][]int           // models of each crew, in roster order
	confused []string          // per model: the choice after a failed Confusion Test
	wind     []string          // per model: the Second Wind choice
	rollOff  [2]dice.Procedure // the roll-off, naming the crews: a tie asked again, and one that rolls its ties itself

	pools struct { // attack tests' pools in words, made as they come (poolWith)
		sync.RWMutex
		m map[pool]string
	}
}

func compile(su *engine.Setup) *static {
	st := &static{bySide: make([][]int, len(su.Sides))}
	var crews [2]string
	for i := range min(len(su.Sides), 2) {
		crews[i] = su.Sides[i].Name
	}
	st.rollOff = [2]dice.Procedure{RollOff{First: crews[0], Second: crews[1], Ties: true}, RollOff{First: crews[0], Second: crews[1]}}
	for _, sd := range su.Sides {
		st.crews = append(st.crews, sd.Name)
	}
	for i, m := range su.Models {
		st.ids = append(st.ids, m.ID)
		var ws []weapon
		for gi, g := range m.Gear {
			if w, ok := compileWeapon(gi, g); ok {
				ws = append(ws, w)
			}
		}
		st.weapons = append(st.weapons, ws)
		st.typ = append(st.typ, max(slices.Index(modelTypes, m.Type), 0))
		var perks uint16
		for k, p := range perkNames {
			if m.Has(p) {
				perks |= 1 << k
			}
		}
		st.perks = append(st.perks, perks)
		h := m.Height
		if h == 0 {
			h = defaultHeight
		}
		st.height = append(st.height, h)
		limit := 3
		if perks&(pBurly|pPowerArmor) != 0 {
			limit = 4
		}
		st.limit = append(st.limit, limit)
		ca := float32(m.Profile[sC])
		if perks&pInspirational != 0 {
			ca += 2
		}
		st.ca = append(st.ca, ca)
		if m.Side >= 0 && m.Side < len(st.bySide) {
			st.bySide[m.Side] = append(st.bySide[m.Side], i)
		}
		st.confused = append(st.confused, fmt.Sprintf("%s failed its Confusion Test: it flees the battle (removed), or Takes 1 Fatigue", m.ID))
		st.wind = append(st.wind, fmt.Sprintf("Second Wind: spend a Ploy token for %s to Recover Fatigue?", m.ID))
	}
	return st
}

// compileWeapon reads a weapon from its gear; ok is false for gear that is
// not a weapon (wargear). CheckSetup has checked it.
func compileWeapon(gi int, g engine.Gear) (weapon, bool) {
	kind := slices.Index(gearKinds, g.Kind)
	if kind < 0 || kind > kMelee {
		return weapon{}, false
	}
	w := weapon{gear: gi, name: g.Name, kind: kind, rng: float32(g.Stats["range"])}
	for k, l := range statLetters {
		if n, ok := g.Stats[string(l)]; ok {
			w.dice, w.stat = n, k
		}
	}
	for _, t := range g.Traits {
		switch t.Name {
		case "aim":
			w.aim = t.Value
		case "area":
			w.area = float32(t.Value)
		case "storm":
			w.storm = t.Value
		case "unwieldy":
			w.unwieldy = t.Value
		case "cqb":
			w.cqb = true
		case "fast":
			w.fast = true
		case "slow":
			w.slow = true
		case "wind-up":
			w.windUp = true
		case "non-lethal":
			w.nonLethal = true
		default:
			if c := slices.Index(critNames, t.Name); c >= 0 {
				w.crit, w.critX = c+1, t.Value
			}
		}
	}
	w.test = fmt.Sprintf("%d%c", w.dice, statLetters[w.stat])
	w.with = g.Name + ", " + w.test
	return w, true
}

// Ext is the ruleset's extra state: the post-battle report, and the
// compiled setup and scratch buffers (derived, not saved).
type Ext struct {
	Report []note // post-battle report (report.go); the JSON holds its lines
	// Finds are the chems found by Rummage (option A): model<<8 | the
	// dice's total (18 or more: a Rare Chem).
	Finds []int32
	st    *static
	pos   []engine.Pos
	memo  board.Memo // destinations asked lately (scratch, not copied)
	incap []int      // models Incapacitated by the attack being resolved, for their Confusion Tests
	zones []board.Zone
	zone  [engine.MaxModels]int8 // each model's index in zones, or -1
	route board.Router           // paths round Proximity (scratch, not copied)
	path  []board.Point          // one path's corners (scratch)
	far   []engine.Pos           // moves cut short along their paths (scratch)
}

// CopyInto copies the report, reusing dst's slice.
func (e *Ext) CopyInto(dst engine.Ext) engine.Ext {
	d, _ := dst.(*Ext)
	if d == nil {
		d = &Ext{}
	}
	d.Report = append(d.Report[:0], e.Report...)
	d.Finds = append(d.Finds[:0], e.Finds...)
	d.st = e.st
	d.incap = d.incap[:0]
	return d
}

// Equal compares the saved parts.
func (e *Ext) Equal(o engine.Ext) bool {
	f, ok := o.(*Ext)
	return ok && slices.Equal(e.lines(), f.lines()) && slices.Equal(e.Finds, f.Finds)
}

// DecodeExt reads an Ext from JSON; the compiled setup is rebuilt on use.
func (r *Rules) DecodeExt(data []byte) (engine.Ext, error) {
	var e Ext
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, fmt.Errorf("falloutfactions: ext: %w", err)
	}
	for i, f := range e.Finds {
		if f < 0 || f>>8 >= engine.MaxModels || f&0xff < 2 || f&0xff > 20 {
			return nil, &engine.FieldError{Path: fmt.Sprintf("ext.finds[%d]", i), Problem: fmt.Sprintf("%d is not a find (model<<8 | a total of 2 to 20)", f)}
		}
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

// Start gives each crew its Ploy tokens (its Tier, at most 3: rules.md
// §5.2.5), compiles the setup (once for a batch of games on it), and
// marks models deployed in base contact with an enemy (on a board) or tied
// to one by the scenario (at a table) Engaged.
func (r *Rules) Start(s *engine.State) error {
	for side := range s.Sides {
		s.Sides[side].Counters[sPloys] = int16(min(s.Sides[side].Counters[sTier], 3))
	}
	s.Ext = &Ext{st: r.compiled.Get(s.Setup(), compile)}
	engagement(s, func(m, st int) { s.Models[m].Status = uint8(st) })
	return nil
}

// CheckSetup checks what the generic schema cannot (rules.md §5.2–§5.3):
// two crews; model types and perks; the Harm and Injuries a model starts
// with; weapons' kinds, tests, ranges, traits and critical effects; a Luck
// no pool of the model's could ever hold; board tokens. Every error names
// its field.
func (r *Rules) CheckSetup(su *engine.Setup) error {
	bad := func(path, format string, a ...any) error {
		return &engine.FieldError{Path: path, Problem: fmt.Sprintf(format, a...)}
	}
	if len(su.Sides) != 2 {
		return bad("sides", "%d crews; Fallout: Factions is played by two", len(su.Sides))
	}
	for i, sd := range su.Sides {
		if _, ok := sd.Counters["ploys"]; ok {
			return bad(fmt.Sprintf("sides[%d].counters.ploys", i), "a crew's Ploy tokens follow from its Tier (at most 3): set tier instead (rules.md §5.2.5)")
		}
	}
	crew := make([]int, len(su.Sides))
	for _, m := range su.Models {
		if m.Side >= 0 && m.Side < len(crew) {
			crew[m.Side]++
		}
	}
	for i, m := range su.Models {
		p := fmt.Sprintf("models[%d]", i)
		if !slices.Contains(modelTypes, m.Type) {
			return bad(p+".type", "%q is not a model type of falloutfactions; allowed %s", m.Type, strings.Join(modelTypes, ", "))
		}
		perks := uint16(0)
		for k, kw := range m.Keywords {
			j := slices.Index(perkNames, kw)
			if j < 0 {
				return bad(fmt.Sprintf("%s.keywords[%d]", p, k), "unknown perk %q; allowed %s", kw, strings.Join(perkNames, ", "))
			}
			perks |= 1 << j
		}
		if m.Status == "engaged" {
			return bad(p+".status", "a model is Engaged by base contact (on a board) or by engaged-with (at a table), not by its status")
		}
		limit := 3
		if perks&(pBurly|pPowerArmor) != 0 {
			limit = 4
		}
		if v := m.Counters["harm"]; v > limit {
			return bad(p+".counters.harm", "%d is above its Harm limit of %d (rules.md §5.2.3)", v, limit)
		}
		if v := m.Counters["injuries"]; v >= m.Profile[sHealth] {
			return bad(p+".counters.injuries", "%d fills its %d Health: it would start Incapacitated (rules.md §5.2.3)", v, m.Profile[sHealth])
		}
		biggest := 2 // the Makeshift Weapon, Confusion and Meltdown tests
		for g, gear := range m.Gear {
			w, err := checkGear(fmt.Sprintf("%s.gear[%d]", p, g), gear)
			if err != nil {
				return err
			}
			if w.dice > 0 {
				biggest = max(biggest, w.dice+maxBonus(&w, m, crew[m.Side]))
			}
		}
		w := makeshift
		biggest = max(biggest, w.dice+maxBonus(&w, m, crew[m.Side]))
		if l := m.Profile[sL]; l > min(biggest, MaxPool) {
			return bad(p+".profile.L", "Luck %d is more than the %d dice of the largest pool %s could ever roll (its biggest test with every bonus die it could gain): its Luck dice could never all join a pool (rules.md §5.2.2)", l, biggest, m.ID)
		}
	}
	if b, ok := su.Board.(*board.Board); ok && su.Mode == "board" {
		for i, m := range su.Models {
			for k, id := range m.Engaged {
				j := slices.IndexFunc(su.Models, func(o engine.ModelSetup) bool { return o.ID == id })
				if j >= 0 && !touching(b, &su.Models[i], &su.Models[j]) {
					return bad(fmt.Sprintf("models[%d].engaged-with[%d]", i, k), "%s and %s are not in base contact on the board (seed 004: Engaged is bases touching)", m.ID, id)
				}
			}
		}
		for i, t := range b.Tokens {
			if t.Kind != "search" && t.Kind != "radiation" {
				return bad(fmt.Sprintf("board.tokens[%d].kind", i), "%q is not a token of falloutfactions; allowed search or radiation", t.Kind)
			}
		}
		if len(b.Tokens) > maxTokens {
			return bad("board.tokens", "%d tokens; allowed at most %d", len(b.Tokens), maxTokens)
		}
	}
	return nil
}

// maxBonus bounds the bonus dice an attack with w could gain (rules.md
// §5.2.1, §5.3): a supporter per model of the crew up to Charisma, the
// most Harm a target can hold, Wide Open, Storm and Aim; in melee the
// charge (two with Wind Up) and every other model of the crew.
func maxBonus(w *weapon, m engine.ModelSetup, crew int) int {
	if w.area > 0 {
		return 0
	}
	others := max(crew-1, 0)
	if !w.ranged() {
		charge := 1
		if w.windUp {
			charge = 2
		}
		return charge + 4 + others
	}
	return min(others, m.Profile[sC]) + 4 + 1 + w.storm + w.aim
}

// checkGear checks one piece of gear and compiles it if it is a weapon.
func checkGear(gp string, g engine.Gear) (weapon, error) {
	bad := func(path, format string, a ...any) error {
		return &engine.FieldError{Path: path, Problem: fmt.Sprintf(format, a...)}
	}
	kind := slices.Index(gearKinds, g.Kind)
	if kind < 0 {
		return weapon{}, bad(gp+".kind", "%q is not a gear kind of falloutfactions; allowed %s", g.Kind, strings.Join(gearKinds, ", "))
	}
	if g.Kind == "wargear" {
		if len(g.Stats) > 0 || len(g.Traits) > 0 {
			return weapon{}, bad(gp, "wargear is carried, not used: it takes no stats or traits")
		}
		return weapon{}, nil
	}
	tests := 0
	for k, v := range g.Stats {
		switch {
		case len(k) == 1 && strings.Contains(statLetters, k):
			tests++
			if v < 1 || v > 10 {
				return weapon{}, bad(gp+".stats."+k, "%d dice is out of range; allowed 1 to 10 (a test such as 4%s)", v, k)
			}
		case k == "range":
			if kind == kMelee {
				return weapon{}, bad(gp+".stats.range", "a melee weapon has no Effective Range")
			}
			if v < 1 || v > 72 {
				return weapon{}, bad(gp+".stats.range", "%d\" is out of range; allowed 1 to 72", v)
			}
		default:
			return weapon{}, bad(gp+".stats."+k, "unknown weapon characteristic; allowed the test (one of S, P, E, C, I, A, L, as P: 4 for 4P) and range")
		}
	}
	if tests != 1 {
		return weapon{}, bad(gp+".stats", "a weapon needs exactly one test, written as its characteristic and dice (P: 4 for 4P); it has %d", tests)
	}
	if kind != kMelee && g.Stats["range"] == 0 {
		return weapon{}, bad(gp+".stats.range", "missing: a %s needs its Effective Range", g.Kind)
	}
	crits := 0
	for t, tr := range g.Traits {
		tp := fmt.Sprintf("%s.traits[%d]", gp, t)
		valued := map[string][2]int{"aim": {1, 3}, "area": {1, 6}, "storm": {1, 3}, "unwieldy": {1, 10},
			"ignite": {1, maxCritDice}, "poison": {1, maxCritDice}, "pushback": {1, maxCritDice}, "suppress": {1, maxCritDice}, "tranquilize": {1, maxCritDice}}
		if r, ok := valued[tr.Name]; ok {
			if tr.Value < r[0] || tr.Value > r[1] {
				return weapon{}, bad(tp, "%s %d: allowed %s %d to %d", tr.Name, tr.Value, tr.Name, r[0], r[1])
			}
		} else if tr.Value != 0 {
			return weapon{}, bad(tp, "%s takes no value", tr.Name)
		}
		if slices.Contains(critNames, tr.Name) {
			crits++
			if crits > 1 {
				return weapon{}, bad(tp, "a weapon has one critical effect; %s is a second", tr.Name)
			}
		}
		switch tr.Name {
		case "aim", "area", "cqb", "storm":
			if kind == kMelee {
				return weapon{}, bad(tp, "%s is for ranged weapons", tr.Name)
			}
		case "wind-up":
			if kind != kMelee {
				return weapon{}, bad(tp, "wind-up is for melee weapons")
			}
		}
	}
	w, _ := compileWeapon(0, g)
	if w.fast && w.slow {
		return weapon{}, bad(gp+".traits", "a weapon cannot be both fast and slow")
	}
	return w, nil
}

// touching: two models' bases touch where the setup places them, as
// engagedAt has it for a game (the same level, or across at most 2", the
// higher base no higher than the lower model's top).
func touching(b *board.Board, m, n *engine.ModelSetup) bool {
	dx, dy := float64(m.Start.X-n.Start.X), float64(m.Start.Y-n.Start.Y)
	g := math.Sqrt(dx*dx+dy*dy) - (m.Base+n.Base)/2
	if g > board.Contact {
		return false
	}
	if m.Start.Level == n.Start.Level {
		return true
	}
	dz := b.Elevation(int(m.Start.Level)) - b.Elevation(int(n.Start.Level))
	hm, hn := m.Height, n.Height
	if hm == 0 {
		hm = defaultHeight
	}
	if hn == 0 {
		hn = defaultHeight
	}
	switch {
	case g < -board.Contact || math.Abs(dz) > 2:
		return false
	case dz > 0:
		return dz <= hn
	}
	return -dz <= hm
}

// events is how the ruleset's own events read in the log (engine.Info.Events):
// who did what to whom, in our words for the rules.md §5 mechanics.
var events = map[string]string{
	"hits":                 "{model} scored {key} against {other}",
	"no-damage":            "{model} took no damage from {other}",
	"meltdown-no-harm":     "{model} had no Harm for {other}'s Meltdown to act on",
	"hardy":                "{model} ignored the Fatigue",
	"exhausted":            "{model} is Exhausted: no more Fatigue",
	"excess-harm-lost":     "{model} took {value} Harm past its limit, lost",
	"incapacitated":        "{model} was Incapacitated",
	"champion-xp":          "{model} fell: {side} earns 1 XP",
	"confusion-passed":     "{model} saw {other} fall and kept its head",
	"confused":             "{model} saw {other} fall and failed its Confusion Test",
	"confusion-no-effect":  "{model}, Exhausted, shrugged off the Confusion over {other}",
	"confusion-exhausted":  "{model} is Exhausted and cannot Take the Fatigue: it flees",
	"fled":                 "{model} fled the battle",
	"stayed":               "{model} stayed where it was",
	"moved-closer":         "{model} moved towards {other} but did not reach it",
	"backed-off":           "{model} backed off",
	"pushed-back":          "{other} pushed {model} back up to {key}",
	"no-room":              "{model} had no room to be pushed back by {other}",
	"objective":            "{model} holds an objective: 1 point",
	"second-wind":          "{model} caught its second wind: {value} Fatigue gone",
	"teamwork":             "Teamwork: {side} takes another Turn at once, with a model other than {model}",
	"chem":                 "{model} found a chem",
	"caps-and-parts":       "{model} found {key}",
	"radiation-token":      "{model} found radiation: the Search token turns into a Radiation token",
	"search-token-removed": "{model} searched the token: it is gone",
	"lucky-break":          "{model} took a Lucky Break, rolling {value} again",
}

// notation is the ruleset's engine.Info.Notation, as Fallout: Factions'
// cards write a weapon: its range in inches and its test as dice and the
// S.P.E.C.I.A.L. letter tested ("4A"); the profile is plain numbers.
func notation(stat string, v int) (string, string) {
	switch {
	case stat == "range":
		return "Range", fmt.Sprintf("%d\"", v)
	case len(stat) == 1 && strings.Contains(statLetters, stat):
		return "Test", fmt.Sprintf("%d%s", v, stat)
	}
	return "", ""
}

// rosterSpec is the ruleset's engine.Info.Roster: leaders, champions and
// grunts with any perk; a weapon's test (a S.P.E.C.I.A.L. letter, its dice)
// and range; wargear without stats.
func rosterSpec() engine.RosterSpec {
	weapon := []string{"range"}
	for _, l := range statLetters {
		weapon = append(weapon, string(l))
	}
	gear := map[string][]string{}
	for _, k := range gearKinds {
		if k != "wargear" {
			gear[k] = weapon
		} else {
			gear[k] = nil
		}
	}
	kw := map[string][]string{}
	for _, t := range modelTypes {
		kw[t] = perkNames
	}
	return engine.RosterSpec{Types: []string{"grunt", "champion", "leader"}, Keywords: kw, Gear: gear}
}
