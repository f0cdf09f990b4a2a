//go:build race

package falloutfactions_test

// raceEnabled: the race detector slows the games tenfold and finds nothing
// in them (a game is one goroutine), so the conformance suite plays fewer
// under it; .ci/run plays the full suite without it.
const raceEnabled = true
