package app_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/app"
	"vigia/internal/auth"
	"vigia/internal/demo"
	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

// plant is a world with the demo plant loaded, and the ids a route's parameters take: a
// machine with devices and associations, its points, and one of each thing below them.
type plant struct {
	*world
	factory, site, area, machine, component, point, admin int64
	// assoc holds, by association segment (mpv, mpvd, mpvp), an association, the key of its
	// item and its machine and point (routes of that segment are filled with them).
	assoc    map[string]association
	device   map[string]int64 // a device of each equipment base (concentrator, alert10, alert10c, mems)
	serial   string           // a device's serial number
	vco      int64            // a VCO/VCOV of the factory
	signedIn *client          // the administrator, signed in once
	// strict makes fill fail where it would otherwise make an id up because the demo has
	// no such item: the tenancy probe calls with real ids only.
	strict bool
}

// url is a path of the demo factory's API.
func (p *plant) url(format string, args ...any) string {
	return fmt.Sprintf("/api/user/%d", p.factory) + fmt.Sprintf(format, args...)
}

// plantData is the database of a plant, made once per test process (dbtest.Fixture): the
// demo takes seconds to load.
var plantData = dbtest.NewFixture(fillPlant)

// fillPlant writes a plant's rows: a world's (fillWorld), the demo's, the world's read-only
// user in the demo factory, and a VCP associated through the API.
func fillPlant(ctx context.Context, d *db.DB) error {
	if err := fillWorld(ctx, d); err != nil {
		return err
	}
	a := app.New(d, testConfig)
	if _, err := demo.Load(ctx, &auth.Store{DB: d}, a.Features, "demo-clave-1"); err != nil {
		return err
	}
	var factory, lector, machine, at, vcp int64
	for dest, query := range map[*int64]string{
		&factory: `SELECT id FROM fabricas WHERE nombre = '` + demo.Factory + `'`,
		&lector:  `SELECT id FROM usuarios WHERE login = 'lector'`,
		&machine: `SELECT maquina_id FROM asociaciones WHERE tipo = 'MPVD' ORDER BY id LIMIT 1`,
		&at:      `SELECT punto_id FROM asociaciones WHERE tipo = 'MPVD' ORDER BY id LIMIT 1`,
	} {
		if err := d.QueryRowContext(ctx, query).Scan(dest); err != nil {
			return fmt.Errorf("%s: %w", query, err)
		}
	}
	if err := d.QueryRowContext(ctx, `SELECT id FROM catalogo WHERE tipo = 'vcp' AND fabrica_id = $1 ORDER BY id LIMIT 1`, factory).Scan(&vcp); err != nil {
		return err
	}
	// The world's read-only user reads the demo plant too.
	if _, err := d.ExecContext(ctx, `INSERT INTO usuario_fabricas (usuario_id, fabrica_id) VALUES ($1, $2)`, lector, factory); err != nil {
		return err
	}
	// The demo associates no VCP: one is associated beside the first digital VCV, through
	// the API as the administrator (so with its audit entry). The sign-in's session goes
	// after: each test signs in on its own.
	call := func(method, path, body string, cookies []*http.Cookie) *http.Response {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Requested-With", "vigia")
		for _, c := range cookies {
			req.AddCookie(c)
		}
		rec := httptest.NewRecorder()
		a.Handler.ServeHTTP(rec, req)
		return rec.Result()
	}
	login := call("POST", "/api/auth/login", `{"Login":"admin","Password":"`+testPassword+`"}`, nil)
	if login.StatusCode != 200 {
		return fmt.Errorf("sign in as admin: %d", login.StatusCode)
	}
	if res := call("POST", fmt.Sprintf("/api/user/%d/mpvp/machine/%d/point/%d/vcp/%d", factory, machine, at, vcp), "", login.Cookies()); res.StatusCode != 204 {
		body, _ := io.ReadAll(res.Body)
		return fmt.Errorf("associate a VCP: %d %s", res.StatusCode, body)
	}
	_, err := d.ExecContext(ctx, `DELETE FROM sesiones`)
	return err
}

// newPlant is a plant on a fresh copy of plantData, with the ids routes are filled with.
func newPlant(t testing.TB, engine db.Engine) *plant {
	t.Helper()
	w := worldOn(t, plantData.Open(t, engine))
	d := w.d
	p := &plant{world: w, assoc: map[string]association{}, device: map[string]int64{}}
	one := func(dest any, query string, args ...any) {
		t.Helper()
		if err := d.QueryRow(query, args...).Scan(dest); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
	}
	one(&p.factory, `SELECT id FROM fabricas WHERE nombre = $1`, demo.Factory)
	one(&p.machine, `SELECT id FROM maquinas WHERE nombre_es = 'Bomba P-101' AND fabrica_id = $1`, p.factory)
	one(&p.area, `SELECT parent_id FROM maquinas WHERE id = $1`, p.machine)
	one(&p.site, `SELECT parent_id FROM areas WHERE id = $1`, p.area)
	one(&p.point, `SELECT punto_id FROM asociaciones WHERE maquina_id = $1 ORDER BY punto_id LIMIT 1`, p.machine)
	one(&p.component, `SELECT parent_id FROM puntos WHERE id = $1`, p.point)
	one(&p.vco, `SELECT id FROM catalogo WHERE tipo = 'vco_v' AND fabrica_id = $1 ORDER BY id LIMIT 1`, p.factory)
	one(&p.admin, `SELECT id FROM usuarios WHERE login = 'admin'`)
	one(&p.serial, `SELECT numero_serie FROM equipos ORDER BY id LIMIT 1`)
	for base, tipo := range map[string]string{"concentrator": "CONCENTRADOR", "alert10": "ALERT10", "alert10c": "ALERT10C", "mems": "MEMS"} {
		var id int64
		one(&id, `SELECT MIN(id) FROM equipos WHERE tipo = $1`, tipo)
		p.device[base] = id
	}
	p.signedIn = w.as("admin")
	for seg, tipo := range map[string]string{"mpv": "MPV", "mpvd": "MPVD", "mpvp": "MPVP"} {
		var a association
		var item int64
		var guid string
		err := d.QueryRow(`SELECT a.id, a.maquina_id, a.punto_id, c.id, c.guid FROM asociaciones a JOIN catalogo c ON c.id = a.item_id
			WHERE a.tipo = $1 ORDER BY a.id LIMIT 1`, tipo).Scan(&a.id, &a.machine, &a.point, &item, &guid)
		if err != nil {
			t.Fatal(err)
		}
		a.key = fmt.Sprint(item)
		if seg == "mpvd" {
			a.key = guid
		}
		p.assoc[seg] = a
	}
	return p
}

type association struct {
	id, key        string
	machine, point int64
}

var param = regexp.MustCompile(`\{[^}]+\}`)

// scalar is the one value query answers, or otherwise when it answers none (the demo has no
// such row yet).
func (p *plant) scalar(t testing.TB, otherwise, query string, args ...any) string {
	t.Helper()
	var v sql.NullString
	if err := p.d.QueryRow(query, args...).Scan(&v); err != nil && !errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("%s: %v", query, err)
	}
	if !v.Valid {
		if p.strict {
			t.Fatalf("no row to fill a route with: %s", query)
		}
		return otherwise
	}
	return v.String
}

// catalogItem is an item of the catalogue kind tipo in the factory (0: a template), named as
// its paths name it: by id, or by GUID for kinds identified by GUID.
func (p *plant) catalogItem(t testing.TB, tipo string, factory int64) string {
	t.Helper()
	owner := "fabrica_id IS NULL"
	if factory != 0 {
		owner = fmt.Sprintf("fabrica_id = %d", factory)
	}
	var id int64
	var guid string
	if err := p.d.QueryRow(`SELECT id, guid FROM catalogo WHERE tipo = $1 AND `+owner+` ORDER BY id LIMIT 1`, tipo).Scan(&id, &guid); err != nil {
		if p.strict {
			t.Fatalf("no %s item of factory %d to fill a route with", tipo, factory)
		}
		return "1"
	}
	base := "/api/" + tipo
	if factory != 0 {
		base = fmt.Sprintf("/api/user/%d/%s", factory, tipo)
	}
	if st, _ := p.signedIn.do("GET", fmt.Sprintf("%s/%d", base, id), nil); st == 200 {
		return fmt.Sprint(id)
	}
	return guid
}

// fill gives the route's parameters the plant's ids, and the query parameters a few routes
// need to do their work.
func (p *plant) fill(t testing.TB, route string) string {
	t.Helper()
	return p.fillIn(t, route, p.factory)
}

// fillIn fills the route as fill does but for {factory}, which is factory: the plant's ids
// on another factory's paths. A parameter it does not know fails the test, so that a new
// route is never called with made-up ids.
func (p *plant) fillIn(t testing.TB, route string, factory int64) string {
	t.Helper()
	path := route
	route0 := strings.Split(route, "/") // as declared: segments is filled in place
	segments := slices.Clone(route0)
	machine, point := p.machine, p.point
	if len(segments) > 4 {
		if a, ok := p.assoc[segments[4]]; ok {
			machine, point = a.machine, a.point
		}
	}
	value := func(i int, name string) string {
		prev := ""
		if i > 0 {
			prev = route0[i-1]
		}
		switch name {
		case "{factory}":
			return fmt.Sprint(factory)
		case "{machine}":
			return fmt.Sprint(machine)
		case "{point}":
			return fmt.Sprint(point)
		case "{vco}", "{ocv}":
			return fmt.Sprint(p.vco)
		case "{site}":
			return fmt.Sprint(p.site)
		case "{user}", "{userId}":
			return fmt.Sprint(p.admin)
		case "{serial}":
			return p.serial
		case "{what}":
			if prev == "assign" {
				return "defaultvcv"
			}
			return "sensor"
		case "{level}":
			return "machine"
		case "{node}":
			return "factory"
		case "{kind}", "{mode}":
			return "protection"
		case "{days}":
			return "7"
		case "{from}", "{direction}", "{dir}":
			return "0"
		case "{channel}":
			return "1"
		case "{condition}":
			return p.scalar(t, "1", `SELECT v.condicion_id FROM valores_referencia v JOIN asociaciones a ON a.id = v.asociacion_id
				WHERE a.tipo = 'MPV' ORDER BY v.id LIMIT 1`)
		case "{vcv}":
			return p.scalar(t, "1", `SELECT v.id FROM valores_referencia v JOIN asociaciones a ON a.id = v.asociacion_id
				WHERE a.maquina_id = $1 ORDER BY v.id LIMIT 1`, machine)
		case "{version}", "{other}":
			return p.scalar(t, "1", `SELECT MAX(version) FROM configuraciones WHERE maquina_id = $1`, machine)
		case "{to}":
			return "10"
		case "{otherId}":
			return fmt.Sprint(p.device["concentrator"] + 1)
		case "{link}":
			return p.catalogItem(t, "band", p.factory)
		case "{key}":
			return p.assoc[segments[4]].key
		}
		// {id}: what the segment before it names.
		switch {
		case prev == "{level}":
			return fmt.Sprint(p.machine)
		case prev == "{node}":
			return fmt.Sprint(p.factory)
		case prev == "alarm":
			return p.scalar(t, "1", `SELECT v.id FROM valores_referencia v JOIN asociaciones a ON a.id = v.asociacion_id
				WHERE a.maquina_id = $1 ORDER BY v.id LIMIT 1`, machine)
		case prev == "reference":
			return p.scalar(t, "1", `SELECT MIN(id) FROM valores_referencia WHERE asociacion_id = $1`, p.assoc[segments[4]].id)
		case prev == "componenttype":
			return "1"
		case prev == "calculation":
			return p.scalar(t, "1", `SELECT MIN(id) FROM calculos_vr WHERE fabrica_id = $1`, p.factory)
		case prev == "intervention":
			return p.scalar(t, "1", `SELECT MIN(id) FROM intervenciones WHERE maquina_id = $1`, machine)
		case prev == "mpv" || prev == "mpvd" || prev == "mpvp":
			return p.assoc[prev].id
		case prev == "site":
			return fmt.Sprint(p.site)
		case prev == "area":
			return fmt.Sprint(p.area)
		case prev == "machine":
			return fmt.Sprint(p.machine)
		case prev == "component":
			return fmt.Sprint(p.component)
		case prev == "point":
			return fmt.Sprint(p.point)
		case strings.HasPrefix(route, "/api/equipment/"):
			return fmt.Sprint(p.device[segments[3]])
		case strings.HasPrefix(route, "/api/mems/"):
			return fmt.Sprint(p.device["mems"])
		case strings.HasPrefix(route, "/api/digitalvcvassociation/"):
			return p.assoc["mpvd"].key
		case strings.HasPrefix(route, "/api/admin/"):
			return fmt.Sprint(p.factory)
		case strings.HasPrefix(route, "/api/sensor/{factory}/"):
			return p.catalogItem(t, "sensor/dynamic", p.factory) // sensor/{factory}/{id}: a sensor of any type
		}
		if name != "{id}" {
			t.Fatalf("fill %s: no value for %s", route, name)
		}
		// A catalogue item: /api/user/{factory}/<tipo>/{id} or /api/<tipo>/{id}, or the
		// download of digital bands and VCVs, /api/user/{factory}/<tipo>/download/{id}.
		tipo, owner := strings.Join(segments[2:i], "/"), int64(0)
		if strings.HasPrefix(route, "/api/user/{factory}/") {
			tipo, owner = strings.Join(segments[4:i], "/"), p.factory
		}
		tipo = strings.TrimSuffix(tipo, "/download")
		return p.catalogItem(t, tipo, owner)
	}
	for i, s := range segments {
		if param.MatchString(s) {
			segments[i] = value(i, s)
		}
	}
	path = strings.Join(segments, "/")
	switch {
	case strings.HasSuffix(route, "/tree/children"):
		path += fmt.Sprintf("?Tipo=machine&ID=%d", p.machine)
	case strings.HasSuffix(route, "/tree/search"):
		path += "?q=Bomba"
	case strings.HasSuffix(route, "/bearing"), strings.HasSuffix(route, "/bearing/template"):
		path += "?Marca=SKF"
	}
	return path
}

// sample is the smallest value a schema accepts: each required property with a value of
// its type (the first of an enum, at least the minimum), so that a request reaches its
// service instead of being refused as invalid input.
func sample(reg huma.Registry, s *huma.Schema) any {
	if s.Ref != "" {
		s = reg.SchemaFromRef(s.Ref)
	}
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	switch s.Type {
	case "object":
		out := map[string]any{}
		for _, name := range s.Required {
			out[name] = sample(reg, s.Properties[name])
		}
		return out
	case "array":
		return []any{}
	case "integer", "number":
		if s.Minimum != nil {
			return *s.Minimum
		}
		return 1
	case "boolean":
		return false
	case "string":
		if s.Format == "date-time" {
			return "2026-01-01T00:00:00Z"
		}
		return "x"
	}
	return nil
}

// body is a request body the operation accepts, or nil when it takes none.
func body(a huma.API, op *huma.Operation) any {
	if op.RequestBody == nil || op.RequestBody.Content["application/json"] == nil {
		return nil
	}
	return sample(a.OpenAPI().Components.Schemas, op.RequestBody.Content["application/json"].Schema)
}
