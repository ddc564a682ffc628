package simulate

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"vigia/internal/configuration"
	"vigia/internal/platform/api"
)

var (
	week   = 7 * Day
	origin = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	series = []Series{
		{VrId: 61, Dir: 0, Limits: [3]int64{3000, 6000, 9000}},
		{VrId: 61, Dir: 1, Limits: [3]int64{3000, 6000, 9000}},
		{VrId: 62, Dir: 2, Limits: [3]int64{2800, 4500, 7100}},
		{VrId: 90, Dir: 3, Limits: [3]int64{60_000, 0, 0}},
	}
)

// run samples every series every 10 simulated minutes for a week.
func run(g *Generator) map[Series][]int64 {
	out := map[Series][]int64{}
	for at := origin; at.Before(origin.Add(week)); at = at.Add(10 * time.Minute) {
		load := Load(at, 0.1)
		for _, s := range series {
			out[s] = append(out[s], g.Value(s, at, load))
		}
	}
	return out
}

// The same seed gives the same values; another seed others.
func TestGeneratorRepeatable(t *testing.T) {
	a, b, c := NewGenerator(7, origin), NewGenerator(7, origin), NewGenerator(8, origin)
	for _, g := range []*Generator{a, b, c} {
		g.FaultRate = 0.5
	}
	ra, rb, rc := run(a), run(b), run(c)
	for _, s := range series {
		if !slices.Equal(ra[s], rb[s]) {
			t.Errorf("seed 7 twice: %v differs", s)
		}
		if slices.Equal(ra[s], rc[s]) {
			t.Errorf("seeds 7 and 8: %v the same", s)
		}
	}
}

// Without faults a healthy machine stays below warning for a week, and its values move
// with the load (the daily cycle) around a baseline well above zero.
func TestGeneratorHealthy(t *testing.T) {
	for seed := range int64(20) {
		g := NewGenerator(seed, origin)
		for s, values := range run(g) {
			lo, hi := slices.Min(values), slices.Max(values)
			if hi >= s.Limits[0] {
				t.Errorf("seed %d %v: %d reaches warning %d without a fault", seed, s, hi, s.Limits[0])
			}
			if lo <= s.Limits[0]/10 || float64(hi-lo) < 0.1*float64(hi) {
				t.Errorf("seed %d %v: values %d..%d, want a level with a daily cycle", seed, s, lo, hi)
			}
		}
	}
}

// A fault crosses the threshold of its severity while it lasts, and the values come back
// below warning after it; faults happen on their own at the rate asked.
func TestGeneratorFault(t *testing.T) {
	g := NewGenerator(1, origin)
	s := series[0]
	at := origin.Add(Day)
	g.Value(s, at.Add(-10*time.Minute), 0.5)
	g.Fault(s, at, 1, 2*time.Hour)
	for i := range 12 {
		if v := g.Value(s, at.Add(time.Duration(i)*10*time.Minute), 0.5); v <= s.Limits[1] {
			t.Errorf("%d min into an alarm fault: %d, want above %d", i*10, v, s.Limits[1])
		}
	}
	if v := g.Value(s, at.Add(3*time.Hour), 0.5); v >= s.Limits[0] {
		t.Errorf("after the fault: %d, want below %d", v, s.Limits[0])
	}

	g = NewGenerator(1, origin)
	g.FaultRate = 1
	crossed := 0
	for _, values := range run(g) {
		for _, v := range values {
			if v >= series[0].Limits[0] {
				crossed++
			}
		}
	}
	if crossed == 0 {
		t.Error("a week at a fault a day: no value above warning")
	}
}

// The device checks a configuration against its family's limits and reports each section;
// the faults asked for show in the report.
func TestCheck(t *testing.T) {
	ch := func(v int64) *int64 { return &v }
	doc := configuration.Document{Familia: "ALERT10", Puntos: []configuration.Point{{Nombre: "LA"}}, Vcos: []configuration.Vco{{UsuVco_vId: 1, Canal: ch(3)}}}
	served := func(d configuration.Document) configuration.Served {
		raw, _ := json.Marshal(d)
		return configuration.Served{UsuMaquinaID: 5, Version: 2, Hash: "abc", Documento: raw}
	}
	failed := func(r *configuration.DeviceReport) []string {
		var out []string
		for _, s := range r.Secciones {
			if !s.OK {
				out = append(out, s.Nombre)
			}
		}
		return out
	}
	got, r := Check(served(doc), Faults{})
	if got == nil || r.Version != 2 || r.Hash != "abc" || r.UsuMaquinaID != 5 || len(failed(r)) != 0 || len(r.Secciones) != len(configuration.SectionNames("ALERT10")) {
		t.Errorf("a good document: %+v", r)
	}
	bad := doc
	bad.Vcos = []configuration.Vco{{UsuVco_vId: 1, Canal: ch(AlertChannels + 1)}}
	if _, r := Check(served(bad), Faults{}); !slices.Equal(failed(r), []string{"Vcos"}) {
		t.Errorf("a channel past the device's: %v failed, want Vcos", failed(r))
	}
	if _, r := Check(served(doc), Faults{Reject: "Machine", Partial: true, StaleHash: true}); !slices.Equal(failed(r), []string{"Machine", "References"}) || r.Hash == "abc" {
		t.Errorf("faults: %v failed, hash %s", failed(r), r.Hash)
	}
	sensor := configuration.Document{Familia: "MEMS", Sensores: []configuration.Sensor{{NumeroSerie: "KS-1", NumeroOrden: ch(0)}, {NumeroSerie: "KS-2", NumeroOrden: ch(0)}}}
	if _, r := Check(served(sensor), Faults{}); !slices.Equal(failed(r), []string{"InitialChecks"}) {
		t.Errorf("two sensors of one order number: %v failed, want InitialChecks", failed(r))
	}
	if _, r := Check(configuration.Served{Documento: json.RawMessage(`"no"`)}, Faults{}); len(failed(r)) != len(r.Secciones) {
		t.Errorf("an unreadable document: %v failed, want every section", failed(r))
	}
}

// The device reports its findings with the server's codes and messages (one table, three
// languages): two sensors of one order number read as the server's own check says it.
func TestCheckSpeaksTheServerMessages(t *testing.T) {
	order := func(v int64) *int64 { return &v }
	doc, _ := json.Marshal(configuration.Document{Familia: "MEMS", Sensores: []configuration.Sensor{
		{NumeroSerie: "KS-1", NumeroOrden: order(0)}, {NumeroSerie: "KS-2", NumeroOrden: order(0)}, {NumeroSerie: "KS-3", NumeroOrden: order(1)}}})
	_, r := Check(configuration.Served{Documento: doc}, Faults{})
	want := api.ErrorItem{Code: "order_twice", Message: "Los sensores KS-1, KS-2 tienen el mismo número de orden 0 en el concentrador."}
	if s := r.Secciones[0]; s.Nombre != "InitialChecks" || len(s.Errores) != 1 || s.Errores[0] != want {
		t.Errorf("two sensors of order 0: %+v, want %+v", s, want)
	}
}
