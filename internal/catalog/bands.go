package catalog

import (
	"net/http"
	"slices"
	"strings"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/num"
)

// Frequency types and ranges of bands (EnumFrecuenciaID, EnumRangoID).
const (
	Orders   = "ORDENES"
	CPMs     = "CPMS"
	Bearings = "RODAMIENTOS"
)

// Summation codes (S2 §3.3).
const (
	SumNone = iota
	SumAutomatic
	SumManual
	SumGear
	SumThread
	SumLobe
	SumBearing
)

// Number formats of bands (S2 §5.1, decisions 7 and 8): frequencies and manual ranges up
// to 7 integer and 4 decimal digits, the side-band width 5 and 5; all sent with 5 decimals.
var (
	frequencyFormat = num.Format{Int: 7, Decimals: 4}
	widthFormat     = num.Format{Int: 5, Decimals: 5}
	sentFormat      = num.Format{Int: 7, Decimals: 5}
)

// digitalMin and digitalMax bound a digital band's frequencies by signal type (S2 §3.2).
const digitalMin = "600"

var digitalMax = map[string]string{"VEL": "60000", "ACE": "360000", "DEM": "60000", "MAG": "4500"}

// BandFields are the fields analog and digital bands share.
type BandFields struct {
	Frecuencia string `json:"Frecuencia" enum:"ORDENES,CPMS,RODAMIENTOS" required:"false"`
	// Rango is the range, or on an analog band's save its sensor-type code (ORDENESBR ... RDM,
	// API-050), which also sets Frecuencia; a band reads it as the range.
	Rango               string  `json:"Rango" enum:"BR,AR,DM,MG,ORDENESBR,ORDENESAR,ORDENESDM,CPMSBR,CPMSAR,CPMSDM,RBR,RAR,RDM" required:"false"`
	FrecuOrdenesInicial *string `json:"FrecuOrdenesInicial,omitempty"`
	FrecuOrdenesFinal   *string `json:"FrecuOrdenesFinal,omitempty"`
	FrecuOrdenesFallo   *string `json:"FrecuOrdenesFallo,omitempty"`
	Armonicos           *int64  `json:"Armonicos,omitempty"`
	BandasLaterales     *int64  `json:"BandasLaterales,omitempty"`
	AnchuraBandaLateral *string `json:"AnchuraBandaLateral,omitempty"`
	NumBandasIzquierda  *int64  `json:"NumBandasIzquierda,omitempty"`
	NumBandasDerecha    *int64  `json:"NumBandasDerecha,omitempty"`
	Sumatorio           int64   `json:"Sumatorio" minimum:"0" maximum:"6" required:"false"`
	Rango1Inicio        *string `json:"Rango1Inicio,omitempty"`
	Rango1Fin           *string `json:"Rango1Fin,omitempty"`
	Rango2Inicio        *string `json:"Rango2Inicio,omitempty"`
	Rango2Fin           *string `json:"Rango2Fin,omitempty"`
	Rango3Inicio        *string `json:"Rango3Inicio,omitempty"`
	Rango3Fin           *string `json:"Rango3Fin,omitempty"`
	Rango4Inicio        *string `json:"Rango4Inicio,omitempty"`
	Rango4Fin           *string `json:"Rango4Fin,omitempty"`
	Rango5Inicio        *string `json:"Rango5Inicio,omitempty"`
	Rango5Fin           *string `json:"Rango5Fin,omitempty"`
	Rango6Inicio        *string `json:"Rango6Inicio,omitempty"`
	Rango6Fin           *string `json:"Rango6Fin,omitempty"`
	// Tipo (VEL, ACE, ...) and Categoria (ORDENESBR, ...) are derived on save.
	Tipo      string `json:"Tipo,omitempty" readOnly:"true"`
	Categoria string `json:"Categoria,omitempty" readOnly:"true"`
}

func (b *BandFields) ranges() []**string {
	return []**string{&b.Rango1Inicio, &b.Rango1Fin, &b.Rango2Inicio, &b.Rango2Fin, &b.Rango3Inicio, &b.Rango3Fin,
		&b.Rango4Inicio, &b.Rango4Fin, &b.Rango5Inicio, &b.Rango5Fin, &b.Rango6Inicio, &b.Rango6Fin}
}

// Top is the band's highest frequency in cpm, for a machine turning at speed rpm: the end of
// its last CPM range, or its final order times the speed; false when it depends on the
// bearings (or the speed is unknown).
func (b *BandFields) Top(speed float64) (float64, bool) {
	const scale = 1e4 // frequencyFormat's decimals
	switch b.Frecuencia {
	case CPMs:
		top, found := int64(0), false
		for i, r := range b.ranges() {
			if v, ok := frequencyFormat.Value(*r); ok && i%2 == 1 {
				top, found = max(top, v), true
			}
		}
		return float64(top) / scale, found
	case Orders:
		v, ok := frequencyFormat.Value(b.FrecuOrdenesFinal)
		return float64(v) / scale * speed, ok && speed > 0
	}
	return 0, false
}

// BandType is the signal type code of a band (S2 §3.2 table): VEL, ACE, DEM, MAG with the
// CPMS or R(odamientos) prefix.
func BandType(frequency, rng string) string {
	base := map[string]string{"BR": "VEL", "AR": "ACE", "DM": "DEM", "MG": "MAG"}[rng]
	switch frequency {
	case CPMs:
		return "CPMS" + base
	case Bearings:
		return "R" + base
	}
	return base
}

// BandCategory is the sensor-type code a band save reports (ORDENESBR, CPMSAR, RDM...).
func BandCategory(frequency, rng string) string {
	if frequency == Bearings {
		return "R" + rng
	}
	return frequency + rng
}

// splitCategory sets the frequency type and range of a band whose Rango is a sensor-type code
// (BandCategory's); a Frecuencia sent beside it must agree.
func (b *BandFields) splitCategory() error {
	for _, f := range []string{Orders, CPMs, Bearings} {
		for _, r := range []string{"BR", "AR", "DM"} {
			if b.Rango != BandCategory(f, r) {
				continue
			}
			if b.Frecuencia != "" && b.Frecuencia != f {
				return api.Invalid("Frecuencia", "invalid", nil)
			}
			b.Frecuencia, b.Rango = f, r
			return nil
		}
	}
	return nil
}

// SummationAllowed tells which summations a frequency type offers (S2 §5.2).
func SummationAllowed(frequency string, sum int64) bool {
	switch sum {
	case SumNone:
		return true
	case SumAutomatic, SumGear, SumThread, SumLobe:
		return frequency == Orders
	case SumManual:
		return frequency != Bearings
	case SumBearing:
		return frequency == Bearings
	}
	return false
}

// SummationDefaults are the harmonics, side bands and side-band width that choosing a
// summation sets (S2 §4), or false when it sets none.
func SummationDefaults(sum int64) (harmonics, sidebands int64, width string, ok bool) {
	switch sum {
	case SumAutomatic:
		return 5, 0, "1", true
	case SumGear:
		return 3, 3, "1.2", true
	case SumThread, SumLobe:
		return 5, 1, "1.2", true
	case SumBearing:
		return 5, 2, "1.2", true
	}
	return 0, 0, "", false
}

// checkBand normalizes and validates a band (S2 §5.1; decisions 6–10). digital adds the
// 600..max frequency limits of digital bands and their MG range.
func checkBand(b *BandFields, digital bool, errs *api.FieldErrors) {
	ranges := []string{"BR", "AR", "DM"}
	if digital {
		ranges = append(ranges, "MG")
	}
	switch {
	case b.Frecuencia != Orders && b.Frecuencia != CPMs && b.Frecuencia != Bearings:
		errs.Add("Frecuencia", "required", nil)
	case !slices.Contains(ranges, b.Rango):
		errs.Add("Rango", "required", nil)
	}
	if !SummationAllowed(b.Frecuencia, b.Sumatorio) {
		errs.Add("Sumatorio", "invalid", nil)
	}
	applySummation(b)
	frequencies := []struct {
		name string
		p    **string
	}{{"FrecuOrdenesInicial", &b.FrecuOrdenesInicial}, {"FrecuOrdenesFinal", &b.FrecuOrdenesFinal}, {"FrecuOrdenesFallo", &b.FrecuOrdenesFallo}}
	for _, f := range frequencies {
		num.Check(errs, f.name, resent(f.p), frequencyFormat, "")
	}
	num.Check(errs, "AnchuraBandaLateral", &b.AnchuraBandaLateral, widthFormat, "")
	for i, p := range b.ranges() {
		num.Check(errs, rangeField(i), resent(p), frequencyFormat, "")
	}
	if len(*errs) > 0 {
		return
	}
	ini, hasIni := frequencyFormat.Value(b.FrecuOrdenesInicial)
	fin, hasFin := frequencyFormat.Value(b.FrecuOrdenesFinal)
	if b.Frecuencia != Bearings {
		if !hasIni && b.Sumatorio == SumNone {
			errs.Add("FrecuOrdenesInicial", "required", nil)
		}
		if !hasFin && b.Sumatorio == SumNone {
			errs.Add("FrecuOrdenesFinal", "required", nil)
		}
		if hasIni && hasFin && fin <= ini {
			errs.Add("FrecuOrdenesFinal", "final_after_initial", nil)
		}
		if fault, ok := frequencyFormat.Value(b.FrecuOrdenesFallo); ok && fault != 0 && (!hasIni || !hasFin || fault <= ini || fault >= fin) {
			errs.Add("FrecuOrdenesFallo", "fault_between", nil)
		}
	}
	if digital {
		limit := frequencyFormat.Scaled(digitalMax[BandType(Orders, b.Rango)])
		for _, f := range frequencies[:2] {
			if v, ok := frequencyFormat.Value(*f.p); ok && (v < frequencyFormat.Scaled(digitalMin) || v > limit) {
				errs.Add(f.name, "range", map[string]any{"min": digitalMin, "max": digitalMax[BandType(Orders, b.Rango)]})
			}
		}
	}
	if b.Sumatorio == SumManual && b.Rango1Inicio == nil {
		errs.Add("Rango1Inicio", "required", nil)
	}
	if b.Sumatorio == SumManual && b.Rango1Fin == nil {
		errs.Add("Rango1Fin", "required", nil)
	}
	if b.Sumatorio == SumAutomatic {
		if b.Armonicos == nil || *b.Armonicos < 1 || *b.Armonicos > 5 {
			errs.Add("Armonicos", "range", map[string]any{"min": 1, "max": 5})
		}
		if !hasIni && !hasFin {
			if w, ok := widthFormat.Value(b.AnchuraBandaLateral); !ok || w <= 0 {
				errs.Add("AnchuraBandaLateral", "min_value", map[string]any{"min": "0.00001"})
			}
			if b.NumBandasIzquierda == nil || *b.NumBandasIzquierda <= 0 {
				errs.Add("NumBandasIzquierda", "min_value", map[string]any{"min": 1})
			}
			if b.NumBandasDerecha == nil || *b.NumBandasDerecha <= 0 {
				errs.Add("NumBandasDerecha", "min_value", map[string]any{"min": 1})
			}
		}
	}
	b.derive()
	sendFormat(b)
}

// derive fills what follows from the stored fields: the band's signal type and category
// (BAND-009..BAND-012), which are not stored.
func (b *BandFields) derive() {
	b.Tipo, b.Categoria = BandType(b.Frecuencia, b.Rango), BandCategory(b.Frecuencia, b.Rango)
}

// applySummation fills the defaults a summation sets where the item left them empty, drops
// what the summation does not use, and keeps manual ranges only for manual summation.
func applySummation(b *BandFields) {
	if b.Sumatorio == SumNone {
		b.Armonicos, b.BandasLaterales, b.AnchuraBandaLateral, b.NumBandasIzquierda, b.NumBandasDerecha = nil, nil, nil, nil, nil
	}
	if h, s, w, ok := SummationDefaults(b.Sumatorio); ok {
		if b.Armonicos == nil {
			b.Armonicos = &h
		}
		if b.BandasLaterales == nil {
			b.BandasLaterales = &s
		}
		if b.AnchuraBandaLateral == nil {
			b.AnchuraBandaLateral = &w
		}
	}
	if b.Sumatorio != SumManual {
		for _, p := range b.ranges() {
			*p = nil
		}
	}
	if b.FrecuOrdenesFallo == nil {
		zero := "0"
		b.FrecuOrdenesFallo = &zero
	}
}

// resent lets a frequency come back as the server sent it, with 5 decimals the last of which
// is 0 ("0.80000"): it is read as the 4 decimals a user may type.
func resent(p **string) **string {
	if v := *p; v != nil && len(*v) > 6 && strings.HasSuffix(*v, "0") && strings.ContainsAny((*v)[len(*v)-6:len(*v)-5], ".,") {
		trimmed := (*v)[:len(*v)-1]
		*p = &trimmed
	}
	return p
}

// sendFormat writes every decimal with the 5 decimals bands are sent with.
func sendFormat(b *BandFields) {
	for _, p := range append([]**string{&b.FrecuOrdenesInicial, &b.FrecuOrdenesFinal, &b.FrecuOrdenesFallo, &b.AnchuraBandaLateral}, b.ranges()...) {
		if v, ok := sentFormat.Value(*p); ok {
			s := sentFormat.String(v)
			*p = &s
		}
	}
}

func rangeField(i int) string {
	end := "Inicio"
	if i%2 == 1 {
		end = "Fin"
	}
	return "Rango" + string(rune('1'+i/2)) + end
}

// Band is an alert-device (analog) band.
type Band struct {
	UsuBandaID     int64  `json:"UsuBandaID,omitempty"`
	AdminBandaID   int64  `json:"AdminBandaID,omitempty"`
	AdminBandaGUID string `json:"AdminBandaGUID,omitempty"`
	NombreEs       string `json:"NombreEs"`
	NombreEn       string `json:"NombreEn,omitempty"`
	BandFields
}

// DigitalBand is a digital-sensor band, identified by GUID.
type DigitalBand struct {
	UsuBandaDigitalGUID   string `json:"UsuBandaDigitalGUID,omitempty"`
	AdminBandaDigitalGUID string `json:"AdminBandaDigitalGUID,omitempty"`
	Nombre                string `json:"Nombre"`
	// FiltroDemodulacion is kept for envelope (DM) bands only.
	FiltroDemodulacion *int64 `json:"FiltroDemodulacion,omitempty"`
	BandFields
}

// band is the part both band kinds share, for the rules written once for both (bandGuard).
func (b *BandFields) band() *BandFields { return b }

// bandGuard is the Guard of both band kinds: it reads a range sent as a sensor-type code
// (API-050) and, in edit mode, keeps a band's frequency type and range (BAND-047).
func bandGuard[T any, P interface {
	*T
	band() *BandFields
}](b, old P, _ auth.Scope) error {
	now := b.band()
	if err := now.splitCategory(); err != nil {
		return err
	}
	if old == nil {
		return nil
	}
	was := old.band()
	if err := locked("Frecuencia", now.Frecuencia, was, func(o *BandFields) string { return o.Frecuencia }); err != nil {
		return err
	}
	return locked("Rango", now.Rango, was, func(o *BandFields) string { return o.Rango })
}

// NewBands declares the two band kinds (S2 §3.1, §3.2, §7.1, §7.2).
func NewBands() (*Kind[Band], *Kind[DigitalBand]) {
	analog := &Kind[Band]{Tipo: "band", CopyMethod: http.MethodPost, Downloaded: "already_downloaded", CallPaths: FactoryCopyByAdd | DownloadByAdd,
		Guard:    bandGuard[Band],
		Complete: deriveAll[Band],
		Ref: func(b *Band) Ref {
			return Ref{ID: &b.UsuBandaID, TemplateID: &b.AdminBandaID, TemplateGUID: &b.AdminBandaGUID, NombreEs: &b.NombreEs, NombreEn: &b.NombreEn}
		},
		Check: func(b *Band) error {
			var errs api.FieldErrors
			errs.Names(&b.NombreEs, &b.NombreEn)
			checkBand(&b.BandFields, false, &errs)
			return errs.Err()
		}}
	digital := &Kind[DigitalBand]{Tipo: "digitalband", CopyMethod: http.MethodPost, Downloaded: "already_downloaded", CallPaths: DownloadFirst,
		Guard:    bandGuard[DigitalBand],
		Complete: deriveAll[DigitalBand],
		Ref: func(b *DigitalBand) Ref {
			return Ref{GUID: &b.UsuBandaDigitalGUID, TemplateGUID: &b.AdminBandaDigitalGUID, NombreEs: &b.Nombre}
		},
		Check: func(b *DigitalBand) error {
			var errs api.FieldErrors
			errs.TrimText("Nombre", &b.Nombre, true)
			checkBand(&b.BandFields, true, &errs)
			if b.Rango != "DM" {
				b.FiltroDemodulacion = nil
			}
			return errs.Err()
		}}
	return analog, digital
}

// Range is the band's range (BR, AR, DM, MG).
func (b *BandFields) Range() string { return b.Rango }
