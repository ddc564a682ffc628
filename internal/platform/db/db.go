// Package db opens the database on either engine (SQLite or PostgreSQL), applies the
// migrations and maps engine errors to the sentinels the rest of the code checks.
// Queries are portable SQL written once ($1 placeholders, RETURNING, ON CONFLICT);
// only DDL lives per engine, in the migrations folders.
package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"vigia/migrations"
)

// Engine names a supported database engine.
type Engine string

// The supported engines.
const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// Sentinel errors returned by MapError; handlers turn them into HTTP answers in one place.
var (
	ErrNotFound   = errors.New("not found")
	ErrDuplicate  = errors.New("duplicate value")
	ErrReferenced = errors.New("referenced by other rows")
)

// DB is a connection pool that knows its engine.
type DB struct {
	*sql.DB
	Engine Engine
	// writer, on SQLite, lets one write transaction of the process run at a time and the
	// others wait their turn in order: SQLite's own busy handler makes them sleep and retry,
	// up to 100 ms a time, so that under load a writer could wait seconds while others passed.
	writer chan struct{}
}

// poolSize is how many connections a pool opens at most, and keeps while idle.
const poolSize = 20

// Wrap, when given to Open, wraps every connection of the pool: tests count and fail
// statements with it.
type Wrap func(driver.Conn) driver.Conn

// connector opens connections of a driver, with their statements cached when asked (SQLite),
// and wrapped when asked.
type connector struct {
	drv   driver.Driver
	dsn   string
	cache bool
	wrap  Wrap
}

func (c connector) Connect(context.Context) (driver.Conn, error) {
	conn, err := c.drv.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	if c.cache {
		conn = newCachingConn(conn)
	}
	if c.wrap != nil {
		conn = c.wrap(conn)
	}
	return conn, nil
}

func (c connector) Driver() driver.Driver { return c.drv }

// Open connects to the database named by a URL: "sqlite:path/to/file.db" or
// "postgres://user@host:port/db?sslmode=disable". The SQLite file's folder is created.
func Open(ctx context.Context, rawURL string) (*DB, error) { return OpenWrapped(ctx, rawURL, nil) }

// OpenWrapped is Open with every connection wrapped by wrap (nil: none).
func OpenWrapped(ctx context.Context, rawURL string, wrap Wrap) (*DB, error) {
	var d *DB
	switch {
	case strings.HasPrefix(rawURL, "sqlite:"):
		path := strings.TrimPrefix(strings.TrimPrefix(rawURL, "sqlite:"), "//")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, fmt.Errorf("create database folder: %w", err)
		}
		// WAL lets readers run beside the single writer; immediate transactions take the
		// write lock at BEGIN so that two writers wait (busy_timeout) instead of deadlocking.
		q := url.Values{}
		for _, p := range []string{"page_size(16384)", "foreign_keys(1)", "busy_timeout(10000)", "synchronous(FULL)"} {
			q.Add("_pragma", p)
		}
		q.Set("_journal_mode", "WAL")
		q.Set("_txlock", "immediate")
		pool := sql.OpenDB(connector{drv: &sqlite.Driver{}, dsn: "file:" + path + "?" + q.Encode(), cache: true, wrap: wrap})
		d = &DB{DB: pool, Engine: SQLite, writer: make(chan struct{}, 1)}
		pool.SetMaxOpenConns(poolSize)
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		pool := sql.OpenDB(connector{drv: stdlib.GetDefaultDriver(), dsn: rawURL, wrap: wrap})
		pool.SetMaxOpenConns(poolSize)
		d = &DB{DB: pool, Engine: Postgres}
	default:
		return nil, fmt.Errorf("unsupported database URL %q: use sqlite:PATH or postgres://", rawURL)
	}
	// Connections stay open while idle: database/sql keeps two by default and closes the
	// others as they come back, so that under load every call opened a new one (on SQLite
	// reading the schema again and losing its prepared statements: a sixth of the CPU).
	d.SetMaxIdleConns(poolSize)
	d.SetConnMaxIdleTime(5 * time.Minute)
	if err := d.PingContext(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("connect to %s: %w", d.Engine, err)
	}
	return d, nil
}

// Migrate applies every pending migration of the engine.
func (d *DB) Migrate(ctx context.Context) error {
	dialect := goose.DialectSQLite3
	if d.Engine == Postgres {
		dialect = goose.DialectPostgres
	}
	sub, err := fs.Sub(migrations.FS, string(d.Engine))
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(dialect, d.DB, sub)
	if err != nil {
		return err
	}
	_, err = p.Up(ctx)
	return err
}

// Querier is what both *sql.DB and *sql.Tx offer, so store functions run inside or outside
// a transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Tx runs fn in one transaction: committed when fn returns nil, rolled back otherwise. On
// SQLite it takes the write lock at BEGIN.
func (d *DB) Tx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return d.run(ctx, nil, fn)
}

// Lock makes the write transaction q wait until no other one holds key, and holds it until q
// ends: a check and the write it allows (an edit made on a version) then run as one. SQLite
// needs none: its write transactions run one at a time.
func (d *DB) Lock(ctx context.Context, q Querier, key string) error {
	if d.Engine != Postgres {
		return nil
	}
	_, err := q.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, key)
	return err
}

// ReadTx runs fn in a read-only transaction: one consistent snapshot that never takes
// SQLite's write lock (PostgreSQL refuses a write in it).
func (d *DB) ReadTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return d.run(ctx, &sql.TxOptions{ReadOnly: true}, fn)
}

func (d *DB) run(ctx context.Context, opts *sql.TxOptions, fn func(tx *sql.Tx) error) error {
	if opts == nil && d.writer != nil {
		select {
		case d.writer <- struct{}{}:
			defer func() { <-d.writer }()
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	tx, err := d.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// MapError turns engine errors into the package sentinels (wrapping the original).
func MapError(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "23505":
			return fmt.Errorf("%w: %w", ErrDuplicate, err)
		case "23503":
			return fmt.Errorf("%w: %w", ErrReferenced, err)
		}
	}
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		switch lite.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return fmt.Errorf("%w: %w", ErrDuplicate, err)
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return fmt.Errorf("%w: %w", ErrReferenced, err)
		}
	}
	return err
}

// NewGUID returns a random (version 4) UUID, the GUIDs that identify items across factories.
func NewGUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
