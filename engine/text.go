package engine

import (
	"fmt"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
)

// describe makes a question's text for people (DESIGN.md §3: questions
// speak for themselves): what it is for, who answers, and what it needs.
// The CLI, the server and the web pages all show this one text.
func (q *Question) describe(s *State) string {
	switch q.Kind {
	case DiceQ:
		var b strings.Builder
		b.WriteString(q.About.text(s))
		if b.Len() > 0 {
			b.WriteString(" — ")
		}
		b.WriteString(sideLabel(s, q.Who))
		b.WriteString(": ")
		b.WriteString(dice.Describe(q.Proc))
		return b.String()
	case FactQ:
		t := "the players measure: " + factText(s, q.Fact)
		if q.Fact.Why != "" {
			t = q.Fact.Why + " — " + t
		}
		return t
	}
	return q.Text
}

// text is "Ranged hit for breaker-a against warden-b (autogun)".
func (ab About) text(s *State) string {
	var b strings.Builder
	b.WriteString(ab.What)
	if ab.Model != NoModel {
		b.WriteString(" for " + modelID(s, ab.Model))
	}
	if ab.Other != NoModel {
		b.WriteString(" against " + modelID(s, ab.Other))
	}
	if ab.With != "" {
		b.WriteString(" (" + ab.With + ")")
	}
	return b.String()
}

func modelID(s *State, m int) string {
	if m >= 0 && m < len(s.Models) {
		return s.Static(m).ID
	}
	return fmt.Sprintf("m%d", m)
}

func sideLabel(s *State, side int) string {
	if side >= 0 && side < len(s.setup.Sides) {
		return s.setup.Sides[side].Name
	}
	return "the players"
}

// factText is the fact as a question with model IDs: "is warden-a within
// 1\" of breaker-b? (yes or no)".
func factText(s *State, f Fact) string {
	a, b := modelID(s, f.A), modelID(s, f.B)
	in := fmtF(f.Inches)
	switch f.Kind {
	case FactWithin:
		return fmt.Sprintf("is %s within %s\" of %s? (yes or no)", a, in, b)
	case FactWithinAny:
		var ms []string
		for n := range s.Models {
			if f.Set&(1<<n) != 0 {
				ms = append(ms, modelID(s, n))
			}
		}
		return fmt.Sprintf("is %s within %s\" of any of %s? (yes or no)", a, in, strings.Join(ms, ", "))
	case FactContact:
		return fmt.Sprintf("is %s in base contact with %s? (yes or no)", a, b)
	case FactSight:
		return fmt.Sprintf("can %s see %s? (yes or no)", a, b)
	case FactCover:
		return fmt.Sprintf("is %s in cover from %s? (yes or no)", b, a)
	case FactDistance:
		return fmt.Sprintf("how far is %s from %s, base edge to base edge? (inches)", a, b)
	case FactElevation:
		return fmt.Sprintf("how far does %s stand above %s? (inches; below is negative)", a, b)
	case FactNearLedge:
		return fmt.Sprintf("is %s within %s\" of a ledge? (yes or no)", a, in)
	case FactFall:
		return fmt.Sprintf("how far would %s fall from the nearest ledge? (inches)", a)
	case FactTurn:
		return fmt.Sprintf("can %s face %s by turning at most %s°? (yes or no)", a, b, in)
	}
	return f.String()
}
