package app_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"vigia/internal/auth"
	"vigia/internal/demo"
	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

// benchEach runs a benchmark on each engine (dbtest.Engines) with what open makes of a fresh
// database of it: a world (newWorld) or the demo plant (newPlant).
func benchEach[W any](b *testing.B, open func(testing.TB, db.Engine) W, fn func(b *testing.B, w W)) {
	for _, e := range dbtest.Engines() {
		b.Run(string(e), func(b *testing.B) { fn(b, open(b, e)) })
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

// BenchmarkMeasurements posts batches of 10,000 values, as the demo pump's alert device
// sends them, to POST /api/device/{serial}/measurements through the whole handler: the
// token, JSON, the checks of every value and the durable commit.
func BenchmarkMeasurements(b *testing.B) {
	benchEach(b, newPlant, func(b *testing.B, p *plant) {
		var device int64
		var serial string
		if err := p.d.QueryRow(`SELECT e.id, e.numero_serie FROM equipos e JOIN maquinas m ON m.equipo_alert10 = e.guid WHERE m.id = $1`, p.machine).Scan(&device, &serial); err != nil {
			b.Fatal(err)
		}
		rows, err := p.d.Query(`SELECT r.id FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id WHERE a.maquina_id = $1 AND a.tipo = 'MPV' ORDER BY r.id`, p.machine)
		vrs, err := db.Collect(rows, err, func(s db.Scanner) (id int64, err error) { return id, s.Scan(&id) })
		if err != nil {
			b.Fatal(err)
		}
		_, body := p.signedIn.do("POST", fmt.Sprintf("/api/equipment/%d/token", device), nil)
		token := decode[map[string]string](b, body)["Token"]
		// Batches of consecutive hours of every series of the pump, from two years ago.
		series := 3 * len(vrs)
		hours := 10_000 / series
		start := time.Now().UTC().Truncate(time.Hour).Add(-2 * 365 * 24 * time.Hour)
		var batches [][]byte
		for n := 0; n < 50; n++ {
			values := make([]map[string]any, 0, 10_000)
			for h := range hours {
				at := start.Add(time.Duration(n*hours+h) * time.Hour).Format(time.RFC3339)
				for _, vr := range vrs {
					for dir := range 3 {
						values = append(values, map[string]any{"VrId": vr, "Dir": dir, "Fecha": at, "Valor": 2000 + (h*7+dir*13)%400})
					}
				}
			}
			raw, _ := json.Marshal(map[string]any{"Valores": values})
			batches = append(batches, raw)
		}
		i := 0
		for b.Loop() {
			req := httptest.NewRequest("POST", "/api/device/"+serial+"/measurements", bytes.NewReader(batches[i%len(batches)]))
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			p.app.Handler.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatal(rec.Code, rec.Body.String())
			}
			i++
		}
		b.ReportMetric(float64(hours*series)*float64(b.N)/b.Elapsed().Seconds(), "values/s")
	})
}

// BenchmarkDemoHistory fills the demo's year of hourly history (vigia demo).
func BenchmarkDemoHistory(b *testing.B) {
	benchEach(b, newWorld, func(b *testing.B, w *world) {
		for b.Loop() {
			b.StopTimer()
			if _, err := w.d.Exec(`DELETE FROM series`); err != nil {
				b.Fatal(err)
			}
			if _, err := demo.Load(context.Background(), w.store, w.app.Features, "demo-clave-1"); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			n, err := demo.History(context.Background(), w.d, w.app.Features, time.Now())
			if err != nil || n == 0 {
				b.Fatal(n, err)
			}
			b.ReportMetric(float64(n), "values")
		}
	})
}

// BenchmarkPrecalcMachine precalculates the demo pump over the demo's year of history, as
// the alarm edition screen asks: POST .../reference/calculate through the whole handler.
func BenchmarkPrecalcMachine(b *testing.B) {
	benchEach(b, newPlant, func(b *testing.B, p *plant) {
		if _, err := demo.History(context.Background(), p.d, p.app.Features, time.Now()); err != nil {
			b.Fatal(err)
		}
		now := time.Now().UTC()
		body := map[string]any{"Componentes": "", "Fechas": []map[string]string{{"Inicio": now.AddDate(-1, 0, 0).Format(time.DateOnly), "Fin": now.Format(time.DateOnly)}}}
		path := fmt.Sprintf("/api/user/%d/machine/%d/reference/calculate", p.factory, p.machine)
		var lines int
		for b.Loop() {
			st, raw := p.signedIn.do("POST", path, body)
			if st != 200 {
				b.Fatal(st, string(raw))
			}
			lines = len(decode[map[string]any](b, raw)["Lineas"].([]any))
		}
		b.ReportMetric(float64(lines), "lines")
	})
}

// BenchmarkSiteAlarms reads the alarms tab of a 100,000-point site (demo.Large), each point
// with a VCV and its three series, their last values and states kept: the counts per state
// and the first page, worst first.
func BenchmarkSiteAlarms(b *testing.B) {
	benchEach(b, newPlant, func(b *testing.B, p *plant) {
		ctx := context.Background()
		if err := demo.Large(ctx, p.d, p.app.Features, p.factory, 100_000); err != nil {
			b.Fatal(err)
		}
		var site, vcv int64
		if err := p.d.QueryRow(`SELECT id FROM centros WHERE fabrica_id = $1 AND nombre_es = 'Centro Grande'`, p.factory).Scan(&site); err != nil {
			b.Fatal(err)
		}
		if err := p.d.QueryRow(`SELECT id FROM catalogo WHERE tipo = 'vcv' AND fabrica_id = $1 ORDER BY id LIMIT 1`, p.factory).Scan(&vcv); err != nil {
			b.Fatal(err)
		}
		// One VCV on every point, its reference row and three series, as years of values would leave them.
		for _, stmt := range []string{
			`INSERT INTO asociaciones (tipo, fabrica_id, maquina_id, punto_id, item_id) SELECT 'MPV', p.fabrica_id, c.parent_id, p.id, $2
				FROM puntos p JOIN componentes c ON c.id = p.parent_id JOIN maquinas m ON m.id = c.parent_id JOIN areas a ON a.id = m.parent_id WHERE a.parent_id = $1`,
			`INSERT INTO valores_referencia (asociacion_id, criterio_id, condicion_id, v_h1_aviso, v_h1_alarma, v_h1_peligro, h_h2_aviso, h_h2_alarma, h_h2_peligro, a_aviso, a_alarma, a_peligro)
				SELECT id, 0, 0, 2800, 4500, 7100, 2800, 4500, 7100, 2800, 4500, 7100 FROM asociaciones WHERE item_id = $2 AND maquina_id IN
				(SELECT m.id FROM maquinas m JOIN areas a ON a.id = m.parent_id WHERE a.parent_id = $1)`,
			`INSERT INTO series (clave, tipo, asociacion_id, punto_id, criterio_id, condicion_id, direccion, maquina_id, ultimo_t, ultimo_v, estado, ultimo_r)
				SELECT 'r/' || x.id || '/0/0/' || x.n, 'ref', x.id, x.punto_id, 0, 0, x.n, x.maquina_id, 1700000000, x.v,
				CASE WHEN x.v > 7100 THEN 5 WHEN x.v > 4500 THEN 4 WHEN x.v > 2800 THEN 3 ELSE 2 END,
				x.v / CASE WHEN x.v > 7100 THEN 7100.0 WHEN x.v > 4500 THEN 4500.0 ELSE 2800.0 END
				FROM (SELECT a.id, a.punto_id, a.maquina_id, d.n, (a.id * 37 + d.n * 11) % 8000 AS v
					FROM asociaciones a CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2) d WHERE a.item_id = $2 AND a.maquina_id IN
					(SELECT m.id FROM maquinas m JOIN areas r ON r.id = m.parent_id WHERE r.parent_id = $1)) x`,
		} {
			if _, err := p.d.Exec(stmt, site, vcv); err != nil {
				b.Fatal(err)
			}
		}
		if p.d.Engine == db.Postgres {
			if _, err := p.d.Exec(`ANALYZE`); err != nil {
				b.Fatal(err)
			}
		}
		path := fmt.Sprintf("/api/user/%d/site/%d/alarms", p.factory, site)
		var total float64
		for b.Loop() {
			st, raw := p.signedIn.do("GET", path, nil)
			if st != 200 {
				b.Fatal(st, string(raw))
			}
			total = decode[map[string]any](b, raw)["Total"].(float64)
		}
		if total != 300_000 {
			b.Fatalf("%v series", total)
		}
		b.ReportMetric(total, "series")
	})
}
