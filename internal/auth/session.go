package auth

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/http"
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
	sm.Store = &sessionStore{db: d, codec: scs.GobCodec{}}
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
type sessionStore struct {
	db    *db.DB
	codec scs.Codec
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
	var b []byte
	err := s.db.QueryRowContext(ctx, `SELECT data FROM sesiones WHERE token = $1 AND expiry > $2`, token, time.Now().UnixMilli()).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	return b, err == nil, err
}

// CommitCtx saves the session data.
func (s *sessionStore) CommitCtx(ctx context.Context, token string, b []byte, expiry time.Time) error {
	var uid sql.NullInt64
	if _, values, err := s.codec.Decode(b); err == nil {
		if id, ok := values[sessionUserKey].(int64); ok {
			uid = sql.NullInt64{Int64: id, Valid: true}
		}
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO sesiones (token, data, expiry, usuario_id) VALUES ($1, $2, $3, $4)
		ON CONFLICT (token) DO UPDATE SET data = excluded.data, expiry = excluded.expiry, usuario_id = excluded.usuario_id`,
		token, b, expiry.UnixMilli(), uid)
	return err
}

// DeleteCtx removes a session.
func (s *sessionStore) DeleteCtx(ctx context.Context, token string) error {
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
