package sqlite

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Sealed seeds (issue 34). A game's dice seed tells every digital roll to
// come, so a copy of the database (a backup) would tell the dice of every
// game still running. With SealSeeds, a seed is kept only sealed with
// AES-256-GCM under a key that lives in a file of its own next to the
// database (KeyFile), bound to its game's ID: a backup of the database
// without the key file tells nothing of the dice. Keep the key with the
// database, and back it up apart: without it no game can be rebuilt.

// KeySize is the size of a seal key, in bytes.
const KeySize = 32

// KeyFile reads the seal key at path, creating it (32 random bytes,
// readable by this user only) if there is none.
func KeyFile(path string) ([]byte, error) {
	key, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		key = make([]byte, KeySize)
		rand.Read(key)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return nil, fmt.Errorf("sqlite: seal key %s: %w", path, err)
		}
		if _, err := f.Write(key); err != nil {
			f.Close()
			return nil, fmt.Errorf("sqlite: seal key %s: %w", path, err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, fmt.Errorf("sqlite: seal key %s: %w", path, err)
		}
		return key, f.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: seal key %s: %w", path, err)
	}
	if len(key) != KeySize {
		return nil, fmt.Errorf("sqlite: seal key %s: %d bytes; a key is %d (a file skirmish made)", path, len(key), KeySize)
	}
	return key, nil
}

// SealSeeds makes the store keep the seeds of the games it creates sealed
// with key (KeySize bytes), and open sealed seeds with it. Call it before
// the store is used.
func (s *Store) SealSeeds(key []byte) error {
	if len(key) != KeySize {
		return fmt.Errorf("sqlite: a seal key is %d bytes, not %d", KeySize, len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return err
	}
	s.aead, err = cipher.NewGCM(block)
	return err
}

// seal is a seed sealed for game id: the nonce, then the ciphertext.
func (s *Store) seal(id string, seed uint64) []byte {
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+8+s.aead.Overhead())
	rand.Read(nonce)
	var plain [8]byte
	binary.BigEndian.PutUint64(plain[:], seed)
	return s.aead.Seal(nonce, nonce, plain[:], []byte("skirmish-seed/1 "+id))
}

// open is the seed sealed for game id.
func (s *Store) open(id string, sealed []byte) (uint64, error) {
	if s.aead == nil {
		return 0, fmt.Errorf("sqlite: game %s: its seed is sealed: open the store with its key (the .key file next to the database)", id)
	}
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return 0, fmt.Errorf("sqlite: game %s: its sealed seed is damaged", id)
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], []byte("skirmish-seed/1 "+id))
	if err != nil || len(plain) != 8 {
		return 0, fmt.Errorf("sqlite: game %s: its seed does not open with this key (another database's key file?)", id)
	}
	return binary.BigEndian.Uint64(plain), nil
}
