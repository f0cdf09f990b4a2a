//go:build !race

package n26_test

const raceEnabled = false
