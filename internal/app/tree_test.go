package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
	"vigia/internal/tree"
)

// treeClient builds nodes through the API as a signed-in user of factory f.
type treeClient struct {
	*client
	t *testing.T
	f int64
}

func (w *world) treeAs(login string, factory int64) *treeClient {
	return &treeClient{client: w.as(login), t: w.t.(*testing.T), f: factory}
}

func (c *treeClient) url(format string, args ...any) string {
	return fmt.Sprintf("/api/user/%d", c.f) + fmt.Sprintf(format, args...)
}

// create posts body to path and returns the new node's id field.
func (c *treeClient) create(path, idField string, body any) int64 {
	c.t.Helper()
	st, out := c.do("POST", c.url("%s", path), body)
	if st != 201 {
		c.t.Fatalf("POST %s: %d %s", path, st, out)
	}
	return int64(decode[map[string]any](c.t, out)[idField].(float64))
}

// plant makes site > area > machine > component (horizontal) > point and returns their ids.
func (c *treeClient) plant() (site, area, machine, component, point int64) {
	site = c.create("/site", "UsuCentroID", map[string]any{"NombreEs": "Centro", "Pais": "ES", "Ciudad": "Bilbao"})
	area = c.create(fmt.Sprintf("/site/%d/area", site), "UsuAreaID", map[string]any{"NombreEs": "Bombeo"})
	machine = c.create(fmt.Sprintf("/area/%d/machine", area), "UsuMaquinaID", map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "VCOV", "VelocidadVariable": false, "Online": false, "Kw": 55, "TiempoAprendizaje": 0, "KOSSensor": false})
	component = c.create(fmt.Sprintf("/machine/%d/component", machine), "UsuComponenteID", map[string]any{"NombreEs": "Motor", "Montaje": 1})
	point = c.create(fmt.Sprintf("/component/%d/point", component), "UsuPuntoVibracionID", map[string]any{"NombreEs": "LOA", "Posicion": 1, "MontajeId": 1, "Vr": "1", "Medida_V_H1_br": true, "Medida_A_mg": true})
	return
}

// The API's Machine carries the spec's machine fields and its calculation template its id and
// names (OpenAPI document's schemas).
func TestMachineEntityFields(t *testing.T) {
	t.Parallel()
	w := newWorld(t, db.SQLite)
	st, body := w.anon().do("GET", "/api/openapi.json", nil)
	if st != 200 {
		t.Fatalf("openapi: %d", st)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	fields := func(schema string) []string {
		return slices.Sorted(maps.Keys(doc.Components.Schemas[schema].Properties))
	}
	// MACH-015, with UsuCriterio as the CriterioId it is saved as (MACH-019).
	machine := fields("Machine")
	for _, f := range []string{"NombreEs", "NombreEn", "VelocidadVariable", "AmplitudMinima1x", "VelocidadMinima", "VelocidadMaxTrabajo", "Online", "Kw",
		"ExplicacionEs", "ExplicacionEn", "CriterioId", "UsuCalculoVrId", "Actualizacion", "Anclaje", "TiempoAprendizaje", "EquipoAlert10", "EquipoAlert10C",
		"EquipoConcentrador", "KOSSensor", "UsuMaquinaID"} {
		if !slices.Contains(machine, f) {
			t.Errorf("MACH-015: Machine lacks %s: %v", f, machine)
		}
	}
	// API-013: the edit payload takes every field of the spec's.
	payload := fields("MachineFields")
	for _, f := range []string{"NombreEs", "NombreEn", "VelocidadVariable", "AmplitudMinima1x", "VelocidadMinima", "VelocidadMaxTrabajo", "Online", "Kw",
		"ExplicacionEs", "ExplicacionEn", "CriterioId", "UsuCalculoVrId", "AsociacionesMaquinaId", "Actualizacion", "Anclaje", "TiempoAprendizaje",
		"EquipoAlert10", "EquipoAlert10C", "EquipoConcentrador", "KOSSensor"} {
		if !slices.Contains(payload, f) {
			t.Errorf("API-013: the machine edit payload lacks %s: %v", f, payload)
		}
	}
	// MACH-022
	if got := fields("Calculation"); !slices.Equal(got, []string{"NombreEn", "NombreEs", "UsuCalculoVrID"}) {
		t.Errorf("MACH-022: Calculation has %v", got)
	}
}

// TREE-023: a site read, alone or in the factory's list, carries every field of the spec's site
// entity; siteID, siteGUID and factoryID repeat the site's ids and factoryRef is its factory's
// reference.
func TestSiteEntityFields(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		site := c.create("/site", "UsuCentroID", map[string]any{"NombreEs": "Centro", "NombreEn": "Site", "Gps": map[string]any{"lat": 43.26, "lng": -2.93},
			"Pais": "ES", "Ciudad": "Bilbao", "Cp": "48001", "Direccion": "Gran Vía 1", "Telefono1": "944000000", "Telefono2": "944000001",
			"Fax": "944000002", "Email": "centro@example.com"})
		_, one := c.do("GET", c.url("/site/%d", site), nil)
		_, list := c.do("GET", c.url("/site"), nil)
		var inList map[string]any
		for _, s := range decode[[]map[string]any](t, list) {
			if s["UsuCentroID"] == float64(site) {
				inList = s
			}
		}
		for _, got := range []map[string]any{decode[map[string]any](t, one), inList} {
			for _, f := range []string{"NombreEs", "NombreEn", "Gps", "Pais", "Ciudad", "Cp", "Direccion", "Telefono1", "Telefono2", "Fax", "Email",
				"UsuFabricaId", "UsuCentroGUID", "siteID", "siteGUID", "factoryRef", "factoryID"} {
				if got[f] == nil {
					t.Errorf("TREE-023: no %s in %v", f, got)
				}
			}
			if got["siteID"] != float64(site) || got["siteGUID"] != got["UsuCentroGUID"] || got["factoryID"] != float64(w.a) || got["factoryRef"] != "A" {
				t.Errorf("TREE-023: %v", got)
			}
		}
	})
}

// TREE-063, TREE-093, TREE-095: a component read carries every field of the spec's component entity, its
// calculation template whole and its machine's alert device; a point read every field of the
// spec's point entity, its mounting and spectra whole and its machine's alert device; a
// component or point without them reads none.
func TestComponentAndPointEntityFields(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, _, machine, component, point := c.plant()
		calc, err := tree.AddCalculation(context.Background(), w.d, w.a, "Plantilla ISO", "ISO template")
		if err != nil {
			t.Fatal(err)
		}
		get := func(format string, id int64) map[string]any {
			_, body := c.do("GET", c.url(format, id), nil)
			return decode[map[string]any](t, body)
		}
		bare := get("/component/%d", component)
		if bare["UsuCalculoVr"] != nil || bare["EquipoAlert10"] != nil {
			t.Errorf("TREE-063 a component without template nor device: %v", bare)
		}
		alert := registerDevice(t, w.as("admin"), "alert10", "KA-1", w.a)
		if st, body := c.do("PUT", c.url("/machine/%d", machine), map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 55,
			"VelocidadVariable": false, "TiempoAprendizaje": 0, "KOSSensor": false, "EquipoAlert10": alert}); st != 200 {
			t.Fatalf("alert device: %d %s", st, body)
		}
		if st, body := c.do("PUT", c.url("/component/%d", component), map[string]any{"NombreEs": "Motor", "NombreEn": "Motor", "Potencia": "55", "VelocidadNominal": "1480",
			"Montaje": 1, "ComentarioEs": "Principal", "ComentarioEn": "Main", "UsuCalculoVrId": calc, "ParametrosDinamicos": true, "GenSubtipoComponenteId": 1,
			"Motor": map[string]any{"Marca": "ABB", "Velocidad": "1480", "Tipo": "M3", "NumeroSerie": "1"}}); st != 200 {
			t.Fatalf("component: %d %s", st, body)
		}
		cm := get("/component/%d", component)
		for _, f := range []string{"UsuComponenteID", "NombreEs", "NombreEn", "VelocidadNominal", "Potencia", "ComentarioEs", "ComentarioEn", "UsuCalculoVr", "Montaje",
			"ParametrosDinamicos", "TotalPuntos", "EquipoAlert10", "GenSubtipoComponenteId"} {
			if cm[f] == nil {
				t.Errorf("TREE-063: no %s in %v", f, cm)
			}
		}
		if tpl, _ := cm["UsuCalculoVr"].(map[string]any); cm["EquipoAlert10"] != alert || tpl["UsuCalculoVrID"] != float64(calc) || tpl["NombreEs"] != "Plantilla ISO" || tpl["NombreEn"] != "ISO template" {
			t.Errorf("TREE-063: %v", cm)
		}

		bare = get("/point/%d", point)
		if bare["EspectroBr"] != nil || bare["EspectroAr"] != nil || bare["EspectroDm"] != nil {
			t.Errorf("TREE-093 a point without spectra: %v", bare)
		}
		editor := w.as("editor")
		base := fmt.Sprintf("/api/user/%d", w.a)
		sensor := createdID(t, editor, base+"/sensor/dynamic", "UsuSensorDinamicoID", "", sensorKinds[0].valid)
		spectra := map[string]int64{}
		for _, r := range []string{"BR", "AR", "DM"} {
			spectra[r] = createdID(t, editor, base+"/spectrum", "UsuEspectroID", "", with(spectrumBR, map[string]any{"NombreEs": "Espectro " + r, "NombreEn": "Spectrum " + r, "Rango": r, "SensorDinamicoId": sensor}))
		}
		if st, body := c.do("PUT", c.url("/point/%d", point), with(bare, map[string]any{"Referencia": "R-1", "Rodamiento1": nil, "MontajeId": 3,
			"UsuEspectroBrId": spectra["BR"], "UsuEspectroArId": spectra["AR"], "UsuEspectroDmId": spectra["DM"]})); st != 200 {
			t.Fatalf("point: %d %s", st, body)
		}
		p := get("/point/%d", point)
		for _, f := range []string{"NombreEs", "NombreEn", "Referencia", "Posicion", "Vr", "Medida_V_H1_br", "Montaje", "EspectroBr", "EspectroAr", "EspectroDm",
			"EquipoAlert10", "UsuComponenteId"} {
			if p[f] == nil {
				t.Errorf("TREE-093: no %s in %v", f, p)
			}
		}
		// TREE-095: its measurement flags are the nine of BR, AR and DM; the _mg the plant's
		// point was created with is not among them.
		var measures []string
		for f := range p {
			if strings.HasPrefix(f, "Medida_") {
				measures = append(measures, f)
			}
		}
		slices.Sort(measures)
		if want := []string{"Medida_A_ar", "Medida_A_br", "Medida_A_dm", "Medida_H_H2_ar", "Medida_H_H2_br", "Medida_H_H2_dm", "Medida_V_H1_ar", "Medida_V_H1_br",
			"Medida_V_H1_dm"}; !slices.Equal(measures, want) {
			t.Errorf("TREE-095: %v", measures)
		}
		if m, _ := p["Montaje"].(map[string]any); m["GenMontajeID"] != float64(3) || p["EquipoAlert10"] != alert || p["UsuComponenteId"] != float64(component) {
			t.Errorf("TREE-093: %v", p)
		}
		for _, r := range []string{"Br", "Ar", "Dm"} {
			if s, _ := p["Espectro"+r].(map[string]any); s["UsuEspectroID"] != float64(spectra[strings.ToUpper(r)]) || s["NombreEs"] != "Espectro "+strings.ToUpper(r) || s["NombreEn"] != "Spectrum "+strings.ToUpper(r) {
				t.Errorf("TREE-093 Espectro%s: %v", r, p["Espectro"+r])
			}
		}
	})
}

// Each validation rule of the editors answers 422 on its field and changes nothing.
func TestTreeValidation(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		site, area, machine, component, point := c.plant()
		machineBody := func(over map[string]any) map[string]any {
			b := map[string]any{"NombreEs": "M", "Actualizacion": "1XESPECTRO", "VelocidadVariable": true, "Online": false, "Kw": 1, "TiempoAprendizaje": 0, "KOSSensor": false,
				"VelocidadMinima": "100", "VelocidadMaxTrabajo": "1500"}
			for k, v := range over {
				b[k] = v
			}
			return b
		}
		for _, tc := range []struct {
			req, method, path string
			body              map[string]any
			field, code       string
		}{
			{"TREE-026", "PUT", fmt.Sprintf("/site/%d", site), map[string]any{"NombreEs": " ", "Pais": "ES", "Ciudad": "X"}, "NombreEs", "required"},
			{"TREE-027", "PUT", fmt.Sprintf("/site/%d", site), map[string]any{"NombreEs": "C", "Pais": "XX", "Ciudad": "X"}, "Pais", "invalid"},
			{"TREE-028", "PUT", fmt.Sprintf("/site/%d", site), map[string]any{"NombreEs": "C", "Pais": "ES", "Ciudad": ""}, "Ciudad", "required"},
			{"TREE-030", "PUT", fmt.Sprintf("/site/%d", site), map[string]any{"NombreEs": "C", "Pais": "ES", "Ciudad": "X", "Email": "no-es-correo"}, "Email", "email"},
			{"TREE-024", "PUT", fmt.Sprintf("/site/%d", site), map[string]any{"NombreEs": "C", "Pais": "ES", "Ciudad": "X", "Gps": map[string]any{"lat": 91, "lng": 0}}, "Gps", "gps"},
			{"TREE-037", "PUT", fmt.Sprintf("/area/%d", area), map[string]any{"NombreEs": ""}, "NombreEs", "required"},
			{"MACH-074", "PUT", fmt.Sprintf("/machine/%d", machine), machineBody(map[string]any{"NombreEs": strings.Repeat("x", 101)}), "NombreEs", "max_length"},
			{"MACH-017", "PUT", fmt.Sprintf("/machine/%d", machine), machineBody(map[string]any{"Actualizacion": "OTRA"}), "Actualizacion", "invalid"},
			{"MACH-075", "PUT", fmt.Sprintf("/machine/%d", machine), machineBody(map[string]any{"VelocidadMaxTrabajo": "0.002"}), "VelocidadMaxTrabajo", "min_value"},
			{"MACH-076", "PUT", fmt.Sprintf("/machine/%d", machine), machineBody(map[string]any{"VelocidadMaxTrabajo": "90"}), "VelocidadMaxTrabajo", "greater_than_min_speed"},
			{"MACH-082", "PUT", fmt.Sprintf("/machine/%d", machine), machineBody(map[string]any{"VelocidadMinima": "abc"}), "VelocidadMinima", "decimal"},
			{"MACH-077", "PUT", fmt.Sprintf("/machine/%d", machine), machineBody(map[string]any{"AmplitudMinima1x": "0.0001"}), "AmplitudMinima1x", "decimal"},
			{"MACH-078", "PUT", fmt.Sprintf("/machine/%d", machine), machineBody(map[string]any{"AmplitudMinima1x": "0"}), "AmplitudMinima1x", "min_value"},
			{"MACH-079", "PUT", fmt.Sprintf("/machine/%d", machine), machineBody(map[string]any{"Kw": 1_000_000_000}), "Kw", "range"},
			{"MACH-070", "PUT", fmt.Sprintf("/machine/%d", machine), machineBody(map[string]any{"TiempoAprendizaje": -1}), "TiempoAprendizaje", "range"},
			{"TREE-069", "PUT", fmt.Sprintf("/component/%d", component), map[string]any{"NombreEs": "", "Montaje": 1}, "NombreEs", "required"},
			{"TREE-070", "PUT", fmt.Sprintf("/component/%d", component), map[string]any{"NombreEs": "C", "Montaje": 1, "Potencia": "1234567"}, "Potencia", "decimal"},
			{"TREE-070", "PUT", fmt.Sprintf("/component/%d", component), map[string]any{"NombreEs": "C", "Montaje": 1, "Potencia": "1.234"}, "Potencia", "decimal"},
			{"TREE-072", "PUT", fmt.Sprintf("/component/%d", component), map[string]any{"NombreEs": "C", "Montaje": 1, "VelocidadNominal": "12345678"}, "VelocidadNominal", "decimal"},
			{"TREE-074", "PUT", fmt.Sprintf("/component/%d", component), map[string]any{"NombreEs": "C"}, "Montaje", "required"},
			{"TREE-068", "PUT", fmt.Sprintf("/component/%d", component), map[string]any{"NombreEs": "C", "Montaje": 1, "GenSubtipoComponenteId": 1, "Motor": map[string]any{"Marca": "ABB", "Velocidad": "1480", "Tipo": "M3"}}, "Motor.NumeroSerie", "required"},
			{"TREE-120", "PUT", fmt.Sprintf("/point/%d", point), map[string]any{"NombreEs": "", "Posicion": 1}, "NombreEs", "required"},
			{"TREE-121", "PUT", fmt.Sprintf("/point/%d", point), map[string]any{"NombreEs": "P", "Posicion": 256}, "Posicion", "range"},
			{"TREE-121", "PUT", fmt.Sprintf("/point/%d", point), map[string]any{"NombreEs": "P", "Posicion": 0}, "Posicion", "range"},
			{"TREE-122", "PUT", fmt.Sprintf("/point/%d", point), map[string]any{"NombreEs": "P", "Posicion": 1, "Vr": "123456"}, "Vr", "decimal"},
			{"TREE-123", "PUT", fmt.Sprintf("/point/%d", point), map[string]any{"NombreEs": "P", "Posicion": 1, "Vr": "0.000001"}, "Vr", "decimal"},
			{"TREE-123", "PUT", fmt.Sprintf("/point/%d", point), map[string]any{"NombreEs": "P", "Posicion": 1, "Vr": "0"}, "Vr", "min_value"},
			{"TREE-111", "PUT", fmt.Sprintf("/point/%d", point), map[string]any{"NombreEs": "P", "Posicion": 1, "MontajeId": 8}, "MontajeId", "invalid"},
		} {
			_, before := c.do("GET", c.url("%s", tc.path), nil)
			st, body := c.do(tc.method, c.url("%s", tc.path), tc.body)
			if st != 422 {
				t.Errorf("%s %s %v: %d %s, want 422", tc.req, tc.path, tc.body, st, body)
				continue
			}
			e := errorsOf(t, body)[0]
			if e["field"] != tc.field || e["code"] != tc.code || e["message"] == "" {
				t.Errorf("%s %s: got %v, want %s %s", tc.req, tc.path, errorsOf(t, body), tc.field, tc.code)
			}
			if _, after := c.do("GET", c.url("%s", tc.path), nil); string(after) != string(before) {
				t.Errorf("%s: a refused edit changed the node", tc.req)
			}
		}
	})
}

// Saved values come back normalized: both names from the one entered (TREE-038), decimals
// with their fixed decimals and comma accepted (TREE-032 style), Pais defaulting to ES
// (TREE-025), fields the update mode does not use cleared (MACH rules, decision 14).
func TestTreeSaveNormalizes(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		site, area, machine, component, _ := c.plant()

		st, body := c.do("PUT", c.url("/site/%d", site), map[string]any{"NombreEs": " Centro Norte ", "Ciudad": "Bilbao", "Pais": "", "Gps": map[string]any{"lat": 43.26, "lng": -2.93}})
		s := decode[tree.Site](t, body)
		if st != 200 || s.NombreEn != "Centro Norte" || s.Pais != "ES" || s.Gps == nil || s.Gps.Lat != 43.26 || s.UsuCentroGUID == "" {
			t.Errorf("TREE-025 site: %d %s", st, body)
		}
		_, body = c.do("PUT", c.url("/area/%d", area), map[string]any{"NombreEs": "Bombeo 2"})
		if a := decode[tree.Area](t, body); a.NombreEs != "Bombeo 2" || a.NombreEn != "Bombeo 2" {
			t.Errorf("TREE-038: %s", body)
		}
		_, body = c.do("PUT", c.url("/machine/%d", machine), map[string]any{"NombreEs": "Bomba", "Actualizacion": "DESCONOCIDO", "VelocidadVariable": true,
			"VelocidadMinima": "100", "AmplitudMinima1x": "1", "VelocidadMaxTrabajo": "1480,5", "Online": false, "Kw": 0, "TiempoAprendizaje": 30, "KOSSensor": false})
		m := decode[tree.Machine](t, body)
		// MACH-083, MACH-084: decimals as strings with 3 decimals; unused fields null.
		if m.VelocidadMinima != nil || m.AmplitudMinima1x != nil || m.VelocidadVariable || *m.VelocidadMaxTrabajo != "1480.500" || m.TiempoAprendizaje != 30 {
			t.Errorf("DESCONOCIDO machine: %s", body)
		}
		_, body = c.do("PUT", c.url("/component/%d", component), map[string]any{"NombreEs": "Motor", "Montaje": 2, "Potencia": "-5,5", "VelocidadNominal": "1480",
			"ParametrosDinamicos": true, "GenSubtipoComponenteId": 2, "Motor": map[string]any{"Marca": "ABB", "Velocidad": "1480", "Tipo": "M3", "NumeroSerie": "1", "TensionRotor": "400", "TensionInducido": "200"}})
		comp := decode[tree.Component](t, body)
		// TREE-066: a wound-rotor motor keeps its rotor fields; TREE-067's DC fields are dropped.
		if *comp.Potencia != "-5.50" || *comp.VelocidadNominal != "1480.000" || comp.Motor == nil || comp.Motor.TensionRotor != "400" || comp.Motor.TensionInducido != "" || comp.TotalPuntos != 1 || !comp.ParametrosDinamicos {
			t.Errorf("TREE-066 component: %s", body)
		}
		// Empty values may be sent as null (docs/API.md).
		st, body = c.do("PUT", c.url("/component/%d", component), map[string]any{"NombreEs": "Bomba", "Montaje": 1, "Potencia": nil, "UsuCalculoVrId": nil, "GenSubtipoComponenteId": 4, "Motor": map[string]any{"Marca": "X"}})
		if c := decode[tree.Component](t, body); st != 200 || c.Potencia != nil || c.ParametrosDinamicos {
			t.Errorf("null fields: %d %s", st, body)
		}
		if decode[tree.Component](t, body).Motor != nil {
			t.Errorf("a component that is no motor keeps no motor: %s", body)
		}
	})
}

// TREE-075, MSG-041: a point cannot be created under a component without mounting.
func TestPointNeedsMounting(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, _, _, component, _ := c.plant()
		if _, err := w.d.Exec(`UPDATE componentes SET montaje = NULL WHERE id = $1`, component); err != nil {
			t.Fatal(err)
		}
		st, body := c.do("POST", c.url("/component/%d/point", component), map[string]any{"NombreEs": "P", "Posicion": 2})
		if e := errorsOf(t, body)[0]; st != 400 || e["code"] != "no_mounting" || e["message"] != "No es posible crear un punto si el componente no tiene asignado un montaje." {
			t.Errorf("%d %s", st, body)
		}
	})
}

// Copy/paste at every level deep-copies the subtree in one transaction (TREE-081: a pasted
// point keeps its fields); a machine pastes into another factory of the user (TREE-047) but
// not from a factory the user does not belong to; deleting a node deletes its subtree.
func TestPasteAndDelete(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("admin", w.a)
		site, area, machine, component, point := c.plant()
		count := func(table string) (n int) {
			_ = w.d.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&n)
			return n
		}

		st, body := c.do("POST", c.url("/component/%d/paste", component), map[string]any{"UsuPuntoVibracionID": point})
		p := decode[tree.Point](t, body)
		if st != 201 || p.UsuPuntoVibracionID == point || p.NombreEs != "LOA" || *p.Vr != "1.00000" || *p.MontajeId != 1 || !p.VH1Br || p.HH2Br {
			t.Errorf("TREE-081 paste point: %d %s", st, body)
		}
		if st, body := c.do("POST", c.url("/machine/%d/paste", machine), map[string]any{"UsuComponenteID": component}); st != 201 || decode[tree.Component](t, body).TotalPuntos != 2 {
			t.Errorf("paste component: %d %s", st, body)
		}
		if st, _ := c.do("POST", c.url("/area/%d/paste", area), map[string]any{"UsuMaquinaID": machine}); st != 201 {
			t.Errorf("paste machine: %d", st)
		}
		// API-008: an area pasted into a site, its whole subtree with it (counted below).
		if st, _ := c.do("POST", c.url("/site/%d/paste", site), map[string]any{"UsuAreaID": area}); st != 201 {
			t.Errorf("paste area: %d", st)
		}
		// Each paste doubles what it copies: the point (2), the component (4 points in the machine),
		// the machine (8 in the area), the area (16).
		if a, m, pt := count("areas"), count("maquinas"), count("puntos"); a != 2 || m != 4 || pt != 16 {
			t.Errorf("after pastes: %d areas, %d machines, %d points", a, m, pt)
		}

		// TREE-047: a machine of factory A pasted into an area of factory B.
		cb := &treeClient{client: c.client, t: t, f: w.b}
		siteB := cb.create("/site", "UsuCentroID", map[string]any{"NombreEs": "Centro B", "Pais": "ES", "Ciudad": "Vigo"})
		areaB := cb.create(fmt.Sprintf("/site/%d/area", siteB), "UsuAreaID", map[string]any{"NombreEs": "Área B"})
		st, body = cb.do("POST", cb.url("/area/%d/paste", areaB), map[string]any{"UsuMaquinaID": machine, "UsuFabricaID": w.a})
		if st != 201 {
			t.Fatalf("cross-factory paste: %d %s", st, body)
		}
		var inB int
		_ = w.d.QueryRow(`SELECT COUNT(*) FROM puntos WHERE fabrica_id = $1`, w.b).Scan(&inB)
		if inB != 4 {
			t.Errorf("the copy in factory B has %d points, want 4", inB)
		}
		// A point goes only where its mounting suits the component: a copy is refused as the
		// point would be, and nothing is pasted.
		vertical := c.create(fmt.Sprintf("/machine/%d/component", machine), "UsuComponenteID", map[string]any{"NombreEs": "Vertical", "Montaje": 2})
		before := count("puntos")
		if st, body := c.do("POST", c.url("/component/%d/paste", vertical), map[string]any{"UsuPuntoVibracionID": point}); st != 422 || !strings.Contains(string(body), `"field":"MontajeId"`) {
			t.Errorf("a horizontal point pasted into a vertical component: %d %s, want 422 on MontajeId", st, body)
		}
		if n := count("puntos"); n != before {
			t.Errorf("a refused paste left %d points, want %d", n, before)
		}
		// An editor of B only cannot take A's machine, nor paste into A.
		other := w.treeAs("editorb", w.b)
		if st, _ := other.do("POST", other.url("/area/%d/paste", areaB), map[string]any{"UsuMaquinaID": machine, "UsuFabricaID": w.a}); st != 404 {
			t.Errorf("paste from a foreign factory: %d, want 404", st)
		}
		if st, _ := other.do("POST", other.url("/area/%d/paste", areaB), map[string]any{"UsuMaquinaID": machine}); st != 404 {
			t.Errorf("paste of a node of another factory: %d, want 404", st)
		}

		// Deleting the site deletes everything below it, answering true.
		st, body = c.do("DELETE", c.url("/site/%d", site), nil)
		if st != 200 || strings.TrimSpace(string(body)) != "true" {
			t.Errorf("delete site: %d %s", st, body)
		}
		var left int
		_ = w.d.QueryRow(`SELECT COUNT(*) FROM puntos WHERE fabrica_id = $1`, w.a).Scan(&left)
		if left != 0 || count("areas") != 1 {
			t.Errorf("subtree left behind: %d points of A, %d areas", left, count("areas"))
		}
		if st, _ := c.do("GET", c.url("/machine/%d", machine), nil); st != 404 {
			t.Errorf("deleted machine: %d", st)
		}
	})
}

// Another factory's nodes answer 404 on every call, whatever the level.
func TestTreeNodesOfAnotherFactory(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		a := w.treeAs("editor", w.a)
		site, area, machine, component, point := a.plant()
		b := w.treeAs("editorb", w.b)
		for _, path := range []string{fmt.Sprintf("/site/%d", site), fmt.Sprintf("/area/%d", area), fmt.Sprintf("/machine/%d", machine),
			fmt.Sprintf("/component/%d", component), fmt.Sprintf("/point/%d", point)} {
			for _, method := range []string{"GET", "PUT", "DELETE"} {
				if st, _ := b.do(method, b.url("%s", path), map[string]any{"NombreEs": "x"}); st != 404 && st != 422 {
					t.Errorf("%s %s of another factory: %d", method, path, st)
				}
			}
		}
		if st, _ := b.do("POST", b.url("/area/%d/machine", area), map[string]any{"NombreEs": "x", "Actualizacion": "OFF", "VelocidadVariable": false, "Online": false, "Kw": 0, "TiempoAprendizaje": 0, "KOSSensor": false}); st != 404 {
			t.Errorf("create under another factory's area: %d", st)
		}
		if st, _ := b.do("GET", b.url("/tree/children?Tipo=area&ID=%d", area), nil); st != 404 {
			t.Errorf("children of another factory's area: %d", st)
		}
		if st, body := b.do("GET", b.url("/tree/search?q=Bomba"), nil); st != 200 || strings.TrimSpace(string(body)) != "[]" {
			t.Errorf("search sees another factory: %d %s", st, body)
		}
	})
}

// The side-bar reads level by level, sorted by name (by English name when the language is
// not Spanish, I18N-004), and the search finds any node with its path (TREE-013's tree).
func TestTreeChildrenAndSearch(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		site, area, _, component, _ := c.plant()
		c.create(fmt.Sprintf("/area/%d/machine", area), "UsuMaquinaID", map[string]any{"NombreEs": "Ventilador", "NombreEn": "A fan", "Actualizacion": "OFF", "VelocidadVariable": false, "Online": false, "Kw": 0, "TiempoAprendizaje": 0, "KOSSensor": false})

		st, body := c.do("GET", c.url("/tree/children?Tipo=factory&ID=%d", w.a), nil)
		if nodes := decode[[]tree.Node](t, body); st != 200 || len(nodes) != 1 || nodes[0].ID != site || !nodes[0].Hijos || nodes[0].Tipo != "site" {
			t.Errorf("sites: %d %s", st, body)
		}
		_, body = c.do("GET", c.url("/tree/children?Tipo=area&ID=%d", area), nil)
		if nodes := decode[[]tree.Node](t, body); len(nodes) != 2 || nodes[0].Nombre != "Bomba P-1" || nodes[1].Hijos {
			t.Errorf("machines in Spanish order: %s", body)
		}
		c.header.Set("Accept-Language", "en")
		c.do("PUT", "/api/auth/me", map[string]string{"Idioma": "en"})
		_, body = c.do("GET", c.url("/tree/children?Tipo=area&ID=%d", area), nil)
		if nodes := decode[[]tree.Node](t, body); len(nodes) != 2 || nodes[0].Nombre != "A fan" {
			t.Errorf("I18N-004 machines by English name: %s", body)
		}
		c.do("PUT", "/api/auth/me", map[string]string{"Idioma": "es"})
		_, body = c.do("GET", c.url("/tree/children?Tipo=machine&ID=%d", 0), nil)
		if st, _ := c.do("GET", c.url("/tree/children?Tipo=machine&ID=0"), nil); st != 404 {
			t.Errorf("children of a missing machine: %d %s", st, body)
		}
		_, body = c.do("GET", c.url("/tree/children?Tipo=component&ID=%d", component), nil)
		if nodes := decode[[]tree.Node](t, body); len(nodes) != 1 || nodes[0].Tipo != "point" || nodes[0].Hijos {
			t.Errorf("points: %s", body)
		}

		_, body = c.do("GET", c.url("/tree/search?q=loa"), nil)
		found := decode[[]tree.Found](t, body)
		if len(found) != 1 || found[0].Tipo != "point" || len(found[0].Ruta) != 5 || found[0].Ruta[0].ID != site || found[0].Ruta[4].Nombre != "LOA" || found[0].Ruta[2].Tipo != "machine" {
			t.Errorf("search: %s", body)
		}
		c.create(fmt.Sprintf("/site/%d/area", site), "UsuAreaID", map[string]any{"NombreEs": "Área Norte"})
		_, body = c.do("GET", c.url("/tree/search?q=AREA%%20n"), nil)
		if found := decode[[]tree.Found](t, body); len(found) != 1 || found[0].Nombre != "Área Norte" || len(found[0].Ruta) != 2 {
			t.Errorf("search ignores case and accents: %s", body)
		}
		_, body = c.do("GET", c.url("/tree/search?q=%%25"), nil)
		if strings.TrimSpace(string(body)) != "[]" {
			t.Errorf("a %% in the text is literal: %s", body)
		}
	})
}

// The tree calls of spec §7 answer as it says: get and edit with their payloads, deletes
// answering true, pastes with their id payloads, the calculation templates list.
func TestTreeCallsAnswerAsSpecified(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		site, area, machine, component, point := c.plant()
		calc, err := tree.AddCalculation(context.Background(), w.d, w.a, "Plantilla ISO", "ISO template")
		if err != nil {
			t.Fatal(err)
		}
		get := func(path string) map[string]any {
			st, body := c.do("GET", c.url("%s", path), nil)
			if st != 200 {
				t.Fatalf("GET %s: %d %s", path, st, body)
			}
			return decode[map[string]any](t, body)
		}
		// API-005, API-006: the site by id and its edit payload.
		st, body := c.do("PUT", c.url("/site/%d", site), map[string]any{"NombreEs": "Centro", "NombreEn": "Site", "Gps": map[string]any{"lat": 40.4, "lng": -3.7},
			"Pais": "PT", "Ciudad": "Porto", "Cp": "4000-001", "Direccion": "Rua 1", "Telefono1": "1", "Telefono2": "2", "Fax": "3", "Email": "a@b.pt", "UsuFabricaId": 999})
		if s := get(fmt.Sprintf("/site/%d", site)); st != 200 || s["NombreEn"] != "Site" || s["Cp"] != "4000-001" || s["Email"] != "a@b.pt" || s["UsuFabricaId"] != float64(w.a) {
			t.Errorf("API-006 site: %d %s / %v", st, body, s)
		}
		// API-010: area get, add, edit (API-011's delete comes last).
		if a := get(fmt.Sprintf("/area/%d", area)); a["UsuCentroID"] != float64(site) {
			t.Errorf("API-010 area: %v", a)
		}
		// API-012, API-013: machine get and edit payload, with the calculation template (API-023).
		_, body = c.do("GET", c.url("/calculation"), nil)
		if list := decode[[]tree.Calculation](t, body); len(list) != 1 || list[0].UsuCalculoVrID != calc {
			t.Errorf("API-023 calculation templates: %s", body)
		}
		machineBody := map[string]any{"NombreEs": "Bomba", "NombreEn": "Pump", "VelocidadVariable": true, "AmplitudMinima1x": "0.5",
			"VelocidadMinima": "100", "VelocidadMaxTrabajo": "2975", "Online": false, "Kw": 55, "ExplicacionEs": "Impulsión", "UsuCalculoVrId": calc,
			"Actualizacion": "VELOCIDADNOMINAL", "Anclaje": 2, "TiempoAprendizaje": 0, "KOSSensor": false, "AsociacionesMaquinaId": 41}
		// AUTH-006: Cálculo VA is ADMIN's; an editor's save keeps the machine's.
		st, body = c.do("PUT", c.url("/machine/%d", machine), machineBody)
		if m := get(fmt.Sprintf("/machine/%d", machine)); st != 200 || m["UsuCalculoVrId"] != nil || m["Anclaje"] != float64(2) || m["ExplicacionEn"] != "Impulsión" ||
			m["AsociacionesMaquinaId"] != float64(41) {
			t.Errorf("API-013 machine: %d %s / %v", st, body, m)
		}
		// MACH-018: the anchoring is identified by the id of its option in the enums' Anclaje list.
		var anchoring []string
		for _, o := range get("/enums")["Anclaje"].([]any) {
			anchoring = append(anchoring, o.(map[string]any)["id"].(string))
		}
		if !slices.Equal(anchoring, []string{"1", "2", "3"}) {
			t.Errorf("MACH-018 anchoring options: %v", anchoring)
		}
		st, body = w.as("admin").do("PUT", c.url("/machine/%d", machine), machineBody)
		if m := get(fmt.Sprintf("/machine/%d", machine)); st != 200 || m["UsuCalculoVrId"] != float64(calc) {
			t.Errorf("AUTH-006 admin sets Cálculo VA: %d %s / %v", st, body, m)
		}
		// API-020, API-021: component get and edit payload.
		st, _ = c.do("PUT", c.url("/component/%d", component), map[string]any{"NombreEs": "Motor", "Potencia": "55", "VelocidadNominal": "2975", "Montaje": 1,
			"ComentarioEs": "Motor principal", "UsuCalculoVrId": calc, "GenSubtipoComponenteId": 3, "Motor": map[string]any{"Marca": "WEG", "Velocidad": "2975", "Tipo": "DC", "NumeroSerie": "7", "TensionInducido": "440"}})
		if cm := get(fmt.Sprintf("/component/%d", component)); st != 200 || cm["Motor"].(map[string]any)["TensionInducido"] != "440" || cm["UsuCalculoVrId"] != float64(calc) {
			t.Errorf("API-021 component: %d %v", st, cm)
		}
		// API-025, API-026: point get and edit payload.
		st, _ = c.do("PUT", c.url("/point/%d", point), map[string]any{"NombreEs": "LA", "Referencia": "R-1", "Posicion": 2, "Vr": "0,5", "MontajeId": 3, "Medida_H_H2_dm": true})
		if p := get(fmt.Sprintf("/point/%d", point)); st != 200 || p["Referencia"] != "R-1" || p["Vr"] != "0.50000" || p["Medida_H_H2_dm"] != true || p["Medida_V_H1_br"] != false {
			t.Errorf("API-026 point: %d %v", st, p)
		}
		// API-015, API-009: pastes name the copied node by its id field.
		if st, _ := c.do("POST", c.url("/machine/%d/paste", machine), map[string]any{"UsuComponenteID": component}); st != 201 {
			t.Errorf("API-015 paste component: %d", st)
		}
		// The copy of a machine has none of its route association (MACH-085).
		if st, body := c.do("POST", c.url("/area/%d/paste", area), map[string]any{"UsuMaquinaID": machine}); st != 201 ||
			get(fmt.Sprintf("/machine/%v", decode[map[string]any](t, body)["UsuMaquinaID"]))["AsociacionesMaquinaId"] != nil {
			t.Errorf("API-009 paste machine: %d %s", st, body)
		}
		if st, body := c.do("POST", c.url("/area/%d/paste", area), map[string]any{}); st != 422 || errorsOf(t, body)[0]["field"] != "UsuMaquinaID" {
			t.Errorf("paste without an id: %d %s", st, body)
		}
		// API-028, API-022, API-011: deletes answer true.
		for _, path := range []string{fmt.Sprintf("/point/%d", point), fmt.Sprintf("/component/%d", component), fmt.Sprintf("/machine/%d", machine), fmt.Sprintf("/area/%d", area)} {
			if st, body := c.do("DELETE", c.url("%s", path), nil); st != 200 || strings.TrimSpace(string(body)) != "true" {
				t.Errorf("API-028/API-022/API-011 DELETE %s: %d %s", path, st, body)
			}
		}
	})
}

// What the copy warning promises (the warning itself, TREE-049, is the e2e's): a machine with a
// criterion is pasted with its VCV and VCP associations (alert device, digital sensor and VCP
// alike) and their reference values; without a criterion they stay behind.
func TestPastedMachineBringsItsAssociations(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		// associations lists a machine's associations with their reference rows, by the names of
		// their component and point, so that a source and its copy compare equal.
		associations := func(machine int64) []string {
			rows, err := p.d.Query(`SELECT a.tipo, a.item_id, c.nombre_es, pt.nombre_es, v.condicion_id, v.v_h1_aviso, v.v_h1_alarma, v.v_h1_peligro,
				v.a_aviso, v.temperatura_peligro FROM asociaciones a JOIN puntos pt ON pt.id = a.punto_id JOIN componentes c ON c.id = pt.parent_id
				LEFT JOIN valores_referencia v ON v.asociacion_id = a.id WHERE a.maquina_id = $1
				ORDER BY a.tipo, a.item_id, c.nombre_es, pt.nombre_es, v.condicion_id`, machine)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var out []string
			for rows.Next() {
				var tipo, component, point string
				var item int64
				var cond, h1w, h1a, h1d, aw, td *int64
				if err := rows.Scan(&tipo, &item, &component, &point, &cond, &h1w, &h1a, &h1d, &aw, &td); err != nil {
					t.Fatal(err)
				}
				show := func(v *int64) string {
					if v == nil {
						return "-"
					}
					return fmt.Sprint(*v)
				}
				out = append(out, strings.Join([]string{tipo, fmt.Sprint(item), component, point, show(cond), show(h1w), show(h1a), show(h1d), show(aw), show(td)}, " "))
			}
			return out
		}
		paste := func(machine int64) int64 {
			var area int64
			if err := p.d.QueryRow(`SELECT parent_id FROM maquinas WHERE id = $1`, machine).Scan(&area); err != nil {
				t.Fatal(err)
			}
			st, body := p.signedIn.do("POST", p.url("/area/%d/paste", area), map[string]any{"UsuMaquinaID": machine})
			if st != 201 {
				t.Fatalf("paste: %d %s", st, body)
			}
			return int64(decode[map[string]any](t, body)["UsuMaquinaID"].(float64))
		}
		// Into another factory, the online pump leaves its criterion behind, and with it its
		// associations: it arrives offline, as a machine without a criterion must be.
		other := p.treeAs("admin", p.a)
		site := other.create("/site", "UsuCentroID", map[string]any{"NombreEs": "Centro", "Pais": "ES", "Ciudad": "Bilbao"})
		area := other.create(fmt.Sprintf("/site/%d/area", site), "UsuAreaID", map[string]any{"NombreEs": "Bombeo"})
		st, body := other.do("POST", other.url("/area/%d/paste", area), map[string]any{"UsuMaquinaID": p.machine, "UsuFabricaID": p.factory})
		if copied := decode[tree.Machine](t, body); st != 201 || copied.Online || copied.CriterioId != nil || len(associations(copied.UsuMaquinaID)) != 0 {
			t.Errorf("the online pump pasted into another factory: %d %s; want it offline, without criterion or associations", st, body)
		}
		// An editor copies a machine whose criterion ADMIN chose shorter than an editor may choose
		// (the demo's KOS Sensor mill): the copy keeps it, as it keeps the rest.
		if _, err := p.d.Exec(`INSERT INTO usuario_fabricas (usuario_id, fabrica_id) VALUES ($1, $2)`, p.users["editor"].UsuarioID, p.factory); err != nil {
			t.Fatal(err)
		}
		var mill, millArea int64
		if err := p.d.QueryRow(`SELECT id, parent_id FROM maquinas WHERE fabrica_id = $1 AND nombre_es = $2`, p.factory, "Molino M-401").Scan(&mill, &millArea); err != nil {
			t.Fatal(err)
		}
		if st, body := p.as("editor").do("POST", p.url("/area/%d/paste", millArea), map[string]any{"UsuMaquinaID": mill}); st != 201 {
			t.Errorf("an editor's copy of a machine of a short criterion: %d %s", st, body)
		}
		// The pump carries alert-device VCVs; the plant's KOS Sensor machine digital VCVs and a VCP.
		kinds := map[string]bool{}
		valued := false
		for _, machine := range []int64{p.machine, p.assoc["mpvp"].machine} {
			source := associations(machine)
			for _, row := range source {
				kinds[strings.Fields(row)[0]] = true
				valued = valued || !strings.HasSuffix(row, "- - - - -")
			}
			if got := associations(paste(machine)); len(source) == 0 || strings.Join(got, "\n") != strings.Join(source, "\n") {
				t.Errorf("the copy's associations:\n%s\nwant the source's:\n%s", strings.Join(got, "\n"), strings.Join(source, "\n"))
			}
			// Online, a machine needs its criterion: without one it is offline.
			if _, err := p.d.Exec(`UPDATE maquinas SET criterio_id = NULL, online = $2 WHERE id = $1`, machine, false); err != nil {
				t.Fatal(err)
			}
			if got := associations(paste(machine)); len(got) != 0 {
				t.Errorf("a machine without a criterion pasted with %d associations", len(got))
			}
		}
		if len(kinds) != 3 || !valued {
			t.Errorf("the pasted machines had associations of kinds %v (want MPV, MPVD, MPVP), some with values: %v", kinds, valued)
		}
	})
}

// The tree editors' option lists, and a machine's anchoring and a component's mounting taken
// from them only.
func TestTreeOptions(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, body := c.do("GET", c.url("/enums"), nil)
		enums := decode[map[string][]map[string]any](t, body)
		// TREE-059: the mountings are 1 Horizontal and 2 Vertical.
		var mountings []string
		for _, o := range enums["Montaje"] {
			mountings = append(mountings, fmt.Sprint(o["id"], " ", o["nameSPA"]))
		}
		if strings.Join(mountings, ", ") != "1 Horizontal, 2 Vertical" {
			t.Errorf("TREE-059 mountings: %v", mountings)
		}
		// I18N-005: update modes and anchorings carry id, nameSPA and nameENG.
		for _, list := range []string{"Actualizacion", "Anclaje"} {
			for _, o := range enums[list] {
				if o["id"] == "" || o["nameSPA"] == "" || o["nameENG"] == "" || o["id"] == nil || o["nameSPA"] == nil || o["nameENG"] == nil {
					t.Errorf("I18N-005 %s option %v", list, o)
				}
			}
			if len(enums[list]) == 0 {
				t.Errorf("I18N-005 %s is empty", list)
			}
		}

		_, _, machine, component, _ := c.plant()
		machineBody := map[string]any{"NombreEs": "Bomba", "Actualizacion": "VCOV", "VelocidadVariable": false, "Online": false, "Kw": 55, "TiempoAprendizaje": 0, "KOSSensor": false}
		// MACH-011: the anchoring is one of the list's.
		for _, o := range enums["Anclaje"] {
			id, _ := strconv.Atoi(fmt.Sprint(o["id"]))
			if st, body := c.do("PUT", c.url("/machine/%d", machine), with(machineBody, map[string]any{"Anclaje": id})); st != 200 {
				t.Errorf("MACH-011 anchoring %d: %d %s", id, st, body)
			}
		}
		if st, body := c.do("PUT", c.url("/machine/%d", machine), with(machineBody, map[string]any{"Anclaje": len(enums["Anclaje"]) + 1})); st != 422 || errorsOf(t, body)[0]["field"] != "Anclaje" {
			t.Errorf("MACH-011 an anchoring outside the list: %d %s", st, body)
		}
		if st, body := c.do("PUT", c.url("/component/%d", component), map[string]any{"NombreEs": "Motor", "Montaje": 3}); st != 422 || errorsOf(t, body)[0]["field"] != "Montaje" {
			t.Errorf("TREE-059 a mounting outside the list: %d %s", st, body)
		}
	})
}

// The tree calls of S1 §7 whose paths the spec does not show, at ours: the area copy into a
// site named by its GUID, the machine edit with no learning time, the criteria and the
// calculation templates, a point added from a copy of another's fields.
func TestTreeCallsWithoutPathsInSpec(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		site, area, machine, component, point := c.plant()
		get := func(path string) map[string]any {
			t.Helper()
			st, body := c.do("GET", c.url("%s", path), nil)
			if st != 200 {
				t.Fatalf("GET %s: %d %s", path, st, body)
			}
			return decode[map[string]any](t, body)
		}
		count := func(query string, args ...any) (n int) {
			t.Helper()
			if err := w.d.QueryRow(query, args...).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}

		// API-007: the area copy carries the factory and the area (its path) and the GUID of
		// the site that receives it; the copy brings everything below the area.
		target := c.create("/site", "UsuCentroID", map[string]any{"NombreEs": "Centro 2", "Pais": "ES", "Ciudad": "Vigo"})
		guid := get(fmt.Sprintf("/site/%d", target))["UsuCentroGUID"]
		st, body := c.do("POST", c.url("/area/%d/copytosite", area), map[string]any{"siteGUID": guid})
		copied := decode[map[string]any](t, body)
		if st != 201 || copied["UsuCentroID"] != float64(target) || copied["NombreEs"] != "Bombeo" || copied["UsuAreaID"] == float64(area) {
			t.Errorf("API-007 copy the area into the site of the GUID: %d %s", st, body)
		}
		if n := count(`SELECT COUNT(*) FROM puntos p JOIN componentes c ON c.id = p.parent_id JOIN maquinas m ON m.id = c.parent_id WHERE m.parent_id = $1`, copied["UsuAreaID"]); n != 1 {
			t.Errorf("API-007 the copy holds %d points, want 1", n)
		}
		if st, body := c.do("POST", c.url("/area/%d/copytosite", area), map[string]any{}); st != 422 || errorsOf(t, body)[0]["field"] != "siteGUID" {
			t.Errorf("API-007 copy without a site: %d %s", st, body)
		}
		cb := w.treeAs("editorb", w.b)
		siteB := cb.create("/site", "UsuCentroID", map[string]any{"NombreEs": "Centro B", "Pais": "ES", "Ciudad": "Lugo"})
		_, body = cb.do("GET", cb.url("/site/%d", siteB), nil)
		if st, _ := c.do("POST", c.url("/area/%d/copytosite", area), map[string]any{"siteGUID": decode[map[string]any](t, body)["UsuCentroGUID"]}); st != 404 {
			t.Errorf("API-007 copy into another factory's site: %d", st)
		}
		if st, _ := cb.do("POST", cb.url("/area/%d/copytosite", area), map[string]any{"siteGUID": guid}); st != 404 {
			t.Errorf("API-007 another factory's editor copies the area: %d", st)
		}
		if n := count(`SELECT COUNT(*) FROM areas WHERE parent_id = $1`, site); n != 1 {
			t.Errorf("the copied area's own site holds %d areas", n)
		}

		// API-014: the shown machine edit sends TiempoAprendizaje 0, taken as sent (no learning
		// time), not as "unchanged".
		m := get(fmt.Sprintf("/machine/%d", machine))
		m["TiempoAprendizaje"] = 168
		if st, body := c.do("PUT", c.url("/machine/%d", machine), m); st != 200 || decode[map[string]any](t, body)["TiempoAprendizaje"] != float64(168) {
			t.Fatalf("learning time: %d %s", st, body)
		}
		m["TiempoAprendizaje"] = 0
		st, body = c.do("PUT", c.url("/machine/%d", machine), m)
		if st != 200 || decode[map[string]any](t, body)["TiempoAprendizaje"] != float64(0) || get(fmt.Sprintf("/machine/%d", machine))["TiempoAprendizaje"] != float64(0) {
			t.Errorf("API-014 the machine edit with TiempoAprendizaje 0: %d %s", st, body)
		}

		// API-016: the criteria list and one criterion; the calculation templates list and one
		// (the factory's own and the shared ones; another factory's is not found).
		admin := w.as("admin")
		crit := createdID(t, admin, c.url("/criterion"), "UsuCriterioID", "", with(operatingKinds()[1].valid, criterionWith(t, admin, c.url(""))))
		_, body = c.do("GET", c.url("/criterion"), nil)
		var names []string
		for _, cr := range decode[[]map[string]any](t, body) {
			names = append(names, fmt.Sprint(cr["NombreEs"]))
		}
		if !sameItems(names, []string{"Desconocido", operatingKinds()[1].valid["NombreEs"].(string)}) {
			t.Errorf("API-016 criteria: %v", names)
		}
		if cr := get(fmt.Sprintf("/criterion/%d", crit)); cr["UsuCriterioID"] != float64(crit) || len(cr["Condiciones"].([]any)) != 2 {
			t.Errorf("API-016 one criterion: %v", cr)
		}
		own, err := tree.AddCalculation(context.Background(), w.d, w.a, "Plantilla A", "Template A")
		if err != nil {
			t.Fatal(err)
		}
		shared, _ := tree.AddCalculation(context.Background(), w.d, 0, "Plantilla común", "Shared template")
		foreign, _ := tree.AddCalculation(context.Background(), w.d, w.b, "Plantilla B", "Template B")
		_, body = c.do("GET", c.url("/calculation"), nil)
		if list := decode[[]tree.Calculation](t, body); len(list) != 2 || list[0].UsuCalculoVrID != own || list[1].UsuCalculoVrID != shared {
			t.Errorf("API-016 calculation templates: %s", body)
		}
		if cv := get(fmt.Sprintf("/calculation/%d", own)); cv["UsuCalculoVrID"] != float64(own) || cv["NombreEs"] != "Plantilla A" || cv["NombreEn"] != "Template A" {
			t.Errorf("API-016 one calculation template: %v", cv)
		}
		if cv := get(fmt.Sprintf("/calculation/%d", shared)); cv["NombreEs"] != "Plantilla común" {
			t.Errorf("API-016 a shared calculation template: %v", cv)
		}
		if st, _ := c.do("GET", c.url("/calculation/%d", foreign), nil); st != 404 {
			t.Errorf("API-016 another factory's calculation template: %d", st)
		}

		// API-098: the component types and subtypes tree, and one type with its subtypes; the
		// subtypes are the tree editors' SubtipoComponente options, each under one type.
		_, body = c.do("GET", c.url("/enums"), nil)
		subtypes := map[string]tree.Option{}
		for _, o := range decode[tree.Enums](t, body).SubtipoComponente {
			subtypes[o.ID] = o
		}
		_, body = c.do("GET", c.url("/componenttype"), nil)
		types := decode[[]tree.ComponentType](t, body)
		var typeNames []string
		under := map[string]int{}
		for _, ct := range types {
			typeNames = append(typeNames, ct.NameSPA+"/"+ct.NameENG)
			for _, sub := range ct.Subtipos {
				under[sub.ID]++
				if sub != subtypes[sub.ID] {
					t.Errorf("API-098 subtype %v under %s, the editors' %v", sub, ct.NameSPA, subtypes[sub.ID])
				}
			}
		}
		if !sameList(typeNames, []string{"Motor/Motor", "Bomba/Pump", "Ventilador/Fan", "Compresor/Compressor", "Reductor/Gearbox", "Otro/Other"}) || len(under) != len(subtypes) {
			t.Errorf("API-098 the types tree: %s", body)
		}
		for id, n := range under {
			if n != 1 {
				t.Errorf("API-098 subtype %s under %d types", id, n)
			}
		}
		st, body = c.do("GET", c.url("/componenttype/2"), nil)
		if pump := decode[tree.ComponentType](t, body); st != 200 || pump.NameSPA != "Bomba" || len(pump.Subtipos) != 2 || pump.Subtipos[0].NameSPA != "Bomba centrífuga" || pump.Subtipos[1].ID != "5" {
			t.Errorf("API-098 the pump type and its subtypes: %d %s", st, body)
		}
		if st, _ := c.do("GET", c.url("/componenttype/99"), nil); st != 404 {
			t.Errorf("API-098 a type that is not: %d", st)
		}

		// API-027: a point is added with a copy of another point's fields plus UsuComponenteId
		// and UsuMaquinaId: it is a new point of the component with the same fields.
		p := get(fmt.Sprintf("/point/%d", point))
		p["Referencia"], p["Medida_H_H2_dm"] = "R-7", true
		if st, body := c.do("PUT", c.url("/point/%d", point), p); st != 200 {
			t.Fatalf("point: %d %s", st, body)
		}
		p = get(fmt.Sprintf("/point/%d", point))
		p["UsuComponenteId"], p["UsuMaquinaId"] = component, machine
		st, body = c.do("POST", c.url("/component/%d/point", component), p)
		added := decode[map[string]any](t, body)
		if st != 201 || added["UsuPuntoVibracionID"] == float64(point) || added["UsuComponenteID"] != float64(component) {
			t.Fatalf("API-027 add a copied point: %d %s", st, body)
		}
		for field, v := range p {
			if field != "UsuPuntoVibracionID" && field != "UsuComponenteId" && field != "UsuMaquinaId" && fmt.Sprint(added[field]) != fmt.Sprint(v) {
				t.Errorf("API-027 the added point's %s: %v, want %v", field, added[field], v)
			}
		}
	})
}

// sameItems tells whether a and b hold the same strings, in any order.
func sameItems(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// The reads of S1 §7 whose paths the spec does not show, at ours, on the demo plant.
func TestMachineAndPointReads(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		reader := p.as("lector")
		get := func(path string, out any) {
			t.Helper()
			st, body := reader.do("GET", p.url("%s", path), nil)
			if st != 200 {
				t.Fatalf("GET %s: %d %s", path, st, body)
			}
			if err := json.Unmarshal(body, out); err != nil {
				t.Fatal(err)
			}
		}
		column := func(query string, args ...any) []string {
			var out []string
			for _, row := range dbtest.Values(t, p.d, query, args...) {
				out = append(out, fmt.Sprint(row...))
			}
			return out
		}

		// API-024: the machine; its components and the conditions of its criterion (the
		// precalculation's lists).
		var machine map[string]any
		get(fmt.Sprintf("/machine/%d", p.machine), &machine)
		criterion := p.criterionOf(t, p.machine)
		if machine["UsuMaquinaID"] != float64(p.machine) || machine["NombreEs"] != "Bomba P-101" || machine["CriterioId"] != float64(criterion) {
			t.Errorf("API-024 the machine: %v", machine)
		}
		var lists struct{ Componentes, Condiciones []map[string]any }
		get(fmt.Sprintf("/machine/%d/precalculation", p.machine), &lists)
		var components, conditions []string
		for _, c := range lists.Componentes {
			components = append(components, fmt.Sprint(c["UsuComponenteID"], c["NombreEs"]))
		}
		if want := column(`SELECT id, nombre_es FROM componentes WHERE parent_id = $1`, p.machine); len(want) == 0 || !sameItems(components, want) {
			t.Errorf("API-024 the machine's components: %v, want %v", components, want)
		}
		var crit struct{ Condiciones []map[string]any }
		get(fmt.Sprintf("/criterion/%d", criterion), &crit)
		var want []string
		for _, c := range crit.Condiciones {
			want = append(want, fmt.Sprint(c["UsuCondicionID"], c["CondicionNombre"]))
		}
		for _, c := range lists.Condiciones {
			conditions = append(conditions, fmt.Sprint(c["UsuCondicionID"], c["CondicionNombre"]))
		}
		if len(want) == 0 || !sameItems(conditions, want) {
			t.Errorf("API-024 the conditions of the machine's criterion: %v, want %v", conditions, want)
		}

		// API-029: a point's channels come with the point; the factory's spectra without their
		// bands; the factory's digital spectra.
		var wired int64
		if err := p.d.QueryRow(`SELECT MIN(punto_id) FROM punto_canales`).Scan(&wired); err != nil {
			t.Fatal(err)
		}
		var point struct{ Canales []map[string]any }
		get(fmt.Sprintf("/point/%d", wired), &point)
		var channels []string
		for _, c := range point.Canales {
			channels = append(channels, fmt.Sprint(c["Canal"], c["Direccion"]))
		}
		if want := column(`SELECT canal, direccion FROM punto_canales WHERE punto_id = $1`, wired); len(want) == 0 || !sameItems(channels, want) {
			t.Errorf("API-029 the point's channels: %v, want %v", channels, want)
		}
		var full, bare []map[string]any
		get("/spectrum", &full)
		get("/spectrum?SinEnlaces=true", &bare)
		ids := func(list []map[string]any) (out []string) {
			for _, s := range list {
				out = append(out, fmt.Sprint(s["UsuEspectroID"]))
			}
			return out
		}
		if !slices.ContainsFunc(full, func(s map[string]any) bool { return s["Bandas"] != nil }) || !slices.Equal(ids(full), ids(bare)) ||
			slices.ContainsFunc(bare, func(s map[string]any) bool { _, ok := s["Bandas"]; return ok }) {
			t.Errorf("API-029 the factory's spectra without bands: %v", bare)
		}
		if st, body := p.signedIn.do("POST", p.url("/digitalspectrum/%s/download", p.catalogItem(t, "digitalspectrum", 0)), nil); st != 201 {
			t.Fatalf("download a digital spectrum: %d %s", st, body)
		}
		var digital []map[string]any
		get("/digitalspectrum", &digital)
		var names []string
		for _, s := range digital {
			names = append(names, fmt.Sprint(s["Nombre"]))
		}
		if want := column(`SELECT nombre_es FROM catalogo WHERE tipo = 'digitalspectrum' AND fabrica_id = $1`, p.factory); len(want) == 0 || !sameItems(names, want) {
			t.Errorf("API-029 the factory's digital spectra: %v, want %v", names, want)
		}
	})
}
