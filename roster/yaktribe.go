package roster

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/scenario"
)

// yaktribe reads Yaktribe's Necromunda gang JSON, always for ruleset n23
// (Necromunda 2023):
//
//	{"gang": {"gang_id", "gang_name", "gang_type", "credits", "rating",
//	  "gangers": [{"ganger_id", "name", "type", "m", "ws", "bs", "s", "t",
//	    "w", "i", "a", "ld", "cl", "wil", "int", "cost", "xp", "status",
//	    "equipment": [{"name", "qty"}], "skills": [...], "injuries": [...]}]}}
//
// What maps to what:
//
//   - Each ganger is a model of type fighter, on a 25mm base (the file gives
//     no base), named by its name, with the ID that name as a lower-case
//     slug made unique with -2, -3 (a ganger without a name takes its type's).
//   - m ws bs s t w i a ld cl wil int are n23's M WS BS S T W I A Ld Cl Wil
//     Int, bare integers (ws 3 is 3+) or strings of one ("4", "3+", `5"`).
//     A characteristic missing is an error naming it; 0, "-", "" or null is
//     no value: read as the worst value n23 allows (6+ for WS, BS and I,
//     12+ for Ld, Cl, Wil and Int; the least, 1, for M, S, T, W and A) and
//     listed in Unknown. Any other value outside n23's ranges is an error.
//     The values are read as the file gives them (an injury or advance is
//     not applied again).
//   - The file gives no save: every fighter has Sv 7 (no save), listed
//     once in Unknown. Armour in the equipment is gear like any other.
//   - type names n23's keyword when it is one of the fighter keywords
//     (Leader, Champion, Ganger, Juve, Prospect, Specialist, Crew), or
//     starts with one ("Leader (Forge Boss)", noted in Unknown); any
//     other type (Brute, Hanger-on) is listed in Unknown.
//   - status: Alive (or none, or Active) is imported. Dead, Captured, In
//     Recovery and Retired gangers do not fight the gang's next battle:
//     they are not imported, and listed in Unknown (at "gang.gangers[i]
//     name"; what is left out of an imported one is listed at "models[i]
//     name"). Any other status is imported as if Alive, and listed.
//   - equipment is matched by name against Options.Armoury (Armoury.Find:
//     case, spacing and curly quotes do not matter), taking the armoury's
//     name, kind, stats and traits. A name the armoury lacks goes to
//     Result.Unresolved (sorted, unique; Stub writes them) and to Unknown,
//     and the fighter is imported without it. An armoury entry of a kind
//     n23 has no gear of (or none) is left out, its stats n23 does not
//     give that kind and its traits n23 does not know are dropped, each
//     listed in Unknown. A name given more than once (qty 2, or two
//     entries) is one piece of gear, noted in Unknown.
//   - skills: a skill named Quick Draw is the keyword quick-draw (n23's
//     free Shoot with a Sidearm); every other skill, and every injury, is
//     listed in Unknown. The gang's type (its house) is listed in Unknown.
//   - Campaign bookkeeping is not read: ids, credits, rating, cost, xp,
//     and any other field. Field names match whatever their case; qty
//     may be left out (1), and 0 takes none (listed in Unknown).
//
// Files are hostile: at most MaxSize bytes, JSON objects and arrays at
// most 32 deep and 300,000 values in all (checked while reading, before
// anything is built), at most 256 gangers listed (the dead included) and
// MaxModels imported, at most 64 pieces of equipment, skills and injuries
// per ganger, names clipped to scenario.MaxName bytes. A wrong shape is an
// *Error naming its JSON path ("gang.gangers[2].ws").
type yaktribe struct{}

func init() { register(yaktribe{}) }

// Limits and defaults of a Yaktribe gang (see yaktribe).
const (
	ytRuleset    = "n23"
	ytMaxDepth   = 32
	ytMaxValues  = 300_000
	ytMaxGangers = 8 * MaxModels
	ytMaxItems   = 64
	ytMaxQty     = 99
	ytBase       = 25 // mm
	ytSave       = 7  // n23's Sv 7: no save
)

// ytStats are the file's characteristics and n23's names for them.
var ytStats = []struct{ key, stat string }{
	{"m", "M"}, {"ws", "WS"}, {"bs", "BS"}, {"s", "S"}, {"t", "T"}, {"w", "W"},
	{"i", "I"}, {"a", "A"}, {"ld", "Ld"}, {"cl", "Cl"}, {"wil", "Wil"}, {"int", "Int"},
}

// ytSkipped are the statuses of gangers not imported, and why.
var ytSkipped = map[string]string{
	"dead":        "not imported: a dead fighter does not fight",
	"captured":    "not imported: a captured fighter is held by another gang",
	"in recovery": "not imported: a fighter in recovery misses the battle",
	"recovering":  "not imported: a fighter in recovery misses the battle",
	"retired":     "not imported: a retired fighter has left the gang",
}

func (yaktribe) Name() string { return "yaktribe" }

// Detect reports a JSON object with a top-level "gang" and no "roster"
// (New Recruit's export is {"roster": ...}).
func (yaktribe) Detect(name string, data []byte) bool {
	t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\ufeff")), " \t\r\n")
	if !bytes.HasPrefix(t, []byte("{")) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	if _, err := dec.Token(); err != nil {
		return false
	}
	gang := false
	for keys := 0; dec.More() && keys < 64; keys++ {
		k, err := dec.Token()
		if err != nil {
			return false
		}
		switch k {
		case "roster":
			return false
		case "gang":
			gang = true
		}
		// Skip the value, token by token (no recursion, no tree).
		depth := 0
		for {
			tok, err := dec.Token()
			if err != nil {
				return gang
			}
			switch tok {
			case json.Delim('{'), json.Delim('['):
				depth++
			case json.Delim('}'), json.Delim(']'):
				depth--
			}
			if depth == 0 {
				break
			}
		}
	}
	return gang
}

func (yaktribe) Read(name string, data []byte, opt Options) (*Result, error) {
	if opt.Rulesets == nil {
		return nil, errors.New("roster: no rulesets to read for")
	}
	if opt.Ruleset != "" && opt.Ruleset != ytRuleset {
		return nil, &Error{File: name, Problem: fmt.Sprintf("a Yaktribe gang is a Necromunda gang, for ruleset %s, not %s", ytRuleset, opt.Ruleset)}
	}
	rs, err := opt.Rulesets.Lookup(ytRuleset)
	if err != nil {
		return nil, &Error{File: name, Problem: fmt.Sprintf("a Yaktribe gang is for ruleset %s, which is not known; allowed %s", ytRuleset, strings.Join(opt.Rulesets.IDs(), ", "))}
	}
	if a := opt.Armoury; a != nil && a.Ruleset != "" && a.Ruleset != ytRuleset {
		return nil, &Error{File: name, Problem: fmt.Sprintf("the armoury is for %s; a Yaktribe gang is for %s", a.Ruleset, ytRuleset)}
	}
	if len(data) > MaxSize {
		return nil, &Error{File: name, Problem: fmt.Sprintf("%d bytes; allowed at most %d", len(data), MaxSize)}
	}
	root, err := ytParse(name, data)
	if err != nil {
		return nil, err
	}
	b := &ytBuild{file: name, info: rs.Info(), armoury: opt.Armoury, ids: idSet{},
		res: &Result{Ruleset: ytRuleset, Unknown: []Unknown{}}}
	top, ok := root.(map[string]any)
	if !ok {
		return nil, b.errorf("", `%s; a Yaktribe gang is a JSON object, {"gang": {...}}`, ytKind(root))
	}
	gv, ok := top["gang"]
	if !ok {
		if _, nr := top["roster"]; nr {
			return nil, b.errorf("gang", `missing: this is a New Recruit export ({"roster": ...}); read it as battlescribe`)
		}
		return nil, b.errorf("gang", `missing: a Yaktribe gang is {"gang": {...}}`)
	}
	if err := b.gang(gv); err != nil {
		return nil, err
	}
	return b.res, nil
}

// ytBuild is one gang being read.
type ytBuild struct {
	file       string
	info       *engine.Info
	armoury    *Armoury
	res        *Result
	ids        idSet
	unresolved map[string]string // normal name → the name as first written
}

func (b *ytBuild) errorf(path, format string, a ...any) error {
	return &Error{File: b.file, Path: path, Problem: fmt.Sprintf(format, a...)}
}

func (b *ytBuild) unknown(where, what, why string) {
	b.res.Unknown = append(b.res.Unknown, Unknown{Where: where, What: what, Why: why})
}

func (b *ytBuild) gang(gv any) error {
	gang, err := b.object("gang", gv)
	if err != nil {
		return err
	}
	gname, err := b.text("gang.gang_name", gang, "gang_name")
	if err != nil {
		return err
	}
	b.res.Roster.Name = gname
	if gname == "" {
		b.res.Roster.Name = "Yaktribe gang"
	}
	house, err := b.text("gang.gang_type", gang, "gang_type")
	if err != nil {
		return err
	}
	if house != "" {
		b.unknown("roster", "gang type "+house, ytRuleset+" does not model a gang's house")
	}
	b.unknown("roster", "save", fmt.Sprintf("a Yaktribe gang gives none: every fighter has Sv %d, no save", ytSave))
	lv, ok := ytGet(gang, "gangers")
	if !ok {
		return b.errorf("gang.gangers", "missing: a gang lists its fighters in gangers")
	}
	list, err := b.list("gang.gangers", lv)
	if err != nil {
		return err
	}
	if len(list) > ytMaxGangers {
		return b.errorf("gang.gangers", "%d gangers; allowed at most %d", len(list), ytMaxGangers)
	}
	// Count the fighters to import before building any.
	n := 0
	for _, gv := range list {
		if g, ok := gv.(map[string]any); ok {
			if st, ok := ytGet(g, "status"); ok {
				if s, ok := st.(string); ok && ytSkipped[ytStatus(s)] != "" {
					continue
				}
			}
		}
		n++
	}
	if n > MaxModels {
		return b.errorf("gang.gangers", "%d fighters to import; allowed at most %d", n, MaxModels)
	}
	for i, gv := range list {
		if err := b.ganger(i, gv); err != nil {
			return err
		}
	}
	switch n := len(b.res.Roster.Models); {
	case n == 0 && len(list) == 0:
		return b.errorf("gang.gangers", "no gangers in the gang")
	case n == 0:
		return b.errorf("gang.gangers", "no fighters to import: every ganger is dead, captured, in recovery or retired")
	}
	for _, n := range b.unresolved {
		b.res.Unresolved = append(b.res.Unresolved, n)
	}
	slices.SortFunc(b.res.Unresolved, func(x, y string) int {
		if c := strings.Compare(normal(x), normal(y)); c != 0 {
			return c
		}
		return strings.Compare(x, y)
	})
	return nil
}

func (b *ytBuild) ganger(i int, gv any) error {
	p := fmt.Sprintf("gang.gangers[%d]", i)
	g, err := b.object(p, gv)
	if err != nil {
		return err
	}
	name, err := b.text(p+".name", g, "name")
	if err != nil {
		return err
	}
	typ, err := b.text(p+".type", g, "type")
	if err != nil {
		return err
	}
	status, err := b.text(p+".status", g, "status")
	if err != nil {
		return err
	}
	if name == "" {
		name = typ
	}
	if name == "" {
		name = "Fighter"
	}
	st := ytStatus(status)
	if why, ok := ytSkipped[st]; ok {
		b.unknown(fmt.Sprintf("%s %s", p, name), "status "+status, why)
		return nil
	}
	mi := len(b.res.Roster.Models)
	where := fmt.Sprintf("models[%d] %s", mi, name)
	m := scenario.Model{ID: b.ids.uniq(Slug(name, "fighter")), Name: name, Type: "fighter", Base: ytBase, Profile: map[string]int{}}
	if st != "" && st != "alive" && st != "active" {
		b.unknown(where, "status "+status, "imported as if Alive: "+ytRuleset+" does not model it")
	}
	if err := b.profile(p, where, g, &m); err != nil {
		return err
	}
	b.typeKeyword(where, typ, &m)
	if err := b.skills(p, where, g, &m); err != nil {
		return err
	}
	if err := b.injuries(p, where, g); err != nil {
		return err
	}
	if err := b.equipment(p, where, g, &m); err != nil {
		return err
	}
	b.res.Roster.Models = append(b.res.Roster.Models, m)
	return nil
}

// profile reads the characteristics.
func (b *ytBuild) profile(p, where string, g map[string]any, m *scenario.Model) error {
	for _, s := range ytStats {
		sp := p + "." + s.key
		v, ok := ytGet(g, s.key)
		if !ok {
			return b.errorf(sp, "missing: %s has no %s, which %s needs", m.Name, s.stat, ytRuleset)
		}
		lo, hi, target := b.statRange(s.stat)
		n, none, err := ytInt(v)
		if err != nil {
			return b.errorf(sp, "%s", err)
		}
		if none || n == 0 {
			worst := lo
			if target {
				worst = hi
			}
			m.Profile[s.stat] = worst
			b.unknown(where, s.stat+" -", fmt.Sprintf("no value in the file: read as %s, the worst %s allows", b.shown(s.stat, worst), ytRuleset))
			continue
		}
		if n < lo || n > hi {
			extra := ""
			if lo > 0 {
				extra = ` (0 or "-" for none)`
			}
			return b.errorf(sp, "%d is out of range; allowed %d to %d%s", n, lo, hi, extra)
		}
		m.Profile[s.stat] = n
	}
	m.Profile["Sv"] = ytSave
	return nil
}

// statRange is the range of a profile characteristic, and whether it is a
// target number (rolled against: the higher, the worse).
func (b *ytBuild) statRange(stat string) (lo, hi int, target bool) {
	lo, hi = 1, 12
	for _, s := range b.info.Profile {
		if s.Name == stat {
			lo, hi = s.Min, s.Max
		}
	}
	if b.info.Notation != nil {
		_, v := b.info.Notation(stat, hi)
		target = strings.HasSuffix(v, "+")
	}
	return lo, hi, target
}

// shown is a characteristic's value as the books write it ("6+").
func (b *ytBuild) shown(stat string, v int) string {
	if b.info.Notation != nil {
		if _, s := b.info.Notation(stat, v); s != "" {
			return s
		}
	}
	return strconv.Itoa(v)
}

// typeKeyword gives the model the keyword its type names.
func (b *ytBuild) typeKeyword(where, typ string, m *scenario.Model) {
	if typ == "" {
		return
	}
	kws := b.typeKeywords()
	t := normal(typ)
	if slices.Contains(kws, t) {
		m.Keywords = append(m.Keywords, t)
		return
	}
	first := strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' })
	if len(first) > 0 && slices.Contains(kws, first[0]) {
		m.Keywords = append(m.Keywords, first[0])
		b.unknown(where, "fighter type "+typ, "read as "+first[0]+": "+ytRuleset+" does not model the rest")
		return
	}
	b.unknown(where, "fighter type "+typ, ytRuleset+" does not model it")
}

// typeKeywords are the fighter keywords a ganger's type may name (not
// quick-draw, which is a skill's).
func (b *ytBuild) typeKeywords() []string {
	var out []string
	for _, k := range b.info.Roster.Keywords["fighter"] {
		if k != "quick-draw" {
			out = append(out, k)
		}
	}
	return out
}

func (b *ytBuild) skills(p, where string, g map[string]any, m *scenario.Model) error {
	names, err := b.names(p+".skills", g, "skills")
	if err != nil {
		return err
	}
	quick := slices.Contains(b.info.Roster.Keywords["fighter"], "quick-draw")
	for _, s := range names {
		k := strings.ReplaceAll(normal(s), "-", " ")
		if quick && k == "quick draw" {
			if !slices.Contains(m.Keywords, "quick-draw") {
				m.Keywords = append(m.Keywords, "quick-draw")
			}
			continue
		}
		b.unknown(where, "skill "+s, ytRuleset+" does not model it")
	}
	return nil
}

func (b *ytBuild) injuries(p, where string, g map[string]any) error {
	names, err := b.names(p+".injuries", g, "injuries")
	if err != nil {
		return err
	}
	for _, s := range names {
		b.unknown(where, "injury "+s, ytRuleset+" does not model lasting injuries; the characteristics are read as the file gives them")
	}
	return nil
}

// names reads a list of names: strings, or objects with a name.
func (b *ytBuild) names(p string, g map[string]any, key string) ([]string, error) {
	v, ok := ytGet(g, key)
	if !ok || v == nil {
		return nil, nil
	}
	list, err := b.list(p, v)
	if err != nil {
		return nil, err
	}
	if len(list) > ytMaxItems {
		return nil, b.errorf(p, "%d entries; allowed at most %d", len(list), ytMaxItems)
	}
	var out []string
	for i, e := range list {
		ep := fmt.Sprintf("%s[%d]", p, i)
		var s string
		switch e := e.(type) {
		case string:
			s = cleanText(e)
		case map[string]any:
			if s, err = b.text(ep+".name", e, "name"); err != nil {
				return nil, err
			}
		default:
			return nil, b.errorf(ep, "%s; want a name or an object with a name", ytKind(e))
		}
		if s != "" {
			out = append(out, s)
		}
	}
	return out, nil
}

// equipment gives the model its gear from the armoury.
func (b *ytBuild) equipment(p, where string, g map[string]any, m *scenario.Model) error {
	v, ok := ytGet(g, "equipment")
	if !ok || v == nil {
		return nil
	}
	p += ".equipment"
	list, err := b.list(p, v)
	if err != nil {
		return err
	}
	if len(list) > ytMaxItems {
		return b.errorf(p, "%d entries; allowed at most %d", len(list), ytMaxItems)
	}
	type item struct {
		name string
		qty  int
	}
	var items []*item
	byKey := map[string]*item{}
	for i, e := range list {
		ep := fmt.Sprintf("%s[%d]", p, i)
		var name string
		qty := 1
		switch e := e.(type) {
		case string:
			name = cleanText(e)
		case map[string]any:
			if name, err = b.text(ep+".name", e, "name"); err != nil {
				return err
			}
			if q, ok := ytGet(e, "qty"); ok {
				n, none, err := ytInt(q)
				switch {
				case err != nil:
					return b.errorf(ep+".qty", "%s", err)
				case none:
				case n > ytMaxQty:
					return b.errorf(ep+".qty", "%d is out of range; allowed 0 to %d", n, ytMaxQty)
				default:
					qty = n
				}
			}
		default:
			return b.errorf(ep, "%s; want an object with a name and a qty", ytKind(e))
		}
		if name == "" {
			b.unknown(where, fmt.Sprintf("equipment[%d] without a name", i), "nothing to look up")
			continue
		}
		if qty == 0 {
			b.unknown(where, "0 × "+name, "not taken: the file gives none of it")
			continue
		}
		k := normal(name)
		if it, ok := byKey[k]; ok {
			it.qty += qty
			continue
		}
		it := &item{name: name, qty: qty}
		byKey[k] = it
		items = append(items, it)
	}
	for _, it := range items {
		if it.qty > 1 {
			b.unknown(where, fmt.Sprintf("%d × %s", it.qty, it.name), "taken once: "+ytRuleset+" does not model a second one")
		}
		gear, ok := b.armoury.Find(it.name)
		if !ok {
			if b.unresolved == nil {
				b.unresolved = map[string]string{}
			}
			if _, seen := b.unresolved[normal(it.name)]; !seen {
				b.unresolved[normal(it.name)] = it.name
			}
			b.unknown(where, "equipment "+it.name, "not in the armoury: imported without it; the armoury stub lists it")
			continue
		}
		if gear, ok = b.gear(where, it.name, gear); ok {
			m.Gear = append(m.Gear, gear)
		}
	}
	return nil
}

// gear is an armoury entry as n23 takes it: of a kind n23 has, with the
// stats that kind has and the traits n23 knows; the rest is unknown.
func (b *ytBuild) gear(where, name string, g scenario.Gear) (scenario.Gear, bool) {
	stats, ok := b.info.Roster.Gear[g.Kind]
	if !ok {
		if g.Kind == "" {
			b.unknown(where, "equipment "+name, "the armoury gives it no kind: left out")
		} else {
			b.unknown(where, fmt.Sprintf("equipment %s of kind %s", name, cleanText(g.Kind)), fmt.Sprintf("%s has no gear of that kind: left out", ytRuleset))
		}
		return g, false
	}
	at := where + ": " + g.Name
	out := scenario.Gear{Name: g.Name, Kind: g.Kind}
	keys := make([]string, 0, len(g.Stats))
	for k := range g.Stats {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(stats, k) {
			b.unknown(at, fmt.Sprintf("stat %s %d", cleanText(k), g.Stats[k]), fmt.Sprintf("%s does not model it on %s", ytRuleset, g.Kind))
			continue
		}
		if out.Stats == nil {
			out.Stats = map[string]int{}
		}
		out.Stats[k] = g.Stats[k]
	}
	for _, t := range g.Traits {
		tr, err := engine.ParseTrait(t)
		if err != nil || !slices.Contains(b.info.Traits, tr.Name) {
			b.unknown(at, "trait "+cleanText(t), ytRuleset+" does not model it")
			continue
		}
		s := tr.Name
		if strings.Contains(strings.TrimSpace(t), " ") {
			s += " " + strconv.Itoa(tr.Value)
		}
		out.Traits = append(out.Traits, s)
	}
	return out, true
}

// object is v as a JSON object, or an error naming path.
func (b *ytBuild) object(path string, v any) (map[string]any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, b.errorf(path, "%s; want an object", ytKind(v))
	}
	return m, nil
}

// list is v as a JSON array, or an error naming path.
func (b *ytBuild) list(path string, v any) ([]any, error) {
	l, ok := v.([]any)
	if !ok {
		return nil, b.errorf(path, "%s; want a list", ytKind(v))
	}
	return l, nil
}

// text is the string at key (a number is taken as written), cleaned and
// clipped; "" when missing or null.
func (b *ytBuild) text(path string, m map[string]any, key string) (string, error) {
	v, ok := ytGet(m, key)
	if !ok || v == nil {
		return "", nil
	}
	switch v := v.(type) {
	case string:
		return cleanText(v), nil
	case json.Number:
		return cleanText(v.String()), nil
	}
	return "", b.errorf(path, "%s; want a string", ytKind(v))
}

// ytStatus is a status as compared: lower case, "-" and "_" as spaces.
func ytStatus(s string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("-", " ", "_", " ").Replace(normal(s))), " ")
}

// ytGet is m's value at key, or at a key differing only in case.
func ytGet(m map[string]any, key string) (any, bool) {
	if v, ok := m[key]; ok {
		return v, true
	}
	found, fk := false, ""
	for k := range m {
		if strings.EqualFold(k, key) && (!found || k < fk) {
			found, fk = true, k
		}
	}
	if !found {
		return nil, false
	}
	return m[fk], true
}

// ytInt reads a whole number: a JSON number, or a string of one ("4",
// "3+", `5"`); none for null, "", "-" and dashes.
func ytInt(v any) (n int, none bool, err error) {
	var s string
	switch v := v.(type) {
	case nil:
		return 0, true, nil
	case json.Number:
		s = v.String()
		if i, err := v.Int64(); err == nil {
			if i < 0 || i > 999 {
				return 0, false, fmt.Errorf("%d is out of range", i)
			}
			return int(i), false, nil
		}
		f, err := v.Float64()
		if err != nil || f != math.Trunc(f) || f < 0 || f > 999 {
			return 0, false, fmt.Errorf("%s is not a whole number from 0 to 999", clip(s, 20))
		}
		return int(f), false, nil
	case string:
		s = v
	default:
		return 0, false, fmt.Errorf("%s; want a number", ytKind(v))
	}
	t := strings.TrimSpace(normal(s))
	t = strings.TrimRight(t, `+"″`)
	switch strings.TrimSpace(t) {
	case "", "-", "\u2013", "\u2014", "--":
		return 0, true, nil
	}
	t = strings.TrimSpace(t)
	if strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0, false, fmt.Errorf("%q is not a number", clip(s, 20))
	}
	if len(t) > 3 {
		return 0, false, fmt.Errorf("%q is out of range", clip(s, 20))
	}
	i, _ := strconv.Atoi(t)
	return i, false, nil
}

// ytKind says what a JSON value is, for errors.
func ytKind(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	case string:
		return fmt.Sprintf("the string %q", clip(v, 20))
	case json.Number:
		return "the number " + clip(v.String(), 20)
	case bool:
		return fmt.Sprintf("%v", v)
	}
	return fmt.Sprintf("%T", v)
}

// ytParse reads the JSON into maps, lists, strings, json.Numbers, bools
// and nils, within the limits: nesting (checked as each object or list
// opens, before it is read) and values in all.
func ytParse(file string, data []byte) (any, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	p := &ytParser{dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	v, err := p.value(0)
	if err == nil {
		if _, e := p.dec.Token(); e != io.EOF {
			err = errors.New("more after the JSON object")
		}
	}
	if err != nil {
		var le *ytLimitError
		if errors.As(err, &le) {
			return nil, &Error{File: file, Path: le.path, Problem: le.problem}
		}
		return nil, &Error{File: file, Problem: fmt.Sprintf("not JSON a gang can be read from (byte %d): %v", p.dec.InputOffset(), err)}
	}
	return v, nil
}

type ytLimitError struct{ path, problem string }

func (e *ytLimitError) Error() string { return e.path + ": " + e.problem }

// ytParser is a bounded JSON reader; path is where it is (keys, and
// "[i]" for list items).
type ytParser struct {
	dec  *json.Decoder
	n    int
	path []string
}

func (p *ytParser) where() string {
	var b strings.Builder
	for _, s := range p.path {
		if b.Len() > 0 && !strings.HasPrefix(s, "[") {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

func (p *ytParser) value(depth int) (any, error) {
	tok, err := p.dec.Token()
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	if p.n++; p.n > ytMaxValues {
		return nil, &ytLimitError{p.where(), fmt.Sprintf("more than %d values; allowed at most %d", ytMaxValues, ytMaxValues)}
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	if depth >= ytMaxDepth {
		return nil, &ytLimitError{p.where(), fmt.Sprintf("objects and lists nested more than %d deep; allowed at most %d", ytMaxDepth, ytMaxDepth)}
	}
	switch d {
	case '{':
		m := map[string]any{}
		for p.dec.More() {
			k, err := p.dec.Token()
			if err != nil {
				return nil, err
			}
			key, _ := k.(string)
			p.path = append(p.path, clip(cleanText(key), 40))
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			p.path = p.path[:len(p.path)-1]
			m[key] = v
		}
		_, err := p.dec.Token()
		return m, err
	case '[':
		a := []any{}
		for i := 0; p.dec.More(); i++ {
			p.path = append(p.path, "["+strconv.Itoa(i)+"]")
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			p.path = p.path[:len(p.path)-1]
			a = append(a, v)
		}
		_, err := p.dec.Token()
		return a, err
	}
	return nil, fmt.Errorf("unexpected %v", d)
}
