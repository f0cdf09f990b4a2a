package all

import (
	"slices"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// Each ruleset's engine.Info.Roster, which importers and the roster
// editor keep to, agrees with its CheckSetup: every sample model's type,
// keywords, gear kinds and stats are in it, and a keyword, gear kind or
// stat outside it is refused by the setup check.
func TestRosterSpecAgreesWithCheckSetup(t *testing.T) {
	for _, d := range decodedSamples(t, false) {
		spec := d.rs.Info().Roster
		if len(spec.Types) == 0 {
			t.Fatalf("%s: no Roster spec", d.key)
		}
		for _, m := range d.su.Models {
			if !slices.Contains(spec.Types, m.Type) && !(m.Type == "" && spec.Types[0] == "model") {
				t.Errorf("%s: %s's type %q not in %v", d.key, m.ID, m.Type, spec.Types)
			}
			typ := m.Type
			if typ == "" {
				typ = spec.Types[0]
			}
			for _, kw := range m.Keywords {
				if !slices.Contains(spec.Keywords[typ], kw) {
					t.Errorf("%s: %s's keyword %q not in the spec", d.key, m.ID, kw)
				}
			}
			for _, g := range m.Gear {
				stats, ok := spec.Gear[g.Kind]
				if !ok {
					t.Errorf("%s: %s's %s: kind %q not in the spec", d.key, m.ID, g.Name, g.Kind)
				}
				for k := range g.Stats {
					if !slices.Contains(stats, k) {
						t.Errorf("%s: %s's %s: stat %q not in the spec's %v", d.key, m.ID, g.Name, k, stats)
					}
				}
			}
		}
		check, ok := d.rs.(interface{ CheckSetup(*engine.Setup) error })
		if !ok {
			continue
		}
		for what, change := range map[string]func(m *engine.ModelSetup){
			"keyword": func(m *engine.ModelSetup) { m.Keywords = append(slices.Clone(m.Keywords), "no-such-keyword") },
			"gear kind": func(m *engine.ModelSetup) {
				m.Gear = append(slices.Clone(m.Gear), engine.Gear{Name: "x", Kind: "no-such-kind"})
			},
		} {
			su := *d.su
			su.Models = slices.Clone(su.Models)
			change(&su.Models[0])
			if err := check.CheckSetup(&su); err == nil {
				t.Errorf("%s: a %s outside the spec is accepted", d.key, what)
			}
		}
	}
}
