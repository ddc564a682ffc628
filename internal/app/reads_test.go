package app_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"vigia/internal/platform/dbtest"
)

// A read never writes: every GET route of the API, called with the demo plant's ids by an
// administrator and by a read-only user, leaves every row of every table as it was — the
// sessions included, whose idle deadline a read refreshes at most once a minute.
func TestReadsNeverWrite(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		reader := p.as("lector")
		before, start := dbtest.Snapshot(t, p.d), time.Now()
		answered := 0
		for _, c := range []*client{p.signedIn, reader} {
			for _, op := range operations(p.app.API) {
				if op.Method != http.MethodGet {
					continue
				}
				st, body := c.do("GET", p.fill(t, op.Path), nil)
				switch {
				case st >= 500:
					t.Errorf("GET %s: %d %s", op.Path, st, body)
				case st == 200:
					answered++
				}
			}
		}
		changed := dbtest.Changed(before, dbtest.Snapshot(t, p.d))
		if time.Since(start) > time.Minute {
			// A run slower than a minute (a busy machine) may see a session's deadline refreshed, once.
			changed = slices.DeleteFunc(changed, isSessions)
		}
		if len(changed) > 0 {
			t.Errorf("reads wrote to %v", changed)
		}
		if answered < 200 {
			t.Errorf("only %d reads answered 200: the plant's ids do not reach the services", answered)
		}
	})
}
