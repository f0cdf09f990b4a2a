package dice

import "fmt"

// A Procedure is one dice procedure a rule asks for, with its parameters
// bound: "a Trench Crusade injury roll with +1 injury die and a -1 modifier".
// It can do three things with one piece of rule code: give the exact
// distribution of its outcomes (Odds), and resolve faces rolled by an RNG or
// typed by a player (Resolve, through Sample and Read).
//
// Outcomes are the coarsest results the rules need, in their natural order.
// Flags are side events some procedures report as well, such as a Fallout:
// Factions critical. Odds is a distribution over codes joining both: see Code.
type Procedure interface {
	// Name is the procedure's registered name, as in "tc-injury".
	Name() string
	// Outcomes names the outcomes, in natural order.
	Outcomes() []string
	// Flags names the side events, or is empty.
	Flags() []string
	// Odds is the exact distribution of Code(outcome, flags).
	Odds() Dist
	// Resolve rolls the procedure's dice in t and reads the result from
	// their faces. Its only errors come from t (typed faces that do not fit).
	Resolve(t *Tray) (Result, error)
}

// Describer is a procedure that tells a person rolling real dice what to
// roll and what it needs: "roll 1 D6: 4+ passes; a natural 1 always fails,
// a 6 always passes". The engine puts it in every dice question it asks a
// player, so that the table needs no rulebook. Every procedure of the
// built-in rulesets implements it (dicetest checks).
type Describer interface {
	Describe() string
}

// Describe is p's description for a person, or a plain one naming the
// procedure and its outcomes when p has none.
func Describe(p Procedure) string {
	if d, ok := p.(Describer); ok {
		return d.Describe()
	}
	return fmt.Sprintf("roll %s (outcomes: %v)", p.Name(), p.Outcomes())
}

// Result is what a resolved procedure produced.
type Result struct {
	Outcome int      // index into Outcomes
	Flags   uint     // bit i set when Flags()[i] happened
	Total   *int     // the modified total or count the outcome was read from, if any
	Mods    []int    // the modifiers applied, as given
	Explain string   // one line saying how the dice gave the outcome; empty from a Roller (Tray.Explains)
	Dice    []Rolled // every die rolled, in order (set by Sample and Read)
}

// Code joins an outcome index and flag bits into one Odds outcome.
func Code(outcome int, flags uint, nflags int) int { return outcome<<nflags | int(flags) }

// OutcomeOdds returns the distribution of p's outcome index, flags ignored.
func OutcomeOdds(p Procedure) Dist {
	nf := len(p.Flags())
	return p.Odds().Map(func(c int) int { return c >> nf })
}

// FlagOdds returns the probability that p's flag f happens.
func FlagOdds(p Procedure, f int) Prob {
	return p.Odds().Map(func(c int) int { return c >> f & 1 }).P(1)
}

// Sample resolves p with dice rolled by r.
func Sample(p Procedure, r *RNG) (Result, error) {
	return resolve(p, RollWith(r))
}

// Read resolves p with the faces a player typed, as split by ParseFaces. It
// fails with a *FacesError when a face does not fit its die, or when there
// are too few or too many faces.
func Read(p Procedure, faces []string) (Result, error) {
	return resolve(p, ReadFaces(faces))
}

func resolve(p Procedure, t *Tray) (Result, error) {
	res, err := p.Resolve(t)
	if err == nil {
		err = t.finish()
	}
	if err != nil {
		return Result{}, fmt.Errorf("dice: %s: %w", p.Name(), err)
	}
	res.Dice = t.Dice()
	return res, nil
}
