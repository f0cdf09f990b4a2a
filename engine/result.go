package engine

// Result is one outcome of a finished game that a campaign carries to the
// next (issue 37): what befell one model, or what one side earned. It is
// the post-battle report (Reporter) in a form a program can apply: each
// Result's Text is the report's line it comes from.
type Result struct {
	Side int `json:"side"`
	// Model is the model's ID in the game's setup; empty for a side's own
	// result (experience, caps).
	Model string `json:"model,omitempty"`
	// Kind is one of the Result* kinds.
	Kind string `json:"kind"`
	// Entry is the table entry rolled or the thing found, as the ruleset
	// names it ("grievous-wound", "rare-chem"); empty if none.
	Entry string `json:"entry,omitempty"`
	// Roll is the die that decided the result when it is not the table's
	// (a Desperate Escape's D6, a check for succumbing); 0 if none.
	Roll int `json:"roll,omitempty"`
	// Value is the amount for ResultXP, ResultCaps, ResultParts,
	// ResultPoints and a find's worth (a Common Chem's caps).
	Value int `json:"value,omitempty"`
	// Text is the report's line.
	Text string `json:"text"`
}

// The kinds of Result.
const (
	// ResultLasting: the model rolled on a lasting table after the game
	// (Entry), having gone out of action (Roll 0), escaped badly or
	// succumbed (Roll the die that sent it there).
	ResultLasting = "lasting"
	// ResultOutOfAction: the model was out of action at the end and the
	// ruleset rolls nothing for it (its campaign's own injury rules, if
	// any, are the players').
	ResultOutOfAction = "out-of-action"
	// ResultUnhurt: the model came through with no lasting effect (Entry
	// says why: "out-cold", "superficial-damage", "recovered",
	// "clean-bill-of-health", "fled").
	ResultUnhurt = "unhurt"
	// ResultToTreat: the model is to be treated after the game by a step
	// the ruleset does not model (Fallout: Factions' Treat the Wounded).
	ResultToTreat = "to-treat"
	// ResultXP, ResultCaps, ResultParts and ResultPoints: what a side
	// earned in the game (Value).
	ResultXP     = "xp"
	ResultCaps   = "caps"
	ResultParts  = "parts"
	ResultPoints = "objective-points"
	// ResultFind: the model found something to keep (Entry; Value its
	// worth, if it has one).
	ResultFind = "find"
	// ResultNote: a report line without its structure (a state read back
	// from its JSON keeps the lines only); Side is -1.
	ResultNote = "note"
)

// Resulter gives a finished game's results, in the order of the
// post-battle report's lines; nil before the game ends. A ruleset that
// keeps a Reporter should keep a Resulter too.
type Resulter interface {
	Results(s *State) []Result
}
