package server

import (
	"net/http"
	"strings"

	"github.com/skirmish-engine/skirmish/engine"
)

// Undo by consent (docs/api.md, "Undo"). A seat's undo that takes back
// nothing the table has seen (no die rolled or typed, no answer of another
// side's) applies at once. Otherwise it is a request, which another seat
// approves (the undo is applied) or declines, or the asker withdraws; any
// other command drops it. The request, its answer and the undo are
// commands, stored as any other, so that a game rebuilt from its log has
// the same request waiting. What an undo takes back is put into words
// once, here, with its dice: for the request, for the notice after it,
// and for the log, where what the engine's log no longer holds (an action
// taken back while it waited for an answer, a start taken back) stays as
// a struck-through line.

// undoRequest is an undo waiting for another seat's consent: the side
// asking, the log entry it takes back (for an action still waiting for an
// answer, the index it would have had) and what it takes back, in words.
type undoRequest struct {
	By    int    `json:"by"`
	Entry int    `json:"entry"`
	Text  string `json:"text"`
}

// tookBack is what an undo took back: the command's seq, the side whose
// undo it was, the latest entry taken back and what, in words.
type tookBack struct {
	Seq   int    `json:"seq"`
	By    int    `json:"by"`
	Entry int    `json:"entry"`
	Text  string `json:"text"`
}

// logLine is a line of the log as the server shows it: the engine's, or
// (Dropped) one the engine's log no longer holds, which an undo took back
// (an action cancelled while it waited for an answer, or the start taken
// back); a dropped line is undone, and has the index it had, or would
// have had, in the engine's log.
type logLine struct {
	engine.LogLine
	Dropped bool `json:"dropped,omitempty"`
}

// undoKind reports whether a command is one of the undo commands.
func undoKind(kind string) bool { return strings.HasPrefix(kind, "undo") }

// overFinal is the refusal of any undo once the game is over: its export,
// with the dice seed, may have been read, and a game reopened would be
// played by someone who knows every roll.
func overFinal() *apiError {
	return unprocessable("undo", "the game is over, and a finished game is final (its export, which tells the dice seed, may have been read)")
}

// revealed reports whether what an undo would take back (tb, for side)
// showed the table something that taking it back would hide, so that the
// other players must agree first: a die rolled (digital dice) or typed,
// or an answer to a question put to another side than the asker's (its
// choice, its dice). A measurement at a table, which either seat answers
// and both see measured, and the asker's own choices reveal nothing.
func revealed(tb []engine.Annotated, side int) bool {
	for _, a := range tb {
		for _, q := range a.Questions {
			if q.Kind == engine.DiceQ || q.Who >= 0 && q.Who != side {
				return true
			}
		}
	}
	return false
}

// takebackText puts what an undo takes back into words, as the log does:
// each action with its answers (every die's faces; the measurements are
// left out, withoutFacts) and what it did, what followed it by itself
// after "then:"; one that was still waiting for an answer says so. It is the text of the request, of the notice after the
// undo, and nowhere else made.
func takebackText(lines []engine.LogLine, logLen int) string {
	var parts []string
	for _, l := range lines {
		var b strings.Builder
		b.WriteString(l.Action)
		own, ownEv := l.Own()
		then, thenEv := l.Followed()
		words(&b, own, ownEv)
		if len(then)+len(thenEv) > 0 {
			b.WriteString("; then:")
			words(&b, then, thenEv)
		}
		if l.Index >= logLen {
			b.WriteString(" (not finished: it was waiting for an answer)")
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, "; and ")
}

func words(b *strings.Builder, answers, events []string) {
	if len(answers) > 0 {
		b.WriteString(" [" + strings.Join(answers, "; ") + "]")
	}
	if len(events) > 0 {
		b.WriteString(" ⇒ " + strings.Join(events, ", "))
	}
}

// withoutFacts is an annotated entry without its measurements, which
// the table saw made and which taking it back hides from no one: what an
// undo takes back says its dice and choices (the log keeps the whole).
func withoutFacts(a engine.Annotated) engine.Annotated {
	return answersWhere(a, func(q engine.Question) bool { return q.Kind != engine.FactQ })
}

// factsOf is an annotated entry with its measurements only: what a
// dispute would have measured again.
func factsOf(a engine.Annotated) engine.Annotated {
	return answersWhere(a, func(q engine.Question) bool { return q.Kind == engine.FactQ })
}

// answersWhere is an annotated entry with only the answers whose
// question keep takes.
func answersWhere(a engine.Annotated, keep func(engine.Question) bool) engine.Annotated {
	e := *a.Entry
	n, then := len(e.Answers), 0
	var answers []engine.Answer
	var qs []engine.Question
	for k, q := range a.Questions {
		if !keep(q) || k >= n {
			continue
		}
		answers, qs = append(answers, e.Answers[k]), append(qs, q)
		if k >= n-e.Then.Answers {
			then++
		}
	}
	e.Answers, e.Then.Answers = answers, then
	a.Entry, a.Questions = &e, qs
	return a
}

// takeback is what UndoAs(side) would take back now: the lines, their
// text and the entry (the latest's index), and whether the other players
// must agree.
func (gm *game) takeback(side int) (lines []engine.LogLine, req *undoRequest, consent bool, err error) {
	tb, err := gm.g.Takeback(side)
	if err != nil {
		return nil, nil, false, err
	}
	lines = engine.LogLines(gm.g.State(), tb)
	short := make([]engine.Annotated, len(tb))
	for i, a := range tb {
		short[i] = withoutFacts(a)
	}
	req = &undoRequest{By: side, Text: takebackText(engine.LogLines(gm.g.State(), short), len(gm.g.Log().Entries))}
	if len(lines) > 0 {
		req.Entry = lines[len(lines)-1].Index
	}
	// Dice a dispute took back were shown all the same: cancelling the
	// action gives them up, so the other players must agree, as to any
	// re-roll (issue 34 re-probe).
	return lines, req, revealed(tb, side) || gm.g.Shown(), nil
}

// runUndo applies an undo command for side: "undo" takes back the side's
// last action at once; "undo-request" asks another seat's consent;
// "undo-approve", by another seat, takes back what the request asked;
// "undo-decline", by any seat, drops the request. The server decides which
// an undo is (s.undo); replaying a stored command does not decide again.
func (gm *game) runUndo(side int, kind string) error {
	switch kind {
	case "undo":
		return gm.undoAs(side)
	case "undo-request":
		if r := gm.request; r != nil {
			return gm.waiting(side)
		}
		_, req, _, err := gm.takeback(side)
		if err != nil {
			return err
		}
		gm.request = req
		return nil
	case "undo-approve":
		r := gm.request
		switch {
		case r == nil:
			return noRequest()
		case r.By == side:
			return unprocessable("undo", "the undo waiting is yours: another player must agree to it, not you (withdraw it with decline)")
		}
		return gm.undoAs(r.By)
	case "undo-decline":
		if gm.request == nil {
			return noRequest()
		}
		gm.request = nil
		return nil
	}
	return unprocessable("undo", "unknown command %q", kind)
}

func noRequest() *apiError {
	return unprocessable("undo", "no undo is waiting for an answer")
}

// waiting is the refusal of an undo while a request waits.
func (gm *game) waiting(side int) *apiError {
	if gm.request.By == side {
		return unprocessable("undo", "you asked already for an undo (undo_request): the other player has not answered (withdraw it with decline)")
	}
	return unprocessable("undo", "another player asks for an undo (undo_request): approve or decline it first")
}

// undoAs takes back side's last action (the engine's UndoAs) and keeps
// what it took back: for the notice, and in the log the lines the engine's
// log no longer holds. The request waiting, if any, is done with.
func (gm *game) undoAs(side int) error {
	lines, req, _, err := gm.takeback(side)
	if err != nil {
		return err
	}
	before := len(gm.g.Log().Entries)
	if err := gm.g.UndoAs(side); err != nil {
		return err
	}
	after := len(gm.g.Log().Entries)
	if after < before { // the start taken back: the log begins again
		gm.dropped = nil
	}
	for _, l := range lines {
		if l.Index >= after {
			l.Undone = true
			gm.dropped = append(gm.dropped, logLine{LogLine: l, Dropped: true})
		}
	}
	gm.request = nil
	gm.undone = &tookBack{Seq: gm.seq + 1, By: side, Entry: req.Entry, Text: req.Text}
	return nil
}

// logLines is the log in words, as the server shows it: the engine's
// lines, with those undos dropped from it where they stood. The caller
// holds gm.mu.
func (gm *game) logLines() ([]logLine, error) {
	if gm.lines != nil && gm.linesSeq == gm.seq {
		return gm.lines, nil
	}
	an, err := gm.g.Annotate()
	if err != nil {
		return nil, err
	}
	eng := engine.LogLines(gm.g.State(), an)
	out := make([]logLine, 0, len(eng)+len(gm.dropped))
	j := 0
	for _, l := range eng {
		for j < len(gm.dropped) && gm.dropped[j].Index <= l.Index {
			out = append(out, gm.dropped[j])
			j++
		}
		out = append(out, logLine{LogLine: l})
	}
	out = append(out, gm.dropped[j:]...)
	gm.lines, gm.linesSeq = out, gm.seq
	return out, nil
}

// undo is POST /api/games/{id}/undo: the seat's last action taken back at
// once when it revealed nothing, or else a request for another seat's
// consent (202, with the request).
func (s *Server) undo(w http.ResponseWriter, r *http.Request) {
	gm, side, err := s.access(r)
	if err != nil {
		fail(w, err)
		return
	}
	req, err := s.readWrite(r, "")
	if err != nil {
		fail(w, err)
		return
	}
	tail, err := replyView(r)
	if err != nil {
		fail(w, err)
		return
	}
	if side == spectator {
		fail(w, notYourSeat("a spectator cannot undo"))
		return
	}
	// Which it is depends on the game as it stands: read under its lock;
	// write checks the seq again, so a game that moved meanwhile is a 409.
	kind, ask, err := func() (string, *undoRequest, error) {
		gm.mu.Lock()
		defer gm.mu.Unlock()
		switch {
		case gm.gone:
			return "", nil, reloading()
		case *req.Seq != gm.seq:
			return "", nil, stale(*req.Seq, gm.seq)
		case gm.g.Over():
			return "", nil, overFinal()
		case gm.request != nil:
			return "", nil, gm.waiting(side)
		}
		_, ask, consent, err := gm.takeback(side)
		if err != nil {
			return "", nil, engineError(err)
		}
		if consent {
			return "undo-request", ask, nil
		}
		return "undo", nil, nil
	}()
	if err != nil {
		fail(w, err)
		return
	}
	seq, _, err := s.write(r.Context(), gm, side, *req.Seq, kind, struct{}{})
	if err != nil {
		fail(w, err)
		return
	}
	if ask != nil {
		s.ack(w, gm, side, http.StatusAccepted, map[string]any{"seq": seq, "undo_request": ask}, tail)
		return
	}
	s.ack(w, gm, side, http.StatusOK, map[string]any{"seq": seq}, tail)
}

// undoApprove is POST /api/games/{id}/undo/approve: another seat agrees,
// and the undo asked for is applied.
func (s *Server) undoApprove(w http.ResponseWriter, r *http.Request) {
	s.plainWrite(w, r, "undo-approve")
}

// undoDecline is POST /api/games/{id}/undo/decline: another seat refuses
// the undo asked for, or the seat that asked withdraws it.
func (s *Server) undoDecline(w http.ResponseWriter, r *http.Request) {
	s.plainWrite(w, r, "undo-decline")
}
