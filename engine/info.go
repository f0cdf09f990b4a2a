package engine

import (
	"fmt"
	"slices"
	"strconv"
)

// Info is the static description of a ruleset: what the engine needs to run
// it and what tools show about it. Rulesets build it once; the engine never
// changes it.
type Info struct {
	ID      string // registry key: "n26"
	Name    string // "Necromunda (2026 core rules)"
	Version string // bumped when rules change what a saved game means

	Phases     []Phase     // each round runs these in order
	Actions    []ActionDef // every action, in the order tools list them
	Economy    Economy
	Activation Activation

	Statuses []string // a model has exactly one; Statuses[0] is the default
	// Secondary is a second status axis, independent of the first: a
	// model has exactly one of each (N23: Standing or Prone, and Active,
	// Engaged, Pinned or Seriously Injured). Secondary[0] is the default;
	// empty for a ruleset with one status, whose models then keep index 0.
	// Which pairs make sense is the ruleset's business (its SetupChecker).
	Secondary  []string
	Conditions []string     // any number per model; bit i of Model.Conds
	Counters   []CounterDef // per model, at most MaxCounters
	SideCounts []CounterDef // per side, at most MaxSideCounters
	Vars       []string     // named game variables, at most MaxVars
	// Out is what the rules call a model taken out of play, for people
	// ("incapacitated"); "" reads "out of action".
	Out string

	// Events says how the ruleset's own events read in the log: for an
	// event type, a phrase with {model}, {other}, {value} and {key} where
	// the event's fields go, and {side} for the side its Value numbers
	// ("{model} took a minor hit from {other}"); a part in [brackets] is
	// left out when a model or the key it names is missing. A
	// phrase names who did what to whom, which the event's two models
	// alone do not: the model it is about is the attacker in one event
	// and the target in the next. An event type without a phrase reads as
	// its type, its model, an arrow to the other model and its key.
	Events map[string]string

	Profile []Stat   // the characteristics a model's profile has
	Traits  []string // the gear traits the ruleset knows
	// Roster says what a roster of the ruleset may hold, for tools that
	// write rosters (importers from list builders, the roster editor):
	// they keep to it and list the rest as unknown. The ruleset's
	// CheckSetup stays the judge of a setup.
	Roster RosterSpec
	// Notation writes a profile characteristic (by its Profile name) or a
	// gear stat (by its key in Gear.Stats) as the game's own books do:
	// a label and the value ("WS", "3+"; "Range", "24\""; "Ranged",
	// "+1 DICE"). nil, or an empty label, writes the name and the number.
	// It is for people (datacards); rules read the numbers.
	Notation func(stat string, v int) (label, value string)
	Options  []OptionDef // rule options, with their defaults (rules.md §8)
}

// Phase is one step of a round. In an activation phase the sides alternate
// activating models; other phases do their work in hooks.
type Phase struct {
	ID          string
	Activations bool
}

// Economy is the action economy of a ruleset as data (rules.md §7.3). It
// covers slot budgets (N26, N23), once-per-type activations with exclusive
// groups (Trench Crusade) and resource-priced turns (Fallout: Factions).
type Economy struct {
	// Slots is the activation's budget; 0 means no slot limit. An
	// activation-start hook may change it (Suppressed: one slot).
	Slots int
	// Cost is the slot cost of each action type ("double": 2). With Pay
	// set, it is also what the action pays in that counter.
	Cost map[string]int
	// MaxActions caps the actions of one activation; 0 means no cap.
	// Free follow-ups (Ctx.FollowUp) are part of the action that gave
	// them and do not count.
	MaxActions int
	// MinActions is how many actions an activation takes before it may
	// end by choice (Fallout: Factions: a Turn is one or two actions); 0
	// means none. An activation whose model has nothing left to do still
	// ends by itself.
	MinActions int
	// Pay names a model counter each action raises by its cost (Fallout:
	// Factions fatigue); an action that would pass the counter's maximum is
	// not legal.
	Pay string
	// Repeatable lists the types that may be taken again in the same
	// activation (N23 Simple). Others are taken at most once.
	Repeatable []string
	// PerRound makes "at most once" count over the round, per model, rather
	// than over the activation (Fallout: Factions), and Excludes with it:
	// two actions that exclude each other are not both taken in a round.
	PerRound bool
	// Clash lists pairs of types that may not share an action Family in one
	// activation (N23: a Free action and a Basic action of the same name).
	// An action whose type an effect changed (ActionDef.TypeOf) clashes as
	// its declared Type as well as its current one, whichever is taken
	// first (N23: an Unwieldy Shoot, made a Double action, is still the
	// Basic Shoot that a Free Shoot may not share an activation with).
	Clash [][2]string
}

// Activation is how sides take their activations in an activation phase.
type Activation struct {
	// MayPass lets a side pass instead of activating; the phase ends when
	// every side has passed in a row (Fallout: Factions). Without it a side
	// must activate an eligible model while it has one.
	MayPass bool
	// Models activating more than once a round (Fallout: Factions turns)
	// is the ruleset's Eligibility: CanActivate decides who may go again.
	// Whether a side may pass now, where a rule option decides it, is the
	// ruleset's Passing.
}

// ActionDef describes one action a model can take.
type ActionDef struct {
	ID   string // stable identity: triggers and logs key on it, never on Type
	Name string // for people: "Aimed Shot"
	Type string // the ruleset's own word, lowercase: "double", "basic"
	When string // when it is available, for people: "not Engaged, ranged weapon without Heavy"

	// Family groups actions for Economy.Clash (N23 names); "" means ID.
	Family string
	// Opening marks an action taken only at the start of an activation,
	// before any of its actions, and that is not one of them: it costs
	// nothing, is not counted in Turn.Actions or paid for, is taken at most
	// once, and never clashes (N23: a Standing fighter turns to face any
	// way when it is activated, before either of its actions). With a slot
	// budget, an action whose type costs no slot (a Free action) is not one
	// of the activation's actions either: the opening action may still
	// follow it. It needs no cost in Economy.Cost; its Type is for people.
	Opening bool
	// Excludes lists actions this one may not share an activation with,
	// either way round (Trench Crusade: one of Move, Charge, Retreat).
	Excludes []string

	// Available reports whether the model may take the action now, before
	// the economy is checked; nil means always.
	Available func(s *State, m int) bool
	// Unmet, when set, names the condition of Available that fails, for
	// people ("it is Down", "an enemy is within 1\""), and is "" when
	// Available holds; Unavailable and the reason an action is not legal
	// then give that one condition instead of the whole When. A ruleset
	// that has it may write Available as Unmet(s, m) == "".
	Unmet func(s *State, m int) string
	// Options adds each legal parameterization (target, weapon,
	// destination) of the action for model m; nil means the plain action.
	// The engine fills in the action's ID and Actor.
	Options func(s *State, m int, add func(Action))
	// Any reports whether Options would add at least one action, without
	// listing them all (a move's destinations); nil means the engine lists
	// them to find out. The engine asks it to learn whether an activation
	// goes on after an action, and whether a decision has this kind of
	// action (Game.ActionKinds), and only for a definition whose type is
	// fixed (TypeOf nil), whose options the economy allows or refuses all
	// alike; it must agree with Options exactly.
	Any func(s *State, m int) bool
	// Unlisted judges an action of this definition that Options does not
	// list, as a person may type it: "" when it may be taken all the same,
	// else why not, for people. Options stays the finite list that menus
	// and bots choose from; Unlisted lets a person give a parameter the
	// list only samples (N23: a Turn to any whole-degree heading, where the
	// list has one heading for each set of models the vision arc can
	// take in), and names the rule that leaves an option out (N23: a Charge
	// with no room to move). The engine asks it only when an action of the
	// same ID and Actor is listed, so that Available, the turn order and
	// the economy allow the definition to the model now, and the economy's
	// verdict on the action itself must still allow it; its Actor and
	// Target are models of the game (or NoModel). It must be
	// deterministic and must not change s. nil: only listed actions are
	// legal (the reason is then the engine's own).
	Unlisted func(s *State, a Action) string
	// TypeOf retypes an action (Unwieldy: a Basic Shoot becomes a Double);
	// nil means Type.
	TypeOf func(s *State, a Action) string
	// Resolve carries the action out. It may ask for dice, choices and
	// facts through c, and must be deterministic given the answers.
	Resolve func(c *Ctx, a Action)
	// Note says, for people, what the action's option means and what the
	// players must know to take it ("with lasgun", "up to 5\"" at a
	// table); nil means nothing. ActionText adds it.
	Note func(s *State, a Action) string
	// Text, when set, says the whole action for people in place of its
	// name, actor, target and note (ActionText still adds a destination):
	// for an action whose actor is not the model it moves, which the usual
	// "Name actor → target" would misread (Fallout: Factions' ordered move,
	// "wren moves (ordered by voss)", taken by voss). nil means the usual.
	Text func(s *State, a Action) string
}

// Stat is one characteristic of a profile and its legal range.
type Stat struct {
	Name     string
	Min, Max int
	// Target says the characteristic is a target number, rolled against
	// as "4+": lower is better (Necromunda's WS and BS). A campaign's
	// lasting injury makes it worse by raising it.
	Target bool
}

// CounterDef describes a bounded counter (markers, tokens, wounds).
type CounterDef struct {
	Name     string
	Min, Max int
	// Overflow receives what a change would have put past Max (or under Min,
	// as a negative number) after the counter is clamped; nil ignores it
	// (Trench Crusade markers). Fallout: Factions turns Harm past the limit
	// into Injuries here.
	Overflow func(c *Ctx, m int, excess int)
	// Shown reports whether people are shown model m's counter now; nil
	// shows it when it is not zero. N23's facing is shown on a board while
	// the model stands, 0° included. The state's JSON (StateJSON) holds a
	// counter that is not zero whatever Shown says, and one that is zero
	// when Shown says so.
	Shown func(s *State, m int) bool
}

// CounterShown reports whether people are shown model m's counter c now
// (CounterDef.Shown).
func (in *Info) CounterShown(s *State, m, c int) bool {
	if f := in.Counters[c].Shown; f != nil {
		return f(s, m)
	}
	return s.Models[m].Counters[c] != 0
}

// OptionDef is a named rule option: a gap in the rules with a default
// (rules.md §8) that a scenario may switch.
type OptionDef struct {
	Name    string
	Usage   string
	Default string
	Choices []string // allowed values; Default is one of them
	Source  string   // where the gap and its default are documented
}

// Limits of the flat, allocation-free state.
const (
	MaxCounters     = 8
	MaxSideCounters = 8
	MaxVars         = 16
	MaxActionDefs   = 64
	MaxSides        = 4
	MaxModels       = 64
)

// check reports a malformed Info: a programming error in a ruleset.
func (in *Info) check() error {
	switch {
	case in.ID == "" || in.Version == "":
		return fmt.Errorf("info needs an ID and a Version")
	case len(in.Phases) == 0:
		return fmt.Errorf("%s: no phases", in.ID)
	case len(in.Statuses) == 0 || len(in.Statuses) > 256:
		return fmt.Errorf("%s: need 1 to 256 statuses", in.ID)
	case len(in.Secondary) > 256:
		return fmt.Errorf("%s: more than 256 secondary statuses", in.ID)
	case len(in.Conditions) > 64:
		return fmt.Errorf("%s: more than 64 conditions", in.ID)
	case len(in.Counters) > MaxCounters || len(in.SideCounts) > MaxSideCounters || len(in.Vars) > MaxVars:
		return fmt.Errorf("%s: too many counters or vars", in.ID)
	case len(in.Actions) > MaxActionDefs-len(builtins):
		return fmt.Errorf("%s: too many actions", in.ID)
	}
	seen := map[string]bool{}
	for _, b := range builtins {
		seen[b] = true
	}
	for _, a := range in.Actions {
		if a.ID == "" || seen[a.ID] || a.Resolve == nil {
			return fmt.Errorf("%s: action %q: empty, duplicate, reserved or without Resolve", in.ID, a.ID)
		}
		seen[a.ID] = true
		if _, ok := in.Economy.Cost[a.Type]; !ok && len(in.Economy.Cost) > 0 && !a.Opening {
			return fmt.Errorf("%s: action %s: type %q has no cost", in.ID, a.ID, a.Type)
		}
	}
	for _, a := range in.Actions {
		for _, x := range a.Excludes {
			if !seen[x] {
				return fmt.Errorf("%s: action %s excludes unknown action %q", in.ID, a.ID, x)
			}
		}
	}
	if in.Economy.Pay != "" && in.counter(in.Economy.Pay) < 0 {
		return fmt.Errorf("%s: economy pays unknown counter %q", in.ID, in.Economy.Pay)
	}
	for typ, p := range in.Events {
		if err := checkPhrase(p); err != nil {
			return fmt.Errorf("%s: event %s: %v", in.ID, typ, err)
		}
	}
	for _, o := range in.Options {
		if !slices.Contains(o.Choices, o.Default) {
			return fmt.Errorf("%s: option %s: default %q not among its choices", in.ID, o.Name, o.Default)
		}
	}
	return nil
}

func (in *Info) counter(name string) int {
	return slices.IndexFunc(in.Counters, func(c CounterDef) bool { return c.Name == name })
}

// ActionType is the type action a has in state s: what its definition's
// TypeOf says (N23: Unwieldy makes a Basic Shoot a Double one), else its
// Type; "" for the engine's own actions (Activate, End, Pass) and unknown
// IDs. It is for people: the economy decides with the same types.
func ActionType(s *State, a Action) string {
	in := s.Info()
	i := in.Action(a.ID)
	if i < 0 || i >= len(in.Actions) {
		return ""
	}
	if d := &in.Actions[i]; d.TypeOf != nil {
		return d.TypeOf(s, a)
	}
	return in.Actions[i].Type
}

// Action returns the index of the action called id, or -1.
func (in *Info) Action(id string) int {
	if i := slices.Index(builtins, id); i >= 0 {
		return builtinBase + i
	}
	return slices.IndexFunc(in.Actions, func(a ActionDef) bool { return a.ID == id })
}

// StatText is a profile characteristic or gear stat as people read it
// (Info.Notation): its label and value.
func (in *Info) StatText(stat string, v int) (label, value string) {
	if in.Notation != nil {
		if l, val := in.Notation(stat, v); l != "" {
			return l, val
		}
	}
	return stat, strconv.Itoa(v)
}

// RosterSpec is what a ruleset's models may have (Info.Roster).
type RosterSpec struct {
	Types    []string            // model types; the first is the usual one
	Keywords map[string][]string // the keywords each model type may have
	Gear     map[string][]string // each gear kind's stats, by their keys
}
