package necromunda

import (
	"errors"
	"fmt"
	"testing"

	"github.com/skirmish-engine/skirmish/engine"
)

// CheckModels refuses each kind of bad model with the field and the
// edition's words, in the order both editions check (type, keywords, the
// edition's model check, gear kind, characteristics, Long Range, Rapid
// Fire, the edition's gear check), and lets a good setup through.
func TestCheckModels(t *testing.T) {
	stats := map[string][2]int{"lr": {0, 48}, "str": {1, 10}}
	r := &Roster{Game: "nx", FighterKeywords: []string{"leader"}, VehicleKeywords: []string{"wheeled"}, KeywordRule: "rules.md §9",
		StatRange: func(k string) (int, int, bool) { v, ok := stats[k]; return v[0], v[1], ok }, Stats: "lr, str", MaxFirepower: 3,
		Model: func(su *engine.Setup, i int) error {
			if su.Models[i].Status == "flying" {
				return &engine.FieldError{Path: fmt.Sprintf("models[%d].status", i), Problem: "no"}
			}
			return nil
		},
		NoLongRange: func(g engine.Gear) bool { return g.Has("melee") },
		Gear: func(path string, g engine.Gear) error {
			if g.Has("cursed") {
				return &engine.FieldError{Path: path + ".traits", Problem: "cursed"}
			}
			return nil
		}}
	gun := func(lr int, traits ...engine.Trait) engine.Gear {
		return engine.Gear{Name: "gun", Kind: "ranged", Stats: map[string]int{"lr": lr, "str": 3}, Traits: traits}
	}
	for _, tc := range []struct {
		m          engine.ModelSetup
		path, want string
	}{
		{engine.ModelSetup{Type: "fighter"}, "", ""},
		{engine.ModelSetup{Type: "fighter", Gear: []engine.Gear{gun(0, engine.Trait{Name: "melee"})}}, "", ""},
		{engine.ModelSetup{Type: "dragon"}, "models[0].type", `"dragon" is not a model type of nx; allowed fighter or vehicle`},
		{engine.ModelSetup{Type: "vehicle", Keywords: []string{"wheeled", "leader"}}, "models[0].keywords[1]", "leader is for fighters only; a vehicle cannot have it (rules.md §9)"},
		{engine.ModelSetup{Type: "fighter", Keywords: []string{"wheeled"}}, "models[0].keywords[0]", "wheeled is for vehicles only; a fighter cannot have it (rules.md §9)"},
		{engine.ModelSetup{Type: "fighter", Keywords: []string{"sly"}}, "models[0].keywords[0]", `unknown keyword "sly"; allowed for a fighter: [leader]`},
		{engine.ModelSetup{Type: "fighter", Status: "flying", Gear: []engine.Gear{{Kind: "spell"}}}, "models[0].status", "no"},
		{engine.ModelSetup{Type: "fighter", Gear: []engine.Gear{gun(12), {Kind: "spell"}}}, "models[0].gear[1].kind", `"spell" is not a gear kind of nx; allowed ranged, melee or wargear`},
		{engine.ModelSetup{Type: "fighter", Gear: []engine.Gear{{Kind: "melee", Stats: map[string]int{"ws": 3}}}}, "models[0].gear[0].stats.ws", "unknown weapon characteristic; allowed lr, str"},
		{engine.ModelSetup{Type: "fighter", Gear: []engine.Gear{{Kind: "melee", Stats: map[string]int{"str": 11}}}}, "models[0].gear[0].stats.str", "11 is out of range; allowed 1 to 10"},
		{engine.ModelSetup{Type: "fighter", Gear: []engine.Gear{gun(0, engine.Trait{Name: "rapid-fire", Value: 9})}}, "models[0].gear[0].stats.lr", "a ranged weapon needs a Long Range above 0"},
		{engine.ModelSetup{Type: "fighter", Gear: []engine.Gear{gun(12, engine.Trait{Name: "rapid-fire", Value: 4}, engine.Trait{Name: "cursed"})}}, "models[0].gear[0].traits", "rapid-fire 4; allowed 1 to 3"},
		{engine.ModelSetup{Type: "fighter", Gear: []engine.Gear{gun(12, engine.Trait{Name: "cursed"})}}, "models[0].gear[0].traits", "cursed"},
	} {
		err := r.CheckModels(&engine.Setup{Models: []engine.ModelSetup{tc.m}})
		var fe *engine.FieldError
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%+v: refused: %v", tc.m, err)
		case tc.want != "" && (!errors.As(err, &fe) || fe.Path != tc.path || fe.Problem != tc.want):
			t.Errorf("%+v: %v, want %s: %s", tc.m, err, tc.path, tc.want)
		}
	}
	// No citation, no hooks: the keyword refusal ends at the rule's words.
	r.KeywordRule, r.NoLongRange, r.Gear = "", nil, nil
	err := r.CheckModels(&engine.Setup{Models: []engine.ModelSetup{{Type: "fighter", Keywords: []string{"wheeled"}}}})
	if err == nil || err.(*engine.FieldError).Problem != "wheeled is for vehicles only; a fighter cannot have it" {
		t.Errorf("without a citation: %v", err)
	}
	if err := r.CheckModels(&engine.Setup{Models: []engine.ModelSetup{{Type: "fighter", Gear: []engine.Gear{gun(0, engine.Trait{Name: "melee"})}}}}); err == nil {
		t.Error("a ranged weapon without a Long Range passed with no NoLongRange")
	}
}
