//go:build !race

package trenchcrusade_test

const raceEnabled = false
