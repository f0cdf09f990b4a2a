//go:build race

package bot_test

// raceEnabled: the race detector slows games about tenfold, so the
// strength runs shrink to a smoke test.
const raceEnabled = true
