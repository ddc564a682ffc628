package app_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"vigia/internal/auth"
	"vigia/internal/demo"
	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

// benchEach runs a benchmark on each engine (dbtest.Engines) with what open makes of the fresh
// database: a world (newWorld) or the demo plant (newPlant).
func benchEach[W any](b *testing.B, open func(testing.TB, *db.DB) W, fn func(b *testing.B, w W)) {
	for _, e := range dbtest.Engines() {
		b.Run(string(e), func(b *testing.B) { fn(b, open(b, dbtest.Open(b, e))) })
	}
}

// BenchmarkLogin measures a whole sign-in: throttling, argon2id verification, session write.
func BenchmarkLogin(b *testing.B) {
	benchEach(b, newWorld, func(b *testing.B, w *world) {
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
	benchEach(b, newWorld, func(b *testing.B, w *world) { serve(b, w, w.as("editor"), "/api/auth/me") })
}

// BenchmarkStoreRoundTrip measures one store read (an account with its types and factories).
func BenchmarkStoreRoundTrip(b *testing.B) {
	benchEach(b, newWorld, func(b *testing.B, w *world) {
		ctx := context.Background()
		id := w.users["editor"].UsuarioID
		for b.Loop() {
			if _, err := w.store.Me(ctx, id); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// bigWorld is a world whose factory A holds the 100,000-point demo (one area of 1,000
// machines), built once per engine for all the tree benchmarks.
func bigWorld(b *testing.B, w *world) (area int64) {
	b.Helper()
	if err := demo.Large(context.Background(), w.d, w.app.Features, w.a, 100_000); err != nil {
		b.Fatal(err)
	}
	if err := w.d.QueryRow(`SELECT id FROM areas WHERE fabrica_id = $1`, w.a).Scan(&area); err != nil {
		b.Fatal(err)
	}
	return area
}

// serve measures GET path as the signed-in client c, through the whole handler.
func serve(b *testing.B, w *world, c *client, path string) {
	cookies := c.http.Jar.Cookies(mustURL(w.srv.URL))
	for b.Loop() {
		req := httptest.NewRequest("GET", path, nil)
		for _, ck := range cookies {
			req.AddCookie(ck)
		}
		rec := httptest.NewRecorder()
		w.app.Handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code, rec.Body.String())
		}
	}
}

// BenchmarkTreeAreaChildren lists the 1,000 machines of an area in a 100,000-point factory.
func BenchmarkTreeAreaChildren(b *testing.B) {
	benchEach(b, newWorld, func(b *testing.B, w *world) {
		area := bigWorld(b, w)
		serve(b, w, w.as("editor"), fmt.Sprintf("/api/user/%d/tree/children?Tipo=area&ID=%d", w.a, area))
	})
}

// BenchmarkTreeSearch finds nodes by part of their name in a 100,000-point factory.
func BenchmarkTreeSearch(b *testing.B) {
	benchEach(b, newWorld, func(b *testing.B, w *world) {
		bigWorld(b, w)
		serve(b, w, w.as("editor"), fmt.Sprintf("/api/user/%d/tree/search?q=00042", w.a))
	})
}

// counted measures fn as a benchmark and reports the statements one call runs.
func counted(b *testing.B, d *db.DB, fn func()) {
	probe := dbtest.ProbeOf(d)
	probe.Reset()
	fn()
	n := probe.Count()
	for b.Loop() {
		fn()
	}
	b.ReportMetric(float64(n), "queries")
}

// BenchmarkSideBarPoint lists the items associated to a point of the demo pump, as the
// side-bar does when a point opens.
func BenchmarkSideBarPoint(b *testing.B) {
	benchEach(b, newPlant, func(b *testing.B, p *plant) {
		path := fmt.Sprintf("/api/user/%d/point/%d/associations", p.factory, p.point)
		counted(b, p.d, func() { p.signedIn.do("GET", path, nil) })
	})
}

// BenchmarkAlertList reads the demo pump's alert list: every reference value, direction by
// direction.
func BenchmarkAlertList(b *testing.B) {
	benchEach(b, newPlant, func(b *testing.B, p *plant) {
		path := fmt.Sprintf("/api/user/%d/machine/%d/alarm", p.factory, p.machine)
		counted(b, p.d, func() { p.signedIn.do("GET", path, nil) })
	})
}

// BenchmarkMachineGraph reads the demo pump's whole configuration, as the configuration
// generator and the precalculation will.
func BenchmarkMachineGraph(b *testing.B) {
	benchEach(b, newPlant, func(b *testing.B, p *plant) {
		ctx := auth.WithSystem(context.Background())
		scope, _ := auth.ScopeOf(ctx, p.factory)
		d := p.d
		counted(b, d, func() {
			err := d.ReadTx(ctx, func(tx *sql.Tx) error {
				_, err := p.app.Features.Machines.Graph(ctx, tx, scope, p.machine)
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
		})
	})
}
