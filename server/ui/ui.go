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
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"io"
	"net/http"
	"strings"
	"time"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// version names the embedded script and style: pages ask for them as
// /static/app.js?v=<version>, so a new binary's files are fetched afresh
// and the same ones are cached for good.
var version = func() string {
	h := sha256.New()
	for _, f := range []string{"static/app.js", "static/app.css"} {
		b, err := staticFS.ReadFile(f)
		if err != nil {
			panic(err) // a programming error: the files are embedded
		}
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}()

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"static": func(name string) string { return "/static/" + name + "?v=" + version },
}).ParseFS(templateFS, "templates/*.html"))

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

// Static serves the CSS and JavaScript under /static/: the files only (no
// folder listings), cached for good when asked for by their version.
func Static() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/static/")
		b, err := staticFS.ReadFile("static/" + name)
		if err != nil || name == "" || strings.Contains(name, "/") {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		if r.URL.Query().Get("v") == version {
			h.Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			h.Set("Cache-Control", "no-cache")
		}
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
	})
}
