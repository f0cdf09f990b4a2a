package mini

import (
	"embed"
	"strings"

	"github.com/skirmish-engine/skirmish/scenario"
)

//go:embed scenarios/*.yaml
var files embed.FS

// Samples returns the mini ruleset's sample scenarios.
func Samples() scenario.Samples {
	var ss scenario.Samples
	entries, _ := files.ReadDir("scenarios")
	for _, e := range entries {
		src, _ := files.ReadFile("scenarios/" + e.Name())
		name := strings.TrimSuffix(e.Name(), ".yaml")
		mode, ruleset := "table", ""
		for _, line := range strings.Split(string(src), "\n") {
			if v, ok := strings.CutPrefix(line, "mode: "); ok {
				mode = strings.TrimSpace(v)
			}
			if v, ok := strings.CutPrefix(line, "ruleset: "); ok {
				ruleset = strings.TrimSpace(v)
			}
		}
		ss = append(ss, scenario.Sample{Ruleset: ruleset, Name: name, Mode: mode, Source: src})
	}
	return ss
}
