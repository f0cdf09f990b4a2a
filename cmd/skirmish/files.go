package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"

	"github.com/skirmish-engine/skirmish/internal/userfile"
	"github.com/skirmish-engine/skirmish/scenario"
)

// readScenario reads a scenario file and the roster files it names, which
// must be inside its folder. It returns the scenario and the paths of the
// files it read, so that a save never overwrites them.
func readScenario(e *env, name string) (*scenario.Scenario, []string, error) {
	data, err := e.readFile(name, scenario.MaxSize)
	if err != nil {
		return nil, nil, err
	}
	dir := filepath.Dir(name)
	var closeDir func()
	var read func(string, int64) ([]byte, error)
	open := func(roster string) ([]byte, error) {
		if read == nil { // opened only for a scenario with rosters
			if read, closeDir, err = e.openDir(dir); err != nil {
				return nil, err
			}
		}
		return read(roster, scenario.MaxSize)
	}
	sc, err := scenario.Decode(name, data, e.rulesets, open)
	if closeDir != nil {
		closeDir()
	}
	if err != nil {
		return nil, nil, err
	}
	inputs := []string{name}
	for _, r := range sc.Rosters() {
		inputs = append(inputs, filepath.Join(dir, r))
	}
	return sc, inputs, nil
}

// checkSavePath checks a save file before a game starts, so that a game is
// never played only to be lost at the end: its folder must take files (a
// probe file is made and removed), and it must not be one of the files the
// game was read from (the scenario and its rosters, compared as files, not
// names), nor an existing file that is not a skirmish save.
func checkSavePath(name string, inputs []string) error {
	if err := userfile.CheckWritable(name); err != nil {
		return usagef("--save %s: %s", name, userProblem(err))
	}
	fi, err := os.Stat(name)
	if err != nil {
		return nil // a new file
	}
	for _, in := range inputs {
		if fj, err := os.Stat(in); err == nil && os.SameFile(fi, fj) {
			return usagef("--save %s: is %s, which the game is read from; give another file", name, in)
		}
	}
	head, err := userfile.Head(name, 64)
	if err != nil {
		return usagef("--save %s: %s", name, userProblem(err))
	}
	if len(bytes.TrimSpace(head)) > 0 && !isSave(head) {
		return usagef("--save %s: exists and is not a skirmish save; give another file (it is never overwritten)", name)
	}
	return nil
}

// isSave reports whether a file's first bytes are a skirmish save's.
func isSave(head []byte) bool {
	head = bytes.TrimSpace(head)
	return bytes.HasPrefix(head, []byte("{")) && bytes.Contains(head, []byte(`"skirmish-save/`))
}

// errInterrupted stops a game on SIGINT.
var errInterrupted = errors.New("play: interrupted")
