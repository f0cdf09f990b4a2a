package svgplot_test

import (
	"bytes"
	"encoding/xml"
	"math"
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
	Text     string     `xml:",chardata"`
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

// ticks reads a chart's tick values back.
func ticks(c element) []float64 {
	var out []float64
	for _, e := range c.find("tick") {
		v, _ := strconv.ParseFloat(e.attr("data-value"), 64)
		out = append(out, v)
	}
	return out
}

// texts is the text of the elements of class class below c.
func texts(c element, class string) []string {
	var out []string
	for _, e := range c.find(class) {
		out = append(out, e.Text)
	}
	return out
}

// The value axis ticks at round steps that pass the largest bar: whole
// numbers for counts, and round percentages for odds.
func TestTicksAreRound(t *testing.T) {
	for _, tc := range []struct {
		chart svgplot.Chart
		want  []float64
	}{
		{svgplot.Histogram("Game length", "rounds", map[int]int{2: 1, 3: 1, 5: 5}), []float64{0, 1, 2, 3, 4, 5}},
		{svgplot.Histogram("Game length", "rounds", map[int]int{2: 2, 3: 5, 4: 8, 5: 25}), []float64{0, 5, 10, 15, 20, 25}},
		{svgplot.Histogram("Game length", "rounds", map[int]int{5: 1}), []float64{0, 1}},
		{svgplot.Histogram("Game length", "rounds", map[int]int{4: 130, 5: 1234}), []float64{0, 250, 500, 750, 1000, 1250}},
		{svgplot.Chart{Percent: true, Bars: []svgplot.Bar{{Value: 13.0 / 144}, {Value: 7.0 / 9}}}, []float64{0, 0.2, 0.4, 0.6, 0.8}},
		{svgplot.Chart{Percent: true, Bars: []svgplot.Bar{{Value: 0.19}, {Value: 0.01}}}, []float64{0, 0.05, 0.1, 0.15, 0.2}},
		{svgplot.Chart{Percent: true, YMax: 1, Bars: []svgplot.Bar{{Value: 0.5}}}, []float64{0, 0.25, 0.5, 0.75, 1}},
		{svgplot.Chart{Bars: []svgplot.Bar{{Value: 0.3}, {Value: 0.45}}}, []float64{0, 0.1, 0.2, 0.3, 0.4, 0.5}},
	} {
		var b bytes.Buffer
		if err := svgplot.Write(&b, tc.chart); err != nil {
			t.Fatal(err)
		}
		got := ticks(Parse(t, b.Bytes()).find("chart")[0])
		if len(got) != len(tc.want) {
			t.Errorf("%v: ticks %v, want %v", tc.chart.Bars, got, tc.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-9 {
				t.Errorf("%v: ticks %v, want %v", tc.chart.Bars, got, tc.want)
				break
			}
		}
	}
}

// Each bar's value, or its Note, is written over it where the bars leave
// room, and left off where they are too narrow for it.
func TestValuesOverBars(t *testing.T) {
	var b bytes.Buffer
	c := svgplot.Chart{Percent: true, Bars: []svgplot.Bar{{Label: "failure", Value: 13.0 / 144, Note: "13/144"}, {Label: "success", Value: 7.0 / 9}}}
	if err := svgplot.Write(&b, c); err != nil {
		t.Fatal(err)
	}
	if got, want := texts(Parse(t, b.Bytes()), "value"), []string{"13/144", "77.8%"}; !slices.Equal(got, want) {
		t.Errorf("values %q, want %q", got, want)
	}
	b.Reset()
	many := svgplot.Chart{Percent: true}
	for i := range 40 {
		many.Bars = append(many.Bars, svgplot.Bar{Label: strconv.Itoa(i), Value: 0.025, Note: "1/40 (2.50%)"})
	}
	svgplot.Write(&b, many)
	if got := texts(Parse(t, b.Bytes()), "value"); len(got) != 0 {
		t.Errorf("%d values written over bars %.1f units wide", len(got), 568.0/40)
	}
}

// Labels too wide for their bars turn, and the chart grows so that they
// stay inside the picture; short ones stay level.
func TestLabelsFit(t *testing.T) {
	height := func(c svgplot.Chart) (float64, bool) {
		var b bytes.Buffer
		if err := svgplot.Write(&b, c); err != nil {
			t.Fatal(err)
		}
		h, _ := strconv.ParseFloat(Parse(t, b.Bytes()).attr("height"), 64)
		return h, bytes.Contains(b.Bytes(), []byte("rotate(-45"))
	}
	short := svgplot.Chart{Bars: []svgplot.Bar{{Label: "greedy", Value: 1}, {Label: "random", Value: 2}}}
	h0, turned := height(short)
	if turned {
		t.Error("two short labels were turned")
	}
	long := svgplot.Chart{}
	for i := range 10 {
		long.Bars = append(long.Bars, svgplot.Bar{Label: "breaker-gunner-with-a-long-name-" + strconv.Itoa(i), Value: 1})
	}
	h1, turned := height(long)
	if !turned {
		t.Fatal("ten long labels were not turned")
	}
	// a 37-character label turned 45° reaches about 37·6.2/√2 ≈ 162 down
	// from the axis, which is 216 from the chart's top
	if h1 < 216+162 || h1 <= h0 {
		t.Errorf("chart height %v with turned labels (level: %v), want room for them (≥ %v)", h1, h0, 216+162)
	}
}

// Text XML cannot hold (control characters, a terminal's escapes, invalid
// UTF-8) is replaced, so that the file still parses.
func TestUnprintableText(t *testing.T) {
	var b bytes.Buffer
	c := svgplot.Chart{Title: "\x1b[31mred\x01", Bars: []svgplot.Bar{{Label: "a\x00b\xff", Value: 1}}}
	if err := svgplot.Write(&b, c); err != nil {
		t.Fatal(err)
	}
	root := Parse(t, b.Bytes())
	if got := root.find("chart")[0].attr("data-title"); got != "\uFFFD[31mred\uFFFD" {
		t.Errorf("title %q", got)
	}
	if got := root.find("bar")[0].attr("data-label"); got != "a\uFFFDb\uFFFD" {
		t.Errorf("label %q", got)
	}
}
