package app_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"vigia/internal/platform/dbtest"
)

// place is a machine and where it sits, as the overview names it.
type place struct {
	UsuMaquinaID, UsuAreaID, UsuCentroID int64
	Nombre, Area, Centro                 string
}

type alertCount struct {
	Estado         string
	Series, Puntos int64
}

// overviewBody is a factory's overview as the API answers it.
type overviewBody struct {
	Centros, Maquinas, Puntos int64
	SinCriterio, SinValores   struct {
		Total    int64
		Maquinas []place
	}
	Alarmas struct {
		Estados []alertCount
		Centros []struct {
			UsuCentroID int64
			Nombre      string
			Estados     []alertCount
		}
	}
	Cambios []struct {
		Usuario, Tipo, Operacion, Metodo, Nombre, Fecha string
		MaquinaID                                       *int64
		Maquina                                         *place
	}
}

// overview reads the factory's overview as c.
func (c *client) overview(t *testing.T, factory int64) overviewBody {
	t.Helper()
	st, body := c.do("GET", fmt.Sprintf("/api/user/%d/overview", factory), nil)
	if st != 200 {
		t.Fatalf("overview of %d: %d %s", factory, st, body)
	}
	return decode[overviewBody](t, body)
}

// siteAlerting counts a site's series and points above their thresholds from its alarms tab's
// list: in each state, its series and the points they are on.
func siteAlerting(t *testing.T, p *plant, site int64) []alertCount {
	t.Helper()
	out := []alertCount{{Estado: "PELIGRO"}, {Estado: "ALARMA"}, {Estado: "AVISO"}}
	for i := range out {
		st, body := p.signedIn.do("GET", p.url("/site/%d/alarms?Cuantas=500&Estado=%s", site, out[i].Estado), nil)
		page := decode[struct {
			Total int64
			Filas []struct{ UsuPuntoVibracionID int64 }
		}](t, body)
		if st != 200 || int64(len(page.Filas)) != page.Total {
			t.Fatalf("site %d's %s series: %d %s", site, out[i].Estado, st, body)
		}
		out[i].Series = page.Total
		seen := map[int64]bool{}
		for _, r := range page.Filas {
			if !seen[r.UsuPuntoVibracionID] {
				seen[r.UsuPuntoVibracionID] = true
				out[i].Puntos++
			}
		}
	}
	return out
}

// above is a CSV line of history for each of the machine's first n reference rows that have
// the threshold column set: one value just above it, an hour ago, in the column's direction.
func above(t *testing.T, p *plant, machine int64, column string, n int) string {
	t.Helper()
	rows, err := p.d.Query(`SELECT r.id, r.`+column+` FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id
		WHERE a.maquina_id = $1 AND r.`+column+` IS NOT NULL ORDER BY r.id LIMIT $2`, machine, n)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	at := time.Now().UTC().Add(-time.Hour).Truncate(time.Second).Format(time.RFC3339)
	dir := slices.IndexFunc([]string{"v_h1_", "h_h2_", "a_", "temperatura_"}, func(prefix string) bool { return strings.HasPrefix(column, prefix) })
	csv := ""
	for rows.Next() {
		var vr, threshold int64
		if err := rows.Scan(&vr, &threshold); err != nil {
			t.Fatal(err)
		}
		csv += fmt.Sprintf("%d,%d,%s,%d\n", vr, dir, at, threshold+1)
	}
	return csv
}

// measured imports CSV lines of history into the demo factory.
func (p *plant) measured(t *testing.T, lines string) {
	t.Helper()
	if st, body := importing(t, p.signedIn, p.url("/history/import"), "text/csv", "VrId,Dir,Fecha,Valor\n"+lines); st != 200 {
		t.Fatalf("import: %d %s", st, body)
	}
}

// The home page's overview of the demo factory: the size of its tree, its alarms as its
// sites' alarms tabs count them, the machines without a criterion or reference values with
// their places, and its latest changes — who, what, under which machine — only its own.
func TestOverview(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		reader := p.as("lector")
		o := reader.overview(t, p.factory)
		if o.Centros != 2 || o.Maquinas != 20 || o.Puntos != 89 || o.SinCriterio.Total != 0 || o.SinValores.Total != 0 {
			t.Fatalf("the demo's overview: %+v", o)
		}

		// Alarms: a pump of the first site in danger and in alarm, a machine of the second in
		// warning; by site as its alarms tab lists them, the worst site first, and in all.
		var south int64
		if err := p.d.QueryRow(`SELECT id FROM maquinas WHERE nombre_es = 'Molino M-401' AND fabrica_id = $1`, p.factory).Scan(&south); err != nil {
			t.Fatal(err)
		}
		p.measured(t, above(t, p, p.machine, "v_h1_peligro", 2)+above(t, p, p.machine, "h_h2_alarma", 3)+above(t, p, south, "v_h1_aviso", 5))
		o = reader.overview(t, p.factory)
		var sites []int64
		rows, err := p.d.Query(`SELECT id FROM centros WHERE fabrica_id = $1`, p.factory)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			sites = append(sites, id)
		}
		rows.Close()
		total := []alertCount{{Estado: "PELIGRO"}, {Estado: "ALARMA"}, {Estado: "AVISO"}}
		listed := map[int64][]alertCount{}
		for _, s := range o.Alarmas.Centros {
			listed[s.UsuCentroID] = s.Estados
		}
		for _, site := range sites {
			want := siteAlerting(t, p, site)
			if fmt.Sprint(listed[site]) != fmt.Sprint(want) {
				t.Errorf("site %d's alarms: %v, its tab counts %v", site, listed[site], want)
			}
			for i := range total {
				total[i].Series += want[i].Series
				total[i].Puntos += want[i].Puntos
			}
		}
		if fmt.Sprint(o.Alarmas.Estados) != fmt.Sprint(total) || total[0].Series == 0 || total[2].Puntos == 0 {
			t.Errorf("the factory's alarms: %v, want %v", o.Alarmas.Estados, total)
		}
		if len(o.Alarmas.Centros) != 2 || o.Alarmas.Centros[0].Nombre != "Centro Norte" {
			t.Errorf("the sites with alarms, worst first: %+v", o.Alarmas.Centros)
		}

		// A new machine has no criterion nor reference values; both lists name it with its
		// place, and the changes say who made it and what.
		site := sites[0]
		area := p.create(t, fmt.Sprintf("/site/%d/area", site), "UsuAreaID", map[string]any{"NombreEs": "Área nueva"})
		machine := p.create(t, fmt.Sprintf("/area/%d/machine", area), "UsuMaquinaID", map[string]any{"NombreEs": "Máquina nueva",
			"Actualizacion": "VCOV", "VelocidadVariable": false, "Online": false, "Kw": 55, "TiempoAprendizaje": 0, "KOSSensor": false})
		o = reader.overview(t, p.factory)
		var siteName string
		if err := p.d.QueryRow(`SELECT nombre_es FROM centros WHERE id = $1`, site).Scan(&siteName); err != nil {
			t.Fatal(err)
		}
		want := place{UsuMaquinaID: machine, UsuAreaID: area, UsuCentroID: site, Nombre: "Máquina nueva", Area: "Área nueva", Centro: siteName}
		for name, list := range map[string]struct {
			Total    int64
			Maquinas []place
		}{"without a criterion": o.SinCriterio, "without reference values": o.SinValores} {
			if list.Total != 1 || len(list.Maquinas) != 1 || list.Maquinas[0] != want {
				t.Errorf("machines %s: %+v, want %+v", name, list, want)
			}
		}
		if o.Maquinas != 21 || len(o.Cambios) < 2 {
			t.Fatalf("after a new machine: %+v", o)
		}
		if c := o.Cambios[0]; c.Operacion != "create-machine" || c.Usuario != "admin" || c.Nombre != "Máquina nueva" || c.Metodo != "POST" || c.Fecha == "" {
			t.Errorf("the newest change: %+v", c)
		}
		if c := o.Cambios[1]; c.Operacion != "create-area" || c.Nombre != "Área nueva" {
			t.Errorf("the change before: %+v", c)
		}

		// An edit of the machine names it and its place.
		st, body := p.signedIn.do("GET", p.url("/machine/%d", machine), nil)
		if st != 200 {
			t.Fatalf("read the machine: %d %s", st, body)
		}
		m := decode[map[string]any](t, body)
		m["NombreEs"] = "Máquina revisada"
		if st, body = p.signedIn.do("PUT", p.url("/machine/%d", machine), m); st != 200 {
			t.Fatalf("edit the machine: %d %s", st, body)
		}
		o = reader.overview(t, p.factory)
		want.Nombre = "Máquina revisada"
		if c := o.Cambios[0]; c.Operacion != "edit-machine" || c.Nombre != "Máquina revisada" || c.MaquinaID == nil || *c.MaquinaID != machine ||
			c.Maquina == nil || *c.Maquina != want {
			t.Errorf("the edit: %+v", c)
		}

		// A machine whose reference rows have no value left is listed; one value takes it off.
		var pump int64
		if err := p.d.QueryRow(`SELECT id FROM maquinas WHERE nombre_es = 'Bomba P-102' AND fabrica_id = $1`, p.factory).Scan(&pump); err != nil {
			t.Fatal(err)
		}
		clear := `UPDATE valores_referencia SET v_h1_aviso = NULL, v_h1_alarma = NULL, v_h1_peligro = NULL, h_h2_aviso = NULL, h_h2_alarma = NULL,
			h_h2_peligro = NULL, a_aviso = NULL, a_alarma = NULL, a_peligro = NULL, temperatura_aviso = NULL, temperatura_alarma = NULL,
			temperatura_peligro = NULL WHERE asociacion_id IN (SELECT id FROM asociaciones WHERE maquina_id = $1)`
		if _, err := p.d.Exec(clear, pump); err != nil {
			t.Fatal(err)
		}
		if got := reader.overview(t, p.factory).SinValores; got.Total != 2 || got.Maquinas[0].Nombre != "Bomba P-102" {
			t.Errorf("without reference values, Bomba P-102 emptied: %+v", got)
		}
		if _, err := p.d.Exec(`UPDATE valores_referencia SET a_peligro = 9000 WHERE id = (SELECT MIN(r.id) FROM valores_referencia r
			JOIN asociaciones a ON a.id = r.asociacion_id WHERE a.maquina_id = $1)`, pump); err != nil {
			t.Fatal(err)
		}
		if got := reader.overview(t, p.factory).SinValores; got.Total != 1 || got.Maquinas[0].UsuMaquinaID != machine {
			t.Errorf("without reference values, Bomba P-102 given one: %+v", got)
		}

		// Another factory's members get 404, and their changes stay in their factory.
		other := p.as("editor")
		if st, body := other.do("GET", p.url("/overview"), nil); st != 404 {
			t.Errorf("another factory's editor: %d %s, want 404", st, body)
		}
		if st, body := other.do("POST", fmt.Sprintf("/api/user/%d/site", p.a), map[string]any{"NombreEs": "Centro de A", "Pais": "ES", "Ciudad": "Bilbao"}); st != 201 {
			t.Fatalf("a site in factory A: %d %s", st, body)
		}
		for _, c := range reader.overview(t, p.factory).Cambios {
			if c.Usuario == "editor" || c.Nombre == "Centro de A" {
				t.Errorf("factory A's change in the demo's overview: %+v", c)
			}
		}
		if own := other.overview(t, p.a); own.Centros != 1 || own.Maquinas != 0 || len(own.Cambios) != 1 || own.Cambios[0].Nombre != "Centro de A" {
			t.Errorf("factory A's overview: %+v", own)
		}
	})
}

// create posts body to one of the demo factory's paths as the administrator and returns the
// new item's id field.
func (p *plant) create(t *testing.T, path, idField string, body any) int64 {
	t.Helper()
	st, out := p.signedIn.do("POST", p.url("%s", path), body)
	if st != 201 {
		t.Fatalf("POST %s: %d %s", path, st, out)
	}
	return int64(decode[map[string]any](t, out)[idField].(float64))
}

// The overview costs as many statements on the demo factory as on the same factory grown by a
// site, machines without a criterion, copies of a pump with their points, reference values
// and alarms, and the changes that made them; its lists stay at ten machines.
func TestOverviewCostsFixedQueries(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		probe := dbtest.ProbeOf(p.d)
		cost := func() (int64, overviewBody) {
			t.Helper()
			probe.Reset()
			o := p.signedIn.overview(t, p.factory)
			return probe.Count(), o
		}
		small, before := cost()

		site := p.create(t, "/site", "UsuCentroID", map[string]any{"NombreEs": "Centro nuevo", "Pais": "ES", "Ciudad": "Bilbao"})
		area := p.create(t, fmt.Sprintf("/site/%d/area", site), "UsuAreaID", map[string]any{"NombreEs": "Área nueva"})
		for i := range 12 {
			p.create(t, fmt.Sprintf("/area/%d/machine", area), "UsuMaquinaID", map[string]any{"NombreEs": fmt.Sprintf("Máquina %02d", i),
				"Actualizacion": "VCOV", "VelocidadVariable": false, "Online": false, "Kw": 55, "TiempoAprendizaje": 0, "KOSSensor": false})
		}
		var copies []int64
		for range 3 {
			copies = append(copies, p.create(t, fmt.Sprintf("/area/%d/paste", area), "UsuMaquinaID", map[string]any{"UsuMaquinaID": p.machine}))
		}
		// Each copy's first rows get a value above their danger threshold.
		csv := ""
		for _, m := range copies {
			csv += above(t, p, m, "v_h1_peligro", 4)
		}
		p.measured(t, csv)

		big, after := cost()
		if after.Centros != before.Centros+1 || after.Maquinas != before.Maquinas+15 || after.Puntos <= before.Puntos ||
			after.SinCriterio.Total != 12 || len(after.SinCriterio.Maquinas) != 10 || after.Alarmas.Estados[0].Series <= before.Alarmas.Estados[0].Series ||
			len(after.Cambios) != 10 {
			t.Fatalf("the grown factory's overview: %+v", after)
		}
		if big != small {
			t.Errorf("the overview: %d statements on the demo, %d on the grown factory", small, big)
		}
		t.Logf("the overview: %d statements", small)
	})
}
