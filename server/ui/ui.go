// Package ui is the table companion's web pages (issue 14): the new-game
// form, the seat links with their QR codes, and the game page a player at
// the table holds in one hand. Package server serves them; this package
// only renders, from data server fills in.
//
// The pages are html/template, embedded with the CSS and one small
// JavaScript file (static/app.js, plain fetch and EventSource: no
// framework, no build step, nothing from a CDN, so a server with no
// internet serves everything). The rules stay in Go: the game page's body
// (the panel) is HTML rendered by the server for the seat asking, and the
// script only fetches it again when the game's event stream says the game
// moved, posts what the player taps to the JSON API (docs/api.md), and
// draws the odds the API returns as bars.
//
// A seat's token never reaches the server in a URL it logs: seat links
// carry it after "#", which browsers do not send; the script sends it as a
// bearer token (and in the event stream's query, which the server's
// request log leaves out).
package ui

import (
	"bytes"
	"embed"
	"html/template"
	"io"
	"io/fs"
	"net/http"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

var pages = template.Must(template.New("").ParseFS(templateFS, "templates/*.html"))

// Render writes page name (a template's file name, without .html) with data.
// It renders into a buffer first, so a template error is an error, never a
// half-written page.
func Render(w io.Writer, name string, data any) error {
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, name+".html", data); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// Static serves the CSS and JavaScript under /static/.
func Static() http.Handler {
	sub, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(err) // a programming error: the folder is embedded
	}
	files := http.FileServerFS(sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Cached for a day, revalidated by the embedded files' (zero)
		// modification time: a new binary may change them.
		w.Header().Set("Cache-Control", "public, max-age=86400")
		http.StripPrefix("/static/", files).ServeHTTP(w, r)
	})
}
