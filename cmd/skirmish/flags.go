package main

import (
	"fmt"
	"strings"

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
