package app_test

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"vigia/internal/auth"
	"vigia/internal/configuration"
	"vigia/internal/platform/api"
)

type section struct {
	Nombre  string
	OK      bool
	Errores []struct{ Code, Message string }
}

type generated struct {
	Publicada bool
	Version   *int64
	Hash      string
	Secciones []section
}

type served struct {
	NumeroSerie     string
	IntervaloSondeo int64
	Configuraciones []struct {
		UsuMaquinaID, Version int64
		Modo                  int
		Hash                  string
		Documento             map[string]any
	}
}

type delivery struct {
	Equipos []struct {
		NumeroSerie, Estado string
		Version             *int64
	}
	Versiones []struct {
		Version int64
		Estado  string
	}
}

// configFixture is the demo pump, its alert device signed in with a new token, and a clock
// the configuration service reads.
type configFixture struct {
	*plant
	device *client
	serial string
	now    time.Time
}

func newConfigFixture(t *testing.T, p *plant) *configFixture {
	t.Helper()
	f := &configFixture{plant: p, now: time.Now()}
	p.app.Features.Config.Now = func() time.Time { return f.now }
	var device int64
	if err := p.d.QueryRow(`SELECT e.id, e.numero_serie FROM equipos e JOIN maquinas m ON m.equipo_alert10 = e.guid WHERE m.id = $1`, p.machine).Scan(&device, &f.serial); err != nil {
		t.Fatal(err)
	}
	st, body := p.signedIn.do("POST", fmt.Sprintf("/api/equipment/%d/token", device), nil)
	if st != 200 {
		t.Fatalf("token: %d %s", st, body)
	}
	f.device = p.anon()
	f.device.header.Set("Authorization", "Bearer "+decode[map[string]string](t, body)["Token"])
	return f
}

func (f *configFixture) generate(t *testing.T, c *client, mode int) generated {
	t.Helper()
	st, body := c.do("POST", f.url("/machine/%d/configuration", f.machine), map[string]any{"Modo": mode})
	if st != 200 {
		t.Fatalf("generate: %d %s", st, body)
	}
	return decode[generated](t, body)
}

// poll asks for the device's configuration with the ETag it holds, and answers the status,
// the new ETag and the configuration (on 200).
func (f *configFixture) poll(t *testing.T, etag string) (int, string, served) {
	t.Helper()
	req, _ := http.NewRequest("GET", f.srv.URL+"/api/device/"+f.serial+"/config", nil)
	req.Header = f.device.header.Clone()
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out served
	if resp.StatusCode == 200 {
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatal(err)
		}
	}
	return resp.StatusCode, resp.Header.Get("ETag"), out
}

func (f *configFixture) state(t *testing.T) delivery {
	t.Helper()
	st, body := f.signedIn.do("GET", f.url("/machine/%d/configuration", f.machine), nil)
	if st != 200 {
		t.Fatalf("state: %d %s", st, body)
	}
	return decode[delivery](t, body)
}

func (f *configFixture) estado(t *testing.T) string {
	t.Helper()
	s := f.state(t)
	if len(s.Equipos) != 1 {
		t.Fatalf("devices %+v, want the pump's alert device", s.Equipos)
	}
	return s.Equipos[0].Estado
}

func failures(secs []section) []string {
	var out []string
	for _, s := range secs {
		for _, e := range s.Errores {
			out = append(out, s.Nombre+": "+e.Message)
		}
	}
	return out
}

// MACH-050: a configuration is generated, published, fetched by the device (whole, with its
// ETag, 304 when it holds it), and the device's report read back; its delivery goes pending →
// delivered → applied, out of sync when the device reports another hash or the machine
// changes, silent when the device stops asking; versions are kept and compared.
func TestConfigurationDelivery(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		f := newConfigFixture(t, p)
		if got := f.estado(t); got != "none" {
			t.Errorf("before any configuration: %s, want none", got)
		}
		g := f.generate(t, p.signedIn, 0)
		if !g.Publicada || g.Version == nil || *g.Version != 1 {
			t.Fatalf("the demo pump's configuration was not published: %+v %v", g, failures(g.Secciones))
		}
		if got := f.estado(t); got != "pending" {
			t.Errorf("published: %s, want pending", got)
		}

		// Tokens: none, a wrong one, another device's serial.
		anon := p.anon()
		if st, _ := anon.do("GET", "/api/device/"+f.serial+"/config", nil); st != 401 {
			t.Errorf("without a token: %d, want 401", st)
		}
		wrong := p.anon()
		wrong.header.Set("Authorization", "Bearer nope")
		if st, _ := wrong.do("GET", "/api/device/"+f.serial+"/config", nil); st != 401 {
			t.Errorf("a wrong token: %d, want 401", st)
		}
		if st, _ := f.device.do("GET", "/api/device/"+p.serial+"/config", nil); p.serial != f.serial && st != 401 {
			t.Errorf("another device's serial: %d, want 401", st)
		}

		st, etag, c := f.poll(t, "")
		if st != 200 || etag == "" || len(c.Configuraciones) != 1 || c.Configuraciones[0].Version != 1 || c.Configuraciones[0].Hash != g.Hash {
			t.Fatalf("poll: %d %q %+v", st, etag, c)
		}
		if fam := c.Configuraciones[0].Documento["Familia"]; fam != "ALERT10" || c.IntervaloSondeo != 60 {
			t.Errorf("document family %v, interval %d", fam, c.IntervaloSondeo)
		}
		if st, again, _ := f.poll(t, etag); st != 304 || again != etag {
			t.Errorf("poll with the ETag held: %d %q, want 304", st, again)
		}
		if got := f.estado(t); got != "delivered" {
			t.Errorf("fetched: %s, want delivered", got)
		}

		// A malformed report is refused and records nothing.
		report := func(version int64, hash string, secs []map[string]any) int {
			st, _ := f.device.do("POST", "/api/device/"+f.serial+"/report", map[string]any{"Version": version, "Hash": hash, "Secciones": secs})
			return st
		}
		ok := []map[string]any{}
		for _, s := range g.Secciones {
			ok = append(ok, map[string]any{"Nombre": s.Nombre, "OK": true, "Errores": []any{}})
		}
		for name, st := range map[string]int{
			"unknown version":  report(9, g.Hash, ok),
			"unknown section":  report(1, g.Hash, []map[string]any{{"Nombre": "Spectra", "OK": true, "Errores": []any{}}}),
			"without sections": report(1, g.Hash, []map[string]any{}),
			// Applied means every section of the family OK: a report lacking one, or
			// telling one twice, says nothing of it.
			"a section missing": report(1, g.Hash, ok[1:]),
			"a section twice":   report(1, g.Hash, append(slices.Clone(ok), ok[0])),
		} {
			if st != 422 {
				t.Errorf("%s: %d, want 422", name, st)
			}
		}
		if got := f.estado(t); got != "delivered" {
			t.Errorf("after refused reports: %s, want delivered", got)
		}
		if st := report(1, g.Hash, ok); st != 204 {
			t.Fatalf("report: %d", st)
		}
		if got := f.estado(t); got != "applied" {
			t.Errorf("reported: %s, want applied", got)
		}
		// The home page's counts and the equipment list say the same.
		st, body := p.signedIn.do("GET", p.url("/configuration"), nil)
		if sum := decode[struct {
			Estados []struct {
				Estado string
				N      int
			}
		}](t, body); st != 200 || len(sum.Estados) != 1 || sum.Estados[0].Estado != "applied" || sum.Estados[0].N != 1 {
			t.Errorf("summary: %d %s", st, body)
		}
		st, body = p.signedIn.do("GET", "/api/equipment/alert10", nil)
		listed := 0
		for _, e := range decode[[]struct {
			NumeroSerie string
			Entregas    []struct{ Estado string }
		}](t, body) {
			if e.NumeroSerie == f.serial && len(e.Entregas) == 1 && e.Entregas[0].Estado == "applied" {
				listed++
			}
		}
		if st != 200 || listed != 1 {
			t.Errorf("equipment list: %d, the pump's device applied %d times", st, listed)
		}
		partial := append([]map[string]any{{"Nombre": ok[0]["Nombre"], "OK": false, "Errores": []any{map[string]any{"code": "flash", "message": "write failed"}}}}, ok[1:]...)
		report(1, g.Hash, partial)
		if got := f.estado(t); got != "partial" {
			t.Errorf("a section failed: %s, want partial", got)
		}
		report(1, strings.Repeat("0", 64), ok)
		if got := f.estado(t); got != "out_of_sync" {
			t.Errorf("another hash: %s, want out_of_sync", got)
		}
		report(1, g.Hash, ok)

		// The machine changes after it: out of sync until a new version is sent.
		if _, err := p.d.Exec(`UPDATE maquinas SET kw = kw + 1 WHERE id = $1`, p.machine); err != nil {
			t.Fatal(err)
		}
		if got := f.estado(t); got != "out_of_sync" {
			t.Errorf("machine changed: %s, want out_of_sync", got)
		}
		g2 := f.generate(t, p.signedIn, 0)
		if !g2.Publicada || *g2.Version != 2 {
			t.Fatalf("second version: %+v", g2)
		}
		if st, etag2, c := f.poll(t, etag); st != 200 || etag2 == etag || c.Configuraciones[0].Version != 2 {
			t.Errorf("a new version: %d %+v", st, c)
		}
		st, body = p.signedIn.do("GET", f.url("/machine/%d/configuration/1/diff/2", f.machine), nil)
		if changes := decode[[]map[string]string](t, body); st != 200 || len(changes) != 1 || changes[0]["Ruta"] != "Maquina.Kw" {
			t.Errorf("diff 1 → 2: %d %s", st, body)
		}
		if st, body := p.signedIn.do("GET", f.url("/machine/%d/configuration/1", f.machine), nil); st != 200 || !strings.Contains(string(body), `"Familia":"ALERT10"`) {
			t.Errorf("download version 1: %d %s", st, body)
		}

		// A version replaced before it was fetched is superseded.
		f.generate(t, p.signedIn, 1)
		f.generate(t, p.signedIn, 0)
		vs := f.state(t).Versiones
		if len(vs) != 4 || vs[1].Version != 3 || vs[1].Estado != "superseded" || vs[0].Estado != "pending" {
			t.Errorf("versions %+v, want 4 newest first with 3 superseded", vs)
		}

		// Pause: the device keeps it 6 hours, whatever is published after.
		f.generate(t, p.signedIn, 2)
		_, _, c = f.poll(t, "")
		if c.Configuraciones[0].Modo != 2 || c.IntervaloSondeo != 6*3600 {
			t.Errorf("pause: %+v", c)
		}
		f.generate(t, p.signedIn, 0)
		f.now = f.now.Add(5 * time.Hour)
		if _, _, c = f.poll(t, ""); c.Configuraciones[0].Modo != 2 {
			t.Errorf("5 hours into the pause: mode %d, want the pause", c.Configuraciones[0].Modo)
		}
		f.now = f.now.Add(2 * time.Hour)
		if _, _, c = f.poll(t, ""); c.Configuraciones[0].Modo != 0 || c.Configuraciones[0].Version != 6 || c.IntervaloSondeo != 60 {
			t.Errorf("after the pause: %+v, want version 6 in mode 0", c.Configuraciones[0])
		}

		// Silent: no poll for three intervals.
		f.now = f.now.Add(4 * time.Minute)
		if got := f.estado(t); got != "silent" {
			t.Errorf("no poll for 4 minutes: %s, want silent", got)
		}
	})
}

// MACH-067: a user who is not ADMIN cannot send a criterion of intervals under 20: the report
// says why, in the spec's words, and nothing is published; ADMIN is exempt.
func TestConfigurationRefused(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		f := newConfigFixture(t, p)
		criterion := p.criterionOf(t, p.machine)
		st, body := p.signedIn.do("GET", p.url("/criterion/%d", criterion), nil)
		if st != 200 {
			t.Fatalf("criterion: %d %s", st, body)
		}
		c := decode[map[string]any](t, body)
		c["TiempoAviso"] = 10
		if st, body := p.signedIn.do("PUT", p.url("/criterion/%d", criterion), c); st >= 300 {
			t.Fatalf("shorten the criterion: %d %s", st, body)
		}
		if _, err := p.d.Exec(`INSERT INTO usuario_fabricas (usuario_id, fabrica_id) VALUES ($1, $2)`, p.users["editor"].UsuarioID, p.factory); err != nil {
			t.Fatal(err)
		}
		editor := p.as("editor")
		g := f.generate(t, editor, 0)
		if g.Publicada || g.Version != nil || !strings.Contains(strings.Join(failures(g.Secciones), "\n"), "InitialCheck: Los intervalos de medición del criterio seleccionado son muy cortos") {
			t.Errorf("editor with a short criterion: %+v", g)
		}
		last := g.Secciones[len(g.Secciones)-1]
		if last.Nombre != "FileCreation" || last.OK {
			t.Errorf("FileCreation %+v, want not OK", last)
		}
		if vs := f.state(t).Versiones; len(vs) != 0 {
			t.Errorf("versions %+v, want none", vs)
		}
		if g := f.generate(t, p.signedIn, 0); !g.Publicada {
			t.Errorf("ADMIN: %v", failures(g.Secciones))
		}
		if st, _ := p.as("lector").do("POST", f.url("/machine/%d/configuration", f.machine), map[string]any{"Modo": 0}); st != 403 {
			t.Errorf("read-only user: %d, want 403", st)
		}
	})
}

// memsMill is the demo's KOS Sensor mill, ready to configure: its points get the factory's
// default digital spectra (the templates', made default); the demo's alert-device VCV and
// VCP on it have no spectrum: they go.
func memsMill(t *testing.T, p *plant) int64 {
	t.Helper()
	var mill int64
	if err := p.d.QueryRow(`SELECT id FROM maquinas WHERE nombre_es = 'Molino M-401' AND fabrica_id = $1`, p.factory).Scan(&mill); err != nil {
		t.Fatal(err)
	}
	_, body := p.signedIn.do("GET", "/api/digitalspectrum", nil)
	for _, tpl := range decode[[]map[string]any](t, body) {
		st, body := p.signedIn.do("POST", p.url("/digitalspectrum/%v/download", tpl["AdminEspectroDigitalID"]), nil)
		if st != 201 {
			t.Fatalf("download a digital spectrum: %d %s", st, body)
		}
		s := decode[map[string]any](t, body)
		s["PorDefecto"] = true
		if st, body := p.signedIn.do("PUT", p.url("/digitalspectrum/%v", s["UsuEspectroDigitalID"]), s); st != 200 {
			t.Fatalf("a default digital spectrum: %d %s", st, body)
		}
	}
	if st, body := p.signedIn.do("POST", p.url("/machine/%d/assign/spectra", mill), nil); st != 200 {
		t.Fatalf("the mill's spectra: %d %s", st, body)
	}
	for _, kind := range []string{"mpv", "mpvp"} {
		if st, body := p.signedIn.do("DELETE", p.url("/%s/machine/%d", kind, mill), nil); st != 204 {
			t.Fatalf("the mill's %s: %d %s", kind, st, body)
		}
	}
	return mill
}

// API-018: the configuration is generated in the three modes — 0 monitor, 1 learn (with the
// machine's learning time), 2 pause, the stop: the device then asks again only after 6
// hours — for an alert-device machine and for a KOS Sensor (MEMS) machine alike.
func TestConfigurationModes(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		f := newConfigFixture(t, p)
		mill := memsMill(t, p)
		for _, tc := range []struct {
			machine int64
			family  string
		}{{p.machine, "ALERT10"}, {mill, "MEMS"}} {
			for mode, name := range []string{"monitor", "learn", "pause"} {
				st, body := p.signedIn.do("POST", p.url("/machine/%d/configuration", tc.machine), map[string]any{"Modo": mode})
				g := decode[generated](t, body)
				if st != 200 || !g.Publicada || g.Version == nil {
					t.Fatalf("API-018 %s of a %s machine: %d %v", name, tc.family, st, failures(g.Secciones))
				}
				st, body = p.signedIn.do("GET", p.url("/machine/%d/configuration/%d", tc.machine, *g.Version), nil)
				doc := decode[map[string]any](t, body)
				if st != 200 || doc["Modo"] != float64(mode) || doc["Familia"] != tc.family {
					t.Errorf("API-018 the %s document of a %s machine: %d Modo %v Familia %v", name, tc.family, st, doc["Modo"], doc["Familia"])
				}
				if learning := doc["Maquina"].(map[string]any)["TiempoAprendizaje"]; mode == 1 && (learning == nil || learning == 0.0) {
					t.Errorf("API-018 learning without the learning time: %v", doc["Maquina"])
				}
			}
		}
		// The stop: the pump's device, polling, is told to wait 6 hours.
		if _, _, c := f.poll(t, ""); len(c.Configuraciones) != 1 || c.Configuraciones[0].Modo != 2 || c.IntervaloSondeo != 6*3600 {
			t.Errorf("API-018 the stop reaches the device: %+v", c)
		}
		// Learning needs a learning time.
		if _, err := p.d.Exec(`UPDATE maquinas SET tiempo_aprendizaje = 0 WHERE id = $1`, p.machine); err != nil {
			t.Fatal(err)
		}
		if g := f.generate(t, p.signedIn, 1); g.Publicada || !strings.Contains(strings.Join(failures(g.Secciones), "\n"), "No se ha asignado un tiempo de aprendizaje.") {
			t.Errorf("API-018 learning without a learning time: %+v", g)
		}
	})
}

// A device receives, reports on and is listed with the configuration of the machines it
// configures now only: one taken off its machine gets its empty list and its reports are
// refused, and another factory, where it went, does not see the machine's delivery. A
// version of a machine it no longer configures does not make its reports ambiguous.
func TestConfigurationFollowsTheDevice(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		f := newConfigFixture(t, p)
		g := f.generate(t, p.signedIn, 0)
		// Version 1 of another machine, which the device configured before.
		if _, err := p.d.Exec(`INSERT INTO configuraciones (maquina_id, equipo_id, version, modo, hash, documento, publicada, entregada)
			SELECT m.id, e.id, 1, 0, 'x', '{}', 0, 0 FROM maquinas m, equipos e WHERE m.id <> $1 AND e.numero_serie = $2 ORDER BY m.id LIMIT 1`, p.machine, f.serial); err != nil {
			t.Fatal(err)
		}
		if _, _, c := f.poll(t, ""); len(c.Configuraciones) != 1 || c.Configuraciones[0].UsuMaquinaID != p.machine {
			t.Errorf("the pump's device receives %d configurations, want the pump's only", len(c.Configuraciones))
		}
		var ok []map[string]any
		for _, s := range g.Secciones {
			ok = append(ok, map[string]any{"Nombre": s.Nombre, "OK": true, "Errores": []any{}})
		}
		report := map[string]any{"Version": 1, "Hash": g.Hash, "Secciones": ok}
		if st, body := f.device.do("POST", "/api/device/"+f.serial+"/report", report); st != 204 {
			t.Errorf("a report without UsuMaquinaID: %d %s, want 204", st, body)
		}

		// Taken off the pump, then gone to another factory.
		_, body := p.signedIn.do("GET", p.url("/machine/%d", p.machine), nil)
		m := decode[map[string]any](t, body)
		m["EquipoAlert10"] = nil
		if st, body := p.signedIn.do("PUT", p.url("/machine/%d", p.machine), m); st != 200 {
			t.Fatalf("take the device off the pump: %d %s", st, body)
		}
		if st, _, c := f.poll(t, ""); st != 200 || len(c.Configuraciones) != 0 {
			t.Errorf("off the pump: %d with %d configurations, want an empty list", st, len(c.Configuraciones))
		}
		if st, _ := f.device.do("POST", "/api/device/"+f.serial+"/report", report); st != 422 {
			t.Errorf("a report on the pump's configuration off the pump: %d, want 422", st)
		}
		var id int64
		if err := p.d.QueryRow(`SELECT id FROM equipos WHERE numero_serie = $1`, f.serial).Scan(&id); err != nil {
			t.Fatal(err)
		}
		assign(t, p.signedIn, "alert10", id, map[string]any{"UsuFabricaId": p.b})
		st, body := p.as("editorb").do("GET", "/api/equipment/alert10", nil)
		for _, e := range decode[[]struct {
			NumeroSerie string
			Entregas    []struct{ UsuMaquinaID int64 }
		}](t, body) {
			if e.NumeroSerie == f.serial && len(e.Entregas) != 0 {
				t.Errorf("another factory sees the pump's delivery: %+v", e.Entregas)
			}
		}
		if st != 200 {
			t.Errorf("another factory's equipment list: %d %s", st, body)
		}
	})
}

// The ETag names the versions answered, not only their documents: the same document
// published again is a new version, which a device holding the old ETag receives (200), and
// only then is it delivered.
func TestConfigurationETagNamesTheVersions(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		f := newConfigFixture(t, p)
		g1 := f.generate(t, p.signedIn, 0)
		_, etag, _ := f.poll(t, "")
		g2 := f.generate(t, p.signedIn, 0)
		if g2.Hash != g1.Hash || *g2.Version != 2 {
			t.Fatalf("the same document again: version %d hash %s, want version 2 with hash %s", *g2.Version, g2.Hash, g1.Hash)
		}
		if got := f.estado(t); got != "pending" {
			t.Errorf("version 2 before a poll: %s, want pending", got)
		}
		if st, again, c := f.poll(t, etag); st != 200 || again == etag || len(c.Configuraciones) != 1 || c.Configuraciones[0].Version != 2 {
			t.Errorf("a poll with version 1's ETag: %d %q, want 200 with version 2 and a new ETag", st, again)
		}
		if got := f.estado(t); got != "delivered" {
			t.Errorf("version 2 fetched: %s, want delivered", got)
		}
	})
}

// A report on a version the device was not sent — replaced before any fetch, or not fetched
// yet — is refused (422) and changes no state; once fetched, it is taken.
func TestConfigurationReportOnWhatWasSent(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		f := newConfigFixture(t, p)
		g := f.generate(t, p.signedIn, 0)
		f.generate(t, p.signedIn, 0)
		var ok []map[string]any
		for _, s := range g.Secciones {
			ok = append(ok, map[string]any{"Nombre": s.Nombre, "OK": true, "Errores": []any{}})
		}
		report := func(version int64) (int, []byte) {
			return f.device.do("POST", "/api/device/"+f.serial+"/report", map[string]any{"Version": version, "Hash": g.Hash, "Secciones": ok})
		}
		for _, version := range []int64{1, 2} {
			if st, body := report(version); st != 422 || errorsOf(t, body)[0]["code"] != "unknown_version" {
				t.Errorf("a report on version %d, never fetched: %d %s, want 422 unknown_version", version, st, body)
			}
		}
		if vs := f.state(t).Versiones; len(vs) != 2 || vs[0].Estado != "pending" || vs[1].Estado != "superseded" {
			t.Errorf("after the refused reports: %+v, want 2 pending and 1 superseded", vs)
		}
		f.poll(t, "")
		if st, body := report(2); st != 204 {
			t.Errorf("a report on version 2, fetched: %d %s", st, body)
		}
		if got := f.estado(t); got != "applied" {
			t.Errorf("reported: %s, want applied", got)
		}
	})
}

// shown is the pump's delivery where each list shows it: the machine editor's, the home
// page's summary (its count, or its line among those needing a look) and the equipment
// list's; "" where the pump is not shown.
func (f *configFixture) shown(t *testing.T) (editor, summary, equipment string) {
	t.Helper()
	editor = f.estado(t)
	st, body := f.signedIn.do("GET", f.url("/configuration"), nil)
	sum := decode[struct {
		Estados []struct {
			Estado string
			N      int
		}
		Atencion []struct {
			UsuMaquinaID int64
			Estado       string
		}
	}](t, body)
	if st != 200 {
		t.Fatalf("summary: %d %s", st, body)
	}
	for _, a := range sum.Atencion {
		if a.UsuMaquinaID == f.machine {
			summary = a.Estado
		}
	}
	for _, c := range sum.Estados {
		if c.Estado == "applied" && c.N == 1 && summary == "" {
			summary = c.Estado
		}
	}
	st, body = f.signedIn.do("GET", "/api/equipment/alert10", nil)
	if st != 200 {
		t.Fatalf("equipment list: %d %s", st, body)
	}
	for _, e := range decode[[]struct {
		NumeroSerie string
		Entregas    []struct {
			UsuMaquinaID int64
			Estado       string
		}
	}](t, body) {
		for _, d := range e.Entregas {
			if d.UsuMaquinaID == f.machine {
				equipment = d.Estado
			}
		}
	}
	return editor, summary, equipment
}

// everywhere checks that every list shows the pump's delivery in state want.
func (f *configFixture) everywhere(t *testing.T, what, want string) {
	t.Helper()
	if editor, summary, equipment := f.shown(t); editor != want || summary != want || equipment != want {
		t.Errorf("%s: editor %q, summary %q, equipment list %q, want %s", what, editor, summary, equipment, want)
	}
}

// Silence is judged by the interval the device was given when it last asked, which it
// keeps: a device holding a pause (6 hours) is not silent for not asking every minute once a
// monitor version is published, and one told a minute is silent after three, though a pause
// was published since (it has not reached it yet).
func TestConfigurationSilenceByTheIntervalGiven(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		f := newConfigFixture(t, p)
		everywhere := func(what, want string) { t.Helper(); f.everywhere(t, what, want) }
		f.generate(t, p.signedIn, 2)
		if _, _, c := f.poll(t, ""); c.IntervaloSondeo != 6*3600 {
			t.Fatalf("the pause: interval %d, want 6 hours", c.IntervaloSondeo)
		}
		f.generate(t, p.signedIn, 0)
		f.now = f.now.Add(4 * time.Minute)
		everywhere("4 minutes into a pause the device holds, a monitor version published", "pending")
		f.now = f.now.Add(5 * time.Hour)
		everywhere("5 hours into the pause", "pending")
		f.now = f.now.Add(14 * time.Hour)
		everywhere("no poll for three pauses", "silent")

		// Told a minute, then a pause published: the device still asks every minute.
		if _, _, c := f.poll(t, ""); c.IntervaloSondeo != 60 || c.Configuraciones[0].Modo != 0 {
			t.Fatalf("after the pause: %+v, want the monitor version every minute", c)
		}
		f.generate(t, p.signedIn, 2)
		f.now = f.now.Add(2 * time.Minute)
		everywhere("2 minutes after a pause published, told a minute", "pending")
		f.now = f.now.Add(2 * time.Minute)
		everywhere("4 minutes after a pause published, told a minute", "silent")
	})
}

// Over MQTT a message counts as the device's poll of what is pushed to it then (Heard): a
// device holding a pause pushed to it is judged by the pause's 6 hours, though a monitor
// version was published since.
func TestConfigurationSilenceOfAPushedDevice(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		f := newConfigFixture(t, p)
		config := p.app.Features.Config
		dev := &auth.Device{NumeroSerie: f.serial, Tipo: "ALERT10"}
		if err := p.d.QueryRow(`SELECT id FROM equipos WHERE numero_serie = $1`, f.serial).Scan(&dev.ID); err != nil {
			t.Fatal(err)
		}
		// heard records a message as the MQTT bridge does: a report (r), or a batch (nil).
		heard := func(r *configuration.DeviceReport) {
			t.Helper()
			if err := p.d.Tx(t.Context(), func(tx *sql.Tx) error {
				if err := config.Heard(t.Context(), tx, dev, r); err != nil || r == nil {
					return err
				}
				return config.Report(t.Context(), tx, dev, r)
			}); err != nil {
				t.Fatal(err)
			}
		}
		g := f.generate(t, p.signedIn, 2)
		var secs []api.Section
		for _, name := range configuration.SectionNames("ALERT10") {
			secs = append(secs, api.Section{Nombre: name, OK: true, Errores: []api.ErrorItem{}})
		}
		heard(&configuration.DeviceReport{Version: *g.Version, Hash: g.Hash, Secciones: secs})
		f.generate(t, p.signedIn, 0)
		f.now = f.now.Add(time.Minute)
		heard(nil)
		f.now = f.now.Add(4 * time.Minute)
		f.everywhere(t, "4 minutes after a batch, holding a pause pushed, a monitor version published", "pending")
	})
}

// A pushed device talks when it measures: at its criterion's slowest time (the demo's stable
// state, every 300 s), not every poll interval, so it is silent only after three of those.
func TestConfigurationSilenceOfAPushedDeviceByItsMeasurements(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		f := newConfigFixture(t, p)
		config := p.app.Features.Config
		dev := &auth.Device{NumeroSerie: f.serial, Tipo: "ALERT10"}
		if err := p.d.QueryRow(`SELECT id FROM equipos WHERE numero_serie = $1`, f.serial).Scan(&dev.ID); err != nil {
			t.Fatal(err)
		}
		g := f.generate(t, p.signedIn, 0)
		var secs []api.Section
		for _, name := range configuration.SectionNames("ALERT10") {
			secs = append(secs, api.Section{Nombre: name, OK: true, Errores: []api.ErrorItem{}})
		}
		report := &configuration.DeviceReport{Version: *g.Version, Hash: g.Hash, Secciones: secs}
		if err := p.d.Tx(t.Context(), func(tx *sql.Tx) error {
			if err := config.Heard(t.Context(), tx, dev, report); err != nil {
				return err
			}
			return config.Report(t.Context(), tx, dev, report)
		}); err != nil {
			t.Fatal(err)
		}
		f.now = f.now.Add(10 * time.Minute)
		f.everywhere(t, "10 minutes after a report, measuring every 5", "applied")
		f.now = f.now.Add(6 * time.Minute)
		f.everywhere(t, "16 minutes after a report, measuring every 5", "silent")
	})
}

// The home page counts a machine's delivery to the device that configures it now, as the
// equipment lists show it: a machine whose device changed is not counted by its former
// device's delivery, and is again once that device is back.
func TestConfigurationSummaryFollowsTheDevice(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		f := newConfigFixture(t, p)
		g := f.generate(t, p.signedIn, 0)
		f.poll(t, "")
		var ok []map[string]any
		for _, s := range g.Secciones {
			ok = append(ok, map[string]any{"Nombre": s.Nombre, "OK": true, "Errores": []any{}})
		}
		if st, body := f.device.do("POST", "/api/device/"+f.serial+"/report", map[string]any{"Version": 1, "Hash": g.Hash, "Secciones": ok}); st != 204 {
			t.Fatalf("report: %d %s", st, body)
		}
		if _, summary, _ := f.shown(t); summary != "applied" {
			t.Fatalf("reported: summary %q, want applied", summary)
		}
		_, body := p.signedIn.do("GET", p.url("/machine/%d", p.machine), nil)
		m := decode[map[string]any](t, body)
		former := m["EquipoAlert10"]
		setDevice := func(guid any) {
			t.Helper()
			m["EquipoAlert10"] = guid
			if st, body := p.signedIn.do("PUT", p.url("/machine/%d", p.machine), m); st != 200 {
				t.Fatalf("the pump's device %v: %d %s", guid, st, body)
			}
		}
		setDevice(registerDevice(t, p.signedIn, "alert10", unique("KA10-NEW"), p.factory))
		st, body := p.signedIn.do("GET", p.url("/configuration"), nil)
		if sum := decode[struct{ Estados, Atencion []any }](t, body); st != 200 || len(sum.Estados) != 0 || len(sum.Atencion) != 0 {
			t.Errorf("another device on the pump: summary %d %s, want nothing counted", st, body)
		}
		if editor, _, equipment := f.shown(t); editor != "none" || equipment != "" {
			t.Errorf("another device on the pump: editor %q, equipment list %q, want none and not listed", editor, equipment)
		}
		setDevice(former)
		// The device change freed the points' channels, so the machine's configuration is no
		// longer the one applied: the editor says so; the device's own report stays applied.
		if editor, summary, equipment := f.shown(t); editor != "out_of_sync" || summary != "applied" || equipment != "applied" {
			t.Errorf("the device back: editor %q, summary %q, equipment list %q, want out_of_sync, applied, applied", editor, summary, equipment)
		}
		// Once the device stops asking, every view says silent, the editor's changed document aside.
		f.now = f.now.Add(16 * time.Minute)
		f.everywhere(t, "16 minutes without a poll, the document changed", "silent")
	})
}

// A report that comes another way than the HTTP call (MQTT) is read as the call reads its
// body, by a service that never registered the call: the same reports taken, decoded alike,
// and the same refused, with the same errors.
func TestReportDecodedAsTheCallReadsIt(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		f := newConfigFixture(t, p)
		g := f.generate(t, p.signedIn, 0)
		f.poll(t, "")
		var ok, bare []map[string]any
		for _, s := range g.Secciones {
			ok = append(ok, map[string]any{"Nombre": s.Nombre, "OK": true, "Errores": []any{}})
			bare = append(bare, map[string]any{"Nombre": s.Nombre})
		}
		unregistered := &configuration.Service{}
		for name, body := range map[string]map[string]any{
			"a report":                 {"Version": 1, "Hash": g.Hash, "Secciones": ok},
			"a report with a key more": {"Version": 1, "Hash": g.Hash, "Secciones": ok, "Extra": true},
			"sections without OK":      {"Version": 1, "Hash": g.Hash, "Secciones": bare},
			"a version not a number":   {"Version": "1", "Hash": g.Hash, "Secciones": ok},
			"sections not a list":      {"Version": 1, "Hash": g.Hash, "Secciones": map[string]any{}},
		} {
			raw, _ := json.Marshal(body)
			st, answer := f.device.do("POST", "/api/device/"+f.serial+"/report", body)
			r, err := unregistered.DecodeReport(raw)
			if st == 204 {
				if err != nil || r.Version != 1 || r.Hash != g.Hash || len(r.Secciones) != len(ok) || !r.Secciones[0].OK {
					t.Errorf("%s: the call takes it, decoded %+v %v", name, r, err)
				}
				continue
			}
			var refused []string
			if p, is := api.AsProblem(err); is && p.Status == 422 {
				for _, it := range p.Items {
					refused = append(refused, it.Code+" "+it.Field)
				}
			}
			var want []string
			for _, e := range errorsOf(t, answer) {
				want = append(want, e["code"]+" "+e["field"])
			}
			if st != 422 || !slices.Equal(refused, want) {
				t.Errorf("%s: the call answers %d %v, decoding %v (%v)", name, st, want, refused, err)
			}
		}
	})
}

// A KOS Sensor's document carries, for each point, what its prediction sensor measures — the
// twelve flags of MEMSPrediccion, MG included — and the digital spectrum of each range the
// point names, by range, with its bands.
func TestConfigurationMEMSPointPrediction(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		mill := memsMill(t, p)
		var point int64
		if err := p.d.QueryRow(`SELECT p.id FROM puntos p JOIN componentes c ON c.id = p.parent_id WHERE c.parent_id = $1 AND p.mems_prediccion IS NOT NULL ORDER BY p.id LIMIT 1`, mill).Scan(&point); err != nil {
			t.Fatal(err)
		}
		_, body := p.signedIn.do("GET", p.url("/point/%d", point), nil)
		bare := decode[map[string]any](t, body)
		pred := bare["MEMSPrediccion"].(map[string]any)
		pred["Medida_A_mg"] = true
		if st, body := p.signedIn.do("PUT", p.url("/point/%d", point), bare); st != 200 {
			t.Fatalf("the point's prediction: %d %s", st, body)
		}
		st, body := p.signedIn.do("POST", p.url("/machine/%d/configuration", mill), map[string]any{"Modo": 0})
		g := decode[generated](t, body)
		if st != 200 || !g.Publicada {
			t.Fatalf("generate: %d %v", st, failures(g.Secciones))
		}
		_, body = p.signedIn.do("GET", p.url("/machine/%d/configuration/%d", mill, *g.Version), nil)
		var doc struct {
			Puntos []struct {
				UsuPuntoVibracionID int64
				Prediccion          map[string]bool
				EspectrosDigitales  map[string]struct {
					UsuEspectroDigitalID int64
					BandasDigitales      []any
				}
			}
		}
		if err := json.Unmarshal(body, &doc); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, pt := range doc.Puntos {
			if pt.UsuPuntoVibracionID != point {
				continue
			}
			found = true
			want := map[string]bool{}
			for _, dir := range []string{"V_H1", "H_H2", "A"} {
				for _, r := range []string{"br", "ar", "dm", "mg"} {
					k := "Medida_" + dir + "_" + r
					want[k], _ = pred[k].(bool)
				}
			}
			if !maps.Equal(pt.Prediccion, want) {
				t.Errorf("Prediccion %v, want %v", pt.Prediccion, want)
			}
			for field, r := range map[string]string{"UsuEspectroDigitalBRId": "BR", "UsuEspectroDigitalARId": "AR", "UsuEspectroDigitalDMId": "DM", "UsuEspectroDigitalMGId": "MG"} {
				id, _ := pred[field].(float64)
				if s := pt.EspectrosDigitales[r]; int64(id) != s.UsuEspectroDigitalID || (id != 0 && s.BandasDigitales == nil) {
					t.Errorf("EspectrosDigitales[%s] %+v, want spectrum %v with its bands", r, s, id)
				}
			}
		}
		if !found {
			t.Errorf("point %d not in the document", point)
		}
	})
}

// Sensors stored behind a KOS Sensor machine's gateway with one order number (before the
// registry refused it) stop its configuration in InitialChecks, naming them, rather than
// sending a document with two sensors at one position of the bus.
func TestConfigurationMEMSOrderTwice(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		mill := memsMill(t, p)
		if _, err := p.d.Exec(`UPDATE equipos SET numero_orden = 1 WHERE numero_serie = 'KS-0002'`); err != nil {
			t.Fatal(err)
		}
		st, body := p.signedIn.do("POST", p.url("/machine/%d/configuration", mill), map[string]any{"Modo": 0})
		g := decode[generated](t, body)
		if st != 200 || g.Publicada || !slices.Contains(failures(g.Secciones), "InitialChecks: Los sensores KS-0001, KS-0002 tienen el mismo número de orden 1 en el concentrador.") {
			t.Errorf("two sensors of order 1: %d published %v %v", st, g.Publicada, failures(g.Secciones))
		}
	})
}
