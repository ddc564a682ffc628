package catalog

import (
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/platform/num"
)

// Enumerated sensor settings travel as objects named for their enumeration (S3 §3).
type (
	// Magnitude is what a sensor measures.
	Magnitude struct {
		EnumMagnitudID string `json:"EnumMagnitudID"`
	}
	// Input is a sensor's voltage input range.
	Input struct {
		EnumEntradaVoltajeID string `json:"EnumEntradaVoltajeID"`
	}
	// Power is the supply a device gives the sensor.
	Power struct {
		EnumPotenciaID string `json:"EnumPotenciaID"`
	}
	// SampleTime is how long a static reading is sampled.
	SampleTime struct {
		EnumTiempoMuestraID string `json:"EnumTiempoMuestraID"`
	}
)

// SensorEnums are the option lists of the sensor editors, each {id, nameSPA, nameENG}.
var SensorEnums = map[string][]EnumOption{
	"Magnitud": {{"G", "g (aceleración)", "g (acceleration)"}, {"A", "Amplitud", "Amplitude"}, {"RPM", "rpm", "rpm"},
		{"MM/S", "mm/s (velocidad)", "mm/s (velocity)"}, {"C", "°C (temperatura)", "°C (temperature)"}, {"BAR", "bar (presión)", "bar (pressure)"},
		{"PCT", "%", "%"}, {"A_ELEC", "A (intensidad)", "A (current)"}, {"V", "V (tensión)", "V (voltage)"}, {"M3H", "m³/h (caudal)", "m³/h (flow)"}},
	"Entrada":       {{"±8", "±8 V", "±8 V"}, {"±24", "±24 V", "±24 V"}, {"DC_0_10", "0–10 V DC", "0–10 V DC"}, {"DC_0_24", "0–24 V DC", "0–24 V DC"}},
	"Power":         {{"OFF", "Sin alimentación", "No power"}, {"ICP_2MA", "ICP 2 mA", "ICP 2 mA"}, {"ICP_4MA", "ICP 4 mA", "ICP 4 mA"}, {"24V", "24 V", "24 V"}},
	"TiempoMuestra": {{"1S", "1 s", "1 s"}, {"10S", "10 s", "10 s"}, {"1M", "1 min", "1 min"}, {"10M", "10 min", "10 min"}},
}

// EnumOption is an entry of a sensor option list.
type EnumOption struct {
	ID      string `json:"id"`
	NameSPA string `json:"nameSPA"`
	NameENG string `json:"nameENG"`
}

// Number formats of sensor fields (S3 §5, §9).
var (
	sensitivityFormat = num.Format{Int: 5, Decimals: 2, Signed: true}
	readingFormat     = num.Format{Int: 7, Decimals: 3, Signed: true}
	biasFormat        = num.Format{Int: 2, Decimals: 1}
)

const maxStability = 999_999_999

// DynamicSensor is a dynamic (accelerometer) sensor; DigitalDynamicSensor shares its fields.
type DynamicSensor struct {
	NombreEs          string    `json:"NombreEs"`
	NombreEn          string    `json:"NombreEn,omitempty"`
	Sensibilidad      *string   `json:"Sensibilidad,omitempty"`
	TiempoEstabilidad int64     `json:"TiempoEstabilidad" required:"false"`
	Entrada           Input     `json:"Entrada" required:"false"`
	Power             Power     `json:"Power" required:"false"`
	Magnitud          Magnitude `json:"Magnitud" required:"false"`
	BIASmin           *string   `json:"BIASmin,omitempty"`
	BIASmax           *string   `json:"BIASmax,omitempty"`
}

// checkDynamic applies the dynamic sensors' defaults and rules (SENS-020..SENS-035).
func checkDynamic(s *DynamicSensor) error {
	var errs api.FieldErrors
	errs.Names(&s.NombreEs, &s.NombreEn)
	num.Check(&errs, "Sensibilidad", &s.Sensibilidad, sensitivityFormat, "")
	stability(&errs, s.TiempoEstabilidad)
	if s.Entrada.EnumEntradaVoltajeID == "" {
		s.Entrada.EnumEntradaVoltajeID = "±8"
	}
	if s.Magnitud.EnumMagnitudID == "" || s.Magnitud.EnumMagnitudID == "MM/S" {
		s.Magnitud.EnumMagnitudID = "G" // SENS-026: MM/S reads as G
	}
	if m := s.Magnitud.EnumMagnitudID; m != "G" && m != "A" {
		errs.Add("Magnitud", "invalid", nil)
	}
	option(&errs, "Entrada", s.Entrada.EnumEntradaVoltajeID, false)
	option(&errs, "Power", s.Power.EnumPotenciaID, true)
	num.Check(&errs, "BIASmin", &s.BIASmin, biasFormat, "")
	num.Check(&errs, "BIASmax", &s.BIASmax, biasFormat, "")
	if lo, ok := biasFormat.Value(s.BIASmin); ok {
		if hi, ok := biasFormat.Value(s.BIASmax); ok && lo > hi {
			errs.Add("BIASmin", "bias_order", nil)
		}
	}
	return errs.Err()
}

// Sensor420 is a 4-20 mA current transmitter.
type Sensor420 struct {
	NombreEs          string     `json:"NombreEs"`
	NombreEn          string     `json:"NombreEn,omitempty"`
	Lectura4ma        *string    `json:"Lectura4ma,omitempty"`
	Lectura20ma       *string    `json:"Lectura20ma,omitempty"`
	TiempoEstabilidad int64      `json:"TiempoEstabilidad" required:"false"`
	Unidades          int64      `json:"Unidades" required:"false"`
	Magnitud          Magnitude  `json:"Magnitud" required:"false"`
	Power             Power      `json:"Power" required:"false"`
	TiempoMuestra     SampleTime `json:"TiempoMuestra" required:"false"`
}

func check420(s *Sensor420) error {
	var errs api.FieldErrors
	errs.Names(&s.NombreEs, &s.NombreEn)
	num.Check(&errs, "Lectura4ma", &s.Lectura4ma, readingFormat, "")
	num.Check(&errs, "Lectura20ma", &s.Lectura20ma, readingFormat, "")
	stability(&errs, s.TiempoEstabilidad)
	if s.Power.EnumPotenciaID == "" {
		s.Power.EnumPotenciaID = "OFF"
	}
	option(&errs, "Magnitud", s.Magnitud.EnumMagnitudID, true)
	option(&errs, "Power", s.Power.EnumPotenciaID, true)
	option(&errs, "TiempoMuestra", s.TiempoMuestra.EnumTiempoMuestraID, true)
	return errs.Err()
}

// StaticVoltageSensor is a static voltage sensor.
type StaticVoltageSensor struct {
	NombreEs          string     `json:"NombreEs"`
	NombreEn          string     `json:"NombreEn,omitempty"`
	DcOffset          *string    `json:"DcOffset,omitempty"`
	DcTop             *string    `json:"DcTop,omitempty"`
	TiempoEstabilidad int64      `json:"TiempoEstabilidad" required:"false"`
	TiempoMuestra     SampleTime `json:"TiempoMuestra" required:"false"`
	Entrada           Input      `json:"Entrada" required:"false"`
	Power             Power      `json:"Power" required:"false"`
	Magnitud          Magnitude  `json:"Magnitud" required:"false"`
}

func checkStaticVoltage(s *StaticVoltageSensor) error {
	var errs api.FieldErrors
	errs.Names(&s.NombreEs, &s.NombreEn)
	num.Check(&errs, "DcOffset", &s.DcOffset, readingFormat, "")
	num.Check(&errs, "DcTop", &s.DcTop, readingFormat, "")
	stability(&errs, s.TiempoEstabilidad)
	if s.Entrada.EnumEntradaVoltajeID == "" {
		s.Entrada.EnumEntradaVoltajeID = "DC_0_10"
	}
	if s.Power.EnumPotenciaID == "" {
		s.Power.EnumPotenciaID = "OFF"
	}
	option(&errs, "TiempoMuestra", s.TiempoMuestra.EnumTiempoMuestraID, true)
	option(&errs, "Entrada", s.Entrada.EnumEntradaVoltajeID, true)
	option(&errs, "Power", s.Power.EnumPotenciaID, true)
	option(&errs, "Magnitud", s.Magnitud.EnumMagnitudID, true)
	return errs.Err()
}

// TachoSensor is a tachometer: pulses per revolution.
type TachoSensor struct {
	NombreEs string `json:"NombreEs"`
	NombreEn string `json:"NombreEn,omitempty"`
	Cuentas  int64  `json:"Cuentas" required:"false"`
}

func checkTacho(s *TachoSensor) error {
	var errs api.FieldErrors
	errs.Names(&s.NombreEs, &s.NombreEn)
	if s.Cuentas < 1 || s.Cuentas > 255 {
		errs.Add("Cuentas", "range", map[string]any{"min": 1, "max": 255})
	}
	return errs.Err()
}

// VirtualSensor is a value computed by the device.
type VirtualSensor struct {
	NombreEs string    `json:"NombreEs"`
	NombreEn string    `json:"NombreEn,omitempty"`
	Magnitud Magnitude `json:"Magnitud" required:"false"`
}

func checkVirtual(s *VirtualSensor) error {
	var errs api.FieldErrors
	errs.Names(&s.NombreEs, &s.NombreEn)
	rpmDefault(&errs, &s.Magnitud)
	return errs.Err()
}

// NamedSensor is a keyboard or nominal sensor: one name and a magnitude, identified by GUID.
type NamedSensor struct {
	Nombre   string    `json:"Nombre"`
	Magnitud Magnitude `json:"Magnitud" required:"false"`
}

func checkNamed(s *NamedSensor) error {
	var errs api.FieldErrors
	errs.TrimText("Nombre", &s.Nombre, true)
	rpmDefault(&errs, &s.Magnitud)
	return errs.Err()
}

func rpmDefault(errs *api.FieldErrors, m *Magnitude) {
	if m.EnumMagnitudID == "" {
		m.EnumMagnitudID = "RPM"
	}
	option(errs, "Magnitud", m.EnumMagnitudID, true)
}

// stability checks a stability time: 0 or a positive whole number of up to 9 digits.
func stability(errs *api.FieldErrors, v int64) {
	if v < 0 || v > maxStability {
		errs.Add("TiempoEstabilidad", "range", map[string]any{"min": 0, "max": maxStability})
	}
}

// option checks that id is one of the list's options (required: not empty).
func option(errs *api.FieldErrors, list, id string, required bool) {
	if id == "" {
		if required {
			errs.Add(list, "required", nil)
		}
		return
	}
	for _, o := range SensorEnums[list] {
		if o.ID == id {
			return
		}
	}
	errs.Add(list, "invalid", nil)
}

// The sensor kinds' own types carry their identifiers beside the shared fields.
type (
	// Dynamic is a factory or template dynamic sensor.
	Dynamic struct {
		UsuSensorDinamicoID     int64  `json:"UsuSensorDinamicoID,omitempty"`
		AdminSensorDinamicoID   int64  `json:"AdminSensorDinamicoID,omitempty"`
		AdminSensorDinamicoGUID string `json:"AdminSensorDinamicoGUID,omitempty"`
		DynamicSensor
	}
	// DigitalDynamic is a factory or template digital dynamic sensor.
	DigitalDynamic struct {
		UsuSensorDinamicoDigitalID     int64  `json:"UsuSensorDinamicoDigitalID,omitempty"`
		AdminSensorDinamicoDigitalID   int64  `json:"AdminSensorDinamicoDigitalID,omitempty"`
		AdminSensorDinamicoDigitalGUID string `json:"AdminSensorDinamicoDigitalGUID,omitempty"`
		DynamicSensor
	}
	// Current420 is a factory or template 4-20 mA sensor.
	Current420 struct {
		UsuSensor420ID     int64  `json:"UsuSensor420ID,omitempty"`
		AdminSensor420ID   int64  `json:"AdminSensor420ID,omitempty"`
		AdminSensor420GUID string `json:"AdminSensor420GUID,omitempty"`
		Sensor420
	}
	// StaticVoltage is a factory or template static voltage sensor.
	StaticVoltage struct {
		UsuSensorVoltajeEstaticoID     int64  `json:"UsuSensorVoltajeEstaticoID,omitempty"`
		AdminSensorVoltajeEstaticoID   int64  `json:"AdminSensorVoltajeEstaticoID,omitempty"`
		AdminSensorVoltajeEstaticoGUID string `json:"AdminSensorVoltajeEstaticoGUID,omitempty"`
		StaticVoltageSensor
	}
	// Tacho is a factory or template tachometer.
	Tacho struct {
		UsuSensorTacometroID     int64  `json:"UsuSensorTacometroID,omitempty"`
		AdminSensorTacometroID   int64  `json:"AdminSensorTacometroID,omitempty"`
		AdminSensorTacometroGUID string `json:"AdminSensorTacometroGUID,omitempty"`
		TachoSensor
	}
	// Virtual is a factory or template virtual sensor.
	Virtual struct {
		UsuSensorVirtualID     int64  `json:"UsuSensorVirtualID,omitempty"`
		AdminSensorVirtualID   int64  `json:"AdminSensorVirtualID,omitempty"`
		AdminSensorVirtualGUID string `json:"AdminSensorVirtualGUID,omitempty"`
		VirtualSensor
	}
	// Keyboard is a factory or template keyboard sensor (identified by GUID).
	Keyboard struct {
		UsuSensorTecladoGUID   string `json:"UsuSensorTecladoGUID,omitempty"`
		AdminSensorTecladoGUID string `json:"AdminSensorTecladoGUID,omitempty"`
		NamedSensor
	}
	// Nominal is a factory or template nominal sensor (identified by GUID).
	Nominal struct {
		UsuSensorNominalGUID   string `json:"UsuSensorNominalGUID,omitempty"`
		AdminSensorNominalGUID string `json:"AdminSensorNominalGUID,omitempty"`
		NamedSensor
	}
)

func sensor[T any](tipo string, ref func(*T) Ref, check func(*T) error) *Kind[T] {
	return &Kind[T]{Tipo: "sensor/" + tipo, Ref: ref, Check: check, CopyMethod: http.MethodPut, Downloaded: "sensor_downloaded"}
}

// Sensors declares the eight sensor kinds (S3 §3, SENS-007..SENS-014).
type Sensors struct {
	Dynamic        *Kind[Dynamic]
	DigitalDynamic *Kind[DigitalDynamic]
	Current420     *Kind[Current420]
	StaticVoltage  *Kind[StaticVoltage]
	Tacho          *Kind[Tacho]
	Virtual        *Kind[Virtual]
	Keyboard       *Kind[Keyboard]
	Nominal        *Kind[Nominal]
}

// NewSensors declares the sensor kinds.
func NewSensors() *Sensors {
	return &Sensors{
		Dynamic: sensor("dynamic", func(s *Dynamic) Ref {
			return Ref{ID: &s.UsuSensorDinamicoID, TemplateID: &s.AdminSensorDinamicoID, TemplateGUID: &s.AdminSensorDinamicoGUID, NombreEs: &s.NombreEs, NombreEn: &s.NombreEn}
		}, func(s *Dynamic) error { return checkDynamic(&s.DynamicSensor) }),
		DigitalDynamic: sensor("digitaldynamic", func(s *DigitalDynamic) Ref {
			return Ref{ID: &s.UsuSensorDinamicoDigitalID, TemplateID: &s.AdminSensorDinamicoDigitalID, TemplateGUID: &s.AdminSensorDinamicoDigitalGUID, NombreEs: &s.NombreEs, NombreEn: &s.NombreEn}
		}, func(s *DigitalDynamic) error { return checkDynamic(&s.DynamicSensor) }),
		Current420: sensor("420", func(s *Current420) Ref {
			return Ref{ID: &s.UsuSensor420ID, TemplateID: &s.AdminSensor420ID, TemplateGUID: &s.AdminSensor420GUID, NombreEs: &s.NombreEs, NombreEn: &s.NombreEn}
		}, func(s *Current420) error { return check420(&s.Sensor420) }),
		StaticVoltage: sensor("staticvoltage", func(s *StaticVoltage) Ref {
			return Ref{ID: &s.UsuSensorVoltajeEstaticoID, TemplateID: &s.AdminSensorVoltajeEstaticoID, TemplateGUID: &s.AdminSensorVoltajeEstaticoGUID, NombreEs: &s.NombreEs, NombreEn: &s.NombreEn}
		}, func(s *StaticVoltage) error { return checkStaticVoltage(&s.StaticVoltageSensor) }),
		Tacho: sensor("taco", func(s *Tacho) Ref {
			return Ref{ID: &s.UsuSensorTacometroID, TemplateID: &s.AdminSensorTacometroID, TemplateGUID: &s.AdminSensorTacometroGUID, NombreEs: &s.NombreEs, NombreEn: &s.NombreEn}
		}, func(s *Tacho) error { return checkTacho(&s.TachoSensor) }),
		Virtual: sensor("virtual", func(s *Virtual) Ref {
			return Ref{ID: &s.UsuSensorVirtualID, TemplateID: &s.AdminSensorVirtualID, TemplateGUID: &s.AdminSensorVirtualGUID, NombreEs: &s.NombreEs, NombreEn: &s.NombreEn}
		}, func(s *Virtual) error { return checkVirtual(&s.VirtualSensor) }),
		Keyboard: sensor("keyboard", func(s *Keyboard) Ref {
			return Ref{GUID: &s.UsuSensorTecladoGUID, TemplateGUID: &s.AdminSensorTecladoGUID, NombreEs: &s.Nombre}
		}, func(s *Keyboard) error { return checkNamed(&s.NamedSensor) }),
		Nominal: sensor("nominal", func(s *Nominal) Ref {
			return Ref{GUID: &s.UsuSensorNominalGUID, TemplateGUID: &s.AdminSensorNominalGUID, NombreEs: &s.Nombre}
		}, func(s *Nominal) error { return checkNamed(&s.NamedSensor) }),
	}
}

// Register serves the eight sensor kinds, each at its own paths and all together at
// sensor/{factory} (S3 §7.1, in the order of its type values), and their option lists.
func (s *Sensors) Register(a huma.API, d *db.DB) {
	NewGroup("/api/sensor", s.Virtual, s.Dynamic, s.DigitalDynamic, s.Current420, s.StaticVoltage, s.Tacho, s.Keyboard, s.Nominal).Register(a, d, "sensor")
	auth.Static(a, huma.Operation{OperationID: "sensor-enums", Method: http.MethodGet, Path: "/api/sensor/enums", Summary: "Option lists of the sensor editors", Tags: []string{"sensor"}},
		SensorEnums)
}
