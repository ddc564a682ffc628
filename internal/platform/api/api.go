package api

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
	"github.com/danielgtaylor/huma/v2/validation"

	"vigia/internal/platform/db"
)

// Access is who may call an operation. It travels in the operation's metadata.
type Access int

// Access levels, from open to restricted.
const (
	// Public operations need no session (login, health).
	Public Access = iota
	// Self operations need a session and act on the caller's own account only, so read-only
	// users may call them even when they change something (logout, language).
	Self
	// Read operations need a session; every user type may call them.
	Read
	// Edit operations change a factory: ADMIN or U_EDITOR.
	Edit
	// Admin operations need the ADMIN type.
	Admin
	// Device operations are called by a device with its own token (Authorization: Bearer),
	// for its own serial number: no session, no same-origin check.
	Device
)

// The keys of an operation's metadata.
const (
	accessKey    = "access"
	readsKey     = "reads"
	precedingKey = "preceding"
)

// Op fills the metadata of op with its access level.
func Op(access Access, op huma.Operation) huma.Operation { return withMeta(op, accessKey, access) }

// Builder is how a feature declares its routes' operations: one line each.
type Builder func(access Access, id, method, path, summary string, status int) huma.Operation

// Ops is the Builder of a feature's routes, all under its tag; a status of 0 is huma's default.
func Ops(tag string) Builder {
	return func(access Access, id, method, path, summary string, status int) huma.Operation {
		return Op(access, huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, DefaultStatus: status, Tags: []string{tag}})
	}
}

// ReadsAt names the GET whose answer is what the write op changes, when it is not the GET of
// op's own path (same path parameters, or for a call with no path its body's fields tagged
// audit:"name"): the audit reads it before and after the write, whatever its method.
func ReadsAt(path string, op huma.Operation) huma.Operation { return withMeta(op, readsKey, path) }

// Preceding marks op as served before the mux's other patterns: its path has a literal
// segment where another's has a wildcard, and the standard mux refuses the pair (the spec's
// digitalband/download/{id} beside digitalband/{id}/copy: both match .../download/copy, and
// neither is more specific). Each path the pair does not share still reaches its own.
func Preceding(op huma.Operation) huma.Operation { return withMeta(op, precedingKey, true) }

// Mux is the standard mux the API serves its operations on, with a second one for the
// Preceding operations, which its ServeHTTP tries first.
type Mux interface {
	humago.Mux
	Preceding() humago.Mux
}

// adapter serves each operation on the mux its metadata chooses.
type adapter struct {
	huma.Adapter
	preceding huma.Adapter
}

func (a adapter) Handle(op *huma.Operation, handler func(huma.Context)) {
	if op.Metadata[precedingKey] == true {
		a.preceding.Handle(op, handler)
		return
	}
	a.Adapter.Handle(op, handler)
}

func withMeta(op huma.Operation, key string, v any) huma.Operation {
	if op.Metadata == nil {
		op.Metadata = map[string]any{}
	}
	op.Metadata[key] = v
	return op
}

// AccessOf returns the access level of an operation: as declared, else Read for safe
// methods and Edit for the others, so that a forgotten declaration never opens a door.
func AccessOf(op *huma.Operation) Access {
	if a, ok := op.Metadata[accessKey].(Access); ok {
		return a
	}
	if IsSafeMethod(op.Method) {
		return Read
	}
	return Edit
}

// NameColumn is the name column lists show and sort by in lang: the Spanish one for
// Spanish, the English one otherwise (I18N-004).
func NameColumn(lang string) string {
	if lang == "" || lang == Languages[0] {
		return "nombre_es"
	}
	return "nombre_en"
}

// IsSafeMethod reports whether method changes nothing.
func IsSafeMethod(method string) bool {
	return method == http.MethodGet || method == http.MethodHead || method == http.MethodOptions
}

type langKey struct{}

// WithLanguage returns ctx carrying the language messages are written in.
func WithLanguage(ctx context.Context, lang string) context.Context {
	return context.WithValue(ctx, langKey{}, lang)
}

// Language returns the language of the request (Spanish when unset).
func Language(ctx context.Context) string {
	if l, ok := ctx.Value(langKey{}).(string); ok {
		return l
	}
	return Languages[0]
}

// LanguageMiddleware sets the request language from Accept-Language; the auth middleware
// later replaces it with the signed-in user's own language.
func LanguageMiddleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang := LanguageFromHeader(r.Header.Get("Accept-Language"))
		next.ServeHTTP(w, r.WithContext(WithLanguage(r.Context(), lang)))
	})
}

// API is the huma API with what Register needs to audit the calls it serves: the recorder
// of changes and, per path pattern, how to read what lies at a path (its GET).
type API struct {
	huma.API
	// Audit, when set, records every change an Edit or Admin operation makes, in the
	// change's own transaction.
	Audit Recorder
	reads map[string]reader
	// edited holds the paths of the GETs whose items are edited with their versions (versioned).
	edited map[string]bool
}

// New creates the huma API on mux under /api, with the OpenAPI document at
// /api/openapi.json.
func New(mux Mux, version string) *API {
	cfg := config(version)
	cfg.OpenAPIPath = "/api/openapi"
	a := &API{reads: map[string]reader{}, edited: map[string]bool{}}
	cfg.Transformers = append(cfg.Transformers, a.tagAnswers)
	a.API = huma.NewAPI(cfg, adapter{humago.NewAdapter(mux, ""), humago.NewAdapter(mux.Preceding(), "")})
	a.UseMiddleware(keepVersions)
	return a
}

// config is the API's huma configuration, serving nothing of huma's own (New adds the
// OpenAPI document): a Decoder makes its schemas with it too.
func config(version string) huma.Config {
	cfg := huma.DefaultConfig("Vigía API", version)
	cfg.OpenAPIPath = ""
	cfg.DocsPath = ""
	cfg.SchemasPath = ""
	// Our JSON names are the spec's; huma's $schema link fields would only add noise.
	cfg.CreateHooks = nil
	// The SPA sends back whole objects it read (ids included): fields a body type does not
	// have are ignored, not refused. What a call may change is its service's to decide.
	cfg.AllowAdditionalPropertiesByDefault = true
	cfg.Formats = map[string]huma.Format{"application/json": jsonFormat, "json": jsonFormat}
	return cfg
}

// jsonFormat is huma's JSON format, except that a value that does not fit its Go field is
// told on that field, not on the whole body: a number out of the field's range (1e30 for an
// int64) passes the schema, being a whole number, and fails only when decoded. huma keeps
// only the text of a decoding error, so the field travels in it (decodeError).
var jsonFormat = huma.Format{
	Marshal: huma.DefaultJSONFormat.Marshal,
	Unmarshal: func(data []byte, v any) error {
		if !utf8.Valid(data) {
			return errInvalidUTF8
		}
		err := json.Unmarshal(data, v)
		if field, ok := misfit(err); ok {
			return decodeError(field)
		}
		return err
	},
}

// ErrInvalidUTF8 refuses a body that is not UTF-8: encoding/json would store each invalid
// byte as U+FFFD, a name sent so saved mangled. huma keeps only the text of jsonFormat's
// errors, so errInvalidUTF8 is told by its text (toProblem).
var (
	ErrInvalidUTF8 = &Problem{Status: http.StatusBadRequest, Items: []Item{{Code: "invalid_utf8"}}}
	errInvalidUTF8 = errors.New("the body is not valid UTF-8")
)

// Unmarshal decodes a request body that a handler reads itself (an item of any sensor type,
// its Tipo saying which) as huma decodes the others: a value that does not fit its field
// answers 422 on that field. Stored documents are decoded with json.Unmarshal: there, a
// misfit is the server's fault (500).
func Unmarshal(data []byte, v any) error {
	if !utf8.Valid(data) {
		return ErrInvalidUTF8
	}
	err := json.Unmarshal(data, v)
	if field, ok := misfit(err); ok {
		return Invalid(field, "invalid", nil)
	}
	return err
}

// decodeError is a body value that does not fit its field, by the field's name.
type decodeError string

// decodePrefix starts the text of a decodeError, which detailItem reads back.
const decodePrefix = "the value does not fit field "

func (e decodeError) Error() string { return decodePrefix + string(e) }

// misfit returns the field of a JSON value that does not fit its Go type, in the API's form
// ("Kw", "Motor.Potencia", "Fabricas[1]"; "body" for the whole body), when err is one.
func misfit(err error) (string, bool) {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return "", false
	}
	if te.Field == "" {
		return "body", true
	}
	parts := strings.Split(te.Field, ".")
	field := parts[0]
	for _, p := range parts[1:] {
		if _, err := strconv.Atoi(p); err == nil {
			field += "[" + p + "]"
		} else {
			field += "." + p
		}
	}
	return field, true
}

func init() {
	huma.NewError = func(status int, msg string, errs ...error) huma.StatusError {
		return render(Languages[0], status, errs)
	}
	huma.NewErrorWithContext = func(ctx huma.Context, status int, msg string, errs ...error) huma.StatusError {
		lang := Languages[0]
		if ctx != nil {
			lang = Language(ctx.Context())
			if status == http.StatusRequestEntityTooLarge {
				errs = append([]error{tooLarge(ctx.Operation().MaxBodyBytes)}, errs...)
			}
		}
		return render(lang, status, errs)
	}
}

// tooLarge refuses a body over an operation's limit (huma stops reading it there), saying the
// limit: every operation's is whole MiB (1 by default, a device's 4, an import's 64).
func tooLarge(limit int64) *Problem {
	return &Problem{Status: http.StatusRequestEntityTooLarge, Items: []Item{{Code: "too_large", Params: map[string]any{"max": limit >> 20}}}}
}

// ErrorBody is every error answer: {"errors":[{"code","message","field"}]}.
type ErrorBody struct {
	status int
	Errors []ErrorItem `json:"errors"`
}

// ErrorItem is one localized reason.
type ErrorItem struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

// Error implements error.
func (e *ErrorBody) Error() string {
	if len(e.Errors) == 0 {
		return http.StatusText(e.status)
	}
	return e.Errors[0].Message
}

// GetStatus implements huma.StatusError.
func (e *ErrorBody) GetStatus() int { return e.status }

// render is the one place where errors become HTTP answers.
func render(lang string, status int, errs []error) *ErrorBody {
	p := toProblem(status, errs)
	body := &ErrorBody{status: p.Status, Errors: make([]ErrorItem, len(p.Items))}
	for i, it := range p.Items {
		body.Errors[i] = ErrorItem{Code: it.Code, Field: it.Field, Message: Message(lang, it.Code, it.Params)}
	}
	if p.More > 0 {
		body.Errors = append(body.Errors, ErrorItem{Code: "more_errors", Message: Message(lang, "more_errors", map[string]any{"n": p.More})})
	}
	return body
}

func toProblem(status int, errs []error) *Problem {
	var details []Item
	for _, err := range errs {
		if err == nil {
			continue
		}
		if p, ok := AsProblem(err); ok {
			return p
		}
		switch err = db.MapError(err); {
		case errors.Is(err, db.ErrNotFound):
			return ErrNotFound
		case errors.Is(err, db.ErrDuplicate):
			return Refused("duplicate", nil)
		case errors.Is(err, db.ErrReferenced):
			return ErrInUse
		}
		var d *huma.ErrorDetail
		if errors.As(err, &d) && d.Message == errInvalidUTF8.Error() {
			return ErrInvalidUTF8
		}
		if errors.As(err, &d) {
			details = append(details, detailItem(d))
			continue
		}
		if status >= 500 {
			slog.Error("request failed", "err", err)
		}
	}
	switch {
	case status >= 500:
		return &Problem{Status: 500, Items: []Item{{Code: "internal"}}}
	case len(details) > 0:
		return &Problem{Status: 422, Items: details}
	case status == 401:
		return ErrUnauthorized
	case status == 403:
		return ErrForbidden
	case status == 404:
		return ErrNotFound
	}
	return &Problem{Status: status, Items: []Item{{Code: "bad_request"}}}
}

// detailItem turns one of huma's schema validation errors into a field item.
func detailItem(d *huma.ErrorDetail) Item {
	field := d.Location
	for _, prefix := range []string{"body.", "path.", "query.", "header."} {
		field = strings.TrimPrefix(field, prefix)
	}
	code := "invalid"
	switch {
	case strings.HasPrefix(d.Message, decodePrefix):
		field = strings.TrimPrefix(d.Message, decodePrefix)
	case strings.HasPrefix(d.Message, "expected required property"):
		code = "required"
		// huma reports the missing property on its parent: "expected required property Login to be present".
		if name := strings.Fields(d.Message); len(name) > 3 {
			if field == "body" || field == "" {
				field = name[3]
			} else {
				field += "." + name[3]
			}
		}
	case d.Message == validation.MsgUnexpectedProperty: // a closed body's unknown key
		return Item{Code: "unknown_field", Field: field, Params: map[string]any{"name": strconv.Quote(field)}}
	case strings.HasPrefix(d.Message, "expected length <="):
		code = "max_length"
		return Item{Code: code, Field: field, Params: map[string]any{"max": strings.TrimSpace(strings.TrimPrefix(d.Message, "expected length <="))}}
	}
	return Item{Code: code, Field: field}
}

// Handler is the work of an operation. It runs in the transaction Register opened for the
// call and hands it to the services it calls: a call is one transaction, whole or nothing.
type Handler[I, O any] func(ctx context.Context, q db.Querier, in *I) (*O, error)

// Register serves op with h, one transaction per call: read-only for safe methods and Read
// operations (a chart asked for with a body), so that it never takes SQLite's write lock; a
// write transaction otherwise, committed before the answer is written, so nothing
// acknowledged is lost. A device's GET writes: its poll is what tells its configuration
// delivered and the device alive.
//
// On an *API, a GET is also kept as the way to read its path, and an Edit or Admin write is
// audited and, when it edits an item with a GET, made on the version its If-Match names
// (tracked).
func Register[I, O any](a huma.API, d *db.DB, op huma.Operation, h Handler[I, O]) {
	run := d.Tx
	access := AccessOf(&op)
	if (IsSafeMethod(op.Method) && access != Device) || access == Read {
		run = d.ReadTx
	}
	if w, ok := a.(*API); ok {
		if op.Method == http.MethodGet {
			w.reads[op.Path] = readerOf(h)
		} else if access == Edit || access == Admin {
			at, versioned := w.versioned(&op)
			if versioned {
				w.edited[at] = true
				op.Parameters = append(op.Parameters, ifMatchParam)
			}
			h = tracked(w, d, &op, versioned, h)
		}
	}
	huma.Register(a, op, func(ctx context.Context, in *I) (out *O, err error) {
		err = run(ctx, func(tx *sql.Tx) error {
			out, err = h(ctx, tx, in)
			return err
		})
		return out, err
	})
}

// CheckBody checks the JSON value v (decoded into any) against schema s as huma checks a
// call's body: for a body whose schema the call learns only from the body itself (an item of
// any sensor type, its Tipo saying which). It answers the same 422 as huma's own check.
func CheckBody(a huma.API, s *huma.Schema, v any) error {
	return checkBody(a.OpenAPI().Components.Schemas, s, v)
}

// checkBody checks v against s, whose references r holds.
func checkBody(r huma.Registry, s *huma.Schema, v any) error {
	pb := huma.NewPathBuffer([]byte{}, 0)
	pb.Push("body")
	res := &huma.ValidateResult{}
	huma.Validate(r, s, pb, huma.ModeWriteToServer, v, res)
	if len(res.Errors) == 0 {
		return nil
	}
	return toProblem(http.StatusUnprocessableEntity, res.Errors)
}

// Decoder reads a body of type T that comes by another way than an HTTP call (MQTT) as the
// call whose body is a T reads it: checked against T's schema (the same 422s), then decoded.
// It makes the schema from T itself, with the API's settings, so it needs no API: nothing
// has to be registered before it decodes.
type Decoder[T any] struct {
	schemas huma.Registry
	schema  *huma.Schema
}

// NewDecoder makes T's schema once, for Decode.
func NewDecoder[T any]() *Decoder[T] {
	// huma hands its schema settings to a registry only as it makes an API: one serving
	// nothing, on a mux of its own.
	r := huma.NewAPI(config(""), humago.NewAdapter(http.NewServeMux(), "")).OpenAPI().Components.Schemas
	return &Decoder[T]{schemas: r, schema: r.Schema(reflect.TypeFor[T](), true, "")}
}

// Decode checks payload against T's schema and decodes it: 422 for a body the call refuses.
func (d *Decoder[T]) Decode(payload []byte) (*T, error) {
	var v any
	if !utf8.Valid(payload) {
		return nil, ErrInvalidUTF8
	}
	if err := json.Unmarshal(payload, &v); err != nil {
		return nil, Invalid("body", "invalid", nil)
	}
	if err := checkBody(d.schemas, d.schema, v); err != nil {
		return nil, err
	}
	out := new(T)
	return out, Unmarshal(payload, out)
}

// Body is an answer or request that is only a JSON body.
type Body[T any] struct{ Body T }
