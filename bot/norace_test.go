//go:build !race

package bot_test

const raceEnabled = false
