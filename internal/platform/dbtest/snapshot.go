package dbtest

import (
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"
	"testing"

	"vigia/internal/platform/db"
)

// Tables lists the tables of the database (the migrations' bookkeeping apart).
func Tables(t testing.TB, d *db.DB) []string {
	t.Helper()
	query := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'goose_db_version' ORDER BY name`
	if d.Engine == db.Postgres {
		query = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
			AND table_name <> 'goose_db_version' ORDER BY table_name`
	}
	rows, err := d.QueryContext(context.Background(), query)
	names, err := db.Collect(rows, err, func(r db.Scanner) (n string, err error) { return n, r.Scan(&n) })
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// Values reads every row of a query as the values of its columns, whatever they are.
func Values(t testing.TB, d *db.DB, query string, args ...any) [][]any {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	all, err := db.Collect(rows, nil, func(r db.Scanner) ([]any, error) {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		return vals, r.Scan(ptrs...)
	})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// Snapshot returns a digest of every row of every table, per table: two equal snapshots
// mean that nothing was written in between.
func Snapshot(t testing.TB, d *db.DB) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, table := range Tables(t, d) {
		var lines []string
		for _, vals := range Values(t, d, "SELECT * FROM "+table) {
			lines = append(lines, fmt.Sprintf("%v", vals))
		}
		slices.Sort(lines)
		out[table] = fmt.Sprintf("%d rows %x", len(lines), sha256.Sum256([]byte(strings.Join(lines, "\n"))))
	}
	return out
}

// Changed lists the tables whose rows differ between two snapshots.
func Changed(before, after map[string]string) []string {
	var out []string
	for table, digest := range after {
		if before[table] != digest {
			out = append(out, table)
		}
	}
	slices.Sort(out)
	return out
}
