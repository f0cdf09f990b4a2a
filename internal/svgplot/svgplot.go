// Package svgplot draws small, deterministic SVG charts: bar charts with
// optional error bars, and histograms (bar charts of counts). It is the
// one plotting package of the CLI (skirmish sim --plot, skirmish odds
// --plot) and the web UI, written here rather than imported because the
// charts are few and simple, and the output must be byte-stable for golden
// tests and crisp on a phone.
//
// Every bar is a <rect class="bar"> carrying data-label and data-value
// attributes, and every error bar a <line class="err"> with data-lo and
// data-hi, so that tests and scripts can read a chart back.
package svgplot

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
)

// Bar is one bar: a label, a value and, if Err, an interval [Lo, Hi].
type Bar struct {
	Label  string
	Value  float64
	Lo, Hi float64
	Err    bool
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

// Size of one chart, in user units.
const (
	Width       = 640
	ChartHeight = 280
	marginL     = 56
	marginR     = 16
	marginT     = 36
	marginB     = 64
)

// Write writes the charts as one SVG document, one under another.
func Write(w io.Writer, charts ...Chart) error {
	bw := bufio.NewWriter(w)
	h := ChartHeight * max(1, len(charts))
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="sans-serif" font-size="11">`+"\n", Width, h, Width, h)
	fmt.Fprintf(bw, `<rect x="0" y="0" width="%d" height="%d" fill="white"/>`+"\n", Width, h)
	for i, c := range charts {
		c.write(bw, float64(i*ChartHeight))
	}
	fmt.Fprintln(bw, `</svg>`)
	return bw.Flush()
}

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

func px(x float64) string { return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64) }

func (c Chart) label(v float64) string {
	if c.Percent {
		return strconv.FormatFloat(100*v, 'f', 1, 64) + "%"
	}
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

func (c Chart) write(w *bufio.Writer, top float64) {
	esc := html.EscapeString
	fmt.Fprintf(w, `<g class="chart" data-title="%s">`+"\n", esc(c.Title))
	fmt.Fprintf(w, `<text x="%d" y="%s" font-size="14" font-weight="bold">%s</text>`+"\n", marginL, px(top+20), esc(c.Title))
	x0, x1 := float64(marginL), float64(Width-marginR)
	y0, y1 := top+ChartHeight-marginB, top+marginT // axis bottom and top
	ymax := c.YMax
	if ymax <= 0 {
		for _, b := range c.Bars {
			ymax = max(ymax, b.Value)
			if b.Err {
				ymax = max(ymax, b.Hi)
			}
		}
		if ymax <= 0 {
			ymax = 1
		}
	}
	y := func(v float64) float64 { return y0 - (y0-y1)*max(0, min(v, ymax))/ymax }
	// axes and ticks
	fmt.Fprintf(w, `<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s" stroke="black"/>`+"\n", px(x0), px(y0), px(x1), px(y0))
	fmt.Fprintf(w, `<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s" stroke="black"/>`+"\n", px(x0), px(y0), px(x0), px(y1))
	for k := 0; k <= 4; k++ {
		v := ymax * float64(k) / 4
		yy := y(v)
		fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#ddd"/>`+"\n", px(x0), px(yy), px(x1), px(yy))
		fmt.Fprintf(w, `<text x="%s" y="%s" text-anchor="end">%s</text>`+"\n", px(x0-4), px(yy+4), esc(c.label(v)))
	}
	if c.YLabel != "" {
		fmt.Fprintf(w, `<text x="12" y="%s" transform="rotate(-90 12 %s)" text-anchor="middle">%s</text>`+"\n", px((y0+y1)/2), px((y0+y1)/2), esc(c.YLabel))
	}
	n := len(c.Bars)
	if n == 0 {
		fmt.Fprintf(w, `<text x="%s" y="%s" text-anchor="middle">no data</text>`+"\n", px((x0+x1)/2), px((y0+y1)/2))
		fmt.Fprintln(w, `</g>`)
		return
	}
	slot := (x1 - x0) / float64(n)
	bw := slot * 0.7
	rotate := n > 8
	for i, b := range c.Bars {
		cx := x0 + slot*(float64(i)+0.5)
		top := y(b.Value)
		fmt.Fprintf(w, `<rect class="bar" data-label="%s" data-value="%s" x="%s" y="%s" width="%s" height="%s" fill="#4878a8"><title>%s: %s</title></rect>`+"\n",
			esc(b.Label), num(b.Value), px(cx-bw/2), px(top), px(bw), px(y0-top), esc(b.Label), esc(c.label(b.Value)))
		if b.Err {
			lo, hi := y(b.Lo), y(b.Hi)
			fmt.Fprintf(w, `<line class="err" data-lo="%s" data-hi="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="black"/>`+"\n", num(b.Lo), num(b.Hi), px(cx), px(lo), px(cx), px(hi))
			for _, yy := range []float64{lo, hi} {
				fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="black"/>`+"\n", px(cx-bw/6), px(yy), px(cx+bw/6), px(yy))
			}
		}
		if rotate {
			fmt.Fprintf(w, `<text x="%s" y="%s" transform="rotate(-45 %s %s)" text-anchor="end">%s</text>`+"\n", px(cx), px(y0+12), px(cx), px(y0+12), esc(b.Label))
		} else {
			fmt.Fprintf(w, `<text x="%s" y="%s" text-anchor="middle">%s</text>`+"\n", px(cx), px(y0+14), esc(b.Label))
		}
	}
	fmt.Fprintln(w, `</g>`)
}
