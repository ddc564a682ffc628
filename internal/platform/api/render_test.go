package api

import (
	"database/sql"
	"errors"
	"fmt"
	"testing"

	"vigia/internal/platform/db"
)

// Every error that reaches the API goes through one mapping: problems answer as they say,
// the database's sentinels (wrapped or raw: no row, a duplicate, a foreign key) answer
// 404/400, anything else is a 500 that tells nothing of the cause.
func TestOneErrorModel(t *testing.T) {
	for _, c := range []struct {
		name   string
		err    error
		status int
		code   string
	}{
		{"a problem", ErrAlreadyLinked, 400, "already_linked"},
		{"a wrapped problem", fmt.Errorf("associate: %w", ErrForbidden), 403, "forbidden"},
		{"no row", sql.ErrNoRows, 404, "not_found"},
		{"not found", fmt.Errorf("get: %w", db.ErrNotFound), 404, "not_found"},
		{"a duplicate", db.ErrDuplicate, 400, "duplicate"},
		{"a foreign key", fmt.Errorf("delete: %w", db.ErrReferenced), 400, "in_use_unnamed"},
		{"anything else", errors.New("connection reset"), 500, "internal"},
	} {
		body := render("es", 500, []error{c.err})
		if body.GetStatus() != c.status || body.Errors[0].Code != c.code || body.Errors[0].Message == "" {
			t.Errorf("%s: %d %v, want %d %s", c.name, body.GetStatus(), body.Errors, c.status, c.code)
		}
	}
	// Named problems are told apart by identity, not by their code.
	if errors.Is(Refused("already_linked", nil), ErrAlreadyLinked) || !errors.Is(fmt.Errorf("x: %w", ErrNotLinked), ErrNotLinked) {
		t.Error("problems compare by identity")
	}
}
