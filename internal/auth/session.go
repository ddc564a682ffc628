package auth

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/http"
	"reflect"
	"sync"
	"time"

	"github.com/alexedwards/scs/v2"

	"vigia/internal/platform/db"
)

// sessionUserKey is the session value holding the signed-in user's id.
const sessionUserKey = "uid"

// SessionSettings are the cookie and timeout settings of sessions.
type SessionSettings struct {
	Idle         time.Duration // ends a session unused this long
	Lifetime     time.Duration // ends any session this long after sign-in
	SecureCookie bool          // set behind TLS
}

// NewSessions returns a session manager whose sessions live in our own database.
func NewSessions(d *db.DB, s SessionSettings) *scs.SessionManager {
	sm := scs.New()
	sm.Store = &sessionStore{db: d, codec: scs.GobCodec{}, stored: map[string]stored{}}
	sm.IdleTimeout = s.Idle
	sm.Lifetime = s.Lifetime
	sm.Cookie.Name = "vigia_session"
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = s.SecureCookie
	sm.Cookie.Path = "/"
	return sm
}

// sessionStore is an scs store on the sesiones table. It also records the user id of each
// session so that disabling an account or resetting its password can end its sessions.
//
// scs commits a session on every request to move its idle deadline; the store writes only
// when the data changed or the stored deadline is more than touchEvery old, so reading
// calls stay reads (they never wait for, nor take, SQLite's single writer).
type sessionStore struct {
	db    *db.DB
	codec scs.Codec

	mu     sync.Mutex
	stored map[string]stored
}

// stored is what the database holds of a session, as this process last read or wrote it.
type stored struct {
	data   []byte
	expiry int64 // unix milliseconds
}

// touchEvery is how stale a stored idle deadline may grow before a request refreshes it.
const touchEvery = time.Minute

// maxRemembered bounds the memory of stored sessions; forgetting one costs one write.
const maxRemembered = 10_000

func (s *sessionStore) remember(token string, st *stored) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st == nil {
		delete(s.stored, token)
		return
	}
	if len(s.stored) >= maxRemembered {
		clear(s.stored)
	}
	s.stored[token] = *st
}

// same tells whether two encoded sessions hold the same deadline and values (gob writes a
// map's keys in any order, so equal sessions may differ in bytes).
func (s *sessionStore) same(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	da, va, errA := s.codec.Decode(a)
	db, vb, errB := s.codec.Decode(b)
	return errA == nil && errB == nil && da.Equal(db) && reflect.DeepEqual(va, vb)
}

func (s *sessionStore) Find(token string) ([]byte, bool, error) {
	return s.FindCtx(context.Background(), token)
}

func (s *sessionStore) Commit(token string, b []byte, expiry time.Time) error {
	return s.CommitCtx(context.Background(), token, b, expiry)
}

func (s *sessionStore) Delete(token string) error {
	return s.DeleteCtx(context.Background(), token)
}

// FindCtx returns the session data of an unexpired token.
func (s *sessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	var st stored
	err := s.db.QueryRowContext(ctx, `SELECT data, expiry FROM sesiones WHERE token = $1 AND expiry > $2`, token, time.Now().UnixMilli()).Scan(&st.data, &st.expiry)
	if errors.Is(err, sql.ErrNoRows) {
		s.remember(token, nil)
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	s.remember(token, &st)
	return st.data, true, nil
}

// CommitCtx saves the session data, unless only its idle deadline moved by less than
// touchEvery.
func (s *sessionStore) CommitCtx(ctx context.Context, token string, b []byte, expiry time.Time) error {
	s.mu.Lock()
	last, known := s.stored[token]
	s.mu.Unlock()
	if known && s.same(last.data, b) && expiry.UnixMilli()-last.expiry < touchEvery.Milliseconds() {
		return nil
	}
	var uid sql.NullInt64
	if _, values, err := s.codec.Decode(b); err == nil {
		if id, ok := values[sessionUserKey].(int64); ok {
			uid = sql.NullInt64{Int64: id, Valid: true}
		}
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO sesiones (token, data, expiry, usuario_id) VALUES ($1, $2, $3, $4)
		ON CONFLICT (token) DO UPDATE SET data = excluded.data, expiry = excluded.expiry, usuario_id = excluded.usuario_id`,
		token, b, expiry.UnixMilli(), uid)
	if err == nil {
		s.remember(token, &stored{data: b, expiry: expiry.UnixMilli()})
	}
	return err
}

// DeleteCtx removes a session.
func (s *sessionStore) DeleteCtx(ctx context.Context, token string) error {
	s.remember(token, nil)
	_, err := s.db.ExecContext(ctx, `DELETE FROM sesiones WHERE token = $1`, token)
	return err
}

// PurgeSessions deletes expired sessions every interval until ctx ends.
func PurgeSessions(ctx context.Context, d *db.DB, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := d.ExecContext(ctx, `DELETE FROM sesiones WHERE expiry <= $1`, time.Now().UnixMilli()); err != nil && ctx.Err() == nil {
				slog.Warn("purge sessions", "err", err)
			}
		}
	}
}
