package ui

import "html/template"

// NewGame is the new-game form, empty or filled again after a refusal.
type NewGame struct {
	Rulesets  []Ruleset
	Scenarios []Scenario
	// What the form held when it was refused, to show it again.
	Ruleset, Scenario, YAML, Mode, Dice string
	// Saved rosters per side, by their link or ID (the roster editor's
	// "new game with this roster" fills the first).
	RosterIDs [2]string
	// Campaign is the campaign the game is for (its page's "new game"),
	// and its name; the script puts its edit token, from the link's
	// fragment, in the form.
	Campaign, CampaignName string
	// CampaignToken is the token a refused form was posted with, so that
	// the form, corrected, goes again (it came from this phone).
	CampaignToken string
	// RosterField, OptionField: the refusal is about a side's roster, or
	// a rule option (their sections open).
	RosterField, OptionField bool
	Error                    string // the refusal, naming the field (and a YAML line:column)
	Field                    string
}

// Ruleset is one game on the form, with its options.
type Ruleset struct {
	ID, Name string
	Options  []Option
}

// Option is a ruleset's named option (rules.md §8): its choices, the
// default first picked, and where the gap it fills is described.
type Option struct {
	Name, Usage, Source string
	Field               string // the form field: opt.<ruleset>.<name>
	Choices             []Choice
}

// Choice is one value of an option; the empty Value leaves it to the
// scenario (and to the rules' default where the scenario says nothing).
type Choice struct {
	Value, Label string
	Selected     bool
}

// Scenario is a built-in scenario.
type Scenario struct {
	Value, Ruleset, Name, Mode string
	Selected                   bool
}

// Seats is the page shown once a game is made: a link and a QR code per
// seat, and the spectator's.
type Seats struct {
	ID, Name, Ruleset string
	Seats             []Seat
	Spectator         Seat
	Until             string // how long this page can be opened again
	Local             bool   // the links name this computer only (localhost)
}

// Seat is one seat's link.
type Seat struct {
	Name string
	URL  string // absolute, with the token after #
	QR   template.HTML
}

// Game is the game page's shell; its body is the Panel, fetched by the
// script with the seat's token.
type Game struct {
	ID string
}

// Panel is the game as one seat (or a spectator) sees it now.
type Panel struct {
	ID, Name, Ruleset, Mode, Dice string
	// SeedChosen: the game's digital dice come from a seed its creator
	// chose, so the creator could foresee them (issue 34).
	SeedChosen bool
	// Disputable: the other side's measurements answered last, in the
	// action waiting or the one they ended, may be disputed by this seat
	// (they are asked again, once an action).
	Disputable bool
	// Measured are those measurements, in words, when their action
	// ended (while it waits, SoFar shows them).
	Measured []string
	// KeptUntil is when the server deletes the game unless it moves on
	// (Retain after its last move, in words: "90 days", "6 hours"); ""
	// when games are kept.
	KeptUntil, Retain string
	Seq               int
	Round             string // "Round 2 of 4 · action phase"
	Seat              string // "You play Rustwater Wardens", "Spectator"
	Spectator         bool
	Turn              string // whose decision it is, in words
	Mine              bool   // the decision (or the question) is this seat's
	Over              bool
	Result            string
	Report            []string
	Pending           *Pending
	Groups            []ModelActions // the seat's legal actions, by model
	Barred            []Barred       // what the active model may not do now, and why: the economy's refusals, then the rules' (engine.Game.Barred, Unavailable)
	Board             template.HTML  // board mode: the board as SVG
	Legend            Legend         // board mode: the board's key
	Sides             []SideCards
	Log               []LogLine // newest first
	// Last is the newest log line, shown above the question or the
	// actions: what the last action did (digital dice roll out of sight,
	// and the other phone's player was not looking).
	Last                *LogLine
	LogMore             int // older lines left out
	CanUndo, CanConcede bool
	Export              string // the export's path once the game is over
	// UndoRequest is an undo waiting for another seat's consent (nil:
	// none); TookBack says what the latest command took back, when it
	// was an undo ("Rustwater Wardens took back: …").
	UndoRequest *UndoRequest
	TookBack    string
}

// UndoRequest is an undo asked for, waiting for another seat's consent.
type UndoRequest struct {
	Who  string // the side asking, by name
	Text string // what it would take back, with its dice
	Mine bool   // this seat asked: it may withdraw
	Vote bool   // this seat may approve or decline
}

// Pending is the question waiting for an answer.
type Pending struct {
	Kind string // roll, choice or fact
	Text string
	Mine bool   // this seat answers it (or anyone at the table does)
	Who  string // who answers, in words
	// SoFar is what the action asking has had already (engine.Game.SoFar):
	// the dice it rolled, which the log shows only once it is done.
	SoFar []string
	// roll
	Dice  []Die  // the kinds of dice it takes (dice.Needs)
	N     int    // how many dice it takes
	Order string // the kind of each die in turn, "|"-separated
	Count string // how many of which, in words
	// More: some faces call for more dice than N (a critical's extra die,
	// Fortune Smiles); the keypad takes more faces, and the server's answer
	// says which die comes next when the faces call for one.
	More bool
	// choice
	Options []string
	Labels  []string // each option as its button says it (engine.OptionText)
	// fact
	YesNo    bool
	Min, Max string
	// FactID names the measurement as the odds' assumptions do (the API's
	// need.id), so that the page can recall what the player assumed for
	// it when looking at the action's odds.
	FactID string
}

// Die is one kind of die on the keypad: its name and the faces it shows.
type Die struct {
	Name  string
	Faces []string
}

// ModelActions is one model's legal actions, by action.
type ModelActions struct {
	Model   string
	ID      string // the model's id, which the board, the buttons and the log use
	Active  bool
	Actions []ActionGroup
}

// ActionGroup is one action of a model, with its variants (targets,
// weapons, destinations).
type ActionGroup struct {
	Name, Type string
	Key        string // the board's name for its destinations
	Variants   []Variant
	Moves      bool // every variant is a destination on the board
}

// Variant is one legal action, as the API takes it.
type Variant struct {
	Action, Text, Short string
}

// Barred is an action on offer to the active model but not legal now.
type Barred struct {
	Text, Reason string
}

// SideCards is one side's models.
type SideCards struct {
	Name     string
	Index    int
	Counters string // the side's counters in words
	Models   []Card
}

// Card is one model's card.
type Card struct {
	ID, Name, Type string
	Status         string
	Stats          []Stat
	Counters       []Stat
	Conditions     []string
	Keywords       string    // keywords and skills, in words
	Gear           []GearRow // weapons and wargear, in the game's notation
	Active         bool
	Activated      bool
	Out            bool
}

// GearRow is one weapon or piece of wargear on a card.
type GearRow struct {
	Name, Kind string
	Stats      []Stat
	Traits     string
}

// Stat is a name and a value.
type Stat struct {
	Name, Value string
}

// LogLine is one line of the log in words.
type LogLine struct {
	Index   int
	Head    string // "Round 2 · Wardens"
	Action  string
	Answers []string // the action's own
	Events  []string
	Undone  bool
	// Then is what followed the action by itself (the end of the
	// activation or round, the next round's priority roll), shown apart.
	ThenAnswers, ThenEvents []string
}

// Editor is the roster editor's page: the rulesets a roster may be for,
// and per ruleset what its models may hold (Specs, read by the script);
// ID is the saved roster shown, "" for a new one.
type Editor struct {
	ID       string
	Ruleset  string // chosen
	Rulesets []Ruleset
	Specs    map[string]EditorSpec
}

// EditorSpec is what the editor offers for one ruleset's models.
type EditorSpec struct {
	Profile  []EditorStat              `json:"profile"`
	Types    []string                  `json:"types"`
	Keywords map[string][]string       `json:"keywords"`
	Gear     []EditorGear              `json:"gear"`     // the armoury
	Model    EditorModel               `json:"model"`    // a new model's values
	Notation map[string]map[int]string `json:"notation"` // how a characteristic's values read, where not as numbers
}

// EditorStat is one profile characteristic and its bounds.
type EditorStat struct {
	Name string `json:"name"`
	Min  int    `json:"min"`
	Max  int    `json:"max"`
}

// EditorGear is one piece of gear the armoury has.
type EditorGear struct {
	Name   string         `json:"name"`
	Kind   string         `json:"kind"`
	Stats  map[string]int `json:"stats,omitempty"`
	Traits []string       `json:"traits,omitempty"`
}

// EditorModel is a model's starting values.
type EditorModel struct {
	Type    string         `json:"type"`
	Base    float64        `json:"base"`
	Profile map[string]int `json:"profile"`
}

// Campaign is a campaign's page (issue 37): its rosters and standings, its
// games and, per side, whether its results were applied. Token-holding
// parts (a new game, applying) are the script's, with the token after #.
type Campaign struct {
	ID, Name, Ruleset string
	RulesetName       string
	Rosters           []CampaignRoster
	Games             []CampaignGame
	Scenarios         []Scenario // the ruleset's, for a new game
}

// CampaignRoster is one roster's line in the standings.
type CampaignRoster struct {
	ID, Name                 string
	Played, Won, Lost, Drawn int
}

// CampaignGame is one game of a campaign.
type CampaignGame struct {
	N      int // 1, 2, … in the order made
	ID     string
	Status string // "in play", "Rustwater Wardens won", "a draw", "gone"
	Sides  []CampaignSide
	Watch  bool // over: its results can be seen
}

// CampaignSide is one side of a campaign's game: its roster, and whether
// its results were applied.
type CampaignSide struct {
	Side    int
	Roster  string
	Applied bool
	Results string // the results page's link
}

// Results is a side's results of a campaign's game (the confirm-then-apply
// page): the changes they make to its roster, shown before anything is
// applied, and what they leave to the players.
type Results struct {
	Campaign, CampaignName, Game string
	Side                         int
	Roster, RosterName           string
	Version                      int
	Outcome                      string
	Applied                      bool
	At                           string // when applied
	Changes                      []Change
	Left                         []string
	Error                        string // why the results cannot be shown
}

// Change is one change of a roster, in words: "breaker-a: M 5 → 4" and
// why ("breaker-a: out of action: hobbled").
type Change struct {
	What, Why string
}

// History is a roster's campaign history page.
type History struct {
	ID, Name string
	Version  int
	Entries  []HistoryEntry
}

// HistoryEntry is one game applied to a roster.
type HistoryEntry struct {
	N                 int
	Game, Outcome, At string
	Reverted          string
	Changes           []Change
	Left              []string
}

// Problem is a page that could not be shown, and why.
type Problem struct {
	Message string
}

// NewCampaign is the form that makes a campaign.
type NewCampaign struct {
	Rulesets []Ruleset
}
