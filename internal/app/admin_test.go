package app_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
)

// Factories: ADMIN creates and renames; invalid input answers 422 on the field and changes
// nothing; non-admins list only their own factories.
func TestAdminFactories(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		st, body := admin.do("POST", "/api/admin/factories", map[string]string{"Nombre": "  Planta Sur ", "Referencia": "S-1"})
		if st != 201 {
			t.Fatalf("create: %d %s", st, body)
		}
		created := decode[auth.Factory](t, body)
		if created.Nombre != "Planta Sur" || created.Referencia != "S-1" {
			t.Errorf("created: %+v", created)
		}
		for _, tc := range []struct {
			name        string
			method, url string
			body        map[string]string
			status      int
			field, code string
		}{
			{"empty name", "POST", "/api/admin/factories", map[string]string{"Nombre": "  "}, 422, "Nombre", "required"},
			{"long name", "POST", "/api/admin/factories", map[string]string{"Nombre": strings.Repeat("x", 101)}, 422, "Nombre", "max_length"},
			{"duplicate", "POST", "/api/admin/factories", map[string]string{"Nombre": "Fábrica A"}, 422, "Nombre", "duplicate"},
			{"rename to a used name", "PUT", fmt.Sprintf("/api/admin/factories/%d", created.UsuFabricaID), map[string]string{"Nombre": "Fábrica B"}, 422, "Nombre", "duplicate"},
			{"missing", "PUT", "/api/admin/factories/9999", map[string]string{"Nombre": "X"}, 404, "", "not_found"},
		} {
			st, body := admin.do(tc.method, tc.url, tc.body)
			e := errorsOf(t, body)[0]
			if st != tc.status || e["field"] != tc.field || e["code"] != tc.code || e["message"] == "" {
				t.Errorf("%s: %d %s", tc.name, st, body)
			}
		}
		st, body = admin.do("PUT", fmt.Sprintf("/api/admin/factories/%d", created.UsuFabricaID), map[string]string{"Nombre": "Planta Sur 2"})
		if st != 200 || decode[auth.Factory](t, body).Nombre != "Planta Sur 2" || decode[auth.Factory](t, body).Referencia != "" {
			t.Errorf("rename: %d %s", st, body)
		}
		// Three factories and the template workspace, last.
		if st, body := admin.do("GET", "/api/admin/factories", nil); len(decode[[]auth.Factory](t, body)) != 4 || !decode[[]auth.Factory](t, body)[3].Plantilla {
			t.Errorf("admin list: %d %s", st, body)
		}
		if st, body := w.as("lector").do("GET", "/api/admin/factories", nil); len(decode[[]auth.Factory](t, body)) != 1 {
			t.Errorf("reader list: %d %s", st, body)
		}
	})
}

// Users: create with several types (AUTH-002), validation per field, disable and password
// reset end the user's sessions, and "end sessions" signs them out.
func TestAdminUsers(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		in := map[string]any{"Login": "nuevo", "Nombre": "Nuevo Usuario", "Password": testPassword, "Tipos": []string{"u_editor", "ADMIN", "ADMIN"}, "Fabricas": []int64{w.a}, "Idioma": "fr"}
		st, body := admin.do("POST", "/api/admin/users", in)
		if st != 201 {
			t.Fatalf("create: %d %s", st, body)
		}
		u := decode[auth.User](t, body)
		if len(u.Tipos) != 2 || len(u.Fabricas) != 1 || !u.Activo || u.Idioma != "fr" {
			t.Errorf("created: %+v", u)
		}
		if st, body := w.as("nuevo").do("GET", "/api/auth/me", nil); st != 200 || len(decode[auth.Me](t, body).Fabricas) != 3 {
			t.Errorf("an ADMIN's factory list holds every factory: %d %s", st, body)
		}

		for _, tc := range []struct {
			name        string
			body        map[string]any
			field, code string
		}{
			{"no password", map[string]any{"Login": "x1", "Nombre": "X"}, "Password", "required"},
			{"short password", map[string]any{"Login": "x1", "Nombre": "X", "Password": "corta-9ch"}, "Password", "min_length"},
			{"common password", map[string]any{"Login": "x1", "Nombre": "X", "Password": "Password123"}, "Password", "common_password"},
			{"empty login", map[string]any{"Login": " ", "Nombre": "X", "Password": "clave-larga"}, "Login", "required"},
			{"login with spaces", map[string]any{"Login": "a b", "Nombre": "X", "Password": "clave-larga"}, "Login", "login_chars"},
			{"duplicate login", map[string]any{"Login": "editor", "Nombre": "X", "Password": "clave-larga"}, "Login", "duplicate"},
			{"unknown factory", map[string]any{"Login": "x1", "Nombre": "X", "Password": "clave-larga", "Fabricas": []int64{999}}, "Fabricas", "unknown_factory"},
			{"template workspace", map[string]any{"Login": "x1", "Nombre": "X", "Password": "clave-larga", "Fabricas": []int64{w.templates}}, "Fabricas", "unknown_factory"},
			{"unknown language", map[string]any{"Login": "x1", "Nombre": "X", "Password": "clave-larga", "Idioma": "de"}, "Idioma", "unknown_language"},
		} {
			st, body := admin.do("POST", "/api/admin/users", tc.body)
			if e := errorsOf(t, body)[0]; st != 422 || e["field"] != tc.field || e["code"] != tc.code {
				t.Errorf("%s: %d %s", tc.name, st, body)
			}
		}
		if st, body := admin.do("GET", "/api/admin/users", nil); len(decode[[]auth.User](t, body)) != 5 {
			t.Errorf("refused creations changed something: %d %s", st, body)
		}

		// Editing keeps the password when none is given.
		editorID := w.users["editor"].UsuarioID
		session := w.as("editor")
		upd := map[string]any{"Login": "editor", "Nombre": "Editora A", "Tipos": []string{"U_EDITOR"}, "Fabricas": []int64{w.a}, "Activo": true}
		if st, body := admin.do("PUT", fmt.Sprintf("/api/admin/users/%d", editorID), upd); st != 200 || decode[auth.User](t, body).Nombre != "Editora A" {
			t.Fatalf("edit: %d %s", st, body)
		}
		if st, _ := session.do("GET", "/api/auth/me", nil); st != 200 {
			t.Errorf("a plain edit ended the session: %d", st)
		}
		w.as("editor")

		// Disabling ends the sessions and refuses sign-in.
		upd["Activo"] = false
		if st, body := admin.do("PUT", fmt.Sprintf("/api/admin/users/%d", editorID), upd); st != 200 {
			t.Fatalf("disable: %d %s", st, body)
		}
		if st, _ := session.do("GET", "/api/auth/me", nil); st != 401 {
			t.Errorf("disabled user's session: %d, want 401", st)
		}
		if st, _ := w.anon().do("POST", "/api/auth/login", map[string]string{"Login": "editor", "Password": testPassword}); st != 401 {
			t.Errorf("disabled user signs in: %d, want 401", st)
		}

		// Resetting a password ends the sessions too; the new password works.
		lector := w.as("lector")
		lid := w.users["lector"].UsuarioID
		reset := map[string]any{"Login": "lector", "Nombre": "Lector A", "Password": "otra-clave-1", "Tipos": []string{"U_LECTOR"}, "Fabricas": []int64{w.a}}
		if st, body := admin.do("PUT", fmt.Sprintf("/api/admin/users/%d", lid), reset); st != 200 {
			t.Fatalf("reset: %d %s", st, body)
		}
		if st, _ := lector.do("GET", "/api/auth/me", nil); st != 401 {
			t.Errorf("session after reset: %d, want 401", st)
		}
		if st, _ := w.anon().do("POST", "/api/auth/login", map[string]string{"Login": "lector", "Password": "otra-clave-1"}); st != 200 {
			t.Errorf("new password: %d", st)
		}

		// Ending the sessions of an account signs it out everywhere.
		b := w.as("editorb")
		if st, _ := admin.do("DELETE", fmt.Sprintf("/api/admin/users/%d/sessions", w.users["editorb"].UsuarioID), nil); st != 204 {
			t.Errorf("end sessions: %d", st)
		}
		if st, _ := b.do("GET", "/api/auth/me", nil); st != 401 {
			t.Errorf("after end sessions: %d, want 401", st)
		}
		if st, _ := admin.do("DELETE", "/api/admin/users/9999/sessions", nil); st != 404 {
			t.Errorf("end sessions of a missing user: %d, want 404", st)
		}
	})
}

// The last active ADMIN can neither lose the type nor be disabled (nobody would be left to
// administer): 422 last_admin on the field, nothing changed. With a second ADMIN both work.
func TestAdminLastAdmin(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		url := fmt.Sprintf("/api/admin/users/%d", w.users["admin"].UsuarioID)
		for _, tc := range []struct {
			name, field string
			body        map[string]any
		}{
			{"demoted", "Tipos", map[string]any{"Login": "admin", "Nombre": "Admin", "Tipos": []string{"U_EDITOR"}, "Activo": true}},
			{"disabled", "Activo", map[string]any{"Login": "admin", "Nombre": "Admin", "Tipos": []string{"ADMIN"}, "Activo": false}},
		} {
			st, body := admin.do("PUT", url, tc.body)
			if e := errorsOf(t, body)[0]; st != 422 || e["field"] != tc.field || e["code"] != "last_admin" || e["message"] == "" || e["message"] == "last_admin" {
				t.Errorf("%s: %d %s", tc.name, st, body)
			}
		}
		if st, body := admin.do("GET", url, nil); st != 200 || !slices.Equal(decode[auth.User](t, body).Tipos, []string{"ADMIN"}) || !decode[auth.User](t, body).Activo {
			t.Errorf("a refused edit changed the last ADMIN: %d %s", st, body)
		}
		// A disabled ADMIN administers nothing, so it does not count.
		second := map[string]any{"Login": "admin2", "Nombre": "Admin 2", "Password": testPassword, "Tipos": []string{"ADMIN"}, "Activo": false}
		st, body := admin.do("POST", "/api/admin/users", second)
		if st != 201 {
			t.Fatalf("create: %d %s", st, body)
		}
		secondURL := fmt.Sprintf("/api/admin/users/%d", decode[auth.User](t, body).UsuarioID)
		demote := map[string]any{"Login": "admin", "Nombre": "Admin", "Tipos": []string{"U_EDITOR"}, "Activo": true}
		if st, body := admin.do("PUT", url, demote); st != 422 {
			t.Errorf("demoted beside a disabled ADMIN: %d %s", st, body)
		}
		second["Activo"] = true
		if st, body := admin.do("PUT", secondURL, second); st != 200 {
			t.Fatalf("enable: %d %s", st, body)
		}
		if st, body := admin.do("PUT", url, demote); st != 200 {
			t.Errorf("demoted beside another ADMIN: %d %s", st, body)
		}
	})
}

// Two ADMINs, the only active ones, demoting each other at the same moment: one of them
// is refused (last_admin), so an active ADMIN always remains. On PostgreSQL both counted
// the other and both passed, where nothing locked their rows.
func TestAdminDemotionsAtOnceKeepAnAdmin(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		ctx := context.Background()
		save := func(id int64, in auth.UserInput) error {
			return w.d.Tx(ctx, func(tx *sql.Tx) error { _, err := w.store.SaveUser(ctx, tx, id, in); return err })
		}
		active, inactive := true, false
		as := func(login string, types []string, on *bool) auth.UserInput {
			return auth.UserInput{Login: login, Nombre: login, Tipos: types, Activo: on}
		}
		logins := [2]string{"admin-x", "admin-y"}
		var ids [2]int64
		for i, login := range logins {
			u, err := w.store.CreateUser(ctx, auth.UserInput{Login: login, Nombre: login, Password: testPassword, Tipos: []string{auth.TypeAdmin}})
			if err != nil {
				t.Fatal(err)
			}
			ids[i] = u.UsuarioID
		}
		if err := save(w.users["admin"].UsuarioID, as("admin", []string{auth.TypeAdmin}, &inactive)); err != nil {
			t.Fatalf("disable the world's ADMIN: %v", err)
		}
		for round := range 8 {
			var wg sync.WaitGroup
			var errs [2]error
			start := make(chan struct{})
			for i := range 2 {
				// Each demotes the other.
				wg.Go(func() {
					<-start
					errs[i] = save(ids[1-i], as(logins[1-i], []string{"U_EDITOR"}, &active))
				})
			}
			close(start)
			wg.Wait()
			var admins int
			if err := w.d.QueryRow(`SELECT COUNT(*) FROM usuario_tipos t JOIN usuarios u ON u.id = t.usuario_id WHERE t.tipo = $1 AND u.activo`, auth.TypeAdmin).Scan(&admins); err != nil {
				t.Fatal(err)
			}
			if admins == 0 {
				t.Fatalf("round %d: no active ADMIN left (%v)", round, errs)
			}
			for _, err := range errs {
				if p, ok := api.AsProblem(err); err != nil && (!ok || p.Items[0].Code != "last_admin") {
					t.Errorf("round %d: a demotion failed otherwise than last_admin: %v", round, err)
				}
			}
			for i, login := range logins {
				if err := save(ids[i], as(login, []string{auth.TypeAdmin}, &active)); err != nil {
					t.Fatalf("round %d: make %s ADMIN again: %v", round, login, err)
				}
			}
		}
	})
}
