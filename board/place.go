package board

import (
	"fmt"
	"math"

	"github.com/skirmish-engine/skirmish/engine"
)

// CheckSetup checks where a board-mode setup's models stand before a game
// starts (engine.New calls it, as an engine.SetupChecker; package scenario
// calls it to report the field in the file): every model on a level that
// exists, its whole base on the table, clear of the boxes, walls and
// ledges of its level, and not overlapping another model on its level (touching is
// fine). The error is an *engine.FieldError naming "models[k].at".
func (b *Board) CheckSetup(su *engine.Setup) error {
	if su.Mode != "board" {
		return nil
	}
	levels := max(len(b.Levels), 1)
	for k := range su.Models {
		m := &su.Models[k]
		path := fmt.Sprintf("models[%d].at", k)
		bad := func(format string, a ...any) error {
			return &engine.FieldError{Path: path, Problem: fmt.Sprintf(format, a...)}
		}
		x, y, l, r := float64(m.Start.X), float64(m.Start.Y), int(m.Start.Level), m.Base/2
		switch {
		case math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0):
			return bad("(%g, %g) is not a position; allowed finite numbers", x, y)
		case l < 0 || l >= levels:
			return bad("level %d does not exist; allowed 0 to %d", l, levels-1)
		case x-r < 0 || y-r < 0 || x+r > b.Width || y+r > b.Height:
			return bad("%s's base (%.2f\" across) at (%g, %g) is not wholly on the %gx%g\" table", m.ID, m.Base, m.Start.X, m.Start.Y, b.Width, b.Height)
		}
		for i, bx := range b.Boxes {
			if bx.Level == l && circleHitsBox(x, y, r, bx) {
				return bad("%s at (%g, %g) stands inside terrain board.boxes[%d]", m.ID, m.Start.X, m.Start.Y, i)
			}
		}
		for i, w := range b.Walls {
			if w.A.Level == l && segDist2(x, y, w.A.X, w.A.Y, w.B.X, w.B.Y) < r*r {
				return bad("%s at (%g, %g) stands across wall board.walls[%d]", m.ID, m.Start.X, m.Start.Y, i)
			}
		}
		for i, e := range b.Ledges {
			if e.A.Level == l && segDist2(x, y, e.A.X, e.A.Y, e.B.X, e.B.Y) < r*r {
				return bad("%s at (%g, %g) stands across ledge board.ledges[%d]: its base must be wholly on its level", m.ID, m.Start.X, m.Start.Y, i)
			}
		}
		for n := range k {
			o := &su.Models[n]
			if int(o.Start.Level) != l {
				continue
			}
			reach := r + o.Base/2 - Contact
			if dx, dy := x-float64(o.Start.X), y-float64(o.Start.Y); dx*dx+dy*dy < reach*reach {
				return bad("%s at (%g, %g) overlaps %s at (%g, %g)", m.ID, m.Start.X, m.Start.Y, o.ID, o.Start.X, o.Start.Y)
			}
		}
	}
	return nil
}
