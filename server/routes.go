package server

import "net/http"

// routes is the whole API surface (docs/api.md).
func (s *Server) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /healthz", s.healthz)

	mux.HandleFunc("GET /api/rulesets", s.rulesets)
	mux.HandleFunc("GET /api/scenarios", s.scenarios)
	mux.HandleFunc("GET /api/odds/{procedure}", s.procedureOdds)

	mux.HandleFunc("POST /api/games", s.create)
	mux.HandleFunc("POST /api/games/import", s.importGame)
	mux.HandleFunc("GET /api/games/{id}", s.view)
	mux.HandleFunc("POST /api/games/{id}/actions", s.action)
	mux.HandleFunc("POST /api/games/{id}/answers", s.answer)
	mux.HandleFunc("POST /api/games/{id}/undo", s.undo)
	mux.HandleFunc("POST /api/games/{id}/concede", s.concede)
	mux.HandleFunc("GET /api/games/{id}/why", s.why)
	mux.HandleFunc("GET /api/games/{id}/odds", s.actionOdds)
	mux.HandleFunc("GET /api/games/{id}/export", s.export)
	mux.HandleFunc("GET /api/games/{id}/events", s.events)

	// The same paths with another method: a JSON 405, not the mux's text.
	for _, p := range []string{"/api/rulesets", "/api/scenarios", "/api/odds/{procedure}", "/api/games",
		"/api/games/{id}", "/api/games/{id}/actions", "/api/games/{id}/answers", "/api/games/{id}/undo", "/api/games/{id}/concede",
		"/api/games/{id}/why", "/api/games/{id}/odds", "/api/games/{id}/export", "/api/games/{id}/events"} {
		mux.HandleFunc(p, methodNotAllowed)
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, notFound("no such API route: %s %s", r.Method, r.URL.Path))
	})
}

func methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	fail(w, &apiError{Status: http.StatusMethodNotAllowed, Message: r.Method + " is not allowed on " + r.URL.Path})
}
