package dice

import (
	"fmt"
	"slices"
	"strings"
)

// A Tray is where a procedure rolls its dice. Its faces come either from an
// RNG (digital play, simulation) or from faces a player typed after rolling
// real dice at the table; the procedure's code is the same for both. The tray
// records every die in the order rolled, for display and the game log.
type Tray struct {
	rng   *RNG
	typed []string
	dice  []Rolled
	// probe: each die shows its ProbeFace, and asked records the dice
	// (Needs).
	probe  bool
	off    int   // the probe's faces start this many faces on (NeedsLeast)
	script []int // the probe's first faces, when given (NeedsLeast)
	asked  []Die
	// quiet: a Roller's tray, whose procedures skip their explanation.
	quiet bool
}

// Rolled is one die in a tray.
type Rolled struct {
	Die   string `json:"die"`            // the die's name, "d6"
	Face  int    `json:"face"`           // 1..sides
	Value int    `json:"value"`          // what the face counts as (a symbol's rank)
	Label string `json:"label"`          // what the face shows: "4", "seriously-injured"
	Role  string `json:"role,omitempty"` // why it was rolled: "luck die", "re-roll of die 2"
	Kept  bool   `json:"kept"`           // whether the procedure used it
}

// RollWith returns a tray whose dice are rolled by r.
func RollWith(r *RNG) *Tray { return &Tray{rng: r} }

// ReadFaces returns a tray whose dice take, in order, the faces a player
// typed (see ParseFaces). Each face is checked against the die it is read
// for when the procedure rolls it.
func ReadFaces(faces []string) *Tray { return &Tray{typed: faces} }

// Roll rolls one die d for the given role and returns it. With typed faces it
// fails, naming the face, when a face does not fit d or none is left.
func (t *Tray) Roll(d Die, role string) (Rolled, error) {
	var f int
	switch {
	case t.probe:
		if len(t.asked) >= MaxFaces { // a procedure that rolls again on a tie would roll on forever
			return Rolled{}, &FacesError{Index: len(t.asked), Problem: "too many dice"}
		}
		if i := len(t.asked); i < len(t.script) {
			f = min(max(t.script[i], 1), d.Sides())
		} else {
			f = ProbeFace(i+t.off, d)
		}
		t.asked = append(t.asked, d)
	case t.rng != nil:
		f = t.rng.Face(d.Sides())
	default:
		i := len(t.dice)
		if i >= len(t.typed) {
			return Rolled{}, &FacesError{Index: i, Problem: fmt.Sprintf("missing (%d given): this roll needs %s here, its %s", len(t.typed), d.article(), role), Missing: d, Role: role}
		}
		var err error
		if f, err = d.Parse(t.typed[i]); err != nil {
			return Rolled{}, &FacesError{Index: i, Problem: err.Error()}
		}
	}
	r := Rolled{Die: d.Name(), Face: f, Value: d.Value(f), Label: d.Label(f), Role: role}
	t.dice = append(t.dice, r)
	return r, nil
}

// Explains reports whether the procedure resolving on t should explain its
// result (Result.Explain). It is false only on a Roller's tray, whose
// caller keeps the outcome and the faces alone; a procedure should then
// skip building the text (dicetest.CheckProcedure expects it to), and must
// give the same outcome, flags, total, modifiers and dice.
func (t *Tray) Explains() bool { return !t.quiet }

// Keep marks the i-th die rolled (from 0) as used.
func (t *Tray) Keep(i int) { t.dice[i].Kept = true }

// Len is the number of dice rolled so far.
func (t *Tray) Len() int { return len(t.dice) }

// Dice returns a copy of the dice rolled so far.
func (t *Tray) Dice() []Rolled { return append([]Rolled(nil), t.dice...) }

// finish reports typed faces the procedure did not use.
func (t *Tray) finish() error {
	if t.rng == nil && len(t.typed) > len(t.dice) {
		return &FacesError{Index: len(t.dice), Problem: fmt.Sprintf("one too many: %d given, this roll takes %d", len(t.typed), len(t.dice))}
	}
	return nil
}

// FacesError reports faces typed by a player that do not fit the roll.
type FacesError struct {
	Index   int    // the face concerned, from 0
	Problem string // what is wrong, with what is allowed
	// Missing is the die the roll needs next when the faces ran out
	// (a critical's extra die, Fortune Smiles), with its Role; nil when
	// the error is another.
	Missing Die
	Role    string
}

func (e *FacesError) Error() string {
	return fmt.Sprintf("dice: faces: face %d: %s", e.Index+1, e.Problem)
}

// MaxFaces is the most faces ParseFaces accepts.
const MaxFaces = 200

// ParseFaces splits faces typed by a player, separated by commas or spaces
// ("3,5,6", "si ooa"). It checks only the shape of the list; each face is
// checked against its die when the procedure rolls it.
func ParseFaces(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, &FacesError{Problem: "no faces given; allowed faces separated by commas, as in 3,5,6"}
	}
	raw := strings.Split(s, ",")
	var faces []string
	for _, part := range raw {
		fields := strings.Fields(part)
		if len(fields) == 0 {
			return nil, &FacesError{Index: len(faces), Problem: "empty; allowed faces separated by commas, as in 3,5,6"}
		}
		faces = append(faces, fields...)
		if len(faces) > MaxFaces {
			return nil, &FacesError{Index: MaxFaces, Problem: fmt.Sprintf("too many faces; allowed at most %d", MaxFaces)}
		}
	}
	return faces, nil
}

// Needs lists the dice a roll of p takes, in the order it rolls them, when
// each die shows its ProbeFace: what a player is told before rolling real
// dice (how many, of which kind, and so which faces a keypad offers). A
// procedure whose dice depend on the faces (a re-roll, a die added on a
// result) may take more or fewer than this; the faces typed are checked
// against the dice actually asked for.
func Needs(p Procedure) []Die {
	t := &Tray{probe: true}
	_, _ = p.Resolve(t)
	return t.asked
}

// NeedsLeast is what a keypad asks for: the dice the fewest of p's rolls
// take, and whether other faces take more (a critical's extra die,
// Fortune Smiles, a re-roll, a roll-off's tie); all lists every kind of
// die met, in the order first met, so that a keypad offers their faces
// too. It probes as Needs does with the cycle of faces started at each of
// 12 places and with every face the same, then searches the faces of
// shorter rolls die by die (within a budget of a few thousand probes), so
// that a roll whose fewest dice need repeated faces (every Luck die a 10)
// is found too.
func NeedsLeast(p Procedure) (least []Die, more bool, all []Die) {
	seen := map[string]bool{}
	probe := func(t *Tray) []Die {
		_, _ = p.Resolve(t)
		for _, d := range t.asked {
			if !seen[d.Name()] {
				seen[d.Name()] = true
				all = append(all, d)
			}
		}
		return t.asked
	}
	take := func(asked []Die) {
		switch {
		case least == nil:
			least = asked
		case len(asked) < len(least):
			least, more = asked, true
		case len(asked) > len(least):
			more = true
		}
	}
	for off := range 12 {
		take(probe(&Tray{probe: true, off: off}))
	}
	for v := 1; v <= 12; v++ {
		take(probe(&Tray{probe: true, script: slices.Repeat([]int{v}, MaxFaces)}))
	}
	// breadth first over the faces of each die in turn: the first roll
	// that ends with its script is the shortest
	queue, budget := [][]int{nil}, 4000
	for len(queue) > 0 && budget > 0 {
		script := queue[0]
		queue = queue[1:]
		if len(script) >= len(least) {
			break // no shorter roll left to find
		}
		budget--
		asked := probe(&Tray{probe: true, script: script})
		if len(asked) <= len(script) {
			take(asked)
			break
		}
		d := asked[len(script)]
		for v := 1; v <= d.Sides(); v++ {
			queue = append(queue, append(slices.Clip(script), v))
		}
	}
	return least, more, all
}

// ProbeFace is the face Needs gives the i-th die (from 0) of a roll: the
// faces go round 1, 2, 3…, so that two dice in a row never tie (a roll-off
// rolls again on a tie).
func ProbeFace(i int, d Die) int { return i%d.Sides() + 1 }

// Roller resolves procedures with dice rolled by an RNG, as Sample does,
// for a caller that keeps only the outcome, the flags and the faces (a
// game's digital dice): it reuses one tray, and its results have no
// explanation (Tray.Explains is false). The zero Roller is ready to use; it
// is not safe for concurrent use.
type Roller struct{ t Tray }

// Roll resolves p with dice rolled by r. The dice it returns are the
// Roller's and valid only until its next Roll.
func (ro *Roller) Roll(p Procedure, r *RNG) (Result, []Rolled, error) {
	ro.t = Tray{rng: r, dice: ro.t.dice[:0], quiet: true}
	res, err := p.Resolve(&ro.t)
	if err != nil {
		return Result{}, nil, fmt.Errorf("dice: %s: %w", p.Name(), err)
	}
	return res, ro.t.dice, nil
}
