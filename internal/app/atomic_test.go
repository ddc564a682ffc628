package app_test

import (
	"slices"
	"testing"

	"vigia/internal/platform/dbtest"
)

// A multi-step action runs in one transaction and happens whole or not at all: each is made
// to fail at its first statement, then its second, and so on, and each time nothing has
// changed; let run to its end, it does change what it should.
func TestActionsAreWholeOrNothing(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		admin := p.signedIn
		must := func(method, path string, body any) map[string]any {
			t.Helper()
			st, b := admin.do(method, path, body)
			if st >= 300 {
				t.Fatalf("%s %s: %d %s", method, path, st, b)
			}
			if len(b) == 0 || b[0] != '{' {
				return nil
			}
			return decode[map[string]any](t, b)
		}
		// The work each action will find: a new point with a bearing and no spectra, the
		// pump's VCVs dissociated, the factory's first VCO (its tachometer, channel 11; the
		// demo puts its criterion's VCOs on the pump), a band nobody uses.
		var guid string
		if err := p.d.QueryRow(`SELECT guid FROM rodamientos WHERE fabrica_id IS NULL ORDER BY id LIMIT 1`).Scan(&guid); err != nil {
			t.Fatal(err)
		}
		bearing := must("POST", p.url("/bearing/download"), map[string]string{"GenRodamientoGUID": guid})["GenRodamientoID"]
		must("POST", p.url("/component/%d/point", p.component), map[string]any{"NombreEs": "Nuevo", "Posicion": 99, "MontajeId": 1,
			"Rodamiento1": map[string]any{"GenRodamientoID": bearing}})
		must("DELETE", p.url("/mpv/machine/%d", p.machine), nil)
		band := must("POST", p.url("/band"), map[string]any{"NombreEs": "Banda libre", "Frecuencia": "ORDENES", "Rango": "BR",
			"FrecuOrdenesInicial": "1", "FrecuOrdenesFinal": "2"})["UsuBandaID"]
		var alert10 string
		if err := p.d.QueryRow(`SELECT equipo_alert10 FROM maquinas WHERE id = $1`, p.machine).Scan(&alert10); err != nil {
			t.Fatal(err)
		}
		criterion := must("GET", p.url("/criterion/%d", p.criterionOf(t, p.machine)), nil)
		criterion["Condiciones"] = append(criterion["Condiciones"].([]any), map[string]any{"CondicionNombre": "Arranque", "Rangos": []any{2}})

		probe := dbtest.ProbeOf(p.d)
		for _, a := range []struct {
			name, method, path string
			body               any
		}{
			{"assign default VCVs", "POST", p.url("/machine/%d/assign/defaultvcv", p.machine), nil},
			{"assign spectra", "POST", p.url("/machine/%d/assign/spectra", p.machine), nil},
			{"assign bearing VCVs", "POST", p.url("/machine/%d/assign/bearingvcv", p.machine), nil},
			{"delete a band nobody uses", "DELETE", p.url("/band/%v", band), nil},
			{"put a VCO on a channel", "POST", p.url("/machineocv/channel"), map[string]any{"TipoAsig": "MVCO", "AdminEquipoGUID": alert10,
				"UsuMaquinaId": p.machine, "Canal": 11, "UsuVco_vId": p.vco, "TipoEquipo": "ALERT10"}},
			{"paste a machine", "POST", p.url("/area/%d/paste", p.area), map[string]any{"UsuMaquinaID": p.machine}},
			{"add a condition to a criterion", "PUT", p.url("/criterion/%d", p.criterionOf(t, p.machine)), criterion},
		} {
			t.Run(a.name, func(t *testing.T) {
				before := dbtest.Snapshot(t, p.d)
				for n := int64(1); ; n++ {
					probe.FailAt(n)
					st, body := admin.do(a.method, a.path, a.body)
					probe.Reset()
					if st < 300 {
						if len(slices.DeleteFunc(dbtest.Changed(before, dbtest.Snapshot(t, p.d)), isSessions)) == 0 {
							t.Errorf("done after %d statements, but it changed nothing", n-1)
						}
						t.Logf("%d statements, each failure left everything as it was", n-1)
						return
					}
					if st != 500 {
						t.Fatalf("refused, not failed, at statement %d: %d %s", n, st, body)
					}
					// The session's idle deadline, refreshed once a minute whatever the action does, is not the action's.
					if changed := slices.DeleteFunc(dbtest.Changed(before, dbtest.Snapshot(t, p.d)), isSessions); len(changed) > 0 {
						t.Fatalf("failing at statement %d left %v changed", n, changed)
					}
				}
			})
		}
	})
}

// criterionOf is the criterion of a machine.
func (p *plant) criterionOf(t testing.TB, machine int64) int64 {
	t.Helper()
	var id int64
	if err := p.d.QueryRow(`SELECT criterio_id FROM maquinas WHERE id = $1`, machine).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// isSessions tells the sessions' table, whose rows no action of a factory's writes.
func isSessions(table string) bool { return table == "sesiones" }
