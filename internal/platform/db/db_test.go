package db_test

import (
	"context"
	"database/sql"
	"errors"
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
