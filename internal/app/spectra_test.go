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
	t.Parallel()
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

		// API-116: a copy (through the add call, naming the spectrum alone) keeps the bands (CAT-006).
		st, body = editor.do("POST", base+"/spectrum", map[string]any{"UsuEspectroID": spectrum})
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
		template := created(t, admin, "/api/spectrum", with(spectrumBR, map[string]any{"NombreEs": "Envolvente", "NombreEn": "Envelope", "Rango": "DM", "SensorDinamicoId": tplSensor}))
		tpl := int64(template["AdminEspectroID"].(float64))
		band := created(t, admin, "/api/band", orderBand("BPFO", "DM"))
		tplBand := int64(band["AdminBandaID"].(float64))
		if st, _ := admin.do("POST", fmt.Sprintf("/api/spectrum/%d/band/%d", tpl, tplBand), nil); st != 204 {
			t.Fatalf("template link: %d", st)
		}
		st, body = editor.do("POST", base+"/spectrum", map[string]any{"AdminEspectroGUID": template["AdminEspectroGUID"]})
		dl := decode[map[string]any](t, body)
		bands, _ := dl["Bandas"].([]any)
		if st != 201 || len(bands) != 1 || bands[0].(map[string]any)["NombreEs"] != "BPFO (descarga)" || dl["SensorDinamicoId"] == float64(tplSensor) {
			t.Fatalf("download with bands: %d %s", st, body)
		}
		_, body = editor.do("GET", fmt.Sprintf("%s/sensor/dynamic/%v", base, dl["SensorDinamicoId"]), nil)
		if !strings.Contains(string(body), "(descarga)") {
			t.Errorf("the downloaded spectrum's sensor: %s", body)
		}
		if st, _ := editor.do("POST", base+"/band", map[string]any{"AdminBandaGUID": band["AdminBandaGUID"]}); st != 400 {
			t.Errorf("the band came with the spectrum: a second download is refused, got %d", st)
		}
	})
}

// AUTH-016, SPEC-012, SPEC-019, SPEC-026: ADMIN-only fields, locked range, legacy unit, the
// demodulation filter for envelope spectra only; AUTH-010 and the digital ADMIN width.
func TestSpectrumRules(t *testing.T) {
	t.Parallel()
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
		templateSensor := createdID(t, admin, "/api/sensor/digitaldynamic", "", "AdminSensorDinamicoDigitalID", sensorKinds[1].valid)
		// AUTH-011: the 5200 sampling width is ADMIN's (the last case).
		for _, patch := range []map[string]any{{"Rango": "DM"}, {"Rango": "MG", "FrecuenciaMuestreo": 2340}, {"FrecuenciaMuestreo": 5200}} {
			if st, body := editor.do("POST", base+"/digitalspectrum", with(digital, patch)); st != 422 || errorsOf(t, body)[0]["code"] != "admin_only" {
				t.Errorf("AUTH-010 editor %v: %d %s", patch, st, body)
			}
			st, body := admin.do("POST", base+"/digitalspectrum", with(digital, patch))
			if st != 201 {
				t.Fatalf("AUTH-010 admin %v: %d %s", patch, st, body)
			}
			// Nor can the editor make one by copying ADMIN's, or by downloading a template.
			copied := fmt.Sprintf("%s/digitalspectrum/%v/copy", base, decode[map[string]any](t, body)["UsuEspectroDigitalID"])
			if st, body := editor.do("POST", copied, nil); st != 422 || errorsOf(t, body)[0]["code"] != "admin_only" {
				t.Errorf("an editor copies ADMIN's %v: %d %s", patch, st, body)
			}
			if st, body := admin.do("POST", copied, nil); st != 201 {
				t.Errorf("ADMIN copies %v: %d %s", patch, st, body)
			}
			st, body = admin.do("POST", "/api/digitalspectrum", with(digital, with(patch, map[string]any{"UsuSensorDinamicoDigitalId": templateSensor})))
			if st != 201 {
				t.Fatalf("template %v: %d %s", patch, st, body)
			}
			download := fmt.Sprintf("%s/digitalspectrum/%v/download", base, decode[map[string]any](t, body)["AdminEspectroDigitalID"])
			if st, body := editor.do("POST", download, nil); st != 422 || errorsOf(t, body)[0]["code"] != "admin_only" {
				t.Errorf("an editor downloads the template %v: %d %s", patch, st, body)
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
	t.Parallel()
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
	t.Parallel()
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

// API-123: a high-range digital spectrum's associated spectra BR/DM (the spectrum links): the factory's and the templates' lists, add one, take one out, take them all out;
// only BR and DM spectra go to an AR one; another factory's spectrum is not found; a linked
// spectrum is not deleted; copy keeps the links and download brings the linked templates.
func TestDigitalSpectrumLinks(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin, editor, lector, other := w.as("admin"), w.as("editor"), w.as("lector"), w.as("editorb")
		base := fmt.Sprintf("/api/user/%d", w.a)
		sensor := createdID(t, editor, base+"/sensor/digitaldynamic", "UsuSensorDinamicoDigitalID", "", sensorKinds[1].valid)
		spectrum := func(c *client, base, name, rango string) int64 {
			t.Helper()
			item := with(digitalBR, map[string]any{"Nombre": name, "Rango": rango, "UsuSensorDinamicoDigitalId": sensor})
			if base == "/api" {
				item["UsuSensorDinamicoDigitalId"] = createdID(t, c, base+"/sensor/digitaldynamic", "", "AdminSensorDinamicoDigitalID", sensorKinds[1].valid)
			}
			return createdID(t, c, base+"/digitalspectrum", "UsuEspectroDigitalID", "AdminEspectroDigitalID", item)
		}
		ar, br, dm := spectrum(editor, base, "MEMS AR", "AR"), spectrum(editor, base, "MEMS BR", "BR"), spectrum(admin, base, "MEMS DM", "DM")
		links := fmt.Sprintf("%s/digitalspectrum/%d/spectrum", base, ar)
		names := func(c *client, url string) string {
			t.Helper()
			st, body := c.do("GET", url, nil)
			if st != 200 {
				t.Fatalf("GET %s: %d %s", url, st, body)
			}
			var got []string
			for _, s := range decode[[]map[string]any](t, body) {
				got = append(got, fmt.Sprint(s["Nombre"], " ", s["Rango"]))
			}
			return strings.Join(got, ", ")
		}

		for _, s := range []int64{br, dm} {
			if st, body := editor.do("POST", fmt.Sprintf("%s/%d", links, s), nil); st != 204 {
				t.Fatalf("add a spectrum link: %d %s", st, body)
			}
		}
		if got := names(editor, links); got != "MEMS BR BR, MEMS DM DM" {
			t.Errorf("the factory spectrum's links: %q", got)
		}
		_, body := editor.do("GET", fmt.Sprintf("%s/digitalspectrum/%d", base, ar), nil)
		if got := decode[map[string]any](t, body)["EspectrosAsociados"].([]any); len(got) != 2 {
			t.Errorf("the spectrum read with its associated spectra: %s", body)
		}
		if st, body := editor.do("POST", fmt.Sprintf("%s/%d", links, br), nil); st != 400 || errorsOf(t, body)[0]["message"] != "El elemento ya está asociado." {
			t.Errorf("a second link: %d %s", st, body)
		}
		other2 := spectrum(editor, base, "MEMS AR 2", "AR")
		for _, c := range []struct{ from, to int64 }{{ar, other2}, {br, dm}} {
			st, body := editor.do("POST", fmt.Sprintf("%s/digitalspectrum/%d/spectrum/%d", base, c.from, c.to), nil)
			if st != 400 || errorsOf(t, body)[0]["message"] != "Solo se asocian espectros BR o DM a un espectro de rango alto (AR)." {
				t.Errorf("link %d to %d: %d %s", c.to, c.from, st, body)
			}
		}

		// Tenancy: another factory neither reads nor changes the links, nor has its spectra linked.
		foreign := createdID(t, other, fmt.Sprintf("/api/user/%d/digitalspectrum", w.b), "UsuEspectroDigitalID", "",
			with(digitalBR, map[string]any{"UsuSensorDinamicoDigitalId": createdID(t, other, fmt.Sprintf("/api/user/%d/sensor/digitaldynamic", w.b), "UsuSensorDinamicoDigitalID", "", sensorKinds[1].valid)}))
		if st, _ := editor.do("POST", fmt.Sprintf("%s/%d", links, foreign), nil); st != 404 {
			t.Errorf("link another factory's spectrum: %d", st)
		}
		for _, m := range []string{"GET", "DELETE"} {
			if st, _ := other.do(m, links, nil); st != 404 {
				t.Errorf("%s another factory's links: %d", m, st)
			}
		}
		if st, _ := lector.do("DELETE", links, nil); st != 403 {
			t.Errorf("a reader unlinks all: %d", st)
		}

		// A linked spectrum is not deleted; a copy keeps the links.
		if st, body := editor.do("DELETE", fmt.Sprintf("%s/digitalspectrum/%d", base, br), nil); st != 400 || !strings.Contains(errorsOf(t, body)[0]["message"], "MEMS AR") {
			t.Errorf("delete a linked spectrum: %d %s", st, body)
		}
		st, body := editor.do("POST", fmt.Sprintf("%s/digitalspectrum/%d/copy", base, ar), nil)
		copied := decode[map[string]any](t, body)
		if st != 201 || len(copied["EspectrosAsociados"].([]any)) != 2 {
			t.Errorf("copy with links: %d %s", st, body)
		}
		if st, _ := editor.do("DELETE", fmt.Sprintf("%s/digitalspectrum/%v", base, copied["UsuEspectroDigitalID"]), nil); st != 204 {
			t.Errorf("delete the copy: %d", st)
		}

		// Unlink one; a second time is refused; unlink all.
		if st, _ := editor.do("DELETE", fmt.Sprintf("%s/%d", links, br), nil); st != 204 {
			t.Errorf("unlink one: %d", st)
		}
		if st, _ := editor.do("DELETE", fmt.Sprintf("%s/%d", links, br), nil); st != 400 {
			t.Errorf("unlink one twice: %d", st)
		}
		if got := names(editor, links); got != "MEMS DM DM" {
			t.Errorf("after unlinking one: %q", got)
		}
		if st, _ := editor.do("DELETE", links, nil); st != 204 {
			t.Errorf("unlink all: %d", st)
		}
		if got := names(editor, links); got != "" {
			t.Errorf("after unlinking all: %q", got)
		}
		if st, _ := editor.do("DELETE", fmt.Sprintf("%s/digitalspectrum/%d", base, br), nil); st != 204 {
			t.Errorf("delete the spectrum no longer linked: %d", st)
		}

		// The templates' links: ADMIN writes them, everyone reads them; a download brings the
		// linked templates into the factory and links the downloads.
		tplAR, tplBR := spectrum(admin, "/api", "Plantilla AR", "AR"), spectrum(admin, "/api", "Plantilla BR", "BR")
		tplLinks := fmt.Sprintf("/api/digitalspectrum/%d/spectrum", tplAR)
		if st, _ := editor.do("POST", fmt.Sprintf("%s/%d", tplLinks, tplBR), nil); st != 403 {
			t.Errorf("an editor links templates: %d", st)
		}
		if st, _ := admin.do("POST", fmt.Sprintf("%s/%d", tplLinks, tplBR), nil); st != 204 {
			t.Fatalf("template link: %d", st)
		}
		if got := names(editor, tplLinks); got != "Plantilla BR BR" {
			t.Errorf("the template's links: %q", got)
		}
		st, body = editor.do("POST", fmt.Sprintf("%s/digitalspectrum/%d/download", base, tplAR), nil)
		dl := decode[map[string]any](t, body)
		if st != 201 {
			t.Fatalf("download: %d %s", st, body)
		}
		if got := names(editor, fmt.Sprintf("%s/digitalspectrum/%v/spectrum", base, dl["UsuEspectroDigitalID"])); got != "Plantilla BR (descarga) BR" {
			t.Errorf("the download's links: %q", got)
		}
		if st, _ := admin.do("DELETE", tplLinks, nil); st != 204 {
			t.Errorf("unlink all of a template: %d", st)
		}
		if got := names(admin, tplLinks); got != "" {
			t.Errorf("the template's links after unlinking all: %q", got)
		}
	})
}

// The spectra editors' reads (S2 §7.6, §7.7), each answering what the editors show: the
// alert-device spectrum's payload (API-115) and its sensor of its own side (SPEC-018).
func TestSpectrumCalls(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin, editor := w.as("admin"), w.as("editor")
		base := fmt.Sprintf("/api/user/%d", w.a)
		get := func(url string) []byte {
			t.Helper()
			st, body := editor.do("GET", url, nil)
			if st != 200 {
				t.Fatalf("GET %s: %d %s", url, st, body)
			}
			return body
		}
		names := func(url, field string) string {
			t.Helper()
			var got []string
			for _, item := range decode[[]map[string]any](t, get(url)) {
				got = append(got, fmt.Sprint(item[field]))
			}
			return strings.Join(got, ", ")
		}

		// SPEC-018: a factory spectrum's sensor is a UsuSensorDinamicoID, a template's an
		// AdminSensorDinamicoID; neither side takes the other's.
		sensor := createdID(t, editor, base+"/sensor/dynamic", "UsuSensorDinamicoID", "", sensorKinds[0].valid)
		tplSensor := createdID(t, admin, "/api/sensor/dynamic", "", "AdminSensorDinamicoID", sensorKinds[0].valid)
		if st, body := editor.do("POST", base+"/spectrum", with(spectrumBR, map[string]any{"SensorDinamicoId": tplSensor})); st != 422 || errorsOf(t, body)[0]["field"] != "SensorDinamicoId" {
			t.Errorf("SPEC-018 a factory spectrum with a template sensor: %d %s", st, body)
		}
		if st, body := admin.do("POST", "/api/spectrum", with(spectrumBR, map[string]any{"SensorDinamicoId": sensor})); st != 422 || errorsOf(t, body)[0]["field"] != "SensorDinamicoId" {
			t.Errorf("SPEC-018 a template spectrum with a factory sensor: %d %s", st, body)
		}
		tpl := createdID(t, admin, "/api/spectrum", "", "AdminEspectroID", with(spectrumBR, map[string]any{"NombreEs": "Plantilla BR", "SensorDinamicoId": tplSensor}))
		_, body := editor.do("GET", fmt.Sprintf("/api/spectrum/%d", tpl), nil)
		if got := decode[map[string]any](t, body)["SensorDinamicoId"]; got != float64(tplSensor) {
			t.Errorf("SPEC-018 the template's sensor: %v", got)
		}

		// API-115: the alert-device payload, Atenuacion null, round trip.
		payload := map[string]any{"NombreEs": "Aceleración AR", "NombreEn": "Acceleration HR", "Lineas": 2, "Promediado": "EXPONENCIAL", "NumPromedios": 8,
			"Filtro": "70_HZ", "TamanioFft": 2048, "Ventana": "HAMMING", "Solapamiento": 50, "FrecuenciaMuestreo": 120000, "Rango": "AR", "Atenuacion": nil,
			"Unidad": "G", "SensorDinamicoId": sensor, "FiltroDemodulacion": 0, "AmplificacionAutorango": 0, "TipoUnidad": 1}
		st, body := editor.do("POST", base+"/spectrum", payload)
		saved := decode[map[string]any](t, body)
		if st != 201 {
			t.Fatalf("API-115 add: %d %s", st, body)
		}
		for field, want := range payload {
			if field == "Atenuacion" {
				want = "SIN_ATENUAR"
			}
			if fmt.Sprint(saved[field]) != fmt.Sprint(want) {
				t.Errorf("API-115 %s: %v, want %v", field, saved[field], want)
			}
		}
		id := int64(saved["UsuEspectroID"].(float64))
		st, body = admin.do("PUT", fmt.Sprintf("%s/spectrum/%d", base, id), with(payload, map[string]any{"Atenuacion": "10_DB", "AmplificacionAutorango": 3}))
		if saved = decode[map[string]any](t, body); st != 200 || saved["Atenuacion"] != "10_DB" || saved["AmplificacionAutorango"] != 3.0 {
			t.Errorf("API-115 edit: %d %s", st, body)
		}

		// API-120: the templates (the tree of the right column) and the factory's spectra.
		if got := names("/api/spectrum", "NombreEs"); got != "Plantilla BR" {
			t.Errorf("API-120 templates: %q", got)
		}
		if got := names(base+"/spectrum", "NombreEs"); got != "Aceleración AR" {
			t.Errorf("API-120 factory spectra: %q", got)
		}

		// API-118: the factory's bands, one band, the bands of a factory spectrum.
		band := createdID(t, editor, base+"/band", "UsuBandaID", "", orderBand("BPFO", "AR"))
		createdID(t, editor, base+"/band", "UsuBandaID", "", orderBand("1x", "BR"))
		if got := names(base+"/band", "NombreEs"); got != "1x, BPFO" {
			t.Errorf("API-118 factory bands: %q", got)
		}
		if got := decode[map[string]any](t, get(fmt.Sprintf("%s/band/%d", base, band))); got["NombreEs"] != "BPFO" || got["Rango"] != "AR" {
			t.Errorf("API-118 one band: %v", got)
		}
		if st, _ := editor.do("POST", fmt.Sprintf("%s/spectrum/%d/band/%d", base, id, band), nil); st != 204 {
			t.Fatalf("link: %d", st)
		}
		if got := names(fmt.Sprintf("%s/spectrum/%d/band", base, id), "NombreEs"); got != "BPFO" {
			t.Errorf("API-118 the spectrum's bands: %q", got)
		}

		// API-124: the factory's and the templates' digital dynamic sensors.
		dsensor := createdID(t, editor, base+"/sensor/digitaldynamic", "UsuSensorDinamicoDigitalID", "", with(sensorKinds[1].valid, map[string]any{"NombreEs": "MEMS fábrica"}))
		tplDsensor := createdID(t, admin, "/api/sensor/digitaldynamic", "", "AdminSensorDinamicoDigitalID", with(sensorKinds[1].valid, map[string]any{"NombreEs": "MEMS plantilla"}))
		if got := names(base+"/sensor/digitaldynamic", "UsuSensorDinamicoDigitalID"); got != fmt.Sprint(dsensor) {
			t.Errorf("API-124 factory digital sensors: %q", got)
		}
		if got := names("/api/sensor/digitaldynamic", "AdminSensorDinamicoDigitalID"); got != fmt.Sprint(tplDsensor) {
			t.Errorf("API-124 template digital sensors: %q", got)
		}

		// API-121: the digital spectra of the factory and the templates, a template by id, a
		// factory spectrum by id.
		digital := createdID(t, editor, base+"/digitalspectrum", "UsuEspectroDigitalID", "", with(digitalBR, map[string]any{"UsuSensorDinamicoDigitalId": dsensor}))
		tplDigital := createdID(t, admin, "/api/digitalspectrum", "", "AdminEspectroDigitalID", with(digitalBR, map[string]any{"Nombre": "MEMS plantilla BR", "UsuSensorDinamicoDigitalId": tplDsensor}))
		if got := names(base+"/digitalspectrum", "Nombre"); got != "MEMS BR" {
			t.Errorf("API-121 factory list: %q", got)
		}
		if got := names("/api/digitalspectrum", "Nombre"); got != "MEMS plantilla BR" {
			t.Errorf("API-121 templates: %q", got)
		}
		if got := decode[map[string]any](t, get(fmt.Sprintf("/api/digitalspectrum/%d", tplDigital))); got["Nombre"] != "MEMS plantilla BR" || got["AdminEspectroDigitalGUID"] == "" {
			t.Errorf("API-121 template by id: %v", got)
		}
		if got := decode[map[string]any](t, get(fmt.Sprintf("%s/digitalspectrum/%d", base, digital))); got["Nombre"] != "MEMS BR" || got["UsuSensorDinamicoDigitalId"] != float64(dsensor) {
			t.Errorf("API-121 factory by id: %v", got)
		}

		// API-125: the factory's digital bands, one band, a band added to a digital spectrum.
		_, body = editor.do("POST", base+"/digitalband", map[string]any{"Nombre": "Banda BR", "Frecuencia": "ORDENES", "Rango": "BR", "FrecuOrdenesInicial": "600", "FrecuOrdenesFinal": "6000"})
		guid := decode[map[string]any](t, body)["UsuBandaDigitalGUID"]
		if got := names(base+"/digitalband", "UsuBandaDigitalGUID"); got != fmt.Sprint(guid) {
			t.Errorf("API-125 factory digital bands: %q", got)
		}
		if got := decode[map[string]any](t, get(fmt.Sprintf("%s/digitalband/%v", base, guid))); got["Nombre"] != "Banda BR" {
			t.Errorf("API-125 one digital band: %v", got)
		}
		if st, _ := editor.do("POST", fmt.Sprintf("%s/digitalspectrum/%d/band/%v", base, digital, guid), nil); st != 204 {
			t.Errorf("API-125 add the band to the spectrum: %d", st)
		}
		if got := names(fmt.Sprintf("%s/digitalspectrum/%d/band", base, digital), "Nombre"); got != "Banda BR" {
			t.Errorf("API-125 the spectrum's bands: %q", got)
		}
	})
}

// API-050: a band save may send its range as the sensor-type code, ORDENESBR/AR/DM,
// CPMSBR/AR/DM or RBR/RAR/RDM: each sets the frequency type and range it names, and the saved
// band reports that code as its category (BAND-012). A frequency
// type sent beside it must agree, and an edit keeps the band's type and range (BAND-047).
func TestBandSavedWithSensorTypeCode(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		editor := w.as("editor")
		base := fmt.Sprintf("/api/user/%d/band", w.a)
		coded := func(name, code string) map[string]any {
			b := orderBand(name, code)
			delete(b, "Frecuencia")
			return b
		}
		for _, f := range []struct{ freq, prefix string }{{"ORDENES", "ORDENES"}, {"CPMS", "CPMS"}, {"RODAMIENTOS", "R"}} {
			for _, r := range []string{"BR", "AR", "DM"} {
				st, out := editor.do("POST", base, coded(f.prefix+r, f.prefix+r))
				got := decode[map[string]any](t, out)
				if st != 201 || got["Frecuencia"] != f.freq || got["Rango"] != r || got["Categoria"] != f.prefix+r {
					t.Errorf("API-050 %s%s: %d %s", f.prefix, r, st, out)
				}
			}
		}
		if st, out := editor.do("POST", base, orderBand("Desacorde", "CPMSBR")); st != 422 || errorsOf(t, out)[0]["field"] != "Frecuencia" {
			t.Errorf("a code against the frequency type sent: %d %s", st, out)
		}
		id := createdID(t, editor, base, "UsuBandaID", "", coded("Ordenes BR", "ORDENESBR"))
		url := fmt.Sprintf("%s/%d", base, id)
		if st, out := editor.do("PUT", url, coded("Ordenes BR", "ORDENESAR")); st != 422 || errorsOf(t, out)[0]["field"] != "Rango" {
			t.Errorf("BAND-047 an edit to another code: %d %s", st, out)
		}
		if st, out := editor.do("PUT", url, coded("Ordenes BR 2", "ORDENESBR")); st != 200 || decode[map[string]any](t, out)["Rango"] != "BR" {
			t.Errorf("an edit with the band's own code: %d %s", st, out)
		}
	})
}
