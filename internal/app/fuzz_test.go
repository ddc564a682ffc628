package app_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"vigia/internal/platform/db"
)

// fuzzRoute is a write route the server's decoders are fuzzed on: its method, path and
// content type, and whether the pump's alert device sends it (else the administrator).
type fuzzRoute struct {
	method, path, contentType string
	device                    bool
}

// fuzzRoutes are the write routes of FuzzWriteRoutes on the demo plant, by the index the
// corpus names them with: append only, or the seeds of testdata/fuzz/FuzzWriteRoutes go
// to other routes.
func fuzzRoutes(p *plant, serial string, vr int64) []fuzzRoute {
	json := "application/json"
	user := func(method, format string, args ...any) fuzzRoute {
		return fuzzRoute{method: method, path: p.url(format, args...), contentType: json}
	}
	return []fuzzRoute{
		0:  user("PUT", "/site/%d", p.site),
		1:  user("PUT", "/machine/%d", p.machine),
		2:  user("PUT", "/component/%d", p.component),
		3:  user("PUT", "/point/%d", p.point),
		4:  user("POST", "/area/%d/machine", p.area),
		5:  user("POST", "/band"),
		6:  user("POST", "/sensor/dynamic"),
		7:  user("POST", "/spectrum"),
		8:  user("POST", "/vcv"),
		9:  user("POST", "/criterion"),
		10: user("PUT", "/mpv/reference/%d", vr),
		11: user("POST", "/machine/%d/reference/calculate", p.machine),
		12: user("PUT", "/machine/%d/reference", p.machine),
		13: {method: "POST", path: p.url("/history/import"), contentType: "text/csv"},
		14: {method: "POST", path: "/api/device/" + serial + "/measurements", contentType: json, device: true},
		15: {method: "POST", path: "/api/device/" + serial + "/report", contentType: json, device: true},
		16: user("POST", "/history/import"),
		17: user("POST", "/vco_v"),
	}
}

// FuzzWriteRoutes sends fuzzed bodies to the write routes of fuzzRoutes, through the whole
// handler as the server runs it (session or device token, huma's decoding and schema, the
// domain's checks, the database), and fails on a panic or any 5xx: bad input is the
// client's error, never the server's. The world is built once per fuzzing process: the
// demo plant on SQLite. Seeds: testdata/fuzz/FuzzWriteRoutes.
func FuzzWriteRoutes(f *testing.F) {
	p := newPlant(f, db.SQLite)
	// The pump's alert device, with a new token, and a reference row of the pump.
	var device, vr int64
	var serial string
	if err := p.d.QueryRow(`SELECT e.id, e.numero_serie FROM equipos e JOIN maquinas m ON m.equipo_alert10 = e.guid WHERE m.id = $1`, p.machine).Scan(&device, &serial); err != nil {
		f.Fatal(err)
	}
	if err := p.d.QueryRow(`SELECT r.id FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id
		WHERE a.maquina_id = $1 AND a.tipo = 'MPV' ORDER BY r.id LIMIT 1`, p.machine).Scan(&vr); err != nil {
		f.Fatal(err)
	}
	st, body := p.signedIn.do("POST", fmt.Sprintf("/api/equipment/%d/token", device), nil)
	if st != 200 {
		f.Fatalf("token: %d %s", st, body)
	}
	// A published configuration, so that a report reaches the checks of its sections.
	if st, body := p.signedIn.do("POST", p.url("/machine/%d/configuration", p.machine), map[string]any{"Modo": 0}); st != 200 {
		f.Fatalf("configuration: %d %s", st, body)
	}
	token := "Bearer " + decode[map[string]string](f, body)["Token"]
	routes := fuzzRoutes(p, serial, vr)
	cookies := p.signedIn.http.Jar.Cookies(mustURL(p.srv.URL))
	f.Add(uint8(5), []byte(`{"NombreEs":"Banda","Frecuencia":"ORDENES","Rango":"BR","FrecuOrdenesInicial":"1","FrecuOrdenesFinal":"10"}`))
	f.Add(uint8(17), []byte(`{"NombreEs":"Carga","Tipo":{"EnumTipoVcoID":"VCO"},"FactorConversion":"1.5","UsuSensor420":1}`))
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		r := routes[int(which)%len(routes)]
		req := httptest.NewRequest(r.method, r.path, bytes.NewReader(body))
		req.Header.Set("Content-Type", r.contentType)
		if r.device {
			req.Header.Set("Authorization", token)
		} else {
			req.Header.Set("X-Requested-With", "vigia")
			for _, c := range cookies {
				req.AddCookie(c)
			}
		}
		rec := httptest.NewRecorder()
		p.app.Handler.ServeHTTP(rec, req)
		if rec.Code >= 500 || rec.Code == http.StatusUnauthorized || rec.Code == http.StatusForbidden {
			t.Fatalf("%s %s %q: %d %s", r.method, r.path, body, rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
		}
	})
}
