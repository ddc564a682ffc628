package configuration

import (
	"slices"
	"strings"
	"testing"

	"vigia/internal/assoc"
	"vigia/internal/catalog"
	"vigia/internal/devices"
	"vigia/internal/operating"
	"vigia/internal/platform/api"
	"vigia/internal/tree"
)

func ptr[T any](v T) *T { return &v }

// valid is a machine every check passes: an online Alert10 machine with a 60 s criterion of
// one condition, a point with a low-range spectrum of 60,000 cpm, and a 1x VCV whose band
// ends at 6,000 cpm with its thresholds in that condition.
func valid(family string) *input {
	m := &tree.Machine{UsuMaquinaID: 1, MachineFields: tree.MachineFields{NombreEs: "Bomba", Online: true, Actualizacion: "VCOV",
		VelocidadMaxTrabajo: ptr("1500.000"), TiempoAprendizaje: 48, KOSSensor: family == devices.TypeSensor}}
	point := &tree.Point{UsuPuntoVibracionID: 10, PointFields: tree.PointFields{NombreEs: "LA", UsuEspectroBrId: ptr(int64(100)),
		Canales: []tree.CanalAsociado{{Canal: 1, Direccion: 1}}}}
	band := &catalog.Band{NombreEs: "Baja", BandFields: catalog.BandFields{Frecuencia: "CPMS", Rango: "BR", Rango1Inicio: ptr("600"), Rango1Fin: ptr("6000")}}
	g := &assoc.Graph{Machine: m, Points: []*tree.Point{point},
		Spectra:    map[int64]*catalog.Spectrum{100: {NombreEs: "BR 60k", SpectrumFields: catalog.SpectrumFields{Rango: "BR", FrecuenciaMuestreo: ptr(int64(60000))}}},
		Criterion:  &operating.Criterion{NombreEs: "Velocidad", TiempoAlarma: 600, TiempoAviso: 600, TiempoEstable: 600, TiempoPeligro: 600, Vco_v: []operating.Entry{{UsuVco_vId: 7, Nombre: "Velocidad"}}},
		Conditions: []operating.CriterionCondition{{UsuCondicionID: 5, CondicionNombre: "Nominal"}},
		Vcos:       []operating.MachineVco{{UsuVco_vId: 7, NombreEs: "Velocidad", Canal: ptr(int64(9))}},
	}
	ref := &assoc.Reference{ID: 1000, UsuCondicionId: 5}
	ref.VH1Aviso, ref.VH1Alarma, ref.VH1Peligro = ptr(int64(2800)), ptr(int64(4500)), ptr(int64(7100))
	g.Associations = []*assoc.GraphAssociation{{ID: 50, Kind: &assoc.Kind{Tipo: "MPV"}, Point: 10,
		Vcv: &catalog.Vcv{NombreEs: "Velocidad 1x", Banda: band}, References: []*assoc.Reference{ref}}}
	in := &input{g: g, family: family, maxOrder: MaxOrder, target: &target{ID: 3, Tipo: family, NumeroSerie: "A10-001", behind: true}}
	if family == devices.TypeSensor {
		in.target.Tipo = devices.TypeGateway
		in.sensors = []devices.InstalledDevice{{NumeroSerie: "S-0", Alias: "Motor", NumeroOrden: ptr(int64(0)), UsuPuntoVibracionID: ptr(int64(10))},
			{NumeroSerie: "S-1", Alias: "Bomba", NumeroOrden: ptr(int64(1)), UsuPuntoVibracionID: ptr(int64(10))}}
	}
	return in
}

// Each check of each section: the error it reports, in the section the family's report puts
// it in, and nothing published; the all-OK case of each family publishes (MACH-055).
func TestChecks(t *testing.T) {
	alert, sensor, behind := devices.TypeAlert10, devices.TypeSensor, devices.TypeAlert10C
	cases := []struct {
		name, family string
		mode         int
		change       func(in *input)
		// section and code expected ("" : every section OK)
		section, code string
	}{
		{"alert device, all OK", alert, Monitor, nil, "", ""},
		{"alert device behind a gateway, all OK", behind, Monitor, nil, "", ""},
		{"KOS Sensor, all OK", sensor, Monitor, nil, "", ""},
		{"learning with its time, all OK", alert, Learn, nil, "", ""},
		{"no device", alert, Monitor, func(in *input) { in.target = nil }, "Equipment", "no_device"},
		{"a device no longer the factory's", alert, Monitor, func(in *input) { in.target.Missing = true }, "Equipment", "device_missing"},
		{"a KOS Sensor machine without a gateway", sensor, Monitor, func(in *input) { in.target = nil }, "InitialChecks", "no_device"},
		{"no criterion", alert, Monitor, func(in *input) { in.g.Criterion = nil }, "InitialCheck", "no_criterion"},
		{"the DESCONOCIDO criterion", alert, Monitor, func(in *input) { in.g.Criterion.Sistema = true }, "InitialCheck", "no_criterion"},
		// MACH-067: under 20 for a user who is not ADMIN.
		{"criterion under 20", alert, Monitor, func(in *input) { in.g.Criterion.TiempoAviso = 19 }, "InitialCheck", "criterion_times"},
		{"criterion of 20", alert, Monitor, func(in *input) { in.g.Criterion.TiempoAviso = 20 }, "", ""},
		{"ADMIN exempt", alert, Monitor, func(in *input) { in.g.Criterion.TiempoAviso = 1; in.exempt = true }, "", ""},
		// MACH-068: under 360 on KOS Sensor machines.
		{"KOS Sensor criterion under 360", sensor, Monitor, func(in *input) { in.g.Criterion.TiempoPeligro = 359 }, "InitialChecks", "criterion_times"},
		{"KOS Sensor criterion of 360", sensor, Monitor, func(in *input) {
			c := in.g.Criterion
			c.TiempoAlarma, c.TiempoAviso, c.TiempoEstable, c.TiempoPeligro = 360, 360, 360, 360
		}, "", ""},
		// MACH-072: learning needs its time.
		{"learning without time", alert, Learn, func(in *input) { in.g.Machine.TiempoAprendizaje = 0 }, "InitialCheck", "learning_time"},
		{"monitoring without learning time", alert, Monitor, func(in *input) { in.g.Machine.TiempoAprendizaje = 0 }, "", ""},
		// MACH-065: no sensor of order zero; MACH-063: an order above the maximum.
		// MSG-028: the two error flags, no sensor of order zero and an order above the maximum.
		{"no sensor of order 0", sensor, Monitor, func(in *input) { in.sensors = in.sensors[1:] }, "InitialChecks", "no_order_zero"},
		{"order above the maximum", sensor, Monitor, func(in *input) { in.sensors[1].NumeroOrden = ptr(int64(MaxOrder + 1)) }, "InitialChecks", "order_above_max"},
		{"order at the console's maximum", sensor, Monitor, func(in *input) { in.sensors[1].NumeroOrden = ptr(int64(4)); in.maxOrder = 4 }, "", ""},
		{"a sensor without order", sensor, Monitor, func(in *input) { in.sensors[1].NumeroOrden = nil }, "InitialChecks", "sensor_no_order"},
		{"offline alert machine", alert, Monitor, func(in *input) { in.g.Machine.Online = false }, "MachineStatus", "machine_offline"},
		{"offline KOS Sensor machine", sensor, Monitor, func(in *input) { in.g.Machine.Online = false }, "InitialChecks", "machine_offline"},
		{"alert device not behind the gateway", behind, Monitor, func(in *input) { in.target.behind = false }, "Equipment", "not_behind"},
		{"no points", alert, Monitor, func(in *input) { in.g.Points = nil }, "Machine", "no_points"},
		{"no working speed", alert, Monitor, func(in *input) { in.g.Machine.VelocidadMaxTrabajo = nil }, "Machine", "machine_speed"},
		{"a criterion VCO not on the machine", alert, Monitor, func(in *input) { in.g.Vcos = nil }, "Vcos", "vco_missing"},
		{"KOS Sensor: a criterion VCO not on the machine", sensor, Monitor, func(in *input) { in.g.Vcos = nil }, "OCVs", "vco_missing"},
		{"a channel wired twice", alert, Monitor, func(in *input) { in.g.Vcos[0].Canal = ptr(int64(1)) }, "Vcos", "channel_twice"},
		{"nothing to measure", alert, Monitor, func(in *input) { in.g.Associations = nil }, "Measurements", "no_measurements"},
		{"a range without spectrum", alert, Monitor, func(in *input) { in.g.Points[0].UsuEspectroBrId = nil }, "Measurements", "no_spectrum"},
		{"a band beyond its spectrum", alert, Monitor, func(in *input) { in.g.Associations[0].Vcv.Banda.Rango1Fin = ptr("90000") }, "Measurements", "band_outside"},
		{"a band in orders beyond its spectrum", alert, Monitor, func(in *input) {
			b := in.g.Associations[0].Vcv.Banda
			b.Frecuencia, b.FrecuOrdenesFinal = "ORDENES", ptr("50") // 50 × 1,500 rpm = 75,000 cpm
		}, "Measurements", "band_outside"},
		{"no thresholds in a condition", alert, Monitor, func(in *input) {
			in.g.Conditions = append(in.g.Conditions, operating.CriterionCondition{UsuCondicionID: 6, CondicionNombre: "Parada"})
		}, "References", "references_missing"},
		{"empty thresholds", alert, Monitor, func(in *input) {
			r := in.g.Associations[0].References[0]
			r.VH1Aviso, r.VH1Alarma, r.VH1Peligro = nil, nil, nil
		}, "References", "references_missing"},
		{"inconsistent thresholds", alert, Monitor, func(in *input) { in.g.Associations[0].References[0].VH1Alarma = nil }, "References", "references_invalid"},
		{"a pause needs no criterion nor measurements", alert, Pause, func(in *input) { in.g.Criterion = nil; in.g.Associations = nil }, "", ""},
		{"a pause needs a device", alert, Pause, func(in *input) { in.target = nil }, "Equipment", "no_device"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := valid(c.family)
			in.mode = c.mode
			if c.change != nil {
				c.change(in)
			}
			secs, doc, _, hash, err := report(in, "es")
			if err != nil {
				t.Fatal(err)
			}
			want := SectionNames(c.family)
			if got := names(secs); !slices.Equal(got, want) {
				t.Errorf("sections %v, want %v", got, want)
			}
			var failed []string
			for _, s := range secs {
				for _, e := range s.Errores {
					failed = append(failed, s.Nombre+":"+e.Code)
				}
			}
			if c.code == "" {
				if len(failed) > 0 || doc == nil || hash == "" {
					t.Errorf("want every section OK and a document, got %v", failed)
				}
				return
			}
			if doc != nil {
				t.Error("a document was made despite errors")
			}
			if !slices.Contains(failed, c.section+":"+c.code) || !slices.Contains(failed, "FileCreation:file_not_created") {
				t.Errorf("errors %v, want %s:%s and FileCreation:file_not_created", failed, c.section, c.code)
			}
		})
	}
}

func names(secs []api.Section) []string {
	var out []string
	for _, s := range secs {
		out = append(out, s.Nombre)
	}
	return out
}

// MACH-056, MACH-057: the sections of each report, in order.
func TestReportSections(t *testing.T) {
	for family, want := range map[string][]string{
		devices.TypeSensor:   {"InitialChecks", "Machine", "OCVs", "Measurements", "References", "FileCreation"},
		devices.TypeAlert10:  {"InitialCheck", "MachineStatus", "Equipment", "Machine", "Vcos", "Measurements", "References", "FileCreation"},
		devices.TypeAlert10C: {"InitialCheck", "MachineStatus", "Equipment", "Machine", "Vcos", "Measurements", "References", "FileCreation"},
	} {
		if got := SectionNames(family); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", family, got, want)
		}
	}
}

// MACH-058: a sensor is named by its serial number and alias in the report's messages, in
// the caller's language; the spec's texts are verbatim (MACH-072, MACH-067).
func TestReportMessages(t *testing.T) {
	in := valid(devices.TypeSensor)
	in.sensors[1].NumeroOrden = ptr(int64(40))
	in.mode = Learn
	in.g.Machine.TiempoAprendizaje = 0
	in.g.Criterion.TiempoAviso = 30
	secs, _, _, _, err := report(in, "es")
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, e := range secs[0].Errores {
		msgs = append(msgs, e.Message)
	}
	for _, want := range []string{"El sensor S-1 (Bomba) supera el número máximo de orden (32).", "No se ha asignado un tiempo de aprendizaje.",
		"Los intervalos de medición del criterio seleccionado son muy cortos"} {
		if !slices.Contains(msgs, want) {
			t.Errorf("messages %q lack %q", msgs, want)
		}
	}
}

// The document carries what the device needs — each reference with the VrId its values come
// back with — and its hash depends on its content only.
func TestDocument(t *testing.T) {
	in := valid(devices.TypeAlert10)
	doc := build(in.g, Monitor, in.family, Target{NumeroSerie: "A10-001", Tipo: devices.TypeAlert10}, nil)
	h1, raw, err := doc.Hash()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), `"VrId":1000`) || !strings.Contains(string(raw), `"V_H1":[2800,4500,7100]`) {
		t.Errorf("document lacks the reference: %s", raw)
	}
	again := build(in.g, Monitor, in.family, Target{NumeroSerie: "A10-001", Tipo: devices.TypeAlert10}, nil)
	if h2, _, _ := again.Hash(); h2 != h1 {
		t.Error("the same machine hashed differently")
	}
	in.g.Associations[0].References[0].VH1Peligro = ptr(int64(7200))
	changed := build(in.g, Monitor, in.family, Target{NumeroSerie: "A10-001", Tipo: devices.TypeAlert10}, nil)
	h3, raw3, _ := changed.Hash()
	if h3 == h1 {
		t.Error("a changed threshold kept the hash")
	}
	diff, err := Diff(raw, raw3)
	if err != nil {
		t.Fatal(err)
	}
	want := []Change{{Ruta: "Puntos[LA].Valores[Velocidad 1x].Referencias[VrId=1000].V_H1[2]", Antes: "7100", Despues: "7200"}}
	if !slices.Equal(diff, want) {
		t.Errorf("diff %v, want %v", diff, want)
	}
}
