package app_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// catalogKind describes a kind to the standard scenarios: its path, the JSON names of its
// identifiers, a valid item and invalid ones with the field each must be refused on.
type catalogKind struct {
	path                     string
	id, templateID, template string // factory id, template id ("" when by GUID), template GUID
	name                     string // the name field
	valid                    map[string]any
	invalid                  []invalidCase
	copyMethod, download     string // the copy call's method; the download path with {id}, or "add" (the add call's)
	// copyByAdd names the sides whose copy is the add call's alone: "factory", "template".
	copyByAdd  string
	downloaded string // the message refusing a second download
	// refs, when set, returns the fields naming other items (a spectrum's sensor) that make
	// valid valid in the factory (base: /api/user/{factory}) or among the templates (base: /api).
	refs func(t *testing.T, c *client, base string) map[string]any
	// existing is how many items of the kind a factory starts with (its DESCONOCIDO criterion).
	existing int
	// calls are the spec's calls (S2 §7, S3 §7.1) the scenario makes on the kind and checks.
	calls string
}

type invalidCase struct {
	Req   string         `json:"req"` // requirement checked
	Patch map[string]any `json:"patch"`
	Field string         `json:"field"`
}

// vectors are the shared validation vectors of testdata/<family>.json, by kind: a valid item
// (placeholders where it names other items, which refs replaces) and the changes that make it
// invalid. The web's tests run the same (web/src/features/catalog/vectors.test.ts).
func vectors(family string) map[string]struct {
	Valid   map[string]any `json:"valid"`
	Invalid []invalidCase  `json:"invalid"`
} {
	raw, err := os.ReadFile("../../testdata/" + family + ".json")
	if err != nil {
		panic(err)
	}
	var doc struct {
		Kinds map[string]struct {
			Valid   map[string]any `json:"valid"`
			Invalid []invalidCase  `json:"invalid"`
		} `json:"kinds"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		panic(err)
	}
	return doc.Kinds
}

// withVectors gives each kind its valid item and invalid cases from testdata/<family>.json.
func withVectors(family string, kinds []catalogKind) []catalogKind {
	v := vectors(family)
	for i := range kinds {
		k, ok := v[kinds[i].path]
		if !ok {
			panic("no vectors for " + kinds[i].path + " in " + family)
		}
		kinds[i].valid, kinds[i].invalid = k.Valid, k.Invalid
	}
	return kinds
}

func with(base map[string]any, patch map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range patch {
		out[k] = v
	}
	return out
}

// sensorKinds are the eight sensor kinds; their valid items and invalid cases are the shared
// vectors of testdata/sensors.json (vectorsOf). Each kind's ids are checked on its items:
// SENS-009 dynamic, SENS-010 digital dynamic, SENS-008 4-20, SENS-011 tacho, SENS-012 virtual,
// SENS-013 keyboard.
var sensorKinds = withVectors("sensors", []catalogKind{
	{path: "sensor/dynamic", id: "UsuSensorDinamicoID", templateID: "AdminSensorDinamicoID", template: "AdminSensorDinamicoGUID", name: "NombreEs"},
	{path: "sensor/digitaldynamic", id: "UsuSensorDinamicoDigitalID", templateID: "AdminSensorDinamicoDigitalID", template: "AdminSensorDinamicoDigitalGUID", name: "NombreEs"},
	{path: "sensor/420", id: "UsuSensor420ID", templateID: "AdminSensor420ID", template: "AdminSensor420GUID", name: "NombreEs"},
	{path: "sensor/staticvoltage", id: "UsuSensorVoltajeEstaticoID", templateID: "AdminSensorVoltajeEstaticoID", template: "AdminSensorVoltajeEstaticoGUID", name: "NombreEs"},
	{path: "sensor/taco", id: "UsuSensorTacometroID", templateID: "AdminSensorTacometroID", template: "AdminSensorTacometroGUID", name: "NombreEs"},
	{path: "sensor/virtual", id: "UsuSensorVirtualID", templateID: "AdminSensorVirtualID", template: "AdminSensorVirtualGUID", name: "NombreEs"},
	{path: "sensor/keyboard", id: "UsuSensorTecladoGUID", template: "AdminSensorTecladoGUID", name: "Nombre"},
	{path: "sensor/nominal", id: "UsuSensorNominalGUID", template: "AdminSensorNominalGUID", name: "Nombre"},
})

// The standard scenarios for every catalogue kind, factory and template, on both engines
// (CAT-003: every kind has its factory list and its list of templates to download):
// list, get, create, update, delete, copy, download, second download refused, 404 for another
// factory's item, 422 on invalid input, 403 for a non-admin writing a template, 400 with the
// users when deleting an item in use (CAT-001..CAT-009, CAT-023, CAT-024).
func TestCatalogStandardScenarios(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin, editor, other := w.as("admin"), w.as("editor"), w.as("editorb")
		// API-136: the sensor {type} values are the spec's eight, and no other.
		for _, typ := range []string{"virtual", "dynamic", "digitaldynamic", "420", "staticvoltage", "taco", "keyboard", "nominal", "other"} {
			if st, _ := editor.do("GET", fmt.Sprintf("/api/user/%d/sensor/%s", w.a, typ), nil); (st == 200) != (typ != "other") {
				t.Errorf("sensor type %s: %d", typ, st)
			}
		}
		for _, k := range catalogKinds() {
			t.Run(k.path+" "+k.calls, func(t *testing.T) {
				fbase := fmt.Sprintf("/api/user/%d/%s", w.a, k.path)
				key := func(item map[string]any, field string) string { return fmt.Sprint(item[field]) }
				jsonKey := func(item map[string]any, idField string) string {
					if v, ok := item[idField].(float64); ok {
						return fmt.Sprint(int64(v))
					}
					return fmt.Sprint(item[idField])
				}

				valid := k.valid
				tplValid := k.valid
				if k.refs != nil {
					valid = with(k.valid, k.refs(t, editor, fmt.Sprintf("/api/user/%d", w.a)))
					tplValid = with(k.valid, k.refs(t, admin, "/api"))
				}
				// CAT-002: templates are ADMIN's; others read and download them only.
				if st, _ := editor.do("POST", "/api/"+k.path, tplValid); st != 403 {
					t.Errorf("editor creates a template: %d", st)
				}
				st, body := admin.do("POST", "/api/"+k.path, tplValid)
				if st != 201 {
					t.Fatalf("create template: %d %s", st, body)
				}
				tpl := decode[map[string]any](t, body)
				tplKey := key(tpl, k.template)
				if k.templateID != "" {
					tplKey = jsonKey(tpl, k.templateID)
				}
				if tpl[k.template] == nil || tpl[k.template] == "" || tpl[k.id] != nil {
					t.Errorf("template identifiers: %s", body)
				}
				if st, body := editor.do("GET", "/api/"+k.path, nil); st != 200 || !strings.Contains(string(body), key(tpl, k.template)) {
					t.Errorf("template list: %d %s", st, body)
				}
				if st, _ := editor.do("PUT", "/api/"+k.path+"/"+tplKey, tplValid); st != 403 {
					t.Errorf("editor edits a template: %d", st)
				}
				// The templates' own calls: the new id answered, get, edit and copy.
				if k.templateID != "" && atoiOr0(tplKey) <= 0 {
					t.Errorf("created template without its id: %s", body)
				}
				if st, body := editor.do("GET", "/api/"+k.path+"/"+tplKey, nil); st != 200 || decode[map[string]any](t, body)[k.template] != tpl[k.template] {
					t.Errorf("template get: %d %s", st, body)
				}
				st, body = admin.do("PUT", "/api/"+k.path+"/"+tplKey, with(tplValid, map[string]any{k.name: "Plantilla renombrada"}))
				if k.path == "vcp" { // API-108: a VCP template's edit answers 204, without a body
					if st != 204 || len(body) != 0 {
						t.Errorf("API-108 template edit: %d %s", st, body)
					}
					st, body = editor.do("GET", "/api/"+k.path+"/"+tplKey, nil)
				}
				if st != 200 || key(decode[map[string]any](t, body), k.name) != "Plantilla renombrada" {
					t.Errorf("template edit: %d %s", st, body)
				}
				// A copy at {id}/copy, or where the spec says so through the add call alone
				// (naming the item by its id), when {id}/copy is not served: one call, one path.
				copyOf := func(c *client, base, side, idField, key string, item map[string]any) (int, []byte) {
					if !strings.Contains(k.copyByAdd, side) {
						return c.do(k.copyMethod, base+"/"+key+"/copy", nil)
					}
					if st, _ := c.do(k.copyMethod, base+"/"+key+"/copy", nil); st != 404 {
						t.Errorf("%s copy at %s/%s/copy: %d, want 404", side, base, key, st)
					}
					return c.do("POST", base, map[string]any{idField: item[idField]})
				}
				st, body = copyOf(admin, "/api/"+k.path, "template", k.templateID, tplKey, tpl)
				if copied := decode[map[string]any](t, body); st != 201 || key(copied, k.name) != "Plantilla renombrada (copia)" || copied[k.template] == tpl[k.template] || !copiedInEnglish(copied) {
					t.Errorf("template copy: %d %s", st, body)
				}

				// CAT-004, CAT-008: download keeps the template's GUID and suffixes the name, once.
				downloadURL := fbase + "/" + strings.ReplaceAll(k.download, "{id}", tplKey)
				download := func() (int, []byte) {
					if k.download == "add" {
						return editor.do("POST", fbase, map[string]any{k.template: tpl[k.template]})
					}
					return editor.do("POST", downloadURL, nil)
				}
				st, body = download()
				dl := decode[map[string]any](t, body)
				if st != 201 || dl[k.template] != tpl[k.template] || !strings.HasSuffix(key(dl, k.name), " (descarga)") {
					t.Errorf("download: %d %s", st, body)
				}
				// API-061, API-084: one call, one path: where the spec puts the download at
				// download/{id}, or in the add call alone, {id}/download is not served.
				if own := fbase + "/" + tplKey + "/download"; own != downloadURL {
					if st, _ := editor.do("POST", own, nil); st != 404 {
						t.Errorf("%s: %d, want 404", own, st)
					}
				}
				st, body = download()
				if st != 400 || errorsOf(t, body)[0]["message"] != k.downloaded {
					t.Errorf("SENS-071 second download: %d %s", st, body) // MSG-063
				}
				if st, _ := editor.do("POST", fbase, map[string]any{k.template: tpl[k.template]}); st != 400 {
					t.Errorf("second download through the add call: %d", st)
				}
				// API-044, API-069: the add call downloads a template named by its GUID alone.
				st, body = admin.do("POST", "/api/"+k.path, with(tplValid, map[string]any{k.name: "Otra plantilla"}))
				if st != 201 {
					t.Fatalf("create a second template: %d %s", st, body)
				}
				second := decode[map[string]any](t, body)[k.template]
				st, body = editor.do("POST", fbase, map[string]any{k.template: second})
				if dl := decode[map[string]any](t, body); st != 201 || dl[k.template] != second || key(dl, k.name) != "Otra plantilla (descarga)" {
					t.Errorf("download through the add call with the GUID alone: %d %s", st, body)
				}

				// CAT-001: factory items are created, read, edited, copied and deleted.
				st, body = editor.do("POST", fbase, valid)
				item := decode[map[string]any](t, body)
				if st != 201 || item[k.template] != nil || item[k.id] == nil || item[k.id] == "" {
					t.Fatalf("create: %d %s", st, body)
				}
				id := jsonKey(item, k.id)
				if st, _ := editor.do("GET", fbase+"/"+id, nil); st != 200 {
					t.Errorf("get: %d", st)
				}
				st, body = editor.do("PUT", fbase+"/"+id, with(valid, map[string]any{k.name: "Renombrado"}))
				if st != 200 || key(decode[map[string]any](t, body), k.name) != "Renombrado" {
					t.Errorf("update: %d %s", st, body)
				}
				// The vectors' cases prove, among others: SENS-041, SENS-052, SENS-060, SENS-064
				// (names required, at most 100 characters), SENS-068 (keyboard and nominal names
				// required), SPEC-025, SPEC-048 (spectrum names at most 100), VCP-028.
				for _, inv := range k.invalid {
					st, body := editor.do("PUT", fbase+"/"+id, with(valid, inv.Patch))
					if st != 422 || errorsOf(t, body)[0]["field"] != inv.Field {
						t.Errorf("%s %v: %d %s, want 422 on %s", inv.Req, inv.Patch, st, body, inv.Field)
					}
				}
				if _, body := editor.do("GET", fbase+"/"+id, nil); key(decode[map[string]any](t, body), k.name) != "Renombrado" {
					t.Errorf("a refused edit changed the item: %s", body)
				}
				// CAT-005: a copy is a new factory item; CAT-007: ' (copy)' in English.
				st, body = copyOf(editor, fbase, "factory", k.id, id, item)
				if copied := decode[map[string]any](t, body); st != 201 || key(copied, k.name) != "Renombrado (copia)" || jsonKey(copied, k.id) == id || !copiedInEnglish(copied) {
					t.Errorf("SENS-072, CAT-006 copy: %d %s", st, body)
				}
				// BAND-048, API-068: copy through the add call naming the item's own id alone.
				st, body = editor.do("POST", fbase, map[string]any{k.id: item[k.id]})
				if st != 201 || key(decode[map[string]any](t, body), k.name) != "Renombrado (copia)" {
					t.Errorf("BAND-048 copy through the add call: %d %s", st, body)
				}
				if _, body := editor.do("GET", fbase, nil); len(decode[[]any](t, body)) != 5+k.existing {
					t.Errorf("factory list: %s", body)
				}

				// Another factory's item is not found; read-only users write nothing.
				if st, _ := other.do("GET", fmt.Sprintf("/api/user/%d/%s/%s", w.a, k.path, id), nil); st != 404 {
					t.Errorf("other factory's member: %d", st)
				}
				if st, _ := other.do("GET", fmt.Sprintf("/api/user/%d/%s/%s", w.b, k.path, id), nil); st != 404 {
					t.Errorf("item of another factory through one's own: %d", st)
				}

				// An item in use is not deleted: 400 lists its users.
				var itemID, userID int64
				_ = w.d.QueryRow(`SELECT id FROM catalogo WHERE guid = $1 OR id = $2`, id, atoiOr0(id)).Scan(&itemID)
				_ = w.d.QueryRow(`INSERT INTO catalogo (fabrica_id, tipo, guid, nombre_es, nombre_en, datos) VALUES ($1, 'spectrum', $2, 'Espectro BR', 'LR spectrum', '{}') RETURNING id`, w.a, fmt.Sprint("g-", k.path)).Scan(&userID)
				_, _ = w.d.Exec(`INSERT INTO catalogo_usos (usuario_id, usado_id) VALUES ($1, $2)`, userID, itemID)
				st, body = editor.do("DELETE", fbase+"/"+id, nil)
				if st != 400 || errorsOf(t, body)[0]["code"] != "in_use" || !strings.Contains(errorsOf(t, body)[0]["message"], "Espectro BR") {
					t.Errorf("delete in use: %d %s", st, body)
				}
				_, _ = w.d.Exec(`DELETE FROM catalogo WHERE id = $1`, userID)
				if st, _ := editor.do("DELETE", fbase+"/"+id, nil); st != 204 {
					t.Errorf("delete: %d", st)
				}
				if st, _ := editor.do("GET", fbase+"/"+id, nil); st != 404 {
					t.Errorf("deleted item: %d", st)
				}
				if st, _ := admin.do("DELETE", "/api/"+k.path+"/"+tplKey, nil); st != 204 {
					t.Errorf("admin deletes the template: %d", st)
				}
			})
		}
	})
}

// copiedInEnglish tells whether a copy's English name, where the kind has one, ends in ' (copy)'.
func copiedInEnglish(item map[string]any) bool {
	en, ok := item["NombreEn"].(string)
	return !ok || en == "" || strings.HasSuffix(en, " (copy)")
}

// catalogKinds is every kind the standard scenarios run on, with its shared vectors.
func catalogKinds() []catalogKind {
	var out []catalogKind
	for _, k := range sensorKinds {
		k.copyMethod, k.downloaded = "PUT", "El sensor ya se ha descargado previamente."
		k.calls = "API-130 API-131 API-132 API-133 API-134 API-135 API-137 API-142"
		out = append(out, k)
	}
	out = append(out, withVectors("bands", []catalogKind{
		{path: "band", id: "UsuBandaID", templateID: "AdminBandaID", template: "AdminBandaGUID", name: "NombreEs", download: "add", copyByAdd: "factory",
			calls: "API-039 API-040 API-041 API-042 API-043 API-045 API-046 API-047 API-048"},
		{path: "digitalband", id: "UsuBandaDigitalGUID", template: "AdminBandaDigitalGUID", name: "Nombre", download: "download/{id}",
			calls: "API-051 API-052 API-053 API-054 API-055 API-056 API-057 API-058 API-059 API-060 API-061"},
	})...)
	out = append(out, withVectors("spectra", []catalogKind{
		{path: "spectrum", id: "UsuEspectroID", templateID: "AdminEspectroID", template: "AdminEspectroGUID", name: "NombreEs", download: "add", copyByAdd: "factory",
			calls: "API-113 API-114 API-116",
			refs: func(t *testing.T, c *client, base string) map[string]any {
				return map[string]any{"SensorDinamicoId": createdID(t, c, base+"/sensor/dynamic", "UsuSensorDinamicoID", "AdminSensorDinamicoID", sensorKinds[0].valid)}
			}},
		{path: "digitalspectrum", id: "UsuEspectroDigitalID", templateID: "AdminEspectroDigitalID", template: "AdminEspectroDigitalGUID", name: "Nombre", calls: "API-122",
			refs: func(t *testing.T, c *client, base string) map[string]any {
				return map[string]any{"UsuSensorDinamicoDigitalId": createdID(t, c, base+"/sensor/digitaldynamic", "UsuSensorDinamicoDigitalID", "AdminSensorDinamicoDigitalID", sensorKinds[1].valid)}
			}},
	})...)
	out = append(append(out, vcvKinds()...), operatingKinds()...)
	for i := range out {
		out[i].download = cmp.Or(out[i].download, "{id}/download")
		if out[i].copyMethod == "" {
			out[i].copyMethod, out[i].downloaded = "POST", "El elemento ya se ha descargado previamente."
		}
	}
	return out
}

// vcvKinds are the VCVs and VCPs (VCV-024..VCV-035, VCP-019..VCP-032); VCP-018: a VCP's ids.
func vcvKinds() []catalogKind {
	digitalBand := func(rango string) func(t *testing.T, c *client, base string) map[string]any {
		return func(t *testing.T, c *client, base string) map[string]any {
			st, body := c.do("POST", base+"/digitalband", map[string]any{"Nombre": "Banda " + rango, "Frecuencia": "ORDENES", "Rango": rango, "FrecuOrdenesInicial": "600", "FrecuOrdenesFinal": "6000"})
			if st != 201 {
				t.Fatalf("digital band: %d %s", st, body)
			}
			item := decode[map[string]any](t, body)
			if g, ok := item["UsuBandaDigitalGUID"].(string); ok {
				return map[string]any{"UsuBandaDigitalGUID": g}
			}
			return map[string]any{"UsuBandaDigitalGUID": item["AdminBandaDigitalGUID"]}
		}
	}
	return withVectors("vcvs", []catalogKind{
		{path: "vcv", id: "UsuVcvID", templateID: "AdminVcvID", template: "AdminVcvGUID", name: "NombreEs", download: "add", copyByAdd: "factory template",
			calls: "API-064 API-065 API-066 API-067 API-070 API-071",
			refs: func(t *testing.T, c *client, base string) map[string]any {
				return map[string]any{"BandaId": createdID(t, c, base+"/band", "UsuBandaID", "AdminBandaID", vectors("bands")["band"].Valid)}
			}},
		{path: "digitalvcv", id: "UsuVCVDigitalGUID", template: "AdminVCVDigitalGUID", name: "Nombre", refs: digitalBand("BR"), download: "download/{id}",
			calls: "API-079 API-080 API-081 API-082 API-083 API-084 API-085 API-087 API-088 API-089"},
		{path: "vcp", id: "UsuVCPID", templateID: "AdminVCPID", template: "AdminVCPGUID", name: "Nombre", refs: digitalBand("DM"),
			calls: "API-099 API-100 API-103 API-104 API-105 API-106 API-108 API-109 API-112"},
	})
}

// createdID posts item to path and returns its id (factory or template field).
func createdID(t *testing.T, c *client, path, idField, templateField string, item map[string]any) int64 {
	t.Helper()
	created := created(t, c, path, item)
	if v, ok := created[idField].(float64); ok {
		return int64(v)
	}
	return int64(created[templateField].(float64))
}

// created posts item to path and returns what the server made of it.
func created(t *testing.T, c *client, path string, item map[string]any) map[string]any {
	t.Helper()
	st, body := c.do("POST", path, item)
	if st != 201 {
		t.Fatalf("create %s: %d %s", path, st, body)
	}
	return decode[map[string]any](t, body)
}

func atoiOr0(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}

// The digital band and digital VCV add payloads of S2 §7.2 and §7.4, field by field.
func TestDigitalBandAndVcvPayloads(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		editor, admin := w.as("editor"), w.as("admin")
		base := fmt.Sprintf("/api/user/%d", w.a)
		// API-063: every field of the payload is kept; frequencies and the side-band width come
		// back with 5 decimals, the manual ranges not given are null, FiltroDemodulacion is kept
		// for an envelope band only.
		envelope := map[string]any{"Nombre": "Envolvente manual", "Frecuencia": "CPMS", "Rango": "DM", "FrecuOrdenesInicial": "600", "FrecuOrdenesFinal": "6000,5",
			"FrecuOrdenesFallo": "1000", "Armonicos": 2, "BandasLaterales": 1, "AnchuraBandaLateral": "1.5", "NumBandasIzquierda": 1, "NumBandasDerecha": 2,
			"Rango1Inicio": "700", "Rango1Fin": "800", "Rango2Inicio": "900", "Rango2Fin": "1000.25", "Rango3Inicio": nil, "Rango3Fin": nil,
			"Sumatorio": 2, "FiltroDemodulacion": 3}
		st, body := editor.do("POST", base+"/digitalband", envelope)
		band := decode[map[string]any](t, body)
		want := map[string]any{"Nombre": "Envolvente manual", "Frecuencia": "CPMS", "Rango": "DM", "FrecuOrdenesInicial": "600.00000", "FrecuOrdenesFinal": "6000.50000",
			"FrecuOrdenesFallo": "1000.00000", "Armonicos": 2.0, "BandasLaterales": 1.0, "AnchuraBandaLateral": "1.50000", "NumBandasIzquierda": 1.0, "NumBandasDerecha": 2.0,
			"Rango1Inicio": "700.00000", "Rango1Fin": "800.00000", "Rango2Inicio": "900.00000", "Rango2Fin": "1000.25000", "Sumatorio": 2.0, "FiltroDemodulacion": 3.0}
		if st != 201 {
			t.Fatalf("API-063 add a digital band: %d %s", st, body)
		}
		_, body = editor.do("GET", fmt.Sprintf("%s/digitalband/%s", base, band["UsuBandaDigitalGUID"]), nil)
		stored := decode[map[string]any](t, body)
		for field, v := range want {
			if band[field] != v || stored[field] != v {
				t.Errorf("API-063 %s: answered %v, stored %v, want %v", field, band[field], stored[field], v)
			}
		}
		for i := 3; i <= 6; i++ {
			for _, end := range []string{"Inicio", "Fin"} {
				if v := stored[fmt.Sprintf("Rango%d%s", i, end)]; v != nil {
					t.Errorf("API-063 Rango%d%s: %v, want null", i, end, v)
				}
			}
		}
		st, body = editor.do("POST", base+"/digitalband", with(envelope, map[string]any{"Rango": "BR", "Nombre": "Velocidad manual"}))
		if velocity := decode[map[string]any](t, body); st != 201 || velocity["FiltroDemodulacion"] != nil || velocity["Rango2Fin"] != "1000.25000" {
			t.Errorf("API-063 FiltroDemodulacion on a velocity band: %d %s", st, body)
		}

		// API-086: the digital VCV add payload is Nombre, Siglas, UsuBandaDigitalGUID and
		// AdminVCVDigitalGUID: without a template GUID it adds the VCV on the band; with one it
		// downloads that template.
		guid := band["UsuBandaDigitalGUID"]
		st, body = editor.do("POST", base+"/digitalvcv", map[string]any{"Nombre": "Envolvente 1x", "Siglas": "E1X", "UsuBandaDigitalGUID": guid, "AdminVCVDigitalGUID": ""})
		if v := decode[map[string]any](t, body); st != 201 || v["Nombre"] != "Envolvente 1x" || v["Siglas"] != "E1X" || v["UsuBandaDigitalGUID"] != guid || v["UsuVCVDigitalGUID"] == nil || v["AdminVCVDigitalGUID"] != nil {
			t.Errorf("API-086 add a digital VCV: %d %s", st, body)
		}
		st, body = admin.do("POST", "/api/digitalband", with(envelope, map[string]any{"Nombre": "Plantilla DM"}))
		if st != 201 {
			t.Fatalf("template band: %d %s", st, body)
		}
		st, body = admin.do("POST", "/api/digitalvcv", map[string]any{"Nombre": "Plantilla VCV", "Siglas": "PV", "UsuBandaDigitalGUID": decode[map[string]any](t, body)["AdminBandaDigitalGUID"]})
		if st != 201 {
			t.Fatalf("template VCV: %d %s", st, body)
		}
		tpl := decode[map[string]any](t, body)["AdminVCVDigitalGUID"]
		st, body = editor.do("POST", base+"/digitalvcv", map[string]any{"Nombre": "Plantilla VCV", "Siglas": "PV", "UsuBandaDigitalGUID": guid, "AdminVCVDigitalGUID": tpl})
		if v := decode[map[string]any](t, body); st != 201 || v["AdminVCVDigitalGUID"] != tpl || v["Nombre"] != "Plantilla VCV (descarga)" || v["UsuBandaDigitalGUID"] == guid {
			t.Errorf("API-086 download a digital VCV through the add payload: %d %s", st, body)
		}
	})
}

// shape is what an API record holds: each field's name, and for an object field the names
// of its own fields ("Power{EnumPotenciaID}"), sorted.
func shape(item map[string]any) []string {
	var out []string
	for k, v := range item {
		if o, ok := v.(map[string]any); ok {
			var inner []string
			for ik := range o {
				inner = append(inner, ik)
			}
			slices.Sort(inner)
			k += "{" + strings.Join(inner, ",") + "}"
		}
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// The sensor entities as the API answers them, every field of the spec with the enumerations
// as objects (S3 §3), and a Power that is not {EnumPotenciaID} refused.
func TestSensorEntities(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		editor := w.as("editor")
		base := fmt.Sprintf("/api/user/%d/sensor/", w.a)
		dynamic := []string{"BIASmax", "BIASmin", "Entrada{EnumEntradaVoltajeID}", "Magnitud{EnumMagnitudID}", "NombreEn", "NombreEs", "Power{EnumPotenciaID}", "Sensibilidad", "TiempoEstabilidad"}
		for _, tc := range []struct {
			req, path string
			valid     map[string]any
			want      []string
		}{
			{"SENS-024", "dynamic", sensorKinds[0].valid, append([]string{"UsuSensorDinamicoID"}, dynamic...)},
			{"SENS-024", "digitaldynamic", sensorKinds[1].valid, append([]string{"UsuSensorDinamicoDigitalID"}, dynamic...)},
			{"SENS-038", "420", with(sensorKinds[2].valid, map[string]any{"Power": map[string]any{"EnumPotenciaID": "OFF"}}), []string{
				"Lectura20ma", "Lectura4ma", "Magnitud{EnumMagnitudID}", "NombreEn", "NombreEs", "Power{EnumPotenciaID}",
				"TiempoEstabilidad", "TiempoMuestra{EnumTiempoMuestraID}", "Unidades", "UsuSensor420ID"}},
			{"SENS-051", "staticvoltage", sensorKinds[3].valid, []string{
				"DcOffset", "DcTop", "Entrada{EnumEntradaVoltajeID}", "Magnitud{EnumMagnitudID}", "NombreEn", "NombreEs",
				"Power{EnumPotenciaID}", "TiempoEstabilidad", "TiempoMuestra{EnumTiempoMuestraID}", "UsuSensorVoltajeEstaticoID"}},
		} {
			// Every field given, optional ones too, so that the answer shows each.
			body := with(tc.valid, map[string]any{"NombreEn": "Sensor"})
			if tc.req == "SENS-024" {
				body = with(body, map[string]any{"BIASmin": "8", "BIASmax": "14", "Sensibilidad": "100"})
				if st, out := editor.do("POST", base+tc.path, with(body, map[string]any{"Power": "ICP_4MA"})); st != 422 {
					t.Errorf("%s Power as a bare id: %d %s", tc.path, st, out)
				}
			}
			slices.Sort(tc.want)
			st, out := editor.do("POST", base+tc.path, body)
			if got := shape(decode[map[string]any](t, out)); st != 201 || !slices.Equal(got, tc.want) {
				t.Errorf("%s %s: %d %v, want %v", tc.req, tc.path, st, got, tc.want)
			}
		}
	})
}
