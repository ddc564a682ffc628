package app_test

import (
	"fmt"
	"testing"

	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

// VCVs show their band; a VCP's band suits its type, and types without a band have none.
func TestVcvAndVcpBands(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
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
