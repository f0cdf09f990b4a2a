package roster

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/skirmish-engine/skirmish/scenario"
)

// skirmishYAML is skirmish's own roster YAML (docs/scenarios.md), the
// reference format: read as a scenario reads a side's roster file. It does
// not say its ruleset, so the read needs Options.Ruleset.
type skirmishYAML struct{}

func init() { register(skirmishYAML{}) }

func (skirmishYAML) Name() string { return "yaml" }

func (skirmishYAML) Detect(name string, data []byte) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml":
		return true
	}
	t := bytes.TrimSpace(data)
	return bytes.HasPrefix(t, []byte("name:")) || bytes.HasPrefix(t, []byte("models:")) || bytes.HasPrefix(t, []byte("#"))
}

func (skirmishYAML) Read(name string, data []byte, opt Options) (*Result, error) {
	if opt.Ruleset == "" {
		return nil, &Error{File: name, Problem: "a skirmish roster does not say which game it is for: give the ruleset (--ruleset)"}
	}
	r, err := scenario.DecodeRoster(name, data)
	if err != nil {
		return nil, err
	}
	return &Result{Ruleset: opt.Ruleset, Roster: *r, Unknown: []Unknown{}}, nil
}
