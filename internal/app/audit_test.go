package app_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"vigia/internal/audit"
	"vigia/internal/platform/dbtest"
)

// auditEntry is a row of the log as the API answers it.
type auditEntry struct {
	ID           int64
	Fecha        string
	UsuarioID    *int64
	Usuario      string
	UsuFabricaID *int64
	MaquinaID    *int64
	Tipo         string
	Operacion    string
	Metodo       string
	Ruta         string
	ObjetoID     *string
	Nombre       string
	Antes        map[string]any
	Despues      map[string]any
}

type auditPage struct {
	Total int64
	Filas []auditEntry
}

// audit reads a page of the log as c.
func (c *client) audit(t *testing.T, path string) auditPage {
	t.Helper()
	st, body := c.do("GET", path, nil)
	if st != 200 {
		t.Fatalf("GET %s: %d %s", path, st, body)
	}
	return decode[auditPage](t, body)
}

// An edit is logged with who made it, when, on what, and the item before and after, in its
// own transaction: a refused write logs nothing, and neither does a read.
func TestAuditRecordsChanges(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, _, machine, _, _ := c.plant()
		admin := w.as("admin")
		created := admin.audit(t, fmt.Sprintf("/api/admin/audit?fabrica=%d&tipo=area", w.a))
		if created.Total != 1 || created.Filas[0].Operacion != "create-machine" || created.Filas[0].Antes != nil || created.Filas[0].Despues["NombreEs"] != "Bomba P-1" {
			t.Fatalf("the machine's creation: %+v", created)
		}

		st, body := c.do("GET", c.url("/machine/%d", machine), nil)
		if st != 200 {
			t.Fatalf("GET machine: %d %s", st, body)
		}
		m := decode[map[string]any](t, body)
		before := dbtest.Snapshot(t, w.d)
		m["NombreEs"] = "Bomba P-2"
		if st, body := c.do("PUT", c.url("/machine/%d", machine), m); st != 200 {
			t.Fatalf("PUT machine: %d %s", st, body)
		}
		if changed := dbtest.Changed(before, dbtest.Snapshot(t, w.d)); len(changed) == 0 {
			t.Fatal("the edit changed nothing")
		}

		log := admin.audit(t, "/api/admin/audit?size=1")
		if log.Total < 6 || len(log.Filas) != 1 {
			t.Fatalf("the log: %+v", log)
		}
		e := log.Filas[0]
		id := fmt.Sprint(machine)
		if e.Operacion != "edit-machine" || e.Metodo != "PUT" || e.Tipo != "machine" || e.Usuario != "editor" ||
			e.UsuarioID == nil || *e.UsuarioID != w.users["editor"].UsuarioID || e.UsuFabricaID == nil || *e.UsuFabricaID != w.a ||
			e.MaquinaID == nil || *e.MaquinaID != machine || e.ObjetoID == nil || *e.ObjetoID != id ||
			e.Ruta != fmt.Sprintf("/api/user/%d/machine/%d", w.a, machine) || e.Fecha == "" {
			t.Errorf("the edit's entry: %+v", e)
		}
		if e.Antes["NombreEs"] != "Bomba P-1" || e.Despues["NombreEs"] != "Bomba P-2" {
			t.Errorf("before %v, after %v", e.Antes["NombreEs"], e.Despues["NombreEs"])
		}

		// Refused (422) and read: nothing more in the log.
		m["NombreEs"] = ""
		if st, _ := c.do("PUT", c.url("/machine/%d", machine), m); st != 422 {
			t.Errorf("an empty name: %d", st)
		}
		c.do("GET", c.url("/machine/%d", machine), nil)
		if again := admin.audit(t, "/api/admin/audit"); again.Total != log.Total {
			t.Errorf("a refused write or a read was logged: %d then %d", log.Total, again.Total)
		}

		// A deletion keeps before, not after.
		if st, body := c.do("DELETE", c.url("/machine/%d", machine), nil); st >= 300 {
			t.Fatalf("DELETE machine: %d %s", st, body)
		}
		del := admin.audit(t, "/api/admin/audit?size=1").Filas[0]
		if del.Operacion != "delete-machine" || del.Antes["NombreEs"] != "Bomba P-2" || del.Despues != nil {
			t.Errorf("the deletion's entry: %+v", del)
		}

		// Accounts too, and a password never enters the log.
		u := w.users["lector"]
		if st, body := admin.do("PUT", fmt.Sprintf("/api/admin/users/%d", u.UsuarioID), map[string]any{"Login": u.Login, "Nombre": "Lectora",
			"Password": "otra-clave-123", "Tipos": u.Tipos, "Fabricas": u.Fabricas, "Idioma": "es", "Activo": true}); st != 200 {
			t.Fatalf("PUT user: %d %s", st, body)
		}
		acc := admin.audit(t, "/api/admin/audit?tipo=users").Filas
		if len(acc) != 1 || acc[0].Operacion != "update-user" || acc[0].Antes["Nombre"] != "Lector A" || acc[0].Despues["Nombre"] != "Lectora" ||
			acc[0].Usuario != "admin" || acc[0].UsuFabricaID != nil || acc[0].Despues["Password"] != nil {
			t.Errorf("the account's entry: %+v", acc)
		}
	})
}

// The filters and the pages of the log, and who may read it: ADMIN only for the whole log,
// the factory's users for a machine's history (404 for another factory's machine).
func TestAuditFiltersAndAccess(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		a := w.treeAs("editor", w.a)
		_, _, machine, _, _ := a.plant()
		b := w.treeAs("editorb", w.b)
		b.create("/site", "UsuCentroID", map[string]any{"NombreEs": "Centro B", "Pais": "ES", "Ciudad": "Vigo"})
		admin := w.as("admin")

		all := admin.audit(t, "/api/admin/audit")
		if all.Total != 6 || len(all.Filas) != 6 || all.Filas[0].Usuario != "editorb" {
			t.Fatalf("the whole log, newest first: %+v", all)
		}
		for _, tc := range []struct {
			query string
			total int64
		}{
			{fmt.Sprintf("fabrica=%d", w.a), 5},
			{fmt.Sprintf("fabrica=%d", w.b), 1},
			{fmt.Sprintf("usuario=%d", w.users["editorb"].UsuarioID), 1},
			{"tipo=site", 3},
			{"tipo=machine", 1},
			{"tipo=machine&tipo=site", 4}, // any of the kinds (a subject of the log's filter is several)
			{"desde=2000-01-01&hasta=2999-12-31", 6},
			{"hasta=2000-01-01", 0},
		} {
			if got := admin.audit(t, "/api/admin/audit?"+tc.query); got.Total != tc.total || int64(len(got.Filas)) != tc.total {
				t.Errorf("%s: %d rows of %d, want %d", tc.query, len(got.Filas), got.Total, tc.total)
			}
		}
		first, second := admin.audit(t, "/api/admin/audit?size=2"), admin.audit(t, "/api/admin/audit?size=2&from=2")
		if len(first.Filas) != 2 || len(second.Filas) != 2 || first.Total != 6 || first.Filas[1].ID <= second.Filas[0].ID {
			t.Errorf("pages: %+v then %+v", first, second)
		}
		if st, body := admin.do("GET", "/api/admin/audit?desde=ayer", nil); st != 422 || errorsOf(t, body)[0]["field"] != "desde" {
			t.Errorf("a bad date: %d %s", st, body)
		}
		for _, login := range []string{"editor", "lector"} {
			if st, _ := w.as(login).do("GET", "/api/admin/audit", nil); st != 403 {
				t.Errorf("%s reads the log: %d", login, st)
			}
		}

		history := w.as("lector").audit(t, fmt.Sprintf("/api/user/%d/machine/%d/audit", w.a, machine))
		// Its creation (through its area's path), its component's and its point's (under the
		// component's path, the machine looked up), newest first, each by its item's name.
		if history.Total != 3 || history.Filas[0].Operacion != "create-point" || history.Filas[1].Operacion != "create-component" || history.Filas[2].Operacion != "create-machine" ||
			history.Filas[0].Nombre != "LOA" || history.Filas[2].Nombre != "Bomba P-1" {
			t.Errorf("the machine's history: %+v", history)
		}
		if st, _ := b.do("GET", fmt.Sprintf("/api/user/%d/machine/%d/audit", w.b, machine), nil); st != 404 {
			t.Errorf("another factory's machine history: %d", st)
		}
	})
}

// The kind of a change is the first fixed segment of its path.
func TestAuditKind(t *testing.T) {
	t.Parallel()
	for pattern, want := range map[string]string{
		"/api/user/{factory}/vcv/{id}":                            "vcv",
		"/api/user/{factory}/mpv/machine/{machine}/point/{point}": "mpv",
		"/api/admin/users/{id}":                                   "users",
		"/api/equipment/alert10/{id}":                             "equipment",
		"/api/band/{id}":                                          "band",
		"/api/user/{factory}/machine/{machine}/configuration":     "machine",
	} {
		if got := audit.Kind(pattern); got != want {
			t.Errorf("Kind(%s) = %s, want %s", pattern, got, want)
		}
	}
}

// A reference value's edit is logged with the row before and after it (read at
// GET .../mpv/reference/{id}/values), and a dissociation with the reference values it took.
func TestAuditReferenceValues(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		st, body := p.signedIn.do("GET", p.url("/mpv/%s/reference", p.assoc["mpv"].id), nil)
		refs := decode[[]map[string]any](t, body)
		if st != 200 || len(refs) == 0 {
			t.Fatalf("the association's references: %d %s", st, body)
		}
		row := fmt.Sprint(int64(refs[0]["UsuValorReferenciaID"].(float64)))
		if st, body := p.signedIn.do("GET", p.url("/mpv/reference/%s/values", row), nil); st != 200 || decode[map[string]any](t, body)["V_H1_Aviso"] != refs[0]["V_H1_Aviso"] {
			t.Fatalf("one reference row: %d %s", st, body)
		}
		if st, body := p.signedIn.do("PUT", p.url("/mpv/reference/%s", row), with(noReferences(), map[string]any{"V_H1_Aviso": 1000, "V_H1_Alarma": 2000, "V_H1_Peligro": 3000})); st != 204 {
			t.Fatalf("save the row: %d %s", st, body)
		}
		log := p.signedIn.audit(t, fmt.Sprintf("/api/admin/audit?fabrica=%d&tipo=mpv", p.factory)).Filas
		if len(log) != 1 || log[0].Operacion != "set-reference-mpv" || log[0].Antes["V_H1_Aviso"] != refs[0]["V_H1_Aviso"] || log[0].Despues["V_H1_Aviso"] != 1000.0 || log[0].Despues["V_H1_Peligro"] != 3000.0 {
			t.Errorf("the reference edit's entry: %+v", log)
		}
		a := p.assoc["mpv"]
		if st, body := p.signedIn.do("DELETE", p.url("/mpv/machine/%d/point/%d/vcv/%s", a.machine, a.point, a.key), nil); st >= 300 {
			t.Fatalf("dissociate: %d %s", st, body)
		}
		_, body = p.signedIn.do("GET", fmt.Sprintf("/api/admin/audit?fabrica=%d&tipo=mpv&size=1", p.factory), nil)
		last := decode[struct {
			Filas []struct{ Operacion, Antes, Despues json.RawMessage }
		}](t, body).Filas
		if len(last) != 1 || string(last[0].Operacion) != `"dissociate-mpv"` || !strings.Contains(string(last[0].Antes), `"V_H1_Aviso":1000`) || string(last[0].Despues) != "null" {
			t.Errorf("the dissociation's entry (its reference values before): %s", body)
		}
	})
}
