package server

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/skirmish-engine/skirmish/scenario"
	"github.com/skirmish-engine/skirmish/server/ui"
)

// The campaign pages (issue 37): a campaign's standings and games, a
// side's results of a game shown as changes before they are applied, and
// a roster's history. They are read by anyone with the link; what needs a
// token (a new game, applying, taking back) is the script's, with the
// token from the link's fragment or kept on the phone, as the roster
// editor does.

// campaignNewPage is GET /campaigns/new: the form that makes a campaign.
func (s *Server) campaignNewPage(w http.ResponseWriter, r *http.Request) {
	d := &ui.NewCampaign{}
	for _, id := range s.cfg.Rulesets.IDs() {
		rs, _ := s.cfg.Rulesets.Lookup(id)
		d.Rulesets = append(d.Rulesets, ui.Ruleset{ID: id, Name: rs.Info().Name})
	}
	s.page(w, http.StatusOK, "campaign-new", d)
}

// campaignPage is GET /campaigns/{id}.
func (s *Server) campaignPage(w http.ResponseWriter, r *http.Request) {
	rec, _, err := s.campaignRecord(r.Context(), r.PathValue("id"))
	if err != nil {
		s.pageError(w, err)
		return
	}
	c, err := s.campaignOut(r, rec)
	if err != nil {
		s.pageError(w, err)
		return
	}
	d := &ui.Campaign{ID: c.ID, Name: c.Name, Ruleset: c.Ruleset, RulesetName: c.Ruleset}
	if rs, err := s.cfg.Rulesets.Lookup(c.Ruleset); err == nil {
		d.RulesetName = rs.Info().Name
	}
	names := map[string]string{}
	for _, ro := range c.Rosters {
		names[ro.ID] = ro.Name
		d.Rosters = append(d.Rosters, ui.CampaignRoster{ID: ro.ID, Name: ro.Name, Played: ro.Played, Won: ro.Won, Lost: ro.Lost, Drawn: ro.Drawn})
	}
	for i, g := range c.Games {
		cg := ui.CampaignGame{N: i + 1, ID: g.ID, Watch: g.Over}
		switch {
		case g.Gone:
			cg.Status = "gone (the server deletes idle games)"
		case !g.Over:
			cg.Status = "in play"
		case g.Winner < 0:
			cg.Status = "a draw"
		case g.Winner < len(g.Rosters):
			cg.Status = names[g.Rosters[g.Winner]] + " won"
		}
		for side, id := range g.Rosters {
			cg.Sides = append(cg.Sides, ui.CampaignSide{Side: side, Roster: names[id], Applied: g.Applied[side],
				Results: fmt.Sprintf("/campaigns/%s/games/%s/results?side=%d", c.ID, g.ID, side)})
		}
		d.Games = append(d.Games, cg)
	}
	s.page(w, http.StatusOK, "campaign", d)
}

// pageError is an API error as a page: the status, and the message.
func (s *Server) pageError(w http.ResponseWriter, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = internal(err)
	}
	s.page(w, ae.Status, "problem", &ui.Problem{Message: ae.Message})
}

// resultsPage is GET /campaigns/{id}/games/{game}/results?side=N: the
// side's results as the changes they make to its roster, and the button
// that applies them (the script's, with the roster's edit token).
func (s *Server) resultsPage(w http.ResponseWriter, r *http.Request) {
	rec, cg, side, err := s.campaignSide(r, r.URL.Query().Get("side"))
	if err != nil {
		s.pageError(w, err)
		return
	}
	d := &ui.Results{Campaign: rec.ID, CampaignName: rec.Name, Game: cg.ID, Side: side, Roster: cg.Rosters[side]}
	rr, ro, g, e, err := s.plan(r, rec, cg, side)
	if err != nil {
		var ae *apiError
		if !errors.As(err, &ae) {
			ae = internal(err)
		}
		d.Error = ae.Message
		s.page(w, ae.Status, "results", d)
		return
	}
	d.RosterName, d.Version = rr.Name, rr.Version
	if e == nil {
		e = appliedEntry(ro, cg.ID, side, g.Digest)
		d.Applied, d.At = true, when(e.At)
	}
	d.Outcome, d.Changes, d.Left = e.Outcome, changesText(e.Changes), e.Left
	s.page(w, http.StatusOK, "results", d)
}

// changesText puts changes into words: "breaker-a: M 5 → 4".
func changesText(cs []scenario.Change) []ui.Change {
	var out []ui.Change
	for _, c := range cs {
		who := c.Model
		if who == "" {
			who = "the roster"
		}
		field, _ := strings.CutPrefix(c.Field, "profile.")
		var what string
		switch {
		case c.Add != "":
			what = fmt.Sprintf("%s: %s + %s", who, field, c.Add)
		case c.Field == "out" && c.To == "":
			what = fmt.Sprintf("%s: back from %s", who, c.From)
		case c.Field == "out":
			what = fmt.Sprintf("%s: out (%s)", who, c.To)
		default:
			what = fmt.Sprintf("%s: %s %s → %s", who, field, c.From, c.To)
		}
		out = append(out, ui.Change{What: what, Why: c.Why})
	}
	return out
}

// historyPage is GET /rosters/{id}/history: the games applied to a
// roster, and the buttons that take one back (the script's, with the
// roster's edit token).
func (s *Server) historyPage(w http.ResponseWriter, r *http.Request) {
	rr, ro, err := s.campaignRoster(r.Context(), "", r.PathValue("id"))
	if err != nil {
		s.pageError(w, err)
		return
	}
	d := &ui.History{ID: rr.ID, Name: rr.Name, Version: rr.Version}
	if ro.Campaign != nil {
		for i, e := range ro.Campaign.History {
			d.Entries = append(d.Entries, ui.HistoryEntry{N: i, Game: e.Game, Outcome: e.Outcome, At: when(e.At), Reverted: when(e.Reverted),
				Changes: changesText(e.Changes), Left: e.Left})
		}
	}
	s.page(w, http.StatusOK, "history", d)
}

// when writes a history's RFC 3339 time for people: "6 Dec 2026 03:11 UTC".
func when(at string) string {
	t, err := time.Parse(time.RFC3339, at)
	if err != nil {
		return at
	}
	return t.UTC().Format("2 Jan 2006 15:04 UTC")
}
