package app_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"vigia/internal/auth"
	"vigia/internal/devices"
	"vigia/internal/tree"
)

// errRollback undoes a benchmark's transaction: each generation starts from the same rows.
var errRollback = errors.New("rollback")

// BenchmarkConfigurationGenerate generates, checks and publishes the configuration of a
// machine of 50 points, each with its spectra, the factory's default VCVs and thresholds in
// every condition: the demo pump grown to 50 points.
func BenchmarkConfigurationGenerate(b *testing.B) {
	benchEach(b, newPlant, func(b *testing.B, p *plant) {
		ctx := auth.WithSystem(context.Background())
		scope, _ := auth.ScopeOf(ctx, p.factory)
		var points int
		if err := p.d.QueryRow(`SELECT COUNT(*) FROM puntos p JOIN componentes c ON c.id = p.parent_id WHERE c.parent_id = $1`, p.machine).Scan(&points); err != nil {
			b.Fatal(err)
		}
		err := p.d.Tx(ctx, func(tx *sql.Tx) error {
			one := int64(1)
			for i := points; i < 50; i++ {
				f := &tree.PointFields{NombreEs: fmt.Sprintf("Punto %d", i+1), Posicion: int64(i + 1), MontajeId: &one}
				f.VH1Br, f.HH2Br, f.ABr, f.VH1Ar, f.HH2Ar = true, true, true, true, true
				if _, err := p.app.Features.Tree.Points.Create(ctx, tx, scope, p.component, f); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		for _, what := range []string{"spectra", "defaultvcv"} {
			if st, body := p.signedIn.do("POST", p.url("/machine/%d/assign/%s", p.machine, what), nil); st >= 300 {
				b.Fatalf("assign %s: %d %s", what, st, body)
			}
		}
		if _, err := p.d.Exec(`UPDATE valores_referencia SET v_h1_aviso = 2800, v_h1_alarma = 4500, v_h1_peligro = 7100
			WHERE asociacion_id IN (SELECT id FROM asociaciones WHERE maquina_id = $1)`, p.machine); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			err := p.d.Tx(ctx, func(tx *sql.Tx) error {
				r, err := p.app.Features.Config.Generate(ctx, tx, scope, p.machine, 0, 0)
				if err != nil {
					return err
				}
				if !r.Publicada {
					b.Fatalf("not published: %+v", r.Secciones)
				}
				return errRollback
			})
			if !errors.Is(err, errRollback) {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkDevicePolls plays 1,000 devices asking for their configuration every 10 seconds
// (100 polls a second, each device with its own machine's published configuration) through
// the whole handler for 20 seconds, and reports the latency's median and 99th percentile.
// Each device fetches its document once and then holds its ETag (304), as devices do.
func BenchmarkDevicePolls(b *testing.B) {
	const devicesN, every, run = 1000, 10 * time.Second, 20 * time.Second
	benchEach(b, newPlant, func(b *testing.B, p *plant) {
		ctx := auth.WithSystem(context.Background())
		scope, _ := auth.ScopeOf(ctx, p.factory)
		var doc string
		err := p.d.Tx(ctx, func(tx *sql.Tx) error {
			r, err := p.app.Features.Config.Generate(ctx, tx, scope, p.machine, 0, 0)
			if err != nil || !r.Publicada {
				return fmt.Errorf("pump not published: %v %+v", err, r)
			}
			return tx.QueryRowContext(ctx, `SELECT documento FROM configuraciones WHERE maquina_id = $1`, p.machine).Scan(&doc)
		})
		if err != nil {
			b.Fatal(err)
		}
		var area int64
		if err := p.d.QueryRow(`SELECT parent_id FROM maquinas WHERE id = $1`, p.machine).Scan(&area); err != nil {
			b.Fatal(err)
		}
		serials := make([]string, devicesN)
		err = p.d.Tx(ctx, func(tx *sql.Tx) error {
			for i := range serials {
				serials[i] = fmt.Sprintf("BENCH-%04d", i)
				var machine, device int64
				name := "Máquina " + serials[i]
				if err := tx.QueryRowContext(ctx, `INSERT INTO maquinas (fabrica_id, parent_id, nombre_es, nombre_en, busqueda, actualizacion) VALUES ($1, $2, $3, $3, $4, $5) RETURNING id`,
					p.factory, area, name, tree.SearchKey(name, name), tree.UpdateVCOV).Scan(&machine); err != nil {
					return err
				}
				if err := tx.QueryRowContext(ctx, `INSERT INTO equipos (tipo, guid, numero_serie, fabrica_id, token_hash) VALUES ($1, $2, $2, $3, $4) RETURNING id`,
					devices.TypeAlert10, serials[i], p.factory, devices.HashToken(serials[i])).Scan(&device); err != nil {
					return err
				}
				if _, err := tx.ExecContext(ctx, `INSERT INTO configuraciones (maquina_id, equipo_id, version, modo, hash, documento, publicada) VALUES ($1, $2, 1, 0, $3, $4, $5)`,
					machine, device, fmt.Sprintf("%064d", i), doc, time.Now().UnixMilli()); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		poll := func(serial, etag string) (string, time.Duration) {
			req := httptest.NewRequest("GET", "/api/device/"+serial+"/config", nil)
			req.Header.Set("Authorization", "Bearer "+serial)
			if etag != "" {
				req.Header.Set("If-None-Match", etag)
			}
			rec := httptest.NewRecorder()
			start := time.Now()
			p.app.Handler.ServeHTTP(rec, req)
			took := time.Since(start)
			if rec.Code != http.StatusOK && rec.Code != http.StatusNotModified {
				b.Fatal(rec.Code, rec.Body.String())
			}
			return rec.Header().Get("ETag"), took
		}
		for b.Loop() {
			var mu sync.Mutex
			var took []time.Duration
			var wg sync.WaitGroup
			rng := rand.New(rand.NewPCG(1, 2))
			for _, serial := range serials {
				// Each device starts at its own moment of the first interval.
				offset := time.Duration(rng.Int64N(int64(every)))
				wg.Go(func() {
					time.Sleep(offset)
					etag := ""
					for at := offset; at < run; at += every {
						var d time.Duration
						etag, d = poll(serial, etag)
						mu.Lock()
						took = append(took, d)
						mu.Unlock()
						if at+every < run {
							time.Sleep(every)
						}
					}
				})
			}
			wg.Wait()
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1e3, "p50-ms")
			b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1e3, "p99-ms")
			b.ReportMetric(float64(len(took))/run.Seconds(), "polls/s")
		}
	})
}
