package db_test

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/pressly/goose/v3"

	"vigia/internal/devices"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
	"vigia/migrations"
)

// Migration 00021 (serial numbers unique ignoring case) runs on a database that already
// holds serials differing only in case: every device stays, the oldest keeps its serial and
// each other one gets it marked -DUP-<id>, a serial the API accepts, to be corrected.
func TestSerialCaseMigrationKeepsCaseDuplicates(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		dialect := goose.DialectSQLite3
		if d.Engine == db.Postgres {
			dialect = goose.DialectPostgres
		}
		sub, err := fs.Sub(migrations.FS, string(d.Engine))
		if err != nil {
			t.Fatal(err)
		}
		provider, err := goose.NewProvider(dialect, d.DB, sub)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := provider.DownTo(ctx, 20); err != nil {
			t.Fatalf("down to 00020: %v", err)
		}
		long := strings.Repeat("L", api.MaxName)
		serials := []string{"ABC123", "abc123", "KA-1", "Abc123", long, strings.ToLower(long)}
		ids := make([]int64, len(serials))
		for i, s := range serials {
			if err := d.QueryRowContext(ctx, `INSERT INTO equipos (tipo, guid, numero_serie, token_hash) VALUES ('CONCENTRADOR', $1, $2, 'x') RETURNING id`,
				db.NewGUID(), s).Scan(&ids[i]); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := provider.Up(ctx); err != nil {
			t.Fatalf("up with serials differing only in case: %v", err)
		}
		marked := func(i int) string {
			suffix := fmt.Sprintf("-DUP-%d", ids[i])
			return serials[i][:api.MaxName-len(suffix)] + suffix
		}
		for i, want := range []string{"ABC123", fmt.Sprintf("abc123-DUP-%d", ids[1]), "KA-1", fmt.Sprintf("Abc123-DUP-%d", ids[3]), long, marked(5)} {
			var got string
			if err := d.QueryRowContext(ctx, `SELECT numero_serie FROM equipos WHERE id = $1`, ids[i]).Scan(&got); err != nil || got != want {
				t.Errorf("device %d (%.12s): %q (%v), want %q", i, serials[i], got, err, want)
			}
			var errs api.FieldErrors
			kept := got
			if errs.TrimText("NumeroSerie", &kept, true); len(errs) > 0 || kept != got || !devices.SerialFits(got) {
				t.Errorf("device %d: %q is not a serial the API accepts: %v", i, got, errs)
			}
		}
	})
}
