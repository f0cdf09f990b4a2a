package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
)

// Log is a game's history and its source of truth: every action in order,
// with every answer it was given and every event it caused. Entry 0 is the
// start of the game. Undone entries stay in the log, marked, followed by an
// "undo" entry.
type Log struct {
	Entries []Entry
	answers []Answer // arenas the entries' slices point into
	events  []Event
}

// Entry is one action and what it took and did.
type Entry struct {
	Action  Action   `json:"action"`
	Side    int      `json:"side"` // the side that decided it; NoModel for start and undo
	Answers []Answer `json:"answers,omitempty"`
	Events  []Event  `json:"events,omitempty"`
	Undone  bool     `json:"undone,omitempty"`
}

// undoAction marks an undo in the log; its Option is the entry undone.
const undoID = "undo"

func (l *Log) add(a Action, side int, answers []Answer, events []Event) {
	a0, e0 := len(l.answers), len(l.events)
	l.answers = append(l.answers, answers...)
	l.events = append(l.events, events...)
	l.Entries = append(l.Entries, Entry{
		Action: a, Side: side,
		Answers: l.answers[a0:len(l.answers):len(l.answers)],
		Events:  l.events[e0:len(l.events):len(l.events)],
	})
}

// Log returns the game's log. Callers must not modify it.
func (g *Game) Log() *Log { return &g.log }

// ErrNothingToUndo is returned by Undo at the start of a game.
var ErrNothingToUndo = errors.New("engine: nothing to undo")

// UndoError reports an undo refused by the strict option.
type UndoError struct {
	Entry  int
	Action Action
}

func (e *UndoError) Error() string {
	return fmt.Sprintf("engine: undo refused: entry %d (%s) rolled dice, and the game is strict", e.Entry, e.Action)
}

// Undo reverts the last action. With a prompt pending it cancels the
// action in flight instead. The undone entry stays in the log, marked. A
// strict game refuses to undo an action whose dice were rolled.
func (g *Game) Undo() error {
	if g.pending != nil {
		g.pending, g.fly.active = nil, false
		g.rewind()
		return nil
	}
	k := len(g.log.Entries) - 1
	for ; k > 0; k-- {
		if e := &g.log.Entries[k]; !e.Undone && e.Action.ID != undoID {
			break
		}
	}
	if k <= 0 {
		return ErrNothingToUndo
	}
	e := &g.log.Entries[k]
	if g.cfg.Strict && slices.ContainsFunc(e.Answers, func(a Answer) bool { return a.Kind == DiceQ }) {
		return &UndoError{Entry: k, Action: e.Action}
	}
	s, err := g.rebuildWithout(k)
	if err != nil {
		return err
	}
	e.Undone = true
	g.log.add(Action{ID: undoID, Actor: NoModel, Target: NoModel, Option: k}, NoModel, nil, nil)
	g.live, g.listOK = s, false
	return nil
}

// Rebuild replays the log (without the undone entries) from the start and
// returns the state it gives, which must equal the live state.
func (g *Game) Rebuild() (*State, error) { return g.rebuildWithout(-1) }

func (g *Game) rebuildWithout(skip int) (*State, error) {
	s, err := g.initial()
	if err != nil {
		return nil, err
	}
	var r run
	r.list = newLister(g)
	for i := range g.log.Entries {
		e := &g.log.Entries[i]
		if e.Undone || i == skip || e.Action.ID == undoID {
			continue
		}
		r.reset(g, replaying, e.Answers)
		if q, err := g.resolveOn(s, e.Action, &r); err != nil || q != nil {
			return nil, entryError(i, e.Action, q, err)
		}
	}
	return s, nil
}

func entryError(i int, a Action, q *Question, err error) error {
	var d *DriftError
	switch {
	case errors.As(err, &d):
		d.Entry = i
		return d
	case err != nil:
		return fmt.Errorf("engine: entry %d (%s): %w", i, a, err)
	}
	return &DriftError{Entry: i, Action: a, Err: fmt.Errorf("the rules now ask %s %q, which the log does not answer", q.Kind, q.Key)}
}

// SaveFormat names the save file format.
const SaveFormat = "skirmish-save/1"

// Save is a game as one JSON document: enough to rebuild it exactly.
type Save struct {
	Format   string            `json:"format"`
	Ruleset  string            `json:"ruleset"`
	Version  string            `json:"version"`
	Seed     uint64            `json:"seed"`
	Dice     DiceMode          `json:"dice"`
	Mode     string            `json:"mode"`
	Strict   bool              `json:"strict,omitempty"`
	Options  map[string]string `json:"options"`
	Scenario json.RawMessage   `json:"scenario"`
	Entries  []Entry           `json:"entries"`
	// Bots is the state of the bots' RNG, so that bots go on choosing as
	// they would have; the dice RNG is rebuilt from the seed.
	Bots []byte `json:"bots,omitempty"`
}

// Save writes the game as JSON. A prompt's action in flight is not saved.
func (g *Game) Save(w io.Writer) error {
	sv := Save{Format: SaveFormat, Ruleset: g.info.ID, Version: g.info.Version, Seed: g.cfg.Seed,
		Dice: g.cfg.Dice, Mode: g.setup.Mode, Strict: g.cfg.Strict, Options: g.setup.Options, Scenario: g.setup.Scenario, Entries: g.log.Entries}
	if sv.Scenario == nil {
		sv.Scenario = json.RawMessage("null")
	}
	var err error
	if sv.Bots, err = g.bots.MarshalBinary(); err != nil {
		return fmt.Errorf("engine: save: %w", err)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(sv)
}

// ReadSave decodes a save file, checking its shape; Load replays it.
func ReadSave(r io.Reader) (*Save, error) {
	dec := json.NewDecoder(io.LimitReader(r, 64<<20))
	dec.DisallowUnknownFields()
	var sv Save
	if err := dec.Decode(&sv); err != nil {
		return nil, fmt.Errorf("engine: read save: %w", err)
	}
	switch {
	case sv.Format != SaveFormat:
		return nil, &FieldError{Path: "format", Problem: fmt.Sprintf("%q is not a save format this version reads; want %q", sv.Format, SaveFormat)}
	case sv.Ruleset == "":
		return nil, &FieldError{Path: "ruleset", Problem: "missing"}
	case len(sv.Entries) == 0 || sv.Entries[0].Action != startAction:
		return nil, &FieldError{Path: "entries[0]", Problem: "a game's log starts with its start entry"}
	}
	return &sv, nil
}

// Load rebuilds a saved game: the ruleset and setup (decoded from
// sv.Scenario by the caller), then every entry replayed with its answers.
// Replay checks every action against the legal list of its time, every
// answer against the question the rules ask now, and every digitally rolled
// die against the seed, so a tampered or drifted log is an error naming the
// entry. players are the bots, as for New.
func Load(rs Ruleset, su *Setup, sv *Save, players []Policy) (*Game, error) {
	in := rs.Info()
	switch {
	case sv.Ruleset != in.ID:
		return nil, &FieldError{Path: "ruleset", Problem: fmt.Sprintf("the save is for %q, not %q", sv.Ruleset, in.ID)}
	case sv.Version != in.Version:
		return nil, &FieldError{Path: "version", Problem: fmt.Sprintf("saved with %s version %q; this is version %q", in.ID, sv.Version, in.Version)}
	}
	su.Options = sv.Options
	g, err := New(rs, su, Config{Seed: sv.Seed, Dice: sv.Dice, Players: players, Strict: sv.Strict})
	if err != nil {
		return nil, err
	}
	if err := g.replay(sv.Entries); err != nil {
		return nil, err
	}
	if len(sv.Bots) > 0 {
		if err := g.bots.UnmarshalBinary(sv.Bots); err != nil {
			return nil, &FieldError{Path: "bots", Problem: err.Error()}
		}
	}
	return g, nil
}

// replay re-runs entries on a game fresh from New, verifying each.
func (g *Game) replay(entries []Entry) error {
	// The fresh game ran its own start; verify the saved one gave the same.
	g.log = Log{}
	s, err := g.initial()
	if err != nil {
		return err
	}
	verifier := dice.NewRNG(g.cfg.Seed)
	type frame struct {
		state *State
		entry int
	}
	var stack []frame // states before each applied entry, for undo
	var r run
	r.list = newLister(g)
	for i, e := range entries {
		if e.Action.ID == undoID {
			k := e.Action.Option
			if len(stack) == 0 || stack[len(stack)-1].entry != k {
				return &FieldError{Path: fmt.Sprintf("entries[%d]", i), Problem: fmt.Sprintf("undoes entry %d, which is not the last applied action", k)}
			}
			s = stack[len(stack)-1].state
			stack = stack[:len(stack)-1]
			g.log.Entries[k].Undone = true
			g.log.add(e.Action, NoModel, nil, nil)
			continue
		}
		if i > 0 {
			if s.Over {
				return &FieldError{Path: fmt.Sprintf("entries[%d].action", i), Problem: "the game was over by then"}
			}
			r.list.legal(s)
			if !slices.Contains(r.list.out, e.Action) {
				return &FieldError{Path: fmt.Sprintf("entries[%d].action", i), Problem: fmt.Sprintf("%s was not legal then", e.Action)}
			}
		} else if e.Action != startAction {
			return &FieldError{Path: "entries[0].action", Problem: "a game's log starts with its start entry"}
		}
		before := s.Clone()
		r.reset(g, replaying, e.Answers)
		r.check = func(c *Ctx, q *Question, a Answer) { g.checkDice(verifier, i, c, q, a) }
		q, err := g.resolveOn(s, e.Action, &r)
		if err != nil || q != nil {
			return entryError(i, e.Action, q, err)
		}
		g.log.add(e.Action, e.Side, e.Answers, r.events)
		if i > 0 {
			stack = append(stack, frame{before, i})
		}
	}
	g.live, g.work, g.listOK = s, nil, false
	g.pending, g.fly = nil, inflight{} // New may have stopped at a question the log answers
	g.rng = verifier                   // continue the dice stream where the log left it
	return nil
}

// checkDice verifies a logged dice answer during replay: typed faces must
// fit the procedure and give the logged outcome; digitally rolled faces must
// also be the ones the seed gives; sampled outcomes must be the seed's.
func (g *Game) checkDice(verifier *dice.RNG, entry int, c *Ctx, q *Question, a Answer) {
	path := fmt.Sprintf("entries[%d].answers[%d]", entry, c.r.pos-1)
	nf := len(q.Proc.Flags())
	switch {
	case a.Typed:
		faces := make([]string, len(a.Faces))
		for i, f := range a.Faces {
			faces[i] = "#" + strconv.Itoa(f) // a face number, never a symbol
		}
		res, err := dice.Read(q.Proc, faces)
		if err != nil {
			panic(drift{fmt.Errorf("%s.faces: %v", path, err)})
		}
		if code := dice.Code(res.Outcome, res.Flags, nf); code != a.Code {
			panic(drift{fmt.Errorf("%s.code: the faces give %d, the log says %d", path, code, a.Code)})
		}
	case g.cfg.Dice == SampledDice:
		if code := q.Proc.Odds().Sample(verifier); code != a.Code {
			panic(drift{fmt.Errorf("%s.code: the seed gives %d, the log says %d", path, code, a.Code)})
		}
	default:
		res, err := dice.Sample(q.Proc, verifier)
		if err != nil {
			panic(drift{fmt.Errorf("%s: %v", path, err)})
		}
		want := make([]int, len(res.Dice))
		for i, d := range res.Dice {
			want[i] = d.Face
		}
		if !slices.Equal(want, a.Faces) {
			panic(drift{fmt.Errorf("%s.faces: %s differ from the seeded dice %s", path, ints(a.Faces), ints(want))})
		}
		if code := dice.Code(res.Outcome, res.Flags, nf); code != a.Code {
			panic(drift{fmt.Errorf("%s.code: the faces give %d, the log says %d", path, code, a.Code)})
		}
	}
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}

// Annotated is a log entry with the questions its answers answered, for
// showing a game to people.
type Annotated struct {
	Index     int
	Entry     *Entry
	Questions []Question // one per answer, in order
	Round     int        // the round and phase it was taken in
	Phase     string
}

// Annotate replays the log and returns every entry with its questions. The
// game is unchanged.
func (g *Game) Annotate() ([]Annotated, error) {
	s, err := g.initial()
	if err != nil {
		return nil, err
	}
	var r run
	r.list = newLister(g)
	var out []Annotated
	var stack []*State // the state before each applied entry, for undo
	for i := range g.log.Entries {
		e := &g.log.Entries[i]
		an := Annotated{Index: i, Entry: e, Round: s.Round, Phase: s.info.Phases[s.Phase].ID}
		if e.Action.ID == undoID {
			if len(stack) > 0 {
				s, stack = stack[len(stack)-1], stack[:len(stack)-1]
			}
			out = append(out, an)
			continue
		}
		before := s.Clone()
		r.reset(g, replaying, e.Answers)
		r.observe = func(q *Question, a Answer) { an.Questions = append(an.Questions, *q) }
		if q, err := g.resolveOn(s, e.Action, &r); err != nil || q != nil {
			return nil, entryError(i, e.Action, q, err)
		}
		out = append(out, an)
		if i > 0 {
			stack = append(stack, before)
		}
	}
	return out, nil
}
