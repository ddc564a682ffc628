package app_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
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

// The gateway and alert-device registry: registration of each device family (EQP-001),
// identifiers, token, filters and pages, the admin tree and assignment, users, who sees what,
// the Alert10C of a gateway and the swap of gateways (EQP-002..EQP-024).
func TestEquipmentRegistry(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
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
			{"alias within 100", "concentrator", map[string]any{"NumeroSerie": "KG-9", "Alias": strings.Repeat("x", 101)}, "Alias", "max_length"},
			// The serial is a level of the device's MQTT topics (vigia/{serial}/config).
			{"no wildcard in the serial", "alert10", map[string]any{"NumeroSerie": "H3+X#"}, "NumeroSerie", "serial_topic"},
			{"no level separator in the serial", "concentrator", map[string]any{"NumeroSerie": "KG/9"}, "NumeroSerie", "serial_topic"},
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
		if st, body := admin.do("PUT", fmt.Sprintf("/api/equipment/concentrator/%d", idOf(g2)), map[string]any{"NumeroSerie": "KG#2"}); st != 422 || errorsOf(t, body)[0]["code"] != "serial_topic" {
			t.Errorf("a serial unfit for a topic on an edit: %d %s", st, body)
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
		if st, body := c.do("PUT", c.url("/machine/%d", machine), map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 55, "VelocidadVariable": false, "TiempoAprendizaje": 0, "KOSSensor": false,
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
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		c := w.treeAs("editor", w.a)
		site, area, machine, _, _ := c.plant()
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
		other := c.create(fmt.Sprintf("/area/%d/machine", area), "UsuMaquinaID", map[string]any{"NombreEs": "Bomba P-2", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 1, "VelocidadVariable": false, "TiempoAprendizaje": 0, "KOSSensor": false})
		if st, out := c.do("PUT", c.url("/machine/%d", other), with(body(true, false, true, false, false), map[string]any{"NombreEs": "Bomba P-2"})); st != 422 || errorsOf(t, out)[0]["code"] != "equipment_taken" {
			t.Errorf("an alert device serves one machine: %d %s", st, out)
		}
		st, out := c.do("POST", c.url("/area/%d/paste", area), map[string]any{"UsuMaquinaId": machine})
		if st != 201 || decode[map[string]any](t, out)["EquipoAlert10"] != nil {
			t.Errorf("a pasted machine has no devices: %d %s", st, out)
		}
		// Only the factory's devices: another factory's, or unassigned, are unknown.
		foreign := registerDevice(t, admin, "alert10", "KA-B", w.b)
		if st, out := c.do("PUT", c.url("/machine/%d", other), map[string]any{"NombreEs": "Bomba P-2", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 1, "VelocidadVariable": false, "TiempoAprendizaje": 0, "KOSSensor": false, "EquipoAlert10": foreign}); st != 422 || errorsOf(t, out)[0]["code"] != "unknown" {
			t.Errorf("another factory's device: %d %s", st, out)
		}
		// EQP-006: the devices a machine may use; those of a machine leave out alert devices of
		// other machines.
		for path, want := range map[string][]string{
			fmt.Sprintf("/api/equipment/alert10/factory/%d/machine/%d/all", w.a, other):   {},       // EQP-014
			fmt.Sprintf("/api/equipment/alert10/factory/%d/machine/%d/all", w.a, machine): {"KA-1"}, // EQP-014
			fmt.Sprintf("/api/equipment/alert10/factory/%d/area/%d/all", w.a, area):       {},       // EQP-013
			fmt.Sprintf("/api/equipment/concentrator/factory/%d/area/%d/all", w.a, area):  {"KG-1"}, // EQP-013
			fmt.Sprintf("/api/equipment/concentrator/factory/%d/site/%d/all", w.a, site):  {"KG-1"}, // EQP-012
		} {
			if got := serials(t, c.client, path); !sameList(got, want) {
				t.Errorf("%s: %v, want %v", path, got, want)
			}
		}
	})
}

// A point's KOS Sensor protection and prediction, its sensor options and its alert-device
// channels (TREE-099..TREE-101, TREE-105, EQP-034, EQP-035).
func TestPointMemsAndChannels(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		c := w.treeAs("editor", w.a)
		_, _, machine, component, point := c.plant()
		second := c.create(fmt.Sprintf("/component/%d/point", component), "UsuPuntoVibracionID", map[string]any{"NombreEs": "LA", "Posicion": 2, "MontajeId": 1, "Vr": "1"})
		gateway := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "KG-1"})
		assign(t, admin, "concentrator", idOf(gateway), map[string]any{"UsuFabricaId": w.a})
		sensor := func(serial, mode string, gw any, order int) map[string]any {
			e := device(t, admin, "", map[string]any{"NumeroSerie": serial, "ModoMedicion": mode, "ConcentradorId": gw, "NumeroOrden": order})
			assign(t, admin, "", idOf(e), map[string]any{"UsuFabricaId": w.a})
			return e
		}
		protection := sensor("KS-1", "PROTECCION", idOf(gateway), 1)
		prediction := sensor("KS-2", "PREDICCION", idOf(gateway), 2)
		sensor("KS-3", "PREDICCION", nil, 1) // behind no gateway
		machineBody := map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 55, "VelocidadVariable": false, "TiempoAprendizaje": 0,
			"KOSSensor": true, "EquipoConcentrador": guidOf(gateway)}
		if st, body := c.do("PUT", c.url("/machine/%d", machine), machineBody); st != 200 {
			t.Fatalf("KOS Sensor machine: %d %s", st, body)
		}
		// The serial numbers offered, each followed by where it is installed when it is elsewhere.
		options := func(p int64, mode string) []string {
			st, body := c.do("GET", c.url("/vibrationpoint/%d/mems/%s", p, mode), nil)
			if st != 200 {
				t.Fatalf("options: %d %s", st, body)
			}
			out := []string{}
			for _, o := range decode[[]map[string]any](t, body) {
				if o["SensorGUID"] == nil || o["ID"] == nil || o["ModoMedicion"] == nil || o["Alias"] == nil {
					t.Errorf("TREE-105 option fields: %v", o)
				}
				out = append(out, o["NumeroSerie"].(string))
				if at, ok := o["InstaladoEn"].(string); ok {
					out = append(out, "at "+at)
				}
			}
			return out
		}
		if got := options(point, "protection"); !sameList(got, []string{"KS-1"}) {
			t.Errorf("EQP-034 protection options: %v", got)
		}
		if got := options(point, "prediction"); !sameList(got, []string{"KS-2"}) {
			t.Errorf("EQP-035 prediction options (behind the machine's gateway): %v", got)
		}
		_, body := c.do("GET", c.url("/point/%d", point), nil)
		p := decode[map[string]any](t, body)
		p["MEMSProteccion"] = map[string]any{"Vibracion_V_H1": true, "Magneto_A": true, "Posicion_H_H2": true, "SensorProteccionGUID": guidOf(protection)}
		p["MEMSPrediccion"] = map[string]any{"Medida_V_H1_br": true, "Medida_A_mg": true, "SensorPrediccionGUID": guidOf(prediction)}
		st, body := c.do("PUT", c.url("/point/%d", point), p)
		got := decode[map[string]any](t, body)
		prot, _ := got["MEMSProteccion"].(map[string]any)
		pred, _ := got["MEMSPrediccion"].(map[string]any)
		if st != 200 || prot["Magneto_A"] != true || prot["Vibracion_A"] != false || prot["SensorProteccionGUID"] != guidOf(protection) ||
			pred["Medida_A_mg"] != true || pred["SensorPrediccionGUID"] != guidOf(prediction) {
			t.Errorf("TREE-099, TREE-100 save: %d %s", st, body)
		}
		// A save without them keeps them (the alert-device tab sends none).
		delete(got, "MEMSProteccion")
		delete(got, "MEMSPrediccion")
		got["NombreEs"] = "LOA 2"
		_, body = c.do("PUT", c.url("/point/%d", point), got)
		if kept := decode[map[string]any](t, body); kept["MEMSProteccion"] == nil || kept["MEMSPrediccion"] == nil {
			t.Errorf("a save without protection and prediction keeps them: %s", body)
		}
		// A sensor is installed on one point: another point is told where, to show it disabled
		// after the free ones; the point it is on is not told.
		sensor("KS-9", "PROTECCION", idOf(gateway), 3)
		if got := options(second, "protection"); !slices.Equal(got, []string{"KS-9", "KS-1", "at Bomba P-1 · LOA 2"}) {
			t.Errorf("a taken sensor says where it is, after the free one: %v", got)
		}
		if got := options(point, "protection"); !slices.Equal(got, []string{"KS-1", "KS-9"}) {
			t.Errorf("the point's own sensor: %v", got)
		}
		_, body = c.do("GET", c.url("/point/%d", second), nil)
		other := decode[map[string]any](t, body)
		for _, tc := range []struct {
			name    string
			field   string
			message string
			mems    map[string]any
		}{
			{"a sensor of another point", "SensorProteccionGUID", "El sensor ya está instalado en «Bomba P-1 · LOA 2».",
				map[string]any{"MEMSProteccion": map[string]any{"SensorProteccionGUID": guidOf(protection)}}},
			{"a sensor of the other mode", "SensorPrediccionGUID", "El elemento seleccionado no existe.",
				map[string]any{"MEMSPrediccion": map[string]any{"SensorPrediccionGUID": guidOf(protection)}}},
			{"a spectrum that is not a digital one", "UsuEspectroDigitalBRId", "",
				map[string]any{"MEMSPrediccion": map[string]any{"UsuEspectroDigitalBRId": 999999}}},
		} {
			st, body := c.do("PUT", c.url("/point/%d", second), with(other, tc.mems))
			if st != 422 || errorsOf(t, body)[0]["field"] != tc.field || (tc.message != "" && errorsOf(t, body)[0]["message"] != tc.message) {
				t.Errorf("%s: %d %s", tc.name, st, body)
			}
		}
		// A pasted point leaves its sensors behind.
		st, body = c.do("POST", c.url("/component/%d/paste", component), map[string]any{"UsuPuntoVibracionId": point})
		if pasted := decode[map[string]any](t, body); st != 201 || pasted["MEMSProteccion"].(map[string]any)["SensorProteccionGUID"] != nil || pasted["MEMSProteccion"].(map[string]any)["Magneto_A"] != true {
			t.Errorf("a pasted point keeps the flags, not the sensor: %d %s", st, body)
		}

		// TREE-101: channels of the machine's alert device, each once per machine.
		if st, body := c.do("PUT", c.url("/point/%d", second), with(other, map[string]any{"Canales": []map[string]any{{"Canal": 1, "Direccion": 1}}})); st != 422 || errorsOf(t, body)[0]["code"] != "no_alert_device" {
			t.Errorf("channels need an alert device: %d %s", st, body)
		}
		alert := registerDevice(t, admin, "alert10", "KA-1", w.a)
		if st, body := c.do("PUT", c.url("/machine/%d", machine), with(machineBody, map[string]any{"KOSSensor": false, "EquipoConcentrador": nil, "EquipoAlert10": alert})); st != 200 {
			t.Fatalf("alert device: %d %s", st, body)
		}
		channels := []map[string]any{{"Canal": 1, "Direccion": 1}, {"Canal": 2, "Direccion": 2}, {"Canal": 3, "Direccion": 3}}
		st, body = c.do("PUT", c.url("/point/%d", point), with(got, map[string]any{"Canales": channels}))
		if saved := decode[map[string]any](t, body); st != 200 || len(saved["Canales"].([]any)) != 3 {
			t.Errorf("TREE-101 channels saved: %d %s", st, body)
		}
		st, body = c.do("PUT", c.url("/point/%d", second), with(other, map[string]any{"Canales": []map[string]any{{"Canal": 4, "Direccion": 1}, {"Canal": 2, "Direccion": 2}}}))
		if st != 400 || errorsOf(t, body)[0]["message"] != "Alguno de los canales seleccionados ya está en uso." {
			t.Errorf("a channel in use: %d %s", st, body)
		}
		_, body = c.do("GET", c.url("/point/%d", second), nil)
		if kept := decode[map[string]any](t, body); len(kept["Canales"].([]any)) != 0 {
			t.Errorf("a refused save changes nothing: %s", body)
		}
		if st, body := c.do("PUT", c.url("/point/%d", second), with(other, map[string]any{"Canales": []map[string]any{{"Canal": 4, "Direccion": 1}, {"Canal": 5, "Direccion": 1}}})); st != 422 || errorsOf(t, body)[0]["code"] != "duplicate" {
			t.Errorf("one channel per direction: %d %s", st, body)
		}
		// Directions 4-6 are a vertical point's: the horizontal point takes 1-3 only.
		if st, body := c.do("PUT", c.url("/point/%d", second), with(other, map[string]any{"Canales": []map[string]any{{"Canal": 4, "Direccion": 6}}})); st != 422 || errorsOf(t, body)[0]["field"] != "Canales[0].Direccion" {
			t.Errorf("a vertical direction on a horizontal point: %d %s", st, body)
		}
		// A VCO does not take a point's channel.
		vco := createdID(t, c.client, c.url("/vco_v"), "UsuVco_vID", "", map[string]any{"NombreEs": "Carga", "Tipo": map[string]any{"EnumTipoVcoID": "VCO"},
			"UsuSensor420": createdID(t, c.client, c.url("/sensor/420"), "UsuSensor420ID", "", sensorKinds[2].valid)})
		c.do("POST", c.url("/machineocv/machine/%d/ocv/%d", machine, vco), nil)
		if st, body := channel0(c, machine, vco, 2, alert); st != 422 || errorsOf(t, body)[0]["code"] != "channel_taken" {
			t.Errorf("a point's channel is not a VCO's: %d %s", st, body)
		}
		if st, body := channel0(c, machine, vco, 7, alert); st != 204 {
			t.Errorf("a free channel: %d %s", st, body)
		}
		if st, body := c.do("PUT", c.url("/point/%d", second), with(other, map[string]any{"Canales": []map[string]any{{"Canal": 7, "Direccion": 1}}})); st != 400 {
			t.Errorf("a VCO's channel is not a point's: %d %s", st, body)
		}
		// Set through a path of its own, the channel's change is under the machine its body names,
		// with the machine VCO's name and its channel before and after; taken off, it is too, as is
		// the association, which answers nothing.
		if st, body := c.do("DELETE", c.url("/machineocv/machine/%d/ocv/%d/channel", machine, vco), nil); st != 204 {
			t.Fatalf("off its channel: %d %s", st, body)
		}
		h := c.audit(t, c.url("/machine/%d/audit", machine))
		if len(h.Filas) < 3 {
			t.Fatalf("the machine's history: %+v", h.Filas)
		}
		cleared, set, associated := h.Filas[0], h.Filas[1], h.Filas[2]
		if set.Operacion != "machine-vco-channel" || set.Nombre != "Carga" || set.Antes["Canal"] != nil || set.Despues["Canal"] != 7.0 {
			t.Errorf("the machine's history lacks its VCO's channel: %+v", set)
		}
		if cleared.Operacion != "clear-machine-vco-channel" || cleared.Nombre != "Carga" || cleared.Antes["Canal"] != 7.0 || cleared.Despues != nil {
			t.Errorf("the VCO taken off its channel: %+v", cleared)
		}
		if associated.Operacion != "associate-machine-vco" || associated.Nombre != "Carga" || associated.Despues["Posicion"] != 99.0 {
			t.Errorf("the VCO associated: %+v", associated)
		}
		// Another factory sees none of it.
		if st, _ := w.treeAs("editorb", w.a).do("GET", c.url("/vibrationpoint/%d/mems/protection", point), nil); st != 404 {
			t.Errorf("another factory's point: %d", st)
		}
	})
}

// The KOS sensor calls: list, count, pages and filter, get, assignment, registration and
// edition by ADMIN and by the factory's editor, loose sensors of a site, order zero of a
// machine and the verification (EQP-025..EQP-038, EQP-042).
func TestMemsCalls(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin, editor, lector := w.as("admin"), w.as("editor"), w.as("lector")
		c := w.treeAs("editor", w.a)
		site, _, machine, _, point := c.plant()
		gateway := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "KG-1"})
		assign(t, admin, "concentrator", idOf(gateway), map[string]any{"UsuFabricaId": w.a})
		sensors := []map[string]any{}
		for i := range 5 {
			mode := "PREDICCION"
			if i%2 == 0 {
				mode = "PROTECCION"
			}
			s := device(t, admin, "", map[string]any{"NumeroSerie": fmt.Sprintf("KS-%d", i), "Alias": fmt.Sprintf("S%d", i), "ModoMedicion": mode, "ConcentradorId": idOf(gateway), "NumeroOrden": i})
			if s["SensorGUID"] == nil || s["Token"] == nil || s["Asignacion"].(map[string]any)["UsuFabricaId"] != float64(w.a) {
				t.Errorf("EQP-036 a sensor behind a gateway is where its gateway is: %v", s)
			}
			sensors = append(sensors, s)
		}
		if st, body := admin.do("POST", "/api/mems", map[string]any{"NumeroSerie": "KS-X"}); st != 422 || errorsOf(t, body)[0]["field"] != "ModoMedicion" {
			t.Errorf("EQP-036 a sensor needs its mode: %d %s", st, body)
		}
		if st, _ := editor.do("POST", "/api/mems", map[string]any{"NumeroSerie": "KS-X", "ModoMedicion": "PROTECCION"}); st != 403 {
			t.Errorf("EQP-036 only ADMIN registers: %d", st)
		}
		loose := device(t, admin, "", map[string]any{"NumeroSerie": "KS-9", "ModoMedicion": "PROTECCION"})
		if got := serials(t, admin, "/api/mems/unassign"); !sameList(got, []string{"KS-9"}) {
			t.Errorf("EQP-033 unassigned: %v", got)
		}
		if got := serials(t, editor, "/api/mems"); len(got) != 5 {
			t.Errorf("EQP-025 the editor sees the factory's sensors: %v", got)
		}
		if got := serials(t, w.as("editorb"), "/api/mems"); len(got) != 0 {
			t.Errorf("EQP-025 another factory's editor sees none: %v", got)
		}
		for path, want := range map[string][]string{
			"/api/mems/from/1/to/3":                                 {"KS-1", "KS-2"}, // EQP-028
			"/api/mems/filter/from/0/to/10?ModoMedicion=PROTECCION": {"KS-0", "KS-2", "KS-4"},
			"/api/mems/filter/from/1/to/10?Alias=s":                 {"KS-1", "KS-2", "KS-3", "KS-4"}, // EQP-029
		} {
			if got := serials(t, editor, path); !sameList(got, want) {
				t.Errorf("%s: %v, want %v", path, got, want)
			}
		}
		if st, body := editor.do("GET", "/api/mems/count?ModoMedicion=PREDICCION", nil); st != 200 || decode[int](t, body) != 2 {
			t.Errorf("EQP-030 count: %d %s", st, body)
		}
		one := fmt.Sprintf("/api/mems/%d", idOf(sensors[1]))
		if st, body := editor.do("GET", one, nil); st != 200 || decode[map[string]any](t, body)["Alias"] != "S1" {
			t.Errorf("EQP-031 get: %d %s", st, body)
		}
		if st, body := editor.do("GET", one+"/admintree", nil); st != 200 || decode[map[string]any](t, body)["UsuFabricaId"] != float64(w.a) {
			t.Errorf("EQP-032 get assignment: %d %s", st, body)
		}
		// EQP-037: the factory's editor changes alias, order and mode, not the serial number.
		edit := map[string]any{"NumeroSerie": "KS-1", "Alias": "Motor lado acople", "ModoMedicion": "PROTECCION", "ConcentradorId": idOf(gateway), "NumeroOrden": 7}
		if st, body := editor.do("PUT", one, edit); st != 204 {
			t.Errorf("EQP-037 editor edits: %d %s", st, body)
		}
		if st, body := editor.do("PUT", one, with(edit, map[string]any{"NumeroSerie": "KS-77"})); st != 422 || errorsOf(t, body)[0]["code"] != "admin_only" {
			t.Errorf("the serial number is ADMIN's: %d %s", st, body)
		}
		if st, _ := lector.do("PUT", one, edit); st != 403 {
			t.Errorf("a read-only user edits nothing: %d", st)
		}
		if st, body := editor.do("PUT", one, with(edit, map[string]any{"NumeroOrden": -1})); st != 422 || errorsOf(t, body)[0]["field"] != "NumeroOrden" {
			t.Errorf("order number: %d %s", st, body)
		}
		// EQP-038: the editor moves a sensor to a site of its factory, not elsewhere.
		if st, body := editor.do("PUT", one+"/admintree", map[string]any{"UsuCentroId": site}); st != 204 {
			t.Errorf("EQP-038 to a site: %d %s", st, body)
		}
		if st, _ := editor.do("PUT", one+"/admintree", map[string]any{"UsuFabricaId": w.b}); st != 403 {
			t.Errorf("EQP-038 not to another factory: %d", st)
		}
		// Behind a gateway of factory A, a sensor does not go to factory B alone, whoever asks.
		if st, body := admin.do("PUT", one+"/admintree", map[string]any{"UsuFabricaId": w.b}); st != 400 || errorsOf(t, body)[0]["code"] != "sensor_gateway" {
			t.Errorf("a sensor moved away from its gateway's factory: %d %s, want 400 sensor_gateway", st, body)
		}
		if st, body := editor.do("GET", one+"/admintree", nil); st != 200 || decode[map[string]any](t, body)["UsuCentroId"] != float64(site) {
			t.Errorf("a refused move changed the assignment: %d %s", st, body)
		}
		if st, _ := editor.do("PUT", fmt.Sprintf("/api/mems/%d/admintree", idOf(loose)), map[string]any{"UsuFabricaId": w.a}); st != 404 {
			t.Errorf("an unassigned sensor is not the editor's: %d", st)
		}
		// EQP-026: loose sensors of the site; installing one takes it out.
		if got := serials(t, editor, fmt.Sprintf("/api/mems/site/%d/loose", site)); !sameList(got, []string{"KS-0", "KS-1", "KS-2", "KS-3", "KS-4"}) {
			t.Errorf("EQP-026 loose: %v", got)
		}
		if st, body := c.do("PUT", c.url("/machine/%d", machine), map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 55,
			"VelocidadVariable": false, "TiempoAprendizaje": 0, "KOSSensor": true, "EquipoConcentrador": guidOf(gateway)}); st != 200 {
			t.Fatalf("KOS Sensor machine: %d %s", st, body)
		}
		_, body := c.do("GET", c.url("/point/%d", point), nil)
		if st, body := c.do("PUT", c.url("/point/%d", point), with(decode[map[string]any](t, body), map[string]any{
			"MEMSProteccion": map[string]any{"Vibracion_V_H1": true, "SensorProteccionGUID": guidOf(sensors[0])}})); st != 200 {
			t.Fatalf("install KS-0: %d %s", st, body)
		}
		if got := serials(t, editor, fmt.Sprintf("/api/mems/site/%d/loose", site)); !sameList(got, []string{"KS-1", "KS-2", "KS-3", "KS-4"}) {
			t.Errorf("EQP-026 an installed sensor is not loose: %v", got)
		}
		// EQP-039..EQP-041: when the point's sensor woke up in the last days, as its gateway
		// reported (one report an hour ago, one ten days ago).
		device := w.anon()
		device.header.Set("Authorization", "Bearer "+gateway["Token"].(string))
		now := time.Now().UTC()
		if st, body := device.do("POST", "/api/device/KG-1/measurements", map[string]any{"Sensores": []map[string]any{
			{"NumeroSerie": "KS-0", "Fecha": now.Add(-time.Hour).Format(time.RFC3339), "Bateria": 91_000},
			{"NumeroSerie": "KS-0", "Fecha": now.Add(-10 * 24 * time.Hour).Format(time.RFC3339), "Bateria": 93_000},
		}}); st != 200 {
			t.Fatalf("the gateway reports its sensor: %d %s", st, body)
		}
		wakeups := func(m int64, kind string) (int, []map[string]any) {
			st, body := c.do("GET", c.url("/visualizator/wakeup/machine/%d/point/%d/%s/days/7", m, point, kind), nil)
			if st != 200 {
				return st, nil
			}
			return st, decode[[]map[string]any](t, body)
		}
		if st, got := wakeups(machine, "protection"); st != 200 || len(got) != 1 || got[0]["SensorGUID"] != guidOf(sensors[0]) || got[0]["Fecha"] == nil {
			t.Errorf("EQP-039 protection wakeups: %d %v", st, got)
		}
		if st, got := wakeups(machine, "prediction"); st != 200 || len(got) != 0 {
			t.Errorf("EQP-040 the point has no prediction sensor: %d %v", st, got)
		}
		if st, _ := wakeups(machine+1000, "protection"); st != 404 {
			t.Errorf("EQP-041 the point of another machine: %d", st)
		}
		// EQP-027: KS-0 has order number 0 (API-017: with the sensors installed on a machine, INST-004).
		if got := serials(t, c.client, c.url("/machine/%d/mems/orderzero", machine)); !sameList(got, []string{"KS-0"}) {
			t.Errorf("EQP-027 order zero: %v", got)
		}
		// An installed sensor keeps its mode.
		zero := fmt.Sprintf("/api/mems/%d", idOf(sensors[0]))
		if st, body := admin.do("PUT", zero, map[string]any{"NumeroSerie": "KS-0", "ModoMedicion": "PREDICCION", "ConcentradorId": idOf(gateway), "NumeroOrden": 0}); st != 400 || errorsOf(t, body)[0]["code"] != "in_use" {
			t.Errorf("an installed sensor keeps its mode: %d %s", st, body)
		}
		// EQP-042: verification.
		_, body = editor.do("GET", fmt.Sprintf("/api/mems/factory/%d/verify/%d", w.a, idOf(sensors[2])), nil)
		if v := decode[map[string]any](t, body); v["OK"] != true || v["Nombre"] != "Sensor" || len(v["Errores"].([]any)) != 0 {
			t.Errorf("EQP-042 a good sensor: %s", body)
		}
		_, body = admin.do("GET", fmt.Sprintf("/api/mems/factory/%d/verify/%d", w.a, idOf(loose)), nil)
		if v := decode[map[string]any](t, body); v["OK"] != false || len(v["Errores"].([]any)) != 3 ||
			v["Errores"].([]any)[0].(map[string]any)["message"] != "El sensor no está asignado a la fábrica." {
			t.Errorf("EQP-042 an unassigned sensor: %s", body)
		}
		if st, _ := w.as("editorb").do("GET", fmt.Sprintf("/api/mems/factory/%d/verify/%d", w.a, idOf(sensors[2])), nil); st != 404 {
			t.Errorf("another factory's verification: %d", st)
		}
	})
}

// The installation queries carry a user: only that user or an ADMIN, for nodes of the user's
// factories (INST-001..INST-008).
func TestInstallationQueries(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin, editor := w.as("admin"), w.as("editor")
		c := w.treeAs("editor", w.a)
		site, area, machine, component, point := c.plant()
		second := c.create(fmt.Sprintf("/component/%d/point", component), "UsuPuntoVibracionID", map[string]any{"NombreEs": "LA", "Posicion": 2, "MontajeId": 1, "Vr": "1"})
		gateway := registerDevice(t, admin, "concentrator", "KG-1", w.a)
		_, body := admin.do("GET", "/api/equipment/concentrator", nil)
		gatewayID := decode[[]map[string]any](t, body)[0]["ID"]
		for i, p := range []int64{second, point} {
			s := device(t, admin, "", map[string]any{"NumeroSerie": fmt.Sprintf("KS-%d", i), "Alias": fmt.Sprintf("S%d", i), "ModoMedicion": "PROTECCION", "ConcentradorId": gatewayID, "NumeroOrden": 2 - i})
			if i == 0 {
				if st, body := c.do("PUT", c.url("/machine/%d", machine), map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 55,
					"VelocidadVariable": false, "TiempoAprendizaje": 0, "KOSSensor": true, "EquipoConcentrador": gateway}); st != 200 {
					t.Fatalf("KOS Sensor machine: %d %s", st, body)
				}
			}
			_, body := c.do("GET", c.url("/point/%d", p), nil)
			if st, body := c.do("PUT", c.url("/point/%d", p), with(decode[map[string]any](t, body), map[string]any{
				"MEMSProteccion": map[string]any{"SensorProteccionGUID": guidOf(s)}})); st != 200 {
				t.Fatalf("install: %d %s", st, body)
			}
		}
		other := c.create(fmt.Sprintf("/area/%d/machine", area), "UsuMaquinaID", map[string]any{"NombreEs": "Bomba P-2", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 1, "VelocidadVariable": false, "TiempoAprendizaje": 0, "KOSSensor": false,
			"EquipoAlert10": registerDevice(t, admin, "alert10", "KA-1", w.a)})
		me := w.users["editor"].UsuarioID
		path := func(user int64, rest string, args ...any) string {
			return fmt.Sprintf("/api/user/%d/installation", user) + fmt.Sprintf(rest, args...)
		}
		for _, tc := range []struct {
			req, path string
			want      []string
		}{
			{"INST-002", path(me, "/sensor/site/%d", site), []string{"KS-0", "KS-1"}}, // by point name: LA, LOA
			{"INST-003", path(me, "/sensor/area/%d", area), []string{"KS-0", "KS-1"}},
			{"INST-004", path(me, "/sensor/machine/%d", machine), []string{"KS-0", "KS-1"}},
			{"INST-005", path(me, "/sensor/machine/%d/oredernumber", machine), []string{"KS-1", "KS-0"}},
			{"INST-006", path(me, "/alert10/site/%d", site), []string{"KA-1"}},
			{"INST-007", path(me, "/alert10/area/%d", area), []string{"KA-1"}},
			{"INST-008", path(me, "/alert10/machine/%d", other), []string{"KA-1"}},
			{"INST-008", path(me, "/alert10/machine/%d", machine), []string{}},
		} {
			if got := serials(t, editor, tc.path); !sameList(got, tc.want) {
				t.Errorf("%s %s: %v, want %v", tc.req, tc.path, got, tc.want)
			}
		}
		_, body = editor.do("GET", path(me, "/sensor/machine/%d/oredernumber", machine), nil)
		// MACH-021: a machine's installed sensors carry NumeroOrden, NumeroSerie and Alias.
		if rows := decode[[]map[string]any](t, body); rows[0]["NumeroOrden"] != 1.0 || rows[0]["NumeroSerie"] != "KS-1" || rows[0]["Alias"] != "S1" ||
			rows[0]["Punto"] != "LOA" || rows[0]["SensorGUID"] == nil {
			t.Errorf("INST-005, MACH-021 by order number: %s", body)
		}
		// INST-001: another user's path is refused, an ADMIN's is answered, other factories' nodes are 404.
		if st, _ := w.as("lector").do("GET", path(me, "/sensor/site/%d", site), nil); st != 403 {
			t.Errorf("another user's installation: %d", st)
		}
		if got := serials(t, admin, path(me, "/alert10/site/%d", site)); !sameList(got, []string{"KA-1"}) {
			t.Errorf("ADMIN asks for a user: %v", got)
		}
		if st, _ := w.as("editorb").do("GET", path(w.users["editorb"].UsuarioID, "/sensor/site/%d", site), nil); st != 404 {
			t.Errorf("a node of another factory: %d", st)
		}
	})
}

// Two KOS Sensors behind one gateway cannot share an order number, their position on its
// bus: a registration or an edit that would is refused naming the sensor that has it; the
// same number behind another gateway, or a sensor saved with its own, is not a conflict.
func TestMemsOrderNumberOnceOnTheGateway(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		gateway := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "KG-1"})
		other := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "KG-2"})
		sensor := func(serial string, gw map[string]any, order int) map[string]any {
			return map[string]any{"NumeroSerie": serial, "ModoMedicion": "PROTECCION", "ConcentradorId": idOf(gw), "NumeroOrden": order}
		}
		first := device(t, admin, "", sensor("KS-1", gateway, 3))
		if st, body := admin.do("POST", "/api/mems", sensor("KS-2", gateway, 3)); st != 422 || errorsOf(t, body)[0]["code"] != "order_taken" ||
			errorsOf(t, body)[0]["field"] != "NumeroOrden" || errorsOf(t, body)[0]["message"] != "El número de orden 3 ya es el del sensor KS-1 en este concentrador." {
			t.Errorf("a second sensor of order 3 on the gateway: %d %s, want 422 order_taken", st, body)
		}
		device(t, admin, "", sensor("KS-3", other, 3))
		second := device(t, admin, "", sensor("KS-2", gateway, 4))
		if st, body := admin.do("PUT", fmt.Sprintf("/api/mems/%d", idOf(second)), sensor("KS-2", gateway, 3)); st != 422 || errorsOf(t, body)[0]["code"] != "order_taken" {
			t.Errorf("an edit to a taken order: %d %s, want 422 order_taken", st, body)
		}
		if st, body := admin.do("PUT", fmt.Sprintf("/api/mems/%d", idOf(first)), with(sensor("KS-1", gateway, 3), map[string]any{"Alias": "A"})); st != 204 {
			t.Errorf("a sensor keeps its own order: %d %s", st, body)
		}
	})
}

// A device is assigned to a site only under the site's own factory: a site given with
// another factory is refused (422 unknown, as a node of no factory) and the device stays where
// it was, rather than going to the site's factory.
func TestAssignSiteOfAnotherFactory(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		siteB, _, _, _, _ := w.treeAs("editorb", w.b).plant()
		g := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "KG-1"})
		assign(t, admin, "concentrator", idOf(g), map[string]any{"UsuFabricaId": w.a})
		one := fmt.Sprintf("/api/equipment/concentrator/%d/admintree", idOf(g))
		if st, body := admin.do("PUT", one, map[string]any{"UsuFabricaId": w.a, "UsuCentroId": siteB}); st != 422 || errorsOf(t, body)[0]["field"] != "UsuCentroId" {
			t.Errorf("a site of factory B under factory A: %d %s, want 422 on UsuCentroId", st, body)
		}
		if _, body := admin.do("GET", one, nil); decode[map[string]any](t, body)["UsuFabricaId"] != float64(w.a) {
			t.Errorf("a refused assignment moved the device: %s", body)
		}
	})
}

// A serial number names one device whatever its case: a second device with it in another
// case is refused as a duplicate, on registration and edit, and the device is known by it
// in any case when it calls.
func TestSerialNumberIgnoresCase(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		g := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "ABC123"})
		if st, body := admin.do("POST", "/api/equipment/concentrator", map[string]any{"NumeroSerie": "abc123"}); st != 422 || errorsOf(t, body)[0]["code"] != "duplicate" {
			t.Errorf("abc123 beside ABC123: %d %s, want 422 duplicate", st, body)
		}
		other := device(t, admin, "alert10", map[string]any{"NumeroSerie": "KA-1"})
		if st, body := admin.do("PUT", fmt.Sprintf("/api/equipment/alert10/%d", idOf(other)), map[string]any{"NumeroSerie": "Abc123"}); st != 422 || errorsOf(t, body)[0]["code"] != "duplicate" {
			t.Errorf("an edit to Abc123: %d %s, want 422 duplicate", st, body)
		}
		d := w.anon()
		d.header.Set("Authorization", "Bearer "+g["Token"].(string))
		if st, body := d.do("GET", "/api/device/abc123", nil); st != 200 || decode[map[string]any](t, body)["NumeroSerie"] != "ABC123" {
			t.Errorf("the device calling as abc123: %d %s", st, body)
		}
	})
}

// A gateway's replacement takes its KOS Sensors to the new gateway's bus: two of them
// sharing an order number (held from before the registry refused it) would clash there,
// so the change is refused naming them, and nothing moves.
func TestGatewayChangeRefusesAnOrderClash(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		old := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "KG-1"})
		next := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "KG-2"})
		sensor := func(serial string, order int) map[string]any {
			return device(t, admin, "", map[string]any{"NumeroSerie": serial, "ModoMedicion": "PROTECCION", "ConcentradorId": idOf(old), "NumeroOrden": order})
		}
		sensor("KS-1", 3)
		second := sensor("KS-2", 4)
		if _, err := w.d.Exec(`UPDATE equipos SET numero_orden = 3 WHERE id = $1`, idOf(second)); err != nil {
			t.Fatal(err)
		}
		change := fmt.Sprintf("/api/equipment/concentrator/%d/change/%d", idOf(old), idOf(next))
		if st, body := admin.do("POST", change, nil); st != 422 || errorsOf(t, body)[0]["code"] != "order_twice" ||
			errorsOf(t, body)[0]["message"] != "Los sensores KS-1, KS-2 tienen el mismo número de orden 3 en el concentrador." {
			t.Errorf("two sensors of order 3 to the new gateway: %d %s, want 422 naming both", st, body)
		}
		if got := serials(t, admin, "/api/equipment/concentrator/unassign"); !sameList(got, []string{"KG-1", "KG-2"}) {
			t.Errorf("a refused change moved the gateways: %v", got)
		}
		var behind int
		if err := w.d.QueryRow(`SELECT COUNT(*) FROM equipos WHERE concentrador_id = $1`, idOf(old)).Scan(&behind); err != nil || behind != 2 {
			t.Errorf("a refused change moved the sensors: %d behind the old gateway (%v)", behind, err)
		}
		if _, err := w.d.Exec(`UPDATE equipos SET numero_orden = 4 WHERE id = $1`, idOf(second)); err != nil {
			t.Fatal(err)
		}
		if st, body := admin.do("POST", change, nil); st != 204 {
			t.Errorf("the change with the clash mended: %d %s", st, body)
		}
	})
}

// A gateway names its KOS Sensors in its measurements by serial number, found in any case
// as the devices themselves are.
func TestSensorSerialIgnoresCase(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		g := device(t, admin, "concentrator", map[string]any{"NumeroSerie": "KG-1"})
		device(t, admin, "", map[string]any{"NumeroSerie": "KS-A", "ModoMedicion": "PROTECCION", "ConcentradorId": idOf(g), "NumeroOrden": 0})
		d := w.anon()
		d.header.Set("Authorization", "Bearer "+g["Token"].(string))
		at := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
		if st, body := d.do("POST", "/api/device/kg-1/measurements", map[string]any{"Sensores": []map[string]any{
			{"NumeroSerie": "ks-a", "Fecha": at, "Bateria": 90_000}, {"NumeroSerie": "KS-A", "Fecha": at, "Bateria": 90_000}}}); st != 200 {
			t.Errorf("the sensor named ks-a and KS-A: %d %s", st, body)
		}
	})
}
