package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/big"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/roster"
	"github.com/skirmish-engine/skirmish/scenario"
	"github.com/skirmish-engine/skirmish/store"
)

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	encode(w, http.StatusOK, map[string]bool{"ok": true})
}

// rulesetJSON describes a ruleset for a client building the new-game form.
type rulesetJSON struct {
	ID       string       `json:"id"`
	Name     string       `json:"name"`
	Version  string       `json:"version"`
	Statuses []string     `json:"statuses"`
	Options  []optionJSON `json:"options"`
}

type optionJSON struct {
	Name    string   `json:"name"`
	Usage   string   `json:"usage"`
	Default string   `json:"default"`
	Choices []string `json:"choices"`
	Source  string   `json:"source"`
}

func (s *Server) rulesets(w http.ResponseWriter, r *http.Request) {
	out := []rulesetJSON{}
	for _, id := range s.cfg.Rulesets.IDs() {
		rs, _ := s.cfg.Rulesets.Lookup(id)
		in := rs.Info()
		j := rulesetJSON{ID: in.ID, Name: in.Name, Version: in.Version, Statuses: in.Statuses, Options: []optionJSON{}}
		for _, o := range in.Options {
			j.Options = append(j.Options, optionJSON{o.Name, o.Usage, o.Default, o.Choices, o.Source})
		}
		out = append(out, j)
	}
	encode(w, http.StatusOK, out)
}

func (s *Server) scenarios(w http.ResponseWriter, r *http.Request) {
	out := s.cfg.Samples.Sorted()
	if out == nil {
		out = scenario.Samples{}
	}
	encode(w, http.StatusOK, out)
}

// outcomeJSON is one outcome's exact probability.
type outcomeJSON struct {
	Name        string  `json:"name"`
	Exact       string  `json:"exact"`
	Probability float64 `json:"probability"`
}

func exact(name string, p dice.Prob) outcomeJSON {
	return outcomeJSON{Name: name, Exact: p.String(), Probability: math.Round(p.Float64()*1e4) / 1e4}
}

// procedureOdds is GET /api/odds/{procedure}?param=value…: the exact odds
// of a dice procedure, as `skirmish odds --json`.
func (s *Server) procedureOdds(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("procedure")
	spec, ok := s.cfg.Procs.Lookup(name)
	if !ok {
		fail(w, notFound("no dice procedure %q", name))
		return
	}
	q := r.URL.Query()
	a, err := spec.Parse(q)
	if err != nil {
		var pe *dice.ParamError
		if errors.As(err, &pe) {
			fail(w, invalid(pe.Param, "%s", pe.Error()))
			return
		}
		fail(w, invalid("", "%v", err))
		return
	}
	p, err := spec.Build(a)
	if err != nil {
		fail(w, invalid("", "%v", err))
		return
	}
	dist := dice.OutcomeOdds(p)
	outs := []outcomeJSON{}
	for i, o := range p.Outcomes() {
		outs = append(outs, exact(o, dist.P(i)))
	}
	flags := map[string]outcomeJSON{}
	for i, f := range p.Flags() {
		flags[f] = exact(f, dice.FlagOdds(p, i))
	}
	encode(w, http.StatusOK, map[string]any{"procedure": spec.Name, "params": a, "outcomes": outs, "flags": flags})
}

// createRequest is POST /api/games.
type createRequest struct {
	Ruleset      string            `json:"ruleset"`
	Scenario     string            `json:"scenario"`      // a built-in sample's name
	ScenarioYAML string            `json:"scenario_yaml"` // or an uploaded scenario
	Rosters      map[string]string `json:"rosters"`       // the upload's roster files, by the name it gives
	Mode         string            `json:"mode"`          // board or table; default the scenario's
	Dice         string            `json:"dice"`          // digital (default) or physical
	Seed         *uint64           `json:"seed"`          // default random, secret
	Strict       *bool             `json:"strict"`        // default: true with digital dice, false with physical
	Options      map[string]string `json:"options"`
	// Sides puts rosters of the players' own on the scenario's sides, by
	// position ({} keeps a side's own): a file in any format package
	// roster reads, base64-encoded, with its format ("" to tell from the
	// file). On a board the scenario's zones deploy them.
	Sides []sideRequest `json:"sides"`

	// file is the uploaded scenario's name, for errors, when it comes from
	// the new-game page, whose roster files come without their folders.
	file string
}

// sideRequest is one side's own roster in a create request.
type sideRequest struct {
	RosterID   string `json:"roster_id"`   // a saved roster's
	RosterFile string `json:"roster_file"` // or a file, base64
	Format     string `json:"format"`
	Name       string `json:"name"` // the file's name, for messages and its format
}

// seatJSON is one seat's link, shown once, at creation.
type seatJSON struct {
	Side  int    `json:"side"`
	Name  string `json:"name"`
	Token string `json:"token"`
	URL   string `json:"url"`
}

// createResponse gives the game's seats and spectator link.
type createResponse struct {
	ID        string     `json:"id"`
	Seats     []seatJSON `json:"seats"`
	Spectator string     `json:"spectator"`
	Token     string     `json:"spectator_token"`
	// Unknown is, per side given a roster, what its file held that the
	// ruleset does not model and the import left out.
	Unknown [][]roster.Unknown `json:"unknown,omitempty"`
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if ok, wait := s.allowCreate(r); !ok {
		tooMany(w, wait)
		return
	}
	var req createRequest
	if err := decode(r, &req); err != nil {
		fail(w, err)
		return
	}
	resp, err := s.newGame(r.Context(), req)
	if err != nil {
		fail(w, err)
		return
	}
	encode(w, http.StatusCreated, resp)
}

// newGame makes, stores and keeps in memory the game a create request asks
// for (the API's and the new-game page's), or says which field is wrong.
func (s *Server) newGame(ctx context.Context, req createRequest) (*createResponse, error) {
	sc, err := s.scenario(req)
	if err != nil {
		return nil, err
	}
	rs := sc.Ruleset
	in := rs.Info()
	for name, v := range req.Options {
		i := slices.IndexFunc(in.Options, func(o engine.OptionDef) bool { return o.Name == name })
		switch {
		case i < 0:
			var names []string
			for _, o := range in.Options {
				names = append(names, o.Name)
			}
			return nil, unprocessable("options."+name, "%s has no option %q; allowed %s", in.ID, name, strings.Join(names, ", "))
		case !slices.Contains(in.Options[i].Choices, v):
			return nil, unprocessable("options."+name, "%q is not a value of %s; allowed %s", v, name, strings.Join(in.Options[i].Choices, ", "))
		}
		if sc.File.Options == nil {
			sc.File.Options = map[string]string{}
		}
		sc.File.Options[name] = v
	}
	switch req.Mode {
	case "", "board", "table":
	default:
		return nil, unprocessable("mode", "%q is not a mode; allowed board or table", req.Mode)
	}
	unknown, err := s.useRosters(sc, req.Sides)
	if err != nil {
		return nil, err
	}
	su, err := sc.Setup(req.Mode)
	if err != nil {
		return nil, scenarioError(err)
	}
	diceMode := engine.DiceMode(req.Dice)
	switch diceMode {
	case "":
		diceMode = engine.DigitalDice
	case engine.DigitalDice, engine.PhysicalDice:
	default:
		return nil, unprocessable("dice", "%q is not a dice mode; allowed digital or physical", req.Dice)
	}
	seed := uint64(0)
	if req.Seed != nil {
		seed = *req.Seed
	} else if seed, err = s.seed(); err != nil {
		return nil, internal(err)
	}
	// With digital dice a player who may undo past a roll may roll again
	// until the dice please: on a server, where the other side cannot
	// see it, undo stops at rolled dice unless the creator says not.
	// Physical dice are on the table for all to see; a typo may be undone.
	strict := diceMode == engine.DigitalDice
	if req.Strict != nil {
		strict = *req.Strict
	}
	// The seed is committed to now, before any die (issue 34): every view
	// shows the commitment, the export after the end the salt.
	salt := make([]byte, 16)
	if _, err := io.ReadFull(s.cfg.Random, salt); err != nil {
		return nil, internal(err)
	}
	rec := &store.Game{Created: s.cfg.Now().UTC(), Ruleset: in.ID, Version: in.Version, Name: su.Name, Scenario: su.Scenario,
		Mode: su.Mode, Dice: string(diceMode), Seed: seed, Strict: strict, Options: su.Options, Salt: salt, Chosen: req.Seed != nil}
	g, err := engine.New(rs, su, engine.Config{Seed: seed, Dice: diceMode, Strict: strict, Commitment: commitment(rec)})
	if err != nil {
		return nil, scenarioError(err)
	}
	resp, err := s.store(ctx, rec, su)
	if err != nil {
		return nil, err
	}
	resp.Unknown = unknown
	// The game just made is the one its record rebuilds (the tests check
	// it): keep it, rather than rebuild it on its first read.
	s.keep(&game{rec: rec, g: g, subs: map[chan event]struct{}{}, last: rec.Created})
	return resp, nil
}

// useRosters puts the create request's rosters on their sides, and says
// per side what each file held that was left out.
func (s *Server) useRosters(sc *scenario.Scenario, sides []sideRequest) ([][]roster.Unknown, error) {
	if len(sides) > len(sc.File.Sides) {
		return nil, unprocessable("sides", "%d sides given; the scenario has %d", len(sides), len(sc.File.Sides))
	}
	var unknown [][]roster.Unknown
	read := make([]*roster.Result, len(sides))
	for i, sr := range sides {
		if sr == (sideRequest{}) {
			unknown = append(unknown, []roster.Unknown{})
			continue
		}
		if sr.Name == "" {
			sr.Name = fmt.Sprintf("side %d's roster", i)
		}
		r, err := s.readSide(sideField(i, sr), sc.File.Ruleset, sr)
		if err != nil {
			return nil, err
		}
		read[i] = r
		unknown = append(unknown, r.Unknown)
	}
	// The sides that take a roster first give up their own models (and
	// names), so that a roster is renamed only for another's.
	for i, r := range read {
		if r != nil {
			sc.Vacate(i, r.Roster.Name == "")
		}
	}
	for i, r := range read {
		if r == nil {
			continue
		}
		sr := sides[i]
		name := clip(path.Base(sr.Name))
		if sr.RosterID != "" {
			name = "saved roster " + sr.RosterID
		} else if sr.Name == "" {
			name = fmt.Sprintf("side %d's roster", i)
		}
		if err := sc.UseRoster(i, name, r.Roster); err != nil {
			return nil, unprocessable(sideField(i, sr), "%v", err)
		}
	}
	return unknown, nil
}

// sideField names side i's roster in a create request.
func sideField(i int, sr sideRequest) string {
	if sr.RosterID != "" {
		return fmt.Sprintf("sides[%d].roster_id", i)
	}
	return fmt.Sprintf("sides[%d].roster_file", i)
}

// readRosterRequest is a roster file to read without making a game.
type readRosterRequest struct {
	Ruleset string `json:"ruleset"`
	sideRequest
}

// readRoster is POST /api/rosters/read: what a roster file holds, as the
// ruleset understands it, and what it would leave out, without saving it
// or making a game (the new-game page shows it under the file chosen).
func (s *Server) readRoster(w http.ResponseWriter, r *http.Request) {
	// Reading a roster checks it by setting up a game: it costs as much
	// as a creation, and is limited as roster saves are (per client).
	if ok, wait := s.rosterWrites.allow(r); !ok {
		tooManyRosters(w, wait)
		return
	}
	var req readRosterRequest
	if err := decode(r, &req); err != nil {
		fail(w, err)
		return
	}
	if req.Ruleset == "" {
		fail(w, invalid("ruleset", "missing: the ruleset the roster is for, when its file does not say (%s)", strings.Join(s.cfg.Rulesets.IDs(), ", ")))
		return
	}
	if _, err := s.cfg.Rulesets.Lookup(req.Ruleset); err != nil {
		fail(w, unprocessable("ruleset", "no ruleset %q; allowed %s", clip(req.Ruleset), strings.Join(s.cfg.Rulesets.IDs(), ", ")))
		return
	}
	res, err := s.readSide("roster_file", req.Ruleset, req.sideRequest)
	if err != nil {
		fail(w, err)
		return
	}
	encode(w, http.StatusOK, res.Summary())
}

// scenario decodes the scenario a create request names or uploads.
func (s *Server) scenario(req createRequest) (*scenario.Scenario, error) {
	if req.Ruleset != "" {
		if _, err := s.cfg.Rulesets.Lookup(req.Ruleset); err != nil {
			return nil, unprocessable("ruleset", "no ruleset %q; allowed %s", clip(req.Ruleset), strings.Join(s.cfg.Rulesets.IDs(), ", "))
		}
	}
	switch {
	case req.Scenario != "" && req.ScenarioYAML != "":
		return nil, invalid("scenario", "give a built-in scenario or scenario_yaml, not both")
	case req.Scenario != "":
		var found []scenario.Sample
		for _, smp := range s.cfg.Samples.Sorted() {
			if smp.Name == req.Scenario && (req.Ruleset == "" || smp.Ruleset == req.Ruleset) {
				found = append(found, smp)
			}
		}
		switch len(found) {
		case 0:
			var names, of []string
			for _, smp := range s.cfg.Samples.Sorted() {
				if req.Ruleset == "" || smp.Ruleset == req.Ruleset {
					names = append(names, smp.Name)
				}
				if smp.Name == req.Scenario {
					of = append(of, smp.Ruleset)
				}
			}
			if len(names) == 0 { // a ruleset with none (or none such): every one
				for _, smp := range s.cfg.Samples.Sorted() {
					names = append(names, smp.Name)
				}
			}
			if len(of) > 0 {
				return nil, unprocessable("ruleset", "%q is a built-in scenario of %s, not %s; %s has %s", req.Scenario, strings.Join(of, " and "), clip(req.Ruleset), clip(req.Ruleset), strings.Join(names, ", "))
			}
			return nil, unprocessable("scenario", "no built-in scenario %q; allowed %s", clip(req.Scenario), strings.Join(names, ", "))
		case 1:
		default:
			return nil, unprocessable("ruleset", "built-in scenarios of several rulesets are called %q: say which ruleset", req.Scenario)
		}
		if len(req.Rosters) > 0 {
			return nil, invalid("rosters", "rosters go with scenario_yaml, not a built-in scenario")
		}
		return s.sample(found[0])
	case req.ScenarioYAML != "":
		// Roster paths resolve only to the upload's own parts, never to a
		// file on the server.
		open := func(name string) ([]byte, error) {
			clean := path.Clean(strings.ReplaceAll(name, "\\", "/"))
			if text, ok := req.Rosters[clean]; ok {
				return []byte(text), nil
			}
			// A browser sends a file's name without its folder: a
			// scenario naming gangs/wardens.yaml finds wardens.yaml.
			if text, ok := req.Rosters[path.Base(clean)]; ok && req.file != "" {
				return []byte(text), nil
			}
			return nil, fmt.Errorf("no roster %q in the upload (rosters: %s)", name, strings.Join(sortedKeys(req.Rosters), ", "))
		}
		file := "upload.yaml"
		if req.file != "" {
			file = req.file
		}
		sc, err := scenario.Decode(file, []byte(req.ScenarioYAML), s.cfg.Rulesets, open)
		if err != nil {
			return nil, scenarioError(err)
		}
		if req.Ruleset != "" && sc.File.Ruleset != req.Ruleset {
			return nil, unprocessable("ruleset", "the scenario is for %s, not %s", sc.File.Ruleset, req.Ruleset)
		}
		return sc, nil
	}
	return nil, invalid("scenario", "missing: give a built-in scenario's name, or scenario_yaml")
}

// sample decodes a built-in scenario, once: each game gets a copy.
func (s *Server) sample(smp scenario.Sample) (*scenario.Scenario, error) {
	key := smp.Ruleset + "/" + smp.Name
	s.mu.Lock()
	sc, ok := s.samples[key]
	s.mu.Unlock()
	if !ok {
		var err error
		if sc, err = smp.Decode(s.cfg.Rulesets); err != nil {
			return nil, scenarioError(err)
		}
		s.mu.Lock()
		s.samples[key] = sc
		s.mu.Unlock()
	}
	return sc.Copy(), nil
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// scenarioError turns a scenario or setup error into a 422 naming where.
func scenarioError(err error) error {
	var se *scenario.Error
	var fe *engine.FieldError
	switch {
	case errors.As(err, &se):
		field := se.Path
		if field == "" {
			field = "scenario"
		}
		return unprocessable(field, "%s", se.Error())
	case errors.As(err, &fe):
		return unprocessable(fe.Path, "%s", fe.Error())
	}
	return unprocessable("scenario", "%v", err)
}

// store gives a new game its ID and tokens, and stores it.
func (s *Server) store(ctx context.Context, rec *store.Game, su *engine.Setup, log ...store.Command) (*createResponse, error) {
	for try := 0; ; try++ {
		resp, err := s.storeOnce(ctx, rec, su, log)
		if errors.Is(err, store.ErrConflict) && try < 3 { // 48 random bits met an ID already taken
			continue
		}
		if err != nil {
			var api *apiError
			if errors.As(err, &api) {
				return nil, api
			}
			return nil, internal(err)
		}
		return resp, nil
	}
}

func (s *Server) storeOnce(ctx context.Context, rec *store.Game, su *engine.Setup, log []store.Command) (*createResponse, error) {
	id, err := s.token()
	if err != nil {
		return nil, err
	}
	rec.ID, rec.Seats = id[:12], nil
	resp := &createResponse{ID: rec.ID}
	for side, sd := range su.Sides {
		tok, err := s.token()
		if err != nil {
			return nil, err
		}
		rec.Seats = append(rec.Seats, hash(tok))
		resp.Seats = append(resp.Seats, seatJSON{Side: side, Name: sd.Name, Token: tok, URL: "/g/" + rec.ID + "#" + tok})
	}
	tok, err := s.token()
	if err != nil {
		return nil, err
	}
	rec.Watch = hash(tok)
	resp.Spectator, resp.Token = "/g/"+rec.ID+"#"+tok, tok
	if err := s.cfg.Store.Create(ctx, rec, log...); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return nil, err
		}
		return nil, s.storeDown(err)
	}
	return resp, nil
}

// access reads the game and the bearer token: the game in memory and the
// token's side (or spectator). A request without a well-formed token is
// refused before the game is looked up.
func (s *Server) access(r *http.Request) (*game, int, error) {
	id := r.PathValue("id")
	if !validID(id) {
		return nil, 0, noSuchGame(id)
	}
	tok, err := bearer(r)
	if err != nil {
		return nil, 0, err
	}
	return s.lookup(r, id, func(rec *store.Game) (int, bool) { return seat(rec, tok) })
}

// bearer reads the request's token: "Authorization: Bearer <token>" (the
// scheme in any case), or for an event stream, which a browser opens
// without headers, ?token=.
func bearer(r *http.Request) (string, error) {
	auth := strings.TrimSpace(r.Header.Get("Authorization"))
	what := "your seat's token"
	switch {
	case strings.HasPrefix(r.URL.Path, "/api/rosters/"), strings.HasPrefix(r.URL.Path, "/api/campaigns/") && strings.HasSuffix(r.URL.Path, "/apply"):
		what = "the roster's edit token"
	case strings.HasPrefix(r.URL.Path, "/api/campaigns/"):
		what = "the campaign's edit token"
	}
	if len(r.Header.Values("Authorization")) > 1 {
		return "", unauthorized("Authorization given %d times: send %s once", len(r.Header.Values("Authorization")), what)
	}
	scheme, tok, _ := strings.Cut(auth, " ")
	tok = strings.TrimSpace(tok)
	switch {
	case auth == "" && strings.HasSuffix(r.URL.Path, "/events") && r.URL.Query().Has("token"):
		tok = r.URL.Query().Get("token")
	case auth == "":
		return "", unauthorized("missing: send Authorization: Bearer <%s>", what)
	case !strings.EqualFold(scheme, "Bearer"):
		return "", unauthorized("missing: send Authorization: Bearer <%s>, not %s", what, clip(scheme))
	}
	if len(tok) != 32 || strings.Trim(tok, "0123456789abcdefABCDEF") != "" {
		return "", unauthorized("not a token: %s is 32 hexadecimal digits", what)
	}
	return strings.ToLower(tok), nil // made in lower case; read in either
}

// validID: game IDs are 12 lowercase hex digits.
func validID(id string) bool {
	if len(id) != 12 {
		return false
	}
	for _, c := range id {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// viewJSON is a game as one seat (or a spectator) sees it.
type viewJSON struct {
	ID      string `json:"id"`
	Ruleset string `json:"ruleset"`
	Name    string `json:"name"`
	Mode    string `json:"mode"`
	Dice    string `json:"dice"`
	// SeedCommitment is the SHA-256 committing the game to its dice seed
	// (engine.Commitment; "" for a game from before commitments);
	// SeedChosen says the creator chose the seed rather than the server
	// drawing it, so the creator could foresee digital rolls.
	SeedCommitment string       `json:"seed_commitment,omitempty"`
	SeedChosen     bool         `json:"seed_chosen_by_creator"`
	Seq            int          `json:"seq"`
	Over           bool         `json:"over"`
	Winner         *int         `json:"winner"`
	Round          int          `json:"round"`
	Phase          string       `json:"phase"`
	Decider        *int         `json:"decider"`
	Seat           *int         `json:"seat"` // nil: a spectator
	Sides          []sideJSON   `json:"sides"`
	Legal          []string     `json:"legal"`
	Actions        []actionJSON `json:"actions"`
	Pending        *pendingJSON `json:"pending"`
	// Disputable: this seat may dispute the other side's measurements
	// answered last (POST …/dispute), in the action waiting or the one
	// they ended.
	Disputable bool `json:"disputable,omitempty"`
	// UndoRequest is an undo waiting for another seat's consent;
	// TookBack, what the latest command took back, when it was an undo.
	UndoRequest *undoRequest    `json:"undo_request"`
	TookBack    *tookBack       `json:"took_back"`
	State       json.RawMessage `json:"-"` // spliced in by viewBytes, not re-validated
	Log         []logLine       `json:"log"`
	// LogFrom is the index in the whole log of Log's first line (non-zero
	// when ?log=N asked for the last N); LogTotal is the whole log's length.
	LogFrom  int `json:"log_from"`
	LogTotal int `json:"log_total"`
}

type sideJSON struct {
	Side int    `json:"side"`
	Name string `json:"name"`
}

// actionJSON is a legal action with its text for people.
type actionJSON struct {
	Action string `json:"action"` // as legal lists it, to send back
	Text   string `json:"text"`
	Name   string `json:"name"` // the action's name ("Shoot"), or activate/end/pass
	Type   string `json:"type,omitempty"`
	Model  string `json:"model,omitempty"`
}

// pendingJSON is the question waiting for an answer.
type pendingJSON struct {
	Side    int      `json:"side"` // -1: anyone at the table
	Kind    string   `json:"kind"` // roll, choice or fact
	Key     string   `json:"key"`
	Text    string   `json:"text"`
	Options []string `json:"options,omitempty"`
	Dice    string   `json:"dice,omitempty"`  // roll: the procedure
	YesNo   bool     `json:"yesno,omitempty"` // fact: a yes or no
	Min     *float64 `json:"min,omitempty"`   // fact: the measurement's range, in inches
	Max     *float64 `json:"max,omitempty"`
	// SoFar is what the action asking has had already, in the log's
	// words (engine.Game.SoFar): the dice it rolled before this question.
	SoFar []string `json:"so_far,omitempty"`
	// Disputed: the action's measurements were disputed and are asked
	// again, of the same side; what it answers now stands.
	Disputed bool `json:"disputed,omitempty"`
}

func intp(v int) *int { return &v }

func (s *Server) view(w http.ResponseWriter, r *http.Request) {
	gm, side, err := s.access(r)
	if err != nil {
		fail(w, err)
		return
	}
	if err := takes(r, "log"); err != nil {
		fail(w, err)
		return
	}
	tail, err := logTail(r)
	if err != nil {
		fail(w, err)
		return
	}
	if gm, err = s.hold(r.Context(), gm); err != nil {
		fail(w, err)
		return
	}
	body, err := s.viewBytes(gm, side, tail)
	gm.mu.Unlock()
	if err != nil {
		fail(w, internal(err))
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	if tok, err := bearer(r); err == nil {
		h.Set("X-Events-Key", EventsKey(tok))
	}
	w.Write(body)
}

// DefaultViewLog is how many of the log's latest lines a view gives
// unless ?log= asks otherwise: a long game's whole log is for those who
// ask (log=all).
const DefaultViewLog = 100

// logTail reads ?log=: the number of the log's latest lines wanted, -1 for
// all of it.
func logTail(r *http.Request) (int, error) {
	switch q := r.URL.Query().Get("log"); q {
	case "":
		return DefaultViewLog, nil
	case "all":
		return -1, nil
	case "none":
		return 0, nil
	default:
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 {
			return 0, invalid("log", "%q: want all, none or a number of lines (the latest)", clip(q))
		}
		return n, nil
	}
}

// replyView reads a write's ?view=: whether its reply carries the seat's
// view of the game after it (?log= as for a read), saving the client the
// read that would follow. -2 for no view.
func replyView(r *http.Request) (int, error) {
	switch q := r.URL.Query().Get("view"); q {
	case "", "0", "false":
		return -2, nil
	case "1", "true":
		return logTail(r)
	default:
		return 0, invalid("view", "%q: want true or false", clip(q))
	}
}

// ack answers a write that was applied, with status: its reply (the seq,
// and what else the write says), and the seat's view if asked for (tail
// >= -1).
func (s *Server) ack(w http.ResponseWriter, gm *game, side, status int, reply map[string]any, tail int) {
	if tail < -1 {
		encode(w, status, reply)
		return
	}
	gm.mu.Lock()
	if gm.gone {
		// Let go since the write (another failed on it): its view is not
		// the stored game's; the client reads the game again.
		gm.mu.Unlock()
		encode(w, status, reply)
		return
	}
	v, err := s.viewBytes(gm, side, tail)
	gm.mu.Unlock()
	if err != nil {
		fail(w, internal(err))
		return
	}
	head, err := json.Marshal(reply)
	if err != nil {
		fail(w, internal(err))
		return
	}
	// {"seq":…,"view":<the view's bytes as made for reads>}, put together
	// in a buffer kept for the next reply.
	buf := bodies.Get().(*[]byte)
	defer func() {
		if cap(*buf) <= 256<<10 { // a whole log's reply is not kept
			bodies.Put(buf)
		}
	}()
	body := append(append(append((*buf)[:0], head[:len(head)-1]...), `,"view":`...), bytes.TrimRight(v, "\n")...)
	body = append(body, "}\n"...)
	*buf = body
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(body)
}

// bodies are the buffers ack puts its replies together in.
var bodies = sync.Pool{New: func() any { return new([]byte) }}

// viewKey is one way of reading a game: as which seat, with how much log.
type viewKey struct{ side, tail int }

// viewBytes is the view as sent, made once per seq for each way of reading
// it: after a write every client following the game reads it again, and
// all but the first get the bytes already made. The caller holds gm.mu.
func (s *Server) viewBytes(gm *game, side, tail int) ([]byte, error) {
	if gm.viewsSeq != gm.seq || gm.views == nil {
		clear(gm.views)
		gm.stateJS = nil
		if gm.views == nil {
			gm.views = map[viewKey][]byte{}
		}
		gm.viewsSeq = gm.seq
	}
	k := viewKey{side, tail}
	if b, ok := gm.views[k]; ok {
		return b, nil
	}
	v, err := s.viewOf(gm, side, tail)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	// The state is the engine's JSON already: spliced in as the last
	// field rather than copied and checked again by the encoder.
	b := bytes.TrimRight(buf.Bytes(), "\n")
	b = append(append(append(b[:len(b)-1], `,"state":`...), v.State...), "}\n"...)
	buf = *bytes.NewBuffer(b)
	if len(gm.views) >= 8 { // a client asking for every log length: keep a few
		clear(gm.views)
	}
	gm.views[k] = buf.Bytes()
	return buf.Bytes(), nil
}

// viewOf builds the view, with the latest tail lines of the log (all of it
// when tail < 0); the caller holds gm.mu.
func (s *Server) viewOf(gm *game, side int, tail int) (*viewJSON, error) {
	g := gm.g
	st := g.State()
	v := &viewJSON{ID: gm.rec.ID, Ruleset: gm.rec.Ruleset, Name: gm.rec.Name, Mode: gm.rec.Mode, Dice: gm.rec.Dice, SeedChosen: gm.rec.Chosen,
		Seq: gm.seq, Over: g.Over(), Round: st.Round, Phase: st.PhaseID(), Legal: []string{}, Actions: []actionJSON{}, Log: []logLine{},
		UndoRequest: gm.request}
	if c := commitment(gm.rec); c != nil {
		v.SeedCommitment = c.SHA256
	}
	if u := gm.undone; u != nil && u.Seq == gm.seq {
		v.TookBack = u
	}
	if side != spectator {
		v.Seat = intp(side)
	}
	for i, sd := range st.Setup().Sides {
		v.Sides = append(v.Sides, sideJSON{i, sd.Name})
	}
	if g.Over() {
		if st.Winner >= 0 {
			v.Winner = intp(st.Winner)
		}
	} else {
		v.Decider = intp(g.Decider())
	}
	if p := g.Pending(); p != nil {
		v.Pending = pendingOf(p)
		v.Pending.SoFar = g.SoFar()
		if p.Kind == engine.FactQ && p.Who == engine.Anyone {
			v.Pending.Side = s.measurer(gm) // -1: either seat
			v.Pending.Disputed = gm.disputed
		}
	} else if !g.Over() && side == g.Decider() {
		legal := g.Legal()
		v.Legal, v.Actions = make([]string, 0, len(legal)), make([]actionJSON, 0, len(legal))
		for _, a := range legal {
			j := actionOf(st, a)
			v.Legal = append(v.Legal, j.Action)
			v.Actions = append(v.Actions, j)
		}
	}
	v.Disputable = s.disputable(gm, side)
	if gm.stateJS == nil {
		// the state as of this seq, the same for every seat: made once
		// MarshalJSON's own, not json.Marshal's: its bytes come from
		// json.Marshal already, and need not be checked and compacted again.
		js, err := st.MarshalJSON()
		if err != nil {
			return nil, err
		}
		gm.stateJS = js
	}
	v.State = gm.stateJS
	if tail != 0 {
		lines, err := gm.logLines()
		if err != nil {
			return nil, err
		}
		v.Log, v.LogTotal = lines, len(lines)
		if tail > 0 && tail < len(lines) {
			v.LogFrom = len(lines) - tail
			v.Log = lines[v.LogFrom:]
		}
	}
	return v, nil
}

func actionOf(st *engine.State, a engine.Action) actionJSON {
	j := actionJSON{Action: a.String(), Text: engine.ActionText(st, a), Name: a.ID}
	in := st.Info()
	if i := in.Action(a.ID); i >= 0 && i < len(in.Actions) {
		j.Name, j.Type = in.Actions[i].Name, engine.ActionType(st, a) // as retyped (N23's Unwieldy Shoot: double)
	}
	if a.Actor >= 0 && a.Actor < len(st.Models) {
		j.Model = st.Static(a.Actor).ID
	}
	return j
}

func pendingOf(p *engine.Prompt) *pendingJSON {
	j := &pendingJSON{Side: p.Who, Key: p.Key, Text: p.Text}
	switch p.Kind {
	case engine.DiceQ:
		j.Kind, j.Dice = "roll", p.Proc.Name()
	case engine.ChoiceQ:
		j.Kind, j.Options = "choice", p.Options
	case engine.FactQ:
		j.Kind = "fact"
		if p.Fact.Boolean() {
			j.YesNo = true
		} else {
			lo, hi := p.Fact.Range()
			mn, mx := float64(lo)/100, float64(hi)/100
			j.Min, j.Max = &mn, &mx
		}
	}
	return j
}

// writeRequest is the body of every write: the seq last seen, and the
// command's own field.
type writeRequest struct {
	Seq    *int   `json:"seq"`
	Action string `json:"action"`
	Answer string `json:"answer"`
	// Assume, with an action at a table, answers the measurements it asks
	// before any die is rolled: the odds sheet's values (id=value, as the
	// odds' assume parameters).
	Assume []string `json:"assume"`
}

func (s *Server) readWrite(r *http.Request, field string) (*writeRequest, error) {
	var req writeRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	if req.Seq == nil {
		return nil, invalid("seq", "missing: send the seq you last saw")
	}
	switch {
	case field == "action" && req.Answer != "", field == "answer" && req.Action != "", field == "" && (req.Action != "" || req.Answer != ""),
		field != "action" && req.Assume != nil:
		return nil, invalid(field, "this request takes only seq%s", map[bool]string{true: " and " + field, false: ""}[field != ""])
	case field == "action" && req.Action == "":
		return nil, invalid("action", "missing: one of the game's legal actions, as listed")
	case field == "answer" && strings.TrimSpace(req.Answer) == "":
		return nil, invalid("answer", "missing: an option, faces like \"3 5\", or a measurement")
	}
	return &req, nil
}

func (s *Server) action(w http.ResponseWriter, r *http.Request) {
	gm, side, err := s.access(r)
	if err != nil {
		fail(w, err)
		return
	}
	req, err := s.readWrite(r, "action")
	if err != nil {
		fail(w, err)
		return
	}
	tail, err := replyView(r)
	if err != nil {
		fail(w, err)
		return
	}
	if side == spectator {
		fail(w, notYourSeat("a spectator cannot act"))
		return
	}
	if _, err := engine.ParseAction(req.Action); err != nil {
		fail(w, unprocessable("action", "%v", err))
		return
	}
	as, err := readAssumed(req.Assume)
	if err != nil {
		fail(w, err)
		return
	}
	seq, _, err := s.write(r.Context(), gm, side, *req.Seq, "action", actionCmd{Action: req.Action, Assume: assumedStrings(as)})
	if err != nil {
		fail(w, err)
		return
	}
	s.ack(w, gm, side, http.StatusOK, map[string]any{"seq": seq}, tail)
}

func (s *Server) answer(w http.ResponseWriter, r *http.Request) {
	gm, side, err := s.access(r)
	if err != nil {
		fail(w, err)
		return
	}
	req, err := s.readWrite(r, "answer")
	if err != nil {
		fail(w, err)
		return
	}
	tail, err := replyView(r)
	if err != nil {
		fail(w, err)
		return
	}
	if side == spectator {
		fail(w, notYourSeat("a spectator cannot answer"))
		return
	}
	// The answer is read against the question waiting (under the game's
	// lock, in write: a question may change between reads).
	cmd, err := func() (*answerCmd, error) {
		gm.mu.Lock()
		defer gm.mu.Unlock()
		if gm.gone {
			return nil, reloading()
		}
		if *req.Seq != gm.seq {
			return nil, stale(*req.Seq, gm.seq)
		}
		p := gm.g.Pending()
		if by := s.measurer(gm); p != nil && p.Kind == engine.FactQ && by >= 0 && by != side {
			return nil, notYourSeat("the measurement is for %s to answer, whose action asks it; once they answer, you may dispute it (POST /api/games/%s/dispute) if you do not agree", sideName(gm, by), gm.rec.ID)
		}
		return readAnswer(p, req.Answer)
	}()
	if err != nil {
		fail(w, err)
		return
	}
	seq, refused, err := s.write(r.Context(), gm, side, *req.Seq, "answer", cmd)
	if err != nil {
		fail(w, err)
		return
	}
	reply := map[string]any{"seq": seq}
	if refused != nil {
		// The answer showed the action was never legal: the game is back
		// where it was before the action, which is refused with its rule.
		reply["refused"] = strings.TrimPrefix(refused.Error(), "engine: ")
	}
	s.ack(w, gm, side, http.StatusOK, reply, tail)
}

// readAnswer reads a typed answer for the pending question: dice faces
// separated by spaces or commas, an option by name, yes or no, or a
// measurement in inches.
func readAnswer(p *engine.Prompt, text string) (*answerCmd, error) {
	text = strings.TrimSpace(text)
	switch {
	case p == nil:
		return nil, unprocessable("answer", "no question is waiting")
	case p.Kind == engine.DiceQ:
		faces := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
		if len(faces) == 0 {
			return nil, unprocessable("answer", "no faces: type the dice, as in \"3 5\"")
		}
		return &answerCmd{Kind: engine.DiceQ, Faces: faces}, nil
	case p.Kind == engine.ChoiceQ:
		i := slices.IndexFunc(p.Options, func(o string) bool { return strings.EqualFold(o, text) })
		if i < 0 {
			return nil, unprocessable("answer", "%q is not an option; allowed %s", text, strings.Join(p.Options, ", "))
		}
		return &answerCmd{Kind: engine.ChoiceQ, Choice: i}, nil
	}
	if p.Fact.Boolean() {
		switch strings.ToLower(text) {
		case "yes", "y", "true", "1":
			return &answerCmd{Kind: engine.FactQ, Value: 1}, nil
		case "no", "n", "false", "0":
			return &answerCmd{Kind: engine.FactQ, Value: 0}, nil
		}
		return nil, unprocessable("answer", "%q: answer yes or no", text)
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(text, "\""), 64)
	lo, hi := p.Fact.Range()
	if h := math.Round(v * 100); err != nil || math.IsNaN(v) || h < float64(lo) || h > float64(hi) {
		return nil, unprocessable("answer", "%q: not a measurement; allowed %g to %g inches", text, float64(lo)/100, float64(hi)/100)
	}
	return &answerCmd{Kind: engine.FactQ, Value: int(math.Round(v * 100))}, nil
}

func (s *Server) concede(w http.ResponseWriter, r *http.Request) {
	s.plainWrite(w, r, "concede")
}

// dispute is POST /api/games/{id}/dispute: a seat does not agree with the
// other side's measurements just answered; they are asked again, of the
// same side, with the dice rolled after them taken back (issue 34).
func (s *Server) dispute(w http.ResponseWriter, r *http.Request) {
	s.plainWrite(w, r, "dispute")
}

// measurer is the side that must answer the measurement waiting, or -1
// when either seat may: with --measure either, or for a question of the
// game's start.
func (s *Server) measurer(gm *game) int {
	if s.cfg.MeasureEither {
		return -1
	}
	return gm.g.Acting()
}

// disputable reports whether side may dispute the measurements answered
// last: the other side's, not disputed yet in this action.
func (s *Server) disputable(gm *game, side int) bool {
	by := gm.g.Retractable()
	return side != spectator && by != engine.NoModel && by != side && !gm.disputed
}

// sideName is a side's name in a game.
func sideName(gm *game, side int) string {
	if sd := gm.g.State().Setup().Sides; side >= 0 && side < len(sd) {
		return sd[side].Name
	}
	return fmt.Sprintf("side %d", side)
}

func (s *Server) plainWrite(w http.ResponseWriter, r *http.Request, kind string) {
	gm, side, err := s.access(r)
	if err != nil {
		fail(w, err)
		return
	}
	req, err := s.readWrite(r, "")
	if err != nil {
		fail(w, err)
		return
	}
	tail, err := replyView(r)
	if err != nil {
		fail(w, err)
		return
	}
	if side == spectator {
		verb := map[string]string{"concede": "concede", "undo-approve": "approve an undo", "undo-decline": "decline an undo", "dispute": "dispute a measurement"}[kind]
		fail(w, notYourSeat("a spectator cannot %s", verb))
		return
	}
	seq, _, err := s.write(r.Context(), gm, side, *req.Seq, kind, struct{}{})
	if err != nil {
		fail(w, err)
		return
	}
	s.ack(w, gm, side, http.StatusOK, map[string]any{"seq": seq}, tail)
}

// why is GET /api/games/{id}/why?action=…: whether an action is legal now
// and, if not, the rule that forbids it.
func (s *Server) why(w http.ResponseWriter, r *http.Request) {
	gm, _, err := s.access(r)
	if err != nil {
		fail(w, err)
		return
	}
	if err := takes(r, "action"); err != nil {
		fail(w, err)
		return
	}
	a, err := engine.ParseAction(r.URL.Query().Get("action"))
	if err != nil {
		fail(w, invalid("action", "%v", err))
		return
	}
	if gm, err = s.hold(r.Context(), gm); err != nil {
		fail(w, err)
		return
	}
	defer gm.mu.Unlock()
	reason := gm.g.WhyNot(a)
	encode(w, http.StatusOK, map[string]any{"action": a.String(), "legal": reason == "", "reason": reason})
}

// oddsRowJSON is one result of an action's exact odds.
type oddsRowJSON struct {
	Label       string  `json:"label"`
	Exact       string  `json:"exact"`
	Probability float64 `json:"probability"`
}

// gatheredJSON is one outcome of an action, its rows gathered: those that
// differ only by what a side chose on the way ("; 1 Ploy token spent on
// Lucky Break", the odds' best play, which the player has not chosen yet)
// count as one outcome, with the rows in By.
type gatheredJSON struct {
	oddsRowJSON
	By []oddsRowJSON `json:"by,omitempty"`
}

// oddsRows are o's rows as sent, and its outcomes.
func oddsRows(o *engine.Odds) ([]oddsRowJSON, []gatheredJSON) {
	rows := []oddsRowJSON{}
	outs := []gatheredJSON{}
	sums := map[string]*big.Rat{}
	for _, row := range o.Rows {
		f, _ := row.P.Float64()
		j := oddsRowJSON{Label: row.Label, Exact: row.P.RatString(), Probability: math.Round(f*1e4) / 1e4}
		rows = append(rows, j)
		what, note, noted := strings.Cut(row.Label, "; ")
		i := slices.IndexFunc(outs, func(x gatheredJSON) bool { return x.Label == what })
		if i < 0 {
			outs = append(outs, gatheredJSON{oddsRowJSON: oddsRowJSON{Label: what}})
			sums[what] = new(big.Rat)
			i = len(outs) - 1
		}
		sums[what].Add(sums[what], row.P)
		by := j
		if noted {
			by.Label = note
		} else {
			by.Label = "nothing spent"
		}
		outs[i].By = append(outs[i].By, by)
	}
	for i := range outs {
		p := sums[outs[i].Label]
		f, _ := p.Float64()
		outs[i].Exact, outs[i].Probability = p.RatString(), math.Round(f*1e4)/1e4
		if len(outs[i].By) == 1 && outs[i].By[0].Label == "nothing spent" {
			outs[i].By = nil
		}
	}
	slices.SortStableFunc(outs, func(a, b gatheredJSON) int { return sums[b.Label].Cmp(sums[a.Label]) })
	return rows, outs
}

// takes refuses a query parameter a route does not take (names), and one
// given twice of those that take one value (a name ending in "..." may
// repeat): a client's misspelt or doubled parameter is heard rather than
// the request answered as if it had not been sent.
func takes(r *http.Request, names ...string) error {
	q := r.URL.Query()
	for _, k := range slices.Sorted(maps.Keys(q)) {
		switch vs := q[k]; {
		case slices.Contains(names, k+"..."):
		case !slices.Contains(names, k):
			return invalid(k, "not a parameter of this request; it takes %s", strings.ReplaceAll(strings.Join(names, ", "), "...", " (repeatable)"))
		case len(vs) > 1:
			return invalid(k, "given %d times; give it once", len(vs))
		}
	}
	return nil
}

// actionOdds is GET /api/games/{id}/odds?action=…: the exact odds of a
// legal action from the live state.
func (s *Server) actionOdds(w http.ResponseWriter, r *http.Request) {
	gm, _, err := s.access(r)
	if err != nil {
		fail(w, err)
		return
	}
	if err := takes(r, "action", "assume...", "measure"); err != nil {
		fail(w, err)
		return
	}
	if m := r.URL.Query().Get("measure"); m != "" && m != "all" {
		fail(w, invalid("measure", "%q: want all (the odds with every measurement), or no measure", clip(m)))
		return
	}
	a, err := engine.ParseAction(r.URL.Query().Get("action"))
	if err != nil {
		fail(w, invalid("action", "%v", err))
		return
	}
	// The odds are worked out on a fork of the game, without its lock:
	// the players go on meanwhile. At most a few at once, server-wide: an
	// action's odds can take a second of CPU.
	// One client holds at most MaxOddsPerClient requests, waiting or
	// worked on (issue 34): it cannot queue the slots for everyone else.
	release, err := s.odds.acquire(clientKey(r))
	if err != nil {
		fail(w, err)
		return
	}
	defer release()
	if gm, err = s.hold(r.Context(), gm); err != nil {
		fail(w, err)
		return
	}
	fork := gm.g.Fork()
	text := engine.ActionText(fork.State(), a)
	gm.mu.Unlock()
	select {
	case s.oddsSlots <- struct{}{}:
		defer func() { <-s.oddsSlots }()
	case <-r.Context().Done():
		return // the client left while it waited: nothing is worked out
	}
	assume, err := readAssumed(r.URL.Query()["assume"])
	if err != nil {
		fail(w, err)
		return
	}
	// A client that leaves stops the work (issue 34).
	stop := r.Context().Done()
	if r.URL.Query().Get("measure") == "all" {
		sheetOdds(w, fork, a, text, assume, stop)
		return
	}
	o, err := fork.Odds(a, engine.OddsOptions{MaxPaths: MaxOddsPaths, Assume: assume, Stop: stop})
	if errors.Is(err, engine.ErrStopped) {
		return // no one to answer
	}
	var ill *engine.IllegalError
	var nf *engine.NeedFactError
	var fe *engine.FieldError
	switch {
	case errors.As(err, &nf):
		// At a table: the players say what to assume, and ask again.
		e := unprocessable("assume", "%s", strings.TrimPrefix(nf.Error(), "engine: odds: "))
		e.Need = needOf(nf)
		fail(w, e)
		return
	case errors.As(err, &fe):
		fail(w, unprocessable("assume", "%s", fe.Problem))
		return
	case errors.As(err, &ill):
		fail(w, unprocessable("action", "%s", ill.Error()))
		return
	case errors.Is(err, engine.ErrTooManyPaths):
		fail(w, unprocessable("action", "%v", err))
		return
	case err != nil:
		var ae *engine.AnswerError
		if errors.As(err, &ae) || errors.Is(err, engine.ErrPending) {
			fail(w, unprocessable("action", "%v", err))
			return
		}
		fail(w, internal(err))
		return
	}
	rows, outs := oddsRows(o)
	dice := []oddsDieJSON{}
	for _, d := range o.Dice {
		dice = append(dice, oddsDieJSON{Key: d.Key, What: d.What})
	}
	encode(w, http.StatusOK, map[string]any{"action": a.String(), "text": text, "paths": o.Paths, "rows": rows, "outcomes": outs, "dice": dice, "headline": headlineOf(fork.State(), a, o)})
}

// headlineJSON sums an action's odds up in the game's own words: the chance
// that its target is taken out of play, and the casualties to expect.
type headlineJSON struct {
	Text      string   `json:"text"`
	TargetOut string   `json:"target_out,omitempty"` // exact
	P         *float64 `json:"target_out_probability,omitempty"`
	Foes      float64  `json:"foes"` // the other sides' models out of play, on average
	Own       float64  `json:"own"`  // the acting side's
}

// headlineOf is o's headline (engine.Odds.Headline), with its numbers.
func headlineOf(s *engine.State, a engine.Action, o *engine.Odds) headlineJSON {
	h := headlineJSON{Text: o.Headline(s), Foes: math.Round(o.Foes*100) / 100, Own: math.Round(o.Own*100) / 100}
	if o.TargetOut != nil {
		f, _ := o.TargetOut.Float64()
		p := math.Round(f*1e4) / 1e4
		h.TargetOut, h.P = o.TargetOut.RatString(), &p
	}
	return h
}

// sheetOdds is the odds with measure=all: every measurement at a table
// the odds rest on, at once, each with its value — the one the players
// gave (assume), else a starting value (sheetDefault) — and the odds
// under them, so that a sheet shows them all as controls and the odds
// follow each change (the starting values are engine.StartingValue's). A
// starting "no" that shows the action not legal (a Fight's target within
// 1") is taken as yes instead; a value the players gave that does so is
// kept, and the answer says the action is refused.
func sheetOdds(w http.ResponseWriter, fork *engine.Game, a engine.Action, text string, assume []engine.Assumed, stop <-chan struct{}) {
	given := slices.Clone(assume)
	var o *engine.Odds
	var err error
	var ill *engine.IllegalError
	for range 16 {
		o, err = fork.Odds(a, engine.OddsOptions{MaxPaths: MaxOddsPaths, Assume: given, Default: engine.StartingValue, Stop: stop})
		if errors.Is(err, engine.ErrStopped) {
			return // the client left
		}
		if !errors.As(err, &ill) || o == nil {
			break
		}
		flip := -1
		for i, m := range o.Measured {
			mine := slices.ContainsFunc(assume, func(x engine.Assumed) bool { return x.Is(m.Key, m.Fact) })
			if !mine && m.Fact.Boolean() && m.Value == 0 {
				flip = i
			}
		}
		if flip < 0 {
			break
		}
		m := o.Measured[flip]
		given = append(given, engine.Assumed{Key: m.Key, Fact: m.Fact, Value: 1})
	}
	body := map[string]any{"action": a.String(), "text": text}
	var fe *engine.FieldError
	switch {
	case errors.As(err, &ill) && o != nil:
		body["refused"] = ill.Reason
	case errors.As(err, &fe):
		fail(w, unprocessable("assume", "%s", fe.Problem))
		return
	case errors.As(err, &ill):
		fail(w, unprocessable("action", "%s", ill.Error()))
		return
	case errors.Is(err, engine.ErrTooManyPaths):
		fail(w, unprocessable("action", "%v", err))
		return
	case err != nil:
		var ae *engine.AnswerError
		if errors.As(err, &ae) || errors.Is(err, engine.ErrPending) {
			fail(w, unprocessable("action", "%v", err))
			return
		}
		fail(w, internal(err))
		return
	}
	ms := []measureJSON{}
	for _, m := range o.Measured {
		j := measureJSON{needJSON: *needOf(&engine.NeedFactError{Key: m.Key, Fact: m.Fact, Question: m.Question}), Later: m.Later, From: "default"}
		if slices.ContainsFunc(assume, func(x engine.Assumed) bool { return x.Is(m.Key, m.Fact) }) {
			j.From = "you"
		}
		j.Value = strconv.FormatFloat(float64(m.Value)/100, 'f', -1, 64)
		if m.Fact.Boolean() {
			j.Value = map[bool]string{true: "yes", false: "no"}[m.Value == 1]
		}
		ms = append(ms, j)
	}
	body["measurements"] = ms
	if body["refused"] == nil {
		rows, outs := oddsRows(o)
		body["outcomes"] = outs
		dice := []oddsDieJSON{}
		for _, d := range o.Dice {
			dice = append(dice, oddsDieJSON{Key: d.Key, What: d.What})
		}
		body["rows"], body["dice"], body["paths"] = rows, dice, o.Paths
		body["headline"] = headlineOf(fork.State(), a, o)
	}
	encode(w, http.StatusOK, body)
}

// measureJSON is a measurement on the odds sheet: what need gives, the
// value the odds took (yes, no or inches), whether the players gave it
// ("you") or it is the sheet's starting value ("default"), and whether it
// is asked only later (after dice, or by a follow-up).
type measureJSON struct {
	needJSON
	Value string `json:"value"`
	From  string `json:"from"`
	Later bool   `json:"later,omitempty"`
}

// oddsDieJSON is a kind of roll the action may ask for (engine.OddsDie).
type oddsDieJSON struct {
	Key  string `json:"key"`
	What string `json:"what,omitempty"`
}

// needJSON is a measurement the odds need at a table: the client asks the
// players what to assume and sends it back as assume=<id>=<value>.
type needJSON struct {
	ID       string   `json:"id"`
	Key      string   `json:"key"`
	Text     string   `json:"text"`
	Question string   `json:"question"` // the question alone
	Why      string   `json:"why,omitempty"`
	YesNo    bool     `json:"yesno,omitempty"`
	Min      *float64 `json:"min,omitempty"` // inches
	Max      *float64 `json:"max,omitempty"`
}

// factID names a measurement: the odds' need.id, and the page's fact
// question's, so that an assumption made for the odds is recalled when the
// action asks for the measurement itself.
func factID(key string, f engine.Fact) string {
	return fmt.Sprintf("%s/%s/%d/%d/%s/%d", key, f.Kind, f.A, f.B, strconv.FormatFloat(float64(f.Inches), 'g', -1, 32), f.Set)
}

func needOf(nf *engine.NeedFactError) *needJSON {
	f := nf.Fact
	j := &needJSON{ID: factID(nf.Key, f),
		Key: nf.Key, Text: nf.Text, Question: nf.Question, Why: f.Why, YesNo: f.Boolean()}
	if !j.YesNo {
		lo, hi := f.Range()
		mn, mx := float64(lo)/100, float64(hi)/100
		j.Min, j.Max = &mn, &mx
	}
	return j
}

// readAssumed reads the odds' assume=<id>=<value> parameters: the
// measurements the players assume (a need's id, and yes, no or inches).
func readAssumed(qs []string) ([]engine.Assumed, error) {
	if len(qs) > 64 {
		return nil, invalid("assume", "%d measurements assumed; at most 64", len(qs))
	}
	var out []engine.Assumed
	for _, q := range qs {
		id, val, ok := strings.Cut(q, "=")
		parts := strings.Split(id, "/")
		bad := func(why string) error {
			return invalid("assume", "%q: %s; want the id of a measurement the odds asked for, =, and yes, no or inches", clip(q), why)
		}
		if !ok || len(parts) != 6 {
			return nil, bad("not <id>=<value>")
		}
		a, errA := strconv.Atoi(parts[2])
		b, errB := strconv.Atoi(parts[3])
		in, errI := strconv.ParseFloat(parts[4], 32)
		set, errS := strconv.ParseUint(parts[5], 10, 64)
		if errA != nil || errB != nil || errI != nil || errS != nil {
			return nil, bad("a malformed id")
		}
		x := engine.Assumed{Key: parts[0], Fact: engine.Fact{Kind: parts[1], A: a, B: b, Inches: float32(in), Set: set}}
		if math.IsNaN(in) || math.IsInf(in, 0) {
			return nil, bad("a malformed id")
		}
		if slices.ContainsFunc(out, func(y engine.Assumed) bool { return y.Is(x.Key, x.Fact) }) {
			return nil, bad("assumed twice")
		}
		val = strings.ToLower(strings.TrimSpace(val))
		switch {
		case x.Fact.Boolean() && (val == "yes" || val == "y" || val == "1" || val == "true"):
			x.Value = 1
		case x.Fact.Boolean() && (val == "no" || val == "n" || val == "0" || val == "false"):
			x.Value = 0
		case x.Fact.Boolean():
			return nil, bad("answer yes or no")
		default:
			v, err := strconv.ParseFloat(strings.TrimSuffix(val, "\""), 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e4 || v < 0 && x.Fact.Kind != engine.FactElevation {
				return nil, bad("not a length in inches")
			}
			x.Value = int(math.Round(v * 100))
		}
		out = append(out, x)
	}
	return out, nil
}

// assumedStrings writes measurements back as the odds' assume parameters
// read them (readAssumed): id=yes, id=no or id=inches.
func assumedStrings(as []engine.Assumed) []string {
	var out []string
	for _, x := range as {
		v := strconv.FormatFloat(float64(x.Value)/100, 'f', -1, 64)
		if x.Fact.Boolean() {
			v = map[bool]string{true: "yes", false: "no"}[x.Value == 1]
		}
		out = append(out, factID(x.Key, x.Fact)+"="+v)
	}
	return out
}

// export is GET /api/games/{id}/export: the game as `play --save` writes
// it, once it is over (it carries the dice seed).
func (s *Server) export(w http.ResponseWriter, r *http.Request) {
	gm, _, err := s.access(r)
	if err != nil {
		fail(w, err)
		return
	}
	if gm, err = s.hold(r.Context(), gm); err != nil {
		fail(w, err)
		return
	}
	defer gm.mu.Unlock()
	if !gm.g.Over() {
		fail(w, forbidden("the game is not over: its export carries the dice seed, which would tell what every roll will be"))
		return
	}
	var buf bytes.Buffer
	if err := gm.g.Save(&buf); err != nil {
		fail(w, internal(err))
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="skirmish-%s.json"`, gm.rec.ID))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}
