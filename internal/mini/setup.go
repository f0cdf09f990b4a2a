package mini

import "github.com/skirmish-engine/skirmish/engine"

// TableSetup is a small table-mode game: two sides of three models, one of
// each side with a heavy weapon, a token each.
func TableSetup() *engine.Setup {
	su := &engine.Setup{Name: "skirmish at the table", Rounds: 4, Mode: "table"}
	su.Sides = []engine.SideSetup{
		{Name: "Red", Counters: map[string]int{"tokens": 1}},
		{Name: "Blue", Counters: map[string]int{"tokens": 1}},
	}
	gun := engine.Gear{Name: "rifle", Kind: "ranged", Stats: map[string]int{"range": 24}}
	cannon := engine.Gear{Name: "cannon", Kind: "ranged", Stats: map[string]int{"range": 30}, Traits: []engine.Trait{{Name: "heavy"}}}
	blade := engine.Gear{Name: "blade", Kind: "melee"}
	for side := range 2 {
		for k := range 3 {
			m := engine.ModelSetup{
				ID:      []string{"red", "blue"}[side] + "-" + string(rune('a'+k)),
				Name:    []string{"Red", "Blue"}[side] + " " + []string{"leader", "gunner", "brawler"}[k],
				Side:    side,
				Type:    "trooper",
				Profile: []int{5, 4, 3, 2},
				Base:    32.0 / 25.4,
				Gear:    []engine.Gear{gun, blade},
				Start:   engine.Pos{X: float32(6 + 6*k), Y: float32(4 + 16*side)},
			}
			switch k {
			case 1:
				m.Gear = []engine.Gear{cannon}
				m.Profile = []int{4, 4, 3, 2}
			case 2:
				m.Gear = []engine.Gear{blade}
				m.Profile = []int{6, 5, 4, 3}
			}
			su.Models = append(su.Models, m)
		}
	}
	return su
}

// BoardSetup is TableSetup on a 24" board with a block of terrain in the
// middle, a raised platform with a ledge and an objective. geometry is the
// engine.Board to use (package board's, which this package may not import).
func BoardSetup(geometry engine.Board) *engine.Setup {
	su := TableSetup()
	su.Name, su.Mode, su.Board = "skirmish on a board", "board", geometry
	return su
}
