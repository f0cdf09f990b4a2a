package engine

import "slices"

// ActionKind is a group of a decision's legal actions: one action definition
// for one actor (a move of m3, a shot of m3), or a single activation,
// pass or end of activation. Kinds let a program choose what to do before
// how (issue 35): listing a decision's kinds does not work out every
// option of a kind whose definition can say it has one (ActionDef.Any,
// which a move's thousands of destinations have), and KindActions lists
// one kind's options when they are wanted. A random bot that picks a kind,
// then an option of it, lists one kind's options instead of all of them,
// and is not drowned by the moves.
type ActionKind struct {
	ID    string // the action definition's ID, or Activate, Pass or End
	Actor int    // the model acting (NoModel for a pass)
}

// kindLister lists a decision's kinds and expands them. It has its own
// buffers, so that Legal's list is never disturbed.
type kindLister struct {
	l     lister
	kinds []ActionKind
	def   []int // per kind, the action definition (-1: one action of its own)
	// listed is the whole legal list of a decision that had to be listed
	// (a forced follow-up): its kinds expand from it.
	listed bool
}

// ActionKinds returns the kinds of the decision's legal actions, each with at
// least one legal action, in Legal's order: the actions of ActionKinds'
// KindActions, one kind after the other, are Legal's list. It is nil
// while a prompt waits and once the game is over. The slice is reused by
// the next call; callers must not modify it.
func (g *Game) ActionKinds() []ActionKind {
	if g.pending != nil || g.live.Over {
		return nil
	}
	if g.kinds == nil {
		g.kinds = &kindLister{l: newLister(g)}
	}
	return g.kinds.list(g.live)
}

// KindActions returns the legal actions of kind k of the decision now, in
// Legal's order: none when k is not one of ActionKinds'. The slice is reused by
// the next call; callers must not modify it.
func (g *Game) KindActions(k ActionKind) []Action {
	if g.pending != nil || g.live.Over {
		return nil
	}
	kl := g.kinds
	if kl == nil {
		kl = &kindLister{l: newLister(g)}
		g.kinds = kl
	}
	// The kinds of the decision now (the game may have moved since they
	// were last listed): cheap beside one kind's expansion.
	kl.list(g.live)
	i := slices.Index(kl.kinds, k)
	if i < 0 {
		return nil
	}
	return kl.expand(g.live, i)
}

// list fills kl.kinds with the kinds of the decision in s.
func (kl *kindLister) list(s *State) []ActionKind {
	l := &kl.l
	l.bind()
	g := l.g
	kl.kinds, kl.def, kl.listed = kl.kinds[:0], kl.def[:0], false
	t := &s.Turn
	add := func(k ActionKind, def int) {
		kl.kinds = append(kl.kinds, k)
		kl.def = append(kl.def, def)
	}
	switch {
	case t.Model == NoModel:
		l.legal(s) // activations and a pass: a kind each, nothing to work out
		for _, a := range l.out {
			add(ActionKind{a.ID, a.Actor}, -1)
		}
		return kl.kinds
	case len(t.Forced) > 0:
		// A follow-up (rare): the whole list, grouped.
		l.legal(s)
		kl.listed = true
		for _, a := range l.out {
			if n := len(kl.kinds); n == 0 || kl.kinds[n-1] != (ActionKind{a.ID, a.Actor}) {
				add(ActionKind{a.ID, a.Actor}, -1)
			}
		}
		return kl.kinds
	}
	m := t.Model
	for _, i := range g.eco.order {
		d := &g.info.Actions[i]
		if g.eco.barred(s, m, i, false) || d.Available != nil && !d.Available(s, m) {
			continue
		}
		one := Act(d.ID, m)
		if g.eco.fixed[i] && g.eco.check(s, m, i, one, false).code != allowed {
			continue
		}
		switch {
		case d.Options == nil:
			if g.eco.check(s, m, i, one, false).code != allowed {
				continue
			}
		case d.Any != nil:
			if !d.Any(s, m) {
				continue
			}
		default:
			if len(kl.options(s, m, i)) == 0 {
				continue
			}
		}
		add(ActionKind{d.ID, m}, i)
	}
	if t.Actions >= g.info.Economy.MinActions || len(kl.kinds) == 0 {
		end := ActionKind{End, m}
		k, _ := slices.BinarySearchFunc(kl.kinds, end, func(a, b ActionKind) int { return compareActions(Act(a.ID, a.Actor), Act(b.ID, b.Actor)) })
		kl.kinds = slices.Insert(kl.kinds, k, end)
		kl.def = slices.Insert(kl.def, k, -1)
	}
	return kl.kinds
}

// expand lists the legal actions of kind i of the decision in s.
func (kl *kindLister) expand(s *State, i int) []Action {
	k := kl.kinds[i]
	switch {
	case kl.listed:
		// The list of the whole decision, which listing its kinds made;
		// Legal's own buffer may hold another list since, so list again.
		kl.l.legal(s)
		lo := slices.IndexFunc(kl.l.out, func(a Action) bool { return a.ID == k.ID && a.Actor == k.Actor })
		hi := lo
		for hi < len(kl.l.out) && kl.l.out[hi].ID == k.ID && kl.l.out[hi].Actor == k.Actor {
			hi++
		}
		return kl.l.out[lo:hi:hi]
	case kl.def[i] < 0:
		kl.l.out = append(kl.l.out[:0], Act(k.ID, k.Actor))
		return kl.l.out
	}
	return kl.options(s, k.Actor, kl.def[i])
}

// options lists model m's legal actions of action definition i in s,
// sorted, as lister.list does for each definition.
func (kl *kindLister) options(s *State, m, i int) []Action {
	l := &kl.l
	l.bind()
	g := l.g
	d := &g.info.Actions[i]
	l.out, l.s = l.out[:0], s
	l.m, l.i, l.forced = m, i, false
	l.allowed = g.eco.fixed[i] && g.eco.check(s, m, i, Act(d.ID, m), false).code == allowed
	if d.Options == nil {
		l.emit(Act(d.ID, m))
		return l.out
	}
	d.Options(s, m, l.emit)
	if !slices.IsSortedFunc(l.out, compareActions) {
		slices.SortFunc(l.out, compareActions)
	}
	l.out = slices.CompactFunc(l.out, func(a, b Action) bool { return a == b })
	return l.out
}
