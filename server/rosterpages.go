package server

import (
	"net/http"
	"strconv"

	"github.com/skirmish-engine/skirmish/server/ui"
)

// The roster editor (issue 33): for players without a list builder. It
// builds a roster from what the ruleset's models may have (its profile's
// characteristics and bounds, model types, keywords) and the gear of the
// samples' armoury, and saves it through the API (POST and PUT
// /api/rosters), with the edit token from the link's fragment as a seat
// page takes its seat's: the page itself holds no secret.

// rosterNewPage is GET /rosters/new: an empty editor (?ruleset= picks the
// rules).
func (s *Server) rosterNewPage(w http.ResponseWriter, r *http.Request) {
	d, err := s.editor("", r.URL.Query().Get("ruleset"))
	if err != nil {
		s.page(w, http.StatusInternalServerError, "gone", nil)
		return
	}
	s.page(w, http.StatusOK, "roster", d)
}

// rosterPage is GET /rosters/{id}: the editor on a saved roster (edit
// token after #), or read only without it.
func (s *Server) rosterPage(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rec, err := s.savedRecord(r.Context(), "", id)
	if err != nil {
		http.Error(w, "no such roster", http.StatusNotFound)
		return
	}
	d, err := s.editor(rec.ID, rec.Ruleset)
	if err != nil {
		s.page(w, http.StatusInternalServerError, "gone", nil)
		return
	}
	s.page(w, http.StatusOK, "roster", d)
}

// editor is the editor page's data.
func (s *Server) editor(id, ruleset string) (*ui.Editor, error) {
	d := &ui.Editor{ID: id, Ruleset: ruleset, Specs: map[string]ui.EditorSpec{}}
	for _, rid := range s.cfg.Rulesets.IDs() {
		rs, _ := s.cfg.Rulesets.Lookup(rid)
		in := rs.Info()
		d.Rulesets = append(d.Rulesets, ui.Ruleset{ID: in.ID, Name: in.Name})
		arm, err := s.armoury(rid)
		if err != nil {
			return nil, err
		}
		sp := ui.EditorSpec{Types: in.Roster.Types, Keywords: in.Roster.Keywords, Gear: []ui.EditorGear{}, Notation: map[string]map[int]string{},
			Model: ui.EditorModel{Profile: map[string]int{}}}
		if sp.Types == nil {
			sp.Types = []string{}
		}
		if sp.Keywords == nil {
			sp.Keywords = map[string][]string{}
		}
		for _, st := range in.Profile {
			sp.Profile = append(sp.Profile, ui.EditorStat{Name: st.Name, Min: st.Min, Max: st.Max})
			for v := st.Min; v <= st.Max; v++ {
				if l, t := in.StatText(st.Name, v); t != strconv.Itoa(v) || l != st.Name {
					if sp.Notation[st.Name] == nil {
						sp.Notation[st.Name] = map[int]string{}
					}
					sp.Notation[st.Name][v] = t
				}
			}
		}
		for _, g := range arm.Gear {
			sp.Gear = append(sp.Gear, ui.EditorGear{Name: g.Name, Kind: g.Kind, Stats: g.Stats, Traits: g.Traits})
		}
		if m, ok := s.sampleModel(rid); ok {
			sp.Model = ui.EditorModel{Type: m.Type, Base: m.Base, Profile: m.Profile}
		}
		if sp.Model.Type == "" && len(sp.Types) > 0 {
			sp.Model.Type = sp.Types[0]
		}
		d.Specs[rid] = sp
	}
	if d.Ruleset == "" || d.Specs[d.Ruleset].Profile == nil {
		d.Ruleset = d.Rulesets[0].ID
	}
	return d, nil
}
