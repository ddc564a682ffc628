package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// argon2id parameters: OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
var argonMemory, argonTime uint32 = 19 * 1024, 2

const (
	argonThreads = 1
	argonKeyLen  = 32
)

// LowerHashCostForTests makes HashPassword use argon2id's least memory and passes, in test
// processes of other packages only: under the race detector a hash at the real cost takes
// about a second, and the tests sign in hundreds of times. A hash keeps its parameters, so
// verifying it is as cheap; TestPasswordHashRoundTrip checks the real cost.
func LowerHashCostForTests() {
	argonMemory, argonTime = 8*argonThreads, 1
	dummyHash, _ = HashPassword(RandomPassword())
}

var errBadHash = errors.New("malformed password hash")

// HashPassword returns the password's argon2id hash in the PHC string format.
func HashPassword(password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, argonMemory, argonTime, argonThreads, enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// VerifyPassword reports whether password matches a hash made by HashPassword, with the
// parameters stored in the hash (so they can be raised later without breaking old hashes).
func VerifyPassword(hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var mem, iter uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &mem, &iter, &threads); err != nil {
		return false, errBadHash
	}
	enc := base64.RawStdEncoding
	salt, err := enc.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := enc.DecodeString(parts[5])
	if err != nil {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(password), salt, iter, mem, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// RandomPassword returns a password for accounts created without one (printed once).
func RandomPassword() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
