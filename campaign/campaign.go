// Package campaign carries a warband from game to game (issue 37): it
// works out what a finished game's results (engine.Result) do to the
// roster of a side that played it, as a list of changes shown before
// anything is applied (Plan); applies them, each game once, as an entry
// in the roster's history (Apply); and takes an entry back (Revert).
//
// The roster's campaign fields are scenario.Record (a model's experience,
// lasting injuries and why it misses games) and scenario.Campaign (a
// crew's experience, caps, parts, stash and history), kept in the
// roster's own YAML so that a roster and its history travel as one file.
// What each ruleset's results change, and what they leave to the players,
// is in effects.go and docs/campaigns.md.
package campaign

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/scenario"
)

// Game is what a roster needs of a finished game: which one, the side the
// roster played, its models there, how it ended and its results.
type Game struct {
	Ref     string // the server's game ID, or the save file's name
	Digest  string // its final-state digest (engine.Game.StateDigest)
	Ruleset *engine.Info
	Side    int
	Models  []string // the side's model IDs in the game, in order
	Winner  int      // the winning side, or -1 for a draw
	Results []engine.Result
}

// FromGame takes what a roster needs from a finished game, for the roster
// of side side; ref names the game in the roster's history.
func FromGame(g *engine.Game, side int, ref string) (*Game, error) {
	s := g.State()
	switch {
	case !g.Over():
		return nil, errors.New("campaign: the game is not over: its results come at its end")
	case side < 0 || side >= len(s.Sides):
		return nil, fmt.Errorf("campaign: side %d: the game has sides 0 to %d", side, len(s.Sides)-1)
	}
	d, err := g.StateDigest()
	if err != nil {
		return nil, err
	}
	out := &Game{Ref: ref, Digest: d, Ruleset: g.Info(), Side: side, Winner: s.Winner}
	for m := range s.Models {
		if s.SideOf(m) == side {
			out.Models = append(out.Models, s.Static(m).ID)
		}
	}
	if r, ok := g.Ruleset().(engine.Resulter); ok {
		out.Results = r.Results(s)
	}
	return out, nil
}

// Error is a roster or game that a campaign step refuses: Field names
// what is wrong ("models", "campaign.history[2]", "side").
type Error struct {
	Field   string
	Problem string
}

func (e *Error) Error() string { return "campaign: " + e.Field + ": " + e.Problem }

// Plan works out what game g's results do to roster r, the roster of the
// side g names: the entry Apply would add, its changes each with the
// report line it comes from, and what the results leave to the players.
// r is not changed. The game must be one r's side played (its models are
// r's, renamed as a game renames a model whose ID the other side took)
// and not applied to r already.
func Plan(r *scenario.Roster, g *Game) (*scenario.Entry, error) {
	if i := applied(r, g.Digest); i >= 0 {
		return nil, &Error{Field: fmt.Sprintf("campaign.history[%d]", i), Problem: fmt.Sprintf("game %s was applied to this roster already", r.Campaign.History[i].Game)}
	}
	ids, err := match(r, g.Models)
	if err != nil {
		return nil, err
	}
	e := &scenario.Entry{Game: g.Ref, Digest: g.Digest, Side: g.Side, Outcome: outcome(g)}
	p := &planner{r: r, g: g, e: e, ids: ids, set: map[string]string{}}
	for _, res := range g.Results {
		if res.Side != g.Side && res.Kind != engine.ResultNote {
			p.theirs(res)
			continue
		}
		p.result(res)
	}
	p.recovered()
	return e, nil
}

// applied is the index of the entry of r's history that applied the game
// of digest d and stands, or -1.
func applied(r *scenario.Roster, d string) int {
	if r.Campaign == nil {
		return -1
	}
	for i, e := range r.Campaign.History {
		if e.Digest == d && e.Reverted == "" {
			return i
		}
	}
	return -1
}

func outcome(g *Game) string {
	switch g.Winner {
	case g.Side:
		return "win"
	case -1:
		return "draw"
	}
	return "loss"
}

// match maps the game's model IDs of the side to r's models: the same ID,
// or the ID with the "-2" (-3 …) a game adds when the other side has a
// model of that ID. Every model of the side must be one of r's.
func match(r *scenario.Roster, models []string) (map[string]string, error) {
	ids := map[string]string{}
	used := map[string]bool{}
	has := func(id string) bool {
		return slices.ContainsFunc(r.Models, func(m scenario.Model) bool { return m.ID == id })
	}
	for _, id := range models {
		rid := id
		if !has(rid) {
			if i := strings.LastIndexByte(id, '-'); i > 0 {
				if n, err := strconv.Atoi(id[i+1:]); err == nil && n >= 2 && has(id[:i]) {
					rid = id[:i]
				}
			}
		}
		if !has(rid) || used[rid] {
			return nil, &Error{Field: "models", Problem: fmt.Sprintf("the game's model %s is not one of this roster's: is it the roster that side played?", id)}
		}
		ids[id], used[rid] = rid, true
	}
	return ids, nil
}

// planner gathers an entry's changes.
type planner struct {
	r   *scenario.Roster
	g   *Game
	e   *scenario.Entry
	ids map[string]string // game model ID → roster model ID
	set map[string]string // "model field" → its value after the changes so far
}

// model is the roster model of ID id.
func (p *planner) model(id string) *scenario.Model {
	i := slices.IndexFunc(p.r.Models, func(m scenario.Model) bool { return m.ID == id })
	return &p.r.Models[i]
}

// value is the current value of a field, the changes planned so far
// included.
func (p *planner) value(model, field string) string {
	if v, ok := p.set[model+" "+field]; ok {
		return v
	}
	v, _ := get(p.r, model, field)
	return v
}

// change plans field of model (the roster's own when model is empty) to
// become to.
func (p *planner) change(model, field, to, why string) {
	from := p.value(model, field)
	if from == to {
		return
	}
	p.set[model+" "+field] = to
	p.e.Changes = append(p.e.Changes, scenario.Change{Model: model, Field: field, From: from, To: to, Why: why})
}

// add plans v appended to the list field of model.
func (p *planner) add(model, field, v, why string) {
	p.e.Changes = append(p.e.Changes, scenario.Change{Model: model, Field: field, Add: v, Why: why})
}

// left notes what the players are to do themselves.
func (p *planner) left(format string, a ...any) {
	p.e.Left = append(p.e.Left, fmt.Sprintf(format, a...))
}

// recovered brings back the models that were in recovery and sat this
// game out (docs/campaigns.md: recovery misses one game).
func (p *planner) recovered() {
	played := map[string]bool{}
	for _, id := range p.ids {
		played[id] = true
	}
	for _, m := range p.r.Models {
		if m.Record != nil && m.Record.Out == "recovery" && !played[m.ID] && p.value(m.ID, "out") == "recovery" {
			p.change(m.ID, "out", "", "back from recovery: it missed game "+p.g.Ref)
		}
	}
}

// Apply applies entry e, as Plan made it, to roster r and adds it to r's
// history, stamped at. All or nothing: a change whose From is not what r
// holds now (r changed since the plan), or a game applied already, is
// refused naming it, and r is left as it was.
func Apply(r *scenario.Roster, e *scenario.Entry, at time.Time) error {
	if i := applied(r, e.Digest); i >= 0 {
		return &Error{Field: fmt.Sprintf("campaign.history[%d]", i), Problem: fmt.Sprintf("game %s was applied to this roster already", r.Campaign.History[i].Game)}
	}
	c := clone(r)
	for k, ch := range e.Changes {
		if err := do(c, ch, false); err != nil {
			return &Error{Field: fmt.Sprintf("changes[%d]", k), Problem: err.Error() + ": the roster changed since the plan; plan again"}
		}
	}
	if c.Campaign == nil {
		c.Campaign = &scenario.Campaign{}
	}
	ee := *e
	ee.At, ee.Reverted = at.UTC().Format(time.RFC3339), ""
	c.Campaign.History = append(c.Campaign.History, ee)
	tidy(c)
	*r = *c
	return nil
}

// Revert takes back entry i of r's history: each change undone, latest
// first, and the entry marked reverted at at (kept, so that the history
// shows what happened). All or nothing: a change since made over (a
// field no longer holding what the entry set it to) is refused naming the
// entry and the field.
func Revert(r *scenario.Roster, i int, at time.Time) error {
	if r.Campaign == nil || i < 0 || i >= len(r.Campaign.History) {
		n := 0
		if r.Campaign != nil {
			n = len(r.Campaign.History)
		}
		return &Error{Field: "campaign.history", Problem: fmt.Sprintf("no entry %d; the history has %d", i, n)}
	}
	e := r.Campaign.History[i]
	if e.Reverted != "" {
		return &Error{Field: fmt.Sprintf("campaign.history[%d]", i), Problem: "reverted already, at " + e.Reverted}
	}
	c := clone(r)
	for k := len(e.Changes) - 1; k >= 0; k-- {
		if err := do(c, e.Changes[k], true); err != nil {
			return &Error{Field: fmt.Sprintf("campaign.history[%d].changes[%d]", i, k), Problem: err.Error() + ": the roster changed since (a later entry, or an edit): take that back first"}
		}
	}
	c.Campaign.History[i].Reverted = at.UTC().Format(time.RFC3339)
	tidy(c)
	*r = *c
	return nil
}
