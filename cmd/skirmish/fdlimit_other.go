//go:build !unix

package main

// fileLimit is not known here: serve keeps its default stream cap.
func fileLimit() (int, bool) { return 0, false }
