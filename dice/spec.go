package dice

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// ParamKind is the kind of value a procedure parameter takes.
type ParamKind string

// Parameter kinds.
const (
	IntParam    ParamKind = "int"    // one whole number in [Min, Max]
	IntsParam   ParamKind = "ints"   // zero or more whole numbers, each in [Min, Max]
	BoolParam   ParamKind = "bool"   // true or false, default false
	ChoiceParam ParamKind = "choice" // one of Choices, default the first
)

// Param describes one parameter of a procedure, for command-line flags, forms
// and validation.
type Param struct {
	Name     string
	Kind     ParamKind
	Usage    string
	Min, Max int      // IntParam, IntsParam
	Default  int      // IntParam when not Required
	Required bool     // IntParam
	MaxItems int      // IntsParam
	Choices  []string // ChoiceParam
}

// Allowed describes the values p accepts, as in "-38 to 38".
func (p Param) Allowed() string {
	switch p.Kind {
	case BoolParam:
		return "true or false"
	case ChoiceParam:
		return strings.Join(p.Choices, " or ")
	case IntsParam:
		return fmt.Sprintf("%d to %d each, at most %d of them", p.Min, p.Max, p.MaxItems)
	}
	return fmt.Sprintf("%d to %d", p.Min, p.Max)
}

// Spec describes a kind of procedure and builds it from parameter values.
type Spec struct {
	Name    string // "tc-injury"
	Game    string // the ruleset it comes from: "trenchcrusade"
	Summary string // one line for listings
	Source  string // where the mechanic is specified: "rules.md §4.2.1"
	Params  []Param
	// Build makes the procedure from validated values. It reports problems
	// that involve several parameters as a *ParamError.
	Build func(Args) (Procedure, error)
}

// Param returns the parameter called name.
func (s *Spec) Param(name string) (Param, bool) {
	i := slices.IndexFunc(s.Params, func(p Param) bool { return p.Name == name })
	if i < 0 {
		return Param{}, false
	}
	return s.Params[i], true
}

// New parses raw parameter values (as typed: "-1", "true") and builds the
// procedure. Every problem is a *ParamError naming the parameter and what it
// allows; nothing is clamped.
func (s *Spec) New(raw map[string][]string) (Procedure, error) {
	a, err := s.Parse(raw)
	if err != nil {
		return nil, err
	}
	return s.Build(a)
}

// Parse checks raw parameter values against the spec.
func (s *Spec) Parse(raw map[string][]string) (Args, error) {
	a := Args{spec: s, vals: map[string][]int{}, set: map[string]bool{}}
	names := make([]string, 0, len(raw))
	for name := range raw {
		names = append(names, name)
	}
	slices.Sort(names) // report the same problem first every time
	for _, name := range names {
		if _, ok := s.Param(name); !ok {
			return Args{}, &ParamError{Proc: s.Name, Param: name, Value: strings.Join(raw[name], ","), Problem: "no such parameter", Allowed: s.paramNames()}
		}
	}
	for _, p := range s.Params {
		vals, given := raw[p.Name]
		if given {
			a.set[p.Name] = true
		}
		switch {
		case !given && p.Required:
			return Args{}, s.errorf(p, "", "missing")
		case !given && p.Kind == IntParam:
			a.vals[p.Name] = []int{p.Default}
			continue
		case !given:
			a.vals[p.Name] = nil
			continue
		case p.Kind != IntsParam && len(vals) != 1:
			return Args{}, s.errorf(p, strings.Join(vals, ","), "given more than once")
		case p.Kind == IntsParam && len(vals) > p.MaxItems:
			return Args{}, s.errorf(p, strings.Join(vals, ","), fmt.Sprintf("%d values given", len(vals)))
		}
		for _, v := range vals {
			x, err := p.parse(v)
			if err != nil {
				return Args{}, s.errorf(p, v, err.Error())
			}
			a.vals[p.Name] = append(a.vals[p.Name], x)
		}
	}
	return a, nil
}

func (p Param) parse(v string) (int, error) {
	t := strings.TrimSpace(v)
	switch p.Kind {
	case BoolParam:
		b, err := strconv.ParseBool(t)
		if err != nil {
			return 0, fmt.Errorf("not true or false")
		}
		if b {
			return 1, nil
		}
		return 0, nil
	case ChoiceParam:
		i := slices.Index(p.Choices, strings.ToLower(t))
		if i < 0 {
			return 0, fmt.Errorf("not a choice")
		}
		return i, nil
	}
	x, err := strconv.Atoi(t)
	if err != nil {
		return 0, fmt.Errorf("not a whole number")
	}
	if x < p.Min || x > p.Max {
		return 0, fmt.Errorf("out of range")
	}
	return x, nil
}

func (s *Spec) paramNames() string {
	var ns []string
	for _, p := range s.Params {
		ns = append(ns, p.Name)
	}
	return strings.Join(ns, ", ")
}

func (s *Spec) errorf(p Param, value, problem string) *ParamError {
	return &ParamError{Proc: s.Name, Param: p.Name, Value: value, Problem: problem, Allowed: p.Allowed()}
}

// ParamError reports a parameter value a procedure cannot take.
type ParamError struct {
	Proc    string // "ff-test"
	Param   string // "luck"
	Value   string // the value as given; empty when missing
	Problem string // "out of range", "missing", or a rule's reason
	Allowed string // what would be accepted: "0 to 2"
}

func (e *ParamError) Error() string {
	v := e.Param
	if e.Value != "" {
		v += " " + e.Value
	}
	return fmt.Sprintf("dice: %s: %s: %s; allowed %s", e.Proc, v, e.Problem, e.Allowed)
}

// Args holds a procedure's validated parameter values, defaults filled in.
type Args struct {
	spec *Spec
	vals map[string][]int
	set  map[string]bool
}

func (a Args) one(name string) int {
	if v := a.vals[name]; len(v) > 0 {
		return v[0]
	}
	return 0
}

// Int returns an IntParam's value.
func (a Args) Int(name string) int { return a.one(name) }

// Ints returns a copy of an IntsParam's values.
func (a Args) Ints(name string) []int { return slices.Clone(a.vals[name]) }

// Bool returns a BoolParam's value.
func (a Args) Bool(name string) bool { return a.one(name) == 1 }

// Choice returns a ChoiceParam's value.
func (a Args) Choice(name string) string {
	p, _ := a.spec.Param(name)
	return p.Choices[a.one(name)]
}

// IsSet reports whether the parameter was given rather than defaulted.
func (a Args) IsSet(name string) bool { return a.set[name] }

// Error returns a *ParamError about parameter name for a problem found by
// Build, such as a value that conflicts with another parameter.
func (a Args) Error(name, problem, allowed string) *ParamError {
	v := ""
	if a.set[name] {
		p, _ := a.spec.Param(name)
		switch p.Kind {
		case BoolParam:
			v = strconv.FormatBool(a.Bool(name))
		case ChoiceParam:
			v = a.Choice(name)
		default:
			var parts []string
			for _, x := range a.vals[name] {
				parts = append(parts, strconv.Itoa(x))
			}
			v = strings.Join(parts, ",")
		}
	}
	return &ParamError{Proc: a.spec.Name, Param: name, Value: v, Problem: problem, Allowed: allowed}
}

// MarshalJSON writes every parameter with its value: numbers, lists of
// numbers, booleans and choice strings.
func (a Args) MarshalJSON() ([]byte, error) {
	m := map[string]any{}
	for _, p := range a.spec.Params {
		switch p.Kind {
		case IntParam:
			m[p.Name] = a.Int(p.Name)
		case IntsParam:
			m[p.Name] = append([]int{}, a.vals[p.Name]...)
		case BoolParam:
			m[p.Name] = a.Bool(p.Name)
		case ChoiceParam:
			m[p.Name] = a.Choice(p.Name)
		}
	}
	return json.Marshal(m)
}

// Registry holds procedure specs by name. Rulesets are registered explicitly
// (see package rulesets/all); the zero Registry is empty and ready to use.
// It is safe for concurrent use; the Specs it holds are read-only.
type Registry struct {
	mu    sync.RWMutex
	specs map[string]*Spec
}

// Register adds s. It panics if s is malformed or its name is taken: both are
// programming errors.
func (r *Registry) Register(s *Spec) {
	if s.Name == "" || s.Build == nil {
		panic("dice: Register: spec needs a name and a Build function")
	}
	for _, p := range s.Params {
		if p.Kind == ChoiceParam && len(p.Choices) == 0 || p.Kind == IntsParam && p.MaxItems < 1 || p.Min > p.Max {
			panic(fmt.Sprintf("dice: Register %s: malformed parameter %q", s.Name, p.Name))
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.specs == nil {
		r.specs = map[string]*Spec{}
	}
	if _, dup := r.specs[s.Name]; dup {
		panic("dice: Register: duplicate procedure " + s.Name)
	}
	r.specs[s.Name] = s
}

// Lookup returns the spec called name.
func (r *Registry) Lookup(name string) (*Spec, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	s, ok := r.specs[name]
	return s, ok
}

// All returns every spec, sorted by name.
func (r *Registry) All() []*Spec {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var all []*Spec
	for _, s := range r.specs {
		all = append(all, s)
	}
	slices.SortFunc(all, func(a, b *Spec) int { return strings.Compare(a.Name, b.Name) })
	return all
}
