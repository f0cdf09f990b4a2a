package roster

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/scenario"
)

// -update rewrites the golden files (testdata/yaktribe/*.golden.yaml and
// *.stub.yaml). The flag is registered here unless another test file of the
// package has registered it already.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

func ytUpdating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

const ytDir = "testdata/yaktribe"

func ytFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ytDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// ytArmoury is the armoury of the test gangs' invented weapons.
func ytArmoury(t testing.TB) *Armoury {
	t.Helper()
	a, err := DecodeArmoury("armoury.yaml", ytFile(t, "armoury.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func ytOptions(t testing.TB) Options {
	return Options{Rulesets: all.Rulesets(), Armoury: ytArmoury(t)}
}

// ytFixtures are the hand-written gangs (invented, shaped like Yaktribe's
// exports), the model IDs each gives and the names its armoury lacks.
var ytFixtures = []struct {
	file       string
	ids        []string
	unresolved []string
}{
	{"ashmarket-vultures.json", []string{"marrow-kess", "dredge-halloway", "pell", "tick", "pell-2"}, []string{"Grapnel Launcher", "Rusted Shiv"}},
	{"sump-wardens.json", []string{"warden-osk", "grotmaw", "sister-ro", "fenn"}, nil},
	{"glowline-saints.json", []string{"saint-ilsa-lamp-verro", "brother-cole", "wisp"}, []string{"\u201cOld Reliable\u201d"}},
}

func ytGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if ytUpdating() {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./roster -run Yaktribe -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("differs from %s (go test ./roster -run Yaktribe -update rewrites it):\n%s", path, got)
	}
}

// Every fixture is detected, reads (so its roster starts a table game on
// both sides: Read runs Check) and writes its golden YAML, which reads
// back as skirmish's own roster; the names the armoury lacks are
// Unresolved and their stub is golden too.
func TestYaktribeGolden(t *testing.T) {
	for _, fx := range ytFixtures {
		t.Run(fx.file, func(t *testing.T) {
			r, err := Read(fx.file, ytFile(t, fx.file), "", ytOptions(t))
			if err != nil {
				t.Fatal(err)
			}
			if r.Format != "yaktribe" || r.Ruleset != "n23" {
				t.Fatalf("format %s, ruleset %s; want yaktribe, n23", r.Format, r.Ruleset)
			}
			var ids []string
			for _, m := range r.Roster.Models {
				ids = append(ids, m.ID)
			}
			if !slices.Equal(ids, fx.ids) {
				t.Errorf("ids %v; want %v", ids, fx.ids)
			}
			if !slices.Equal(r.Unresolved, fx.unresolved) {
				t.Errorf("unresolved %q; want %q", r.Unresolved, fx.unresolved)
			}
			y, err := r.YAML()
			if err != nil {
				t.Fatal(err)
			}
			base := strings.TrimSuffix(fx.file, ".json")
			ytGolden(t, filepath.Join(ytDir, base+".golden.yaml"), y)
			stub := filepath.Join(ytDir, base+".stub.yaml")
			if len(fx.unresolved) > 0 {
				ytGolden(t, stub, Stub(r.Ruleset, r.Unresolved))
			} else if _, err := os.Stat(stub); err == nil {
				t.Errorf("%s exists, but nothing is unresolved", stub)
			}
			back, err := Read(base+".golden.yaml", y, "", Options{Ruleset: "n23", Rulesets: all.Rulesets()})
			if err != nil {
				t.Fatalf("the golden YAML does not read back: %v", err)
			}
			if !reflect.DeepEqual(back.Roster, r.Roster) {
				t.Errorf("read back otherwise:\n%+v\nwant\n%+v", back.Roster, r.Roster)
			}
		})
	}
}

// The stub of the unresolved names, filled in, is an armoury that
// resolves them.
func TestYaktribeStubFilled(t *testing.T) {
	r, err := Read("a.json", ytFile(t, "ashmarket-vultures.json"), "", ytOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	stub := string(Stub("n23", r.Unresolved))
	stub = strings.Replace(stub, "kind: \"\"\n    stats: {}", "kind: wargear", 1)
	stub = strings.Replace(stub, "kind: \"\"\n    stats: {}", "kind: melee\n    stats: {d: 1}\n    traits: [melee]", 1)
	extra, err := DecodeArmoury("stub.yaml", []byte(stub))
	if err != nil {
		t.Fatalf("%v\n%s", err, stub)
	}
	opt := ytOptions(t)
	opt.Armoury.Gear = append(opt.Armoury.Gear, extra.Gear...)
	r, err = Read("a.json", ytFile(t, "ashmarket-vultures.json"), "", opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Unresolved) != 0 {
		t.Errorf("still unresolved: %q", r.Unresolved)
	}
	if g := r.Roster.Models[3].Gear; len(g) != 2 || g[1].Name != "Rusted Shiv" || g[1].Kind != "melee" {
		t.Errorf("Tick's gear %+v; want the shiv from the filled stub", g)
	}
}

// The models read as the files say.
func TestYaktribeModels(t *testing.T) {
	read := func(file string) *Result {
		t.Helper()
		r, err := Read(file, ytFile(t, file), "", ytOptions(t))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	gearNames := func(m scenario.Model) []string {
		var out []string
		for _, g := range m.Gear {
			out = append(out, g.Name)
		}
		return out
	}
	r := read("ashmarket-vultures.json")
	if r.Roster.Name != "The Ashmarket Vultures" {
		t.Errorf("name %q", r.Roster.Name)
	}
	kess := r.Roster.Models[0]
	wantP := map[string]int{"M": 5, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 2, "I": 3, "A": 2, "Ld": 6, "Cl": 6, "Wil": 7, "Int": 7, "Sv": 7}
	if kess.Type != "fighter" || kess.Base != 25 || !reflect.DeepEqual(kess.Profile, wantP) || !slices.Equal(kess.Keywords, []string{"leader"}) {
		t.Errorf("Marrow Kess: %+v", kess)
	}
	if got := gearNames(kess); !slices.Equal(got, []string{"Scrap Pistol", "Chain Cleaver", "Flak Weave"}) {
		t.Errorf("Kess's gear %v", got)
	}
	if g := kess.Gear[0]; g.Kind != "ranged" || g.Stats["lr"] != 12 || !slices.Equal(g.Traits, []string{"sidearm"}) {
		t.Errorf("the scrap pistol: %+v", g)
	}
	if m := r.Roster.Models[1]; !slices.Equal(m.Keywords, []string{"champion", "quick-draw"}) || !slices.Equal(gearNames(m), []string{"Sump Rifle", "Scrap Pistol"}) {
		t.Errorf("Dredge (quick draw; the grapnel left out): %+v", m)
	}
	if m := r.Roster.Models[4]; !slices.Equal(gearNames(m), []string{"Sump Rifle"}) {
		t.Errorf("the second Pell (a charm of no kind left out): %v", gearNames(m))
	}

	r = read("sump-wardens.json")
	osk := r.Roster.Models[0]
	if g := osk.Gear[0]; g.Name != "Ember Lance" || !slices.Equal(g.Traits, []string{"unwieldy"}) {
		t.Errorf("the lance keeps n23's traits only: %+v", g)
	}
	if g := osk.Gear[2]; g.Name != "Mesh Cloak" || g.Kind != "wargear" || g.Stats != nil {
		t.Errorf("the cloak keeps no stats: %+v", g)
	}
	if m := r.Roster.Models[1]; m.Name != "Grotmaw" || len(m.Keywords) != 0 || m.Profile["A"] != 3 {
		t.Errorf("the brute: %+v", m)
	}
	if m := r.Roster.Models[2]; !slices.Equal(m.Keywords, []string{"specialist"}) {
		t.Errorf("Sister Ro, a Specialist (Sump Diver): %v", m.Keywords)
	}
	if m := r.Roster.Models[3]; !slices.Equal(m.Keywords, []string{"prospect"}) || !slices.Equal(gearNames(m), []string{"Sump Rifle"}) {
		t.Errorf("Fenn (missing, imported; the carbine an alias of the rifle): %+v", m)
	}

	r = read("glowline-saints.json")
	if r.Roster.Name != "Glowline Saints" {
		t.Errorf("name %q: the non-breaking space is a space", r.Roster.Name)
	}
	ilsa, cole, wisp := r.Roster.Models[0], r.Roster.Models[1], r.Roster.Models[2]
	wantP = map[string]int{"M": 5, "WS": 3, "BS": 4, "S": 3, "T": 3, "W": 2, "I": 3, "A": 2, "Ld": 6, "Cl": 6, "Wil": 7, "Int": 7, "Sv": 7}
	if ilsa.Name != "Saint Ilsa \u2018Lamp\u2019 Verro" || !reflect.DeepEqual(ilsa.Profile, wantP) {
		t.Errorf("Ilsa (numbers as strings, 3+ and 5\"): %+v", ilsa)
	}
	if got := gearNames(ilsa); !slices.Equal(got, []string{"Gutter's Kiss", "Flare Gun", "Scrap Pistol"}) {
		t.Errorf("Ilsa's gear %v (curly quote, non-breaking space)", got)
	}
	if cole.Name != "Brother Cole" || cole.Profile["BS"] != 6 || !slices.Equal(cole.Keywords, []string{"ganger"}) {
		t.Errorf("Cole (bs 0 is 6+, type in lower case): %+v", cole)
	}
	if got := gearNames(cole); !slices.Equal(got, []string{"Chain Cleaver", "Hooked Pole"}) {
		t.Errorf("Cole's gear %v", got)
	}
	if wisp.Profile["BS"] != 6 || !slices.Equal(wisp.Keywords, []string{"juve", "quick-draw"}) || !slices.Equal(gearNames(wisp), []string{"Scrap Pistol"}) {
		t.Errorf("Wisp (bs \"-\", Quick-Draw, two pistol entries as one): %+v", wisp)
	}
}

// ytHas reports whether the unknowns hold one with that where and what
// (and why, when given).
func ytHas(us []Unknown, where, what, why string) bool {
	return slices.ContainsFunc(us, func(u Unknown) bool {
		return u.Where == where && u.What == what && (why == "" || strings.Contains(u.Why, why))
	})
}

// What each fixture leaves out, all of it, in order.
func TestYaktribeUnknown(t *testing.T) {
	const noSave = "a Yaktribe gang gives none: every fighter has Sv 7, no save"
	for _, tc := range []struct {
		file string
		want [][3]string // where, what, part of why ("" any)
	}{
		{"ashmarket-vultures.json", [][3]string{
			{"roster", "gang type Orlock", "n23 does not model a gang's house"},
			{"roster", "save", noSave},
			{"models[0] Marrow Kess", "skill Nerves of Steel", "n23 does not model it"},
			{"models[1] Dredge Halloway", "equipment Grapnel Launcher", "not in the armoury"},
			{"models[3] Tick", "equipment Rusted Shiv", "not in the armoury"},
			{"models[4] Pell", "equipment grapnel launcher", "not in the armoury"},
			{"models[4] Pell", "equipment Lucky Charm", "the armoury gives it no kind"},
		}},
		{"sump-wardens.json", [][3]string{
			{"roster", "gang type Cawdor", ""},
			{"roster", "save", noSave},
			{"models[0] Warden Osk", "injury Old Battle Wound", "n23 does not model lasting injuries"},
			{"models[0] Warden Osk: Ember Lance", "trait blaze", "n23 does not model it"},
			{"models[0] Warden Osk: Hooked Pole", "trait versatile", "n23 does not model it"},
			{"models[0] Warden Osk: Mesh Cloak", "stat sv 5", "n23 does not model it on wargear"},
			{"gang.gangers[1] Brann Vey", "status Dead", "a dead fighter does not fight"},
			{"gang.gangers[2] Cutter Lum", "status In Recovery", "misses the battle"},
			{"gang.gangers[3] Nib", "status Captured", "held by another gang"},
			{"models[1] Grotmaw", "fighter type Brute", "n23 does not model it"},
			{"models[1] Grotmaw", "skill Unstoppable", ""},
			{"models[1] Grotmaw: Hooked Pole", "trait versatile", ""},
			{"models[2] Sister Ro", "fighter type Specialist (Sump Diver)", "read as specialist"},
			{"models[2] Sister Ro: Ember Lance", "trait blaze", ""},
			{"models[3] Fenn", "status Missing", "imported as if Alive"},
		}},
		{"glowline-saints.json", [][3]string{
			{"roster", "gang type Redemptionist", ""},
			{"roster", "save", noSave},
			{"models[0] Saint Ilsa \u2018Lamp\u2019 Verro", "2 × Scrap Pistol", "taken once"},
			{"models[1] Brother Cole", "BS -", "no value in the file: read as 6+, the worst n23 allows"},
			{"models[1] Brother Cole", "skill Fearsome", ""},
			{"models[1] Brother Cole: Hooked Pole", "trait versatile", ""},
			{"models[2] Wisp", "BS -", "read as 6+"},
			{"models[2] Wisp", "injury Spinal Injury", ""},
			{"models[2] Wisp", "equipment \u201cOld Reliable\u201d", "not in the armoury"},
			{"models[2] Wisp", "2 × Scrap Pistol", "taken once"},
		}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			r, err := Read(tc.file, ytFile(t, tc.file), "", ytOptions(t))
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range tc.want {
				if !ytHas(r.Unknown, h[0], h[1], h[2]) {
					t.Errorf("no unknown %q at %q (%q)", h[1], h[0], h[2])
				}
			}
			if len(r.Unknown) != len(tc.want) {
				t.Errorf("%d unknowns; want %d:", len(r.Unknown), len(tc.want))
				for _, u := range r.Unknown {
					t.Logf("  %s: %s (%s)", u.Where, u.What, u.Why)
				}
			}
		})
	}
}

// Without an armoury every piece of equipment is unresolved, and the
// fighters are imported without it.
func TestYaktribeNoArmoury(t *testing.T) {
	r, err := Read("g.json", ytFile(t, "sump-wardens.json"), "", Options{Rulesets: all.Rulesets()})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Ember Lance", "Flare Gun", "Hooked Pole", "Mesh Cloak", "Sump Carbine"}; !slices.Equal(r.Unresolved, want) {
		t.Errorf("unresolved %q; want %q (sorted, unique; the dead's gear not among them)", r.Unresolved, want)
	}
	for _, m := range r.Roster.Models {
		if len(m.Gear) != 0 {
			t.Errorf("%s has gear %+v", m.ID, m.Gear)
		}
	}
}

// The sample armoury gives the weapons of n23's sample gangs exactly as
// their roster files do, and nothing else.
func TestYaktribeSampleArmoury(t *testing.T) {
	data, err := os.ReadFile("testdata/armoury/n23-samples.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a, err := DecodeArmoury("n23-samples.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, f := range []string{"lamplighters.yaml", "rustjaws.yaml"} {
		data, err := os.ReadFile(filepath.Join("..", "rulesets", "n23", "scenarios", f))
		if err != nil {
			t.Fatal(err)
		}
		ro, err := scenario.DecodeRoster(f, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ro.Models {
			for _, g := range m.Gear {
				got, ok := a.Find(g.Name)
				if !ok {
					t.Errorf("%s: %s's %s is not in the armoury", f, m.ID, g.Name)
					continue
				}
				if !reflect.DeepEqual(got, g) {
					t.Errorf("%s: %s's %s is %+v; the armoury gives %+v", f, m.ID, g.Name, g, got)
				}
				used[g.Name] = true
			}
		}
	}
	for _, g := range a.Gear {
		if !used[g.Name] {
			t.Errorf("the armoury's %s is in no sample gang", g.Name)
		}
	}
	gang := `{"gang": {"gang_name": "Test", "gangers": [{"name": "A", "type": "Ganger", "m": 5, "ws": 4, "bs": 4, "s": 3, "t": 3, "w": 1, "i": 4, "a": 1, "ld": 7, "cl": 7, "wil": 8, "int": 8,
		"equipment": [{"name": "Lasgun", "qty": 1}, {"name": "Fighting Knife", "qty": 1}]}]}}`
	r, err := Read("t.json", []byte(gang), "", Options{Rulesets: all.Rulesets(), Armoury: a})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Unresolved) != 0 || len(r.Roster.Models[0].Gear) != 2 {
		t.Errorf("unresolved %q, gear %+v", r.Unresolved, r.Roster.Models[0].Gear)
	}
}

func TestYaktribeDetect(t *testing.T) {
	yt := yaktribe{}
	nr, err := os.ReadFile("testdata/battlescribe/tc-salt-brothers.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, data string
		want       bool
	}{
		{"gang.json", `{"gang": {"gang_name": "a"}}`, true},
		{"upload", "\ufeff \n{\"gang\": {}}", true},
		{"gang.json", `{"version": [1, {"x": 2}], "gang": {}}`, true},
		{"gang.json", `{"roster": {"name": "a"}}`, false},
		{"gang.json", `{"gang": {}, "roster": {}}`, false},
		{"gang.json", `{"roster": {}, "gang": {}}`, false},
		{"new-recruit.json", string(nr), false},
		{"gang.json", `{"gangs": []}`, false},
		{"gang.json", `[{"gang": {}}]`, false},
		{"gang.json", `{`, false},
		{"gang.json", ``, false},
		{"gang.yaml", "name: gang\nmodels: []\n", false},
		{"crows.ros", "<roster/>", false},
	} {
		if got := yt.Detect(tc.name, []byte(tc.data)); got != tc.want {
			t.Errorf("Detect(%q, %.40q) = %v; want %v", tc.name, tc.data, got, tc.want)
		}
	}
	if !slices.Contains(Formats(), "yaktribe") {
		t.Errorf("formats %v lack yaktribe", Formats())
	}
	// A New Recruit export is read as BattleScribe's, not as a gang.
	if r, err := Read("salt.json", nr, "", Options{Rulesets: all.Rulesets()}); err != nil || r.Format != "battlescribe" {
		t.Errorf("the New Recruit export: %v, %v", r, err)
	}
}

// ytGanger is a ganger's JSON with the fields given replacing a good one's
// (a field given as "" is left out).
func ytGanger(fields ...string) string {
	f := map[string]string{"name": `"Ada"`, "type": `"Ganger"`, "m": "5", "ws": "4", "bs": "4", "s": "3", "t": "3", "w": "1",
		"i": "4", "a": "1", "ld": "7", "cl": "7", "wil": "8", "int": "8", "status": `"Alive"`, "equipment": `[{"name": "Scrap Pistol", "qty": 1}]`}
	for i := 0; i+1 < len(fields); i += 2 {
		f[fields[i]] = fields[i+1]
	}
	var parts []string
	for _, k := range []string{"name", "type", "m", "ws", "bs", "s", "t", "w", "i", "a", "ld", "cl", "wil", "int", "status", "equipment", "skills", "injuries"} {
		if v, ok := f[k]; ok && v != "" {
			parts = append(parts, fmt.Sprintf("%q: %s", k, v))
		}
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// ytGang is a gang of the gangers given.
func ytGang(gangers ...string) string {
	return `{"gang": {"gang_name": "Test", "gang_type": "Orlock", "gangers": [` + strings.Join(gangers, ", ") + `]}}`
}

// A good ganger reads; bad files are refused with an *Error naming the
// JSON path of what is wrong.
func TestYaktribeErrors(t *testing.T) {
	good := ytGanger()
	if _, err := Read("good.json", []byte(ytGang(good)), "yaktribe", ytOptions(t)); err != nil {
		t.Fatalf("the good ganger: %v", err)
	}
	rep := func(s string, n int) string { return strings.Repeat(s, n) }
	many := func(n int, g string) string {
		gs := make([]string, n)
		for i := range gs {
			gs[i] = g
		}
		return ytGang(gs...)
	}
	dead := ytGanger("status", `"Dead"`)
	for _, c := range []struct {
		name, data string
		opt        func(*Options)
		path, want string
	}{
		{"nogang", `{"gangs": {}}`, nil, "gang", `missing: a Yaktribe gang is {"gang": {...}}`},
		{"nr", `{"roster": {"name": "x"}}`, nil, "gang", "this is a New Recruit export"},
		{"array", `[1, 2]`, nil, "", "a list; a Yaktribe gang is a JSON object"},
		{"ganglist", `{"gang": []}`, nil, "gang", "a list; want an object"},
		{"nogangers", `{"gang": {"gang_name": "x"}}`, nil, "gang.gangers", "missing"},
		{"gangersobj", `{"gang": {"gangers": {"a": 1}}}`, nil, "gang.gangers", "an object; want a list"},
		{"empty", ytGang(), nil, "gang.gangers", "no gangers in the gang"},
		{"alldead", ytGang(dead, dead), nil, "gang.gangers", "no fighters to import"},
		{"notobj", ytGang(good, good, `"Ada"`), nil, "gang.gangers[2]", `the string "Ada"; want an object`},
		{"wsx", ytGang(good, good, ytGanger("ws", `"x"`)), nil, "gang.gangers[2].ws", `"x" is not a number`},
		{"wslist", ytGang(ytGanger("ws", `[3]`)), nil, "gang.gangers[0].ws", "a list; want a number"},
		{"wsfrac", ytGang(ytGanger("ws", `3.5`)), nil, "gang.gangers[0].ws", "3.5 is not a whole number"},
		{"wsneg", ytGang(ytGanger("ws", `-3`)), nil, "gang.gangers[0].ws", "-3 is out of range"},
		{"ws7", ytGang(ytGanger("ws", `7`)), nil, "gang.gangers[0].ws", `7 is out of range; allowed 2 to 6 (0 or "-" for none)`},
		{"ws1", ytGang(ytGanger("ws", `"1+"`)), nil, "gang.gangers[0].ws", "1 is out of range; allowed 2 to 6"},
		{"m13", ytGang(ytGanger("m", `13`)), nil, "gang.gangers[0].m", "13 is out of range; allowed 1 to 12"},
		{"longnum", ytGang(ytGanger("t", `"33333333333"`)), nil, "gang.gangers[0].t", `"33333333333" is out of range`},
		{"nows", ytGang(good, ytGanger("ws", "")), nil, "gang.gangers[1].ws", "missing: Ada has no WS, which n23 needs"},
		{"noint", ytGang(ytGanger("int", "")), nil, "gang.gangers[0].int", "has no Int"},
		{"namenum", ytGang(ytGanger("name", `{"first": "A"}`)), nil, "gang.gangers[0].name", "an object; want a string"},
		{"gangname", `{"gang": {"gang_name": ["x"], "gangers": [` + good + `]}}`, nil, "gang.gang_name", "a list; want a string"},
		{"status", ytGang(ytGanger("status", `false`)), nil, "gang.gangers[0].status", "false; want a string"},
		{"eqobj", ytGang(ytGanger("equipment", `{"name": "x"}`)), nil, "gang.gangers[0].equipment", "an object; want a list"},
		{"eqitem", ytGang(ytGanger("equipment", `[{"name": "x"}, 3]`)), nil, "gang.gangers[0].equipment[1]", "the number 3; want an object with a name and a qty"},
		{"eqname", ytGang(ytGanger("equipment", `[{"name": 3}]`)), nil, "", ""}, // a number as a name is read as written
		{"qty", ytGang(ytGanger("equipment", `[{"name": "x", "qty": "lots"}]`)), nil, "gang.gangers[0].equipment[0].qty", `"lots" is not a number`},
		{"qtybig", ytGang(ytGanger("equipment", `[{"name": "x", "qty": 500}]`)), nil, "gang.gangers[0].equipment[0].qty", "500 is out of range; allowed 0 to 99"},
		{"eqmany", ytGang(ytGanger("equipment", "["+strings.TrimSuffix(rep(`"x", `, 65), ", ")+"]")), nil, "gang.gangers[0].equipment", "65 entries; allowed at most 64"},
		{"skills", ytGang(ytGanger("skills", `"Dodge"`)), nil, "gang.gangers[0].skills", "the string \"Dodge\"; want a list"},
		{"skillitem", ytGang(ytGanger("skills", `[true]`)), nil, "gang.gangers[0].skills[0]", "true; want a name or an object with a name"},
		{"injuryname", ytGang(ytGanger("injuries", `[{"name": []}]`)), nil, "gang.gangers[0].injuries[0].name", "a list; want a string"},
		{"fighters", many(MaxModels+1, good), nil, "gang.gangers", fmt.Sprintf("%d fighters to import; allowed at most %d", MaxModels+1, MaxModels)},
		{"gangers", many(ytMaxGangers+1, dead), nil, "gang.gangers", fmt.Sprintf("%d gangers; allowed at most %d", ytMaxGangers+1, ytMaxGangers)},
		{"deep", `{"gang": {"gang_name": "x", "notes": ` + rep(`{"a": `, 31) + `1` + rep("}", 31) + `}}`, nil, "gang.notes" + rep(".a", 30), "nested more than 32 deep"},
		{"deep32", `{"gang": {"gang_name": "x", "notes": ` + rep(`{"a": `, 30) + `1` + rep("}", 30) + `, "gangers": [` + good + `]}}`, nil, "", ""}, // 32 levels in all
		{"deeplist", `{"gang": {"gangers": [` + rep("[", 40) + rep("]", 40) + `]}}`, nil, "gang.gangers" + rep("[0]", 30), "nested more than 32 deep"},
		{"values", `{"gang": {"x": [` + strings.TrimSuffix(rep("0,", ytMaxValues), ",") + `]}}`, nil, fmt.Sprintf("gang.x[%d]", ytMaxValues-3), "more than 300000 values"},
		{"trailing", ytGang(good) + ` {}`, nil, "", "more after the JSON object"},
		{"cut", ytGang(good)[:60], nil, "", "not JSON a gang can be read from"},
		{"notjson", `{"gang": {'a': 1}}`, nil, "", "not JSON a gang can be read from (byte 10)"},
		{"size", `{"gang": {"x": "` + rep("a", MaxSize) + `"}}`, nil, "", fmt.Sprintf("allowed at most %d", MaxSize)},
		{"ruleset", ytGang(good), func(o *Options) { o.Ruleset = "n26" }, "", "a Yaktribe gang is a Necromunda gang, for ruleset n23, not n26"},
		{"armoury", ytGang(good), func(o *Options) { o.Armoury.Ruleset = "trenchcrusade" }, "", "the armoury is for trenchcrusade"},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := ytOptions(t)
			if c.opt != nil {
				c.opt(&opt)
			}
			r, err := Read(c.name+".json", []byte(c.data), "yaktribe", opt)
			if c.want == "" {
				if err != nil {
					t.Fatalf("%v; want it read", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("read %d models; want an error", len(r.Roster.Models))
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T %v; want a *roster.Error", err, err)
			}
			if e.Path != c.path || !strings.Contains(e.Problem, c.want) {
				t.Errorf("error at %q: %q; want at %q: %q", e.Path, e.Problem, c.path, c.want)
			}
			if len(err.Error()) > 400 {
				t.Errorf("error %d bytes long", len(err.Error()))
			}
		})
	}
}

// Names are cleaned (control and text-direction characters dropped,
// clipped) and IDs are unique slugs.
func TestYaktribeNames(t *testing.T) {
	long := strings.Repeat("Ω", 80)
	data := ytGang(ytGanger("name", `"Ada\u0007 \u202eCrow"`), ytGanger("name", `"Ada Crow"`), ytGanger("name", `"`+long+`"`),
		ytGanger("name", `""`, "type", `"Juve"`), ytGanger("name", `"!!!"`))
	r, err := Read("n.json", []byte(data), "", ytOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	var ids, names []string
	for _, m := range r.Roster.Models {
		ids = append(ids, m.ID)
		names = append(names, m.Name)
	}
	if want := []string{"ada-crow", "ada-crow-2", strings.Repeat("ω", 24), "juve", "fighter"}; !slices.Equal(ids, want) {
		t.Errorf("ids %q; want %q", ids, want)
	}
	if names[0] != "Ada Crow" || len(names[2]) != 100 || names[3] != "Juve" || names[4] != "!!!" {
		t.Errorf("names %q", names)
	}
}

// SampleArmoury derives from the samples the armoury the server reads
// files with: for n23 it holds exactly the gear of the shipped sample
// armoury file; every ruleset's has gear of each kind its samples carry.
func TestSampleArmoury(t *testing.T) {
	data, err := os.ReadFile("testdata/armoury/n23-samples.yaml")
	if err != nil {
		t.Fatal(err)
	}
	file, err := DecodeArmoury("n23-samples.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := SampleArmoury("n23", all.Samples(), all.Rulesets())
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Gear) != len(file.Gear) {
		t.Errorf("derived %d pieces of gear, the file %d", len(got.Gear), len(file.Gear))
	}
	for _, g := range file.Gear {
		d, ok := got.Find(g.Name)
		if !ok || !reflect.DeepEqual(d, scenario.Gear{Name: g.Name, Kind: g.Kind, Stats: g.Stats, Traits: g.Traits}) {
			t.Errorf("%s: derived %+v (found %v), file %+v", g.Name, d, ok, g)
		}
	}
	for _, rs := range all.Rulesets().IDs() {
		a, err := SampleArmoury(rs, all.Samples(), all.Rulesets())
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Gear) < 3 {
			t.Errorf("%s: only %d pieces of gear in the samples", rs, len(a.Gear))
		}
		if !slices.IsSortedFunc(a.Gear, func(x, y ArmouryGear) int { return strings.Compare(x.Kind, y.Kind) }) {
			t.Errorf("%s: not sorted by kind", rs)
		}
	}
}
