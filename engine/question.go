package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
)

// Kind is the kind of a question a rule asks.
type Kind string

// Question kinds.
const (
	DiceQ   Kind = "dice"   // roll a dice procedure
	ChoiceQ Kind = "choice" // pick one of some options
	FactQ   Kind = "fact"   // a measurement or geometry question
)

// Anyone answers a question either player may answer (a fact measured at
// the table).
const Anyone = -1

// Question is what a rule asks at one point of its resolution. When nobody
// can answer it at once, it becomes the game's pending prompt.
type Question struct {
	Kind Kind
	Who  int    // the side that rolls, chooses or measures; Anyone
	Key  string // stable identity: the procedure's name, "spend-blood", the fact kind
	// Text is for people: what the question is for and what it needs, so
	// that a player can answer without the rulebook. A choice's text is the
	// rule's; a dice or fact question's is made from About or Fact when it
	// is shown (a pending prompt): "Ranged hit for breaker-a with autogun
	// against warden-b — Breakers: roll 1 D6: 4+ passes; …".
	Text string

	About   About          // DiceQ: what the roll is for
	Proc    dice.Procedure // DiceQ
	Options []string       // ChoiceQ: stable option names; the answer is an index
	Fact    Fact           // FactQ

	fill    bool // ChoiceQ: Text names About's models ({model}) when shown (Ctx.ChooseAbout)
	scratch bool // ChoiceQ: Options are the run's scratch space (Ctx.ChooseModel)
}

// settle makes q fit to outlive its ask: its text for people, its options
// its own.
func (q *Question) settle(s *State) {
	if q.fill {
		q.Text, q.fill = q.About.fill(s, q.Text), false
	}
	if q.scratch {
		q.Options, q.scratch = slices.Clone(q.Options), false
	}
}

// About says what a dice roll is for, for the people rolling it: what the
// roll is ("Ranged hit", "Wound roll", "Recovery test"), the model it is
// for, the other model concerned and how (Rel, "against" when empty), a
// detail (a weapon), which of several like rolls it is (Nth of Of), and
// for a random pick the models it picks among (Among, numbered in roster
// order). Rules pass it by value with every roll; its text is only made
// when a person is asked, so bots and simulations pay nothing for it.
type About struct {
	What    string // what the roll is: "Ranged hit", "Save", "Priority roll"
	Model   int    // the model it is for (NoModel: none, as for a side's roll)
	Other   int    // the other model concerned (target, attacker), or NoModel
	Rel     string // how Other is concerned: "against" (the default), "hit by"
	With    string // a detail: the weapon, "Lethality 2"
	Nth, Of int    // the Nth of Of like rolls (attack 2 of 3); 0 when alone
	Among   uint64 // a random pick's models, bit i = model i, numbered in index order
}

// For is an About for a roll of model m against (or for) model other.
func For(what string, m, other int) About { return About{What: what, Model: m, Other: other} }

// BySide is an About for a roll a side makes, no model concerned.
func BySide(what string) About { return About{What: what, Model: NoModel, Other: NoModel} }

// Fact is a geometry or measurement question. Board mode answers it from
// positions; at a table the players measure and answer.
type Fact struct {
	Kind   string  // one of the Fact* kinds
	A, B   int     // models asked about (B may be NoModel)
	Inches float32 // the distance asked about, for FactWithin and FactWithinAny; degrees for FactTurn and FactArc
	Set    uint64  // FactWithinAny: the models it may be near, bit i = model i
	Thing  string  // FactNear: what A may be near, for people ("a Search token")
	Why    string  // for people: what the answer decides ("Coup de Grace range")
	// Start is the answer the rule expects most often when a player has
	// chosen the action, where it differs from the kind's own
	// (StartingValue): 1 + the answer, 0 for the kind's. Trench Crusade's
	// Retreat asks whether an enemy is within 1" of the model, expecting
	// yes, where a within-any question mostly expects no. An odds sheet
	// starts there, and so do the tests that play a table's measurements.
	Start int
}

// Fact kinds. Answers are whole numbers: 0/1 for yes/no questions, hundredths
// of an inch for lengths.
const (
	FactWithin    = "within"     // is A within Inches of B (base edge to base edge)? 0/1
	FactWithinAny = "within-any" // is A within Inches of any model in Set? 0/1
	FactContact   = "contact"    // are A and B in base contact? 0/1
	FactSight     = "sight"      // can A see B? 0/1
	FactCover     = "cover"      // is B in cover from A? 0/1
	FactDistance  = "distance"   // base-edge distance from A to B, hundredths of an inch
	FactElevation = "elevation"  // height of A above B, hundredths of an inch (may be negative)
	FactNearLedge = "near-ledge" // is A within Inches of a ledge? 0/1
	FactFall      = "fall"       // height A would fall from the nearest ledge, hundredths of an inch
	FactTurn      = "turn"       // can A face B by turning at most Inches degrees? 0/1 (N26 vehicles)
	FactNearDuct  = "near-duct"  // is A within 1" of a ductway's end? 0/1
	FactDuctRoom  = "duct-room"  // is there room for A within 1" of that ductway's other end, more than 1" from enemies, overlapping nothing? 0/1
	// FactArc: is any part of B within A's vision arc, Inches degrees wide
	// about the way A faces? 0/1. Facing is the ruleset's (N23): on a board
	// the ruleset works it out from its own record of facing, and the board
	// does not answer it; at a table the players look.
	FactArc  = "arc"
	FactNear = "near" // is A within Inches of Thing, a feature of the table the ruleset tracks (a Search token)? 0/1
)

// Boolean reports whether the fact's answer is yes or no.
func (f Fact) Boolean() bool {
	switch f.Kind {
	case FactDistance, FactElevation, FactFall:
		return false
	}
	return true
}

// Range is the answers allowed for the fact.
func (f Fact) Range() (lo, hi int) {
	switch f.Kind {
	case FactDistance, FactFall:
		return 0, 100000
	case FactElevation:
		return -100000, 100000
	}
	return 0, 1
}

// String describes the fact for a prompt.
func (f Fact) String() string {
	switch f.Kind {
	case FactWithin:
		return fmt.Sprintf("is m%d within %s\" of m%d", f.A, fmtF(f.Inches), f.B)
	case FactWithinAny:
		var ms []string
		for i := range 64 {
			if f.Set&(1<<i) != 0 {
				ms = append(ms, fmt.Sprintf("m%d", i))
			}
		}
		return fmt.Sprintf("is m%d within %s\" of any of %s", f.A, fmtF(f.Inches), strings.Join(ms, ", "))
	case FactContact:
		return fmt.Sprintf("is m%d in base contact with m%d", f.A, f.B)
	case FactSight:
		return fmt.Sprintf("can m%d see m%d", f.A, f.B)
	case FactCover:
		return fmt.Sprintf("is m%d in cover from m%d", f.B, f.A)
	case FactDistance:
		return fmt.Sprintf("distance from m%d to m%d (hundredths of an inch)", f.A, f.B)
	case FactElevation:
		return fmt.Sprintf("height of m%d above m%d (hundredths of an inch)", f.A, f.B)
	case FactNearLedge:
		return fmt.Sprintf("is m%d within %s\" of a ledge", f.A, fmtF(f.Inches))
	case FactFall:
		return fmt.Sprintf("how far would m%d fall from the nearest ledge (hundredths of an inch)", f.A)
	case FactTurn:
		return fmt.Sprintf("can m%d face m%d by turning at most %s°", f.A, f.B, fmtF(f.Inches))
	case FactNearDuct:
		return fmt.Sprintf("is m%d within 1\" of a ductway's end", f.A)
	case FactDuctRoom:
		return fmt.Sprintf("is there room for m%d at the ductway's other end", f.A)
	case FactArc:
		return fmt.Sprintf("is m%d within m%d's %s° vision arc", f.B, f.A, fmtF(f.Inches))
	case FactNear:
		return fmt.Sprintf("is m%d within %s\" of %s", f.A, fmtF(f.Inches), f.Thing)
	}
	return fmt.Sprintf("%s m%d m%d %s", f.Kind, f.A, f.B, fmtF(f.Inches))
}

// Board answers geometry questions and proposes destinations in board mode.
// Package board implements it.
type Board interface {
	// Fact answers f for state s; ok is false for a fact the board cannot
	// answer.
	Fact(s *State, f Fact) (answer int, ok bool)
	// Destinations appends a small, deterministic set of candidate end
	// points for model m moving up to max inches (towards or away from each
	// enemy, towards friends, to objectives, to cover; full and half moves),
	// each reachable and free to stand on. Towards the models in shy (bit n
	// for model n) it stops more than 1" short; towards others it goes into
	// base contact. The ruleset filters them by its own movement rules.
	Destinations(s *State, m int, max float32, shy uint64, out []Pos) []Pos
	// PathLength is the length of m's shortest legal path to p, and whether
	// p can be reached and occupied at all.
	PathLength(s *State, m int, p Pos) (float32, bool)
}

// Answer is the answer to one question, as logged.
type Answer struct {
	Kind Kind   `json:"kind"`
	Key  string `json:"key"`  // the question's Key, to detect drift on replay
	Code int    `json:"code"` // dice: the outcome code; choice: option index; fact: the value
	// Faces are the dice faces (1-based), when dice were rolled face by
	// face: digitally from the seed, or typed by a player (Typed).
	Faces []int `json:"faces,omitempty"`
	Typed bool  `json:"typed,omitempty"`
}

// Roll is what a rule learns from a dice procedure: the outcome index and
// the flags (see dice.Code), never the faces, so that the same rule runs
// when odds are enumerated outcome by outcome.
type Roll struct {
	Outcome int
	Flags   uint
}

// Has reports whether flag i happened.
func (r Roll) Has(i int) bool { return r.Flags>>i&1 == 1 }

// Prompt is a question waiting for a person.
type Prompt struct {
	Question
	Entry  int // the log entry it belongs to
	Answer int // how many answers the action has so far
	// Followed reports that the action itself is resolved and the question
	// comes of what follows it by itself (the end of the activation, of a
	// round, the next round's start: Fallout: Factions' Teamwork, a
	// priority roll). What the action did is then worth showing before the
	// question (Game.Progress), though its log entry is written only once
	// everything that follows it is answered.
	Followed bool
	// Rolled reports that the action has rolled dice before this question:
	// a measurement asked now (a ledge after a Down) depends on how they
	// fell, so that it cannot be measured before the action is taken.
	Rolled bool
}

// AnswerError reports an answer that does not fit the pending prompt.
type AnswerError struct {
	Key     string
	Problem string
	// Missing is the die a roll's typed faces call for next when they ran
	// out (dice.FacesError): the faces so far were right, and one more is
	// needed; nil otherwise.
	Missing dice.Die
	Role    string
}

func (e *AnswerError) Error() string {
	return fmt.Sprintf("engine: answer to %s: %s", e.Key, e.Problem)
}
