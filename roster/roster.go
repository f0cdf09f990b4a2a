// Package roster reads the rosters players keep in list builders and
// turns them into skirmish's own roster YAML (docs/scenarios.md), saying
// exactly what it understood and what it did not (issue 33).
//
// Each format is one file behind the Format interface: skirmish's own
// YAML (yaml.go), BattleScribe and New Recruit rosters (.ros XML, .rosz
// zips holding one, New Recruit's JSON export), and Yaktribe's Necromunda
// gang JSON, whose weapons carry no stats and are matched by name against
// an Armoury. Read picks the format from the file's name and first bytes.
//
// Nothing is dropped silently: every keyword, weapon trait, ability or
// piece of gear the ruleset does not model (engine.Info.Roster, Traits) is
// listed in Result.Unknown with where it was found; a characteristic the
// ruleset needs and the file lacks is an error naming the model and the
// characteristic (Result.Check). Files are hostile: every decoder works on
// bytes read through a bounded reader, bounds what it unpacks, nests and
// counts, and is fuzzed.
package roster

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/goccy/go-yaml"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/scenario"
)

// MaxSize is the largest roster file read, in bytes (a .rosz once
// unpacked included).
const MaxSize = 4 << 20

// MaxModels is the most models one roster may give (after expanding
// number="3").
const MaxModels = engine.MaxModels / 2

// Unknown is something in a file that the import did not take: where it
// was found ("models[2] Hask: long rifle"), what it is ("trait HEAVY") and
// why ("trenchcrusade does not model it").
type Unknown struct {
	Where string `json:"where"`
	What  string `json:"what"`
	Why   string `json:"why"`
}

// Result is a roster read from a file: the ruleset it is for, the roster
// in skirmish's terms, and what was left out.
type Result struct {
	Format  string          `json:"format"`
	Ruleset string          `json:"ruleset"`
	Roster  scenario.Roster `json:"roster"`
	Unknown []Unknown       `json:"unknown"`
	// Unresolved are the names of gear an Armoury did not know (formats
	// without weapon stats): Stub writes them for the player to fill in.
	Unresolved []string `json:"unresolved,omitempty"`
}

// Options are what a read needs besides the file.
type Options struct {
	// Ruleset is the ruleset to read for, when the file does not say
	// (Yaktribe is always n23's; BattleScribe names its game).
	Ruleset string
	// Armoury gives stats to gear by name (Yaktribe, and names a format's
	// own mapping does not know); nil for none.
	Armoury *Armoury
	// Rulesets are the rulesets known, to check against (required).
	Rulesets *engine.Registry
}

// Format is one kind of roster file.
type Format interface {
	// Name is the format's name, as --format and the API's "format" give
	// it ("yaml", "battlescribe", "yaktribe").
	Name() string
	// Detect reports whether the file (its name and first bytes) looks
	// like this format.
	Detect(name string, data []byte) bool
	// Read reads the file.
	Read(name string, data []byte, opt Options) (*Result, error)
}

// formats are the formats Read tries, in order.
var formats []Format

// register adds a format (each format's file registers itself).
func register(f Format) { formats = append(formats, f) }

// Formats are the names of the formats known.
func Formats() []string {
	var ns []string
	for _, f := range formats {
		ns = append(ns, f.Name())
	}
	return ns
}

// Error is a file that cannot be read as a roster, and why: its field or
// element path when there is one.
type Error struct {
	File    string
	Path    string
	Problem string
}

func (e *Error) Error() string {
	if e.Path != "" {
		return fmt.Sprintf("%s: %s: %s", e.File, e.Path, e.Problem)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Problem)
}

// Read reads a roster file, in the format given (one of Formats) or, with
// format "", the one its name and first bytes say; the result is checked
// against its ruleset (Check).
func Read(name string, data []byte, format string, opt Options) (*Result, error) {
	if opt.Rulesets == nil {
		return nil, errors.New("roster: no rulesets to read for")
	}
	if len(data) > MaxSize {
		return nil, &Error{File: name, Problem: fmt.Sprintf("%d bytes; allowed at most %d", len(data), MaxSize)}
	}
	var f Format
	for _, g := range formats {
		if format == g.Name() || format == "" && g.Detect(name, data) {
			f = g
			break
		}
	}
	if f == nil {
		if format != "" {
			return nil, &Error{File: name, Problem: fmt.Sprintf("unknown format %q; allowed %s", format, strings.Join(Formats(), ", "))}
		}
		return nil, &Error{File: name, Problem: "not a roster skirmish reads: allowed skirmish's roster YAML, a BattleScribe or New Recruit roster (.ros, .rosz, New Recruit's JSON) or a Yaktribe gang (JSON)"}
	}
	r, err := f.Read(name, data, opt)
	if err != nil {
		return nil, err
	}
	r.Format = f.Name()
	if err := r.Check(name, opt.Rulesets); err != nil {
		return nil, err
	}
	return r, nil
}

// YAML writes the roster as skirmish's roster YAML, with what was left
// out as comments at the top.
func (r *Result) YAML() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s, imported for %s from a %s file.\n", oneLine(r.Roster.Name), r.Ruleset, r.Format)
	if len(r.Unknown) > 0 {
		b.WriteString("# Left out (the ruleset does not model it):\n")
		for _, u := range r.Unknown {
			fmt.Fprintf(&b, "#   %s: %s (%s)\n", u.Where, oneLine(u.What), oneLine(u.Why))
		}
	}
	out, err := yaml.MarshalWithOptions(r.Roster, yaml.IndentSequence(true))
	if err != nil {
		return nil, err
	}
	b.Write(out)
	return b.Bytes(), nil
}

// oneLine is s on one line, for a YAML comment: every line or paragraph
// separator (U+0085, U+2028, U+2029 too, which some YAML readers take as a
// line break) and control character is a space.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == '\u0085' {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// Check builds a table game of the roster against itself, as the ruleset
// checks every setup: an error names the model and the field
// ("models[2].profile.Ranged: missing").
func (r *Result) Check(name string, reg *engine.Registry) error {
	rs, err := reg.Lookup(r.Ruleset)
	if err != nil {
		return &Error{File: name, Problem: fmt.Sprintf("ruleset %q is not known; allowed %s", r.Ruleset, strings.Join(reg.IDs(), ", "))}
	}
	if len(r.Roster.Models) == 0 {
		return &Error{File: name, Problem: "no models in the roster"}
	}
	if len(r.Roster.Models) > MaxModels {
		return &Error{File: name, Problem: fmt.Sprintf("%d models; allowed at most %d", len(r.Roster.Models), MaxModels)}
	}
	ids := map[string]bool{}
	for i, m := range r.Roster.Models {
		if ids[m.ID] {
			return &Error{File: name, Path: fmt.Sprintf("models[%d].id", i), Problem: fmt.Sprintf("%q twice", m.ID)}
		}
		ids[m.ID] = true
		for _, st := range rs.Info().Profile {
			if _, ok := m.Profile[st.Name]; !ok {
				who := m.ID
				if m.Name != "" && m.Name != m.ID {
					who += " (" + m.Name + ")"
				}
				return &Error{File: name, Path: fmt.Sprintf("models[%d].profile.%s", i, st.Name), Problem: fmt.Sprintf("%s has no %s, which %s needs", who, st.Name, r.Ruleset)}
			}
		}
	}
	// Every model is checked, those a campaign keeps out of games too
	// (their records and the history are no part of the check). The other
	// side is the same roster, its IDs told apart.
	own := r.Roster
	own.Campaign, own.Models = nil, slices.Clone(own.Models)
	for i := range own.Models {
		own.Models[i].Record = nil
	}
	other := own
	other.Models = slices.Clone(own.Models)
	for i := range other.Models {
		other.Models[i].ID += "-other"
		other.Models[i].Engaged = nil
	}
	files := map[string][]byte{}
	for name, ro := range map[string]scenario.Roster{"a.yaml": own, "b.yaml": other} {
		y, err := yaml.MarshalWithOptions(ro)
		if err != nil {
			return err
		}
		files[name] = y
	}
	sc := fmt.Sprintf("name: check\nruleset: %s\nmode: table\nrounds: 1\nsides:\n  - roster: a.yaml\n  - roster: b.yaml\n", r.Ruleset)
	dec, err := scenario.Decode("check.yaml", []byte(sc), reg, func(n string) ([]byte, error) { return files[n], nil })
	if err != nil {
		return rosterError(name, err)
	}
	su, err := dec.Setup("table")
	if err != nil {
		return rosterError(name, err)
	}
	if _, err := engine.New(rs, su, engine.Config{Seed: 1, Dice: engine.PhysicalDice}); err != nil {
		return rosterError(name, err)
	}
	return nil
}

// rosterError says a check's error about the roster as the roster's own.
func rosterError(name string, err error) error {
	msg := err.Error()
	var se *scenario.Error
	if errors.As(err, &se) {
		msg = strings.TrimPrefix(se.Path+": "+se.Problem, ": ")
	}
	var fe *engine.FieldError
	if errors.As(err, &fe) {
		msg = strings.TrimPrefix(fe.Path+": "+fe.Problem, ": ")
	}
	msg = strings.NewReplacer("sides[0].", "", "sides[1].", "").Replace(msg)
	return &Error{File: name, Problem: msg}
}

// known reports whether name is in list, and adds an Unknown otherwise.
//
//lint:ignore U1000 for the format readers (battlescribe.go, yaktribe.go)
func (r *Result) known(list []string, name, where, what string) bool {
	if slices.Contains(list, name) {
		return true
	}
	r.Unknown = append(r.Unknown, Unknown{Where: where, What: what, Why: r.Ruleset + " does not model it"})
	return false
}

// Summary is what a read understood, as `skirmish roster show --json` and
// the API give it: {"ruleset", "name", "format", "models", "unknown",
// "unresolved"}, every list present (empty rather than null).
type Summary struct {
	Ruleset    string         `json:"ruleset"`
	Name       string         `json:"name"`
	Format     string         `json:"format"`
	Models     []SummaryModel `json:"models"`
	Unknown    []Unknown      `json:"unknown"`
	Unresolved []string       `json:"unresolved"`
	// Campaign is what the roster carries in a campaign, its history
	// included, if anything (scenario.Campaign).
	Campaign *scenario.Campaign `json:"campaign,omitempty"`
}

// SummaryModel is one model of a Summary.
type SummaryModel struct {
	ID       string         `json:"id"`
	Name     string         `json:"name"`
	Type     string         `json:"type"`
	Profile  map[string]int `json:"profile"`
	Base     float64        `json:"base"`
	Keywords []string       `json:"keywords"`
	Gear     []SummaryGear  `json:"gear"`
	// Record is what the model carries in a campaign, if anything
	// (scenario.Record): its XP, lasting injuries and why it misses games.
	Record *scenario.Record `json:"record,omitempty"`
}

// SummaryGear is one piece of gear of a SummaryModel.
type SummaryGear struct {
	Name   string         `json:"name"`
	Kind   string         `json:"kind"`
	Stats  map[string]int `json:"stats"`
	Traits []string       `json:"traits"`
}

// Summary is r as a Summary.
func (r *Result) Summary() Summary {
	s := Summary{Ruleset: r.Ruleset, Name: r.Roster.Name, Format: r.Format, Models: []SummaryModel{}, Campaign: r.Roster.Campaign,
		Unknown: append([]Unknown{}, r.Unknown...), Unresolved: append([]string{}, r.Unresolved...)}
	for _, m := range r.Roster.Models {
		sm := SummaryModel{ID: m.ID, Name: m.Name, Type: m.Type, Profile: m.Profile, Base: m.Base, Record: m.Record,
			Keywords: append([]string{}, m.Keywords...), Gear: []SummaryGear{}}
		for _, g := range m.Gear {
			st := g.Stats
			if st == nil {
				st = map[string]int{}
			}
			sm.Gear = append(sm.Gear, SummaryGear{Name: g.Name, Kind: g.Kind, Stats: st, Traits: append([]string{}, g.Traits...)})
		}
		s.Models = append(s.Models, sm)
	}
	return s
}
