package server

import (
	"cmp"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime/multipart"
	"net"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/skirmish-engine/skirmish/board"
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/server/ui"
)

// The table companion's pages (package ui renders them; this file fills
// them in from the games). Every write a page makes goes through the JSON
// API, with the same seats, seqs and rules as any other client.

// page renders a full page, or logs why it could not.
func (s *Server) page(w http.ResponseWriter, status int, name string, data any) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	if err := ui.Render(w, name, data); err != nil {
		s.log.Error("page", "page", name, "err", err)
	}
}

// newGamePage is GET /: the new-game form.
func (s *Server) newGamePage(w http.ResponseWriter, r *http.Request) {
	d := s.newGameForm(nil, nil)
	// The roster editor's "new game with this roster" link.
	q := r.URL.Query()
	if rs := q.Get("ruleset"); rs != "" && slices.ContainsFunc(d.Rulesets, func(u ui.Ruleset) bool { return u.ID == rs }) {
		d.Ruleset = rs
	}
	for i := range d.RosterIDs {
		d.RosterIDs[i] = clip(q.Get(fmt.Sprintf("side%d_roster_id", i)))
	}
	if id := q.Get("campaign"); id != "" {
		if rec, _, err := s.campaignRecord(r.Context(), id); err == nil {
			d.Campaign, d.CampaignName, d.Ruleset = rec.ID, rec.Name, rec.Ruleset
		}
	}
	s.page(w, http.StatusOK, "new", d)
}

// newGameForm is the form, filled with what a refused form held.
func (s *Server) newGameForm(f *gameForm, err *apiError) *ui.NewGame {
	d := &ui.NewGame{Dice: "physical", Mode: "table"}
	if f != nil {
		d.Ruleset, d.Scenario, d.YAML, d.Mode, d.Dice = f.ruleset, f.scenario, f.req.ScenarioYAML, f.req.Mode, f.req.Dice
		d.RosterIDs = f.rosterIDs
		d.Campaign, d.CampaignName = f.campaign, f.campaignName
		if len(f.campaignToken) == 32 && strings.Trim(f.campaignToken, "0123456789abcdef") == "" {
			d.CampaignToken = f.campaignToken
		}
	}
	if err != nil {
		d.Error, d.Field = err.Message, err.Field
		d.RosterField = strings.HasPrefix(err.Field, "sides") || strings.HasPrefix(err.Field, "side0_") || strings.HasPrefix(err.Field, "side1_")
		d.OptionField = strings.HasPrefix(err.Field, "options") || strings.HasPrefix(err.Field, "opt.")
	}
	for _, id := range s.cfg.Rulesets.IDs() {
		rs, _ := s.cfg.Rulesets.Lookup(id)
		in := rs.Info()
		u := ui.Ruleset{ID: in.ID, Name: in.Name}
		for _, o := range in.Options {
			field := "opt." + in.ID + "." + o.Name
			v := ""
			if f != nil {
				v = f.opts[field]
			}
			opt := ui.Option{Name: o.Name, Usage: o.Usage, Source: o.Source, Field: field}
			// The first choice leaves the option to the scenario: a
			// scenario that sets it keeps its value.
			opt.Choices = append(opt.Choices, ui.Choice{Label: "as the scenario says (rules: " + o.Default + ")", Selected: v == ""})
			for _, c := range o.Choices {
				opt.Choices = append(opt.Choices, ui.Choice{Value: c, Label: c, Selected: c == v})
			}
			u.Options = append(u.Options, opt)
		}
		d.Rulesets = append(d.Rulesets, u)
	}
	if d.Ruleset == "" && len(d.Rulesets) > 0 {
		d.Ruleset = d.Rulesets[0].ID
	}
	for _, smp := range s.cfg.Samples.Sorted() {
		v := smp.Ruleset + "/" + smp.Name
		d.Scenarios = append(d.Scenarios, ui.Scenario{Value: v, Ruleset: smp.Ruleset, Name: smp.Name, Mode: smp.Mode, Selected: v == d.Scenario})
	}
	return d
}

// gameForm is the new-game form as posted.
type gameForm struct {
	req               createRequest
	ruleset, scenario string
	opts              map[string]string // opt.<ruleset>.<name> → value, as posted
	rosterIDs         [2]string         // side<N>_roster_id, as posted
	// campaign and its edit token: the game is the campaign's.
	campaign, campaignToken, campaignName string
}

// readGameForm reads the posted form into a create request. The body is
// capped by the server's MaxBody; files are read whole from the capped
// multipart reader, never to disk.
func (s *Server) readGameForm(r *http.Request) (*gameForm, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		if err := r.ParseForm(); err != nil { // a form without files
			return nil, formError(err)
		}
	}
	f := &gameForm{opts: map[string]string{}}
	f.req.file = "upload.yaml" // the text box's; a file chosen gives its name
	var rosters map[string]string
	add := func(name, value, file string) error {
		switch {
		case name == "ruleset":
			f.ruleset = value
		case name == "scenario":
			f.scenario = value
		case name == "scenario_yaml" && strings.TrimSpace(value) != "" && f.req.ScenarioYAML == "":
			f.req.ScenarioYAML = value
		case name == "scenario_file" && file != "" && value != "":
			f.req.ScenarioYAML = value // a file chosen wins over the text box
			f.req.file = path.Base(strings.ReplaceAll(file, "\\", "/"))
		case name == "rosters" && file != "":
			if rosters == nil {
				rosters = map[string]string{}
			}
			name := path.Base(strings.ReplaceAll(file, "\\", "/"))
			if _, dup := rosters[name]; dup {
				return invalid("rosters", "two roster files are called %q: a browser sends only a file's name, so each must have its own", clip(name))
			}
			rosters[name] = value
		case (name == "side0_roster" || name == "side1_roster") && file != "" && value != "":
			i := int(name[4] - '0')
			for len(f.req.Sides) <= i {
				f.req.Sides = append(f.req.Sides, sideRequest{})
			}
			if f.req.Sides[i].RosterID != "" {
				return invalid(name, "the %s side's roster is both a file and a saved roster: choose one", [2]string{"first", "second"}[i])
			}
			f.req.Sides[i] = sideRequest{RosterFile: base64.StdEncoding.EncodeToString([]byte(value)), Name: path.Base(strings.ReplaceAll(file, "\\", "/"))}
		case (name == "side0_roster_id" || name == "side1_roster_id") && strings.TrimSpace(value) != "":
			i := int(name[4] - '0')
			f.rosterIDs[i] = clip(value)
			for len(f.req.Sides) <= i {
				f.req.Sides = append(f.req.Sides, sideRequest{})
			}
			if f.req.Sides[i].RosterFile != "" {
				return invalid(name, "the %s side's roster is both a file and a saved roster: choose one", [2]string{"first", "second"}[i])
			}
			f.req.Sides[i] = sideRequest{RosterID: savedRosterID(value)}
		case name == "campaign":
			f.campaign = clip(strings.TrimSpace(value))
		case name == "campaign_token":
			f.campaignToken = strings.TrimSpace(value)
		case name == "mode":
			f.req.Mode = value
		case name == "dice":
			f.req.Dice = value
		case strings.HasPrefix(name, "opt.") && value != "": // "": the scenario's
			f.opts[name] = value
		}
		return nil
	}
	if mr != nil {
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, formError(err)
			}
			b, err := io.ReadAll(p)
			if err != nil {
				return nil, formError(err)
			}
			if err := add(p.FormName(), string(b), p.FileName()); err != nil {
				return nil, err
			}
		}
	} else {
		for k, vs := range r.PostForm {
			for _, v := range vs {
				_ = add(k, v, "")
			}
		}
	}
	switch {
	case f.ruleset == "":
		return f, invalid("ruleset", "choose the rules")
	case f.scenario == "upload":
		if strings.TrimSpace(f.req.ScenarioYAML) == "" {
			return f, invalid("scenario", "no scenario file: choose one, or paste it")
		}
	case f.scenario == "":
		return f, invalid("scenario", "choose a scenario")
	default:
		rs, name, ok := strings.Cut(f.scenario, "/")
		if !ok || rs != f.ruleset {
			return f, invalid("scenario", "%q is not a scenario of %s", clip(f.scenario), clip(f.ruleset))
		}
		f.req.Scenario, f.req.ScenarioYAML = name, ""
	}
	f.req.Ruleset, f.req.Rosters = f.ruleset, rosters
	prefix := "opt." + f.ruleset + "."
	for k, v := range f.opts {
		if name, ok := strings.CutPrefix(k, prefix); ok {
			if f.req.Options == nil {
				f.req.Options = map[string]string{}
			}
			f.req.Options[name] = v
		}
	}
	return f, nil
}

// savedRosterID is a saved roster's ID from what a player pasted: the ID,
// or a link to the roster (its share or edit link: what follows # is
// dropped, never sent on).
func savedRosterID(v string) string {
	v = strings.TrimSpace(v)
	v, _, _ = strings.Cut(v, "#")
	v, _, _ = strings.Cut(v, "?")
	return path.Base(strings.TrimRight(v, "/"))
}

func formError(err error) error {
	if e := slowBody(err); e != nil {
		return e
	}
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		return &apiError{Status: http.StatusRequestEntityTooLarge, Field: "body", Message: fmt.Sprintf("the form is over %d bytes: upload smaller files", mb.Limit)}
	}
	if errors.Is(err, multipart.ErrMessageTooLarge) {
		return &apiError{Status: http.StatusRequestEntityTooLarge, Field: "body", Message: "the form is too large"}
	}
	return invalid("body", "not a form: %v", err)
}

// createFromPage is POST /new: the form becomes a game, and the page with
// its seat links (shown this once: only their hashes are kept).
func (s *Server) createFromPage(w http.ResponseWriter, r *http.Request) {
	refuse := func(f *gameForm, err error) {
		var ae *apiError
		if !errors.As(err, &ae) {
			ae = internal(err)
		}
		if ae.Status >= 500 {
			s.log.Error("new game page", "err", err)
		}
		ae.Message = clip(ae.Message)
		s.page(w, ae.Status, "new", s.newGameForm(f, ae))
	}
	if ok, wait := s.allowCreate(r); !ok {
		w.Header().Set("Retry-After", fmt.Sprint(int(wait.Seconds())+1))
		refuse(nil, &apiError{Status: http.StatusTooManyRequests, Message: fmt.Sprintf("too many games started from here; try again in %d seconds", int(wait.Seconds())+1)})
		return
	}
	f, err := s.readGameForm(r)
	if f != nil && f.campaign != "" {
		if rec, _, cerr := s.campaignRecord(r.Context(), f.campaign); cerr == nil {
			f.campaignName = rec.Name
		}
	}
	if err != nil {
		refuse(f, err)
		return
	}
	var resp *createResponse
	if f.campaign != "" {
		rec, _, err := s.campaignRecord(r.Context(), f.campaign)
		if err != nil {
			refuse(f, err)
			return
		}
		f.campaignName = rec.Name
		if subtle.ConstantTimeCompare(hash(f.campaignToken), rec.Edit) != 1 {
			refuse(f, &apiError{Status: http.StatusUnauthorized, Field: "campaign_token", Message: "a campaign's game is made from the campaign's edit link: open the campaign from it, then its New game"})
			return
		}
		resp, err = s.newCampaignGame(r.Context(), rec, f.req)
		if err != nil {
			refuse(f, err)
			return
		}
	} else if resp, err = s.newGame(r.Context(), f.req); err != nil {
		refuse(f, err)
		return
	}
	gm, err := s.load(r.Context(), resp.ID, nil)
	if err != nil {
		refuse(f, err)
		return
	}
	origin := "http://" + r.Host
	if r.TLS != nil {
		origin = "https://" + r.Host
	}
	d := &ui.Seats{ID: resp.ID, Name: gm.rec.Name, Ruleset: gm.rec.Ruleset, Local: localHost(r.Host),
		Until: s.cfg.Now().Add(handoffFor).Format("15:04")}
	for _, st := range resp.Seats {
		u := origin + st.URL
		qr, err := ui.QR(u, "QR code of the link for "+st.Name)
		if err != nil {
			refuse(f, err)
			return
		}
		d.Seats = append(d.Seats, ui.Seat{Name: st.Name, URL: u, QR: qr})
	}
	u := origin + resp.Spectator
	qr, err := ui.QR(u, "QR code of the spectator link")
	if err != nil {
		refuse(f, err)
		return
	}
	d.Spectator = ui.Seat{Name: "Spectators", URL: u, QR: qr}
	// Post, redirect, get: the links' page has an address of its own, so
	// that going back to it (after opening a seat in the same tab) shows it
	// again rather than posting the form a second time.
	key, err := s.token()
	if err != nil {
		refuse(f, err)
		return
	}
	s.mu.Lock()
	now := s.cfg.Now()
	for k, h := range s.handoffs {
		if now.After(h.until) {
			delete(s.handoffs, k)
		}
	}
	if len(s.handoffs) >= maxHandoffs { // the oldest goes
		oldest := ""
		for k, h := range s.handoffs {
			if oldest == "" || h.until.Before(s.handoffs[oldest].until) {
				oldest = k
			}
		}
		delete(s.handoffs, oldest)
	}
	s.handoffs[key] = &handoff{page: d, until: now.Add(handoffFor)}
	s.mu.Unlock()
	http.Redirect(w, r, "/new/"+key, http.StatusSeeOther)
}

// handoff is a game's seat-link page, kept a while after it was made.
type handoff struct {
	page  *ui.Seats
	until time.Time
}

// A seat-link page can be opened again for an hour (its address is a
// secret of 128 bits, as a seat's token is: the page holds every seat's);
// the server keeps at most a few hundred.
const (
	handoffFor  = time.Hour
	maxHandoffs = 500
)

// seatsPage is GET /new/{key}: the seat links of a game just made.
func (s *Server) seatsPage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	h, ok := s.handoffs[r.PathValue("key")]
	s.mu.Unlock()
	if !ok || s.cfg.Now().After(h.until) {
		s.page(w, http.StatusNotFound, "gone", nil)
		return
	}
	s.page(w, http.StatusOK, "seats", h.page)
}

// localHost reports whether host names this computer only: links with it
// open on no other device.
func localHost(host string) bool {
	h, _, err := net.SplitHostPort(host)
	if err != nil {
		h = host
	}
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(h, "[]"))
	return ip != nil && ip.IsLoopback()
}

// gamePage is GET /g/{id}: the page's shell. It needs no token (the token
// is after # in the link, where the script reads it): the panel it
// fetches does.
func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !validID(id) {
		http.Error(w, "no such game", http.StatusNotFound)
		return
	}
	s.page(w, http.StatusOK, "game", ui.Game{ID: id})
}

// panel is GET /g/{id}/panel: the game as the seat sees it, as HTML.
func (s *Server) panel(w http.ResponseWriter, r *http.Request) {
	gm, side, err := s.access(r)
	if err != nil {
		fail(w, err)
		return
	}
	logLines := panelLog
	switch r.URL.Query().Get("log") {
	case "":
	case "all":
		logLines = -1
	default:
		fail(w, invalid("log", "want all, or nothing for the latest %d lines", panelLog))
		return
	}
	if gm, err = s.hold(r.Context(), gm); err != nil {
		fail(w, err)
		return
	}
	p, err := s.panelOf(gm, side, logLines)
	gm.mu.Unlock()
	if err != nil {
		fail(w, internal(err))
		return
	}
	w.Header().Set("X-Seq", fmt.Sprint(p.Seq))
	if tok, err := bearer(r); err == nil {
		w.Header().Set("X-Events-Key", EventsKey(tok))
	}
	s.page(w, http.StatusOK, "panel", p)
}

// panelLog is how many of the log's latest lines the panel shows.
const panelLog = 40

// panelOf fills the panel for side (or the spectator), with the latest
// logLines lines of the log (all of it for -1); the caller holds gm.mu.
func (s *Server) panelOf(gm *game, side, logLines int) (*ui.Panel, error) {
	g := gm.g
	st := g.State()
	su := st.Setup()
	in := st.Info()
	name := func(i int) string {
		if i >= 0 && i < len(su.Sides) {
			return su.Sides[i].Name
		}
		return "the players"
	}
	p := &ui.Panel{ID: gm.rec.ID, Name: gm.rec.Name, Ruleset: in.Name, Mode: gm.rec.Mode, Dice: gm.rec.Dice, Seq: gm.seq,
		SeedChosen: gm.rec.Chosen && gm.rec.Dice != string(engine.PhysicalDice),
		Retain:     retainWords(s.cfg.Retain),
		Over:       g.Over(), Spectator: side == spectator}
	if s.cfg.Retain > 0 {
		layout := "2 January 2006"
		if s.cfg.Retain < 48*time.Hour {
			layout = "2 January 2006, 15:04 MST"
		}
		p.KeptUntil = gm.last.Add(s.cfg.Retain).Format(layout)
	}
	if st.Round == 0 {
		p.Round = fmt.Sprintf("Before round 1 of %d", su.Rounds)
	} else {
		p.Round = fmt.Sprintf("Round %d of %d · %s phase", st.Round, su.Rounds, strings.ReplaceAll(st.PhaseID(), "-", " "))
	}
	if p.Spectator {
		p.Seat = "Watching"
	} else {
		p.Seat = "You play " + name(side)
	}
	pr := g.Pending()
	p.Disputable = s.disputable(gm, side)
	switch {
	case g.Over():
		if st.Winner >= 0 {
			p.Result = name(st.Winner) + " win the game"
		} else {
			p.Result = "The game is a draw"
		}
		p.Turn = "Game over: " + p.Result
		if r, ok := g.Ruleset().(engine.Reporter); ok {
			p.Report = r.Report(st)
		}
		p.Export = "/api/games/" + gm.rec.ID + "/export"
	case pr != nil:
		who := pr.Who
		if pr.Kind == engine.FactQ && who == engine.Anyone {
			if by := s.measurer(gm); by >= 0 {
				who = by // the acting side measures (issue 34)
			}
		}
		mine := !p.Spectator && (who == side || who == engine.Anyone)
		p.Mine = mine
		switch {
		case mine && who == engine.Anyone:
			p.Turn = "A question for the table: either of you may answer"
		case mine:
			p.Turn = "Your answer is needed"
		default:
			p.Turn = "Waiting for " + name(who) + " to answer"
		}
		if gm.disputed && pr.Kind == engine.FactQ {
			// Issue 34: a dispute asks the measurement again; say so.
			p.Turn += " · the measurement was disputed: measure again together; this answer stands"
		}
		p.Pending = pendingPage(st, pr, mine, name(who))
		p.Pending.SoFar = slices.Clone(g.SoFar())
	default:
		d := g.Decider()
		p.Mine = !p.Spectator && d == side
		if p.Mine {
			p.Turn = "Your decision"
			if m := st.Turn.Model; m != engine.NoModel && in.Economy.Slots > 0 {
				p.Turn += fmt.Sprintf(" · %s has %d action%s left", modelName(st, m), st.Turn.Slots, map[bool]string{true: "", false: "s"}[st.Turn.Slots == 1])
			}
		} else {
			p.Turn = "Waiting for " + name(d)
		}
	}
	nm := namesOf(st)
	if p.Pending != nil {
		nm.all(&p.Pending.Text)
		nm.each(p.Pending.SoFar)
		nm.each(p.Pending.Labels)
	}
	if p.Report != nil {
		p.Report = slices.Clone(p.Report)
		nm.each(p.Report)
	}
	var dests []ui.Dest
	if p.Mine && pr == nil && !g.Over() {
		p.Groups, dests = actionGroups(st, g.Legal(), su.Mode == "board")
		for i := range p.Groups {
			for j := range p.Groups[i].Actions {
				for k := range p.Groups[i].Actions[j].Variants {
					v := &p.Groups[i].Actions[j].Variants[k]
					nm.all(&v.Text, &v.Short)
				}
			}
		}
		for i := range dests {
			nm.all(&dests[i].Text)
		}
		// what the economy refuses (each option), then what the rules do
		// not offer the model now, as the CLI's why says them
		p.Barred = barredList(st, append(g.Barred(), g.Unavailable()...))
		for i := range p.Barred {
			nm.all(&p.Barred[i].Text, &p.Barred[i].Reason)
		}
	}
	if b, ok := su.Board.(*board.Board); ok && su.Mode == "board" {
		var pieces []ui.Piece
		for m := range st.Models {
			md := &st.Models[m]
			if !md.InPlay {
				continue
			}
			pieces = append(pieces, ui.Piece{ID: st.Static(m).ID, Name: modelName(st, m), Side: st.SideOf(m), X: float64(md.Pos.X), Y: float64(md.Pos.Y),
				R: st.Static(m).Base / 2, Level: int(md.Pos.Level), Status: statusText(st, m), Hurt: md.Status != 0, Active: st.Turn.Model == m})
		}
		p.Board = ui.BoardSVG(b, pieces, dests)
		var names []string
		for i := range su.Sides {
			names = append(names, su.Sides[i].Name)
		}
		p.Legend = ui.BoardLegend(b, names)
	}
	p.Sides = sideCards(st)
	lines, err := gm.logLines()
	if err != nil {
		return nil, err
	}
	from := 0
	if logLines >= 0 {
		from = max(0, len(lines)-logLines)
	}
	p.LogMore = from
	for i := len(lines) - 1; i >= from; i-- {
		l := lines[i]
		head := ""
		if l.Round > 0 {
			head = fmt.Sprintf("R%d", l.Round)
			if l.Side >= 0 && l.Side < len(su.Sides) {
				head += " " + su.Sides[l.Side].Name + ":"
			}
		}
		own, ownEv := l.Own()
		then, thenEv := l.Followed()
		ll := ui.LogLine{Index: l.Index, Head: head, Action: l.Action, Undone: l.Undone,
			Answers: slices.Clone(own), Events: slices.Clone(ownEv), ThenAnswers: slices.Clone(then), ThenEvents: slices.Clone(thenEv)}
		nm.all(&ll.Action)
		nm.each(ll.Answers)
		nm.each(ll.Events)
		nm.each(ll.ThenAnswers)
		nm.each(ll.ThenEvents)
		p.Log = append(p.Log, ll)
	}
	if len(p.Log) > 0 {
		p.Last = &p.Log[0]
	}
	if p.Disputable && pr == nil {
		// The measurements a dispute would take back, once their action
		// ended: the log's line leaves them out of Last.
		if an, err := g.Annotate(); err == nil && len(an) > 0 {
			if ls := engine.LogLines(st, []engine.Annotated{factsOf(an[len(an)-1])}); len(ls) == 1 {
				p.Measured = slices.Clone(ls[0].Answers)
				nm.each(p.Measured)
			}
		}
	}
	p.CanConcede = !p.Spectator && !g.Over()
	p.CanUndo = p.CanConcede && gm.request == nil && g.CanUndo(side) == nil
	if r := gm.request; r != nil {
		p.UndoRequest = &ui.UndoRequest{Who: name(r.By), Text: nm.text(r.Text), Mine: r.By == side, Vote: !p.Spectator && r.By != side}
	}
	if u := gm.undone; u != nil && u.Seq == gm.seq {
		who := name(u.By)
		if u.By == side {
			who = "You"
		}
		p.TookBack = who + " took back: " + nm.text(u.Text)
	}
	return p, nil
}

// namer writes the models' names where the engine's texts (actions, log
// lines, questions) use their IDs: a person reads "Sister Ada", not
// "vigil-rifle-a" (issue 32, 4). The API keeps the IDs, which programs
// send back. Only a whole word that is a model's ID is replaced (letters,
// digits, - and _ make up a word), and only for models whose name differs.
type namer map[string]string

func namesOf(st *engine.State) namer {
	nm := namer{}
	for m := range st.Models {
		if ms := st.Static(m); ms.Name != "" && ms.Name != ms.ID && len(ms.ID) > 1 {
			nm[ms.ID] = ms.Name
		}
	}
	return nm
}

func idRune(r byte) bool {
	return r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}

// text is s with each model ID that is a whole word written as its name.
func (nm namer) text(s string) string {
	if len(nm) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if !idRune(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && idRune(s[j]) {
			j++
		}
		if n, ok := nm[s[i:j]]; ok {
			b.WriteString(s[last:i])
			b.WriteString(n)
			last = j
		}
		i = j
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// all rewrites each string in place.
func (nm namer) all(ss ...*string) {
	for _, s := range ss {
		*s = nm.text(*s)
	}
}

// each rewrites each element of ss in place.
func (nm namer) each(ss []string) {
	for i := range ss {
		ss[i] = nm.text(ss[i])
	}
}

// capital starts a sentence with a capital letter.
func capital(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func modelName(st *engine.State, m int) string {
	if n := st.Static(m).Name; n != "" {
		return n
	}
	return st.Static(m).ID
}

func statusText(st *engine.State, m int) string {
	in := st.Info()
	md := &st.Models[m]
	if !md.InPlay {
		return "out of action"
	}
	t := strings.ReplaceAll(in.Statuses[md.Status], "-", " ")
	if len(in.Secondary) > 0 {
		t += ", " + strings.ReplaceAll(in.Secondary[md.Secondary], "-", " ")
	}
	return t
}

// pendingPage is the question as the panel asks it: the keypad's dice
// (dice.Needs), the options, or what to measure.
func pendingPage(st *engine.State, pr *engine.Prompt, mine bool, who string) *ui.Pending {
	q := &ui.Pending{Text: pr.Text, Mine: mine, Who: who}
	switch pr.Kind {
	case engine.DiceQ:
		q.Kind = "roll"
		// the dice every roll takes; faces that call for more (a
		// critical's die, Fortune Smiles) are asked for when typed
		needs, more, kinds := dice.NeedsLeast(pr.Proc)
		q.More = more
		var runs []string
		for i := 0; i < len(needs); {
			j := i
			for j < len(needs) && needs[j].Name() == needs[i].Name() {
				j++
			}
			runs = append(runs, fmt.Sprintf("%d %s", j-i, plural(dieName(needs[i]), j-i)))
			i = j
		}
		q.N = len(needs)
		order := make([]string, len(needs))
		for i, d := range needs {
			order[i] = dieName(d)
		}
		q.Order = strings.Join(order, "|")
		q.Count = "Roll " + strings.Join(runs, ", then ") + ", then tap the faces in order"
		if len(needs) == 1 {
			q.Count = "Roll " + runs[0] + ", then tap its face"
		}
		if more {
			q.Count += "; some faces call for another die, and the keypad then asks for it"
		}
		seen := map[string]bool{}
		for _, d := range append(needs, kinds...) {
			if seen[d.Name()] {
				continue
			}
			seen[d.Name()] = true
			k := ui.Die{Name: dieName(d)}
			for v := 1; v <= d.Values(); v++ {
				k.Faces = append(k.Faces, d.Symbol(v))
			}
			q.Dice = append(q.Dice, k)
		}
	case engine.ChoiceQ:
		q.Kind, q.Options = "choice", pr.Options
		for _, o := range pr.Options {
			q.Labels = append(q.Labels, engine.OptionText(st, o))
		}
	case engine.FactQ:
		q.Kind, q.FactID = "fact", factID(pr.Key, pr.Fact)
		if pr.Fact.Boolean() {
			q.YesNo = true
		} else {
			lo, hi := pr.Fact.Range()
			q.Min, q.Max = fmt.Sprint(float64(lo)/100), fmt.Sprint(float64(hi)/100)
		}
	}
	return q
}

// plural is a die's name for n of them: "firepower dice" for a
// "firepower die"; names like "D6" stay as they are.
func plural(name string, n int) string {
	if n != 1 && strings.HasSuffix(name, " die") {
		return strings.TrimSuffix(name, "die") + "dice"
	}
	return name
}

// dieName is "D6" for a d6, the die's own name otherwise.
func dieName(d dice.Die) string {
	n := d.Name()
	if len(n) > 1 && n[0] == 'd' && strings.Trim(n[1:], "0123456789") == "" {
		return "D" + n[1:]
	}
	return n
}

// barredList is the "Not allowed now" list: one line for the options of
// an action that are refused for the same reason (every target of a
// Shoot already taken), saying how many.
func barredList(st *engine.State, rs []engine.Refused) []ui.Barred {
	var out []ui.Barred
	var n []int              // options refused for each line's reason
	seen := map[string]int{} // action id, actor and reason: index in out
	for _, r := range rs {
		k := fmt.Sprintf("%s\x00%d\x00%s", r.Action.ID, r.Action.Actor, r.Reason)
		i, ok := seen[k]
		if !ok {
			seen[k] = len(out)
			out, n = append(out, ui.Barred{Text: r.Text, Reason: r.Reason}), append(n, 1)
			continue
		}
		n[i]++
		name := r.Action.ID
		if j := st.Info().Action(r.Action.ID); j >= 0 && j < len(st.Info().Actions) {
			name = st.Info().Actions[j].Name
		}
		if a := r.Action.Actor; a >= 0 && a < len(st.Models) {
			name += " " + st.Static(a).ID
		}
		out[i].Text = fmt.Sprintf("%s (%d options)", name, n[i])
	}
	return out
}

// actionGroups sorts the legal actions by model (the active one first),
// then by action; on a board, the destinations of moves become dots.
func actionGroups(st *engine.State, legal []engine.Action, onBoard bool) ([]ui.ModelActions, []ui.Dest) {
	var groups []ui.ModelActions
	var dests []ui.Dest
	byModel := map[int]int{}
	for _, a := range legal {
		gi, ok := byModel[a.Actor]
		if !ok {
			mg := ui.ModelActions{Active: a.Actor != engine.NoModel && a.Actor == st.Turn.Model}
			if a.Actor >= 0 && a.Actor < len(st.Models) {
				mg.Model, mg.ID = modelName(st, a.Actor), st.Static(a.Actor).ID
			}
			groups = append(groups, mg)
			gi = len(groups) - 1
			byModel[a.Actor] = gi
		}
		mg := &groups[gi]
		j := actionOf(st, a)
		key := fmt.Sprintf("m%d-%s", a.Actor, a.ID)
		ai := slices.IndexFunc(mg.Actions, func(g ui.ActionGroup) bool { return g.Key == key })
		if ai < 0 {
			name := j.Name
			if name == a.ID { // the engine's own: activate, end, pass
				name = strings.ToUpper(name[:1]) + name[1:]
			}
			mg.Actions = append(mg.Actions, ui.ActionGroup{Name: name, Type: costText(st, a), Key: key, Moves: onBoard && a.HasPos})
			ai = len(mg.Actions) - 1
		}
		ag := &mg.Actions[ai]
		text := capital(j.Text) // "End activation warden-a", as the other buttons read
		v := ui.Variant{Action: j.Action, Text: text, Short: text}
		if a.HasPos {
			// hundredths, as the destinations are (a float32's shortest form)
			v.Short = "to " + strconv.FormatFloat(float64(a.X), 'f', -1, 32) + ", " + strconv.FormatFloat(float64(a.Y), 'f', -1, 32)
			if onBoard {
				d := ui.Dest{Group: ag.Key, Action: j.Action, Text: ag.Name + " " + modelName(st, a.Actor) + " " + v.Short, X: float64(a.X), Y: float64(a.Y)}
				if a.Actor >= 0 && a.Actor < len(st.Models) {
					p := st.Models[a.Actor].Pos
					d.Level, d.FromX, d.FromY = int(p.Level), float64(p.X), float64(p.Y)
				}
				dests = append(dests, d)
			}
		}
		ag.Moves = ag.Moves && a.HasPos
		ag.Variants = append(ag.Variants, v)
	}
	slices.SortStableFunc(groups, func(a, b ui.ModelActions) int {
		switch {
		case a.Active && !b.Active:
			return -1
		case b.Active && !a.Active:
			return 1
		}
		return 0
	})
	return groups, dests
}

// costText is an action's type now and what it costs, for the menu:
// "double · 2 actions" where activations have a slot budget (both
// Necromundas), "1 fatigue" where actions are paid for (Fallout: Factions),
// the type alone otherwise; a free follow-up costs nothing, and the
// engine's own actions (activate, end, pass) have none.
func costText(st *engine.State, a engine.Action) string {
	in := st.Info()
	i := in.Action(a.ID)
	if i < 0 || i >= len(in.Actions) {
		return ""
	}
	if slices.Contains(st.Turn.Forced, int16(i)) {
		return "free follow-up"
	}
	if in.Actions[i].Opening {
		return "not an action"
	}
	typ := engine.ActionType(st, a)
	cost, ok := in.Economy.Cost[typ]
	switch {
	case !ok || typ == "":
		return typ
	case in.Economy.Pay != "":
		return fmt.Sprintf("%s · %d %s", typ, cost, in.Economy.Pay)
	case in.Economy.Slots > 0 && cost == 1:
		return typ + " · 1 action"
	case in.Economy.Slots > 0:
		return fmt.Sprintf("%s · %d actions", typ, cost)
	}
	return typ
}

// gearRow is a weapon or piece of wargear as its card shows it: its stats
// in the game's notation (engine.Info.StatText), in the order a weapon's
// profile reads (gearOrder, then any other key by name), and its traits
// with their values.
func gearRow(in *engine.Info, g engine.Gear) ui.GearRow {
	r := ui.GearRow{Name: g.Name, Kind: g.Kind}
	keys := slices.SortedFunc(maps.Keys(g.Stats), func(a, b string) int {
		if c := cmp.Compare(gearPlace(a), gearPlace(b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for _, k := range keys {
		l, v := in.StatText(k, g.Stats[k])
		r.Stats = append(r.Stats, ui.Stat{Name: l, Value: v})
	}
	var ts []string
	for _, t := range g.Traits {
		if t.Value != 0 {
			ts = append(ts, fmt.Sprintf("%s %d", strings.ReplaceAll(t.Name, "-", " "), t.Value))
		} else {
			ts = append(ts, strings.ReplaceAll(t.Name, "-", " "))
		}
	}
	r.Traits = strings.Join(ts, ", ")
	return r
}

// gearOrder is the order of the gear stats the built-in rulesets use, as
// their weapons' profiles read: range first, then the roll's modifiers,
// then what a hit does.
var gearOrder = []string{"range", "sr", "lr", "acc-s", "acc-l", "S", "P", "E", "C", "I", "A", "L", "dice", "str", "str+", "ap", "d", "am", "l", "injury-dice", "injury-mod"}

func gearPlace(k string) int {
	if i := slices.Index(gearOrder, k); i >= 0 {
		return i
	}
	return len(gearOrder)
}

// sideCards are the models' cards, each side's active model first.
func sideCards(st *engine.State) []ui.SideCards {
	in := st.Info()
	var out []ui.SideCards
	for i, sd := range st.Setup().Sides {
		sc := ui.SideCards{Name: sd.Name, Index: i}
		var cs []string
		for c, d := range in.SideCounts {
			cs = append(cs, fmt.Sprintf("%s %d", strings.ReplaceAll(d.Name, "-", " "), st.Sides[i].Counters[c]))
		}
		sc.Counters = strings.Join(cs, " · ")
		for m := range st.Models {
			if st.SideOf(m) != i {
				continue
			}
			ms, md := st.Static(m), &st.Models[m]
			c := ui.Card{ID: ms.ID, Name: modelName(st, m), Type: ms.Type, Status: statusText(st, m),
				Active: st.Turn.Model == m, Activated: md.Acts > 0, Out: !md.InPlay}
			for k, stat := range in.Profile {
				if k < len(ms.Profile) {
					l, v := in.StatText(stat.Name, ms.Profile[k])
					c.Stats = append(c.Stats, ui.Stat{Name: l, Value: v})
				}
			}
			c.Keywords = strings.ReplaceAll(strings.Join(ms.Keywords, ", "), "-", " ")
			for _, g := range ms.Gear {
				c.Gear = append(c.Gear, gearRow(in, g))
			}
			for k, d := range in.Counters {
				if in.CounterShown(st, m, k) {
					c.Counters = append(c.Counters, ui.Stat{Name: strings.ReplaceAll(d.Name, "-", " "), Value: fmt.Sprint(md.Counters[k])})
				}
			}
			for k, cond := range in.Conditions {
				if md.Conds&(1<<k) != 0 {
					c.Conditions = append(c.Conditions, strings.ReplaceAll(cond, "-", " "))
				}
			}
			if c.Active {
				sc.Models = append([]ui.Card{c}, sc.Models...)
			} else {
				sc.Models = append(sc.Models, c)
			}
		}
		out = append(out, sc)
	}
	return out
}
