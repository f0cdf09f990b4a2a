package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
)

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func sideName(s *engine.State, i int) string {
	if i >= 0 && i < len(s.Setup().Sides) {
		return s.Setup().Sides[i].Name
	}
	return "-"
}

// actionText is the engine's text for an action: "Shoot red-b → blue-a
// with autogun".
func actionText(s *engine.State, a engine.Action) string { return engine.ActionText(s, a) }

// The menu of a model's actions says, where the activation has a slot
// budget (N26's Single and Double, N23's Simple, Basic, Double and Free
// actions: a type is what an action costs of the activation), how many
// actions the model has left and each action's type now. Other economies
// (Trench Crusade's one of each, Fallout: Factions' Fatigue, shown in the
// state) have no slots to count.

// budgetText is " (runner: 2 actions left)" while a model with a slot
// budget is active, else "".
func budgetText(s *engine.State) string {
	m := s.Turn.Model
	if s.Info().Economy.Slots == 0 || m == engine.NoModel {
		return ""
	}
	switch n := s.Turn.Slots; n {
	case 0:
		return fmt.Sprintf(" (%s: no actions left)", s.Static(m).ID)
	case 1:
		return fmt.Sprintf(" (%s: 1 action left)", s.Static(m).ID)
	default:
		return fmt.Sprintf(" (%s: %d actions left)", s.Static(m).ID, n)
	}
}

// typeText is the type of action a now for the menu, "  [double]", where
// the activation has a slot budget: an opening action (N23's turn) is not
// an action; a free follow-up (the Fight after a Charge) costs nothing.
// The engine's own actions have none.
func typeText(s *engine.State, a engine.Action) string {
	in := s.Info()
	i := in.Action(a.ID)
	if in.Economy.Slots == 0 || s.Turn.Model == engine.NoModel || i < 0 || i >= len(in.Actions) {
		return ""
	}
	switch {
	case in.Actions[i].Opening:
		return "  [not an action]"
	case slices.Contains(s.Turn.Forced, int16(i)):
		return "  [free follow-up]"
	}
	return "  [" + engine.ActionType(s, a) + "]"
}

// entryText is one log line: round, side, action, answers, events.
func entryText(s *engine.State, an engine.Annotated) string {
	l := engine.LogLines(s, []engine.Annotated{an})[0]
	return ownText(s, an.Entry.Action.ID, l) + thenText(l)
}

// ownText is a log line's action (of the action id) with its own answers
// and events, and "(undone)" if it was taken back.
func ownText(s *engine.State, id string, l engine.LogLine) string {
	var b strings.Builder
	switch id {
	case "start", "undo", "concede":
		fmt.Fprintf(&b, "%4d  %s", l.Index, l.Action)
	default:
		fmt.Fprintf(&b, "%4d  r%d %-8s %s", l.Index, l.Round, sideName(s, l.Side), l.Action)
	}
	answers, events := l.Own()
	writeResults(&b, answers, events)
	if l.Undone {
		b.WriteString("  (undone)")
	}
	return b.String()
}

// thenText is what followed a log line's action by itself (the end of the
// activation or the round, the next round's priority roll), on a line of
// its own so that it is not read as the action's doing; "" if nothing did.
func thenText(l engine.LogLine) string {
	answers, events := l.Followed()
	if len(answers)+len(events) == 0 {
		return ""
	}
	var t strings.Builder
	writeResults(&t, answers, events)
	return "\n        then: " + strings.TrimLeft(t.String(), " ")
}

func writeResults(b *strings.Builder, answers, events []string) {
	if len(answers) > 0 {
		b.WriteString("  [" + strings.Join(answers, "; ") + "]")
	}
	if len(events) > 0 {
		b.WriteString("  ⇒ " + strings.Join(events, ", "))
	}
}

// stateText summarises the state for a player.
func stateText(s *engine.State) string {
	in := s.Info()
	var b strings.Builder
	if s.Round == 0 {
		fmt.Fprintf(&b, "before round 1 of %d", s.Setup().Rounds)
	} else {
		fmt.Fprintf(&b, "round %d of %d, %s phase", s.Round, s.Setup().Rounds, s.PhaseID())
	}
	for i := range s.Sides {
		var cs []string
		for c, d := range in.SideCounts {
			cs = append(cs, fmt.Sprintf("%s %d", d.Name, s.Sides[i].Counters[c]))
		}
		if len(cs) > 0 {
			fmt.Fprintf(&b, "; %s: %s", sideName(s, i), strings.Join(cs, ", "))
		}
	}
	b.WriteString("\n")
	for m := range s.Models {
		md := &s.Models[m]
		st := in.Statuses[md.Status]
		if len(in.Secondary) > 0 {
			st += "/" + in.Secondary[md.Secondary]
		}
		if !md.InPlay {
			st = "out"
		}
		var extra []string
		for c, d := range in.Counters {
			if in.CounterShown(s, m, c) {
				extra = append(extra, fmt.Sprintf("%s %d", d.Name, md.Counters[c]))
			}
		}
		for c, name := range in.Conditions {
			if md.Conds&(1<<c) != 0 {
				extra = append(extra, name)
			}
		}
		pos := ""
		if s.Setup().Mode == "board" && md.InPlay {
			pos = fmt.Sprintf("  @%g,%g", md.Pos.X, md.Pos.Y)
			if md.Pos.Level != 0 {
				pos += fmt.Sprintf(" level %d", md.Pos.Level)
			}
		}
		marker := " "
		if s.Turn.Model == m {
			marker = "*"
		}
		fmt.Fprintf(&b, " %s %-10s %-8s %-10s %s%s\n", marker, s.Static(m).ID, sideName(s, s.SideOf(m)), st, strings.Join(extra, ", "), pos)
	}
	return b.String()
}

// promptText shows a pending prompt: the engine's text, which says what it
// is for and what it needs, and how to type the answer here.
func promptText(s *engine.State, p *engine.Prompt) string {
	who := sideName(s, p.Who)
	if p.Who == engine.Anyone {
		who = "the players"
	}
	switch p.Kind {
	case engine.DiceQ:
		t := p.Text + "\n  type the faces in the order asked, separated by commas or spaces (as in 3,5)"
		seen := map[string]bool{}
		for _, d := range dice.Needs(p.Proc) {
			if ty := d.Typing(); ty != "" && !seen[d.Name()] {
				seen[d.Name()] = true
				t += "\n  " + ty
			}
		}
		return t
	case engine.ChoiceQ:
		switch {
		case yesNo(p.Options): // words only: see "How answers are typed"
			return fmt.Sprintf("%s: %s\n  type %s", who, p.Text, yesNoForms)
		case byName(p.Options):
			return fmt.Sprintf("%s: %s\n  type %s", who, p.Text, byNameForms(p.Options))
		}
		var opts []string
		for i, o := range p.Options {
			opts = append(opts, fmt.Sprintf("%d) %s", i+1, o))
		}
		return fmt.Sprintf("%s: %s\n  %s\n  type %s", who, p.Text, strings.Join(opts, "  "), menuForms(len(p.Options)))
	case engine.FactQ:
		if p.Fact.Boolean() {
			return p.Text + "\n  type " + yesNoForms
		}
		return p.Text + "\n  type inches, as in 3.5"
	}
	return p.Key
}

// menuText numbers the legal actions, one a line, but for runs of four or
// more of one action by one model (a move's destinations, a turn's
// headings, a shot's targets): those share a line saying what they are,
// each then numbered by what sets it apart, several to a line.
func menuText(s *engine.State, legal []engine.Action) string {
	var b strings.Builder
	for i := 0; i < len(legal); {
		j := i + 1
		for j < len(legal) && legal[j].ID == legal[i].ID && legal[j].Actor == legal[i].Actor {
			j++
		}
		texts := make([]string, j-i)
		for k := range texts {
			texts[k] = actionText(s, legal[i+k])
		}
		head := commonWords(texts)
		if j-i < 4 || head == "" {
			for k := i; k < j; k++ {
				fmt.Fprintf(&b, "  %2d) %s%s\n", k+1, texts[k-i], typeText(s, legal[k]))
			}
			i = j
			continue
		}
		// The type goes on the heading when every option has it; else each
		// option says its own (N23: an Unwieldy weapon's Shoot is a Double
		// action, a pistol's beside it Basic).
		types := make([]string, j-i)
		same := true
		for k := range types {
			types[k] = typeText(s, legal[i+k])
			same = same && types[k] == types[0]
		}
		ty := ""
		if same {
			ty = strings.TrimSpace(types[0])
			if ty != "" {
				ty = " " + ty
			}
		}
		fmt.Fprintf(&b, "  %s%s:\n", strings.TrimSpace(head), ty)
		line := "     "
		for k := i; k < j; k++ {
			item := fmt.Sprintf("%d) %s", k+1, strings.TrimPrefix(texts[k-i], head))
			if !same {
				item += types[k-i]
			}
			if len(line)+len(item) > 76 && strings.TrimSpace(line) != "" {
				b.WriteString(strings.TrimRight(line, " ") + "\n")
				line = "     "
			}
			line += item + "   "
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
		i = j
	}
	return b.String()
}

// commonWords is the words every text begins with, with the space after
// them ("Move rust-boss to "), or "" when they share fewer than two.
func commonWords(texts []string) string {
	ws := strings.SplitAfter(texts[0], " ")
	n := len(ws) - 1 // never the whole of a text
	for _, t := range texts[1:] {
		o := strings.SplitAfter(t, " ")
		k := 0
		for k < n && k < len(o)-1 && o[k] == ws[k] {
			k++
		}
		n = k
	}
	if n < 2 {
		return ""
	}
	return strings.Join(ws[:n], "")
}
