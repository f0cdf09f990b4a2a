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

// checkSavePath checks a save file (named by flag: --save, or the
// in-game save command) before a game starts, so that a game is
// never played only to be lost at the end: its folder must take files (a
// probe file is made and removed), and it must not be one of the files the
// game was read from (the scenario and its rosters, compared as files, not
// names), nor an existing file that is not a skirmish save.
func checkSavePath(flag, name string, inputs []string) error {
	if err := userfile.CheckWritable(name); err != nil {
		return usagef("%s %s: %s", flag, name, userProblem(err))
	}
	fi, err := os.Stat(name)
	if err != nil {
		return nil // a new file
	}
	for _, in := range inputs {
		if fj, err := os.Stat(in); err == nil && os.SameFile(fi, fj) {
			return usagef("%s %s: is %s, which the game is read from; give another file", flag, name, in)
		}
	}
	head, err := userfile.Head(name, 64)
	if err != nil {
		return usagef("%s %s: %s", flag, name, userProblem(err))
	}
	if len(bytes.TrimSpace(head)) > 0 && !isSave(head) {
		return usagef("%s %s: exists and is not a skirmish save; give another file (it is never overwritten)", flag, name)
	}
	return nil
}

// fileKind is a kind of file a command writes, told by its first bytes
// (trimmed of spaces).
type fileKind struct {
	what string // as a message names it: "an SVG drawing"
	is   func(head []byte) bool
}

var (
	svgFile = fileKind{"an SVG drawing", func(h []byte) bool {
		return bytes.HasPrefix(h, []byte("<svg")) || bytes.HasPrefix(h, []byte("<?xml"))
	}}
	recordsFile = fileKind{"sim's records (JSON lines)", func(h []byte) bool {
		return bytes.HasPrefix(h, []byte(`{"ruleset":`))
	}}
	rosterFile = fileKind{"a roster (skirmish's YAML)", func(h []byte) bool { return yamlKey(h, "models") }}
)

// yamlKey reports whether a YAML file's first bytes have key at the top
// level (a line starting with it).
func yamlKey(head []byte, key string) bool {
	for line := range bytes.Lines(head) {
		if bytes.HasPrefix(line, []byte(key+":")) {
			return true
		}
	}
	return false
}

// checkReplace checks an output file that may exist already: an empty
// file, or one of the kind the command writes there (an earlier run's),
// is replaced; anything else (a save, a roster, a program) is refused,
// naming the flag and the file, so that no command's output ever takes
// the place of a file of another kind.
func checkReplace(flag, name string, k fileKind) error {
	fi, err := os.Stat(name)
	if err != nil {
		return nil // a new file: CheckWritable said whether it can be made
	}
	if fi.IsDir() {
		return usagef("%s %s: is a folder; give a file", flag, name)
	}
	head, err := userfile.Head(name, 64<<10)
	if err != nil {
		return usagef("%s %s: %s", flag, name, userProblem(err))
	}
	if head = bytes.TrimSpace(head); len(head) == 0 || k.is(head) {
		return nil
	}
	return usagef("%s %s: exists and is not %s; give another file (it is never overwritten)", flag, name, k.what)
}

// isSave reports whether a file's first bytes are a skirmish save's.
func isSave(head []byte) bool {
	head = bytes.TrimSpace(head)
	return bytes.HasPrefix(head, []byte("{")) && bytes.Contains(head, []byte(`"skirmish-save/`))
}

// errInterrupted stops a game on SIGINT.
var errInterrupted = errors.New("play: interrupted")

// output is a file a command writes, with the flag that names it.
type output struct{ flag, name string }

// checkOutputs refuses an output that is one of the files a command reads
// (its inputs) or another of its outputs, whatever the spelling: an
// existing file is compared as a file (a link to it, or another path to
// it, is it); a file yet to be made by its absolute path with its folder's
// links resolved. Outputs not given ("") are skipped.
func checkOutputs(what string, inputs []string, outs ...output) error {
	for i, o := range outs {
		if o.name == "" {
			continue
		}
		for _, in := range inputs {
			if sameFile(o.name, in) {
				return usagef("%s %s: is %s, which %s is read from; give another file", o.flag, o.name, in, what)
			}
		}
		for _, p := range outs[:i] {
			if p.name != "" && sameFile(o.name, p.name) {
				return usagef("%s %s: is the file %s %s names; give two", o.flag, o.name, p.flag, p.name)
			}
		}
	}
	return nil
}

// sameFile reports whether two names are one file (see checkOutputs).
func sameFile(a, b string) bool {
	if fa, err := os.Stat(a); err == nil {
		if fb, err := os.Stat(b); err == nil {
			return os.SameFile(fa, fb)
		}
	}
	return resolved(a) == resolved(b)
}

// resolved is name's absolute path with its folder's links resolved.
func resolved(name string) string {
	dir, base := filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		dir = d
	}
	abs, err := filepath.Abs(filepath.Join(dir, base))
	if err != nil {
		return filepath.Clean(name)
	}
	return abs
}
