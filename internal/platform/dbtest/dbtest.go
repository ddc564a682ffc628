// Package dbtest gives each test a fresh, migrated database on every engine: SQLite always,
// and PostgreSQL when VIGIA_TEST_POSTGRES holds a URL (each test gets its own schema there).
// A Fixture makes a filled database once per test process and gives each test a copy of it.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

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

// migrated is the state every test starts from unless it asks for more: the migrations.
var migrated = NewFixture(nil)

// Open returns a fresh migrated database of the engine, removed when the test ends; its
// statements are watched by a Probe (ProbeOf).
func Open(t testing.TB, engine db.Engine) *db.DB {
	t.Helper()
	return migrated.Open(t, engine)
}

// Fixture is a database state made once per test process, on each engine when first asked
// for, and copied for every test that opens it: filling a database (accounts, whose
// passwords argon2id hashes, or the demo plant) takes seconds, a copy a fraction of one.
type Fixture struct {
	fill     func(ctx context.Context, d *db.DB) error
	lite, pg built
}

// built is a fixture made on one engine: the SQLite file, or on PostgreSQL the statements
// that copy its schema into a test's.
type built struct {
	once sync.Once
	file string
	copy string
	err  error
}

// NewFixture returns a fixture whose database is migrated, then filled by fill (nil: nothing
// more). Fill must leave the same rows whenever it runs: tests read them as a fresh fill's.
func NewFixture(fill func(ctx context.Context, d *db.DB) error) *Fixture {
	return &Fixture{fill: fill}
}

// Open returns a fresh database of the engine in the fixture's state, removed when the test
// ends; its statements are watched by a Probe (ProbeOf).
func (f *Fixture) Open(t testing.TB, engine db.Engine) *db.DB {
	t.Helper()
	ctx := context.Background()
	b, rawURL := &f.lite, ""
	var schema *pooled
	if engine == db.Postgres {
		if PostgresURL() == "" {
			t.Skip("VIGIA_TEST_POSTGRES is not set")
		}
		b = &f.pg
		b.once.Do(func() { b.copy, b.err = f.buildPostgres(ctx) })
	} else {
		b.once.Do(func() { b.file, b.err = f.buildSQLite(ctx) })
	}
	if b.err != nil {
		t.Fatalf("make the %s fixture: %v", engine, b.err)
	}
	if engine == db.SQLite {
		path := filepath.Join(t.TempDir(), "test.db")
		if err := copyFile(b.file, path); err != nil {
			t.Fatal(err)
		}
		rawURL = "sqlite:" + path
	} else {
		schema = takeSchema(t)
		rawURL = schema.url
		// Runs after the database is closed (cleanups run last first).
		t.Cleanup(schema.release)
	}
	p := &Probe{}
	d, err := db.OpenWrapped(ctx, rawURL, p.wrap)
	if err != nil {
		t.Fatal(err)
	}
	probes.Store(d, p)
	t.Cleanup(func() {
		d.Close()
		probes.Delete(d)
	})
	if schema != nil {
		if !schema.migrated {
			if err := d.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			schema.migrated = true
		}
		// The fixture's rows replace whatever the schema holds (a former test's).
		if err := d.Tx(ctx, func(tx *sql.Tx) error { _, err := tx.ExecContext(ctx, b.copy); return err }); err != nil {
			t.Fatalf("copy the fixture: %v", err)
		}
		schema.ready = true
	}
	return d
}

// Migrating a PostgreSQL schema for each test and dropping it after took about a second a
// test (0.35 s and 0.6 s on a quiet machine, three times that on a busy one): a schema of a
// test that ended is migrated already, and the next test's fixture copy (which empties every
// table) makes it as new. The pool's schemas are fixtures' kin: named and owned like them,
// they are swept once their process has gone.
var schemas struct {
	sync.Mutex
	free []*pooled
}

// pooled is a PostgreSQL schema of the pool, and whether it is migrated and was left whole.
type pooled struct {
	name, url       string
	migrated, ready bool
}

// takeSchema returns a schema of the pool, or a new empty one.
func takeSchema(t testing.TB) *pooled {
	t.Helper()
	schemas.Lock()
	if n := len(schemas.free); n > 0 {
		s := schemas.free[n-1]
		schemas.free = schemas.free[:n-1]
		schemas.Unlock()
		s.ready = false
		return s
	}
	schemas.Unlock()
	admin, err := sql.Open("pgx", PostgresURL())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name, err := ownedSchema(context.Background(), admin)
	if err != nil {
		t.Fatalf("create test schema: %v", err)
	}
	u, err := schemaURL(PostgresURL(), name)
	if err != nil {
		t.Fatal(err)
	}
	return &pooled{name: name, url: u}
}

// release gives the schema back to the pool, or drops it when its test did not get it ready
// (a migration or a copy failed half-way).
func (s *pooled) release() {
	if !s.ready {
		if admin, err := sql.Open("pgx", PostgresURL()); err == nil {
			_, _ = admin.Exec("DROP SCHEMA " + s.name + " CASCADE")
			admin.Close()
		}
		return
	}
	schemas.Lock()
	schemas.free = append(schemas.free, s)
	schemas.Unlock()
}

// ownedSchema creates a schema named and commented as a fixture's, so that sweepFixtures
// drops it once this process has gone.
func ownedSchema(ctx context.Context, admin *sql.DB) (string, error) {
	name := fmt.Sprintf("fixture_%d_%s", time.Now().Unix(), randomHex(4))
	_, err := admin.ExecContext(ctx, fmt.Sprintf("CREATE SCHEMA %s; COMMENT ON SCHEMA %s IS '%s'",
		name, name, strings.ReplaceAll(self, "'", "''")))
	return name, err
}

// Fixtures outlive the test process that made them (nothing runs when it exits), so each
// process removes those of processes gone: a fixture records its owner, the host and
// process id that made it (self), and is stale once that process runs no more, or, should a
// reused id or another host hide that, once it is over a day old.
var (
	host, _ = os.Hostname()
	self    = fmt.Sprintf("%s %d", host, os.Getpid())
)

// stale reports whether a fixture its owner made at made is to be removed.
func stale(owner string, made time.Time) bool {
	if time.Since(made) > 24*time.Hour {
		return true
	}
	on, pid, _ := strings.Cut(owner, " ")
	n, err := strconv.Atoi(pid)
	return err == nil && on == host && !running(n)
}

// sqliteDir is the folder of this process's SQLite fixtures, named after its process id.
var sqliteDir = sync.OnceValues(func() (string, error) {
	const prefix = "vigia-dbtest-"
	old, _ := filepath.Glob(filepath.Join(os.TempDir(), prefix+"*"))
	for _, dir := range old {
		pid, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(dir), prefix), "-")
		if st, err := os.Stat(dir); err == nil && stale(host+" "+pid, st.ModTime()) {
			_ = os.RemoveAll(dir)
		}
	}
	return os.MkdirTemp("", fmt.Sprintf("%s%d-", prefix, os.Getpid()))
})

// running reports whether a process of that id runs (signal 0 checks without sending).
func running(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}

// buildSQLite makes the fixture's file. It is closed once filled: closing the last
// connection folds the write-ahead log into the file, so that the file alone is the state.
func (f *Fixture) buildSQLite(ctx context.Context) (string, error) {
	dir, err := sqliteDir()
	if err != nil {
		return "", err
	}
	file, err := os.CreateTemp(dir, "*.db")
	if err != nil {
		return "", err
	}
	path := file.Name()
	file.Close()
	if err := f.make(ctx, "sqlite:"+path); err != nil {
		return "", err
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		return "", fmt.Errorf("%s-wal is still there once the fixture is closed", path)
	}
	return path, nil
}

// buildPostgres makes the fixture's schema and returns the statements that copy it into a
// test's migrated schema: every table emptied (of the migrations' seeds, or a former test's
// rows) and filled with the fixture's rows, with
// foreign keys and triggers off (session_replication_role), and every sequence set where
// the fixture's is, so that the next ids are the ones a fresh fill would give.
func (f *Fixture) buildPostgres(ctx context.Context) (string, error) {
	admin, err := sql.Open("pgx", PostgresURL())
	if err != nil {
		return "", err
	}
	defer admin.Close()
	sweepFixtures(ctx, admin)
	schema, err := ownedSchema(ctx, admin)
	if err != nil {
		return "", fmt.Errorf("create fixture schema: %w", err)
	}
	rawURL, err := schemaURL(PostgresURL(), schema)
	if err != nil {
		return "", err
	}
	if err := f.make(ctx, rawURL); err != nil {
		return "", err
	}
	// The migrations' bookkeeping is the same in both schemas: it stays out of the copy.
	rows, err := admin.QueryContext(ctx, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = $1 AND table_type = 'BASE TABLE' AND table_name <> 'goose_db_version' ORDER BY table_name`, schema)
	tables, err := db.Collect(rows, err, func(r db.Scanner) (n string, err error) { return n, r.Scan(&n) })
	if err != nil {
		return "", err
	}
	// Identity columns' sequences too, which information_schema.sequences leaves out.
	rows, err = admin.QueryContext(ctx, `SELECT sequencename FROM pg_sequences
		WHERE schemaname = $1 AND sequencename NOT LIKE 'goose\_db\_version%' ORDER BY sequencename`, schema)
	sequences, err := db.Collect(rows, err, func(r db.Scanner) (n string, err error) { return n, r.Scan(&n) })
	if err != nil {
		return "", err
	}
	quoted := make([]string, len(tables))
	for i, t := range tables {
		quoted[i] = quote(t)
	}
	var b strings.Builder
	b.WriteString("SET LOCAL session_replication_role = replica;\n")
	fmt.Fprintf(&b, "TRUNCATE %s;\n", strings.Join(quoted, ", "))
	for _, t := range quoted {
		// OVERRIDING SYSTEM VALUE keeps the ids whichever kind of identity a column is.
		fmt.Fprintf(&b, "INSERT INTO %s OVERRIDING SYSTEM VALUE SELECT * FROM %s.%s;\n", t, schema, t)
	}
	var sets []string
	for _, s := range sequences {
		var last int64
		var called bool
		if err := admin.QueryRowContext(ctx, fmt.Sprintf("SELECT last_value, is_called FROM %s.%s", schema, quote(s))).Scan(&last, &called); err != nil {
			return "", err
		}
		sets = append(sets, fmt.Sprintf("setval('%s', %d, %t)", quote(s), last, called))
	}
	if len(sets) > 0 {
		fmt.Fprintf(&b, "SELECT %s;\n", strings.Join(sets, ", "))
	}
	return b.String(), nil
}

// make migrates and fills the database at rawURL, and closes it.
func (f *Fixture) make(ctx context.Context, rawURL string) error {
	d, err := db.Open(ctx, rawURL)
	if err != nil {
		return err
	}
	err = d.Migrate(ctx)
	if err == nil && f.fill != nil {
		err = f.fill(ctx, d)
	}
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// sweepFixtures drops the stale fixture schemas.
func sweepFixtures(ctx context.Context, admin *sql.DB) {
	type fixture struct{ name, owner string }
	rows, err := admin.QueryContext(ctx, `SELECT nspname, coalesce(obj_description(oid, 'pg_namespace'), '')
		FROM pg_namespace WHERE nspname LIKE 'fixture\_%'`)
	fixtures, err := db.Collect(rows, err, func(r db.Scanner) (f fixture, err error) { return f, r.Scan(&f.name, &f.owner) })
	if err != nil {
		return
	}
	for _, f := range fixtures {
		parts := strings.Split(f.name, "_")
		if len(parts) != 3 {
			continue
		}
		made, err := strconv.ParseInt(parts[1], 10, 64)
		if err == nil && stale(f.owner, time.Unix(made, 0)) {
			_, _ = admin.ExecContext(ctx, "DROP SCHEMA IF EXISTS "+f.name+" CASCADE")
		}
	}
}

// postgresSchema creates a schema of its own for the test and returns a URL whose
// search_path points at it, so tests never see each other's rows.
func postgresSchema(t testing.TB) string {
	t.Helper()
	base := PostgresURL()
	if base == "" {
		t.Skip("VIGIA_TEST_POSTGRES is not set")
	}
	schema := "t_" + randomHex(6)
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
	u, err := schemaURL(base, schema)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// schemaURL is base with its search_path set to schema, for a test.
func schemaURL(base, schema string) (string, error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	q := u.Query()
	q.Set("search_path", schema)
	// A test's commit need not wait for the disk (a crash loses nothing a test needs); the
	// server's setting for every other session is left alone.
	q.Set("synchronous_commit", "off")
	u.RawQuery = q.Encode()
	return u.String(), nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// quote is a PostgreSQL identifier, quoted.
func quote(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
