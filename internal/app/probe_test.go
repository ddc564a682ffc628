package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/devices"
	"vigia/internal/platform/api"
	"vigia/internal/platform/dbtest"
)

// tenancy is the demo plant (factory B: the victim) made to own an item of every kind the
// routes name, seen by an intruder: the editor of factory A, who owns nothing of B.
type tenancy struct {
	*plant
	intruder *client
	// marks are strings only B's data holds (names, GUIDs, serial numbers): an answer that
	// carries one leaks B.
	marks []string
}

// newTenancy gives B what the demo lacks (an item of each catalogue kind, an intervention,
// a published configuration) and collects B's marks.
func newTenancy(t *testing.T, p *plant) *tenancy {
	t.Helper()
	p.strict = true
	admin := p.signedIn
	var kinds []string
	for _, row := range dbtest.Values(t, p.d, `SELECT DISTINCT tipo FROM catalogo WHERE fabrica_id IS NULL ORDER BY tipo`) {
		kinds = append(kinds, fmt.Sprint(row[0]))
	}
	for _, tipo := range kinds {
		var n int
		if err := p.d.QueryRow(`SELECT COUNT(*) FROM catalogo WHERE tipo = $1 AND fabrica_id = $2`, tipo, p.factory).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			continue
		}
		if st, body := admin.do("POST", p.url("/%s/%s/download", tipo, p.catalogItem(t, tipo, 0)), nil); st/100 != 2 {
			t.Fatalf("download a %s into B: %d %s", tipo, st, body)
		}
	}
	if st, body := admin.do("POST", p.url("/machine/%d/intervention", p.machine), map[string]any{"Fecha": "2026-01-01T00:00:00Z", "Texto": "Cambio de rodamiento en B"}); st != 201 {
		t.Fatalf("intervention: %d %s", st, body)
	}
	if st, body := admin.do("POST", p.url("/machine/%d/configuration", p.machine), map[string]any{"Modo": 0}); st != 200 {
		t.Fatalf("configuration: %d %s", st, body)
	}
	tp := &tenancy{plant: p, intruder: p.as("editor")}
	// A name is a mark when nothing outside B bears it (downloaded items keep their
	// template's name); short names could turn up in any answer.
	named := `SELECT nombre_es, fabrica_id FROM centros UNION ALL SELECT nombre_es, fabrica_id FROM areas
		UNION ALL SELECT nombre_es, fabrica_id FROM maquinas UNION ALL SELECT nombre_es, fabrica_id FROM componentes
		UNION ALL SELECT nombre_es, fabrica_id FROM puntos UNION ALL SELECT nombre_es, fabrica_id FROM catalogo
		UNION ALL SELECT numero_serie, fabrica_id FROM equipos UNION ALL SELECT texto, $1 FROM intervenciones`
	owners := map[string][]string{}
	for _, row := range dbtest.Values(t, p.d, named, p.factory) {
		name := fmt.Sprint(row[0])
		owners[name] = append(owners[name], fmt.Sprint(row[1]))
	}
	for name, of := range owners {
		if len(name) >= 6 && !slices.ContainsFunc(of, func(f string) bool { return f != fmt.Sprint(p.factory) }) {
			tp.marks = append(tp.marks, name)
		}
	}
	for _, row := range dbtest.Values(t, p.d, `SELECT guid FROM catalogo WHERE fabrica_id = $1 UNION ALL SELECT guid FROM centros WHERE fabrica_id = $1
		UNION ALL SELECT guid FROM equipos WHERE fabrica_id = $1`, p.factory) {
		tp.marks = append(tp.marks, fmt.Sprint(row[0]))
	}
	if len(tp.marks) < 50 {
		t.Fatalf("only %d marks of B: %v", len(tp.marks), tp.marks)
	}
	return tp
}

// leak is the first of B's marks the answer carries that the request did not.
func (tp *tenancy) leak(sent, answer []byte) string {
	for _, m := range tp.marks {
		if bytes.Contains(answer, []byte(m)) && !bytes.Contains(sent, []byte(m)) {
			return m
		}
	}
	return ""
}

// free are the parameters that name no item: whatever fills them, the route reaches B's
// data only through its other parameters.
var free = map[string]bool{"{days}": true, "{from}": true, "{to}": true, "{what}": true, "{level}": true, "{node}": true,
	"{kind}": true, "{mode}": true, "{direction}": true, "{dir}": true, "{channel}": true}

// bound reports whether the route names an item of B: a factory, a user or an item id.
// Template catalogue paths (/api/band/{id}) name templates, which every user reads; any path
// with {factory} (/api/sensor/{factory}) names a factory.
func bound(route string) bool {
	if !strings.HasPrefix(route, "/api/user/") && !strings.HasPrefix(route, "/api/equipment/") &&
		!strings.HasPrefix(route, "/api/mems/") && !strings.HasPrefix(route, "/api/admin/") && !strings.Contains(route, "{factory}") {
		return false
	}
	for _, p := range param.FindAllString(route, -1) {
		if !free[p] {
			return true
		}
	}
	return false
}

// filter reports whether the operation lists the caller's own items that match its
// parameters (so that ids of another factory match none) rather than reading one item.
func filter(op *huma.Operation) bool {
	return op.OperationID == "vco-machines" || strings.HasPrefix(op.OperationID, "node-")
}

// fixedEntry are the operations that read an entry of a fixed list, the same for every
// factory (a component type): their {id} names no factory's item.
var fixedEntry = map[string]bool{"component-type": true}

// inputs are what calls need besides their path to get past input validation to their
// service: B's ids where a body names a tree node or a reference row, a period.
func (tp *tenancy) inputs() map[string]any {
	vr := tp.fill(tp.t, "{vcv}")
	return map[string]any{"UsuAreaID": tp.area, "UsuMaquinaID": tp.machine, "UsuComponenteID": tp.component, "UsuPuntoVibracionID": tp.point,
		"Componentes": fmt.Sprint(tp.component), "ValoresCalculados": `[{"VrId":` + vr + `,"Dir":0,"Av":1000,"Al":2000,"Pl":3000}]`,
		"Fechas": []map[string]string{{"Inicio": "2020-01-01", "Fin": "2030-01-01"}}, "FechaInicio": "2020-01-01T00:00:00Z", "FechaFin": "2030-01-01T00:00:00Z", "Modo": 0}
}

// query is the query string of the inputs the operation takes there.
func (tp *tenancy) query(op *huma.Operation) string {
	var q []string
	for _, p := range op.Parameters {
		if v, ok := tp.inputs()[p.Name]; ok && p.In == "query" {
			q = append(q, fmt.Sprintf("%s=%v", p.Name, v))
		}
	}
	if len(q) == 0 {
		return ""
	}
	return "?" + strings.Join(q, "&")
}

// probeBody is a plausible body for a call on path: what an administrator reads at the same
// path when it has a GET, else the smallest body the schema takes, with the inputs its
// schema names.
func (tp *tenancy) probeBody(op *huma.Operation, path string, reads map[string]bool) any {
	b := body(tp.app.API, op)
	item, ok := b.(map[string]any)
	if !ok {
		return b
	}
	if reads[op.Path] {
		if st, out := tp.signedIn.do("GET", path, nil); st == 200 {
			if json.Unmarshal(out, &item) != nil {
				item = b.(map[string]any)
			}
		}
	}
	reg := tp.app.API.OpenAPI().Components.Schemas
	s := op.RequestBody.Content["application/json"].Schema
	if s.Ref != "" {
		s = reg.SchemaFromRef(s.Ref)
	}
	for name, v := range tp.inputs() {
		if _, ok := s.Properties[name]; ok {
			item[name] = v
		}
	}
	return item
}

// Every route of the API, called by the editor of another factory with B's real ids (on B's
// paths, and on the intruder's own factory's paths), by B's read-only user, without a
// session and without the same-origin header: none answers 2xx on B's items or 5xx, no
// answer carries B's data, and no row of the database changes. ADMIN's routes answer 403.
func TestTenancyProbe(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		tp := newTenancy(t, p)
		own := p.users["editor"].UsuarioID
		reads := map[string]bool{}
		for _, op := range operations(p.app.API) {
			if op.Method == http.MethodGet {
				reads[op.Path] = true
			}
		}
		reader, anon := p.as("lector"), p.anon()
		crossSite := p.as("editor")
		crossSite.header.Del("X-Requested-With")
		before := dbtest.Snapshot(t, p.d)
		statuses := map[int]int{}
		for _, op := range operations(p.app.API) {
			access := api.AccessOf(op)
			// The caller's own account (Self) and the devices' calls are probed elsewhere.
			if access == api.Public || access == api.Self || access == api.Device {
				continue
			}
			safe := api.IsSafeMethod(op.Method)
			path := p.fill(t, op.Path)
			paths := []string{path}
			switch {
			case (strings.HasPrefix(op.Path, "/api/user/{factory}/") || strings.HasPrefix(op.Path, "/api/sensor/{factory}/")) && len(param.FindAllString(op.Path, -1)) > 1:
				paths = append(paths, p.fillIn(t, op.Path, p.a)) // B's items on the intruder's own factory
			case strings.HasPrefix(op.Path, "/api/user/{user}/"):
				paths = append(paths, strings.Replace(path, fmt.Sprintf("/api/user/%d/", p.admin), fmt.Sprintf("/api/user/%d/", own), 1))
			}
			b := tp.probeBody(op, path, reads)
			if q := tp.query(op); q != "" {
				for i := range paths {
					paths[i] += q
				}
			}
			sent, _ := json.Marshal(b)
			for _, path := range paths {
				call := op.Method + " " + path
				st, out := tp.intruder.do(op.Method, path, b)
				statuses[st]++
				if st == 422 || st == 400 {
					t.Logf("%s: %d %s", call, st, out)
				}
				switch {
				case st >= 500:
					t.Errorf("%s: %d %s", call, st, out)
				case access == api.Admin && st != http.StatusForbidden:
					t.Errorf("%s is ADMIN's: %d %s, want 403", call, st, out)
				case st/100 == 2 && filter(op) && strings.TrimSpace(string(out)) == "[]":
					// A filter of the intruder's own items, which B's ids match none of.
				case st/100 == 2 && fixedEntry[op.OperationID] && !strings.Contains(path, fmt.Sprintf("/api/user/%d/", p.factory)):
					// A fixed list's entry, read on the intruder's own factory.
				case st/100 == 2 && (bound(op.Path) || !safe):
					t.Errorf("%s by another factory's editor: %d %s", call, st, out)
				}
				if m := tp.leak(sent, out); m != "" {
					t.Errorf("%s by another factory's editor: %d carries B's %q", call, st, m)
				}
				if st, out := anon.do(op.Method, path, b); st != http.StatusUnauthorized {
					t.Errorf("%s without a session: %d %s, want 401", call, st, out)
				}
				if safe {
					continue
				}
				if st, out := crossSite.do(op.Method, path, b); st != http.StatusForbidden {
					t.Errorf("%s without the same-origin header: %d %s, want 403", call, st, out)
				}
				if access >= api.Edit {
					if st, out := reader.do(op.Method, path, b); st != http.StatusForbidden {
						t.Errorf("%s by B's read-only user: %d %s, want 403", call, st, out)
					}
				}
			}
		}
		tp.unchanged(t, before)
		t.Logf("the intruder's answers by status: %v", statuses)
	})
}

// unchanged fails when a row changed since before; sessions, whose idle deadline a call may
// refresh, hold no factory's data.
func (tp *tenancy) unchanged(t *testing.T, before map[string]string) {
	t.Helper()
	changed := slices.DeleteFunc(dbtest.Changed(before, dbtest.Snapshot(t, tp.d)), isSessions)
	if len(changed) > 0 {
		t.Errorf("the probe changed %v", changed)
	}
}

var itemID = regexp.MustCompile(`/[0-9a-fA-F-]+$`)

// Path tricks on a set of B's routes — doubled and encoded slashes, dot segments, a trailing
// slash, upper case, a huge or negative id, another factory's GUID — never reach B's data
// for the intruder: each ends (after Go's redirects to the clean path, if any) in a 4xx, or
// in the SPA's page for a path that is not the API's, and changes nothing.
func TestTenancyPathTricks(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		tp := newTenancy(t, p)
		a, b := fmt.Sprintf("/api/user/%d", p.a), fmt.Sprintf("/api/user/%d", p.factory)
		var bandGUID string
		if err := p.d.QueryRow(`SELECT guid FROM catalogo WHERE tipo = 'band' AND fabrica_id = $1 ORDER BY id LIMIT 1`, p.factory).Scan(&bandGUID); err != nil {
			t.Fatal(err)
		}
		before := dbtest.Snapshot(t, p.d)
		for _, r := range []struct{ method, route string }{
			{"GET", "/api/user/{factory}/machine/{id}"},
			{"PUT", "/api/user/{factory}/machine/{id}"},
			{"DELETE", "/api/user/{factory}/site/{id}"},
			{"GET", "/api/user/{factory}/band/{id}"},
			{"GET", "/api/user/{factory}/digitalband/{id}"}, // by GUID
			{"GET", "/api/user/{factory}/site"},
			{"GET", "/api/equipment/concentrator/{id}"},
			{"GET", "/api/user/{user}/installation/{what}/{level}/{id}"},
		} {
			path := p.fill(t, r.route)
			var body any
			if r.method == "PUT" {
				_, out := p.signedIn.do("GET", path, nil)
				body = decode[map[string]any](t, out)
			}
			id := strings.TrimPrefix(itemID.FindString(path), "/")
			rest := strings.TrimPrefix(path, b) // the path after B's factory
			tricks := []string{
				strings.Replace(path, "/api/", "/api//", 1),
				strings.TrimSuffix(path, id) + "/" + id,
				a + "/.." + strings.TrimPrefix(path, "/api/user"),
				a + "/%2E%2E/" + strings.TrimPrefix(path, "/api/user/"),
				strings.ReplaceAll(path, "/", "%2F"),
				"/api" + strings.ReplaceAll(strings.TrimPrefix(path, "/api"), "/", "%2F"),
				a + "%2F..%2F" + strings.TrimPrefix(path, "/api/user/"),
				strings.Replace(path, "/api/", "/api/./", 1),
				path + "/",
				path + "/.",
				strings.ToUpper(path),
				strings.Replace(path, "/api/user/", "/api/USER/", 1),
				strings.TrimSuffix(path, id) + "99999999999999999999",
				strings.TrimSuffix(path, id) + "-" + id,
				strings.TrimSuffix(path, id) + "%2D" + id,
				strings.TrimSuffix(path, id) + id + "%00",
			}
			if strings.HasPrefix(path, b+"/") && strings.HasSuffix(r.route, "{id}") {
				tricks = append(tricks,
					a+rest, // B's item on the intruder's factory
					a+"/../"+strings.TrimPrefix(path, "/api/user/"),
					"/api/user/-"+strings.TrimPrefix(path, "/api/user/"),
					"/api/user/99999999999999999999"+rest,
					"/api/user/"+fmt.Sprint(p.factory)+"%2F"+strings.TrimPrefix(rest, "/"),
					a+strings.Replace(rest, "/"+id, "/"+bandGUID, 1), // another factory's GUID where an id or a GUID is taken
				)
			}
			for _, trick := range tricks {
				st, out, final, ctype := tp.raw(r.method, trick, body)
				call := fmt.Sprintf("%s %s (→ %s)", r.method, trick, final)
				sent, _ := json.Marshal(body)
				switch {
				case st/100 == 2 && strings.HasPrefix(ctype, "text/html") && !strings.HasPrefix(final, "/api/"):
					// The SPA's page for a path outside the API.
				case st/100 != 4:
					t.Errorf("%s: %d %s, want 4xx", call, st, out)
				}
				if m := tp.leak(sent, out); m != "" {
					t.Errorf("%s: %d carries B's %q", call, st, m)
				}
			}
		}
		tp.unchanged(t, before)
	})
}

// raw sends path as it is written (no cleaning of dot segments or slashes) as the intruder,
// follows redirects, and answers the last status, body, path and content type.
func (tp *tenancy) raw(method, path string, body any) (int, []byte, string, string) {
	t := tp.t
	t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, tp.srv.URL+"/", r)
	if err != nil {
		t.Fatal(err)
	}
	req.URL.Opaque = path
	for k, v := range tp.intruder.header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := tp.intruder.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	final := resp.Request.URL.Opaque
	if final == "" {
		final = resp.Request.URL.EscapedPath()
	}
	return resp.StatusCode, out, final, resp.Header.Get("Content-Type")
}

// A device's token opens its own serial only: the token of a device of factory A, on every
// device route, for a device of B, another device of A, an unknown serial, and its own
// serial by a path trick, is refused with 401 and changes nothing; its own serial is
// answered, and a body over the devices' limit is refused with 413 whatever the serial.
func TestTenancyProbeDevices(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		admin := p.signedIn
		mine := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "KP-A1"})
		assign(t, admin, "concentrator", idOf(mine), map[string]any{"UsuFabricaId": p.a})
		registerDevice(t, admin, "alert10", "KP-A2", p.a)
		var theirs string
		if err := p.d.QueryRow(`SELECT numero_serie FROM equipos WHERE fabrica_id = $1 ORDER BY id LIMIT 1`, p.factory).Scan(&theirs); err != nil {
			t.Fatal(err)
		}
		dev := p.anon()
		dev.header.Set("Authorization", "Bearer "+mine["Token"].(string))
		if st, body := dev.do("GET", "/api/device/KP-A1", nil); st != 200 {
			t.Fatalf("own serial: %d %s", st, body)
		}
		before := dbtest.Snapshot(t, p.d)
		checked := 0
		for _, op := range operations(p.app.API) {
			if api.AccessOf(op) != api.Device {
				continue
			}
			checked++
			b := body(p.app.API, op)
			for _, serial := range []string{theirs, "KP-A2", "KP-ZZ", "KP-A1/../" + theirs, "KP-A1%2F..%2F" + theirs, strings.ToLower(theirs)} {
				path := strings.Replace(op.Path, "{serial}", serial, 1)
				// A trick may end in Go's mux (404, 405) rather than in the token check.
				trick := strings.ContainsAny(serial, "/%") || serial != strings.ToUpper(serial)
				if st, out := dev.do(op.Method, path, b); st != 401 && (!trick || st/100 != 4) {
					t.Errorf("%s %s with another device's token: %d %s, want 401", op.Method, path, st, out)
				}
			}
			if op.Method != http.MethodPost {
				continue
			}
			huge := append([]byte(`{"Sensores":[]}`), bytes.Repeat([]byte(" "), devices.DeviceBodyLimit)...)
			for _, serial := range []string{"KP-A1", theirs} {
				req, _ := http.NewRequest("POST", p.srv.URL+strings.Replace(op.Path, "{serial}", serial, 1), bytes.NewReader(huge))
				req.Header = dev.header.Clone()
				req.Header.Set("Content-Type", "application/json")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if res.StatusCode != 413 && (serial == "KP-A1" || res.StatusCode != 401) {
					t.Errorf("%s %s with a body over the limit: %d, want 413 (or 401 for another's serial)", op.Method, req.URL.Path, res.StatusCode)
				}
			}
		}
		if checked < 4 {
			t.Errorf("only %d device routes", checked)
		}
		(&tenancy{plant: p}).unchanged(t, before)
	})
}
