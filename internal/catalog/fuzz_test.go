package catalog

import (
	"testing"

	"vigia/internal/platform/fuzztest"
)

// checkers are the checks of every catalogue kind of this package by its Tipo, each on a
// fresh decode of a body.
var checkers = func() map[string]fuzztest.Check {
	out := map[string]fuzztest.Check{}
	sensors := NewSensors()
	band, digitalBand := NewBands()
	vcv, digitalVcv, vcp := NewVcvs(band, digitalBand)
	spectrum, digitalSpectrum := NewSpectra(sensors, band, digitalBand)
	for _, c := range []kindRef{sensors.Dynamic, sensors.DigitalDynamic, sensors.Current420, sensors.StaticVoltage, sensors.Tacho,
		sensors.Virtual, sensors.Keyboard, sensors.Nominal, band, digitalBand, vcv, digitalVcv, vcp, spectrum, digitalSpectrum} {
		out[c.tipo()] = c.(interface{ checker() fuzztest.Check }).checker()
	}
	return out
}()

func (k *Kind[T]) checker() fuzztest.Check { return fuzztest.Decoding(k.Check) }

// FuzzCheck: an item of any catalogue kind, as a create or update sends it, is accepted or
// refused with field errors (422), never a panic; the same input gets the same answer; and
// an accepted item, as normalized, is accepted again unchanged. Seeds:
// testdata/fuzz/FuzzCheck, from the validation vectors of testdata/*.json.
func FuzzCheck(f *testing.F) {
	f.Add("band", []byte(`{"NombreEs":"Banda","Frecuencia":"ORDENES","Rango":"BR","FrecuOrdenesInicial":"1","FrecuOrdenesFinal":"10"}`))
	f.Fuzz(func(t *testing.T, kind string, body []byte) {
		if check, ok := checkers[kind]; ok {
			fuzztest.Stable(t, kind, check, body)
		}
	})
}
