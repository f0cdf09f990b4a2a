package necromunda

import (
	"fmt"
	"slices"

	"github.com/skirmish-engine/skirmish/engine"
)

// Roster is what an edition allows of a setup's models, as CheckModels
// checks it: the parts both editions share (model types, keywords by type,
// gear kinds and characteristics, Rapid Fire's dice) written once, and the
// edition's own checks through its hooks.
type Roster struct {
	Game                             string // the ruleset's ID, for messages ("n23")
	FighterKeywords, VehicleKeywords []string
	KeywordRule                      string // where the keyword split is stated, cited in a refusal; "" for none
	StatRange                        func(k string) (lo, hi int, ok bool)
	Stats                            string // the characteristics allowed, as a refusal lists them
	MaxFirepower                     int    // the most Rapid Fire dice
	// Model checks the edition's own of model i (its starting status).
	Model func(su *engine.Setup, i int) error
	// NoLongRange reports a ranged weapon that may have no Long Range (N26:
	// one that is also a melee weapon); nil for none.
	NoLongRange func(g engine.Gear) bool
	// Gear checks the edition's own of a piece of gear at path
	// ("models[0].gear[1]"), after the shared checks; nil for none.
	Gear func(path string, g engine.Gear) error
}

// Spec is the edition's engine.RosterSpec: fighters and vehicles with
// their keywords; ranged and melee weapons with the characteristics in
// stats (the keys StatRange knows), wargear without.
func (r *Roster) Spec(stats ...string) engine.RosterSpec {
	return engine.RosterSpec{Types: []string{"fighter", "vehicle"},
		Keywords: map[string][]string{"fighter": r.FighterKeywords, "vehicle": r.VehicleKeywords},
		Gear:     map[string][]string{"ranged": stats, "melee": stats, "wargear": nil}}
}

// CheckModels checks every model of su against r, and returns the first
// problem as an *engine.FieldError naming its field.
func (r *Roster) CheckModels(su *engine.Setup) error {
	bad := func(path, format string, a ...any) error {
		return &engine.FieldError{Path: path, Problem: fmt.Sprintf(format, a...)}
	}
	cite := ""
	if r.KeywordRule != "" {
		cite = " (" + r.KeywordRule + ")"
	}
	for i, m := range su.Models {
		p := fmt.Sprintf("models[%d]", i)
		switch m.Type {
		case "fighter", "vehicle":
		default:
			return bad(p+".type", "%q is not a model type of %s; allowed fighter or vehicle", m.Type, r.Game)
		}
		own, other, otherType := r.FighterKeywords, r.VehicleKeywords, "vehicle"
		if m.Type == "vehicle" {
			own, other, otherType = r.VehicleKeywords, r.FighterKeywords, "fighter"
		}
		for k, kw := range m.Keywords {
			switch {
			case slices.Contains(own, kw):
			case slices.Contains(other, kw):
				return bad(fmt.Sprintf("%s.keywords[%d]", p, k), "%s is for %ss only; a %s cannot have it%s", kw, otherType, m.Type, cite)
			default:
				return bad(fmt.Sprintf("%s.keywords[%d]", p, k), "unknown keyword %q; allowed for a %s: %v", kw, m.Type, own)
			}
		}
		if err := r.Model(su, i); err != nil {
			return err
		}
		for g, gear := range m.Gear {
			gp := fmt.Sprintf("%s.gear[%d]", p, g)
			switch gear.Kind {
			case "ranged", "melee", "wargear":
			default:
				return bad(gp+".kind", "%q is not a gear kind of %s; allowed ranged, melee or wargear", gear.Kind, r.Game)
			}
			for k, v := range gear.Stats {
				lo, hi, ok := r.StatRange(k)
				if !ok {
					return bad(gp+".stats."+k, "unknown weapon characteristic; allowed %s", r.Stats)
				}
				if v < lo || v > hi {
					return bad(gp+".stats."+k, "%d is out of range; allowed %d to %d", v, lo, hi)
				}
			}
			if gear.Kind == "ranged" && gear.Stats["lr"] == 0 && (r.NoLongRange == nil || !r.NoLongRange(gear)) {
				return bad(gp+".stats.lr", "a ranged weapon needs a Long Range above 0")
			}
			if n, ok := gear.Trait("rapid-fire"); ok && (n < 1 || n > r.MaxFirepower) {
				return bad(gp+".traits", "rapid-fire %d; allowed 1 to %d", n, r.MaxFirepower)
			}
			if r.Gear != nil {
				if err := r.Gear(gp, gear); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
