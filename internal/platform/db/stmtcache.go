package db

import (
	"context"
	"database/sql/driver"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// stmtCacheSize is how many statements a SQLite connection keeps prepared: the queries the
// server runs again and again are far fewer; lists of ids make the rest.
const stmtCacheSize = 256

// cachingConn keeps the statements a SQLite connection prepared, by their text, and runs a
// statement seen before without parsing it again: SQLite's parser took a third of the
// server's time under load, since database/sql prepares every query anew. It offers no
// QueryerContext or ExecerContext, so that database/sql prepares through it. database/sql
// never uses a connection from two goroutines at once, so it needs no lock.
type cachingConn struct {
	driver.Conn
	stmts *simplelru.LRU[string, *cachedStmt]
}

func newCachingConn(c driver.Conn) driver.Conn {
	cc := &cachingConn{Conn: c}
	cc.stmts, _ = simplelru.NewLRU(stmtCacheSize, func(_ string, s *cachedStmt) {
		s.evicted = true
		if !s.busy {
			_ = s.Stmt.Close()
		}
	})
	return cc
}

// cachedStmt is a prepared statement of the cache. busy while database/sql holds it (its
// rows may still be open): the same text asked for meanwhile gets a statement of its own.
type cachedStmt struct {
	driver.Stmt
	busy, evicted bool
}

// Close hands the statement back to the cache, or closes it when the cache let it go.
func (s *cachedStmt) Close() error {
	s.busy = false
	if s.evicted {
		return s.Stmt.Close()
	}
	return nil
}

func (s *cachedStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	return s.Stmt.(driver.StmtExecContext).ExecContext(ctx, args)
}

func (s *cachedStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	return s.Stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
}

func (c *cachingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if s, ok := c.stmts.Get(query); ok && !s.busy {
		s.busy = true
		return s, nil
	}
	st, err := c.Conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if c.stmts.Contains(query) {
		return st, nil // the cached one is busy: this one is closed after its use
	}
	s := &cachedStmt{Stmt: st, busy: true}
	c.stmts.Add(query, s)
	return s, nil
}

func (c *cachingConn) Close() error {
	c.stmts.Purge()
	return c.Conn.Close()
}

func (c *cachingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.Conn.(driver.ConnBeginTx).BeginTx(ctx, opts)
}

func (c *cachingConn) Ping(ctx context.Context) error {
	return c.Conn.(driver.Pinger).Ping(ctx)
}

func (c *cachingConn) ResetSession(ctx context.Context) error {
	return c.Conn.(driver.SessionResetter).ResetSession(ctx)
}

func (c *cachingConn) IsValid() bool { return c.Conn.(driver.Validator).IsValid() }
