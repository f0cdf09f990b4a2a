package engine

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
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
	// Then counts the answers and events at the end of Answers and Events
	// that came of what followed the action by itself (the end of the
	// model's activation, of a phase or a round, the next round's start
	// and its priority roll), not of the action: zero when nothing did.
	// Worked out by resolving the action; a loaded log's is recomputed.
	Then Then `json:"then,omitzero"`
	// Skip is how many values of the dice stream were drawn between the
	// previous entry and this one by actions that were cancelled or
	// refused after drawing (issue 34): their dice are never drawn again,
	// so an action taken again rolls new dice, and a replay moves the
	// stream on by Skip before this entry to roll what the game rolled.
	Skip uint64 `json:"skip,omitempty"`
}

// MaxSkip bounds the dice a save's entries may skip in all (Entry.Skip):
// far more than cancelled actions draw in the longest game, few enough to
// draw in some tens of milliseconds.
const MaxSkip = 1 << 24

// Then is how many of an entry's answers and events, at their end, came
// after its action was resolved.
type Then struct {
	Answers int `json:"answers"`
	Events  int `json:"events"`
}

// undoAction marks an undo in the log; its Option is the entry undone.
const undoID = "undo"

// concedeID marks a concession in the log; its Option is the side that
// gives up.
const concedeID = "concede"

func (l *Log) add(a Action, side int, answers []Answer, events []Event, then Then) {
	a0, e0 := len(l.answers), len(l.events)
	l.answers = append(l.answers, answers...)
	l.events = append(l.events, events...)
	l.Entries = append(l.Entries, Entry{
		Action: a, Side: side,
		Answers: l.answers[a0:len(l.answers):len(l.answers)],
		Events:  l.events[e0:len(l.events):len(l.events)],
		Then:    then,
	})
}

// drop takes the last entry back out of the log (Retract). The arrays are
// clipped, so that an entry a caller holds keeps its answers and events.
func (l *Log) drop() {
	n := len(l.Entries) - 1
	e := &l.Entries[n]
	l.answers = slices.Clip(l.answers[:len(l.answers)-len(e.Answers)])
	l.events = slices.Clip(l.events[:len(l.events)-len(e.Events)])
	l.Entries = slices.Clip(l.Entries[:n])
}

// Log returns the game's log. Callers must not modify it.
func (g *Game) Log() *Log { return &g.log }

// ErrNothingToUndo is returned by Undo at the start of a game.
var ErrNothingToUndo = errors.New("engine: nothing to undo")

// UndoError reports an undo refused by the strict option.
type UndoError struct {
	Entry  int
	Action Action
	Text   string // the action as people read it (ActionText)
}

func (e *UndoError) Error() string {
	a := e.Text
	if a == "" {
		a = e.Action.String()
	}
	return fmt.Sprintf("engine: undo refused: entry %d (%s) rolled dice, and the game is strict", e.Entry, a)
}

// Undo reverts the last action. With a prompt pending it cancels the
// action in flight instead. The undone entries stay in the log, marked,
// each followed by an "undo" entry. A strict game refuses to undo an
// action whose dice were rolled, changing nothing.
//
// The start (the opening rolls and choices, entry 0) is taken back only
// when a person answered some of its questions (typed dice, chose who goes
// first) and no person's action follows it: Undo then starts the game
// again from its setup, the log empty and both RNGs back at the seed, and
// asks the start's questions again (a digital game rolls the same dice;
// choices may go the other way). With the start waiting for its answers,
// Undo asks its questions again from the first. Before any answer there
// is nothing to undo.
//
// In a game where people play against bots, an undo is a person's: it
// goes back to the person's last own decision. It cancels an action in
// flight, and reverts back to and including the last action a person
// decided, with every bot action after it (a bot's action waiting for a
// person's answer is cancelled with them). The bots' RNG goes back to where
// it was before that action, so the bots draw the same numbers again; the
// dice RNG goes on, so undo never brings back dice already seen: an action
// cancelled while it waits, after its dice were drawn, gives them up, and
// taken again rolls new ones (the next entry's Skip records the dice given
// up; a strict game refuses to cancel one whose dice were rolled). With no
// action of a person's left to undo it is ErrNothingToUndo. In a game of
// people only, or of bots only, Undo reverts the last action. A game
// loaded from a save cannot take the bots' RNG back past its saved entries.
func (g *Game) Undo() error {
	undo, err := g.undoPlan()
	if err != nil {
		return err
	}
	if undo == nil { // the action waiting for an answer
		g.pending, g.fly.active = nil, false
		g.rewind() // both RNGs, as before the action (restoreBots for the bots)
		return nil
	}
	if undo[len(undo)-1] == 0 { // the start, with everything after it
		g.log = Log{} // a new log: callers may hold the old one's entries
		return g.Reset(g.cfg.Seed)
	}
	s, err := g.rebuildWithout(undo)
	if err != nil {
		return err
	}
	for _, k := range undo {
		g.log.Entries[k].Undone = true
		g.log.add(Action{ID: undoID, Actor: NoModel, Target: NoModel, Option: k}, NoModel, nil, nil, Then{})
	}
	g.pending, g.fly.active = nil, false
	g.restoreBots(undo[len(undo)-1])
	g.live, g.listOK = s, false
	g.gen++
	return nil
}

// undoPlan says what Undo would take back: the log entries, latest first,
// or none (nil) for the action waiting for an answer; or why it cannot.
func (g *Game) undoPlan() ([]int, error) {
	mixed := g.mixed()
	if g.pending != nil && g.fly.action == startAction {
		if len(g.fly.answers) == 0 {
			return nil, ErrNothingToUndo // the start waits for its first answer; nothing before it
		}
		if g.cfg.Strict && slices.ContainsFunc(g.fly.answers, func(a Answer) bool { return a.Kind == DiceQ }) {
			return nil, &UndoError{Entry: 0, Action: startAction, Text: ActionText(g.live, startAction)}
		}
		return []int{0}, nil // ask the start's questions again
	}
	if g.pending != nil && (!mixed || g.person(g.fly.side)) {
		if g.cfg.Strict && (g.fly.seenOK || slices.ContainsFunc(g.fly.answers, func(a Answer) bool { return a.Kind == DiceQ })) {
			return nil, &UndoError{Entry: len(g.log.Entries), Action: g.fly.action, Text: ActionText(g.live, g.fly.action)}
		}
		return nil, nil
	}
	var undo []int // entries to undo, latest first
	for k := len(g.log.Entries) - 1; k > 0; k-- {
		e := &g.log.Entries[k]
		if e.Undone || e.Action.ID == undoID {
			continue
		}
		undo = append(undo, k)
		if !mixed || g.person(e.Side) {
			break
		}
	}
	if len(undo) == 0 || mixed && !g.person(g.log.Entries[undo[len(undo)-1]].Side) {
		// Nothing a person decided is left but the start: it may be
		// taken back if a person answered its questions (typed the
		// opening dice, chose who goes first), to answer them again.
		if !g.asked || len(g.log.Entries) == 0 {
			return nil, ErrNothingToUndo
		}
		undo = append(undo, 0)
	}
	if g.cfg.Strict {
		for _, k := range undo {
			e := &g.log.Entries[k]
			if slices.ContainsFunc(e.Answers, func(a Answer) bool { return a.Kind == DiceQ }) {
				return nil, &UndoError{Entry: k, Action: e.Action, Text: ActionText(g.live, e.Action)}
			}
		}
	}
	return undo, nil
}

// mixed reports whether people play against bots.
func (g *Game) mixed() bool {
	bots, people := false, false
	for _, p := range g.cfg.Players {
		bots, people = bots || p != nil, people || p == nil
	}
	return bots && people
}

// person reports whether side is played by a person.
func (g *Game) person(side int) bool {
	return side >= 0 && side < len(g.cfg.Players) && g.cfg.Players[side] == nil
}

// snapBots keeps the bots' RNG as it is before a person's action that will
// be entry k, for Undo; only when people play against bots.
func (g *Game) snapBots(k int, side int) {
	if !g.person(side) || !g.mixed() {
		return
	}
	b, err := g.bots.MarshalBinary()
	if err != nil {
		return // the RNG always marshals; without a snapshot, undo keeps the stream
	}
	if g.botsAt == nil {
		g.botsAt = map[int][]byte{}
	}
	g.botsAt[k] = b
}

// restoreBots takes the bots' RNG back to before entry k, if known.
func (g *Game) restoreBots(k int) {
	if b, ok := g.botsAt[k]; ok {
		g.bots.UnmarshalBinary(b) // it marshalled, so it unmarshals
	}
}

// Rebuild replays the log (without the undone entries) from the start and
// returns the state it gives, which must equal the live state.
// It never starts from the states kept for undo: it checks them.
func (g *Game) Rebuild() (*State, error) {
	s, err := g.initial()
	if err != nil {
		return nil, err
	}
	return g.replayFrom(s, 0, nil, false)
}

// rebuildWithout gives the state of the log without the skipped entries
// (Undo): it replays from the latest state kept before the first of them
// (g.marks), or from the start, keeping states along the way.
func (g *Game) rebuildWithout(skip []int) (*State, error) {
	first := slices.Min(skip)
	for len(g.marks) > 0 && g.marks[len(g.marks)-1].entry > first {
		g.marks = g.marks[:len(g.marks)-1] // it holds a skipped entry's effects
	}
	if n := len(g.marks); n > 0 {
		m := g.marks[n-1]
		return g.replayFrom(m.state.Clone(), m.entry, skip, true)
	}
	s, err := g.initial()
	if err != nil {
		return nil, err
	}
	return g.replayFrom(s, 0, skip, true)
}

// replayFrom replays the log's entries from index from on s, skipping the
// undone entries, the undo entries and those in skip. With mark, it keeps
// the state before every markEvery-th entry in g.marks (the latest
// maxMarks of them).
func (g *Game) replayFrom(s *State, from int, skip []int, mark bool) (*State, error) {
	var r run
	r.list = newLister(g)
	for i := from; i < len(g.log.Entries); i++ {
		e := &g.log.Entries[i]
		if e.Undone || slices.Contains(skip, i) || e.Action.ID == undoID {
			continue
		}
		if mark && i%markEvery == 0 && i > 0 && (len(g.marks) == 0 || g.marks[len(g.marks)-1].entry < i) {
			if len(g.marks) == maxMarks {
				g.marks = append(g.marks[:0], g.marks[1:]...)
			}
			g.marks = append(g.marks, stateMark{entry: i, state: s.Clone()})
		}
		r.reset(g, replaying, e.Answers)
		if q, err := g.resolveOn(s, e.Action, &r); err != nil || q != nil {
			return nil, entryError(i, e.Action, q, err)
		}
	}
	return s, nil
}

// A stateMark is the state before a log entry, given the entries before it
// as they stand (an undo of an earlier entry drops it): Undo replays from
// the latest one before what it takes back, not from the start.
type stateMark struct {
	entry int
	state *State
}

// The states Undo keeps: one every markEvery entries, the latest maxMarks.
const (
	markEvery = 16
	maxMarks  = 8
)

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

// SaveFormat names the save file format. Version 2 added the digests and
// the checks of typed dice and of each entry's side; version 1 saves are
// refused (they cannot be verified to the same standard), with a message
// that says so.
const SaveFormat = "skirmish-save/2"

// MaxSave is the largest save ReadSave reads.
const MaxSave = 16 << 20

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
	// Digest holds digests of the setup, part by part, and of the final
	// state, which Load checks.
	Digest *Digest `json:"digest"`
	// Commitment is the commitment to the seed made when the game began,
	// if it was made (a server's games): Load checks the seed against it.
	Commitment *Commitment `json:"seed_commitment,omitempty"`
}

// Digest is a set of SHA-256 digests ("sha256:" and 64 hex digits) of a
// saved game: its setup, part by part, so that a mismatch says which part
// was edited, and the state the game was saved in, so that a log cut short
// or edited is caught even when what is left replays. Each is taken over a
// canonical encoding (JSON with sorted keys, numbers in Go's shortest form),
// so reformatting the save does not change it.
//
// The digests are checksums, not signatures: they catch edits and damage,
// and someone who rewrites a save can recompute them. What cannot be
// forged without the seed changing is the digital dice, which Load
// re-derives from the seed.
type Digest struct {
	Ruleset  string `json:"ruleset"`  // the ruleset's ID and version
	Seed     string `json:"seed"`     // the seed of the dice and bots
	Dice     string `json:"dice"`     // the dice mode and strictness
	Mode     string `json:"mode"`     // board or table
	Options  string `json:"options"`  // every rule option with its value
	Scenario string `json:"scenario"` // the setup played: sides, models (profiles, gear, positions), rounds, and the scenario as saved
	State    string `json:"state"`    // the final state, and the bots' RNG
}

// digestParts lists the setup's parts in the order errors name them.
var digestParts = []string{"ruleset", "seed", "dice", "mode", "options", "scenario"}

func (d *Digest) part(name string) string {
	switch name {
	case "ruleset":
		return d.Ruleset
	case "seed":
		return d.Seed
	case "dice":
		return d.Dice
	case "mode":
		return d.Mode
	case "options":
		return d.Options
	case "scenario":
		return d.Scenario
	}
	return d.State
}

// sum is the digest of one named part.
func sum(part string, data ...[]byte) string {
	h := sha256.New()
	h.Write([]byte(part))
	for _, d := range data {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(d)))
		h.Write(n[:])
		h.Write(d)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// canonical re-encodes JSON with sorted keys and shortest numbers.
func canonical(raw []byte) ([]byte, error) {
	if len(raw) == 0 {
		return []byte("null"), nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// emptyAsNull replaces every empty list and map in a decoded JSON value
// with null.
func emptyAsNull(v any) any {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return nil
		}
		for i := range x {
			x[i] = emptyAsNull(x[i])
		}
	case map[string]any:
		if len(x) == 0 {
			return nil
		}
		for k := range x {
			x[k] = emptyAsNull(x[k])
		}
	}
	return v
}

// setupDigest digests the game's setup and configuration.
func (g *Game) setupDigest() (*Digest, error) {
	su := g.setup
	scen, err := canonical(su.Scenario)
	if err != nil {
		return nil, fmt.Errorf("engine: digest: scenario: %w", err)
	}
	played, err := json.Marshal(struct {
		Name   string
		Rounds int
		Sides  []SideSetup
		Models []ModelSetup
	}{su.Name, su.Rounds, su.Sides, su.Models})
	if err != nil {
		return nil, fmt.Errorf("engine: digest: setup: %w", err)
	}
	opts, err := json.Marshal(su.Options)
	if err != nil {
		return nil, fmt.Errorf("engine: digest: options: %w", err)
	}
	return &Digest{
		Ruleset:  sum("ruleset", []byte(g.info.ID), []byte(g.info.Version)),
		Seed:     sum("seed", strconv.AppendUint(nil, g.cfg.Seed, 10)),
		Dice:     sum("dice", []byte(g.cfg.Dice), strconv.AppendBool(nil, g.cfg.Strict)),
		Mode:     sum("mode", []byte(su.Mode)),
		Options:  sum("options", opts),
		Scenario: sum("scenario", played, scen),
	}, nil
}

// stateDigest digests the live state and the bots' RNG.
func (g *Game) stateDigest(bots []byte) (string, error) {
	js, err := json.Marshal(g.live)
	if err != nil {
		return "", fmt.Errorf("engine: digest: state: %w", err)
	}
	var v any
	if err := json.Unmarshal(js, &v); err != nil {
		return "", fmt.Errorf("engine: digest: state: %w", err)
	}
	// A state played to and the same state rebuilt from the log may differ
	// in empty lists and maps that one holds as nil (null) and the other
	// as empty ([], {}): State.Equal counts them equal, and so does the
	// digest.
	if js, err = json.Marshal(emptyAsNull(v)); err != nil {
		return "", fmt.Errorf("engine: digest: state: %w", err)
	}
	return sum("state", js, bots), nil
}

// DigestError reports a save whose setup or final state does not match its
// digests: the save was edited (or damaged) after it was written.
type DigestError struct {
	Parts   []string // the setup's parts that differ ("options", "dice"...), or "state"
	Entries int      // the entries in the save's log
}

func (e *DigestError) Error() string {
	if len(e.Parts) == 1 && e.Parts[0] == "state" {
		return fmt.Sprintf("engine: digest of the final state does not match: the log was cut short or edited (its %d entries replay to a state the game was not saved in), or the bots' state or the digest was", e.Entries)
	}
	what := map[string]string{"ruleset": "the ruleset or its version", "seed": "the seed", "dice": "the dice mode or strictness",
		"mode": "the mode", "options": "a rule option", "scenario": "the scenario (sides, models, profiles, gear, positions, board)"}
	var ws []string
	for _, p := range e.Parts {
		ws = append(ws, what[p])
	}
	return fmt.Sprintf("engine: digest of the setup does not match: %s edited since the game was saved (or the digest was)", strings.Join(ws, ", ")+pluralWas(len(ws)))
}

func pluralWas(n int) string {
	if n == 1 {
		return " was"
	}
	return " were"
}

// StateDigest is the digest of the game's state that a save of it now
// would carry (Digest.State). A campaign takes it for a finished game's
// identity: two games that end in one state, the bots' RNG included, are
// taken for one.
func (g *Game) StateDigest() (string, error) {
	bots, err := g.bots.MarshalBinary()
	if err != nil {
		return "", fmt.Errorf("engine: digest: %w", err)
	}
	return g.stateDigest(bots)
}

// Save writes the game as JSON. A prompt's action in flight is not saved.
func (g *Game) Save(w io.Writer) error {
	sv := Save{Format: SaveFormat, Ruleset: g.info.ID, Version: g.info.Version, Seed: g.cfg.Seed,
		Dice: g.cfg.Dice, Mode: g.setup.Mode, Strict: g.cfg.Strict, Options: g.setup.Options, Scenario: g.setup.Scenario, Entries: g.log.Entries,
		Commitment: g.cfg.Commitment}
	if sv.Scenario == nil {
		sv.Scenario = json.RawMessage("null")
	}
	var err error
	if sv.Bots, err = g.bots.MarshalBinary(); err != nil {
		return fmt.Errorf("engine: save: %w", err)
	}
	if sv.Digest, err = g.setupDigest(); err != nil {
		return err
	}
	if sv.Digest.State, err = g.stateDigest(sv.Bots); err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(sv)
}

// ReadSave decodes a save file of at most MaxSave bytes, checking its
// shape; Load replays it.
func ReadSave(r io.Reader) (*Save, error) {
	lr := &io.LimitedReader{R: r, N: MaxSave + 1}
	br := bufio.NewReader(lr)
	if head, err := br.Peek(3); err == nil && string(head) == "\ufeff" {
		br.Discard(3) // a byte-order mark, which some editors write
	}
	dec := json.NewDecoder(br)
	dec.DisallowUnknownFields()
	var sv Save
	if err := dec.Decode(&sv); err != nil {
		if lr.N <= 0 {
			return nil, fmt.Errorf("engine: read save: more than %d bytes; allowed at most %d", MaxSave, MaxSave)
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("engine: read save: the file ends inside the save, after %d bytes: cut short?", MaxSave+1-lr.N)
		}
		if err == io.EOF {
			return nil, errors.New("engine: read save: the file is empty (or only white space): not a save")
		}
		var ute *json.UnmarshalTypeError
		if errors.As(err, &ute) && ute.Field != "" {
			return nil, &FieldError{Path: ute.Field, Problem: fmt.Sprintf("a JSON %s where the save has %s", ute.Value, jsonWords(ute.Type))}
		}
		return nil, fmt.Errorf("engine: read save: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("engine: read save: something follows the save's JSON object")
	}
	switch {
	case sv.Format == "skirmish-save/1":
		return nil, &FieldError{Path: "format", Problem: fmt.Sprintf("%q is an older save format, without the digests and checks this version needs to verify a save; want %q (replay it with the skirmish that wrote it)", sv.Format, SaveFormat)}
	case sv.Format != SaveFormat:
		return nil, &FieldError{Path: "format", Problem: fmt.Sprintf("%q is not a save format this version reads; want %q", sv.Format, SaveFormat)}
	case sv.Ruleset == "":
		return nil, &FieldError{Path: "ruleset", Problem: "missing"}
	case sv.Digest == nil:
		return nil, &FieldError{Path: "digest", Problem: "missing; a save holds the digests of its setup and final state"}
	case len(sv.Entries) > 0 && sv.Entries[0].Action != startAction:
		return nil, &FieldError{Path: "entries[0]", Problem: "a game's log starts with its start entry"}
	}
	return &sv, nil
}

// jsonWords says what a save's field holds, in JSON's words rather than
// Go's types.
func jsonWords(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return fmt.Sprintf("a whole number from %d to %d", int64(-1)<<(t.Bits()-1), int64(1)<<(t.Bits()-1)-1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return fmt.Sprintf("a whole number from 0 to %d", uint64(1)<<(t.Bits()-1)*2-1)
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Pointer:
		return jsonWords(t.Elem())
	}
	return "another kind of value"
}

// Verified says what Load checked of a save, for people (replay --verify).
type Verified struct {
	Entries int // entries replayed, undo entries included
	Undone  int // entries undone
	Actions int // actions checked legal at their time, with their side
	Seeded  int // dice re-derived from the seed and equal to the log's
	Typed   int // typed dice checked against their procedures
	Choices int // choices checked against their questions
	Facts   int // measurements checked against their questions
	// Skipped is how many values of the dice stream the entries say
	// actions cancelled or refused gave up (Entry.Skip), before
	// SkipEntries entries: each a retake with new dice, so a save's
	// author who knew the seed could have chosen among them.
	Skipped     uint64
	SkipEntries int
	Dice        DiceMode
	// Commitment is the seed's commitment the save carries, checked
	// against its seed; nil when the save has none.
	Commitment *Commitment
}

// Verified returns what Load checked, or nil for a game that was not
// loaded.
func (g *Game) Verified() *Verified { return g.verified }

// Load rebuilds a saved game: the ruleset and setup (decoded from
// sv.Scenario by the caller; Load sets its Options from the save), then
// every entry replayed with its answers. It refuses:
//
//   - a setup that does not match the save's digests (ruleset, seed, dice
//     mode and strictness, mode, options, scenario), naming the parts;
//   - an action not legal at its time, or whose side is not the side whose
//     decision it was (the start and undo entries have none);
//   - an answer that does not fit the question the rules ask now;
//   - a digitally rolled die that is not the one the seed gives, a typed
//     die in a digital game (and an untyped one in a physical game), typed
//     faces that do not give the logged outcome;
//   - events or undo marks that are not what the replay gives;
//   - a final state (and bots' RNG) that does not match its digest: a log
//     cut short, or edited in a way that still replays.
//
// players are the bots, as for New.
func Load(rs Ruleset, su *Setup, sv *Save, players []Policy) (*Game, error) {
	in := rs.Info()
	switch {
	case sv.Ruleset != in.ID:
		return nil, &FieldError{Path: "ruleset", Problem: fmt.Sprintf("the save is for %q, not %q", sv.Ruleset, in.ID)}
	case sv.Version != in.Version:
		return nil, &FieldError{Path: "version", Problem: fmt.Sprintf("saved with %s version %q; this is version %q", in.ID, sv.Version, in.Version)}
	case sv.Digest == nil:
		return nil, &FieldError{Path: "digest", Problem: "missing; a save holds the digests of its setup and final state"}
	}
	if sv.Commitment != nil {
		if err := sv.Commitment.Check(sv.Seed); err != nil {
			return nil, err
		}
	}
	su.Options = sv.Options
	g, err := New(rs, su, Config{Seed: sv.Seed, Dice: sv.Dice, Players: players, Strict: sv.Strict, Commitment: sv.Commitment})
	if err != nil {
		return nil, err
	}
	d, err := g.setupDigest()
	if err != nil {
		return nil, err
	}
	// The setup the caller decoded must also be the one the save holds.
	saved, err := canonical(sv.Scenario)
	if err != nil {
		return nil, &FieldError{Path: "scenario", Problem: err.Error()}
	}
	played, _ := canonical(su.Scenario) // setupDigest has read it
	var differ []string
	for _, p := range digestParts {
		if d.part(p) != sv.Digest.part(p) || p == "mode" && sv.Mode != su.Mode || p == "scenario" && !bytes.Equal(saved, played) {
			differ = append(differ, p)
		}
	}
	if len(differ) > 0 {
		return nil, &DigestError{Parts: differ, Entries: len(sv.Entries)}
	}
	if err := g.replay(sv.Entries); err != nil {
		return nil, err
	}
	if len(sv.Bots) > 0 {
		if err := g.bots.UnmarshalBinary(sv.Bots); err != nil {
			return nil, &FieldError{Path: "bots", Problem: err.Error()}
		}
	}
	st, err := g.stateDigest(sv.Bots)
	if err != nil {
		return nil, err
	}
	if st != sv.Digest.State {
		return nil, &DigestError{Parts: []string{"state"}, Entries: len(sv.Entries)}
	}
	return g, nil
}

// replay re-runs entries on a game fresh from New, verifying each.
func (g *Game) replay(entries []Entry) error {
	if len(entries) == 0 {
		// A game saved while its start waited for people's answers (the
		// opening dice at a table): New has stopped at the same place.
		if g.pending == nil || g.fly.action != startAction {
			return &FieldError{Path: "entries", Problem: "empty, but this game's start asks no one anything, so its save holds the start entry"}
		}
		g.log, g.anno, g.marks = Log{}, nil, nil
		g.verified = &Verified{Dice: g.cfg.Dice, Commitment: g.cfg.Commitment}
		return nil
	}
	// The fresh game ran its own start; verify the saved one gave the same.
	g.log, g.anno, g.marks = Log{}, nil, nil
	s, err := g.initial()
	if err != nil {
		return err
	}
	verifier := dice.NewRNG(g.cfg.Seed)
	v := &Verified{Dice: g.cfg.Dice, Commitment: g.cfg.Commitment}
	type frame struct {
		state *State
		entry int
	}
	var stack []frame // states before each applied entry, for undo
	var skipped uint64
	var r run
	r.list = newLister(g)
	for i, e := range entries {
		at := func(field string) string { return fmt.Sprintf("entries[%d].%s", i, field) }
		v.Entries++
		if e.Action.ID == undoID {
			k := e.Action.Option
			switch {
			case len(stack) == 0 || stack[len(stack)-1].entry != k:
				return &FieldError{Path: fmt.Sprintf("entries[%d]", i), Problem: fmt.Sprintf("undoes entry %d, which is not the last applied action", k)}
			case e.Side != NoModel:
				return &FieldError{Path: at("side"), Problem: fmt.Sprintf("%d: an undo entry has no side (%d)", e.Side, NoModel)}
			case e.Undone || len(e.Answers) > 0 || len(e.Events) > 0:
				return &FieldError{Path: fmt.Sprintf("entries[%d]", i), Problem: "an undo entry has no answers or events and is never undone"}
			}
			s = stack[len(stack)-1].state
			stack = stack[:len(stack)-1]
			g.log.Entries[k].Undone = true
			g.log.add(e.Action, NoModel, nil, nil, Then{})
			v.Undone++
			continue
		}
		side := NoModel
		switch {
		case i > 0 && e.Action.ID == concedeID:
			// A side concedes whenever it likes, not when it decides.
			if s.Over {
				return &FieldError{Path: at("action"), Problem: "the game was over by then"}
			}
			if c := e.Action; c.Option < 0 || c.Option >= len(s.Sides) || c.Actor != NoModel || c.Target != NoModel || c.HasPos {
				return &FieldError{Path: at("action"), Problem: fmt.Sprintf("%s is not a concession of a side", c)}
			}
			side = e.Action.Option
			v.Actions++
		case i > 0:
			if s.Over {
				return &FieldError{Path: at("action"), Problem: "the game was over by then"}
			}
			r.list.legal(s)
			if !g.legalIn(s, r.list.out, e.Action) {
				return &FieldError{Path: at("action"), Problem: fmt.Sprintf("%s was not legal then", e.Action)}
			}
			side = s.Turn.Side
			v.Actions++
		case e.Action != startAction:
			return &FieldError{Path: "entries[0].action", Problem: "a game's log starts with its start entry"}
		}
		if e.Side != side {
			return &FieldError{Path: at("side"), Problem: fmt.Sprintf("%d is not the side whose decision it was (%d)", e.Side, side)}
		}
		if e.Skip > 0 {
			// Dice are given up only by an action drawn from the seed and
			// then cancelled or refused: never before the start, never
			// with physical dice.
			switch {
			case i == 0:
				return &FieldError{Path: at("skip"), Problem: fmt.Sprintf("%d; the start entry skips no dice (nothing came before it)", e.Skip)}
			case g.cfg.Dice == PhysicalDice:
				return &FieldError{Path: at("skip"), Problem: fmt.Sprintf("%d; a game with physical dice draws none from the seed, so it gives none up", e.Skip)}
			}
			if skipped += e.Skip; e.Skip > MaxSkip || skipped > MaxSkip {
				return &FieldError{Path: at("skip"), Problem: fmt.Sprintf("%d; a save's entries skip at most %d dice in all", e.Skip, MaxSkip)}
			}
			verifier.Skip(e.Skip)
			v.SkipEntries++
		}
		before := s.Clone()
		r.reset(g, replaying, e.Answers)
		r.check = func(c *Ctx, q *Question, a Answer) { g.checkDice(verifier, v, i, c, q, a) }
		q, err := g.resolveOn(s, e.Action, &r)
		if err != nil || q != nil {
			return entryError(i, e.Action, q, err)
		}
		if !slices.Equal(r.events, e.Events) {
			return &FieldError{Path: at("events"), Problem: "are not the events the entry gives when it is replayed (the log was edited)"}
		}
		for _, a := range e.Answers {
			switch a.Kind {
			case ChoiceQ:
				v.Choices++
			case FactQ:
				v.Facts++
			}
		}
		g.log.add(e.Action, e.Side, e.Answers, r.events, r.then())
		g.log.Entries[len(g.log.Entries)-1].Skip = e.Skip
		if i > 0 {
			stack = append(stack, frame{before, i})
		}
	}
	for i, e := range entries {
		if e.Undone != g.log.Entries[i].Undone {
			return &FieldError{Path: fmt.Sprintf("entries[%d].undone", i), Problem: fmt.Sprintf("is %t, but the log's undo entries say %t", e.Undone, g.log.Entries[i].Undone)}
		}
	}
	v.Skipped = skipped
	g.verified = v
	g.live, g.work, g.listOK = s, nil, false
	g.gen++
	g.pending, g.fly = nil, inflight{} // New may have stopped at a question the log answers
	g.rng = verifier                   // continue the dice stream where the log left it
	g.logEnd = verifier.Draws()
	return nil
}

// checkDice verifies a logged dice answer during replay: typed faces must
// fit the procedure and give the logged outcome; digitally rolled faces must
// also be the ones the seed gives; sampled outcomes must be the seed's.
func (g *Game) checkDice(verifier *dice.RNG, v *Verified, entry int, c *Ctx, q *Question, a Answer) {
	path := fmt.Sprintf("entries[%d].answers[%d]", entry, c.r.pos-1)
	nf := len(q.Proc.Flags())
	switch {
	case a.Typed && g.cfg.Dice != PhysicalDice:
		panic(&FieldError{Path: path + ".typed", Problem: fmt.Sprintf("a typed roll in a game with %s dice, where every die comes from the seed", g.cfg.Dice)})
	case !a.Typed && g.cfg.Dice == PhysicalDice:
		panic(&FieldError{Path: path + ".typed", Problem: "a roll not typed in a game with physical dice, where every die is typed"})
	}
	if a.Typed {
		v.Typed++
	} else {
		v.Seeded++
	}
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
	const most = 20 // a message names a few, not a hostile save's thousands
	s := make([]string, 0, min(len(xs), most)+1)
	for i, x := range xs {
		if i == most {
			s = append(s, fmt.Sprintf("… (%d in all)", len(xs)))
			break
		}
		s = append(s, fmt.Sprint(x))
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

// Annotate returns every entry of the log with its questions, replaying
// the log to find them. The game is unchanged. The work is kept: the next
// call replays only the entries added since (a server showing a game's log
// after every write pays for each entry once), unless more undos than the
// game keeps states for (annoKeep) reach back before them. The result is
// shared with later calls: callers must not modify it.
func (g *Game) Annotate() ([]Annotated, error) {
	a := g.anno
	if a == nil || a.n > len(g.log.Entries) {
		a = &annotator{}
		s, err := g.initial()
		if err != nil {
			return nil, err
		}
		a.s = s
		a.r.list = newLister(g)
	}
	for a.n < len(g.log.Entries) {
		i := a.n
		e := &g.log.Entries[i]
		an := Annotated{Index: i, Entry: e, Round: a.s.Round, Phase: a.s.info.Phases[a.s.Phase].ID}
		if e.Action.ID == undoID {
			if len(a.stack) == 0 && a.lost {
				// The state this undo returns to was let go: start over,
				// keeping every state this time round.
				g.anno = nil
				return g.annotateAll()
			}
			if len(a.stack) > 0 {
				a.s, a.stack = a.stack[len(a.stack)-1], a.stack[:len(a.stack)-1]
			}
			a.out = append(a.out, an)
			a.n++
			continue
		}
		before := a.s.Clone()
		a.r.reset(g, replaying, e.Answers)
		a.r.observe = func(q *Question, _ Answer) { an.Questions = append(an.Questions, *q) }
		if q, err := g.resolveOn(a.s, e.Action, &a.r); err != nil || q != nil {
			g.anno = nil
			return nil, entryError(i, e.Action, q, err)
		}
		a.r.observe = nil
		a.out = append(a.out, an)
		a.n++
		if i > 0 {
			a.stack = append(a.stack, before)
		}
		if len(a.stack) > 2*annoKeep && !a.full {
			a.stack = append(a.stack[:0], a.stack[len(a.stack)-annoKeep:]...)
			a.lost = true
		}
	}
	g.anno = a
	for k := range a.out { // the log's array may have moved since
		a.out[k].Entry = &g.log.Entries[a.out[k].Index]
	}
	return a.out[:len(a.out):len(a.out)], nil
}

// annotateAll is Annotate from the start, keeping every state for undo.
func (g *Game) annotateAll() ([]Annotated, error) {
	s, err := g.initial()
	if err != nil {
		return nil, err
	}
	g.anno = &annotator{s: s, full: true}
	g.anno.r.list = newLister(g)
	return g.Annotate()
}

// annoKeep is how many states before its latest entries a game keeps for
// Annotate to step back over undos without replaying from the start.
const annoKeep = 64

// annotator is Annotate's work so far: the entries annotated, the state
// after them, and the states before the latest applied entries (an undo
// entry steps back to one).
type annotator struct {
	n     int
	out   []Annotated
	s     *State
	stack []*State
	lost  bool // the oldest states were let go
	full  bool // keep every state
	r     run
}

// SoFar is what the action waiting for an answer has had, in words
// (AnswerText): the dice it rolled, the choices and measurements made, so
// that a player asked mid-way (spend a marker? re-roll the duds?) sees what
// the dice did, which the log shows only once the action is done. When
// the question comes of what followed the action by itself
// (Prompt.Followed: the end of the activation or of the round), the
// events so far follow the answers, in the log's words: what the action
// did (a model Incapacitated, one fled) is then known, and is what the
// player answering needs to see. It is empty when nothing waits, or
// nothing has happened yet. The game is unchanged (Progress).
func (g *Game) SoFar() []string {
	if g.pending == nil || len(g.fly.answers) == 0 && !g.pending.Followed {
		return nil
	}
	p := g.Progress()
	if p == nil {
		return nil
	}
	out := p.Line.Answers
	if g.pending.Followed {
		out = append(out, p.Line.Events...)
	}
	return out
}

// Progress is how far the action waiting for an answer has gone.
type Progress struct {
	// State is the state at the question: the live state (Game.State)
	// with what the action has done so far. The game's own state changes
	// only once the action is done.
	State *State
	// Line is the action's log line so far: the answers it has had and the
	// events so far. Once the action itself is resolved (Prompt.Followed)
	// its Then counts those that followed it by itself, so that Own is
	// what the action did, as its log line will show it.
	Line LogLine
}

// Progress replays the action waiting for an answer on a copy, up to its
// question, and returns how far it has gone; nil when nothing waits. The
// game is unchanged. The CLI shows what an action did before a question
// that follows it (Prompt.Followed), and the state as it stands while the
// question waits.
func (g *Game) Progress() *Progress {
	an, s := g.inFlight()
	if an == nil {
		return nil
	}
	return &Progress{State: s, Line: LogLines(g.live, []Annotated{*an})[0]}
}

// inFlight replays the action waiting for an answer on a copy, up to its
// question: the action as an annotated entry as far as it went (its Index
// the one it will have), and the state at the question; nil when nothing
// waits. The game is unchanged.
func (g *Game) inFlight() (*Annotated, *State) {
	if g.pending == nil {
		return nil, nil
	}
	s := g.live.Clone()
	var r run
	r.list = newLister(g)
	var qs []Question
	r.reset(g, replaying, g.fly.answers)
	r.observe = func(q *Question, _ Answer) { qs = append(qs, *q) }
	an := Annotated{Index: len(g.log.Entries), Round: s.Round, Phase: s.info.Phases[s.Phase].ID}
	if _, err := g.resolveOn(s, g.fly.action, &r); err != nil || len(qs) != len(g.fly.answers) {
		return nil, nil
	}
	e := Entry{Action: g.fly.action, Side: g.fly.side, Answers: slices.Clone(g.fly.answers), Events: slices.Clone(r.events)}
	if r.acted {
		e.Then = r.then()
	}
	an.Entry, an.Questions = &e, qs
	return &an, s
}
