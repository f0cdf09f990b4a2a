package engine

import "fmt"

// State is everything that changes during a game. It is flat and
// pointer-free apart from its slices, so CopyInto reuses them and copying a
// twenty-model state allocates nothing. Static data (profiles, gear, board)
// is in Setup, which every copy shares.
//
// Rule code reads and changes a State only through the Ctx it is given; the
// engine hands it a copy and commits the copy when the action succeeds.
type State struct {
	setup *Setup
	info  *Info

	Round int // 1-based; 0 before the game starts
	Phase int // index into Info.Phases
	Turn  Turn

	Models []Model
	Sides  []Side
	Vars   [MaxVars]int32 // named by Info.Vars

	Over   bool
	Winner int // side index, or -1 for a draw; meaningful when Over

	// Ext holds ruleset data that does not fit the flat fields; nil if
	// unused. It must copy and round-trip through JSON (see Ext).
	Ext Ext
}

// Ext is ruleset-specific state beyond the flat fields.
type Ext interface {
	// CopyInto returns a deep copy of the receiver, reusing dst (a previous
	// copy, or nil) when it can, so that copying allocates nothing.
	CopyInto(dst Ext) Ext
}

// Turn is the state of the current decision: whose it is, the active model
// and what is left of its budget.
type Turn struct {
	Side     int    // the side deciding: which model to activate, or for the active model
	Model    int    // the active model, or NoModel between activations
	Slots    int    // slots left this activation (Economy.Slots > 0)
	Actions  int    // actions taken this activation (not the free follow-ups they gave)
	Taken    uint64 // action definitions taken this activation (bit = index)
	Families []TakenFamily
	Forced   []int16 // actions that must come next, free (indices into Info.Actions)
	Chain    []int   // models that must activate next, in any order (Group Activation)
	Extra    bool    // the side takes another activation when this one ends (Teamwork)
	Barred   uint64  // models that may not take the side's next activation, bit i = model i (Teamwork: another model)
	Ended    bool    // a rule ended the activation
	Passes   int     // consecutive passes (Activation.MayPass)
}

// TakenFamily records an action's family and type for Economy.Clash; an
// action retyped by an effect is recorded twice, with its current and its
// declared type.
type TakenFamily struct {
	Family, Type string
}

// Model is the changing state of one model; its static data is
// Setup.Models at the same index.
type Model struct {
	InPlay bool
	Status uint8 // index into Info.Statuses
	// Secondary is the index into Info.Secondary (0 when the ruleset has
	// no second status axis).
	Secondary uint8
	Conds     uint64 // bit i set: Info.Conditions[i]
	Counters  [MaxCounters]int16
	Acts      uint8  // activations this round
	Taken     uint64 // action definitions taken this round (Economy.PerRound)
	Pos       Pos
	// Links are ruleset-defined ties to other models, bit i = model i
	// (N26 and Fallout: Factions engagement).
	Links uint64
	// Gear holds ruleset-defined bits about the model's gear, by index in
	// ModelSetup.Gear (N26: out of ammo, jammed).
	Gear uint32
}

// Pos is a position in inches on a level of the board.
type Pos struct {
	X, Y  float32
	Level int8
}

// Side is the changing state of one side.
type Side struct {
	Counters [MaxSideCounters]int16
}

// Setup is the game's static data.
func (s *State) Setup() *Setup { return s.setup }

// Info is the ruleset's description.
func (s *State) Info() *Info { return s.info }

// Static returns model m's static data.
func (s *State) Static(m int) *ModelSetup { return &s.setup.Models[m] }

// Stat returns model m's characteristic by profile index.
func (s *State) Stat(m, stat int) int { return s.setup.Models[m].Profile[stat] }

// SideOf returns the side of model m.
func (s *State) SideOf(m int) int { return s.setup.Models[m].Side }

// ActionSide is the side taking action a: its actor's, or for an action
// without one (a pass) the side whose turn it is.
func (s *State) ActionSide(a Action) int {
	if a.Actor >= 0 && a.Actor < len(s.Models) {
		return s.SideOf(a.Actor)
	}
	return s.Turn.Side
}

// Option returns the value of rule option name.
func (s *State) Option(name string) string { return s.setup.Options[name] }

// PhaseID is the current phase's ID.
func (s *State) PhaseID() string { return s.info.Phases[s.Phase].ID }

// Has reports whether model m has condition c (an index into
// Info.Conditions).
func (s *State) Has(m, c int) bool { return s.Models[m].Conds&(1<<c) != 0 }

// Set sets or clears condition c of model m.
func (s *State) Set(m, c int, on bool) {
	if on {
		s.Models[m].Conds |= 1 << c
	} else {
		s.Models[m].Conds &^= 1 << c
	}
}

// Linked reports whether model m is linked to model n.
func (s *State) Linked(m, n int) bool { return s.Models[m].Links&(1<<n) != 0 }

// Link links or unlinks models m and n, both ways.
func (s *State) Link(m, n int, on bool) {
	if on {
		s.Models[m].Links |= 1 << n
		s.Models[n].Links |= 1 << m
	} else {
		s.Models[m].Links &^= 1 << n
		s.Models[n].Links &^= 1 << m
	}
}

// Count returns model m's counter c.
func (s *State) Count(m, c int) int { return int(s.Models[m].Counters[c]) }

// CopyInto copies s into dst, reusing dst's slices, and returns dst; a nil
// dst gets a new State.
func (s *State) CopyInto(dst *State) *State {
	if dst == nil {
		dst = &State{}
	}
	models, sides := dst.Models, dst.Sides
	fam, forced, chain := dst.Turn.Families, dst.Turn.Forced, dst.Turn.Chain
	ext := dst.Ext
	*dst = *s
	dst.Models = append(models[:0], s.Models...)
	dst.Sides = append(sides[:0], s.Sides...)
	dst.Turn.Families = append(fam[:0], s.Turn.Families...)
	dst.Turn.Forced = append(forced[:0], s.Turn.Forced...)
	dst.Turn.Chain = append(chain[:0], s.Turn.Chain...)
	if s.Ext != nil {
		dst.Ext = s.Ext.CopyInto(ext)
	}
	return dst
}

// Clone returns a deep copy of s.
func (s *State) Clone() *State { return s.CopyInto(nil) }

// Equal reports whether s and t are the same state, and if not, where they
// first differ.
func (s *State) Equal(t *State) (bool, string) {
	switch {
	case s.Round != t.Round || s.Phase != t.Phase:
		return false, fmt.Sprintf("round/phase %d/%d vs %d/%d", s.Round, s.Phase, t.Round, t.Phase)
	case s.Over != t.Over || s.Winner != t.Winner:
		return false, fmt.Sprintf("over/winner %v/%d vs %v/%d", s.Over, s.Winner, t.Over, t.Winner)
	case s.Vars != t.Vars:
		return false, fmt.Sprintf("vars %v vs %v", s.Vars, t.Vars)
	case len(s.Models) != len(t.Models) || len(s.Sides) != len(t.Sides):
		return false, "model or side count"
	}
	if ok, why := s.Turn.equal(&t.Turn); !ok {
		return false, "turn: " + why
	}
	for i := range s.Models {
		if s.Models[i] != t.Models[i] {
			return false, fmt.Sprintf("model %d (%s): %+v vs %+v", i, s.setup.Models[i].ID, s.Models[i], t.Models[i])
		}
	}
	for i := range s.Sides {
		if s.Sides[i] != t.Sides[i] {
			return false, fmt.Sprintf("side %d: %+v vs %+v", i, s.Sides[i], t.Sides[i])
		}
	}
	if (s.Ext == nil) != (t.Ext == nil) {
		return false, "ext present in one only"
	}
	if s.Ext != nil {
		if eq, ok := s.Ext.(interface{ Equal(Ext) bool }); ok && !eq.Equal(t.Ext) {
			return false, fmt.Sprintf("ext %+v vs %+v", s.Ext, t.Ext)
		}
	}
	return true, ""
}

func (t *Turn) equal(u *Turn) (bool, string) {
	if t.Side != u.Side || t.Model != u.Model || t.Slots != u.Slots || t.Actions != u.Actions ||
		t.Taken != u.Taken || t.Extra != u.Extra || t.Ended != u.Ended || t.Passes != u.Passes || t.Barred != u.Barred {
		return false, fmt.Sprintf("%+v vs %+v", *t, *u)
	}
	if !eqSlice(t.Families, u.Families) || !eqSlice(t.Forced, u.Forced) || !eqSlice(t.Chain, u.Chain) {
		return false, fmt.Sprintf("families/forced/chain %v %v %v vs %v %v %v", t.Families, t.Forced, t.Chain, u.Families, u.Forced, u.Chain)
	}
	return true, ""
}

func eqSlice[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// newState builds the state before the game starts from a validated setup.
func newState(in *Info, su *Setup) *State {
	s := &State{setup: su, info: in, Winner: -1, Turn: Turn{Model: NoModel}}
	s.Models = make([]Model, len(su.Models))
	for i, m := range su.Models {
		s.Models[i] = Model{InPlay: true, Pos: m.Start}
		for name, v := range m.Counters {
			s.Models[i].Counters[in.counter(name)] = int16(v)
		}
		for k, st := range in.Statuses {
			if st == m.Status {
				s.Models[i].Status = uint8(k)
			}
		}
		for k, st := range in.Secondary {
			if st == m.Secondary {
				s.Models[i].Secondary = uint8(k)
			}
		}
	}
	for i, m := range su.Models {
		for _, id := range m.Engaged {
			for j := range su.Models {
				if su.Models[j].ID == id {
					s.Link(i, j, true)
				}
			}
		}
	}
	s.Sides = make([]Side, len(su.Sides))
	for i, sd := range su.Sides {
		for name, v := range sd.Counters {
			for c, d := range in.SideCounts {
				if d.Name == name {
					s.Sides[i].Counters[c] = int16(v)
				}
			}
		}
	}
	return s
}
