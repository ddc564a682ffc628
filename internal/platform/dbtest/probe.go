package dbtest

import (
	"context"
	"database/sql/driver"
	"errors"
	"sync"
	"sync/atomic"

	"vigia/internal/platform/db"
)

// Probe watches every statement the database of a test runs: it counts them (to pin how
// many queries a screen costs) and can make the nth one fail (to prove that an action
// half-way through changes nothing). Commits count as statements.
type Probe struct {
	count  atomic.Int64
	failAt atomic.Int64
	before atomic.Pointer[func(query string)]
}

// ErrInjected is the error of a statement the probe made fail.
var ErrInjected = errors.New("dbtest: injected failure")

var probes sync.Map // *db.DB → *Probe

// ProbeOf returns the probe of a database opened by this package.
func ProbeOf(d *db.DB) *Probe {
	p, _ := probes.Load(d)
	return p.(*Probe)
}

// Count returns how many statements ran since the last Reset.
func (p *Probe) Count() int64 { return p.count.Load() }

// Reset sets the count to zero and stops failing.
func (p *Probe) Reset() {
	p.count.Store(0)
	p.failAt.Store(0)
}

// FailAt makes the nth statement from now fail (n >= 1), and counts from zero.
func (p *Probe) FailAt(n int64) {
	p.count.Store(0)
	p.failAt.Store(n)
}

// Before has fn called with each statement before it runs (nil: none), on the goroutine
// that runs it: a test holds one back there to run another transaction in between. On
// SQLite, whose connections prepare each statement once, it sees a statement the first time
// a connection runs it.
func (p *Probe) Before(fn func(query string)) {
	if fn == nil {
		p.before.Store(nil)
		return
	}
	p.before.Store(&fn)
}

// step counts a statement and answers the injected failure when it is its turn.
func (p *Probe) step(query string) error {
	if fn := p.before.Load(); fn != nil {
		(*fn)(query)
	}
	if n := p.count.Add(1); n == p.failAt.Load() {
		return ErrInjected
	}
	return nil
}

func (p *Probe) wrap(c driver.Conn) driver.Conn { return &probeConn{Conn: c, p: p} }

// probeConn passes everything to the driver's connection, counting statements on the way.
// Both engines' connections implement the context interfaces used here but the queryer and
// execer ones.
type probeConn struct {
	driver.Conn
	p *Probe
}

// Unwrap returns the driver's own connection (a benchmark's COPY needs pgx's).
func (c *probeConn) Unwrap() driver.Conn { return c.Conn }

// QueryContext and ExecContext step aside (driver.ErrSkip) for a connection that runs every
// statement prepared (SQLite's, which caches them): PrepareContext counts it then.
func (c *probeConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	q, ok := c.Conn.(driver.QueryerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	if err := c.p.step(query); err != nil {
		return nil, err
	}
	return q.QueryContext(ctx, query, args)
}

func (c *probeConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	e, ok := c.Conn.(driver.ExecerContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	if err := c.p.step(query); err != nil {
		return nil, err
	}
	return e.ExecContext(ctx, query, args)
}

func (c *probeConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if err := c.p.step(query); err != nil {
		return nil, err
	}
	return c.Conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
}

func (c *probeConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tx, err := c.Conn.(driver.ConnBeginTx).BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &probeTx{Tx: tx, p: c.p}, nil
}

func (c *probeConn) Ping(ctx context.Context) error {
	if pc, ok := c.Conn.(driver.Pinger); ok {
		return pc.Ping(ctx)
	}
	return nil
}

func (c *probeConn) ResetSession(ctx context.Context) error {
	if r, ok := c.Conn.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *probeConn) IsValid() bool {
	if v, ok := c.Conn.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

func (c *probeConn) CheckNamedValue(nv *driver.NamedValue) error {
	if ch, ok := c.Conn.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(nv)
	}
	return driver.ErrSkip
}

type probeTx struct {
	driver.Tx
	p *Probe
}

func (t *probeTx) Commit() error {
	if err := t.p.step("COMMIT"); err != nil {
		_ = t.Tx.Rollback()
		return err
	}
	return t.Tx.Commit()
}
