package rules

import "testing"

func TestModsText(t *testing.T) {
	for _, tc := range []struct {
		mods []int
		want string
		sum  int
	}{{nil, "no modifiers", 0}, {[]int{1}, "modifiers +1", 1}, {[]int{-2, 3, 0}, "modifiers -2 +3 +0", 1}} {
		if got := ModsText(tc.mods); got != tc.want {
			t.Errorf("ModsText(%v) = %q, want %q", tc.mods, got, tc.want)
		}
		if got := Sum(tc.mods); got != tc.sum {
			t.Errorf("Sum(%v) = %d, want %d", tc.mods, got, tc.sum)
		}
	}
}
