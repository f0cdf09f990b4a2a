package ui

import (
	"fmt"
	"html/template"
	"strings"

	qrcode "github.com/piglig/go-qr"
)

// QR draws text as a QR code in SVG, one path of unit squares with the
// four-module quiet zone the standard asks for, at error correction level
// M (a phone camera reads it through glare on a screen). label is its
// accessible name.
func QR(text, label string) (template.HTML, error) {
	q, err := qrcode.EncodeText(text, qrcode.Medium)
	if err != nil {
		return "", fmt.Errorf("ui: qr: %w", err)
	}
	n := q.Size()
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="%s" shape-rendering="crispEdges">`,
		n+8, n+8, template.HTMLEscapeString(label))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n+8, n+8)
	for y := range n {
		for x := range n {
			if q.Module(x, y) {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x+4, y+4)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return template.HTML(b.String()), nil // built here from numbers and an escaped label
}
