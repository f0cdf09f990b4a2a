package campaign

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/scenario"
)

// lasting is what an entry of Necromunda's lasting tables does to a model
// in a campaign (rules.md §2.3.4, "Engine effect"; n23 rolls on N26's
// tables, rules.md §3.3): kept as an injury, a reason to miss games, a
// characteristic a step worse (or better), and what is the players' to
// do (a {m} stands for the model's ID).
type lasting struct {
	injury bool
	out    string
	stat   string
	step   int // +1 better, -1 worse
	left   string
}

// n26Injury is the Lasting Injury table's effects (fighters), n26Damage
// the Lasting Damage table's (vehicles), by the entries' names in
// rules/necromunda.
var (
	n26Injury = map[string]lasting{
		"lesson-learnt":    {left: "roll D3 and add it to {m}'s XP (Lesson Learnt)"},
		"eternal-enmity":   {injury: true, left: "{m} hates the gang type that took it out of action (Eternal Enmity)"},
		"bitter-enmity":    {injury: true, left: "{m} hates the gang that took it out of action (Bitter Enmity)"},
		"personal-enmity":  {injury: true, left: "{m} hates the model that took it out of action, or its gang if no enemy did (Personal Enmity)"},
		"horrid-scars":     {injury: true, left: "{m} gains Fearsome (Horrid Scars)"},
		"impressive-scars": {injury: true, stat: "Ld", step: +1},
		"out-cold":         {},
		"grievous-wound":   {injury: true, out: "recovery"},
		"eye-injury":       {injury: true, out: "recovery", stat: "BS", step: -1},
		"hand-injury":      {injury: true, out: "recovery", stat: "WS", step: -1},
		"hobbled":          {injury: true, out: "recovery", stat: "M", step: -1},
		"spinal-injury":    {injury: true, out: "recovery", stat: "S", step: -1},
		"enfeebled":        {injury: true, out: "recovery", stat: "T", step: -1},
		"head-injury":      {injury: true, out: "recovery", stat: "Ld", step: -1},
		"captured":         {out: "captured", left: "{m} is held by the enemy: rescue, ransom or trade it by the campaign's rules, then clear its out"},
		"critical-injury":  {out: "critical", left: "{m} dies unless a Doc treats it in the post-cycle sequence: set its out to dead, or clear it once treated"},
		"memorable-death":  {out: "dead", left: "the enemy model that took {m} out of action gains 1 XP"},
	}
	n26Damage = map[string]lasting{
		"lesson-learnt":          {left: "roll D3 and add it to {m}'s XP (Lesson Learnt)"},
		"enmity":                 {injury: true, left: "{m}'s crew hates the gang type, gang or model that took it out of action (Enmity)"},
		"percussive-repair":      {left: "{m} may lose one earlier Lasting Damage (Percussive Repair): remove it from its injuries if the players so choose"},
		"superficial-damage":     {},
		"major-damage":           {injury: true, out: "recovery"},
		"busted-sights":          {injury: true, out: "recovery", stat: "BS", step: -1},
		"drive-system-fault":     {injury: true, out: "recovery", stat: "M", step: -1},
		"buckled-frame":          {injury: true, out: "recovery", stat: "T", step: -1},
		"engine-fracture":        {injury: true, out: "recovery", stat: "W", step: -1},
		"captured":               {out: "captured", left: "{m} is held by the enemy: rescue, ransom or trade it by the campaign's rules, then clear its out"},
		"critical-damage":        {injury: true, out: "repair", left: "{m} is unusable until repaired at a Chop Shop: clear its out once it is"},
		"catastrophic-explosion": {out: "dead", left: "the enemy model that took {m} out of action gains 1 XP"},
	}
)

// result plans what one result does.
func (p *planner) result(res engine.Result) {
	id := p.ids[res.Model]
	switch res.Kind {
	case engine.ResultNote:
		p.left("%s", res.Text)
	case engine.ResultUnhurt:
		// nothing lasting
	case engine.ResultOutOfAction:
		p.left("%s was out of action at the end: its injuries are the campaign's rules' (%s rolls none)", id, p.g.Ruleset.ID)
	case engine.ResultToTreat:
		p.left("%s is to be treated after the game (%s): the step is the players' (its table is not in the rules we have)", id, res.Entry)
	case engine.ResultXP:
		p.bump("xp", res.Value, res.Text)
	case engine.ResultCaps:
		p.bump("caps", res.Value, res.Text)
	case engine.ResultParts:
		p.bump("parts", res.Value, res.Text)
	case engine.ResultPoints:
		// the game's own score: nothing carries over
	case engine.ResultFind:
		v := res.Entry
		if res.Value > 0 {
			v = fmt.Sprintf("%s (up to %d caps)", res.Entry, res.Value)
		}
		p.add("", "stash", v, res.Text)
	case engine.ResultLasting:
		p.lasting(id, res)
	default:
		p.left("%s (a result this campaign does not know: %s)", res.Text, res.Kind)
	}
}

// theirs notes what another side's result gives this roster's players
// to do (rules.md §2.3.4): the experience of the model that took an
// enemy out for good, and a captive held.
func (p *planner) theirs(res engine.Result) {
	if res.Kind != engine.ResultLasting {
		return
	}
	switch res.Entry {
	case "memorable-death", "catastrophic-explosion":
		p.left("the model of yours that took %s (the other side's) out of action gains 1 XP (%s)", res.Model, res.Entry)
	case "captured":
		p.left("you hold %s (the other side's) captive: its fate is the campaign's rules'", res.Model)
	}
}

// bump adds v to one of the roster's own numbers.
func (p *planner) bump(field string, v int, why string) {
	if v == 0 {
		return
	}
	n, _ := strconv.Atoi(p.value("", field))
	p.change("", field, strconv.Itoa(n+v), why)
}

// lasting plans a lasting roll's entry for roster model id.
func (p *planner) lasting(id string, res engine.Result) {
	m := p.model(id)
	table := n26Injury
	if m.Type == "vehicle" {
		table = n26Damage
	}
	l, ok := table[res.Entry]
	if !ok {
		p.left("%s (an entry this campaign does not know: its effect is the players')", res.Text)
		return
	}
	if l.injury {
		p.add(id, "injuries", res.Entry, res.Text)
	}
	if l.stat != "" {
		p.stat(m, l.stat, l.step, res.Text)
	}
	if l.out != "" {
		// A worse reason stands: dead over captured over the rest.
		if cur := p.value(id, "out"); cur == "" || rank(l.out) > rank(cur) {
			p.change(id, "out", l.out, res.Text)
		}
	}
	if l.left != "" {
		p.left("%s", replaceModel(l.left, id))
	}
}

// rank orders the reasons to miss games, the lasting first.
func rank(out string) int {
	return slices.Index([]string{"recovery", "repair", "critical", "captured", "dead"}, out)
}

// stat plans characteristic name of m a step better (+1) or worse (-1),
// within the ruleset's range; a target number (engine.Stat.Target: N23's
// Ld, either edition's BS) is better lower.
func (p *planner) stat(m *scenario.Model, name string, step int, why string) {
	field := "profile." + name
	cur, err := strconv.Atoi(p.value(m.ID, field))
	if err != nil {
		p.left("%s: %s has no %s to change", why, m.ID, name)
		return
	}
	to := cur + step
	for _, st := range p.g.Ruleset.Profile {
		if st.Name == name {
			if st.Target {
				to = cur - step
			}
			to = max(st.Min, min(st.Max, to))
		}
	}
	if to == cur {
		p.left("%s: %s's %s stays %d, as far as it goes", why, m.ID, name, cur)
		return
	}
	p.change(m.ID, field, strconv.Itoa(to), why)
}

func replaceModel(s, id string) string { return strings.ReplaceAll(s, "{m}", id) }
