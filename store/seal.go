package store

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/skirmish-engine/skirmish/internal/userfile"
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

// KeyFile reads the seal key at path. With create, a missing file is made
// (32 random bytes, readable by this user only); without, it is an error
// that says the key is missing. The key must be a file of its own, not a
// symbolic link, and readable by its owner only (on Unix): a key others
// can read, or a link anyone could point elsewhere, is refused with what
// to do about it.
func KeyFile(path string, create bool) ([]byte, error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		if !create {
			return nil, fmt.Errorf("store: seal key %s is missing, and the database holds games whose seeds it sealed: restore the key file from your backup (without it those games cannot be rebuilt)", path)
		}
		key := make([]byte, KeySize)
		rand.Read(key)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return nil, fmt.Errorf("store: seal key %s: %w", path, err)
		}
		if _, err := f.Write(key); err != nil {
			f.Close()
			return nil, fmt.Errorf("store: seal key %s: %w", path, err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, fmt.Errorf("store: seal key %s: %w", path, err)
		}
		if err := f.Close(); err != nil {
			return nil, fmt.Errorf("store: seal key %s: %w", path, err)
		}
		// The new file's name is durable only once its directory is.
		if d, err := os.Open(filepath.Dir(path)); err == nil {
			d.Sync() // not every platform syncs a directory; the key is written either way
			d.Close()
		}
		return key, nil
	}
	switch {
	case err != nil:
		return nil, fmt.Errorf("store: seal key %s: %w", path, err)
	case fi.Mode()&fs.ModeSymlink != 0:
		return nil, fmt.Errorf("store: seal key %s is a symbolic link: put the key file itself there", path)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("store: seal key %s is %s, not a key file: move it away; the server makes the key file itself on a database's first start", path, userfile.Kind(fi.Mode()))
	case runtime.GOOS != "windows" && fi.Mode().Perm()&0o077 != 0:
		return nil, fmt.Errorf("store: seal key %s can be read or written by other users (mode %04o): make it its owner's only (chmod 600 %s)", path, fi.Mode().Perm(), path)
	case fi.Size() != KeySize:
		return nil, fmt.Errorf("store: seal key %s: %d bytes; a key is %d (a file skirmish made)", path, fi.Size(), KeySize)
	}
	// Read the file that was checked: a link put in its place meanwhile
	// opens another file, and is refused.
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("store: seal key %s: %w", path, err)
	}
	defer f.Close()
	if opened, err := f.Stat(); err != nil || !os.SameFile(fi, opened) {
		return nil, fmt.Errorf("store: seal key %s changed while it was read: start again", path)
	}
	key, err := io.ReadAll(io.LimitReader(f, KeySize+1))
	if err != nil {
		return nil, fmt.Errorf("store: seal key %s: %w", path, err)
	}
	if len(key) != KeySize {
		return nil, fmt.Errorf("store: seal key %s: %d bytes; a key is %d (a file skirmish made)", path, len(key), KeySize)
	}
	return key, nil
}

// Sealer seals and opens games' seeds with one key: AES-256-GCM, each seed
// bound to its game's ID, so that a sealed seed copied to another game does
// not open. Backends keep only what Seal returns.
type Sealer struct{ aead cipher.AEAD }

// NewSealer makes a Sealer of a key of KeySize bytes.
func NewSealer(key []byte) (*Sealer, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("store: a seal key is %d bytes, not %d", KeySize, len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

// Seal is a seed sealed for game id: the nonce, then the ciphertext.
func (s *Sealer) Seal(id string, seed uint64) []byte {
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+8+s.aead.Overhead())
	rand.Read(nonce)
	var plain [8]byte
	binary.BigEndian.PutUint64(plain[:], seed)
	return s.aead.Seal(nonce, nonce, plain[:], []byte("skirmish-seed/1 "+id))
}

// Open is the seed sealed for game id.
func (s *Sealer) Open(id string, sealed []byte) (uint64, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return 0, fmt.Errorf("store: game %s: its sealed seed is damaged", id)
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], []byte("skirmish-seed/1 "+id))
	if err != nil || len(plain) != 8 {
		return 0, fmt.Errorf("store: game %s: its seed does not open with this key (another database's key file?)", id)
	}
	return binary.BigEndian.Uint64(plain), nil
}
