package necromunda

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/engine"
)

// Crawl Through Ductway, the same in both editions (seed 000 and seed 002,
// Crawl Through Ductway; rules.md §2.3.9, §3.3).

// NearDuct reports whether model m is within 1" of a ductway's end, as
// Crawl Through Ductway needs. On a board the board says (none on a board
// without ducts). At a table the players know where the ductways are, and
// the resolution asks (CrawlDuct): it says yes, unless the scenario says
// its table has none, with the option DuctsOption names set to "none" (an
// edition that has the option makes it its default, so that a scenario
// with no ductways offers no Crawl Through Ductway).
func NearDuct(s *engine.State, m int) bool {
	b, _ := s.Setup().Board.(*board.Board)
	if b == nil {
		return s.Setup().Board == nil && s.Option(DuctsOption) != "none"
	}
	return DuctUnmet(s, m) == ""
}

// DuctUnmet is why model m may not Crawl Through Ductway for want of a
// ductway, for people, or "" when NearDuct holds: at a table, the
// scenario's option; on a board, no ducts, none within 1", or no spot at
// the far end where the fighter can be set up (more than 1" from every
// enemy, overlapping nothing: an action that could place it nowhere is
// not offered).
func DuctUnmet(s *engine.State, m int) string {
	b, _ := s.Setup().Board.(*board.Board)
	switch {
	case b == nil && s.Setup().Board == nil && s.Option(DuctsOption) != "none":
		return ""
	case b == nil:
		return "the table has no ductways (the scenario's option ductways is none)"
	case len(b.Ducts) == 0:
		return "the board has no ductways"
	}
	var ends [4]board.Point
	far := b.Ductways(s, m, ends[:0])
	if len(far) == 0 {
		return "it is not within 1\" of a ductway"
	}
	if len(usable(b, s, m, far)) == 0 {
		var at []string
		for _, e := range far {
			at = append(at, fmt.Sprintf("(%g,%g)", e.X, e.Y))
		}
		return fmt.Sprintf("no spot within 1\" of the ductway's far end %s is clear of enemies by more than 1\" and free of bases and terrain", strings.Join(at, " or "))
	}
	return ""
}

// usable are the far ends among far with a spot where fighter m can be
// set up (board.Spots).
func usable(b *board.Board, s *engine.State, m int, far []board.Point) []board.Point {
	var buf [8]board.Point
	return slices.DeleteFunc(slices.Clone(far), func(e board.Point) bool { return len(b.Spots(s, m, e, 1, 1, buf[:0])) == 0 })
}

// samePlace is how near two spots are, in inches, to be one place.
const samePlace = 0.25

// DuctsOption is the rule option by which a scenario played at a table says
// whether the table has ductways: "none", or "some" (NearDuct).
const DuctsOption = "ductways"

// CrawlDuct places fighter m with its base within 1" of the ductway's
// other end, more than 1" from every enemy, overlapping no model or
// obstacle, on the end's side of any wall (board.Spots): the spot nearest
// the end, found whenever one exists at hundredths of an inch; when
// several are equally near and a quarter inch or more apart, its player
// chooses. With no such spot the action is not offered (DuctUnmet); should
// one be taken all the same it stays where it is, and the action is spent. At a table the players say
// whether the fighter is at a ductway (else the action was never legal:
// refused) and whether it fits at the far end. refresh is the edition's
// update of statuses after a move.
func CrawlDuct(c *engine.Ctx, m int, refresh func(*engine.Ctx)) {
	s := c.State()
	b, _ := s.Setup().Board.(*board.Board)
	if b == nil {
		if !c.FactTrue(engine.Fact{Kind: engine.FactNearDuct, A: m, B: engine.NoModel, Why: "Crawl Through Ductway needs the fighter within 1\" of a ductway"}) {
			c.Refuse(s.Static(m).ID + " is not within 1\" of a ductway")
		}
		if !c.FactTrue(engine.Fact{Kind: engine.FactDuctRoom, A: m, B: engine.NoModel, Why: "Crawl Through Ductway"}) {
			c.Emit(engine.Event{Type: "no-room", Model: m, Other: engine.NoModel})
			return
		}
		c.Emit(engine.Event{Type: "ductway", Model: m, Other: engine.NoModel})
		refresh(c)
		return
	}
	var ends [4]board.Point
	far := usable(b, s, m, b.Ductways(s, m, ends[:0]))
	if len(far) == 0 {
		c.Emit(engine.Event{Type: "no-room", Model: m, Other: engine.NoModel})
		return
	}
	end := far[0]
	if len(far) > 1 { // by two ductways: its player says which
		opts := make([]string, len(far))
		for i, e := range far {
			opts[i] = fmt.Sprintf("%g,%g", e.X, e.Y)
		}
		end = far[c.Choose(s.SideOf(m), "ductway", fmt.Sprintf(
			"Crawl Through Ductway: %s is by %d ductways; through which, by its far end (x,y in inches)?", s.Static(m).ID, len(far)), opts)]
	}
	var buf [8]board.Point
	spots := b.Spots(s, m, end, 1, 1, buf[:0])
	// Equally near spots a hundredth or so apart are one place to a
	// player: a choice is asked only among places apart.
	places := spots[:1]
	for _, q := range spots[1:] {
		if !slices.ContainsFunc(places, func(o board.Point) bool { return math.Hypot(q.X-o.X, q.Y-o.Y) < samePlace }) {
			places = append(places, q)
		}
	}
	p := places[0]
	if len(places) > 1 {
		opts := make([]string, len(places))
		for i, q := range places {
			opts[i] = fmt.Sprintf("%g,%g", q.X, q.Y)
		}
		p = places[c.Choose(s.SideOf(m), "ductway-spot", fmt.Sprintf(
			"Crawl Through Ductway: where does %s come out? These spots (x,y in inches) are equally near the far end (%g,%g)", s.Static(m).ID, end.X, end.Y), opts)]
	}
	c.Move(m, engine.Pos{X: float32(p.X), Y: float32(p.Y), Level: int8(p.Level)})
	refresh(c)
}
