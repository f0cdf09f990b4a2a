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
	for _, f := range []string{"static/app.js", "static/app.css", "static/roster.js", "static/campaign.js"} {
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
// folder listings), cached for good when asked for by their version;
// notFound answers for a file that is not there.
func Static(notFound http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/static/")
		b, err := staticFS.ReadFile("static/" + name)
		if err != nil || name == "" || strings.Contains(name, "/") {
			notFound.ServeHTTP(w, r)
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

// Manifest is the web app manifest (/manifest.webmanifest): the companion
// installs on a phone's home screen, opening the front page, standalone.
func Manifest() http.Handler {
	body := []byte(`{"name":"skirmish table companion","short_name":"skirmish","start_url":"/","scope":"/",` +
		`"display":"standalone","background_color":"#f7f6f3","theme_color":"#1b1b1f",` +
		`"icons":[{"src":"/static/icon.svg","sizes":"any","type":"image/svg+xml","purpose":"any"}]}`)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/manifest+json")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(body)
	})
}

// ServiceWorker is the service worker (/sw.js, at the root so that it
// serves every page): it keeps the shell (this version's script, style and
// icon) in the browser's cache, so that pages open without fetching them
// again, and leaves pages, the API and event streams to the network (a
// game is live). Browsers run it only in a secure context: over HTTPS, or
// on localhost.
func ServiceWorker() http.Handler {
	body := []byte(`"use strict";
const V = "skirmish-` + version + `";
const SHELL = ["/static/app.js?v=` + version + `", "/static/app.css?v=` + version + `", "/static/icon.svg"];
self.addEventListener("install", (e) => e.waitUntil(caches.open(V).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting())));
self.addEventListener("activate", (e) => e.waitUntil(caches.keys()
  .then((ks) => Promise.all(ks.filter((k) => k !== V).map((k) => caches.delete(k))))
  .then(() => self.clients.claim())));
self.addEventListener("fetch", (e) => {
  const u = new URL(e.request.url);
  if (e.request.method !== "GET" || u.origin !== location.origin || !u.pathname.startsWith("/static/")) return;
  e.respondWith(caches.match(e.request).then((r) => r || fetch(e.request)));
});
`)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "text/javascript; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		w.Write(body)
	})
}
