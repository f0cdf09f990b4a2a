package server

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"
)

// recoverer turns a panic in a handler into a logged 500: bad input must
// never crash the server (and a test fails on any such log line).
func recoverer(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				fail(w, internal(fmt.Errorf("the server failed on this request")))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// statusWriter remembers the status written, for the request log.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logged logs each request: method, path (never the query, never a
// header: seat tokens stay out of logs), status and duration.
func logged(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		log.Debug("request", "method", r.Method, "path", r.URL.Path, "status", sw.status, "took", time.Since(start))
	})
}

// limited caps request bodies: an import's at imports, since a save
// grows with its game; every other's at max.
func limited(max, imports int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := max
		if r.URL.Path == "/api/games/import" {
			n = imports
		}
		r.Body = http.MaxBytesReader(w, r.Body, n)
		next.ServeHTTP(w, r)
	})
}

// queried refuses an API request whose query does not parse (a semicolon
// separator, a bad escape, more parameters than net/url reads): the
// handlers read their parameters with URL.Query, which drops such a query
// whole, so a request would be answered as if it had asked nothing.
func queried(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") && r.URL.RawQuery != "" {
			if _, err := url.ParseQuery(r.URL.RawQuery); err != nil {
				fail(w, invalid("query", "%s: the query does not read; send it as name=value pairs joined by &, each escaped", clip(err.Error())))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
