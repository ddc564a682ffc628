// Package fuzztest holds what the fuzz targets of the request checks share: a check on a
// fresh decode of a body, and the properties every such check must have.
package fuzztest

import (
	"encoding/json"
	"reflect"
	"testing"

	"vigia/internal/platform/api"
)

// Check decodes a body and checks what it decoded: the value, the check's answer, and
// false when the body does not decode.
type Check func(body []byte) (any, error, bool)

// Decoding is the Check of check on a fresh decode of a body into a T.
func Decoding[T any](check func(*T) error) Check {
	return func(body []byte) (any, error, bool) {
		var v T
		if json.Unmarshal(body, &v) != nil {
			return nil, nil, false
		}
		return &v, check(&v), true
	}
}

// Stable fails t unless check accepts body or refuses it with field errors (422), each
// naming its field and code; gives the same answer twice; and accepts what it accepted,
// as normalized, again unchanged. name names the check in the failure.
func Stable(t *testing.T, name string, check Check, body []byte) {
	t.Helper()
	first, err, ok := check(body)
	if !ok {
		return
	}
	second, again, _ := check(body)
	if !reflect.DeepEqual(first, second) || !reflect.DeepEqual(err, again) {
		t.Fatalf("%s %s: %v then %v", name, body, err, again)
	}
	if err != nil {
		p, ok := api.AsProblem(err)
		if !ok || p.Status != 422 || len(p.Items) == 0 {
			t.Fatalf("%s %s: refused with %v, want field errors", name, body, err)
		}
		for _, it := range p.Items {
			if it.Field == "" || it.Code == "" {
				t.Fatalf("%s %s: an error without its field: %+v", name, body, it)
			}
		}
		return
	}
	normalized, _ := json.Marshal(first)
	resaved, err, _ := check(normalized)
	if err != nil || !reflect.DeepEqual(first, resaved) {
		resavedJSON, _ := json.Marshal(resaved)
		t.Fatalf("%s %s: accepted as %s, then %v %s", name, body, normalized, err, resavedJSON)
	}
}
