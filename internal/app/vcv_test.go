package app_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"vigia/internal/tree"
)

// VCVs show their band; a VCP's band suits its type, and types without a band have none.
func TestVcvAndVcpBands(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		editor := w.as("editor")
		base := fmt.Sprintf("/api/user/%d", w.a)
		band := createdID(t, editor, base+"/band", "UsuBandaID", "", map[string]any{"NombreEs": "1x", "Frecuencia": "ORDENES", "Rango": "BR", "FrecuOrdenesInicial": "0.5", "FrecuOrdenesFinal": "1.5"})
		st, body := editor.do("POST", base+"/vcv", map[string]any{"NombreEs": "Velocidad 1x", "BandaId": band})
		if got := decode[map[string]any](t, body); st != 201 || got["Banda"].(map[string]any)["UsuBandaID"] != float64(band) {
			t.Errorf("VCV-025 a VCV shows its band: %d %s", st, body)
		}
		if st, body := editor.do("POST", base+"/vcv", map[string]any{"NombreEs": "Sin banda"}); st != 422 || errorsOf(t, body)[0]["message"] != "Se ha de seleccionar una banda." {
			t.Errorf("VCV-035: %d %s", st, body)
		}
		digital := map[string]string{}
		for _, r := range []string{"BR", "AR", "DM", "MG"} {
			st, body := editor.do("POST", base+"/digitalband", map[string]any{"Nombre": "Banda " + r, "Frecuencia": "ORDENES", "Rango": r, "FrecuOrdenesInicial": "600", "FrecuOrdenesFinal": "4000"})
			if st != 201 {
				t.Fatalf("digital band %s: %d %s", r, st, body)
			}
			digital[r] = decode[map[string]any](t, body)["UsuBandaDigitalGUID"].(string)
		}
		st, body = editor.do("POST", base+"/digitalvcv", map[string]any{"Nombre": "Velocidad 1x", "UsuBandaDigitalGUID": digital["AR"]})
		if got := decode[map[string]any](t, body); st != 201 || got["BandaDigital"].(map[string]any)["Rango"] != "AR" {
			t.Errorf("VCV-027 a digital VCV shows its band: %d %s", st, body)
		}
		for _, tc := range []struct {
			req, tipo, rango string
			ok               bool
		}{
			{"VCP-030", "VEL", "BR", true}, {"VCP-030", "VEL", "AR", true}, {"VCP-030", "ACE", "AR", true}, {"VCP-030", "VEL", "DM", false},
			{"VCP-031", "DEM", "DM", true}, {"VCP-031", "DEM", "BR", false},
			{"VCP-032", "MAG", "MG", true}, {"VCP-032", "MAG", "AR", false},
		} {
			st, body := editor.do("POST", base+"/vcp", map[string]any{"Nombre": tc.tipo + " " + tc.rango, "Tipo": tc.tipo, "UsuBandaDigitalGUID": digital[tc.rango]})
			if tc.ok && (st != 201 || decode[map[string]any](t, body)["BandaDigital"] == nil) || !tc.ok && (st != 422 || errorsOf(t, body)[0]["code"] != "vcp_band") {
				t.Errorf("%s %s on a %s band: %d %s", tc.req, tc.tipo, tc.rango, st, body)
			}
		}
		for _, tipo := range []string{"CRE", "TEM", "POS"} {
			st, body := editor.do("POST", base+"/vcp", map[string]any{"Nombre": tipo, "Tipo": tipo, "UsuBandaDigitalGUID": digital["BR"]})
			if got := decode[map[string]any](t, body); st != 201 || got["UsuBandaDigitalGUID"] != nil || got["BandaDigital"] != nil {
				t.Errorf("VCP-021 a %s VCP has no band: %d %s", tipo, st, body)
			}
		}
		if st, body := editor.do("POST", base+"/vcp", map[string]any{"Nombre": "Velocidad", "Tipo": "VEL"}); st != 422 || errorsOf(t, body)[0]["message"] != "Se ha de seleccionar una banda." {
			t.Errorf("VCP-029: %d %s", st, body)
		}
	})
}

// Associations of VCVs, digital VCVs and VCPs to machine points and their reference values:
// one row per condition of the machine's criterion, thresholds in thousandths under the
// group rules, dissociation of one, a point's or a machine's (S2 §7.3–§7.5, REF-005..REF-025).
func TestAssociationsAndReferences(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		editor := c.client
		_, _, machine, _, point := c.plant()
		base := fmt.Sprintf("/api/user/%d", w.a)
		band := createdID(t, editor, base+"/band", "UsuBandaID", "", map[string]any{"NombreEs": "1x", "Frecuencia": "ORDENES", "Rango": "BR", "FrecuOrdenesInicial": "0.5", "FrecuOrdenesFinal": "1.5"})
		vcv := createdID(t, editor, base+"/vcv", "UsuVcvID", "", map[string]any{"NombreEs": "Velocidad 1x", "BandaId": band})
		_, body := editor.do("POST", base+"/digitalband", map[string]any{"Nombre": "Env", "Frecuencia": "ORDENES", "Rango": "DM", "FrecuOrdenesInicial": "600", "FrecuOrdenesFinal": "4000"})
		dband := decode[map[string]any](t, body)["UsuBandaDigitalGUID"]
		_, body = editor.do("POST", base+"/digitalvcv", map[string]any{"Nombre": "Envolvente", "UsuBandaDigitalGUID": dband, "Tipo": map[string]any{"EnumTipoVcoID": "VCOV"}})
		dvcv := decode[map[string]any](t, body)["UsuVCVDigitalGUID"].(string)
		vcp := createdID(t, editor, base+"/vcp", "UsuVCPID", "", map[string]any{"Nombre": "Temperatura", "Tipo": "TEM"})
		kinds := []struct {
			seg, item, key, refID, assocID string
			temperature                    bool
		}{
			{"mpv", "vcv", fmt.Sprint(vcv), "UsuValorReferenciaID", "UsuMPVId", false},
			{"mpvd", "digitalvcv", dvcv, "UsuValorReferenciaMPVdID", "UsuMPVdId", false},
			{"mpvp", "vcp", fmt.Sprint(vcp), "UsuValorReferenciaMPVpID", "UsuMPVpId", true},
		}
		itemURL := func(seg, item, key string) string {
			return fmt.Sprintf("%s/%s/machine/%d/point/%d/%s/%s", base, seg, machine, point, item, key)
		}
		refs := func(url string) []map[string]any {
			st, body := editor.do("GET", url+"/reference", nil)
			if st != 200 {
				t.Fatalf("references %s: %d %s", url, st, body)
			}
			return decode[[]map[string]any](t, body)
		}
		for _, k := range kinds {
			url := itemURL(k.seg, k.item, k.key)
			if st, body := editor.do("POST", url, nil); st != 204 {
				t.Fatalf("associate %s: %d %s", k.seg, st, body)
			}
			// API-072, API-094, API-107: associated with 204; refused with 400 and {code, message}.
			if st, body := editor.do("POST", url, nil); st != 400 || errorsOf(t, body)[0]["code"] == "" || errorsOf(t, body)[0]["message"] != "El elemento ya está asociado." {
				t.Errorf("%s twice: %d %s", k.seg, st, body)
			}
			if st, _ := editor.do("POST", itemURL(k.seg, k.item, "999999"), nil); st != 400 {
				t.Errorf("%s an unknown item: %d", k.seg, st)
			}
			// REF-006: a criterion without conditions gives one row without a name (API-073,
			// API-095, API-101: the references at the association's path).
			rows := refs(url)
			_, hasTemperature := rows[0]["Temperatura_Aviso"]
			if len(rows) != 1 || rows[0]["Nombre"] != nil || rows[0][k.refID] == nil || rows[0][k.assocID] == nil || !hasTemperature {
				t.Errorf("REF-005, REF-009 %s rows: %v", k.seg, rows)
			}
			ref := fmt.Sprintf("%s/%s/reference/%v", base, k.seg, rows[0][k.refID])
			// REF-016..REF-021: each group's rules, on the first refused field.
			for _, bad := range []map[string]any{
				{"V_H1_Alarma": 2000},
				{"H_H2_Aviso": 3000, "H_H2_Alarma": 2000, "H_H2_Peligro": 4000},
				{"A_Aviso": 1000, "A_Alarma": 2000},
				{"V_H1_Aviso": 1_000_000},
			} {
				if st, body := editor.do("PUT", ref, with(noReferences(), bad)); st != 422 || errorsOf(t, body)[0]["message"] != "El valor introducido no es correcto." {
					t.Errorf("%s %v: %d %s", k.seg, bad, st, body)
				}
			}
			// REF-025: thousandths, 204; REF-022: empty is null; REF-008: VCPs keep temperature
			// (API-074, API-097, API-110: the reference row's own path). A VCV's temperature
			// thresholds are refused, not dropped unseen, and nothing is written.
			good := map[string]any{"V_H1_Aviso": 1500, "V_H1_Alarma": 2500, "V_H1_Peligro": 2500, "H_H2_Aviso": 1000, "H_H2_Alarma": 2000, "H_H2_Peligro": 3000,
				"A_Aviso": 800, "A_Alarma": nil, "A_Peligro": nil, "Temperatura_Aviso": 60000, "Temperatura_Alarma": 70000, "Temperatura_Peligro": 80000}
			st, body := editor.do("PUT", ref, good)
			if !k.temperature {
				if st != 422 || errorsOf(t, body)[0]["field"] != "Temperatura_Aviso" || errorsOf(t, body)[0]["message"] != "Solo un VCP tiene umbrales de temperatura." || refs(url)[0]["V_H1_Aviso"] != nil {
					t.Errorf("%s with temperature: %d %s", k.seg, st, body)
				}
				good = with(good, map[string]any{"Temperatura_Aviso": nil, "Temperatura_Alarma": nil, "Temperatura_Peligro": nil})
				st, body = editor.do("PUT", ref, good)
			}
			if st != 204 {
				t.Errorf("REF-025 %s: %d %s", k.seg, st, body)
			}
			// Every threshold is sent, null when empty, and nothing else: a missing one was
			// stored empty, a misspelt one dropped.
			missing := with(good, nil)
			delete(missing, "A_Aviso")
			for _, tc := range []struct {
				body        map[string]any
				field, code string
			}{{missing, "A_Aviso", "required"}, {with(good, map[string]any{"A_Avisos": 900}), "A_Avisos", "unknown_field"}} {
				if st, body := editor.do("PUT", ref, tc.body); st != 422 || errorsOf(t, body)[0]["field"] != tc.field || errorsOf(t, body)[0]["code"] != tc.code {
					t.Errorf("%s without %s: %d %s", k.seg, tc.field, st, body)
				}
			}
			row := refs(url)[0]
			if row["V_H1_Aviso"] != 1500.0 || row["V_H1_Peligro"] != 2500.0 || row["H_H2_Alarma"] != 2000.0 || row["A_Aviso"] != 800.0 || row["A_Alarma"] != nil ||
				(row["Temperatura_Aviso"] == 60000.0) != k.temperature {
				t.Errorf("REF-007 %s saved: %v", k.seg, row)
			}
			if st, _ := w.as("editorb").do("PUT", ref, good); st != 404 {
				t.Errorf("another factory's reference: %d", st)
			}
		}
		// The point lists its associated items with their range (VCVs) and a digital VCV's type
		// (its label's prefix, VCV-029) for the side-bar.
		_, body = editor.do("GET", c.url("/point/%d/associations", point), nil)
		listed := decode[[]map[string]any](t, body)
		if len(listed) != 3 || listed[0]["Tipo"] != "MPV" || listed[0]["Rango"] != "BR" || listed[0]["Clave"] != fmt.Sprint(vcv) || listed[0]["TipoVco"] != nil ||
			listed[1]["Rango"] != "DM" || listed[1]["Clave"] != dvcv || listed[1]["TipoVco"] != "VCOV" || listed[2]["Tipo"] != "MPVP" {
			t.Errorf("a point's associations: %s", body)
		}
		// References follow the machine's criterion: one row per condition, by name.
		criterion := createdID(t, editor, base+"/criterion", "UsuCriterioID", "", with(operatingKinds()[1].valid, criterionWith(t, editor, base)))
		if st, body := c.do("PUT", c.url("/machine/%d", machine), map[string]any{"NombreEs": "Bomba", "Actualizacion": "VELOCIDADNOMINAL", "VelocidadVariable": false, "Online": true,
			"Kw": 55, "TiempoAprendizaje": 0, "KOSSensor": false, "AmplitudMinima1x": "0.5", "VelocidadMinima": "100", "CriterioId": criterion}); st != 200 {
			t.Fatalf("machine criterion: %d %s", st, body)
		}
		rows := refs(itemURL("mpv", "vcv", fmt.Sprint(vcv)))
		if len(rows) != 2 || rows[0]["Nombre"] != "Parada" || rows[1]["Nombre"] != "Marcha" || rows[0]["UsuCondicionId"] == rows[1]["UsuCondicionId"] {
			t.Errorf("one row per condition of the criterion: %v", rows)
		}
		// API-102: a VCP association's references by its id.
		if st, body := editor.do("GET", fmt.Sprintf("%s/mpvp/%v/reference", base, refs(itemURL("mpvp", "vcp", fmt.Sprint(vcp)))[0]["UsuMPVpId"]), nil); st != 200 || len(decode[[]map[string]any](t, body)) != 2 {
			t.Errorf("references by association: %d %s", st, body)
		}
		// The machine's alert list: every direction of every condition of every association.
		_, body = editor.do("GET", c.url("/machine/%d/alarm", machine), nil)
		alarms := decode[[]map[string]any](t, body)
		if len(alarms) != 2*3+2*3+2*4 || alarms[0]["Orientacion"] != 0.0 || alarms[0]["ComponenteNombre"] != "Motor" || alarms[0]["PuntoNombre"] != "LOA" {
			t.Errorf("alert list: %d rows %s", len(alarms), body)
		}
		// A VCP's rows carry its type, a VCV's its band's range: what sets their unit.
		for _, a := range alarms {
			if want := map[any]string{"MPVP": "TEM"}[a["Tipo"]]; a["TipoVcp"] != want {
				t.Errorf("the alert list's %v row's TipoVcp is %v, want %q", a["Tipo"], a["TipoVcp"], want)
			}
			if want := map[any]string{"MPV": "BR", "MPVD": "DM"}[a["Tipo"]]; a["Rango"] != want {
				t.Errorf("the alert list's %v row's Rango is %v, want %q", a["Tipo"], a["Rango"], want)
			}
		}
		var vcvRow map[string]any
		for _, a := range alarms {
			if a["Tipo"] == "MPV" && a["Direccion"] == 1.0 && a["CondicionNombre"] == "Marcha" {
				vcvRow = a
			}
		}
		alarmURL := func(dir int) string {
			return c.url("/machine/%d/alarm/%v/direction/%d", machine, vcvRow["UsuValorReferenciaID"], dir)
		}
		if st, body := editor.do("PUT", alarmURL(1), map[string]any{"VrAviso": 3000, "VrAlarma": 2000, "VrPeligro": 4000}); st != 422 || errorsOf(t, body)[0]["field"] != "VrAviso" {
			t.Errorf("alert list rules: %d %s", st, body)
		}
		if st, body := editor.do("PUT", alarmURL(1), map[string]any{"VrAviso": 1000, "VrAlarma": 2000, "VrPeligro": 4000}); st != 204 {
			t.Errorf("alert list edit: %d %s", st, body)
		}
		if st, _ := editor.do("PUT", alarmURL(3), map[string]any{"VrAviso": 1000, "VrAlarma": nil, "VrPeligro": nil}); st != 404 {
			t.Errorf("a VCV has no temperature: %d", st)
		}
		// ALRM-044: each row's record is the row of the alert list, of every kind, condition and
		// direction; a direction the row lacks, or a row of a condition the criterion no longer
		// has, has none.
		_, body = editor.do("GET", c.url("/machine/%d/alarm", machine), nil)
		for _, a := range decode[[]map[string]any](t, body) {
			recordURL := func(dir any) string {
				return c.url("/machine/%d/alarm/%v/direction/%v", machine, a["UsuValorReferenciaID"], dir)
			}
			st, body := editor.do("GET", recordURL(a["Direccion"]), nil)
			rec := decode[map[string]any](t, body)
			if st != 200 || rec["UsuMaquinaId"] != float64(machine) || rec["UsuCriterioId"] != float64(criterion) || rec["UsuVcoId"] != nil {
				t.Errorf("ALRM-044 %v's record: %d %s", a, st, body)
			}
			for _, f := range []string{"UsuMaqPuntoVcvId", "Direccion", "UsuCondicionId", "ComponenteNombre", "PuntoNombre", "VcvNombre", "CondicionNombre", "VrAviso", "VrAlarma", "VrPeligro"} {
				if rec[f] != a[f] {
					t.Errorf("ALRM-044 the record's %s is %v, the alert list's %v", f, rec[f], a[f])
				}
			}
			lacking := 3
			if a["Tipo"] == "MPVP" {
				lacking = 4
			}
			if st, _ := editor.do("GET", recordURL(lacking), nil); st != 404 {
				t.Errorf("%v's direction %d: %d, want 404", a["Tipo"], lacking, st)
			}
		}
		var stale int64
		if err := w.d.QueryRow(`SELECT r.id FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id WHERE a.maquina_id = $1 AND r.condicion_id = 0 ORDER BY r.id LIMIT 1`,
			machine).Scan(&stale); err != nil {
			t.Fatal(err)
		}
		if st, _ := editor.do("GET", c.url("/machine/%d/alarm/%d/direction/0", machine, stale), nil); st != 404 {
			t.Errorf("a row of a condition the criterion no longer has: %d, want 404", st)
		}
		for _, r := range refs(itemURL("mpv", "vcv", fmt.Sprint(vcv))) {
			if r["UsuCondicionId"] == vcvRow["UsuCondicionId"] && (r["H_H2_Aviso"] != 1000.0 || r["H_H2_Peligro"] != 4000.0) {
				t.Errorf("the alert list writes the reference row: %v", r)
			}
		}
		// An associated item is not deleted.
		// Its users are named "machine › point": many machines have a point LOA.
		if st, body := editor.do("DELETE", fmt.Sprintf("%s/vcv/%d", base, vcv), nil); st != 400 || errorsOf(t, body)[0]["code"] != "in_use" || errorsOf(t, body)[0]["message"] != "Está en uso por «Bomba › LOA»." {
			t.Errorf("delete an associated VCV: %d %s", st, body)
		}
		// API-096: dissociating a digital VCV answers true, or the list of {code, message}.
		if st, body := editor.do("DELETE", itemURL("mpvd", "digitalvcv", dvcv), nil); st != 200 || string(body) != "true\n" && string(body) != "true" {
			t.Errorf("dissociate a digital VCV: %d %s", st, body)
		}
		if st, body := editor.do("DELETE", itemURL("mpvd", "digitalvcv", dvcv), nil); st != 400 || errorsOf(t, body)[0]["code"] == "" || errorsOf(t, body)[0]["message"] == "" {
			t.Errorf("dissociate twice: %d %s", st, body)
		}
		// API-076: a point's VCVs.
		if st, _ := editor.do("DELETE", fmt.Sprintf("%s/mpv/machine/%d/point/%d", base, machine, point), nil); st != 204 {
			t.Errorf("dissociate a point's VCVs: %d", st)
		}
		mpv := itemURL("mpv", "vcv", fmt.Sprint(vcv))
		if st, _ := editor.do("GET", mpv+"/reference", nil); st != 404 {
			t.Errorf("a dissociated VCV has no references: %d", st)
		}
		// API-075: one VCV, 204, and 400 when it is no longer associated; API-077: a machine's.
		for _, step := range []struct {
			method, url string
			status      int
		}{
			{"POST", mpv, 204}, {"DELETE", mpv, 204}, {"DELETE", mpv, 400},
			{"POST", mpv, 204}, {"DELETE", fmt.Sprintf("%s/mpv/machine/%d", base, machine), 204}, {"GET", mpv + "/reference", 404},
		} {
			if st, body := editor.do(step.method, step.url, nil); st != step.status {
				t.Errorf("%s %s: %d %s, want %d", step.method, step.url, st, body, step.status)
			}
		}
		if st, _ := editor.do("DELETE", fmt.Sprintf("%s/mpvp/machine/%d", base, machine), nil); st != 204 {
			t.Errorf("dissociate a machine's VCPs: %d", st)
		}
		// API-111: a VCP no longer associated: 400.
		if st, _ := editor.do("DELETE", itemURL("mpvp", "vcp", fmt.Sprint(vcp)), nil); st != 400 {
			t.Errorf("dissociate a VCP no longer associated: %d", st)
		}
		if st, _ := editor.do("DELETE", fmt.Sprintf("%s/vcv/%d", base, vcv), nil); st != 204 {
			t.Errorf("a VCV no longer associated is deleted: %d", st)
		}
		if st, _ := w.as("lector").do("POST", itemURL("mpvp", "vcp", fmt.Sprint(vcp)), nil); st != 403 {
			t.Errorf("a read-only user associates nothing: %d", st)
		}
	})
}

// The machine's assign actions (MACH-003): default spectra, default VCVs and bearing VCVs of
// the machine's device family, given to every point.
func TestAssignActions(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		editor := c.client
		_, area, machine, _, point := c.plant()
		base := fmt.Sprintf("/api/user/%d", w.a)
		assign := func(what string) (int, map[string]any, []byte) {
			st, body := editor.do("POST", c.url("/machine/%d/assign/%s", machine, what), nil)
			if st != 200 {
				return st, nil, body
			}
			return st, decode[map[string]any](t, body), body
		}
		if st, _, body := assign("spectra"); st != 400 || errorsOf(t, body)[0]["code"] != "no_default_spectra" {
			t.Errorf("no default spectra: %d %s", st, body)
		}

		spectrum := catalogKinds()
		var analogSpectrum, digitalSpectrum catalogKind
		for _, k := range spectrum {
			switch k.path {
			case "spectrum":
				analogSpectrum = k
			case "digitalspectrum":
				digitalSpectrum = k
			}
		}
		plain := createdID(t, editor, base+"/spectrum", "UsuEspectroID", "", with(analogSpectrum.valid, analogSpectrum.refs(t, editor, base)))
		def := createdID(t, editor, base+"/spectrum", "UsuEspectroID", "", with(analogSpectrum.valid, with(analogSpectrum.refs(t, editor, base), map[string]any{"NombreEs": "Por defecto", "PorDefecto": true})))
		if st, got, body := assign("spectra"); st != 200 || got["Asignados"] != 1.0 {
			t.Errorf("assign spectra: %d %s", st, body)
		}
		_, body := c.do("GET", c.url("/point/%d", point), nil)
		if p := decode[map[string]any](t, body); p["UsuEspectroBrId"] != float64(def) || p["UsuEspectroBrId"] == float64(plain) {
			t.Errorf("the point has the default spectrum: %s", body)
		}
		if st, _, body := assign("defaultvcv"); st != 400 || errorsOf(t, body)[0]["code"] != "no_default_vcvs" {
			t.Errorf("no default VCVs: %d %s", st, body)
		}
		band := createdID(t, editor, base+"/band", "UsuBandaID", "", map[string]any{"NombreEs": "1x", "Frecuencia": "ORDENES", "Rango": "BR", "FrecuOrdenesInicial": "0.5", "FrecuOrdenesFinal": "1.5"})
		vcv := createdID(t, editor, base+"/vcv", "UsuVcvID", "", map[string]any{"NombreEs": "1x", "BandaId": band, "PorDefecto": true})
		createdID(t, editor, base+"/vcv", "UsuVcvID", "", map[string]any{"NombreEs": "2x", "BandaId": band})
		if st, got, body := assign("defaultvcv"); st != 200 || got["Asignados"] != 1.0 {
			t.Errorf("assign default VCVs: %d %s", st, body)
		}
		if st, got, body := assign("defaultvcv"); st != 200 || got["Asignados"] != 0.0 {
			t.Errorf("assign default VCVs again adds nothing: %d %s", st, body)
		}
		if st, _ := editor.do("GET", fmt.Sprintf("%s/mpv/machine/%d/point/%d/vcv/%d/reference", base, machine, point, vcv), nil); st != 200 {
			t.Errorf("the default VCV is associated: %d", st)
		}

		// Bearing VCVs: none without bearings; then one per defect frequency of the bearing.
		if st, _, body := assign("bearingvcv"); st != 400 || errorsOf(t, body)[0]["code"] != "no_bearings" {
			t.Errorf("no bearings: %d %s", st, body)
		}
		if err := tree.AddTemplateBearing(context.Background(), w.d, "SKF", "6205", tree.Geometry{Balls: 9, BallDiameter: 7.94, PitchDiameter: 38.5}); err != nil {
			t.Fatal(err)
		}
		_, body = c.do("GET", c.url("/bearing/template?Marca=SKF"), nil)
		_, body = c.do("POST", c.url("/bearing/download"), map[string]string{"GenRodamientoGUID": decode[tree.BearingPage](t, body).Rodamientos[0].GenRodamientoGUID})
		bearing := decode[tree.Bearing](t, body)
		_, body = c.do("GET", c.url("/point/%d", point), nil)
		if st, body := c.do("PUT", c.url("/point/%d", point), with(decode[map[string]any](t, body), map[string]any{"Rodamiento1": map[string]any{"GenRodamientoID": bearing.GenRodamientoID}})); st != 200 {
			t.Fatalf("point bearing: %d %s", st, body)
		}
		// A user's VCV that happens to bear a generated VCV's name is never taken for it.
		users := createdID(t, editor, base+"/vcv", "UsuVcvID", "", map[string]any{"NombreEs": "SKF 6205 BPFO", "BandaId": band})
		if st, got, body := assign("bearingvcv"); st != 200 || got["Asignados"] != 4.0 {
			t.Errorf("assign bearing VCVs: %d %s", st, body)
		}
		if st, _ := editor.do("GET", fmt.Sprintf("%s/mpv/machine/%d/point/%d/vcv/%d/reference", base, machine, point, users), nil); st != 404 {
			t.Errorf("the user's VCV of the same name was taken for a bearing VCV: %d", st)
		}
		// A generated VCV is found again by its bearing and defect, whatever it is renamed to.
		count := func() int {
			_, body := editor.do("GET", base+"/vcv", nil)
			return len(decode[[]map[string]any](t, body))
		}
		vcvs := count()
		_, body = editor.do("GET", c.url("/point/%d/associations", point), nil)
		for _, a := range decode[[]map[string]any](t, body) {
			if a["NombreEs"] == "SKF 6205 BPFI" {
				_, item := editor.do("GET", base+"/vcv/"+a["Clave"].(string), nil)
				if st, body := editor.do("PUT", base+"/vcv/"+a["Clave"].(string), with(decode[map[string]any](t, item), map[string]any{"NombreEs": "Pista interior"})); st != 200 {
					t.Fatalf("rename: %d %s", st, body)
				}
			}
		}
		if st, got, body := assign("bearingvcv"); st != 200 || got["Asignados"] != 0.0 || count() != vcvs {
			t.Errorf("assign bearing VCVs again reuses and adds nothing, renamed or not: %d %s, %d VCVs, were %d", st, body, count(), vcvs)
		}
		_, body = editor.do("GET", c.url("/point/%d/associations", point), nil)
		names := []string{}
		for _, a := range decode[[]map[string]any](t, body) {
			names = append(names, a["NombreEs"].(string))
		}
		if !sameList(names, []string{"1x", "Pista interior", "SKF 6205 BPFO", "SKF 6205 BS", "SKF 6205 FTF"}) {
			t.Errorf("the bearing VCVs: %v", names)
		}

		// A KOS Sensor machine gets digital spectra and digital VCVs.
		if st, body := c.do("PUT", c.url("/machine/%d", machine), map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "Online": true, "Kw": 55,
			"VelocidadVariable": false, "TiempoAprendizaje": 0, "KOSSensor": true}); st != 200 {
			t.Fatalf("KOS Sensor machine: %d %s", st, body)
		}
		dspec := createdID(t, editor, base+"/digitalspectrum", "UsuEspectroDigitalID", "", with(digitalSpectrum.valid, with(digitalSpectrum.refs(t, editor, base), map[string]any{"PorDefecto": true})))
		if st, got, body := assign("spectra"); st != 200 || got["Asignados"] != 1.0 {
			t.Errorf("assign digital spectra: %d %s", st, body)
		}
		_, body = c.do("GET", c.url("/point/%d", point), nil)
		if p := decode[map[string]any](t, body); p["MEMSPrediccion"].(map[string]any)["UsuEspectroDigitalARId"] != float64(dspec) {
			t.Errorf("the point has the default digital spectrum: %s", body)
		}
		_, body = editor.do("POST", base+"/digitalband", map[string]any{"Nombre": "B", "Frecuencia": "ORDENES", "Rango": "BR", "FrecuOrdenesInicial": "600", "FrecuOrdenesFinal": "4000"})
		dband := decode[map[string]any](t, body)["UsuBandaDigitalGUID"]
		for _, v := range []map[string]any{
			{"Nombre": "Motores", "GenTipoComponenteId": 1, "PorDefecto": true}, // the plant's component has no subtype
			{"Nombre": "Todos", "PorDefecto": true},
		} {
			if st, body := editor.do("POST", base+"/digitalvcv", with(v, map[string]any{"UsuBandaDigitalGUID": dband})); st != 201 {
				t.Fatalf("digital VCV: %d %s", st, body)
			}
		}
		if st, got, body := assign("defaultvcv"); st != 200 || got["Asignados"] != 1.0 {
			t.Errorf("assign default digital VCVs by component type: %d %s", st, body)
		}
		// API-019: with the analog assignments above, the KOS Sensor variants: digital spectra,
		// digital default VCVs, and bearing VCVs made as digital VCVs on digital bands.
		if st, got, body := assign("bearingvcv"); st != 200 || got["Asignados"] != 4.0 {
			t.Errorf("API-019 assign digital bearing VCVs: %d %s", st, body)
		}
		_, body = editor.do("GET", c.url("/point/%d/associations", point), nil)
		var digitalBearing []string
		for _, a := range decode[[]map[string]any](t, body) {
			if name := a["NombreEs"].(string); a["Tipo"] == "MPVD" && strings.HasPrefix(name, "SKF 6205 ") {
				digitalBearing = append(digitalBearing, name)
			}
		}
		if !sameList(digitalBearing, []string{"SKF 6205 BPFI", "SKF 6205 BPFO", "SKF 6205 BS", "SKF 6205 FTF"}) {
			t.Errorf("API-019 the digital bearing VCVs: %s", body)
		}
		if st, _ := w.as("lector").do("POST", c.url("/machine/%d/assign/spectra", machine), nil); st != 403 {
			t.Errorf("a read-only user assigns nothing: %d", st)
		}
		// A machine without points has nothing to be given, whatever the factory has.
		bare := c.create(fmt.Sprintf("/area/%d/machine", area), "UsuMaquinaID", map[string]any{"NombreEs": "Sin puntos", "Actualizacion": "VCOV", "VelocidadVariable": false,
			"Online": false, "Kw": 55, "TiempoAprendizaje": 0, "KOSSensor": false})
		for _, what := range []string{"spectra", "defaultvcv", "bearingvcv"} {
			if st, body := editor.do("POST", c.url("/machine/%d/assign/%s", bare, what), nil); st != 400 || errorsOf(t, body)[0]["code"] != "no_points" {
				t.Errorf("assign %s to a machine without points: %d %s", what, st, body)
			}
		}
	})
}

// A digital VCV spread over the points of a component or of a machine that it suits, and
// taken back from them, at the spec's paths (S2 §7.4).
func TestDigitalVcvSpread(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		editor := c.client
		_, _, machine, motor, motorPoint := c.plant()
		pump := c.create(fmt.Sprintf("/machine/%d/component", machine), "UsuComponenteID", map[string]any{"NombreEs": "Bomba", "Montaje": 1, "GenSubtipoComponenteId": 4})
		pumpPoint := c.create(fmt.Sprintf("/component/%d/point", pump), "UsuPuntoVibracionID", map[string]any{"NombreEs": "LOB", "Posicion": 1, "MontajeId": 1, "Vr": "1", "Medida_V_H1_br": true})
		base := fmt.Sprintf("/api/user/%d", w.a)
		_, body := editor.do("POST", base+"/digitalband", map[string]any{"Nombre": "Env", "Frecuencia": "ORDENES", "Rango": "DM", "FrecuOrdenesInicial": "600", "FrecuOrdenesFinal": "4000"})
		band := decode[map[string]any](t, body)["UsuBandaDigitalGUID"]
		vcv := func(name string, fields map[string]any) string {
			_, body := editor.do("POST", base+"/digitalvcv", with(map[string]any{"Nombre": name, "UsuBandaDigitalGUID": band, "Tipo": map[string]any{"EnumTipoVcoID": "VCOV"}}, fields))
			return decode[map[string]any](t, body)["UsuVCVDigitalGUID"].(string)
		}
		pumps := vcv("Bombas", map[string]any{"GenTipoComponenteId": 2})
		fans := vcv("Ventiladores", map[string]any{"GenTipoComponenteId": 3, "GenSubtipoComponenteId": 6})
		general := vcv("Cualquiera", nil)
		holds := func(point int64, key string) bool {
			st, _ := editor.do("GET", fmt.Sprintf("%s/mpvd/machine/%d/point/%d/digitalvcv/%s/reference", base, machine, point, key), nil)
			return st == 200
		}
		const spread = "/api/digitalvcvassociation"

		// API-092: over the machine, to the points whose component it suits; again changes nothing.
		for range 2 {
			if st, body := editor.do("POST", spread+"/machine", map[string]any{"UsuMaquinaId": machine, "UsuVCVDigitalGUID": pumps}); st != 204 {
				t.Fatalf("API-092 spread over the machine: %d %s", st, body)
			}
		}
		if !holds(pumpPoint, pumps) || holds(motorPoint, pumps) {
			t.Errorf("API-092 the pump's point only: pump %v motor %v", holds(pumpPoint, pumps), holds(motorPoint, pumps))
		}
		// API-090: over a component (204); a VCV that suits none of its points is refused.
		if st, body := editor.do("POST", spread+"/component", map[string]any{"UsuComponenteId": motor, "UsuVCVDigitalGUID": general}); st != 204 || !holds(motorPoint, general) || holds(pumpPoint, general) {
			t.Errorf("API-090 spread over the motor: %d %s", st, body)
		}
		if st, body := editor.do("POST", spread+"/component", map[string]any{"UsuComponenteId": pump, "UsuVCVDigitalGUID": fans}); st != 400 || errorsOf(t, body)[0]["code"] != "no_point_fits" {
			t.Errorf("a fan VCV over a pump: %d %s", st, body)
		}
		if st, _ := editor.do("POST", spread+"/component", map[string]any{"UsuComponenteId": pump, "UsuVCVDigitalGUID": "nope"}); st != 400 {
			t.Errorf("an unknown VCV: %d", st)
		}
		// Another factory's member finds nothing; a reader changes nothing.
		if st, _ := w.as("editorb").do("POST", spread+"/machine", map[string]any{"UsuMaquinaId": machine, "UsuVCVDigitalGUID": general}); st != 404 {
			t.Errorf("another factory's machine: %d", st)
		}
		if st, _ := w.as("lector").do("POST", spread+"/component", map[string]any{"UsuComponenteId": pump, "UsuVCVDigitalGUID": general}); st != 403 {
			t.Errorf("a reader spreads: %d", st)
		}
		if st, _ := w.as("editorb").do("DELETE", fmt.Sprintf("%s/component/point/%d/digitalvcv/%s", spread, motorPoint, general), nil); st != 404 {
			t.Errorf("another factory's point: %d", st)
		}

		// API-091: from the point's component; API-093: from the whole machine; 400 when none holds it.
		if st, body := editor.do("DELETE", fmt.Sprintf("%s/component/point/%d/digitalvcv/%s", spread, motorPoint, general), nil); st != 204 || holds(motorPoint, general) {
			t.Errorf("API-091 taken from the motor: %d %s", st, body)
		}
		if st, _ := editor.do("DELETE", fmt.Sprintf("%s/component/point/%d/digitalvcv/%s", spread, motorPoint, general), nil); st != 400 {
			t.Errorf("API-091 taken twice: %d", st)
		}
		if st, _ := editor.do("DELETE", fmt.Sprintf("%s/machine/%d/point/%d/digitalvcv/%s", spread, machine+1000, pumpPoint, pumps), nil); st != 404 {
			t.Errorf("API-093 a point of another machine: %d", st)
		}
		if st, body := editor.do("DELETE", fmt.Sprintf("%s/machine/%d/point/%d/digitalvcv/%s", spread, machine, motorPoint, pumps), nil); st != 204 || holds(pumpPoint, pumps) {
			t.Errorf("API-093 taken from the machine: %d %s", st, body)
		}
	})
}

// VCP-022: a factory VCP also carries UsuVcvID, its id among the factory's values; a
// template has none.
func TestVcpValueID(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		editor, admin := w.as("editor"), w.as("admin")
		base := fmt.Sprintf("/api/user/%d", w.a)
		st, body := editor.do("POST", base+"/vcp", map[string]any{"Nombre": "Temperatura", "Tipo": "TEM"})
		vcp := decode[map[string]any](t, body)
		if st != 201 || vcp["UsuVcvID"] == nil || vcp["UsuVcvID"] != vcp["UsuVCPID"] {
			t.Errorf("created: %d %s", st, body)
		}
		_, body = editor.do("GET", fmt.Sprintf("%s/vcp/%v", base, vcp["UsuVCPID"]), nil)
		if got := decode[map[string]any](t, body); got["UsuVcvID"] != vcp["UsuVCPID"] {
			t.Errorf("read back: %s", body)
		}
		if _, body := admin.do("POST", "/api/vcp", map[string]any{"Nombre": "Temperatura", "Tipo": "TEM"}); decode[map[string]any](t, body)["UsuVcvID"] != nil {
			t.Errorf("a template: %s", body)
		}
	})
}

// VCV-036: an association that names no VCV is refused with 'Se ha de seleccionar un vcv.',
// through the point's calls (the id 0) and the digital VCV's spread (no GUID).
func TestAssociateWithoutVcv(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, _, machine, component, point := c.plant()
		for _, call := range []struct {
			path string
			body any
		}{
			{c.url("/mpv/machine/%d/point/%d/vcv/0", machine, point), nil},
			{c.url("/mpvp/machine/%d/point/%d/vcp/0", machine, point), nil},
			{"/api/digitalvcvassociation/component", map[string]any{"UsuComponenteId": component}},
			{"/api/digitalvcvassociation/machine", map[string]any{"UsuMaquinaId": machine, "UsuVCVDigitalGUID": ""}},
		} {
			st, body := c.do("POST", call.path, call.body)
			if st != 400 || errorsOf(t, body)[0]["message"] != "Se ha de seleccionar un vcv." { // MSG-059
				t.Errorf("%s %v: %d %s", call.path, call.body, st, body)
			}
		}
	})
}

// noReferences is a reference-value edit that empties every threshold, for tests to fill some.
func noReferences() map[string]any {
	out := map[string]any{}
	for _, d := range []string{"V_H1_", "H_H2_", "A_", "Temperatura_"} {
		for _, l := range []string{"Aviso", "Alarma", "Peligro"} {
			out[d+l] = nil
		}
	}
	return out
}
