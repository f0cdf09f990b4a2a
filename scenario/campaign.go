package scenario

import (
	"fmt"
	"slices"
	"strings"
)

// Record is what a model of a roster carries from game to game in a
// campaign (issue 37; docs/campaigns.md): its experience, its lasting
// injuries by their table entries, and why it misses games, if it does.
// A model with Out set is left out when the roster takes the field
// (Scenario.UseRoster).
type Record struct {
	XP       int      `yaml:"xp,omitempty" json:"xp,omitempty"`
	Injuries []string `yaml:"injuries,omitempty" json:"injuries,omitempty"`
	Out      string   `yaml:"out,omitempty" json:"out,omitempty"` // one of Outs
}

// Outs are the reasons a model misses games: dead (for good), captured
// (held by another gang until the players free it), recovery (misses the
// next game), critical (a critical injury: dies unless treated, which the
// players decide) and repair (a vehicle unusable until repaired).
var Outs = []string{"dead", "captured", "recovery", "critical", "repair"}

// Campaign is what a roster carries from game to game as a whole: its
// crew's experience, caps and parts (Fallout: Factions), what it keeps in
// its stash, and its history, one entry per game applied to it.
type Campaign struct {
	XP      int      `yaml:"xp,omitempty" json:"xp,omitempty"`
	Caps    int      `yaml:"caps,omitempty" json:"caps,omitempty"`
	Parts   int      `yaml:"parts,omitempty" json:"parts,omitempty"`
	Stash   []string `yaml:"stash,omitempty" json:"stash,omitempty"`
	History []Entry  `yaml:"history,omitempty" json:"history,omitempty"`
}

// Entry is one game's results applied to a roster: which game, the
// side the roster played, how it ended for it, every change made, and
// what the results left to the players.
type Entry struct {
	Game    string   `yaml:"game" json:"game"`     // the server's game ID, or the save file's name
	Digest  string   `yaml:"digest" json:"digest"` // the game's final-state digest: a game applies once
	Side    int      `yaml:"side" json:"side"`
	At      string   `yaml:"at,omitempty" json:"at,omitempty"` // when it was applied (RFC 3339)
	Outcome string   `yaml:"outcome" json:"outcome"`           // win, loss or draw
	Changes []Change `yaml:"changes,omitempty" json:"changes,omitempty"`
	Left    []string `yaml:"left,omitempty" json:"left,omitempty"`
	// Reverted says when the entry's changes were taken back (RFC 3339).
	Reverted string `yaml:"reverted,omitempty" json:"reverted,omitempty"`
}

// Change is one change an entry made: Field of Model (of the roster
// itself when Model is empty) went From To, or, for a list (injuries,
// stash), had Add appended. Why is the result's line from the game's
// report.
type Change struct {
	Model string `yaml:"model,omitempty" json:"model,omitempty"`
	Field string `yaml:"field" json:"field"` // xp, caps, parts, stash, injuries, out, profile.<stat>
	From  string `yaml:"from,omitempty" json:"from,omitempty"`
	To    string `yaml:"to,omitempty" json:"to,omitempty"`
	Add   string `yaml:"add,omitempty" json:"add,omitempty"`
	Why   string `yaml:"why" json:"why"`
}

// Outcomes are an Entry's outcomes.
var Outcomes = []string{"win", "loss", "draw"}

// checkCampaign checks a roster's campaign fields: errors name the field.
func (r *Roster) checkCampaign() error {
	for i, m := range r.Models {
		if m.Record == nil {
			continue
		}
		if m.Record.Out != "" && !slices.Contains(Outs, m.Record.Out) {
			return &Error{Path: fmt.Sprintf("models[%d].record.out", i), Problem: fmt.Sprintf("%q is not a reason to miss games: %s, or none", m.Record.Out, strings.Join(Outs, ", "))}
		}
		if m.Record.XP < 0 {
			return &Error{Path: fmt.Sprintf("models[%d].record.xp", i), Problem: fmt.Sprintf("%d: experience is never below 0", m.Record.XP)}
		}
	}
	c := r.Campaign
	if c == nil {
		return nil
	}
	for name, v := range map[string]int{"xp": c.XP, "caps": c.Caps, "parts": c.Parts} {
		if v < 0 {
			return &Error{Path: "campaign." + name, Problem: fmt.Sprintf("%d: never below 0", v)}
		}
	}
	for i, e := range c.History {
		if !slices.Contains(Outcomes, e.Outcome) {
			return &Error{Path: fmt.Sprintf("campaign.history[%d].outcome", i), Problem: fmt.Sprintf("%q: win, loss or draw", e.Outcome)}
		}
		for k, ch := range e.Changes {
			if ch.Field == "" {
				return &Error{Path: fmt.Sprintf("campaign.history[%d].changes[%d].field", i, k), Problem: "a change names its field"}
			}
		}
	}
	return nil
}

// Fit are the roster's models that take the field: those with no reason
// to miss games.
func (r *Roster) Fit() []Model {
	fit, _ := r.fit()
	return fit
}

// fit is Fit, and each fit model's index in r.Models when some are left
// out (nil when none is).
func (r *Roster) fit() ([]Model, []int) {
	out := make([]Model, 0, len(r.Models))
	var idx []int
	for i, m := range r.Models {
		if m.Record != nil && m.Record.Out != "" {
			if idx == nil {
				idx = make([]int, 0, len(r.Models))
				for k := range i {
					idx = append(idx, k)
				}
			}
			continue
		}
		out = append(out, m)
		if idx != nil {
			idx = append(idx, i)
		}
	}
	return out, idx
}
