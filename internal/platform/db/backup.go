package db

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// ErrNotSQLite refuses a backup or restore of PostgreSQL, which pg_dump and pg_restore do.
var ErrNotSQLite = errors.New("only a SQLite database is backed up and restored by vigia: use pg_dump and pg_restore for PostgreSQL (README, 'Backups')")

// SQLitePath is the file of a sqlite: URL.
func SQLitePath(rawURL string) (string, error) {
	if !strings.HasPrefix(rawURL, "sqlite:") {
		return "", ErrNotSQLite
	}
	return strings.TrimPrefix(strings.TrimPrefix(rawURL, "sqlite:"), "//"), nil
}

// Backup writes a consistent copy of the SQLite database to file while the server goes on
// using it: VACUUM INTO reads one snapshot, so a write that commits meanwhile is either
// wholly in the copy or not at all. An existing file is never overwritten.
func (d *DB) Backup(ctx context.Context, file string) error {
	if d.Engine != SQLite {
		return ErrNotSQLite
	}
	if _, err := os.Stat(file); err == nil {
		return fmt.Errorf("%s already exists", file)
	}
	_, err := d.ExecContext(ctx, `VACUUM INTO $1`, file)
	return err
}

// Restore replaces the SQLite database at target by the backup in file once a copy of it
// passes SQLite's integrity check and takes the migrations; the backup itself is left as it
// is. The server must be stopped: a database still open has its write-ahead log beside it,
// and is refused.
func Restore(ctx context.Context, file, target string) (err error) {
	if _, err := os.Stat(target + "-wal"); err == nil {
		return fmt.Errorf("%s is open (its -wal file is there): stop the server first", target)
	}
	tmp := target + ".restoring"
	defer func() {
		if err != nil {
			for _, f := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
				os.Remove(f)
			}
		}
	}()
	if err := copyFile(file, tmp); err != nil {
		return err
	}
	d, err := Open(ctx, "sqlite:"+tmp)
	if err != nil {
		return err
	}
	if err = d.IntegrityCheck(ctx); err != nil {
		err = fmt.Errorf("%s: %w", file, err)
	} else {
		err = d.Migrate(ctx)
	}
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp, target)
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// IntegrityCheck runs SQLite's integrity check over the whole database and answers its
// findings as an error (nil: ok).
func (d *DB) IntegrityCheck(ctx context.Context) error {
	if d.Engine != SQLite {
		return ErrNotSQLite
	}
	var check string
	if err := d.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil {
		return err
	}
	if check != "ok" {
		return fmt.Errorf("integrity check: %s", check)
	}
	return nil
}
