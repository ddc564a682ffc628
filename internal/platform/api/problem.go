// Package api holds the HTTP conventions every feature shares: the error model (one place
// maps errors to status codes and localized messages), the language of a request, access
// levels of operations and the huma API configuration.
package api

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Item is one reason a request was refused: a message code, the field it concerns (for
// invalid input) and the values its message interpolates.
type Item struct {
	Code   string
	Field  string
	Params map[string]any
}

// Problem is an error that answers with a status and a list of localized items. Domain
// code returns it; the error hook turns it into {"errors":[...]} in the user's language.
type Problem struct {
	Status int
	Items  []Item
}

func (p *Problem) Error() string {
	codes := make([]string, len(p.Items))
	for i, it := range p.Items {
		codes[i] = it.Code
		if it.Field != "" {
			codes[i] = it.Field + ": " + it.Code
		}
	}
	return fmt.Sprintf("%d %s", p.Status, strings.Join(codes, ", "))
}

// Is lets errors.Is(err, ErrForbidden) match any Problem with the same status and first code.
func (p *Problem) Is(target error) bool {
	t, ok := target.(*Problem)
	return ok && t.Status == p.Status && len(t.Items) > 0 && len(p.Items) > 0 && t.Items[0].Code == p.Items[0].Code
}

// Shared problems.
var (
	ErrUnauthorized = &Problem{Status: 401, Items: []Item{{Code: "unauthorized"}}}
	ErrForbidden    = &Problem{Status: 403, Items: []Item{{Code: "forbidden"}}}
	ErrNotFound     = &Problem{Status: 404, Items: []Item{{Code: "not_found"}}}
	ErrCrossOrigin  = &Problem{Status: 403, Items: []Item{{Code: "cross_origin"}}}
)

// Refused answers 400: the operation is valid input but cannot be done (in use, already
// downloaded, ...).
func Refused(code string, params map[string]any) *Problem {
	return &Problem{Status: 400, Items: []Item{{Code: code, Params: params}}}
}

// FieldErrors collects invalid-input items while a validator walks a form.
type FieldErrors []Item

// Add records that field failed rule code.
func (f *FieldErrors) Add(field, code string, params map[string]any) {
	*f = append(*f, Item{Code: code, Field: field, Params: params})
}

// Err answers 422 with the collected items, or nil when there are none.
func (f FieldErrors) Err() error {
	if len(f) == 0 {
		return nil
	}
	return &Problem{Status: 422, Items: f}
}

// Invalid answers 422 for one field.
func Invalid(field, code string, params map[string]any) *Problem {
	return &Problem{Status: 422, Items: []Item{{Code: code, Field: field, Params: params}}}
}

// AsProblem returns the Problem inside err, if any.
func AsProblem(err error) (*Problem, bool) {
	var p *Problem
	ok := errors.As(err, &p)
	return p, ok
}

// MaxName is the longest name of anything (ARCHITECTURE §5, CAT-024).
const MaxName = 100

// Text checks a trimmed text field: required when asked, at most MaxName characters.
func (f *FieldErrors) Text(field, v string, required bool) {
	switch {
	case required && v == "":
		f.Add(field, "required", nil)
	case utf8.RuneCountInString(v) > MaxName:
		f.Add(field, "max_length", map[string]any{"max": MaxName})
	}
}

// Names trims a Spanish and an English name and checks them; an empty English name takes
// the Spanish one (editors enter one name and save it in both languages).
func (f *FieldErrors) Names(es, en *string) {
	*es, *en = strings.TrimSpace(*es), strings.TrimSpace(*en)
	if *en == "" {
		*en = *es
	}
	f.Text("NombreEs", *es, true)
	f.Text("NombreEn", *en, false)
}
