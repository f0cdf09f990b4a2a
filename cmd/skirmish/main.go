// Command skirmish is the command-line face of the skirmish rules engine:
// exact odds and honest dice for the dice procedures of the built-in games.
//
// Exit status: 0 on success, 2 when the command line or its values are wrong
// (one line on standard error names the flag and what it allows), 1 when
// anything else fails.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"unicode"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/userfile"
	"github.com/skirmish-engine/skirmish/rulesets/all"
	"github.com/skirmish-engine/skirmish/scenario"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func main() { os.Exit(run(os.Args[1:], defaultEnv(os.Stdin, os.Stdout, os.Stderr))) }

// env is what the commands work with: streams, registries, files and
// signals. main uses the built-in rulesets and the disk; tests add the
// test-only mini ruleset, and may keep files in memory.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	procs          *dice.Registry
	rulesets       *engine.Registry
	samples        scenario.Samples
	// Every file a user names is read through package userfile: regular
	// files only, at most max bytes; a scenario's rosters through a root
	// of its folder (openDir), never outside it.
	readFile func(name string, max int64) ([]byte, error)
	openDir  func(dir string) (read func(name string, max int64) ([]byte, error), close func(), err error)
	// writeFile writes a save atomically; checkSave checks a --save path
	// before a game starts (see checkSavePath).
	writeFile func(name string, data []byte) error
	checkSave func(flag, name string, inputs []string) error
	// checkOut checks an output file (sim --out, --plot) before any work
	// is done: its folder takes files, and it is not a directory or device.
	checkOut func(name string) error
	// signals delivers interrupts (SIGINT) and SIGTERM while a game is
	// played or the server runs.
	signals func() (<-chan os.Signal, func())
}

func defaultEnv(stdin io.Reader, stdout, stderr io.Writer) *env {
	return &env{stdin: stdin, stdout: stdout, stderr: stderr,
		procs: all.Procedures(), rulesets: all.Rulesets(), samples: all.Samples(),
		readFile: userfile.Read,
		openDir: func(dir string) (func(string, int64) ([]byte, error), func(), error) {
			d, err := userfile.OpenDir(dir)
			if err != nil {
				return nil, nil, err
			}
			return d.Read, func() { d.Close() }, nil
		},
		writeFile: func(name string, b []byte) error { return userfile.WriteAtomic(name, b, 0o644) },
		checkSave: checkSavePath,
		checkOut:  userfile.CheckWritable,
		signals: func() (<-chan os.Signal, func()) {
			c := make(chan os.Signal, 1)
			signal.Notify(c, os.Interrupt, syscall.SIGTERM)
			return c, func() { signal.Stop(c) }
		},
	}
}

// run executes the command line args and returns the exit status.
func run(args []string, e *env) int {
	stderr := e.stderr
	root := newRoot(e)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "skirmish: "+oneLine(message(err)))
	if isUsage(err) {
		return 2
	}
	return 1
}

// oneLine escapes control characters, so that whatever a user typed, the
// error stays on one line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '?'
		}
		return r
	}, s)
}

// usageError is a mistake in the command line itself.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

func isUsage(err error) bool {
	var (
		ue *usageError
		pe *dice.ParamError
		fe *dice.FacesError
		se *scenario.Error
	)
	return errors.As(err, &ue) || errors.As(err, &pe) || errors.As(err, &fe) || errors.As(err, &se)
}

// message renders err as the one line a user sees, in terms of flags.
func message(err error) string {
	var (
		pe *dice.ParamError
		fe *dice.FacesError
		ae *engine.AnswerError
		ie *engine.IllegalError
	)
	switch {
	case errors.As(err, &ae):
		return fmt.Sprintf("%s: %s", ae.Key, ae.Problem)
	case errors.As(err, &ie):
		a := ie.Text // the action as people read it, as in the menu
		if a == "" {
			a = ie.Action.String()
		}
		return fmt.Sprintf("%s is not legal: %s", a, ie.Reason)
	case errors.As(err, &pe):
		flag := "--" + pe.Param
		if pe.Value != "" {
			flag += " " + pe.Value
		}
		return fmt.Sprintf("%s: %s; allowed %s", flag, pe.Problem, pe.Allowed)
	case errors.As(err, &fe):
		return fmt.Sprintf("--faces: face %d: %s", fe.Index+1, fe.Problem)
	}
	return err.Error()
}

// flagError turns pflag's parse errors into usage errors that say where to
// look for the flags cmd takes: a flag given twice, a yes/no flag given
// something else, any other bad value.
func flagError(cmd *cobra.Command, err error) error {
	var (
		inv *pflag.InvalidValueError
		rep *repeatedError
	)
	switch {
	case errors.As(err, &inv) && errors.As(err, &rep):
		return usagef("--%s: given twice (%s, then %s); give it once", inv.GetFlag().Name, rep.first, rep.second)
	case errors.As(err, &inv) && inv.GetFlag().Value.Type() == "bool":
		return usagef("--%s %s: not true or false; allowed true or false", inv.GetFlag().Name, inv.GetValue())
	case errors.As(err, &inv):
		return usagef("--%s %q: %v", inv.GetFlag().Name, inv.GetValue(), errors.Unwrap(err))
	}
	return usagef("%v (see '%s --help')", err, cmd.CommandPath())
}

// userProblem is what is wrong with a user's file, without the package
// prefix: "is a FIFO (named pipe), not a regular file".
func userProblem(err error) string {
	var ue *userfile.Error
	if errors.As(err, &ue) {
		return ue.Problem
	}
	return err.Error()
}
