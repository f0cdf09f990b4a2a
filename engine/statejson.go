package engine

import (
	"encoding/json"
	"fmt"
	"slices"
)

// The JSON form of a State names everything (statuses, conditions,
// counters, actions, models by ID), so it reads well and survives
// reordering inside a ruleset's Info.

type stateJSON struct {
	Round  int             `json:"round"`
	Phase  string          `json:"phase"`
	Turn   turnJSON        `json:"turn"`
	Models []modelJSON     `json:"models"`
	Sides  []sideJSON      `json:"sides"`
	Vars   map[string]int  `json:"vars,omitempty"`
	Over   bool            `json:"over,omitempty"`
	Winner int             `json:"winner"`
	Ext    json.RawMessage `json:"ext,omitempty"`
}

type turnJSON struct {
	Side     int           `json:"side"`
	Model    int           `json:"model"`
	Slots    int           `json:"slots"`
	Actions  int           `json:"actions"`
	Taken    []string      `json:"taken,omitempty"`
	Families []TakenFamily `json:"families,omitempty"`
	Forced   []string      `json:"forced,omitempty"`
	Chain    []int         `json:"chain,omitempty"`
	Extra    bool          `json:"extra,omitempty"`
	Barred   []string      `json:"barred,omitempty"` // model IDs
	Ended    bool          `json:"ended,omitempty"`
	Passes   int           `json:"passes,omitempty"`
}

type modelJSON struct {
	ID        string         `json:"id"`
	InPlay    bool           `json:"in_play"`
	Status    string         `json:"status"`
	Secondary string         `json:"secondary,omitempty"` // rulesets with a second status axis
	Conds     []string       `json:"conditions,omitempty"`
	Counters  map[string]int `json:"counters,omitempty"`
	Acts      int            `json:"activations,omitempty"`
	Taken     []string       `json:"taken,omitempty"`
	Pos       *[3]float32    `json:"pos,omitempty"`
	Links     []string       `json:"links,omitempty"` // model IDs
	Gear      uint32         `json:"gear,omitempty"`
}

type sideJSON struct {
	Name     string         `json:"name"`
	Counters map[string]int `json:"counters,omitempty"`
}

func (in *Info) takenNames(bits uint64) []string {
	var ns []string
	for i := range in.Actions {
		if bits&(1<<i) != 0 {
			ns = append(ns, in.Actions[i].ID)
		}
	}
	return ns
}

// MarshalJSON writes the state with names for everything.
func (s *State) MarshalJSON() ([]byte, error) {
	in := s.info
	j := stateJSON{Round: s.Round, Phase: in.Phases[s.Phase].ID, Over: s.Over, Winner: s.Winner}
	t := s.Turn
	j.Turn = turnJSON{Side: t.Side, Model: t.Model, Slots: t.Slots, Actions: t.Actions, Taken: in.takenNames(t.Taken),
		Families: t.Families, Chain: t.Chain, Extra: t.Extra, Ended: t.Ended, Passes: t.Passes}
	for _, f := range t.Forced {
		j.Turn.Forced = append(j.Turn.Forced, in.Actions[f].ID)
	}
	for n := range s.Models {
		if t.Barred&(1<<n) != 0 {
			j.Turn.Barred = append(j.Turn.Barred, s.setup.Models[n].ID)
		}
	}
	for i, m := range s.Models {
		mj := modelJSON{ID: s.setup.Models[i].ID, InPlay: m.InPlay, Status: in.Statuses[m.Status], Acts: int(m.Acts), Taken: in.takenNames(m.Taken)}
		if len(in.Secondary) > 0 {
			mj.Secondary = in.Secondary[m.Secondary]
		}
		for c, name := range in.Conditions {
			if m.Conds&(1<<c) != 0 {
				mj.Conds = append(mj.Conds, name)
			}
		}
		for c, d := range in.Counters {
			if v := m.Counters[c]; v != 0 || d.Shown != nil && d.Shown(s, i) {
				if mj.Counters == nil {
					mj.Counters = map[string]int{}
				}
				mj.Counters[d.Name] = int(v)
			}
		}
		if s.setup.Mode == "board" {
			mj.Pos = &[3]float32{m.Pos.X, m.Pos.Y, float32(m.Pos.Level)}
		}
		for n := range s.Models {
			if m.Links&(1<<n) != 0 {
				mj.Links = append(mj.Links, s.setup.Models[n].ID)
			}
		}
		mj.Gear = m.Gear
		j.Models = append(j.Models, mj)
	}
	for i, sd := range s.Sides {
		sj := sideJSON{Name: s.setup.Sides[i].Name}
		for c, d := range in.SideCounts {
			if v := sd.Counters[c]; v != 0 {
				if sj.Counters == nil {
					sj.Counters = map[string]int{}
				}
				sj.Counters[d.Name] = int(v)
			}
		}
		j.Sides = append(j.Sides, sj)
	}
	for i, name := range in.Vars {
		if v := s.Vars[i]; v != 0 {
			if j.Vars == nil {
				j.Vars = map[string]int{}
			}
			j.Vars[name] = int(v)
		}
	}
	if s.Ext != nil {
		b, err := json.Marshal(s.Ext)
		if err != nil {
			return nil, fmt.Errorf("engine: state ext: %w", err)
		}
		j.Ext = b
	}
	return json.Marshal(j)
}

// DecodeState reads a state written by State.MarshalJSON for this game's
// ruleset and setup. Names it does not know are a *FieldError.
func (g *Game) DecodeState(data []byte) (*State, error) {
	var j stateJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("engine: decode state: %w", err)
	}
	in := g.info
	s := newState(in, g.setup)
	bad := func(path, format string, a ...any) error {
		return &FieldError{Path: path, Problem: fmt.Sprintf(format, a...)}
	}
	index := func(names []string, name, path string) (int, error) {
		if i := slices.Index(names, name); i >= 0 {
			return i, nil
		}
		return 0, bad(path, "unknown name %q", name)
	}
	actionBits := func(names []string, path string) (uint64, error) {
		var b uint64
		for _, n := range names {
			i := in.Action(n)
			if i < 0 || i >= len(in.Actions) {
				return 0, bad(path, "unknown action %q", n)
			}
			b |= 1 << i
		}
		return b, nil
	}
	var err error
	s.Round, s.Over, s.Winner = j.Round, j.Over, j.Winner
	phases := make([]string, len(in.Phases))
	for i, p := range in.Phases {
		phases[i] = p.ID
	}
	if s.Phase, err = index(phases, j.Phase, "phase"); err != nil {
		return nil, err
	}
	t := j.Turn
	s.Turn = Turn{Side: t.Side, Model: t.Model, Slots: t.Slots, Actions: t.Actions, Families: t.Families,
		Chain: t.Chain, Extra: t.Extra, Ended: t.Ended, Passes: t.Passes}
	if s.Turn.Taken, err = actionBits(t.Taken, "turn.taken"); err != nil {
		return nil, err
	}
	for _, f := range t.Forced {
		i := in.Action(f)
		if i < 0 || i >= len(in.Actions) {
			return nil, bad("turn.forced", "unknown action %q", f)
		}
		s.Turn.Forced = append(s.Turn.Forced, int16(i))
	}
	for _, id := range t.Barred {
		n := slices.IndexFunc(g.setup.Models, func(ms ModelSetup) bool { return ms.ID == id })
		if n < 0 {
			return nil, bad("turn.barred", "no model %q", id)
		}
		s.Turn.Barred |= 1 << n
	}
	if len(j.Models) != len(s.Models) || len(j.Sides) != len(s.Sides) {
		return nil, bad("models", "%d models and %d sides; the setup has %d and %d", len(j.Models), len(j.Sides), len(s.Models), len(s.Sides))
	}
	for i, mj := range j.Models {
		p := fmt.Sprintf("models[%d]", i)
		m := &s.Models[i]
		if mj.ID != g.setup.Models[i].ID {
			return nil, bad(p+".id", "%q where the setup has %q", mj.ID, g.setup.Models[i].ID)
		}
		st, err := index(in.Statuses, mj.Status, p+".status")
		if err != nil {
			return nil, err
		}
		m.InPlay, m.Status, m.Acts, m.Conds, m.Secondary = mj.InPlay, uint8(st), uint8(mj.Acts), 0, 0
		if len(in.Secondary) > 0 || mj.Secondary != "" {
			sec, err := index(in.Secondary, mj.Secondary, p+".secondary")
			if err != nil {
				return nil, err
			}
			m.Secondary = uint8(sec)
		}
		for _, c := range mj.Conds {
			k, err := index(in.Conditions, c, p+".conditions")
			if err != nil {
				return nil, err
			}
			m.Conds |= 1 << k
		}
		m.Counters = [MaxCounters]int16{}
		for name, v := range mj.Counters {
			k := in.counter(name)
			if k < 0 {
				return nil, bad(p+".counters."+name, "unknown counter")
			}
			m.Counters[k] = int16(v)
		}
		if m.Taken, err = actionBits(mj.Taken, p+".taken"); err != nil {
			return nil, err
		}
		if mj.Pos != nil {
			m.Pos = Pos{X: mj.Pos[0], Y: mj.Pos[1], Level: int8(mj.Pos[2])}
		}
		m.Gear, m.Links = mj.Gear, 0
		for _, id := range mj.Links {
			n := slices.IndexFunc(g.setup.Models, func(ms ModelSetup) bool { return ms.ID == id })
			if n < 0 {
				return nil, bad(p+".links", "no model %q", id)
			}
			m.Links |= 1 << n
		}
	}
	for i, sj := range j.Sides {
		s.Sides[i] = Side{}
		for name, v := range sj.Counters {
			k := slices.IndexFunc(in.SideCounts, func(c CounterDef) bool { return c.Name == name })
			if k < 0 {
				return nil, bad(fmt.Sprintf("sides[%d].counters.%s", i, name), "unknown counter")
			}
			s.Sides[i].Counters[k] = int16(v)
		}
	}
	for name, v := range j.Vars {
		k, err := index(in.Vars, name, "vars."+name)
		if err != nil {
			return nil, err
		}
		s.Vars[k] = int32(v)
	}
	if len(j.Ext) > 0 {
		codec, ok := g.rs.(ExtCodec)
		if !ok {
			return nil, bad("ext", "%s keeps no extra state", in.ID)
		}
		if s.Ext, err = codec.DecodeExt(j.Ext); err != nil {
			return nil, err
		}
	}
	return s, nil
}
