package app_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

// catalogKind describes a kind to the standard scenarios: its path, the JSON names of its
// identifiers, a valid item and invalid ones with the field each must be refused on.
type catalogKind struct {
	path                     string
	id, templateID, template string // factory id, template id ("" when by GUID), template GUID
	name                     string // the name field
	valid                    map[string]any
	invalid                  []invalidCase
	copyMethod, download     string // the copy call's method; the download path with {id}
	downloaded               string // the message refusing a second download
	// refs, when set, returns the fields naming other items (a spectrum's sensor) that make
	// valid valid in the factory (base: /api/user/{factory}) or among the templates (base: /api).
	refs func(t *testing.T, c *client, base string) map[string]any
	// existing is how many items of the kind a factory starts with (its DESCONOCIDO criterion).
	existing int
}

type invalidCase struct {
	req   string // requirement checked
	patch map[string]any
	field string
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

var sensorKinds = []catalogKind{
	{"sensor/dynamic", "UsuSensorDinamicoID", "AdminSensorDinamicoID", "AdminSensorDinamicoGUID", "NombreEs",
		map[string]any{"NombreEs": "Acelerómetro 100 mV/g", "Sensibilidad": "100", "TiempoEstabilidad": 5, "Power": map[string]any{"EnumPotenciaID": "ICP_4MA"}, "Magnitud": map[string]any{"EnumMagnitudID": "G"}, "BIASmin": "8", "BIASmax": "14"},
		[]invalidCase{
			{"SENS-028", map[string]any{"NombreEs": ""}, "NombreEs"},
			{"SENS-029", map[string]any{"Sensibilidad": "123456"}, "Sensibilidad"},
			{"SENS-029", map[string]any{"Sensibilidad": "1.234"}, "Sensibilidad"},
			{"SENS-030", map[string]any{"TiempoEstabilidad": -1}, "TiempoEstabilidad"},
			{"SENS-031", map[string]any{"Power": map[string]any{"EnumPotenciaID": ""}}, "Power"},
			{"SENS-033", map[string]any{"BIASmin": "15", "BIASmax": "14"}, "BIASmin"},
			{"SENS-034", map[string]any{"BIASmax": "100"}, "BIASmax"},
		}, "", "", "", nil, 0},
	{"sensor/digitaldynamic", "UsuSensorDinamicoDigitalID", "AdminSensorDinamicoDigitalID", "AdminSensorDinamicoDigitalGUID", "NombreEs",
		map[string]any{"NombreEs": "MEMS 3 ejes", "Sensibilidad": "-50,5", "TiempoEstabilidad": 0, "Power": map[string]any{"EnumPotenciaID": "OFF"}, "Magnitud": map[string]any{"EnumMagnitudID": "A"}},
		[]invalidCase{{"SENS-028", map[string]any{"NombreEs": strings.Repeat("x", 101)}, "NombreEs"}, {"SENS-025", map[string]any{"Magnitud": map[string]any{"EnumMagnitudID": "RPM"}}, "Magnitud"}, {"SENS-030", map[string]any{"TiempoEstabilidad": 1_000_000_000}, "TiempoEstabilidad"}}, "", "", "", nil, 0},
	{"sensor/420", "UsuSensor420ID", "AdminSensor420ID", "AdminSensor420GUID", "NombreEs",
		map[string]any{"NombreEs": "Transmisor de velocidad 4-20 mA", "Lectura4ma": "0", "Lectura20ma": "3000", "TiempoEstabilidad": 2, "Unidades": 1, "Magnitud": map[string]any{"EnumMagnitudID": "RPM"}, "TiempoMuestra": map[string]any{"EnumTiempoMuestraID": "1S"}},
		[]invalidCase{{"SENS-042", map[string]any{"Lectura20ma": "12345678"}, "Lectura20ma"}, {"SENS-043", map[string]any{"TiempoEstabilidad": -5}, "TiempoEstabilidad"}, {"SENS-044", map[string]any{"Magnitud": map[string]any{"EnumMagnitudID": ""}}, "Magnitud"}, {"SENS-045", map[string]any{"TiempoMuestra": map[string]any{"EnumTiempoMuestraID": ""}}, "TiempoMuestra"}}, "", "", "", nil, 0},
	{"sensor/staticvoltage", "UsuSensorVoltajeEstaticoID", "AdminSensorVoltajeEstaticoID", "AdminSensorVoltajeEstaticoGUID", "NombreEs",
		map[string]any{"NombreEs": "Sonda de temperatura 0-10 V", "DcOffset": "-20", "DcTop": "120,5", "TiempoEstabilidad": 1, "TiempoMuestra": map[string]any{"EnumTiempoMuestraID": "10S"}, "Magnitud": map[string]any{"EnumMagnitudID": "C"}},
		[]invalidCase{{"SENS-053", map[string]any{"DcTop": "1.2345"}, "DcTop"}, {"SENS-054", map[string]any{"TiempoEstabilidad": 1_000_000_000}, "TiempoEstabilidad"}, {"SENS-055", map[string]any{"Magnitud": map[string]any{"EnumMagnitudID": ""}}, "Magnitud"}, {"SENS-056", map[string]any{"TiempoMuestra": map[string]any{"EnumTiempoMuestraID": ""}}, "TiempoMuestra"}}, "", "", "", nil, 0},
	{"sensor/taco", "UsuSensorTacometroID", "AdminSensorTacometroID", "AdminSensorTacometroGUID", "NombreEs",
		map[string]any{"NombreEs": "Tacómetro 1 pulso/vuelta", "Cuentas": 1},
		[]invalidCase{{"SENS-061", map[string]any{"Cuentas": 0}, "Cuentas"}, {"SENS-061", map[string]any{"Cuentas": 256}, "Cuentas"}, {"SENS-060", map[string]any{"NombreEs": ""}, "NombreEs"}}, "", "", "", nil, 0},
	{"sensor/virtual", "UsuSensorVirtualID", "AdminSensorVirtualID", "AdminSensorVirtualGUID", "NombreEs",
		map[string]any{"NombreEs": "Velocidad calculada"},
		[]invalidCase{{"SENS-064", map[string]any{"NombreEs": " "}, "NombreEs"}, {"SENS-065", map[string]any{"Magnitud": map[string]any{"EnumMagnitudID": "??"}}, "Magnitud"}}, "", "", "", nil, 0},
	{"sensor/keyboard", "UsuSensorTecladoGUID", "", "AdminSensorTecladoGUID", "Nombre",
		map[string]any{"Nombre": "Velocidad introducida"},
		[]invalidCase{{"SENS-068", map[string]any{"Nombre": ""}, "Nombre"}}, "", "", "", nil, 0},
	{"sensor/nominal", "UsuSensorNominalGUID", "", "AdminSensorNominalGUID", "Nombre",
		map[string]any{"Nombre": "Velocidad nominal"},
		[]invalidCase{{"SENS-069", map[string]any{"Magnitud": map[string]any{"EnumMagnitudID": "XX"}}, "Magnitud"}}, "", "", "", nil, 0},
}

// The standard scenarios for every catalogue kind, factory and template, on both engines:
// list, get, create, update, delete, copy, download, second download refused, 404 for another
// factory's item, 422 on invalid input, 403 for a non-admin writing a template, 400 with the
// users when deleting an item in use (CAT-001..CAT-009, CAT-023, CAT-024).
func TestCatalogStandardScenarios(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		admin, editor, other := w.as("admin"), w.as("editor"), w.as("editorb")
		for _, k := range catalogKinds() {
			t.Run(k.path, func(t *testing.T) {
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
				if tpl[k.template] == "" || tpl[k.id] != nil {
					t.Errorf("template identifiers: %s", body)
				}
				if st, body := editor.do("GET", "/api/"+k.path, nil); st != 200 || !strings.Contains(string(body), key(tpl, k.template)) {
					t.Errorf("template list: %d %s", st, body)
				}
				if st, _ := editor.do("PUT", "/api/"+k.path+"/"+tplKey, tplValid); st != 403 {
					t.Errorf("editor edits a template: %d", st)
				}

				// CAT-004, CAT-008: download keeps the template's GUID and suffixes the name, once.
				downloadURL := fbase + "/" + strings.ReplaceAll(k.download, "{id}", tplKey)
				st, body = editor.do("POST", downloadURL, nil)
				dl := decode[map[string]any](t, body)
				if st != 201 || dl[k.template] != tpl[k.template] || !strings.HasSuffix(key(dl, k.name), " (descarga)") {
					t.Errorf("download: %d %s", st, body)
				}
				st, body = editor.do("POST", downloadURL, nil)
				if st != 400 || errorsOf(t, body)[0]["message"] != k.downloaded {
					t.Errorf("SENS-071 second download: %d %s", st, body) // MSG-063
				}
				if st, _ := editor.do("POST", fbase, with(valid, map[string]any{k.template: tpl[k.template]})); st != 400 {
					t.Errorf("second download through the add call: %d", st)
				}

				// CAT-001: factory items are created, read, edited, copied and deleted.
				st, body = editor.do("POST", fbase, valid)
				item := decode[map[string]any](t, body)
				if st != 201 || item[k.template] != nil {
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
				for _, inv := range k.invalid {
					st, body := editor.do("PUT", fbase+"/"+id, with(valid, inv.patch))
					if st != 422 || errorsOf(t, body)[0]["field"] != inv.field {
						t.Errorf("%s %v: %d %s, want 422 on %s", inv.req, inv.patch, st, body, inv.field)
					}
				}
				if _, body := editor.do("GET", fbase+"/"+id, nil); key(decode[map[string]any](t, body), k.name) != "Renombrado" {
					t.Errorf("a refused edit changed the item: %s", body)
				}
				st, body = editor.do(k.copyMethod, fbase+"/"+id+"/copy", nil)
				if st != 201 || key(decode[map[string]any](t, body), k.name) != "Renombrado (copia)" {
					t.Errorf("SENS-072, CAT-006 copy: %d %s", st, body)
				}
				// BAND-048: copy through the add call naming the item's own id.
				st, body = editor.do("POST", fbase, with(valid, map[string]any{k.id: item[k.id]}))
				if st != 201 || key(decode[map[string]any](t, body), k.name) != "Renombrado (copia)" {
					t.Errorf("BAND-048 copy through the add call: %d %s", st, body)
				}
				if _, body := editor.do("GET", fbase, nil); len(decode[[]any](t, body)) != 4+k.existing {
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
				_ = d.QueryRow(`SELECT id FROM catalogo WHERE guid = $1 OR id = $2`, id, atoiOr0(id)).Scan(&itemID)
				_ = d.QueryRow(`INSERT INTO catalogo (fabrica_id, tipo, guid, nombre_es, nombre_en, datos) VALUES ($1, 'spectrum', $2, 'Espectro BR', 'LR spectrum', '{}') RETURNING id`, w.a, fmt.Sprint("g-", k.path)).Scan(&userID)
				_, _ = d.Exec(`INSERT INTO catalogo_usos (usuario_id, usado_id) VALUES ($1, $2)`, userID, itemID)
				st, body = editor.do("DELETE", fbase+"/"+id, nil)
				if st != 400 || errorsOf(t, body)[0]["code"] != "in_use" || !strings.Contains(errorsOf(t, body)[0]["message"], "Espectro BR") {
					t.Errorf("delete in use: %d %s", st, body)
				}
				_, _ = d.Exec(`DELETE FROM catalogo WHERE id = $1`, userID)
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

// catalogKinds is every kind the standard scenarios run on.
func catalogKinds() []catalogKind {
	var out []catalogKind
	for _, k := range sensorKinds {
		k.copyMethod, k.download, k.downloaded = "PUT", "{id}/download", "El sensor ya se ha descargado previamente."
		out = append(out, k)
	}
	band := map[string]any{"Frecuencia": "ORDENES", "Rango": "BR", "FrecuOrdenesInicial": "0.5", "FrecuOrdenesFinal": "1.5"}
	out = append(out,
		catalogKind{"band", "UsuBandaID", "AdminBandaID", "AdminBandaGUID", "NombreEs", with(band, map[string]any{"NombreEs": "1x"}),
			[]invalidCase{{"BAND-053", map[string]any{"NombreEs": ""}, "NombreEs"}, {"BAND-047", map[string]any{"Rango": "AR"}, "Rango"},
				{"BAND-066", map[string]any{"FrecuOrdenesFinal": "0.4"}, "FrecuOrdenesFinal"}, {"BAND-025", map[string]any{"Sumatorio": 6}, "Sumatorio"}},
			"POST", "{id}/download", "El elemento ya se ha descargado previamente.", nil, 0},
		catalogKind{"digitalband", "UsuBandaDigitalGUID", "", "AdminBandaDigitalGUID", "Nombre",
			map[string]any{"Nombre": "Banda 1x", "Frecuencia": "ORDENES", "Rango": "DM", "FrecuOrdenesInicial": "600", "FrecuOrdenesFinal": "6000", "FiltroDemodulacion": 2},
			[]invalidCase{{"BAND-053", map[string]any{"Nombre": " "}, "Nombre"}, {"BAND-016", map[string]any{"FrecuOrdenesFinal": "60000,5"}, "FrecuOrdenesFinal"}, {"BAND-047", map[string]any{"Frecuencia": "CPMS"}, "Frecuencia"}},
			"POST", "{id}/download", "El elemento ya se ha descargado previamente.", nil, 0},
	)
	out = append(out,
		catalogKind{path: "spectrum", id: "UsuEspectroID", templateID: "AdminEspectroID", template: "AdminEspectroGUID", name: "NombreEs",
			valid: map[string]any{"NombreEs": "Velocidad BR 800 líneas", "NombreEn": "Velocity LR 800 lines", "Rango": "BR", "Lineas": 1, "Promediado": "LINEAL",
				"NumPromedios": 4, "Filtro": "2_HZ", "Ventana": "HANN", "Solapamiento": 0, "FrecuenciaMuestreo": 60000, "Unidad": "MMSEG", "TipoUnidad": 3},
			invalid: []invalidCase{
				{"SPEC-023", map[string]any{"Ventana": ""}, "Ventana"},
				{"SPEC-016", map[string]any{"Ventana": "BLACKMAN"}, "Ventana"},
				{"SPEC-017", map[string]any{"Solapamiento": 25}, "Solapamiento"},
				{"SPEC-036", map[string]any{"FrecuenciaMuestreo": 5000}, "FrecuenciaMuestreo"},
				{"SPEC-025", map[string]any{"NombreEs": strings.Repeat("x", 101)}, "NombreEs"},
				{"SPEC-012", map[string]any{"Rango": "AR"}, "Rango"},
				{"SPEC-023", map[string]any{"SensorDinamicoId": 0}, "SensorDinamicoId"},
			},
			copyMethod: "POST", download: "{id}/download", downloaded: "El elemento ya se ha descargado previamente.",
			refs: func(t *testing.T, c *client, base string) map[string]any {
				return map[string]any{"SensorDinamicoId": createdID(t, c, base+"/sensor/dynamic", "UsuSensorDinamicoID", "AdminSensorDinamicoID", sensorKinds[0].valid)}
			}},
		catalogKind{path: "digitalspectrum", id: "UsuEspectroDigitalID", templateID: "AdminEspectroDigitalID", template: "AdminEspectroDigitalGUID", name: "Nombre",
			valid: map[string]any{"Nombre": "MEMS AR 1600 líneas", "Rango": "AR", "Lineas": 2, "NumPromedios": 2, "Ventana": "HANN", "Solapamiento": 50,
				"FrecuenciaMuestreo": 100000, "Unidad": "G"},
			invalid: []invalidCase{
				{"SPEC-045", map[string]any{"Nombre": ""}, "Nombre"},
				{"SPEC-061", map[string]any{"Ventana": "HAMMING"}, "Ventana"},
				{"SPEC-050", map[string]any{"FrecuenciaMuestreo": 60000}, "FrecuenciaMuestreo"},
				{"SPEC-053", map[string]any{"Lineas": 3}, "Lineas"},
				{"SPEC-062", map[string]any{"NumPromedios": 8}, "NumPromedios"},
				{"SPEC-045", map[string]any{"UsuSensorDinamicoDigitalId": 0}, "UsuSensorDinamicoDigitalId"},
			},
			copyMethod: "POST", download: "{id}/download", downloaded: "El elemento ya se ha descargado previamente.",
			refs: func(t *testing.T, c *client, base string) map[string]any {
				return map[string]any{"UsuSensorDinamicoDigitalId": createdID(t, c, base+"/sensor/digitaldynamic", "UsuSensorDinamicoDigitalID", "AdminSensorDinamicoDigitalID", sensorKinds[1].valid)}
			}},
	)
	return append(append(out, vcvKinds()...), operatingKinds()...)
}

// vcvKinds are the VCVs and VCPs (VCV-024..VCV-035, VCP-019..VCP-032).
func vcvKinds() []catalogKind {
	digitalBand := func(rango string) func(t *testing.T, c *client, base string) string {
		return func(t *testing.T, c *client, base string) string {
			st, body := c.do("POST", base+"/digitalband", map[string]any{"Nombre": "Banda " + rango, "Frecuencia": "ORDENES", "Rango": rango, "FrecuOrdenesInicial": "600", "FrecuOrdenesFinal": "6000"})
			if st != 201 {
				t.Fatalf("digital band: %d %s", st, body)
			}
			item := decode[map[string]any](t, body)
			if g, ok := item["UsuBandaDigitalGUID"].(string); ok {
				return g
			}
			return item["AdminBandaDigitalGUID"].(string)
		}
	}
	return []catalogKind{
		{path: "vcv", id: "UsuVcvID", templateID: "AdminVcvID", template: "AdminVcvGUID", name: "NombreEs",
			valid: map[string]any{"NombreEs": "Velocidad 1x", "NombreEn": "1x velocity", "SiglaEs": "1X", "SiglaEn": "1X"},
			invalid: []invalidCase{
				{"VCV-034", map[string]any{"NombreEs": " "}, "NombreEs"},
				{"VCV-035", map[string]any{"BandaId": 0}, "BandaId"},
				{"VCV-035", map[string]any{"BandaId": 999999}, "BandaId"},
				{"VCV-025", map[string]any{"SiglaEs": strings.Repeat("x", 21)}, "SiglaEs"},
			},
			copyMethod: "POST", download: "{id}/download", downloaded: "El elemento ya se ha descargado previamente.",
			refs: func(t *testing.T, c *client, base string) map[string]any {
				return map[string]any{"BandaId": createdID(t, c, base+"/band", "UsuBandaID", "AdminBandaID",
					map[string]any{"NombreEs": "1x", "Frecuencia": "ORDENES", "Rango": "BR", "FrecuOrdenesInicial": "0.5", "FrecuOrdenesFinal": "1.5"})}
			}},
		{path: "digitalvcv", id: "UsuVCVDigitalGUID", template: "AdminVCVDigitalGUID", name: "Nombre",
			valid: map[string]any{"Nombre": "Velocidad 1x", "Siglas": "1X", "Tipo": map[string]any{"EnumTipoVcoID": "VCO"}, "GenTipoComponenteId": 1, "GenSubtipoComponenteId": 2},
			invalid: []invalidCase{
				{"VCV-034", map[string]any{"Nombre": ""}, "Nombre"},
				{"VCV-035", map[string]any{"UsuBandaDigitalGUID": ""}, "UsuBandaDigitalGUID"},
				{"VCV-031", map[string]any{"GenSubtipoComponenteId": 4}, "GenSubtipoComponenteId"},
				{"VCV-031", map[string]any{"GenTipoComponenteId": 99}, "GenTipoComponenteId"},
				{"VCV-028", map[string]any{"Tipo": map[string]any{"EnumTipoVcoID": "X"}}, "Tipo.EnumTipoVcoID"},
			},
			copyMethod: "POST", download: "{id}/download", downloaded: "El elemento ya se ha descargado previamente.",
			refs: func(t *testing.T, c *client, base string) map[string]any {
				return map[string]any{"UsuBandaDigitalGUID": digitalBand("BR")(t, c, base)}
			}},
		{path: "vcp", id: "UsuVCPID", templateID: "AdminVCPID", template: "AdminVCPGUID", name: "Nombre",
			valid: map[string]any{"Nombre": "Envolvente", "Siglas": "ENV", "Tipo": "DEM"},
			invalid: []invalidCase{
				{"VCP-028", map[string]any{"Nombre": ""}, "Nombre"},
				{"VCP-029", map[string]any{"UsuBandaDigitalGUID": ""}, "UsuBandaDigitalGUID"},
				{"VCP-023", map[string]any{"Tipo": "TEM"}, "Tipo"},
				{"VCP-020", map[string]any{"Tipo": "XYZ"}, "Tipo"},
			},
			copyMethod: "POST", download: "{id}/download", downloaded: "El elemento ya se ha descargado previamente.",
			refs: func(t *testing.T, c *client, base string) map[string]any {
				return map[string]any{"UsuBandaDigitalGUID": digitalBand("DM")(t, c, base)}
			}},
	}
}

// createdID posts item to path and returns its id (factory or template field).
func createdID(t *testing.T, c *client, path, idField, templateField string, item map[string]any) int64 {
	t.Helper()
	st, body := c.do("POST", path, item)
	if st != 201 {
		t.Fatalf("create %s: %d %s", path, st, body)
	}
	created := decode[map[string]any](t, body)
	if v, ok := created[idField].(float64); ok {
		return int64(v)
	}
	return int64(created[templateField].(float64))
}

func atoiOr0(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}
