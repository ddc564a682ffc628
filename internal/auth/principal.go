package auth

import (
	"context"

	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Principal is who a call runs as: a signed-in user, a device authenticated by its token, or
// the system itself (the demo loader, background tasks). Each is put in the context on
// purpose; a context without one is refused everywhere, never read as an administrator.
type Principal struct {
	User   *Me
	Device *Device
	system bool
}

// Device is a device that presented its own token.
type Device struct {
	ID          int64
	NumeroSerie string
	Tipo        string
	// Factory is the factory the device is assigned to, if any.
	Factory *int64
}

type principalKey struct{}

// WithUser returns ctx running as the signed-in user me.
func WithUser(ctx context.Context, me *Me) context.Context {
	return context.WithValue(ctx, principalKey{}, &Principal{User: me})
}

// WithDevice returns ctx running as the device d.
func WithDevice(ctx context.Context, d *Device) context.Context {
	return context.WithValue(ctx, principalKey{}, &Principal{Device: d})
}

// WithSystem returns ctx running as the system: work the server does itself, with every
// right (the demo loader, background tasks, tests that ask for it).
func WithSystem(ctx context.Context) context.Context {
	return context.WithValue(ctx, principalKey{}, &Principal{system: true})
}

// From returns the principal of ctx, or api.ErrUnauthorized when it has none.
func From(ctx context.Context) (*Principal, error) {
	if p, ok := ctx.Value(principalKey{}).(*Principal); ok && p != nil {
		return p, nil
	}
	return nil, api.ErrUnauthorized
}

// Current returns the signed-in user of ctx, or nil when the call runs as anything else.
func Current(ctx context.Context) *Me {
	if p, err := From(ctx); err == nil {
		return p.User
	}
	return nil
}

// IsAdmin tells the system and ADMIN users.
func (p *Principal) IsAdmin() bool { return p.system || (p.User != nil && p.User.IsAdmin()) }

// CanEdit tells who may change factory data: the system, ADMIN and U_EDITOR users.
func (p *Principal) CanEdit() bool { return p.system || (p.User != nil && p.User.CanEdit()) }

// Member tells whether the principal may reach the factory: the system any, a user its own
// (an ADMIN's are all), a device the one it is assigned to.
func (p *Principal) Member(factory int64) bool {
	switch {
	case p.system:
		return true
	case p.User != nil:
		return p.User.IsMember(factory)
	case p.Device != nil:
		return p.Device.Factory != nil && *p.Device.Factory == factory
	}
	return false
}

// Scope is where a call acts: a factory (0: the template catalogue), in the caller's
// language, as its principal. Services take a Scope and refuse one without a principal, so
// a zero Scope opens nothing.
type Scope struct {
	Factory int64
	Lang    string
	who     *Principal
}

// ScopeOf is the scope of a call on factory (0: the templates): api.ErrUnauthorized without
// a principal, api.ErrNotFound for a factory the principal may not reach (its existence
// never leaks).
func ScopeOf(ctx context.Context, factory int64) (Scope, error) {
	p, err := From(ctx)
	if err != nil {
		return Scope{}, err
	}
	if factory != 0 && !p.Member(factory) {
		return Scope{}, api.ErrNotFound
	}
	return Scope{Factory: factory, Lang: api.Language(ctx), who: p}, nil
}

// Within runs fn in the scope of the call on factory and answers its result as the JSON body
// of the call's answer: what most calls on one factory do.
func Within[T any](ctx context.Context, factory int64, fn func(Scope) (T, error)) (*api.Body[T], error) {
	scope, err := ScopeOf(ctx, factory)
	if err != nil {
		return nil, err
	}
	t, err := fn(scope)
	return &api.Body[T]{Body: t}, err
}

// Run runs fn in the scope of the call on factory, for the calls that answer no body.
func Run(ctx context.Context, factory int64, fn func(Scope) error) (*struct{}, error) {
	scope, err := ScopeOf(ctx, factory)
	if err != nil {
		return nil, err
	}
	return nil, fn(scope)
}

// Check refuses a scope made without a principal.
func (s Scope) Check() error {
	if s.who == nil {
		return api.ErrUnauthorized
	}
	return nil
}

// CheckEdit refuses a scope whose principal may not change it: the templates are ADMIN's.
func (s Scope) CheckEdit() error {
	if err := s.Check(); err != nil {
		return err
	}
	if (s.Factory == 0 && !s.who.IsAdmin()) || !s.who.CanEdit() {
		return api.ErrForbidden
	}
	return nil
}

// Owned checks the scope (Check), then that row id of table is the scope's factory's
// (db.Owned): a call on one row of a factory starts with it.
func (s Scope) Owned(ctx context.Context, q db.Querier, table string, id int64) error {
	if err := s.Check(); err != nil {
		return err
	}
	return db.Owned(ctx, q, table, id, s.Factory)
}

// Admin tells whether the scope's principal is an administrator.
func (s Scope) Admin() bool { return s.who != nil && s.who.IsAdmin() }

// Principal returns who the scope acts as (nil for a zero scope).
func (s Scope) Principal() *Principal { return s.who }

// In returns the same principal and language on another factory (0: the templates),
// checked as ScopeOf does.
func (s Scope) In(factory int64) (Scope, error) {
	if err := s.Check(); err != nil {
		return Scope{}, err
	}
	if factory != 0 && !s.who.Member(factory) {
		return Scope{}, api.ErrNotFound
	}
	return Scope{Factory: factory, Lang: s.Lang, who: s.who}, nil
}

// NameColumn is the name column lists show and sort by in the scope's language: English
// unless Spanish (I18N-004).
func (s Scope) NameColumn() string { return api.NameColumn(s.Lang) }
