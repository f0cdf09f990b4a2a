package roster

import (
	"archive/zip"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/rulesets/all"
)

// -update rewrites the golden files (testdata/battlescribe/*.golden.yaml).
// The flag is registered here unless another test file of the package has
// registered it already.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

func bsUpdating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

const bsDir = "testdata/battlescribe"

func bsOptions() Options { return Options{Rulesets: all.Rulesets()} }

// bsFixtures are the hand-written rosters (invented warbands and crews,
// shaped like real exports) with the ruleset and models each gives.
var bsFixtures = []struct {
	file    string
	ruleset string
	models  int
}{
	{"tc-ash-choir.ros", "trenchcrusade", 5},
	{"tc-grey-vigil.ros", "trenchcrusade", 4},
	{"tc-iron-mercy.rosz", "trenchcrusade", 3},
	{"tc-salt-brothers.json", "trenchcrusade", 4},
	{"ff-rustwater.ros", "falloutfactions", 5},
	{"ff-glass-road.ros", "falloutfactions", 2},
	{"ff-canal-street.rosz", "falloutfactions", 3},
	{"ff-dust-choir.json", "falloutfactions", 5},
}

func bsRead(t *testing.T, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(bsDir, file))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Every fixture reads (so its roster starts a table game on both sides:
// Read runs Check) and writes its golden YAML, which reads back as
// skirmish's own roster.
func TestBattleScribeGolden(t *testing.T) {
	for _, fx := range bsFixtures {
		t.Run(fx.file, func(t *testing.T) {
			r, err := Read(fx.file, bsRead(t, fx.file), "", bsOptions())
			if err != nil {
				t.Fatal(err)
			}
			if r.Format != "battlescribe" || r.Ruleset != fx.ruleset || len(r.Roster.Models) != fx.models {
				t.Fatalf("format %s, ruleset %s, %d models; want battlescribe, %s, %d", r.Format, r.Ruleset, len(r.Roster.Models), fx.ruleset, fx.models)
			}
			y, err := r.YAML()
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join(bsDir, strings.TrimSuffix(fx.file, filepath.Ext(fx.file))+".golden.yaml")
			if bsUpdating() {
				if err := os.WriteFile(golden, y, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./roster -run BattleScribe -update)", err)
			}
			if !bytes.Equal(y, want) {
				t.Errorf("%s differs from %s (go test ./roster -run BattleScribe -update rewrites it):\n%s", fx.file, golden, y)
			}
			back, err := Read(filepath.Base(golden), y, "", Options{Ruleset: fx.ruleset, Rulesets: all.Rulesets()})
			if err != nil {
				t.Fatalf("the golden YAML does not read back: %v", err)
			}
			if len(back.Roster.Models) != fx.models {
				t.Errorf("read back %d models; want %d", len(back.Roster.Models), fx.models)
			}
		})
	}
}

// bsZip is a zip of the files given (name, content), each deflated.
func bsZip(t testing.TB, files ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for i := 0; i+1 < len(files); i += 2 {
		f, err := w.Create(files[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(files[i+1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The models read as the files say: number="3" expanded with numbered
// IDs, the player's names, hidden profiles skipped (a hidden Unit profile
// too), a weapon with two profiles as two pieces of gear, non-breaking
// spaces and curly quotes and minus signs read, a unit's own profile,
// keywords and gear shared with its models.
func TestBattleScribeModels(t *testing.T) {
	read := func(file string) *Result {
		t.Helper()
		r, err := Read(file, bsRead(t, file), "", bsOptions())
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	ids := func(r *Result) []string {
		var out []string
		for _, m := range r.Roster.Models {
			out = append(out, m.ID)
		}
		return out
	}
	r := read("tc-ash-choir.ros")
	if got, want := ids(r), []string{"brother-hask", "ember-cultist-1", "ember-cultist-2", "ember-cultist-3", "gunner-mirela"}; !slices.Equal(got, want) {
		t.Errorf("ids %v; want %v", got, want)
	}
	hask, cultist, gunner := r.Roster.Models[0], r.Roster.Models[2], r.Roster.Models[4]
	if hask.Name != "Brother \u201cHask\u201d" || hask.Profile["Melee"] != 1 || !slices.Equal(hask.Keywords, []string{"elite", "fear"}) {
		t.Errorf("Brother Hask: %+v", hask)
	}
	if cultist.Name != "Ember Cultist" || cultist.Profile["Melee"] != -1 || cultist.Profile["Movement"] != 6 || cultist.Base != 25 {
		t.Errorf("a cultist: %+v", cultist)
	}
	if gunner.Profile["Movement"] != 5 || gunner.Base != 32 {
		t.Errorf("the gunner took the hidden Unit profile: %+v", gunner)
	}
	var names []string
	for _, g := range gunner.Gear {
		names = append(names, g.Name)
	}
	if want := []string{"Cinder Machine Rifle (Sweep)", "Cinder Machine Rifle (Focused)", "Trench Shield"}; !slices.Equal(names, want) {
		t.Errorf("the gunner's gear %v; want %v (two profiles, not the hidden third)", names, want)
	}
	if g := gunner.Gear[0]; g.Stats["dice"] != -1 || g.Stats["injury-dice"] != 1 || g.Stats["range"] != 24 {
		t.Errorf("Sweep: %+v", g)
	}

	r = read("tc-grey-vigil.ros")
	s := r.Roster.Models[1]
	if s.ID != "vigil-sentry-1" || s.Profile["Ranged"] != 1 || !slices.Equal(s.Keywords, []string{"infiltrator"}) || len(s.Gear) != 2 || s.Gear[1].Name != "Long Rifle" {
		t.Errorf("a sentry does not share its unit's profile, keyword and rifle: %+v", s)
	}

	r = read("ff-rustwater.ros")
	if got, want := ids(r), []string{"mags-two-bit-malone", "scav-veteran", "drifter-1", "drifter-2", "drifter-3"}; !slices.Equal(got, want) {
		t.Errorf("ids %v; want %v", got, want)
	}
	types := []string{}
	for _, m := range r.Roster.Models {
		types = append(types, m.Type)
	}
	if want := []string{"leader", "champion", "grunt", "grunt", "grunt"}; !slices.Equal(types, want) {
		t.Errorf("types %v; want %v", types, want)
	}
	if d := r.Roster.Models[2]; d.Profile["S"] != 4 || d.Profile["Health"] != 1 {
		t.Errorf("a drifter took the hidden Unit profile: %v", d.Profile)
	}
	if g := r.Roster.Models[0].Gear[0]; g.Kind != "pistol" || g.Stats["A"] != 4 || g.Stats["range"] != 14 || !slices.Equal(g.Traits, []string{"cqb", "fast", "pierce"}) {
		t.Errorf("the service pistol: %+v", g)
	}
	if g := r.Roster.Models[2].Gear[0]; g.Stats["range"] != 18 || !slices.Equal(g.Traits, []string{"storm 1", "ignite 1"}) {
		t.Errorf("the pipe rifle (curly inch mark): %+v", g)
	}
	r = read("ff-glass-road.ros")
	if m := r.Roster.Models[1]; m.Type != "grunt" || m.Base != 32 {
		t.Errorf("a model without a type category: type %q base %g; want the defaults grunt, 32", m.Type, m.Base)
	}
}

// bsHas reports whether the unknowns hold one with that where and what
// (and why, when given).
func bsHas(us []Unknown, where, what, why string) bool {
	return slices.ContainsFunc(us, func(u Unknown) bool {
		return u.Where == where && u.What == what && (why == "" || u.Why == why)
	})
}

// What each fixture leaves out, and what it must not list.
func TestBattleScribeUnknown(t *testing.T) {
	for _, tc := range []struct {
		file  string
		has   [][3]string // where, what, why ("" any)
		count int
		not   []string // no unknown mentions these
	}{
		{"tc-ash-choir.ros", [][3]string{
			{"roster", "rule Toll of the Ashen Bell", ""},
			{"roster", "option Warband Variant: Ember Pilgrims", "trenchcrusade does not model a warband's options"},
			{"models[0] Brother \u201cHask\u201d", "keyword Leader", "trenchcrusade does not model it"},
			{"models[0] Brother \u201cHask\u201d", "ability Hymn of Cinders", ""},
			{"models[0] Brother \u201cHask\u201d: Ember Pistol", "use in melee (12\"/Melee)", ""},
			{"models[0] Brother \u201cHask\u201d: Ember Pistol", "keyword FIRE", "trenchcrusade does not model it"},
			{"models[0] Brother \u201cHask\u201d: Censer Flail", "keyword SMOULDER", ""},
			{"models[0] Brother \u201cHask\u201d", "option Holy Relic", ""},
			{"models[1-3] Ember Cultist: Bolt-action Rifle", "keyword HEAVY", "trenchcrusade does not model it"},
			{"models[4] Gunner Mirela", "keyword Artificial", ""},
			{"models[4] Gunner Mirela", "battlekit Incendiary Grenades", "trenchcrusade models armour and shields only"},
		}, 11, []string{"Fear", "Assault", "Anointed", "Overheated", "Configuration", "Troop", "Effect"}},
		{"tc-grey-vigil.ros", [][3]string{
			{"models[0] Warden Ilse", "oval base 60x35mm", ""},
			{"models[0] Warden Ilse", "keyword RELENTLESS", ""},
			{"models[0] Warden Ilse", "melee weapon Billhook", ""},
			{"models[0] Warden Ilse: Reinforced Armour", "characteristic Notes: Cannot Dash.", ""},
			{"models[1-2] Vigil Sentry", "ability Watchful", ""},
			{"models[3] Scout Anselm", "movement type Skirmisher", ""},
			{"models[3] Scout Anselm", "characteristic Glory: 1", ""},
		}, 9, nil},
		{"tc-iron-mercy.rosz", [][3]string{
			{"models[0] Mother Agathe\u2019s Hand: Mercy Halberd", "keyword REACH", ""},
		}, 1, []string{"Tough"}},
		{"tc-salt-brothers.json", [][3]string{
			{"models[0] Preceptor Odo: Salt Maul", "keyword SHRED", ""},
			{"models[0] Preceptor Odo", "ability Brine Litany", ""},
		}, 3, []string{"Strong"}},
		{"ff-rustwater.ros", [][3]string{
			{"roster", "rule Scavengers' Luck", ""},
			{"models[0] Mags \u201cTwo-Bit\u201d Malone", "keyword Survivor", "falloutfactions does not model it"},
			{"models[0] Mags \u201cTwo-Bit\u201d Malone", "perk Quick Draw", ""},
			{"models[1] Scav Veteran", "ability Scrounger", ""},
			{"models[2-4] Drifter: Pipe Rifle", "trait Jury-Rigged", "falloutfactions does not model it"},
			{"models[2-4] Drifter: Stimpak", "wargear Effect: Once per game, remove one Injury.", ""},
		}, 6, []string{"Veteran", "Burly", "Leader", "Champion", "Grunt"}},
		{"ff-glass-road.ros", [][3]string{
			{"roster", "option Crew Tier", ""},
			{"models[0] Knight-Sergeant Vey: Gatling Laser", "trait Pierce", "a weapon has one critical effect (meltdown was kept)"},
			{"models[0] Knight-Sergeant Vey: Power Fist", "trait Aim (+1)", "falloutfactions has it for ranged weapons only"},
			{"models[1] Ash", "weapon Throwing Axe of type Thrown(6\")", ""},
			{"models[1] Ash: Frag Grenade", "trait Storm", "it needs its (X)"},
		}, 6, []string{"Power Armor"}},
		{"ff-canal-street.rosz", [][3]string{
			{"models[0] Dora \u2018Quickfingers\u2019 Pell", "ability Slippery", ""},
		}, 1, []string{"Hidden Rule"}},
		{"ff-dust-choir.json", [][3]string{
			{"roster", "rule Hymns of the Wastes", ""},
			{"models[0] Cantor Rook", "perk Hymnal", ""},
			{"models[0] Cantor Rook: Rivet Carbine (Burst)", "trait Deafening", ""},
			{"models[1] Choir Brute", "ability Bellow", ""},
		}, 4, []string{"Hardy"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			r, err := Read(tc.file, bsRead(t, tc.file), "", bsOptions())
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range tc.has {
				if !bsHas(r.Unknown, h[0], h[1], h[2]) {
					t.Errorf("no unknown %q at %q (%q); have %+v", h[1], h[0], h[2], r.Unknown)
				}
			}
			if len(r.Unknown) != tc.count {
				t.Errorf("%d unknowns; want %d: %+v", len(r.Unknown), tc.count, r.Unknown)
			}
			for _, n := range tc.not {
				for _, u := range r.Unknown {
					if strings.Contains(u.What, n) {
						t.Errorf("unknown %+v mentions %q, which was read or is skipped", u, n)
					}
				}
			}
		})
	}
}

// The same roster reads the same as a .ros with element text (2.03), with
// value attributes (2.01), and zipped as a .rosz.
func TestBattleScribeForms(t *testing.T) {
	data := bsRead(t, "tc-ash-choir.ros")
	want, err := Read("a.ros", data, "", bsOptions())
	if err != nil {
		t.Fatal(err)
	}
	v201 := regexp.MustCompile(`(<characteristic [^>]*)>([^<]*)</characteristic>`).ReplaceAllStringFunc(string(data), func(m string) string {
		p := regexp.MustCompile(`(<characteristic [^>]*)>([^<]*)</characteristic>`).FindStringSubmatch(m)
		return p[1] + ` value="` + strings.ReplaceAll(p[2], `"`, "&quot;") + `"/>`
	})
	if !strings.Contains(v201, `value="6&quot;/Infantry"`) {
		t.Fatal("the 2.01 form was not made")
	}
	for name, form := range map[string][]byte{
		"b.ros":  []byte(strings.Replace(v201, `battleScribeVersion="2.03"`, `battleScribeVersion="2.01"`, 1)),
		"c.rosz": bsZip(t, "The Ash Choir.ros", string(data)),
		"d":      append([]byte("\ufeff"), data...),
	} {
		got, err := Read(name, form, "", bsOptions())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s reads otherwise:\n%+v\nwant\n%+v", name, got, want)
		}
	}
}

func TestBattleScribeDetect(t *testing.T) {
	bs := battlescribe{}
	for _, tc := range []struct {
		name, data string
		want       bool
	}{
		{"crows.ros", "", true},
		{"crows.ROSZ", "", true},
		{"upload", "PK\x03\x04rest", true},
		{"upload", "\ufeff<?xml version=\"1.0\"?>\n<roster xmlns=\"x\">", true},
		{"upload", "<roster name=\"a\">", true},
		{"upload", "<?xml version=\"1.0\"?><catalogue/>", false},
		{"list.json", `  {"roster": {"name": "a"}}`, true},
		{"gang.json", `{"gang": {"name": "a"}}`, false},
		{"gang.json", `{`, false},
		{"crows.yaml", "name: Crows\nmodels: []\n", false},
	} {
		if got := bs.Detect(tc.name, []byte(tc.data)); got != tc.want {
			t.Errorf("Detect(%q, %q) = %v; want %v", tc.name, tc.data, got, tc.want)
		}
	}
	if !slices.Contains(Formats(), "battlescribe") {
		t.Errorf("formats %v lack battlescribe", Formats())
	}
}

// An option without a profile takes its stats from the armoury.
func TestBattleScribeArmoury(t *testing.T) {
	opt := bsOptions()
	opt.Armoury = &Armoury{Ruleset: "trenchcrusade", Gear: []ArmouryGear{{Name: "holy  relic", Kind: "armour", Stats: map[string]int{"injury-mod": -1}}}}
	r, err := Read("a.ros", bsRead(t, "tc-ash-choir.ros"), "", opt)
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(r.Unknown, func(u Unknown) bool { return strings.Contains(u.What, "Holy Relic") }) {
		t.Errorf("the relic is still unknown: %+v", r.Unknown)
	}
	g := r.Roster.Models[0].Gear
	if len(g) != 4 || g[3].Name != "holy  relic" || g[3].Kind != "armour" {
		t.Errorf("gear %+v; want the armoury's relic last", g)
	}
}

// bsTC is a Trench Crusade .ros with the models given (selections), in
// namespace ns of game game.
func bsTC(ns, game, selections string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<roster name="Test" gameSystemName="` + game + `" xmlns="` + ns + `"><forces><force name="Warband"><selections>` + selections + `</selections></force></forces></roster>`
}

// bsUnit is a Trench Crusade model selection with the characteristics
// given (name, value pairs).
func bsUnit(name, attrs string, chars ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<selection name="%s" type="model" %s><profiles><profile name="%s" typeName="Unit" hidden="false"><characteristics>`, name, attrs, name)
	for i := 0; i+1 < len(chars); i += 2 {
		fmt.Fprintf(&b, `<characteristic name="%s">%s</characteristic>`, chars[i], chars[i+1])
	}
	b.WriteString(`</characteristics></profile></profiles></selection>`)
	return b.String()
}

var bsGood = bsUnit("Cultist", "", "Movement", `6"/Infantry`, "Ranged", "0", "Melee", "0", "Armour", "0")

// Bad files are refused with an *Error naming what is wrong, and where.
func TestBattleScribeErrors(t *testing.T) {
	const tc = "Trench Crusade"
	deep := bsTC(bsNamespace, tc, strings.Repeat("<selection><selections>", 35)+strings.Repeat("</selections></selection>", 35))
	many := bsTC(bsNamespace, tc, bsGood+strings.Repeat("<rule/>", bsMaxElements))
	ffUnit := func(chars ...string) string {
		s := strings.Replace(bsUnit("Raider", "", chars...), `type="model"`, `type="model"`, 1)
		return strings.Replace(bsTC(bsNamespace, "Fallout: Factions", s), "Test", "FF", 1)
	}
	jsonDeep := `{"roster": {"gameSystemName": "Trench Crusade", "forces": ` + strings.Repeat("[", 70) + strings.Repeat("]", 70) + `}}`
	bomb := bsZip(t, "bomb.ros", bsTC(bsNamespace, tc, bsGood)+strings.Repeat(" ", 3<<20))
	huge := bsZip(t, "huge.ros", strings.Repeat(" ", MaxSize+1))
	var entries []string
	for i := range 17 {
		entries = append(entries, fmt.Sprintf("notes%d.txt", i), "x")
	}
	for _, c := range []struct {
		name, data string
		opt        func(*Options)
		want       []string
	}{
		{"40k.ros", bsTC(bsNamespace, "Warhammer 40,000 10th Edition", bsGood), nil,
			[]string{"this is a Warhammer 40,000 10th Edition roster; skirmish reads Trench Crusade and Fallout: Factions rosters"}},
		{"nogame.ros", bsTC(bsNamespace, "", bsGood), nil, []string{"does not name its game"}},
		{"ns.ros", bsTC("http://www.battlescribe.net/schema/catalogueSchema", tc, bsGood), nil,
			[]string{`namespace "http://www.battlescribe.net/schema/catalogueSchema" is not BattleScribe's roster schema (http://www.battlescribe.net/schema/rosterSchema)`}},
		{"nons.ros", strings.Replace(bsTC("", tc, bsGood), ` xmlns=""`, "", 1), nil, []string{"no namespace"}},
		{"cat.ros", `<?xml version="1.0"?><catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema"/>`, nil, []string{"BattleScribe catalogue file, not a roster"}},
		{"html.ros", `<html><body/></html>`, nil, []string{"root element is not <roster>"}},
		{"empty.ros", "", nil, []string{"not a BattleScribe or New Recruit roster"}},
		{"cut.ros", bsTC(bsNamespace, tc, bsGood)[:200], nil, []string{"not XML a roster can be read from"}},
		{"deep.ros", deep, nil, []string{"nested more than 64 deep", "roster/forces/force[0]/selections/selection[0]/…/selection[0]/", "/selections: elements nested"}},
		{"many.ros", many, nil, []string{"more than 50000 elements"}},
		{"doctype.ros", `<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY a "aaaa">]>` + bsTC(bsNamespace, tc, bsGood)[21:], nil, []string{"DOCTYPE", "entities are refused"}},
		{"entity.ros", strings.Replace(bsTC(bsNamespace, tc, bsGood), "Cultist", "&lol;", 1), nil, []string{"not XML"}},
		{"latin1.ros", strings.Replace(bsTC(bsNamespace, tc, bsGood), "UTF-8", "ISO-8859-1", 1), nil, []string{"a roster is UTF-8"}},
		{"nomove.ros", bsTC(bsNamespace, tc, bsGood+bsUnit("Hask", "", "Ranged", "+1 Dice", "Melee", "0", "Armour", "0")), nil,
			[]string{"models[1] Hask has no Movement, which trenchcrusade needs", "roster/forces/force[0]/selections/selection[1]/profiles/profile[0]"}},
		{"hidden.ros", bsTC(bsNamespace, tc, strings.Replace(bsGood, `hidden="false"`, `hidden="true"`, 1)), nil,
			[]string{"models[0] Cultist has no Movement (it has no visible Unit profile), which trenchcrusade needs"}},
		{"nomelee.json", `{"roster": {"gameSystemName": "Trench Crusade", "forces": [{"selections": [{"name": "Ada", "type": "model", "profiles": [{"typeName": "Unit", "characteristics": [{"name": "Movement", "$text": "6"}, {"name": "Ranged", "$text": "0"}, {"name": "Armour", "$text": "0"}]}]}]}]}}`, nil,
			[]string{"models[0] Ada has no Melee, which trenchcrusade needs"}},
		{"nohealth.ros", ffUnit("S", "5", "P", "5", "E", "5", "C", "5", "I", "5", "A", "5", "L", "1"), nil, []string{"models[0] Raider has no Health, which falloutfactions needs"}},
		{"badmove.ros", bsTC(bsNamespace, tc, strings.Replace(bsGood, `6"/Infantry`, "fast", 1)), nil, []string{`models[0] Cultist: Movement "fast" is not a number of inches`}},
		{"number.ros", bsTC(bsNamespace, tc, strings.Replace(bsGood, `type="model"`, `type="model" number="three"`, 1)), nil, []string{`selection[0]@number`, `"three" is not a number of models`}},
		{"horde.ros", bsTC(bsNamespace, tc, strings.Replace(bsGood, `type="model"`, `type="model" number="100000"`, 1)), nil, []string{"allowed at most 32"}},
		{"nomodels.ros", bsTC(bsNamespace, tc, `<selection name="Variant" type="upgrade"/>`), nil, []string{"no models in the roster"}},
		{"other.ros", bsTC(bsNamespace, tc, bsGood), func(o *Options) { o.Ruleset = "falloutfactions" }, []string{"this is a Trench Crusade roster (ruleset trenchcrusade), not one for falloutfactions"}},
		{"deep.json", jsonDeep, nil, []string{"nested more than 64 deep"}},
		{"noroster.json", `{"roster": [], "gang": {}}`, nil, []string{`New Recruit's JSON export is {"roster": {...}}`}},
		{"trail.json", `{"roster": {}} {}`, nil, []string{"more after the JSON object"}},
		{"bomb.rosz", string(bomb), nil, []string{"bomb.ros", "more than 100 times its packed size", "zip bomb"}},
		{"huge.rosz", string(huge), nil, []string{"huge.ros", "unpacks to more than 4194304 bytes"}},
		{"two.rosz", string(bsZip(t, "a.ros", bsTC(bsNamespace, tc, bsGood), "b/b.ros", bsTC(bsNamespace, tc, bsGood))), nil, []string{"2 .ros files in the zip (a.ros, b/b.ros); a .rosz holds one"}},
		{"none.rosz", string(bsZip(t, "readme.txt", "hello")), nil, []string{"no .ros in the zip (it holds readme.txt)"}},
		{"entries.rosz", string(bsZip(t, entries...)), nil, []string{"the zip holds 17 entries"}},
		{"broken.rosz", "PK\x03\x04 not really a zip", nil, []string{"the zip cannot be read"}},
		{"inner.rosz", string(bsZip(t, "a.ros", "<roster")), nil, []string{"a.ros: ", "not XML"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := bsOptions()
			if c.opt != nil {
				c.opt(&opt)
			}
			r, err := Read(c.name, []byte(c.data), "battlescribe", opt)
			if err == nil {
				t.Fatalf("read %d models; want an error", len(r.Roster.Models))
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T %v; want a *roster.Error", err, err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q; want it to say %q", err, w)
				}
			}
		})
	}
}
