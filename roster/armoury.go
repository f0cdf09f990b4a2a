package roster

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/scenario"
)

// Armoury gives gear its stats by name, for formats whose files name
// weapons without their stats (Yaktribe's gangs) and for names a format's
// own reading does not know. It is a YAML file the player keeps:
//
//	ruleset: n23
//	gear:
//	  - {name: lasgun, kind: ranged, stats: {sr: 12, lr: 24, str: 3, d: 1, am: 2}}
//	  - {name: stub gun, aliases: [stubber], kind: ranged, stats: {...}, traits: [sidearm]}
//
// Names match whatever their case, spacing and quotes (curly or straight).
type Armoury struct {
	Ruleset string        `yaml:"ruleset"`
	Gear    []ArmouryGear `yaml:"gear"`
}

// ArmouryGear is one entry: the gear as a roster writes it, and the other
// names it goes by.
type ArmouryGear struct {
	Name    string         `yaml:"name"`
	Aliases []string       `yaml:"aliases,omitempty"`
	Kind    string         `yaml:"kind"`
	Stats   map[string]int `yaml:"stats,omitempty"`
	Traits  []string       `yaml:"traits,omitempty"`
}

// DecodeArmoury reads an armoury file (within the limits of a scenario).
func DecodeArmoury(name string, data []byte) (*Armoury, error) {
	var a Armoury
	if err := scenario.DecodeFile(name, data, &a); err != nil {
		return nil, err
	}
	for i, g := range a.Gear {
		if strings.TrimSpace(g.Name) == "" {
			return nil, &Error{File: name, Path: fmt.Sprintf("gear[%d].name", i), Problem: "empty"}
		}
	}
	return &a, nil
}

// Find is the gear of that name (or alias), if the armoury has it.
func (a *Armoury) Find(name string) (scenario.Gear, bool) {
	if a == nil {
		return scenario.Gear{}, false
	}
	key := normal(name)
	for _, g := range a.Gear {
		if normal(g.Name) == key || slices.ContainsFunc(g.Aliases, func(s string) bool { return normal(s) == key }) {
			return scenario.Gear{Name: g.Name, Kind: g.Kind, Stats: g.Stats, Traits: g.Traits}, true
		}
	}
	return scenario.Gear{}, false
}

// normal is a name as names are compared: lower case, straight quotes,
// spaces (non-breaking ones too) as one space.
func normal(s string) string {
	s = strings.NewReplacer("\u2019", "'", "\u2018", "'", "\u201c", `"`, "\u201d", `"`, "\u00a0", " ").Replace(s)
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// Stub writes an armoury listing the names given, each to be filled in
// by the player once (kind and stats left empty).
func Stub(ruleset string, names []string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Gear the import could not give stats to: fill in each kind, stats and\n# traits (docs/rosters.md), then import again with --armoury.\nruleset: %s\ngear:\n", ruleset)
	for _, n := range names {
		q, _ := yaml.Marshal(n)
		fmt.Fprintf(&b, "  - name: %s\n    kind: \"\"\n    stats: {}\n", bytes.TrimSpace(q))
	}
	return b.Bytes()
}

// SampleArmoury is the armoury of a ruleset's sample scenarios: every
// piece of gear their models carry, by name (the first model carrying a
// name gives its stats), sorted by kind and name. These are the invented
// weapons skirmish ships; the server reads files with it when the player
// gives no armoury, and the roster editor offers its gear.
func SampleArmoury(ruleset string, samples scenario.Samples, reg *engine.Registry) (*Armoury, error) {
	a := &Armoury{Ruleset: ruleset, Gear: []ArmouryGear{}}
	seen := map[string]bool{}
	for _, s := range samples {
		if s.Ruleset != ruleset {
			continue
		}
		sc, err := s.Decode(reg)
		if err != nil {
			return nil, fmt.Errorf("roster: sample %s/%s: %w", s.Ruleset, s.Name, err)
		}
		for _, side := range sc.File.Sides {
			for _, m := range side.Models {
				for _, g := range m.Gear {
					if seen[normal(g.Name)] {
						continue
					}
					seen[normal(g.Name)] = true
					a.Gear = append(a.Gear, ArmouryGear{Name: g.Name, Kind: g.Kind, Stats: maps.Clone(g.Stats), Traits: slices.Clone(g.Traits)})
				}
			}
		}
	}
	slices.SortFunc(a.Gear, func(x, y ArmouryGear) int {
		return cmp.Or(cmp.Compare(x.Kind, y.Kind), cmp.Compare(normal(x.Name), normal(y.Name)))
	})
	return a, nil
}
