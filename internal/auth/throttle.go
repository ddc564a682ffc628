package auth

import (
	"sync"
	"time"
)

// Throttle counts failed sign-ins per key (an account, a client address) in fixed windows
// and blocks a key that reaches its limit until its window ends.
type Throttle struct {
	Window time.Duration
	mu     sync.Mutex
	fails  map[string]*failures
	now    func() time.Time
}

type failures struct {
	count int
	since time.Time
}

// NewThrottle returns a throttle with the given window.
func NewThrottle(window time.Duration) *Throttle {
	return &Throttle{Window: window, fails: map[string]*failures{}, now: time.Now}
}

// Blocked returns how long key stays blocked at limit failures (0 = not blocked).
func (t *Throttle) Blocked(key string, limit int) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	f, ok := t.fails[key]
	if !ok || f.count < limit {
		return 0
	}
	left := f.since.Add(t.Window).Sub(t.now())
	if left <= 0 {
		delete(t.fails, key)
		return 0
	}
	return left
}

// Fail records one failure of key.
func (t *Throttle) Fail(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	if len(t.fails) > 100_000 {
		t.pruneLocked(now)
	}
	f, ok := t.fails[key]
	if !ok || now.Sub(f.since) >= t.Window {
		t.fails[key] = &failures{count: 1, since: now}
		return
	}
	f.count++
}

// Reset forgets the failures of key (after a successful sign-in).
func (t *Throttle) Reset(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.fails, key)
}

func (t *Throttle) pruneLocked(now time.Time) {
	for k, f := range t.fails {
		if now.Sub(f.since) >= t.Window {
			delete(t.fails, k)
		}
	}
}
