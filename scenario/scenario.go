// Package scenario reads scenarios and rosters from YAML: the sides, their
// models with profiles and gear, deployment and terrain (board mode), the
// number of rounds and the rule options. Decoding is strict: an unknown
// field, a value of the wrong type or out of range, a model the ruleset's
// schema refuses, each is an *Error with the file, line and column, and the
// path of the field.
//
// A side may list its models inline or name a roster file (YAML with a name,
// counters and models) to read them from. A roster is named relative to the
// scenario's folder and must stay inside it: no absolute path and no ".."
// component (the Open function given to Decode also keeps symbolic links
// from leading out; the CLI's does, with an os.Root).
//
// Every file is read with limits (size, words, tokens, nesting depth,
// aliases and their expansion, models; see MaxSize and the limits beside
// it), so a hostile file is refused cheaply, with its line and column. A
// leading UTF-8 byte-order mark is accepted. In board mode every model must
// stand wholly on the table, on an existing level, clear of the terrain of
// its level and of the other models.
//
// A Scenario is not changed by Setup apart from a cache of model paths, so
// it must not be shared between goroutines calling Setup; the *engine.Setup
// Setup returns may be shared by any number of games (see package engine).
// Samples and Sample are read-only and safe for concurrent use.
package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/userfile"
)

// File is a scenario as written in YAML (and saved in JSON with a game).
type File struct {
	Name    string            `yaml:"name" json:"name"`
	Ruleset string            `yaml:"ruleset" json:"ruleset"`
	Mode    string            `yaml:"mode" json:"mode"` // board or table
	Rounds  int               `yaml:"rounds" json:"rounds"`
	Options map[string]string `yaml:"options,omitempty" json:"options,omitempty"`
	Board   *BoardFile        `yaml:"board,omitempty" json:"board,omitempty"`
	Sides   []Side            `yaml:"sides" json:"sides"`
}

// Side is one side: inline models, or a roster file to read them from.
type Side struct {
	Name     string         `yaml:"name,omitempty" json:"name,omitempty"`
	Roster   string         `yaml:"roster,omitempty" json:"-"`
	Counters map[string]int `yaml:"counters,omitempty" json:"counters,omitempty"`
	Models   []Model        `yaml:"models,omitempty" json:"models"`
	// Deploy places the roster's models, by model ID, in board mode.
	Deploy map[string][]float64 `yaml:"deploy,omitempty" json:"-"`
	// Zone is the side's deployment zone on a board: its models that
	// nothing else places (no at, no deploy entry) are placed in it
	// (PlaceInZone), so that the scenario takes any roster.
	Zone *ZoneFile `yaml:"zone,omitempty" json:"zone,omitempty"`
	// imported names the roster UseRoster put here, for messages.
	imported string
}

// ZoneFile is a deployment zone: a rectangle (at, size), or a strip depth
// inches deep along one edge of the board (edge: south is y = 0, north
// y = the board's height, west x = 0, east x = its width).
type ZoneFile struct {
	At    []float64 `yaml:"at,omitempty" json:"at,omitempty"`
	Size  []float64 `yaml:"size,omitempty" json:"size,omitempty"`
	Edge  string    `yaml:"edge,omitempty" json:"edge,omitempty"`
	Depth float64   `yaml:"depth,omitempty" json:"depth,omitempty"`
}

// Roster is a roster file: a side's models without the scenario around them.
type Roster struct {
	Name     string         `yaml:"name"`
	Counters map[string]int `yaml:"counters,omitempty"`
	Models   []Model        `yaml:"models"`
	// Campaign is what the roster carries from game to game, if it plays
	// a campaign (campaign.go).
	Campaign *Campaign `yaml:"campaign,omitempty"`
}

// Model is one model.
type Model struct {
	ID       string         `yaml:"id" json:"id"`
	Name     string         `yaml:"name,omitempty" json:"name,omitempty"`
	Type     string         `yaml:"type,omitempty" json:"type,omitempty"`
	Keywords []string       `yaml:"keywords,omitempty" json:"keywords,omitempty"`
	Profile  map[string]int `yaml:"profile" json:"profile"`
	Base     float64        `yaml:"base" json:"base"`                         // millimetres
	Height   float64        `yaml:"height,omitempty" json:"height,omitempty"` // inches; 0: the ruleset's default
	At       []float64      `yaml:"at,omitempty" json:"at,omitempty"`
	Counters map[string]int `yaml:"counters,omitempty" json:"counters,omitempty"`
	Gear     []Gear         `yaml:"gear,omitempty" json:"gear,omitempty"`
	// Status is the status the model starts in ("seriously-injured",
	// "down"): a rule situation set up without playing into it.
	Status string `yaml:"status,omitempty" json:"status,omitempty"`
	// Secondary is the secondary status it starts in, for rulesets with
	// two status axes (n23: status prone, secondary seriously-injured).
	Secondary string `yaml:"secondary,omitempty" json:"secondary,omitempty"`
	// Engaged names enemy models it starts Engaged with (N26 at a table).
	Engaged []string `yaml:"engaged-with,omitempty" json:"engaged-with,omitempty"`
	// Record is what the model carries from game to game in a campaign
	// (campaign.go): a model with a reason to miss games does not take
	// the field.
	Record *Record `yaml:"record,omitempty" json:"record,omitempty"`
}

// Gear is one piece of equipment; traits are written "heavy" or
// "rapid-fire 2".
type Gear struct {
	Name   string         `yaml:"name" json:"name"`
	Kind   string         `yaml:"kind" json:"kind"`
	Stats  map[string]int `yaml:"stats,omitempty" json:"stats,omitempty"`
	Traits []string       `yaml:"traits,omitempty" json:"traits,omitempty"`
}

// BoardFile is the terrain, in inches; points are [x, y] or [x, y, level].
type BoardFile struct {
	Size       []float64   `yaml:"size" json:"size"`
	Levels     []float64   `yaml:"levels,omitempty" json:"levels,omitempty"`
	Boxes      []BoxFile   `yaml:"boxes,omitempty" json:"boxes,omitempty"`
	Walls      []WallFile  `yaml:"walls,omitempty" json:"walls,omitempty"`
	Ledges     []LedgeFile `yaml:"ledges,omitempty" json:"ledges,omitempty"`
	Ducts      []DuctFile  `yaml:"ducts,omitempty" json:"ducts,omitempty"`
	Objectives [][]float64 `yaml:"objectives,omitempty" json:"objectives,omitempty"`
	Tokens     []TokenFile `yaml:"tokens,omitempty" json:"tokens,omitempty"`
}

// BoxFile is a block of terrain: corner, size, height, level.
type BoxFile struct {
	At     []float64 `yaml:"at" json:"at"`
	Size   []float64 `yaml:"size" json:"size"`
	Height float64   `yaml:"height" json:"height"`
	Level  int       `yaml:"level,omitempty" json:"level,omitempty"`
}

// WallFile is a wall from one point to another.
type WallFile struct {
	From   []float64 `yaml:"from" json:"from"`
	To     []float64 `yaml:"to" json:"to"`
	Height float64   `yaml:"height" json:"height"`
}

// LedgeFile is the edge of a raised level.
type LedgeFile struct {
	From  []float64 `yaml:"from" json:"from"`
	To    []float64 `yaml:"to" json:"to"`
	Below int       `yaml:"below" json:"below"`
}

// DuctFile is a ductway's two ends.
type DuctFile struct {
	A []float64 `yaml:"a" json:"a"`
	B []float64 `yaml:"b" json:"b"`
}

// TokenFile is a marker on the table.
type TokenFile struct {
	Kind string    `yaml:"kind" json:"kind"`
	At   []float64 `yaml:"at" json:"at"`
}

// Error is a problem in a scenario or roster file.
type Error struct {
	File         string
	Line, Column int // 0 when not known
	Path         string
	Problem      string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Column)
	}
	if e.Path != "" {
		b.WriteString(": " + e.Path)
	}
	b.WriteString(": " + e.Problem)
	return b.String()
}

// Scenario is a decoded, validated scenario.
type Scenario struct {
	File    File
	Ruleset engine.Ruleset
	name    string
	body    ast.Node     // the scenario's parsed YAML, for positions
	rosters []rosterFile // per side: the roster file it read, if any
	where   []string     // engine model index → "sides[i].models[j]"
}

// rosterFile is a roster file a side read.
type rosterFile struct {
	Name string   // as named in the scenario, relative to its folder
	file string   // as shown in errors: the scenario's folder joined
	body ast.Node // its parsed YAML, for positions
	idx  []int    // the side's model j is the file's models[idx[j]] (models missing games are left out); nil: the same
}

// Open reads a roster file named by a scenario, by its name relative to the
// scenario's folder; Decode has checked that the name is relative and has
// no ".." component. The CLI opens it in an os.Root of that folder, so that
// symbolic links cannot lead out either, and with MaxSize as its limit;
// samples read their embedded files; tests read from memory.
type Open func(name string) ([]byte, error)

// Decode reads a scenario named name from data, for a ruleset in reg.
// Roster files are read with open; open may be nil when none are used.
func Decode(name string, data []byte, reg *engine.Registry, open Open) (*Scenario, error) {
	sc := &Scenario{name: name}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &Error{File: name, Problem: "the file is empty; a scenario names its ruleset, sides and models (docs/scenarios.md)"}
	}
	body, err := readYAML(name, data)
	if err != nil {
		return nil, err
	}
	if err := countModels(name, body, false); err != nil {
		return nil, err
	}
	sc.body = body
	if err := decodeNode(name, body, &sc.File); err != nil {
		return nil, err
	}
	f := &sc.File
	if strings.TrimSpace(f.Ruleset) == "" {
		return nil, &Error{File: name, Path: "ruleset", Problem: "missing; allowed " + strings.Join(reg.IDs(), ", ")}
	}
	if sc.Ruleset, err = reg.Lookup(f.Ruleset); err != nil {
		return nil, sc.errorf("ruleset", "%q is not a ruleset; allowed %s", f.Ruleset, strings.Join(reg.IDs(), ", "))
	}
	sc.rosters = make([]rosterFile, len(f.Sides))
	for i := range f.Sides {
		if err := sc.loadRoster(i, open); err != nil {
			return nil, err
		}
	}
	if _, err := sc.Setup(""); err != nil {
		return nil, err
	}
	return sc, nil
}

// Rosters lists the roster files the scenario read, by their names
// relative to its folder, in the order of the sides.
func (sc *Scenario) Rosters() []string {
	var names []string
	for _, r := range sc.rosters {
		if r.Name != "" {
			names = append(names, r.Name)
		}
	}
	return names
}

// guard runs a call into the YAML library, turning a panic inside it into
// an error: goccy/go-yaml v1.19.2 still panics on some malformed input
// (issues #735 and #890, open), and bad input must never crash a caller.
func guard(name string, f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &Error{File: name, Problem: fmt.Sprintf("the YAML cannot be read (the parser failed: %v); check tags (!) and brackets", p)}
		}
	}()
	return f()
}

func (sc *Scenario) loadRoster(i int, open Open) error {
	sd := &sc.File.Sides[i]
	if sd.Roster == "" {
		if len(sd.Deploy) > 0 {
			return sc.errorf(fmt.Sprintf("sides[%d].deploy", i), "deploy goes with a roster file; inline models say where they stand with at")
		}
		return nil
	}
	path := fmt.Sprintf("sides[%d].roster", i)
	if len(sd.Models) > 0 {
		return sc.errorf(path, "a side takes a roster file or inline models, not both")
	}
	if err := userfile.CheckName(sd.Roster); err != nil {
		var ue *userfile.Error
		errors.As(err, &ue)
		return sc.errorf(path, "%q %s", sd.Roster, strings.ReplaceAll(ue.Problem, "the folder", "the scenario's folder"))
	}
	if open == nil {
		return sc.errorf(path, "roster files cannot be read here")
	}
	file := filepath.Join(filepath.Dir(sc.name), sd.Roster)
	data, err := open(sd.Roster)
	if err != nil {
		var ue *userfile.Error
		if errors.As(err, &ue) {
			return sc.errorf(path, "%q: %s", sd.Roster, ue.Problem)
		}
		return sc.errorf(path, "%v", err)
	}
	body, err := readYAML(file, data)
	if err != nil {
		return err
	}
	if err := countModels(file, body, true); err != nil {
		return err
	}
	var r Roster
	if err := decodeNode(file, body, &r); err != nil {
		return err
	}
	if err := r.checkCampaign(); err != nil {
		e := err.(*Error)
		e.File = file
		e.Line, e.Column = position(file, body, e.Path)
		return e
	}
	fit, idx := r.fit()
	if len(fit) == 0 && len(r.Models) > 0 {
		return sc.errorf(path, "%q: every model misses games (its record's out): none can take the field", sd.Roster)
	}
	sc.rosters[i] = rosterFile{Name: sd.Roster, file: file, body: body, idx: idx}
	if sd.Name == "" {
		sd.Name = r.Name
	}
	if sd.Counters == nil {
		sd.Counters = r.Counters
	}
	sd.Models = fit
	for j := range sd.Models {
		if at, ok := sd.Deploy[sd.Models[j].ID]; ok {
			sd.Models[j].At = at
		}
	}
	for id := range sd.Deploy {
		if !slices.ContainsFunc(r.Models, func(m Model) bool { return m.ID == id }) { // one left out may keep its place
			return sc.errorf(fmt.Sprintf("sides[%d].deploy.%s", i, id), "no model %q in roster %s", id, sd.Roster)
		}
	}
	return nil
}

// Vacate empties side i's models (and its name, unless keepName) before
// rosters take several sides (UseRoster): a roster then takes a new name
// or ID ("(2)", "-2") only for another roster, or a side that keeps its
// own models, not for the models it is about to replace.
func (sc *Scenario) Vacate(i int, keepName bool) {
	if i < 0 || i >= len(sc.File.Sides) {
		return
	}
	sides := slices.Clone(sc.File.Sides)
	sides[i].Models = nil
	if !keepName {
		sides[i].Name = ""
	}
	sc.File.Sides = sides
}

// UseRoster puts roster r (read from file, named for messages) on side i
// in place of the side's own models: the side takes the roster's name and
// counters when it has them; on a board its zone places the models. A
// model whose ID another side uses already takes the ID with -2 (-3 …). A
// scenario decoded once and copied (Copy) per game may take other rosters
// in each copy.
func (sc *Scenario) UseRoster(i int, file string, r Roster) error {
	if i < 0 || i >= len(sc.File.Sides) {
		return &Error{File: sc.name, Path: "sides", Problem: fmt.Sprintf("no side %d; the scenario has %d", i, len(sc.File.Sides))}
	}
	sides := slices.Clone(sc.File.Sides)
	sd := &sides[i]
	if r.Name != "" {
		sd.Name = r.Name
		// Two sides of one name (both players brought the same list)
		// would read the same in every line of the log.
		named := func(n string) bool {
			for j := range sides {
				if j != i && sides[j].Name == n {
					return true
				}
			}
			return false
		}
		for k := 2; named(sd.Name); k++ {
			sd.Name = fmt.Sprintf("%s (%d)", r.Name, k)
		}
	}
	if r.Counters != nil {
		sd.Counters = r.Counters
	}
	if err := r.checkCampaign(); err != nil {
		e := err.(*Error)
		e.File = file
		return e
	}
	sd.Models, _ = r.fit()
	if len(sd.Models) == 0 && len(r.Models) > 0 {
		return &Error{File: file, Path: "models", Problem: "every model misses games (its record's out): none can take the field"}
	}
	// Both players may bring the same list: an ID another side uses
	// already gets -2, -3 … (in the roster's own engaged-with too), so
	// that every model of the game has its own.
	taken := map[string]bool{}
	for j, other := range sides {
		if j != i {
			for _, m := range other.Models {
				taken[m.ID] = true
			}
		}
	}
	renamed := map[string]string{}
	for j := range sd.Models {
		id := sd.Models[j].ID
		if !taken[id] {
			continue
		}
		// Not an ID of the roster's either, those it leaves out included: a
		// campaign maps the game's IDs back to the roster's (package
		// campaign).
		n := id
		for k := 2; taken[n] || slices.ContainsFunc(r.Models, func(m Model) bool { return m.ID == n }); k++ {
			n = fmt.Sprintf("%s-%d", id, k)
		}
		sd.Models[j].ID, renamed[id] = n, n
	}
	for j := range sd.Models {
		if len(renamed) > 0 && len(sd.Models[j].Engaged) > 0 {
			sd.Models[j].Engaged = slices.Clone(sd.Models[j].Engaged)
			for k, e := range sd.Models[j].Engaged {
				if n, ok := renamed[e]; ok {
					sd.Models[j].Engaged[k] = n
				}
			}
		}
	}
	sd.Roster, sd.Deploy, sd.imported = "", nil, file
	sc.File.Sides = sides
	if i < len(sc.rosters) {
		sc.rosters = slices.Clone(sc.rosters)
		sc.rosters[i] = rosterFile{}
	}
	return nil
}

// DecodeRoster reads a roster file on its own (skirmish's roster YAML),
// within the limits scenarios are read with; errors name the file, line,
// column and field. The models are not checked against a ruleset: a
// scenario that takes the roster does that.
func DecodeRoster(name string, data []byte) (r *Roster, err error) {
	err = guard(name, func() error {
		body, err := readYAML(name, data)
		if err != nil {
			return err
		}
		if err := countModels(name, body, true); err != nil {
			return err
		}
		var rr Roster
		if err := decodeNode(name, body, &rr); err != nil {
			return err
		}
		if err := rr.checkCampaign(); err != nil {
			e := err.(*Error)
			e.File = name
			e.Line, e.Column = position(name, body, e.Path)
			return e
		}
		r = &rr
		return nil
	})
	return r, err
}

// DecodeFile reads any YAML file a user hands in (an armoury) into v,
// strictly and within the limits scenarios are read with; errors name the
// file, line, column and field.
func DecodeFile(name string, data []byte, v any) error {
	return guard(name, func() error {
		body, err := readYAML(name, data)
		if err != nil {
			return err
		}
		return decodeNode(name, body, v)
	})
}

// errorf makes an *Error for a field path, with its line and column. A
// path into a side's models that came from a roster file is reported in
// that file, as the roster's own path ("models[2].base").
func (sc *Scenario) errorf(path, format string, a ...any) *Error {
	e := &Error{File: sc.name, Path: path, Problem: fmt.Sprintf(format, a...)}
	var i int
	if n, _ := fmt.Sscanf(path, "sides[%d]", &i); n == 1 && i >= 0 && i < len(sc.rosters) && sc.rosters[i].body != nil &&
		strings.HasPrefix(path, fmt.Sprintf("sides[%d].models", i)) {
		_, rest, _ := strings.Cut(path, "].")
		var j int
		if idx := sc.rosters[i].idx; idx != nil {
			if n, _ := fmt.Sscanf(rest, "models[%d]", &j); n == 1 && j >= 0 && j < len(idx) {
				_, tail, _ := strings.Cut(rest, "]")
				rest = fmt.Sprintf("models[%d]%s", idx[j], tail)
			}
		}
		e.File, e.Path = sc.rosters[i].file, rest
		e.Line, e.Column = position(e.File, sc.rosters[i].body, rest)
		return e
	}
	e.Line, e.Column = position(sc.name, sc.body, path)
	return e
}

// atPath is the field that says where model j of side i stands: its at,
// or for a roster's model, its entry in the side's deploy map.
func (sc *Scenario) atPath(i, j int) string {
	sd := &sc.File.Sides[i]
	if sd.Roster != "" && j < len(sd.Models) {
		if _, ok := sd.Deploy[sd.Models[j].ID]; ok {
			return fmt.Sprintf("sides[%d].deploy.%s", i, sd.Models[j].ID)
		}
	}
	return fmt.Sprintf("sides[%d].models[%d].at", i, j)
}

// position finds the line and column of a field path in a file's YAML, or
// of its nearest parent that exists in the file (a missing field is
// reported where it belongs).
func position(name string, body ast.Node, path string) (int, int) {
	if body == nil {
		return 0, 0
	}
	for p := path; p != ""; p = parent(p) {
		yp, err := yaml.PathString("$." + quoteKeys(p))
		if err != nil {
			continue
		}
		var node ast.Node
		if guard(name, func() (err error) { node, err = yp.FilterNode(body); return err }) != nil || node == nil {
			continue
		}
		if tk := node.GetToken(); tk != nil && tk.Position != nil {
			return tk.Position.Line, tk.Position.Column
		}
	}
	if tk := body.GetToken(); tk != nil && tk.Position != nil {
		return tk.Position.Line, tk.Position.Column
	}
	return 0, 0
}

func parent(p string) string {
	i := strings.LastIndexAny(p, ".[")
	if i < 0 {
		return ""
	}
	return p[:i]
}

// quoteKeys quotes path keys that YAML paths cannot take bare.
func quoteKeys(p string) string {
	parts := strings.Split(p, ".")
	for i, s := range parts {
		key, rest, _ := strings.Cut(s, "[")
		if strings.ContainsAny(key, "-/ ") {
			parts[i] = "'" + key + "'"
			if rest != "" {
				parts[i] += "[" + rest
			}
		}
	}
	return strings.Join(parts, ".")
}

// MaxName is the longest name or ID, in bytes: a scenario's, a side's, a
// model's. Names are shown on every screen and in every log line.
const MaxName = 100

// short refuses a name longer than MaxName, and one with control
// characters or bidirectional formatting (which would let a name rewrite a
// terminal's screen, or show text other than it holds).
func (sc *Scenario) short(path, name string) error {
	if len(name) > MaxName {
		return sc.errorf(path, "%d bytes long; allowed at most %d", len(name), MaxName)
	}
	for i, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == utf8.RuneError {
			return sc.errorf(path, "byte %d is the start of %U, a control or text-direction character (or not UTF-8); names are plain text", i+1, r)
		}
	}
	return nil
}

// Copy returns a copy of sc that may be given other options and set up,
// also concurrently with sc: decode a scenario once, copy it per game.
func (sc *Scenario) Copy() *Scenario {
	c := *sc
	c.File.Options = maps.Clone(sc.File.Options)
	c.where = nil
	return &c
}

// Setup builds the engine setup and board. mode "" keeps the scenario's;
// "table" plays a board scenario at a table (no positions).
func (sc *Scenario) Setup(mode string) (*engine.Setup, error) {
	f := &sc.File
	in := sc.Ruleset.Info()
	if mode == "" {
		mode = f.Mode
	}
	su := &engine.Setup{Name: f.Name, Rounds: f.Rounds, Mode: mode, Options: map[string]string{}}
	for k, v := range f.Options {
		su.Options[k] = v
	}
	if err := sc.short("name", f.Name); err != nil {
		return nil, err
	}
	switch {
	case f.Name == "":
		return nil, sc.errorf("name", "missing")
	case f.Mode != "board" && f.Mode != "table":
		return nil, sc.errorf("mode", "%q is not a mode; allowed board or table", f.Mode)
	case mode != "board" && mode != "table":
		return nil, &Error{File: sc.name, Path: "mode", Problem: fmt.Sprintf("%q is not a mode; allowed board or table", mode)}
	case f.Mode == "board" && f.Board == nil:
		return nil, sc.errorf("board", "a board scenario needs a board")
	case mode == "board" && f.Mode == "table":
		return nil, sc.errorf("mode", "a table scenario has no board to play on")
	}
	if mode == "board" {
		b, err := sc.board()
		if err != nil {
			return nil, err
		}
		su.Board = b
	}
	sc.where = sc.where[:0]
	for i, sd := range f.Sides {
		sp := fmt.Sprintf("sides[%d]", i)
		if sd.Name == "" {
			return nil, sc.errorf(sp+".name", "missing")
		}
		if err := sc.short(sp+".name", sd.Name); err != nil {
			return nil, err
		}
		su.Sides = append(su.Sides, engine.SideSetup{Name: sd.Name, Counters: sd.Counters})
		if len(sd.Models) == 0 {
			return nil, sc.errorf(sp+".models", "a side needs at least one model")
		}
		placed := 0 // models the zone has placed so far
		for j, m := range sd.Models {
			mp := fmt.Sprintf("%s.models[%d]", sp, j)
			if _, deployed := sd.Deploy[m.ID]; mode == "board" && !deployed && len(m.At) == 0 && sd.Zone != nil {
				at, err := sc.placeInZone(i, sd, m, placed, unplaced(sd), su)
				if err != nil {
					return nil, err
				}
				m.At = at
				placed++
			}
			if mode == "board" && sd.imported != "" && len(m.At) == 0 {
				return nil, sc.errorf(sp, "no place for %s of %s: the scenario gives this side no zone to deploy a roster it does not know; play it at a table, or give the side a zone (docs/scenarios.md)", m.ID, sd.imported)
			}
			if _, deployed := sd.Deploy[m.ID]; mode == "board" && sd.Roster != "" && !deployed && len(m.At) == 0 {
				// the scenario's omission, not the roster's
				return nil, sc.errorf(sp+".deploy", "no place for %q: on a board, deploy gives each of roster %s's models its [x, y]", m.ID, sd.Roster)
			}
			ms, err := sc.model(in, mp, sc.atPath(i, j), m, i, mode)
			if err != nil {
				return nil, err
			}
			su.Models = append(su.Models, ms)
			sc.where = append(sc.where, mp)
		}
	}
	if len(su.Models) > engine.MaxModels {
		return nil, sc.errorf("sides", "%d models; allowed at most %d in a game", len(su.Models), engine.MaxModels)
	}
	js, err := json.Marshal(f)
	if err != nil {
		return nil, &Error{File: sc.name, Problem: err.Error()}
	}
	su.Scenario = js
	err = in.Validate(su)
	if chk, ok := sc.Ruleset.(engine.SetupChecker); ok && err == nil {
		err = chk.CheckSetup(su)
	}
	if err != nil {
		var fe *engine.FieldError
		if errors.As(err, &fe) {
			return nil, sc.errorf(sc.translate(fe.Path), "%s", fe.Problem)
		}
		return nil, &Error{File: sc.name, Problem: err.Error()}
	}
	if b, ok := su.Board.(*board.Board); ok {
		if err := b.CheckSetup(su); err != nil {
			var fe *engine.FieldError
			if errors.As(err, &fe) {
				return nil, sc.errorf(sc.translate(fe.Path), "%s", fe.Problem)
			}
			return nil, &Error{File: sc.name, Problem: err.Error()}
		}
	}
	return su, nil
}

// unplaced counts the side's models that nothing but its zone places.
func unplaced(sd Side) int {
	n := 0
	for _, m := range sd.Models {
		if _, ok := sd.Deploy[m.ID]; !ok && len(m.At) == 0 {
			n++
		}
	}
	return n
}

// zoneRect is side i's deployment zone as x0, y0, x1, y1 on the board.
func (sc *Scenario) zoneRect(i int, z *ZoneFile, b *board.Board) (x0, y0, x1, y1 float64, err error) {
	zp := fmt.Sprintf("sides[%d].zone", i)
	switch {
	case z.Edge != "" && (len(z.At) > 0 || len(z.Size) > 0):
		return 0, 0, 0, 0, sc.errorf(zp, "a zone is a rectangle (at, size) or an edge strip (edge, depth), not both")
	case z.Edge != "":
		d := z.Depth
		if !(d > 0 && d <= max(b.Width, b.Height)) {
			return 0, 0, 0, 0, sc.errorf(zp+".depth", "%g is not a depth; allowed above 0, within the board", d)
		}
		switch z.Edge {
		case "south":
			return 0, 0, b.Width, min(d, b.Height), nil
		case "north":
			return 0, max(b.Height-d, 0), b.Width, b.Height, nil
		case "west":
			return 0, 0, min(d, b.Width), b.Height, nil
		case "east":
			return max(b.Width-d, 0), 0, b.Width, b.Height, nil
		}
		return 0, 0, 0, 0, sc.errorf(zp+".edge", "%q is not an edge; allowed south (y = 0), north, west (x = 0) or east", z.Edge)
	}
	if len(z.At) != 2 || len(z.Size) != 2 {
		return 0, 0, 0, 0, sc.errorf(zp, "want at: [x, y] and size: [width, depth], or edge and depth")
	}
	x0, y0, x1, y1 = z.At[0], z.At[1], z.At[0]+z.Size[0], z.At[1]+z.Size[1]
	if !(z.Size[0] > 0 && z.Size[1] > 0 && x0 >= 0 && y0 >= 0 && x1 <= b.Width && y1 <= b.Height) {
		return 0, 0, 0, 0, sc.errorf(zp, "the zone [%g, %g] to [%g, %g] is not a rectangle on the %g×%g board", x0, y0, x1, y1, b.Width, b.Height)
	}
	return x0, y0, x1, y1, nil
}

// placeInZone is where the k-th of the n models of side i that its zone
// places stands: spread evenly along the zone's edge nearest the board's
// own (the edge of an edge strip; a rectangle's longer side nearer a board
// edge), as near the board's edge as its base is clear of terrain on the
// ground and of every model placed so far, each spot searched outwards
// from its even share of the row by tenths of an inch. It is an error
// naming the model when the zone has no room left for it.
func (sc *Scenario) placeInZone(i int, sd Side, m Model, k, n int, su *engine.Setup) ([]float64, error) {
	b, _ := su.Board.(*board.Board)
	if b == nil {
		return nil, nil
	}
	x0, y0, x1, y1, err := sc.zoneRect(i, sd.Zone, b)
	if err != nil {
		return nil, err
	}
	r := m.Base / 25.4 / 2
	if !(r > 0 && r < 5) {
		return nil, nil // the model's own check names its base
	}
	free := func(x, y float64) bool {
		if !b.Clear(board.Point{X: x, Y: y}, r) {
			return false
		}
		for _, o := range su.Models {
			if o.Start.Level != 0 {
				continue
			}
			dx, dy := x-float64(o.Start.X), y-float64(o.Start.Y)
			if reach := r + o.Base/2 + 0.05; dx*dx+dy*dy < reach*reach {
				return false
			}
		}
		return true
	}
	// rows run along x (a south or north zone) or along y; depth goes in
	// from the edge nearer the board's.
	rowsAlongX := x1-x0 >= y1-y0
	switch sd.Zone.Edge {
	case "south", "north":
		rowsAlongX = true
	case "west", "east":
		rowsAlongX = false
	}
	rowLo, rowHi, dLo, dHi := x0, x1, y0, y1
	fromHigh := y0 > b.Height-y1 // nearer the north edge
	if !rowsAlongX {
		rowLo, rowHi, dLo, dHi = y0, y1, x0, x1
		fromHigh = x0 > b.Width-x1
	}
	share := rowLo + (float64(k)+0.5)*(rowHi-rowLo)/float64(max(n, 1))
	const step = 0.1
	for d := dLo + r; d <= dHi-r+1e-9; d += step {
		depth := d
		if fromHigh {
			depth = dHi - (d - dLo)
		}
		for j := 0; j <= int((rowHi-rowLo)/step)+1; j++ {
			for _, sign := range [2]float64{1, -1} {
				if j == 0 && sign < 0 {
					continue
				}
				t := share + sign*float64(j)*step
				if t-r < rowLo-1e-9 || t+r > rowHi+1e-9 {
					continue
				}
				x, y := t, depth
				if !rowsAlongX {
					x, y = depth, t
				}
				x, y = math.Round(x*100)/100, math.Round(y*100)/100
				if free(x, y) {
					return []float64{x, y}, nil
				}
			}
		}
	}
	return nil, sc.errorf(fmt.Sprintf("sides[%d].zone", i), "no room left in the zone for %s (a %gmm base)", m.ID, m.Base)
}

// translate maps the engine's "models[k]..." to "sides[i].models[j]...",
// and "models[k].at" to the field that placed the model (atPath).
func (sc *Scenario) translate(path string) string {
	var k int
	var rest string
	if n, _ := fmt.Sscanf(path, "models[%d]", &k); n == 1 && k >= 0 && k < len(sc.where) {
		if i := strings.Index(path, "]"); i >= 0 {
			rest = path[i+1:]
		}
		if rest == ".at" {
			var i, j int
			if n, _ := fmt.Sscanf(sc.where[k], "sides[%d].models[%d]", &i, &j); n == 2 {
				return sc.atPath(i, j)
			}
		}
		return sc.where[k] + rest
	}
	return path
}

func (sc *Scenario) model(in *engine.Info, path, atPath string, m Model, side int, mode string) (engine.ModelSetup, error) {
	ms := engine.ModelSetup{ID: m.ID, Name: m.Name, Side: side, Type: m.Type, Keywords: m.Keywords, Counters: m.Counters,
		Status: m.Status, Secondary: m.Secondary, Engaged: m.Engaged, Height: m.Height}
	if ms.Name == "" {
		ms.Name = m.ID
	}
	if m.ID == "" {
		return ms, sc.errorf(path+".id", "missing")
	}
	if err := sc.short(path+".id", m.ID); err != nil {
		return ms, err
	}
	if err := sc.short(path+".name", m.Name); err != nil {
		return ms, err
	}
	for name := range m.Profile {
		if !slices.ContainsFunc(in.Profile, func(s engine.Stat) bool { return s.Name == name }) {
			var names []string
			for _, s := range in.Profile {
				names = append(names, s.Name)
			}
			return ms, sc.errorf(path+".profile."+name, "not a characteristic of %s; allowed %s", in.ID, strings.Join(names, ", "))
		}
	}
	for _, st := range in.Profile {
		v, ok := m.Profile[st.Name]
		if !ok {
			return ms, sc.errorf(path+".profile", "missing %s", st.Name)
		}
		ms.Profile = append(ms.Profile, v)
	}
	if !(m.Base >= 20 && m.Base <= 200) { // NaN too
		return ms, sc.errorf(path+".base", "%gmm is not a base size; allowed 20 to 200", m.Base)
	}
	ms.Base = m.Base / 25.4
	if mode == "board" {
		p, err := sc.point(atPath, m.At)
		if err != nil {
			return ms, err
		}
		if p.Level < math.MinInt8 || p.Level > math.MaxInt8 {
			return ms, sc.errorf(atPath, "level %d does not exist", p.Level)
		}
		ms.Start = engine.Pos{X: float32(p.X), Y: float32(p.Y), Level: int8(p.Level)}
	}
	for g, gf := range m.Gear {
		gp := fmt.Sprintf("%s.gear[%d]", path, g)
		if gf.Name == "" {
			return ms, sc.errorf(gp+".name", "missing")
		}
		gear := engine.Gear{Name: gf.Name, Kind: gf.Kind, Stats: gf.Stats}
		for t, ts := range gf.Traits {
			tr, err := engine.ParseTrait(ts)
			if err != nil {
				return ms, sc.errorf(fmt.Sprintf("%s.traits[%d]", gp, t), "%v", err)
			}
			gear.Traits = append(gear.Traits, tr)
		}
		ms.Gear = append(ms.Gear, gear)
	}
	return ms, nil
}

func (sc *Scenario) point(path string, v []float64) (board.Point, error) {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return board.Point{}, sc.errorf(path, "%g is not a finite number; allowed finite numbers", x)
		}
	}
	if len(v) == 3 && math.Abs(v[2]) > 1000 {
		return board.Point{}, sc.errorf(path, "level %g does not exist", v[2])
	}
	switch len(v) {
	case 2:
		return board.Point{X: v[0], Y: v[1]}, nil
	case 3:
		if v[2] != float64(int(v[2])) {
			return board.Point{}, sc.errorf(path, "level %g is not a whole number", v[2])
		}
		return board.Point{X: v[0], Y: v[1], Level: int(v[2])}, nil
	}
	return board.Point{}, sc.errorf(path, "want [x, y] or [x, y, level] in inches, got %d numbers", len(v))
}

// pair reads the two points of a wall, ledge or duct.
func (sc *Scenario) pair(path, ka string, a []float64, kb string, b []float64) (board.Point, board.Point, error) {
	pa, err := sc.point(path+"."+ka, a)
	if err != nil {
		return board.Point{}, board.Point{}, err
	}
	pb, err := sc.point(path+"."+kb, b)
	return pa, pb, err
}

func (sc *Scenario) board() (*board.Board, error) {
	bf := sc.File.Board
	if len(bf.Size) != 2 {
		return nil, sc.errorf("board.size", "want [width, height] in inches")
	}
	b := &board.Board{Width: bf.Size[0], Height: bf.Size[1], Levels: bf.Levels}
	for i, x := range bf.Boxes {
		p := fmt.Sprintf("board.boxes[%d]", i)
		at, err := sc.point(p+".at", x.At)
		if err != nil {
			return nil, err
		}
		if len(x.Size) != 2 {
			return nil, sc.errorf(p+".size", "want [width, depth] in inches")
		}
		b.Boxes = append(b.Boxes, board.Box{X0: at.X, Y0: at.Y, X1: at.X + x.Size[0], Y1: at.Y + x.Size[1], Level: x.Level, Height: x.Height})
	}
	for i, w := range bf.Walls {
		a, c, err := sc.pair(fmt.Sprintf("board.walls[%d]", i), "from", w.From, "to", w.To)
		if err != nil {
			return nil, err
		}
		b.Walls = append(b.Walls, board.Wall{A: a, B: c, Height: w.Height})
	}
	for i, l := range bf.Ledges {
		a, c, err := sc.pair(fmt.Sprintf("board.ledges[%d]", i), "from", l.From, "to", l.To)
		if err != nil {
			return nil, err
		}
		b.Ledges = append(b.Ledges, board.Ledge{A: a, B: c, Below: l.Below})
	}
	for i, d := range bf.Ducts {
		a, c, err := sc.pair(fmt.Sprintf("board.ducts[%d]", i), "a", d.A, "b", d.B)
		if err != nil {
			return nil, err
		}
		b.Ducts = append(b.Ducts, board.Duct{A: a, B: c})
	}
	for i, o := range bf.Objectives {
		pt, err := sc.point(fmt.Sprintf("board.objectives[%d]", i), o)
		if err != nil {
			return nil, err
		}
		b.Objectives = append(b.Objectives, pt)
	}
	for i, t := range bf.Tokens {
		pt, err := sc.point(fmt.Sprintf("board.tokens[%d].at", i), t.At)
		if err != nil {
			return nil, err
		}
		b.Tokens = append(b.Tokens, board.Token{Kind: t.Kind, At: pt})
	}
	if err := b.Check(); err != nil {
		var fe *engine.FieldError
		if errors.As(err, &fe) {
			return nil, sc.errorf(fe.Path, "%s", fe.Problem)
		}
		return nil, err
	}
	return b, nil
}

// Sample is a built-in scenario a ruleset ships.
type Sample struct {
	Ruleset string `json:"ruleset"`
	Name    string `json:"name"` // the file's base name, without .yaml
	Mode    string `json:"mode"`
	Source  []byte `json:"-"`
	Files   fs.FS  `json:"-"` // roster files it refers to, if any
}

// Open reads the sample's roster files.
func (s Sample) Open(name string) ([]byte, error) {
	if s.Files == nil {
		return nil, fmt.Errorf("open %s: the sample has no files", name)
	}
	return fs.ReadFile(s.Files, path.Clean(name))
}

// Decode decodes the sample for the rulesets in reg.
func (s Sample) Decode(reg *engine.Registry) (*Scenario, error) {
	return Decode(s.Name+".yaml", s.Source, reg, s.Open)
}

// Setup decodes the sample and returns a fresh setup in mode ("" for the
// sample's own).
func (s Sample) Setup(reg *engine.Registry, mode string) (*engine.Setup, error) {
	sc, err := s.Decode(reg)
	if err != nil {
		return nil, err
	}
	return sc.Setup(mode)
}

// Samples is a set of built-in scenarios.
type Samples []Sample

// Embedded lists a ruleset's sample scenarios name.yaml in dir of fsys (an
// embedded file system, usually); roster files they refer to are read from
// the same directory. The mode is read from each file's top-level mode.
func Embedded(ruleset string, fsys fs.FS, dir string, names ...string) Samples {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(fmt.Sprintf("scenario: Embedded: %v", err)) // a programming error: the directory is built in
	}
	var ss Samples
	for _, name := range names {
		src, err := fs.ReadFile(sub, name+".yaml")
		if err != nil {
			panic(fmt.Sprintf("scenario: Embedded: %v", err))
		}
		mode := "board"
		if strings.Contains(string(src), "\nmode: table") {
			mode = "table"
		}
		ss = append(ss, Sample{Ruleset: ruleset, Name: name, Mode: mode, Source: src, Files: sub})
	}
	return ss
}

// Find returns the sample of ruleset called name.
func (ss Samples) Find(ruleset, name string) (Sample, bool) {
	for _, s := range ss {
		if s.Ruleset == ruleset && s.Name == name {
			return s, true
		}
	}
	return Sample{}, false
}

// Sorted returns the samples sorted by ruleset and name.
func (ss Samples) Sorted() Samples {
	out := slices.Clone(ss)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Ruleset != out[j].Ruleset {
			return out[i].Ruleset < out[j].Ruleset
		}
		return out[i].Name < out[j].Name
	})
	return out
}
