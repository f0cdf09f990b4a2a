package necromunda

import (
	"fmt"
	"strconv"
)

// Notation is both editions' engine.Info.Notation: Movement and ranges in
// inches, the characteristics and Ammo rolled against as "3+", a save of
// 7 as none ("-"), modifiers signed; targets lists the profile
// characteristics written as a target number (N23's Initiative is one,
// N26's is not).
func Notation(targets ...string) func(stat string, v int) (string, string) {
	return func(stat string, v int) (string, string) {
		for _, t := range targets {
			if t == stat {
				return stat, strconv.Itoa(v) + "+"
			}
		}
		switch stat {
		case "M":
			return stat, inches(v)
		case "Sv":
			if v >= 7 {
				return stat, "-"
			}
			return stat, strconv.Itoa(v) + "+"
		case "sr":
			return "Rng S", inches(v)
		case "lr":
			return "Rng L", inches(v)
		case "acc-s":
			return "Acc S", signed(v)
		case "acc-l":
			return "Acc L", signed(v)
		case "str":
			return "Str", strconv.Itoa(v)
		case "str+":
			return "Str", "S+" + strconv.Itoa(v)
		case "ap":
			if v == 0 {
				return "AP", "-"
			}
			return "AP", strconv.Itoa(v)
		case "d":
			return "D", strconv.Itoa(v)
		case "am":
			return "Am", strconv.Itoa(v) + "+"
		case "l":
			return "Lethality", strconv.Itoa(v)
		}
		return "", ""
	}
}

func inches(v int) string { return strconv.Itoa(v) + "\"" }

func signed(v int) string { return fmt.Sprintf("%+d", v) }
