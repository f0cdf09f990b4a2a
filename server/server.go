// Package server is skirmish's HTTP/JSON API (DESIGN.md §5–§6): games
// created from built-in or uploaded scenarios, one seat per side with its
// own token, actions and answers checked by the engine against the seat,
// exact odds, live updates by Server-Sent Events, and every acknowledged
// write durable in a store.Store before the reply.
//
// # Games, seats and the log
//
// A game lives in the store as its setup and its log of commands (an
// action, an answer, an undo, a concession), each with its sequence number
// (seq): the state of a game is the engine re-running its commands, digital
// dice included, which come from the seed. The server keeps games in
// memory once read, and rebuilds one from its log when it is not. Each
// write names the seq the client last saw; a write on a stale seq is
// refused (409, with the current one), so two taps on two phones never
// apply twice. A write is applied to the game under its lock, appended to
// the store (durable; concurrent appends share a commit), and only then
// acknowledged and broadcast; if the store fails, the game is dropped from
// memory and rebuilt from what was stored.
//
// A seat token is 128 random bits, shown once at creation and stored only
// as its SHA-256, compared in constant time. A seat acts only on its own
// side's decisions (engine ApplyAs, AnswerAs, UndoAs); the spectator token
// reads only. The dice seed never leaves the server while a game runs: it
// is in no view and no event, and a game's export (which carries it, so
// that anyone can verify the game) is refused until the game is over.
//
// Every error is JSON {"error", "field", "seq"} with a 4xx status for bad
// input; a panic is recovered, logged and answered 500.
//
// The routes are listed in routes.go; docs/api.md is the API's manual.
//
// The same server serves the table companion's pages (pages.go, rendered
// by package ui): a new-game form, the seat links with QR codes, and a game
// page whose body is HTML rendered here for the seat asking; the page's
// script posts what the player taps to the API above, so the pages have no
// rights and no rules of their own.
//
// A Server is safe for concurrent use.
package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/scenario"
	"github.com/skirmish-engine/skirmish/store"
)

// Config is what a Server needs.
type Config struct {
	Store    store.Store
	Rulesets *engine.Registry
	Samples  scenario.Samples
	Procs    *dice.Registry // dice procedures for /api/odds
	Log      *slog.Logger   // nil: discard
	// MaxBody caps request bodies; default 1 MiB.
	MaxBody int64
	// Random is the source of tokens, IDs and seeds; default crypto/rand.
	Random io.Reader
	// Now is the clock; default time.Now.
	Now func() time.Time
	// MaxGames is how many games stay in memory (default 2,000, some 40
	// KiB each): past it, the least recently used game that no client is
	// following leaves memory, and is rebuilt from the store when asked
	// for again.
	MaxGames int
	// CreatesPerMinute caps the games one client address may create or
	// import a minute (0: no cap; skirmish serve sets 60).
	CreatesPerMinute int
	// CreatesPerMinuteTotal caps the games all clients together may create
	// or import a minute (0: no cap; skirmish serve sets 600).
	CreatesPerMinuteTotal int
	// BadTokensPerMinute caps the failed credential checks (an unknown
	// game, or a token not of the game) one client address may make a
	// minute, beyond which its requests for games get 429 until it may
	// again (0: no cap; skirmish serve sets 60).
	BadTokensPerMinute int
	// MeasureEither lets either seat answer a measurement at a table, as
	// before issue 34 (skirmish serve --measure either). By default the
	// side whose action asks answers it, and the other seat may dispute
	// the answer, once an action (a dispute asks it again, of the same
	// side, the dice rolled after it taken back with it).
	MeasureEither bool
	// TrustedProxies are the reverse proxies in front of the server
	// (skirmish serve --trusted-proxy): a request from one of them is
	// counted as the client its X-Forwarded-For names, so that each
	// client behind the proxy has its own limits. None by default: the
	// header is ignored, as any client could write it.
	TrustedProxies []netip.Prefix
	// Retain is how long a game is kept after its last command (skirmish
	// serve: 90 days); Sweep deletes the games idle longer. 0 keeps
	// every game.
	Retain time.Duration
	// MaxCommands caps the commands one game takes (default
	// DefaultMaxCommands, far above any real game): beyond it, writes
	// but a concession are refused (422), and an import that would make
	// more is too. The import's body limit grows with it, so that every
	// export the server gives can be imported again.
	MaxCommands int
	// MaxStreams caps the event streams open at once (default
	// DefaultMaxStreams); MaxStreamsPerAddress those of one client
	// address (DefaultStreamsPerAddress) and MaxStreamsPerSeat those of
	// one seat of one game (DefaultStreamsPerSeat). Beyond a cap a stream
	// is refused with 429.
	MaxStreams, MaxStreamsPerAddress, MaxStreamsPerSeat int
}

// Server serves the API.
type Server struct {
	cfg     Config
	log     *slog.Logger
	mu      sync.Mutex
	games   map[string]*game              // games in memory, by ID
	samples map[string]*scenario.Scenario // built-in scenarios decoded, by ruleset/name
	// oddsSlots bounds the odds worked out at once; odds, those of one
	// client (waiting or worked on).
	oddsSlots  chan struct{}
	odds       oddsClients
	creates    *limiter            // games created or imported, by client address
	createsAll *limiter            // and by everyone
	badTokens  *limiter            // failed credential checks, by client address
	loading    map[string]*flight  // games being rebuilt from the store, by ID
	handoffs   map[string]*handoff // seat-link pages of games just made, by their key
	stopping   chan struct{}       // closed by StopStreams
	arms       armouries           // the rulesets' sample armouries
	streams    streamCaps          // the event streams open
	// rosterWrites limits saves and reads of roster files per client, as
	// creates limits games (at the same rate, apart).
	rosterWrites *limiter
	rosterCache  rosterCache // saved rosters as read, by ID and version
	outcomes     outcomes    // finished games' winners, for campaigns' pages
	stopOnce     sync.Once
}

// StopStreams ends every event stream (their clients reconnect, to another
// server or this one restarted): call it as an http.Server shuts down
// (RegisterOnShutdown), since a stream is never idle.
func (s *Server) StopStreams() { s.stopOnce.Do(func() { close(s.stopping) }) }

// game is a game in memory: its record, the engine's game, its seq, and
// the clients following it.
type game struct {
	used atomic.Int64 // when a client last came for it, unix ns: the least used leave memory first
	mu   sync.Mutex
	rec  *store.Game
	g    *engine.Game
	seq  int
	subs map[chan event]struct{}
	gone bool // dropped from memory after a store failure: reload
	// last is when the game's last command came (its creation, with
	// none): the retention counts from it.
	last time.Time
	// disputed: the action waiting, or the last one taken, had its
	// measurements disputed: they were asked again, and are final
	// (issue 34: one dispute an action, so disputes never stall a game).
	disputed bool

	lines    []logLine // the log in words, as of linesSeq
	linesSeq int

	// request is the undo waiting for another seat's consent, nil when
	// none; undone is what the latest undo took back, and dropped the
	// lines of what undos took back that the engine's log no longer holds
	// (undo.go). Replaying the commands makes them again.
	request  *undoRequest
	undone   *tookBack
	dropped  []logLine
	views    map[viewKey][]byte // views as sent, as of viewsSeq
	viewsSeq int
	stateJS  []byte // the state's JSON as of viewsSeq, shared by the views
}

// event is one change pushed to the clients following a game.
type event struct {
	Seq  int    `json:"seq"`
	Kind string `json:"kind"`
	Side int    `json:"side"`
}

// DefaultMaxCommands is the most commands a game takes by default.
const DefaultMaxCommands = 20000

// importBytesPerCommand is what an export may take per command, for the
// import's body limit (an action-and-undo loop's export is about 140
// bytes a command).
const importBytesPerCommand = 512

// maxImport is the body limit of an import.
func (s *Server) maxImport() int64 {
	return min(engine.MaxSave, s.cfg.MaxBody+importBytesPerCommand*int64(s.cfg.MaxCommands+1))
}

// MaxOddsPaths caps the paths through the dice the odds of one action may
// take (engine.OddsOptions.MaxPaths): about a second of CPU.
const MaxOddsPaths = 100000

// New makes a Server.
func New(cfg Config) *Server {
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 1 << 20
	}
	if cfg.Random == nil {
		cfg.Random = rand.Reader
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = 2000
	}
	if cfg.MaxCommands <= 0 {
		cfg.MaxCommands = DefaultMaxCommands
	}
	if cfg.MaxStreams <= 0 {
		cfg.MaxStreams = DefaultMaxStreams
	}
	if cfg.MaxStreamsPerAddress <= 0 {
		cfg.MaxStreamsPerAddress = DefaultStreamsPerAddress
	}
	if cfg.MaxStreamsPerSeat <= 0 {
		cfg.MaxStreamsPerSeat = DefaultStreamsPerSeat
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Server{cfg: cfg, log: log, creates: newLimiter(cfg.CreatesPerMinute, cfg.Now), badTokens: newLimiter(cfg.BadTokensPerMinute, cfg.Now),
		rosterWrites: newLimiter(cfg.CreatesPerMinute, cfg.Now), createsAll: newLimiter(cfg.CreatesPerMinuteTotal, cfg.Now),
		loading: map[string]*flight{}, games: map[string]*game{}, handoffs: map[string]*handoff{}, samples: map[string]*scenario.Scenario{},
		oddsSlots: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2)), stopping: make(chan struct{}),
		streams: streamCaps{max: cfg.MaxStreams, perAddr: cfg.MaxStreamsPerAddress, perKey: cfg.MaxStreamsPerSeat,
			byAddr: map[string]int{}, bySeat: map[seatKey]int{}}}
}

// Handler is the API with its middleware: body limits, request logs,
// recovery from panics, and cross-origin protection of writes.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.routes(mux)
	var h http.Handler = mux
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fail(w, forbidden("a cross-origin write: this API takes writes from its own pages and from programs, not from other sites' pages"))
	}))
	h = cop.Handler(h)
	h = limited(s.cfg.MaxBody, s.maxImport(), h)
	h = queried(h)
	h = logged(s.log, h)
	h = forwarded(s.cfg.TrustedProxies, h)
	return recoverer(s.log, h)
}

// token makes a new secret: 128 random bits, in hex.
func (s *Server) token() (string, error) {
	var b [16]byte
	if _, err := io.ReadFull(s.cfg.Random, b[:]); err != nil {
		return "", fmt.Errorf("server: random: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// seed makes a dice seed.
func (s *Server) seed() (uint64, error) {
	var b [8]byte
	if _, err := io.ReadFull(s.cfg.Random, b[:]); err != nil {
		return 0, fmt.Errorf("server: random: %w", err)
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

func hash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// spectator is the side of a read-only token.
const spectator = -1

// seat finds whose token it is: a side, or spectator; ok false when it is
// no token of this game. Every hash is compared, in constant time.
func seat(rec *store.Game, token string) (side int, ok bool) {
	h := hash(token)
	side, ok = spectator, false
	for i, sh := range rec.Seats {
		if subtle.ConstantTimeCompare(h, sh) == 1 {
			side, ok = i, true
		}
	}
	if subtle.ConstantTimeCompare(h, rec.Watch) == 1 {
		side, ok = spectator, true
	}
	return side, ok
}

// load returns the game in memory, reading and rebuilding it from the
// store when it is not (rec, when the caller has read it already, saves
// reading it again). However many requests ask for a game that is not in
// memory, it is rebuilt once: the others wait for that one rebuild (one
// flight per game), or leave when their client does.
func (s *Server) load(ctx context.Context, id string, rec *store.Game) (*game, error) {
	s.mu.Lock()
	if gm, ok := s.games[id]; ok {
		s.mu.Unlock()
		return gm, nil
	}
	if f, ok := s.loading[id]; ok {
		s.mu.Unlock()
		select {
		case <-f.done:
			return f.gm, f.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	f := &flight{done: make(chan struct{})}
	s.loading[id] = f
	s.mu.Unlock()
	// The rebuild is the flight's, not its first client's: a client that
	// leaves does not fail the others waiting.
	gm, err := s.rebuild(context.WithoutCancel(ctx), id, rec)
	s.mu.Lock()
	delete(s.loading, id)
	if err == nil {
		if have, ok := s.games[id]; ok { // kept meanwhile (a game just made)
			gm = have
		} else {
			s.games[id] = gm
			s.evict()
		}
	}
	f.gm, f.err = gm, err
	close(f.done)
	s.mu.Unlock()
	return gm, err
}

// flight is one rebuild of a game from the store, which the requests for
// it wait for.
type flight struct {
	done chan struct{}
	gm   *game
	err  error
}

// rebuild reads a game and its commands from the store and replays them.
func (s *Server) rebuild(ctx context.Context, id string, rec *store.Game) (*game, error) {
	if rec == nil {
		var err error
		rec, err = s.cfg.Store.Game(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return nil, notFound("no game %q", id)
		}
		if err != nil {
			return nil, s.storeDown(err)
		}
	}
	cmds, err := s.cfg.Store.Commands(ctx, id, 0)
	if err != nil {
		return nil, s.storeDown(err)
	}
	g, err := s.build(rec)
	if err != nil {
		return nil, err
	}
	gm := &game{rec: rec, g: g, subs: map[chan event]struct{}{}, last: rec.Created}
	for _, c := range cmds {
		if err := gm.run(c.Side, c.Kind, c.Body); err != nil {
			return nil, fmt.Errorf("server: game %s: command %d (%s) no longer applies: %w", id, c.Seq, c.Kind, err)
		}
		gm.seq, gm.last = c.Seq, c.At
	}
	gm.used.Store(s.cfg.Now().UnixNano())
	return gm, nil
}

// lookup finds the game id names for a request whose credential match
// accepts (a seat's token, the spectator's, an events key): the game and
// the side match gives. The credential is checked against the stored
// record before the game is rebuilt, so a made-up token costs one read of
// a row, never a replay; and an unknown game and a wrong credential get the
// same answer (issue 34), so that probing tells nothing of which games
// exist. An address whose credentials keep failing is slowed (429).
func (s *Server) lookup(r *http.Request, id string, match func(rec *store.Game) (int, bool)) (*game, int, error) {
	if ok, wait := s.badTokens.peek(r); !ok {
		return nil, 0, tooManyBadTokens(wait)
	}
	deny := func() (*game, int, error) {
		s.badTokens.allow(r)
		return nil, 0, noSuchGame(id)
	}
	s.mu.Lock()
	gm, ok := s.games[id]
	s.mu.Unlock()
	var rec *store.Game
	if ok {
		rec = gm.rec
	} else {
		var err error
		rec, err = s.cfg.Store.Game(r.Context(), id)
		if errors.Is(err, store.ErrNotFound) {
			// Deleted by the retention sweep? Only a credential of the
			// game hears so; anyone else, as for any unknown game.
			t, terr := s.cfg.Store.Deleted(r.Context(), id)
			if terr == nil {
				if _, ok := match(&store.Game{ID: id, Seats: t.Seats, Watch: t.Watch}); ok {
					return nil, 0, s.gone(t)
				}
			}
			return deny()
		}
		if err != nil {
			return nil, 0, s.storeDown(err)
		}
	}
	side, ok := match(rec)
	if !ok {
		return deny()
	}
	if gm == nil {
		var err error
		if gm, err = s.load(r.Context(), id, rec); err != nil {
			return nil, 0, err
		}
		s.touchOne(r.Context(), id) // in use here from now on (shared.go)
	}
	gm.used.Store(s.cfg.Now().UnixNano())
	// Another server's writes (shared.go); a game let go meanwhile (one of
	// them won a race for a seq) is rebuilt from the store.
	for try := 0; ; try++ {
		err := s.fresh(r.Context(), gm)
		if err == nil {
			return gm, side, nil
		}
		if !gm.gone || try == 4 {
			return nil, 0, err
		}
		// Read again: another server may have deleted it.
		if gm, err = s.load(r.Context(), id, nil); err != nil {
			return nil, 0, err
		}
	}
}

// gone is the answer to a seat or spectator of a game the retention sweep
// deleted: 410, when and why.
func (s *Server) gone(t *store.Tombstone) *apiError {
	return &apiError{Status: http.StatusGone,
		Message: fmt.Sprintf("this game was deleted on %s: nobody had moved in it since %s, and this server keeps a game %s after its last move (skirmish serve --retain)",
			t.Deleted.Format("2 January 2006"), t.LastMove.Format("2 January 2006"), retainWords(s.cfg.Retain))}
}

// noSuchGame is the answer to a request naming a game that does not
// exist, or with a credential that is not one of its: the same for both.
func noSuchGame(id string) *apiError {
	return &apiError{Status: http.StatusNotFound, Field: "authorization",
		Message: fmt.Sprintf("no game %q with this token: check the link (a seat's link holds the game and its token)", clip(id))}
}

// InMemory is how many games the server holds in memory.
func (s *Server) InMemory() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games)
}

// keep puts a game just made in memory.
func (s *Server) keep(gm *game) {
	gm.used.Store(s.cfg.Now().UnixNano())
	s.mu.Lock()
	defer s.mu.Unlock()
	s.games[gm.rec.ID] = gm
	s.evict()
}

// evict lets the least recently used games go while there are more than
// MaxGames in memory, skipping those that clients follow (their event
// streams hang on the game in memory) or that a request is changing. A
// request still holding a game let go finishes on it; the store's seq
// check keeps a later copy from diverging. The caller holds s.mu.
func (s *Server) evict() {
	for len(s.games) > s.cfg.MaxGames {
		var victim *game
		for _, gm := range s.games {
			if victim != nil && gm.used.Load() >= victim.used.Load() {
				continue
			}
			if gm.mu.TryLock() {
				idle := len(gm.subs) == 0
				gm.mu.Unlock()
				if idle {
					victim = gm
				}
			}
		}
		if victim == nil {
			return
		}
		delete(s.games, victim.rec.ID)
	}
}

// drop forgets a game in memory (its state may be ahead of the store).
func (s *Server) drop(gm *game) {
	gm.gone = true
	s.mu.Lock()
	if s.games[gm.rec.ID] == gm {
		delete(s.games, gm.rec.ID)
	}
	s.mu.Unlock()
	for ch := range gm.subs {
		close(ch)
		delete(gm.subs, ch)
	}
}

// build makes the engine game of a record, before any command.
func (s *Server) build(rec *store.Game) (*engine.Game, error) {
	rs, err := s.cfg.Rulesets.Lookup(rec.Ruleset)
	if err != nil {
		return nil, fmt.Errorf("server: game %s: %w", rec.ID, err)
	}
	if v := rs.Info().Version; v != rec.Version {
		return nil, fmt.Errorf("server: game %s was made with %s version %s; this server has version %s", rec.ID, rec.Ruleset, rec.Version, v)
	}
	sc, err := scenario.Decode(rec.Name+" (stored)", rec.Scenario, s.cfg.Rulesets, nil)
	if err != nil {
		return nil, fmt.Errorf("server: game %s: scenario: %w", rec.ID, err)
	}
	su, err := sc.Setup(rec.Mode)
	if err != nil {
		return nil, fmt.Errorf("server: game %s: setup: %w", rec.ID, err)
	}
	su.Options = map[string]string{}
	for k, v := range rec.Options {
		su.Options[k] = v
	}
	// A game stored before commitments (schema 3) is also one whose
	// cancelled actions gave their dice back: its commands replay so.
	legacy := len(rec.Salt) == 0
	return engine.New(rs, su, engine.Config{Seed: rec.Seed, Dice: engine.DiceMode(rec.Dice), Strict: rec.Strict, Commitment: commitment(rec), RewindDice: legacy})
}

// commitment is a game's commitment to its seed, nil for a game from
// before commitments.
func commitment(rec *store.Game) *engine.Commitment {
	if len(rec.Salt) == 0 {
		return nil
	}
	return engine.NewCommitment(rec.Seed, rec.Salt, rec.Chosen)
}

// The commands, as stored.
type (
	actionCmd struct {
		Action string `json:"action"`
		// Assume answers the action's measurements asked before any die
		// (answerAssumed), as "id=value".
		Assume []string `json:"assume,omitempty"`
	}
	answerCmd struct {
		Kind   engine.Kind `json:"kind"`
		Faces  []string    `json:"faces,omitempty"`
		Choice int         `json:"choice,omitempty"`
		Value  int         `json:"value,omitempty"`
		// Refused: the answer showed the action waiting was never legal
		// (a measurement at a table), and the engine took the action
		// back. The game changed, so the answer is a command; replaying
		// it must refuse the action again.
		Refused bool `json:"refused,omitempty"`
	}
)

// run applies one stored command for side: to the engine's game, and to
// what the server keeps beside it (an undo request, what undos took
// back). A command the engine takes drops an undo request waiting; the
// undo commands are undo.go's.
func (gm *game) run(side int, kind string, body []byte) error {
	switch kind {
	case "undo", "undo-request", "undo-approve", "undo-decline":
		err := gm.runUndo(side, kind)
		if err == nil && (kind == "undo" || kind == "undo-approve") {
			gm.disputed = false // an action taken back: the next one may be disputed
		}
		return err
	case "dispute":
		// A seat disputes the measurements just answered: they are asked
		// again, of the side whose action it is; the dice rolled after
		// them are taken back too, and roll the same if measured the same.
		by := gm.g.Retractable()
		switch {
		case by == engine.NoModel:
			return engine.ErrNothingToRetract
		case by == side:
			return unprocessable("dispute", "the measurement is yours: a side disputes the other's measurements; to change your own, undo the action")
		case gm.disputed:
			return unprocessable("dispute", "this action's measurements were disputed once already, and measured again: they stand (one dispute an action)")
		}
		if err := gm.g.Retract(); err != nil {
			return err
		}
		gm.request, gm.disputed = nil, true
		return nil
	}
	err := runEngine(gm.g, side, kind, body)
	if err == nil {
		gm.request = nil
		if kind != "answer" {
			gm.disputed = false // another action: its measurements may be disputed
		}
	}
	return err
}

// runEngine applies one stored command of the engine's to g for side.
func runEngine(g *engine.Game, side int, kind string, body []byte) error {
	switch kind {
	case "action":
		var c actionCmd
		if err := json.Unmarshal(body, &c); err != nil {
			return err
		}
		a, err := engine.ParseAction(c.Action)
		if err != nil {
			return err
		}
		as, err := readAssumed(c.Assume)
		if err != nil {
			return err
		}
		if err := g.ApplyAs(side, a); err != nil {
			return err
		}
		return answerAssumed(g, side, as)
	case "answer":
		var c answerCmd
		if err := json.Unmarshal(body, &c); err != nil {
			return err
		}
		err := g.AnswerAs(side, c.Kind, engine.Reply{Faces: c.Faces, Choice: c.Choice, Value: c.Value})
		var ill *engine.IllegalError
		switch {
		case !c.Refused:
			return err
		case errors.As(err, &ill):
			return nil // refused again, as when it was sent
		case err == nil:
			return fmt.Errorf("the answer no longer refuses its action")
		}
		return err
	case "concede":
		return g.Concede(side)
	case "skip":
		// An imported save's entry that followed dice given up (an action
		// cancelled or refused after drawing): the stream moves on as it
		// did (engine.Entry.Skip). Only imports make this command.
		var c skipCmd
		if err := json.Unmarshal(body, &c); err != nil {
			return err
		}
		return g.SkipDice(c.Draws)
	}
	return fmt.Errorf("unknown command %q", kind)
}

// skipCmd is a stored "skip" command.
type skipCmd struct {
	Draws uint64 `json:"draws"`
}

// write applies a command to a game and stores it: under the game's lock,
// the seq checked, the engine's verdict taken, the command appended
// durably, then the clients told. It returns the new seq, and for an
// answer that made the rules refuse its action, the refusal.
func (s *Server) write(ctx context.Context, gm *game, side, seq int, kind string, body any) (int, *engine.IllegalError, error) {
	gm.mu.Lock()
	if gm.gone {
		// Let go since the request found it (a write failed, or lost a
		// race for a seq to another server's, shared.go): the request's
		// checks were made on a game that is not the stored one. The game
		// as stored says whether the writer is stale.
		gm.mu.Unlock()
		stored, err := s.load(ctx, gm.rec.ID, nil)
		if err != nil {
			return 0, nil, err
		}
		stored.mu.Lock()
		now := stored.seq
		stored.mu.Unlock()
		if seq != now {
			return 0, nil, stale(seq, now)
		}
		return 0, nil, reloading()
	}
	defer gm.mu.Unlock()
	if seq != gm.seq && s.shared() {
		// Another server may have stored commands since this request
		// read the game (shared.go).
		if err := s.catchUp(ctx, gm); err != nil {
			return 0, nil, err
		}
	}
	if seq != gm.seq {
		return 0, nil, stale(seq, gm.seq)
	}
	if gm.seq >= s.cfg.MaxCommands && kind != "concede" {
		return 0, nil, unprocessable("seq", "the game has taken %d commands, the most a game takes on this server (--max-commands): only a concession is taken now", gm.seq)
	}
	if undoKind(kind) && gm.g.Over() {
		return 0, nil, overFinal()
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return 0, nil, internal(err)
	}
	var refused *engine.IllegalError
	if err := gm.run(side, kind, raw); err != nil {
		// An answer that makes the rules refuse the action waiting has
		// changed the game (the action is taken back): it is stored, as a
		// refused answer, and the caller hears the reason.
		var ill *engine.IllegalError
		ac, isAnswer := body.(*answerCmd)
		if !isAnswer || !errors.As(err, &ill) || gm.g.Pending() != nil {
			return 0, nil, engineError(err)
		}
		refused = ill
		ac.Refused = true
		gm.request = nil // a command, as any other
		if raw, err = json.Marshal(ac); err != nil {
			return 0, nil, internal(err)
		}
	}
	next := gm.seq + 1
	at := s.cfg.Now()
	if err := s.cfg.Store.Append(ctx, gm.rec.ID, store.Command{Seq: next, Side: side, Kind: kind, Body: raw, At: at}); err != nil {
		// The game in memory is ahead of the store: forget it; the next
		// request rebuilds it from what was stored.
		s.drop(gm)
		var ce *store.ConflictError
		if errors.As(err, &ce) {
			return 0, nil, stale(seq, ce.Seq)
		}
		s.log.Error("store append failed", "game", gm.rec.ID, "err", err)
		return 0, nil, &apiError{Status: http.StatusServiceUnavailable, Message: "the game could not be saved; nothing was applied: retry"}
	}
	gm.seq, gm.last = next, at
	s.outcomes.drop(gm.rec.ID) // an undo after the end takes the end back
	gm.publish(event{Seq: next, Kind: kind, Side: side})
	return next, refused, nil
}

// engineError maps the engine's refusals to API errors.
func engineError(err error) error {
	var ill *engine.IllegalError
	var se *engine.SeatError
	var ae *engine.AnswerError
	var ue *engine.UndoError
	var api *apiError
	switch {
	case errors.As(err, &api): // the server's own refusal (an undo request's)
		return api
	case errors.As(err, &ill):
		return unprocessable("action", "%s", ill.Error())
	case errors.As(err, &se):
		return notYourSeat("%s", se.Reason)
	case errors.As(err, &ae) && ae.Missing.Valid():
		e := unprocessable("answer", "%s", ae.Error())
		e.More = &moreJSON{Die: dieName(ae.Missing), Role: ae.Role}
		return e
	case errors.As(err, &ae):
		return unprocessable("answer", "%s", ae.Error())
	case errors.As(err, &ue):
		return unprocessable("undo", "%s", ue.Error())
	case errors.Is(err, engine.ErrNothingToUndo):
		return unprocessable("undo", "nothing of yours to undo")
	case errors.Is(err, engine.ErrNothingToRetract):
		return unprocessable("dispute", "nothing to dispute: no measurement was answered last (a measurement can be disputed until a die is typed, the disputing side makes a choice, or another action is taken after it)")
	case errors.Is(err, engine.ErrOver):
		return unprocessable("", "the game is over")
	case errors.Is(err, engine.ErrPending):
		return unprocessable("", "a question is waiting for its answer: answer it (or undo the action) first")
	}
	return internal(err)
}

// answerAssumed answers, for side, the measurements the action just taken
// asks before any die is rolled and before it is done, with what the
// players assumed for its odds (as), one after the other: they measured
// them on the odds sheet, and nothing is asked twice. A measurement that
// depends on the dice (a ledge after a Down), one not assumed, or a
// question of another kind is left for the players. An answer that shows
// the action was not legal (the target out of sight) takes the action
// back: the error says why, and the game is as it was.
func answerAssumed(g *engine.Game, side int, as []engine.Assumed) error {
	for range 64 {
		p := g.Pending()
		if p == nil || p.Kind != engine.FactQ || p.Rolled || p.Followed {
			return nil
		}
		i := slices.IndexFunc(as, func(x engine.Assumed) bool { return x.Is(p.Key, p.Fact) })
		if i < 0 {
			return nil
		}
		if err := g.AnswerAs(side, engine.FactQ, engine.Reply{Value: as[i].Value}); err != nil {
			return err
		}
	}
	return nil
}

// Sweep deletes the games idle for longer than Config.Retain (their last
// command, or their creation, is older), a batch at a time, except those
// a client follows or read within the last hour (SweepEvery); it returns
// how many it deleted. A deleted game leaves a tombstone, kept Retain
// more, so that its seats' links say it was deleted and why. skirmish
// serve runs it an hour after it starts (followers reconnect first), then
// every hour.
func (s *Server) Sweep(ctx context.Context) (int, error) {
	if s.cfg.Retain <= 0 {
		return 0, nil
	}
	now := s.cfg.Now()
	if _, err := s.cfg.Store.Forget(ctx, now.Add(-s.cfg.Retain)); err != nil {
		return 0, err
	}
	// On a shared store, the games in use here first (shared.go): the
	// other servers' sweeps spare them too.
	if err := s.touch(ctx); err != nil {
		return 0, err
	}
	deleted := 0
	spared := map[string]bool{} // in use: the next pages reach past them
	for {
		limit := 100 + len(spared) // each page brings 100 not seen yet
		ids, err := s.cfg.Store.Idle(ctx, now.Add(-s.cfg.Retain), limit)
		if err != nil {
			return deleted, err
		}
		// Those in use on any server (shared.go): marked lately.
		elsewhere := map[string]bool{}
		if t, ok := s.cfg.Store.(store.Toucher); ok {
			used, err := t.Touched(ctx, ids, now.Add(-SweepEvery))
			if err != nil {
				return deleted, err
			}
			for _, id := range used {
				elsewhere[id] = true
			}
		}
		for _, id := range ids {
			if spared[id] {
				continue
			}
			s.mu.Lock()
			gm, ok := s.games[id]
			_, loading := s.loading[id] // a request is rebuilding it
			inUse := elsewhere[id] || loading
			if ok && !inUse {
				// TryLock, as evict: a request holding the game locks
				// it before s.mu; a busy game is not abandoned anyway.
				if gm.mu.TryLock() {
					inUse = len(gm.subs) > 0
					gm.mu.Unlock()
				} else {
					inUse = true
				}
				inUse = inUse || now.Sub(time.Unix(0, gm.used.Load())) < SweepEvery
			}
			if !inUse {
				delete(s.games, id)
			}
			s.mu.Unlock()
			if inUse {
				spared[id] = true // someone is looking at it: not abandoned
				continue
			}
			if err := s.cfg.Store.Delete(ctx, id, now); err != nil && !errors.Is(err, store.ErrNotFound) {
				return deleted, err
			}
			deleted++
		}
		if len(ids) < limit {
			return deleted, nil // every idle game seen
		}
	}
}

// SweepEvery is how often skirmish serve sweeps (Sweep), and how recently
// a game must have been read to be spared as in use.
const SweepEvery = time.Hour

// retainWords says a retention in words: "90 days", "36 hours", "1 hour",
// "90 minutes".
func retainWords(d time.Duration) string {
	plural := func(n int64, unit string) string {
		if n == 1 {
			return "1 " + unit
		}
		return fmt.Sprintf("%d %ss", n, unit)
	}
	switch {
	case d >= 48*time.Hour && d%(24*time.Hour) == 0:
		return plural(int64(d/(24*time.Hour)), "day")
	case d >= time.Hour && d%time.Hour == 0:
		return plural(int64(d/time.Hour), "hour")
	case d >= time.Minute:
		return plural(int64(d.Round(time.Minute)/time.Minute), "minute")
	}
	return d.String()
}
