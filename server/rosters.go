package server

import (
	"context"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/skirmish-engine/skirmish/roster"
	"github.com/skirmish-engine/skirmish/scenario"
	"github.com/skirmish-engine/skirmish/store"
)

// Saved rosters (issue 33): a roster kept on the server in skirmish's
// roster YAML, for one ruleset. Its ID is a read link: anyone holding it
// may see the roster, export it and bring it to a game (give it to the
// opponent, or paste it into the new-game form). Its edit token, shown
// once at creation like a seat's, is the only way to change it.

// rosterJSON is a saved roster as the API gives it.
type rosterJSON struct {
	ID      string           `json:"id"`
	Ruleset string           `json:"ruleset"`
	Name    string           `json:"name"`
	Version int              `json:"version"`
	Created time.Time        `json:"created"`
	Updated time.Time        `json:"updated"`
	YAML    string           `json:"yaml"`
	Roster  roster.Summary   `json:"roster"`
	Unknown []roster.Unknown `json:"unknown"`
	// EditToken and EditURL are given once, when the roster is made.
	EditToken string `json:"edit_token,omitempty"`
	EditURL   string `json:"edit_url,omitempty"`
}

// saveRosterRequest is POST /api/rosters and PUT /api/rosters/{id}: a
// roster file in any format package roster reads (base64), or skirmish's
// roster YAML as text (the editor's; JSON is YAML too).
type saveRosterRequest struct {
	Ruleset    string `json:"ruleset"`
	RosterFile string `json:"roster_file"`
	Format     string `json:"format"`
	Name       string `json:"name"`
	YAML       string `json:"yaml"`
	// Version is the version the editor changed (PUT only; absent: whatever
	// is stored): when another save came first, the PUT is refused with
	// 409. Versions start at 1: a 0 given is a version never stored.
	Version *int `json:"version"`
}

// readSaved reads a save request's roster for its ruleset.
func (s *Server) readSaved(req saveRosterRequest) (*roster.Result, error) {
	if req.Ruleset == "" {
		return nil, invalid("ruleset", "missing: the ruleset the roster is for (%s)", strings.Join(s.cfg.Rulesets.IDs(), ", "))
	}
	if _, err := s.cfg.Rulesets.Lookup(req.Ruleset); err != nil {
		return nil, unprocessable("ruleset", "no ruleset %q; allowed %s", clip(req.Ruleset), strings.Join(s.cfg.Rulesets.IDs(), ", "))
	}
	switch {
	case req.YAML != "" && req.RosterFile != "":
		return nil, invalid("yaml", "give the roster once: as yaml or as roster_file, not both")
	case req.YAML != "":
		if req.Format != "" && req.Format != "yaml" {
			return nil, invalid("format", "%q with yaml: yaml is skirmish's roster YAML; send other formats as roster_file", clip(req.Format))
		}
		if len(req.YAML) > scenario.MaxSize {
			return nil, &apiError{Status: http.StatusRequestEntityTooLarge, Field: "yaml", Message: fmt.Sprintf("%d bytes; a roster may be at most %d as YAML (fewer models, gear or words)", len(req.YAML), scenario.MaxSize)}
		}
		return s.readFile("yaml", req.Ruleset, "roster.yaml", []byte(req.YAML), "yaml")
	case req.RosterFile != "":
		return s.readSide("roster_file", req.Ruleset, sideRequest{RosterFile: req.RosterFile, Format: req.Format, Name: req.Name})
	}
	return nil, invalid("yaml", "missing: the roster, as yaml (skirmish's roster YAML) or as roster_file (a file, base64)")
}

// rosterYAML is the YAML a roster is kept as, refused (naming field
// yaml) when it is more than a roster file may be or has no name: what is
// kept must read again.
func rosterYAML(res *roster.Result) ([]byte, error) {
	if strings.TrimSpace(res.Roster.Name) == "" {
		return nil, unprocessable("yaml", "the roster has no name: give it one (name: …)")
	}
	y, err := res.YAML()
	if err != nil {
		return nil, internal(err)
	}
	if len(y) > scenario.MaxSize {
		return nil, &apiError{Status: http.StatusRequestEntityTooLarge, Field: "yaml", Message: fmt.Sprintf("the roster is %d bytes as YAML; a roster may be at most %d (fewer models, gear or words)", len(y), scenario.MaxSize)}
	}
	return y, nil
}

// readToKeep reads a save request's roster and the YAML it is kept as.
func (s *Server) readToKeep(req saveRosterRequest) (*roster.Result, []byte, error) {
	res, err := s.readSaved(req)
	if err != nil {
		return nil, nil, err
	}
	y, err := rosterYAML(res)
	if err != nil {
		return nil, nil, err
	}
	return res, y, nil
}

// createRoster is POST /api/rosters: the roster is read (and checked as a
// game would), saved as YAML, and its ID and edit token given, the token
// this once.
func (s *Server) createRoster(w http.ResponseWriter, r *http.Request) {
	if ok, wait := s.rosterWrites.allow(r); !ok {
		tooManyRosters(w, wait)
		return
	}
	var req saveRosterRequest
	if err := decode(r, &req); err != nil {
		fail(w, err)
		return
	}
	if req.Version != nil {
		fail(w, invalid("version", "a new roster has no version to edit"))
		return
	}
	res, y, err := s.readToKeep(req)
	if err != nil {
		fail(w, err)
		return
	}
	now := s.cfg.Now().UTC()
	rec := &store.Roster{Created: now, Updated: now, Ruleset: res.Ruleset, Name: clip(res.Roster.Name), YAML: y, Version: 1}
	tok, err := s.withNewID(func(id string, edit []byte) error {
		rec.ID, rec.Edit = id, edit
		return s.cfg.Store.CreateRoster(r.Context(), rec)
	})
	if err != nil {
		fail(w, err)
		return
	}
	s.rosterCache.put(rec.ID, rec.Version, res)
	out := rosterOut(rec, res)
	out.EditToken, out.EditURL = tok, "/rosters/"+rec.ID+"#"+tok
	w.Header().Set("Location", "/api/rosters/"+rec.ID)
	encode(w, http.StatusCreated, out)
}

// rosterOut is a saved roster and its reading as the API gives them.
func rosterOut(rec *store.Roster, res *roster.Result) rosterJSON {
	return rosterJSON{ID: rec.ID, Ruleset: rec.Ruleset, Name: rec.Name, Version: rec.Version, Created: rec.Created, Updated: rec.Updated,
		YAML: string(rec.YAML), Roster: res.Summary(), Unknown: append([]roster.Unknown{}, res.Unknown...)}
}

// savedRecord reads a saved roster's record, refusals naming field.
func (s *Server) savedRecord(ctx context.Context, field, id string) (*store.Roster, error) {
	if !validID(id) {
		return nil, notFoundField(field, "no saved roster %q: a roster's ID is 12 hexadecimal digits", clip(id))
	}
	rec, err := s.cfg.Store.Roster(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, notFoundField(field, "no saved roster %q", id)
	}
	if err != nil {
		return nil, s.storeDown(err)
	}
	return rec, nil
}

// savedRoster reads a saved roster and its YAML, refusals naming field.
// Reading checks the roster by setting up a game (some tens of
// milliseconds for a large one), and anyone with the ID may ask: each
// version is read once and kept (rosterCache), so that reads cost a row.
func (s *Server) savedRoster(ctx context.Context, field, id string) (*store.Roster, *roster.Result, error) {
	rec, err := s.savedRecord(ctx, field, id)
	if err != nil {
		return nil, nil, err
	}
	if res, ok := s.rosterCache.get(rec.ID, rec.Version); ok {
		return rec, res, nil
	}
	res, err := s.readFile(field, rec.Ruleset, rec.Name+".yaml", rec.YAML, "yaml")
	if err != nil {
		// A roster saved by an older version that this one no longer
		// takes: say so, rather than fail the whole request.
		return nil, nil, unprocessable(field, "saved roster %s no longer reads: %v", id, err)
	}
	s.rosterCache.put(rec.ID, rec.Version, res)
	return rec, res, nil
}

// rosterCache keeps the readings of saved rosters, by ID and version; a
// few hundred at most (the oldest put goes first).
type rosterCache struct {
	mu    sync.Mutex
	by    map[string]cachedRoster
	order []string
}

type cachedRoster struct {
	version int
	res     *roster.Result
}

// maxCachedRosters bounds the rosterCache.
const maxCachedRosters = 512

func (c *rosterCache) get(id string, version int) (*roster.Result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.by[id]
	return e.res, ok && e.version == version
}

func (c *rosterCache) put(id string, version int, res *roster.Result) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.by == nil {
		c.by = map[string]cachedRoster{}
	}
	if _, ok := c.by[id]; !ok {
		c.order = append(c.order, id)
	}
	c.by[id] = cachedRoster{version, res}
	for len(c.order) > maxCachedRosters {
		delete(c.by, c.order[0])
		c.order = c.order[1:]
	}
}

func notFoundField(field, format string, a ...any) *apiError {
	e := notFound(format, a...)
	e.Field = field
	return e
}

// getRoster is GET /api/rosters/{id}.
func (s *Server) getRoster(w http.ResponseWriter, r *http.Request) {
	rec, res, err := s.savedRoster(r.Context(), "", r.PathValue("id"))
	if err != nil {
		fail(w, err)
		return
	}
	encode(w, http.StatusOK, rosterOut(rec, res))
}

// exportRoster is GET /api/rosters/{id}/export: the roster as a YAML file
// to keep, or to bring with `skirmish play --roster`.
func (s *Server) exportRoster(w http.ResponseWriter, r *http.Request) {
	rec, err := s.savedRecord(r.Context(), "", r.PathValue("id"))
	if err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	// A name outside ASCII goes as RFC 2231's filename*, as browsers read.
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": roster.Slug(rec.Name, "roster") + ".yaml"}))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write(rec.YAML)
}

// putRoster is PUT /api/rosters/{id}: the holder of the edit token
// replaces the roster (same ruleset), read and checked as a new one is.
func (s *Server) putRoster(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !validID(id) {
		fail(w, notFound("no saved roster %q", clip(id)))
		return
	}
	tok, err := bearer(r)
	if err != nil {
		fail(w, err)
		return
	}
	// The token before anything costly: a wrong one does no work.
	rec, err := s.cfg.Store.Roster(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		fail(w, notFound("no saved roster %q", id))
		return
	}
	if err != nil {
		fail(w, s.storeDown(err))
		return
	}
	if subtle.ConstantTimeCompare(hash(tok), rec.Edit) != 1 {
		fail(w, unauthorized("not this roster's edit token"))
		return
	}
	if ok, wait := s.rosterWrites.allow(r); !ok {
		tooManyRosters(w, wait)
		return
	}
	var req saveRosterRequest
	if err := decode(r, &req); err != nil {
		fail(w, err)
		return
	}
	if req.Ruleset == "" {
		req.Ruleset = rec.Ruleset
	}
	if req.Ruleset != rec.Ruleset {
		fail(w, unprocessable("ruleset", "this roster is for %s; a roster's ruleset does not change (save a new one)", rec.Ruleset))
		return
	}
	if v := req.Version; v != nil && *v < 1 {
		fail(w, invalid("version", "%d: a roster's versions start at 1 (give the version you edited, or none for the last save to win)", *v))
		return
	} else if v != nil && *v != rec.Version {
		fail(w, &apiError{Status: http.StatusConflict, Field: "version", Message: fmt.Sprintf("you edited version %d; the roster is at version %d (saved elsewhere since): reload it", *v, rec.Version)})
		return
	}
	res, err := s.readSaved(req)
	if err != nil {
		fail(w, err)
		return
	}
	// Without a version the last save wins: a save that meets another's
	// reads the roster again and goes on top (a few tries).
	for try := 0; ; try++ {
		// A roster without campaign fields (the editor's) keeps the
		// stored ones: its models' records and its history.
		kept := *res
		kept.Roster.Models = slices.Clone(res.Roster.Models)
		keepCampaign(rec.YAML, &kept.Roster)
		y, err := rosterYAML(&kept)
		if err != nil {
			fail(w, err)
			return
		}
		res := &kept
		up := &store.Roster{ID: id, Created: rec.Created, Updated: s.cfg.Now().UTC(), Ruleset: rec.Ruleset, Name: clip(res.Roster.Name), YAML: y, Edit: rec.Edit, Version: rec.Version + 1}
		var ce *store.ConflictError
		err = s.cfg.Store.UpdateRoster(r.Context(), up)
		if errors.As(err, &ce) && req.Version == nil && try < 8 {
			if rec, err = s.cfg.Store.Roster(r.Context(), id); err != nil {
				fail(w, s.storeDown(err))
				return
			}
			continue
		}
		if errors.As(err, &ce) {
			fail(w, &apiError{Status: http.StatusConflict, Field: "version", Message: fmt.Sprintf("the roster was saved elsewhere meanwhile (now version %d): reload it", ce.Seq)})
			return
		} else if err != nil {
			fail(w, s.storeDown(err))
			return
		}
		s.rosterCache.put(id, up.Version, res)
		encode(w, http.StatusOK, rosterOut(up, res))
		return
	}
}

// readFile reads roster bytes for a ruleset with the ruleset's sample
// armoury, refusals naming field.
func (s *Server) readFile(field, ruleset, name string, data []byte, format string) (*roster.Result, error) {
	arm, err := s.armoury(ruleset)
	if err != nil {
		return nil, internal(err)
	}
	r, err := roster.Read(name, data, format, roster.Options{Ruleset: ruleset, Rulesets: s.cfg.Rulesets, Armoury: arm})
	if err != nil {
		return nil, unprocessable(field, "%v", err)
	}
	if r.Ruleset != ruleset {
		return nil, unprocessable(field, "a %s roster, and the game is %s", r.Ruleset, ruleset)
	}
	return r, nil
}

// readSide reads one side's roster for a ruleset: a saved one by its ID,
// or a file; refusals name field.
func (s *Server) readSide(field, ruleset string, sr sideRequest) (*roster.Result, error) {
	if sr.RosterID != "" {
		if sr.RosterFile != "" || sr.Format != "" {
			return nil, invalid(field, "a side brings a saved roster (roster_id) or a file (roster_file), not both")
		}
		rec, res, err := s.savedRoster(context.Background(), field, sr.RosterID)
		if err != nil {
			var ae *apiError
			if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
				ae.Status = http.StatusUnprocessableEntity // the request names it; the route exists
			}
			return nil, err
		}
		if rec.Ruleset != ruleset {
			return nil, unprocessable(field, "saved roster %s is a %s roster, and the game is %s", rec.ID, rec.Ruleset, ruleset)
		}
		return res, nil
	}
	if sr.RosterFile == "" {
		return nil, invalid(field, "missing: a side's roster comes as its file, base64-encoded (roster_file), or as a saved roster's ID (roster_id)")
	}
	if sr.Format != "" && !slices.Contains(roster.Formats(), sr.Format) {
		return nil, invalid(strings.TrimSuffix(field, "roster_file")+"format", "%q: not a format skirmish reads; allowed %s (or none: from the file's name and contents)", clip(sr.Format), strings.Join(roster.Formats(), ", "))
	}
	if base64.StdEncoding.DecodedLen(len(sr.RosterFile)) > roster.MaxSize {
		return nil, &apiError{Status: http.StatusRequestEntityTooLarge, Field: field, Message: fmt.Sprintf("a roster file of at most %d bytes", roster.MaxSize)}
	}
	data, err := base64.StdEncoding.DecodeString(sr.RosterFile)
	if err != nil {
		return nil, invalid(field, "not base64: %v", err)
	}
	name := "the roster"
	if sr.Name != "" {
		name = clip(path.Base(sr.Name))
	}
	return s.readFile(field, ruleset, name, data, sr.Format)
}

// armouries are the rulesets' sample armouries, and a sample model of
// each (the editor's new model), made once per server.
type armouries struct {
	once  sync.Once
	by    map[string]*roster.Armoury
	model map[string]scenario.Model
	err   error
}

// armoury is the ruleset's sample armoury (roster.SampleArmoury): the
// gear the server gives files that name gear without its stats, and the
// gear the roster editor offers.
func (s *Server) armoury(ruleset string) (*roster.Armoury, error) {
	s.arms.once.Do(func() {
		s.arms.by, s.arms.model = map[string]*roster.Armoury{}, map[string]scenario.Model{}
		for _, smp := range s.cfg.Samples.Sorted() {
			if _, ok := s.arms.model[smp.Ruleset]; ok {
				continue
			}
			if sc, err := smp.Decode(s.cfg.Rulesets); err == nil && len(sc.File.Sides) > 0 && len(sc.File.Sides[0].Models) > 0 {
				s.arms.model[smp.Ruleset] = sc.File.Sides[0].Models[0]
			}
		}
		for _, id := range s.cfg.Rulesets.IDs() {
			a, err := roster.SampleArmoury(id, s.cfg.Samples, s.cfg.Rulesets)
			if err != nil {
				s.arms.err = err
				return
			}
			s.arms.by[id] = a
		}
	})
	return s.arms.by[ruleset], s.arms.err
}

// sampleModel is the first model of the ruleset's first sample scenario.
func (s *Server) sampleModel(ruleset string) (scenario.Model, bool) {
	if _, err := s.armoury(ruleset); err != nil {
		return scenario.Model{}, false
	}
	m, ok := s.arms.model[ruleset]
	return m, ok
}

// withNewID stores a new record with create, given a new 12-digit ID and
// the hash of a new edit token, and gives the token: an ID taken already
// (create's ErrConflict) is drawn again, a few times.
func (s *Server) withNewID(create func(id string, edit []byte) error) (string, error) {
	for try := 0; ; try++ {
		id, err := s.token()
		if err != nil {
			return "", internal(err)
		}
		tok, err := s.token()
		if err != nil {
			return "", internal(err)
		}
		err = create(id[:12], hash(tok))
		if errors.Is(err, store.ErrConflict) && try < 3 {
			continue
		}
		if err != nil {
			return "", s.storeDown(err)
		}
		return tok, nil
	}
}
