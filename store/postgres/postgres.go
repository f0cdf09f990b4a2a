// Package postgres is the store for several servers sharing one database
// (issue 36): PostgreSQL through github.com/jackc/pgx/v5 and its pool. It
// keeps what the embedded SQLite store keeps (package store), so that any
// server answers any seat of any game:
//
//   - a command is appended by one statement that inserts it only if the
//     game's last seq is the one before, and the primary key (game, seq)
//     refuses a second command at one seq: two servers racing on one
//     game can never both apply (store.ConflictError for the loser);
//   - the same statement notifies the channel skirmish_changes (payload
//     "c SEQ ID"; a deletion sends "d ID"), delivered when it commits;
//     Listen follows the channel on a connection of its own, so that a
//     server hears, within milliseconds, of the writes the others made
//     (store.Notifier);
//   - the schema is a numbered list of migrations, applied at Open under
//     an advisory lock: servers starting at once migrate once, the others
//     wait, then find the schema current.
//
// A commit is durable when it returns (PostgreSQL's synchronous_commit,
// on by default: leave it on). PostgreSQL shares the fsync of commits
// made at once by itself (group commit), so the store needs no writer
// goroutine of its own: each append is a statement on a pooled
// connection.
//
// Seeds are sealed as SQLite's are (store.Sealer, SealSeeds): every server
// sharing the database must be given the same key file.
package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/skirmish-engine/skirmish/store"
)

// migrations are the schema's steps, in order: never edit one that has
// shipped; add the next. The first is the SQLite schema as of its fifth
// migration, in PostgreSQL's types (seats kept as an array of hashes).
var migrations = []string{
	// 1: games, their command logs, saved rosters and deleted games'
	// tombstones.
	`CREATE TABLE games (
		id       text PRIMARY KEY,
		created  bigint NOT NULL,
		ruleset  text NOT NULL,
		version  text NOT NULL,
		name     text NOT NULL,
		scenario bytea NOT NULL,
		mode     text NOT NULL,
		dice     text NOT NULL,
		seed     bigint NOT NULL,
		strict   boolean NOT NULL,
		options  text NOT NULL,
		seats    bytea[] NOT NULL,
		watch    bytea NOT NULL,
		salt     bytea NOT NULL,
		chosen   boolean NOT NULL,
		sealed   bytea NOT NULL
	);
	CREATE TABLE commands (
		game text NOT NULL REFERENCES games(id) ON DELETE CASCADE,
		seq  integer NOT NULL,
		side integer NOT NULL,
		kind text NOT NULL,
		body bytea NOT NULL,
		at   bigint NOT NULL,
		PRIMARY KEY (game, seq)
	);
	CREATE TABLE rosters (
		id      text PRIMARY KEY,
		created bigint NOT NULL,
		updated bigint NOT NULL,
		ruleset text NOT NULL,
		name    text NOT NULL,
		yaml    bytea NOT NULL,
		edit    bytea NOT NULL,
		version integer NOT NULL
	);
	CREATE TABLE deleted (
		id    text PRIMARY KEY,
		at    bigint NOT NULL,
		last  bigint NOT NULL,
		seats bytea[] NOT NULL,
		watch bytea NOT NULL
	);`,
	// 2: when a game was last in use on any server (Touch): the
	// retention sweep of one server spares the games another's clients
	// follow.
	`ALTER TABLE games ADD COLUMN seen bigint NOT NULL DEFAULT 0;`,
	// 3: the seal key's check (SealSeeds): a known value sealed with the
	// key the database's seeds are sealed with, so that a server given
	// another key refuses to start before it seals a game of its own.
	`CREATE TABLE skirmish_key (
		id     integer PRIMARY KEY CHECK (id = 1),
		sealed bytea NOT NULL
	);`,
	// 4: campaigns (issue 37).
	`CREATE TABLE campaigns (
		id      text PRIMARY KEY,
		created bigint NOT NULL,
		updated bigint NOT NULL,
		ruleset text NOT NULL,
		name    text NOT NULL,
		body    bytea NOT NULL,
		edit    bytea NOT NULL,
		version integer NOT NULL
	);`,
}

// Channel is the notification channel of changes (Listen).
const Channel = "skirmish_changes"

// migrateLock is the advisory lock key the migrations are applied under
// (an arbitrary constant: "skirm" in ASCII).
const migrateLock = 0x736b69726d

// Store is a PostgreSQL-backed store.Store and store.Notifier.
type Store struct {
	pool   *pgxpool.Pool
	sealer *store.Sealer // seals seeds (SealSeeds); nil: seeds kept in clear
}

// DefaultConns is the most connections a Store's pool opens, unless the
// URL says otherwise (pool_max_conns=N); Listen holds one more.
const DefaultConns = 16

// IsURL reports whether db names a PostgreSQL database (a postgres:// or
// postgresql:// URL, the scheme in any case) rather than an SQLite file.
func IsURL(db string) bool {
	scheme, _, ok := strings.Cut(db, "://")
	return ok && (strings.EqualFold(scheme, "postgres") || strings.EqualFold(scheme, "postgresql"))
}

// Open connects to the database at db (postgres://user@host/name?...) and
// applies the migrations not yet applied.
func Open(ctx context.Context, db string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(db)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", Redact(db), err)
	}
	if !strings.Contains(db, "pool_max_conns") {
		cfg.MaxConns = DefaultConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", Redact(db), err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %s: %w", Redact(db), err)
	}
	return &Store{pool: pool}, nil
}

// Redact is a database URL without its password (in the user part or
// the query), for messages and logs; a URL that does not parse is not
// shown at all.
func Redact(db string) string {
	u, err := url.Parse(db)
	if err != nil {
		return "a postgres:// URL that does not parse"
	}
	q := u.Query()
	for k := range q {
		if strings.EqualFold(k, "password") {
			q.Set(k, "xxxxx")
			u.RawQuery = q.Encode()
		}
	}
	return u.Redacted()
}

// migrate applies the migrations not yet applied, each in a transaction,
// holding the advisory lock: a server starting beside another waits for
// its migrations, then finds nothing to do.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, int64(migrateLock)); err != nil {
		return fmt.Errorf("migration lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(migrateLock))
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS skirmish_schema (version integer NOT NULL)`); err != nil {
		return fmt.Errorf("schema version: %w", err)
	}
	var have int
	err = conn.QueryRow(ctx, `SELECT version FROM skirmish_schema`).Scan(&have)
	if errors.Is(err, pgx.ErrNoRows) {
		_, err = conn.Exec(ctx, `INSERT INTO skirmish_schema (version) VALUES (0)`)
	}
	if err != nil {
		return fmt.Errorf("schema version: %w", err)
	}
	if have > len(migrations) {
		return fmt.Errorf("the database has schema version %d; this program knows %d (a newer program made it)", have, len(migrations))
	}
	for v := have; v < len(migrations); v++ {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, migrations[v]); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `UPDATE skirmish_schema SET version = $1`, v+1)
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %d: %w", v+1, err)
		}
	}
	return nil
}

// Version is the schema version of the database (the migrations applied).
func (s *Store) Version(ctx context.Context) (int, error) {
	var v int
	err := s.pool.QueryRow(ctx, `SELECT version FROM skirmish_schema`).Scan(&v)
	return v, err
}

// writeTimeout bounds a write once started: a write is not tied to its
// caller's context (a client that leaves mid-append must not leave the
// command's fate unknown to the server), but does not wait forever on a
// database that does not answer.
const writeTimeout = 30 * time.Second

// writing is the context a write runs under.
func writing(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), writeTimeout)
}

// code is err's PostgreSQL error code, "" for none.
func code(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

const (
	uniqueViolation     = "23505"
	foreignKeyViolation = "23503"
)

// Create stores a new game.
func (s *Store) Create(ctx context.Context, g *store.Game, log ...store.Command) error {
	opts, err := json.Marshal(g.Options)
	if err != nil {
		return fmt.Errorf("postgres: create %s: options: %w", g.ID, err)
	}
	for i, c := range log {
		if c.Seq != i+1 {
			return fmt.Errorf("postgres: create %s: command %d has seq %d", g.ID, i+1, c.Seq)
		}
	}
	salt := g.Salt
	if salt == nil {
		salt = []byte{}
	}
	seed, sealed := int64(g.Seed), []byte{}
	if s.sealer != nil {
		seed, sealed = 0, s.sealer.Seal(g.ID, g.Seed)
	}
	seats := g.Seats
	if seats == nil {
		seats = [][]byte{}
	}
	watch := g.Watch
	if watch == nil {
		watch = []byte{}
	}
	ctx, cancel := writing(ctx)
	defer cancel()
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO games (id, created, ruleset, version, name, scenario, mode, dice, seed, strict, options, seats, watch, salt, chosen, sealed)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
			g.ID, g.Created.UnixNano(), g.Ruleset, g.Version, g.Name, g.Scenario, g.Mode, g.Dice, seed, g.Strict, string(opts), seats, watch, salt, g.Chosen, sealed)
		if err != nil {
			if code(err) == uniqueViolation {
				return store.ErrConflict
			}
			return err
		}
		if len(log) == 0 {
			return nil
		}
		rows := make([][]any, len(log))
		for i, c := range log {
			rows[i] = []any{g.ID, c.Seq, c.Side, c.Kind, c.Body, c.At.UnixNano()}
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"commands"}, []string{"game", "seq", "side", "kind", "body", "at"}, pgx.CopyFromRows(rows))
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: create %s: %w", g.ID, err)
	}
	return nil
}

// Game returns a stored game.
func (s *Store) Game(ctx context.Context, id string) (*store.Game, error) {
	g := &store.Game{ID: id}
	var created, seed int64
	var opts string
	var sealed []byte
	err := s.pool.QueryRow(ctx, `SELECT created, ruleset, version, name, scenario, mode, dice, seed, strict, options, seats, watch, salt, chosen, sealed FROM games WHERE id = $1`, id).
		Scan(&created, &g.Ruleset, &g.Version, &g.Name, &g.Scenario, &g.Mode, &g.Dice, &seed, &g.Strict, &opts, &g.Seats, &g.Watch, &g.Salt, &g.Chosen, &sealed)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: game %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: game %s: %w", id, err)
	}
	g.Created, g.Seed = time.Unix(0, created).UTC(), uint64(seed)
	if len(sealed) > 0 {
		if s.sealer == nil {
			return nil, fmt.Errorf("postgres: game %s: its seed is sealed: start the server with the key file every server of this database shares (--seal-key)", id)
		}
		if g.Seed, err = s.sealer.Open(id, sealed); err != nil {
			return nil, err
		}
	}
	if len(g.Salt) == 0 {
		g.Salt = nil // a game from before commitments (an import of one)
	}
	if err := json.Unmarshal([]byte(opts), &g.Options); err != nil {
		return nil, fmt.Errorf("postgres: game %s: options: %w", id, err)
	}
	return g, nil
}

// appendSQL inserts a command when the game's last seq is the one before,
// and notifies the others of it (delivered at commit).
const appendSQL = `WITH ins AS (
		INSERT INTO commands (game, seq, side, kind, body, at)
		SELECT $1, $2, $3, $4, $5, $6
		WHERE (SELECT COALESCE(MAX(seq), 0) FROM commands WHERE game = $1) = $2 - 1
		RETURNING seq)
	SELECT pg_notify('` + Channel + `', 'c ' || seq || ' ' || $1) FROM ins`

// Append adds a command, durably, if its Seq is the next one: one
// statement, which inserts nothing unless the game's last seq is Seq-1;
// the primary key refuses a seq another server took meanwhile.
func (s *Store) Append(ctx context.Context, id string, c store.Command) error {
	ctx, cancel := writing(ctx)
	defer cancel()
	tag, err := s.pool.Exec(ctx, appendSQL, id, int32(c.Seq), c.Side, c.Kind, c.Body, c.At.UnixNano())
	switch {
	case err == nil && tag.RowsAffected() == 1:
		return nil
	case code(err) == foreignKeyViolation:
		return fmt.Errorf("postgres: append %s: %w", id, store.ErrNotFound)
	case err != nil && code(err) != uniqueViolation:
		return fmt.Errorf("postgres: append %s: %w", id, err)
	}
	// Not the next seq (or no such game): say which.
	var exists bool
	var n int
	err = s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE id = $1), (SELECT COALESCE(MAX(seq), 0) FROM commands WHERE game = $1)`, id).Scan(&exists, &n)
	if err != nil {
		return fmt.Errorf("postgres: append %s: %w", id, err)
	}
	if !exists {
		return fmt.Errorf("postgres: append %s: %w", id, store.ErrNotFound)
	}
	return &store.ConflictError{Seq: n}
}

// Commands returns a game's commands after seq after.
func (s *Store) Commands(ctx context.Context, id string, after int) ([]store.Command, error) {
	rows, err := s.pool.Query(ctx, `SELECT seq, side, kind, body, at FROM commands WHERE game = $1 AND seq > $2 ORDER BY seq`, id, after)
	if err != nil {
		return nil, fmt.Errorf("postgres: commands %s: %w", id, err)
	}
	defer rows.Close()
	var out []store.Command
	for rows.Next() {
		var c store.Command
		var at int64
		if err := rows.Scan(&c.Seq, &c.Side, &c.Kind, &c.Body, &at); err != nil {
			return nil, fmt.Errorf("postgres: commands %s: %w", id, err)
		}
		c.At = time.Unix(0, at).UTC()
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: commands %s: %w", id, err)
	}
	return out, nil
}

// Idle returns the games idle since before, oldest first.
func (s *Store) Idle(ctx context.Context, before time.Time, limit int) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM (
		SELECT g.id, COALESCE((SELECT MAX(c.at) FROM commands c WHERE c.game = g.id), g.created) AS last FROM games g) AS l
		WHERE last < $1 ORDER BY last, id LIMIT $2`, before.UnixNano(), limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: idle games: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("postgres: idle games: %w", err)
	}
	return ids, nil
}

// Touch marks games in use at at (store.Toucher).
func (s *Store) Touch(ctx context.Context, ids []string, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	ctx, cancel := writing(ctx)
	defer cancel()
	if _, err := s.pool.Exec(ctx, `UPDATE games SET seen = $2 WHERE id = ANY($1) AND seen < $2`, ids, at.UnixNano()); err != nil {
		return fmt.Errorf("postgres: touch %d games: %w", len(ids), err)
	}
	return nil
}

// Touched returns those of ids marked in use at or after since
// (store.Toucher).
func (s *Store) Touched(ctx context.Context, ids []string, since time.Time) ([]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT id FROM games WHERE id = ANY($1) AND seen >= $2 ORDER BY id`, ids, since.UnixNano())
	if err != nil {
		return nil, fmt.Errorf("postgres: games in use: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("postgres: games in use: %w", err)
	}
	return out, nil
}

// Delete removes a game and its commands at once, keeping a tombstone
// dated at, and notifies the others (who let the game go from memory).
func (s *Store) Delete(ctx context.Context, id string, at time.Time) error {
	ctx, cancel := writing(ctx)
	defer cancel()
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO deleted (id, at, last, seats, watch)
			SELECT g.id, $2, COALESCE((SELECT MAX(c.at) FROM commands c WHERE c.game = g.id), g.created), g.seats, g.watch FROM games g WHERE g.id = $1
			ON CONFLICT (id) DO UPDATE SET at = EXCLUDED.at, last = EXCLUDED.last, seats = EXCLUDED.seats, watch = EXCLUDED.watch`,
			id, at.UnixNano())
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return store.ErrNotFound
		}
		if _, err := tx.Exec(ctx, `DELETE FROM games WHERE id = $1`, id); err != nil { // its commands cascade
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify('`+Channel+`', 'd ' || $1::text)`, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: delete %s: %w", id, err)
	}
	return nil
}

// Deleted returns what is kept of a deleted game (ErrNotFound if none).
func (s *Store) Deleted(ctx context.Context, id string) (*store.Tombstone, error) {
	var at, last int64
	t := &store.Tombstone{ID: id}
	err := s.pool.QueryRow(ctx, `SELECT at, last, seats, watch FROM deleted WHERE id = $1`, id).Scan(&at, &last, &t.Seats, &t.Watch)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: deleted %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: deleted %s: %w", id, err)
	}
	t.Deleted, t.LastMove = time.Unix(0, at).UTC(), time.Unix(0, last).UTC()
	return t, nil
}

// Forget removes the tombstones of games deleted before before.
func (s *Store) Forget(ctx context.Context, before time.Time) (int, error) {
	ctx, cancel := writing(ctx)
	defer cancel()
	tag, err := s.pool.Exec(ctx, `DELETE FROM deleted WHERE at < $1`, before.UnixNano())
	if err != nil {
		return 0, fmt.Errorf("postgres: forget deleted games: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// CreateRoster stores a new roster.
func (s *Store) CreateRoster(ctx context.Context, r *store.Roster) error {
	if r.Version != 1 {
		return fmt.Errorf("postgres: create roster %s: version %d, want 1", r.ID, r.Version)
	}
	ctx, cancel := writing(ctx)
	defer cancel()
	_, err := s.pool.Exec(ctx, `INSERT INTO rosters (id, created, updated, ruleset, name, yaml, edit, version)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 1)`, r.ID, r.Created.UnixNano(), r.Updated.UnixNano(), r.Ruleset, r.Name, nonNil(r.YAML), nonNil(r.Edit))
	if code(err) == uniqueViolation {
		return fmt.Errorf("postgres: create roster %s: %w", r.ID, store.ErrConflict)
	}
	if err != nil {
		return fmt.Errorf("postgres: create roster %s: %w", r.ID, err)
	}
	return nil
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// Roster returns a saved roster.
func (s *Store) Roster(ctx context.Context, id string) (*store.Roster, error) {
	r := &store.Roster{ID: id}
	var created, updated int64
	err := s.pool.QueryRow(ctx, `SELECT created, updated, ruleset, name, yaml, edit, version FROM rosters WHERE id = $1`, id).
		Scan(&created, &updated, &r.Ruleset, &r.Name, &r.YAML, &r.Edit, &r.Version)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: roster %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: roster %s: %w", id, err)
	}
	r.Created, r.Updated = time.Unix(0, created).UTC(), time.Unix(0, updated).UTC()
	return r, nil
}

// UpdateRoster replaces a roster when r.Version is the next version: one
// statement, which changes nothing otherwise.
func (s *Store) UpdateRoster(ctx context.Context, r *store.Roster) error {
	ctx, cancel := writing(ctx)
	defer cancel()
	tag, err := s.pool.Exec(ctx, `UPDATE rosters SET name = $1, yaml = $2, updated = $3, version = $4 WHERE id = $5 AND version = $6`,
		r.Name, nonNil(r.YAML), r.Updated.UnixNano(), r.Version, r.ID, r.Version-1)
	if err != nil {
		return fmt.Errorf("postgres: update roster %s: %w", r.ID, err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	var v int
	err = s.pool.QueryRow(ctx, `SELECT version FROM rosters WHERE id = $1`, r.ID).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("postgres: update roster %s: %w", r.ID, store.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("postgres: update roster %s: %w", r.ID, err)
	}
	return &store.ConflictError{Seq: v, Roster: true}
}

// CreateCampaign stores a new campaign.
func (s *Store) CreateCampaign(ctx context.Context, c *store.Campaign) error {
	if c.Version != 1 {
		return fmt.Errorf("postgres: create campaign %s: version %d, want 1", c.ID, c.Version)
	}
	ctx, cancel := writing(ctx)
	defer cancel()
	_, err := s.pool.Exec(ctx, `INSERT INTO campaigns (id, created, updated, ruleset, name, body, edit, version)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 1)`, c.ID, c.Created.UnixNano(), c.Updated.UnixNano(), c.Ruleset, c.Name, nonNil(c.Body), nonNil(c.Edit))
	if code(err) == uniqueViolation {
		return fmt.Errorf("postgres: create campaign %s: %w", c.ID, store.ErrConflict)
	}
	if err != nil {
		return fmt.Errorf("postgres: create campaign %s: %w", c.ID, err)
	}
	return nil
}

// Campaign returns a campaign.
func (s *Store) Campaign(ctx context.Context, id string) (*store.Campaign, error) {
	c := &store.Campaign{ID: id}
	var created, updated int64
	err := s.pool.QueryRow(ctx, `SELECT created, updated, ruleset, name, body, edit, version FROM campaigns WHERE id = $1`, id).
		Scan(&created, &updated, &c.Ruleset, &c.Name, &c.Body, &c.Edit, &c.Version)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: campaign %s: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: campaign %s: %w", id, err)
	}
	c.Created, c.Updated = time.Unix(0, created).UTC(), time.Unix(0, updated).UTC()
	return c, nil
}

// UpdateCampaign replaces a campaign when c.Version is the next version:
// one statement, which changes nothing otherwise.
func (s *Store) UpdateCampaign(ctx context.Context, c *store.Campaign) error {
	ctx, cancel := writing(ctx)
	defer cancel()
	tag, err := s.pool.Exec(ctx, `UPDATE campaigns SET name = $1, body = $2, updated = $3, version = $4 WHERE id = $5 AND version = $6`,
		c.Name, nonNil(c.Body), c.Updated.UnixNano(), c.Version, c.ID, c.Version-1)
	if err != nil {
		return fmt.Errorf("postgres: update campaign %s: %w", c.ID, err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	var v int
	err = s.pool.QueryRow(ctx, `SELECT version FROM campaigns WHERE id = $1`, c.ID).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("postgres: update campaign %s: %w", c.ID, store.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("postgres: update campaign %s: %w", c.ID, err)
	}
	return &store.ConflictError{Seq: v, Campaign: true}
}

// Sealed reports whether the database's seeds are sealed with a key (a
// server sealed with one, SealSeeds): the key file must then be given.
func (s *Store) Sealed(ctx context.Context) (bool, error) {
	var yes bool
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM skirmish_key) OR EXISTS (SELECT 1 FROM games WHERE length(sealed) > 0)`).Scan(&yes)
	if err != nil {
		return false, fmt.Errorf("postgres: %w", err)
	}
	return yes, nil
}

// keyCheck is what the database keeps sealed with its key (SealSeeds).
const (
	keyCheckID   = "skirmish key check"
	keyCheckSeed = 0x736b69726d697368 // "skirmish"
)

// SealSeeds makes the store keep the seeds of the games it creates sealed
// with key (store.KeySize bytes), and open sealed seeds with it. Call it
// before the store is used. The first server to seal a database keeps a
// check of its key there; a server given another key is refused, before
// it seals anything, with what to do.
func (s *Store) SealSeeds(key []byte) error {
	sealer, err := store.NewSealer(key)
	if err != nil {
		return err
	}
	ctx := context.Background()
	refused := func(what string) error {
		return fmt.Errorf("postgres: the seal key is not the one this database's seeds are sealed with (%s): every server of one database needs the same key file (--seal-key); copy it from a server of this database, or restore it from your backup", what)
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO skirmish_key (id, sealed) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, sealer.Seal(keyCheckID, keyCheckSeed)); err != nil {
		return fmt.Errorf("postgres: the seal key's check: %w", err)
	}
	var check []byte
	if err := s.pool.QueryRow(ctx, `SELECT sealed FROM skirmish_key WHERE id = 1`).Scan(&check); err != nil {
		return fmt.Errorf("postgres: the seal key's check: %w", err)
	}
	if v, err := sealer.Open(keyCheckID, check); err != nil || v != keyCheckSeed {
		return refused("its check does not open")
	}
	var id string
	var sealed []byte
	err = s.pool.QueryRow(ctx, `SELECT id, sealed FROM games WHERE length(sealed) > 0 LIMIT 1`).Scan(&id, &sealed)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
	case err != nil:
		return fmt.Errorf("postgres: %w", err)
	default:
		if _, err := sealer.Open(id, sealed); err != nil {
			return refused("game " + id + "'s seed does not open")
		}
	}
	s.sealer = sealer
	return nil
}

// Listen calls fn for every change committed by any server sharing the
// database, until ctx ends (store.Notifier). It listens on a connection
// of its own; when that connection is lost, or cannot be made, fn hears
// a Change with Lost, and Listen tries again after a growing pause (up to
// 5 s); each time it listens (the first time included) fn hears an empty
// Change, since changes made meanwhile were not heard.
func (s *Store) Listen(ctx context.Context, fn func(store.Change)) error {
	pause := 50 * time.Millisecond
	for {
		heard, err := s.listen(ctx, fn)
		if ctx.Err() != nil {
			return nil
		}
		if heard {
			pause = 50 * time.Millisecond
		}
		fn(store.Change{Lost: err})
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(pause):
		}
		pause = min(2*pause, 5*time.Second)
	}
}

// listen is one connection of Listen's: it says whether it listened.
func (s *Store) listen(ctx context.Context, fn func(store.Change)) (bool, error) {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return false, err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, `LISTEN `+Channel); err != nil {
		return false, err
	}
	fn(store.Change{})
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return true, err
		}
		if c, ok := parseChange(n.Payload); ok {
			fn(c)
		}
	}
}

// parseChange reads a notification's payload: "c SEQ ID" or "d ID".
func parseChange(p string) (store.Change, bool) {
	switch {
	case strings.HasPrefix(p, "c "):
		seq, id, ok := strings.Cut(p[2:], " ")
		n, err := strconv.Atoi(seq)
		if !ok || err != nil || id == "" {
			return store.Change{}, false
		}
		return store.Change{ID: id, Seq: n}, true
	case strings.HasPrefix(p, "d ") && len(p) > 2:
		return store.Change{ID: p[2:], Deleted: true}, true
	}
	return store.Change{}, false
}

// Close closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}
