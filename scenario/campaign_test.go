package scenario_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/scenario"
)

// A roster's campaign record (issue 37): a model with a reason to miss
// games does not take the field, whether the roster is a scenario's file
// or put on a side (UseRoster); a problem in a model after one left out is
// still reported at its place in the roster's file; a bad reason, a
// roster with nobody fit, or negative experience is refused naming the
// field.
func TestRosterCampaign(t *testing.T) {
	roster := `name: Green
models:
  - {id: g1, type: trooper, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, record: {out: dead, injuries: [hobbled]}}
  - {id: g2, type: trooper, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 25, record: {xp: 4}}
campaign:
  xp: 2
  stash: [rare-chem]
  history:
    - {game: g-1, digest: "sha256:00", side: 0, outcome: win, changes: [{model: g1, field: out, to: dead, why: "g1: out of action: memorable-death"}]}
`
	scen := `name: Roster test
ruleset: mini-tc
mode: board
rounds: 2
board: {size: [24, 24]}
sides:
  - roster: green.yaml
    deploy: {g1: [4, 4], g2: [8, 4]}
  - name: Red
    models:
      - {id: r1, profile: {M: 5, Skill: 4, Tough: 3, W: 2}, base: 32, at: [4, 20]}
`
	files := map[string]string{"green.yaml": roster}
	open := func(name string) ([]byte, error) {
		if s, ok := files[name]; ok {
			return []byte(s), nil
		}
		return nil, fmt.Errorf("open %s: no such file", name)
	}
	sc, err := scenario.Decode("dir/c.yaml", []byte(scen), registry(), open)
	if err != nil {
		t.Fatal(err)
	}
	su, _ := sc.Setup("")
	if len(su.Models) != 2 || su.Models[0].ID != "g2" {
		t.Fatalf("models %+v, want g2 and r1 (g1 is dead)", su.Models)
	}
	files["green.yaml"] = strings.Replace(roster, "base: 25", "base: -1", 1)
	if _, err := scenario.Decode("dir/c.yaml", []byte(scen), registry(), open); err == nil || !strings.Contains(err.Error(), "dir/green.yaml:4:") || !strings.Contains(err.Error(), "models[1].base") {
		t.Errorf("a problem in the second model, the first left out: %v", err)
	}
	for name, tc := range map[string]struct{ from, to, want string }{
		"bad out":   {"out: dead", "out: resting", `dir/green.yaml:3:96: models[0].record.out: "resting" is not a reason to miss games`},
		"nobody":    {"record: {xp: 4}", "record: {out: captured}", `sides[0].roster: "green.yaml": every model misses games`},
		"xp":        {"xp: 4", "xp: -1", "models[1].record.xp: -1: experience is never below 0"},
		"caps":      {"xp: 2", "caps: -5", "campaign.caps: -5: never below 0"},
		"outcome":   {"outcome: win", "outcome: victory", `campaign.history[0].outcome: "victory"`},
		"no field":  {"field: out, ", "", "campaign.history[0].changes[0].field: a change names its field"},
		"bad field": {"injuries: [hobbled]", "injuries: hobbled", "dir/green.yaml:3:112: "},
	} {
		files["green.yaml"] = strings.Replace(roster, tc.from, tc.to, 1)
		if _, err := scenario.Decode("dir/c.yaml", []byte(scen), registry(), open); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
	// On a side by UseRoster, as a server's new game does.
	r, err := scenario.DecodeRoster("green.yaml", []byte(roster))
	if err != nil {
		t.Fatal(err)
	}
	if r.Campaign == nil || r.Campaign.XP != 2 || len(r.Campaign.History) != 1 || r.Models[1].Record.XP != 4 {
		t.Errorf("campaign %+v, g2 record %+v", r.Campaign, r.Models[1].Record)
	}
	c := sc.Copy()
	if err := c.UseRoster(1, "green.yaml", *r); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range c.File.Sides[1].Models {
		ids = append(ids, m.ID)
	}
	if strings.Join(ids, " ") != "g2-2" {
		t.Errorf("side 1's models %v, want g2 only (renamed: side 0 has a g2)", ids)
	}
	// A model renamed for the game never takes an ID of the roster's, one
	// left out included: g2's would be g2-2, which the roster's dead g1
	// now holds.
	r2 := *r
	r2.Models = append([]scenario.Model(nil), r.Models...)
	r2.Models[0].ID = "g2-2"
	c = sc.Copy()
	if err := c.UseRoster(1, "green.yaml", r2); err != nil {
		t.Fatal(err)
	}
	if m := c.File.Sides[1].Models; len(m) != 1 || m[0].ID != "g2-3" {
		t.Errorf("side 1's models %+v, want g2 as g2-3 (g2-2 is the roster's dead model's)", m)
	}
	r.Models[1].Record.Out = "recovery"
	if err := c.UseRoster(1, "green.yaml", *r); err == nil || !strings.Contains(err.Error(), "every model misses games") {
		t.Errorf("a roster with nobody fit: %v", err)
	}
	if _, err := scenario.DecodeRoster("green.yaml", []byte(strings.Replace(roster, "out: dead", "out: gone", 1))); err == nil || !strings.Contains(err.Error(), "green.yaml:3:") {
		t.Errorf("DecodeRoster, a bad reason: %v", err)
	}
}
