package app_test

import (
	"fmt"
	"testing"

	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

// device registers a device of kind (concentrator, alert10, alert10c, or "" for a sensor)
// as admin and answers it.
func device(t *testing.T, admin *client, kind string, body map[string]any) map[string]any {
	t.Helper()
	st, out := admin.do("POST", kindBase(kind), body)
	if st != 201 {
		t.Fatalf("register %s %v: %d %s", kind, body, st, out)
	}
	return decode[map[string]any](t, out)
}

func kindBase(kind string) string {
	if kind == "" {
		return "/api/mems"
	}
	return "/api/equipment/" + kind
}

func idOf(m map[string]any) int64 { return int64(m["ID"].(float64)) }

// assign puts a device at a node of the admin tree as admin.
func assign(t *testing.T, admin *client, kind string, id int64, node map[string]any) {
	t.Helper()
	if st, out := admin.do("PUT", fmt.Sprintf("%s/%d/admintree", kindBase(kind), id), node); st/100 != 2 {
		t.Fatalf("assign %s %d to %v: %d %s", kind, id, node, st, out)
	}
}

// registerDevice registers a device of kind for factory and answers its GUID.
func registerDevice(t *testing.T, admin *client, kind, serial string, factory int64) string {
	t.Helper()
	e := device(t, admin, kind, map[string]any{"NumeroSerie": serial})
	assign(t, admin, kind, idOf(e), map[string]any{"UsuFabricaId": factory})
	return guidOf(e)
}

func guidOf(e map[string]any) string {
	for _, f := range []string{"EquipoGUID", "GenEquipoGUID", "SensorGUID"} {
		if g, ok := e[f].(string); ok {
			return g
		}
	}
	return ""
}

// channel0 puts a machine's VCO on a channel of device.
func channel0(c *treeClient, machine, vco, canal int64, device string) (int, []byte) {
	return c.do("POST", c.url("/machineocv/channel"), map[string]any{"TipoAsig": "MVCO", "AdminEquipoGUID": device, "UsuMaquinaId": machine,
		"UsuPuntoVibracionId": nil, "Direccion": nil, "Canal": canal, "UsuCriterioId": nil, "UsuVco_vId": vco, "TipoEquipo": "ALERT10"})
}

func serials(t *testing.T, c *client, path string) []string {
	t.Helper()
	st, body := c.do("GET", path, nil)
	if st != 200 {
		t.Fatalf("GET %s: %d %s", path, st, body)
	}
	out := []string{}
	for _, e := range decode[[]map[string]any](t, body) {
		out = append(out, e["NumeroSerie"].(string))
	}
	return out
}

func sameList(a, b []string) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

// The gateway and alert-device registry: registration, identifiers, token, filters and
// pages, the admin tree and assignment, users, who sees what, the Alert10C of a gateway and
// the swap of gateways (EQP-002..EQP-024).
func TestEquipmentRegistry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		admin, editor, editorB := w.as("admin"), w.as("editor"), w.as("editorb")
		c := w.treeAs("editor", w.a)
		site, _, machine, _, _ := c.plant()

		// EQP-020: registration answers the item with its identifier (EQP-002) and token once.
		g := device(t, admin, "concentrator", map[string]any{"NumeroSerie": " KG-1 ", "Alias": "Nave 1"})
		if g["EquipoGUID"] == nil || g["Token"] == nil || g["NumeroSerie"] != "KG-1" || g["Tipo"] != "CONCENTRADOR" {
			t.Errorf("EQP-020, EQP-002 gateway: %v", g)
		}
		a10 := device(t, admin, "alert10", map[string]any{"NumeroSerie": "KA-1"})
		if a10["GenEquipoGUID"] == nil || a10["EquipoGUID"] != nil {
			t.Errorf("EQP-003 the alert device is identified by GenEquipoGUID: %v", a10)
		}
		g2 := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "KG-2"})
		for _, tc := range []struct {
			name, kind string
			body       map[string]any
			field      string
			code       string
		}{
			{"serial required", "concentrator", map[string]any{"NumeroSerie": " "}, "NumeroSerie", "required"},
			{"serial unique", "alert10", map[string]any{"NumeroSerie": "KG-1"}, "NumeroSerie", "duplicate"},
			{"Alert10C needs its gateway", "alert10c", map[string]any{"NumeroSerie": "KC-9"}, "ConcentradorId", "required"},
			{"the gateway must be one", "alert10c", map[string]any{"NumeroSerie": "KC-9", "ConcentradorId": idOf(a10)}, "ConcentradorId", "unknown"},
			{"alias within 100", "concentrator", map[string]any{"NumeroSerie": "KG-9", "Alias": string(make([]byte, 101))}, "Alias", "max_length"},
		} {
			st, body := admin.do("POST", kindBase(tc.kind), tc.body)
			if st != 422 || errorsOf(t, body)[0]["field"] != tc.field || errorsOf(t, body)[0]["code"] != tc.code {
				t.Errorf("%s: %d %s", tc.name, st, body)
			}
		}
		ac := device(t, admin, "alert10c", map[string]any{"NumeroSerie": "KC-1", "ConcentradorId": idOf(g)})
		if ac["EquipoGUID"] == nil || ac["ConcentradorId"] != float64(idOf(g)) {
			t.Errorf("EQP-004 the Alert10C is identified by EquipoGUID, behind its gateway: %v", ac)
		}
		for _, u := range []*client{editor, w.as("lector")} {
			if st, _ := u.do("POST", "/api/equipment/concentrator", map[string]any{"NumeroSerie": "KG-X"}); st != 403 {
				t.Errorf("only ADMIN registers: %d", st)
			}
		}

		// EQP-007, EQP-009, EQP-008 (filter and page), count.
		if got := serials(t, admin, "/api/equipment/concentrator"); !sameList(got, []string{"KG-1", "KG-2"}) {
			t.Errorf("EQP-007 list: %v", got)
		}
		if st, body := admin.do("GET", fmt.Sprintf("/api/equipment/concentrator/%d", idOf(g)), nil); st != 200 || decode[map[string]any](t, body)["Alias"] != "Nave 1" {
			t.Errorf("EQP-009 get: %d %s", st, body)
		}
		if got := serials(t, admin, "/api/equipment/concentrator/filter/1/2"); !sameList(got, []string{"KG-2"}) {
			t.Errorf("EQP-008 page: %v", got)
		}
		if got := serials(t, admin, "/api/equipment/concentrator/filter/0/10?Alias=nave"); !sameList(got, []string{"KG-1"}) {
			t.Errorf("EQP-008 filter: %v", got)
		}
		if st, body := admin.do("GET", "/api/equipment/concentrator/count?NumeroSerie=kg", nil); st != 200 || string(body) != "2\n" && string(body) != "2" {
			t.Errorf("count: %d %s", st, body)
		}
		if st, _ := admin.do("GET", "/api/equipment/concentrator/filter/5/2", nil); st != 422 {
			t.Errorf("a page ends after it starts: %d", st)
		}

		// The admin tree (distributor > partner > factory > site) and EQP-024 assignment.
		var dist, partner map[string]any
		if st, body := admin.do("POST", "/api/admin/tree/distributor", map[string]any{"Nombre": "Iberia"}); st == 201 {
			dist = decode[map[string]any](t, body)
		} else {
			t.Fatalf("add distributor: %d %s", st, body)
		}
		if st, body := admin.do("POST", "/api/admin/tree/partner", map[string]any{"Nombre": "Norte", "DistribuidorId": dist["ID"]}); st == 201 {
			partner = decode[map[string]any](t, body)
		} else {
			t.Fatalf("add partner: %d %s", st, body)
		}
		if st, _ := admin.do("PUT", fmt.Sprintf("/api/admin/tree/factory/%d", w.a), map[string]any{"SocioId": partner["ID"]}); st != 204 {
			t.Errorf("factory under partner: %d", st)
		}
		if st, _ := editor.do("GET", "/api/admin/tree", nil); st != 403 {
			t.Errorf("the admin tree is ADMIN's: %d", st)
		}
		_, body := admin.do("GET", "/api/admin/tree", nil)
		tree := decode[[]map[string]any](t, body)
		if len(tree) != 2 || tree[0]["Nombre"] != "Iberia" || tree[0]["Hijos"].([]any)[0].(map[string]any)["Hijos"].([]any)[0].(map[string]any)["ID"] != float64(w.a) {
			t.Errorf("admin tree: %s", body)
		}
		if got := serials(t, admin, "/api/equipment/concentrator/unassign"); !sameList(got, []string{"KG-1", "KG-2"}) {
			t.Errorf("EQP-010 unassigned: %v", got)
		}
		if st, body := admin.do("PUT", fmt.Sprintf("/api/equipment/concentrator/%d/admintree", idOf(g)), map[string]any{"UsuCentroId": site}); st != 200 || string(body) != "true\n" && string(body) != "true" {
			t.Errorf("EQP-024 assign answers true: %d %s", st, body)
		}
		_, body = admin.do("GET", fmt.Sprintf("/api/equipment/concentrator/%d/admintree", idOf(g)), nil)
		if a := decode[map[string]any](t, body); a["UsuFabricaId"] != float64(w.a) || a["SocioId"] != partner["ID"] || a["DistribuidorId"] != dist["ID"] || a["Nombre"] != "Centro" {
			t.Errorf("EQP-024 the path above the node is derived: %s", body)
		}
		for path, want := range map[string][]string{
			"/api/equipment/concentrator/unassign":                                {"KG-2"},
			fmt.Sprintf("/api/equipment/concentrator/site/%d", site):              {"KG-1"}, // EQP-011
			fmt.Sprintf("/api/equipment/concentrator/factory/%d", w.a):            {"KG-1"}, // EQP-017
			fmt.Sprintf("/api/equipment/concentrator/partner/%v", partner["ID"]):  {"KG-1"}, // EQP-015
			fmt.Sprintf("/api/equipment/concentrator/distributor/%v", dist["ID"]): {"KG-1"}, // EQP-016
			fmt.Sprintf("/api/equipment/alert10c/site/%d", site):                  {"KC-1"}, // what is behind a gateway follows it
			fmt.Sprintf("/api/equipment/concentrator/%d/alert10c", idOf(g)):       {"KC-1"}, // EQP-019
		} {
			if got := serials(t, admin, path); !sameList(got, want) {
				t.Errorf("%s: %v, want %v", path, got, want)
			}
		}
		// Who sees what: the factory's users see its devices; another factory's do not.
		if got := serials(t, editor, "/api/equipment/concentrator"); !sameList(got, []string{"KG-1"}) {
			t.Errorf("the editor sees the factory's devices: %v", got)
		}
		if got := serials(t, editorB, "/api/equipment/concentrator"); len(got) != 0 {
			t.Errorf("another factory's editor sees nothing: %v", got)
		}
		if st, _ := editorB.do("GET", fmt.Sprintf("/api/equipment/concentrator/%d", idOf(g)), nil); st != 404 {
			t.Errorf("another factory's device is 404: %d", st)
		}
		if st, _ := editor.do("PUT", fmt.Sprintf("/api/equipment/concentrator/%d/admintree", idOf(g)), map[string]any{"UsuFabricaId": w.a}); st != 403 {
			t.Errorf("only ADMIN assigns a gateway: %d", st)
		}

		// EQP-021 edit; EQP-022, EQP-023 users; a new token.
		if st, _ := admin.do("PUT", fmt.Sprintf("/api/equipment/concentrator/%d", idOf(g2)), map[string]any{"NumeroSerie": "KG-2", "Alias": "Reserva"}); st != 204 {
			t.Errorf("EQP-021 edit: %d", st)
		}
		if st, _ := admin.do("PUT", fmt.Sprintf("/api/equipment/%d/assign/user/%d", idOf(g), w.users["editor"].UsuarioID), nil); st != 204 {
			t.Errorf("EQP-023 assign user: %d", st)
		}
		if got := serials(t, admin, "/api/equipment/concentrator/unassign/user"); !sameList(got, []string{"KG-2"}) {
			t.Errorf("EQP-022 devices without a user: %v", got)
		}
		st, body := admin.do("POST", fmt.Sprintf("/api/equipment/%d/token", idOf(g)), nil)
		if st != 200 || decode[map[string]any](t, body)["Token"] == g["Token"] {
			t.Errorf("a new token: %d %s", st, body)
		}

		// EQP-018: a free gateway takes another's place, with its machines and devices.
		if st, body := c.do("PUT", c.url("/machine/%d", machine), map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 55, "VelocidadVariable": false, "TiempoAprendizaje": 0,
			"EquipoConcentrador": guidOf(g), "EquipoAlert10C": guidOf(ac)}); st != 200 {
			t.Fatalf("machine with gateway and Alert10C: %d %s", st, body)
		}
		if st, _ := admin.do("POST", fmt.Sprintf("/api/equipment/concentrator/%d/change/%d", idOf(g2), idOf(g)), nil); st != 400 {
			t.Errorf("a gateway in use cannot take another's place: %d", st)
		}
		if st, body := admin.do("POST", fmt.Sprintf("/api/equipment/concentrator/%d/change/%d", idOf(g), idOf(g2)), nil); st != 204 {
			t.Fatalf("EQP-018 change: %d %s", st, body)
		}
		_, body = c.do("GET", c.url("/machine/%d", machine), nil)
		if m := decode[map[string]any](t, body); m["EquipoConcentrador"] != guidOf(g2) || m["EquipoAlert10C"] != guidOf(ac) {
			t.Errorf("EQP-018 the machine uses the new gateway: %s", body)
		}
		if got := serials(t, admin, fmt.Sprintf("/api/equipment/concentrator/%d/alert10c", idOf(g2))); !sameList(got, []string{"KC-1"}) {
			t.Errorf("EQP-018 the Alert10C moved: %v", got)
		}
		if got := serials(t, admin, "/api/equipment/concentrator/unassign"); !sameList(got, []string{"KG-1"}) {
			t.Errorf("EQP-018 the old gateway is free: %v", got)
		}
		// A device installed on a machine stays in its factory.
		if st, body := admin.do("PUT", fmt.Sprintf("/api/equipment/concentrator/%d/admintree", idOf(g2)), map[string]any{"UsuFabricaId": w.b}); st != 400 || errorsOf(t, body)[0]["code"] != "in_use" {
			t.Errorf("an installed gateway cannot leave its factory: %d %s", st, body)
		}
	})
}

// The machine's devices: one table over every combination of online, gateway, alert device,
// Alert10C and digital sensors (MACH-027..MACH-035), plus the devices' own rules.
func TestMachineEquipmentRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		admin := w.as("admin")
		c := w.treeAs("editor", w.a)
		_, area, machine, _, _ := c.plant()
		gateway := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "KG-1"})
		assign(t, admin, "concentrator", idOf(gateway), map[string]any{"UsuFabricaId": w.a})
		behind := device(t, admin, "alert10c", map[string]any{"NumeroSerie": "KC-1", "ConcentradorId": idOf(gateway)})
		alert := registerDevice(t, admin, "alert10", "KA-1", w.a)
		url := c.url("/machine/%d", machine)
		body := func(online, g, a, ac, kos bool) map[string]any {
			b := map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "Online": online, "Kw": 55, "KOSSensor": kos, "VelocidadVariable": false, "TiempoAprendizaje": 0}
			for _, f := range []struct {
				on    bool
				field string
				guid  string
			}{{g, "EquipoConcentrador", guidOf(gateway)}, {a, "EquipoAlert10", alert}, {ac, "EquipoAlert10C", guidOf(behind)}} {
				if f.on {
					b[f.field] = f.guid
				}
			}
			return b
		}
		for combo := range 32 {
			online, g, a, ac, kos := combo&1 != 0, combo&2 != 0, combo&4 != 0, combo&8 != 0, combo&16 != 0
			var want string
			switch {
			case a && (g || ac || kos): // MACH-027, MACH-029, MACH-030, MACH-032, MACH-034
				want = "exclusive"
			case ac && kos: // MACH-033, MACH-035
				want = "exclusive"
			case (a || ac) && !online: // MACH-028, MACH-031
				want = "needs_online"
			case ac && !g: // MACH-036, MACH-037: an Alert10C is chosen among the gateway's
				want = "not_behind"
			}
			st, out := c.do("PUT", url, body(online, g, a, ac, kos))
			name := fmt.Sprintf("online=%v gateway=%v alert=%v alert10c=%v kos=%v", online, g, a, ac, kos)
			if want == "" {
				got := decode[map[string]any](t, out)
				if st != 200 || (got["EquipoAlert10"] != nil) != a || (got["EquipoAlert10C"] != nil) != ac || got["KOSSensor"] != kos {
					t.Errorf("%s: %d %s", name, st, out)
				}
				continue
			}
			if st != 422 || errorsOf(t, out)[0]["code"] != want {
				t.Errorf("%s: want %s, got %d %s", name, want, st, out)
			}
		}

		// An alert device serves one machine; a copy of a machine leaves its devices behind.
		if st, _ := c.do("PUT", url, body(true, false, true, false, false)); st != 200 {
			t.Fatal("machine with alert device")
		}
		other := c.create(fmt.Sprintf("/area/%d/machine", area), "UsuMaquinaID", map[string]any{"NombreEs": "Bomba P-2", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 1, "VelocidadVariable": false, "TiempoAprendizaje": 0})
		if st, out := c.do("PUT", c.url("/machine/%d", other), with(body(true, false, true, false, false), map[string]any{"NombreEs": "Bomba P-2"})); st != 422 || errorsOf(t, out)[0]["code"] != "equipment_taken" {
			t.Errorf("an alert device serves one machine: %d %s", st, out)
		}
		st, out := c.do("POST", c.url("/area/%d/paste", area), map[string]any{"UsuMaquinaId": machine})
		if st != 201 || decode[map[string]any](t, out)["EquipoAlert10"] != nil {
			t.Errorf("a pasted machine has no devices: %d %s", st, out)
		}
		// Only the factory's devices: another factory's, or unassigned, are unknown.
		foreign := registerDevice(t, admin, "alert10", "KA-B", w.b)
		if st, out := c.do("PUT", c.url("/machine/%d", other), map[string]any{"NombreEs": "Bomba P-2", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 1, "VelocidadVariable": false, "TiempoAprendizaje": 0, "EquipoAlert10": foreign}); st != 422 || errorsOf(t, out)[0]["code"] != "unknown" {
			t.Errorf("another factory's device: %d %s", st, out)
		}
		// EQP-012..EQP-014: the options of a machine leave out alert devices of other machines.
		for path, want := range map[string][]string{
			fmt.Sprintf("/api/equipment/alert10/factory/%d/machine/%d/all", w.a, other):   {},
			fmt.Sprintf("/api/equipment/alert10/factory/%d/machine/%d/all", w.a, machine): {"KA-1"},
			fmt.Sprintf("/api/equipment/alert10/factory/%d/area/%d/all", w.a, area):       {},
			fmt.Sprintf("/api/equipment/concentrator/factory/%d/area/%d/all", w.a, area):  {"KG-1"},
		} {
			if got := serials(t, c.client, path); !sameList(got, want) {
				t.Errorf("%s: %v, want %v", path, got, want)
			}
		}
	})
}
