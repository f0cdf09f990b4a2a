package trenchcrusade

import "github.com/skirmish-engine/skirmish/engine"

// Report is the post-battle report: each model out of action at the end.
// The seed has no post-game injury rules (rules.md §7, "After-game
// injury": campaign rules, not in the seeds), so the report rolls nothing
// and a campaign's injuries are the players' to roll.
func (r *Rules) Report(s *engine.State) []string {
	var out []string
	for _, res := range r.Results(s) {
		out = append(out, res.Text)
	}
	return out
}

// Results are the report's lines for programs (engine.Resulter): one
// ResultOutOfAction for each model out of action at the end; nil before
// the game ends.
func (r *Rules) Results(s *engine.State) []engine.Result {
	if !s.Over {
		return nil
	}
	var out []engine.Result
	for m := range s.Models {
		if s.Models[m].InPlay {
			continue
		}
		id := s.Static(m).ID
		out = append(out, engine.Result{Side: s.SideOf(m), Model: id, Kind: engine.ResultOutOfAction, Text: id + ": out of action (no post-game injury roll: the campaign's rules decide)"})
	}
	return out
}
