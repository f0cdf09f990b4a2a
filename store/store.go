// Package store is where the server keeps its games: each game's setup and
// its log of commands, the source of truth from which the game is rebuilt
// (DESIGN.md §7: the store is the game log). A game is created once with
// everything it needs to be rebuilt without any file (the scenario as
// played, rosters included); then every command the server acknowledges
// (an action, an answer, an undo, a concession) is appended as one row,
// durable before the server replies. Re-running the commands through the
// engine gives the game back, digital dice and all (they come from the
// seed).
//
// The interface is small so that backends are easy to add; each one passes
// the shared conformance suite in package storetest. Package store/sqlite
// is the embedded default, for one server; package store/postgres is for
// several servers sharing one database, and is also a Notifier, so that
// each server hears of the writes the others make. Implementations are
// safe for concurrent use.
package store

import (
	"context"
	"errors"
	"strconv"
	"time"
)

// Tombstone is what a store keeps of a deleted game: when it was deleted,
// its last move (or creation), and its credentials' hashes, so that a
// seat's link can be told the game is gone and why, and nobody else
// learns it existed.
type Tombstone struct {
	ID                string
	Deleted, LastMove time.Time
	Seats             [][]byte // per side, the SHA-256 of the seat's token
	Watch             []byte   // the SHA-256 of the spectator token
}

// Game is a stored game's setup: what it takes, with the engine and the
// ruleset, to rebuild it.
type Game struct {
	ID       string
	Created  time.Time
	Ruleset  string            // the ruleset's ID
	Version  string            // the ruleset's version when created
	Name     string            // the scenario's name, for lists
	Scenario []byte            // the scenario as played: package scenario's JSON, rosters included
	Mode     string            // board or table
	Dice     string            // digital or physical
	Seed     uint64            // the dice seed: secret until the game is over
	Salt     []byte            // the salt of the seed's commitment (engine.Commitment); nil for none
	Chosen   bool              // the seed was the creator's own (or an imported save's), not drawn
	Strict   bool              // undo refused past rolled dice
	Options  map[string]string // every rule option, defaults filled
	Seats    [][]byte          // per side, the SHA-256 of the seat's token
	Watch    []byte            // the SHA-256 of the spectator token
}

// Command is one acknowledged write to a game, in order: Seq 1 is the
// first. Body is the command's JSON, as the server reads it back.
type Command struct {
	Seq  int
	Side int    // the seat that sent it
	Kind string // "action", "answer", "undo", "concede"
	Body []byte
	At   time.Time
}

// Roster is a saved roster (issue 33): skirmish's roster YAML for one
// ruleset, which whoever holds its edit token may change.
type Roster struct {
	ID      string
	Created time.Time
	Updated time.Time
	Ruleset string
	Name    string
	YAML    []byte // the roster, in skirmish's roster YAML
	Edit    []byte // the SHA-256 of the edit token
	Version int    // 1 when created; each update adds one
}

// Campaign is a campaign (issue 37): a named set of saved rosters of one
// ruleset and the games played between them, kept as JSON the server
// reads (Body), which whoever holds its edit token may change.
type Campaign struct {
	ID      string
	Created time.Time
	Updated time.Time
	Ruleset string
	Name    string
	Body    []byte // the rosters and games, as the server writes them
	Edit    []byte // the SHA-256 of the edit token
	Version int    // 1 when created; each update adds one
}

// Store keeps games and their command logs, and saved rosters.
type Store interface {
	// Create stores a new game with the commands it starts with (an
	// imported game's; usually none), all or nothing; its ID must be new
	// (ErrConflict if not). The commands' Seq must be 1, 2, 3….
	Create(ctx context.Context, g *Game, log ...Command) error
	// Game returns a stored game (ErrNotFound if none).
	Game(ctx context.Context, id string) (*Game, error)
	// Append adds a command to a game's log, durably before it returns.
	// c.Seq must be the number of commands already stored plus one: when
	// it is not, nothing is stored and the error is a *ConflictError with
	// the current count.
	Append(ctx context.Context, id string, c Command) error
	// Commands returns a game's commands with Seq greater than after, in
	// order.
	Commands(ctx context.Context, id string, after int) ([]Command, error)
	// Idle returns up to limit games whose last command (or creation,
	// with none) is before before, oldest first: the retention sweep's.
	Idle(ctx context.Context, before time.Time, limit int) ([]string, error)
	// Delete removes a game and its commands (ErrNotFound if none),
	// keeping a Tombstone dated at.
	Delete(ctx context.Context, id string, at time.Time) error
	// Deleted returns the tombstone of a deleted game (ErrNotFound if
	// none, or forgotten).
	Deleted(ctx context.Context, id string) (*Tombstone, error)
	// Forget removes the tombstones of games deleted before before, and
	// says how many.
	Forget(ctx context.Context, before time.Time) (int, error)
	// CreateRoster stores a new roster; its ID must be new (ErrConflict
	// if not) and its Version 1.
	CreateRoster(ctx context.Context, r *Roster) error
	// Roster returns a saved roster (ErrNotFound if none).
	Roster(ctx context.Context, id string) (*Roster, error)
	// UpdateRoster replaces a roster's Name, YAML and Updated when the
	// stored roster's Version is r.Version-1 (two editors never both
	// win): when it is not, nothing changes and the error is a
	// *ConflictError with the stored version in Seq.
	UpdateRoster(ctx context.Context, r *Roster) error
	// CreateCampaign stores a new campaign; its ID must be new
	// (ErrConflict if not) and its Version 1.
	CreateCampaign(ctx context.Context, c *Campaign) error
	// Campaign returns a campaign (ErrNotFound if none).
	Campaign(ctx context.Context, id string) (*Campaign, error)
	// UpdateCampaign replaces a campaign's Name, Body and Updated when the
	// stored campaign's Version is c.Version-1: when it is not, nothing
	// changes and the error is a *ConflictError (Campaign set) with the
	// stored version in Seq.
	UpdateCampaign(ctx context.Context, c *Campaign) error
	// Close releases the store.
	Close() error
}

// ErrNotFound is returned for a game, roster or campaign that does not
// exist.
var ErrNotFound = errors.New("store: not found")

// ErrConflict is returned when creating a game whose ID is taken.
var ErrConflict = errors.New("store: conflict")

// ConflictError reports an Append whose Seq is not the next one, or a
// roster update whose Version is not the next one.
type ConflictError struct {
	Seq      int  // the number of commands stored (a roster's or campaign's stored version)
	Roster   bool // a roster update's conflict
	Campaign bool // a campaign update's conflict
}

func (e *ConflictError) Error() string {
	if e.Roster {
		return "store: conflict: the roster is at version " + strconv.Itoa(e.Seq)
	}
	if e.Campaign {
		return "store: conflict: the campaign is at version " + strconv.Itoa(e.Seq)
	}
	return "store: conflict: the log is at command " + strconv.Itoa(e.Seq)
}

// Is makes errors.Is(err, ErrConflict) true.
func (e *ConflictError) Is(target error) bool { return target == ErrConflict }

// Change is a write that a server sharing the store made, as a Notifier
// reports it: a command appended to game ID (Seq is its seq), or the game
// deleted (Deleted). A Change with no ID and no Lost says the listener is
// listening (again): changes made while it was not were not heard, and
// every game a server holds in memory may be behind the store, or
// deleted. Lost, with no ID, says the listener lost its connection, or
// cannot make one, and tries again.
type Change struct {
	ID      string
	Seq     int
	Deleted bool
	Lost    error
}

// Notifier is a store that several servers share: Listen calls fn for
// every command appended and every game deleted, by any of them, its own
// included, until ctx ends; a lost connection is made again (fn hears a
// Change with Lost, then one with nothing set once listening again). It
// returns nil when ctx ends. fn is called from one goroutine, in the
// order the store committed the changes.
type Notifier interface {
	Listen(ctx context.Context, fn func(Change)) error
}

// Toucher is a store that several servers share, which keeps when a game
// was last in use on any of them (store/postgres): a server marks the
// games in use on it (Touch), and the retention sweep of every server
// spares those touched lately (Touched), so that it does not delete a
// game whose players another server serves.
type Toucher interface {
	// Touch marks games in use at at (a later mark stays).
	Touch(ctx context.Context, ids []string, at time.Time) error
	// Touched returns those of ids marked in use at or after since.
	Touched(ctx context.Context, ids []string, since time.Time) ([]string, error)
}
