package ui

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	qrcode "github.com/piglig/go-qr"

	"github.com/skirmish-engine/skirmish/board"
)

// A seat link's QR code is valid SVG, and a QR reader reading its squares
// gets the link back.
func TestQRReadsBack(t *testing.T) {
	for _, link := range []string{
		"http://127.0.0.1:8080/g/0123456789ab#00112233445566778899aabbccddeeff",
		"https://table.example:8443/g/abcdef012345#ffeeddccbbaa99887766554433221100",
	} {
		svg, err := QR(link, "QR code of the link for <Wardens>")
		if err != nil {
			t.Fatal(err)
		}
		if err := xml.NewDecoder(strings.NewReader(string(svg))).Decode(new(any)); err != nil && err != io.EOF {
			t.Fatalf("not XML: %v", err)
		}
		if !strings.Contains(string(svg), `aria-label="QR code of the link for &lt;Wardens&gt;"`) {
			t.Errorf("the label is not escaped: %.200s", svg)
		}
		got, err := qrcode.Decode(rasterize(t, string(svg), 6))
		if err != nil {
			t.Fatalf("the QR code does not read: %v", err)
		}
		if got != link {
			t.Errorf("the QR code reads %q, want %q", got, link)
		}
	}
}

// rasterize draws the QR SVG's unit squares (M x yh1v1h-1z) at scale px
// per module on white.
func rasterize(t *testing.T, svg string, scale int) image.Image {
	t.Helper()
	m := regexp.MustCompile(`viewBox="0 0 (\d+) (\d+)"`).FindStringSubmatch(svg)
	if m == nil {
		t.Fatal("no viewBox")
	}
	n, _ := strconv.Atoi(m[1])
	img := image.NewGray(image.Rect(0, 0, n*scale, n*scale))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for _, sq := range regexp.MustCompile(`M(\d+) (\d+)h1v1h-1z`).FindAllStringSubmatch(svg, -1) {
		x, _ := strconv.Atoi(sq[1])
		y, _ := strconv.Atoi(sq[2])
		for dy := range scale {
			for dx := range scale {
				img.SetGray(x*scale+dx, y*scale+dy, color.Gray{})
			}
		}
	}
	return img
}

// The board drawing holds every piece of terrain, model and destination,
// as valid SVG with the names escaped.
func TestBoardSVG(t *testing.T) {
	b := &board.Board{Width: 24, Height: 12, Levels: []float64{0, 3},
		Boxes:      []board.Box{{X0: 2, Y0: 2, X1: 4, Y1: 4, Height: 3}, {X0: 10, Y0: 2, X1: 14, Y1: 6, Level: 1, Height: 2}},
		Walls:      []board.Wall{{A: board.Point{X: 5, Y: 5}, B: board.Point{X: 9, Y: 5}, Height: 2}},
		Ledges:     []board.Ledge{{A: board.Point{X: 10, Y: 6, Level: 1}, B: board.Point{X: 14, Y: 6, Level: 1}}},
		Ducts:      []board.Duct{{A: board.Point{X: 1, Y: 1}, B: board.Point{X: 20, Y: 10}}},
		Objectives: []board.Point{{X: 12, Y: 9}},
		Tokens:     []board.Token{{Kind: "loot <crate>", At: board.Point{X: 18, Y: 2}}}}
	pieces := []Piece{{ID: "w<1>", Side: 0, X: 3, Y: 8, R: 0.5}, {ID: "b1", Side: 1, X: 20, Y: 8, R: 0.5, Active: true, Level: 1, Status: "down", Hurt: true}}
	dests := []Dest{{Group: "m0-move", Action: "move m0 @4,8", X: 4, Y: 8}, {Group: "m0-move", Action: "move m0 @6,8", X: 6, Y: 8}}
	svg := string(BoardSVG(b, pieces, dests))
	var doc struct {
		Rects []struct {
			Class string `xml:"class,attr"`
		} `xml:"rect"`
		Lines []struct {
			Class string `xml:"class,attr"`
		} `xml:"line"`
		Circles []struct {
			Class string `xml:"class,attr"`
			Act   string `xml:"data-act,attr"`
		} `xml:"circle"`
		Groups []struct {
			Class string `xml:"class,attr"`
			Text  string `xml:"text"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal([]byte(svg), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, svg)
	}
	count := func(classes []string, prefix string) int {
		n := 0
		for _, c := range classes {
			if strings.HasPrefix(c, prefix) {
				n++
			}
		}
		return n
	}
	var rects, lines, circles, groups []string
	for _, r := range doc.Rects {
		rects = append(rects, r.Class)
	}
	for _, l := range doc.Lines {
		lines = append(lines, l.Class)
	}
	var acts []string
	for _, c := range doc.Circles {
		circles = append(circles, c.Class)
		acts = append(acts, c.Act)
	}
	for _, g := range doc.Groups {
		groups = append(groups, g.Class+" "+g.Text)
	}
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"terrain boxes", count(rects, "box"), 2}, {"objectives", count(rects, "objective"), 1}, {"tokens", count(rects, "token"), 1},
		{"walls", count(lines, "wall"), 1}, {"ledges", count(lines, "ledge"), 1}, {"ducts", count(lines, "duct"), 1},
		{"destinations", count(circles, "dest"), 2}, {"pieces", len(doc.Groups), 2},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d drawn, want %d", c.what, c.got, c.want)
		}
	}
	if fmt.Sprint(groups) != "[piece s0 w<1> piece s1 active raised hurt b1 (down)]" {
		t.Errorf("pieces: %v", groups)
	}
	if fmt.Sprint(acts[len(acts)-2:]) != "[move m0 @6,8 move m0 @4,8]" { // the farther from the model first
		t.Errorf("destinations' actions: %v", acts)
	}
}

// A destination dot that would overlap one of the same action already
// drawn (a Dash offers many a few tenths apart) is left out, the one
// farther from the model kept, so that the edge of its reach is drawn;
// one of another action, or on another level, is not left out.
func TestBoardThinsDestinations(t *testing.T) {
	b := &board.Board{Width: 24, Height: 12, Levels: []float64{0, 3}} // a dot is 1.2" across here
	at := func(group, act string, x float64, level int) Dest {
		return Dest{Group: group, Action: act, X: x, Y: 8, Level: level, FromX: 2, FromY: 8} // the model stands at 2, 8
	}
	dests := []Dest{
		at("m0-move", "move m0 @3,8", 3, 0),     // 1" from the model, under the next: left out
		at("m0-move", "move m0 @3.3,8", 3.3, 0), // 1.3"
		at("m0-move", "move m0 @4.4,8", 4.4, 0), // 1.1" from the next, which is farther: left out
		at("m0-move", "move m0 @5.5,8", 5.5, 0), // 3.5"
		at("m0-move", "move m0 @6.8,8", 6.8, 0), // 4.8", 1.3" from the one before: clear of it
		at("m0-dash", "dash m0 @3,8", 3, 0),     // another action
		at("m0-move", "move m0 @3,8 up", 3, 1),  // another level
	}
	var doc struct {
		Circles []struct {
			Act string `xml:"data-act,attr"`
		} `xml:"circle"`
	}
	if err := xml.Unmarshal([]byte(BoardSVG(b, nil, dests)), &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range doc.Circles {
		got = append(got, c.Act)
	}
	if want := "[move m0 @6.8,8 move m0 @5.5,8 move m0 @3.3,8 dash m0 @3,8 move m0 @3,8 up]"; fmt.Sprint(got) != want {
		t.Errorf("dots %v, want %s", got, want)
	}
}

// A label that would run off the board's left or right edge is anchored
// against that edge; one that fits is centred over its model.
func TestBoardLabelsStayOnTheBoard(t *testing.T) {
	b := &board.Board{Width: 24, Height: 24}
	pieces := []Piece{
		{ID: "rust-crawler", X: 22.5, Y: 20, R: 1, Hurt: true, Status: "mobile, activated"},
		{ID: "rust-juve", X: 0.8, Y: 20, R: 0.5},
		{ID: "lamp-a", X: 12, Y: 4, R: 0.5},
	}
	var doc struct {
		Groups []struct {
			Text struct {
				X     string `xml:"x,attr"`
				Class string `xml:"class,attr"`
			} `xml:"text"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal([]byte(BoardSVG(b, pieces, nil)), &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range doc.Groups {
		got = append(got, g.Text.X+" "+g.Text.Class)
	}
	if want := "[240 end 0 start 120 ]"; fmt.Sprint(got) != want {
		t.Errorf("labels' x and anchor: %v, want %s", got, want)
	}
	// Two models side by side: the second label goes below its model
	// rather than over the first; a third, far off, stays above.
	pieces = []Piece{{ID: "lamp-boss", X: 6, Y: 4, R: 0.5}, {ID: "lamp-quick", X: 8, Y: 4.3, R: 0.5}, {ID: "lamp-a", X: 18, Y: 4, R: 0.5}}
	var ys struct {
		Groups []struct {
			Text struct {
				Y string `xml:"y,attr"`
			} `xml:"text"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal([]byte(BoardSVG(b, pieces, nil)), &ys); err != nil {
		t.Fatal(err)
	}
	got = got[:0]
	for _, g := range ys.Groups {
		got = append(got, g.Text.Y)
	}
	// above: (4 - 0.5 - 0.25) × 10, rounded to even; below: (4.3 + 0.5 + 0.25) × 10 + 0.8 × the font (240/28)
	if want := "[32 57 32]"; fmt.Sprint(got) != want {
		t.Errorf("labels' y: %v, want %s", got, want)
	}
	// A model on the top edge (as a deployment zone places them): its
	// label goes below it, not off the board.
	pieces = []Piece{{ID: "zone-a", X: 6, Y: 0.5, R: 0.5}}
	ys.Groups = nil
	if err := xml.Unmarshal([]byte(BoardSVG(b, pieces, nil)), &ys); err != nil {
		t.Fatal(err)
	}
	// below: (0.5 + 0.5 + 0.25) × 10 + 0.8 × 240/28
	if y := ys.Groups[0].Text.Y; y != "19" {
		t.Errorf("the label of a model on the top edge at y %s, want 19 (below it)", y)
	}
}

// Every page renders from empty data without a template error, and the
// panel holds no control for a spectator.
func TestPagesRender(t *testing.T) {
	for name, data := range map[string]any{"new": &NewGame{}, "seats": &Seats{}, "game": Game{ID: "0123456789ab"},
		"panel": &Panel{Spectator: true, Sides: []SideCards{{Name: "a", Models: []Card{{Name: "m"}}}}}} {
		var buf bytes.Buffer
		if err := Render(&buf, name, data); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if name == "panel" && regexp.MustCompile(`<(button|input|select|textarea)`).MatchString(buf.String()) {
			t.Errorf("a spectator's panel has controls:\n%s", buf.String())
		}
	}
	// A question asked mid-way through an action shows what it rolled so
	// far; the newest log line shows above it.
	var buf bytes.Buffer
	last := &LogLine{Index: 3, Action: "Fire boss → x", Events: []string{"boss scored 2 hits against x"}}
	if err := Render(&buf, "panel", &Panel{Pending: &Pending{Kind: "choice", Text: "Lucky Break?", Mine: true, Options: []string{"pass", "spend", "take-first"}, Labels: []string{"pass", "spend", "take first"},
		SoFar: []string{"ff-pool std=1,luck=1 (3,9,2)", "cover no"}}, Last: last}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<span class="label">So far:</span> ff-pool std=1,luck=1 (3,9,2); cover no</p>`,
		`data-answer="take-first">take first</button>`, // the id answers, its words show
		`<span class="label">Last:</span> Fire boss → x ⇒ boss scored 2 hits against x</p>`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("the panel lacks %q:\n%s", want, buf.String())
		}
	}
	if err := Render(io.Discard, "nonesuch", nil); err == nil {
		t.Error("a page that does not exist renders")
	}
}
