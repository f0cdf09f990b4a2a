package trenchcrusade

import (
	"embed"
	"io/fs"
	"strings"

	"github.com/skirmish-engine/skirmish/scenario"
)

//go:embed scenarios/*.yaml
var files embed.FS

// Samples returns the ruleset's sample scenarios; their warbands are roster
// files beside them.
func Samples() scenario.Samples {
	sub, _ := fs.Sub(files, "scenarios")
	var ss scenario.Samples
	for _, name := range []string{"no-mans-land", "shell-crater"} {
		src, _ := fs.ReadFile(sub, name+".yaml")
		mode := "board"
		if strings.Contains(string(src), "\nmode: table") {
			mode = "table"
		}
		ss = append(ss, scenario.Sample{Ruleset: "trenchcrusade", Name: name, Mode: mode, Source: src, Files: sub})
	}
	return ss
}
