package engine

import (
	"fmt"
	"slices"
	"strings"
)

// economy is Info.Economy compiled for fast checks.
type economy struct {
	in    *Info
	order []int // action definitions sorted by ID, for the legal list
	// quick is the order for asking only whether anything is on offer:
	// the definitions with no options to work out first, then those whose
	// Any answers, then the rest (each group in ID order). The answer is
	// the same in any order; the cheap questions first end it sooner.
	quick      []int
	cost       []int    // per action definition, when its type is fixed
	fixed      []bool   // whether the type is fixed (no TypeOf)
	repeatable []bool   // per action definition, when fixed
	excl       []uint64 // per action definition: the actions it excludes, both ways
	opening    []bool   // per action definition: ActionDef.Opening
	counts     uint64   // the action definitions that are one of an activation's actions (spent)
	payIdx     int      // counter index, or -1
	clash      bool
	index      map[string]int // action ID → definition (Info.Action, without the scan)
}

// indexOf is Info.Action by map: resolving an action looks its definition
// up once per run.
func (e *economy) indexOf(id string) int {
	if i, ok := e.index[id]; ok {
		return i
	}
	return e.in.Action(id)
}

func newEconomy(in *Info) economy {
	e := economy{in: in, payIdx: -1, clash: len(in.Economy.Clash) > 0, index: map[string]int{}}
	for i, d := range in.Actions {
		e.index[d.ID] = i
	}
	if in.Economy.Pay != "" {
		e.payIdx = in.counter(in.Economy.Pay)
	}
	n := len(in.Actions)
	e.order = make([]int, n)
	for i := range e.order {
		e.order[i] = i
	}
	slices.SortFunc(e.order, func(a, b int) int { return strings.Compare(in.Actions[a].ID, in.Actions[b].ID) })
	cost := func(i int) int {
		switch d := &in.Actions[i]; {
		case d.Options == nil:
			return 0
		case d.Any != nil:
			return 1
		}
		return 2
	}
	e.quick = slices.Clone(e.order)
	slices.SortStableFunc(e.quick, func(a, b int) int { return cost(a) - cost(b) })
	e.cost, e.fixed, e.repeatable, e.excl = make([]int, n), make([]bool, n), make([]bool, n), make([]uint64, n)
	e.opening = make([]bool, n)
	for i, d := range in.Actions {
		e.opening[i] = d.Opening
		if !d.Opening && (in.Economy.Slots == 0 || e.costOf(d.Type) > 0) {
			e.counts |= 1 << i
		}
		e.fixed[i] = d.TypeOf == nil
		e.cost[i] = e.costOf(d.Type)
		e.repeatable[i] = slices.Contains(in.Economy.Repeatable, d.Type)
		for _, x := range d.Excludes {
			j := in.Action(x)
			e.excl[i] |= 1 << j
			e.excl[j] |= 1 << i
		}
	}
	return e
}

func (e *economy) costOf(typ string) int {
	if c, ok := e.in.Economy.Cost[typ]; ok {
		return c
	}
	return 1
}

// typeOf is the current type of action a (definition i).
func (e *economy) typeOf(s *State, a Action, i int) string {
	d := &e.in.Actions[i]
	if d.TypeOf != nil {
		return d.TypeOf(s, a)
	}
	return d.Type
}

// verdict is the economy's answer on one action: allowed, or which rule
// forbids it (with the conflicting action where there is one).
type verdict struct {
	code  uint8
	other int    // the action or type it conflicts with
	typ   string // the type that clashes: the current one, or the declared one of a retyped action
	now   string // the action's current type, when a clash is by its declared type
	cost  int
}

const (
	allowed uint8 = iota
	overActions
	overSlots
	cannotPay
	repeated
	excluded
	clashes
	late // an opening action after the activation's first action
)

// openingVerdict is check for an opening action (ActionDef.Opening): only
// before the activation's first action, and once.
func (e *economy) openingVerdict(t *Turn, i int) verdict {
	switch {
	case t.Taken&(1<<i) != 0:
		return verdict{code: repeated}
	case e.spent(t):
		return verdict{code: late}
	}
	return verdict{}
}

// spent reports whether the activation has taken one of its actions, after
// which an opening action is late: without a slot budget any action; with
// one (Economy.Slots), an action whose declared type costs slots. A Free
// action costs none and is not one of the activation's actions (N23, seed
// 002: a fighter turns before either of its actions; a Free action is
// neither).
func (e *economy) spent(t *Turn) bool {
	return t.Actions > 0 && t.Taken&e.counts != 0
}

// check decides whether model m may take action a (definition i) under the
// economy now; forced means it is a free follow-up. It allocates nothing.
func (e *economy) check(s *State, m, i int, a Action, forced bool) verdict {
	t := &s.Turn
	if e.opening[i] {
		return e.openingVerdict(t, i)
	}
	d := &e.in.Actions[i]
	cost, repeatable := e.cost[i], e.repeatable[i]
	var typ string
	if !e.fixed[i] || e.clash {
		typ = e.typeOf(s, a, i)
		cost, repeatable = e.costOf(typ), slices.Contains(e.in.Economy.Repeatable, typ)
	}
	if !forced {
		eco := &e.in.Economy
		switch {
		case eco.MaxActions > 0 && t.Actions >= eco.MaxActions:
			return verdict{code: overActions}
		case eco.Slots > 0 && cost > t.Slots:
			return verdict{code: overSlots, cost: cost}
		case e.payIdx >= 0 && s.Count(m, e.payIdx)+cost > e.in.Counters[e.payIdx].Max:
			return verdict{code: cannotPay, cost: cost}
		}
	}
	if !repeatable {
		taken := t.Taken
		if e.in.Economy.PerRound {
			taken = s.Models[m].Taken
		}
		if taken&(1<<i) != 0 {
			return verdict{code: repeated}
		}
	}
	if x := e.takenFor(s, m) & e.excl[i]; x != 0 {
		for j := range e.in.Actions {
			if x&(1<<j) != 0 {
				return verdict{code: excluded, other: j}
			}
		}
	}
	if e.clash {
		fam := d.Family
		if fam == "" {
			fam = d.ID
		}
		if k := e.clashWith(t, fam, typ); k >= 0 {
			return verdict{code: clashes, typ: typ, other: k}
		}
		// An action an effect retyped (TypeOf) clashes as its declared type
		// too (seed 002, Changing Action Type: what applies to an action
		// applies whatever its type).
		if typ != d.Type {
			if k := e.clashWith(t, fam, d.Type); k >= 0 {
				return verdict{code: clashes, typ: d.Type, now: typ, other: k}
			}
		}
	}
	return verdict{}
}

// clashWith is the index in Economy.Clash of the pair by which an action
// of family fam and type typ clashes with one taken this activation, or
// -1.
func (e *economy) clashWith(t *Turn, fam, typ string) int {
	for k, p := range e.in.Economy.Clash {
		other := ""
		switch typ {
		case p[0]:
			other = p[1]
		case p[1]:
			other = p[0]
		}
		if other != "" && slices.Contains(t.Families, TakenFamily{fam, other}) {
			return k
		}
	}
	return -1
}

// barred reports whether model m may take no option at all of action
// definition i now, whatever the option: its type is fixed and the
// economy refuses it (too costly, taken already, excluded). The lister asks
// before listing a definition's options, so that an action that cannot be
// taken never computes them (move destinations, targets). It must agree
// with check: check still decides each option.
func (e *economy) barred(s *State, m, i int, forced bool) bool {
	t := &s.Turn
	if e.opening[i] {
		return e.openingVerdict(t, i).code != allowed
	}
	if !e.fixed[i] || e.clash {
		return false
	}
	if !forced {
		eco := &e.in.Economy
		cost := e.cost[i]
		switch {
		case eco.MaxActions > 0 && t.Actions >= eco.MaxActions:
			return true
		case eco.Slots > 0 && cost > t.Slots:
			return true
		case e.payIdx >= 0 && s.Count(m, e.payIdx)+cost > e.in.Counters[e.payIdx].Max:
			return true
		}
	}
	if !e.repeatable[i] {
		taken := t.Taken
		if e.in.Economy.PerRound {
			taken = s.Models[m].Taken
		}
		if taken&(1<<i) != 0 {
			return true
		}
	}
	return e.takenFor(s, m)&e.excl[i] != 0
}

// takenFor is what Excludes checks against: the activation's actions, or
// with Economy.PerRound model m's actions this round.
func (e *economy) takenFor(s *State, m int) uint64 {
	if e.in.Economy.PerRound {
		return s.Models[m].Taken
	}
	return s.Turn.Taken
}

// why says, for people, why model m may not take action a (definition i)
// under the economy now, or "" if it may.
func (e *economy) why(s *State, m, i int, a Action, forced bool) string {
	v := e.check(s, m, i, a, forced)
	d := &e.in.Actions[i]
	eco := &e.in.Economy
	when := "this activation"
	if eco.PerRound {
		when = "this round"
	}
	switch v.code {
	case overActions:
		return fmt.Sprintf("%s has taken its %d actions this activation", modelID(s, m), eco.MaxActions)
	case overSlots:
		return fmt.Sprintf("%s costs %d and %s has %d left this activation", d.Name, v.cost, modelID(s, m), s.Turn.Slots)
	case cannotPay:
		return fmt.Sprintf("%s cannot pay %d %s for %s", modelID(s, m), v.cost, eco.Pay, d.Name)
	case repeated:
		return fmt.Sprintf("%s has taken %s %s already", modelID(s, m), d.Name, when)
	case excluded:
		scope := "an activation"
		if eco.PerRound {
			scope = "a round"
		}
		return fmt.Sprintf("%s cannot share %s with %s", d.Name, scope, e.in.Actions[v.other].Name)
	case late:
		return fmt.Sprintf("%s is taken only when %s's activation starts, before its actions", d.Name, modelID(s, m))
	case clashes:
		p := eco.Clash[v.other]
		other := p[0]
		if v.typ == p[0] {
			other = p[1]
		}
		if v.now != "" {
			return fmt.Sprintf("a %s action, even made a %s one, may not share its name (%s) with a %s action taken this activation", v.typ, v.now, d.Name, other)
		}
		return fmt.Sprintf("a %s action may not share its name (%s) with a %s action taken this activation", v.typ, d.Name, other)
	}
	return ""
}

// pay books action a (definition i) against the activation's budget.
func (e *economy) pay(c *Ctx, a Action, i int) {
	s := c.s
	t := &s.Turn
	if e.opening[i] {
		// not one of the activation's actions: nothing to pay, once
		t.Taken |= 1 << i
		s.Models[a.Actor].Taken |= 1 << i
		return
	}
	d := &e.in.Actions[i]
	typ := d.Type
	cost := e.cost[i]
	if !e.fixed[i] {
		typ = e.typeOf(s, a, i)
		cost = e.costOf(typ)
	}
	free := slices.Contains(t.Forced, int16(i))
	if free {
		cost = 0 // a follow-up is free, and part of the action that gave it
	}
	t.Forced = t.Forced[:0]
	if e.in.Economy.Slots > 0 {
		t.Slots -= cost
	}
	if !free {
		t.Actions++
	}
	t.Taken |= 1 << i
	s.Models[a.Actor].Taken |= 1 << i
	if e.clash {
		fam := d.Family
		if fam == "" {
			fam = d.ID
		}
		t.Families = append(t.Families, TakenFamily{fam, typ})
		if typ != d.Type { // retyped: it clashes as its declared type too (check)
			t.Families = append(t.Families, TakenFamily{fam, d.Type})
		}
	}
	if e.payIdx >= 0 && cost > 0 {
		c.Add(a.Actor, e.payIdx, cost)
	}
}

// lister builds legal-action lists into a reused buffer. Its emit function
// is made once, so that rulesets' Options callbacks allocate nothing.
type lister struct {
	g      *Game
	s      *State
	m, i   int
	forced bool
	// allowed: the economy allows every option of the definition being
	// listed (its type is fixed, so its verdict is the same for all).
	allowed bool
	out     []Action
	emit    func(Action)
	// seen is what hasChoice's quick listing of a model's own actions
	// (not a follow-up's) found of each action definition it reached
	// (seenNone, seenSome; 0 for those it did not), and seenOK that it
	// answered yes from them: the kinds listed next, of the same state,
	// need not ask those definitions again (Game.quick).
	seen   []int8
	seenOK bool
}

// What a quick listing found of an action definition (lister.seen).
const (
	seenNone int8 = 1 // nothing to offer
	seenSome int8 = 2 // something
)

func newLister(g *Game) lister {
	l := lister{g: g}
	return l
}

// bind makes the emit closure point at this lister's current location.
func (l *lister) bind() {
	if l.emit == nil {
		l.emit = func(a Action) {
			a.ID, a.Actor = l.g.info.Actions[l.i].ID, l.m
			if l.allowed || l.g.eco.check(l.s, l.m, l.i, a, l.forced).code == allowed {
				l.out = append(l.out, a)
			}
		}
	}
}

// legal fills l.out with the legal actions of the decision in s.
func (l *lister) legal(s *State) {
	l.bind()
	l.out = l.out[:0]
	l.s = s
	g := l.g
	t := &s.Turn
	switch {
	case s.Over:
		return
	case t.Model == NoModel:
		if !g.info.Phases[s.Phase].Activations {
			return
		}
		for m := range s.Models {
			if s.SideOf(m) == t.Side && g.eligible(s, m) && t.Barred&(1<<m) == 0 && (len(t.Chain) == 0 || slices.Contains(t.Chain, m)) {
				l.out = append(l.out, Act(Activate, m))
			}
		}
		if g.canPass(s) {
			l.out = append(l.out, Act(Pass, NoModel))
		}
	default:
		forced := len(t.Forced) > 0
		l.actions(s, t.Model, forced)
		if forced && len(l.out) == 0 { // advance clears an impossible follow-up; be safe
			forced = false
			l.actions(s, t.Model, false)
		}
		if !forced && (t.Actions >= g.info.Economy.MinActions || len(l.out) == 0) {
			end := Act(End, t.Model)
			k, _ := slices.BinarySearchFunc(l.out, end, compareActions)
			l.out = slices.Insert(l.out, k, end)
		}
	}
	// Definitions are visited in ID order and each one's options sorted
	// (list), so the list is usually sorted already; check before paying
	// for a sort.
	if !slices.IsSortedFunc(l.out, compareActions) {
		slices.SortFunc(l.out, compareActions)
	}
	l.out = slices.CompactFunc(l.out, func(a, b Action) bool { return a == b })
}

func (l *lister) actions(s *State, m int, forced bool) { l.list(s, m, forced, false) }

// list appends model m's legal actions to l.out; with first set it stops
// after the first action definition that offers any.
func (l *lister) list(s *State, m int, forced, first bool) {
	order := l.g.eco.order
	seen := first && !forced
	if first {
		order = l.g.eco.quick
	}
	if seen {
		if n := len(l.g.info.Actions); len(l.seen) != n {
			l.seen = make([]int8, n)
		}
		clear(l.seen)
	}
	for _, i := range order {
		d := &l.g.info.Actions[i]
		if forced && !slices.Contains(s.Turn.Forced, int16(i)) {
			continue
		}
		if seen {
			l.seen[i] = seenNone // until it offers something
		}
		if l.g.eco.barred(s, m, i, forced) {
			continue
		}
		if d.Available != nil && !d.Available(s, m) {
			continue
		}
		l.m, l.i, l.forced = m, i, forced
		// A definition whose type no effect changes gets one verdict for
		// all its options: asked once, and none of them worked out when it
		// is no.
		l.allowed = false
		if l.g.eco.fixed[i] {
			if l.g.eco.check(s, m, i, Act(d.ID, m), forced).code != allowed {
				continue
			}
			l.allowed = true
		}
		// Any answers for the options only where the economy's verdict is
		// the same for all of them (a fixed type): else they are listed.
		if first && d.Any != nil && d.Options != nil && l.allowed {
			if d.Any(s, m) {
				l.out = append(l.out, Act(d.ID, m)) // a stand-in: nobody reads a quick list
				if seen {
					l.seen[i] = seenSome
				}
				return
			}
			continue
		}
		if d.Options == nil {
			l.emit(Act(d.ID, m))
		} else {
			// One definition's options, sorted where its Options gave them
			// out of order: the whole list is then usually sorted already,
			// and legal's check of it passes without a sort of everything.
			start := len(l.out)
			d.Options(s, m, l.emit)
			if seg := l.out[start:]; !slices.IsSortedFunc(seg, compareActions) {
				slices.SortFunc(seg, compareActions)
			}
		}
		if first && len(l.out) > 0 {
			if seen {
				l.seen[i] = seenSome
			}
			return
		}
	}
}

// hasChoice reports whether the active model in s has any action besides
// ending its activation. A follow-up that cannot be taken is dropped first.
// It stops at the first action definition that offers anything (one whose
// options are costly to list answers by its Any), so l.out is left
// unfinished: Legal lists the decision when someone asks (issue 35).
func (l *lister) hasChoice(s *State) bool {
	l.bind()
	l.out, l.s, l.seenOK = l.out[:0], s, false
	if len(s.Turn.Forced) > 0 {
		if l.list(s, s.Turn.Model, true, true); len(l.out) > 0 {
			return true // a follow-up to take: legal lists no end beside one
		}
		s.Turn.Forced = s.Turn.Forced[:0]
	}
	l.list(s, s.Turn.Model, false, true)
	l.seenOK = len(l.out) > 0
	return l.seenOK
}
