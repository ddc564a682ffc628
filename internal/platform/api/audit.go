package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/platform/db"
)

// Change is one configuration change as Register hands it to the audit: the operation, the
// path it acted on and what lay there before and after, as JSON (nil: nothing).
type Change struct {
	Operation *huma.Operation
	// Path is the concrete path ("/api/user/3/vcv/12"); Params its path parameters by name.
	Path   string
	Params map[string]string
	Before json.RawMessage
	After  json.RawMessage
}

// Recorder writes a change in the transaction that made it: when it fails, the change is
// undone with it, so no change goes unrecorded.
type Recorder func(ctx context.Context, q db.Querier, c Change) error

// MaxAuditBody is the largest JSON body kept in the audit; a larger one (a whole list) is
// replaced by a note of its size, so that the log stays small.
const MaxAuditBody = 64 << 10

// reader answers the body of the GET of a path pattern, given the path's parameters.
type reader func(ctx context.Context, q db.Querier, params map[string]string) (any, error)

// readerOf makes the GET handler h a reader: its input gets only its path parameters.
func readerOf[I, O any](h Handler[I, O]) reader {
	return func(ctx context.Context, q db.Querier, params map[string]string) (any, error) {
		var in I
		if err := setPath(reflect.ValueOf(&in).Elem(), params); err != nil {
			return nil, err
		}
		out, err := h(ctx, q, &in)
		if err != nil {
			return nil, err
		}
		return bodyOf(out), nil
	}
}

// tracked wraps the write h so that, when it succeeds and the API has a recorder, the change
// is recorded in the same transaction. Before is what the GET of the same path (or the one
// ReadsAt names) answered before the write: none for a POST, which creates or acts, unless it
// names where it acts (ReadsAt). After is what that GET answers after: none for a DELETE, and
// for a POST only when it names where it acts or answers nothing (it acts on the item at its
// path); else the write's own answer, else, for an answer that is no object or list (true,
// nothing), the request's body.
//
// A versioned edit (API.versioned, as Register asked) reads its item before and after too, recorder or not: it is
// refused with ErrChanged when the call's If-Match no longer names what lay there (two edits
// of one item on one version check and write one after the other), and its answer carries the
// tag of what lies there after.
func tracked[I, O any](a *API, d *db.DB, op *huma.Operation, versioned bool, h Handler[I, O]) Handler[I, O] {
	at, named := op.Metadata[readsKey].(string)
	if !named {
		at = op.Path
	}
	return func(ctx context.Context, q db.Querier, in *I) (*O, error) {
		ver, _ := ctx.Value(versionKey{}).(*version)
		if a.Audit == nil && !versioned {
			return h(ctx, q, in)
		}
		params := pathValues(reflect.ValueOf(in).Elem(), map[string]string{})
		read := a.reads[at]
		checked := versioned && ver != nil && ver.ifMatch != ""
		if checked {
			if err := d.Lock(ctx, q, concretePath(at, params)); err != nil {
				return nil, err
			}
		}
		var before, after json.RawMessage
		if read != nil && (op.Method != http.MethodPost || named) {
			before = readQuietly(ctx, q, read, params)
		}
		if checked && before != nil && !matches(ver.ifMatch, entityTag(before)) {
			return nil, ErrChanged
		}
		out, err := h(ctx, q, in)
		if err != nil {
			return out, err
		}
		switch {
		case op.Method == http.MethodDelete:
		case read != nil && (op.Method != http.MethodPost || named || bodyOf(out) == nil):
			after = readQuietly(ctx, q, read, params)
		}
		if versioned && ver != nil && after != nil {
			ver.after = entityTag(after)
		}
		if a.Audit == nil {
			return out, nil
		}
		c := Change{Operation: op, Path: concretePath(op.Path, params), Params: params, Before: limited(before), After: limited(after)}
		if c.After == nil && op.Method != http.MethodDelete {
			c.After = composite(bodyOf(out))
			if c.After == nil {
				c.After = composite(redacted(bodyOf(in)))
			}
		}
		return out, a.Audit(ctx, q, c)
	}
}

// readQuietly reads the path inside a savepoint: a read that fails (nothing there yet, a
// GET that needs more than its path) leaves no trace, not even PostgreSQL's aborted
// transaction, and answers nothing.
func readQuietly(ctx context.Context, q db.Querier, read reader, params map[string]string) json.RawMessage {
	if _, err := q.ExecContext(ctx, `SAVEPOINT audit_read`); err != nil {
		return nil
	}
	body, err := read(ctx, q, params)
	if err != nil {
		_, _ = q.ExecContext(ctx, `ROLLBACK TO SAVEPOINT audit_read`)
	}
	_, _ = q.ExecContext(ctx, `RELEASE SAVEPOINT audit_read`)
	if err != nil {
		return nil
	}
	return marshalled(body)
}

// marshalled is v as JSON, as huma writes it (without escaping HTML); nil for nothing (nil,
// null) or what cannot be marshalled.
func marshalled(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil
	}
	raw := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	if string(raw) == "null" {
		return nil
	}
	return raw
}

// limited is b, or a note of its size when it is larger than MaxAuditBody, so that the log
// stays small.
func limited(b json.RawMessage) json.RawMessage {
	if len(b) > MaxAuditBody {
		b, _ = json.Marshal(map[string]int{"Omitido": len(b)})
	}
	return b
}

// composite is v as JSON, limited, when it is a JSON object or list; nil otherwise.
func composite(v any) json.RawMessage {
	b := limited(marshalled(v))
	if len(b) == 0 || (b[0] != '{' && b[0] != '[') {
		return nil
	}
	return b
}

// redacted is a request body without its Password: a secret never enters the log.
func redacted(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return v
	}
	delete(m, "Password")
	return m
}

// bodyOf is the Body field of an input or answer (a pointer to a struct), else nil.
func bodyOf(v any) any {
	r := reflect.ValueOf(v)
	if r.Kind() != reflect.Pointer || r.IsNil() || r.Elem().Kind() != reflect.Struct {
		return nil
	}
	if f := r.Elem().FieldByName("Body"); f.IsValid() && f.CanInterface() {
		return f.Interface()
	}
	return nil
}

// pathValues collects the fields of v tagged path:"name", through embedded structs, and those
// of its Body tagged audit:"name": the path parameters of the item that a call with a body and
// no path acts on, for the GET its ReadsAt names (a machine VCO's channel set).
func pathValues(v reflect.Value, into map[string]string) map[string]string {
	if v.Kind() != reflect.Struct {
		return into
	}
	for i := range v.NumField() {
		f := v.Type().Field(i)
		switch {
		case f.Anonymous:
			pathValues(v.Field(i), into)
		case f.Tag.Get("path") != "":
			into[f.Tag.Get("path")] = fmt.Sprint(v.Field(i).Interface())
		case f.Name == "Body" && f.Type.Kind() == reflect.Struct:
			for j := range f.Type.NumField() {
				if name := f.Type.Field(j).Tag.Get("audit"); name != "" {
					into[name] = fmt.Sprint(v.Field(i).Field(j).Interface())
				}
			}
		}
	}
	return into
}

// setPath sets the fields of v tagged path:"name" from params, as huma would parse them.
func setPath(v reflect.Value, params map[string]string) error {
	if v.Kind() != reflect.Struct {
		return nil
	}
	for i := range v.NumField() {
		f, field := v.Type().Field(i), v.Field(i)
		if f.Anonymous {
			if err := setPath(field, params); err != nil {
				return err
			}
			continue
		}
		s, ok := params[f.Tag.Get("path")]
		if !ok || !field.CanSet() {
			continue
		}
		switch field.Kind() {
		case reflect.String:
			field.SetString(s)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return err
			}
			field.SetInt(n)
		default:
			return errors.New("unsupported path parameter " + f.Name)
		}
	}
	return nil
}

// concretePath fills the parameters of a path pattern.
func concretePath(pattern string, params map[string]string) string {
	for name, v := range params {
		pattern = strings.ReplaceAll(pattern, "{"+name+"}", v)
	}
	return pattern
}
