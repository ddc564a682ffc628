package app_test

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"vigia/internal/auth"
	"vigia/internal/platform/dbtest"
)

// A screen costs a fixed number of queries whatever its size: the side-bar's points and a
// point's associations, the alert list, the machine's VCOs, the precalculation's lists, the three assign actions,
// the machine graph, a configuration's generation and its delivery state cost as many statements on the demo pump as on the same pump grown by ten points, each
// with a bearing and its VCVs. (Measured statements include the session's read.)
func TestScreensCostFixedQueries(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		admin := p.signedIn
		var guid string
		if err := p.d.QueryRow(`SELECT guid FROM rodamientos WHERE fabrica_id IS NULL ORDER BY id LIMIT 1`).Scan(&guid); err != nil {
			t.Fatal(err)
		}
		st, body := admin.do("POST", p.url("/bearing/download"), map[string]string{"GenRodamientoGUID": guid})
		if st != 200 {
			t.Fatalf("bearing: %d %s", st, body)
		}
		bearing := decode[map[string]any](t, body)["GenRodamientoID"]
		addPoint := func(name string, position int) {
			t.Helper()
			if st, body := admin.do("POST", p.url("/component/%d/point", p.component), map[string]any{"NombreEs": name, "Posicion": position, "MontajeId": 1,
				"Rodamiento1": map[string]any{"GenRodamientoID": bearing}}); st != 201 {
				t.Fatalf("point %s: %d %s", name, st, body)
			}
		}
		// addVcos associates to the machine a VCO/VCOV reading a new sensor of each kind a VCO
		// may read (VCO-011), so that the machine's VCO list reads every kind.
		addVcos := func(tag string) {
			t.Helper()
			for _, k := range []struct {
				kind  catalogKind
				field string
				tipo  string
			}{{sensorKinds[2], "UsuSensor420", "VCO"}, {sensorKinds[3], "UsuSensorVoltajeEstatico", "VCO"}, {sensorKinds[4], "UsuSensorTacometro", "VCO"},
				{sensorKinds[5], "UsuSensorVirtual", "VCOV"}, {sensorKinds[6], "SensorTeclado", "VCOV"}, {sensorKinds[7], "SensorNominal", "VCOV"}} {
				sensor := created(t, admin, p.url("/%s", k.kind.path), with(k.kind.valid, map[string]any{k.kind.name: k.field + " " + tag}))
				vco := createdID(t, admin, p.url("/vco_v"), "UsuVco_vID", "", map[string]any{"NombreEs": k.field + " " + tag,
					"Tipo": map[string]any{"EnumTipoVcoID": k.tipo}, k.field: sensor[k.kind.id]})
				if st, body := admin.do("POST", p.url("/machineocv/machine/%d/ocv/%d", p.machine, vco), nil); st != 204 {
					t.Fatalf("associate VCO %d: %d %s", vco, st, body)
				}
			}
		}
		probe := dbtest.ProbeOf(p.d)
		send := func(method, path string, in any) int64 {
			t.Helper()
			probe.Reset()
			if st, body := admin.do(method, path, in); st >= 300 {
				t.Fatalf("%s %s: %d %s", method, path, st, body)
			}
			return probe.Count()
		}
		cost := func(method, path string) int64 { return send(method, path, nil) }
		// A configuration is published when every item has its thresholds.
		configuration := func() int64 {
			t.Helper()
			if _, err := p.d.Exec(`UPDATE valores_referencia SET v_h1_aviso = 2800, v_h1_alarma = 4500, v_h1_peligro = 7100
				WHERE v_h1_aviso IS NULL AND asociacion_id IN (SELECT id FROM asociaciones WHERE maquina_id = $1)`, p.machine); err != nil {
				t.Fatal(err)
			}
			n := send("POST", p.url("/machine/%d/configuration", p.machine), map[string]any{"Modo": 0})
			_, body := admin.do("GET", p.url("/machine/%d/configuration", p.machine), nil)
			if vs := decode[delivery](t, body).Versiones; len(vs) == 0 || vs[0].Estado != "pending" {
				t.Fatalf("configuration not published: %s", body)
			}
			return n
		}
		graph := func() int64 {
			t.Helper()
			ctx := auth.WithSystem(context.Background())
			scope, _ := auth.ScopeOf(ctx, p.factory)
			probe.Reset()
			err := p.d.ReadTx(ctx, func(tx *sql.Tx) error {
				_, err := p.app.Features.Machines.Graph(ctx, tx, scope, p.machine)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return probe.Count()
		}
		measure := func() map[string]int64 {
			return map[string]int64{
				"side-bar points":        cost("GET", p.url("/tree/children?Tipo=component&ID=%d", p.component)),
				"a point's associations": cost("GET", p.url("/point/%d/associations", p.point)),
				"alert list":             cost("GET", p.url("/machine/%d/alarm", p.machine)),
				"precalculation lists":   cost("GET", p.url("/machine/%d/precalculation", p.machine)),
				"assign spectra":         cost("POST", p.url("/machine/%d/assign/spectra", p.machine)),
				"assign default VCVs":    cost("POST", p.url("/machine/%d/assign/defaultvcv", p.machine)),
				"assign bearing VCVs":    cost("POST", p.url("/machine/%d/assign/bearingvcv", p.machine)),
				"machine graph":          graph(),
				"machine VCOs":           cost("GET", p.url("/machineocv/machine/%d", p.machine)),
				"configuration":          configuration(),
				"configuration state":    cost("GET", p.url("/machine/%d/configuration", p.machine)),
			}
		}
		// One point with a bearing whose VCVs exist: every action has its steady work to do.
		addPoint("Punto con rodamiento", 90)
		addVcos("1")
		cost("POST", p.url("/machine/%d/assign/bearingvcv", p.machine))
		small := measure()
		for i := range 10 {
			addPoint(fmt.Sprintf("Punto %d", i), 100+i)
			addVcos(fmt.Sprint(i + 2))
		}
		cost("POST", p.url("/machine/%d/assign/defaultvcv", p.machine))
		cost("POST", p.url("/machine/%d/assign/bearingvcv", p.machine))
		var associations int
		if err := p.d.QueryRow(`SELECT COUNT(*) FROM asociaciones WHERE maquina_id = $1`, p.machine).Scan(&associations); err != nil || associations < 40 {
			t.Fatalf("the grown pump has %d associations (%v)", associations, err)
		}
		big := measure()
		for screen, n := range small {
			if big[screen] != n {
				t.Errorf("%s: %d statements on the demo pump, %d on the grown one", screen, n, big[screen])
			}
			t.Logf("%s: %d statements", screen, n)
		}
	})
}
