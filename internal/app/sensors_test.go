package app_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The generic sensor calls of S3 §7.1 serve the factory's sensors of every type at
// sensor/{factory}, each answer carrying its type in Tipo, one sensor addressed by its id (or
// GUID) alone, with each type's own rules.
func TestSensorsOfEveryType(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		editor, admin := w.as("editor"), w.as("admin")
		base := fmt.Sprintf("/api/sensor/%d", w.a)
		// The spec's type values, in its order, and each type's key field.
		types := []string{"virtual", "dynamic", "digitaldynamic", "420", "staticvoltage", "taco", "keyboard", "nominal"}
		kinds := map[string]catalogKind{}
		for _, k := range sensorKinds {
			kinds[strings.TrimPrefix(k.path, "sensor/")] = k
		}
		keys := map[string]string{}
		// API-128: POST sensor/{factory} with the type's body adds a sensor of that type (201).
		for _, typ := range types {
			k := kinds[typ]
			st, body := editor.do("POST", base, with(k.valid, map[string]any{"Tipo": typ, k.name: "Sensor " + typ}))
			item := decode[map[string]any](t, body)
			if st != 201 || item["Tipo"] != typ || item[k.name] != "Sensor "+typ || item[k.id] == nil {
				t.Fatalf("API-128 add a %s: %d %s", typ, st, body)
			}
			keys[typ] = fmt.Sprint(item[k.id])
			if v, ok := item[k.id].(float64); ok {
				keys[typ] = fmt.Sprint(int64(v))
			}
			// It is the type's own item: its own path reads it.
			if st, _ := editor.do("GET", fmt.Sprintf("/api/user/%d/%s/%s", w.a, k.path, keys[typ]), nil); st != 200 {
				t.Errorf("the %s added is not one of its type: %d", typ, st)
			}
		}
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{with(kinds["taco"].valid, nil), "Tipo"},
			{with(kinds["taco"].valid, map[string]any{"Tipo": "otro"}), "Tipo"},
			{with(kinds["taco"].valid, map[string]any{"Tipo": "taco", "Cuentas": 0}), "Cuentas"},
			{with(kinds["taco"].valid, map[string]any{"Tipo": "taco", "Cuentas": "x"}), "Cuentas"},
			{with(kinds["dynamic"].valid, map[string]any{"Tipo": "dynamic", "NombreEs": strings.Repeat("x", 101)}), "NombreEs"},
		} {
			if st, body := editor.do("POST", base, tc.body); st != 422 || errorsOf(t, body)[0]["field"] != tc.field {
				t.Errorf("API-128 add %v: %d %s, want 422 on %s", tc.body, st, body, tc.field)
			}
		}

		// API-126: GET sensor/{factory} lists them all, type by type in the spec's order;
		// GET sensor/{factory}/{id} reads one by its id, or its GUID for keyboard and nominal.
		st, body := editor.do("GET", base, nil)
		list := decode[[]map[string]any](t, body)
		var listed []string
		for _, s := range list {
			listed = append(listed, fmt.Sprint(s["Tipo"]))
		}
		if st != 200 || !slices.Equal(listed, types) {
			t.Errorf("API-126 list: %d %v, want %v", st, listed, types)
		}
		for _, typ := range types {
			k := kinds[typ]
			st, body := editor.do("GET", base+"/"+keys[typ], nil)
			if item := decode[map[string]any](t, body); st != 200 || item["Tipo"] != typ || item[k.name] != "Sensor "+typ {
				t.Errorf("API-126 get the %s: %d %s", typ, st, body)
			}
		}
		if st, _ := editor.do("GET", base+"/999999", nil); st != 404 {
			t.Errorf("API-126 get a sensor that is not: %d", st)
		}

		// API-127: PUT sensor/{factory}/{id} edits the sensor with its type's rules.
		for _, typ := range types {
			k := kinds[typ]
			st, body := editor.do("PUT", base+"/"+keys[typ], with(k.valid, map[string]any{k.name: "Renombrado " + typ}))
			if item := decode[map[string]any](t, body); st != 200 || item["Tipo"] != typ || item[k.name] != "Renombrado "+typ {
				t.Errorf("API-127 edit the %s: %d %s", typ, st, body)
			}
		}
		_, body = editor.do("GET", fmt.Sprintf("/api/user/%d/sensor/taco/%s", w.a, keys["taco"]), nil)
		if decode[map[string]any](t, body)["NombreEs"] != "Renombrado taco" {
			t.Errorf("API-127 the edit is the type's item's: %s", body)
		}
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{with(kinds["taco"].valid, map[string]any{"Tipo": "virtual"}), "Tipo"},
			{with(kinds["taco"].valid, map[string]any{"Cuentas": 256}), "Cuentas"},
			{with(kinds["taco"].valid, map[string]any{"NombreEs": ""}), "NombreEs"},
		} {
			if st, body := editor.do("PUT", base+"/"+keys["taco"], tc.body); st != 422 || errorsOf(t, body)[0]["field"] != tc.field {
				t.Errorf("API-127 edit %v: %d %s, want 422 on %s", tc.body, st, body, tc.field)
			}
		}

		// The add call's shortcuts, as each type's own: a template GUID downloads the template
		// (once), an own id copies the sensor.
		st, body = admin.do("POST", "/api/sensor/taco", with(kinds["taco"].valid, map[string]any{"NombreEs": "Tacómetro plantilla"}))
		if st != 201 {
			t.Fatalf("template: %d %s", st, body)
		}
		guid := decode[map[string]any](t, body)["AdminSensorTacometroGUID"]
		st, body = editor.do("POST", base, map[string]any{"Tipo": "taco", "AdminSensorTacometroGUID": guid})
		if item := decode[map[string]any](t, body); st != 201 || item["NombreEs"] != "Tacómetro plantilla (descarga)" || item["Tipo"] != "taco" {
			t.Errorf("download through sensor/{factory}: %d %s", st, body)
		}
		if st, body := editor.do("POST", base, map[string]any{"Tipo": "taco", "AdminSensorTacometroGUID": guid}); st != 400 || errorsOf(t, body)[0]["message"] != "El sensor ya se ha descargado previamente." {
			t.Errorf("second download through sensor/{factory}: %d %s", st, body)
		}
		st, body = editor.do("POST", base, map[string]any{"Tipo": "keyboard", "UsuSensorTecladoGUID": keys["keyboard"]})
		if item := decode[map[string]any](t, body); st != 201 || item["Nombre"] != "Renombrado keyboard (copia)" {
			t.Errorf("copy through sensor/{factory}: %d %s", st, body)
		}

		// Another factory's sensors are not found, on its path or through one's own; a
		// read-only user writes nothing; an id of another kind names no sensor.
		other := w.as("editorb")
		if st, _ := other.do("GET", base, nil); st != 404 {
			t.Errorf("another factory's list: %d", st)
		}
		for _, path := range []string{base + "/" + keys["dynamic"], fmt.Sprintf("/api/sensor/%d/%s", w.b, keys["dynamic"]), fmt.Sprintf("/api/sensor/%d/%s", w.b, keys["nominal"])} {
			for _, method := range []string{"GET", "PUT", "DELETE"} {
				if st, body := other.do(method, path, with(kinds["dynamic"].valid, nil)); st != 404 {
					t.Errorf("%s %s by another factory's editor: %d %s", method, path, st, body)
				}
			}
		}
		if st, _ := w.as("lector").do("DELETE", base+"/"+keys["dynamic"], nil); st != 403 {
			t.Errorf("a read-only user deletes: %d", st)
		}
		band := createdID(t, editor, fmt.Sprintf("/api/user/%d/band", w.a), "UsuBandaID", "AdminBandaID", vectors("bands")["band"].Valid)
		if st, _ := editor.do("GET", fmt.Sprintf("%s/%d", base, band), nil); st != 404 {
			t.Errorf("a band through sensor/{factory}: %d", st)
		}

		// API-129: DELETE sensor/{factory}/{id} deletes the sensor (204), as its type's delete.
		for _, typ := range types {
			if st, body := editor.do("DELETE", base+"/"+keys[typ], nil); st != 204 {
				t.Errorf("API-129 delete the %s: %d %s", typ, st, body)
			}
			if st, _ := editor.do("GET", fmt.Sprintf("/api/user/%d/%s/%s", w.a, kinds[typ].path, keys[typ]), nil); st != 404 {
				t.Errorf("API-129 the deleted %s is still there: %d", typ, st)
			}
		}
		if st, _ := editor.do("DELETE", base+"/"+keys["taco"], nil); st != 404 {
			t.Errorf("API-129 delete twice: %d", st)
		}
	})
}
