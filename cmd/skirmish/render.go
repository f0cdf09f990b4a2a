package main

import (
	"fmt"
	"sort"
	"strings"

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

// modelName is a model's scenario ID.
func modelName(s *engine.State, m int) string {
	if m < 0 || m >= len(s.Models) {
		return fmt.Sprintf("m%d", m)
	}
	return s.Static(m).ID
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

// answerText shows one answer with its question.
func answerText(s *engine.State, q engine.Question, a engine.Answer) string {
	switch q.Kind {
	case engine.DiceQ:
		nf := len(q.Proc.Flags())
		out := q.Proc.Outcomes()
		t := q.Key + " "
		if o := a.Code >> nf; o >= 0 && o < len(out) {
			t += out[o]
		}
		for i, f := range q.Proc.Flags() {
			if a.Code>>i&1 == 1 {
				t += "+" + f
			}
		}
		if len(a.Faces) > 0 {
			var fs []string
			for _, f := range a.Faces {
				fs = append(fs, fmt.Sprint(f))
			}
			t += " (" + strings.Join(fs, ",") + ")"
			if a.Typed {
				t += " typed"
			}
		}
		return t
	case engine.ChoiceQ:
		if a.Code >= 0 && a.Code < len(q.Options) {
			return fmt.Sprintf("%s: %s chose %s", q.Key, sideName(s, q.Who), q.Options[a.Code])
		}
	case engine.FactQ:
		return q.Key + " " + factValue(q.Fact, a.Code)
	}
	return fmt.Sprintf("%s %d", q.Key, a.Code)
}

func factValue(f engine.Fact, v int) string {
	if f.Boolean() {
		if v == 1 {
			return "yes"
		}
		return "no"
	}
	return fmt.Sprintf("%.2f\"", float64(v)/100)
}

// eventText shows an event.
func eventText(s *engine.State, e engine.Event) string {
	in := s.Info()
	switch e.Type {
	case "status":
		if e.Value >= 0 && e.Value < len(in.Statuses) {
			return modelName(s, e.Model) + " " + in.Statuses[e.Value]
		}
	case "removed":
		return modelName(s, e.Model) + " out of play"
	case "counter":
		return fmt.Sprintf("%s %s %d", modelName(s, e.Model), e.Key, e.Value)
	case "moved":
		if e.X != 0 || e.Y != 0 {
			return fmt.Sprintf("%s moved to %g,%g", modelName(s, e.Model), e.X, e.Y)
		}
		return modelName(s, e.Model) + " moved"
	case "activated", "passed":
		return ""
	case "priority", "initiative", "conceded", "morale-passed", "morale-failed", "shaken", "first-turn", "fail-forward":
		return e.Type + ": " + sideName(s, e.Value) // events about a side
	case "game-over":
		if e.Value >= 0 {
			return "game over: " + sideName(s, e.Value) + " wins"
		}
		return "game over: a draw"
	}
	t := e.Type
	if e.Model != engine.NoModel {
		t += " " + modelName(s, e.Model)
	}
	if e.Other != engine.NoModel {
		t += " → " + modelName(s, e.Other)
	}
	return t
}

// entryText is one log line: round, side, action, answers, events.
func entryText(s *engine.State, an engine.Annotated) string {
	e := an.Entry
	var b strings.Builder
	switch {
	case e.Action.ID == "start":
		b.WriteString(fmt.Sprintf("%4d  start of the game", an.Index))
	case e.Action.ID == "undo":
		b.WriteString(fmt.Sprintf("%4d  undo of entry %d", an.Index, e.Action.Option))
	default:
		fmt.Fprintf(&b, "%4d  r%d %-8s %s", an.Index, an.Round, sideName(s, e.Side), actionText(s, e.Action))
	}
	var parts []string
	for k, q := range an.Questions {
		parts = append(parts, answerText(s, q, e.Answers[k]))
	}
	if len(parts) > 0 {
		b.WriteString("  [" + strings.Join(parts, "; ") + "]")
	}
	var evs []string
	for _, ev := range e.Events {
		if t := eventText(s, ev); t != "" {
			evs = append(evs, t)
		}
	}
	if len(evs) > 0 {
		b.WriteString("  ⇒ " + strings.Join(evs, ", "))
	}
	if e.Undone {
		b.WriteString("  (undone)")
	}
	return b.String()
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
		if !md.InPlay {
			st = "out"
		}
		var extra []string
		for c, d := range in.Counters {
			if v := md.Counters[c]; v != 0 {
				extra = append(extra, fmt.Sprintf("%s %d", d.Name, v))
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
		return p.Text + "\n  type the faces in the order asked, separated by commas or spaces (as in 3,5)"
	case engine.ChoiceQ:
		var opts []string
		if byName(p.Options) {
			return fmt.Sprintf("%s: %s\n  type one of: %s", who, p.Text, strings.Join(p.Options, ", "))
		}
		for i, o := range p.Options {
			opts = append(opts, fmt.Sprintf("%d) %s", i+1, o))
		}
		return fmt.Sprintf("%s: %s\n  %s", who, p.Text, strings.Join(opts, "  "))
	case engine.FactQ:
		if p.Fact.Boolean() {
			return p.Text + "\n  type yes or no"
		}
		return p.Text + "\n  type inches, as in 3.5"
	}
	return p.Key
}
