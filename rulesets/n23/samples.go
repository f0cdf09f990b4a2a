package n23

import (
	"embed"

	"github.com/skirmish-engine/skirmish/scenario"
)

//go:embed scenarios/*.yaml
var files embed.FS

// Samples returns the ruleset's sample scenarios; their gangs are roster
// files beside them.
func Samples() scenario.Samples {
	return scenario.Embedded("n23", files, "scenarios", "scrapyard-run", "furnace-duel")
}
