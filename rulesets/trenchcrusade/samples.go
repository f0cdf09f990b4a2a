package trenchcrusade

import (
	"embed"

	"github.com/skirmish-engine/skirmish/scenario"
)

//go:embed scenarios/*.yaml
var files embed.FS

// Samples returns the ruleset's sample scenarios; their warbands are roster
// files beside them.
func Samples() scenario.Samples {
	return scenario.Embedded("trenchcrusade", files, "scenarios", "no-mans-land", "shell-crater")
}
