package tree

import (
	"strings"
	"testing"

	"vigia/internal/platform/api"
)

// refused lists the field:code of the items err carries ("" for none).
func refused(err error) string {
	p, ok := api.AsProblem(err)
	if !ok {
		if err != nil {
			return err.Error()
		}
		return ""
	}
	var out []string
	for _, it := range p.Items {
		out = append(out, it.Field+":"+it.Code)
	}
	return strings.Join(out, " ")
}

func ptr[T any](v T) *T { return &v }

// A site: name (TREE-026), country (TREE-027, Spain by default) and city (TREE-028) required,
// a well-formed e-mail, a position within range, no text over 100 characters.
func TestValidateSite(t *testing.T) {
	valid := func() SiteFields { return SiteFields{NombreEs: "Centro", Pais: "es", Ciudad: "Bilbao"} }
	for _, c := range []struct {
		name  string
		edit  func(*SiteFields)
		want  string
		check func(*SiteFields) bool
	}{
		{"valid, the country upper-cased and the English name taken from the Spanish", func(*SiteFields) {}, "",
			func(s *SiteFields) bool { return s.Pais == "ES" && s.NombreEn == "Centro" }},
		{"TREE-026 no name", func(s *SiteFields) { s.NombreEs = "  " }, "NombreEs:required", nil},
		{"TREE-027 no country is Spain", func(s *SiteFields) { s.Pais = "" }, "", func(s *SiteFields) bool { return s.Pais == "ES" }},
		{"an unknown country", func(s *SiteFields) { s.Pais = "XX" }, "Pais:invalid", nil},
		{"TREE-028 no city", func(s *SiteFields) { s.Ciudad = "" }, "Ciudad:required", nil},
		{"a long address", func(s *SiteFields) { s.Direccion = strings.Repeat("a", 101) }, "Direccion:max_length", nil},
		{"an e-mail", func(s *SiteFields) { s.Email = "ana@example.com" }, "", nil},
		{"a malformed e-mail", func(s *SiteFields) { s.Email = "ana@" }, "Email:email", nil},
		{"an e-mail with a display name", func(s *SiteFields) { s.Email = "Ana <ana@example.com>" }, "Email:email", nil},
		{"a position", func(s *SiteFields) { s.Gps = &GPS{Lat: 43.26, Lng: -2.93} }, "", nil},
		{"a latitude out of range", func(s *SiteFields) { s.Gps = &GPS{Lat: 91} }, "Gps:gps", nil},
		{"a longitude out of range", func(s *SiteFields) { s.Gps = &GPS{Lng: -181} }, "Gps:gps", nil},
	} {
		s := valid()
		c.edit(&s)
		if got := refused(ValidateSite(&s)); got != c.want || (c.check != nil && !c.check(&s)) {
			t.Errorf("%s: %q %+v, want %q", c.name, got, s, c.want)
		}
	}
}

// An area: its name is required.
func TestValidateArea(t *testing.T) {
	if got := refused(ValidateArea(&AreaFields{NombreEs: "Bombeo"})); got != "" {
		t.Errorf("valid: %s", got)
	}
	if got := refused(ValidateArea(&AreaFields{})); got != "NombreEs:required" {
		t.Errorf("no name: %s", got)
	}
}

// A machine's plain fields: the update mode required; the minimum speed and 1x amplitude
// only for the software update modes (cleared otherwise); the maximum working speed above
// the minimum with a variable speed in 1XESPECTRO; decimal formats; Kw and learning time in
// range; DESCONOCIDO has no variable speed.
func TestValidateMachine(t *testing.T) {
	valid := func() MachineFields {
		return MachineFields{NombreEs: "Bomba", Actualizacion: Update1X, VelocidadMinima: ptr("300"), VelocidadMaxTrabajo: ptr("1500"), AmplitudMinima1x: ptr("0.5")}
	}
	for _, c := range []struct {
		name  string
		edit  func(*MachineFields)
		want  string
		check func(*MachineFields) bool
	}{
		{"valid", func(*MachineFields) {}, "", func(m *MachineFields) bool { return *m.VelocidadMinima == "300.000" }},
		{"no name", func(m *MachineFields) { m.NombreEs = "" }, "NombreEs:required", nil},
		{"no update mode", func(m *MachineFields) { m.Actualizacion = "" }, "Actualizacion:required", nil},
		{"an update mode without software update clears the minimum speed and amplitude", func(m *MachineFields) { m.Actualizacion = UpdateVCOV }, "",
			func(m *MachineFields) bool { return m.VelocidadMinima == nil && m.AmplitudMinima1x == nil }},
		{"an offline machine keeps its route association", func(m *MachineFields) { m.AsociacionesMaquinaId = ptr(int64(41)) }, "",
			func(m *MachineFields) bool { return *m.AsociacionesMaquinaId == 41 }},
		{"an online machine has no route association", func(m *MachineFields) { m.Online, m.AsociacionesMaquinaId = true, ptr(int64(41)) }, "",
			func(m *MachineFields) bool { return m.AsociacionesMaquinaId == nil }},
		{"DESCONOCIDO has no variable speed", func(m *MachineFields) { m.Actualizacion, m.VelocidadVariable = UpdateUnknown, true }, "",
			func(m *MachineFields) bool { return !m.VelocidadVariable }},
		{"a maximum speed not above the minimum with a variable speed", func(m *MachineFields) { m.VelocidadVariable, m.VelocidadMaxTrabajo = true, ptr("300") },
			"VelocidadMaxTrabajo:greater_than_min_speed", nil},
		{"the same speeds without a variable speed", func(m *MachineFields) { m.VelocidadMaxTrabajo = ptr("300") }, "", nil},
		{"a speed with four decimals", func(m *MachineFields) { m.VelocidadMinima = ptr("1.2345") }, "VelocidadMinima:decimal", nil},
		{"a speed below its minimum", func(m *MachineFields) { m.VelocidadMaxTrabajo = ptr("0.002") }, "VelocidadMaxTrabajo:min_value", nil},
		{"a decimal comma", func(m *MachineFields) { m.AmplitudMinima1x = ptr("0,75") }, "", func(m *MachineFields) bool { return *m.AmplitudMinima1x == "0.750" }},
		{"negative kW", func(m *MachineFields) { m.Kw = -1 }, "Kw:range", nil},
		{"an unknown anchoring", func(m *MachineFields) { m.Anclaje = ptr(int64(9)) }, "Anclaje:invalid", nil},
		{"a learning time over a century", func(m *MachineFields) { m.TiempoAprendizaje = maxLearningHour + 1 }, "TiempoAprendizaje:range", nil},
		{"the explanation in English taken from the Spanish", func(m *MachineFields) { m.ExplicacionEs = " Nota " }, "",
			func(m *MachineFields) bool { return m.ExplicacionEs == "Nota" && m.ExplicacionEn == "Nota" }},
	} {
		m := valid()
		c.edit(&m)
		if got := refused(ValidateMachine(&m)); got != c.want || (c.check != nil && !c.check(&m)) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// A component: name and mounting required (TREE-074), power with two decimals (TREE-070) and
// nominal speed with three (TREE-072), and the motor fields of its subtype: required brand,
// speed, type and serial number; AC fields for subtypes 1 and 2, rotor fields for 2, DC fields
// otherwise; no motor for a subtype that is not a motor.
func TestValidateComponent(t *testing.T) {
	full := Motor{Marca: "ABB", Velocidad: "1500", Tipo: "M3BP", NumeroSerie: "1", CosenoPhi: "0.8", IntensidadRotor: "10", TensionExcitacion: "220"}
	valid := func(subtype int64) ComponentFields {
		m := full
		return ComponentFields{NombreEs: "Motor", Montaje: ptr(int64(Horizontal)), GenSubtipoComponenteId: &subtype, Motor: &m}
	}
	for _, c := range []struct {
		name    string
		subtype int64
		edit    func(*ComponentFields)
		want    string
		check   func(*ComponentFields) bool
	}{
		{"an AC motor keeps its AC fields only", 1, func(*ComponentFields) {}, "",
			func(f *ComponentFields) bool {
				return f.Motor.CosenoPhi == "0.8" && f.Motor.IntensidadRotor == "" && f.Motor.TensionExcitacion == ""
			}},
		{"a wound-rotor motor keeps AC and rotor fields", 2, func(*ComponentFields) {}, "",
			func(f *ComponentFields) bool {
				return f.Motor.IntensidadRotor == "10" && f.Motor.TensionExcitacion == ""
			}},
		{"a DC motor keeps its DC fields only", 3, func(*ComponentFields) {}, "",
			func(f *ComponentFields) bool { return f.Motor.TensionExcitacion == "220" && f.Motor.CosenoPhi == "" }},
		{"a pump has no motor", 4, func(*ComponentFields) {}, "", func(f *ComponentFields) bool { return f.Motor == nil }},
		{"a motor without its common fields", 1, func(f *ComponentFields) { f.Motor = nil }, "Motor.Marca:required Motor.Velocidad:required Motor.Tipo:required Motor.NumeroSerie:required", nil},
		{"TREE-074 no mounting", 4, func(f *ComponentFields) { f.Montaje = nil }, "Montaje:required", nil},
		{"an unknown mounting", 4, func(f *ComponentFields) { f.Montaje = ptr(int64(3)) }, "Montaje:invalid", nil},
		{"an unknown subtype", 4, func(f *ComponentFields) { f.GenSubtipoComponenteId = ptr(int64(99)) }, "GenSubtipoComponenteId:invalid", nil},
		{"TREE-070 a negative power with two decimals", 4, func(f *ComponentFields) { f.Potencia = ptr("-999999.99") }, "", nil},
		{"TREE-070 a power with three decimals", 4, func(f *ComponentFields) { f.Potencia = ptr("1.234") }, "Potencia:decimal", nil},
		{"TREE-072 a nominal speed with four decimals", 4, func(f *ComponentFields) { f.VelocidadNominal = ptr("1.2345") }, "VelocidadNominal:decimal", nil},
	} {
		f := valid(c.subtype)
		c.edit(&f)
		if got := refused(ValidateComponent(&f)); got != c.want || (c.check != nil && !c.check(&f)) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// A point: name required (TREE-120), position 1 to 255 (TREE-121), relative speed with five
// decimals (TREE-122) at least 0.00001 (TREE-123), and an orientation of its component's
// mounting.
func TestValidatePoint(t *testing.T) {
	horizontal, vertical := ptr(int64(Horizontal)), ptr(int64(Vertical))
	for _, c := range []struct {
		name     string
		edit     func(*PointFields)
		mounting *int64
		want     string
	}{
		{"valid", func(*PointFields) {}, horizontal, ""},
		{"TREE-120 no name", func(p *PointFields) { p.NombreEs = "" }, horizontal, "NombreEs:required"},
		{"TREE-121 position 0", func(p *PointFields) { p.Posicion = 0 }, horizontal, "Posicion:range"},
		{"TREE-121 position 255", func(p *PointFields) { p.Posicion = 255 }, horizontal, ""},
		{"TREE-121 position 256", func(p *PointFields) { p.Posicion = 256 }, horizontal, "Posicion:range"},
		{"TREE-122 six integer digits", func(p *PointFields) { p.Vr = ptr("123456") }, horizontal, "Vr:decimal"},
		{"TREE-122 six decimals", func(p *PointFields) { p.Vr = ptr("0.000001") }, horizontal, "Vr:decimal"},
		{"TREE-123 the least", func(p *PointFields) { p.Vr = ptr("0.00001") }, horizontal, ""},
		{"TREE-123 zero", func(p *PointFields) { p.Vr = ptr("0") }, horizontal, "Vr:min_value"},
		{"a vertical orientation on a horizontal component", func(p *PointFields) { p.MontajeId = ptr(int64(8)) }, horizontal, "MontajeId:invalid"},
		{"a vertical orientation on a vertical component", func(p *PointFields) { p.MontajeId = ptr(int64(8)) }, vertical, ""},
		{"an orientation without mounting", func(p *PointFields) { p.MontajeId = ptr(int64(1)) }, nil, "MontajeId:invalid"},
		{"a long reference", func(p *PointFields) { p.Referencia = strings.Repeat("r", 101) }, horizontal, "Referencia:max_length"},
	} {
		p := PointFields{NombreEs: "LOA", Posicion: 1, Vr: ptr("1"), MontajeId: ptr(int64(1))}
		c.edit(&p)
		if got := refused(ValidatePoint(&p, c.mounting)); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
