package app_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

// eachEngine runs a benchmark on SQLite and, when configured, PostgreSQL.
func eachEngine(b *testing.B, fn func(b *testing.B, w *world)) {
	engines := []db.Engine{db.SQLite}
	if dbtest.PostgresURL() != "" {
		engines = append(engines, db.Postgres)
	}
	for _, e := range engines {
		b.Run(string(e), func(b *testing.B) { fn(b, newWorld(b, dbtest.Open(b, e))) })
	}
}

// BenchmarkLogin measures a whole sign-in: throttling, argon2id verification, session write.
func BenchmarkLogin(b *testing.B) {
	eachEngine(b, func(b *testing.B, w *world) {
		body := `{"Login":"editor","Password":"` + testPassword + `"}`
		for b.Loop() {
			req := httptest.NewRequest("POST", "/api/auth/login", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Requested-With", "vigia")
			rec := httptest.NewRecorder()
			w.app.Handler.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatal(rec.Code, rec.Body.String())
			}
		}
	})
}

// BenchmarkMe measures an authenticated call: session read and refresh, account load.
func BenchmarkMe(b *testing.B) {
	eachEngine(b, func(b *testing.B, w *world) {
		c := w.as("editor")
		cookies := c.http.Jar.Cookies(mustURL(w.srv.URL))
		for b.Loop() {
			req := httptest.NewRequest("GET", "/api/auth/me", nil)
			for _, ck := range cookies {
				req.AddCookie(ck)
			}
			rec := httptest.NewRecorder()
			w.app.Handler.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatal(rec.Code, rec.Body.String())
			}
		}
	})
}

// BenchmarkStoreRoundTrip measures one store read (an account with its types and factories).
func BenchmarkStoreRoundTrip(b *testing.B) {
	eachEngine(b, func(b *testing.B, w *world) {
		ctx := context.Background()
		id := w.users["editor"].UsuarioID
		for b.Loop() {
			if _, err := w.store.Me(ctx, id); err != nil {
				b.Fatal(err)
			}
		}
	})
}
