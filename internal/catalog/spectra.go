package catalog

import (
	"context"
	"net/http"
	"slices"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Sampling widths of alert-device spectra, in cpm (SPEC-036).
var SamplingWidths = []int64{1500, 3000, 6000, 7500, 9000, 12000, 18000, 24000, 30000, 36000, 48000, 60000, 72000, 96000,
	120000, 150000, 180000, 240000, 300000, 360000, 480000, 600000, 900000, 1200000, 1800000, 2400000}

// Sampling widths of digital spectra (SPEC-050); 5200 is for ADMIN, magnetometers sample at 2340 only.
var DigitalSamplingWidths = []int64{5200, 10000, 15000, 20000, 31000, 41000, 50000, 62500, 75000, 100000, 125000, 156000, 205000, 312500, 625000}

const (
	adminWidth       = 5200
	magnetometerRate = 2340
)

// Averages offered by the two families (SPEC-030, SPEC-062).
var (
	Averages        = []int64{1, 2, 4, 8, 16, 32, 64, 128}
	DigitalAverages = []int64{1, 2, 4}
)

// Lines is the number of lines of a line code (SPEC-027): 0..5 are 400..12800.
func Lines(code int64) int64 { return 400 << code }

// FFTSize is the FFT size of a line code, the same rule for both families (SPEC-028,
// SPEC-055): 512 for code 0, doubling up to 16384 for code 5; 512 for any other code.
func FFTSize(code int64) int64 {
	if code < 0 || code > 5 {
		return 512
	}
	return 512 << code
}

// memoryBudget is the averaging memory of a device: more with 50% overlap (SPEC-033).
func memoryBudget(overlap int64) int64 {
	if overlap == 50 {
		return 1179648
	}
	return 1048576
}

// SamplingDivider is the alert device's divider of a sampling width (SPEC-034).
func SamplingDivider(width int64) int64 {
	switch {
	case width == 1500:
		return 32
	case width == 3000:
		return 16
	case width >= 6000 && width <= 9000:
		return 8
	case width == 12000 || width == 18000:
		return 4
	case width >= 24000 && width <= 36000:
		return 2
	}
	return 1
}

// MaxAverages is the most averages an alert-device spectrum may take (SPEC-032): the memory
// budget over the FFT size and the sampling divider.
func MaxAverages(code, width, overlap int64) int64 {
	return memoryBudget(overlap) / (FFTSize(code) * SamplingDivider(width))
}

// DigitalMaxAverages is the most averages a digital spectrum may take (SPEC-043). The spec
// shows only that the budget is divided by a product of the lines, the rate, 2 and 8; our
// reading takes the rate in units of 10 kHz and always allows one average.
func DigitalMaxAverages(code, width, overlap int64) int64 {
	return max(1, memoryBudget(overlap)*10000/(Lines(code)*width*2*8))
}

// DigitalLineCodes are the line codes a digital sampling width offers (SPEC-052..SPEC-054).
func DigitalLineCodes(width int64) []int64 {
	switch {
	case width >= 205000:
		return []int64{1, 2, 3}
	case width >= 75000:
		return []int64{1, 2}
	}
	return []int64{1}
}

// SpectrumEnums are the option lists of the spectrum editors, each {id, nameSPA, nameENG}.
var SpectrumEnums = map[string][]EnumOption{
	"Rango":      {{"BR", "Baja resolución (BR)", "Low range (LR)"}, {"AR", "Alta resolución (AR)", "High range (HR)"}, {"DM", "Demodulación (DM)", "Envelope (DM)"}, {"MG", "Magnetómetro (MG)", "Magnetometer (MG)"}},
	"Lineas":     codes([]string{"400", "800", "1600", "3200", "6400", "12800"}),
	"Promediado": {{"LINEAL", "Lineal", "Linear"}, {"EXPONENCIAL", "Exponencial", "Exponential"}, {"PICO", "Retención de pico", "Peak hold"}},
	"Filtro":     {{"1_HZ", "1 Hz", "1 Hz"}, {"2_HZ", "2 Hz", "2 Hz"}, {"9_HZ", "9 Hz", "9 Hz"}, {"70_HZ", "70 Hz", "70 Hz"}, {"500_HZ", "500 Hz", "500 Hz"}, {"1000_HZ", "1000 Hz", "1000 Hz"}},
	"Ventana":    {{"HAMMING", "Hamming", "Hamming"}, {"HANN", "Hann", "Hann"}, {"RECTANGULAR", "Rectangular", "Rectangular"}},
	"Atenuacion": {{"SIN_ATENUAR", "Sin atenuar", "Not attenuated"}, {"10_DB", "10 dB", "10 dB"}, {"20_DB", "20 dB", "20 dB"}},
	"Unidad":     {{"G", "g (aceleración)", "g (acceleration)"}, {"MMSEG", "mm/s (velocidad)", "mm/s (velocity)"}, {"UM", "µm (desplazamiento)", "µm (displacement)"}, {"TESLA", "Tesla", "Tesla"}},
	"TipoUnidad": {{"1", "Pico (pK)", "Peak (pK)"}, {"2", "Pico a pico (pKpK)", "Peak to peak (pKpK)"}, {"3", "RMS", "RMS"}},
	"FiltroDemodulacion": {{"0", "Ninguno", "None"}, {"1", "0.5-20 kHz", "0.5-20 kHz"}, {"2", "1-20 kHz", "1-20 kHz"},
		{"3", "2-20 kHz", "2-20 kHz"}, {"4", "4-20 kHz", "4-20 kHz"}},
	"AmplificacionAutorango": {{"0", "Ninguna", "None"}, {"1", "1.35", "1.35"}, {"2", "2.25", "2.25"}, {"3", "6.28", "6.28"}},
	"RangoAmplitud":          {{"2", "±2 g", "±2 g"}, {"4", "±4 g", "±4 g"}, {"8", "±8 g", "±8 g"}, {"16", "±16 g", "±16 g"}},
	"FiltroHPF": {{"0", "Ninguno", "None"}, {"1", "33.33375 Hz", "33.33375 Hz"}, {"2", "66.6675 Hz", "66.6675 Hz"}, {"3", "133.335 Hz", "133.335 Hz"},
		{"4", "266.67 Hz", "266.67 Hz"}, {"5", "592.6 Hz", "592.6 Hz"}, {"6", "1333.35 Hz", "1333.35 Hz"}, {"7", "2666.7 Hz", "2666.7 Hz"}},
	"FiltroLPF": {{"0", "Ninguno", "None"}, {"1", "1300 Hz", "1300 Hz"}, {"2", "2600 Hz", "2600 Hz"}, {"3", "5600 Hz", "5600 Hz"}},
}

// codes lists labels whose ids are their positions.
func codes(labels []string) []EnumOption {
	out := make([]EnumOption, len(labels))
	for i, l := range labels {
		out[i] = EnumOption{strconv.Itoa(i), l, l}
	}
	return out
}

func optionIDs(list string) []string {
	var out []string
	for _, o := range SpectrumEnums[list] {
		out = append(out, o.ID)
	}
	return out
}

// SpectrumFields are the acquisition settings both families share (S2 §3.8, §3.9). Lineas
// is a line code (0..5, SPEC-027); TamanioFft follows from it.
type SpectrumFields struct {
	Rango              string  `json:"Rango" enum:"BR,AR,DM,MG" required:"false"`
	Lineas             *int64  `json:"Lineas,omitempty" minimum:"0" maximum:"5"`
	TamanioFft         int64   `json:"TamanioFft,omitempty" readOnly:"true"`
	Promediado         string  `json:"Promediado,omitempty"`
	NumPromedios       *int64  `json:"NumPromedios,omitempty"`
	Filtro             string  `json:"Filtro,omitempty"`
	Ventana            string  `json:"Ventana,omitempty"`
	Solapamiento       *int64  `json:"Solapamiento,omitempty"`
	FrecuenciaMuestreo *int64  `json:"FrecuenciaMuestreo,omitempty"`
	Atenuacion         *string `json:"Atenuacion,omitempty" nullable:"true"`
	Unidad             string  `json:"Unidad,omitempty"`
	TipoUnidad         *int64  `json:"TipoUnidad,omitempty"`
	// FiltroDemodulacion (0..4) applies to envelope (DM) spectra only (SPEC-026).
	FiltroDemodulacion int64 `json:"FiltroDemodulacion" required:"false" minimum:"0" maximum:"4"`
	// PorDefecto marks the factory spectrum of its range the machine's 'assign spectra' gives.
	PorDefecto bool `json:"PorDefecto" required:"false"`
}

// derive fills what follows from the stored fields: the FFT size of the line code.
func (s *SpectrumFields) derive() {
	if s.Lineas != nil {
		s.TamanioFft = FFTSize(*s.Lineas)
	}
}

// checkSpectrum applies the shared defaults and rules; windows, units and averages are the
// family's lists.
func checkSpectrum(s *SpectrumFields, errs *api.FieldErrors, ranges, windows, units []string, averages func() []int64, widths []int64) {
	if s.Promediado == "" {
		s.Promediado = "LINEAL" // SPEC-040
	}
	if s.Atenuacion == nil || *s.Atenuacion == "" {
		a := "SIN_ATENUAR" // SPEC-041
		s.Atenuacion = &a
	}
	if s.TipoUnidad == nil {
		three := int64(3) // SPEC-059
		s.TipoUnidad = &three
	}
	if s.Unidad == "MMSEG_RMS" { // SPEC-019: a legacy unit, RMS velocity
		s.Unidad, *s.TipoUnidad = "MMSEG", 3
	}
	oneOf(errs, "Rango", s.Rango, ranges)
	oneOf(errs, "Promediado", s.Promediado, optionIDs("Promediado"))
	oneOf(errs, "Filtro", s.Filtro, optionIDs("Filtro"))
	oneOf(errs, "Ventana", s.Ventana, windows)
	oneOf(errs, "Atenuacion", *s.Atenuacion, optionIDs("Atenuacion"))
	oneOf(errs, "Unidad", s.Unidad, units)
	within(errs, "TipoUnidad", s.TipoUnidad, []int64{1, 2, 3})
	within(errs, "Solapamiento", s.Solapamiento, []int64{0, 50})
	within(errs, "FrecuenciaMuestreo", s.FrecuenciaMuestreo, widths)
	if s.Lineas == nil {
		errs.Add("Lineas", "required", nil)
	} else if *s.Lineas < 0 || *s.Lineas > 5 {
		errs.Add("Lineas", "invalid", nil)
	} else {
		s.derive()
	}
	if len(*errs) == 0 {
		within(errs, "NumPromedios", s.NumPromedios, averages())
	} else if s.NumPromedios == nil {
		errs.Add("NumPromedios", "required", nil)
	}
	if s.Rango != "DM" {
		s.FiltroDemodulacion = 0
	}
}

func oneOf(errs *api.FieldErrors, field, v string, allowed []string) {
	switch {
	case v == "":
		errs.Add(field, "required", nil)
	case !slices.Contains(allowed, v):
		errs.Add(field, "invalid", nil)
	}
}

func within(errs *api.FieldErrors, field string, v *int64, allowed []int64) {
	switch {
	case v == nil:
		errs.Add(field, "required", nil)
	case !slices.Contains(allowed, *v):
		errs.Add(field, "invalid", nil)
	}
}

// upTo is the part of list not above limit.
func upTo(list []int64, limit int64) []int64 {
	var out []int64
	for _, v := range list {
		if v <= limit {
			out = append(out, v)
		}
	}
	return out
}

// Spectrum is an alert-device spectrum (S2 §3.8) with its bands.
type Spectrum struct {
	UsuEspectroID     int64  `json:"UsuEspectroID,omitempty"`
	AdminEspectroID   int64  `json:"AdminEspectroID,omitempty"`
	AdminEspectroGUID string `json:"AdminEspectroGUID,omitempty"`
	NombreEs          string `json:"NombreEs"`
	NombreEn          string `json:"NombreEn,omitempty"`
	SpectrumFields
	// SensorDinamicoId is the accelerometer: a dynamic sensor of the same scope (SPEC-018).
	SensorDinamicoId       int64   `json:"SensorDinamicoId" required:"false"`
	AmplificacionAutorango int64   `json:"AmplificacionAutorango" required:"false" minimum:"0" maximum:"3"`
	Bandas                 []*Band `json:"Bandas,omitempty" readOnly:"true"`
}

// DigitalSpectrum is a digital-sensor spectrum (S2 §3.9) with its bands.
type DigitalSpectrum struct {
	UsuEspectroDigitalID     int64  `json:"UsuEspectroDigitalID,omitempty"`
	AdminEspectroDigitalID   int64  `json:"AdminEspectroDigitalID,omitempty"`
	AdminEspectroDigitalGUID string `json:"AdminEspectroDigitalGUID,omitempty"`
	Nombre                   string `json:"Nombre"`
	SpectrumFields
	UsuSensorDinamicoDigitalId int64 `json:"UsuSensorDinamicoDigitalId" required:"false"`
	// AmplificacionAutorango is the digital sensor's amplitude range, ±g (SPEC-058).
	AmplificacionAutorango int64          `json:"AmplificacionAutorango" required:"false" enum:"0,2,4,8,16"`
	FiltroHPF              int64          `json:"FiltroHPF" required:"false" minimum:"0" maximum:"7"`
	FiltroLPF              int64          `json:"FiltroLPF" required:"false" minimum:"0" maximum:"3"`
	BandasDigitales        []*DigitalBand `json:"BandasDigitales,omitempty" readOnly:"true"`
	// EspectrosAsociados are the low-range and envelope spectra associated to a high-range
	// one (its 'associated spectra BR/DM', SPEC-011): the spectrum links of S2 §7.7.
	EspectrosAsociados []*DigitalSpectrum `json:"EspectrosAsociados,omitempty" readOnly:"true"`
}

// NewSpectra declares the two spectrum kinds over the sensor and band kinds they use.
func NewSpectra(sensors *Sensors, band *Kind[Band], digitalBand *Kind[DigitalBand]) (*Kind[Spectrum], *Kind[DigitalSpectrum]) {
	analog := &Kind[Spectrum]{Tipo: "spectrum", CopyMethod: http.MethodPost, Downloaded: "already_downloaded", CallPaths: FactoryCopyByAdd | DownloadByAdd,
		Ref: func(s *Spectrum) Ref {
			return Ref{ID: &s.UsuEspectroID, TemplateID: &s.AdminEspectroID, TemplateGUID: &s.AdminEspectroGUID, NombreEs: &s.NombreEs, NombreEn: &s.NombreEn}
		},
		Guard: func(s, old *Spectrum, scope auth.Scope) error {
			if !scope.Admin() { // AUTH-016: attenuation, demodulation filter and amplification are ADMIN's
				if old == nil {
					old = &Spectrum{}
				}
				s.Atenuacion, s.FiltroDemodulacion, s.AmplificacionAutorango = old.Atenuacion, old.FiltroDemodulacion, old.AmplificacionAutorango
			}
			return locked("Rango", s.Rango, old, func(o *Spectrum) string { return o.Rango })
		},
		Check: func(s *Spectrum) error {
			var errs api.FieldErrors
			errs.Names(&s.NombreEs, &s.NombreEn)
			checkSpectrum(&s.SpectrumFields, &errs, []string{"BR", "AR", "DM"}, optionIDs("Ventana"), []string{"G", "MMSEG", "UM"},
				func() []int64 {
					return upTo(Averages, MaxAverages(*s.Lineas, *s.FrecuenciaMuestreo, *s.Solapamiento))
				}, SamplingWidths)
			if s.SensorDinamicoId == 0 {
				errs.Add("SensorDinamicoId", "required", nil)
			}
			if s.AmplificacionAutorango < 0 || s.AmplificacionAutorango > 3 {
				errs.Add("AmplificacionAutorango", "invalid", nil)
			}
			s.Bandas = nil
			return errs.Err()
		},
		Uses:     []Use[Spectrum]{UseID("SensorDinamicoId", sensors.Dynamic, func(s *Spectrum) *int64 { return &s.SensorDinamicoId })},
		Complete: deriveAll[Spectrum],
	}
	analog.Links = []Linker[Spectrum]{bandLink(band, func(s *Spectrum) *[]*Band { return &s.Bandas })}

	digital := &Kind[DigitalSpectrum]{Tipo: "digitalspectrum", CopyMethod: http.MethodPost, Downloaded: "already_downloaded",
		Ref: func(s *DigitalSpectrum) Ref {
			return Ref{ID: &s.UsuEspectroDigitalID, TemplateID: &s.AdminEspectroDigitalID, TemplateGUID: &s.AdminEspectroDigitalGUID, NombreEs: &s.Nombre}
		},
		Guard: func(s, old *DigitalSpectrum, scope auth.Scope) error {
			if !scope.Admin() && old == nil && (s.Rango == "DM" || s.Rango == "MG") { // AUTH-010
				return api.Invalid("Rango", "admin_only", nil)
			}
			if !scope.Admin() && s.FrecuenciaMuestreo != nil && *s.FrecuenciaMuestreo == adminWidth &&
				(old == nil || old.FrecuenciaMuestreo == nil || *old.FrecuenciaMuestreo != adminWidth) {
				return api.Invalid("FrecuenciaMuestreo", "admin_only", nil)
			}
			return locked("Rango", s.Rango, old, func(o *DigitalSpectrum) string { return o.Rango })
		},
		Check: checkDigitalSpectrum,
		Uses: []Use[DigitalSpectrum]{UseID("UsuSensorDinamicoDigitalId", sensors.DigitalDynamic,
			func(s *DigitalSpectrum) *int64 { return &s.UsuSensorDinamicoDigitalId })},
		Complete: deriveAll[DigitalSpectrum],
	}
	digital.Links = []Linker[DigitalSpectrum]{
		bandLink(digitalBand, func(s *DigitalSpectrum) *[]*DigitalBand { return &s.BandasDigitales }),
		&Link[DigitalSpectrum, DigitalSpectrum]{Segment: "spectrum", To: digital, List: func(s *DigitalSpectrum) *[]*DigitalSpectrum { return &s.EspectrosAsociados },
			Fits: linksSpectrum, Misfit: "spectrum_link_range"},
	}
	return analog, digital
}

// deriveAll is the Complete of the spectrum and band kinds: an item read shows its derived values.
func deriveAll[S any, P interface {
	*S
	derive()
}](_ context.Context, _ db.Querier, _ auth.Scope, list []P) error {
	for _, s := range list {
		s.derive()
	}
	return nil
}

// bandLink declares the bands a spectrum of either kind holds: bands of its own range.
func bandLink[S, B any, PS interface {
	*S
	Range() string
}, PB interface {
	*B
	Range() string
}](to *Kind[B], list func(*S) *[]*B) Linker[S] {
	return &Link[S, B]{Segment: "band", To: to, List: list,
		Fits: func(s *S, b *B) bool { return PS(s).Range() == PB(b).Range() }, Misfit: "range_mismatch"}
}

// linksSpectrum tells whether the digital spectrum s may have the spectrum to associated:
// a high-range (AR) spectrum has low-range (BR) and envelope (DM) spectra (our reading of the
// 'associated spectra BR/DM' of S2 §2.7; the spec shows no more).
func linksSpectrum(s, to *DigitalSpectrum) bool {
	return s.Rango == "AR" && (to.Rango == "BR" || to.Rango == "DM")
}

// locked refuses, in edit mode, a change of a field fixed once created (a spectrum's range,
// SPEC-012; a band's type, BAND-047).
func locked[T any](field, now string, old *T, of func(*T) string) error {
	if old != nil && of(old) != "" && of(old) != now {
		return api.Invalid(field, "locked", nil)
	}
	return nil
}

// checkDigitalSpectrum applies the digital spectrum's defaults and rules (SPEC-037..SPEC-063).
func checkDigitalSpectrum(s *DigitalSpectrum) error {
	var errs api.FieldErrors
	errs.TrimText("Nombre", &s.Nombre, true)
	if s.Filtro == "" {
		s.Filtro = "9_HZ" // SPEC-063
	}
	units, widths := []string{"G", "MMSEG"}, DigitalSamplingWidths
	if s.Rango == "MG" { // SPEC-051, SPEC-060
		s.Unidad, units, widths = "TESLA", []string{"TESLA"}, []int64{magnetometerRate}
	}
	if s.AmplificacionAutorango == 0 {
		s.AmplificacionAutorango = 16
	}
	checkSpectrum(&s.SpectrumFields, &errs, []string{"BR", "AR", "DM", "MG"}, []string{"HANN", "RECTANGULAR"}, units,
		func() []int64 {
			return upTo(DigitalAverages, DigitalMaxAverages(*s.Lineas, *s.FrecuenciaMuestreo, *s.Solapamiento))
		}, widths)
	if s.Lineas != nil && s.FrecuenciaMuestreo != nil && !slices.Contains(DigitalLineCodes(*s.FrecuenciaMuestreo), *s.Lineas) {
		errs.Add("Lineas", "invalid", nil)
	}
	if s.UsuSensorDinamicoDigitalId == 0 {
		errs.Add("UsuSensorDinamicoDigitalId", "required", nil)
	}
	s.BandasDigitales = nil
	return errs.Err()
}

// RegisterSpectra serves the two spectrum kinds, their band links and their option lists.
func RegisterSpectra(a huma.API, d *db.DB, analog *Kind[Spectrum], digital *Kind[DigitalSpectrum]) {
	Register(a, d, analog)
	Register(a, d, digital)
	auth.Static(a, huma.Operation{OperationID: "spectrum-enums", Method: http.MethodGet, Path: "/api/spectrum/enums", Summary: "Option lists of the spectrum editors", Tags: []string{"spectrum"}},
		SpectrumEnums)
}

// Range is the spectrum's range (BR, AR, DM, MG).
func (s *SpectrumFields) Range() string { return s.Rango }

// RangeOf is the range of a spectrum or band, "" for an item of another kind.
func RangeOf(item any) string {
	if r, ok := item.(interface{ Range() string }); ok {
		return r.Range()
	}
	return ""
}
