// Package loadgen plays many games at once against a skirmish server, as
// bot clients over HTTP, and measures it: the acknowledged writes per
// second and their latency. The server's tests use it for the many-games
// test and the load benchmark (docs/PERFORMANCE.md); `skirmish loadgen`
// runs it against a server started by hand.
//
// A client plays both seats of the games it is given, one write at a
// time per game: it sends what the seat's view allows (a legal action, or
// an answer to its question: an option, dice faces, a distance), picked at
// random, and asks for the view after it in the write's reply (?view=true,
// ?log=none); when the next decision is the other seat's, it reads the
// game as that seat. A game that ends is
// replaced by a new one, so that every client stays busy.
package loadgen

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Config is a load run.
type Config struct {
	Base string // the server, as http://host:port
	// Bases are several servers sharing one database (issue 36), used
	// instead of Base: requests go to them in turn, as a round-robin
	// load balancer without sticky sessions would send them, so that
	// nearly every request finds its game last written through another.
	Bases     []string
	Games     int           // games to create and play
	Clients   int           // concurrent clients, each with its share of the games
	Scenarios []string      // built-in scenarios, used in turn
	Writes    int           // stop after this many acknowledged writes per game (0: no limit)
	Duration  time.Duration // stop after this long (0: no limit)
	Seed      uint64        // the clients' choices (and the games' dice seeds)
	Client    *http.Client  // default: one with keep-alive for Clients connections
}

// Result is what a run measured.
type Result struct {
	Created  time.Duration // time to create the games
	Elapsed  time.Duration // time spent playing
	Writes   int           // acknowledged writes (actions, answers, undos)
	Reads    int           // views read
	Refused  map[int]int   // writes refused, by status (a stale seq, say)
	P50, P99 time.Duration // latency of acknowledged writes
	Max      time.Duration
}

// PerSecond is the acknowledged writes per second.
func (r Result) PerSecond() float64 { return float64(r.Writes) / r.Elapsed.Seconds() }

func (r Result) String() string {
	return fmt.Sprintf("%d writes in %v: %.0f/s, p50 %v, p99 %v, max %v; %d reads; refused %v",
		r.Writes, r.Elapsed.Round(time.Millisecond), r.PerSecond(), r.P50, r.P99, r.Max, r.Reads, r.Refused)
}

type game struct {
	id       string
	scenario string
	seed     uint64
	tokens   []string
	next     int // the seat expected to decide
	writes   int
	last     *view // the view the last write's reply carried, for the seat that sent it
}

// view is the part of a game's view a client reads.
type view struct {
	Seq     int      `json:"seq"`
	Over    bool     `json:"over"`
	Decider *int     `json:"decider"`
	Legal   []string `json:"legal"`
	Pending *struct {
		Side    int      `json:"side"`
		Kind    string   `json:"kind"`
		Options []string `json:"options"`
		Dice    string   `json:"dice"`
		YesNo   bool     `json:"yesno"`
		Min     *float64 `json:"min"`
		Max     *float64 `json:"max"`
	} `json:"pending"`
}

// Run creates cfg.Games games and plays them until ctx ends, the duration
// passes or every game has had its writes.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if cfg.Games <= 0 || cfg.Clients <= 0 || len(cfg.Scenarios) == 0 {
		return Result{}, fmt.Errorf("loadgen: want games, clients and scenarios")
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Clients, MaxIdleConns: cfg.Clients * max(1, len(cfg.Bases))}}
	}
	c := &client{cfg: cfg}
	start := time.Now()
	games := make([]*game, cfg.Games)
	var (
		wg    sync.WaitGroup
		errMu sync.Mutex
		first error
	)
	for k := range cfg.Clients { // the clients create their games at once
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := k; i < len(games); i += cfg.Clients {
				g, err := c.create(ctx, cfg.Scenarios[i%len(cfg.Scenarios)], cfg.Seed+uint64(i))
				if err != nil {
					errMu.Lock()
					first = cmp.Or(first, fmt.Errorf("loadgen: create game %d: %w", i, err))
					errMu.Unlock()
					return
				}
				games[i] = g
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return Result{}, first
	}
	res := Result{Created: time.Since(start), Refused: map[int]int{}}
	if cfg.Duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.Duration)
		defer cancel()
	}
	var (
		mu  sync.Mutex
		lat []time.Duration
	)
	start = time.Now()
	for k := range cfg.Clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []*game
			for i := k; i < len(games); i += cfg.Clients {
				mine = append(mine, games[i])
			}
			rng := rand.New(rand.NewPCG(cfg.Seed, uint64(k)))
			var my Result
			my.Refused = map[int]int{}
			var myLat []time.Duration
			err := c.play(ctx, mine, rng, &my, &myLat)
			mu.Lock()
			defer mu.Unlock()
			res.Writes += my.Writes
			res.Reads += my.Reads
			for s, n := range my.Refused {
				res.Refused[s] += n
			}
			lat = append(lat, myLat...)
			if err != nil && first == nil && ctx.Err() == nil {
				first = err
			}
		}()
	}
	wg.Wait()
	res.Elapsed = time.Since(start)
	if len(lat) > 0 {
		slices.Sort(lat)
		res.P50, res.P99, res.Max = lat[len(lat)/2], lat[len(lat)*99/100], lat[len(lat)-1]
	}
	return res, first
}

type client struct {
	cfg  Config
	turn atomic.Uint64 // the request count, for Bases in turn
}

// base is the server the next request goes to.
func (c *client) base() string {
	if n := uint64(len(c.cfg.Bases)); n > 0 {
		return c.cfg.Bases[c.turn.Add(1)%n]
	}
	return c.cfg.Base
}

// create makes a game of a built-in scenario.
func (c *client) create(ctx context.Context, scenario string, seed uint64) (*game, error) {
	var out struct {
		ID    string `json:"id"`
		Seats []struct {
			Token string `json:"token"`
		} `json:"seats"`
	}
	st, err := c.do(ctx, "POST", "/api/games", "", map[string]any{"scenario": scenario, "seed": seed}, &out)
	if err != nil {
		return nil, err
	}
	if st != http.StatusCreated {
		return nil, fmt.Errorf("status %d", st)
	}
	g := &game{id: out.ID, scenario: scenario, seed: seed}
	for _, s := range out.Seats {
		g.tokens = append(g.tokens, s.Token)
	}
	return g, nil
}

// play moves a client's games in turn until the context ends or each has
// had its writes.
func (c *client) play(ctx context.Context, games []*game, rng *rand.Rand, res *Result, lat *[]time.Duration) error {
	for len(games) > 0 {
		for i := 0; i < len(games); i++ {
			if ctx.Err() != nil {
				return nil
			}
			g := games[i]
			if c.cfg.Writes > 0 && g.writes >= c.cfg.Writes {
				games = slices.Delete(games, i, i+1)
				i--
				continue
			}
			if err := c.move(ctx, g, rng, res, lat); err != nil {
				return err
			}
		}
	}
	return nil
}

// move makes one write to g.
func (c *client) move(ctx context.Context, g *game, rng *rand.Rand, res *Result, lat *[]time.Duration) error {
	var v view
	if g.last != nil {
		v, g.last = *g.last, nil
	} else if err := c.read(ctx, g, &v, res); err != nil {
		return err
	}
	who := -1
	switch {
	case v.Pending != nil:
		who = v.Pending.Side
	case v.Decider != nil:
		who = *v.Decider
	}
	if !v.Over && who >= 0 && who != g.next { // the other seat's decision: read the game as that seat
		g.next = who
		if err := c.read(ctx, g, &v, res); err != nil {
			return err
		}
	}
	if v.Over {
		// A finished game is final: a new one takes its place.
		ng, err := c.create(ctx, g.scenario, g.seed+1_000_003)
		if err != nil {
			return err
		}
		ng.writes = g.writes
		*g = *ng
		return nil
	}
	path, body := "", map[string]any{"seq": v.Seq}
	p := v.Pending
	if p != nil && p.Side < 0 { // a measurement either seat may give
		p.Side = g.next
	}
	switch {
	case p != nil && p.Side == g.next && len(p.Options) > 0:
		path, body["answer"] = "answers", p.Options[rng.IntN(len(p.Options))]
	case p != nil && p.Side == g.next && p.Kind == "roll":
		path, body["answer"] = "answers", fmt.Sprint(1+rng.IntN(6)) // one die: loadgen plays digital dice
	case p != nil && p.Side == g.next && p.Kind == "fact" && p.YesNo:
		path, body["answer"] = "answers", []string{"yes", "no"}[rng.IntN(2)]
	case p != nil && p.Side == g.next && p.Kind == "fact":
		lo, hi := 0.0, 24.0
		if p.Min != nil && p.Max != nil {
			lo, hi = *p.Min, min(*p.Max, 24)
		}
		path, body["answer"] = "answers", fmt.Sprintf("%.0f", lo+rng.Float64()*(hi-lo))
	case len(v.Legal) > 0:
		path, body["action"] = "actions", v.Legal[rng.IntN(len(v.Legal))]
	default:
		return fmt.Errorf("loadgen: game %s: nothing to do for seat %d: %+v", g.id, g.next, v)
	}
	t0 := time.Now()
	var reply writeReply
	st, err := c.do(ctx, "POST", "/api/games/"+g.id+"/"+path+"?view=true&log=none", g.tokens[g.next], body, &reply)
	if err != nil {
		return err
	}
	g.last = reply.View
	if st == http.StatusOK {
		*lat = append(*lat, time.Since(t0))
		res.Writes++
		g.writes++
	} else {
		res.Refused[st]++
	}
	return nil
}

// read reads g as its seat g.next.
func (c *client) read(ctx context.Context, g *game, v *view, res *Result) error {
	*v = view{}
	st, err := c.do(ctx, "GET", "/api/games/"+g.id+"?log=none", g.tokens[g.next], nil, v)
	res.Reads++
	if err != nil {
		return err
	}
	if st != http.StatusOK {
		return fmt.Errorf("loadgen: view of %s: status %d", g.id, st)
	}
	return nil
}

// do sends one request and decodes the reply into out.
func (c *client) do(ctx context.Context, method, path, token string, body, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		js, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(js)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base()+path, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.cfg.Client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	// The replies are read into buffers kept for the next ones: the load
	// generator shares the machine with the server it measures, and its
	// garbage would be collected on the server's time.
	buf := replies.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= 256<<10 {
			replies.Put(buf)
		}
	}()
	buf.Reset()
	if _, err := buf.ReadFrom(io.LimitReader(resp.Body, 16<<20)); err != nil {
		return 0, err
	}
	if out != nil && resp.StatusCode < 300 {
		dec := func(data []byte) error { return json.Unmarshal(data, out) }
		if d, ok := out.(decoder); ok {
			dec = d.decode
		}
		if err := dec(buf.Bytes()); err != nil {
			return 0, fmt.Errorf("loadgen: %s %s: %v", method, path, err)
		}
	}
	return resp.StatusCode, nil
}

// replies are the buffers do reads replies into.
var replies = sync.Pool{New: func() any { return new(bytes.Buffer) }}
