package server

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// limiter is a token bucket per client (clientKey): n a minute, n at once.
type limiter struct {
	mu      sync.Mutex
	n       int
	now     func() time.Time
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(perMinute int, now func() time.Time) *limiter {
	if perMinute <= 0 {
		return nil
	}
	return &limiter{n: perMinute, now: now, buckets: map[string]*bucket{}}
}

// allow takes a token for the request's client address, or says how long
// until one is free.
func (l *limiter) allow(r *http.Request) (bool, time.Duration) {
	return l.allowKey(clientKey(r))
}

// allowKey takes a token for key (a client, or "" for everyone), or says
// how long until one is free.
func (l *limiter) allowKey(host string) (bool, time.Duration) {
	if l == nil {
		return true, 0
	}
	now := l.now()
	rate := float64(l.n) / float64(time.Minute)
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buckets) > 10000 { // forget the addresses whose buckets are full again
		for k, b := range l.buckets {
			if float64(now.Sub(b.at))*rate+b.tokens >= float64(l.n) {
				delete(l.buckets, k)
			}
		}
	}
	b, ok := l.buckets[host]
	if !ok {
		b = &bucket{tokens: float64(l.n), at: now}
		l.buckets[host] = b
	}
	b.tokens = min(float64(l.n), b.tokens+float64(now.Sub(b.at))*rate)
	b.at = now
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / rate)
	}
	b.tokens--
	return true, 0
}

// peek says whether the request's client address has a token left,
// without taking it, or how long until it will.
func (l *limiter) peek(r *http.Request) (bool, time.Duration) {
	if l == nil {
		return true, 0
	}
	host := clientKey(r)
	rate := float64(l.n) / float64(time.Minute)
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[host]
	if !ok {
		return true, 0
	}
	tokens := min(float64(l.n), b.tokens+float64(l.now().Sub(b.at))*rate)
	if tokens < 1 {
		return false, time.Duration((1 - tokens) / rate)
	}
	return true, 0
}

// tooManyBadTokens answers a client whose credentials keep failing.
func tooManyBadTokens(wait time.Duration) *apiError {
	secs := int(wait/time.Second) + 1
	return &apiError{Status: http.StatusTooManyRequests, Field: "authorization", RetryAfter: secs,
		Message: "too many requests with unknown games or wrong tokens from this address; retry in " + strconv.Itoa(secs) + " s"}
}

// tooMany answers a request over the limit: 429, with when to retry.
func tooMany(w http.ResponseWriter, wait time.Duration) {
	secs := int(wait/time.Second) + 1
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	fail(w, &apiError{Status: http.StatusTooManyRequests, Message: "too many games created from this address (or on this server, by everyone); retry in " + strconv.Itoa(secs) + " s"})
}

// tooManyRosters answers a client over its budget of roster saves and
// reads: 429, with when to retry.
func tooManyRosters(w http.ResponseWriter, wait time.Duration) {
	secs := int(wait/time.Second) + 1
	fail(w, &apiError{Status: http.StatusTooManyRequests, RetryAfter: secs, Message: "too many rosters saved or read from this address; retry in " + strconv.Itoa(secs) + " s"})
}

// MaxOddsPerClient is how many odds requests one client may have waiting
// or worked on at once.
const MaxOddsPerClient = 2

// oddsClients counts the odds requests of each client.
type oddsClients struct {
	mu sync.Mutex
	by map[string]int
}

func (o *oddsClients) acquire(client string) (func(), error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.by == nil {
		o.by = map[string]int{}
	}
	if o.by[client] >= MaxOddsPerClient {
		return nil, &apiError{Status: http.StatusTooManyRequests, RetryAfter: 1, Field: "action",
			Message: fmt.Sprintf("odds: this address already has %d worked out at once, the most; retry in 1 s", MaxOddsPerClient)}
	}
	o.by[client]++
	return func() {
		o.mu.Lock()
		defer o.mu.Unlock()
		if o.by[client]--; o.by[client] <= 0 {
			delete(o.by, client)
		}
	}, nil
}

// allowCreate takes a creation for the request's client and from the
// server's total (issue 34: many addresses at once cannot fill the disk
// either), or says how long until there is one.
func (s *Server) allowCreate(r *http.Request) (bool, time.Duration) {
	if ok, wait := s.creates.peek(r); !ok {
		return false, wait
	}
	if ok, wait := s.createsAll.allowKey(""); !ok {
		return false, wait
	}
	return s.creates.allow(r)
}
