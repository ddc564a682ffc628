package api

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"vigia/internal/platform/db"
)

// Every error that reaches the API goes through one mapping: problems answer as they say,
// the database's sentinels (wrapped or raw: no row, a duplicate, a foreign key) answer
// 404/400, anything else is a 500 that tells nothing of the cause.
func TestOneErrorModel(t *testing.T) {
	for _, c := range []struct {
		name   string
		err    error
		status int
		code   string
	}{
		{"a problem", ErrAlreadyLinked, 400, "already_linked"},
		{"a wrapped problem", fmt.Errorf("associate: %w", ErrForbidden), 403, "forbidden"},
		{"no row", sql.ErrNoRows, 404, "not_found"},
		{"not found", fmt.Errorf("get: %w", db.ErrNotFound), 404, "not_found"},
		{"a duplicate", db.ErrDuplicate, 400, "duplicate"},
		{"a foreign key", fmt.Errorf("delete: %w", db.ErrReferenced), 400, "in_use_unnamed"},
		{"anything else", errors.New("connection reset"), 500, "internal"},
		// A stored document that does not fit its type is the server's fault, not the caller's.
		{"a stored document", json.Unmarshal([]byte(`{"Kw":1e30}`), &struct{ Kw int64 }{}), 500, "internal"},
	} {
		body := render("es", 500, []error{c.err})
		if body.GetStatus() != c.status || body.Errors[0].Code != c.code || body.Errors[0].Message == "" {
			t.Errorf("%s: %d %v, want %d %s", c.name, body.GetStatus(), body.Errors, c.status, c.code)
		}
	}
	// Named problems are told apart by identity, not by their code.
	if errors.Is(Refused("already_linked", nil), ErrAlreadyLinked) || !errors.Is(fmt.Errorf("x: %w", ErrNotLinked), ErrNotLinked) {
		t.Error("problems compare by identity")
	}
}

// testMux is an API's Mux with nothing served first.
type testMux struct{ *http.ServeMux }

func (m testMux) Preceding() humago.Mux { return http.NewServeMux() }

// A number that does not fit its field (1e30 for an int64 is a whole number, so the schema
// lets it through to the decoding; 1e400 is no float64) is told on that field, as the schema's
// own number errors are, not on the whole body. A body a handler decodes itself with
// Unmarshal (an item of any sensor type) answers the same.
func TestNumberThatDoesNotFitNamesItsField(t *testing.T) {
	mux := testMux{http.NewServeMux()}
	a := New(mux, "test")
	type fields struct {
		Kw    int64   `json:"Kw" required:"false"`
		Valor float64 `json:"Valor" required:"false"`
		Motor struct {
			Polos []int32 `json:"Polos" required:"false"`
		} `json:"Motor" required:"false"`
	}
	huma.Register(a, huma.Operation{OperationID: "put", Method: http.MethodPut, Path: "/api/x"},
		func(ctx context.Context, in *struct{ Body fields }) (*struct{}, error) { return nil, nil })
	huma.Register(a, huma.Operation{OperationID: "raw", Method: http.MethodPut, Path: "/api/raw"},
		func(ctx context.Context, in *struct{ RawBody []byte }) (*struct{}, error) {
			var f fields
			return nil, Unmarshal(in.RawBody, &f)
		})
	for _, c := range []struct{ path, body, field string }{
		{"/api/x", `{"Kw":1e30}`, "Kw"},
		{"/api/x", `{"Kw":-1e19}`, "Kw"},
		{"/api/x", `{"Kw":"NaN"}`, "Kw"},
		{"/api/x", `{"Valor":1e400}`, "Valor"},
		{"/api/x", `{"Motor":{"Polos":[2,1e10]}}`, "Motor.Polos[1]"},
		{"/api/raw", `{"Kw":1e30}`, "Kw"},
		{"/api/raw", `{"Motor":{"Polos":[2,1e10]}}`, "Motor.Polos[1]"},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPut, c.path, strings.NewReader(c.body))
		req.Header.Set("Content-Type", "application/json")
		mux.ServeHTTP(rec, req)
		var got ErrorBody
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 422 || len(got.Errors) != 1 ||
			got.Errors[0].Field != c.field || got.Errors[0].Code != "invalid" {
			t.Errorf("%s %s: %d %s, want 422 invalid on %s", c.path, c.body, rec.Code, rec.Body, c.field)
		}
	}
}
