package db_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"vigia/internal/platform/db"
)

// A backup taken while a writer commits pairs of rows holds whole pairs only; it restores over
// a stopped database (never an open one), leaving the backup itself as it was, and a file
// that is no database is refused without touching the target.
func TestBackupAndRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	live := filepath.Join(dir, "vigia.db")
	d, err := db.Open(ctx, "sqlite:"+live)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var (
		stop    atomic.Bool
		wg      sync.WaitGroup
		written atomic.Int64
	)
	wg.Go(func() {
		for i := 0; !stop.Load(); i++ {
			err := d.Tx(ctx, func(tx *sql.Tx) error {
				for _, side := range []string{"a", "b"} {
					if _, err := tx.ExecContext(ctx, `INSERT INTO fabricas (nombre) VALUES ($1)`, fmt.Sprintf("pair %d %s", i, side)); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				t.Error(err)
				return
			}
			written.Add(1)
		}
	})
	for written.Load() < 20 {
		runtime.Gosched()
	}
	backup := filepath.Join(dir, "copy.db")
	err = d.Backup(ctx, backup)
	stop.Store(true)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Backup(ctx, backup); err == nil {
		t.Error("a backup overwrote an existing file")
	}
	if err := db.Restore(ctx, backup, live); err == nil {
		t.Error("a restore over an open database")
	}
	pairs := func(path string) (a, b int) {
		t.Helper()
		c, err := db.Open(ctx, "sqlite:"+path)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := c.QueryRowContext(ctx, `SELECT COUNT(*) FILTER (WHERE nombre LIKE '% a'), COUNT(*) FILTER (WHERE nombre LIKE '% b') FROM fabricas`).Scan(&a, &b); err != nil {
			t.Fatal(err)
		}
		return a, b
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(backup)
	if err := db.Restore(ctx, backup, live); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(backup); !bytes.Equal(before, after) {
		t.Error("the restore changed the backup")
	}
	a, b := pairs(live)
	if a != b || a < 20 || int64(a) > written.Load() {
		t.Errorf("restored %d a-rows and %d b-rows of %d pairs written", a, b, written.Load())
	}

	junk := filepath.Join(dir, "junk.db")
	if err := os.WriteFile(junk, bytes.Repeat([]byte("not a database "), 1000), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := db.Restore(ctx, junk, live); err == nil {
		t.Error("a file that is no database restored")
	}
	if a2, b2 := pairs(live); a2 != a || b2 != b {
		t.Errorf("a refused restore changed the database: %d %d", a2, b2)
	}
	if _, err := os.Stat(live + ".restoring"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused restore left its copy: %v", err)
	}
	if err := (&db.DB{Engine: db.Postgres}).Backup(ctx, filepath.Join(dir, "pg.db")); !errors.Is(err, db.ErrNotSQLite) {
		t.Errorf("PostgreSQL backup: %v", err)
	}
}
