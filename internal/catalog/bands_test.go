package catalog

import (
	"testing"

	"vigia/internal/platform/api"
)

// BAND-009, BAND-010, BAND-011, BAND-012: type and category codes over every frequency and range.
func TestBandCodes(t *testing.T) {
	for _, tc := range []struct{ freq, rng, typ, cat string }{
		{Orders, "BR", "VEL", "ORDENESBR"}, {Orders, "AR", "ACE", "ORDENESAR"}, {Orders, "DM", "DEM", "ORDENESDM"}, {Orders, "MG", "MAG", "ORDENESMG"},
		{CPMs, "BR", "CPMSVEL", "CPMSBR"}, {CPMs, "AR", "CPMSACE", "CPMSAR"}, {CPMs, "DM", "CPMSDEM", "CPMSDM"}, {CPMs, "MG", "CPMSMAG", "CPMSMG"},
		{Bearings, "BR", "RVEL", "RBR"}, {Bearings, "AR", "RACE", "RAR"}, {Bearings, "DM", "RDEM", "RDM"}, {Bearings, "MG", "RMAG", "RMG"},
	} {
		if got := BandType(tc.freq, tc.rng); got != tc.typ {
			t.Errorf("BandType(%s, %s) = %s, want %s", tc.freq, tc.rng, got, tc.typ)
		}
		if got := BandCategory(tc.freq, tc.rng); got != tc.cat {
			t.Errorf("BandCategory(%s, %s) = %s, want %s", tc.freq, tc.rng, got, tc.cat)
		}
	}
}

// BAND-018..BAND-028: which summation each frequency type offers, every row.
func TestSummationAvailability(t *testing.T) {
	want := map[string][7]bool{
		//          0     1      2      3      4      5      6
		Orders:   {true, true, true, true, true, true, false},
		CPMs:     {true, false, true, false, false, false, false},
		Bearings: {true, false, false, false, false, false, true},
	}
	for freq, row := range want {
		for sum, ok := range row {
			if got := SummationAllowed(freq, int64(sum)); got != ok {
				t.Errorf("SummationAllowed(%s, %d) = %v, want %v", freq, sum, got, ok)
			}
		}
	}
	if SummationAllowed(Orders, 7) {
		t.Error("summation 7 does not exist")
	}
}

// BAND-033..BAND-037: the defaults each summation sets, every row.
func TestSummationDefaults(t *testing.T) {
	for _, tc := range []struct {
		sum              int64
		harmonics, sides int64
		width            string
		sets             bool
	}{
		{SumNone, 0, 0, "", false}, {SumAutomatic, 5, 0, "1", true}, {SumManual, 0, 0, "", false}, {SumGear, 3, 3, "1.2", true},
		{SumThread, 5, 1, "1.2", true}, {SumLobe, 5, 1, "1.2", true}, {SumBearing, 5, 2, "1.2", true},
	} {
		h, s, w, ok := SummationDefaults(tc.sum)
		if h != tc.harmonics || s != tc.sides || w != tc.width || ok != tc.sets {
			t.Errorf("SummationDefaults(%d) = %d %d %q %v", tc.sum, h, s, w, ok)
		}
	}
	// BAND-033: no summation clears the dependent fields; BAND-046: the fault frequency defaults to 0.
	five, w := int64(5), "2"
	b := BandFields{Frecuencia: Orders, Rango: "BR", Sumatorio: SumNone, Armonicos: &five, AnchuraBandaLateral: &w, Rango1Inicio: &w}
	applySummation(&b)
	if b.Armonicos != nil || b.AnchuraBandaLateral != nil || b.Rango1Inicio != nil || *b.FrecuOrdenesFallo != "0" {
		t.Errorf("summation none: %+v", b)
	}
}

func s(v string) *string { return &v }
func n(v int64) *int64   { return &v }

// Each rule of S2 §5.1 refuses its field (decisions 9 and 10 settle the contradictions).
func TestBandValidation(t *testing.T) {
	base := func() BandFields {
		return BandFields{Frecuencia: Orders, Rango: "BR", FrecuOrdenesInicial: s("1"), FrecuOrdenesFinal: s("10")}
	}
	for _, tc := range []struct {
		req     string
		digital bool
		edit    func(b *BandFields)
		field   string // "" = valid
	}{
		{"BAND-054", false, func(b *BandFields) { b.Frecuencia = "" }, "Frecuencia"},
		{"BAND-055", false, func(b *BandFields) { b.Rango = "MG" }, "Rango"},
		{"BAND-007", true, func(b *BandFields) { b.Rango = "MG"; b.FrecuOrdenesInicial, b.FrecuOrdenesFinal = s("600"), s("4500") }, ""},
		{"BAND-056", true, func(b *BandFields) { b.FrecuOrdenesInicial, b.FrecuOrdenesFinal = s("599"), s("1000") }, "FrecuOrdenesInicial"},
		{"BAND-057", true, func(b *BandFields) { b.FrecuOrdenesInicial, b.FrecuOrdenesFinal = s("600"), s("60001") }, "FrecuOrdenesFinal"},
		{"BAND-015", true, func(b *BandFields) {
			b.Rango = "AR"
			b.FrecuOrdenesInicial, b.FrecuOrdenesFinal = s("600"), s("360000")
		}, ""},
		{"BAND-017", true, func(b *BandFields) {
			b.Rango = "MG"
			b.FrecuOrdenesInicial, b.FrecuOrdenesFinal = s("600"), s("4500,0001")
		}, "FrecuOrdenesFinal"},
		{"BAND-058", true, func(b *BandFields) { b.FrecuOrdenesInicial, b.FrecuOrdenesFinal = s("1000"), s("1000") }, "FrecuOrdenesFinal"},
		{"BAND-059", false, func(b *BandFields) { b.Sumatorio = SumManual; b.Rango1Fin = s("3") }, "Rango1Inicio"},
		{"BAND-060", false, func(b *BandFields) { b.Sumatorio = SumManual; b.Rango1Inicio = s("3") }, "Rango1Fin"},
		{"BAND-061", false, func(b *BandFields) { b.FrecuOrdenesInicial = nil }, "FrecuOrdenesInicial"},
		{"BAND-061", false, func(b *BandFields) { b.FrecuOrdenesInicial, b.FrecuOrdenesFinal = nil, nil; b.Sumatorio = SumGear }, ""},
		{"BAND-062", false, func(b *BandFields) { b.FrecuOrdenesInicial = s("1.12345") }, "FrecuOrdenesInicial"},
		{"BAND-080", false, func(b *BandFields) { b.FrecuOrdenesInicial = s("1.12340") }, ""}, // as sent: 5 decimals, the last 0
		{"BAND-063", false, func(b *BandFields) { b.FrecuOrdenesInicial = s("-1") }, "FrecuOrdenesInicial"},
		{"BAND-064", false, func(b *BandFields) { b.FrecuOrdenesFinal = nil }, "FrecuOrdenesFinal"},
		{"BAND-065", false, func(b *BandFields) { b.FrecuOrdenesFinal = s("12345678") }, "FrecuOrdenesFinal"},
		{"BAND-066", false, func(b *BandFields) { b.FrecuOrdenesFinal = s("1") }, "FrecuOrdenesFinal"},
		{"BAND-067", false, func(b *BandFields) { b.FrecuOrdenesFallo = s("0") }, ""},
		{"BAND-068", false, func(b *BandFields) { b.FrecuOrdenesFallo = s("10") }, "FrecuOrdenesFallo"},
		{"BAND-068", false, func(b *BandFields) { b.FrecuOrdenesFallo = s("5,5") }, ""},
		{"BAND-061", false, func(b *BandFields) { b.Frecuencia = Bearings; b.FrecuOrdenesInicial, b.FrecuOrdenesFinal = nil, nil }, ""},
		{"BAND-069", false, func(b *BandFields) { b.Sumatorio = SumAutomatic; b.Armonicos = n(0) }, "Armonicos"},
		{"BAND-069", false, func(b *BandFields) { b.Sumatorio = SumAutomatic; b.Armonicos = n(6) }, "Armonicos"},
		{"BAND-070", false, func(b *BandFields) {
			b.Sumatorio, b.FrecuOrdenesInicial, b.FrecuOrdenesFinal, b.AnchuraBandaLateral = SumAutomatic, nil, nil, s("0")
			b.NumBandasIzquierda, b.NumBandasDerecha = n(1), n(1)
		}, "AnchuraBandaLateral"},
		{"BAND-071", false, func(b *BandFields) {
			b.Sumatorio, b.FrecuOrdenesInicial, b.FrecuOrdenesFinal, b.NumBandasDerecha = SumAutomatic, nil, nil, n(1)
		}, "NumBandasIzquierda"},
		{"BAND-072", false, func(b *BandFields) {
			b.Sumatorio, b.FrecuOrdenesInicial, b.FrecuOrdenesFinal, b.NumBandasIzquierda = SumAutomatic, nil, nil, n(1)
		}, "NumBandasDerecha"},
		{"BAND-075", false, func(b *BandFields) { b.Sumatorio = SumGear; b.AnchuraBandaLateral = s("123456") }, "AnchuraBandaLateral"},
		{"BAND-076", false, func(b *BandFields) { b.Sumatorio, b.Rango1Inicio, b.Rango1Fin = SumManual, s("1"), s("1.00001") }, "Rango1Fin"},
		{"BAND-028", false, func(b *BandFields) { b.Sumatorio = SumBearing }, "Sumatorio"},
		// Decision 7: manual ranges stop at 9999999.9999 on every band, never at 99999999999.
		{"decision 7", false, func(b *BandFields) { b.Sumatorio, b.Rango1Inicio, b.Rango1Fin = SumManual, s("0"), s("9999999.9999") }, ""},
		{"decision 7", false, func(b *BandFields) { b.Sumatorio, b.Rango1Inicio, b.Rango1Fin = SumManual, s("0"), s("99999999999") }, "Rango1Fin"},
		{"decision 7", true, func(b *BandFields) {
			b.FrecuOrdenesInicial, b.FrecuOrdenesFinal = s("600"), s("1000")
			b.Sumatorio, b.Rango1Inicio, b.Rango1Fin = SumManual, s("0"), s("99999999999")
		}, "Rango1Fin"},
	} {
		b := base()
		tc.edit(&b)
		var errs api.FieldErrors
		checkBand(&b, tc.digital, &errs)
		got := ""
		if len(errs) > 0 {
			got = errs[0].Field
		}
		if got != tc.field {
			t.Errorf("%s: first error on %q (%v), want %q", tc.req, got, errs, tc.field)
		}
	}
	// BAND-080: numbers are sent with 5 decimals; BAND-012: the category is derived.
	b := base()
	b.FrecuOrdenesInicial = s("1,5")
	var errs api.FieldErrors
	checkBand(&b, false, &errs)
	if len(errs) > 0 || *b.FrecuOrdenesInicial != "1.50000" || *b.FrecuOrdenesFinal != "10.00000" || b.Categoria != "ORDENESBR" || b.Tipo != "VEL" {
		t.Errorf("BAND-080: %+v %v", b, errs)
	}
}
