package server

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/skirmish-engine/skirmish/server/ui"
)

// routes is the whole surface: the API (docs/api.md) and the pages.
func (s *Server) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /healthz", s.healthz)

	mux.HandleFunc("GET /api/rulesets", s.rulesets)
	mux.HandleFunc("GET /api/scenarios", s.scenarios)
	mux.HandleFunc("GET /api/odds/{procedure}", s.procedureOdds)

	mux.HandleFunc("POST /api/games", s.create)
	mux.HandleFunc("POST /api/rosters/read", s.readRoster)
	mux.HandleFunc("POST /api/rosters", s.createRoster)
	mux.HandleFunc("GET /api/rosters/{id}", s.getRoster)
	mux.HandleFunc("PUT /api/rosters/{id}", s.putRoster)
	mux.HandleFunc("GET /api/rosters/{id}/export", s.exportRoster)
	mux.HandleFunc("GET /api/rosters/{id}/history", s.rosterHistory)
	mux.HandleFunc("POST /api/rosters/{id}/history/{n}/revert", s.revertEntry)
	mux.HandleFunc("POST /api/campaigns", s.createCampaign)
	mux.HandleFunc("GET /api/campaigns/{id}", s.getCampaign)
	mux.HandleFunc("POST /api/campaigns/{id}/games", s.createCampaignGame)
	mux.HandleFunc("GET /api/campaigns/{id}/games/{game}/results", s.campaignResults)
	mux.HandleFunc("POST /api/campaigns/{id}/games/{game}/apply", s.applyResults)
	mux.HandleFunc("POST /api/games/import", s.importGame)
	mux.HandleFunc("GET /api/games/{id}", s.view)
	mux.HandleFunc("POST /api/games/{id}/actions", s.action)
	mux.HandleFunc("POST /api/games/{id}/answers", s.answer)
	mux.HandleFunc("POST /api/games/{id}/undo", s.undo)
	mux.HandleFunc("POST /api/games/{id}/undo/approve", s.undoApprove)
	mux.HandleFunc("POST /api/games/{id}/undo/decline", s.undoDecline)
	mux.HandleFunc("POST /api/games/{id}/concede", s.concede)
	mux.HandleFunc("POST /api/games/{id}/dispute", s.dispute)
	mux.HandleFunc("GET /api/games/{id}/why", s.why)
	mux.HandleFunc("GET /api/games/{id}/odds", s.actionOdds)
	mux.HandleFunc("GET /api/games/{id}/export", s.export)
	mux.HandleFunc("GET /api/games/{id}/events", s.events)

	// The table companion's pages (pages.go, package ui).
	mux.HandleFunc("GET /{$}", s.newGamePage)
	mux.HandleFunc("POST /new", s.createFromPage)
	mux.HandleFunc("GET /new/{key}", s.seatsPage)
	mux.HandleFunc("GET /g/{id}", s.gamePage)
	mux.HandleFunc("GET /g/{id}/panel", s.panel)
	mux.HandleFunc("GET /rosters/new", s.rosterNewPage)
	mux.HandleFunc("GET /rosters/{id}", s.rosterPage)
	mux.HandleFunc("GET /rosters/{id}/history", s.historyPage)
	mux.HandleFunc("GET /campaigns/new", s.campaignNewPage)
	mux.HandleFunc("GET /campaigns/{id}", s.campaignPage)
	mux.HandleFunc("GET /campaigns/{id}/games/{game}/results", s.resultsPage)
	mux.Handle("GET /static/", ui.Static(http.HandlerFunc(noRoute)))
	mux.Handle("GET /manifest.webmanifest", ui.Manifest())
	mux.Handle("GET /sw.js", ui.ServiceWorker())

	// The same paths with another method: a JSON 405 naming the one
	// allowed, not the mux's text. An event stream has no HEAD.
	for p, allow := range map[string]string{"/api/rulesets": "GET", "/api/scenarios": "GET", "/api/odds/{procedure}": "GET",
		"/api/games": "POST", "/api/rosters": "POST", "/api/rosters/{id}/export": "GET", "/api/games/{id}": "GET", "/api/games/{id}/actions": "POST",
		"/api/games/{id}/answers": "POST", "/api/games/{id}/undo": "POST", "/api/games/{id}/concede": "POST", "/api/games/{id}/dispute": "POST",
		"/api/games/{id}/undo/approve": "POST", "/api/games/{id}/undo/decline": "POST",
		"/api/games/{id}/why": "GET", "/api/games/{id}/odds": "GET", "/api/games/{id}/export": "GET", "/api/games/{id}/events": "GET",
		"/api/rosters/{id}/history": "GET", "/api/rosters/{id}/history/{n}/revert": "POST", "/api/campaigns": "POST",
		"/api/campaigns/{id}": "GET", "/api/campaigns/{id}/games": "POST", "/api/campaigns/{id}/games/{game}/results": "GET",
		"/api/campaigns/{id}/games/{game}/apply": "POST"} {
		mux.HandleFunc(p, methodNotAllowed(allow))
	}
	mux.HandleFunc("HEAD /api/games/{id}/events", methodNotAllowed("GET"))
	// /api/rosters/read and /api/rosters/{id} overlap: their other methods
	// are named one by one (a pattern for every method would conflict).
	for _, m := range []string{"GET", "PUT", "DELETE", "PATCH"} {
		mux.HandleFunc(m+" /api/rosters/read", methodNotAllowed("POST"))
	}
	for _, m := range []string{"POST", "DELETE", "PATCH"} {
		mux.HandleFunc(m+" /api/rosters/{id}", methodNotAllowed("GET, PUT"))
	}
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH"} {
		mux.HandleFunc(m+" /rosters/{id}", methodNotAllowed("GET"))
	}
	for p, allow := range map[string]string{"/new": "POST", "/new/{key}": "GET", "/g/{id}": "GET", "/g/{id}/panel": "GET",
		"/rosters/{id}/history": "GET", "/campaigns/{id}": "GET", "/campaigns/{id}/games/{game}/results": "GET",
		"/{$}": "GET", "/healthz": "GET", "/static/": "GET", "/manifest.webmanifest": "GET", "/sw.js": "GET"} {
		mux.HandleFunc(p, methodNotAllowed(allow))
	}
	mux.HandleFunc("GET /new", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/", http.StatusSeeOther) })
	mux.HandleFunc("GET /api/games/import", methodNotAllowed("POST"))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, notFound("no such API route: %s %s", r.Method, clip(r.URL.Path)))
	})
	// Everything else: the API's JSON for a client that asks for JSON,
	// a page's words for a browser.
	mux.HandleFunc("/", noRoute)
}

// noRoute answers a path no route serves: JSON when the client asks for
// it (or for anything of the API), else a line of text for a person.
func noRoute(w http.ResponseWriter, r *http.Request) {
	if wantsJSON(r) {
		fail(w, notFound("nothing at %s %s", r.Method, clip(r.URL.Path)))
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusNotFound)
	fmt.Fprintln(w, "Nothing here. The new-game page is at /.")
}

// wantsJSON reports whether a request's client reads JSON: it says so in
// Accept (as API clients do), or writes JSON.
func wantsJSON(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "application/json") || strings.HasPrefix(r.Header.Get("Content-Type"), "application/json")
}

func methodNotAllowed(allow string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", allow)
		fail(w, &apiError{Status: http.StatusMethodNotAllowed, Message: r.Method + " is not allowed on " + clip(r.URL.Path) + "; allowed " + allow})
	}
}
