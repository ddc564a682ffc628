// Package migrations holds the numbered SQL migrations of each database engine.
// The two folders must keep the same numbers: a migration exists once per engine.
package migrations

import "embed"

// FS holds sqlite/*.sql and postgres/*.sql.
//
//go:embed sqlite/*.sql postgres/*.sql
var FS embed.FS
