package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/skirmish-engine/skirmish/store"
)

// Several servers on one database (issue 36). When the store is a
// store.Notifier (store/postgres), other servers write to the games this
// one holds in memory, so:
//
//   - every request for a game first reads the commands stored after the
//     seq this server holds (usually none: one indexed query), and runs
//     them: any server answers any seat with the game as stored, and a
//     write is judged on the game as it is;
//   - a write whose append another server beat (the database's primary
//     key refuses a second command at one seq) leaves the game in memory
//     ahead of the store: it is let go, rebuilt at the next request, and
//     the writer told the seq is stale (409), as for two seats on one
//     server;
//   - Follow listens to the store's changes: a command another server
//     stored in a game that a client follows here is run here too and
//     sent to the event streams within milliseconds (a game nobody follows
//     here waits for its next request), and a game another server deleted
//     leaves memory (its followers reconnect and hear it is gone).
//
//   - the games in use on a server (followed, or read within SweepEvery)
//     are marked so in the store when loaded, every TouchEvery and before
//     each sweep (store.Toucher): the retention sweep of any server
//     spares a game marked within SweepEvery.
//
// What stays per server: the games in memory (--max-games), the rate
// limits, the event-stream caps and the connection caps, each counted by
// the server that serves the request (docs/api.md, "Several servers").

// shared reports whether other servers may write to the store.
func (s *Server) shared() bool {
	_, ok := s.cfg.Store.(store.Notifier)
	return ok
}

// catchUp runs the commands stored after gm.seq, if any, and tells gm's
// followers; the caller holds gm.mu. A command that does not apply (it
// cannot happen unless the servers run different rules) lets the game go:
// the next request rebuilds it, and says why if it cannot.
func (s *Server) catchUp(ctx context.Context, gm *game) error {
	if gm.gone {
		return reloading()
	}
	cmds, err := s.cfg.Store.Commands(ctx, gm.rec.ID, gm.seq)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return s.storeDown(err)
	}
	for _, c := range cmds {
		if c.Seq != gm.seq+1 {
			break // a gap cannot be: the store's seqs are contiguous
		}
		if err := gm.run(c.Side, c.Kind, c.Body); err != nil {
			s.log.Error("a command stored by another server does not apply here", "game", gm.rec.ID, "seq", c.Seq, "err", err)
			s.drop(gm)
			return reloading()
		}
		gm.seq, gm.last = c.Seq, c.At
		s.outcomes.drop(gm.rec.ID)
		gm.publish(event{Seq: c.Seq, Kind: c.Kind, Side: c.Side})
	}
	return nil
}

// storeDown is the answer to a request the database failed (it is down,
// or restarting): 503, the error logged rather than shown.
func (s *Server) storeDown(err error) *apiError {
	s.log.Error("the database failed a request", "err", err)
	return &apiError{Status: http.StatusServiceUnavailable, Message: "the database is not answering: nothing was changed; retry in a moment"}
}

// hold locks gm for a read, and returns it; a game let go since the
// request found it (it holds a command that was not stored) is rebuilt
// from the store, and that one is locked and returned instead. The caller
// unlocks the game returned.
func (s *Server) hold(ctx context.Context, gm *game) (*game, error) {
	for range 4 {
		gm.mu.Lock()
		if !gm.gone {
			return gm, nil
		}
		gm.mu.Unlock()
		var err error
		if gm, err = s.load(ctx, gm.rec.ID, nil); err != nil {
			return nil, err
		}
	}
	return nil, reloading()
}

// reloading is the answer while a game is let go and rebuilt.
func reloading() *apiError {
	return &apiError{Status: http.StatusServiceUnavailable, Message: "the game is being reloaded; retry"}
}

// fresh brings a game in memory up to the store before a request uses it,
// when other servers share the store.
func (s *Server) fresh(ctx context.Context, gm *game) error {
	if !s.shared() {
		return nil
	}
	gm.mu.Lock()
	defer gm.mu.Unlock()
	return s.catchUp(ctx, gm)
}

// Follow listens to the changes other servers make to a shared store
// (store.Notifier), until ctx ends: it keeps the games this server holds
// in memory current, and their event streams told. skirmish serve runs
// it; with a store that is not shared it returns at once. It returns an
// error only if it cannot listen at all.
func (s *Server) Follow(ctx context.Context) error {
	n, ok := s.cfg.Store.(store.Notifier)
	if !ok {
		return nil
	}
	if _, ok := s.cfg.Store.(store.Toucher); ok {
		go func() {
			tick := time.NewTicker(TouchEvery)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
				if err := s.touch(ctx); err != nil && ctx.Err() == nil {
					s.log.Warn("marking the games in use", "err", err)
				}
			}
		}()
	}
	return n.Listen(ctx, func(c store.Change) { s.changed(ctx, c) })
}

// TouchEvery is how often a server on a shared store marks the games in
// use on it (store.Toucher).
const TouchEvery = 10 * time.Minute

// touchOne marks a game just loaded as in use, in a shared store; a
// failure is logged (the next touch marks it).
func (s *Server) touchOne(ctx context.Context, id string) {
	if t, ok := s.cfg.Store.(store.Toucher); ok {
		if err := t.Touch(ctx, []string{id}, s.cfg.Now()); err != nil {
			s.log.Warn("marking a game in use", "game", id, "err", err)
		}
	}
}

// touch marks the games in use on this server in a shared store: those a
// client follows, or read within SweepEvery.
func (s *Server) touch(ctx context.Context) error {
	t, ok := s.cfg.Store.(store.Toucher)
	if !ok {
		return nil
	}
	now := s.cfg.Now()
	var ids []string
	s.mu.Lock()
	for id, gm := range s.games {
		inUse := now.Sub(time.Unix(0, gm.used.Load())) < SweepEvery
		if !inUse && gm.mu.TryLock() {
			inUse = len(gm.subs) > 0
			gm.mu.Unlock()
		} else if !inUse {
			inUse = true // a request is changing it
		}
		if inUse {
			ids = append(ids, id)
		}
	}
	s.mu.Unlock()
	return t.Touch(ctx, ids, now)
}

// changed applies one change a server made to the shared store. The work
// of each game is done apart (a goroutine each), so that a game whose lock
// a slow request holds does not hold back the others' changes.
func (s *Server) changed(ctx context.Context, c store.Change) {
	switch {
	case c.Lost != nil:
		s.log.Warn("not hearing the other servers' writes (trying again; requests still read the database)", "err", c.Lost)
		return
	case c.ID == "":
		// Listening (again): changes may have been missed; check every
		// game in memory, deletions included.
		s.mu.Lock()
		all := make([]*game, 0, len(s.games))
		for _, gm := range s.games {
			all = append(all, gm)
		}
		s.mu.Unlock()
		s.outcomes.clear() // any game may have changed meanwhile
		for _, gm := range all {
			go s.follow(ctx, gm, 0)
		}
		return
	}
	// A finished game's outcome, kept for campaigns' pages, goes with any
	// change to it (another server's undo may take the end back).
	s.outcomes.drop(c.ID)
	s.mu.Lock()
	gm, ok := s.games[c.ID]
	s.mu.Unlock()
	if !ok {
		return
	}
	if c.Deleted {
		go func() {
			gm.mu.Lock()
			defer gm.mu.Unlock()
			s.drop(gm)
		}()
		return
	}
	go s.follow(ctx, gm, c.Seq)
}

// follow catches gm up with the store if it is behind seq and a client
// follows it here; with seq 0, whatever it is behind, or dropped if it
// was deleted.
func (s *Server) follow(ctx context.Context, gm *game, seq int) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if seq == 0 {
		if _, err := s.cfg.Store.Game(ctx, gm.rec.ID); errors.Is(err, store.ErrNotFound) {
			gm.mu.Lock()
			s.drop(gm)
			gm.mu.Unlock()
			return
		}
	}
	gm.mu.Lock()
	defer gm.mu.Unlock()
	if gm.gone || (seq > 0 && gm.seq >= seq) {
		return // this server's own write, or caught up already
	}
	if seq > 0 && len(gm.subs) == 0 {
		return // nobody follows it here: the next request catches up
	}
	if err := s.catchUp(ctx, gm); err != nil && !errors.Is(err, context.Canceled) {
		s.log.Warn("following another server's write", "game", gm.rec.ID, "err", fmt.Sprint(err))
	}
}

// publish sends ev to gm's followers; a follower too slow to keep up is
// let go (it reconnects and catches up). The caller holds gm.mu.
func (gm *game) publish(ev event) {
	for ch := range gm.subs {
		select {
		case ch <- ev:
		default:
			close(ch)
			delete(gm.subs, ch)
		}
	}
}
