package ui

import (
	"cmp"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/skirmish-engine/skirmish/board"
)

// Piece is a model on the board drawing.
type Piece struct {
	ID     string
	Name   string // what people call it; its label (ID when empty)
	Side   int
	X, Y   float64
	R      float64 // base radius, inches
	Level  int
	Status string
	Hurt   bool // not in the ruleset's first status (Seriously Injured, Down…)
	Active bool
}

// Dest is a destination of a move action, drawn as a dot to tap.
type Dest struct {
	Group  string // the action group it belongs to (ActionGroup.Key)
	Action string // the action, as the API takes it
	Text   string // the action as people read it: the sheet's title
	X, Y   float64
	Level  int
	// From is where the moving model stands: where dots would overlap,
	// the farther from it is drawn, so a full move stays on the board.
	FromX, FromY float64
}

// BoardSVG draws a board: terrain boxes shaded by level, walls, ledges,
// ductways, objectives, tokens, the models with their side's colour (the
// active one ringed), and the destinations of the move actions on offer,
// hidden until the player opens that action (the script shows them). Units
// are tenths of an inch.
func BoardSVG(b *board.Board, pieces []Piece, dests []Dest) template.HTML {
	var s strings.Builder
	u := func(v float64) string { return fmt.Sprintf("%.0f", v*10) }
	// The board fills the phone's width, whatever its size in inches: a
	// destination dot is a twentieth of the width across (a fingertip on a
	// phone), a label a twenty-eighth high.
	span := max(b.Width, b.Height) * 10
	dot, font := span/40, span/28
	fmt.Fprintf(&s, `<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" role="img" aria-label="The board, %g by %g inches">`,
		u(b.Width), u(b.Height), b.Width, b.Height)
	fmt.Fprintf(&s, `<rect class="ground" width="%s" height="%s"/>`, u(b.Width), u(b.Height))
	// An inch grid, stronger every 6", to judge distances by eye.
	for x := 1; float64(x) < b.Width; x++ {
		fmt.Fprintf(&s, `<line class="grid%s" x1="%d" y1="0" x2="%d" y2="%s"/>`, map[bool]string{true: " major", false: ""}[x%6 == 0], x*10, x*10, u(b.Height))
	}
	for y := 1; float64(y) < b.Height; y++ {
		fmt.Fprintf(&s, `<line class="grid%s" x1="0" y1="%d" x2="%s" y2="%d"/>`, map[bool]string{true: " major", false: ""}[y%6 == 0], y*10, u(b.Width), y*10)
	}
	for _, x := range b.Boxes {
		fmt.Fprintf(&s, `<rect class="box l%d" x="%s" y="%s" width="%s" height="%s"><title>terrain, level %d, %g" tall</title></rect>`,
			min(x.Level, 3), u(x.X0), u(x.Y0), u(x.X1-x.X0), u(x.Y1-x.Y0), x.Level, x.Height)
	}
	for _, w := range b.Walls {
		fmt.Fprintf(&s, `<line class="wall" x1="%s" y1="%s" x2="%s" y2="%s"><title>wall, %g" tall</title></line>`, u(w.A.X), u(w.A.Y), u(w.B.X), u(w.B.Y), w.Height)
	}
	for _, l := range b.Ledges {
		fmt.Fprintf(&s, `<line class="ledge" x1="%s" y1="%s" x2="%s" y2="%s"><title>ledge down to level %d</title></line>`, u(l.A.X), u(l.A.Y), u(l.B.X), u(l.B.Y), l.Below)
	}
	for _, d := range b.Ducts {
		fmt.Fprintf(&s, `<line class="duct" x1="%s" y1="%s" x2="%s" y2="%s"><title>ductway</title></line>`, u(d.A.X), u(d.A.Y), u(d.B.X), u(d.B.Y))
	}
	for i, o := range b.Objectives {
		fmt.Fprintf(&s, `<rect class="objective" x="%s" y="%s" width="8" height="8" transform="rotate(45 %s %s)"><title>objective %d</title></rect>`,
			u(o.X-0.4), u(o.Y-0.4), u(o.X), u(o.Y), i+1)
	}
	for _, t := range b.Tokens {
		fmt.Fprintf(&s, `<rect class="token" x="%s" y="%s" width="6" height="6"><title>%s</title></rect>`, u(t.At.X-0.3), u(t.At.Y-0.3), template.HTMLEscapeString(t.Kind))
	}
	var placed []box // the labels drawn so far, so that the next avoids them
	for _, p := range pieces {
		cls := fmt.Sprintf("piece s%d", p.Side%4)
		if p.Active {
			cls += " active"
		}
		if p.Level > 0 {
			cls += " raised"
		}
		label := p.Name
		if label == "" {
			label = p.ID
		}
		if p.Hurt {
			cls += " hurt"
			label += " (" + p.Status + ")"
		}
		id := template.HTMLEscapeString(p.ID)
		w := float64(len(label)) * font * 0.55
		tx, anchor := labelAt(p.X*10, w, b.Width*10)
		x0 := tx - w/2
		switch anchor {
		case ` class="start"`:
			x0 = tx
		case ` class="end"`:
			x0 = tx - w
		}
		// above the model; else below it, to its right or its left,
		// whichever first overlaps no label drawn already nor runs off
		// the board; else above, or below when above is off the board (a
		// model on the top edge, as a deployment zone places them)
		ty := (p.Y - p.R - 0.25) * 10
		at := box{x0, ty - font*0.8, x0 + w, ty + font*0.2}
		if at.overlapsAny(placed) || at.y0 < 0 {
			found := false
			mid := p.Y*10 + font*0.3
			right, left := (p.X+p.R+0.2)*10, (p.X-p.R-0.2)*10
			for _, c := range []struct {
				x, y   float64
				anchor string
				b      box
			}{
				{tx, (p.Y+p.R+0.25)*10 + font*0.8, anchor, box{x0, (p.Y+p.R+0.25)*10 + font*0.8 - font*0.8, x0 + w, (p.Y+p.R+0.25)*10 + font}},
				{right, mid, ` class="start"`, box{right, mid - font*0.8, right + w, mid + font*0.2}},
				{left, mid, ` class="end"`, box{left - w, mid - font*0.8, left, mid + font*0.2}},
			} {
				if !c.b.overlapsAny(placed) && c.b.x0 >= 0 && c.b.x1 <= b.Width*10 && c.b.y0 >= 0 && c.b.y1 <= b.Height*10 {
					tx, ty, anchor, at, found = c.x, c.y, c.anchor, c.b, true
					break
				}
			}
			if !found && at.y0 < 0 { // below, overlapping, rather than cut off
				ty = (p.Y+p.R+0.25)*10 + font*0.8
				at = box{x0, ty - font*0.8, x0 + w, ty + font*0.2}
			}
		}
		placed = append(placed, at)
		fmt.Fprintf(&s, `<g class="%s"><circle cx="%s" cy="%s" r="%s"/><text x="%.0f" y="%.0f" font-size="%.0f"%s>%s</text><title>%s, %s%s</title></g>`,
			cls, u(p.X), u(p.Y), u(max(p.R, 0.3)), tx, ty, font, anchor, template.HTMLEscapeString(label), id, template.HTMLEscapeString(p.Status), levelText(p.Level))
	}
	// A dot that would overlap a dot of the same action already drawn is
	// left out, so that each dot shown is a whole target for a fingertip:
	// where two overlapped, the one on top took every tap on the shared
	// part, and a cluster of near-equal destinations (a Dash offers many a
	// few tenths apart) drew as a smudge. The farthest from the model go
	// first, so the edge of its reach is drawn whole. The action's list
	// below the board still offers them all.
	far := func(d Dest) float64 { return math.Hypot(d.X-d.FromX, d.Y-d.FromY) }
	order := slices.Clone(dests)
	slices.SortStableFunc(order, func(a, b Dest) int { return cmp.Compare(far(b), far(a)) })
	var drawn []Dest
	for _, d := range order {
		if slices.ContainsFunc(drawn, func(o Dest) bool {
			return o.Group == d.Group && o.Level == d.Level && math.Hypot(o.X-d.X, o.Y-d.Y)*10 < 2*dot
		}) {
			continue
		}
		drawn = append(drawn, d)
		text := d.Text
		if text == "" {
			text = "to " + Inches(d.X) + ", " + Inches(d.Y) + levelText(d.Level)
		}
		fmt.Fprintf(&s, `<circle class="dest" data-group="%s" data-act="%s" data-text="%s" cx="%s" cy="%s" r="%.0f" tabindex="-1" role="button" aria-label="%s"/>`,
			template.HTMLEscapeString(d.Group), template.HTMLEscapeString(d.Action), template.HTMLEscapeString(text), u(d.X), u(d.Y), dot, template.HTMLEscapeString(text))
	}
	s.WriteString(`</svg>`)
	return template.HTML(s.String()) // built here from numbers and escaped names
}

// Inches writes a length or a coordinate to a tenth of an inch, as people
// read it off a tape: "3.7", "6".
func Inches(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// Legend is what the board's drawing shows, for its key: each side's
// colour, and the kinds of terrain the board has.
type Legend struct {
	Sides   []LegendSide
	Terrain []string // "blocks (darker: lower levels)", "walls", …
	Width   string   // the board's size, "24 × 24 inches"
}

// LegendSide is a side's name and colour (its index, s0–s3).
type LegendSide struct {
	Name  string
	Index int
}

// BoardLegend is b's key, with the sides' names in order.
func BoardLegend(b *board.Board, sides []string) Legend {
	l := Legend{Width: Inches(b.Width) + " × " + Inches(b.Height) + " inches, a line every inch"}
	for i, n := range sides {
		l.Sides = append(l.Sides, LegendSide{Name: n, Index: i % 4})
	}
	if len(b.Boxes) > 0 {
		l.Terrain = append(l.Terrain, "blocks (lighter: higher levels)")
	}
	for _, t := range []struct {
		n    int
		name string
	}{{len(b.Walls), "walls"}, {len(b.Ledges), "ledges (dashed)"}, {len(b.Ducts), "ductways (dotted)"}, {len(b.Objectives), "objectives (yellow)"}, {len(b.Tokens), "tokens (white)"}} {
		if t.n > 0 {
			l.Terrain = append(l.Terrain, t.name)
		}
	}
	if len(b.Levels) > 1 {
		l.Terrain = append(l.Terrain, "a model on a raised level has a dashed ring")
	}
	return l
}

// box is a label's extent on the drawing: x0, y0 to x1, y1.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) overlapsAny(others []box) bool {
	for _, o := range others {
		if b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1 {
			return true
		}
	}
	return false
}

// labelAt places a label of about width w centred over x on a board w
// wide, or, when it would run off an edge, against that edge: its x and
// the class that anchors it there (the stylesheet centres labels).
func labelAt(x, w, width float64) (float64, string) {
	switch {
	case w >= width:
		return 0, ` class="start"`
	case x+w/2 > width:
		return width, ` class="end"`
	case x-w/2 < 0:
		return 0, ` class="start"`
	}
	return x, ""
}

func levelText(l int) string {
	if l == 0 {
		return ""
	}
	return fmt.Sprintf(", level %d", l)
}
