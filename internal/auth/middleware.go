package auth

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

type meKey struct{}

// Current returns the signed-in user of a request that passed the middleware.
func Current(ctx context.Context) *Me {
	m, _ := ctx.Value(meKey{}).(*Me)
	return m
}

// Middleware enforces, for every operation: the same-origin rule on mutating calls, a valid
// session (but on public calls), the caller's membership of the {factory} in the path (404
// otherwise, so another factory's existence never leaks) and the operation's access level.
func (s *Service) Middleware(hapi huma.API) func(huma.Context, func(huma.Context)) {
	fail := func(ctx huma.Context, err error) {
		_ = huma.WriteErr(hapi, ctx, 0, "", err)
	}
	return func(ctx huma.Context, next func(huma.Context)) {
		op := ctx.Operation()
		access := api.AccessOf(op)
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
		ctx = huma.WithValue(ctx, meKey{}, me)
		ctx = huma.WithContext(ctx, api.WithLanguage(ctx.Context(), me.Idioma))
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
