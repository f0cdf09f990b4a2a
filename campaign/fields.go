package campaign

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/skirmish-engine/skirmish/scenario"
)

// get reads field of model (the roster's own when model is empty) as a
// change writes it: numbers in decimal, a list joined by ", ".
func get(r *scenario.Roster, model, field string) (string, error) {
	if model == "" {
		c := r.Campaign
		if c == nil {
			c = &scenario.Campaign{}
		}
		switch field {
		case "xp":
			return strconv.Itoa(c.XP), nil
		case "caps":
			return strconv.Itoa(c.Caps), nil
		case "parts":
			return strconv.Itoa(c.Parts), nil
		case "stash":
			return strings.Join(c.Stash, ", "), nil
		}
		return "", fmt.Errorf("the roster has no field %q", field)
	}
	i := slices.IndexFunc(r.Models, func(m scenario.Model) bool { return m.ID == model })
	if i < 0 {
		return "", fmt.Errorf("the roster has no model %s", model)
	}
	m := &r.Models[i]
	rec := m.Record
	if rec == nil {
		rec = &scenario.Record{}
	}
	switch {
	case field == "xp":
		return strconv.Itoa(rec.XP), nil
	case field == "out":
		return rec.Out, nil
	case field == "injuries":
		return strings.Join(rec.Injuries, ", "), nil
	case strings.HasPrefix(field, "profile."):
		v, ok := m.Profile[strings.TrimPrefix(field, "profile.")]
		if !ok {
			return "", fmt.Errorf("%s has no %s", model, field)
		}
		return strconv.Itoa(v), nil
	}
	return "", fmt.Errorf("a model has no field %q", field)
}

// do makes change ch on r (undo: takes it back), checking that the field
// holds what the change expects.
func do(r *scenario.Roster, ch scenario.Change, undo bool) error {
	from, to := ch.From, ch.To
	if undo {
		from, to = to, from
	}
	if ch.Add != "" {
		return addTo(r, ch, undo)
	}
	cur, err := get(r, ch.Model, ch.Field)
	if err != nil {
		return err
	}
	if undo && counted(ch.Field) {
		// Experience, caps and parts are spent and earned between games:
		// taking an entry back takes back what it added, whatever the
		// count is now, down to 0.
		c, _ := strconv.Atoi(cur)
		f, err1 := strconv.Atoi(ch.From)
		t, err2 := strconv.Atoi(ch.To)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("%s: %q → %q is not a change of a number", where(ch), ch.From, ch.To)
		}
		from, to = cur, strconv.Itoa(max(0, c-(t-f))) // what was spent since stays spent
	}
	if cur != from {
		return fmt.Errorf("%s is %q, not %q", where(ch), cur, from)
	}
	if ch.Field == "out" {
		if to != "" && !slices.Contains(scenario.Outs, to) {
			return fmt.Errorf("%s: %q is not a reason to miss games", where(ch), to)
		}
		rec(r, ch.Model).Out = to
		return nil
	}
	n, err := strconv.Atoi(to)
	if err != nil || n < 0 && !strings.HasPrefix(ch.Field, "profile.") {
		return fmt.Errorf("%s: %q is not a number it can hold", where(ch), to)
	}
	if ch.Model == "" {
		c := r.Campaign
		switch ch.Field {
		case "xp":
			c.XP = n
		case "caps":
			c.Caps = n
		case "parts":
			c.Parts = n
		default:
			return fmt.Errorf("%s is a list: a change adds to it", where(ch))
		}
		return nil
	}
	if ch.Field == "xp" {
		rec(r, ch.Model).XP = n
		return nil
	}
	if !strings.HasPrefix(ch.Field, "profile.") {
		return fmt.Errorf("%s is a list: a change adds to it", where(ch))
	}
	m := model(r, ch.Model)
	m.Profile[strings.TrimPrefix(ch.Field, "profile.")] = n
	return nil
}

// addTo appends ch.Add to a list field, or (undo) removes its last
// occurrence.
func addTo(r *scenario.Roster, ch scenario.Change, undo bool) error {
	var list *[]string
	switch {
	case ch.Model == "" && ch.Field == "stash":
		list = &r.Campaign.Stash
	case ch.Model != "" && ch.Field == "injuries":
		if model(r, ch.Model) == nil {
			return fmt.Errorf("the roster has no model %s", ch.Model)
		}
		list = &rec(r, ch.Model).Injuries
	default:
		return fmt.Errorf("%s is not a list", where(ch))
	}
	if !undo {
		*list = append(*list, ch.Add)
		return nil
	}
	for k := len(*list) - 1; k >= 0; k-- {
		if (*list)[k] == ch.Add {
			*list = slices.Delete(*list, k, k+1)
			return nil
		}
	}
	return fmt.Errorf("%s holds no %q to take back", where(ch), ch.Add)
}

func where(ch scenario.Change) string {
	if ch.Model == "" {
		return "the roster's " + ch.Field
	}
	return ch.Model + "'s " + ch.Field
}

// model is r's model of ID id, or nil.
func model(r *scenario.Roster, id string) *scenario.Model {
	i := slices.IndexFunc(r.Models, func(m scenario.Model) bool { return m.ID == id })
	if i < 0 {
		return nil
	}
	return &r.Models[i]
}

// rec is the record of r's model id, made if it has none.
func rec(r *scenario.Roster, id string) *scenario.Record {
	m := model(r, id)
	if m.Record == nil {
		m.Record = &scenario.Record{}
	}
	return m.Record
}

// clone is a deep copy of what a change may touch.
func clone(r *scenario.Roster) *scenario.Roster {
	c := *r
	c.Models = slices.Clone(r.Models)
	for i := range c.Models {
		m := &c.Models[i]
		m.Profile = maps.Clone(m.Profile)
		if m.Record != nil {
			rc := *m.Record
			rc.Injuries = slices.Clone(rc.Injuries)
			m.Record = &rc
		}
	}
	if r.Campaign != nil {
		cc := *r.Campaign
		cc.Stash = slices.Clone(cc.Stash)
		cc.History = slices.Clone(cc.History)
		c.Campaign = &cc
	} else {
		c.Campaign = &scenario.Campaign{}
	}
	return &c
}

// tidy drops the records left empty (a change taken back), so that a
// roster reads as it did.
func tidy(r *scenario.Roster) {
	for i := range r.Models {
		if rc := r.Models[i].Record; rc != nil && rc.XP == 0 && rc.Out == "" && len(rc.Injuries) == 0 {
			r.Models[i].Record = nil
		}
	}
}

// counted reports whether a field is a count that games add to and
// players spend (experience, caps, parts): a change of it is taken back by
// its difference.
func counted(field string) bool { return field == "xp" || field == "caps" || field == "parts" }
