package falloutfactions

import (
	"fmt"
	"math"

	"github.com/skirmish-engine/skirmish/engine"
)

// Rummage (seed 004, Rummage; rules.md §5.2.1): within 1" of a Search
// token, roll 2 d10, then take option A (a Common Chem costing up to their
// total in caps, a Rare Chem on 18 or more) or option B (the higher die in
// caps, the lower in parts). A 10 on either die turns the token into a
// Radiation token; otherwise it is removed. On a board the game tracks the
// tokens; at a table the players do, and are asked whether the model is
// within 1" of one.

// searchable is the set of board tokens that are Search tokens still on
// the table within 1" of model m, bit i for token i.
func searchable(s *engine.State, m int) uint32 {
	b := concrete(s)
	if b == nil {
		return 0
	}
	p := s.Models[m].Pos
	var set uint32
	gone := uint32(s.Vars[vTokens]) | uint32(s.Vars[vRadiation])
	for i, t := range b.Tokens {
		if i < maxTokens && t.Kind == "search" && gone&(1<<i) == 0 && t.At.Level == int(p.Level) &&
			math.Hypot(t.At.X-float64(p.X), t.At.Y-float64(p.Y))-s.Static(m).Base/2 <= 1 {
			set |= 1 << i
		}
	}
	return set
}

func canRummage(s *engine.State, m int) bool {
	return status(s, m) == unengaged && (geo(s) == nil || searchable(s, m) != 0)
}

func rummageOptions(s *engine.State, m int, add func(engine.Action)) {
	if geo(s) == nil {
		add(engine.Action{Target: engine.NoModel})
		return
	}
	set := searchable(s, m)
	for i := range maxTokens {
		if set&(1<<i) != 0 {
			add(engine.Action{Target: engine.NoModel, Option: i})
		}
	}
}

func rummageNote(s *engine.State, a engine.Action) string {
	if b := concrete(s); b != nil && a.Option >= 0 && a.Option < len(b.Tokens) {
		t := b.Tokens[a.Option].At
		return fmt.Sprintf("(the Search token at %g,%g)", t.X, t.Y)
	}
	return ""
}

var rummageOptionNames = []string{"chem", "caps-and-parts"}

// rummageTexts[hi][lo] is the choice after rolling hi and lo, made once.
var rummageTexts = func() (t [11][11]string) {
	for hi := 1; hi <= 10; hi++ {
		for lo := 1; lo <= hi; lo++ {
			a := fmt.Sprintf("a Common Chem costing up to %d caps", hi+lo)
			if hi+lo >= 18 {
				a = "a Rare Chem"
			}
			t[hi][lo] = fmt.Sprintf("Rummage rolled %d and %d: option A (chem) gives %s; option B (caps-and-parts) gives %d caps and %d parts", hi, lo, a, hi, lo)
		}
	}
	return t
}()

const nearWhy = "Rummage needs the model within 1\" of a Search token"

// resolveRummage: the roll, the crew's choice of option, and the token.
func resolveRummage(c *engine.Ctx, a engine.Action) {
	s := c.State()
	m := a.Actor
	side := s.SideOf(m)
	if geo(s) == nil && !c.FactTrue(engine.Fact{Kind: engine.FactNear, A: m, B: engine.NoModel, Inches: 1, Thing: "a Search token", Why: nearWhy}) {
		c.Refuse(s.Static(m).ID + " is not within 1\" of a Search token: it cannot Rummage (seed 004)")
	}
	r := c.Roll(side, pRummage, engine.For("Rummage", m, engine.NoModel))
	hi, lo := Rummage{Choose: true}.Pair(r.Outcome)
	if c.Choose(side, "rummage", rummageTexts[hi][lo], rummageOptionNames) == 0 {
		e := ext(s)
		e.Finds = append(e.Finds, int32(m)<<8|int32(hi+lo))
		c.Emit(engine.Event{Type: "chem", Model: m, Other: engine.NoModel, Value: hi + lo})
	} else {
		c.AddSide(side, sCaps, hi)
		c.AddSide(side, sParts, lo)
		c.Emit(engine.Event{Type: "caps-and-parts", Model: m, Other: engine.NoModel, Value: hi*100 + lo, Key: fmt.Sprintf("%d caps and %d parts", hi, lo)})
	}
	rad := r.Has(0)
	if geo(s) != nil {
		bit := int32(1) << a.Option
		if rad {
			s.Vars[vRadiation] |= bit
		} else {
			s.Vars[vTokens] |= bit
		}
	}
	if rad {
		c.Emit(engine.Event{Type: "radiation-token", Model: m, Other: engine.NoModel, Value: a.Option})
	} else {
		c.Emit(engine.Event{Type: "search-token-removed", Model: m, Other: engine.NoModel, Value: a.Option})
	}
}
