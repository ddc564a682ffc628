package db_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"

	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

// The migrations apply on an empty database of each engine, and the portable SQL the
// features use (RETURNING, ON CONFLICT, $n placeholders, booleans) behaves the same.
func TestPortableSQL(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		var id int64
		if err := d.QueryRowContext(ctx, `INSERT INTO fabricas (nombre, referencia) VALUES ($1, $2) RETURNING id`, "A", "r").Scan(&id); err != nil {
			t.Fatal(err)
		}
		_, err := d.ExecContext(ctx, `INSERT INTO fabricas (nombre) VALUES ($1)`, "A")
		if err = db.MapError(err); !errors.Is(err, db.ErrDuplicate) {
			t.Fatalf("duplicate name: got %v, want ErrDuplicate", err)
		}
		_, err = d.ExecContext(ctx, `INSERT INTO usuario_fabricas (usuario_id, fabrica_id) VALUES ($1, $2)`, 999, id)
		if err = db.MapError(err); !errors.Is(err, db.ErrReferenced) {
			t.Fatalf("missing user: got %v, want ErrReferenced", err)
		}
		err = d.QueryRowContext(ctx, `SELECT id FROM fabricas WHERE nombre = $1`, "none").Scan(&id)
		if err = db.MapError(err); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("no row: got %v, want ErrNotFound", err)
		}
		var active bool
		if err := d.QueryRowContext(ctx, `INSERT INTO usuarios (login, nombre, password_hash, activo) VALUES ($1, $1, '', $2) RETURNING activo`, "u", false).Scan(&active); err != nil || active {
			t.Fatalf("boolean round trip: %v %v", active, err)
		}
	})
}

// A failing transaction leaves nothing behind; a migrated database migrates again as a no-op.
func TestTxRollbackAndRemigrate(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := d.Tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO fabricas (nombre) VALUES ('X')`); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("got %v", err)
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM fabricas WHERE nombre = 'X'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("rolled back insert is visible: n=%d err=%v", n, err)
		}
		if err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

func TestOpenRejectsUnknownURL(t *testing.T) {
	if _, err := db.Open(context.Background(), "mysql://x"); err == nil {
		t.Fatal("want an error for an unsupported URL")
	}
}

// On SQLite, whose connections keep their prepared statements, a statement run again while
// its rows are still open answers for itself (the cached one is busy); on both engines, more
// statements than the cache keeps still run right, again and again.
func TestStatementsRunAgain(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		for _, n := range []string{"A", "B", "C"} {
			if _, err := d.ExecContext(ctx, `INSERT INTO fabricas (nombre) VALUES ($1)`, n); err != nil {
				t.Fatal(err)
			}
		}
		const list = `SELECT nombre FROM fabricas WHERE nombre >= $1 AND nombre < 'D' ORDER BY nombre`
		// PostgreSQL's connection runs one statement at a time: the nesting is SQLite's case.
		err := d.Tx(ctx, func(tx *sql.Tx) error {
			if d.Engine != db.SQLite {
				return nil
			}
			rows, err := tx.QueryContext(ctx, list, "A")
			if err != nil {
				return err
			}
			defer rows.Close()
			var got []string
			for rows.Next() {
				var name string
				if err := rows.Scan(&name); err != nil {
					return err
				}
				var inner int
				if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM (`+list+`) x`, name).Scan(&inner); err != nil {
					return err
				}
				got = append(got, fmt.Sprintf("%s%d", name, inner))
			}
			if strings.Join(got, " ") != "A3 B2 C1" {
				t.Errorf("nested runs: %v", got)
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		for round := range 2 {
			for i := range 300 {
				var v int
				if err := d.QueryRowContext(ctx, fmt.Sprintf(`SELECT %d + $1`, i), round).Scan(&v); err != nil || v != i+round {
					t.Fatalf("statement %d, round %d: %d %v", i, round, v, err)
				}
			}
		}
	})
}
