package roster

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/scenario"
)

// battlescribe reads the rosters BattleScribe and New Recruit write, for
// Trench Crusade (trenchcrusade) and Fallout: Factions (falloutfactions):
//
//   - a .ros file: XML in the namespace
//     http://www.battlescribe.net/schema/rosterSchema, a <roster> whose
//     gameSystemName names the game, its <forces> of <force>s, each with
//     <selections> nested several deep (a model's option groups, options,
//     weapons), each selection with <profiles> (characteristics as element
//     text, as BattleScribe 2.03 writes them, or as a value attribute, as
//     2.01 does), <categories> and <rules>;
//   - a .rosz file: a zip holding one .ros;
//   - New Recruit's JSON export, {"roster": {...}} with the same tree
//     (a list either as an array or as {"selection": [...]}; a
//     characteristic's value as "$text", "#text" or "value").
//
// The roster's gameSystemName names its game: a roster of another game,
// or of a game other than Options.Ruleset when that is given, is refused
// saying which game it is. Refusals are *Error with the element path
// ("roster/forces/force[0]/selections/selection[2]/profiles/profile[0]").
//
// What maps to what, for both games (bs_trenchcrusade.go and
// bs_falloutfactions.go give each game's profiles and gear):
//
//   - A selection of type "model" is a model; so is one of type "unit", or
//     one carrying a visible Unit profile, that holds no model. A selection
//     holding models (a unit) shares its own profiles, categories, rules and
//     the options that are not models with each of them. number="3" gives
//     three models, their IDs numbered (cultist-1, cultist-2, cultist-3).
//   - A model's name is the player's name for it (customName), or else the
//     catalogue's name; its ID is that name as a lower-case slug, made
//     unique with -2, -3.
//   - Its profile is its first visible Unit profile: its own, else one in
//     its options, else its unit's. Hidden profiles are skipped. A
//     characteristic the ruleset needs and the profile lacks is an error
//     naming the model and the characteristic.
//   - Its categories give its type (a category named as one of the
//     ruleset's model types: Leader, Champion, Grunt) and its keywords (a
//     category named as one of the ruleset's keywords: Elite, Tough, Fear).
//     Only the categories of the model and of its unit count, not those of
//     its options.
//   - Every weapon profile in its options is a piece of gear (a weapon with
//     two profiles, such as two firing modes, is two); armour and shields
//     (Trench Crusade) and wargear (Fallout: Factions) are gear too.
//   - An option with no profile and no rule is looked up in the armoury
//     (Options.Armoury) by name.
//
// Everything else is listed in Result.Unknown, with the model (or
// "roster") and the gear it was found on: abilities and rules (but for
// those named as a keyword the model may have, taken as the keyword, and
// those naming a keyword or trait already listed), categories and
// keywords the ruleset does not have, weapon keywords, traits and
// modifiers it does not model, characteristics it has no use for, gear of
// a kind it does not know, options without a profile, and the warband's
// own options and rules (selections of the force that are not models).
// Costs are not read.
//
// Defaults, which are not listed as unknown: a model without a Base
// characteristic stands on a 25mm base in Trench Crusade (its usual
// infantry base) and on a 32mm one in Fallout: Factions (the game's
// usual base); a Fallout: Factions model without a Leader, Champion or
// Grunt category is a grunt (the ruleset's usual type); a Trench Crusade
// model's type is left out (the game has one). Each model of a
// selection gets each of the selection's weapons once, whatever the
// weapon's number (BattleScribe counts an option over all of a
// selection's models).
//
// Bookkeeping categories, skipped without a word: Configuration,
// Uncategorised (and Uncategorized), and in Trench Crusade Troop, Troops
// and Warband (the roster's own grouping of its models).
//
// Files are hostile: a .rosz may hold at most 16 entries, exactly one .ros
// (directories are ignored; entries' paths are never used as paths),
// unpacked to at most MaxSize bytes and at most 100 times its packed size;
// XML is read token by token, at most 64 elements deep and 50,000 elements
// in all, without a DOCTYPE or entities of its own; JSON at most 64 deep
// and 300,000 values.
type battlescribe struct{}

func init() { register(battlescribe{}) }

// Limits of a BattleScribe file (see battlescribe).
const (
	bsNamespace   = "http://www.battlescribe.net/schema/rosterSchema"
	bsMaxDepth    = 64
	bsMaxElements = 50000
	bsMaxValues   = 6 * bsMaxElements // JSON: attributes are values too
	bsMaxEntries  = 16
	bsMaxRatio    = 100
)

func (battlescribe) Name() string { return "battlescribe" }

func (battlescribe) Detect(name string, data []byte) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".ros", ".rosz":
		return true
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return true
	}
	t := bytes.TrimLeft(data, " \t\r\n")
	switch {
	case bytes.HasPrefix(t, []byte("<?xml")):
		return bytes.Contains(t[:min(len(t), 1024)], []byte("<roster"))
	case bytes.HasPrefix(t, []byte("<roster")):
		return true
	case bytes.HasPrefix(t, []byte("{")):
		dec := json.NewDecoder(bytes.NewReader(t))
		if _, err := dec.Token(); err != nil {
			return false
		}
		k, err := dec.Token()
		return err == nil && k == "roster"
	}
	return false
}

func (battlescribe) Read(name string, data []byte, opt Options) (*Result, error) {
	if opt.Rulesets == nil {
		return nil, errors.New("roster: no rulesets to read for")
	}
	root, err := bsParse(name, data)
	if err != nil {
		return nil, err
	}
	ro := bsRosterOf(root)
	g, err := bsGameOf(name, ro, opt)
	if err != nil {
		return nil, err
	}
	rs, err := opt.Rulesets.Lookup(g.ruleset)
	if err != nil {
		return nil, &Error{File: name, Problem: fmt.Sprintf("this is a %s roster, but ruleset %s is not known; allowed %s", g.title, g.ruleset, strings.Join(opt.Rulesets.IDs(), ", "))}
	}
	r := &Result{Ruleset: g.ruleset, Roster: scenario.Roster{Name: cleanText(ro.name)}, Unknown: []Unknown{}}
	if r.Roster.Name == "" {
		r.Roster.Name = g.title + " roster"
	}
	b := &bsBuild{file: name, g: g, info: rs.Info(), res: r, armoury: opt.Armoury, ids: idSet{}}
	for _, f := range ro.forces {
		if err := b.force(f); err != nil {
			return nil, err
		}
	}
	if len(r.Roster.Models) == 0 {
		return nil, &Error{File: name, Path: "roster/forces", Problem: "no models in the roster: no selection of type model or unit"}
	}
	return r, nil
}

// bsGame is what the reading of one game's rosters needs (one file each:
// bs_trenchcrusade.go, bs_falloutfactions.go).
type bsGame struct {
	ruleset string
	title   string            // as people write it: "Trench Crusade"
	match   func(string) bool // a gameSystemName, normal(), is this game's
	base    float64           // a model's base (mm) when the file gives none
	// bookkeeping are categories skipped without a word, as slugs.
	bookkeeping []string
	// unit reads the model's Unit profile (c.unit) into c.m.
	unit func(c *bsModel) error
	// profile reads one of the model's other visible profiles (weapons,
	// armour, perks); false leaves it to the common reading (an Unknown).
	profile func(c *bsModel, o bsOwned) bool
}

var bsGames = []*bsGame{&bsTrenchCrusade, &bsFalloutFactions}

// bsGameOf is the game the roster says it is for.
func bsGameOf(file string, ro *bsRoster, opt Options) (*bsGame, error) {
	game := cleanText(ro.game)
	var g *bsGame
	for _, c := range bsGames {
		if c.match(normal(game)) {
			g = c
		}
	}
	const ours = "skirmish reads Trench Crusade and Fallout: Factions rosters"
	switch {
	case g == nil && game == "":
		return nil, &Error{File: file, Path: "roster@gameSystemName", Problem: "the roster does not name its game; " + ours}
	case g == nil:
		return nil, &Error{File: file, Path: "roster@gameSystemName", Problem: fmt.Sprintf("this is a %s roster; %s", clip(game, 60), ours)}
	case opt.Ruleset != "" && opt.Ruleset != g.ruleset:
		return nil, &Error{File: file, Path: "roster@gameSystemName", Problem: fmt.Sprintf("this is a %s roster (ruleset %s), not one for %s", g.title, g.ruleset, opt.Ruleset)}
	}
	return g, nil
}

// Parsing: a file becomes a tree of elements, whatever its form.

// bsElem is an element of the roster's tree: XML's, or JSON's made alike.
type bsElem struct {
	name  string
	attrs [][2]string
	text  []byte
	kids  []*bsElem
}

func (e *bsElem) attr(k string) string {
	for _, a := range e.attrs {
		if a[0] == k {
			return a[1]
		}
	}
	return ""
}

// items are the elements named item inside e's elements named list.
func (e *bsElem) items(list, item string) []*bsElem {
	var out []*bsElem
	for _, k := range e.kids {
		if k.name == list {
			for _, i := range k.kids {
				if i.name == item {
					out = append(out, i)
				}
			}
		}
	}
	return out
}

// bsParse reads a .ros, a .rosz or New Recruit's JSON into its <roster>.
func bsParse(file string, data []byte) (*bsElem, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if bytes.HasPrefix(data, []byte("PK")) {
		inner, entry, err := bsUnzip(file, data)
		if err != nil {
			return nil, err
		}
		root, err := bsParseXML(file, bytes.TrimPrefix(inner, []byte("\ufeff")))
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				e.Path = strings.TrimSuffix(entry+": "+e.Path, ": ")
			}
			return nil, err
		}
		return root, nil
	}
	t := bytes.TrimLeft(data, " \t\r\n")
	switch {
	case len(t) > 0 && t[0] == '{':
		return bsParseJSON(file, t)
	case len(t) > 0 && t[0] == '<':
		return bsParseXML(file, data)
	}
	return nil, &Error{File: file, Problem: "not a BattleScribe or New Recruit roster: a .ros (XML), a .rosz (a zip holding one .ros) or New Recruit's JSON export"}
}

// bsUnzip is the one .ros a .rosz holds, and its name for messages.
func bsUnzip(file string, data []byte) ([]byte, string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) { // paths are never used
		return nil, "", &Error{File: file, Problem: "not a .rosz: the zip cannot be read: " + err.Error()}
	}
	if len(zr.File) > bsMaxEntries {
		return nil, "", &Error{File: file, Problem: fmt.Sprintf("the zip holds %d entries; a .rosz holds one .ros (allowed at most %d entries)", len(zr.File), bsMaxEntries)}
	}
	var ros []*zip.File
	var names []string
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || strings.HasSuffix(f.Name, "/") {
			continue
		}
		names = append(names, clip(f.Name, 40))
		if strings.EqualFold(path.Ext(f.Name), ".ros") {
			ros = append(ros, f)
		}
	}
	switch {
	case len(ros) == 0:
		return nil, "", &Error{File: file, Problem: fmt.Sprintf("no .ros in the zip (it holds %s); a .rosz holds one", bsList(names))}
	case len(ros) > 1:
		return nil, "", &Error{File: file, Problem: fmt.Sprintf("%d .ros files in the zip (%s); a .rosz holds one", len(ros), bsList(names))}
	}
	f := ros[0]
	entry := clip(f.Name, 60)
	bomb := func() error {
		return &Error{File: file, Path: entry, Problem: fmt.Sprintf("unpacks to more than %d times its packed size; refused as a zip bomb", bsMaxRatio)}
	}
	big := func() error {
		return &Error{File: file, Path: entry, Problem: fmt.Sprintf("unpacks to more than %d bytes; allowed at most %d", MaxSize, MaxSize)}
	}
	if f.UncompressedSize64 > MaxSize {
		return nil, "", big()
	}
	if f.UncompressedSize64 > bsMaxRatio*f.CompressedSize64 {
		return nil, "", bomb()
	}
	rc, err := f.Open()
	if err != nil {
		return nil, "", &Error{File: file, Path: entry, Problem: "cannot be unpacked: " + err.Error()}
	}
	defer rc.Close()
	out, err := io.ReadAll(io.LimitReader(rc, MaxSize+1))
	switch {
	case len(out) > MaxSize:
		return nil, "", big()
	case uint64(len(out)) > bsMaxRatio*f.CompressedSize64:
		return nil, "", bomb()
	case err != nil:
		return nil, "", &Error{File: file, Path: entry, Problem: "cannot be unpacked: " + err.Error()}
	}
	return out, entry, nil
}

// bsParseXML reads a .ros token by token into its <roster>, within the
// limits.
func bsParseXML(file string, data []byte) (*bsElem, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	dec.CharsetReader = func(cs string, _ io.Reader) (io.Reader, error) {
		return nil, fmt.Errorf("encoding %q: a roster is UTF-8", clip(cs, 20))
	}
	var stack []*bsElem
	var root *bsElem
	count := 0
	where := func() string {
		var p []string
		for i, e := range stack {
			s := e.name
			if i > 0 && stack[i-1].name == bsPlural(s) {
				n := 0
				for _, k := range stack[i-1].kids {
					if k == e {
						break
					}
					if k.name == s {
						n++
					}
				}
				s = fmt.Sprintf("%s[%d]", s, n)
			}
			p = append(p, s)
		}
		if len(p) > 12 { // too deep to read: its top and its bottom
			p = slices.Concat(p[:5], []string{"…"}, p[len(p)-6:])
		}
		return strings.Join(p, "/")
	}
	bad := func(format string, a ...any) error {
		return &Error{File: file, Path: where(), Problem: fmt.Sprintf(format, a...)}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, bad("not XML a roster can be read from: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if count++; count > bsMaxElements {
				return nil, bad("more than %d elements; allowed at most %d", bsMaxElements, bsMaxElements)
			}
			if len(stack) >= bsMaxDepth {
				return nil, bad("elements nested more than %d deep; allowed at most %d", bsMaxDepth, bsMaxDepth)
			}
			if root == nil {
				if err := bsRootOK(file, t.Name); err != nil {
					return nil, err
				}
			} else if len(stack) == 0 {
				return nil, bad("a second root element <%s>", clip(t.Name.Local, 30))
			}
			e := &bsElem{name: t.Name.Local}
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" || a.Name.Local == "xmlns" {
					continue
				}
				e.attrs = append(e.attrs, [2]string{a.Name.Local, a.Value})
			}
			if root == nil {
				root = e
			} else {
				top := stack[len(stack)-1]
				top.kids = append(top.kids, e)
			}
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				if len(top.text) > 0 || len(bytes.TrimSpace(t)) > 0 {
					top.text = append(top.text, t...)
				}
			}
		case xml.Directive:
			return nil, bad("a DOCTYPE or other directive (<!%s>): a roster has none, and entities are refused", clip(string(t), 20))
		}
	}
	if root == nil {
		return nil, &Error{File: file, Problem: "no <roster> element: the file is empty or not a BattleScribe roster"}
	}
	return root, nil
}

// bsRootOK checks the root element: a <roster> in BattleScribe's roster
// namespace.
func bsRootOK(file string, n xml.Name) error {
	switch {
	case n.Local == "catalogue" || n.Local == "gameSystem":
		return &Error{File: file, Path: n.Local, Problem: fmt.Sprintf("this is a BattleScribe %s file, not a roster (.ros, .rosz)", n.Local)}
	case n.Local != "roster":
		return &Error{File: file, Path: clip(n.Local, 30), Problem: "the root element is not <roster>: not a BattleScribe roster"}
	case n.Space == "":
		return &Error{File: file, Path: "roster", Problem: "no namespace: a BattleScribe roster's <roster> is in " + bsNamespace}
	case n.Space != bsNamespace:
		return &Error{File: file, Path: "roster", Problem: fmt.Sprintf("namespace %q is not BattleScribe's roster schema (%s)", clip(n.Space, 80), bsNamespace)}
	}
	return nil
}

// bsParseJSON reads New Recruit's JSON into a tree of elements like a
// .ros's, within the limits.
func bsParseJSON(file string, data []byte) (*bsElem, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n := 0
	v, err := bsJSONValue(dec, 0, &n)
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = errors.New("more after the JSON object")
		}
	}
	if err != nil {
		var le *bsLimitError
		if errors.As(err, &le) {
			return nil, &Error{File: file, Problem: le.problem}
		}
		return nil, &Error{File: file, Problem: fmt.Sprintf("not JSON a roster can be read from (byte %d): %v", dec.InputOffset(), err)}
	}
	top, _ := v.(map[string]any)
	ro, ok := top["roster"].(map[string]any)
	if !ok {
		return nil, &Error{File: file, Path: "roster", Problem: `missing: New Recruit's JSON export is {"roster": {...}}`}
	}
	return bsJSONElem("roster", ro), nil
}

type bsLimitError struct{ problem string }

func (e *bsLimitError) Error() string { return e.problem }

func bsJSONValue(dec *json.Decoder, depth int, n *int) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	if *n++; *n > bsMaxValues {
		return nil, &bsLimitError{fmt.Sprintf("more than %d values; allowed at most %d", bsMaxValues, bsMaxValues)}
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	if depth >= bsMaxDepth {
		return nil, &bsLimitError{fmt.Sprintf("objects and arrays nested more than %d deep; allowed at most %d", bsMaxDepth, bsMaxDepth)}
	}
	switch d {
	case '{':
		m := map[string]any{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key, _ := k.(string)
			v, err := bsJSONValue(dec, depth+1, n)
			if err != nil {
				return nil, err
			}
			m[key] = v
		}
		_, err := dec.Token()
		return m, err
	case '[':
		var a []any
		for dec.More() {
			v, err := bsJSONValue(dec, depth+1, n)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := dec.Token()
		return a, err
	}
	return nil, fmt.Errorf("unexpected %v", d)
}

// bsJSONElem makes a JSON object an element named name: its scalars
// attributes ("$text" its text), its arrays and objects its elements.
func bsJSONElem(name string, m map[string]any) *bsElem {
	e := &bsElem{name: name}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch v := m[k].(type) {
		case string, json.Number, bool:
			s := fmt.Sprint(v)
			if k == "$text" || k == "#text" || k == "_text" {
				e.text = []byte(s)
			} else {
				e.attrs = append(e.attrs, [2]string{k, s})
			}
		case []any:
			e.kids = append(e.kids, bsJSONList(k, bsSingular(k), v))
		case map[string]any:
			if inner, ok := v[bsSingular(k)]; ok && len(v) == 1 && k != bsSingular(k) {
				switch iv := inner.(type) {
				case []any:
					e.kids = append(e.kids, bsJSONList(k, bsSingular(k), iv))
					continue
				case map[string]any:
					e.kids = append(e.kids, bsJSONList(k, bsSingular(k), []any{iv}))
					continue
				}
			}
			e.kids = append(e.kids, bsJSONElem(k, v))
		}
	}
	return e
}

func bsJSONList(list, item string, vs []any) *bsElem {
	e := &bsElem{name: list}
	for _, v := range vs {
		if m, ok := v.(map[string]any); ok {
			e.kids = append(e.kids, bsJSONElem(item, m))
		}
	}
	return e
}

func bsSingular(s string) string {
	switch {
	case strings.HasSuffix(s, "ies"):
		return strings.TrimSuffix(s, "ies") + "y"
	case strings.HasSuffix(s, "s"):
		return strings.TrimSuffix(s, "s")
	}
	return s
}

func bsPlural(s string) string {
	if strings.HasSuffix(s, "y") {
		return strings.TrimSuffix(s, "y") + "ies"
	}
	return s + "s"
}

// The roster's tree, as the mapping reads it.

type bsRoster struct {
	name, game string
	forces     []*bsForce
}

type bsForce struct {
	path   string
	sels   []*bsSel
	rules  []bsRule
	forces []*bsForce
}

type bsSel struct {
	path, name, custom, typ, number string
	profiles                        []*bsProfile
	cats                            []bsCat
	rules                           []bsRule
	sels                            []*bsSel
}

type bsProfile struct {
	path, name, typeName string
	hidden               bool
	chars                []bsChar
}

type bsChar struct{ name, value string }

type bsCat struct {
	name    string
	primary bool
}

type bsRule struct{ name string }

func bsRosterOf(root *bsElem) *bsRoster {
	return &bsRoster{name: root.attr("name"), game: root.attr("gameSystemName"), forces: bsForces(root, "roster")}
}

func bsForces(e *bsElem, p string) []*bsForce {
	var fs []*bsForce
	for i, f := range e.items("forces", "force") {
		fp := fmt.Sprintf("%s/forces/force[%d]", p, i)
		fs = append(fs, &bsForce{path: fp, sels: bsSels(f, fp), rules: bsRules(f), forces: bsForces(f, fp)})
	}
	return fs
}

func bsSels(e *bsElem, p string) []*bsSel {
	var ss []*bsSel
	for i, s := range e.items("selections", "selection") {
		sp := fmt.Sprintf("%s/selections/selection[%d]", p, i)
		sel := &bsSel{path: sp, name: s.attr("name"), custom: s.attr("customName"), typ: strings.ToLower(s.attr("type")),
			number: s.attr("number"), rules: bsRules(s), sels: bsSels(s, sp)}
		for j, pr := range s.items("profiles", "profile") {
			prof := &bsProfile{path: fmt.Sprintf("%s/profiles/profile[%d]", sp, j), name: pr.attr("name"),
				typeName: pr.attr("typeName"), hidden: pr.attr("hidden") == "true"}
			for _, c := range pr.items("characteristics", "characteristic") {
				v := strings.TrimSpace(string(c.text))
				if v == "" {
					v = c.attr("value")
				}
				prof.chars = append(prof.chars, bsChar{name: c.attr("name"), value: v})
			}
			sel.profiles = append(sel.profiles, prof)
		}
		for _, c := range s.items("categories", "category") {
			sel.cats = append(sel.cats, bsCat{name: c.attr("name"), primary: c.attr("primary") == "true"})
		}
		ss = append(ss, sel)
	}
	return ss
}

func bsRules(e *bsElem) []bsRule {
	var rs []bsRule
	for _, r := range e.items("rules", "rule") {
		if r.attr("hidden") != "true" {
			rs = append(rs, bsRule{name: r.attr("name")})
		}
	}
	return rs
}

// Mapping: the tree becomes models.

// bsBuild is a roster being mapped.
type bsBuild struct {
	file    string
	g       *bsGame
	info    *engine.Info
	res     *Result
	armoury *Armoury
	ids     idSet
}

func (b *bsBuild) unknown(where, what, why string) {
	b.res.Unknown = append(b.res.Unknown, Unknown{Where: where, What: what, Why: why})
}

func (b *bsBuild) force(f *bsForce) error {
	for _, r := range f.rules {
		b.unknown("roster", "rule "+cleanText(r.name), b.g.ruleset+" does not model a warband's own rules")
	}
	if err := b.container(f.sels, nil, true); err != nil {
		return err
	}
	for _, sub := range f.forces {
		if err := b.force(sub); err != nil {
			return err
		}
	}
	return nil
}

// container maps selections: models, units holding models (which share
// what is theirs with them) and, at the top of a force, the warband's
// options.
func (b *bsBuild) container(sels []*bsSel, shared []*bsSel, top bool) error {
	for _, s := range sels {
		switch {
		case bsIsModel(s):
			if err := b.model(s, shared); err != nil {
				return err
			}
		case bsHasModel(s.sels):
			if err := b.container(s.sels, append(slices.Clip(shared), s), false); err != nil {
				return err
			}
		case top:
			b.option(s)
		}
	}
	return nil
}

// bsIsModel: a selection of type model, or a unit (or a selection with a
// visible Unit profile) holding no model.
func bsIsModel(s *bsSel) bool {
	if s.typ == "model" {
		return true
	}
	if bsHasModel(s.sels) {
		return false
	}
	return s.typ == "unit" || slices.ContainsFunc(s.profiles, func(p *bsProfile) bool { return !p.hidden && bsUnitType(p.typeName) })
}

func bsHasModel(sels []*bsSel) bool {
	return slices.ContainsFunc(sels, func(s *bsSel) bool { return s.typ == "model" || bsHasModel(s.sels) })
}

func bsUnitType(t string) bool {
	t = normal(t)
	return t == "unit" || t == "model"
}

// option is a selection of the force that is not a model: the warband's
// options (a variant, a patron), which no ruleset models.
func (b *bsBuild) option(s *bsSel) {
	what := "option " + bsName(s)
	var leaves []string
	var walk func(ss []*bsSel)
	walk = func(ss []*bsSel) {
		for _, k := range ss {
			if len(k.sels) == 0 && len(leaves) < 5 {
				leaves = append(leaves, bsName(k))
			}
			walk(k.sels)
		}
	}
	walk(s.sels)
	if len(leaves) > 0 {
		what += ": " + strings.Join(leaves, ", ")
	}
	b.unknown("roster", what, b.g.ruleset+" does not model a warband's options")
}

// bsModel is one model (or number="3" of them) being mapped.
type bsModel struct {
	b       *bsBuild
	sel     *bsSel
	where   string // "models[2] Hask", "models[3-5] Trench Cultist"
	unit    *bsProfile
	extra   []*bsProfile // visible Unit profiles after the first
	cats    []bsCat
	profile []bsOwned
	bare    []*bsSel
	rules   []bsOwnedRule
	nested  []*bsSel // models among its selections
	seen    map[string]bool
	m       scenario.Model
}

// bsOwned is a profile and the selection it was found on.
type bsOwned struct {
	sel  *bsSel
	prof *bsProfile
}

type bsOwnedRule struct {
	owner string // the option's name; "" for the model's own
	rule  bsRule
}

func (b *bsBuild) model(s *bsSel, shared []*bsSel) error {
	n := 1
	if strings.TrimSpace(s.number) != "" {
		v, err := strconv.Atoi(strings.TrimSpace(s.number))
		if err != nil || v < 1 {
			return &Error{File: b.file, Path: s.path + "@number", Problem: fmt.Sprintf("%q is not a number of models", clip(s.number, 20))}
		}
		n = v
	}
	name := bsName(s)
	start := len(b.res.Roster.Models)
	if n > MaxModels || start+n > MaxModels {
		return &Error{File: b.file, Path: s.path, Problem: fmt.Sprintf("%s brings the roster to %d models or more; allowed at most %d", name, start+min(n, MaxModels+1), MaxModels)}
	}
	c := &bsModel{b: b, sel: s, seen: map[string]bool{}, m: scenario.Model{Profile: map[string]int{}}}
	c.where = fmt.Sprintf("models[%d] %s", start, name)
	if n > 1 {
		c.where = fmt.Sprintf("models[%d-%d] %s", start, start+n-1, name)
	}
	c.gather(s, true, false)
	for _, sh := range shared {
		c.gather(sh, true, true)
	}
	c.types()
	c.categories()
	if err := b.g.unit(c); err != nil {
		return err
	}
	for _, p := range c.extra {
		c.unknown(c.where, "profile "+cleanText(p.name), "a model has one profile: the first visible Unit profile was taken")
	}
	for _, o := range c.profile {
		if !b.g.profile(c, o) {
			c.other(o)
		}
	}
	for _, s := range c.bare {
		c.bareOption(s)
	}
	c.rulesOf()
	if c.m.Base == 0 {
		c.m.Base = b.g.base
	}
	id := Slug(name, "model")
	for i := range n {
		m := c.m
		m.Name = name
		m.ID = id
		if n > 1 {
			m.ID = fmt.Sprintf("%s-%d", id, i+1)
		}
		m.ID = b.ids.uniq(m.ID)
		m.Keywords = slices.Clone(c.m.Keywords)
		m.Profile = map[string]int{}
		for k, v := range c.m.Profile {
			m.Profile[k] = v
		}
		m.Gear = nil
		for _, g := range c.m.Gear {
			g.Traits = slices.Clone(g.Traits)
			if g.Stats != nil {
				st := map[string]int{}
				for k, v := range g.Stats {
					st[k] = v
				}
				g.Stats = st
			}
			m.Gear = append(m.Gear, g)
		}
		b.res.Roster.Models = append(b.res.Roster.Models, m)
	}
	for _, ns := range c.nested {
		if err := b.model(ns, nil); err != nil {
			return err
		}
	}
	return nil
}

// gather collects what s holds for the model: s is the model (or, shared,
// a unit holding it) when top, else one of its options.
func (c *bsModel) gather(s *bsSel, top, shared bool) {
	if top {
		c.cats = append(c.cats, s.cats...)
	}
	visible := false
	for _, p := range s.profiles {
		if p.hidden {
			continue
		}
		visible = true
		if bsUnitType(p.typeName) {
			if c.unit == nil {
				c.unit = p
			} else {
				c.extra = append(c.extra, p)
			}
			continue
		}
		c.profile = append(c.profile, bsOwned{sel: s, prof: p})
	}
	owner := ""
	if !top {
		owner = bsName(s)
	}
	for _, r := range s.rules {
		c.rules = append(c.rules, bsOwnedRule{owner: owner, rule: r})
	}
	if !top && len(s.sels) == 0 && !visible && len(s.rules) == 0 {
		c.bare = append(c.bare, s)
	}
	for _, k := range s.sels {
		switch {
		case shared && (bsIsModel(k) || bsHasModel(k.sels)):
			// the unit's models are mapped on their own
		case k.typ == "model":
			c.nested = append(c.nested, k)
		default:
			c.gather(k, false, shared)
		}
	}
}

func (c *bsModel) unknown(where, what, why string) { c.b.unknown(where, what, why) }

func (c *bsModel) at(gear string) string { return c.where + ": " + gear }

// typ is the model's type, or the ruleset's usual one.
func (c *bsModel) typ() string {
	if c.m.Type != "" {
		return c.m.Type
	}
	if ts := c.b.info.Roster.Types; len(ts) > 0 {
		return ts[0]
	}
	return ""
}

// types sets the model's type from its categories (the primary one
// first), or the ruleset's usual type when it has several.
func (c *bsModel) types() {
	ts := c.b.info.Roster.Types
	if len(ts) < 2 {
		return
	}
	for _, primary := range []bool{true, false} {
		for _, cat := range c.cats {
			if s := Slug(cat.name, "model"); (cat.primary || !primary) && slices.Contains(ts, s) {
				c.m.Type = s
				return
			}
		}
	}
	c.m.Type = ts[0]
}

// keyword adds the keyword name (as a slug) if the model's type may have
// it, and reports whether it did; either way the name counts as listed.
func (c *bsModel) keyword(name string) bool {
	s := Slug(name, "model")
	c.seen[s] = true
	return c.addKeyword(s)
}

func (c *bsModel) addKeyword(s string) bool {
	if !slices.Contains(c.b.info.Roster.Keywords[c.typ()], s) {
		return false
	}
	if !slices.Contains(c.m.Keywords, s) {
		c.m.Keywords = append(c.m.Keywords, s)
	}
	return true
}

func (c *bsModel) categories() {
	done := map[string]bool{}
	for _, cat := range c.cats {
		s := Slug(cat.name, "model")
		if done[s] || s == "" {
			continue
		}
		done[s] = true
		switch {
		case slices.Contains(c.b.info.Roster.Types, s) && len(c.b.info.Roster.Types) > 1:
		case c.keyword(cat.name):
		case slices.Contains(c.b.g.bookkeeping, s) || slices.Contains([]string{"configuration", "uncategorised", "uncategorized"}, s):
		default:
			c.unknown(c.where, "keyword "+cleanText(cat.name), c.b.g.ruleset+" does not model it")
		}
	}
}

// other is a visible profile the game's reading did not take: an ability
// (taken as a keyword when named as one), or else something unknown.
func (c *bsModel) other(o bsOwned) {
	name := cleanText(o.prof.name)
	if c.seen[Slug(name, "model")] {
		return
	}
	if c.keyword(name) {
		return
	}
	where := c.where
	if o.sel != c.sel {
		where = c.at(bsName(o.sel))
	}
	t := strings.ToLower(cleanText(o.prof.typeName))
	if strings.Contains(t, "abilit") || t == "" {
		t = "ability"
	}
	c.unknown(where, t+" "+name, c.b.g.ruleset+" does not model it")
}

// bareOption is an option with no profile and no rule: gear the armoury
// may know by name, or unknown.
func (c *bsModel) bareOption(s *bsSel) {
	name := bsName(s)
	if c.fromArmoury(name) {
		return
	}
	c.unknown(c.where, "option "+name, "it has no profile to read; an armoury entry of that name would give it stats")
}

// fromArmoury adds the gear of that name from the armoury, if it has it.
func (c *bsModel) fromArmoury(name string) bool {
	g, ok := c.b.armoury.Find(name)
	if ok {
		c.m.Gear = append(c.m.Gear, g)
	}
	return ok
}

// rulesOf maps the model's rules (and its options'): a keyword's name is
// the keyword, one already listed is skipped, the rest are unknown (once
// per option).
func (c *bsModel) rulesOf() {
	done := map[string]bool{}
	for _, r := range c.rules {
		name := cleanText(r.rule.name)
		s := Slug(name, "model")
		key := s + "\x00" + r.owner
		if c.seen[s] || done[key] {
			continue
		}
		done[key] = true
		if c.addKeyword(s) {
			continue
		}
		where := c.where
		if r.owner != "" {
			where = c.at(r.owner)
		}
		c.unknown(where, "ability "+name, c.b.g.ruleset+" does not model it")
	}
}

// need is an error for the first profile characteristic the ruleset needs
// and the model lacks.
func (c *bsModel) need() error {
	p := c.sel.path
	if c.unit != nil {
		p = c.unit.path
	}
	for _, st := range c.b.info.Profile {
		if _, ok := c.m.Profile[st.Name]; !ok {
			why := ""
			if c.unit == nil {
				why = " (it has no visible Unit profile)"
			}
			return &Error{File: c.b.file, Path: p, Problem: fmt.Sprintf("%s has no %s%s, which %s needs", c.where, st.Name, why, c.b.g.ruleset)}
		}
	}
	return nil
}

// badValue is an error for a characteristic that cannot be read.
func (c *bsModel) badValue(p *bsProfile, ch bsChar, want string) error {
	return &Error{File: c.b.file, Path: p.path, Problem: fmt.Sprintf("%s: %s %q is not %s", c.where, cleanText(ch.name), clip(ch.value, 40), want)}
}

// base reads a Base characteristic ("25mm", "32 mm", an oval "60x35mm"
// as its length).
func (c *bsModel) base(v string) {
	var ns []int
	rest := bsValue(v)
	for {
		i := strings.IndexFunc(rest, bsDigit)
		if i < 0 {
			break
		}
		rest = rest[i:]
		j := strings.IndexFunc(rest, func(r rune) bool { return !bsDigit(r) })
		if j < 0 {
			j = len(rest)
		}
		if n, err := strconv.Atoi(rest[:min(j, 6)]); err == nil {
			ns = append(ns, n)
		}
		rest = rest[j:]
	}
	switch {
	case len(ns) == 0:
		c.unknown(c.where, "base "+cleanText(v), fmt.Sprintf("not a size in mm: the usual %gmm was taken", c.b.g.base))
	case len(ns) > 1:
		c.m.Base = float64(slices.Max(ns))
		c.unknown(c.where, "oval base "+cleanText(v), fmt.Sprintf("skirmish's bases are round: taken as %dmm", slices.Max(ns)))
	default:
		c.m.Base = float64(ns[0])
	}
}

// Text.

func bsList(names []string) string {
	if len(names) == 0 {
		return "nothing"
	}
	if len(names) > 4 {
		names = append(names[:4:4], "…")
	}
	return strings.Join(names, ", ")
}

// bsName is what the player calls a selection, else its catalogue name.
func bsName(s *bsSel) string {
	if n := cleanText(s.custom); n != "" {
		return n
	}
	if n := cleanText(s.name); n != "" {
		return n
	}
	return "unnamed"
}

// bsValue is a characteristic's value as read: spaces as one space,
// curly quotes and inch marks straight, minus signs and dashes "-".
func bsValue(s string) string {
	s = strings.NewReplacer("\u2212", "-", "\u2013", "-", "\u2012", "-", "\u2010", "-", "\u2011", "-",
		"\u2033", `"`, "\u02ba", `"`, "''", `"`).Replace(normal(s))
	return s
}

// bsDash reports whether a value says "nothing".
func bsDash(v string) bool {
	switch strings.TrimSpace(bsValue(v)) {
	case "", "-", "\u2014", "--", "n/a", "none":
		return true
	}
	return false
}

func bsDigit(r rune) bool { return r >= '0' && r <= '9' }

// bsInt is the first whole number in s, with its sign.
func bsInt(s string) (int, bool) {
	s = bsValue(s)
	i := strings.IndexFunc(s, bsDigit)
	if i < 0 {
		return 0, false
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j-i > 6 {
		return 0, false
	}
	n, _ := strconv.Atoi(s[i:j])
	if k := strings.TrimRight(s[:i], " "); strings.HasSuffix(k, "-") {
		n = -n
	}
	return n, true
}

// bsItems splits a list of keywords or traits ("+1 DICE, HEAVY"), keeping
// commas inside brackets.
func bsItems(v string) []string {
	var out []string
	depth, from := 0, 0
	add := func(s string) {
		if s = strings.Trim(cleanText(s), "\"'\u201c\u201d\u2018\u2019 "); !bsDash(s) {
			out = append(out, s)
		}
	}
	for i, r := range v {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			depth = max(depth-1, 0)
		case ',', ';':
			if depth == 0 {
				add(v[from:i])
				from = i + 1
			}
		}
	}
	add(v[from:])
	return out
}

// bsKey is a characteristic's name as compared: lower case, letters only.
func bsKey(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}
