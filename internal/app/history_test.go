package app_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"vigia/internal/history"
	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
	"vigia/migrations"
)

// history is what the history tests of the demo pump use: its alert device signed in with a
// new token, one of its VCV associations in one condition, a reference row of another
// machine, and times within the last two days.
type historyFixture struct {
	*plant
	device          *client
	serial          string
	vr, assoc, cond int64
	foreign         int64
	vco             int64
	times           []string
	period          map[string]string
}

func newHistoryFixture(t *testing.T, p *plant) *historyFixture {
	t.Helper()
	h := &historyFixture{plant: p}
	var device int64
	one := func(dest []any, query string, args ...any) {
		t.Helper()
		if err := p.d.QueryRow(query, args...).Scan(dest...); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
	}
	one([]any{&device, &h.serial}, `SELECT e.id, e.numero_serie FROM equipos e JOIN maquinas m ON m.equipo_alert10 = e.guid WHERE m.id = $1`, p.machine)
	one([]any{&h.vr, &h.assoc, &h.cond}, `SELECT r.id, r.asociacion_id, r.condicion_id FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id
		WHERE a.maquina_id = $1 AND a.tipo = 'MPV' ORDER BY r.id LIMIT 1`, p.machine)
	one([]any{&h.foreign}, `SELECT r.id FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id WHERE a.maquina_id <> $1 ORDER BY r.id LIMIT 1`, p.machine)
	// The demo puts the VCOs of its criterion on the pump.
	one([]any{&h.vco}, `SELECT vco_id FROM maquina_vcos WHERE maquina_id = $1 ORDER BY vco_id LIMIT 1`, p.machine)
	st, body := p.signedIn.do("POST", fmt.Sprintf("/api/equipment/%d/token", device), nil)
	if st != 200 {
		t.Fatalf("token: %d %s", st, body)
	}
	h.device = p.anon()
	h.device.header.Set("Authorization", "Bearer "+decode[map[string]string](t, body)["Token"])
	now := time.Now().UTC().Truncate(time.Hour)
	for _, ago := range []int{3, 2, 1} {
		h.times = append(h.times, now.Add(-time.Duration(ago)*time.Hour).Format(time.RFC3339))
	}
	h.period = map[string]string{"FechaInicio": now.Add(-48 * time.Hour).Format(time.DateOnly), "FechaFin": now.Format(time.DateOnly)}
	return h
}

// danger is the danger level of the fixture's reference row in direction 0, as the alert list reads it.
func (h *historyFixture) danger(t *testing.T) (danger float64) {
	t.Helper()
	_, body := h.signedIn.do("GET", h.url("/machine/%d/alarm", h.machine), nil)
	for _, a := range decode[[]map[string]any](t, body) {
		if a["UsuValorReferenciaID"] == float64(h.vr) && a["Direccion"] == 0.0 {
			danger = a["VrPeligro"].(float64)
		}
	}
	return danger
}

// measure posts a batch as the pump's alert device.
func (h *historyFixture) measure(batch map[string]any) (int, []byte) {
	return h.device.do("POST", "/api/device/"+h.serial+"/measurements", batch)
}

// chart reads the alarm chart of the fixture's association in its condition and a direction.
func (h *historyFixture) chart(t *testing.T, dir int, query string) []map[string]any {
	t.Helper()
	st, body := h.signedIn.do("POST", h.url("/visualizator/data/mpv/%d/direction/%d/condition/%d%s", h.assoc, dir, h.cond, query), h.period)
	if st != 200 {
		t.Fatalf("chart: %d %s", st, body)
	}
	return decode[struct{ Datos []map[string]any }](t, body).Datos
}

// A device's measurements are stored once, whatever it re-sends, and read back by the
// charts; a malformed batch, or one naming another machine's series, is refused whole and
// stores nothing; the token must be the device's own.
func TestDeviceMeasurements(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		values := []map[string]any{
			{"VrId": h.vr, "Dir": 0, "Fecha": h.times[0], "Valor": 2100},
			{"VrId": h.vr, "Dir": 0, "Fecha": h.times[1], "Valor": 2300},
			{"VrId": h.vr, "Dir": 0, "Fecha": h.times[2], "Valor": 2200},
			{"VrId": h.vr, "Dir": 1, "Fecha": h.times[2], "Valor": 1900},
		}
		batch := map[string]any{"Valores": values, "Vcos": []map[string]any{{"UsuVco_vId": h.vco, "Fecha": h.times[2], "Inicio": 1_480_000, "Fin": 1_482_000}},
			"Bias": []map[string]any{{"Canal": 1, "Fecha": h.times[2], "Valor": 11_500}}}

		// Tokens: none, a wrong one, another device's.
		anon := p.anon()
		if st, _ := anon.do("POST", "/api/device/"+h.serial+"/measurements", batch); st != 401 {
			t.Errorf("without a token: %d, want 401", st)
		}
		anon.header.Set("Authorization", "Bearer nope")
		if st, _ := anon.do("POST", "/api/device/"+h.serial+"/measurements", batch); st != 401 {
			t.Errorf("with a wrong token: %d, want 401", st)
		}
		if st, _ := h.device.do("POST", "/api/device/KG-0001/measurements", batch); st != 401 {
			t.Errorf("another serial with this token: %d, want 401", st)
		}

		for range 2 { // sent twice: stored once
			if st, body := h.measure(batch); st != 200 || decode[map[string]int](t, body)["Aceptados"] != 7 {
				t.Fatalf("a good batch: %d %s", st, body)
			}
		}
		got := h.chart(t, 0, "")
		if len(got) != 3 || got[0]["Valor"] != 2100.0 || got[1]["Valor"] != 2300.0 || got[2]["Fecha"] != h.times[2] {
			t.Errorf("API-037 the chart after a re-send: %v", got)
		}
		if got := h.chart(t, 1, ""); len(got) != 1 {
			t.Errorf("the other direction: %v", got)
		}
		st, body := p.signedIn.do("POST", p.url("/visualizator/data/machine/%d/vco/%d", p.machine, h.vco), h.period)
		if vco := decode[[]map[string]any](t, body); st != 200 || len(vco) != 1 || vco[0]["Inicio"] != 1_480_000.0 || vco[0]["Fin"] != 1_482_000.0 {
			t.Errorf("API-036 the VCO chart: %d %s", st, body)
		}
		if st, body := p.signedIn.do("POST", p.url("/visualizator/data/machine/%d/vco/%d", p.machine, 99999), h.period); st != 404 {
			t.Errorf("a VCO that is not the factory's: %d %s, want 404", st, body)
		}
		st, body = p.signedIn.do("GET", fmt.Sprintf("/api/user/%d/visualizator/data/bias/machine/%d/channel/1/days/2", p.admin, p.machine), nil)
		if bias := decode[[]map[string]any](t, body); st != 200 || len(bias) != 1 || bias[0]["Valor"] != 11_500.0 {
			t.Errorf("INST-009 the channel's bias: %d %s", st, body)
		}
		if st, _ := p.as("lector").do("GET", fmt.Sprintf("/api/user/%d/visualizator/data/bias/machine/%d/channel/1/days/2", p.admin, p.machine), nil); st != 403 {
			t.Errorf("INST-009 another user's path: %d, want 403", st)
		}

		// Refused whole: the reason names its place, and nothing is stored.
		before := dbtest.Snapshot(t, p.d)
		with := func(i int, change map[string]any) map[string]any {
			list := make([]map[string]any, len(values))
			for j, v := range values {
				list[j] = v
				if j == i {
					list[j] = map[string]any{}
					for k, x := range v {
						list[j][k] = x
					}
					for k, x := range change {
						list[j][k] = x
					}
				}
			}
			return map[string]any{"Valores": list}
		}
		future := time.Now().Add(time.Hour).UTC().Format(time.RFC3339)
		for _, c := range []struct {
			name        string
			batch       map[string]any
			field, code string
		}{
			{"another machine's series", with(1, map[string]any{"VrId": h.foreign}), "Valores[1].VrId", "foreign_series"},
			{"an unknown series", with(2, map[string]any{"VrId": 99_999_999}), "Valores[2].VrId", "unknown_reference"},
			{"a temperature on a VCV", with(0, map[string]any{"Dir": 3}), "Valores[0].Dir", "invalid_direction"},
			{"a date that is none", with(3, map[string]any{"Fecha": "ayer"}), "Valores[3].Fecha", "bad_date"},
			{"a clock never set", with(3, map[string]any{"Fecha": "1970-01-01T00:00:00Z"}), "Valores[3].Fecha", "bad_date"},
			{"a date ahead of the server", with(0, map[string]any{"Fecha": future}), "Valores[0].Fecha", "future_date"},
			{"a value out of range", with(2, map[string]any{"Valor": int64(1e12)}), "Valores[2].Valor", "range"},
			{"a VCO the machine lacks", map[string]any{"Vcos": []map[string]any{{"UsuVco_vId": 99_999_999, "Fecha": h.times[0], "Inicio": 1, "Fin": 1}}}, "Vcos[0].UsuVco_vId", "unknown_reference"},
			{"a channel that is none", map[string]any{"Bias": []map[string]any{{"Canal": 12, "Fecha": h.times[0], "Valor": 1}}}, "Bias[0].Canal", "range"},
			{"another gateway's sensor", map[string]any{"Sensores": []map[string]any{{"NumeroSerie": "KS-0001", "Fecha": h.times[0], "Bateria": 1}}}, "Sensores[0].NumeroSerie", "unknown_sensor"},
			// Left out, a value would be stored as 0 (an alarm cleared), a direction as 0.
			{"a value left out", map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": h.times[0], "value": 7300}}}, "Valores[0].Valor", "required"},
			{"a direction left out", map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Fecha": h.times[0], "Valor": 7300}}}, "Valores[0].Dir", "required"},
			{"a null value", with(2, map[string]any{"Valor": nil}), "Valores[2].Valor", "required"},
			{"a VCO's end left out", map[string]any{"Vcos": []map[string]any{{"UsuVco_vId": h.vco, "Fecha": h.times[0], "Inicio": 1}}}, "Vcos[0].Fin", "required"},
			{"an angle left out", map[string]any{"Sensores": []map[string]any{{"NumeroSerie": "KS-0001", "Fecha": h.times[0], "Angulos": map[string]any{"X": 1, "Y": 2}}}}, "Sensores[0].Angulos.Z", "required"},
			{"a misspelt list", map[string]any{"Values": values}, "body", "unknown_field"},
		} {
			st, body := h.measure(c.batch)
			if st != 422 || errorsOf(t, body)[0]["field"] != c.field || errorsOf(t, body)[0]["code"] != c.code {
				t.Errorf("%s: %d %s, want 422 %s %s", c.name, st, body, c.field, c.code)
			}
		}
		req, _ := http.NewRequest("POST", p.srv.URL+"/api/device/"+h.serial+"/measurements", strings.NewReader("{not json"))
		req.Header = h.device.header.Clone()
		if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != 422 {
			t.Errorf("a body that is not JSON: %v %v", res.StatusCode, err)
		}
		// A body over the limit says so, in the caller's language, not a bare bad request.
		huge := append([]byte(`{"Valores":[]}`), bytes.Repeat([]byte(" "), 4<<20)...)
		for lang, want := range map[string]string{"es": "supera el tamaño máximo de 4 MiB", "en": "exceeds the maximum size of 4 MiB", "fr": "dépasse la taille maximale de 4 Mio"} {
			req, _ := http.NewRequest("POST", p.srv.URL+"/api/device/"+h.serial+"/measurements", bytes.NewReader(huge))
			req.Header = h.device.header.Clone()
			req.Header.Set("Accept-Language", lang)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if e := errorsOf(t, body); res.StatusCode != 413 || e[0]["code"] != "too_large" || !strings.Contains(e[0]["message"], want) {
				t.Errorf("a body over the limit (%s): %d %s, want 413 saying %q", lang, res.StatusCode, body, want)
			}
		}
		if changed := dbtest.Changed(before, dbtest.Snapshot(t, p.d)); len(changed) > 0 {
			t.Errorf("refused batches wrote to %v", changed)
		}
	})
}

// A device answers for another factory's series as for a series that does not exist: it
// cannot tell which series ids other factories have (ARCHITECTURE §4: never leak existence).
func TestDeviceCannotProbeOtherFactoriesSeries(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		e := device(t, p.signedIn, "alert10", map[string]any{"NumeroSerie": "KA10-OTRA"})
		assign(t, p.signedIn, "alert10", idOf(e), map[string]any{"UsuFabricaId": p.b})
		st, body := p.signedIn.do("POST", fmt.Sprintf("/api/equipment/%d/token", idOf(e)), nil)
		if st != 200 {
			t.Fatalf("token: %d %s", st, body)
		}
		other := p.anon()
		other.header.Set("Authorization", "Bearer "+decode[map[string]string](t, body)["Token"])
		for _, vr := range []int64{h.vr, 99_999_999} {
			st, body := other.do("POST", "/api/device/KA10-OTRA/measurements", map[string]any{"Valores": []map[string]any{{"VrId": vr, "Dir": 0, "Fecha": h.times[0], "Valor": 1000}}})
			if st != 422 || errorsOf(t, body)[0]["code"] != "unknown_reference" {
				t.Errorf("series %d from another factory's device: %d %s, want 422 unknown_reference", vr, st, body)
			}
		}
	})
}

// History keeps through a change of the criterion, is reduced to what a chart can show
// without losing a peak, and goes with the association it belongs to.
func TestHistoryFollowsItsItem(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		// 500 hourly values on direction 2, slowly rising, with one spike.
		start := time.Now().UTC().Truncate(time.Hour).Add(-500 * time.Hour)
		var values []map[string]any
		for i := range 500 {
			v := 2000 + i*4
			if i == 250 {
				v = 9000
			}
			values = append(values, map[string]any{"VrId": h.vr, "Dir": 2, "Fecha": start.Add(time.Duration(i) * time.Hour).Format(time.RFC3339), "Valor": v})
		}
		if st, body := h.measure(map[string]any{"Valores": values}); st != 200 {
			t.Fatalf("measurements: %d %s", st, body)
		}
		h.period["FechaInicio"] = start.Format(time.DateOnly)
		if got := h.chart(t, 2, ""); len(got) != 500 {
			t.Errorf("500 values fit 2,000 points: %d answered", len(got))
		}
		reduced := h.chart(t, 2, "?Puntos=40")
		peak := slices.ContainsFunc(reduced, func(v map[string]any) bool { return v["Valor"] == 9000.0 })
		if len(reduced) > 40 || len(reduced) < 20 || !peak {
			t.Errorf("reduced to %d points (at most 40), the spike kept: %v", len(reduced), peak)
		}

		// API-078: the trend rises 4 thousandths an hour; with a danger value above, it says when.
		refs := fmt.Sprintf("/mpv/%d/reference", h.assoc)
		_, body := p.signedIn.do("GET", p.url("%s", refs), nil)
		var ref map[string]any
		for _, r := range decode[[]map[string]any](t, body) {
			if r["UsuCondicionId"] == float64(h.cond) {
				ref = r
			}
		}
		if st, body := p.signedIn.do("PUT", p.url("/mpv/reference/%v", ref["UsuValorReferenciaID"]), with(noReferences(), map[string]any{"A_Aviso": 3000, "A_Alarma": 3500, "A_Peligro": 4500})); st != 204 {
			t.Fatalf("reference values: %d %s", st, body)
		}
		st, body := p.signedIn.do("GET", p.url("/visualizator/data/mpv/%d/condition/%d/rul", h.assoc, h.cond), nil)
		rul := decode[[]map[string]any](t, body)
		if st != 200 || len(rul) != 1 || rul[0]["Direccion"] != 2.0 || rul[0]["Pendiente"].(float64) < 90 || rul[0]["Pendiente"].(float64) > 102 ||
			rul[0]["Peligro"] != 4500.0 || rul[0]["Dias"] == nil || rul[0]["Dias"].(float64) < 5 || rul[0]["Dias"].(float64) > 8 {
			t.Errorf("API-078 trend: %d %s", st, body)
		}

		// The criterion loses the condition and gets it back: the history is still there.
		criterion := p.criterionOf(t, p.machine)
		_, body = p.signedIn.do("GET", p.url("/criterion/%d", criterion), nil)
		original := decode[map[string]any](t, body)
		kept := map[string]any{}
		for k, v := range original {
			kept[k] = v
		}
		kept["Condiciones"] = slices.DeleteFunc(slices.Clone(original["Condiciones"].([]any)), func(c any) bool {
			return c.(map[string]any)["UsuCondicionID"] == float64(h.cond)
		})
		for _, body := range []map[string]any{kept, original} {
			if st, b := p.signedIn.do("PUT", p.url("/criterion/%d", criterion), body); st != 200 {
				t.Fatalf("criterion: %d %s", st, b)
			}
			if got := h.chart(t, 2, ""); len(got) != 500 {
				t.Errorf("after a change of the criterion: %d values", len(got))
			}
		}

		// Dissociated, the VCV takes its history with it.
		var key string
		if err := p.d.QueryRow(`SELECT item_id FROM asociaciones WHERE id = $1`, h.assoc).Scan(&key); err != nil {
			t.Fatal(err)
		}
		var point int64
		if err := p.d.QueryRow(`SELECT punto_id FROM asociaciones WHERE id = $1`, h.assoc).Scan(&point); err != nil {
			t.Fatal(err)
		}
		if st, body := p.signedIn.do("DELETE", p.url("/mpv/machine/%d/point/%d/vcv/%s", p.machine, point, key), nil); st != 204 {
			t.Fatalf("dissociate: %d %s", st, body)
		}
		var series, chunks int
		if err := p.d.QueryRow(`SELECT COUNT(*), (SELECT COUNT(*) FROM chunks) FROM series WHERE asociacion_id = $1`, h.assoc).Scan(&series, &chunks); err != nil || series != 0 || chunks != 0 {
			t.Errorf("after dissociating: %d series, %d chunks (%v)", series, chunks, err)
		}
	})
}

// API-078: a trend that rises so slowly it would reach the danger value only ages on answers
// no date (the date once ran past year 9999 and the answer could not be written).
func TestRulBeyondHorizon(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		// 90 days of hourly values of 0.600 on direction 2, the last 0.601.
		start := time.Now().UTC().Truncate(time.Hour).Add(-2160 * time.Hour)
		var values []map[string]any
		for i := range 2160 {
			values = append(values, map[string]any{"VrId": h.vr, "Dir": 2, "Fecha": start.Add(time.Duration(i) * time.Hour).Format(time.RFC3339), "Valor": 600 + i/2159})
		}
		if st, body := h.measure(map[string]any{"Valores": values}); st != 200 {
			t.Fatalf("measurements: %d %s", st, body)
		}
		_, body := p.signedIn.do("GET", p.url("/mpv/%d/reference", h.assoc), nil)
		var ref any
		for _, r := range decode[[]map[string]any](t, body) {
			if r["UsuCondicionId"] == float64(h.cond) {
				ref = r["UsuValorReferenciaID"]
			}
		}
		if st, body := p.signedIn.do("PUT", p.url("/mpv/reference/%v", ref), with(noReferences(), map[string]any{"A_Aviso": 3000, "A_Alarma": 3500, "A_Peligro": 4500})); st != 204 {
			t.Fatalf("reference values: %d %s", st, body)
		}
		st, body := p.signedIn.do("GET", p.url("/visualizator/data/mpv/%d/condition/%d/rul", h.assoc, h.cond), nil)
		if st != 200 {
			t.Fatalf("API-078 a trend that rises very slowly: %d %s", st, body)
		}
		rul := decode[[]map[string]any](t, body)
		if len(rul) != 1 || rul[0]["Muestras"] != 2160.0 || rul[0]["Peligro"] != 4500.0 || rul[0]["FechaPeligro"] != nil || rul[0]["Dias"] != nil {
			t.Errorf("API-078 danger reached only ages on: %s, want no date", body)
		}
	})
}

// Data cleaning counts what a period (and a point, VCV or condition) holds below a site, an
// area or a machine, and deletes it in one go for an editor; a read-only user only counts.
func TestDataCleaning(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		batch := map[string]any{
			"Valores": []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": h.times[0], "Valor": 2100}, {"VrId": h.vr, "Dir": 1, "Fecha": h.times[1], "Valor": 2200}},
			"Vcos":    []map[string]any{{"UsuVco_vId": h.vco, "Fecha": h.times[2], "Inicio": 1, "Fin": 2}},
		}
		if st, body := h.measure(batch); st != 200 {
			t.Fatalf("measurements: %d %s", st, body)
		}
		count := func(c *client, method, level string, id int64, extra string) (int, float64) {
			t.Helper()
			q := url.Values{"FechaInicio": {h.period["FechaInicio"]}, "FechaFin": {h.period["FechaFin"]}}
			st, body := c.do(method, p.url("/%s/%d/history?%s%s", level, id, q.Encode(), extra), nil)
			if st != 200 {
				return st, -1
			}
			return st, decode[map[string]float64](t, body)["Valores"]
		}
		reader := p.as("lector")
		for _, c := range []struct {
			level string
			id    int64
			extra string
			want  float64
		}{
			{"site", p.site, "", 4}, {"area", p.area, "", 4}, {"machine", p.machine, "", 4},
			{"machine", p.machine, fmt.Sprintf("&UsuAsociacionID=%d&UsuCondicionId=%d", h.assoc, h.cond), 2},
			{"machine", p.machine, fmt.Sprintf("&UsuCondicionId=%d", h.cond+1000), 0},
		} {
			if st, n := count(reader, "GET", c.level, c.id, c.extra); st != 200 || n != c.want {
				t.Errorf("count below %s %s: %d %v, want %v", c.level, c.extra, st, n, c.want)
			}
		}
		if st, _ := count(reader, "DELETE", "machine", p.machine, ""); st != 403 {
			t.Errorf("a read-only user deletes: %d, want 403", st)
		}
		if st, _ := count(p.as("editorb"), "GET", "machine", p.machine, ""); st != 404 {
			t.Errorf("another factory's user: %d, want 404", st)
		}
		if st, n := count(p.signedIn, "DELETE", "machine", p.machine, fmt.Sprintf("&UsuPuntoId=%d", h.pointOf(t))); st != 200 || n != 2 {
			t.Errorf("delete the point's values: %d %v", st, n)
		}
		if _, n := count(reader, "GET", "site", p.site, ""); n != 2 {
			t.Errorf("left after the cleaning: %v, want the VCO's 2", n)
		}
		if st, body := p.signedIn.do("GET", p.url("/machine/%d/history?FechaInicio=2026-11-24&FechaFin=2026-11-01", p.machine), nil); st != 422 || errorsOf(t, body)[0]["code"] != "bad_range" {
			t.Errorf("an end before the start: %d %s", st, body)
		}
	})
}

func (h *historyFixture) pointOf(t *testing.T) (point int64) {
	t.Helper()
	if err := h.d.QueryRow(`SELECT punto_id FROM asociaciones WHERE id = $1`, h.assoc).Scan(&point); err != nil {
		t.Fatal(err)
	}
	return point
}

// importing sends a file to the import call as the client.
func importing(t *testing.T, c *client, path, contentType, data string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("POST", c.w.srv.URL+path, bytes.NewReader([]byte(data)))
	for k, v := range c.header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", contentType)
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, body
}

// An import stores a CSV or JSON file whole, or nothing, naming the lines it refuses.
func TestHistoryImport(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		path := p.url("/history/import")
		good := fmt.Sprintf("VrId,Dir,Fecha,Valor\n%d,0,%s,2100\n%d,1,2026-01-05 10:00:00,2200\n", h.vr, h.times[0], h.vr)
		st, body := importing(t, p.signedIn, path, "text/csv", good)
		if r := decode[map[string]int](t, body); st != 200 || r["Leidas"] != 2 || r["Guardadas"] != 2 {
			t.Fatalf("a good CSV: %d %s", st, body)
		}
		// Two values of a series at one time (to the second) keep one, the later, counted once.
		twice := fmt.Sprintf("VrId,Dir,Fecha,Valor\n%d,2,%s,1500\n%d,2,%s,9500\n", h.vr, h.times[1], h.vr, h.times[1])
		st, body = importing(t, p.signedIn, path, "text/csv", twice)
		if r := decode[map[string]int](t, body); st != 200 || r["Leidas"] != 2 || r["Guardadas"] != 1 {
			t.Errorf("a CSV with a time twice: %d %s, want 2 read and 1 stored", st, body)
		}
		if got := h.chart(t, 2, ""); len(got) != 1 || got[0]["Valor"] != 9500.0 {
			t.Errorf("a time twice, stored: %v", got)
		}
		at := strings.TrimSuffix(h.times[2], "Z")
		st, body = h.measure(map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Dir": 2, "Fecha": at + ".2Z", "Valor": 1}, {"VrId": h.vr, "Dir": 2, "Fecha": at + ".7Z", "Valor": 2}}})
		if st != 200 || decode[map[string]int](t, body)["Aceptados"] != 1 {
			t.Errorf("a batch with two values in one second: %d %s, want 1 accepted", st, body)
		}
		before := dbtest.Snapshot(t, p.d)
		for _, c := range []struct {
			name, data string
			fields     []string
		}{
			{"bad lines", fmt.Sprintf("VrId,Dir,Fecha,Valor\n%d,0,%s,1\n%d,0,mañana,1\nx,0,%s,1\n%d,0,%s\n%d,0,%s,1\n", h.vr, h.times[0], h.vr, h.times[0], h.vr, h.times[0], 99_999_999, h.times[0]),
				[]string{"Lineas[3].Fecha", "Lineas[4].VrId", "Lineas[5]", "Lineas[6].VrId"}},
			{"no header", fmt.Sprintf("%d,0,%s,1\n", h.vr, h.times[0]), []string{"Lineas[1]"}},
		} {
			st, body := importing(t, p.signedIn, path, "text/csv", c.data)
			var fields []string
			if st == 422 {
				for _, e := range errorsOf(t, body) {
					fields = append(fields, e["field"])
				}
			}
			slices.Sort(fields)
			if st != 422 || !slices.Equal(fields, c.fields) {
				t.Errorf("%s: %d %s, want the fields %v", c.name, st, body, c.fields)
			}
		}
		// JSON: a field left out is refused, not stored as 0.
		st, body = importing(t, p.signedIn, path, "application/json", fmt.Sprintf(`{"Valores":[{"VrId":%d,"Dir":0,"Fecha":%q}],"Vcos":[{"UsuVco_vId":%d,"UsuMaquinaId":%d,"Fecha":%q,"Inicio":1480000}]}`,
			h.vr, h.times[0], h.vco, p.machine, h.times[0]))
		var reasons []string
		if st == 422 {
			for _, e := range errorsOf(t, body) {
				reasons = append(reasons, e["field"]+" "+e["code"])
			}
		}
		if want := []string{"Valores[0].Valor required", "Vcos[0].Fin required"}; !slices.Equal(reasons, want) {
			t.Errorf("a JSON import with fields left out: %d %s, want %v", st, body, want)
		}
		st, body = importing(t, p.signedIn, path, "application/json", fmt.Sprintf(`{"Valores":[{"VrId":%d,"Dir":0,"Fecha":%q,"Value":4200}]}`, h.vr, h.times[0]))
		if e := errorsOf(t, body); st != 422 || len(e) != 2 || e[0]["field"] != "Valores[0].Valor" || e[1]["code"] != "unknown_field" || !strings.Contains(e[1]["message"], `"Value"`) {
			t.Errorf("a JSON import with a misspelt field: %d %s", st, body)
		}
		// JSON: a VCO names its machine; another factory's VrId is unknown.
		st, body = importing(t, p.signedIn, path, "application/json", fmt.Sprintf(`{"Vcos":[{"UsuVco_vId":%d,"Fecha":%q,"Inicio":1,"Fin":2}]}`, h.vco, h.times[0]))
		if st != 422 || errorsOf(t, body)[0]["field"] != "Vcos[0].UsuMaquinaId" {
			t.Errorf("a VCO without its machine: %d %s", st, body)
		}
		// Another factory's machine, or none, is not this factory's (in an import's words, not
		// a device's).
		var theirs int64
		if err := p.d.QueryRow(`SELECT id FROM maquinas WHERE fabrica_id <> $1 ORDER BY id LIMIT 1`, p.factory).Scan(&theirs); err != nil {
			t.Fatal(err)
		}
		for _, machine := range []int64{theirs, 99_999_999} {
			st, body = importing(t, p.signedIn, path, "application/json", fmt.Sprintf(`{"Bias":[{"UsuMaquinaId":%d,"Canal":1,"Fecha":%q,"Valor":1}]}`, machine, h.times[0]))
			if e := errorsOf(t, body); st != 422 || e[0]["field"] != "Bias[0].UsuMaquinaId" || e[0]["code"] != "foreign_machine" ||
				e[0]["message"] != fmt.Sprintf("La máquina %d no es de esta fábrica: sus series no se pueden importar en ella.", machine) {
				t.Errorf("a bias of machine %d, not the factory's: %d %s", machine, st, body)
			}
		}
		if changed := dbtest.Changed(before, dbtest.Snapshot(t, p.d)); len(changed) > 0 {
			t.Errorf("refused imports wrote to %v", changed)
		}
		st, body = importing(t, p.signedIn, path, "application/json", fmt.Sprintf(`{"Vcos":[{"UsuVco_vId":%d,"UsuMaquinaId":%d,"Fecha":%q,"Inicio":1,"Fin":2}]}`, h.vco, p.machine, h.times[0]))
		if st != 200 || decode[map[string]int](t, body)["Guardadas"] != 2 {
			t.Errorf("a VCO of the machine: %d %s", st, body)
		}
		// A line over 1 MiB is refused by its own line and reason, and nothing is stored.
		before = dbtest.Snapshot(t, p.d)
		long := fmt.Sprintf("VrId,Dir,Fecha,Valor\n%d,0,%s,1\n\n%d,0,%s,%s\n%d,0,%s,2\n", h.vr, h.times[0], h.vr, h.times[1], strings.Repeat("9", 1<<20), h.vr, h.times[2])
		st, body = importing(t, p.signedIn, path, "text/csv", long)
		if e := errorsOf(t, body); st != 422 || len(e) != 1 || e[0]["field"] != "Lineas[4]" || e[0]["code"] != "line_too_long" || !strings.Contains(e[0]["message"], "1 MiB") {
			t.Errorf("a line over 1 MiB: %d %.300s", st, body)
		}
		if changed := dbtest.Changed(before, dbtest.Snapshot(t, p.d)); len(changed) > 0 {
			t.Errorf("a refused import with a long line wrote to %v", changed)
		}
		// Times as a plant engineer's spreadsheet writes them (ISO 8601 without seconds, with a
		// zone offset, Z or none), the same in CSV and JSON.
		base := time.Now().UTC().Truncate(time.Hour).Add(-20 * time.Hour)
		plusOne := time.FixedZone("+01:00", 3600)
		forms := []func(time.Time) string{
			func(t time.Time) string { return t.In(plusOne).Format("2006-01-02T15:04-07:00") },
			func(t time.Time) string { return t.Format("2006-01-02T15:04Z07:00") },
			func(t time.Time) string { return t.In(plusOne).Format("2006-01-02 15:04:05-0700") },
			func(t time.Time) string { return t.Format("2006-01-02 15:04") },
		}
		csv, batch, want := "VrId,Dir,Fecha,Valor\n", []map[string]any{}, map[string]bool{}
		for i, form := range forms {
			at, inJSON := base.Add(time.Duration(i)*time.Hour), base.Add(time.Duration(i+len(forms))*time.Hour)
			csv += fmt.Sprintf("%d,2,%s,%d\n", h.vr, form(at), 3000+i)
			batch = append(batch, map[string]any{"VrId": h.vr, "Dir": 2, "Fecha": form(inJSON), "Valor": 4000 + i})
			want[at.Format(time.RFC3339)], want[inJSON.Format(time.RFC3339)] = true, true
		}
		if st, body := importing(t, p.signedIn, path, "text/csv", csv); st != 200 {
			t.Errorf("a CSV of ISO 8601 forms: %d %s", st, body)
		}
		raw, _ := json.Marshal(map[string]any{"Valores": batch})
		if st, body := importing(t, p.signedIn, path, "application/json", string(raw)); st != 200 {
			t.Errorf("a JSON import of ISO 8601 forms: %d %s", st, body)
		}
		for _, v := range h.chart(t, 2, "") {
			delete(want, v["Fecha"].(string))
		}
		if len(want) > 0 {
			t.Errorf("ISO 8601 forms not stored at their time: %v", want)
		}
		if st, _ := importing(t, p.as("lector"), path, "text/csv", good); st != 403 {
			t.Errorf("a read-only user imports: %d", st)
		}
		if st, _ := importing(t, p.as("editorb"), path, "text/csv", good); st != 404 {
			t.Errorf("another factory's editor imports: %d", st)
		}
	})
}

// sensorOf is a KOS Sensor of the demo (its id and serial) and how its gateway, signed in
// with a new token, reports its readings.
func sensorOf(t *testing.T, p *plant) (int64, string, func(readings []map[string]any) (int, []byte)) {
	t.Helper()
	var gateway, sensor int64
	var serial, gatewaySerial string
	if err := p.d.QueryRow(`SELECT g.id, g.numero_serie, s.id, s.numero_serie FROM equipos s JOIN equipos g ON g.id = s.concentrador_id
		JOIN puntos pt ON pt.sensor_proteccion = s.guid ORDER BY s.id LIMIT 1`).Scan(&gateway, &gatewaySerial, &sensor, &serial); err != nil {
		t.Fatal(err)
	}
	_, body := p.signedIn.do("POST", fmt.Sprintf("/api/equipment/%d/token", gateway), nil)
	device := p.anon()
	device.header.Set("Authorization", "Bearer "+decode[map[string]string](t, body)["Token"])
	return sensor, serial, func(readings []map[string]any) (int, []byte) {
		return device.do("POST", "/api/device/"+gatewaySerial+"/measurements", map[string]any{"Sensores": readings})
	}
}

// KOS Sensors report battery, angles and health through their gateway; each report is a
// wakeup; the MEMS history calls read them back (INST-010..INST-012).
func TestSensorHistory(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		sensor, serial, report := sensorOf(t, p)
		at := time.Now().UTC().Add(-2 * time.Hour).Format(time.RFC3339)
		st, body := report([]map[string]any{
			{"NumeroSerie": serial, "Fecha": at, "Bateria": 87_500, "Salud": 99_000, "Angulos": map[string]any{"X": 1200, "Y": -800, "Z": 89_500}}})
		if st != 200 || decode[map[string]int](t, body)["Aceptados"] != 6 {
			t.Fatalf("a sensor report: %d %s", st, body)
		}
		read := func(what string) []map[string]any {
			st, body := p.signedIn.do("GET", fmt.Sprintf("/api/mems/%d/historical/%s/days/3", sensor, what), nil)
			if st != 200 {
				t.Fatalf("%s: %d %s", what, st, body)
			}
			return decode[[]map[string]any](t, body)
		}
		if got := read("battery"); len(got) != 1 || got[0]["Valor"] != 87_500.0 || got[0]["Fecha"] != at {
			t.Errorf("INST-010 battery: %v", got)
		}
		if got := read("angles"); len(got) != 1 || got[0]["X"] != 1200.0 || got[0]["Y"] != -800.0 || got[0]["Z"] != 89_500.0 {
			t.Errorf("INST-011 angles: %v", got)
		}
		if got := read("health"); len(got) != 1 || got[0]["Valor"] != 99_000.0 {
			t.Errorf("INST-012 health: %v", got)
		}
		if st, _ := p.as("editorb").do("GET", fmt.Sprintf("/api/mems/%d/historical/battery/days/3", sensor), nil); st != 404 {
			t.Errorf("another factory's sensor: %d, want 404", st)
		}
	})
}

// A chart of several series sharing their times (a VCO's start and end, a sensor's angles)
// answers at most Puntos rows, as the chart draws them on one time axis, where the union of
// each series' M4 exceeded it; the peaks of every series are kept.
func TestChartsOfSeveralSeries(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		sensor, serial, report := sensorOf(t, p)
		// 500 hourly values of each series, their lows and highs at other times in each column.
		start := time.Now().UTC().Truncate(time.Hour).Add(-500 * time.Hour)
		var vcos, angles []map[string]any
		for i := range 500 {
			at := start.Add(time.Duration(i) * time.Hour).Format(time.RFC3339)
			a, b, c := (i*37)%101, (i*53)%97, (i*71)%89
			if i == 250 {
				a, b, c = 5000, -5000, 7000
			}
			vcos = append(vcos, map[string]any{"UsuVco_vId": h.vco, "Fecha": at, "Inicio": a, "Fin": b})
			angles = append(angles, map[string]any{"NumeroSerie": serial, "Fecha": at, "Angulos": map[string]any{"X": a, "Y": b, "Z": c}})
		}
		if st, body := h.measure(map[string]any{"Vcos": vcos}); st != 200 {
			t.Fatalf("VCO values: %d %s", st, body)
		}
		if st, body := report(angles); st != 200 {
			t.Fatalf("angles: %d %s", st, body)
		}
		h.period["FechaInicio"] = start.Format(time.DateOnly)
		for _, c := range []struct {
			name  string
			read  func(query string) []map[string]any
			peaks map[string]float64
		}{
			{"API-036 a VCO's start and end", func(query string) []map[string]any {
				st, body := p.signedIn.do("POST", p.url("/visualizator/data/machine/%d/vco/%d%s", p.machine, h.vco, query), h.period)
				if st != 200 {
					t.Fatalf("VCO chart: %d %s", st, body)
				}
				return decode[[]map[string]any](t, body)
			}, map[string]float64{"Inicio": 5000, "Fin": -5000}},
			{"INST-011 a sensor's angles", func(query string) []map[string]any {
				st, body := p.signedIn.do("GET", fmt.Sprintf("/api/mems/%d/historical/angles/days/30%s", sensor, query), nil)
				if st != 200 {
					t.Fatalf("angles: %d %s", st, body)
				}
				return decode[[]map[string]any](t, body)
			}, map[string]float64{"X": 5000, "Y": -5000, "Z": 7000}},
		} {
			if got := c.read(""); len(got) != 500 {
				t.Errorf("%s: 500 rows fit 2,000 points, %d answered", c.name, len(got))
			}
			for _, puntos := range []int{8, 40, 499} {
				got := c.read(fmt.Sprintf("?Puntos=%d", puntos))
				if len(got) > puntos || len(got) < puntos/2 {
					t.Errorf("%s with Puntos=%d: %d rows", c.name, puntos, len(got))
				}
				for key, peak := range c.peaks {
					if !slices.ContainsFunc(got, func(r map[string]any) bool { return r[key] == peak }) {
						t.Errorf("%s with Puntos=%d: the peak of %s lost", c.name, puntos, key)
					}
				}
			}
		}
	})
}

// Retention drops the chunks whose values are all older than it keeps, and only those.
func TestHistoryRetention(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		old := time.Now().UTC().Add(-400 * 24 * time.Hour).Format(time.RFC3339)
		csv := fmt.Sprintf("VrId,Dir,Fecha,Valor\n%d,0,%s,1\n%d,0,%s,2\n", h.vr, old, h.vr, h.times[0])
		if st, body := importing(t, p.signedIn, p.url("/history/import"), "text/csv", csv); st != 200 {
			t.Fatalf("import: %d %s", st, body)
		}
		n, err := p.app.Features.History.Retain(context.Background(), p.d, 365*24*time.Hour)
		if err != nil || n != 1 {
			t.Errorf("retention dropped %d values (%v), want the old one", n, err)
		}
		h.period["FechaInicio"] = "2000-01-01"
		if got := h.chart(t, 0, ""); len(got) != 1 || got[0]["Valor"] != 2.0 {
			t.Errorf("left after retention: %v", got)
		}
	})
}

// The charts of digital VCVs by direction and of VCPs by condition (API-038: Data_V_H1...,
// and the temperature) read what an import stored.
func TestDigitalAndVcpCharts(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		at := time.Now().UTC().Add(-time.Hour).Truncate(time.Second).Format(time.RFC3339)
		period := map[string]string{"FechaInicio": time.Now().UTC().Add(-48 * time.Hour).Format(time.DateOnly), "FechaFin": time.Now().UTC().Format(time.DateOnly)}
		rowOf := func(association string) (vr, cond int64) {
			t.Helper()
			if err := p.d.QueryRow(`SELECT id, condicion_id FROM valores_referencia WHERE asociacion_id = $1 ORDER BY id LIMIT 1`, association).Scan(&vr, &cond); err != nil {
				t.Fatal(err)
			}
			return vr, cond
		}
		vcp, vcpCond := rowOf(p.assoc["mpvp"].id)
		digital, digitalCond := rowOf(p.assoc["mpvd"].id)
		var values []map[string]any
		for dir := range 4 {
			values = append(values, map[string]any{"VrId": vcp, "Dir": dir, "Fecha": at, "Valor": 1000 * (dir + 1)})
		}
		values = append(values, map[string]any{"VrId": digital, "Dir": 2, "Fecha": at, "Valor": 777})
		raw, _ := json.Marshal(map[string]any{"Valores": values})
		if st, body := importing(t, p.signedIn, p.url("/history/import"), "application/json", string(raw)); st != 200 {
			t.Fatalf("import: %d %s", st, body)
		}
		st, body := p.signedIn.do("POST", p.url("/visualizator/data/mpvp/%s/condition/%d", p.assoc["mpvp"].id, vcpCond), period)
		data := decode[map[string][]map[string]any](t, body)
		for i, key := range []string{"Data_V_H1", "Data_H_H2", "Data_A", "Data_Temperatura"} {
			if st != 200 || len(data[key]) != 1 || data[key][0]["Valor"] != float64(1000*(i+1)) || data[key][0]["Fecha"] != at {
				t.Errorf("API-038 %s: %d %s", key, st, body)
			}
		}
		st, body = p.signedIn.do("POST", p.url("/visualizator/data/mpvd/%s/direction/2/condition/%d", p.assoc["mpvd"].id, digitalCond), period)
		if got := decode[struct{ Datos []map[string]any }](t, body).Datos; st != 200 || len(got) != 1 || got[0]["Valor"] != 777.0 {
			t.Errorf("a digital VCV's chart: %d %s", st, body)
		}
		if st, _ := p.signedIn.do("POST", p.url("/visualizator/data/mpvp/%s/condition/%d", p.assoc["mpvd"].id, digitalCond), period); st != 404 {
			t.Errorf("a digital VCV's association read as a VCP's: %d, want 404", st)
		}
	})
}

// ALRM-017, ALRM-052: the precalculation proposes, for each reference row of the chosen
// components and conditions and each direction with values in the periods, the levels of
// ARCHITECTURE §6 (here a ramp of 20 values, 1.000 to 2.900 mm/s: P95 2.805, levels 3.647 /
// 4.208 / 5.049), with what they rest on; the machine without a criterion and the periods
// without values answer Criterio and Datos false. Saving writes all the levels or none.
func TestPrecalculation(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		var component, point int64
		if err := p.d.QueryRow(`SELECT p.parent_id, p.id FROM asociaciones a JOIN puntos p ON p.id = a.punto_id WHERE a.id = $1`, h.assoc).Scan(&component, &point); err != nil {
			t.Fatal(err)
		}
		day := func(ago int) time.Time { return time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -ago) }
		csv := "VrId,Dir,Fecha,Valor\n"
		for i := range 20 { // ten days ago, hourly from 00:00; and one value 40 days ago, outside every period
			csv += fmt.Sprintf("%d,0,%s,%d\n", h.vr, day(10).Add(time.Duration(i)*time.Hour).Format(time.RFC3339), 1000+100*i)
		}
		csv += fmt.Sprintf("%d,1,%s,5000\n%d,0,%s,99000\n", h.vr, day(3).Format(time.RFC3339), h.vr, day(40).Format(time.RFC3339))
		if st, body := importing(t, p.signedIn, p.url("/history/import"), "text/csv", csv); st != 200 {
			t.Fatalf("import: %d %s", st, body)
		}
		calc := func(c *client, body map[string]any) (int, map[string]any) {
			t.Helper()
			st, b := c.do("POST", p.url("/machine/%d/reference/calculate", p.machine), body)
			if st != 200 {
				return st, nil
			}
			return st, decode[map[string]any](t, b)
		}
		request := map[string]any{"Componentes": fmt.Sprint(component), "Condiciones": fmt.Sprint(h.cond),
			"Fechas":        []map[string]string{{"Inicio": day(12).Format(time.DateOnly), "Fin": day(8).Format(time.DateOnly)}, {"Inicio": day(5).Format(time.DateOnly), "Fin": day(0).Format(time.DateOnly)}},
			"VrAvisoLimite": 0.3, "VrAlarmaLimite": 0.5, "VrPeligroLimite": 0.8, "VrAvisoAplicarValor": 0.1, "VrAlarmaAplicarValor": 0.2, "VrPeligroAplicarValor": 0.3}
		st, got := calc(p.as("lector"), request)
		if st != 200 || got["Criterio"] != true || got["Datos"] != true {
			t.Fatalf("ALRM-017 precalculation: %d %v", st, got)
		}
		var lines []map[string]any
		for _, l := range got["Lineas"].([]any) {
			if line := l.(map[string]any); line["UsuValorReferenciaID"] == float64(h.vr) {
				lines = append(lines, line)
			}
		}
		if len(lines) != 2 {
			t.Fatalf("two directions of the row have values: %v", lines)
		}
		v := lines[0]
		if v["Direccion"] != 0.0 || v["VrAviso"] != 3647.0 || v["VrAlarma"] != 4208.0 || v["VrPeligro"] != 5049.0 || v["Base"] != 2805.0 || v["Muestras"] != 20.0 ||
			v["UsuPuntoId"] != float64(point) || v["UsuCondicionId"] != float64(h.cond) || v["Insuficiente"] != false ||
			v["TipoVcp"] != "" || v["Rango"] == "" || v["Excesos"].(map[string]any)["Aviso"] != 0.0 || v["ActualAviso"] == nil {
			t.Errorf("ALRM-052 the line of direction 0: %v", v)
		}
		if l := lines[1]; l["Direccion"] != 1.0 || l["Muestras"] != 1.0 || l["Insuficiente"] != true || l["VrAviso"] != 6500.0 {
			t.Errorf("one value 3 days ago, in the second period: %v", l)
		}
		// The P95 cap and options: multiple of the mean (1.950 × 2.5 = 4.875...), outliers kept.
		request["Metodo"] = "MULTIPLO"
		if _, got := calc(p.signedIn, request); got["Lineas"].([]any)[0].(map[string]any)["VrAviso"] != 4875.0 {
			t.Errorf("the multiple of the mean: %v", got["Lineas"].([]any)[0])
		}
		delete(request, "Metodo")
		// No value in the periods; no criterion.
		_, none := calc(p.signedIn, map[string]any{"Componentes": "", "Fechas": []map[string]string{{"Inicio": "2001-01-01", "Fin": "2001-01-02"}}})
		if none["Criterio"] != true || none["Datos"] != false || len(none["Lineas"].([]any)) != 0 {
			t.Errorf("periods without values: %v", none)
		}
		if st, body := p.signedIn.do("POST", p.url("/machine/%d/reference/calculate", p.machine), map[string]any{"Componentes": "", "Fechas": []map[string]string{{"Inicio": "2026-11-02", "Fin": "2026-11-01"}}}); st != 422 || errorsOf(t, body)[0]["field"] != "Fechas[0].Fin" {
			t.Errorf("a period ending before it starts: %d %s", st, body)
		}

		// The one-line recalculation of the alarm modal: the last 30 days by the defaults.
		st, body := p.signedIn.do("POST", p.url("/machine/%d/reference/calculate/vcv/%d", p.machine, h.vr), map[string]any{"Punto": point, "Direccion": 0, "Notificacion": nil})
		if one := decode[map[string]float64](t, body); st != 200 || one["VrAviso"] != 3647 || one["VrAlarma"] != 4208 || one["VrPeligro"] != 5049 {
			t.Errorf("one line: %d %s", st, body)
		}

		// Save: every level by the alarm edit modal's rules (strictly ordered), all or none.
		save := func(c *client, levels []map[string]any) (int, []byte) {
			raw, _ := json.Marshal(levels)
			return c.do("PUT", p.url("/machine/%d/reference", p.machine), map[string]string{"ValoresCalculados": string(raw)})
		}
		reader, other := p.as("lector"), p.as("editorb")
		before := dbtest.Snapshot(t, p.d)
		good := map[string]any{"VrId": h.vr, "Dir": 0, "Av": 3647, "Al": 4208, "Pl": 5049}
		for _, c := range []struct {
			name   string
			levels []map[string]any
			field  string
		}{
			{"a warning above the alarm", []map[string]any{good, {"VrId": h.vr, "Dir": 1, "Av": 5000, "Al": 4000, "Pl": 6000}}, "ValoresCalculados[1].Av"},
			{"another machine's row", []map[string]any{good, {"VrId": h.foreign, "Dir": 0, "Av": 1, "Al": 2, "Pl": 3}}, "ValoresCalculados[1].VrId"},
			{"a temperature on a VCV", []map[string]any{{"VrId": h.vr, "Dir": 3, "Av": 1, "Al": 2, "Pl": 3}}, "ValoresCalculados[0].Dir"},
			{"above 999.999", []map[string]any{{"VrId": h.vr, "Dir": 0, "Av": 1, "Al": 2, "Pl": 1_000_000}}, "ValoresCalculados[0].Pl"},
			{"an alarm equal to the danger", []map[string]any{good, {"VrId": h.vr, "Dir": 1, "Av": 4000, "Al": 5000, "Pl": 5000}}, "ValoresCalculados[1].Al"},
		} {
			if st, body := save(p.signedIn, c.levels); st != 422 || errorsOf(t, body)[0]["field"] != c.field {
				t.Errorf("%s: %d %s, want 422 on %s", c.name, st, body, c.field)
			}
		}
		if st, _ := save(reader, []map[string]any{good}); st != 403 {
			t.Errorf("a read-only user saves: %d", st)
		}
		// Even an empty list: another factory's machine is not found, and nothing is recorded.
		if st, _ := other.do("PUT", fmt.Sprintf("/api/user/%d/machine/%d/reference", p.b, p.machine), map[string]string{"ValoresCalculados": "[]"}); st != 404 {
			t.Errorf("another factory's editor saves on this machine: %d, want 404", st)
		}
		if changed := dbtest.Changed(before, dbtest.Snapshot(t, p.d)); len(changed) > 0 {
			t.Errorf("refused saves wrote to %v", changed)
		}
		if st, body := save(p.signedIn, []map[string]any{good}); st != 200 || strings.TrimSpace(string(body)) != "true" {
			t.Errorf("save: %d %s", st, body)
		}
		_, body = p.signedIn.do("GET", p.url("/machine/%d/alarm", p.machine), nil)
		for _, a := range decode[[]map[string]any](t, body) {
			// ALRM-036: the fields of an alarm row.
			for _, field := range []string{"UsuValorReferenciaID", "ComponenteNombre", "PuntoNombre", "VcvNombre", "Orientacion", "Direccion", "CondicionNombre", "VrAviso", "VrAlarma", "VrPeligro"} {
				if _, ok := a[field]; !ok {
					t.Errorf("ALRM-036 an alarm row without %s: %v", field, a)
				}
			}
			if a["UsuValorReferenciaID"] == float64(h.vr) && a["Direccion"] == 0.0 && (a["VrAviso"] != 3647.0 || a["VrPeligro"] != 5049.0) {
				t.Errorf("the alert list after the save: %v", a)
			}
		}

		if _, err := p.d.Exec(`UPDATE maquinas SET criterio_id = NULL WHERE id = $1`, p.machine); err != nil {
			t.Fatal(err)
		}
		if _, got := calc(p.signedIn, request); got["Criterio"] != false || got["Datos"] != false {
			t.Errorf("ALRM-017 a machine without a criterion: %v", got)
		}
	})
}

// hasFields fails unless the object has exactly these fields.
func hasFields(t *testing.T, what string, got map[string]any, fields ...string) {
	t.Helper()
	keys := slices.Sorted(maps.Keys(got))
	if want := slices.Sorted(slices.Values(fields)); !slices.Equal(keys, want) {
		t.Errorf("%s: fields %v, want %v", what, keys, want)
	}
}

// What the alarm screen and its modal read, in the spec's shapes: the precalculation's lists,
// the alarm record of a row's direction and of a machine VCO, and the chart's condition.
func TestAlarmScreenShapes(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		var template int64
		if err := p.d.QueryRow(`SELECT id FROM calculos_vr ORDER BY id LIMIT 1`).Scan(&template); err != nil {
			t.Fatal(err)
		}
		if _, err := p.d.Exec(`UPDATE componentes SET calculo_vr_id = $1, parametros_dinamicos = TRUE WHERE id = $2`, template, p.component); err != nil {
			t.Fatal(err)
		}
		st, body := p.as("lector").do("GET", p.url("/machine/%d/precalculation", p.machine), nil)
		lists := decode[map[string][]map[string]any](t, body)
		if st != 200 || len(lists["Componentes"]) == 0 || len(lists["Puntos"]) == 0 {
			t.Fatalf("the precalculation's lists: %d %s", st, body)
		}
		for _, c := range lists["Componentes"] {
			if c["UsuComponenteID"] != float64(p.component) {
				continue
			}
			// ALRM-050: a component with a mounting and a template carries every field.
			hasFields(t, "ALRM-050 a component", c, "UsuComponenteID", "NombreEs", "NombreEn", "Potencia", "VelocidadNominal", "Montaje", "ComentarioEs", "ComentarioEn", "ParametrosDinamicos", "UsuCalculoVr")
			if m, ok := c["Montaje"].(map[string]any); !ok || (m["GenOrientacionID"] != 1.0 && m["GenOrientacionID"] != 2.0) {
				t.Errorf("ALRM-050 Montaje.GenOrientacionID: %v", c["Montaje"])
			}
			calc, _ := c["UsuCalculoVr"].(map[string]any)
			hasFields(t, "ALRM-050 UsuCalculoVr", calc, "UsuCalculoVrID", "NombreEs", "NombreEn")
			if calc["UsuCalculoVrID"] != float64(template) || c["ParametrosDinamicos"] != true {
				t.Errorf("ALRM-050 the component's template and dynamic parameters: %v", c)
			}
		}
		criterion := p.criterionOf(t, p.machine)
		_, body = p.signedIn.do("GET", p.url("/criterion/%d", criterion), nil)
		var want []map[string]any
		for _, c := range decode[struct{ Condiciones []map[string]any }](t, body).Condiciones {
			want = append(want, map[string]any{"UsuCondicionID": c["UsuCondicionID"], "CondicionID": c["UsuCondicionID"], "CondicionNombre": c["CondicionNombre"]})
		}
		// ALRM-042, ALRM-051: the criterion's conditions, each with its ids and name.
		if got := lists["Condiciones"]; len(want) == 0 || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("ALRM-042 the conditions: %v, want %v", got, want)
		}
		for _, pt := range lists["Puntos"] {
			// ALRM-043
			hasFields(t, "ALRM-043 a point", pt, "UsuPuntoVibracionID", "NombreEs", "UsuComponenteId")
		}
		if !slices.ContainsFunc(lists["Puntos"], func(pt map[string]any) bool { return pt["UsuPuntoVibracionID"] == float64(p.point) }) {
			t.Errorf("ALRM-043 the point %d is missing: %v", p.point, lists["Puntos"])
		}
		if st, _ := p.as("editorb").do("GET", fmt.Sprintf("/api/user/%d/machine/%d/precalculation", p.b, p.machine), nil); st != 404 {
			t.Errorf("another factory's machine's lists: %d, want 404", st)
		}

		// ALRM-044: a row's direction and a machine VCO, as the alarm edit modal shows them.
		record := []string{"UsuMaquinaId", "UsuCriterioId", "UsuVcoId", "UsuMaqPuntoVcvId", "Direccion", "UsuCondicionId", "ComponenteNombre", "PuntoNombre",
			"VcvNombre", "CondicionNombre", "CriterioNombre", "VcoNombre", "VrAviso", "VrAlarma", "VrPeligro"}
		_, body = p.signedIn.do("GET", p.url("/machine/%d/alarm", p.machine), nil)
		var row map[string]any
		for _, a := range decode[[]map[string]any](t, body) {
			if a["UsuValorReferenciaID"] == float64(h.vr) && a["Direccion"] == 1.0 {
				row = a
			}
		}
		st, body = p.as("lector").do("GET", p.url("/machine/%d/alarm/%d/direction/1", p.machine, h.vr), nil)
		rec := decode[map[string]any](t, body)
		hasFields(t, "ALRM-044 a row's record", rec, record...)
		if st != 200 || rec["UsuMaquinaId"] != float64(p.machine) || rec["UsuCriterioId"] != float64(criterion) || rec["CriterioNombre"] == nil || rec["UsuVcoId"] != nil ||
			rec["UsuMaqPuntoVcvId"] != float64(h.assoc) || rec["Direccion"] != 1.0 || rec["UsuCondicionId"] != float64(h.cond) {
			t.Errorf("ALRM-044 a row's record: %d %v", st, rec)
		}
		for _, f := range []string{"ComponenteNombre", "PuntoNombre", "VcvNombre", "CondicionNombre", "VrAviso", "VrAlarma", "VrPeligro"} {
			if rec[f] != row[f] {
				t.Errorf("ALRM-044 the record's %s is %v, the alert list's %v", f, rec[f], row[f])
			}
		}
		if st, _ := p.signedIn.do("GET", p.url("/machine/%d/alarm/%d/direction/0", p.machine, h.foreign), nil); st != 404 {
			t.Errorf("another machine's row: %d, want 404", st)
		}
		if st, body := p.signedIn.do("PUT", p.url("/machineocv/machine/%d/ocv/%d", p.machine, h.vco), map[string]any{"Posicion": 99, "VrAviso": "1.5", "VrAlarma": "2", "VrPeligro": "3.25"}); st >= 300 {
			t.Fatalf("VCO states: %d %s", st, body)
		}
		st, body = p.signedIn.do("GET", p.url("/machine/%d/vco/%d/alarm", p.machine, h.vco), nil)
		rec = decode[map[string]any](t, body)
		hasFields(t, "ALRM-044 a VCO's record", rec, record...)
		if st != 200 || rec["UsuVcoId"] != float64(h.vco) || rec["VcoNombre"] == "" || rec["CriterioNombre"] == nil || rec["UsuMaqPuntoVcvId"] != nil ||
			rec["VrAviso"] != 1500.0 || rec["VrAlarma"] != 2000.0 || rec["VrPeligro"] != 3250.0 {
			t.Errorf("ALRM-044 a VCO's record: %d %v", st, rec)
		}

		// ALRM-049: the chart names the condition its values were measured in.
		st, body = p.signedIn.do("POST", p.url("/visualizator/data/mpv/%d/direction/0/condition/%d", h.assoc, h.cond), h.period)
		chart := decode[map[string]any](t, body)
		if st != 200 || chart["NombreCondicionHist"] != row["CondicionNombre"] || chart["NombreCondicionHist"] == nil {
			t.Errorf("ALRM-049 the chart's condition: %d %v, want %v", st, chart["NombreCondicionHist"], row["CondicionNombre"])
		}
		if _, err := p.d.Exec(`UPDATE maquinas SET criterio_id = NULL WHERE id = $1`, p.machine); err != nil {
			t.Fatal(err)
		}
		_, body = p.signedIn.do("POST", p.url("/visualizator/data/mpv/%d/direction/0/condition/%d", h.assoc, h.cond), h.period)
		if chart := decode[map[string]any](t, body); chart["NombreCondicionHist"] != nil {
			t.Errorf("ALRM-049 a condition the machine's criterion no longer has: %v", chart["NombreCondicionHist"])
		}
		_, body = p.signedIn.do("GET", p.url("/machine/%d/precalculation", p.machine), nil)
		if c := decode[map[string][]map[string]any](t, body)["Condiciones"]; len(c) != 0 {
			t.Errorf("a machine without a criterion has conditions to choose: %v", c)
		}
	})
}

// The site's alarms: every reference series with its last value against its thresholds,
// worst first, counted per state, filtered by area, machine and state; a change of the
// thresholds or a cleaning of the values changes the states at once.
func TestSiteAlarms(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		// Direction 0 far above its danger value, direction 1 between its warning and alarm.
		var danger, warning, alarm float64
		_, body := p.signedIn.do("GET", p.url("/machine/%d/alarm", p.machine), nil)
		for _, a := range decode[[]map[string]any](t, body) {
			if a["UsuValorReferenciaID"] == float64(h.vr) && a["Direccion"] == 0.0 {
				danger = a["VrPeligro"].(float64)
			}
			if a["UsuValorReferenciaID"] == float64(h.vr) && a["Direccion"] == 1.0 {
				warning, alarm = a["VrAviso"].(float64), a["VrAlarma"].(float64)
			}
		}
		high := int64(danger) + 1000
		if st, body := h.measure(map[string]any{"Valores": []map[string]any{
			{"VrId": h.vr, "Dir": 0, "Fecha": h.times[0], "Valor": 1000}, {"VrId": h.vr, "Dir": 0, "Fecha": h.times[1], "Valor": high},
			{"VrId": h.vr, "Dir": 1, "Fecha": h.times[1], "Valor": int64(warning+alarm) / 2}}}); st != 200 {
			t.Fatalf("measurements: %d %s", st, body)
		}
		alarms := func(query string) map[string]any {
			t.Helper()
			st, body := p.as("lector").do("GET", p.url("/site/%d/alarms%s", p.site, query), nil)
			if st != 200 {
				t.Fatalf("alarms%s: %d %s", query, st, body)
			}
			return decode[map[string]any](t, body)
		}
		all := alarms("")
		totals := all["Totales"].(map[string]any)
		rows := all["Filas"].([]any)
		first := rows[0].(map[string]any)
		if totals["PELIGRO"] != 1.0 || totals["AVISO"] != 1.0 || first["Estado"] != "PELIGRO" || first["Valor"] != float64(high) || first["Fecha"] != h.times[1] ||
			first["MaquinaNombre"] != "Bomba P-101" || first["VrPeligro"] != danger || first["PuntoNombre"] == "" || first["VcvNombre"] == "" ||
			(first["Tipo"] != "MPVP" && (first["TipoVcp"] != "" || first["Rango"] == "")) {
			t.Fatalf("the site's alarms: %v / %v", totals, first)
		}
		if second := rows[1].(map[string]any); second["Estado"] != "AVISO" || second["Direccion"] != 1.0 {
			t.Errorf("worst first, then the warning: %v", second)
		}
		// Every series with values is counted (a series is made by its first value).
		var series float64
		if err := p.d.QueryRow(`SELECT COUNT(*) FROM series WHERE tipo = 'ref'`).Scan(&series); err != nil {
			t.Fatal(err)
		}
		if all["Total"] != series {
			t.Errorf("total %v, the series %v", all["Total"], series)
		}
		if got := alarms("?Estado=AVISO")["Filas"].([]any); len(got) != 1 || got[0].(map[string]any)["Estado"] != "AVISO" {
			t.Errorf("only warnings: %v", got)
		}
		if got := alarms(fmt.Sprintf("?UsuAreaId=%d&UsuMaquinaId=%d&Estado=PELIGRO", p.area, p.machine))["Filas"].([]any); len(got) != 1 {
			t.Errorf("the pump's dangers: %v", got)
		}
		// Higher thresholds: normal. Cleaned values: no value.
		if st, body := p.signedIn.do("PUT", p.url("/machine/%d/alarm/%d/direction/0", p.machine, h.vr), map[string]any{"VrAviso": high + 1, "VrAlarma": high + 2, "VrPeligro": high + 3}); st != 204 {
			t.Fatalf("thresholds: %d %s", st, body)
		}
		// All three thresholds and nothing else (a missing one was stored empty), each strictly
		// below the next, as the alarm edit modal asks.
		for _, tc := range []struct {
			body        map[string]any
			field, code string
		}{
			{map[string]any{"VrAviso": 1, "VrAlarma": 2}, "VrPeligro", "required"},
			{map[string]any{"VrAviso": 1, "VrAlarma": 2, "VrPeligro": 3, "Vr_Aviso": 1}, "Vr_Aviso", "unknown_field"},
			{map[string]any{"VrAviso": 1, "VrAlarma": nil, "VrPeligro": nil}, "VrAlarma", "reference_value"},
			{map[string]any{"VrAviso": 2, "VrAlarma": 2, "VrPeligro": 3}, "VrAviso", "reference_value"},
			{map[string]any{"VrAviso": 1, "VrAlarma": 3, "VrPeligro": 3}, "VrAlarma", "reference_value"},
		} {
			if st, body := p.signedIn.do("PUT", p.url("/machine/%d/alarm/%d/direction/0", p.machine, h.vr), tc.body); st != 422 || errorsOf(t, body)[0]["field"] != tc.field || errorsOf(t, body)[0]["code"] != tc.code {
				t.Errorf("thresholds without %s: %d %s", tc.field, st, body)
			}
		}
		if got := alarms("")["Totales"].(map[string]any); got["PELIGRO"] != 0.0 || got["NORMAL"] != 1.0 {
			t.Errorf("after higher thresholds: %v", got)
		}
		// Within a state, the series nearest the warning first, not the highest value (values of
		// different units): direction 1 at its warning comes before direction 0 at a quarter of its.
		low := int64(warning+alarm) / 2
		for dir, v := range map[int]int64{0: 4 * high, 1: low} {
			if st, body := p.signedIn.do("PUT", p.url("/machine/%d/alarm/%d/direction/%d", p.machine, h.vr, dir), map[string]any{"VrAviso": v, "VrAlarma": v + 1, "VrPeligro": v + 2}); st != 204 {
				t.Fatalf("thresholds of %d: %d %s", dir, st, body)
			}
		}
		var order []float64
		for _, r := range alarms("?Estado=NORMAL&Cuantas=500")["Filas"].([]any) {
			if r := r.(map[string]any); r["UsuValorReferenciaID"] == float64(h.vr) && r["Direccion"] != 2.0 {
				order = append(order, r["Direccion"].(float64))
			}
		}
		if low >= high || !slices.Equal(order, []float64{1, 0}) {
			t.Errorf("normal series nearest their warning first: %v (values %d and %d)", order, low, high)
		}
		if st, body := p.signedIn.do("DELETE", p.url("/machine/%d/history?FechaInicio=%s&FechaFin=%s", p.machine, h.period["FechaInicio"], h.period["FechaFin"]), nil); st != 200 {
			t.Fatalf("cleaning: %d %s", st, body)
		}
		if got := alarms("")["Totales"].(map[string]any); got["NORMAL"] != 0.0 || got["AVISO"] != 0.0 || got["SIN_DATOS"] != series {
			t.Errorf("after the cleaning: %v", got)
		}
		if st, _ := p.as("editorb").do("GET", p.url("/site/%d/alarms", p.site), nil); st != 404 {
			t.Errorf("another factory's user: %d", st)
		}
	})
}

// A batch records each series' last value and state in one write: a value older than the
// recorded one leaves the state and ratio as they were, and a batch costs the same five
// statements for one series as for every series of the pump (the series and their
// thresholds read, the last values and states written, the chunks read and written).
func TestMeasurementStates(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		danger := h.danger(t)
		type row struct {
			t, v, state int64
			ratio       float64
		}
		recorded := func() (r row) {
			t.Helper()
			if err := p.d.QueryRow(`SELECT ultimo_t, ultimo_v, estado, ultimo_r FROM series WHERE tipo = 'ref' AND asociacion_id = $1 AND condicion_id = $2 AND direccion = 0`,
				h.assoc, h.cond).Scan(&r.t, &r.v, &r.state, &r.ratio); err != nil {
				t.Fatal(err)
			}
			return r
		}
		high := int64(danger) + 1000
		for _, v := range []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": h.times[1], "Valor": high}, {"VrId": h.vr, "Dir": 0, "Fecha": h.times[0], "Valor": 0}} {
			if st, body := h.measure(map[string]any{"Valores": []map[string]any{v}}); st != 200 {
				t.Fatalf("measurements: %d %s", st, body)
			}
		}
		at, _ := time.Parse(time.RFC3339, h.times[1])
		if got, want := recorded(), (row{at.Unix(), high, history.StateDanger, float64(high) / danger}); got != want {
			t.Errorf("after an older value: %+v, want %+v", got, want)
		}

		var values []map[string]any
		rows, err := p.d.Query(`SELECT r.id FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id WHERE a.maquina_id = $1 AND a.tipo = 'MPV'`, p.machine)
		vrs, err := db.Collect(rows, err, func(s db.Scanner) (id int64, err error) { return id, s.Scan(&id) })
		if err != nil {
			t.Fatal(err)
		}
		for _, vr := range vrs {
			for dir := range 3 {
				values = append(values, map[string]any{"VrId": vr, "Dir": dir, "Fecha": h.times[1], "Valor": 2000})
			}
		}
		if st, body := h.measure(map[string]any{"Valores": values}); st != 200 {
			t.Fatalf("every series: %d %s", st, body)
		}
		rows, err = p.d.Query(`SELECT id FROM series WHERE tipo = 'ref' AND maquina_id = $1`, p.machine)
		series, err := db.Collect(rows, err, func(s db.Scanner) (id int64, err error) { return id, s.Scan(&id) })
		if err != nil || len(series) < 2 {
			t.Fatalf("%d series (%v)", len(series), err)
		}
		probe := dbtest.ProbeOf(p.d)
		for _, n := range []int{1, len(series)} {
			var batch []history.Sample
			for _, id := range series[:n] {
				batch = append(batch, history.Sample{Series: id, Point: history.Point{T: at.Unix() + 3600, V: 2100}})
			}
			probe.Reset()
			ctx := context.Background()
			if err := p.d.Tx(ctx, func(tx *sql.Tx) error { return p.app.Features.History.Append(ctx, tx, batch) }); err != nil {
				t.Fatal(err)
			}
			// The commit aside: the series and thresholds read, the series written, the
			// thresholds read again (TestThresholdSaveDuringABatch), the chunks read and written.
			if got := probe.Count() - 1; got != 6 {
				t.Errorf("a batch of %d series ran %d statements, want 6", n, got)
			}
		}
	})
}

// Writing thresholds measures again each listed series of the rows written, past any group of
// 1,000 series with none listed among them: 1,000 unlisted series of the row come before the
// one measured.
func TestThresholdsRefreshPastUnlistedSeries(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		var point, criterion int64
		if err := p.d.QueryRow(`SELECT a.punto_id, m.criterio_id FROM asociaciones a JOIN maquinas m ON m.id = a.maquina_id WHERE a.id = $1`, h.assoc).Scan(&point, &criterion); err != nil {
			t.Fatal(err)
		}
		if _, err := p.d.Exec(`WITH RECURSIVE n (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999)
			INSERT INTO series (clave, tipo, asociacion_id, punto_id, criterio_id, condicion_id, direccion, maquina_id, estado)
			SELECT 'unlisted/' || i, 'ref', CAST($1 AS BIGINT), CAST($2 AS BIGINT), CAST($3 AS BIGINT), CAST($4 AS BIGINT), 100 + i, CAST($5 AS BIGINT), CAST($6 AS BIGINT) FROM n`,
			h.assoc, point, criterion, h.cond, p.machine, history.StateUnlisted); err != nil {
			t.Fatal(err)
		}
		danger := h.danger(t)
		high := int64(danger) + 1000
		if st, body := h.measure(map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": h.times[2], "Valor": high}}}); st != 200 {
			t.Fatalf("measurements: %d %s", st, body)
		}
		state := func() (s int) {
			t.Helper()
			if err := p.d.QueryRow(`SELECT estado FROM series WHERE clave = $1`, fmt.Sprintf("r/%d/%d/%d/0", h.assoc, criterion, h.cond)).Scan(&s); err != nil {
				t.Fatal(err)
			}
			return s
		}
		if got := state(); got != history.StateDanger {
			t.Fatalf("measured above danger: state %d, want %d", got, history.StateDanger)
		}
		if st, body := p.signedIn.do("PUT", p.url("/machine/%d/alarm/%d/direction/0", p.machine, h.vr), map[string]any{"VrAviso": high + 1, "VrAlarma": high + 2, "VrPeligro": high + 3}); st != 204 {
			t.Fatalf("thresholds: %d %s", st, body)
		}
		if got := state(); got != history.StateNormal {
			t.Errorf("under the new thresholds: state %d, want %d (normal)", got, history.StateNormal)
		}
	})
}

// A threshold save and a device's batch of the same series, in either order of their reads
// and writes, leave the series' state measured at its last value against the thresholds
// saved. On PostgreSQL, whose reads take no locks: the batch reads the thresholds, then the
// save commits before the batch writes the state (the batch measures again); the batch
// writes its value, then the save reads the last value before the batch commits (the save
// waits for the batch's rows). SQLite's one writer runs them one after the other.
func TestThresholdSaveDuringABatch(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		if p.d.Engine != db.Postgres {
			t.Skip("SQLite's one writer runs a save and a batch one after the other")
		}
		h := newHistoryFixture(t, p)
		danger := int64(h.danger(t))
		if st, body := h.measure(map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": h.times[0], "Valor": 0}}}); st != 200 {
			t.Fatalf("measurements: %d %s", st, body)
		}
		var series int64
		if err := p.d.QueryRow(`SELECT id FROM series WHERE tipo = 'ref' AND asociacion_id = $1 AND condicion_id = $2 AND direccion = 0`, h.assoc, h.cond).Scan(&series); err != nil {
			t.Fatal(err)
		}
		state := func() (s int) {
			t.Helper()
			if err := p.d.QueryRow(`SELECT estado FROM series WHERE id = $1`, series).Scan(&s); err != nil {
				t.Fatal(err)
			}
			return s
		}
		save := func(warning int64) {
			if st, body := p.signedIn.do("PUT", p.url("/machine/%d/alarm/%d/direction/0", p.machine, h.vr), map[string]any{"VrAviso": warning, "VrAlarma": warning + 1, "VrPeligro": warning + 2}); st != 204 {
				t.Errorf("thresholds: %d %s", st, body)
			}
		}
		at, _ := time.Parse(time.RFC3339, h.times[0])
		probe := dbtest.ProbeOf(p.d)
		// batch appends v to the series in a transaction of its own, held back before the
		// statement that starts with held until release is closed; pid is its backend's.
		batch := func(v int64, held string, reached, release chan struct{}, pid *int) chan error {
			var once sync.Once
			probe.Before(func(query string) {
				if strings.HasPrefix(query, held) {
					once.Do(func() { close(reached); <-release })
				}
			})
			done := make(chan error, 1)
			at = at.Add(time.Minute)
			go func() {
				ctx := context.Background()
				done <- p.d.Tx(ctx, func(tx *sql.Tx) error {
					if err := tx.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(pid); err != nil {
						return err
					}
					return p.app.Features.History.Append(ctx, tx, []history.Sample{{Series: series, Point: history.Point{T: at.Unix(), V: v}}})
				})
			}()
			return done
		}

		// The batch has read the thresholds (its value above danger); the save, which puts the
		// warning above the value, commits before the batch writes the state.
		reached, release := make(chan struct{}), make(chan struct{})
		var pid int
		done := batch(danger+1000, "WITH b (id, t, v, e, r)", reached, release, &pid)
		<-reached
		save(danger + 2000)
		close(release)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		probe.Before(nil)
		if got := state(); got != history.StateNormal {
			t.Errorf("a save committed while the batch wrote: state %d, want %d (normal)", got, history.StateNormal)
		}

		// The batch has written its value (under the warning) and holds the series; the save,
		// which lowers the warning under the former value but above the new one, comes before
		// the batch commits.
		reached, release = make(chan struct{}), make(chan struct{})
		done = batch(danger, "INSERT INTO chunks", reached, release, &pid)
		<-reached
		probe.Before(nil)
		saved := make(chan struct{})
		go func() { save(danger + 500); close(saved) }()
		// The save is let through once it waits for the batch's rows (or has ended without
		// waiting, which the state below then shows).
		for waiting := 0; waiting == 0; time.Sleep(5 * time.Millisecond) {
			select {
			case <-saved:
				waiting = 1
				continue
			default:
			}
			if err := p.d.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))`, pid).Scan(&waiting); err != nil {
				t.Fatal(err)
			}
		}
		close(release)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		<-saved
		if got := state(); got != history.StateNormal {
			t.Errorf("a save that read while the batch wrote: state %d, want %d (normal)", got, history.StateNormal)
		}
	})
}

// The migration that added each series' ratio to its threshold fills it for the series
// already there as the server keeps it on every write: its CASE reads the threshold State does.
func TestAlarmRatioMigration(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		// The pump's series in turn normal, in warning, in alarm and in danger.
		h := newHistoryFixture(t, p)
		_, body := p.signedIn.do("GET", p.url("/machine/%d/alarm", p.machine), nil)
		var batch []map[string]any
		for _, a := range decode[[]map[string]any](t, body) {
			warning, alarm, danger, ok := a["VrAviso"].(float64), a["VrAlarma"].(float64), a["VrPeligro"].(float64), a["VrPeligro"] != nil
			if ok && a["VrAviso"] != nil && a["VrAlarma"] != nil {
				v := [4]float64{warning / 2, (warning + alarm) / 2, (alarm + danger) / 2, danger + 1000}[len(batch)%4]
				batch = append(batch, map[string]any{"VrId": a["UsuValorReferenciaID"], "Dir": a["Direccion"], "Fecha": h.times[2], "Valor": int64(v)})
			}
		}
		if st, body := h.measure(map[string]any{"Valores": batch}); st != 200 {
			t.Fatalf("measurements: %d %s", st, body)
		}
		read := func() map[int64]float64 {
			t.Helper()
			rows, err := p.d.Query(`SELECT id, estado, ultimo_r FROM series WHERE tipo = 'ref'`)
			out := map[int64]float64{}
			states := map[int64]bool{}
			err = db.Each(rows, err, func(s db.Scanner) error {
				var id, state int64
				var r float64
				err := s.Scan(&id, &state, &r)
				out[id], states[state] = r, states[state] || r != 0
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if !states[history.StateNormal] || !states[history.StateWarning] || !states[history.StateAlarm] || !states[history.StateDanger] {
				t.Fatalf("the series are not in every state: %v", states)
			}
			return out
		}
		kept := read()
		text, err := fs.ReadFile(migrations.FS, string(p.d.Engine)+"/00018_alarm_ratio.sql")
		if err != nil {
			t.Fatal(err)
		}
		update := string(text[bytes.Index(text, []byte("UPDATE series")):])
		if _, err := p.d.Exec(`UPDATE series SET ultimo_r = 0`); err != nil {
			t.Fatal(err)
		}
		if _, err := p.d.Exec(update[:strings.Index(update, ";")]); err != nil {
			t.Fatal(err)
		}
		for id, r := range read() {
			if math.Abs(kept[id]-r) > 1e-9 {
				t.Errorf("series %d: the migration gives %v, the server %v", id, r, kept[id])
			}
		}
	})
}

// VCO-021: interventions are dated notes on a machine, written by editors, shown to all; the
// machines a VCO/VCOV is associated to are listed for its history.
func TestInterventions(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		base := p.url("/machine/%d/intervention", p.machine)
		reader := p.as("lector")
		st, body := p.signedIn.do("POST", base, map[string]string{"Fecha": h.times[0], "Texto": "  Cambio del rodamiento lado acople  "})
		made := decode[map[string]any](t, body)
		if st != 201 || made["Texto"] != "Cambio del rodamiento lado acople" || made["Autor"] != "Admin" || made["Fecha"] != h.times[0] {
			t.Fatalf("add: %d %s", st, body)
		}
		for _, c := range []struct {
			name  string
			body  map[string]string
			field string
		}{
			{"no text", map[string]string{"Fecha": h.times[0], "Texto": " "}, "Texto"},
			{"a date ahead", map[string]string{"Fecha": time.Now().Add(time.Hour).UTC().Format(time.RFC3339), "Texto": "x"}, "Fecha"},
			{"no date", map[string]string{"Fecha": "", "Texto": "x"}, "Fecha"},
		} {
			if st, body := p.signedIn.do("POST", base, c.body); st != 422 || errorsOf(t, body)[0]["field"] != c.field {
				t.Errorf("%s: %d %s", c.name, st, body)
			}
		}
		if st, _ := reader.do("POST", base, map[string]string{"Fecha": h.times[0], "Texto": "x"}); st != 403 {
			t.Errorf("a read-only user adds: %d", st)
		}
		one := fmt.Sprintf("%s/%v", base, made["UsuIntervencionID"])
		if st, body := p.signedIn.do("PUT", one, map[string]string{"Fecha": h.times[1], "Texto": "Alineación"}); st != 200 || decode[map[string]any](t, body)["Texto"] != "Alineación" {
			t.Errorf("change: %d %s", st, body)
		}
		if st, body := reader.do("GET", base, nil); st != 200 || len(decode[[]map[string]any](t, body)) != 1 {
			t.Errorf("list: %d %s", st, body)
		}
		if st, _ := p.as("editorb").do("GET", base, nil); st != 404 {
			t.Errorf("another factory's user: %d", st)
		}
		if st, _ := p.signedIn.do("DELETE", one, nil); st != 204 {
			t.Errorf("delete: %d", st)
		}
		if st, _ := p.signedIn.do("DELETE", one, nil); st != 404 {
			t.Errorf("delete twice: %d", st)
		}
		// The VCO's machines: those it is on (the demo puts it on every machine of its criterion).
		rows, err := p.d.Query(`SELECT maquina_id FROM maquina_vcos WHERE vco_id = $1`, h.vco)
		on, err := db.Collect(rows, err, func(s db.Scanner) (id int64, err error) { return id, s.Scan(&id) })
		if err != nil || !slices.Contains(on, p.machine) {
			t.Fatalf("the VCO is on %v (%v), not on the pump", on, err)
		}
		st, body = reader.do("GET", p.url("/vco_v/%d/machines", h.vco), nil)
		var got []int64
		for _, m := range decode[[]struct{ UsuMaquinaID int64 }](t, body) {
			got = append(got, m.UsuMaquinaID)
		}
		if slices.Sort(on); st != 200 || !slices.Equal(slices.Sorted(slices.Values(got)), on) {
			t.Errorf("the VCO's machines: %d %s, want %v", st, body, on)
		}
	})
}

// A series of a condition its machine's criterion no longer has is no alarm: the site's
// alarms and the home page leave it out, as the machine's alert list leaves its row out,
// whatever values it still gets; it is back, in its state, when the machine's criterion has
// the condition again.
func TestAlarmsOfConditionsGone(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		dangers := func() (site, overview float64) {
			t.Helper()
			st, body := p.as("lector").do("GET", p.url("/site/%d/alarms?UsuMaquinaId=%d", p.site, p.machine), nil)
			if st != 200 {
				t.Fatalf("alarms: %d %s", st, body)
			}
			all := decode[map[string]any](t, body)
			for _, r := range all["Filas"].([]any) {
				if r := r.(map[string]any); r["CondicionNombre"] == nil {
					t.Errorf("a row of a condition gone: %v", r)
				}
			}
			return all["Totales"].(map[string]any)["PELIGRO"].(float64), float64(p.signedIn.overview(t, p.factory).Alarmas.Estados[0].Series)
		}
		_, before := dangers()
		danger := h.danger(t)
		send := func(at int) {
			t.Helper()
			if st, body := h.measure(map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": h.times[at], "Valor": int64(danger) + 1000}}}); st != 200 {
				t.Fatalf("measurements: %d %s", st, body)
			}
		}
		send(0)
		expect := func(when string, site, overview float64) {
			t.Helper()
			if s, o := dangers(); s != site || o != overview {
				t.Errorf("%s: %v dangers on the site's alarms, %v on the home page; want %v and %v", when, s, o, site, overview)
			}
		}
		expect("measured", 1, before+1)

		// The machine's criterion changes to the unknown one, without conditions, and back.
		_, body := p.signedIn.do("GET", p.url("/machine/%d", p.machine), nil)
		machine := decode[map[string]any](t, body)
		if st, body := p.signedIn.do("PUT", p.url("/machine/%d", p.machine), with(machine, map[string]any{"Actualizacion": "DESCONOCIDO"})); st != 200 {
			t.Fatalf("unknown mode: %d %s", st, body)
		}
		expect("the unknown criterion", 0, before)
		send(1)
		expect("measured again under the unknown criterion", 0, before)
		if st, body := p.signedIn.do("PUT", p.url("/machine/%d", p.machine), machine); st != 200 {
			t.Fatalf("the criterion again: %d %s", st, body)
		}
		expect("the criterion again", 1, before+1)

		// The criterion loses the condition.
		url := p.url("/criterion/%v", machine["CriterioId"])
		_, body = p.signedIn.do("GET", url, nil)
		criterion := decode[map[string]any](t, body)
		var kept []any
		for _, k := range criterion["Condiciones"].([]any) {
			if k.(map[string]any)["UsuCondicionID"] != float64(h.cond) {
				kept = append(kept, k)
			}
		}
		if st, body := p.signedIn.do("PUT", url, with(criterion, map[string]any{"Condiciones": kept})); st != 200 {
			t.Fatalf("criterion without condition %d: %d %s", h.cond, st, body)
		}
		expect("the condition gone", 0, before)
	})
}

// A machine switched to another criterion, whose conditions have the same ids, gets reference
// rows of its own for them, without thresholds or history: the old criterion's stay, unlisted,
// and come back with it (ARCHITECTURE §6: history survives a change of the criterion).
func TestCriterionSwitchKeepsEachCriterionsRows(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		// rows answers the machine's alert-list rows of the fixture's association in its condition, direction 0.
		rows := func() map[string]any {
			t.Helper()
			_, body := p.signedIn.do("GET", p.url("/machine/%d/alarm", p.machine), nil)
			for _, a := range decode[[]map[string]any](t, body) {
				if a["UsuMaqPuntoVcvId"] == float64(h.assoc) && a["UsuCondicionId"] == float64(h.cond) && a["Direccion"] == 0.0 {
					return a
				}
			}
			t.Fatalf("no alert-list row of association %d in condition %d: %s", h.assoc, h.cond, body)
			return nil
		}
		dangers := func() float64 {
			t.Helper()
			_, body := p.as("lector").do("GET", p.url("/site/%d/alarms?UsuMaquinaId=%d", p.site, p.machine), nil)
			return decode[map[string]any](t, body)["Totales"].(map[string]any)["PELIGRO"].(float64)
		}
		old := rows()
		if old["UsuValorReferenciaID"] != float64(h.vr) || old["VrPeligro"] == nil {
			t.Fatalf("the demo's row: %v", old)
		}
		danger := int64(old["VrPeligro"].(float64))
		if st, body := h.measure(map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": h.times[0], "Valor": danger + 1000}}}); st != 200 {
			t.Fatalf("measurements: %d %s", st, body)
		}
		if n := dangers(); n != 1 {
			t.Fatalf("%v dangers after the measurement, want 1", n)
		}

		// A copy of the machine's criterion: the same conditions, under the same ids.
		_, body := p.signedIn.do("GET", p.url("/machine/%d", p.machine), nil)
		machine := decode[map[string]any](t, body)
		st, body := p.signedIn.do("POST", p.url("/criterion/%v/copy", machine["CriterioId"]), nil)
		if st != 201 {
			t.Fatalf("copy of the criterion: %d %s", st, body)
		}
		copied := decode[map[string]any](t, body)["UsuCriterioID"]
		if st, body := p.signedIn.do("PUT", p.url("/machine/%d", p.machine), with(machine, map[string]any{"CriterioId": copied})); st != 200 {
			t.Fatalf("the machine on the copy: %d %s", st, body)
		}
		now := rows()
		if now["UsuValorReferenciaID"] == float64(h.vr) || now["VrAviso"] != nil || now["VrAlarma"] != nil || now["VrPeligro"] != nil {
			t.Errorf("under the other criterion, the row of condition %d is the old one's: %v", h.cond, now)
		}
		if got := h.chart(t, 0, ""); len(got) != 0 {
			t.Errorf("under the other criterion, condition %d's chart shows the old one's values: %v", h.cond, got)
		}
		if n := dangers(); n != 0 {
			t.Errorf("%v dangers under the other criterion, want 0", n)
		}
		// A device still on the old configuration measures into the old criterion's row.
		if st, body := h.measure(map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": h.times[1], "Valor": danger + 2000}}}); st != 200 {
			t.Fatalf("measurements on the old row: %d %s", st, body)
		}
		if got := h.chart(t, 0, ""); len(got) != 0 {
			t.Errorf("the old row's values show under the other criterion: %v", got)
		}
		// Data cleaning of the condition chooses the present criterion's.
		st, body = p.signedIn.do("GET", p.url("/machine/%d/history?FechaInicio=%s&FechaFin=%s&UsuCondicionId=%d", p.machine, h.period["FechaInicio"], h.period["FechaFin"], h.cond), nil)
		if n := decode[map[string]any](t, body)["Valores"]; st != 200 || n != 0.0 {
			t.Errorf("a cleaning of condition %d under the other criterion would delete %v values (%d), want 0", h.cond, n, st)
		}

		// Back on the first criterion: its row, thresholds and history again.
		if st, body := p.signedIn.do("PUT", p.url("/machine/%d", p.machine), machine); st != 200 {
			t.Fatalf("the first criterion again: %d %s", st, body)
		}
		if back := rows(); back["UsuValorReferenciaID"] != float64(h.vr) || back["VrPeligro"] != old["VrPeligro"] {
			t.Errorf("back on the first criterion: %v, want %v", back, old)
		}
		if got := h.chart(t, 0, ""); len(got) != 2 || got[1]["Valor"] != float64(danger+2000) {
			t.Errorf("back on the first criterion, the chart: %v", got)
		}
		if n := dangers(); n != 1 {
			t.Errorf("%v dangers back on the first criterion, want 1", n)
		}
	})
}

// Migration 00019 gives the reference rows and series a database already holds the criterion of
// their machine (0 for condition 0): the devices' VrIds and the series' history go on as before,
// and a series of a condition the criterion no longer has is unlisted, where it was counted
// among the alarms until the machine's conditions next changed. Down takes it back.
func TestCriterionRowsMigration(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		if st, body := h.measure(map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": h.times[0], "Valor": 1234}}}); st != 200 {
			t.Fatalf("measurements: %d %s", st, body)
		}
		dialect := goose.DialectSQLite3
		if p.d.Engine == db.Postgres {
			dialect = goose.DialectPostgres
		}
		sub, err := fs.Sub(migrations.FS, string(p.d.Engine))
		if err != nil {
			t.Fatal(err)
		}
		provider, err := goose.NewProvider(dialect, p.d.DB, sub)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if _, err := provider.DownTo(ctx, 18); err != nil {
			t.Fatalf("down to 00018: %v", err)
		}
		// As 00018 left it: a series of a condition the criterion does not have, in danger.
		if _, err := p.d.Exec(`INSERT INTO series (clave, tipo, asociacion_id, punto_id, condicion_id, direccion, maquina_id, ultimo_t, ultimo_v, estado)
			SELECT 'r/' || asociacion_id || '/99/0', 'ref', asociacion_id, punto_id, 99, 0, maquina_id, ultimo_t, ultimo_v, 5 FROM series WHERE clave = $1`,
			fmt.Sprintf("r/%d/%d/0", h.assoc, h.cond)); err != nil {
			t.Fatal(err)
		}
		if _, err := provider.Up(ctx); err != nil {
			t.Fatalf("up: %v", err)
		}
		var criterion int64
		if err := p.d.QueryRow(`SELECT criterio_id FROM maquinas WHERE id = $1`, p.machine).Scan(&criterion); err != nil {
			t.Fatal(err)
		}
		var rowCriterion, stale int64
		if err := p.d.QueryRow(`SELECT criterio_id FROM valores_referencia WHERE id = $1`, h.vr).Scan(&rowCriterion); err != nil || rowCriterion != criterion {
			t.Errorf("the row's criterion: %d (%v), want the machine's %d", rowCriterion, err, criterion)
		}
		if err := p.d.QueryRow(`SELECT estado FROM series WHERE asociacion_id = $1 AND condicion_id = 99`, h.assoc).Scan(&stale); err != nil || stale != history.StateUnlisted {
			t.Errorf("the series of a condition gone: state %d (%v), want unlisted", stale, err)
		}
		// The same VrId measures into the same series: the chart holds both values.
		if st, body := h.measure(map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": h.times[1], "Valor": 2345}}}); st != 200 {
			t.Fatalf("measurements after the migration: %d %s", st, body)
		}
		if got := h.chart(t, 0, ""); len(got) != 2 || got[0]["Valor"] != 1234.0 || got[1]["Valor"] != 2345.0 {
			t.Errorf("the chart after the migration: %v", got)
		}
		st, body := p.as("lector").do("GET", p.url("/site/%d/alarms?UsuMaquinaId=%d", p.site, p.machine), nil)
		if totals := decode[map[string]any](t, body)["Totales"].(map[string]any); st != 200 || totals["PELIGRO"] != 0.0 {
			t.Errorf("the site's alarms count the series of a condition gone: %d %v", st, totals)
		}
	})
}

// A refused import answers its first 20 reasons by their place, and how many more it has: a
// file of many wrong lines said only 20 of them, as if they were all.
func TestImportRefusalCountsEveryReason(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newHistoryFixture(t, p)
		path := p.url("/history/import")
		csv := "VrId,Dir,Fecha,Valor\n" + strings.Repeat(fmt.Sprintf("x,0,%s,1\n", h.times[0]), 30) + // lines 2..31: no VrId
			strings.Repeat(fmt.Sprintf("99999999,0,%s,1\n", h.times[0]), 15) // lines 32..46: an unknown one
		var batch []string
		for range 25 {
			batch = append(batch, fmt.Sprintf(`{"VrId":%d,"Dir":0,"Fecha":%q}`, h.vr, h.times[0]))
		}
		for _, c := range []struct {
			name, kind, data, first, last, more string
		}{
			{"CSV", "text/csv", csv, "Lineas[2].VrId", "Lineas[21].VrId", "Y 25 errores más."},
			{"JSON", "application/json", `{"Valores":[` + strings.Join(batch, ",") + `]}`, "Valores[0].Valor", "Valores[19].Valor", "Y 5 errores más."},
		} {
			st, body := importing(t, p.signedIn, path, c.kind, c.data)
			if st != 422 {
				t.Fatalf("%s: %d %s", c.name, st, body)
			}
			e := errorsOf(t, body)
			if len(e) != 21 || e[0]["field"] != c.first || e[19]["field"] != c.last || e[20]["code"] != "more_errors" || e[20]["message"] != c.more {
				t.Errorf("%s: %s, want %s to %s, then %q", c.name, body, c.first, c.last, c.more)
			}
		}
	})
}
