package server

import (
	"fmt"
	"net/http"
	"sync"
)

// Event streams are bounded (issue 34): each holds a connection (a file
// descriptor) for as long as its client follows a game, so one client
// could otherwise hold them all and leave none for the API and pages.
// A stream needs room under three caps: per game and seat (a phone needs
// one or two), per client address (clientKey), and in all (MaxStreams,
// which skirmish serve sizes to the process's file limit with a reserve
// left for everything else). Beyond a cap the answer is 429 with
// Retry-After; the page's script waits and tries again.

// Defaults of the stream caps (Config).
const (
	DefaultMaxStreams        = 1000
	DefaultStreamsPerAddress = 32
	DefaultStreamsPerSeat    = 4
)

// streamCaps counts the open streams.
type streamCaps struct {
	mu                   sync.Mutex
	max, perAddr, perKey int
	total                int
	byAddr               map[string]int
	bySeat               map[seatKey]int
}

type seatKey struct {
	game string
	side int
}

// acquire takes a place for a stream, or says which cap is full; release
// gives the place back.
func (c *streamCaps) acquire(addr, game string, side int) (release func(), err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := seatKey{game, side}
	switch {
	case c.bySeat[k] >= c.perKey:
		return nil, streamsFull(fmt.Sprintf("this seat already follows the game on %d streams (at most %d a seat): close one, on another tab or phone", c.bySeat[k], c.perKey))
	case c.byAddr[addr] >= c.perAddr:
		return nil, streamsFull(fmt.Sprintf("this address already holds %d event streams (at most %d an address)", c.byAddr[addr], c.perAddr))
	case c.total >= c.max:
		return nil, streamsFull(fmt.Sprintf("the server holds %d event streams, its most", c.total))
	}
	c.total++
	c.byAddr[addr]++
	c.bySeat[k]++
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.total--
		if c.byAddr[addr]--; c.byAddr[addr] <= 0 {
			delete(c.byAddr, addr)
		}
		if c.bySeat[k]--; c.bySeat[k] <= 0 {
			delete(c.bySeat, k)
		}
	}, nil
}

func streamsFull(why string) *apiError {
	return &apiError{Status: http.StatusTooManyRequests, RetryAfter: 10, Message: "no room for another event stream: " + why + "; retry in 10 s"}
}

// Streams is how many event streams are open.
func (s *Server) Streams() int {
	s.streams.mu.Lock()
	defer s.streams.mu.Unlock()
	return s.streams.total
}
