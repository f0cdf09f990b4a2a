package rules

import "github.com/skirmish-engine/skirmish/engine"

// Check is one condition of an action, for engine.ActionDef.Unmet: in
// words when it fails ("it is Engaged"), "" when it holds.
type Check func(s *engine.State, m int) string

// Needs is an action's Unmet made of its checks: the first that fails.
func Needs(checks ...Check) func(s *engine.State, m int) string {
	return func(s *engine.State, m int) string {
		for _, c := range checks {
			if u := c(s, m); u != "" {
				return u
			}
		}
		return ""
	}
}

// Unless is the check that fails, saying text, when fails(s, m).
func Unless(fails func(s *engine.State, m int) bool, text string) Check {
	return func(s *engine.State, m int) string {
		if fails(s, m) {
			return text
		}
		return ""
	}
}
