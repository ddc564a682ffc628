package app_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"vigia/internal/auth"
	"vigia/internal/platform"
)

// speedVco is a VCO reading a tachometer (made by tachoRef) with two conditions.
var speedVco = vectors("operating")["vco_v"].Valid

func tachoRef(t *testing.T, c *client, base string) map[string]any {
	return map[string]any{"UsuSensorTacometro": createdID(t, c, base+"/sensor/taco", "UsuSensorTacometroID", "AdminSensorTacometroID", sensorKinds[4].valid)}
}

// criterionWith is a criterion over one VCO (made in base) with a condition per VCO condition.
func criterionWith(t *testing.T, c *client, base string) map[string]any {
	vco := createdID(t, c, base+"/vco_v", "UsuVco_vID", "AdminVco_vID", with(speedVco, tachoRef(t, c, base)))
	return map[string]any{"Vco_v": []any{map[string]any{"UsuVco_vId": vco}},
		"Condiciones": []any{map[string]any{"CondicionNombre": "Parada", "Rangos": []any{1}}, map[string]any{"CondicionNombre": "Marcha", "Rangos": []any{2}}}}
}

// operatingKinds are the VCO/VCOV and criterion kinds for the standard scenarios.
func operatingKinds() []catalogKind {
	return withVectors("operating", []catalogKind{
		{path: "vco_v", id: "UsuVco_vID", templateID: "AdminVco_vID", template: "AdminVco_vGUID", name: "NombreEs", refs: tachoRef,
			calls: "API-143 API-144 API-145 API-146 API-147"},
		{path: "criterion", id: "UsuCriterioID", templateID: "AdminCriterioID", template: "AdminCriterioGUID", name: "NombreEs", refs: criterionWith, existing: 1},
	})
}

// A criterion's VCOs are listed with what the machine rules read of them; downloading a
// template criterion brings its VCOs and their sensors; DESCONOCIDO cannot change.
func TestCriteria(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin, editor := w.as("admin"), w.as("editor")
		base := fmt.Sprintf("/api/user/%d", w.a)
		tpl := createdID(t, admin, "/api/criterion", "", "AdminCriterioID", with(operatingKinds()[1].valid, criterionWith(t, admin, "/api")))
		st, body := editor.do("POST", fmt.Sprintf("%s/criterion/%d/download", base, tpl), nil)
		c := decode[map[string]any](t, body)
		entries, _ := c["Vco_v"].([]any)
		if st != 201 || len(entries) != 1 || entries[0].(map[string]any)["Tipo"] != "VCO" || entries[0].(map[string]any)["Nombre"] != "Velocidad (descarga)" {
			t.Fatalf("MACH-020 downloaded criterion and its entries: %d %s", st, body)
		}
		_, body = editor.do("GET", base+"/sensor/taco", nil)
		if !strings.Contains(string(body), "(descarga)") {
			t.Errorf("the VCO's tachometer came along: %s", body)
		}
		// MACH-047: every factory has its DESCONOCIDO criterion, which cannot change.
		_, body = editor.do("GET", base+"/criterion", nil)
		var unknown map[string]any
		for _, c := range decode[[]map[string]any](t, body) {
			if c["Sistema"] == true {
				unknown = c
			}
		}
		if unknown == nil {
			t.Fatalf("no DESCONOCIDO criterion: %s", body)
		}
		url := fmt.Sprintf("%s/criterion/%v", base, unknown["UsuCriterioID"])
		if st, body := editor.do("DELETE", url, nil); st != 400 || errorsOf(t, body)[0]["code"] != "fixed" {
			t.Errorf("delete DESCONOCIDO: %d %s", st, body)
		}
		if st, _ := editor.do("PUT", url, with(unknown, map[string]any{"NombreEs": "Otro"})); st != 400 {
			t.Errorf("rename DESCONOCIDO: %d", st)
		}
		if unknown["NombreEs"] != "Desconocido" || unknown["NombreEn"] != "Unknown" {
			t.Errorf("the system's criterion reads as a word: %v", unknown)
		}
		// Its name is reserved: no other criterion may take it, in either language.
		for _, name := range []map[string]any{{"NombreEs": "DESCONOCIDO"}, {"NombreEs": "desconocido"}, {"NombreEs": "Mío", "NombreEn": "UNKNOWN"}} {
			if st, body := editor.do("POST", base+"/criterion", with(c, with(name, map[string]any{"UsuCriterioID": nil, "AdminCriterioGUID": nil}))); st != 422 || errorsOf(t, body)[0]["code"] != "reserved_name" {
				t.Errorf("create a criterion named %v: %d %s", name, st, body)
			}
		}
		if st, body := editor.do("POST", base+"/criterion", with(c, map[string]any{"UsuCriterioID": nil, "AdminCriterioGUID": nil, "NombreEs": "Mío", "NombreEn": " UNKNOWN "})); st != 422 || errorsOf(t, body)[0]["field"] != "NombreEn" {
			t.Errorf("the reserved English name is refused on NombreEn: %d %s", st, body)
		}
	})
}

// A condition id the client sends names one condition (a criterion's Rangos, a machine's
// reference rows read it): one given twice, or a negative one, is refused on its field,
// for a criterion and a VCO/VCOV alike; 0 asks for a new one.
func TestConditionIDsRefused(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.as("editor")
		base := fmt.Sprintf("/api/user/%d", w.a)
		criterion := with(operatingKinds()[1].valid, criterionWith(t, c, base))
		url := fmt.Sprintf("%s/criterion/%d", base, createdID(t, c, base+"/criterion", "UsuCriterioID", "", criterion))
		cond := func(id int64, name string, rango int64) map[string]any {
			return map[string]any{"UsuCondicionID": id, "CondicionNombre": name, "Rangos": []any{rango}}
		}
		for _, tc := range []struct {
			list  []any
			field string
		}{
			{[]any{cond(1, "Parada", 1), cond(1, "Marcha", 2)}, "Condiciones[1].UsuCondicionID"},
			{[]any{cond(-3, "Parada", 1)}, "Condiciones[0].UsuCondicionID"},
		} {
			if st, body := c.do("PUT", url, with(criterion, map[string]any{"Condiciones": tc.list})); st != 422 || errorsOf(t, body)[0]["field"] != tc.field {
				t.Errorf("criterion conditions %v: %d %s", tc.list, st, body)
			}
		}
		vco := with(speedVco, tachoRef(t, c, base))
		bounded := func(id int64, name string) map[string]any {
			return map[string]any{"CondicionID": id, "Nombre": name, "Minimo": "10"}
		}
		for _, tc := range []struct {
			list  []any
			field string
		}{
			{[]any{bounded(5, "Parada"), bounded(5, "Marcha")}, "Condiciones[1].CondicionID"},
			{[]any{bounded(-3, "Parada")}, "Condiciones[0].CondicionID"},
		} {
			if st, body := c.do("POST", base+"/vco_v", with(vco, map[string]any{"Condiciones": tc.list})); st != 422 || errorsOf(t, body)[0]["field"] != tc.field {
				t.Errorf("VCO conditions %v: %d %s", tc.list, st, body)
			}
		}
		// Ids kept, new ones numbered after the highest.
		st, body := c.do("POST", base+"/vco_v", with(vco, map[string]any{"Condiciones": []any{bounded(5, "Parada"), bounded(0, "Marcha")}}))
		var ids []int64
		for _, k := range decode[struct{ Condiciones []struct{ CondicionID int64 } }](t, body).Condiciones {
			ids = append(ids, k.CondicionID)
		}
		if st != 201 || !slices.Equal(ids, []int64{5, 6}) {
			t.Errorf("VCO conditions numbered: %d %s", st, body)
		}
	})
}

// The machine's criterion (MACH-047, MACH-048, MACH-067, MACH-080, MACH-081, MACH-045), its
// VCOs (VCO-005, VCO-007, VCO-008), their channels (VCO-015, VCO-016) and states (VCO-012,
// VCO-017).
func TestMachineCriterionAndVcos(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		admin := w.as("admin")
		_, _, machine, _, _ := c.plant()
		base := fmt.Sprintf("/api/user/%d", w.a)
		criterion := createdID(t, c.client, base+"/criterion", "UsuCriterioID", "", with(operatingKinds()[1].valid, criterionWith(t, c.client, base)))
		_, body := c.do("GET", base+"/criterion", nil)
		var unknown float64
		for _, it := range decode[[]map[string]any](t, body) {
			if it["Sistema"] == true {
				unknown = it["UsuCriterioID"].(float64)
			}
		}
		m := map[string]any{"NombreEs": "Bomba", "Actualizacion": "VELOCIDADNOMINAL", "VelocidadVariable": false, "Online": true, "Kw": 55, "TiempoAprendizaje": 0, "KOSSensor": false, "AmplitudMinima1x": "0.5", "VelocidadMinima": "100"}
		url := c.url("/machine/%d", machine)
		for _, tc := range []struct {
			req  string
			over map[string]any
			code string
		}{
			{"MACH-080", map[string]any{}, "required"},
			{"MACH-081", map[string]any{"CriterioId": unknown}, "criterion_mode"},
			{"MACH-041", map[string]any{"CriterioId": criterion, "Actualizacion": "VCOV"}, "criterion_mode"},
			{"MACH-046", map[string]any{"CriterioId": criterion, "Actualizacion": "1XESPECTRO"}, "criterion_mode"},
		} {
			if st, body := c.do("PUT", url, with(m, tc.over)); st != 422 || errorsOf(t, body)[0]["code"] != tc.code {
				t.Errorf("%s: %d %s", tc.req, st, body)
			}
		}
		if st, body := c.do("PUT", url, with(m, map[string]any{"CriterioId": criterion})); st != 200 || decode[map[string]any](t, body)["CriterioId"] != float64(criterion) {
			t.Errorf("MACH-045 an all-VCO criterion in VELOCIDADNOMINAL: %d %s", st, body)
		}
		st, body := c.do("PUT", url, with(m, map[string]any{"CriterioId": criterion, "Actualizacion": "DESCONOCIDO"}))
		if got := decode[map[string]any](t, body); st != 200 || got["CriterioId"] != unknown || got["AmplitudMinima1x"] != nil {
			t.Errorf("MACH-047, MACH-048 DESCONOCIDO: %d %s", st, body)
		}
		// MACH-067: a non-admin may not choose a criterion measuring faster than every 20 s.
		fast := createdID(t, c.client, base+"/criterion", "UsuCriterioID", "", with(operatingKinds()[1].valid, map[string]any{"NombreEs": "Rápido", "TiempoAviso": 19}))
		if st, body := c.do("PUT", url, with(m, map[string]any{"CriterioId": fast})); st != 422 || errorsOf(t, body)[0]["message"] != "Los intervalos de medición del criterio seleccionado son muy cortos" {
			t.Errorf("MACH-067 editor: %d %s", st, body)
		}
		// AUTH-007: administrators are exempt from the minimum.
		if st, body := admin.do("PUT", url, with(m, map[string]any{"CriterioId": fast})); st != 200 {
			t.Errorf("MACH-067 admin is exempt: %d %s", st, body)
		}

		// Machine VCOs.
		_, body = c.do("GET", base+"/vco_v", nil)
		vcos := decode[[]map[string]any](t, body)
		speed := int64(vcos[0]["UsuVco_vID"].(float64))
		load := createdID(t, c.client, base+"/vco_v", "UsuVco_vID", "", map[string]any{"NombreEs": "Carga", "Tipo": map[string]any{"EnumTipoVcoID": "VCO"},
			"UsuSensor420": createdID(t, c.client, base+"/sensor/420", "UsuSensor420ID", "", with(sensorKinds[2].valid, map[string]any{"Magnitud": map[string]any{"EnumMagnitudID": "PCT"}}))})
		flow := createdID(t, c.client, base+"/vco_v", "UsuVco_vID", "", map[string]any{"NombreEs": "Caudal introducido", "Tipo": map[string]any{"EnumTipoVcoID": "VCOV"},
			"SensorTeclado": created(t, c.client, base+"/sensor/keyboard", map[string]any{"Nombre": "Caudal", "Magnitud": map[string]any{"EnumMagnitudID": "M3H"}})["UsuSensorTecladoGUID"]})
		vcoURL := func(v int64) string { return c.url("/machineocv/machine/%d/ocv/%d", machine, v) }
		if st, body := c.do("POST", c.url("/machineocv/machine/%d/ocv/%d", machine, 999999), nil); st != 400 || errorsOf(t, body)[0]["message"] != "Debe seleccionar un VCO." {
			t.Errorf("VCO-005: %d %s", st, body)
		}
		for _, v := range []int64{speed, load, flow} {
			if st, _ := c.do("POST", vcoURL(v), nil); st != 204 {
				t.Fatalf("associate %d: %d", v, st)
			}
		}
		if st, body := c.do("POST", vcoURL(speed), nil); st != 400 || errorsOf(t, body)[0]["message"] != "El elemento ya está asociado." {
			t.Errorf("VCO-007: %d %s", st, body)
		}
		// The channels are those of the machine's own alert device.
		device := registerDevice(t, admin, "alert10", "KA10-T1", w.a)
		if st, body := c.do("PUT", url, with(m, map[string]any{"CriterioId": criterion, "EquipoAlert10": device})); st != 200 {
			t.Fatalf("give the machine its alert device: %d %s", st, body)
		}
		if st, body := channel0(c, machine, load, 3, "OTHER"); st != 422 || errorsOf(t, body)[0]["code"] != "no_alert_device" {
			t.Errorf("a channel of another device: %d %s", st, body)
		}
		channel := func(v, canal int64) (int, []byte) { return channel0(c, machine, v, canal, device) }
		for _, tc := range []struct {
			req      string
			vco, ch  int64
			want     int
			wantCode string
		}{
			{"VCO-016", load, 11, 422, "channel"}, // 11 is the tachometer's
			{"VCO-015", load, 0, 422, "channel"},  // channels start at 1
			{"VCO-015", load, 3, 204, ""},         //
			{"VCO-016", speed, 3, 422, "channel"}, // a tachometer reads on 11
			{"VCO-016", speed, 11, 204, ""},       //
			{"VCO-015", load, 11, 422, "channel"}, //
		} {
			st, body := channel(tc.vco, tc.ch)
			if st != tc.want || (tc.wantCode != "" && errorsOf(t, body)[0]["code"] != tc.wantCode) {
				t.Errorf("%s vco %d channel %d: %d %s", tc.req, tc.vco, tc.ch, st, body)
			}
		}
		other := createdID(t, c.client, base+"/vco_v", "UsuVco_vID", "", map[string]any{"NombreEs": "Carga 2", "Tipo": map[string]any{"EnumTipoVcoID": "VCO"},
			"UsuSensor420": createdID(t, c.client, base+"/sensor/420", "UsuSensor420ID", "", sensorKinds[2].valid)})
		c.do("POST", vcoURL(other), nil)
		if st, body := channel(other, 3); st != 422 || errorsOf(t, body)[0]["code"] != "channel_taken" {
			t.Errorf("a device's channel holds one VCO: %d %s", st, body)
		}
		// VCO-012: states within ±99999999; VCO-017: position 99.
		for field, v := range map[string]string{"VrAviso": "100000000", "VrAlarma": "99999999.5", "VrPeligro": "-99999999,001"} {
			if st, body := c.do("PUT", vcoURL(load), map[string]any{field: v}); st != 422 || errorsOf(t, body)[0]["field"] != field {
				t.Errorf("VCO-012 %s = %s out of bounds: %d %s", field, v, st, body)
			}
		}
		if st, _ := c.do("PUT", vcoURL(load), map[string]any{"VrAviso": "-99999999", "VrAlarma": "50,5", "VrPeligro": "99999999"}); st != 204 {
			t.Errorf("VCO-012 within bounds: %d", st)
		}
		// API-148: the machine's VCOs.
		_, body = c.do("GET", c.url("/machineocv/machine/%d", machine), nil)
		list := decode[[]map[string]any](t, body)
		var got map[string]any
		for _, v := range list {
			if v["UsuVco_vId"] == float64(load) {
				got = v
			}
		}
		if len(list) != 4 || got == nil || got["Posicion"] != 99.0 || got["Canal"] != 3.0 || got["EquipoAlert10"] != device || got["VrAlarma"] != "50.500" || got["VrAviso"] != "-99999999.000" {
			t.Errorf("VCO-017 the machine's VCOs: %s", body)
		}
		// Each VCO says what its sensor measures, the unit of its states: a tachometer rpm.
		magnitudes := map[float64]any{}
		for _, v := range list {
			magnitudes[v["UsuVco_vId"].(float64)] = v["Magnitud"]
		}
		if want := map[float64]any{float64(speed): "RPM", float64(load): "PCT", float64(other): "RPM", float64(flow): "M3H"}; !maps.Equal(magnitudes, want) {
			t.Errorf("the VCOs' magnitudes: %v, want %v", magnitudes, want)
		}
		// VCO-013: the channel, and its device by GUID (an alert device, not an Alert10C) and name.
		if _, behind := got["EquipoAlert10C"]; got["NombreEquipoAlert10"] != "KA10-T1" || behind || got["Canal"] != 3.0 {
			t.Errorf("VCO-013 the channel's device: %v", got)
		}
		// VCO-014: the VCO/V record carries its id as UsuVco_vID and UsuVCO; the machine's list
		// and the channel call above (channel0) name it UsuVco_vId.
		_, body = c.do("GET", base+fmt.Sprintf("/vco_v/%d", load), nil)
		if rec := decode[map[string]any](t, body); rec["UsuVco_vID"] != float64(load) || rec["UsuVCO"] != float64(load) || got["UsuVco_vId"] != float64(load) {
			t.Errorf("VCO-014 the VCO/V's identifiers: %s", body)
		}
		// API-153: the states call carries the spec's fixed position, 99 and nothing else.
		if st, body := c.do("PUT", vcoURL(load), map[string]any{"Posicion": 5, "VrAviso": "1"}); st != 422 || errorsOf(t, body)[0]["field"] != "Posicion" {
			t.Errorf("API-153 a position other than 99: %d %s", st, body)
		}
		if st, body := c.do("PUT", vcoURL(load), map[string]any{"Posicion": 99, "VrAviso": "-99999999", "VrAlarma": "50,5", "VrPeligro": "99999999"}); st != 204 {
			t.Errorf("API-153 states with position 99: %d %s", st, body)
		}
		// API-149: one machine VCO; API-150: the channels a VCO is on; API-152: off its channel.
		if st, body := c.do("GET", vcoURL(load), nil); st != 200 || decode[map[string]any](t, body)["Canal"] != 3.0 || decode[map[string]any](t, body)["VrAlarma"] != "50.500" {
			t.Errorf("API-149 a machine VCO: %d %s", st, body)
		}
		channels := c.url("/machineocv/ocv/%d/channel", load)
		if st, body := c.do("GET", channels, nil); st != 200 || strings.TrimSpace(string(body)) != fmt.Sprintf(`[{"UsuMaquinaId":%d,"AdminEquipoGUID":%q,"TipoEquipo":"ALERT10","Canal":3}]`, machine, device) {
			t.Errorf("API-150 the VCO's channels: %d %s", st, body)
		}
		if st, body := c.do("DELETE", vcoURL(load)+"/channel", nil); st != 204 {
			t.Errorf("API-152 take the VCO off its channel: %d %s", st, body)
		}
		if _, body := c.do("GET", vcoURL(load), nil); decode[map[string]any](t, body)["Canal"] != nil {
			t.Errorf("API-152 the VCO keeps its channel: %s", body)
		}
		if _, body := c.do("GET", channels, nil); strings.TrimSpace(string(body)) != "[]" {
			t.Errorf("API-150 a VCO on no channel: %s", body)
		}
		if st, _ := w.as("editorb").do("GET", c.url("/machineocv/ocv/%d/channel", load), nil); st != 404 {
			t.Errorf("another factory's VCO channels: %d", st)
		}
		// The machines of a VCO: 404 for another factory's VCO, or none, as for any other call.
		if st, body := c.do("GET", base+fmt.Sprintf("/vco_v/%d/machines", load), nil); st != 200 || !strings.Contains(string(body), fmt.Sprintf(`"UsuMaquinaID":%d`, machine)) {
			t.Errorf("the VCO's machines: %d %s", st, body)
		}
		for _, id := range []int64{load, 99999} {
			if st, body := w.as("editorb").do("GET", fmt.Sprintf("/api/user/%d/vco_v/%d/machines", w.b, id), nil); st != 404 {
				t.Errorf("the machines of VCO %d, not factory B's: %d %s", id, st, body)
			}
		}
		// A VCO a machine uses is not deleted; VCO-008: dissociate.
		if st, _ := c.do("DELETE", base+fmt.Sprintf("/vco_v/%d", load), nil); st != 400 {
			t.Errorf("delete an associated VCO: %d", st)
		}
		// API-154: the VCO's association taken from the machine.
		if st, _ := c.do("DELETE", vcoURL(load), nil); st != 204 {
			t.Errorf("VCO-008 dissociate: %d", st)
		}
		if st, _ := c.do("DELETE", vcoURL(load), nil); st != 400 {
			t.Errorf("dissociate twice: %d", st)
		}
		if st, _ := w.as("editorb").do("GET", c.url("/machineocv/machine/%d", machine), nil); st != 404 {
			t.Errorf("another factory's machine: %d", st)
		}
	})
}

// AUTH-008: the fixed allow-list (the setting VIGIA_CRITERION_EXEMPT) exempts a user from the
// criterion time minimum at the sites it names for them, by id or by GUID, as administrators
// are (AUTH-007): for the machine's criterion and for its configuration's InitialCheck alike;
// elsewhere, and for anyone else, the minimum holds.
func TestCriterionTimeAllowList(t *testing.T) {
	// Not parallel: t.Setenv sets the process's environment.
	t.Setenv("VIGIA_CRITERION_EXEMPT", " editor:12 , editor:0f2c-guid,ana:3")
	cfg, err := platform.LoadConfig()
	if err != nil || !slices.Equal(cfg.CriterionExempt.Sites("editor"), []string{"12", "0f2c-guid"}) || len(cfg.CriterionExempt.Sites("lector")) != 0 {
		t.Fatalf("the setting: %v %v", cfg.CriterionExempt.Sites("editor"), err)
	}
	t.Setenv("VIGIA_CRITERION_EXEMPT", "editor")
	if _, err := platform.LoadConfig(); err == nil {
		t.Error("an entry without its site is refused")
	}
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		site, _, machine, _, _ := c.plant()
		other := c.create("/site", "UsuCentroID", map[string]any{"NombreEs": "Centro 2", "Pais": "ES", "Ciudad": "Vigo"})
		otherArea := c.create(fmt.Sprintf("/site/%d/area", other), "UsuAreaID", map[string]any{"NombreEs": "Molienda"})
		otherMachine := c.create(fmt.Sprintf("/area/%d/machine", otherArea), "UsuMaquinaID", map[string]any{"NombreEs": "Molino", "Actualizacion": "VCOV", "VelocidadVariable": false, "Online": false, "Kw": 90, "TiempoAprendizaje": 0, "KOSSensor": false})
		_, body := c.do("GET", c.url("/site/%d", other), nil)
		guid := decode[map[string]any](t, body)["UsuCentroGUID"].(string)
		fast := createdID(t, c.client, c.url("/criterion"), "UsuCriterioID", "", with(operatingKinds()[1].valid, map[string]any{"NombreEs": "Rápido", "TiempoAviso": 19}))
		m := map[string]any{"NombreEs": "Máquina", "Actualizacion": "VELOCIDADNOMINAL", "VelocidadVariable": false, "Online": true, "Kw": 55, "TiempoAprendizaje": 0, "KOSSensor": false,
			"AmplitudMinima1x": "0.5", "VelocidadMinima": "100", "VelocidadMaxTrabajo": "1500", "CriterioId": fast}
		save := func(machine int64) int {
			st, _ := c.do("PUT", c.url("/machine/%d", machine), m)
			return st
		}
		allow := func(list string) {
			var e auth.Exemptions
			if err := e.UnmarshalText([]byte(list)); err != nil {
				t.Fatal(err)
			}
			w.app.Features.Operating.Exempt = e
		}
		// The configuration's InitialCheck of machine, as the editor generates it: whether it
		// refuses the criterion's times.
		refusesTimes := func(machine int64) bool {
			st, body := c.do("POST", c.url("/machine/%d/configuration", machine), map[string]any{"Modo": 0})
			if st != 200 {
				t.Fatalf("generate: %d %s", st, body)
			}
			return strings.Contains(string(body), `"code":"criterion_times"`)
		}
		if save(machine) != 422 || save(otherMachine) != 422 {
			t.Fatal("without the list the minimum holds")
		}
		allow(fmt.Sprintf("lector:%d,editor:%d", other, site))
		if save(machine) != 200 || save(otherMachine) != 422 {
			t.Errorf("AUTH-008 exempt at the site named by id only")
		}
		allow("editor:" + guid)
		if save(otherMachine) != 200 {
			t.Errorf("AUTH-008 exempt at the site named by GUID")
		}
		if refusesTimes(otherMachine) || !refusesTimes(machine) {
			t.Errorf("AUTH-008 the InitialCheck exempts at the listed site only")
		}
		allow(fmt.Sprintf("editorb:%d", site))
		if !refusesTimes(otherMachine) || save(machine) != 422 {
			t.Errorf("AUTH-008 another user's entry exempts no one else")
		}
	})
}

// A VCO/VCOV's condition that a criterion's ranges name stays: its removal is refused, 400
// naming the criterion and its condition, where a criterion would otherwise name a condition
// that is gone and could not be saved again as read; a condition no criterion names goes.
func TestVcoConditionInUse(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.as("editor")
		base := fmt.Sprintf("/api/user/%d", w.a)
		criterion := with(operatingKinds()[1].valid, criterionWith(t, c, base))
		criterion["Condiciones"] = criterion["Condiciones"].([]any)[:1] // Parada = [1]: the VCO's Marcha (2) is free.
		id := createdID(t, c, base+"/criterion", "UsuCriterioID", "", criterion)
		vcoID := criterion["Vco_v"].([]any)[0].(map[string]any)["UsuVco_vId"]
		url := fmt.Sprintf("%s/vco_v/%v", base, vcoID)
		_, body := c.do("GET", url, nil)
		vco := decode[map[string]any](t, body)
		conditions := vco["Condiciones"].([]any)
		if st, body := c.do("PUT", url, with(vco, map[string]any{"Condiciones": conditions[:1]})); st != 200 {
			t.Errorf("a condition no criterion names: %d %s", st, body)
		}
		if st, body := c.do("PUT", url, with(vco, map[string]any{"Condiciones": conditions[1:]})); st != 400 ||
			errorsOf(t, body)[0]["code"] != "condition_in_use" || !strings.Contains(errorsOf(t, body)[0]["message"], "«Velocidad»") ||
			!strings.Contains(errorsOf(t, body)[0]["message"], "«Parada»") {
			t.Errorf("a condition criterion %d names: %d %s", id, st, body)
		}
		// The criterion is saved again as read.
		curl := fmt.Sprintf("%s/criterion/%d", base, id)
		_, body = c.do("GET", curl, nil)
		if st, body := c.do("PUT", curl, decode[map[string]any](t, body)); st != 200 {
			t.Errorf("the criterion saved as read: %d %s", st, body)
		}
	})
}

// A criterion's new condition never takes the id of one it had: the pump keeps the
// thresholds (and history) of a removed condition under its id, so a new one starts without
// them; an id the client sends that the criterion does not have is a new condition too.
func TestCriterionConditionIDsNotReused(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		c := p.signedIn
		_, body := c.do("GET", p.url("/machine/%d", p.machine), nil)
		url := p.url("/criterion/%v", decode[map[string]any](t, body)["CriterioId"])
		_, body = c.do("GET", url, nil)
		criterion := decode[map[string]any](t, body)
		conditions := criterion["Condiciones"].([]any)
		last := conditions[len(conditions)-1].(map[string]any)
		gone := last["UsuCondicionID"].(float64)
		thresholds := func(condition float64) (rows, set int) {
			t.Helper()
			_, body := c.do("GET", p.url("/machine/%d/alarm", p.machine), nil)
			for _, r := range decode[[]map[string]any](t, body) {
				if r["UsuCondicionId"] == condition {
					rows++
					if r["VrAviso"] != nil {
						set++
					}
				}
			}
			return rows, set
		}
		if _, set := thresholds(gone); set == 0 {
			t.Fatalf("the pump has no thresholds in condition %v", gone)
		}
		put := func(list ...any) []float64 {
			t.Helper()
			st, body := c.do("PUT", url, with(criterion, map[string]any{"Condiciones": list}))
			if st != 200 {
				t.Fatalf("criterion %v: %d %s", list, st, body)
			}
			var ids []float64
			for _, k := range decode[map[string]any](t, body)["Condiciones"].([]any) {
				ids = append(ids, k.(map[string]any)["UsuCondicionID"].(float64))
			}
			return ids
		}
		kept := conditions[:len(conditions)-1]
		put(kept...)
		ids := put(append(slices.Clone(kept), with(last, map[string]any{"UsuCondicionID": 0, "CondicionNombre": "Nueva"}))...)
		if got := ids[len(ids)-1]; got != gone+1 {
			t.Errorf("the new condition's id %v, the removed one's %v", got, gone)
		}
		if rows, set := thresholds(gone + 1); rows == 0 || set != 0 {
			t.Errorf("the new condition's rows %d, %d with thresholds", rows, set)
		}
		ids = put(append(slices.Clone(kept), with(last, map[string]any{"CondicionNombre": "Otra"}))...)
		if got := ids[len(ids)-1]; got != gone+2 {
			t.Errorf("a condition sent under the removed id %v took %v", gone, got)
		}
	})
}
