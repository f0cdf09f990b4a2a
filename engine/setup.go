package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Setup is the static context of a game: who is playing what, with which
// profiles and gear, where, for how many rounds, under which options. States
// point at it and never change it. Package scenario reads it from YAML.
type Setup struct {
	Name    string
	Rounds  int
	Mode    string            // "board" or "table"
	Options map[string]string // every option of the ruleset, defaults filled
	Sides   []SideSetup
	Models  []ModelSetup
	// Board answers geometry questions in board mode; nil in table mode,
	// where players answer them.
	Board Board
	// Scenario is the scenario as the caller wants it saved (package
	// scenario's JSON); the engine stores it without reading it.
	Scenario json.RawMessage
}

// SideSetup is one side (gang, warband, crew).
type SideSetup struct {
	Name     string
	Counters map[string]int // starting side counters (ploy tokens)
}

// ModelSetup is one model's static data.
type ModelSetup struct {
	ID       string   // unique in the scenario: "goliath-1"
	Name     string   // for people
	Side     int      // index into Setup.Sides
	Type     string   // the ruleset's word: "fighter", "vehicle"
	Keywords []string // subtypes and keywords: "beast", "leader"
	Profile  []int    // characteristics, in the order of Info.Profile
	Base     float64  // base diameter in inches
	// Height is how tall the model stands, in inches; 0 leaves it to the
	// ruleset (Fallout: Factions: walls as tall as a model stop its
	// Proximity, and engaging across heights reaches its top).
	Height   float64
	Gear     []Gear
	Start    Pos // board mode: deployment
	Counters map[string]int
	// Status is the status the model starts in, one of Info.Statuses ("" is
	// the first), so that a rule situation can be set up without playing
	// into it (a Seriously Injured fighter, a Down model).
	Status string
	// Secondary is the model's starting secondary status, one of
	// Info.Secondary ("" is the first), for rulesets with a second status
	// axis (N23: "seriously-injured" with the status "prone").
	Secondary string
	// Engaged names the enemy models it starts tied to (State.Links), for
	// rulesets that tie engaged models (N26): at a table, where base
	// contact is not measured by the game.
	Engaged []string
}

// Gear is one piece of equipment: a weapon, armour, an item.
type Gear struct {
	Name   string
	Kind   string         // the ruleset's word: "ranged", "melee", "armour"
	Stats  map[string]int // "S": 4, "AP": -1, "range": 24
	Traits []Trait
}

// Trait is a gear trait with an optional value: "rapid-fire 2".
type Trait struct {
	Name  string
	Value int
}

// ParseTrait reads "rapid-fire 2" or "heavy".
func ParseTrait(s string) (Trait, error) {
	name, val, ok := strings.Cut(strings.TrimSpace(s), " ")
	t := Trait{Name: strings.ToLower(name)}
	if ok {
		v, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil {
			return Trait{}, fmt.Errorf("trait %q: value %q is not a whole number", s, val)
		}
		t.Value = v
	}
	return t, nil
}

// Has reports whether g has the trait.
func (g Gear) Has(trait string) bool {
	return slices.ContainsFunc(g.Traits, func(t Trait) bool { return t.Name == trait })
}

// Trait returns the value of g's trait and whether it has it.
func (g Gear) Trait(trait string) (int, bool) {
	for _, t := range g.Traits {
		if t.Name == trait {
			return t.Value, true
		}
	}
	return 0, false
}

// Has reports whether the model has the keyword.
func (m *ModelSetup) Has(keyword string) bool { return slices.Contains(m.Keywords, keyword) }

// FieldError reports a problem with one field of a scenario or save, by its
// path ("sides[0].models[2].profile.S"); package scenario adds the line and
// column in the file.
type FieldError struct {
	Path    string
	Problem string
}

func (e *FieldError) Error() string { return fmt.Sprintf("%s: %s", e.Path, e.Problem) }

// Validate checks a setup against the ruleset's schema: sides and models,
// profile ranges, known traits, options and their values. It fills option
// defaults. The error is a *FieldError naming the first bad field.
func (in *Info) Validate(s *Setup) error {
	bad := func(path, format string, a ...any) error {
		return &FieldError{Path: path, Problem: fmt.Sprintf(format, a...)}
	}
	switch {
	case s.Rounds < 1 || s.Rounds > 100:
		return bad("rounds", "%d is out of range; allowed 1 to 100", s.Rounds)
	case s.Mode != "board" && s.Mode != "table":
		return bad("mode", "%q is not a mode; allowed board or table", s.Mode)
	case len(s.Sides) < 2 || len(s.Sides) > MaxSides:
		return bad("sides", "%d sides; allowed 2 to %d", len(s.Sides), MaxSides)
	case s.Mode == "board" && s.Board == nil:
		return bad("board", "board mode needs a board")
	}
	if s.Options == nil {
		s.Options = map[string]string{}
	}
	for name, v := range s.Options {
		i := slices.IndexFunc(in.Options, func(o OptionDef) bool { return o.Name == name })
		if i < 0 {
			var names []string
			for _, o := range in.Options {
				names = append(names, o.Name)
			}
			return bad("options."+name, "no such option in %s; allowed %s", in.ID, orNone(names))
		}
		if !slices.Contains(in.Options[i].Choices, v) {
			return bad("options."+name, "%q is not allowed; allowed %s", v, strings.Join(in.Options[i].Choices, ", "))
		}
	}
	for _, o := range in.Options {
		if _, ok := s.Options[o.Name]; !ok {
			s.Options[o.Name] = o.Default
		}
	}
	for i, sd := range s.Sides {
		for name, v := range sd.Counters {
			c := slices.IndexFunc(in.SideCounts, func(c CounterDef) bool { return c.Name == name })
			if c < 0 {
				return bad(fmt.Sprintf("sides[%d].counters.%s", i, name), "no such side counter in %s", in.ID)
			}
			if d := in.SideCounts[c]; v < d.Min || v > d.Max {
				return bad(fmt.Sprintf("sides[%d].counters.%s", i, name), "%d is out of range; allowed %d to %d", v, d.Min, d.Max)
			}
		}
	}
	if len(s.Models) > MaxModels {
		return bad("models", "%d models; allowed at most %d", len(s.Models), MaxModels)
	}
	ids := map[string]bool{}
	for i, m := range s.Models {
		p := fmt.Sprintf("models[%d]", i)
		if m.ID == "" || ids[m.ID] {
			return bad(p+".id", "%q is empty or used twice", m.ID)
		}
		ids[m.ID] = true
		if m.Side < 0 || m.Side >= len(s.Sides) {
			return bad(p+".side", "%d is not a side", m.Side)
		}
		if len(m.Profile) != len(in.Profile) {
			return bad(p+".profile", "has %d characteristics, want %d", len(m.Profile), len(in.Profile))
		}
		for j, st := range in.Profile {
			if v := m.Profile[j]; v < st.Min || v > st.Max {
				return bad(p+".profile."+st.Name, "%d is out of range; allowed %d to %d", v, st.Min, st.Max)
			}
		}
		if m.Base <= 0 || m.Base > 12 {
			return bad(p+".base", "%.2f\" is not a base size; allowed above 0 up to 12\"", m.Base)
		}
		if !(m.Height >= 0 && m.Height <= 24) { // NaN too
			return bad(p+".height", "%g\" is not a height; allowed 0 (the ruleset's default) up to 24\"", m.Height)
		}
		for k, kw := range m.Keywords {
			if slices.Contains(m.Keywords[:k], kw) {
				return bad(fmt.Sprintf("%s.keywords[%d]", p, k), "%q twice; a model has a keyword once", kw)
			}
		}
		for g, gear := range m.Gear {
			for t, tr := range gear.Traits {
				if !slices.Contains(in.Traits, tr.Name) {
					return bad(fmt.Sprintf("%s.gear[%d].traits[%d]", p, g, t), "unknown trait %q; allowed %s", tr.Name, orNone(in.Traits))
				}
			}
		}
		if m.Status != "" && !slices.Contains(in.Statuses, m.Status) {
			return bad(p+".status", "%q is not a status of %s; allowed %s", m.Status, in.ID, strings.Join(in.Statuses, ", "))
		}
		switch {
		case m.Secondary != "" && len(in.Secondary) == 0:
			return bad(p+".secondary", "%s has no secondary status; leave it out", in.ID)
		case m.Secondary != "" && !slices.Contains(in.Secondary, m.Secondary):
			return bad(p+".secondary", "%q is not a secondary status of %s; allowed %s", m.Secondary, in.ID, strings.Join(in.Secondary, ", "))
		}
		for k, id := range m.Engaged {
			j := slices.IndexFunc(s.Models, func(o ModelSetup) bool { return o.ID == id })
			switch {
			case j < 0:
				return bad(fmt.Sprintf("%s.engaged-with[%d]", p, k), "no model %q in the scenario", id)
			case s.Models[j].Side == m.Side:
				return bad(fmt.Sprintf("%s.engaged-with[%d]", p, k), "%s is a friend; a model is engaged with enemies only", id)
			}
		}
		for name, v := range m.Counters {
			c := in.counter(name)
			if c < 0 {
				return bad(p+".counters."+name, "no such counter in %s", in.ID)
			}
			if d := in.Counters[c]; v < d.Min || v > d.Max {
				return bad(p+".counters."+name, "%d is out of range; allowed %d to %d", v, d.Min, d.Max)
			}
		}
	}
	return nil
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}
