package tree

import (
	"testing"

	"vigia/internal/platform/fuzztest"
)

// validators are the tree's request validators by node kind, each on a fresh decode of a
// body (a point on a horizontal component).
var validators = map[string]fuzztest.Check{
	"site":      fuzztest.Decoding(ValidateSite),
	"area":      fuzztest.Decoding(ValidateArea),
	"machine":   fuzztest.Decoding(ValidateMachine),
	"component": fuzztest.Decoding(ValidateComponent),
	"point":     fuzztest.Decoding(func(p *PointFields) error { return ValidatePoint(p, ptr(int64(Horizontal))) }),
}

// FuzzValidate: a tree node's fields, as a save sends them, are accepted or refused with
// field errors (422), never a panic; the same input gets the same answer; and what was
// accepted, as normalized, is accepted again unchanged (a node read back saves as it is).
// Seeds: testdata/fuzz/FuzzValidate.
func FuzzValidate(f *testing.F) {
	f.Add("site", []byte(`{"NombreEs":"Centro","Pais":"es","Ciudad":"Bilbao"}`))
	f.Fuzz(func(t *testing.T, kind string, body []byte) {
		if validate, ok := validators[kind]; ok {
			fuzztest.Stable(t, kind, validate, body)
		}
	})
}
