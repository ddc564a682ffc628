package app

import (
	"vigia/internal/platform"
	"vigia/internal/platform/db"
)

// NewUngated builds the server without the gate that gives each call its principal, so that
// tests can prove every service refuses a call that has none.
func NewUngated(d *db.DB, cfg platform.Config) *App { return build(d, cfg, false) }
