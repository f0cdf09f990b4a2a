// Package sqlite is the embedded store: SQLite through modernc.org/sqlite
// (pure Go, no cgo), in one file next to the binary by default. It keeps
// the games and their command logs, and saved rosters (package store), with write-ahead
// logging, synchronous=FULL (a commit is on disk before it returns) and
// foreign keys on; the schema is a numbered list of migrations applied at
// open (PRAGMA user_version holds how many ran).
//
// Every write goes through one writer goroutine on one connection, which
// takes the appends waiting for it as a batch and commits them in one
// transaction: concurrent appends, from any number of games, share one
// fsync (group commit), and each caller returns only once its own command
// is durable. Reads use other connections and never wait for the writer
// (WAL). A Store is safe for concurrent use.
package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/skirmish-engine/skirmish/store"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// migrations are the schema's steps, in order: never edit one that has
// shipped; add the next.
var migrations = []string{
	// 1: games, their seats and their command logs.
	`CREATE TABLE games (
		id       TEXT PRIMARY KEY,
		created  INTEGER NOT NULL,
		ruleset  TEXT NOT NULL,
		version  TEXT NOT NULL,
		name     TEXT NOT NULL,
		scenario BLOB NOT NULL,
		mode     TEXT NOT NULL,
		dice     TEXT NOT NULL,
		seed     INTEGER NOT NULL,
		strict   INTEGER NOT NULL,
		options  TEXT NOT NULL,
		watch    BLOB NOT NULL
	) STRICT;
	CREATE TABLE seats (
		game TEXT NOT NULL REFERENCES games(id),
		side INTEGER NOT NULL,
		hash BLOB NOT NULL,
		PRIMARY KEY (game, side)
	) STRICT;
	CREATE TABLE commands (
		game TEXT NOT NULL REFERENCES games(id),
		seq  INTEGER NOT NULL,
		side INTEGER NOT NULL,
		kind TEXT NOT NULL,
		body BLOB NOT NULL,
		at   INTEGER NOT NULL,
		PRIMARY KEY (game, seq)
	) STRICT;`,
	// 2: saved rosters (issue 33).
	`CREATE TABLE rosters (
		id      TEXT PRIMARY KEY,
		created INTEGER NOT NULL,
		updated INTEGER NOT NULL,
		ruleset TEXT NOT NULL,
		name    TEXT NOT NULL,
		yaml    BLOB NOT NULL,
		edit    BLOB NOT NULL,
		version INTEGER NOT NULL
	) STRICT;`,
	// 3: the seed's commitment (issue 34): its salt, and whether the
	// creator chose the seed.
	`ALTER TABLE games ADD COLUMN salt BLOB NOT NULL DEFAULT x'';
	ALTER TABLE games ADD COLUMN chosen INTEGER NOT NULL DEFAULT 0;`,
	// 4: sealed seeds (issue 34): the seed sealed with the store's key,
	// the seed column then 0.
	`ALTER TABLE games ADD COLUMN sealed BLOB NOT NULL DEFAULT x'';`,
	// 5: what is kept of a deleted game (issue 34): when, its last move,
	// and its credentials' hashes, so a seat's link can say why it is gone.
	`CREATE TABLE deleted (
		id    TEXT PRIMARY KEY,
		at    INTEGER NOT NULL,
		last  INTEGER NOT NULL,
		seats BLOB NOT NULL,
		watch BLOB NOT NULL
	) STRICT;`,
	// 6: campaigns (issue 37).
	`CREATE TABLE campaigns (
		id      TEXT PRIMARY KEY,
		created INTEGER NOT NULL,
		updated INTEGER NOT NULL,
		ruleset TEXT NOT NULL,
		name    TEXT NOT NULL,
		body    BLOB NOT NULL,
		edit    BLOB NOT NULL,
		version INTEGER NOT NULL
	) STRICT;`,
}

// Store is a SQLite-backed store.Store.
type Store struct {
	sealer     *store.Sealer // seals seeds (SealSeeds); nil: seeds kept in clear
	stats      stats
	db         *sql.DB
	appendStmt *sql.Stmt // prepared once, on the writer's connection
	writes     chan *write
	done       chan struct{}
}

// Stats says how the writer has done since the store opened.
type Stats struct {
	Batches int64         // transactions committed
	Writes  int64         // writes they held
	Commit  time.Duration // time spent committing (the fsync, mostly)
	Busy    time.Duration // time spent in transactions, the commits included
}

type stats struct {
	batches, writes, commit, busy atomic.Int64
}

// Stats returns the writer's counters.
func (s *Store) Stats() Stats {
	return Stats{Batches: s.stats.batches.Load(), Writes: s.stats.writes.Load(),
		Commit: time.Duration(s.stats.commit.Load()), Busy: time.Duration(s.stats.busy.Load())}
}

// write is one write for the writer goroutine: run inside its batch's
// transaction; err is its result once the batch is committed. A write of
// one statement needs no savepoint: SQLite undoes a failed statement
// alone.
type write struct {
	do    func(c *sql.Conn) error
	multi bool // more than one statement: undo them together if one fails
	err   error
	done  chan struct{}
}

// MaxBatch is the most writes one transaction takes.
const MaxBatch = 512

// Open opens (creating if need be) the database at path and applies the
// migrations; ":memory:" gives a private in-memory database (for tests).
func Open(path string) (*Store, error) {
	dsn := "file:" + url.PathEscape(path) +
		"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)&_txlock=immediate"
	if path == ":memory:" {
		// One shared in-memory database for every connection of this Store.
		dsn = fmt.Sprintf("file:mem%d?mode=memory&cache=shared&_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)", memID())
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(8)
	if err := migrate(db); err != nil {
		db.Close()
		switch msg := err.Error(); {
		case strings.Contains(msg, "unable to open"):
			return nil, fmt.Errorf("sqlite: %s: cannot open or create the database file (does its folder exist, and may this user write there?): %w", path, err)
		case strings.Contains(msg, "not a database"):
			return nil, fmt.Errorf("sqlite: %s: not an SQLite database (give a new file name, or a database skirmish made): %w", path, err)
		}
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	s := &Store{db: db, writes: make(chan *write, MaxBatch), done: make(chan struct{})}
	conn, err := db.Conn(context.Background())
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	if s.appendStmt, err = conn.PrepareContext(context.Background(), appendSQL); err != nil {
		conn.Close()
		db.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	go s.writer(conn)
	return s, nil
}

var memCount atomic.Int64

// memID names a new in-memory database.
func memID() int64 { return memCount.Add(1) }

// migrate applies the migrations not yet applied, each in a transaction.
func migrate(db *sql.DB) error {
	var have int
	if err := db.QueryRow("PRAGMA user_version").Scan(&have); err != nil {
		return fmt.Errorf("schema version: %w", err)
	}
	if have > len(migrations) {
		return fmt.Errorf("the database has schema version %d; this program knows %d (a newer program made it)", have, len(migrations))
	}
	for v := have; v < len(migrations); v++ {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		if _, err := tx.Exec(migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %w", v+1, err)
		}
		if _, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", v+1)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %w", v+1, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration %d: %w", v+1, err)
		}
	}
	return nil
}

// writer commits the writes waiting for it, a batch per transaction.
func (s *Store) writer(conn *sql.Conn) {
	defer close(s.done)
	defer conn.Close()
	batch := make([]*write, 0, MaxBatch)
	for w := range s.writes {
		batch = append(batch[:0], w)
		// Take every write waiting; then let the goroutines just woken by
		// the last commit queue theirs, as long as more keep coming: a
		// batch is worth a few scheduler turns, not another fsync.
		for idle := 0; idle < 2 && len(batch) < MaxBatch; {
			n := len(batch)
		fill:
			for len(batch) < MaxBatch {
				select {
				case w, ok := <-s.writes:
					if !ok {
						break fill
					}
					batch = append(batch, w)
				default:
					break fill
				}
			}
			if len(batch) == n {
				idle++
			}
			runtime.Gosched()
		}
		s.commit(conn, batch)
	}
}

// commit runs a batch in one transaction. A write that fails is undone
// alone (a savepoint each); the others commit. If the commit fails, every
// write of the batch fails.
func (s *Store) commit(conn *sql.Conn, batch []*write) {
	fail := func(err error) {
		for _, w := range batch {
			w.err = err
			close(w.done)
		}
	}
	// The transaction is run by hand on the writer's connection, so that
	// its statements prepared once serve every batch (database/sql's Tx
	// would prepare them again in each).
	ctx := context.Background()
	rollback := func() { conn.ExecContext(ctx, "ROLLBACK") }
	start := time.Now()
	defer func() {
		s.stats.batches.Add(1)
		s.stats.writes.Add(int64(len(batch)))
		s.stats.busy.Add(int64(time.Since(start)))
	}()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		fail(fmt.Errorf("sqlite: begin: %w", err))
		return
	}
	for _, w := range batch {
		if !w.multi {
			w.err = w.do(conn)
			continue
		}
		if _, err := conn.ExecContext(ctx, "SAVEPOINT w"); err != nil {
			rollback()
			fail(fmt.Errorf("sqlite: savepoint: %w", err))
			return
		}
		if w.err = w.do(conn); w.err != nil {
			if _, err := conn.ExecContext(ctx, "ROLLBACK TO w"); err != nil {
				rollback()
				fail(fmt.Errorf("sqlite: rollback to savepoint: %w", err))
				return
			}
		}
		if _, err := conn.ExecContext(ctx, "RELEASE w"); err != nil {
			rollback()
			fail(fmt.Errorf("sqlite: release savepoint: %w", err))
			return
		}
	}
	c0 := time.Now()
	_, err := conn.ExecContext(ctx, "COMMIT")
	s.stats.commit.Add(int64(time.Since(c0)))
	if err != nil {
		rollback()
		fail(fmt.Errorf("sqlite: commit: %w", err))
		return
	}
	for _, w := range batch {
		close(w.done)
	}
}

// run hands a write to the writer and waits until it is committed.
func (s *Store) run(multi bool, do func(c *sql.Conn) error) (err error) {
	w := &write{do: do, multi: multi, done: make(chan struct{})}
	defer func() {
		if recover() != nil { // the store is closed: writes panics on a closed channel
			err = errors.New("sqlite: the store is closed")
		}
	}()
	s.writes <- w
	<-w.done
	return w.err
}

// Create stores a new game.
func (s *Store) Create(ctx context.Context, g *store.Game, log ...store.Command) error {
	opts, err := json.Marshal(g.Options)
	if err != nil {
		return fmt.Errorf("sqlite: create %s: options: %w", g.ID, err)
	}
	return s.run(true, func(tx *sql.Conn) error {
		// Once queued, a write is the writer's: it no longer depends on
		// the caller's context.
		ctx := context.Background()
		salt := g.Salt
		if salt == nil {
			salt = []byte{}
		}
		seed, sealed := int64(g.Seed), []byte{}
		if s.sealer != nil {
			seed, sealed = 0, s.sealer.Seal(g.ID, g.Seed)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO games (id, created, ruleset, version, name, scenario, mode, dice, seed, strict, options, watch, salt, chosen, sealed)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.ID, g.Created.UnixNano(), g.Ruleset, g.Version, g.Name, g.Scenario, g.Mode, g.Dice, seed, g.Strict, string(opts), g.Watch, salt, g.Chosen, sealed)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") || strings.Contains(err.Error(), "PRIMARY KEY") {
				return fmt.Errorf("sqlite: create %s: %w", g.ID, store.ErrConflict)
			}
			return fmt.Errorf("sqlite: create %s: %w", g.ID, err)
		}
		for side, h := range g.Seats {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game, side, hash) VALUES (?, ?, ?)`, g.ID, side, h); err != nil {
				return fmt.Errorf("sqlite: create %s: seat %d: %w", g.ID, side, err)
			}
		}
		for i, c := range log {
			if c.Seq != i+1 {
				return fmt.Errorf("sqlite: create %s: command %d has seq %d", g.ID, i+1, c.Seq)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO commands (game, seq, side, kind, body, at) VALUES (?, ?, ?, ?, ?, ?)`,
				g.ID, c.Seq, c.Side, c.Kind, c.Body, c.At.UnixNano()); err != nil {
				return fmt.Errorf("sqlite: create %s: command %d: %w", g.ID, c.Seq, err)
			}
		}
		return nil
	})
}

// Game returns a stored game.
func (s *Store) Game(ctx context.Context, id string) (*store.Game, error) {
	g := &store.Game{ID: id}
	var created, seed int64
	var opts string
	var sealed []byte
	err := s.db.QueryRowContext(ctx, `SELECT created, ruleset, version, name, scenario, mode, dice, seed, strict, options, watch, salt, chosen, sealed FROM games WHERE id = ?`, id).
		Scan(&created, &g.Ruleset, &g.Version, &g.Name, &g.Scenario, &g.Mode, &g.Dice, &seed, &g.Strict, &opts, &g.Watch, &g.Salt, &g.Chosen, &sealed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: game %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: game %s: %w", id, err)
	}
	g.Created, g.Seed = time.Unix(0, created).UTC(), uint64(seed)
	if len(sealed) > 0 {
		if g.Seed, err = s.open(id, sealed); err != nil {
			return nil, err
		}
	}
	if len(g.Salt) == 0 {
		g.Salt = nil // a game from before commitments
	}
	if err := json.Unmarshal([]byte(opts), &g.Options); err != nil {
		return nil, fmt.Errorf("sqlite: game %s: options: %w", id, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT side, hash FROM seats WHERE game = ? ORDER BY side`, id)
	if err != nil {
		return nil, fmt.Errorf("sqlite: game %s: seats: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var side int
		var h []byte
		if err := rows.Scan(&side, &h); err != nil {
			return nil, fmt.Errorf("sqlite: game %s: seats: %w", id, err)
		}
		if side != len(g.Seats) {
			return nil, fmt.Errorf("sqlite: game %s: seat %d missing", id, len(g.Seats))
		}
		g.Seats = append(g.Seats, h)
	}
	return g, rows.Err()
}

// Append adds a command, durably, if its Seq is the next one: one
// statement, which inserts nothing unless the game's last seq is Seq-1
// (the primary key refuses a seq already taken).
func (s *Store) Append(ctx context.Context, id string, c store.Command) error {
	return s.run(false, func(tx *sql.Conn) error {
		ctx := context.Background() // the writer's now, whatever the caller's
		res, err := s.appendStmt.ExecContext(ctx, id, c.Seq, c.Side, c.Kind, c.Body, c.At.UnixNano(), id, c.Seq-1)
		if err == nil {
			if n, err := res.RowsAffected(); err == nil && n == 1 {
				return nil
			}
		}
		if err != nil && !strings.Contains(err.Error(), "constraint") {
			return fmt.Errorf("sqlite: append %s: %w", id, err)
		}
		// Not the next seq, or no such game: say which.
		var exists, n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE id = ?`, id).Scan(&exists); err != nil {
			return fmt.Errorf("sqlite: append %s: %w", id, err)
		}
		if exists == 0 {
			return fmt.Errorf("sqlite: append %s: %w", id, store.ErrNotFound)
		}
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq), 0) FROM commands WHERE game = ?`, id).Scan(&n); err != nil {
			return fmt.Errorf("sqlite: append %s: %w", id, err)
		}
		return &store.ConflictError{Seq: n}
	})
}

// appendSQL inserts a command when the game's last seq is the one before.
const appendSQL = `INSERT INTO commands (game, seq, side, kind, body, at)
	SELECT ?, ?, ?, ?, ?, ? WHERE (SELECT COALESCE(MAX(seq), 0) FROM commands WHERE game = ?) = ?`

// Commands returns a game's commands after seq after.
func (s *Store) Commands(ctx context.Context, id string, after int) ([]store.Command, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seq, side, kind, body, at FROM commands WHERE game = ? AND seq > ? ORDER BY seq`, id, after)
	if err != nil {
		return nil, fmt.Errorf("sqlite: commands %s: %w", id, err)
	}
	defer rows.Close()
	var out []store.Command
	for rows.Next() {
		var c store.Command
		var at int64
		if err := rows.Scan(&c.Seq, &c.Side, &c.Kind, &c.Body, &at); err != nil {
			return nil, fmt.Errorf("sqlite: commands %s: %w", id, err)
		}
		c.At = time.Unix(0, at).UTC()
		out = append(out, c)
	}
	return out, rows.Err()
}

// Idle returns the games idle since before, oldest first.
func (s *Store) Idle(ctx context.Context, before time.Time, limit int) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM (
		SELECT g.id, COALESCE((SELECT MAX(c.at) FROM commands c WHERE c.game = g.id), g.created) AS last FROM games g)
		WHERE last < ? ORDER BY last LIMIT ?`, before.UnixNano(), limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: idle games: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("sqlite: idle games: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Delete removes a game, its seats and its commands, at once, keeping a
// tombstone dated at: its last move and its credentials' hashes.
func (s *Store) Delete(ctx context.Context, id string, at time.Time) error {
	return s.run(true, func(tx *sql.Conn) error {
		ctx := context.Background()
		var seats []byte
		rows, err := tx.QueryContext(ctx, `SELECT hash FROM seats WHERE game = ? ORDER BY side`, id)
		if err != nil {
			return fmt.Errorf("sqlite: delete %s: %w", id, err)
		}
		for rows.Next() {
			var h []byte
			if err := rows.Scan(&h); err != nil {
				rows.Close()
				return fmt.Errorf("sqlite: delete %s: %w", id, err)
			}
			if len(h) > 255 {
				rows.Close()
				return fmt.Errorf("sqlite: delete %s: a seat's hash of %d bytes", id, len(h))
			}
			seats = append(append(seats, byte(len(h))), h...) // each hash after its length
		}
		rows.Close()
		res, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO deleted (id, at, last, seats, watch)
			SELECT g.id, ?, COALESCE((SELECT MAX(c.at) FROM commands c WHERE c.game = g.id), g.created), ?, g.watch FROM games g WHERE g.id = ?`,
			at.UnixNano(), seats, id)
		if err != nil {
			return fmt.Errorf("sqlite: delete %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("sqlite: delete %s: %w", id, store.ErrNotFound)
		}
		for _, q := range []string{`DELETE FROM commands WHERE game = ?`, `DELETE FROM seats WHERE game = ?`, `DELETE FROM games WHERE id = ?`} {
			if _, err := tx.ExecContext(ctx, q, id); err != nil {
				return fmt.Errorf("sqlite: delete %s: %w", id, err)
			}
		}
		return nil
	})
}

// Deleted returns what is kept of a deleted game (ErrNotFound if none).
func (s *Store) Deleted(ctx context.Context, id string) (*store.Tombstone, error) {
	var at, last int64
	var seats, watch []byte
	err := s.db.QueryRowContext(ctx, `SELECT at, last, seats, watch FROM deleted WHERE id = ?`, id).Scan(&at, &last, &seats, &watch)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: deleted %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: deleted %s: %w", id, err)
	}
	t := &store.Tombstone{ID: id, Deleted: time.Unix(0, at).UTC(), LastMove: time.Unix(0, last).UTC(), Watch: watch}
	for len(seats) > 0 {
		n := int(seats[0])
		if len(seats) < 1+n {
			return nil, fmt.Errorf("sqlite: deleted %s: its seats are damaged", id)
		}
		t.Seats, seats = append(t.Seats, seats[1:1+n:1+n]), seats[1+n:]
	}
	return t, nil
}

// Forget removes the tombstones of games deleted before before.
func (s *Store) Forget(ctx context.Context, before time.Time) (int, error) {
	var n int64
	err := s.run(false, func(tx *sql.Conn) error {
		res, err := tx.ExecContext(context.Background(), `DELETE FROM deleted WHERE at < ?`, before.UnixNano())
		if err != nil {
			return fmt.Errorf("sqlite: forget deleted games: %w", err)
		}
		n, _ = res.RowsAffected()
		return nil
	})
	return int(n), err
}

// CreateRoster stores a new roster.
func (s *Store) CreateRoster(ctx context.Context, r *store.Roster) error {
	if r.Version != 1 {
		return fmt.Errorf("sqlite: create roster %s: version %d, want 1", r.ID, r.Version)
	}
	return s.run(false, func(tx *sql.Conn) error {
		_, err := tx.ExecContext(context.Background(), `INSERT INTO rosters (id, created, updated, ruleset, name, yaml, edit, version)
			VALUES (?, ?, ?, ?, ?, ?, ?, 1)`, r.ID, r.Created.UnixNano(), r.Updated.UnixNano(), r.Ruleset, r.Name, r.YAML, r.Edit)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") || strings.Contains(err.Error(), "PRIMARY KEY") {
				return fmt.Errorf("sqlite: create roster %s: %w", r.ID, store.ErrConflict)
			}
			return fmt.Errorf("sqlite: create roster %s: %w", r.ID, err)
		}
		return nil
	})
}

// Roster returns a saved roster.
func (s *Store) Roster(ctx context.Context, id string) (*store.Roster, error) {
	r := &store.Roster{ID: id}
	var created, updated int64
	err := s.db.QueryRowContext(ctx, `SELECT created, updated, ruleset, name, yaml, edit, version FROM rosters WHERE id = ?`, id).
		Scan(&created, &updated, &r.Ruleset, &r.Name, &r.YAML, &r.Edit, &r.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: roster %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: roster %s: %w", id, err)
	}
	r.Created, r.Updated = time.Unix(0, created).UTC(), time.Unix(0, updated).UTC()
	return r, nil
}

// UpdateRoster replaces a roster when r.Version is the next version: one
// statement, which changes nothing otherwise.
func (s *Store) UpdateRoster(ctx context.Context, r *store.Roster) error {
	return s.run(false, func(tx *sql.Conn) error {
		ctx := context.Background()
		res, err := tx.ExecContext(ctx, `UPDATE rosters SET name = ?, yaml = ?, updated = ?, version = ? WHERE id = ? AND version = ?`,
			r.Name, r.YAML, r.Updated.UnixNano(), r.Version, r.ID, r.Version-1)
		if err != nil {
			return fmt.Errorf("sqlite: update roster %s: %w", r.ID, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 1 {
			return nil
		}
		var v int
		err = tx.QueryRowContext(ctx, `SELECT version FROM rosters WHERE id = ?`, r.ID).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("sqlite: update roster %s: %w", r.ID, store.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("sqlite: update roster %s: %w", r.ID, err)
		}
		return &store.ConflictError{Seq: v, Roster: true}
	})
}

// CreateCampaign stores a new campaign.
func (s *Store) CreateCampaign(ctx context.Context, c *store.Campaign) error {
	if c.Version != 1 {
		return fmt.Errorf("sqlite: create campaign %s: version %d, want 1", c.ID, c.Version)
	}
	return s.run(false, func(tx *sql.Conn) error {
		_, err := tx.ExecContext(context.Background(), `INSERT INTO campaigns (id, created, updated, ruleset, name, body, edit, version)
			VALUES (?, ?, ?, ?, ?, ?, ?, 1)`, c.ID, c.Created.UnixNano(), c.Updated.UnixNano(), c.Ruleset, c.Name, nonNil(c.Body), nonNil(c.Edit))
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") || strings.Contains(err.Error(), "PRIMARY KEY") {
				return fmt.Errorf("sqlite: create campaign %s: %w", c.ID, store.ErrConflict)
			}
			return fmt.Errorf("sqlite: create campaign %s: %w", c.ID, err)
		}
		return nil
	})
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// Campaign returns a campaign.
func (s *Store) Campaign(ctx context.Context, id string) (*store.Campaign, error) {
	c := &store.Campaign{ID: id}
	var created, updated int64
	err := s.db.QueryRowContext(ctx, `SELECT created, updated, ruleset, name, body, edit, version FROM campaigns WHERE id = ?`, id).
		Scan(&created, &updated, &c.Ruleset, &c.Name, &c.Body, &c.Edit, &c.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: campaign %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: campaign %s: %w", id, err)
	}
	c.Created, c.Updated = time.Unix(0, created).UTC(), time.Unix(0, updated).UTC()
	return c, nil
}

// UpdateCampaign replaces a campaign when c.Version is the next version:
// one statement, which changes nothing otherwise.
func (s *Store) UpdateCampaign(ctx context.Context, c *store.Campaign) error {
	return s.run(false, func(tx *sql.Conn) error {
		ctx := context.Background()
		res, err := tx.ExecContext(ctx, `UPDATE campaigns SET name = ?, body = ?, updated = ?, version = ? WHERE id = ? AND version = ?`,
			c.Name, nonNil(c.Body), c.Updated.UnixNano(), c.Version, c.ID, c.Version-1)
		if err != nil {
			return fmt.Errorf("sqlite: update campaign %s: %w", c.ID, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 1 {
			return nil
		}
		var v int
		err = tx.QueryRowContext(ctx, `SELECT version FROM campaigns WHERE id = ?`, c.ID).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("sqlite: update campaign %s: %w", c.ID, store.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("sqlite: update campaign %s: %w", c.ID, err)
		}
		return &store.ConflictError{Seq: v, Campaign: true}
	})
}

// Close stops the writer (after the writes already handed to it) and
// closes the database.
func (s *Store) Close() error {
	close(s.writes)
	<-s.done
	return s.db.Close()
}
