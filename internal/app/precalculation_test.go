package app_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// The reference-value calls of S1 §7 with the spec's payloads: every part of the
// precalculation's payload is read, the save writes the lines it is sent and answers true,
// the alarm modal's one-line calculation answers the three levels.
func TestReferenceValueCalls(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		var component, point, otherComponent, otherCond int64
		if err := p.d.QueryRow(`SELECT p.parent_id, p.id FROM asociaciones a JOIN puntos p ON p.id = a.punto_id WHERE a.id = $1`, h.assoc).Scan(&component, &point); err != nil {
			t.Fatal(err)
		}
		if err := p.d.QueryRow(`SELECT id FROM componentes WHERE parent_id = $1 AND id <> $2 ORDER BY id LIMIT 1`, p.machine, component).Scan(&otherComponent); err != nil {
			t.Fatal(err)
		}
		_, body := p.signedIn.do("GET", p.url("/criterion/%d", p.criterionOf(t, p.machine)), nil)
		for _, c := range decode[struct{ Condiciones []map[string]any }](t, body).Condiciones {
			if id := int64(c["UsuCondicionID"].(float64)); id != h.cond {
				otherCond = id
			}
		}
		if otherCond == 0 {
			t.Fatal("the pump's criterion has one condition")
		}
		// Twenty values ten days ago (1.000 to 2.900 mm/s: baseline 2.805) in direction 0, one
		// of 5.000 three days ago in direction 1.
		day := func(ago int) string {
			return time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -ago).Format(time.DateOnly)
		}
		csv := "VrId,Dir,Fecha,Valor\n"
		for i := range 20 {
			csv += fmt.Sprintf("%d,0,%sT%02d:00:00Z,%d\n", h.vr, day(10), i, 1000+100*i)
		}
		csv += fmt.Sprintf("%d,1,%sT00:00:00Z,5000\n", h.vr, day(3))
		if st, body := importing(t, p.signedIn, p.url("/history/import"), "text/csv", csv); st != 200 {
			t.Fatalf("import: %d %s", st, body)
		}

		// API-032: Componentes and Condiciones are comma-separated ids, Fechas a list of
		// {Inicio, Fin}, and each of the six values changes its level: level = base +
		// max(Limite × base, AplicarValor), the AplicarValor in mm/s.
		request := func(components, conditions string, periods ...[2]int) map[string]any {
			var fechas []map[string]string
			for _, r := range periods {
				fechas = append(fechas, map[string]string{"Inicio": day(r[0]), "Fin": day(r[1])})
			}
			return map[string]any{"Componentes": components, "Condiciones": conditions, "Fechas": fechas,
				"VrAvisoLimite": 0.1, "VrAvisoAplicarValor": 0.5, "VrAlarmaLimite": 1.0, "VrAlarmaAplicarValor": 0.6, "VrPeligroLimite": 1.1, "VrPeligroAplicarValor": 4}
		}
		lines := func(req map[string]any) (bool, map[float64][3]float64) {
			t.Helper()
			st, body := p.signedIn.do("POST", p.url("/machine/%d/reference/calculate", p.machine), req)
			if st != 200 {
				t.Fatalf("precalculation: %d %s", st, body)
			}
			got := decode[struct {
				Datos  bool
				Lineas []map[string]any
			}](t, body)
			out := map[float64][3]float64{}
			for _, l := range got.Lineas {
				if l["UsuValorReferenciaID"] == float64(h.vr) {
					out[l["Direccion"].(float64)] = [3]float64{l["VrAviso"].(float64), l["VrAlarma"].(float64), l["VrPeligro"].(float64)}
				}
			}
			return got.Datos, out
		}
		both := fmt.Sprintf("%d,%d", otherComponent, component)
		conditions := fmt.Sprintf("%d, %d", otherCond, h.cond)
		if datos, got := lines(request(both, conditions, [2]int{12, 8}, [2]int{5, 0})); !datos || got[0] != [3]float64{3305, 5610, 6805} || got[1] != [3]float64{5500, 10000, 10500} {
			t.Errorf("API-032 the levels of the six values: %v", got)
		}
		if _, got := lines(request(both, conditions, [2]int{12, 8})); len(got) != 1 || got[0][0] != 3305 {
			t.Errorf("API-032 the first period alone holds direction 0's values: %v", got)
		}
		if _, got := lines(request(fmt.Sprint(otherComponent), conditions, [2]int{12, 0})); len(got) != 0 {
			t.Errorf("API-032 another component's lines only: %v", got)
		}
		if _, got := lines(request(both, fmt.Sprint(otherCond), [2]int{12, 0})); len(got) != 0 {
			t.Errorf("API-032 another condition's lines only: %v", got)
		}
		// A level's values below the level's beneath would propose a warning above its alarm.
		for field, value := range map[string]float64{"VrAlarmaLimite": 0.05, "VrPeligroAplicarValor": 0.1} {
			if st, body := p.signedIn.do("POST", p.url("/machine/%d/reference/calculate", p.machine), with(request(both, conditions, [2]int{12, 0}), map[string]any{field: value})); st != 422 || errorsOf(t, body)[0]["field"] != field || errorsOf(t, body)[0]["code"] != "below_lower_level" {
				t.Errorf("%s below the level beneath: %d %s", field, st, body)
			}
		}
		if st, body := p.signedIn.do("POST", p.url("/machine/%d/reference/calculate", p.machine), request("x", conditions, [2]int{12, 0})); st != 422 || errorsOf(t, body)[0]["field"] != "Componentes" {
			t.Errorf("API-032 Componentes not a list of ids: %d %s", st, body)
		}

		// API-033, API-034: the save sends {ValoresCalculados} holding the JSON of the lines
		// [{VrId, Dir, Av, Al, Pl}] to write; it answers true, and only those lines change.
		alarm := func() map[float64][3]float64 {
			_, body := p.signedIn.do("GET", p.url("/machine/%d/alarm", p.machine), nil)
			out := map[float64][3]float64{}
			for _, a := range decode[[]map[string]any](t, body) {
				if a["UsuValorReferenciaID"] == float64(h.vr) {
					v := [3]float64{}
					for i, f := range []string{"VrAviso", "VrAlarma", "VrPeligro"} {
						v[i], _ = a[f].(float64)
					}
					out[a["Direccion"].(float64)] = v
				}
			}
			return out
		}
		before := alarm()
		raw, _ := json.Marshal([]map[string]any{{"VrId": h.vr, "Dir": 0, "Av": 3305, "Al": 5610, "Pl": 6805}, {"VrId": h.vr, "Dir": 1, "Av": 5500, "Al": 7500, "Pl": 9000}})
		st, body := p.signedIn.do("PUT", p.url("/machine/%d/reference", p.machine), map[string]string{"ValoresCalculados": string(raw)})
		if st != 200 || strings.TrimSpace(string(body)) != "true" {
			t.Errorf("API-034 the save answers true: %d %s", st, body)
		}
		if after := alarm(); after[0] != [3]float64{3305, 5610, 6805} || after[1] != [3]float64{5500, 7500, 9000} || after[2] != before[2] {
			t.Errorf("API-033 saved %v, before %v", after, before)
		}
		st, body = p.signedIn.do("PUT", p.url("/machine/%d/reference", p.machine), map[string]string{"ValoresCalculados": "[{"})
		if st != 422 || strings.TrimSpace(string(body)) == "true" {
			t.Errorf("API-034 a refused save answers no true: %d %s", st, body)
		}

		// API-035: the alarm modal's calculation of one line: the machine and the row's VrId in
		// the path (the site is the machine's), {Punto, Direccion, Notificacion: null}; the
		// answer is the three levels of that direction over the last 30 days, by the defaults.
		for dir, want := range map[int][3]float64{0: {3647, 4208, 5049}, 1: {6500, 7500, 9000}} {
			st, body := p.signedIn.do("POST", p.url("/machine/%d/reference/calculate/vcv/%d", p.machine, h.vr), map[string]any{"Punto": point, "Direccion": dir, "Notificacion": nil})
			one := decode[map[string]any](t, body)
			hasFields(t, "API-035 the answer", one, "VrAviso", "VrAlarma", "VrPeligro")
			if st != 200 || [3]any{one["VrAviso"], one["VrAlarma"], one["VrPeligro"]} != [3]any{want[0], want[1], want[2]} {
				t.Errorf("API-035 direction %d: %d %s, want %v", dir, st, body, want)
			}
		}
	})
}

// ISO 20816-3 bounds velocities: asked for, its zones cap the levels of a velocity VCV
// (mm/s RMS) and leave an envelope VCV's (Eg) as its values give them.
func TestIsoCapsVelocitiesOnly(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		_, body := p.signedIn.do("GET", p.url("/machine/%d/alarm", p.machine), nil)
		rows := decode[[]map[string]any](t, body)
		var velocity, envelope map[string]any
		for _, r := range rows {
			if r["Tipo"] != "MPV" || r["Direccion"] != 0.0 {
				continue
			}
			switch {
			case r["Rango"] == "BR" && velocity == nil:
				velocity = r
			case r["Rango"] == "DM" && envelope == nil && (velocity == nil || r["UsuCondicionId"] == velocity["UsuCondicionId"]):
				envelope = r
			}
		}
		if velocity == nil || envelope == nil || velocity["UsuCondicionId"] != envelope["UsuCondicionId"] {
			t.Fatalf("the pump has no velocity and envelope VCVs in one condition: %v", rows)
		}
		day := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -5).Format(time.DateOnly)
		csv := "VrId,Dir,Fecha,Valor\n"
		for i := range 20 {
			for _, r := range []map[string]any{velocity, envelope} {
				csv += fmt.Sprintf("%.0f,0,%sT%02d:00:00Z,30000\n", r["UsuValorReferenciaID"], day, i)
			}
		}
		if st, body := importing(t, p.signedIn, p.url("/history/import"), "text/csv", csv); st != 200 {
			t.Fatalf("import: %d %s", st, body)
		}
		st, body := p.signedIn.do("POST", p.url("/machine/%d/reference/calculate", p.machine), map[string]any{
			"Componentes": fmt.Sprintf("%.0f,%.0f", velocity["UsuComponenteId"], envelope["UsuComponenteId"]), "Condiciones": fmt.Sprintf("%.0f", velocity["UsuCondicionId"]),
			"Fechas": []map[string]string{{"Inicio": day, "Fin": day}}, "ISO": map[string]any{"Grupo": 2, "Cimentacion": "RIGIDA"},
			"VrAvisoLimite": 0.3, "VrAvisoAplicarValor": 0.1, "VrAlarmaLimite": 0.5, "VrAlarmaAplicarValor": 0.2, "VrPeligroLimite": 0.8, "VrPeligroAplicarValor": 0.3})
		if st != 200 {
			t.Fatalf("precalculation: %d %s", st, body)
		}
		levels := map[float64][3]float64{}
		for _, l := range decode[struct{ Lineas []map[string]any }](t, body).Lineas {
			if l["Direccion"] == 0.0 {
				levels[l["UsuValorReferenciaID"].(float64)] = [3]float64{l["VrAviso"].(float64), l["VrAlarma"].(float64), l["VrPeligro"].(float64)}
			}
		}
		// Group 2 on a rigid foundation: 1.4, 2.8 and 4.5 mm/s; 30 Eg by P95: 39, 45 and 54 Eg.
		if got := levels[velocity["UsuValorReferenciaID"].(float64)]; got != [3]float64{1400, 2800, 4500} {
			t.Errorf("the velocity VCV's levels %v, want the zone boundaries", got)
		}
		if got := levels[envelope["UsuValorReferenciaID"].(float64)]; got != [3]float64{39000, 45000, 54000} {
			t.Errorf("the envelope VCV's levels %v, want them uncapped", got)
		}
	})
}
