package tree

import (
	"encoding/json"
	"reflect"
	"testing"

	"vigia/internal/platform/api"
)

// validators are the tree's request validators by node kind, each on a fresh decode of a
// body (a point on a horizontal component).
var validators = map[string]func(body []byte) (any, error, bool){
	"site":      validator(ValidateSite),
	"area":      validator(ValidateArea),
	"machine":   validator(ValidateMachine),
	"component": validator(ValidateComponent),
	"point":     validator(func(p *PointFields) error { return ValidatePoint(p, ptr(int64(Horizontal))) }),
}

func validator[T any](validate func(*T) error) func([]byte) (any, error, bool) {
	return func(body []byte) (any, error, bool) {
		var in T
		if json.Unmarshal(body, &in) != nil {
			return nil, nil, false
		}
		return &in, validate(&in), true
	}
}

// FuzzValidate: a tree node's fields, as a save sends them, are accepted or refused with
// field errors (422), never a panic; the same input gets the same answer; and what was
// accepted, as normalized, is accepted again unchanged (a node read back saves as it is).
// Seeds: testdata/fuzz/FuzzValidate.
func FuzzValidate(f *testing.F) {
	f.Add("site", []byte(`{"NombreEs":"Centro","Pais":"es","Ciudad":"Bilbao"}`))
	f.Fuzz(func(t *testing.T, kind string, body []byte) {
		validate, ok := validators[kind]
		if !ok {
			return
		}
		first, err, ok := validate(body)
		if !ok {
			return
		}
		second, again, _ := validate(body)
		if !reflect.DeepEqual(first, second) || !reflect.DeepEqual(err, again) {
			t.Fatalf("%s %s: %v then %v", kind, body, err, again)
		}
		if err != nil {
			p, ok := api.AsProblem(err)
			if !ok || p.Status != 422 || len(p.Items) == 0 {
				t.Fatalf("%s %s: refused with %v, want field errors", kind, body, err)
			}
			for _, it := range p.Items {
				if it.Field == "" || it.Code == "" {
					t.Fatalf("%s %s: an error without its field: %+v", kind, body, it)
				}
			}
			return
		}
		normalized, _ := json.Marshal(first)
		resaved, err, _ := validate(normalized)
		if err != nil || !reflect.DeepEqual(first, resaved) {
			t.Fatalf("%s %s: accepted as %s, then %v %+v", kind, body, normalized, err, resaved)
		}
	})
}
