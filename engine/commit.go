package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
)

// Commitment binds a game to its dice seed from the start (issue 34). While
// the game runs the seed is secret (it tells every roll to come), so the
// players are shown SHA256, the digest of a salt and the seed; when it is
// over, the save gives the seed and the salt, and anyone can check that
// the dice came from the seed committed to before the first roll (Load
// does). Chosen says the seed was the game's creator's own rather than
// drawn at random, which the players should know: whoever chose it can
// foresee every digital roll.
type Commitment struct {
	Salt   string `json:"salt"`             // 32 hexadecimal digits
	SHA256 string `json:"sha256"`           // CommitSeed(seed, salt)
	Chosen bool   `json:"chosen,omitempty"` // the creator chose the seed
}

// CommitSeed is the commitment to a seed with a salt: the SHA-256, in
// hexadecimal, of the bytes "skirmish-seed/1", a zero byte, the salt, and
// the seed as 8 bytes, most significant first.
func CommitSeed(seed uint64, salt []byte) string {
	h := sha256.New()
	h.Write([]byte("skirmish-seed/1\x00"))
	h.Write(salt)
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], seed)
	h.Write(b[:])
	return hex.EncodeToString(h.Sum(nil))
}

// NewCommitment commits to seed with salt (16 random bytes).
func NewCommitment(seed uint64, salt []byte, chosen bool) *Commitment {
	return &Commitment{Salt: hex.EncodeToString(salt), SHA256: CommitSeed(seed, salt), Chosen: chosen}
}

// Check reports whether the commitment is to seed, and if not why.
func (c *Commitment) Check(seed uint64) error {
	salt, err := hex.DecodeString(c.Salt)
	if err != nil || len(salt) != 16 {
		return &FieldError{Path: "seed_commitment.salt", Problem: fmt.Sprintf("%q is not a salt (32 hexadecimal digits)", clipText(c.Salt))}
	}
	if CommitSeed(seed, salt) != c.SHA256 {
		return &FieldError{Path: "seed_commitment.sha256", Problem: "the seed is not the one committed to at the start of the game: the seed or the commitment was changed"}
	}
	return nil
}

// clipText shortens a value quoted in an error.
func clipText(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
