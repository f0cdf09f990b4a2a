package svgplot_test

import (
	"bytes"
	"encoding/xml"
	"slices"
	"strconv"
	"testing"

	"github.com/skirmish-engine/skirmish/internal/svgplot"
)

// element is any SVG element, read back generically.
type element struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Children []element  `xml:",any"`
}

func (e element) attr(name string) string {
	for _, a := range e.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// find lists the elements below e with the given class, in document order.
func (e element) find(class string) []element {
	var out []element
	for _, c := range e.Children {
		if c.attr("class") == class {
			out = append(out, c)
		}
		out = append(out, c.find(class)...)
	}
	return out
}

// Parse reads an SVG document and fails the test if it is not XML.
func Parse(t *testing.T, b []byte) element {
	t.Helper()
	var root element
	if err := xml.Unmarshal(b, &root); err != nil {
		t.Fatalf("not XML: %v\n%s", err, b)
	}
	if root.XMLName.Local != "svg" {
		t.Fatalf("root element %q, want svg", root.XMLName.Local)
	}
	return root
}

func TestChartBars(t *testing.T) {
	var b bytes.Buffer
	win := svgplot.Chart{Title: `Win rate <"A" & B>`, YMax: 1, Percent: true, Bars: []svgplot.Bar{
		{Label: "greedy", Value: 0.75, Lo: 0.69, Hi: 0.8, Err: true},
		{Label: "random", Value: 0.235, Lo: 0.18, Hi: 0.3, Err: true},
		{Label: "draws", Value: 0.015},
	}}
	hist := svgplot.Histogram("Game length", "rounds", map[int]int{2: 3, 5: 7})
	if err := svgplot.Write(&b, win, hist); err != nil {
		t.Fatal(err)
	}
	root := Parse(t, b.Bytes())
	charts := root.find("chart")
	if len(charts) != 2 {
		t.Fatalf("%d charts, want 2", len(charts))
	}
	if got := charts[0].attr("data-title"); got != win.Title {
		t.Errorf("title %q, want %q (escaped and read back)", got, win.Title)
	}
	bars := charts[0].find("bar")
	if len(bars) != 3 {
		t.Fatalf("%d bars, want 3", len(bars))
	}
	heights := map[string]float64{}
	for i, want := range win.Bars {
		if got := bars[i].attr("data-label"); got != want.Label {
			t.Errorf("bar %d: label %q, want %q", i, got, want.Label)
		}
		if got, _ := strconv.ParseFloat(bars[i].attr("data-value"), 64); got != want.Value {
			t.Errorf("bar %d: value %v, want %v", i, got, want.Value)
		}
		heights[want.Label], _ = strconv.ParseFloat(bars[i].attr("height"), 64)
	}
	// heights are proportional to the values on a 0..YMax axis
	if r := heights["greedy"] / heights["random"]; r < 0.75/0.235-0.05 || r > 0.75/0.235+0.05 {
		t.Errorf("greedy/random bar heights %v, want %v", r, 0.75/0.235)
	}
	errs := charts[0].find("err")
	if len(errs) != 2 {
		t.Fatalf("%d error bars, want 2 (the draws bar has none)", len(errs))
	}
	if errs[0].attr("data-lo") != "0.69" || errs[0].attr("data-hi") != "0.8" {
		t.Errorf("error bar %v..%v, want 0.69..0.8", errs[0].attr("data-lo"), errs[0].attr("data-hi"))
	}
	// the histogram fills the values between with empty bars
	hb := charts[1].find("bar")
	var labels, values []string
	for _, e := range hb {
		labels, values = append(labels, e.attr("data-label")), append(values, e.attr("data-value"))
	}
	if want := []string{"2", "3", "4", "5"}; !slices.Equal(labels, want) {
		t.Errorf("histogram bars %v, want %v", labels, want)
	}
	if want := []string{"3", "0", "0", "7"}; !slices.Equal(values, want) {
		t.Errorf("histogram values %v, want %v", values, want)
	}
	// deterministic: the same charts, the same bytes
	var again bytes.Buffer
	svgplot.Write(&again, win, hist)
	if !bytes.Equal(b.Bytes(), again.Bytes()) {
		t.Error("the same charts drew different bytes")
	}
}

func TestEmptyChart(t *testing.T) {
	var b bytes.Buffer
	if err := svgplot.Write(&b, svgplot.Histogram("nothing", "", nil)); err != nil {
		t.Fatal(err)
	}
	if bars := Parse(t, b.Bytes()).find("bar"); len(bars) != 0 {
		t.Errorf("%d bars in an empty chart", len(bars))
	}
}
