package roster

import (
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/rulesets/all"
)

// A campaign roster reads whatever its records say (issue 37): with every
// model out of games it is still a roster to show, edit and export, and
// every model is checked, those left out too; only a game refuses it.
func TestCampaignRosterReads(t *testing.T) {
	y := `name: The Pit Crows
models:
  - {id: crow-a, profile: {Movement: 6, Ranged: 1, Melee: 0, Armour: 0}, base: 25, record: {out: dead}}
  - {id: crow-b, profile: {Movement: 6, Ranged: 0, Melee: 1, Armour: -1}, base: 32, record: {out: recovery, injuries: [scar]}}
campaign: {xp: 1, history: [{game: g, digest: d, side: 0, outcome: win}]}
`
	r, err := Read("crows.yaml", []byte(y), "yaml", Options{Ruleset: "trenchcrusade", Rulesets: all.Rulesets()})
	if err != nil {
		t.Fatalf("a roster whose models all miss games: %v", err)
	}
	if r.Roster.Campaign == nil || len(r.Roster.Campaign.History) != 1 || r.Roster.Models[1].Record == nil {
		t.Errorf("the campaign fields were not kept: %+v", r.Roster)
	}
	out, err := r.YAML()
	if err != nil || !strings.Contains(string(out), "out: recovery") || !strings.Contains(string(out), "digest: d") {
		t.Errorf("written back: %v\n%s", err, out)
	}
	bad := strings.Replace(y, "Movement: 6, Ranged: 1", "Movement: 99, Ranged: 1", 1)
	if _, err := Read("crows.yaml", []byte(bad), "yaml", Options{Ruleset: "trenchcrusade", Rulesets: all.Rulesets()}); err == nil || !strings.Contains(err.Error(), "Movement") {
		t.Errorf("a dead model's bad profile is not checked: %v", err)
	}
}
