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
	chk   lister // Game.isLegal's, so that a check leaves l's list alone
	kinds []ActionKind
	def   []int // per kind, the action definition (-1: one action of its own)
	// at is, per kind, where its options start in opts when listing the
	// kinds worked them out (a definition without Any), else -1; opts
	// holds them, so that expanding such a kind lists nothing again.
	at     []int32
	opts   []Action
	forced bool // the kinds are a follow-up's
	// gen is the Game's gen the kinds were listed at; ok, that they were.
	gen uint64
	ok  bool
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
	return g.kinds.current(g)
}

// current returns the kinds of g's decision now, listed again only if it
// changed since they were.
func (kl *kindLister) current(g *Game) []ActionKind {
	if !kl.ok || kl.gen != g.gen {
		kl.list(g.live)
		kl.gen, kl.ok = g.gen, true
	}
	return kl.kinds
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
	// were last listed; listed again only if it has).
	i := slices.Index(kl.current(g), k)
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
	kl.kinds, kl.def, kl.at, kl.opts = kl.kinds[:0], kl.def[:0], kl.at[:0], kl.opts[:0]
	t := &s.Turn
	if t.Model == NoModel {
		l.legal(s) // activations and a pass: a kind each, nothing to work out
		for _, a := range l.out {
			kl.add(ActionKind{a.ID, a.Actor}, -1)
		}
		return kl.kinds
	}
	m := t.Model
	forced := len(t.Forced) > 0
	kl.model(s, m, forced)
	if forced && len(kl.kinds) == 0 {
		forced = false // advance drops a follow-up that cannot be taken; be safe, as legal is
		kl.model(s, m, false)
	}
	kl.forced = forced
	if !forced && (t.Actions >= g.info.Economy.MinActions || len(kl.kinds) == 0) {
		end := ActionKind{End, m}
		k, _ := slices.BinarySearchFunc(kl.kinds, end, func(a, b ActionKind) int { return compareActions(Act(a.ID, a.Actor), Act(b.ID, b.Actor)) })
		kl.kinds = slices.Insert(kl.kinds, k, end)
		kl.def = slices.Insert(kl.def, k, -1)
		kl.at = slices.Insert(kl.at, k, -1)
	}
	return kl.kinds
}

func (kl *kindLister) add(k ActionKind, def int) {
	kl.kinds = append(kl.kinds, k)
	kl.def = append(kl.def, def)
	kl.at = append(kl.at, -1)
}

// model adds the kinds of model m's actions (the follow-ups only, when
// forced), as lister.list visits its definitions.
func (kl *kindLister) model(s *State, m int, forced bool) {
	g := kl.l.g
	// What the check that the activation goes on found of this very
	// state, if it was one (Game.quick): a definition it found nothing
	// to offer offers nothing now, and one it found offering something
	// whose options are not listed here needs no second asking.
	var seen []int8
	if !forced && g.quickOK && g.quickGen == g.gen && s == g.live && s.Turn.Model == m {
		seen = g.quick
	}
	for _, i := range g.eco.order {
		d := &g.info.Actions[i]
		if forced && !slices.Contains(s.Turn.Forced, int16(i)) {
			continue
		}
		if seen != nil {
			switch seen[i] {
			case seenNone:
				continue
			case seenSome:
				if d.Options == nil || d.Any != nil && g.eco.fixed[i] {
					kl.add(ActionKind{d.ID, m}, i)
					continue
				}
			}
		}
		if g.eco.barred(s, m, i, forced) || d.Available != nil && !d.Available(s, m) {
			continue
		}
		one := Act(d.ID, m)
		if g.eco.fixed[i] && g.eco.check(s, m, i, one, forced).code != allowed {
			continue
		}
		switch {
		case d.Options == nil:
			if g.eco.check(s, m, i, one, forced).code != allowed {
				continue
			}
		case d.Any != nil && g.eco.fixed[i]:
			// Any answers for the options only where the economy's
			// verdict is the same for all of them (a fixed type)
			if !d.Any(s, m) {
				continue
			}
		default:
			opts := kl.options(s, m, i, forced)
			if len(opts) == 0 {
				continue
			}
			kl.add(ActionKind{d.ID, m}, i)
			kl.at[len(kl.at)-1] = int32(len(kl.opts))
			kl.opts = append(kl.opts, opts...)
			continue
		}
		kl.add(ActionKind{d.ID, m}, i)
	}
}

// expand lists the legal actions of kind i of the decision in s.
func (kl *kindLister) expand(s *State, i int) []Action {
	k := kl.kinds[i]
	switch {
	case kl.def[i] < 0:
		kl.l.out = append(kl.l.out[:0], Act(k.ID, k.Actor))
		return kl.l.out
	case kl.at[i] >= 0:
		// worked out when the kinds were listed: they run to the next
		// kind's that were
		end := len(kl.opts)
		for j := i + 1; j < len(kl.at); j++ {
			if kl.at[j] >= 0 {
				end = int(kl.at[j])
				break
			}
		}
		return kl.opts[kl.at[i]:end:end]
	}
	return kl.options(s, k.Actor, kl.def[i], kl.forced)
}

// options lists model m's legal actions of action definition i in s
// (as a follow-up, when forced), sorted, as lister.list does for each
// definition.
func (kl *kindLister) options(s *State, m, i int, forced bool) []Action {
	return optionsOf(&kl.l, s, m, i, forced)
}

// optionsOf is options, listed by l.
func optionsOf(l *lister, s *State, m, i int, forced bool) []Action {
	l.bind()
	g := l.g
	d := &g.info.Actions[i]
	l.out, l.s = l.out[:0], s
	l.m, l.i, l.forced = m, i, forced
	l.allowed = g.eco.fixed[i] && g.eco.check(s, m, i, Act(d.ID, m), forced).code == allowed
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
