package app_test

import (
	"fmt"
	"strings"
	"testing"
)

var spectrumBR = map[string]any{"NombreEs": "Velocidad BR", "NombreEn": "Velocity LR", "Rango": "BR", "Lineas": 1, "Promediado": "LINEAL",
	"NumPromedios": 4, "Filtro": "2_HZ", "Ventana": "HANN", "Solapamiento": 0, "FrecuenciaMuestreo": 60000, "Unidad": "MMSEG", "TipoUnidad": 3}

var digitalBR = map[string]any{"Nombre": "MEMS BR", "Rango": "BR", "Lineas": 1, "NumPromedios": 1, "Ventana": "HANN", "Solapamiento": 0,
	"FrecuenciaMuestreo": 10000, "Unidad": "MMSEG"}

func orderBand(name, rango string) map[string]any {
	return map[string]any{"NombreEs": name, "NombreEn": name, "Frecuencia": "ORDENES", "Rango": rango, "FrecuOrdenesInicial": "0.5", "FrecuOrdenesFinal": "1.5"}
}

// Spectrum ↔ band links (API-119, API-062, BAND-050, CAT-014), the bands a spectrum lists
// (SPEC-005), bands in use, copy and download of a spectrum with its bands and sensor.
func TestSpectrumBands(t *testing.T) {
	each(t, newWorld, func(t *testing.T, w *world) {
		admin, editor, lector := w.as("admin"), w.as("editor"), w.as("lector")
		base := fmt.Sprintf("/api/user/%d", w.a)
		sensor := createdID(t, editor, base+"/sensor/dynamic", "UsuSensorDinamicoID", "", sensorKinds[0].valid)
		spectrum := createdID(t, editor, base+"/spectrum", "UsuEspectroID", "", with(spectrumBR, map[string]any{"SensorDinamicoId": sensor}))
		band1x := createdID(t, editor, base+"/band", "UsuBandaID", "", orderBand("1x", "BR"))
		bandAR := createdID(t, editor, base+"/band", "UsuBandaID", "", orderBand("Rodamiento AR", "AR"))
		link := fmt.Sprintf("%s/spectrum/%d/band/", base, spectrum)

		if st, _ := editor.do("POST", link+fmt.Sprint(band1x), nil); st != 204 {
			t.Fatalf("API-119 link: %d", st)
		}
		st, body := editor.do("POST", link+fmt.Sprint(band1x), nil)
		if st != 400 || errorsOf(t, body)[0]["message"] != "El elemento ya está asociado." {
			t.Errorf("BAND-050, MSG-007 second link: %d %s", st, body)
		}
		if st, body := editor.do("POST", link+fmt.Sprint(bandAR), nil); st != 400 || errorsOf(t, body)[0]["code"] != "range_mismatch" {
			t.Errorf("a high-range band in a low-range spectrum: %d %s", st, body)
		}
		if st, _ := lector.do("POST", link+fmt.Sprint(bandAR), nil); st != 403 {
			t.Errorf("reader links: %d", st)
		}
		_, body = editor.do("GET", fmt.Sprintf("%s/spectrum/%d", base, spectrum), nil)
		got := decode[map[string]any](t, body)
		if bands, _ := got["Bandas"].([]any); len(bands) != 1 || bands[0].(map[string]any)["NombreEs"] != "1x" {
			t.Errorf("SPEC-005 the spectrum's bands: %s", body)
		}

		// A band in a spectrum, and the spectrum's sensor, are not deleted (400 with the user).
		st, body = editor.do("DELETE", fmt.Sprintf("%s/band/%d", base, band1x), nil)
		if st != 400 || !strings.Contains(errorsOf(t, body)[0]["message"], "Velocidad BR") {
			t.Errorf("delete a band in a spectrum: %d %s", st, body)
		}
		if st, _ := editor.do("DELETE", fmt.Sprintf("%s/sensor/dynamic/%d", base, sensor), nil); st != 400 {
			t.Errorf("delete the spectrum's sensor: %d", st)
		}

		// Copy keeps the bands (CAT-006).
		st, body = editor.do("POST", fmt.Sprintf("%s/spectrum/%d/copy", base, spectrum), nil)
		if copied := decode[map[string]any](t, body); st != 201 || copied["NombreEs"] != "Velocidad BR (copia)" || len(copied["Bandas"].([]any)) != 1 {
			t.Errorf("copy: %d %s", st, body)
		}

		// CAT-014: dissociate; a second dissociation fails (400).
		if st, _ := editor.do("DELETE", link+fmt.Sprint(band1x), nil); st != 204 {
			t.Errorf("dissociate: %d", st)
		}
		if st, _ := editor.do("DELETE", link+fmt.Sprint(band1x), nil); st != 400 {
			t.Errorf("dissociate twice: %d", st)
		}

		// API-117, CAT-004: downloading a template spectrum brings its template bands and
		// sensor into the factory, each once, and links them.
		tplSensor := createdID(t, admin, "/api/sensor/dynamic", "", "AdminSensorDinamicoID", sensorKinds[0].valid)
		tpl := createdID(t, admin, "/api/spectrum", "", "AdminEspectroID", with(spectrumBR, map[string]any{"NombreEs": "Envolvente", "NombreEn": "Envelope", "Rango": "DM", "SensorDinamicoId": tplSensor}))
		tplBand := createdID(t, admin, "/api/band", "", "AdminBandaID", orderBand("BPFO", "DM"))
		if st, _ := admin.do("POST", fmt.Sprintf("/api/spectrum/%d/band/%d", tpl, tplBand), nil); st != 204 {
			t.Fatalf("template link: %d", st)
		}
		st, body = editor.do("POST", fmt.Sprintf("%s/spectrum/%d/download", base, tpl), nil)
		dl := decode[map[string]any](t, body)
		bands, _ := dl["Bandas"].([]any)
		if st != 201 || len(bands) != 1 || bands[0].(map[string]any)["NombreEs"] != "BPFO (descarga)" || dl["SensorDinamicoId"] == float64(tplSensor) {
			t.Fatalf("download with bands: %d %s", st, body)
		}
		_, body = editor.do("GET", fmt.Sprintf("%s/sensor/dynamic/%v", base, dl["SensorDinamicoId"]), nil)
		if !strings.Contains(string(body), "(descarga)") {
			t.Errorf("the downloaded spectrum's sensor: %s", body)
		}
		if st, _ := editor.do("POST", fmt.Sprintf("%s/band/%d/download", base, tplBand), nil); st != 400 {
			t.Errorf("the band came with the spectrum: a second download is refused, got %d", st)
		}
	})
}

// AUTH-016, SPEC-012, SPEC-019, SPEC-026: ADMIN-only fields, locked range, legacy unit, the
// demodulation filter for envelope spectra only; AUTH-010 and the digital ADMIN width.
func TestSpectrumRules(t *testing.T) {
	each(t, newWorld, func(t *testing.T, w *world) {
		admin, editor := w.as("admin"), w.as("editor")
		base := fmt.Sprintf("/api/user/%d", w.a)
		sensor := createdID(t, editor, base+"/sensor/dynamic", "UsuSensorDinamicoID", "", sensorKinds[0].valid)
		dm := with(spectrumBR, map[string]any{"Rango": "DM", "SensorDinamicoId": sensor, "Atenuacion": "20_DB", "FiltroDemodulacion": 3, "AmplificacionAutorango": 2, "Unidad": "MMSEG_RMS", "TipoUnidad": 1})
		st, body := editor.do("POST", base+"/spectrum", dm)
		s := decode[map[string]any](t, body)
		if st != 201 || s["Atenuacion"] != "SIN_ATENUAR" || s["FiltroDemodulacion"] != 0.0 || s["AmplificacionAutorango"] != 0.0 {
			t.Errorf("AUTH-016 an editor's ADMIN-only fields: %d %s", st, body)
		}
		if s["Unidad"] != "MMSEG" || s["TipoUnidad"] != 3.0 {
			t.Errorf("SPEC-019 MMSEG_RMS: %s", body)
		}
		st, body = admin.do("PUT", fmt.Sprintf("%s/spectrum/%v", base, s["UsuEspectroID"]), dm)
		s = decode[map[string]any](t, body)
		if st != 200 || s["Atenuacion"] != "20_DB" || s["FiltroDemodulacion"] != 3.0 || s["AmplificacionAutorango"] != 2.0 {
			t.Errorf("AUTH-016 ADMIN sets them: %d %s", st, body)
		}
		st, body = editor.do("PUT", fmt.Sprintf("%s/spectrum/%v", base, s["UsuEspectroID"]), with(dm, map[string]any{"Atenuacion": nil, "FiltroDemodulacion": 0}))
		if s = decode[map[string]any](t, body); st != 200 || s["Atenuacion"] != "20_DB" || s["FiltroDemodulacion"] != 3.0 {
			t.Errorf("AUTH-016 an editor's save keeps ADMIN's values: %d %s", st, body)
		}
		st, body = admin.do("POST", base+"/spectrum", with(dm, map[string]any{"Rango": "BR"}))
		if s = decode[map[string]any](t, body); st != 201 || s["FiltroDemodulacion"] != 0.0 {
			t.Errorf("SPEC-026 demodulation filter outside DM: %d %s", st, body)
		}
		st, body = editor.do("POST", base+"/spectrum", with(dm, map[string]any{"Lineas": 5, "FrecuenciaMuestreo": 1500, "NumPromedios": 4}))
		if st != 422 || errorsOf(t, body)[0]["field"] != "NumPromedios" {
			t.Errorf("SPEC-032 more averages than 12800 lines at 1500 cpm allow: %d %s", st, body)
		}
		if st, _ := editor.do("POST", base+"/spectrum", with(dm, map[string]any{"Lineas": 5, "FrecuenciaMuestreo": 1500, "NumPromedios": 2})); st != 201 {
			t.Errorf("SPEC-032 within the limit: %d", st)
		}
		for _, field := range []string{"NombreEs", "Rango", "Lineas", "SensorDinamicoId", "FrecuenciaMuestreo", "Filtro", "Solapamiento", "Unidad", "NumPromedios", "Ventana"} {
			st, body := editor.do("POST", base+"/spectrum", with(dm, map[string]any{field: nil}))
			if st != 422 || !strings.Contains(string(body), `"field":"`+field+`"`) {
				t.Errorf("SPEC-023 %s missing: %d %s", field, st, body)
			}
		}

		dsensor := createdID(t, editor, base+"/sensor/digitaldynamic", "UsuSensorDinamicoDigitalID", "", sensorKinds[1].valid)
		digital := with(digitalBR, map[string]any{"UsuSensorDinamicoDigitalId": dsensor})
		// AUTH-011: the 5200 sampling width is ADMIN's (the last case).
		for _, patch := range []map[string]any{{"Rango": "DM"}, {"Rango": "MG", "FrecuenciaMuestreo": 2340}, {"FrecuenciaMuestreo": 5200}} {
			if st, body := editor.do("POST", base+"/digitalspectrum", with(digital, patch)); st != 422 || errorsOf(t, body)[0]["code"] != "admin_only" {
				t.Errorf("AUTH-010 editor %v: %d %s", patch, st, body)
			}
			if st, body := admin.do("POST", base+"/digitalspectrum", with(digital, patch)); st != 201 {
				t.Errorf("AUTH-010 admin %v: %d %s", patch, st, body)
			}
		}
		for _, field := range []string{"Nombre", "Rango", "Lineas", "UsuSensorDinamicoDigitalId", "FrecuenciaMuestreo", "Solapamiento", "NumPromedios", "Unidad", "Ventana"} {
			st, body := editor.do("POST", base+"/digitalspectrum", with(digital, map[string]any{field: nil}))
			if st != 422 || !strings.Contains(string(body), `"field":"`+field+`"`) {
				t.Errorf("SPEC-045 %s missing: %d %s", field, st, body)
			}
		}
		// A digital sensor of another factory is not the spectrum's to use.
		other := createdID(t, w.as("editorb"), fmt.Sprintf("/api/user/%d/sensor/digitaldynamic", w.b), "UsuSensorDinamicoDigitalID", "", sensorKinds[1].valid)
		if st, body := editor.do("POST", base+"/digitalspectrum", with(digital, map[string]any{"UsuSensorDinamicoDigitalId": other})); st != 422 || errorsOf(t, body)[0]["code"] != "unknown" {
			t.Errorf("another factory's sensor: %d %s", st, body)
		}
	})
}

// The spectrum editors' option lists, exactly, and the values each family takes (S2 §3.8,
// §3.9, §9): an option outside its list is refused on its field.
func TestSpectrumOptions(t *testing.T) {
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		_, body := admin.do("GET", "/api/spectrum/enums", nil)
		enums := decode[map[string][]map[string]string](t, body)
		for _, c := range []struct{ req, list, want string }{
			{"SPEC-020", "TipoUnidad", "1 Pico (pK), 2 Pico a pico (pKpK), 3 RMS"},
			{"SPEC-021", "AmplificacionAutorango", "0 Ninguna, 1 1.35, 2 2.25, 3 6.28"},
			{"SPEC-022", "FiltroDemodulacion", "0 Ninguno, 1 0.5-20 kHz, 2 1-20 kHz, 3 2-20 kHz, 4 4-20 kHz"},
			{"SPEC-056", "FiltroHPF", "0 Ninguno, 1 33.33375 Hz, 2 66.6675 Hz, 3 133.335 Hz, 4 266.67 Hz, 5 592.6 Hz, 6 1333.35 Hz, 7 2666.7 Hz"},
			{"SPEC-057", "FiltroLPF", "0 Ninguno, 1 1300 Hz, 2 2600 Hz, 3 5600 Hz"},
			{"SPEC-058", "RangoAmplitud", "2 ±2 g, 4 ±4 g, 8 ±8 g, 16 ±16 g"},
		} {
			var got []string
			for _, o := range enums[c.list] {
				got = append(got, o["id"]+" "+o["nameSPA"])
			}
			if strings.Join(got, ", ") != c.want {
				t.Errorf("%s %s: %v, want %s", c.req, c.list, got, c.want)
			}
		}

		base := fmt.Sprintf("/api/user/%d", w.a)
		sensor := createdID(t, admin, base+"/sensor/dynamic", "UsuSensorDinamicoID", "", sensorKinds[0].valid)
		dsensor := createdID(t, admin, base+"/sensor/digitaldynamic", "UsuSensorDinamicoDigitalID", "", sensorKinds[1].valid)
		analog := with(spectrumBR, map[string]any{"SensorDinamicoId": sensor})
		digital := with(digitalBR, map[string]any{"UsuSensorDinamicoDigitalId": dsensor})
		for _, c := range []struct {
			req, path, field string
			item             map[string]any
			takes            []any
			refuses          any
		}{
			{"SPEC-015", "spectrum", "Rango", analog, []any{"BR", "AR", "DM"}, "MG"},
			{"SPEC-016", "spectrum", "Ventana", analog, []any{"HAMMING", "HANN", "RECTANGULAR"}, "BLACKMAN"},
			{"SPEC-017", "spectrum", "Solapamiento", analog, []any{0, 50}, 25},
			{"SPEC-061", "digitalspectrum", "Ventana", digital, []any{"HANN", "RECTANGULAR"}, "HAMMING"},
		} {
			for _, v := range c.takes {
				if st, body := admin.do("POST", base+"/"+c.path, with(c.item, map[string]any{c.field: v})); st != 201 {
					t.Errorf("%s %s %v: %d %s", c.req, c.field, v, st, body)
				}
			}
			if st, body := admin.do("POST", base+"/"+c.path, with(c.item, map[string]any{c.field: c.refuses})); st != 422 || !strings.Contains(string(body), `"field":"`+c.field+`"`) {
				t.Errorf("%s %s %v: %d %s, want 422", c.req, c.field, c.refuses, st, body)
			}
		}
		// SPEC-038: a digital spectrum is BR, AR, DM or MG, and carries its list of bands.
		var created map[string]any
		for _, patch := range []map[string]any{{"Rango": "BR"}, {"Rango": "AR"}, {"Rango": "MG", "FrecuenciaMuestreo": 2340}, {"Rango": "DM"}} {
			st, body := admin.do("POST", base+"/digitalspectrum", with(digital, patch))
			if created = decode[map[string]any](t, body); st != 201 || created["Rango"] != patch["Rango"] {
				t.Errorf("SPEC-038 %v: %d %s", patch, st, body)
			}
		}
		_, body = admin.do("POST", base+"/digitalband", map[string]any{"Nombre": "Banda DM", "Frecuencia": "ORDENES", "Rango": "DM", "FrecuOrdenesInicial": "600", "FrecuOrdenesFinal": "6000"})
		band := decode[map[string]any](t, body)["UsuBandaDigitalGUID"]
		spectrum := fmt.Sprintf("%s/digitalspectrum/%v", base, created["UsuEspectroDigitalID"])
		if st, body := admin.do("POST", fmt.Sprintf("%s/band/%v", spectrum, band), nil); st != 204 {
			t.Fatalf("link a band: %d %s", st, body)
		}
		_, body = admin.do("GET", spectrum, nil)
		if bands, _ := decode[map[string]any](t, body)["BandasDigitales"].([]any); len(bands) != 1 {
			t.Errorf("SPEC-038 the spectrum's bands: %s", body)
		}
	})
}

// TREE-098: a point's spectrum slots take the factory's spectra of their range; a spectrum a
// point uses is not deleted.
func TestPointSpectra(t *testing.T) {
	each(t, newWorld, func(t *testing.T, w *world) {
		editor := w.as("editor")
		base := fmt.Sprintf("/api/user/%d", w.a)
		sensor := createdID(t, editor, base+"/sensor/dynamic", "UsuSensorDinamicoID", "", sensorKinds[0].valid)
		br := createdID(t, editor, base+"/spectrum", "UsuEspectroID", "", with(spectrumBR, map[string]any{"SensorDinamicoId": sensor}))
		ar := createdID(t, editor, base+"/spectrum", "UsuEspectroID", "", with(spectrumBR, map[string]any{"NombreEs": "Aceleración AR", "Rango": "AR", "SensorDinamicoId": sensor}))
		_, _, _, _, id := w.treeAs("editor", w.a).plant()
		url := fmt.Sprintf("%s/point/%d", base, id)
		_, body := editor.do("GET", url, nil)
		point := decode[map[string]any](t, body)
		st, body := editor.do("PUT", url, with(point, map[string]any{"UsuEspectroBrId": br, "UsuEspectroArId": ar}))
		if got := decode[map[string]any](t, body); st != 200 || got["UsuEspectroBrId"] != float64(br) || got["UsuEspectroArId"] != float64(ar) {
			t.Fatalf("TREE-098 set spectra: %d %s", st, body)
		}
		if st, body := editor.do("PUT", url, with(point, map[string]any{"UsuEspectroBrId": ar})); st != 422 || errorsOf(t, body)[0]["field"] != "UsuEspectroBrId" {
			t.Errorf("a high-range spectrum in the low-range slot: %d %s", st, body)
		}
		st, body = editor.do("DELETE", fmt.Sprintf("%s/spectrum/%d", base, br), nil)
		if st != 400 || !strings.Contains(errorsOf(t, body)[0]["message"], fmt.Sprint(point["NombreEs"])) {
			t.Errorf("delete a point's spectrum: %d %s", st, body)
		}
	})
}
