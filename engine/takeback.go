package engine

import "slices"

// Takeback says what UndoAs(side) would take back now, as annotated log
// entries (their questions with their answers), oldest first: the entries
// it would undo, then the action waiting for an answer as far as it went,
// which is in no entry yet (its Index is the one it would have had, the
// log's length). The error is the one UndoAs would give (another side's
// action, nothing to undo, dice rolled in a strict game). The game is
// unchanged.
//
// It lets a server show what an undo would take back, with its dice, and
// decide by what was answered whether the other players must agree first.
// Callers must not modify what it returns.
func (g *Game) Takeback(side int) ([]Annotated, error) {
	if err := g.undoSeat(side); err != nil {
		return nil, err
	}
	undo, err := g.undoPlan()
	if err != nil {
		return nil, err
	}
	var out []Annotated
	if len(undo) > 0 && len(g.log.Entries) > 0 { // not the start still asking its questions
		an, err := g.Annotate()
		if err != nil {
			return nil, err
		}
		for _, k := range slices.Backward(undo) {
			if k < len(an) {
				out = append(out, an[k])
			}
		}
	}
	if g.pending != nil {
		if an, _ := g.inFlight(); an != nil {
			out = append(out, *an)
		}
	}
	return out, nil
}
