package scenario_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/scenario"
)

// Issue 33: a side's deployment zone places the models nothing else
// places, so that a board scenario takes a roster it has never seen: each
// inside its zone, clear of terrain and of every other model, spread along
// the zone's edge nearest the board's own, as near that edge as it fits.
func TestZonePlacesAnyRoster(t *testing.T) {
	var models strings.Builder
	models.WriteString("name: Green\nmodels:\n")
	for i := range 6 {
		fmt.Fprintf(&models, "  - {id: g%d, type: trooper, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: %d}\n", i, 25+i%2*15)
	}
	scen := `name: Zones
ruleset: mini-tc
mode: board
rounds: 2
board:
  size: [24, 24]
  boxes: [{at: [10, 0], size: [4, 2], height: 2}]
sides:
  - roster: green.yaml
    zone: {edge: south, depth: 4}
  - roster: green2.yaml
    zone: {at: [2, 18], size: [20, 6]}
`
	files := map[string]string{"green.yaml": models.String(), "green2.yaml": strings.ReplaceAll(strings.Replace(models.String(), "Green", "Blue", 1), "id: g", "id: b")}
	open := func(name string) ([]byte, error) { return []byte(files[name]), nil }
	sc, err := scenario.Decode("zones.yaml", []byte(scen), registry(), open)
	if err != nil {
		t.Fatal(err)
	}
	su, err := sc.Setup("")
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range su.Models {
		x, y, r := float64(m.Start.X), float64(m.Start.Y), m.Base/2
		inZone := m.Side == 0 && y-r >= -1e-6 && y+r <= 4+1e-6 || m.Side == 1 && x-r >= 2-1e-6 && x+r <= 22+1e-6 && y-r >= 18-1e-6 && y+r <= 24+1e-6
		if !inZone {
			t.Errorf("%s at %v (radius %.2f) is outside its zone", m.ID, m.Start, r)
		}
		if x+r > 10 && x-r < 14 && y-r < 2 {
			t.Errorf("%s at %v stands on the box", m.ID, m.Start)
		}
		for _, o := range su.Models[:i] {
			if d := math.Hypot(x-float64(o.Start.X), y-float64(o.Start.Y)); d < r+o.Base/2 {
				t.Errorf("%s at %v overlaps %s at %v", m.ID, m.Start, o.ID, o.Start)
			}
		}
	}
	// spread: the first and last of a side are far apart along the edge
	if d := math.Abs(float64(su.Models[0].Start.X - su.Models[5].Start.X)); d < 12 {
		t.Errorf("side 0's models span %.1f\" of a 24\" edge: not spread", d)
	}
	// as near the board's edge as they fit: side 1's first row at its top
	if y := float64(su.Models[6].Start.Y); y < 23 {
		t.Errorf("side 1's first model at y %.2f, want against the north of its zone", y)
	}

	for name, tc := range map[string]struct{ zone, want string }{
		"both forms": {"{edge: south, depth: 4, at: [0, 0], size: [4, 4]}", "not both"},
		"bad edge":   {"{edge: up, depth: 4}", `"up" is not an edge`},
		"no depth":   {"{edge: south}", "is not a depth"},
		"off board":  {"{at: [20, 20], size: [10, 10]}", "not a rectangle on the 24×24 board"},
		"no room":    {"{at: [0, 5], size: [3, 3]}", "no room left in the zone for g"},
	} {
		bad := strings.Replace(scen, "{edge: south, depth: 4}", tc.zone, 1)
		sc, err := scenario.Decode("zones.yaml", []byte(bad), registry(), open)
		if err == nil {
			_, err = sc.Setup("")
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "sides[0].zone") {
			t.Errorf("%s: %v, want %q at sides[0].zone", name, err, tc.want)
		}
	}
}

// Both players may bring the same roster (issue 33): the second side's
// models whose IDs the first uses get -2, and the game sets up.
func TestUseRosterMirror(t *testing.T) {
	scen := `name: Zones
ruleset: mini-tc
mode: board
rounds: 2
board: {size: [24, 24]}
sides:
  - name: A
    zone: {edge: south, depth: 4}
    models: [{id: x, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 25, at: [3, 3]}]
  - name: B
    zone: {edge: north, depth: 4}
    models: [{id: y, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 25, at: [3, 20]}]
`
	sc, err := scenario.Decode("mirror.yaml", []byte(scen), registry(), nil)
	if err != nil {
		t.Fatal(err)
	}
	r := scenario.Roster{Name: "Crows", Models: []scenario.Model{
		{ID: "g", Profile: map[string]int{"M": 5, "Skill": 4, "Tough": 3, "W": 2}, Base: 25},
		{ID: "g-2", Profile: map[string]int{"M": 5, "Skill": 4, "Tough": 3, "W": 2}, Base: 25}}}
	for i := range 2 {
		if err := sc.UseRoster(i, "crows.yaml", r); err != nil {
			t.Fatal(err)
		}
	}
	su, err := sc.Setup("")
	if err != nil {
		t.Fatalf("the same roster on both sides: %v", err)
	}
	var ids []string
	for _, m := range su.Models {
		ids = append(ids, m.ID)
	}
	if got := strings.Join(ids, " "); got != "g g-2 g-3 g-2-2" {
		t.Errorf("ids %s, want g g-2 g-3 g-2-2", got)
	}
	// The sides' names are told apart too (issue 33: the log read the same
	// name for both).
	if a, b := su.Sides[0].Name, su.Sides[1].Name; a != "Crows" || b != "Crows (2)" {
		t.Errorf("sides %q and %q, want Crows and Crows (2)", a, b)
	}
}
