// Package rules holds small building blocks that several rulesets share.
package rules

import (
	"fmt"
	"strings"
)

// Sum returns the sum of xs, as when flat modifiers add up.
func Sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// ModsText describes flat modifiers for an explanation: "no modifiers",
// "modifiers +1 -2".
func ModsText(mods []int) string {
	if len(mods) == 0 {
		return "no modifiers"
	}
	parts := make([]string, len(mods))
	for i, m := range mods {
		parts[i] = fmt.Sprintf("%+d", m)
	}
	return "modifiers " + strings.Join(parts, " ")
}
