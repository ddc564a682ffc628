package app_test

import (
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/platform/api"
)

// operations lists every registered operation, sorted for stable subtest names.
func operations(a huma.API) []*huma.Operation {
	var ops []*huma.Operation
	for _, item := range a.OpenAPI().Paths {
		for _, op := range []*huma.Operation{item.Get, item.Put, item.Post, item.Delete, item.Patch} {
			if op != nil {
				ops = append(ops, op)
			}
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].Path+ops[i].Method < ops[j].Path+ops[j].Method })
	return ops
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// concrete fills the path parameters: {factory} with factory, any other with 1.
func concrete(path string, factory int64) string {
	path = strings.ReplaceAll(path, "{factory}", fmt.Sprint(factory))
	return pathParam.ReplaceAllString(path, "1")
}

// Every /api route but login and health answers 401 without a session, so the SPA signs
// out (AUTH-003 relies on it).
func TestUnauthenticatedCallsAnswer401(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.anon()
		for _, op := range operations(w.app.API) {
			st, body := c.do(op.Method, concrete(op.Path, w.a), map[string]any{})
			public := api.AccessOf(op) == api.Public
			switch {
			case public && st == http.StatusUnauthorized && op.OperationID != "login":
				t.Errorf("%s %s is public but answered 401", op.Method, op.Path)
			case !public && st != http.StatusUnauthorized:
				t.Errorf("%s %s without a session: %d %s, want 401", op.Method, op.Path, st, body)
			}
		}
	})
}

// A read-only user (a type other than ADMIN and U_EDITOR) gets 403 on every mutating route
// but those that act on their own account (AUTH-001: the type comes from the store), the
// reads asked for with a body (charts) and the devices' own calls.
func TestReadOnlyUserIsRefusedEveryMutation(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		reader := w.as("lector")
		checked := 0
		for _, op := range operations(w.app.API) {
			if access := api.AccessOf(op); api.IsSafeMethod(op.Method) || access <= api.Read || access == api.Device {
				continue
			}
			checked++
			st, body := reader.do(op.Method, concrete(op.Path, w.a), map[string]any{})
			if st != http.StatusForbidden || errorsOf(t, body)[0]["code"] != "forbidden" {
				t.Errorf("%s %s as read-only: %d %s, want 403 forbidden", op.Method, op.Path, st, body)
			}
		}
		if checked == 0 {
			t.Fatal("no mutating route was checked")
		}
		// An editor may not administer either.
		if st, _ := w.as("editor").do("POST", "/api/admin/factories", map[string]string{"Nombre": "Z"}); st != http.StatusForbidden {
			t.Errorf("editor creating a factory: %d, want 403", st)
		}
	})
}

// A user of factory A gets 404 for factory B's paths (never 403, so B's existence does not
// leak); ADMIN reaches every factory.
func TestOtherFactoryAnswers404(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		editor := w.as("editor")
		for _, tc := range []struct {
			path string
			want int
		}{
			{fmt.Sprintf("/api/user/%d", w.a), 200},
			{fmt.Sprintf("/api/user/%d", w.b), 404},
			{"/api/user/99999", 404},
			{"/api/user/abc", 404},
		} {
			if st, body := editor.do("GET", tc.path, nil); st != tc.want {
				t.Errorf("editor GET %s: %d %s, want %d", tc.path, st, body, tc.want)
			}
		}
		admin := w.as("admin")
		if st, _ := admin.do("GET", fmt.Sprintf("/api/user/%d", w.b), nil); st != 200 {
			t.Errorf("admin GET factory B: %d, want 200", st)
		}
		if st, _ := admin.do("GET", "/api/user/99999", nil); st != 404 {
			t.Errorf("admin GET missing factory: %d, want 404", st)
		}
	})
}

// A mutating call without the SPA's header, or from a foreign Origin, is refused; the
// same call from our own origin goes through.
func TestMutationsNeedSameOrigin(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		body := map[string]string{"Nombre": "Nueva"}

		admin.header.Del("X-Requested-With")
		if st, b := admin.do("POST", "/api/admin/factories", body); st != 403 || errorsOf(t, b)[0]["code"] != "cross_origin" {
			t.Errorf("without header: %d %s", st, b)
		}
		admin.header.Set("X-Requested-With", "vigia")
		admin.header.Set("Origin", "https://evil.example")
		if st, _ := admin.do("POST", "/api/admin/factories", body); st != 403 {
			t.Errorf("foreign origin: %d, want 403", st)
		}
		admin.header.Set("Origin", w.srv.URL)
		if st, b := admin.do("POST", "/api/admin/factories", body); st != 201 {
			t.Errorf("own origin: %d %s, want 201", st, b)
		}
		// Sign-in is a mutating call too: a cross-site form cannot sign a victim in.
		anon := w.anon()
		anon.header.Del("X-Requested-With")
		if st, _ := anon.do("POST", "/api/auth/login", map[string]string{"Login": "admin", "Password": testPassword}); st != 403 {
			t.Errorf("login without header: %d, want 403", st)
		}
	})
}
