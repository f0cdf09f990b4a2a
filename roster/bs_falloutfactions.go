package roster

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/skirmish-engine/skirmish/scenario"
)

// bsFalloutFactions reads Fallout: Factions rosters (battlescribe):
//
//   - Categories Leader, Champion and Grunt give the model's type; a
//     category named as a perk is that perk.
//   - Unit profile: S, P, E, C, I, A, L (or Strength … Luck), Wound (or
//     Wounds, Health) as Health, Perks (each known perk a keyword, others
//     unknown), Base (`32mm`); any other characteristic is unknown. A Perk
//     profile is a perk too.
//   - Weapon profiles: Type `Pistol(14")` (kind pistol, rifle, heavy,
//     grenade or melee, and the Effective Range in inches), Test `4A` (4
//     dice against Agility: stat A: 4), Traits and Effect (or Critical
//     Effect): each trait or critical effect the ruleset knows, with its
//     (X) (`Aim (+1)` is aim 1); the rest unknown, as is a trait needing
//     an (X) without one, one of a kind of weapon it is not for, and a
//     second critical effect.
//   - Wargear, Equipment, Item, Chem and Armour profiles: wargear (carried,
//     not used), its text unknown.
var bsFalloutFactions = bsGame{
	ruleset: "falloutfactions", title: "Fallout: Factions", base: 32,
	match:   func(g string) bool { return strings.Contains(g, "fallout") && strings.Contains(g, "factions") },
	unit:    ffUnit,
	profile: ffProfile,
}

// The rules of falloutfactions' weapon traits that a roster's weapon must
// keep to (rulesets/falloutfactions, checkGear).
var (
	ffValued  = []string{"aim", "area", "storm", "unwieldy", "ignite", "poison", "pushback", "suppress", "tranquilize"}
	ffCrits   = []string{"ignite", "maim", "meltdown", "pierce", "poison", "pushback", "suppress", "tranquilize"}
	ffRanged  = []string{"aim", "area", "cqb", "storm"}
	ffMelee   = []string{"wind-up"}
	ffStats   = map[string]string{"s": "S", "strength": "S", "p": "P", "perception": "P", "e": "E", "endurance": "E", "c": "C", "charisma": "C", "i": "I", "intelligence": "I", "a": "A", "agility": "A", "l": "L", "luck": "L", "wound": "Health", "wounds": "Health", "health": "Health", "hp": "Health"}
	ffTest    = regexp.MustCompile(`(?i)(\d{1,2})\s*([special])\b`)
	ffWargear = []string{"wargear", "equipment", "item", "items", "chem", "chems", "armour", "armor", "clothing", "consumable"}
)

func ffUnit(c *bsModel) error {
	p := c.unit
	if p == nil {
		return c.need()
	}
	for _, ch := range p.chars {
		k := bsKey(ch.name)
		if stat, ok := ffStats[k]; ok {
			n, ok := bsInt(ch.value)
			if !ok {
				return c.badValue(p, ch, "a number")
			}
			c.m.Profile[stat] = n
			continue
		}
		switch k {
		case "perks", "perk":
			for _, pk := range bsItems(ch.value) {
				if !c.keyword(pk) {
					c.unknown(c.where, "perk "+pk, "falloutfactions does not model it")
				}
			}
		case "base":
			c.base(ch.value)
		default:
			if !bsDash(ch.value) {
				c.unknown(c.where, "characteristic "+cleanText(ch.name)+": "+cleanText(ch.value), "falloutfactions does not model it")
			}
		}
	}
	return c.need()
}

func ffProfile(c *bsModel, o bsOwned) bool {
	t := normal(o.prof.typeName)
	name := cleanText(o.prof.name)
	switch {
	case strings.Contains(t, "weapon"):
		ffWeapon(c, o.prof)
	case t == "perk" || t == "perks":
		if !c.keyword(name) {
			c.unknown(c.where, "perk "+name, "falloutfactions does not model it")
		}
	case slices.Contains(ffWargear, t):
		c.m.Gear = append(c.m.Gear, scenario.Gear{Name: name, Kind: "wargear"})
		for _, ch := range o.prof.chars {
			if !bsDash(ch.value) {
				c.unknown(c.at(name), "wargear "+cleanText(ch.name)+": "+cleanText(ch.value), "falloutfactions carries wargear without using it")
			}
		}
	default:
		return false
	}
	return true
}

// ffWeapon is a Weapon profile as a weapon of its kind.
func ffWeapon(c *bsModel, p *bsProfile) {
	name := cleanText(p.name)
	where := c.at(name)
	var typ, test string
	var traits []string
	for _, ch := range p.chars {
		switch bsKey(ch.name) {
		case "type":
			typ = ch.value
		case "test":
			test = ch.value
		case "traits", "trait", "effect", "criticaleffect", "critical", "crit":
			traits = append(traits, bsItems(ch.value)...)
		default:
			if !bsDash(ch.value) {
				c.unknown(where, "characteristic "+cleanText(ch.name)+": "+cleanText(ch.value), "falloutfactions does not model it")
			}
		}
	}
	word, _, _ := strings.Cut(bsValue(typ), "(")
	word = strings.TrimRightFunc(word, func(r rune) bool { return r == ' ' || r == '"' || r >= '0' && r <= '9' })
	kind := Slug(word, "model")
	if !slices.Contains([]string{"pistol", "rifle", "heavy", "grenade", "melee"}, kind) {
		if !c.fromArmoury(name) {
			c.unknown(c.where, "weapon "+name+" of type "+cleanText(typ), "falloutfactions' weapons are pistols, rifles, heavy weapons, grenades and melee weapons")
		}
		return
	}
	g := scenario.Gear{Name: name, Kind: kind, Stats: map[string]int{}}
	if kind != "melee" {
		r, ok := bsInt(typ)
		if !ok || r < 1 {
			c.unknown(c.where, "weapon "+name+" of type "+cleanText(typ), "no Effective Range in inches: falloutfactions cannot use it")
			return
		}
		g.Stats["range"] = r
	}
	m := ffTest.FindStringSubmatch(test)
	if m == nil {
		c.unknown(c.where, "weapon "+name+" with test "+cleanText(test), "not a test such as 4A: falloutfactions cannot use it")
		return
	}
	n, _ := bsInt(m[1])
	g.Stats[strings.ToUpper(m[2])] = n
	crit := ""
	for _, t := range traits {
		tn, val, hasVal := ffTrait(t)
		s := Slug(tn, "model")
		c.seen[s] = true
		why := ""
		switch {
		case !slices.Contains(c.b.info.Traits, s):
			why = "falloutfactions does not model it"
		case slices.Contains(ffValued, s) && !hasVal:
			why = "it needs its (X)"
		case slices.Contains(ffRanged, s) && kind == "melee":
			why = "falloutfactions has it for ranged weapons only"
		case slices.Contains(ffMelee, s) && kind != "melee":
			why = "falloutfactions has it for melee weapons only"
		case slices.Contains(ffCrits, s) && crit != "":
			why = "a weapon has one critical effect (" + crit + " was kept)"
		case s == "fast" && slices.Contains(g.Traits, "slow") || s == "slow" && slices.Contains(g.Traits, "fast"):
			why = "a weapon is not both fast and slow (the first was kept)"
		}
		if why != "" {
			c.unknown(where, "trait "+t, why)
			continue
		}
		if slices.Contains(ffCrits, s) {
			crit = s
		}
		tr := s
		if slices.Contains(ffValued, s) {
			tr = fmt.Sprintf("%s %d", s, val)
		}
		if !slices.ContainsFunc(g.Traits, func(x string) bool { return x == tr || strings.HasPrefix(x, s+" ") }) {
			g.Traits = append(g.Traits, tr)
		}
	}
	c.m.Gear = append(c.m.Gear, g)
}

// ffTrait splits a trait as rosters write it ("Aim (+1)", "Area (2\")",
// "Storm 2", "CQB") into its name and its (X).
func ffTrait(t string) (name string, val int, ok bool) {
	v := bsValue(t)
	name, rest, _ := strings.Cut(v, "(")
	if i := strings.IndexFunc(name, func(r rune) bool { return r >= '0' && r <= '9' || r == '+' }); i > 0 {
		name, rest = name[:i], name[i:]+rest
	}
	val, ok = bsInt(rest)
	return strings.TrimSpace(name), max(val, -val), ok
}
