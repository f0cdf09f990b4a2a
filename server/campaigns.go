package server

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/skirmish-engine/skirmish/campaign"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/roster"
	"github.com/skirmish-engine/skirmish/scenario"
	"github.com/skirmish-engine/skirmish/store"
)

// Campaigns (issue 37; docs/campaigns.md): a named set of saved rosters
// of one ruleset and the games played between them. Its ID is a read
// link: anyone holding it sees the rosters, the games and the standings,
// and each side's results of a finished game as the changes they would
// make. Its edit token, shown once at creation, adds games. A game's
// results change a roster only when its edit token comes with them: the
// roster's player, who saw the changes first, applies them, and each
// change is an entry in the roster's history (kept in its YAML), which
// the same token may revert.

// Campaign limits: rosters in a campaign, games in one, and a name's
// length.
const (
	maxCampaignRosters = 16
	maxCampaignGames   = 500
	maxCampaignName    = 100
)

// campaignBody is what a campaign's record keeps (store.Campaign.Body):
// its rosters, and its games with the roster each side played. Whether a
// side's results were applied is the roster's history's to say.
type campaignBody struct {
	Rosters []string       `json:"rosters"`
	Games   []campaignGame `json:"games"`
}

type campaignGame struct {
	ID      string   `json:"id"`
	Rosters []string `json:"rosters"` // by side
}

// campaignJSON is a campaign as the API gives it.
type campaignJSON struct {
	ID      string               `json:"id"`
	Ruleset string               `json:"ruleset"`
	Name    string               `json:"name"`
	Version int                  `json:"version"`
	Created time.Time            `json:"created"`
	Updated time.Time            `json:"updated"`
	Rosters []campaignRosterJSON `json:"rosters"`
	Games   []campaignGameJSON   `json:"games"`
	// EditToken and EditURL are given once, when the campaign is made.
	EditToken string `json:"edit_token,omitempty"`
	EditURL   string `json:"edit_url,omitempty"`
}

// campaignRosterJSON is one roster of a campaign and its standing: the
// campaign's games it played that are over.
type campaignRosterJSON struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Played int    `json:"played"`
	Won    int    `json:"won"`
	Lost   int    `json:"lost"`
	Drawn  int    `json:"drawn"`
}

// campaignGameJSON is one game of a campaign: the roster of each side,
// whether it is over and who won (-1: a draw), and for each side whether
// its results were applied to its roster. A game the retention sweep
// deleted is gone.
type campaignGameJSON struct {
	ID      string   `json:"id"`
	Rosters []string `json:"rosters"`
	Over    bool     `json:"over"`
	Winner  int      `json:"winner"`
	Applied []bool   `json:"applied"`
	Gone    bool     `json:"gone,omitempty"`
}

// createCampaignRequest is POST /api/campaigns.
type createCampaignRequest struct {
	Name    string   `json:"name"`
	Ruleset string   `json:"ruleset"`
	Rosters []string `json:"rosters"`
}

// createCampaign is POST /api/campaigns: a name, a ruleset and two or
// more saved rosters of it (by ID). Its ID and edit token are given, the
// token this once.
func (s *Server) createCampaign(w http.ResponseWriter, r *http.Request) {
	if ok, wait := s.rosterWrites.allow(r); !ok {
		tooManyRosters(w, wait)
		return
	}
	var req createCampaignRequest
	if err := decode(r, &req); err != nil {
		fail(w, err)
		return
	}
	name := strings.TrimSpace(req.Name)
	switch {
	case name == "":
		fail(w, invalid("name", "missing: a campaign's name"))
		return
	case len(name) > maxCampaignName:
		fail(w, invalid("name", "%d bytes; a campaign's name is at most %d", len(name), maxCampaignName))
		return
	case !plain(name):
		fail(w, invalid("name", "a control, line-break, invisible or text-direction character (or not UTF-8): names are plain text on one line"))
		return
	case req.Ruleset == "":
		fail(w, invalid("ruleset", "missing: the ruleset the campaign plays (%s)", strings.Join(s.cfg.Rulesets.IDs(), ", ")))
		return
	}
	if _, err := s.cfg.Rulesets.Lookup(req.Ruleset); err != nil {
		fail(w, unprocessable("ruleset", "no ruleset %q; allowed %s", clip(req.Ruleset), strings.Join(s.cfg.Rulesets.IDs(), ", ")))
		return
	}
	if len(req.Rosters) < 2 || len(req.Rosters) > maxCampaignRosters {
		fail(w, invalid("rosters", "%d rosters; a campaign has 2 to %d saved rosters, by ID", len(req.Rosters), maxCampaignRosters))
		return
	}
	for i, id := range req.Rosters {
		field := fmt.Sprintf("rosters[%d]", i)
		if slices.Contains(req.Rosters[:i], id) {
			fail(w, invalid(field, "roster %s is in the campaign already", clip(id)))
			return
		}
		rec, err := s.savedRecord(r.Context(), field, id)
		if err != nil {
			var ae *apiError
			if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
				ae.Status = http.StatusUnprocessableEntity
			}
			fail(w, err)
			return
		}
		if rec.Ruleset != req.Ruleset {
			fail(w, unprocessable(field, "saved roster %s is a %s roster, and the campaign plays %s", id, rec.Ruleset, req.Ruleset))
			return
		}
	}
	body, err := json.Marshal(campaignBody{Rosters: req.Rosters, Games: []campaignGame{}})
	if err != nil {
		fail(w, internal(err))
		return
	}
	now := s.cfg.Now().UTC()
	rec := &store.Campaign{Created: now, Updated: now, Ruleset: req.Ruleset, Name: name, Body: body, Version: 1}
	tok, err := s.withNewID(func(id string, edit []byte) error {
		rec.ID, rec.Edit = id, edit
		return s.cfg.Store.CreateCampaign(r.Context(), rec)
	})
	if err != nil {
		fail(w, err)
		return
	}
	out, err := s.campaignOut(r, rec)
	if err != nil {
		fail(w, err)
		return
	}
	out.EditToken, out.EditURL = tok, "/campaigns/"+rec.ID+"#"+tok
	w.Header().Set("Location", "/api/campaigns/"+rec.ID)
	encode(w, http.StatusCreated, out)
}

// campaignRecord reads a campaign and its body.
func (s *Server) campaignRecord(ctx context.Context, id string) (*store.Campaign, *campaignBody, error) {
	if !validID(id) {
		return nil, nil, notFound("no campaign %q: a campaign's ID is 12 hexadecimal digits", clip(id))
	}
	rec, err := s.cfg.Store.Campaign(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, notFound("no campaign %q", id)
	}
	if err != nil {
		return nil, nil, s.storeDown(err)
	}
	var body campaignBody
	if err := json.Unmarshal(rec.Body, &body); err != nil {
		return nil, nil, internal(fmt.Errorf("campaign %s: %w", id, err))
	}
	return rec, &body, nil
}

// campaignRoster is a saved roster of a campaign read with its campaign
// fields (not checked against the ruleset: that is for a game).
func (s *Server) campaignRoster(ctx context.Context, field, id string) (*store.Roster, *scenario.Roster, error) {
	rec, err := s.savedRecord(ctx, field, id)
	if err != nil {
		return nil, nil, err
	}
	r, err := scenario.DecodeRoster(rec.Name+".yaml", rec.YAML)
	if err != nil {
		return nil, nil, unprocessable(field, "saved roster %s no longer reads: %v", id, err)
	}
	return rec, r, nil
}

// appliedEntry is the standing entry of r's history for side side of game
// id, or for the game of final-state digest (if given; an apply made
// offline, from the game's export, names the file), or nil.
func appliedEntry(r *scenario.Roster, id string, side int, digest string) *scenario.Entry {
	if r.Campaign == nil {
		return nil
	}
	for i := range r.Campaign.History {
		e := &r.Campaign.History[i]
		if e.Reverted == "" && (e.Game == id && e.Side == side || digest != "" && e.Digest == digest) {
			return e
		}
	}
	return nil
}

// campaignOut is a campaign as the API gives it: its rosters' names and
// standings, and its games' state, each game read from the store (or
// memory) as a spectator would.
func (s *Server) campaignOut(r *http.Request, rec *store.Campaign) (*campaignJSON, error) {
	var body campaignBody
	if err := json.Unmarshal(rec.Body, &body); err != nil {
		return nil, internal(fmt.Errorf("campaign %s: %w", rec.ID, err))
	}
	out := &campaignJSON{ID: rec.ID, Ruleset: rec.Ruleset, Name: rec.Name, Version: rec.Version, Created: rec.Created, Updated: rec.Updated,
		Rosters: []campaignRosterJSON{}, Games: []campaignGameJSON{}}
	rosters := map[string]*scenario.Roster{}
	for i, id := range body.Rosters {
		rr, ro, err := s.campaignRoster(r.Context(), fmt.Sprintf("rosters[%d]", i), id)
		if err != nil {
			return nil, err
		}
		rosters[id] = ro
		out.Rosters = append(out.Rosters, campaignRosterJSON{ID: id, Name: rr.Name})
	}
	for _, cg := range body.Games {
		gj := campaignGameJSON{ID: cg.ID, Rosters: cg.Rosters, Winner: -1, Applied: make([]bool, len(cg.Rosters))}
		over, winner, digest, err := s.gameOutcome(r, cg.ID)
		switch {
		case errors.Is(err, errGameGone):
			gj.Gone = true
		case err != nil:
			return nil, err
		default:
			gj.Over, gj.Winner = over, winner
		}
		for side, id := range cg.Rosters {
			if ro := rosters[id]; ro != nil {
				gj.Applied[side] = appliedEntry(ro, cg.ID, side, digest) != nil
			}
			k := slices.Index(body.Rosters, id)
			if k < 0 || !gj.Over {
				continue
			}
			st := &out.Rosters[k]
			st.Played++
			switch gj.Winner {
			case side:
				st.Won++
			case -1:
				st.Drawn++
			default:
				st.Lost++
			}
		}
		out.Games = append(out.Games, gj)
	}
	return out, nil
}

// errGameGone is a campaign's game that is no longer stored.
var errGameGone = errors.New("the game is gone")

// spectate reads a campaign's game as a spectator: held (gm.mu locked) on
// success; errGameGone if it was deleted.
func (s *Server) spectate(r *http.Request, id string) (*game, error) {
	gm, _, err := s.lookup(r, id, func(*store.Game) (int, bool) { return engine.NoModel, true })
	var ae *apiError
	if errors.As(err, &ae) && (ae.Status == http.StatusNotFound || ae.Status == http.StatusGone) {
		return nil, errGameGone
	}
	if err != nil {
		return nil, err
	}
	return s.hold(r.Context(), gm)
}

// gameOutcome is whether a game is over, and its winner (-1 a draw). A
// finished game's is kept (outcomes), so that a campaign's page rebuilds
// each game once, not at every view.
// Over, it gives the game's final-state digest too (an apply made offline
// names the game by it).
func (s *Server) gameOutcome(r *http.Request, id string) (bool, int, string, error) {
	if o, ok := s.outcomes.get(id); ok {
		return true, o.winner, o.digest, nil
	}
	gm, err := s.spectate(r, id)
	if err != nil {
		return false, -1, "", err
	}
	defer gm.mu.Unlock()
	if !gm.g.Over() {
		return false, -1, "", nil
	}
	o := outcome{winner: gm.g.State().Winner}
	if o.digest, err = gm.g.StateDigest(); err != nil {
		return false, -1, "", internal(err)
	}
	s.outcomes.put(id, o)
	return true, o.winner, o.digest, nil
}

// outcome is a finished game's winner and final-state digest.
type outcome struct {
	winner int
	digest string
}

// outcomes are finished games' winners, by game ID: at most
// maxOutcomes, any one let go when full (one let go is read again). A
// write to a game lets its outcome go (an undo may take the end back).
type outcomes struct {
	mu sync.Mutex
	m  map[string]outcome
}

const maxOutcomes = 8192

func (o *outcomes) get(id string) (outcome, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	w, ok := o.m[id]
	return w, ok
}

func (o *outcomes) put(id string, w outcome) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.m == nil {
		o.m = map[string]outcome{}
	}
	if len(o.m) >= maxOutcomes {
		for k := range o.m {
			delete(o.m, k)
			break
		}
	}
	o.m[id] = w
}

// getCampaign is GET /api/campaigns/{id}.
func (s *Server) getCampaign(w http.ResponseWriter, r *http.Request) {
	rec, _, err := s.campaignRecord(r.Context(), r.PathValue("id"))
	if err != nil {
		fail(w, err)
		return
	}
	out, err := s.campaignOut(r, rec)
	if err != nil {
		fail(w, err)
		return
	}
	encode(w, http.StatusOK, out)
}

// campaignEditor checks the request's bearer token against the campaign's
// edit token.
func campaignEditor(r *http.Request, rec *store.Campaign) error {
	tok, err := bearer(r)
	if err != nil {
		return err
	}
	if subtle.ConstantTimeCompare(hash(tok), rec.Edit) != 1 {
		return unauthorized("not this campaign's edit token")
	}
	return nil
}

// createCampaignGame is POST /api/campaigns/{id}/games: a new game, as
// POST /api/games makes one, whose sides are rosters of the campaign
// (sides[i].roster_id, every side), kept in the campaign. The campaign's
// edit token is the bearer.
func (s *Server) createCampaignGame(w http.ResponseWriter, r *http.Request) {
	rec, _, err := s.campaignRecord(r.Context(), r.PathValue("id"))
	if err != nil {
		fail(w, err)
		return
	}
	if err := campaignEditor(r, rec); err != nil {
		fail(w, err)
		return
	}
	if ok, wait := s.allowCreate(r); !ok {
		tooMany(w, wait)
		return
	}
	var req createRequest
	if err := decode(r, &req); err != nil {
		fail(w, err)
		return
	}
	resp, err := s.newCampaignGame(r.Context(), rec, req)
	if err != nil {
		fail(w, err)
		return
	}
	encode(w, http.StatusCreated, resp)
}

// newCampaignGame makes a campaign's game (the API's and the new-game
// page's) and adds it to the campaign.
func (s *Server) newCampaignGame(ctx context.Context, rec *store.Campaign, req createRequest) (*createResponse, error) {
	var body campaignBody
	if err := json.Unmarshal(rec.Body, &body); err != nil {
		return nil, internal(err)
	}
	if req.Ruleset == "" {
		req.Ruleset = rec.Ruleset
	}
	if req.Ruleset != rec.Ruleset {
		return nil, unprocessable("ruleset", "the campaign plays %s", rec.Ruleset)
	}
	if len(body.Games) >= maxCampaignGames {
		return nil, unprocessable("campaign", "the campaign has %d games, as many as a campaign keeps: start a new campaign", len(body.Games))
	}
	if len(req.Sides) < 2 {
		return nil, invalid("sides", "a campaign's game gives each side a roster of the campaign (sides[i].roster_id)")
	}
	var ids []string
	for i, sd := range req.Sides {
		if !slices.Contains(body.Rosters, sd.RosterID) {
			return nil, unprocessable(fmt.Sprintf("sides[%d].roster_id", i), "%q is not a roster of this campaign; its rosters are %s", clip(sd.RosterID), strings.Join(body.Rosters, ", "))
		}
		if slices.Contains(ids, sd.RosterID) {
			return nil, unprocessable(fmt.Sprintf("sides[%d].roster_id", i), "roster %s plays another side already", sd.RosterID)
		}
		ids = append(ids, sd.RosterID)
	}
	resp, err := s.newGame(ctx, req)
	if err != nil {
		return nil, err
	}
	if len(ids) != len(resp.Seats) {
		return nil, unprocessable("sides", "the scenario has %d sides; give each a roster of the campaign", len(resp.Seats))
	}
	// Kept in the campaign; an update that meets another's reads the
	// campaign again and goes on top.
	for try := 0; ; try++ {
		body.Games = append(body.Games, campaignGame{ID: resp.ID, Rosters: ids})
		b, err := json.Marshal(body)
		if err != nil {
			return nil, internal(err)
		}
		up := *rec
		up.Body, up.Updated, up.Version = b, s.cfg.Now().UTC(), rec.Version+1
		err = s.cfg.Store.UpdateCampaign(ctx, &up)
		var ce *store.ConflictError
		if errors.As(err, &ce) && try < 8 {
			rec, err = s.cfg.Store.Campaign(ctx, rec.ID)
			if err != nil {
				return nil, s.storeDown(err)
			}
			body = campaignBody{}
			if err := json.Unmarshal(rec.Body, &body); err != nil {
				return nil, internal(err)
			}
			continue
		}
		if err != nil {
			return nil, s.storeDown(err)
		}
		return resp, nil
	}
}

// resultsJSON is a side's results of a campaign's game, as the changes
// they make to its roster (GET …/results), or as applied (POST …/apply).
type resultsJSON struct {
	Campaign string          `json:"campaign"`
	Game     string          `json:"game"`
	Side     int             `json:"side"`
	Roster   string          `json:"roster"`
	Name     string          `json:"name"`
	Version  int             `json:"version"` // the roster's, which an apply must name
	Applied  bool            `json:"applied"`
	Entry    *scenario.Entry `json:"entry"`
	Results  []engine.Result `json:"results"`
}

// campaignSide reads a campaign's game and side from the request: the
// campaign, the game's place in it, and the side (?side= or the body's).
func (s *Server) campaignSide(r *http.Request, side string) (*store.Campaign, campaignGame, int, error) {
	rec, body, err := s.campaignRecord(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, campaignGame{}, 0, err
	}
	gid := r.PathValue("game")
	k := slices.IndexFunc(body.Games, func(g campaignGame) bool { return g.ID == gid })
	if k < 0 {
		return nil, campaignGame{}, 0, notFound("no game %q in this campaign", clip(gid))
	}
	cg := body.Games[k]
	n, err := strconv.Atoi(side)
	if err != nil || n < 0 || n >= len(cg.Rosters) {
		return nil, campaignGame{}, 0, invalid("side", "%q: the side whose results are meant, 0 to %d", clip(side), len(cg.Rosters)-1)
	}
	return rec, cg, n, nil
}

// plan works out a side's results of a campaign's game against its
// roster as stored now.
func (s *Server) plan(r *http.Request, rec *store.Campaign, cg campaignGame, side int) (*store.Roster, *scenario.Roster, *campaign.Game, *scenario.Entry, error) {
	rr, ro, err := s.campaignRoster(r.Context(), "roster", cg.Rosters[side])
	if err != nil {
		return nil, nil, nil, nil, err
	}
	gm, err := s.spectate(r, cg.ID)
	if errors.Is(err, errGameGone) {
		return nil, nil, nil, nil, &apiError{Status: http.StatusGone, Field: "game", Message: fmt.Sprintf("game %s is gone (the retention sweep deletes idle games): its results cannot be read", cg.ID)}
	}
	if err != nil {
		return nil, nil, nil, nil, err
	}
	g, err := campaign.FromGame(gm.g, side, cg.ID)
	gm.mu.Unlock()
	if err != nil {
		return nil, nil, nil, nil, &apiError{Status: http.StatusConflict, Field: "game", Message: strings.TrimPrefix(err.Error(), "campaign: ")}
	}
	if appliedEntry(ro, cg.ID, side, g.Digest) != nil {
		return rr, ro, g, nil, nil
	}
	e, err := campaign.Plan(ro, g)
	if err != nil {
		return nil, nil, nil, nil, unprocessable("roster", "%s (the roster was changed since the game?)", strings.TrimPrefix(err.Error(), "campaign: "))
	}
	return rr, ro, g, e, nil
}

// campaignResults is GET /api/campaigns/{id}/games/{game}/results?side=N:
// what the game's results do to the side's roster, as changes (nothing
// changes), or the history entry that applied them.
func (s *Server) campaignResults(w http.ResponseWriter, r *http.Request) {
	if err := takes(r, "side"); err != nil {
		fail(w, err)
		return
	}
	rec, cg, side, err := s.campaignSide(r, r.URL.Query().Get("side"))
	if err != nil {
		fail(w, err)
		return
	}
	rr, ro, g, e, err := s.plan(r, rec, cg, side)
	if err != nil {
		fail(w, err)
		return
	}
	out := resultsJSON{Campaign: rec.ID, Game: cg.ID, Side: side, Roster: rr.ID, Name: rr.Name, Version: rr.Version, Entry: e, Results: ownResults(g)}
	if e == nil {
		out.Applied, out.Entry = true, appliedEntry(ro, cg.ID, side, g.Digest)
	}
	encode(w, http.StatusOK, out)
}

// ownResults are the game's results of the side g names.
func ownResults(g *campaign.Game) []engine.Result {
	out := []engine.Result{}
	for _, res := range g.Results {
		if res.Side == g.Side {
			out = append(out, res)
		}
	}
	return out
}

// applyRequest is POST …/apply: the side, and the roster's version whose
// changes the player saw.
type applyRequest struct {
	Side    *int `json:"side"`
	Version int  `json:"version"`
}

// applyResults is POST /api/campaigns/{id}/games/{game}/apply: the
// roster's player (its edit token the bearer), having seen the changes at
// its version, applies them; a roster changed since is refused (409), and
// the player looks again.
func (s *Server) applyResults(w http.ResponseWriter, r *http.Request) {
	tok, err := bearer(r)
	if err != nil {
		fail(w, err)
		return
	}
	var req applyRequest
	if err := decode(r, &req); err != nil {
		fail(w, err)
		return
	}
	if req.Side == nil {
		fail(w, invalid("side", "missing: the side whose results to apply"))
		return
	}
	rec, cg, side, err := s.campaignSide(r, strconv.Itoa(*req.Side))
	if err != nil {
		fail(w, err)
		return
	}
	rr, err := s.savedRecord(r.Context(), "roster", cg.Rosters[side])
	if err != nil {
		fail(w, err)
		return
	}
	if subtle.ConstantTimeCompare(hash(tok), rr.Edit) != 1 {
		fail(w, unauthorized("not the edit token of roster %s, which played side %d", rr.ID, side))
		return
	}
	if ok, wait := s.rosterWrites.allow(r); !ok {
		tooManyRosters(w, wait)
		return
	}
	switch {
	case req.Version == 0:
		fail(w, invalid("version", "missing: the roster's version the changes were shown for (GET …/results gives it)"))
		return
	case req.Version != rr.Version:
		fail(w, &apiError{Status: http.StatusConflict, Field: "version", Message: fmt.Sprintf("you saw the changes to version %d of the roster; it is at version %d now: look at them again", req.Version, rr.Version)})
		return
	}
	rr, ro, g, e, err := s.plan(r, rec, cg, side)
	if err != nil {
		fail(w, err)
		return
	}
	if e == nil {
		fail(w, &apiError{Status: http.StatusConflict, Field: "game", Message: fmt.Sprintf("side %d's results of game %s were applied to %s already", side, cg.ID, rr.Name)})
		return
	}
	if err := campaign.Apply(ro, e, s.cfg.Now()); err != nil {
		fail(w, unprocessable("roster", "%s", strings.TrimPrefix(err.Error(), "campaign: ")))
		return
	}
	up, err := s.saveCampaignRoster(r.Context(), rr, ro)
	if err != nil {
		fail(w, err)
		return
	}
	h := ro.Campaign.History
	encode(w, http.StatusOK, resultsJSON{Campaign: rec.ID, Game: cg.ID, Side: side, Roster: up.ID, Name: up.Name, Version: up.Version, Applied: true, Entry: &h[len(h)-1], Results: ownResults(g)})
}

// saveCampaignRoster stores roster ro, changed by a campaign step, as
// the next version of rr: refused (409) if another save came first.
func (s *Server) saveCampaignRoster(ctx context.Context, rr *store.Roster, ro *scenario.Roster) (*store.Roster, error) {
	y, err := rosterYAML(&roster.Result{Format: "yaml", Ruleset: rr.Ruleset, Roster: *ro, Unknown: []roster.Unknown{}})
	if err != nil {
		return nil, err
	}
	up := *rr
	up.YAML, up.Updated, up.Version = y, s.cfg.Now().UTC(), rr.Version+1
	err = s.cfg.Store.UpdateRoster(ctx, &up)
	var ce *store.ConflictError
	if errors.As(err, &ce) {
		return nil, &apiError{Status: http.StatusConflict, Field: "version", Message: fmt.Sprintf("the roster was saved elsewhere meanwhile (now version %d): look again", ce.Seq)}
	}
	if err != nil {
		return nil, s.storeDown(err)
	}
	return &up, nil
}

// historyJSON is a roster's campaign history (GET
// /api/rosters/{id}/history).
type historyJSON struct {
	ID      string           `json:"id"`
	Name    string           `json:"name"`
	Version int              `json:"version"`
	History []scenario.Entry `json:"history"`
}

// rosterHistory is GET /api/rosters/{id}/history: the games applied to the
// roster, each with its changes, as its YAML keeps them.
func (s *Server) rosterHistory(w http.ResponseWriter, r *http.Request) {
	rr, ro, err := s.campaignRoster(r.Context(), "", r.PathValue("id"))
	if err != nil {
		fail(w, err)
		return
	}
	out := historyJSON{ID: rr.ID, Name: rr.Name, Version: rr.Version, History: []scenario.Entry{}}
	if ro.Campaign != nil {
		out.History = append(out.History, ro.Campaign.History...)
	}
	encode(w, http.StatusOK, out)
}

// revertEntry is POST /api/rosters/{id}/history/{n}/revert: the roster's
// edit token the bearer, entry n's changes are taken back (refused, naming
// the field, when a later entry changed it again).
func (s *Server) revertEntry(w http.ResponseWriter, r *http.Request) {
	tok, err := bearer(r)
	if err != nil {
		fail(w, err)
		return
	}
	if err := noBody(r); err != nil {
		fail(w, err)
		return
	}
	rr, ro, err := s.campaignRoster(r.Context(), "", r.PathValue("id"))
	if err != nil {
		fail(w, err)
		return
	}
	if subtle.ConstantTimeCompare(hash(tok), rr.Edit) != 1 {
		fail(w, unauthorized("not this roster's edit token"))
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		fail(w, notFoundField("entry", "no history entry %q: entries are numbered from 0", clip(r.PathValue("n"))))
		return
	}
	if err := campaign.Revert(ro, n, s.cfg.Now()); err != nil {
		var ce *campaign.Error
		if errors.As(err, &ce) && ce.Field == "campaign.history" {
			fail(w, notFoundField("entry", "%s", ce.Problem))
			return
		}
		fail(w, &apiError{Status: http.StatusConflict, Field: "entry", Message: strings.TrimPrefix(err.Error(), "campaign: ")})
		return
	}
	up, err := s.saveCampaignRoster(r.Context(), rr, ro)
	if err != nil {
		fail(w, err)
		return
	}
	encode(w, http.StatusOK, historyJSON{ID: up.ID, Name: up.Name, Version: up.Version, History: ro.Campaign.History})
}

// keepCampaign carries a stored roster's campaign fields into a new
// version from a client that knows nothing of them (no campaign block and
// no model's record: an older roster editor, an API client): the history,
// and each model's record while it is the same model (its ID, name and
// type). A save that gives either is taken as it is: the roster editor
// sends both as it loaded them.
func keepCampaign(old []byte, r *scenario.Roster) {
	if r.Campaign != nil || slices.ContainsFunc(r.Models, func(m scenario.Model) bool { return m.Record != nil }) {
		return
	}
	prev, err := scenario.DecodeRoster("roster.yaml", old)
	if err != nil {
		return
	}
	r.Campaign = prev.Campaign
	for i := range r.Models {
		m := &r.Models[i]
		for _, p := range prev.Models {
			if p.ID == m.ID && p.Name == m.Name && p.Type == m.Type {
				m.Record = p.Record
			}
		}
	}
}

// plain reports whether a campaign's name is plain text on one line: no
// control or text-direction characters (as scenario names), and also no
// line or paragraph separators and none of the invisible characters that
// make two names look alike: the zero-width space, the word joiner and
// the byte-order mark (the zero-width joiner and non-joiner stay, since
// emoji and some scripts need them). Scenario names are not held to the
// last two rules: a stored game decodes its scenario again, and a name
// accepted once must still read.
func plain(name string) bool {
	for _, r := range name {
		switch {
		case unicode.IsControl(r), unicode.Is(unicode.Bidi_Control, r), r == utf8.RuneError,
			r == '\u2028', r == '\u2029', r == '\u200b', r == '\u2060', r == '\ufeff':
			return false
		}
	}
	return true
}

func (o *outcomes) drop(id string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	delete(o.m, id)
}

func (o *outcomes) clear() {
	o.mu.Lock()
	defer o.mu.Unlock()
	clear(o.m)
}
