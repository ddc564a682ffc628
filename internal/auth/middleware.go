package auth

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Devices authenticates a device by its serial number and the token it presents; the
// equipment registry implements it.
type Devices interface {
	Authenticate(ctx context.Context, serial, token string) (*Device, error)
}

// Middleware enforces, for every operation, who may call it and puts the caller's principal
// in the context:
//   - device operations: the device's own token (Authorization: Bearer) for the {serial} in
//     the path, within its request rate; no session, no same-origin check;
//   - every other mutating call: the same-origin rule;
//   - every other non-public call: a valid session, the caller's membership of the {factory}
//     in the path (404 otherwise, so another factory's existence never leaks) and the
//     operation's access level.
func (s *Service) Middleware(hapi huma.API) func(huma.Context, func(huma.Context)) {
	// A Problem answers with its own status; anything else is the server's failure.
	fail := func(ctx huma.Context, err error) {
		_ = huma.WriteErr(hapi, ctx, http.StatusInternalServerError, "", err)
	}
	return func(ctx huma.Context, next func(huma.Context)) {
		op := ctx.Operation()
		access := api.AccessOf(op)
		if access == api.Device {
			d, err := s.device(ctx)
			if err != nil {
				fail(ctx, err)
				return
			}
			next(huma.WithContext(ctx, WithDevice(ctx.Context(), d)))
			return
		}
		if !api.IsSafeMethod(op.Method) && !sameOrigin(ctx) {
			fail(ctx, api.ErrCrossOrigin)
			return
		}
		if access == api.Public {
			next(ctx)
			return
		}
		me, err := s.signedIn(ctx.Context())
		if err != nil {
			fail(ctx, err)
			return
		}
		ctx = huma.WithContext(ctx, api.WithLanguage(WithUser(ctx.Context(), me), me.Idioma))
		if strings.Contains(op.Path, "{factory}") {
			if err := checkFactory(me, ctx.Param("factory")); err != nil {
				fail(ctx, err)
				return
			}
		}
		if (access == api.Edit && !me.CanEdit()) || (access == api.Admin && !me.IsAdmin()) {
			fail(ctx, api.ErrForbidden)
			return
		}
		next(ctx)
	}
}

// device authenticates the device calling a device operation: 401 for a missing or wrong
// token or another device's serial, 429 beyond its rate.
func (s *Service) device(ctx huma.Context) (*Device, error) {
	token, ok := strings.CutPrefix(ctx.Header("Authorization"), "Bearer ")
	if !ok || s.Devices == nil {
		return nil, api.ErrUnauthorized
	}
	d, err := s.Devices.Authenticate(ctx.Context(), ctx.Param("serial"), strings.TrimSpace(token))
	if errors.Is(err, db.ErrNotFound) {
		return nil, api.ErrUnauthorized
	}
	if err != nil {
		return nil, err
	}
	if !s.Rates.Allow(d.ID) {
		return nil, api.ErrTooMany
	}
	return d, nil
}

// signedIn loads the active account of the session; a session of a missing or disabled
// account is destroyed.
func (s *Service) signedIn(ctx context.Context) (*Me, error) {
	uid := s.Sessions.GetInt64(ctx, sessionUserKey)
	if uid == 0 {
		return nil, api.ErrUnauthorized
	}
	me, err := s.Store.Me(ctx, uid)
	if errors.Is(err, db.ErrNotFound) {
		_ = s.Sessions.Destroy(ctx)
		return nil, api.ErrUnauthorized
	}
	return me, err
}

// checkFactory answers 404 unless the user belongs to the factory (an ADMIN's list holds
// every factory).
func checkFactory(me *Me, param string) error {
	id, err := strconv.ParseInt(param, 10, 64)
	if err != nil || id <= 0 {
		return api.ErrNotFound
	}
	if !me.IsMember(id) {
		return api.ErrNotFound
	}
	return nil
}

// sameOrigin requires the SPA's header on mutating calls, and an Origin, when the browser
// sends one, naming this very host: a cross-site form or script cannot do both.
func sameOrigin(ctx huma.Context) bool {
	if ctx.Header("X-Requested-With") != "vigia" {
		return false
	}
	origin := ctx.Header("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host == ctx.Host()
}
