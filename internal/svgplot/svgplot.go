// Package svgplot draws small, deterministic SVG charts: bar charts with
// optional error bars, and histograms (bar charts of counts). It is the
// one plotting package of the CLI (skirmish sim --plot, skirmish odds
// --plot), written here rather than imported because the charts are few
// and simple, and the output must be byte-stable for golden tests and
// crisp on a phone.
//
// Every bar is a <rect class="bar"> carrying data-label and data-value
// attributes, every error bar a <line class="err"> with data-lo and
// data-hi, and every tick a <line class="tick"> with data-value, so that
// tests and scripts can read a chart back. The value axis ticks at round
// steps (whole numbers for counts); each bar's value (or Note) is written
// over it where the bars leave room; labels too wide for their bars turn
// 45°, and the chart grows to fit them.
package svgplot

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Bar is one bar: a label, a value and, if Err, an interval [Lo, Hi].
type Bar struct {
	Label  string
	Value  float64
	Lo, Hi float64
	Err    bool
	// Note is written over the bar instead of its value ("7/9").
	Note string
}

// Chart is a bar chart.
type Chart struct {
	Title  string
	YLabel string
	Bars   []Bar
	// YMax is the top of the value axis; 0 fits the largest bar (or
	// interval).
	YMax float64
	// Percent prints values (0 to 1) as percentages.
	Percent bool
}

// Histogram is a chart of counts by integer value, a bar for each value
// from the smallest to the largest given (missing ones count 0).
func Histogram(title, xlabel string, counts map[int]int) Chart {
	c := Chart{Title: title, YLabel: "games"}
	if xlabel != "" {
		c.Title += " (" + xlabel + ")"
	}
	if len(counts) == 0 {
		return c
	}
	lo, hi := math.MaxInt, math.MinInt
	for v := range counts {
		lo, hi = min(lo, v), max(hi, v)
	}
	for v := lo; v <= hi; v++ {
		c.Bars = append(c.Bars, Bar{Label: strconv.Itoa(v), Value: float64(counts[v])})
	}
	return c
}

// Size of a chart, in user units: the plot area is plotHeight high; below
// it, the bars' labels take what they need (more when they are turned to
// fit).
const (
	Width      = 640
	plotHeight = 180
	marginL    = 56
	marginR    = 16
	marginT    = 36
	marginB    = 40
)

// charWidth is about how wide one character of the 11-unit font is, for
// laying out labels without measuring them.
const charWidth = 6.2

func textWidth(s string) float64 { return charWidth * float64(utf8.RuneCountInString(s)) }

// layout is where a chart's parts go.
type layout struct {
	height     float64 // the whole chart's
	slot, bw   float64 // a bar's share of the axis, and its width
	rotate     bool    // labels turned 45° to fit
	values     bool    // each bar's value written over it
	top, step  float64 // the value axis's top, and its tick spacing
	tickDigits int     // decimals of the tick labels
}

func (c Chart) layout() layout {
	var l layout
	n := len(c.Bars)
	l.slot = float64(Width-marginL-marginR) / float64(max(n, 1))
	l.bw = l.slot * 0.7
	widest, widestValue := 0.0, 0.0
	for _, b := range c.Bars {
		widest = max(widest, textWidth(b.Label))
		widestValue = max(widestValue, textWidth(c.valueText(b)))
	}
	l.rotate = widest > l.slot-4
	l.values = widestValue <= l.slot-2
	below := float64(marginB)
	if l.rotate {
		// a label turned 45° reaches down by its width over √2
		below = max(below, 20+min(widest, 200)/math.Sqrt2)
	}
	l.height = math.Ceil(marginT + plotHeight + below)
	l.top, l.step = c.axis()
	l.tickDigits = digits(l.step, c.Percent)
	return l
}

// axis is the top of the value axis and the spacing of its ticks: YMax
// in quarters when it is set, else a round step (1, 2, 2.5 or 5 times a
// power of ten; whole numbers for counts) that takes about five ticks to
// pass the largest bar or interval.
func (c Chart) axis() (top, step float64) {
	if c.YMax > 0 {
		return c.YMax, c.YMax / 4
	}
	ymax := 0.0
	for _, b := range c.Bars {
		ymax = max(ymax, b.Value)
		if b.Err {
			ymax = max(ymax, b.Hi)
		}
	}
	if ymax <= 0 || math.IsNaN(ymax) || math.IsInf(ymax, 0) {
		if c.Percent {
			return 1, 0.25
		}
		return 4, 1
	}
	raw := ymax / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	counts := !c.Percent && allWhole(c.Bars)
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		step = m * mag
		if counts && (step < 1 || step != math.Trunc(step)) {
			continue
		}
		if step >= raw {
			break
		}
	}
	if counts {
		step = max(step, 1)
	}
	return math.Ceil(ymax/step-1e-9) * step, step
}

func allWhole(bars []Bar) bool {
	for _, b := range bars {
		if b.Value != math.Trunc(b.Value) {
			return false
		}
	}
	return true
}

// digits is how many decimals show every multiple of step exactly (as a
// percentage when percent).
func digits(step float64, percent bool) int {
	if percent {
		step *= 100
	}
	d := 0
	for ; d < 6; d++ {
		x := step * math.Pow(10, float64(d))
		if math.Abs(x-math.Round(x)) < 1e-6*max(1, x) {
			break
		}
	}
	return d
}

// Write writes the charts as one SVG document, one under another.
func Write(w io.Writer, charts ...Chart) error {
	bw := bufio.NewWriter(w)
	ls := make([]layout, len(charts))
	h := 0.0
	for i, c := range charts {
		ls[i] = c.layout()
		h += ls[i].height
	}
	if len(charts) == 0 {
		h = marginT + plotHeight + marginB
	}
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %s" width="%d" height="%s" font-family="sans-serif" font-size="11">`+"\n", Width, px(h), Width, px(h))
	fmt.Fprintf(bw, `<rect x="0" y="0" width="%d" height="%s" fill="white"/>`+"\n", Width, px(h))
	top := 0.0
	for i, c := range charts {
		c.write(bw, top, ls[i])
		top += ls[i].height
	}
	fmt.Fprintln(bw, `</svg>`)
	return bw.Flush()
}

// escape makes text safe in SVG: XML's special characters escaped, and
// characters XML may not hold at all (most control characters, invalid
// UTF-8) replaced by U+FFFD, so that no label makes the file unreadable.
func escape(s string) string {
	return html.EscapeString(strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r != 0xFFFE && r != 0xFFFF && (r < 0xD800 || r > 0xDFFF) {
			return r
		}
		return utf8.RuneError
	}, strings.ToValidUTF8(s, "\uFFFD")))
}

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

func px(x float64) string { return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64) }

// label is a value as the chart shows it: a percentage to one decimal, a
// whole number, or four significant digits.
func (c Chart) label(v float64) string {
	if c.Percent {
		return strconv.FormatFloat(100*v, 'f', 1, 64) + "%"
	}
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// tick is a tick's label, with the decimals its step needs.
func (c Chart) tick(v float64, d int) string {
	if c.Percent {
		return strconv.FormatFloat(100*v, 'f', d, 64) + "%"
	}
	return strconv.FormatFloat(v, 'f', d, 64)
}

// valueText is what is written over a bar: its Note, else its value.
func (c Chart) valueText(b Bar) string {
	if b.Note != "" {
		return b.Note
	}
	return c.label(b.Value)
}

func (c Chart) write(w *bufio.Writer, top float64, l layout) {
	esc := escape
	fmt.Fprintf(w, `<g class="chart" data-title="%s">`+"\n", esc(c.Title))
	fmt.Fprintf(w, `<text x="%d" y="%s" font-size="14" font-weight="bold">%s</text>`+"\n", marginL, px(top+20), esc(c.Title))
	x0, x1 := float64(marginL), float64(Width-marginR)
	y0, y1 := top+marginT+plotHeight, top+marginT // axis bottom and top
	ymax := l.top
	y := func(v float64) float64 { return y0 - (y0-y1)*max(0, min(v, ymax))/ymax }
	// axes and ticks
	fmt.Fprintf(w, `<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s" stroke="black"/>`+"\n", px(x0), px(y0), px(x1), px(y0))
	fmt.Fprintf(w, `<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s" stroke="black"/>`+"\n", px(x0), px(y0), px(x0), px(y1))
	for k := 0; k <= 20; k++ {
		v := l.step * float64(k)
		if v > ymax*(1+1e-9) {
			break
		}
		yy := y(v)
		fmt.Fprintf(w, `<line class="tick" data-value="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#ddd"/>`+"\n", num(v), px(x0), px(yy), px(x1), px(yy))
		fmt.Fprintf(w, `<text x="%s" y="%s" text-anchor="end">%s</text>`+"\n", px(x0-4), px(yy+4), esc(c.tick(v, l.tickDigits)))
	}
	if c.YLabel != "" {
		fmt.Fprintf(w, `<text x="12" y="%s" transform="rotate(-90 12 %s)" text-anchor="middle">%s</text>`+"\n", px((y0+y1)/2), px((y0+y1)/2), esc(c.YLabel))
	}
	if len(c.Bars) == 0 {
		fmt.Fprintf(w, `<text x="%s" y="%s" text-anchor="middle">no data</text>`+"\n", px((x0+x1)/2), px((y0+y1)/2))
		fmt.Fprintln(w, `</g>`)
		return
	}
	for i, b := range c.Bars {
		cx := x0 + l.slot*(float64(i)+0.5)
		top := y(b.Value)
		fmt.Fprintf(w, `<rect class="bar" data-label="%s" data-value="%s" x="%s" y="%s" width="%s" height="%s" fill="#4878a8"><title>%s: %s</title></rect>`+"\n",
			esc(b.Label), num(b.Value), px(cx-l.bw/2), px(top), px(l.bw), px(y0-top), esc(b.Label), esc(c.valueText(b)))
		above := top
		if b.Err {
			lo, hi := y(b.Lo), y(b.Hi)
			fmt.Fprintf(w, `<line class="err" data-lo="%s" data-hi="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="black"/>`+"\n", num(b.Lo), num(b.Hi), px(cx), px(lo), px(cx), px(hi))
			for _, yy := range []float64{lo, hi} {
				fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="black"/>`+"\n", px(cx-l.bw/6), px(yy), px(cx+l.bw/6), px(yy))
			}
			above = min(above, hi)
		}
		if l.values {
			// over the bar and its interval (at the axis's top, in the
			// gap under the title)
			fmt.Fprintf(w, `<text class="value" x="%s" y="%s" text-anchor="middle">%s</text>`+"\n", px(cx), px(above-4), esc(c.valueText(b)))
		}
		if l.rotate {
			fmt.Fprintf(w, `<text x="%s" y="%s" transform="rotate(-45 %s %s)" text-anchor="end">%s</text>`+"\n", px(cx), px(y0+12), px(cx), px(y0+12), esc(b.Label))
		} else {
			fmt.Fprintf(w, `<text x="%s" y="%s" text-anchor="middle">%s</text>`+"\n", px(cx), px(y0+14), esc(b.Label))
		}
	}
	fmt.Fprintln(w, `</g>`)
}
