//go:build unix

package main

import "syscall"

// fileLimit is how many files the process may hold open. (Go raises the
// soft limit to the hard one when a program starts: this is that.)
func fileLimit() (int, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur > 1<<30 {
		return 0, false
	}
	return int(rl.Cur), true
}
