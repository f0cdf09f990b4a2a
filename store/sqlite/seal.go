package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/skirmish-engine/skirmish/store"
)

// Sealed seeds (issue 34): a game's seed is kept only sealed with a key
// that lives in a file of its own next to the database (KeyFile), so that
// a backup of the database without the key tells nothing of the dice of
// the games still running. The sealing itself is package store's (shared
// with the PostgreSQL backend).

// KeySize is the size of a seal key, in bytes (store.KeySize).
const KeySize = store.KeySize

// KeyFile reads the seal key at path, making it with create
// (store.KeyFile).
func KeyFile(path string, create bool) ([]byte, error) { return store.KeyFile(path, create) }

// Sealed reports whether the store holds a game whose seed is sealed: a
// key file must then be there to open it (KeyFile's create).
func (s *Store) Sealed(ctx context.Context) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM games WHERE length(sealed) > 0 LIMIT 1)`).Scan(&n)
	return n > 0, err
}

// SealSeeds makes the store keep the seeds of the games it creates sealed
// with key (KeySize bytes), and open sealed seeds with it. Call it before
// the store is used. A key that does not open the seeds the store holds
// already is refused: the server would otherwise start, and fail every
// game it had.
func (s *Store) SealSeeds(key []byte) error {
	sealer, err := store.NewSealer(key)
	if err != nil {
		return err
	}
	var id string
	var sealed []byte
	err = s.db.QueryRow(`SELECT id, sealed FROM games WHERE length(sealed) > 0 LIMIT 1`).Scan(&id, &sealed)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return err
	default:
		if _, err := sealer.Open(id, sealed); err != nil {
			return fmt.Errorf("sqlite: the seal key does not open the seeds this database holds (game %s): it is another database's key, or was replaced; restore the key file from the backup made with this database", id)
		}
	}
	s.sealer = sealer
	return nil
}

// open is the seed sealed for game id.
func (s *Store) open(id string, sealed []byte) (uint64, error) {
	if s.sealer == nil {
		return 0, fmt.Errorf("sqlite: game %s: its seed is sealed: open the store with its key (the .key file next to the database)", id)
	}
	return s.sealer.Open(id, sealed)
}
