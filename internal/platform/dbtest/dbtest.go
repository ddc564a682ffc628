// Package dbtest gives each test a fresh, migrated database on every engine: SQLite always,
// and PostgreSQL when VIGIA_TEST_POSTGRES holds a URL (each test gets its own schema there).
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"vigia/internal/platform/db"
)

// PostgresURL is the URL of the PostgreSQL server for tests, or "" to run SQLite only.
func PostgresURL() string { return os.Getenv("VIGIA_TEST_POSTGRES") }

// Engines are the engines tests run on: SQLite, and PostgreSQL when VIGIA_TEST_POSTGRES is set.
func Engines() []db.Engine {
	if PostgresURL() == "" {
		return []db.Engine{db.SQLite}
	}
	return []db.Engine{db.SQLite, db.Postgres}
}

// Each runs fn once per engine as subtests named "sqlite" and "postgres".
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	for _, e := range Engines() {
		t.Run(string(e), func(t *testing.T) { fn(t, Open(t, e)) })
	}
}

// URL returns the URL of a fresh, empty database of the engine, removed when the test ends:
// a file of its own on SQLite, a schema of its own on PostgreSQL.
func URL(t testing.TB, engine db.Engine) string {
	t.Helper()
	if engine == db.Postgres {
		return postgresSchema(t)
	}
	return "sqlite:" + filepath.Join(t.TempDir(), "test.db")
}

// Open returns a fresh migrated database of the engine, removed when the test ends; its
// statements are watched by a Probe (ProbeOf).
func Open(t testing.TB, engine db.Engine) *db.DB {
	t.Helper()
	ctx := context.Background()
	p := &Probe{}
	d, err := db.OpenWrapped(ctx, URL(t, engine), p.wrap)
	if err != nil {
		t.Fatal(err)
	}
	probes.Store(d, p)
	t.Cleanup(func() {
		d.Close()
		probes.Delete(d)
	})
	if err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return d
}

// postgresSchema creates a schema of its own for the test and returns a URL whose
// search_path points at it, so tests never see each other's rows.
func postgresSchema(t testing.TB) string {
	base := PostgresURL()
	if base == "" {
		t.Skip("VIGIA_TEST_POSTGRES is not set")
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		admin.Close()
		t.Fatalf("create test schema on %s: %v", base, err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
