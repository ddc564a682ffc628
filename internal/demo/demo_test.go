package demo

import (
	"context"
	"os"
	"slices"
	"testing"

	"vigia/internal/app"
	"vigia/internal/auth"
	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

func TestMain(m *testing.M) {
	auth.LowerHashCostForTests()
	os.Exit(m.Run())
}

// The demo loads on both engines, passes every validation and is not duplicated when run
// again.
func TestDemoLoadsOnceOnBothEngines(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &auth.Store{DB: d}
		created, err := Load(ctx, s, app.NewFeatures(d), "demo-clave-1")
		if err != nil || len(created) != 2 {
			t.Fatalf("first load: %v %v", created, err)
		}
		count := func(q string) (n int) {
			if err := d.QueryRow(q).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		machines, templates, bearings, sensors := count(`SELECT COUNT(*) FROM maquinas`), count(`SELECT COUNT(*) FROM maquinas m JOIN fabricas f ON f.id = m.fabrica_id WHERE f.plantilla`),
			count(`SELECT COUNT(*) FROM rodamientos`), count(`SELECT COUNT(*) FROM catalogo`)
		if machines < 24 || templates != 4 || bearings != 100 || sensors != 107 {
			t.Errorf("demo: %d machines (%d templates), %d bearings, %d catalogue items", machines, templates, bearings, sensors)
		}
		if n := count(`SELECT COUNT(*) FROM puntos p JOIN fabricas f ON f.id = p.fabrica_id WHERE NOT f.plantilla AND (p.espectro_br IS NULL OR p.espectro_dm IS NULL)`); n != 0 {
			t.Errorf("%d demo points without spectra", n)
		}
		if n := count(`SELECT COUNT(*) FROM maquinas m JOIN fabricas f ON f.id = m.fabrica_id WHERE NOT f.plantilla AND m.criterio_id IS NULL`); n != 0 {
			t.Errorf("%d demo machines without a criterion", n)
		}
		// The tree is built in the order it is written: the history's values are seeded by the ids.
		var want []string
		for _, p := range plant {
			for _, a := range p.areas {
				want = append(want, a.machines...)
			}
		}
		rows, err := d.Query(`SELECT m.nombre_es FROM maquinas m JOIN fabricas f ON f.id = m.fabrica_id WHERE f.nombre = $1 ORDER BY m.id`, Factory)
		got, err := db.Collect(rows, err, func(s db.Scanner) (name string, err error) { return name, s.Scan(&name) })
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("demo machines in id order: %v %v, want %v", got, err, want)
		}
		// A point's default VCVs are associated in the catalogue's order (the history's worn
		// series is its first association).
		rows, err = d.Query(`SELECT c.nombre_es FROM asociaciones a JOIN catalogo c ON c.id = a.item_id
			WHERE a.tipo = 'MPV' AND a.punto_id = (SELECT MIN(x.punto_id) FROM asociaciones x JOIN maquinas m ON m.id = x.maquina_id WHERE m.nombre_es = 'Bomba P-101') ORDER BY a.id`)
		got, err = db.Collect(rows, err, func(s db.Scanner) (name string, err error) { return name, s.Scan(&name) })
		if want := []string{"Envolvente global (descarga)", "Velocidad 1x (descarga)", "Velocidad global 600-6000 CPM (descarga)"}; err != nil || !slices.Equal(got, want) {
			t.Errorf("the first point's VCVs in association order: %v %v, want %v", got, err, want)
		}
		// Every demo point has default VCVs with reference values for each condition.
		if n := count(`SELECT COUNT(*) FROM puntos p JOIN fabricas f ON f.id = p.fabrica_id WHERE NOT f.plantilla AND NOT EXISTS (SELECT 1 FROM asociaciones a WHERE a.punto_id = p.id)`); n != 0 {
			t.Errorf("%d demo points without VCVs", n)
		}
		if n := count(`SELECT COUNT(*) FROM valores_referencia WHERE v_h1_aviso IS NULL`); n != 0 || count(`SELECT COUNT(*) FROM valores_referencia`) == 0 {
			t.Errorf("%d reference rows without values", n)
		}
		devices := count(`SELECT COUNT(*) FROM equipos`)
		if devices != 18 || count(`SELECT COUNT(*) FROM equipos WHERE tipo = 'MEMS' AND numero_orden = 0`) != 1 ||
			count(`SELECT COUNT(*) FROM maquinas WHERE equipo_alert10 IS NOT NULL OR equipo_alert10c IS NOT NULL OR kos_sensor`) != 6 ||
			count(`SELECT COUNT(*) FROM puntos WHERE sensor_proteccion IS NOT NULL OR sensor_prediccion IS NOT NULL`) != 10 {
			t.Errorf("demo equipment: %d devices", devices)
		}
		again, err := Load(ctx, s, app.NewFeatures(d), "")
		if err != nil || len(again) != 0 || count(`SELECT COUNT(*) FROM maquinas`) != machines || count(`SELECT COUNT(*) FROM catalogo`) != sensors || count(`SELECT COUNT(*) FROM equipos`) != devices {
			t.Errorf("second load changed the demo: %v %v", again, err)
		}
	})
}
