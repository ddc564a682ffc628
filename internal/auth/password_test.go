package auth

import (
	"strings"
	"testing"
	"time"
)

func TestPasswordHashRoundTrip(t *testing.T) {
	hash, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash format: %s", hash)
	}
	other, _ := HashPassword("correct horse")
	if other == hash {
		t.Error("two hashes of one password share a salt")
	}
	for pw, want := range map[string]bool{"correct horse": true, "correct hors": false, "": false} {
		if ok, err := VerifyPassword(hash, pw); ok != want || err != nil {
			t.Errorf("%q: %v %v", pw, ok, err)
		}
	}
	if _, err := VerifyPassword("$2a$10$bcrypt", "x"); err == nil {
		t.Error("a foreign hash must be an error")
	}
}

func TestThrottleBlocksUntilWindowEnds(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	th := NewThrottle(15 * time.Minute)
	th.now = func() time.Time { return now }
	for i := 0; i < 3; i++ {
		if th.Blocked("k", 3) != 0 {
			t.Fatalf("blocked after %d failures", i)
		}
		th.Fail("k")
	}
	if got := th.Blocked("k", 3); got != 15*time.Minute {
		t.Fatalf("blocked for %v", got)
	}
	now = now.Add(10 * time.Minute)
	if got := th.Blocked("k", 3); got != 5*time.Minute {
		t.Fatalf("blocked for %v after 10 minutes", got)
	}
	now = now.Add(5 * time.Minute)
	if th.Blocked("k", 3) != 0 {
		t.Fatal("still blocked after the window")
	}
	th.Fail("j")
	th.Reset("j")
	if th.fails["j"] != nil {
		t.Fatal("reset kept the failures")
	}
}

// A new password has at least 10 characters and is none of the common passwords, whatever its
// case; what passes is not refused for being long or unusual.
func TestPasswordPolicy(t *testing.T) {
	if n := len(commonPasswords()); n < 20000 {
		t.Fatalf("only %d common passwords", n)
	}
	for pw, want := range map[string]string{
		"corta-9ch":                        "min_length",
		"1234567890":                       "common_password",
		"QwertyUiop":                       "common_password",
		"password123":                      "common_password",
		"clave-larga":                      "",
		"vigia-demo":                       "",
		"bomba-p101-cojinete":              "",
		strings.Repeat("x", MaxPassword+1): "max_length",
	} {
		if got, _ := passwordProblem(pw); got != want {
			t.Errorf("%q: %q, want %q", pw, got, want)
		}
	}
}
