package roster

import (
	"regexp"
	"slices"
	"strings"

	"github.com/skirmish-engine/skirmish/scenario"
)

// bsTrenchCrusade reads Trench Crusade rosters (battlescribe):
//
//   - Unit profile: Movement (`6"/Infantry`: the inches; a movement type
//     other than Infantry is unknown), Ranged and Melee (`+1 Dice`; "-" is
//     0), Armour (`-1`; "-" is 0), Base (`25mm`), Keywords (as categories
//     are); any other characteristic is unknown.
//   - Weapon profiles: a Range in inches makes a ranged weapon (range);
//     Type or Range saying Melee and no inches a melee weapon; a ranged
//     weapon also usable in melee (`12"/Melee`) is unknown in that use.
//     Keywords (and Modifiers): +N DICE (dice), +N INJURY DICE
//     (injury-dice), +N INJURY (injury-mod), ASSAULT (the trait, ranged
//     weapons only); any other keyword is unknown. A third melee weapon is
//     unknown (a model fights with two).
//   - Battlekit profiles: armour and shields (by their Type or name) with
//     the injury modifier their Armour, Injury or Modifier characteristic,
//     or their text (`-1 to Injury`), gives; other battlekit is unknown.
//     The Unit profile's Armour is taken as the file writes it, apart from
//     this gear (rules.md §4.3 counts both): a catalogue that folds its
//     armour into the Armour characteristic as well would count it twice.
var bsTrenchCrusade = bsGame{
	ruleset: "trenchcrusade", title: "Trench Crusade", base: 25,
	match:       func(g string) bool { return strings.Contains(g, "trench crusade") },
	bookkeeping: []string{"troop", "troops", "warband"},
	unit:        tcUnit,
	profile:     tcProfile,
}

func tcUnit(c *bsModel) error {
	p := c.unit
	if p == nil {
		return c.need()
	}
	for _, ch := range p.chars {
		v := bsValue(ch.value)
		switch bsKey(ch.name) {
		case "movement", "move", "m":
			n, ok := bsInt(v)
			if !ok {
				return c.badValue(p, ch, `a number of inches (6"/Infantry)`)
			}
			c.m.Profile["Movement"] = n
			if _, kind, ok := strings.Cut(cleanText(ch.value), "/"); ok && normal(kind) != "infantry" && !bsDash(kind) {
				c.unknown(c.where, "movement type "+strings.TrimSpace(kind), "trenchcrusade moves every model as infantry")
			}
		case "ranged", "melee", "armour", "armor":
			stat := map[string]string{"ranged": "Ranged", "melee": "Melee", "armour": "Armour", "armor": "Armour"}[bsKey(ch.name)]
			n, ok := bsInt(v)
			if !ok && !bsDash(v) {
				return c.badValue(p, ch, "a number (+1 Dice, -1)")
			}
			c.m.Profile[stat] = n
		case "base":
			c.base(ch.value)
		case "keywords", "keyword":
			for _, k := range bsItems(ch.value) {
				if !c.keyword(k) {
					c.unknown(c.where, "keyword "+k, "trenchcrusade does not model it")
				}
			}
		default:
			if !bsDash(ch.value) {
				c.unknown(c.where, "characteristic "+cleanText(ch.name)+": "+cleanText(ch.value), "trenchcrusade does not model it")
			}
		}
	}
	return c.need()
}

func tcProfile(c *bsModel, o bsOwned) bool {
	t := normal(o.prof.typeName)
	switch {
	case strings.Contains(t, "weapon"):
		tcWeapon(c, o.prof)
	case strings.Contains(t, "battlekit") || slices.Contains([]string{"armour", "armor", "shield", "equipment"}, t):
		tcKit(c, o.prof)
	default:
		return false
	}
	return true
}

var (
	tcModifier = regexp.MustCompile(`^([+-]\s*\d{1,3})\s*(.*)$`)
	tcInjury   = regexp.MustCompile(`([+-]\s*\d{1,2})\s*(?:to\s+)?(?:the\s+)?(?:injury|injuries)`)
)

// tcWeapon is a Weapon profile as a ranged or melee weapon.
func tcWeapon(c *bsModel, p *bsProfile) {
	name := cleanText(p.name)
	where := c.at(name)
	var typ, rng string
	var kws []string
	for _, ch := range p.chars {
		switch bsKey(ch.name) {
		case "type":
			typ = ch.value
		case "range":
			rng = ch.value
		case "keywords", "keyword", "modifiers", "modifier":
			kws = append(kws, bsItems(ch.value)...)
		default:
			if !bsDash(ch.value) {
				c.unknown(where, "characteristic "+cleanText(ch.name)+": "+cleanText(ch.value), "trenchcrusade does not model it")
			}
		}
	}
	g := scenario.Gear{Name: name, Stats: map[string]int{}}
	r, ranged := bsInt(rng)
	melee := strings.Contains(normal(rng), "melee") || strings.Contains(normal(typ), "melee")
	switch {
	case ranged:
		g.Kind = "ranged"
		g.Stats["range"] = r
		if melee {
			c.unknown(where, "use in melee ("+cleanText(rng)+")", "trenchcrusade does not model a ranged weapon used in melee")
		}
	case melee:
		g.Kind = "melee"
	default:
		if !c.fromArmoury(name) {
			c.unknown(c.where, "weapon "+name+" (type "+cleanText(typ)+", range "+cleanText(rng)+")", "neither a range in inches nor melee: trenchcrusade cannot use it")
		}
		return
	}
	for _, k := range kws {
		if m := tcModifier.FindStringSubmatch(bsValue(k)); m != nil {
			n, _ := bsInt(m[1])
			stat := ""
			switch strings.TrimSpace(m[2]) {
			case "dice", "die", "dice to hit", "to hit":
				stat = "dice"
			case "injury dice", "injury die":
				stat = "injury-dice"
			case "injury", "injury modifier", "to injury", "injury mod":
				stat = "injury-mod"
			}
			if stat == "" {
				c.unknown(where, "modifier "+k, "trenchcrusade does not model it")
				continue
			}
			g.Stats[stat] += n
			continue
		}
		s := Slug(k, "model")
		c.seen[s] = true
		switch {
		case !slices.Contains(c.b.info.Traits, s):
			c.unknown(where, "keyword "+k, "trenchcrusade does not model it")
		case g.Kind != "ranged":
			c.unknown(where, "keyword "+k, "trenchcrusade has "+s+" for ranged weapons only")
		case !slices.Contains(g.Traits, s):
			g.Traits = append(g.Traits, s)
		}
	}
	melees := 0
	for _, x := range c.m.Gear {
		if x.Kind == "melee" {
			melees++
		}
	}
	if g.Kind == "melee" && melees >= 2 {
		c.unknown(c.where, "melee weapon "+name, "a model fights with at most two melee weapons in trenchcrusade: the first two were kept")
		return
	}
	if len(g.Stats) == 0 {
		g.Stats = nil
	}
	c.m.Gear = append(c.m.Gear, g)
}

// tcKit is a Battlekit profile: armour or a shield, with its injury
// modifier.
func tcKit(c *bsModel, p *bsProfile) {
	name := cleanText(p.name)
	where := c.at(name)
	typ := ""
	for _, ch := range p.chars {
		if bsKey(ch.name) == "type" {
			typ = ch.value
		}
	}
	kind := ""
	switch n := normal(typ + " " + name); {
	case strings.Contains(n, "shield"):
		kind = "shield"
	case strings.Contains(n, "armour") || strings.Contains(n, "armor"):
		kind = "armour"
	}
	if kind == "" {
		if !c.fromArmoury(name) {
			c.unknown(c.where, "battlekit "+name, "trenchcrusade models armour and shields only")
		}
		return
	}
	mod, found, from := 0, false, -1
	for i, ch := range p.chars {
		switch bsKey(ch.name) {
		case "armour", "armor", "injury", "injurymodifier", "modifier":
			if n, ok := bsInt(ch.value); ok && !found {
				mod, found, from = n, true, i
			}
		}
	}
	for i, ch := range p.chars {
		if m := tcInjury.FindStringSubmatch(bsValue(ch.value)); m != nil && !found {
			mod, _ = bsInt(m[1])
			found, from = true, i
		}
	}
	for i, ch := range p.chars {
		if k := bsKey(ch.name); i != from && k != "type" && !bsDash(ch.value) {
			c.unknown(where, "characteristic "+cleanText(ch.name)+": "+cleanText(ch.value), "trenchcrusade does not model it")
		}
	}
	switch {
	case !found:
		c.unknown(c.where, kind+" "+name, "no injury modifier given (-1 INJURY): trenchcrusade cannot use it")
	case mod > 0:
		c.unknown(c.where, kind+" "+name, "a positive injury modifier: trenchcrusade's armour and shields lower injuries")
	default:
		c.m.Gear = append(c.m.Gear, scenario.Gear{Name: name, Kind: kind, Stats: map[string]int{"injury-mod": mod}})
	}
}
