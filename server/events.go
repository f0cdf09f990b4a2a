package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/scenario"
	"github.com/skirmish-engine/skirmish/store"
)

// streamAccess lets a request read a game's event stream: with a token,
// as every request, or with ?key=, a token's events key (EventsKey). A
// browser's EventSource cannot send headers, so its credential travels in
// the URL, where proxies log it; the key opens nothing but the stream,
// whose events say only what changed (seq, kind, side), so a seat's token
// need never be in a URL.
func (s *Server) streamAccess(r *http.Request) (*game, int, error) {
	key := r.URL.Query().Get("key")
	if !r.URL.Query().Has("key") || r.Header.Get("Authorization") != "" {
		return s.access(r)
	}
	id := r.PathValue("id")
	if !validID(id) {
		return nil, 0, noSuchGame(id)
	}
	k, err := hex.DecodeString(key)
	if err != nil || len(k) != sha256.Size || strings.ToLower(key) != key {
		return nil, 0, unauthorized("key: not an events key (64 lowercase hexadecimal digits, from the X-Events-Key header)")
	}
	return s.lookup(r, id, func(rec *store.Game) (int, bool) {
		side, ok := spectator, subtle.ConstantTimeCompare(k, rec.Watch) == 1
		for i, sh := range rec.Seats {
			if subtle.ConstantTimeCompare(k, sh) == 1 {
				side, ok = i, true
			}
		}
		return side, ok
	})
}

// EventsKey is the events key of a token: what ?key= takes on the event
// stream instead of the token. It is sent to the token's holder as the
// X-Events-Key header of the game and its panel.
func EventsKey(token string) string { return hex.EncodeToString(hash(token)) }

// Heartbeat is how often an idle event stream sends a comment, so that
// proxies and phones keep it open.
var Heartbeat = 15 * time.Second

// events is GET /api/games/{id}/events: Server-Sent Events, one per
// command the game takes, its id the command's seq. A client that
// reconnects gives Last-Event-ID (or ?after=) and first receives every
// command after it, in order, from the store; then the live ones, with
// nothing twice. An event says what changed (its seq, kind and side);
// the client reads the game again for the rest.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	gm, side, err := s.streamAccess(r)
	if err != nil {
		fail(w, err)
		return
	}
	release, err := s.streams.acquire(clientKey(r), gm.rec.ID, side)
	if err != nil {
		fail(w, err)
		return
	}
	defer release()
	after := -1
	last, from := r.Header.Get("Last-Event-ID"), "Last-Event-ID"
	if last == "" {
		last, from = r.URL.Query().Get("after"), "after"
	}
	if last != "" {
		n, err := strconv.Atoi(strings.TrimSpace(last))
		if err != nil || n < 0 {
			fail(w, invalid(from, "%q is not a seq (a whole number, 0 or more)", clip(last)))
			return
		}
		after = n
	}
	// Subscribe first, then read the backlog: a command taken meanwhile is
	// in both, and the seq skips it the second time.
	ch := make(chan event, 64)
	gm.mu.Lock()
	if gm.gone {
		gm.mu.Unlock()
		fail(w, reloading())
		return
	}
	gm.subs[ch] = struct{}{}
	if s.shared() {
		// Another server's write heard between the request's catch-up
		// and the subscription found nobody to tell here (shared.go):
		// read the store again, now that this stream hears what comes.
		if err := s.catchUp(r.Context(), gm); err != nil {
			delete(gm.subs, ch)
			gm.mu.Unlock()
			fail(w, err)
			return
		}
	}
	now := gm.seq
	gm.mu.Unlock()
	defer func() {
		gm.mu.Lock()
		if _, ok := gm.subs[ch]; ok {
			delete(gm.subs, ch)
			close(ch)
		}
		gm.mu.Unlock()
	}()
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{}) // a stream outlives the server's write timeout
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	sent := now
	if after > now {
		// The client saw more than the game holds (a database put back
		// from a backup, say): it is told to read the game again.
		fmt.Fprintf(w, "id: %d\nevent: reset\ndata: {\"seq\":%d}\n\n", now, now)
		after = now
	}
	if after >= 0 {
		sent = after
		if after < now {
			cmds, err := s.cfg.Store.Commands(r.Context(), gm.rec.ID, after)
			if err != nil {
				return
			}
			for _, c := range cmds {
				if c.Seq > now {
					break
				}
				if !send(w, event{Seq: c.Seq, Kind: c.Kind, Side: c.Side}) {
					return
				}
				sent = c.Seq
			}
		}
	}
	fmt.Fprintf(w, ": following game %s at seq %d\n\n", gm.rec.ID, sent)
	if rc.Flush() != nil {
		return
	}
	tick := time.NewTicker(Heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.stopping:
			return
		case ev, ok := <-ch:
			if !ok {
				return // dropped (too slow, or the game reloads): the client reconnects
			}
			if ev.Seq <= sent {
				continue
			}
			if !send(w, ev) {
				return
			}
			sent = ev.Seq
			if rc.Flush() != nil {
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": ♥\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		}
	}
}

// send writes one event.
func send(w http.ResponseWriter, ev event) bool {
	data, _ := json.Marshal(ev)
	_, err := fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", ev.Seq, ev.Kind, data)
	return err == nil
}

// importGame is POST /api/games/import: a saved game (`play --save`, or an
// export) becomes a game on the server, every entry verified as `replay
// --verify` does; it gets new seats. Its commands are re-made from its log
// and checked to give the same game.
func (s *Server) importGame(w http.ResponseWriter, r *http.Request) {
	if ok, wait := s.allowCreate(r); !ok {
		tooMany(w, wait)
		return
	}
	if err := jsonBody(r); err != nil {
		fail(w, err)
		return
	}
	sv, err := engine.ReadSave(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		var fe *engine.FieldError
		switch {
		case slowBody(err) != nil:
			fail(w, slowBody(err))
		case errors.As(err, &mbe):
			fail(w, &apiError{Status: http.StatusRequestEntityTooLarge, Message: fmt.Sprintf("the body is larger than %d bytes", mbe.Limit)})
		case errors.As(err, &fe):
			fail(w, unprocessable(fe.Path, "%s", fe.Error()))
		default:
			fail(w, invalid("", "%v", err))
		}
		return
	}
	rs, err := s.cfg.Rulesets.Lookup(sv.Ruleset)
	if err != nil {
		fail(w, unprocessable("ruleset", "%v", err))
		return
	}
	sc, err := scenario.Decode("save (scenario)", sv.Scenario, s.cfg.Rulesets, nil)
	if err != nil {
		fail(w, scenarioError(err))
		return
	}
	if sc.File.Ruleset != sv.Ruleset {
		fail(w, unprocessable("ruleset", "the save says %q, its scenario %q: the save was edited", sv.Ruleset, sc.File.Ruleset))
		return
	}
	su, err := sc.Setup(sv.Mode)
	if err != nil {
		fail(w, scenarioError(err))
		return
	}
	loaded, err := engine.Load(rs, su, sv, nil)
	if err != nil {
		var fe *engine.FieldError
		var de *engine.DriftError
		var ge *engine.DigestError
		switch {
		case errors.As(err, &fe):
			fail(w, unprocessable(fe.Path, "%s", fe.Error()))
		case errors.As(err, &de):
			fail(w, unprocessable(fmt.Sprintf("entries[%d]", de.Entry), "%s", de.Error()))
		case errors.As(err, &ge):
			fail(w, unprocessable("digest", "%s", ge.Error()))
		default:
			fail(w, unprocessable("", "%v", err))
		}
		return
	}
	// Whoever imports a save knows its seed: the game says so (issue 34),
	// with a commitment of its own.
	salt := make([]byte, 16)
	if _, err := io.ReadFull(s.cfg.Random, salt); err != nil {
		fail(w, internal(err))
		return
	}
	rec := &store.Game{Created: s.cfg.Now().UTC(), Ruleset: sv.Ruleset, Version: sv.Version, Name: su.Name, Scenario: su.Scenario,
		Mode: su.Mode, Dice: string(sv.Dice), Seed: sv.Seed, Strict: sv.Strict, Options: su.Options, Salt: salt, Chosen: true}
	cmds, err := commandsOf(loaded, sv)
	if err != nil {
		fail(w, unprocessable("entries", "%v", err))
		return
	}
	// The commands must make the same game the save did.
	g, err := s.build(rec)
	if err != nil {
		fail(w, internal(err))
		return
	}
	gm := &game{rec: rec, g: g}
	for i, c := range cmds {
		if err := gm.run(c.Side, c.Kind, c.Body); err != nil {
			fail(w, unprocessable("entries", "the save's log cannot be taken back as commands (command %d, %s): %v", i+1, c.Kind, err))
			return
		}
	}
	if ok, why := g.State().Equal(loaded.State()); !ok {
		fail(w, unprocessable("entries", "the save's log taken as commands gives another game: %s", why))
		return
	}
	if len(cmds) > s.cfg.MaxCommands+1 {
		fail(w, unprocessable("entries", "the save makes %d commands; a game takes at most %d on this server (--max-commands), and a concession", len(cmds), s.cfg.MaxCommands))
		return
	}
	for i := range cmds {
		cmds[i].Seq, cmds[i].At = i+1, s.cfg.Now()
	}
	resp, err := s.store(r.Context(), rec, su, cmds...) // the game and its log at once
	if err != nil {
		fail(w, err)
		return
	}
	encode(w, http.StatusCreated, resp)
}

// commandsOf re-makes the commands of a saved game from its log: each
// action, then the answers a person gave (typed dice; choices; facts at a
// table), each undo by the side of the action it took back, each
// concession.
func commandsOf(g *engine.Game, sv *engine.Save) ([]store.Command, error) {
	var out []store.Command
	add := func(side int, kind string, body any) {
		raw, _ := json.Marshal(body)
		out = append(out, store.Command{Side: side, Kind: kind, Body: raw})
	}
	an, err := g.Annotate()
	if err != nil {
		return nil, err
	}
	for i, e := range sv.Entries {
		if e.Skip > 0 && i > 0 {
			add(e.Side, "skip", skipCmd{Draws: e.Skip})
		}
		switch {
		case i == 0:
			// The start: the game makes it; its people's answers follow.
		case e.Action.ID == "undo":
			k := e.Action.Option
			if k <= 0 || k >= len(sv.Entries) {
				return nil, fmt.Errorf("entry %d undoes entry %d", i, k)
			}
			add(sv.Entries[k].Side, "undo", struct{}{})
			continue
		case e.Action.ID == "concede":
			add(e.Action.Option, "concede", struct{}{})
		default:
			add(e.Side, "action", actionCmd{Action: e.Action.String()})
		}
		for k, a := range e.Answers {
			person := a.Kind == engine.DiceQ && a.Typed || a.Kind == engine.ChoiceQ || a.Kind == engine.FactQ && sv.Mode == "table"
			if !person {
				continue
			}
			who := e.Side
			if i < len(an) && k < len(an[i].Questions) && an[i].Questions[k].Who >= 0 {
				who = an[i].Questions[k].Who
			}
			add(who, "answer", answerOf(a))
		}
	}
	return out, nil
}

func answerOf(a engine.Answer) answerCmd {
	c := answerCmd{Kind: a.Kind, Choice: a.Code, Value: a.Code}
	if a.Kind == engine.DiceQ {
		for _, f := range a.Faces {
			c.Faces = append(c.Faces, "#"+strconv.Itoa(f))
		}
	}
	switch a.Kind {
	case engine.ChoiceQ:
		c.Value = 0
	case engine.FactQ:
		c.Choice = 0
	default:
		c.Choice, c.Value = 0, 0
	}
	return c
}
