package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// once wraps a flag that takes one value, so that giving it twice is an
// error rather than the last one silently winning.
type once struct {
	pflag.Value
	set   bool
	first string
}

func (o *once) Set(s string) error {
	if o.set {
		return &repeatedError{first: o.first, second: s}
	}
	o.set, o.first = true, s
	return o.Value.Set(s)
}

// onceBool is once for a yes/no flag, which pflag formats as one.
type onceBool struct{ *once }

func (onceBool) IsBoolFlag() bool { return true }

// repeatedError is a single-valued flag given twice.
type repeatedError struct{ first, second string }

func (e *repeatedError) Error() string {
	return fmt.Sprintf("given twice (%s, then %s); give it once", e.first, e.second)
}

// singleValued wraps every flag of cmd and its subcommands that takes one
// value (all but the repeatable ones, like --mod) in once.
func singleValued(cmd *cobra.Command) {
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if repeatable(f.Value) {
			return
		}
		o := &once{Value: f.Value}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			f.Value = onceBool{o}
		} else {
			f.Value = o
		}
	})
	for _, c := range cmd.Commands() {
		singleValued(c)
	}
}

func repeatable(v pflag.Value) bool {
	if r, ok := v.(interface{ Repeatable() bool }); ok {
		return r.Repeatable()
	}
	t := v.Type()
	return strings.Contains(t, "Slice") || strings.Contains(t, "Array")
}

// notNumber is what is wrong with a flag's value that did not read as a
// whole number: one too large or too small for it is "out of range", any
// other "not a whole number".
func notNumber(s string, err error) string {
	s = strings.TrimSpace(s)
	if errors.Is(err, strconv.ErrRange) {
		return "out of range"
	}
	if _, e := strconv.ParseInt(s, 10, 64); e == nil || errors.Is(e, strconv.ErrRange) {
		return "out of range" // a negative number where only positive ones go
	}
	return "not a whole number"
}

// seedFlag reads a --seed flag: a random seed when the flag is not given,
// and a refusal when it is given empty (an unset variable in a script),
// negative, too large or not a number.
func seedFlag(cmd *cobra.Command, s string) (uint64, error) {
	if !cmd.Flags().Changed("seed") {
		return dice.RandomSeed(), nil
	}
	if strings.TrimSpace(s) == "" {
		return 0, usagef("--seed: empty; allowed 0 to 18446744073709551615, or leave the flag out for a random seed")
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimSpace(s), "+"), 10, 64) // +5 as --games takes it
	if err != nil {
		return 0, usagef("--seed %q: %s; allowed 0 to 18446744073709551615", s, notNumber(s, err))
	}
	return n, nil
}

// emptyFlags refuses file flags given with an empty value (an unset
// variable in a script), which would otherwise read as not given.
func emptyFlags(cmd *cobra.Command, names ...string) error {
	for _, n := range names {
		if f := cmd.Flags().Lookup(n); f != nil && f.Changed && strings.TrimSpace(f.Value.String()) == "" {
			return usagef("--%s: empty; give a value, or leave the flag out", n)
		}
	}
	return nil
}
