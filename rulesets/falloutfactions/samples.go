package falloutfactions

import (
	"embed"

	"github.com/skirmish-engine/skirmish/scenario"
)

//go:embed scenarios/*.yaml
var files embed.FS

// Samples returns the ruleset's sample scenarios; their crews are roster
// files beside them.
func Samples() scenario.Samples {
	return scenario.Embedded("falloutfactions", files, "scenarios", "junction-yard", "dry-gulch")
}
