//go:build !race

package falloutfactions_test

const raceEnabled = false
