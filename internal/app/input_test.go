package app_test

import (
	"encoding/json"
	"fmt"
	"testing"
)

// Input an exploratory probe of the API found mishandled: each answers 422 on the field at
// fault, with that field's rule, and changes nothing.

// TREE-037: a name of nothing but invisible characters (a NUL, other control characters, a
// zero-width space) is no name; a control character inside one is refused, not stored (a
// NUL would fail PostgreSQL's text columns).
func TestInvisibleNamesAreEmpty(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, area, _, _, _ := c.plant()
		_, before := c.do("GET", c.url("/area/%d", area), nil)
		for _, tc := range []struct{ name, code string }{
			{"\u0000", "required"},
			{"\u0007\b", "required"},
			{"\u200b", "required"},
			{"\ufeff \u200e", "required"},
			{"Bom\u0000beo", "control_char"},
		} {
			st, body := c.do("PUT", c.url("/area/%d", area), map[string]any{"NombreEs": tc.name, "NombreEn": tc.name})
			if st != 422 || errorsOf(t, body)[0]["field"] != "NombreEs" || errorsOf(t, body)[0]["code"] != tc.code {
				t.Errorf("area named %q: %d %s, want 422 %s on NombreEs", tc.name, st, body, tc.code)
			}
		}
		if _, after := c.do("GET", c.url("/area/%d", area), nil); string(after) != string(before) {
			t.Errorf("a refused name changed the area: %s", after)
		}
		// The tree's other texts go through the same rules: a machine's explanation, a
		// component's comment.
		_, _, machine, component, _ := c.plant()
		_, body := c.do("GET", c.url("/machine/%d", machine), nil)
		if st, body := c.do("PUT", c.url("/machine/%d", machine), with(decode[map[string]any](t, body), map[string]any{"ExplicacionEs": "Revi\u0000sar"})); st != 422 || errorsOf(t, body)[0]["field"] != "ExplicacionEs" {
			t.Errorf("an explanation with a NUL: %d %s", st, body)
		}
		_, body = c.do("GET", c.url("/component/%d", component), nil)
		st, body := c.do("PUT", c.url("/component/%d", component), with(decode[map[string]any](t, body), map[string]any{"ComentarioEs": "\u200bLado acople\u200b"}))
		if got := decode[map[string]any](t, body); st != 200 || got["ComentarioEs"] != "Lado acople" {
			t.Errorf("a comment trimmed of its invisible ends: %d %s", st, body)
		}
		// Invisible characters around a name are trimmed as spaces are.
		st, body = c.do("PUT", c.url("/area/%d", area), map[string]any{"NombreEs": "\u200bBombeo 2\u0000 "})
		if got := decode[map[string]any](t, body); st != 200 || got["NombreEs"] != "Bombeo 2" || got["NombreEn"] != "Bombeo 2" {
			t.Errorf("trimmed name: %d %s", st, body)
		}
	})
}

// MACH-079: a number out of its field's Go range (1e30 for an int64) names that field, as
// the schema's number errors do, not the whole body.
func TestOutOfRangeNumberNamesItsField(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, _, machine, _, _ := c.plant()
		var dynamic catalogKind
		for _, k := range sensorKinds {
			if k.path == "sensor/dynamic" {
				dynamic = k
			}
		}
		machineBody := map[string]any{"NombreEs": "M", "Actualizacion": "VCOV", "VelocidadVariable": false, "Online": false, "TiempoAprendizaje": 0, "KOSSensor": false}
		for _, tc := range []struct {
			method, path string
			body         map[string]any
			field        string
		}{
			{"PUT", c.url("/machine/%d", machine), with(machineBody, map[string]any{"Kw": 1e30}), "Kw"},
			{"PUT", c.url("/machine/%d", machine), with(machineBody, map[string]any{"Kw": -1e19}), "Kw"},
			{"POST", c.url("/sensor/dynamic"), with(dynamic.valid, map[string]any{"TiempoEstabilidad": 1e30}), "TiempoEstabilidad"},
			// The sensors' common call, whose type its body says, decodes the same way.
			{"POST", fmt.Sprintf("/api/sensor/%d", w.a), with(dynamic.valid, map[string]any{"Tipo": "dynamic", "TiempoEstabilidad": 1e30}), "TiempoEstabilidad"},
		} {
			st, body := c.do(tc.method, tc.path, tc.body)
			if st != 422 || errorsOf(t, body)[0]["field"] != tc.field || errorsOf(t, body)[0]["code"] != "invalid" {
				t.Errorf("%s %v: %d %s, want 422 invalid on %s", tc.path, tc.body[tc.field], st, body, tc.field)
			}
		}
	})
}

// EQP-008, EQP-029: a page that starts before the first row is the start's fault, whatever
// its end; an end before the start (or too far after it) is the end's.
func TestPageBoundsNameTheirField(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		for _, tc := range []struct{ path, field, code string }{
			{"/api/equipment/alert10/filter/-1/5", "from", "min_value"},
			{"/api/equipment/concentrator/filter/-5/-1", "from", "min_value"},
			{"/api/mems/filter/from/-1/to/5", "from", "min_value"},
			{"/api/equipment/alert10/filter/5/2", "to", "range"},
			{"/api/equipment/alert10/filter/0/1001", "to", "range"},
		} {
			st, body := admin.do("GET", tc.path, nil)
			if st != 422 || errorsOf(t, body)[0]["field"] != tc.field || errorsOf(t, body)[0]["code"] != tc.code {
				t.Errorf("%s: %d %s, want 422 %s on %s", tc.path, st, body, tc.code, tc.field)
			}
		}
		if st, body := admin.do("GET", "/api/equipment/alert10/filter/0/1000", nil); st != 200 {
			t.Errorf("a whole page: %d %s", st, body)
		}
	})
}

// A login that differs from another only by case (EDITOR beside editor) would be a second,
// look-alike account: refused as a duplicate, on creation and on renaming. Sign-in still
// matches exactly, and an account keeping its login is still edited.
func TestLoginsDifferingByCaseAreDuplicates(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		lector := fmt.Sprintf("/api/admin/users/%d", w.users["lector"].UsuarioID)
		for _, tc := range []struct {
			method, path string
			body         map[string]any
			field, code  string
		}{
			{"POST", "/api/admin/users", map[string]any{"Login": "EDITOR", "Nombre": "X", "Password": "otra-clave-larga-1"}, "Login", "duplicate"},
			{"POST", "/api/admin/users", map[string]any{"Login": "Admin", "Nombre": "X", "Password": "otra-clave-larga-1"}, "Login", "duplicate"},
			{"POST", "/api/admin/users", map[string]any{"Login": "ad\u200bmin", "Nombre": "X", "Password": "otra-clave-larga-1"}, "Login", "login_chars"},
			{"PUT", lector, map[string]any{"Login": "Editor", "Nombre": "Lector A", "Tipos": []string{"U_LECTOR"}, "Fabricas": []int64{w.a}}, "Login", "duplicate"},
		} {
			st, body := admin.do(tc.method, tc.path, tc.body)
			if st != 422 || errorsOf(t, body)[0]["field"] != tc.field || errorsOf(t, body)[0]["code"] != tc.code {
				t.Errorf("%s %v: %d %s, want 422 %s on %s", tc.method, tc.body["Login"], st, body, tc.code, tc.field)
			}
		}
		if st, body := admin.do("GET", "/api/admin/users", nil); st != 200 || len(decode[[]map[string]any](t, body)) != len(w.users) {
			t.Errorf("refused logins changed the accounts: %d %s", st, body)
		}
		// Changing the case of one's own login is no look-alike of anyone.
		if st, body := admin.do("PUT", lector, map[string]any{"Login": "Lector", "Nombre": "Lector A", "Tipos": []string{"U_LECTOR"}, "Fabricas": []int64{w.a}}); st != 200 {
			t.Errorf("recasing a login: %d %s", st, body)
		}
		if st, _ := w.anon().do("POST", "/api/auth/login", map[string]string{"Login": "Lector", "Password": testPassword}); st != 200 {
			t.Errorf("sign-in with the login as it is: %d", st)
		}
		// A pair made before the rule: either account can still be edited (here, disabled)
		// while it keeps its login.
		if _, err := w.d.Exec(`UPDATE usuarios SET login = 'EDITOR' WHERE login = 'editorb'`); err != nil {
			t.Fatal(err)
		}
		pair := map[string]any{"Login": "EDITOR", "Nombre": "Editor B", "Tipos": []string{"U_EDITOR"}, "Fabricas": []int64{w.b}, "Activo": false}
		if st, body := admin.do("PUT", fmt.Sprintf("/api/admin/users/%d", w.users["editorb"].UsuarioID), pair); st != 200 {
			t.Errorf("editing one of a pair made before the rule: %d %s", st, body)
		}
	})
}

// A body that is not UTF-8 answers 400 invalid_utf8 and changes nothing, where encoding/json
// stored each invalid byte as U+FFFD: a catalogue create and an administrator's rename.
func TestInvalidUTF8BodyRefused(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.as("editor")
		bands := fmt.Sprintf("/api/user/%d/digitalband", w.a)
		_, before := c.do("GET", bands, nil)
		band := `{"Nombre": "Banda ` + "\xff\xfe" + `", "Frecuencia": "ORDENES", "Rango": "BR", "FrecuOrdenesInicial": "600", "FrecuOrdenesFinal": "6000"}`
		rename := `{"Nombre": "F` + "\xe1" + `brica B2"}` // Latin-1, not UTF-8
		for _, tc := range []struct {
			c           *client
			method, url string
			body        string
		}{
			{c, "POST", bands, band},
			{w.as("admin"), "PUT", fmt.Sprintf("/api/admin/factories/%d", w.b), rename},
		} {
			st, body := tc.c.do(tc.method, tc.url, json.RawMessage(tc.body))
			if e := errorsOf(t, body)[0]; st != 400 || e["code"] != "invalid_utf8" || e["message"] == "invalid_utf8" {
				t.Errorf("%s %s: %d %s", tc.method, tc.url, st, body)
			}
		}
		if _, after := c.do("GET", bands, nil); string(after) != string(before) {
			t.Errorf("a refused band was stored: %s", after)
		}
		if st, body := w.as("admin").do("GET", fmt.Sprintf("/api/admin/factories/%d", w.b), nil); st != 200 || decode[map[string]any](t, body)["Nombre"] != "Fábrica B" {
			t.Errorf("a refused rename changed the factory: %d %s", st, body)
		}
	})
}
