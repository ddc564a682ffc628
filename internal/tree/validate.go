package tree

import (
	"net/mail"
	"strings"

	"vigia/internal/platform/api"
	"vigia/internal/platform/num"
)

// ValidateSite checks a site (TREE-026..TREE-031): name, country and city required, a valid
// e-mail, and a position whose latitude and longitude are in range.
func ValidateSite(in *SiteFields) error {
	var errs api.FieldErrors
	errs.Names(&in.NombreEs, &in.NombreEn)
	in.Pais = strings.ToUpper(strings.TrimSpace(in.Pais))
	if in.Pais == "" {
		in.Pais = "ES"
	}
	if !has(enums.Paises, in.Pais) {
		errs.Add("Pais", "invalid", nil)
	}
	errs.TrimText("Ciudad", &in.Ciudad, true)
	for _, f := range []struct {
		name string
		p    *string
	}{{"Contacto", &in.Contacto}, {"Cp", &in.Cp}, {"Direccion", &in.Direccion}, {"Telefono1", &in.Telefono1},
		{"Telefono2", &in.Telefono2}, {"Fax", &in.Fax}, {"Email", &in.Email}} {
		errs.TrimText(f.name, f.p, false)
	}
	if in.Email != "" {
		if a, err := mail.ParseAddress(in.Email); err != nil || a.Address != in.Email {
			errs.Add("Email", "email", nil)
		}
	}
	if in.Gps != nil && (in.Gps.Lat < -90 || in.Gps.Lat > 90 || in.Gps.Lng < -180 || in.Gps.Lng > 180) {
		errs.Add("Gps", "gps", nil)
	}
	return errs.Err()
}

// ValidateArea checks an area: its name is required.
func ValidateArea(in *AreaFields) error {
	var errs api.FieldErrors
	errs.Names(&in.NombreEs, &in.NombreEn)
	return errs.Err()
}

// softwareUpdate reports whether the update mode uses the minimum speed and 1x amplitude
// (decision 14: 1XESPECTRO and VELOCIDADNOMINAL).
func softwareUpdate(mode string) bool { return mode == Update1X || mode == UpdateNominal }

// ValidateMachine checks the plain fields of a machine (spec §5, decision 14) and clears the
// fields its update mode does not use, and an online machine's route association.
func ValidateMachine(in *MachineFields) error {
	var errs api.FieldErrors
	errs.Names(&in.NombreEs, &in.NombreEn)
	if !has(enums.Actualizacion, in.Actualizacion) {
		errs.Add("Actualizacion", "required", nil)
	}
	if !softwareUpdate(in.Actualizacion) {
		in.VelocidadMinima, in.AmplitudMinima1x = nil, nil
	}
	if in.Actualizacion == UpdateUnknown {
		in.VelocidadVariable = false
	}
	if in.Online {
		in.AsociacionesMaquinaId = nil // MACH-085: routes are for offline machines
	}
	num.Check(&errs, "VelocidadMinima", &in.VelocidadMinima, SpeedFormat, "0.001")
	num.Check(&errs, "VelocidadMaxTrabajo", &in.VelocidadMaxTrabajo, SpeedFormat, "0.003")
	num.Check(&errs, "AmplitudMinima1x", &in.AmplitudMinima1x, SpeedFormat, "0.001")
	if in.Actualizacion == Update1X && in.VelocidadVariable {
		hi, okHi := SpeedFormat.Value(in.VelocidadMaxTrabajo)
		lo, okLo := SpeedFormat.Value(in.VelocidadMinima)
		if okHi && okLo && hi <= lo {
			errs.Add("VelocidadMaxTrabajo", "greater_than_min_speed", nil)
		}
	}
	if in.Kw < 0 || in.Kw > 999_999_999 {
		errs.Add("Kw", "range", map[string]any{"min": 0, "max": 999_999_999})
	}
	if in.Anclaje != nil && !has(enums.Anclaje, itoa(*in.Anclaje)) {
		errs.Add("Anclaje", "invalid", nil)
	}
	if in.TiempoAprendizaje < 0 || in.TiempoAprendizaje > maxLearningHour {
		errs.Add("TiempoAprendizaje", "range", map[string]any{"min": 0, "max": maxLearningHour})
	}
	comments(&errs, "Explicacion", &in.ExplicacionEs, &in.ExplicacionEn)
	return errs.Err()
}

// ValidateComponent checks a component (TREE-070..TREE-078): name and mounting required,
// power and nominal speed formats (decision 13), and the motor fields its subtype needs.
func ValidateComponent(in *ComponentFields) error {
	var errs api.FieldErrors
	errs.Names(&in.NombreEs, &in.NombreEn)
	num.Check(&errs, "Potencia", &in.Potencia, PowerFormat, "")
	num.Check(&errs, "VelocidadNominal", &in.VelocidadNominal, SpeedFormat, "")
	if in.Montaje == nil {
		errs.Add("Montaje", "required", nil)
	} else if *in.Montaje != Horizontal && *in.Montaje != Vertical {
		errs.Add("Montaje", "invalid", nil)
	}
	if in.GenSubtipoComponenteId != nil && !has(enums.SubtipoComponente, itoa(*in.GenSubtipoComponenteId)) {
		errs.Add("GenSubtipoComponenteId", "invalid", nil)
	}
	comments(&errs, "Comentario", &in.ComentarioEs, &in.ComentarioEn)
	motor := motorOf(in.GenSubtipoComponenteId)
	if motor == 0 {
		in.Motor = nil
	} else {
		if in.Motor == nil {
			in.Motor = &Motor{}
		}
		validateMotor(&errs, in.Motor, motor)
	}
	return errs.Err()
}

// validateMotor requires the common motor fields and drops those its kind does not have.
func validateMotor(errs *api.FieldErrors, m *Motor, kind int) {
	for _, f := range []struct {
		name string
		p    *string
	}{{"Motor.Marca", &m.Marca}, {"Motor.Velocidad", &m.Velocidad}, {"Motor.Tipo", &m.Tipo}, {"Motor.NumeroSerie", &m.NumeroSerie}} {
		errs.TrimText(f.name, f.p, true)
	}
	ac := []*string{&m.CosenoPhi, &m.Intensidad, &m.ClaseTermica, &m.Tension, &m.IndiceProteccion}
	rotor := []*string{&m.IntensidadRotor, &m.TensionRotor}
	dc := []*string{&m.TensionExcitacion, &m.TensionInducido, &m.IntensidadExcitacion, &m.IntensidadInducido}
	clear := func(ps []*string) {
		for _, p := range ps {
			*p = ""
		}
	}
	switch kind {
	case 1:
		clear(rotor)
		clear(dc)
	case 2:
		clear(dc)
	default:
		clear(ac)
		clear(rotor)
	}
}

// ValidatePoint checks a vibration point (TREE-098..TREE-103): name required, position 1 to
// 255, relative speed format, and an orientation that fits the component's mounting.
func ValidatePoint(in *PointFields, mounting *int64) error {
	var errs api.FieldErrors
	errs.Names(&in.NombreEs, &in.NombreEn)
	errs.TrimText("Referencia", &in.Referencia, false)
	if in.Posicion < 1 || in.Posicion > 255 {
		errs.Add("Posicion", "range", map[string]any{"min": 1, "max": 255})
	}
	num.Check(&errs, "Vr", &in.Vr, RelSpeedFormat, "0.00001")
	if in.MontajeId != nil && (mounting == nil || !orientationFits(*in.MontajeId, *mounting)) {
		errs.Add("MontajeId", "invalid", nil)
	}
	return errs.Err()
}

// maxComment bounds a machine's explanation and a component's comment, as their editors do.
const maxComment = 1000

// comments trims and checks the Spanish and English texts of a comment (field+"Es",
// field+"En"); an empty English one takes the Spanish, as names do.
func comments(errs *api.FieldErrors, field string, es, en *string) {
	*es, *en = api.TrimInvisible(*es), api.TrimInvisible(*en)
	if *en == "" {
		*en = *es
	}
	errs.TextMax(field+"Es", *es, false, maxComment)
	errs.TextMax(field+"En", *en, false, maxComment)
}
