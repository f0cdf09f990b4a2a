// Package mini is a small invented skirmish game that exists to exercise
// every mechanism of the engine in tests: it is not one of the built-in
// games and is never registered outside tests.
//
// It comes in four presets that differ only in their action economy, one per
// seed game's shape: mini-n26 (two slots, Single/Double/Free, no repeats,
// Pinned halves the budget), mini-n23 (Simple repeatable, Basic once, Free
// clashing by name with Basic), mini-tc (each action once, Move/Charge/
// Retreat exclusive, Shoot/Charge exclusive) and mini-ff (fatigue-priced
// turns of up to two actions, several turns a round, passing, Teamwork).
//
// Rounds: a priority roll-off (dice, ties re-roll), then activations, then
// an end phase where each side may spend a token to stand a model up (a
// choice with a "pass" option). Shooting asks whether the target is in sight
// (a fact), rolls to hit (a D6 test, +1 when aimed), lets the target's side
// spend a token to dodge (a reaction window), then rolls injury dice. A
// Charge that reaches its target forces a free Fight. Group activates up to
// two nearby friends next (a chain). Heavy weapons turn Shoot into a Double.
package mini

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/rules"
)

// Statuses, conditions, counters, side counters, variables and profile
// characteristics, by index.
const (
	active = iota
	engaged
	down
)

const (
	pinned = iota
	aimed
	grouped
)

const (
	wounds = iota
	harm
	fatigue
	foe // 1 + the index of the model it is engaged with, or 0
)

const tokens = 0

const (
	vFirst = iota // side with priority this round
	vTies         // roll-off ties so far this game
)

const (
	sM = iota
	sSkill
	sTough
	sW
)

// Rules is one preset of the mini ruleset.
type Rules struct {
	preset string
	info   engine.Info
}

// Presets lists the preset names.
var Presets = []string{"n26", "n23", "tc", "ff"}

// New returns the preset called name ("n26", "n23", "tc" or "ff"), with ID
// "mini-<name>".
func New(name string) *Rules {
	r := &Rules{preset: name}
	r.info = r.build()
	return r
}

// Register adds every preset to reg.
func Register(reg *engine.Registry) {
	for _, p := range Presets {
		reg.Register(New(p))
	}
}

func (r *Rules) Info() *engine.Info { return &r.info }

func (r *Rules) build() engine.Info {
	typ := map[string]map[string]string{ // action → preset → type
		"move":    {"n26": "single", "n23": "simple", "tc": "action", "ff": "action"},
		"charge":  {"n26": "double", "n23": "double", "tc": "action", "ff": "action"},
		"shoot":   {"n26": "single", "n23": "basic", "tc": "action", "ff": "action"},
		"snap":    {"n26": "single", "n23": "free", "tc": "action", "ff": "action"},
		"fight":   {"n26": "double", "n23": "basic", "tc": "action", "ff": "action"},
		"retreat": {"n26": "double", "n23": "basic", "tc": "action", "ff": "action"},
		"rally":   {"n26": "double", "n23": "basic", "tc": "action", "ff": "action"},
		"group":   {"n26": "single", "n23": "basic", "tc": "action", "ff": "action"},
		"aim":     {"n26": "free", "n23": "simple", "tc": "action", "ff": "action"},
	}
	in := engine.Info{
		ID: "mini-" + r.preset, Name: "Mini (" + r.preset + " economy)", Version: "1",
		Phases:     []engine.Phase{{ID: "priority"}, {ID: "action", Activations: true}, {ID: "end"}},
		Statuses:   []string{"active", "engaged", "down"},
		Conditions: []string{"pinned", "aimed", "grouped"},
		Counters: []engine.CounterDef{
			{Name: "wounds", Min: 0, Max: 3},
			{Name: "harm", Min: 0, Max: 2, Overflow: harmOverflow},
			{Name: "fatigue", Min: 0, Max: 2},
			{Name: "foe", Min: 0, Max: 64},
		},
		SideCounts: []engine.CounterDef{{Name: "tokens", Min: 0, Max: 3}},
		Vars:       []string{"first", "ties"},
		Profile:    []engine.Stat{{Name: "M", Min: 3, Max: 8}, {Name: "Skill", Min: 2, Max: 6}, {Name: "Tough", Min: 1, Max: 5}, {Name: "W", Min: 1, Max: 3}},
		Traits:     []string{"heavy", "blast"},
		Options: []engine.OptionDef{
			{Name: "charge-range", Usage: "how far a Charge reaches, in inches", Default: "6", Choices: []string{"6", "8"}, Source: "test-only"},
		},
	}
	def := func(id, name, when string, d engine.ActionDef) engine.ActionDef {
		d.ID, d.Name, d.When, d.Type = id, name, when, typ[id][r.preset]
		return d
	}
	in.Actions = []engine.ActionDef{
		def("move", "Move", "active", engine.ActionDef{Available: isActive, Options: moveOptions, Any: anyMove, Resolve: resolveMove}),
		def("charge", "Charge", "active, an enemy in play", engine.ActionDef{Available: isActive, Options: enemyOptions, Resolve: resolveCharge}),
		def("shoot", "Shoot", "active, with a ranged weapon; heavy makes it a Double", engine.ActionDef{Available: canShoot, Options: enemyOptions, TypeOf: r.shootType, Resolve: resolveShoot}),
		def("snap", "Snap Shot", "active, with a ranged weapon", engine.ActionDef{Family: "shoot", Available: canShoot, Options: enemyOptions, Resolve: resolveShoot}),
		def("fight", "Fight", "engaged", engine.ActionDef{Available: isEngaged, Options: foeOption, Resolve: resolveFight}),
		def("retreat", "Retreat", "engaged", engine.ActionDef{Available: isEngaged, Resolve: resolveRetreat}),
		def("rally", "Rally", "down", engine.ActionDef{Available: isDown, Resolve: resolveRally}),
		def("group", "Group", "active, not grouped this round", engine.ActionDef{Available: canGroup, Resolve: resolveGroup}),
		def("aim", "Aim", "active, not aimed", engine.ActionDef{Available: canAim, Resolve: resolveAim}),
	}
	switch r.preset {
	case "n26":
		in.Economy = engine.Economy{Slots: 2, Cost: map[string]int{"single": 1, "double": 2, "free": 0}}
	case "n23":
		in.Economy = engine.Economy{Slots: 2, Cost: map[string]int{"simple": 1, "basic": 1, "double": 2, "free": 0},
			Repeatable: []string{"simple"}, Clash: [][2]string{{"free", "basic"}}}
	case "tc":
		in.Economy = engine.Economy{Cost: map[string]int{"action": 0}}
		for i := range in.Actions {
			switch in.Actions[i].ID {
			case "move":
				in.Actions[i].Excludes = []string{"charge", "retreat"}
			case "charge":
				in.Actions[i].Excludes = []string{"retreat", "shoot", "snap"}
			}
		}
	case "ff":
		in.Economy = engine.Economy{Cost: map[string]int{"action": 1}, MaxActions: 2, Pay: "fatigue", PerRound: true}
		in.Activation = engine.Activation{MayPass: true}
	default:
		panic("mini: unknown preset " + r.preset)
	}
	return in
}

func (r *Rules) shootType(s *engine.State, a engine.Action) string {
	if heavy(s, a.Actor) {
		switch r.preset {
		case "n26", "n23":
			return "double"
		}
	}
	return r.info.Actions[2].Type
}

// Start sets each model's wounds from its profile.
func (r *Rules) Start(s *engine.State) error {
	for m := range s.Models {
		s.Models[m].Counters[wounds] = int16(s.Stat(m, sW))
	}
	s.Ext = &Ext{}
	return nil
}

// Ext is the mini ruleset's extra state: the models taken out, in order,
// and a scratch buffer each state keeps for destinations.
type Ext struct {
	Casualties []int32 `json:"casualties"`
	pos        []engine.Pos
	memo       board.Memo // destinations asked lately (scratch, not copied)
}

// CopyInto copies the casualty list, reusing dst's (and keeping dst's
// scratch).
func (e *Ext) CopyInto(dst engine.Ext) engine.Ext {
	d, _ := dst.(*Ext)
	if d == nil {
		d = &Ext{}
	}
	d.Casualties = append(d.Casualties[:0], e.Casualties...)
	return d
}

func scratch(s *engine.State) *Ext { return s.Ext.(*Ext) }

// Equal compares two Exts.
func (e *Ext) Equal(o engine.Ext) bool {
	f, ok := o.(*Ext)
	return ok && slices.Equal(e.Casualties, f.Casualties)
}

// DecodeExt reads an Ext from JSON.
func (r *Rules) DecodeExt(data []byte) (engine.Ext, error) {
	var e Ext
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, fmt.Errorf("mini: ext: %w", err)
	}
	return &e, nil
}

func isActive(s *engine.State, m int) bool  { return s.Models[m].Status == active }
func isEngaged(s *engine.State, m int) bool { return s.Models[m].Status == engaged }
func isDown(s *engine.State, m int) bool    { return s.Models[m].Status == down }
func canAim(s *engine.State, m int) bool    { return isActive(s, m) && !s.Has(m, aimed) }

func canShoot(s *engine.State, m int) bool {
	if !isActive(s, m) {
		return false
	}
	for _, g := range s.Static(m).Gear {
		if g.Kind == "ranged" {
			return true
		}
	}
	return false
}

func heavy(s *engine.State, m int) bool {
	for _, g := range s.Static(m).Gear {
		if g.Kind == "ranged" && g.Has("heavy") {
			return true
		}
	}
	return false
}

func canGroup(s *engine.State, m int) bool {
	if !isActive(s, m) || s.Has(m, grouped) {
		return false
	}
	for f := range s.Models {
		if f != m && s.SideOf(f) == s.SideOf(m) && s.Models[f].InPlay && s.Models[f].Acts == 0 {
			return true
		}
	}
	return false
}

// enemyOptions targets every enemy in play; on a board, only those in sight.
func enemyOptions(s *engine.State, m int, add func(engine.Action)) {
	b := s.Setup().Board
	for t := range s.Models {
		if s.SideOf(t) == s.SideOf(m) || !s.Models[t].InPlay {
			continue
		}
		if b != nil {
			if v, ok := b.Fact(s, engine.Fact{Kind: engine.FactSight, A: m, B: t}); ok && v == 0 {
				continue
			}
		}
		add(engine.Action{Actor: m, Target: t})
	}
}

func foeOption(s *engine.State, m int, add func(engine.Action)) {
	if f := s.Count(m, foe) - 1; f >= 0 && s.Models[f].InPlay {
		add(engine.Action{Actor: m, Target: f})
	}
}

// anyMove is moveOptions' Any: whether the model has a destination,
// found without listing them (board.AnyDestination stops at the first).
func anyMove(s *engine.State, m int) bool {
	bd, ok := s.Setup().Board.(*board.Board)
	if !ok || bd == nil {
		return rules.Listed(s, m, moveOptions)
	}
	return bd.AnyDestination(s, m, float32(s.Stat(m, sM)), enemiesOf(s, m), func(engine.Pos) bool { return true })
}

// enemiesOf is the set of m's enemies (bit n for model n): a move stays
// 1" from every one.
func enemiesOf(s *engine.State, m int) uint64 {
	var shy uint64
	for n := range s.Models {
		if s.SideOf(n) != s.SideOf(m) {
			shy |= 1 << n
		}
	}
	return shy
}

// moveOptions proposes the board's destinations, or one plain move at a
// table.
func moveOptions(s *engine.State, m int, add func(engine.Action)) {
	b := s.Setup().Board
	if b == nil {
		add(engine.Action{Actor: m, Target: engine.NoModel})
		return
	}
	buf := scratch(s)
	buf.pos = buf.memo.Destinations(b, s, m, float32(s.Stat(m, sM)), enemiesOf(s, m), buf.pos[:0])
	for _, p := range buf.pos {
		add(engine.Action{Actor: m, Target: engine.NoModel}.At(p.X, p.Y))
	}
}
