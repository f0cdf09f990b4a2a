//go:build !race

package n23_test

const raceEnabled = false
