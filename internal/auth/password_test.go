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
