package catalog

import (
	"slices"
	"testing"
)

// SPEC-027, SPEC-028, SPEC-029, SPEC-055: lines and FFT size of every line code.
func TestLinesAndFFTSize(t *testing.T) {
	for code, want := range []struct{ lines, fft int64 }{{400, 512}, {800, 1024}, {1600, 2048}, {3200, 4096}, {6400, 8192}, {12800, 16384}} {
		if Lines(int64(code)) != want.lines || FFTSize(int64(code)) != want.fft {
			t.Errorf("code %d: %d lines, FFT %d; want %v", code, Lines(int64(code)), FFTSize(int64(code)), want)
		}
	}
	for _, code := range []int64{-1, 6, 9} {
		if FFTSize(code) != 512 {
			t.Errorf("SPEC-055 code %d: FFT %d, want 512", code, FFTSize(code))
		}
	}
}

// SPEC-034: the sampling divider of every alert-device width; SPEC-032, SPEC-033: the
// averaging limit of every width, line code and overlap.
func TestAlertDeviceAveragingLimit(t *testing.T) {
	divider := map[int64]int64{1500: 32, 3000: 16, 6000: 8, 7500: 8, 9000: 8, 12000: 4, 18000: 4, 24000: 2, 30000: 2, 36000: 2}
	if len(SamplingWidths) != 26 {
		t.Fatalf("SPEC-036: %d sampling widths, want 26", len(SamplingWidths))
	}
	for _, w := range SamplingWidths {
		want, ok := divider[w]
		if !ok {
			want = 1
		}
		if got := SamplingDivider(w); got != want {
			t.Errorf("SPEC-034 width %d: divider %d, want %d", w, got, want)
		}
		for code := int64(0); code <= 5; code++ {
			for overlap, budget := range map[int64]int64{0: 1048576, 50: 1179648} {
				if got, want := MaxAverages(code, w, overlap), budget/(FFTSize(code)*SamplingDivider(w)); got != want {
					t.Errorf("SPEC-032 width %d code %d overlap %d: %d, want %d", w, code, overlap, got, want)
				}
			}
		}
	}
	// Worked rows: 12800 lines at 1500 cpm leave 2 averages (1048576 / (16384 × 32)); 50%
	// overlap raises 400 lines at 3000 cpm from 128 to 144.
	if MaxAverages(5, 1500, 0) != 2 || MaxAverages(0, 3000, 0) != 128 || MaxAverages(0, 3000, 50) != 144 {
		t.Errorf("SPEC-033 worked rows: %d %d %d", MaxAverages(5, 1500, 0), MaxAverages(0, 3000, 0), MaxAverages(0, 3000, 50))
	}
	if got := upTo(Averages, MaxAverages(5, 1500, 0)); !slices.Equal(got, []int64{1, 2}) {
		t.Errorf("SPEC-030, SPEC-035 offered averages: %v", got)
	}
}

// SPEC-052..SPEC-054: the line codes of every digital sampling width; SPEC-042, SPEC-043:
// the digital averaging limit.
func TestDigitalLinesAndAverages(t *testing.T) {
	for _, w := range DigitalSamplingWidths {
		want := []int64{1}
		switch {
		case w >= 205000:
			want = []int64{1, 2, 3}
		case w >= 75000:
			want = []int64{1, 2}
		}
		if got := DigitalLineCodes(w); !slices.Equal(got, want) {
			t.Errorf("width %d: line codes %v, want %v", w, got, want)
		}
	}
	for _, row := range []struct{ code, width, overlap, want int64 }{
		{1, 10000, 0, 81}, {1, 625000, 0, 1}, {2, 156000, 0, 2}, {2, 156000, 50, 2}, {3, 625000, 50, 1}, {1, 62500, 50, 14},
	} {
		if got := DigitalMaxAverages(row.code, row.width, row.overlap); got != row.want {
			t.Errorf("code %d width %d overlap %d: %d, want %d", row.code, row.width, row.overlap, got, row.want)
		}
	}
}

// SPEC-040, SPEC-041, SPEC-059, SPEC-063, SPEC-051, SPEC-060: digital defaults and the
// magnetometer's rate and unit.
func TestDigitalSpectrumDefaults(t *testing.T) {
	code, width, overlap, avg := int64(1), int64(10000), int64(0), int64(1)
	s := DigitalSpectrum{Nombre: "S", UsuSensorDinamicoDigitalId: 1, SpectrumFields: SpectrumFields{Rango: "BR", Lineas: &code,
		FrecuenciaMuestreo: &width, Solapamiento: &overlap, NumPromedios: &avg, Ventana: "HANN", Unidad: "G"}}
	if err := checkDigitalSpectrum(&s); err != nil {
		t.Fatal(err)
	}
	if s.Promediado != "LINEAL" || *s.Atenuacion != "SIN_ATENUAR" || *s.TipoUnidad != 3 || s.Filtro != "9_HZ" || s.TamanioFft != 1024 {
		t.Errorf("defaults: %+v", s.SpectrumFields)
	}
	s.Rango = "MG"
	if err := checkDigitalSpectrum(&s); err == nil {
		t.Error("SPEC-051: a magnetometer spectrum at 10000")
	}
	mg := int64(magnetometerRate)
	s.FrecuenciaMuestreo = &mg
	if err := checkDigitalSpectrum(&s); err != nil || s.Unidad != "TESLA" {
		t.Errorf("SPEC-060: %v %s", err, s.Unidad)
	}
}
