package auth

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Failed sign-ins allowed per window before the account or the client address is blocked.
const (
	accountFailLimit = 5
	addressFailLimit = 20
)

// Service serves the account, factory and administration calls, and decides who may call
// what (Middleware).
type Service struct {
	Store    *Store
	Sessions *scs.SessionManager
	Throttle *Throttle
	// Devices authenticates devices; Rates limits each device's requests.
	Devices Devices
	Rates   *Rates
}

// Routes registers the calls of this package.
func (s *Service) Routes(a huma.API) {
	op := api.Ops("auth")
	huma.Register(a, op(api.Public, "health", http.MethodGet, "/api/health", "Liveness and database check", 0), s.health)
	huma.Register(a, op(api.Public, "login", http.MethodPost, "/api/auth/login", "Sign in", 0), s.login)
	huma.Register(a, op(api.Self, "logout", http.MethodPost, "/api/auth/logout", "Sign out", http.StatusNoContent), s.logout)
	huma.Register(a, op(api.Self, "me", http.MethodGet, "/api/auth/me", "The signed-in user", 0), s.me)
	huma.Register(a, op(api.Self, "set-language", http.MethodPut, "/api/auth/me", "Set the signed-in user's language", 0), s.setLanguage)
	huma.Register(a, op(api.Read, "get-factory", http.MethodGet, "/api/user/{factory}", "A factory of the user", 0), s.getFactory)

	// The administration's calls run in the call's transaction (api.Register), where their
	// changes are audited.
	adm := api.Ops("admin")
	d := s.Store.DB
	huma.Register(a, adm(api.Read, "list-factories", http.MethodGet, "/api/admin/factories", "Factories (ADMIN: all; others: their own)", 0), s.listFactories)
	api.Register(a, d, adm(api.Admin, "get-admin-factory", http.MethodGet, "/api/admin/factories/{id}", "A factory", 0), s.getAdminFactory)
	api.Register(a, d, adm(api.Admin, "create-factory", http.MethodPost, "/api/admin/factories", "Create a factory", http.StatusCreated), s.createFactory)
	api.Register(a, d, adm(api.Admin, "update-factory", http.MethodPut, "/api/admin/factories/{id}", "Rename a factory", 0), s.updateFactory)
	api.Register(a, d, adm(api.Admin, "list-users", http.MethodGet, "/api/admin/users", "Accounts", 0), s.listUsers)
	api.Register(a, d, adm(api.Admin, "get-user", http.MethodGet, "/api/admin/users/{id}", "An account", 0), s.getUser)
	api.Register(a, d, adm(api.Admin, "create-user", http.MethodPost, "/api/admin/users", "Create an account", http.StatusCreated), s.createUser)
	api.Register(a, d, adm(api.Admin, "update-user", http.MethodPut, "/api/admin/users/{id}", "Edit an account (an empty Password keeps it)", 0), s.updateUser)
	api.Register(a, d, adm(api.Admin, "end-user-sessions", http.MethodDelete, "/api/admin/users/{id}/sessions", "Sign an account out everywhere", http.StatusNoContent), s.endSessions)
}

// IDParam is the {id} of a path. It is exported because huma reads only exported embedded structs.
type IDParam struct {
	ID int64 `path:"id"`
}

type health struct {
	Estado string `json:"Estado"`
}

func (s *Service) health(ctx context.Context, _ *struct{}) (*api.Body[health], error) {
	if err := s.Store.DB.PingContext(ctx); err != nil {
		return nil, huma.Error503ServiceUnavailable("database unreachable", err)
	}
	return &api.Body[health]{Body: health{Estado: "ok"}}, nil
}

type loginInput struct {
	Body struct {
		Login    string `json:"Login"`
		Password string `json:"Password"`
	}
	address string
}

// Resolve keeps the client address for throttling.
func (i *loginInput) Resolve(ctx huma.Context) []error {
	i.address = ctx.RemoteAddr()
	if host, _, err := net.SplitHostPort(i.address); err == nil {
		i.address = host
	}
	return nil
}

func (s *Service) login(ctx context.Context, in *loginInput) (*api.Body[*Me], error) {
	account := "login:" + strings.ToLower(strings.TrimSpace(in.Body.Login))
	address := "addr:" + in.address
	if wait := max(s.Throttle.Blocked(account, accountFailLimit), s.Throttle.Blocked(address, addressFailLimit)); wait > 0 {
		return nil, &api.Problem{Status: http.StatusTooManyRequests, Items: []api.Item{{Code: "too_many_attempts",
			Params: map[string]any{"minutes": int(math.Ceil(wait.Minutes()))}}}}
	}
	id, ok, err := s.check(ctx, strings.TrimSpace(in.Body.Login), in.Body.Password)
	if err != nil {
		return nil, err
	}
	if !ok {
		s.Throttle.Fail(account)
		s.Throttle.Fail(address)
		return nil, &api.Problem{Status: http.StatusUnauthorized, Items: []api.Item{{Code: "invalid_credentials"}}}
	}
	s.Throttle.Reset(account)
	// A new token at sign-in defeats session fixation.
	if err := s.Sessions.RenewToken(ctx); err != nil {
		return nil, err
	}
	s.Sessions.Put(ctx, sessionUserKey, id)
	me, err := s.Store.Me(ctx, id)
	if err != nil {
		return nil, err
	}
	return &api.Body[*Me]{Body: me}, nil
}

// dummyHash is verified when the login is unknown, so that the answer takes as long as for
// a known login with a wrong password.
var dummyHash, _ = HashPassword(RandomPassword())

// check verifies the credentials of an active account.
func (s *Service) check(ctx context.Context, login, password string) (int64, bool, error) {
	id, hash, active, err := s.Store.credentials(ctx, login)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return 0, false, err
	}
	if err != nil {
		hash = dummyHash
	}
	ok, verr := VerifyPassword(hash, password)
	if verr != nil {
		return 0, false, fmt.Errorf("account %d: %w", id, verr)
	}
	return id, ok && err == nil && active, nil
}

func (s *Service) logout(ctx context.Context, _ *struct{}) (*struct{}, error) {
	if _, err := user(ctx); err != nil {
		return nil, err
	}
	return nil, s.Sessions.Destroy(ctx)
}

// user returns the signed-in user of ctx: 401 when the call runs as anything else.
func user(ctx context.Context) (*Me, error) {
	if me := Current(ctx); me != nil {
		return me, nil
	}
	return nil, api.ErrUnauthorized
}

// admin refuses a call that does not run as an administrator.
func admin(ctx context.Context) error {
	p, err := From(ctx)
	if err == nil && !p.IsAdmin() {
		err = api.ErrForbidden
	}
	return err
}

func (s *Service) me(ctx context.Context, _ *struct{}) (*api.Body[*Me], error) {
	me, err := user(ctx)
	return &api.Body[*Me]{Body: me}, err
}

type languageInput struct {
	Body struct {
		Idioma string `json:"Idioma"`
	}
}

func (s *Service) setLanguage(ctx context.Context, in *languageInput) (*api.Body[*Me], error) {
	me, err := user(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.Store.SetLanguage(ctx, me.UsuarioID, in.Body.Idioma); err != nil {
		return nil, err
	}
	updated := *me
	updated.Idioma = in.Body.Idioma
	return &api.Body[*Me]{Body: &updated}, nil
}

type factoryPath struct {
	Factory int64 `path:"factory"`
}

func (s *Service) getFactory(ctx context.Context, in *factoryPath) (*api.Body[Factory], error) {
	if _, err := ScopeOf(ctx, in.Factory); err != nil {
		return nil, err
	}
	f, err := s.Store.GetFactory(ctx, s.Store.DB, in.Factory)
	return &api.Body[Factory]{Body: f}, err
}

func (s *Service) listFactories(ctx context.Context, _ *struct{}) (*api.Body[[]Factory], error) {
	p, err := From(ctx)
	if err != nil {
		return nil, err
	}
	all, err := s.Store.ListFactories(ctx)
	if err != nil {
		return nil, err
	}
	own := []Factory{}
	for _, f := range all {
		if p.Member(f.UsuFabricaID) {
			own = append(own, f)
		}
	}
	return &api.Body[[]Factory]{Body: own}, nil
}

// createInput is the body of a create; updateInput is the body of an update and the {id} of
// what it changes.
type (
	createInput[T any] struct{ Body T }
	updateInput[T any] struct {
		IDParam
		Body T
	}
)

// adminDo runs an administrator's call of one account or factory in the call's transaction.
func adminDo[Out any](ctx context.Context, q db.Querier, do func(context.Context, db.Querier) (Out, error)) (*api.Body[Out], error) {
	if err := admin(ctx); err != nil {
		return nil, err
	}
	out, err := do(ctx, q)
	return &api.Body[Out]{Body: out}, err
}

func (s *Service) getAdminFactory(ctx context.Context, q db.Querier, in *IDParam) (*api.Body[Factory], error) {
	return adminDo(ctx, q, func(ctx context.Context, q db.Querier) (Factory, error) { return s.Store.GetFactory(ctx, q, in.ID) })
}

func (s *Service) createFactory(ctx context.Context, q db.Querier, in *createInput[FactoryInput]) (*api.Body[Factory], error) {
	return adminDo(ctx, q, func(ctx context.Context, q db.Querier) (Factory, error) {
		return s.Store.SaveFactory(ctx, q, 0, in.Body)
	})
}

func (s *Service) updateFactory(ctx context.Context, q db.Querier, in *updateInput[FactoryInput]) (*api.Body[Factory], error) {
	return adminDo(ctx, q, func(ctx context.Context, q db.Querier) (Factory, error) {
		return s.Store.SaveFactory(ctx, q, in.ID, in.Body)
	})
}

func (s *Service) listUsers(ctx context.Context, q db.Querier, _ *struct{}) (*api.Body[[]User], error) {
	return adminDo(ctx, q, s.Store.ListUsers)
}

func (s *Service) getUser(ctx context.Context, q db.Querier, in *IDParam) (*api.Body[User], error) {
	return adminDo(ctx, q, func(ctx context.Context, q db.Querier) (User, error) { return s.Store.GetUser(ctx, q, in.ID) })
}

func (s *Service) createUser(ctx context.Context, q db.Querier, in *createInput[UserInput]) (*api.Body[User], error) {
	return adminDo(ctx, q, func(ctx context.Context, q db.Querier) (User, error) { return s.Store.SaveUser(ctx, q, 0, in.Body) })
}

func (s *Service) updateUser(ctx context.Context, q db.Querier, in *updateInput[UserInput]) (*api.Body[User], error) {
	return adminDo(ctx, q, func(ctx context.Context, q db.Querier) (User, error) { return s.Store.SaveUser(ctx, q, in.ID, in.Body) })
}

func (s *Service) endSessions(ctx context.Context, q db.Querier, in *IDParam) (*struct{}, error) {
	if err := admin(ctx); err != nil {
		return nil, err
	}
	return nil, s.Store.EndSessions(ctx, q, in.ID)
}

// NewService wires the account service on a database.
func NewService(d *db.DB, sessions SessionSettings) *Service {
	return &Service{Store: &Store{DB: d}, Sessions: NewSessions(d, sessions), Throttle: NewThrottle(15 * time.Minute), Rates: DeviceRates()}
}
