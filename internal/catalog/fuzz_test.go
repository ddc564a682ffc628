package catalog

import (
	"encoding/json"
	"reflect"
	"testing"

	"vigia/internal/platform/api"
)

// checkers are the checks of every catalogue kind of this package by its Tipo, each on a
// fresh decode of a body.
var checkers = func() map[string]func([]byte) (any, error, bool) {
	out := map[string]func([]byte) (any, error, bool){}
	sensors := NewSensors()
	band, digitalBand := NewBands()
	vcv, digitalVcv, vcp := NewVcvs(band, digitalBand)
	spectrum, digitalSpectrum := NewSpectra(sensors, band, digitalBand)
	for _, c := range []kindRef{sensors.Dynamic, sensors.DigitalDynamic, sensors.Current420, sensors.StaticVoltage, sensors.Tacho,
		sensors.Virtual, sensors.Keyboard, sensors.Nominal, band, digitalBand, vcv, digitalVcv, vcp, spectrum, digitalSpectrum} {
		out[c.tipo()] = c.(interface {
			checker() func([]byte) (any, error, bool)
		}).checker()
	}
	return out
}()

func (k *Kind[T]) checker() func([]byte) (any, error, bool) {
	return func(body []byte) (any, error, bool) {
		var t T
		if json.Unmarshal(body, &t) != nil {
			return nil, nil, false
		}
		return &t, k.Check(&t), true
	}
}

// FuzzCheck: an item of any catalogue kind, as a create or update sends it, is accepted or
// refused with field errors (422), never a panic; the same input gets the same answer; and
// an accepted item, as normalized, is accepted again unchanged. Seeds:
// testdata/fuzz/FuzzCheck, from the validation vectors of testdata/*.json.
func FuzzCheck(f *testing.F) {
	f.Add("band", []byte(`{"NombreEs":"Banda","Frecuencia":"ORDENES","Rango":"BR","FrecuOrdenesInicial":"1","FrecuOrdenesFinal":"10"}`))
	f.Fuzz(func(t *testing.T, kind string, body []byte) {
		check, ok := checkers[kind]
		if !ok {
			return
		}
		first, err, ok := check(body)
		if !ok {
			return
		}
		second, again, _ := check(body)
		if !reflect.DeepEqual(first, second) || !reflect.DeepEqual(err, again) {
			t.Fatalf("%s %s: %v then %v", kind, body, err, again)
		}
		if err != nil {
			p, ok := api.AsProblem(err)
			if !ok || p.Status != 422 || len(p.Items) == 0 {
				t.Fatalf("%s %s: refused with %v, want field errors", kind, body, err)
			}
			return
		}
		normalized, _ := json.Marshal(first)
		resaved, err, _ := check(normalized)
		if err != nil || !reflect.DeepEqual(first, resaved) {
			t.Fatalf("%s %s: accepted as %s, then %v %s", kind, body, normalized, err, mustJSON(resaved))
		}
	})
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }
