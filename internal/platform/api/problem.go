// Package api holds the HTTP conventions every feature shares: the error model (one place
// maps errors to status codes and localized messages), the language of a request, access
// levels of operations and the huma API configuration.
package api

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
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
	// More is how many reasons were left out of Items (a long file's): the answer ends with
	// a line that says so ("more_errors").
	More int
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

// Shared problems, compared by identity (errors.Is).
var (
	ErrUnauthorized = &Problem{Status: 401, Items: []Item{{Code: "unauthorized"}}}
	ErrForbidden    = &Problem{Status: 403, Items: []Item{{Code: "forbidden"}}}
	ErrNotFound     = &Problem{Status: 404, Items: []Item{{Code: "not_found"}}}
	ErrCrossOrigin  = &Problem{Status: 403, Items: []Item{{Code: "cross_origin"}}}
	ErrTooMany      = &Problem{Status: 429, Items: []Item{{Code: "too_many_requests"}}}
	// ErrInUse refuses to delete what something else still refers to (a foreign key).
	ErrInUse = Refused("in_use_unnamed", nil)
	// ErrAlreadyLinked refuses an association, link or download made twice.
	ErrAlreadyLinked = Refused("already_linked", nil)
	// ErrNotLinked refuses to undo an association that does not exist.
	ErrNotLinked = Refused("not_linked", nil)
)

// Refused answers 400: the operation is valid input but cannot be done (in use, already
// downloaded, ...).
func Refused(code string, params map[string]any) *Problem {
	return &Problem{Status: 400, Items: []Item{{Code: code, Params: params}}}
}

// Section is one part of a checked whole — a sensor's verification, a configuration
// report's InitialChecks or References — with its reasons when it is not OK. Errors carry
// their message in the caller's language (Sections renders them).
type Section struct {
	Nombre  string      `json:"Nombre"`
	OK      bool        `json:"OK"`
	Errores []ErrorItem `json:"Errores" nullable:"false"`
}

// NewSection is the section name with the items found (OK when there are none), its messages
// written in lang.
func NewSection(lang, name string, items []Item) Section {
	s := Section{Nombre: name, OK: len(items) == 0, Errores: []ErrorItem{}}
	for _, it := range items {
		s.Errores = append(s.Errores, ErrorItem{Code: it.Code, Field: it.Field, Message: Message(lang, it.Code, it.Params)})
	}
	return s
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

// Reasons collects the reasons a long input is refused for (a file of values, each line its
// own), at most Max of them, and counts the others: a file of a million wrong lines answers
// its first reasons and how many more it has.
type Reasons struct {
	Max   int
	Items FieldErrors
	More  int
}

// Add records that field failed rule code, or counts it once Max reasons are kept.
func (r *Reasons) Add(field, code string, params map[string]any) {
	if len(r.Items) < r.Max {
		r.Items.Add(field, code, params)
		return
	}
	r.More++
}

// Len is how many reasons were found.
func (r *Reasons) Len() int { return len(r.Items) + r.More }

// Err answers 422 with the reasons kept and how many more there are, or nil when there are none.
func (r *Reasons) Err() error {
	if r.Len() == 0 {
		return nil
	}
	return &Problem{Status: 422, Items: r.Items, More: r.More}
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

// Text checks a trimmed text field of at most MaxName characters, as TextMax does.
func (f *FieldErrors) Text(field, v string, required bool) { f.TextMax(field, v, required, MaxName) }

// TextMax checks a trimmed text field of at most limit characters (a name, a note, an
// abbreviation): required when asked, where a text of nothing but white space, control and
// format characters shows nothing and so is empty; and no control character but tab and
// line breaks ("control_char"): such a character was never typed, and PostgreSQL cannot
// even store a NUL in a text column.
func (f *FieldErrors) TextMax(field, v string, required bool, limit int) {
	switch {
	case required && TrimInvisible(v) == "":
		f.Add(field, "required", nil)
	case strings.ContainsFunc(v, refusedControl):
		f.Add(field, "control_char", nil)
	case utf8.RuneCountInString(v) > limit:
		f.Add(field, "max_length", map[string]any{"max": limit})
	}
}

// TrimText trims the text field *v (TrimInvisible), then checks it as Text does.
func (f *FieldErrors) TrimText(field string, v *string, required bool) {
	*v = TrimInvisible(*v)
	f.Text(field, *v, required)
}

// Names trims a Spanish and an English name and checks them; an empty English name takes
// the Spanish one (editors enter one name and save it in both languages).
func (f *FieldErrors) Names(es, en *string) {
	*es, *en = TrimInvisible(*es), TrimInvisible(*en)
	if *en == "" {
		*en = *es
	}
	f.Text("NombreEs", *es, true)
	f.Text("NombreEn", *en, false)
}

// TrimInvisible removes from both ends of s what shows nothing: white space, control
// characters (Cc) and format characters (Cf: zero-width space, byte order mark, direction
// marks), so that a text of nothing else is empty and a pasted name gets no invisible
// twin. strings.TrimSpace keeps Cc and Cf. Tag characters stay at the end: they close an
// emoji flag sequence (🏴 and tags: England).
func TrimInvisible(s string) string {
	s = strings.TrimLeftFunc(s, invisible)
	return strings.TrimRightFunc(s, func(r rune) bool { return invisible(r) && !unicode.Is(emojiTags, r) })
}

// invisible reports whether r shows nothing by itself.
func invisible(r rune) bool { return unicode.IsSpace(r) || unicode.In(r, unicode.Cc, unicode.Cf) }

// refusedControl reports whether r is a control character a text may not hold: all but tab
// and line breaks.
func refusedControl(r rune) bool { return unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' }

// emojiTags are the tag characters of emoji flag sequences, U+E0020–U+E007F.
var emojiTags = &unicode.RangeTable{R32: []unicode.Range32{{Lo: 0xE0020, Hi: 0xE007F, Stride: 1}}}
