// Package catalog is the one mechanism behind every catalogue kind (sensors, and the bands,
// spectra, VCVs... that follow): factory items and template items, list, get, create,
// update, delete, copy and download. A kind is a declaration of its identifiers, its fields
// (a Go type stored as JSON) and its rules; it needs no SQL and no handlers of its own.
package catalog

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"

	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Ref points at the fields every item has, inside the kind's own type. The JSON names of
// these fields are the kind's (UsuSensorDinamicoID, AdminSensorDinamicoGUID, ...).
type Ref struct {
	ID           *int64  // factory item id; nil for kinds identified by GUID
	GUID         *string // factory item GUID, for kinds identified by GUID (keyboard, nominal)
	TemplateID   *int64  // template item id; nil when the kind has none
	TemplateGUID *string // a template's GUID, or the template a factory item was downloaded from
	NombreEs     *string
	NombreEn     *string // nil for single-name kinds (their one name is NombreEs)
}

// Kind declares a catalogue kind with its own type T.
type Kind[T any] struct {
	// Tipo is the kind's key in storage and its path below /api/user/{factory}/ (factory
	// items) and /api/ (templates), e.g. "sensor/dynamic".
	Tipo string
	// Ref returns the common fields of an item.
	Ref func(*T) Ref
	// Check fills defaults, normalizes and validates an item before it is written.
	Check func(*T) error
	// CopyMethod is the method of the copy call (the spec uses PUT for sensors, POST for bands).
	CopyMethod string
	// Downloaded is the message code that refuses a second download of one template.
	Downloaded string
}

func (k *Kind[T]) byGUID() bool { var t T; return k.Ref(&t).GUID != nil }

// Scope is where an item lives: a factory, or the templates (Factory 0).
type Scope struct {
	Factory int64
	Lang    string
}

func (s Scope) owner() any {
	if s.Factory == 0 {
		return nil
	}
	return s.Factory
}

const itemCols = "id, guid, origen_guid, nombre_es, nombre_en, datos"

// scan reads an item row into T, its common fields from the columns.
func (k *Kind[T]) scan(row interface{ Scan(...any) error }, scope Scope) (*T, error) {
	var id int64
	var guid, es, en, data string
	var origin sql.NullString
	if err := row.Scan(&id, &guid, &origin, &es, &en, &data); err != nil {
		return nil, db.MapError(err)
	}
	t := new(T)
	if err := json.Unmarshal([]byte(data), t); err != nil {
		return nil, err
	}
	r := k.Ref(t)
	set := func(p *int64, v int64) {
		if p != nil {
			*p = v
		}
	}
	setS := func(p *string, v string) {
		if p != nil {
			*p = v
		}
	}
	set(r.ID, 0)
	set(r.TemplateID, 0)
	setS(r.GUID, "")
	setS(r.TemplateGUID, origin.String)
	if scope.Factory == 0 {
		set(r.TemplateID, id)
		setS(r.TemplateGUID, guid)
	} else {
		set(r.ID, id)
		setS(r.GUID, guid)
	}
	*r.NombreEs = es
	if r.NombreEn != nil {
		*r.NombreEn = en
	}
	return t, nil
}

// where selects the items of the kind in scope; key, when set, picks one by id or GUID.
func (k *Kind[T]) where(scope Scope, key string) (string, []any, error) {
	q, args := "tipo = $1 AND fabrica_id IS NULL", []any{k.Tipo}
	if scope.Factory != 0 {
		q, args = "tipo = $1 AND fabrica_id = $2", []any{k.Tipo, scope.Factory}
	}
	if key == "" {
		return q, args, nil
	}
	if k.byGUID() {
		return q + " AND guid = $" + strconv.Itoa(len(args)+1), append(args, key), nil
	}
	id, err := strconv.ParseInt(key, 10, 64)
	if err != nil {
		return "", nil, db.ErrNotFound
	}
	return q + " AND id = $" + strconv.Itoa(len(args)+1), append(args, id), nil
}

// List returns the kind's items in scope, by name (English when the language is not
// Spanish, I18N-004).
func (k *Kind[T]) List(ctx context.Context, q db.Querier, scope Scope) ([]*T, error) {
	where, args, _ := k.where(scope, "")
	order := "nombre_es"
	if scope.Lang != "" && scope.Lang != "es" {
		order = "nombre_en"
	}
	rows, err := q.QueryContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE "+where+" ORDER BY "+order+", id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*T{}
	for rows.Next() {
		t, err := k.scan(rows, scope)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// Get returns one item of scope; another factory's item is db.ErrNotFound.
func (k *Kind[T]) Get(ctx context.Context, q db.Querier, scope Scope, key string) (*T, error) {
	where, args, err := k.where(scope, key)
	if err != nil {
		return nil, err
	}
	return k.scan(q.QueryRowContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE "+where, args...), scope)
}

// names returns the item's names to store (single-name kinds store the name twice).
func names(r Ref) (string, string) {
	if r.NombreEn == nil {
		return *r.NombreEs, *r.NombreEs
	}
	return *r.NombreEs, *r.NombreEn
}

// insert stores t in scope with a new GUID, recording the template it came from.
func (k *Kind[T]) insert(ctx context.Context, q db.Querier, scope Scope, t *T, origin *string) (*T, error) {
	r := k.Ref(t)
	es, en := names(r)
	data, err := json.Marshal(t)
	if err != nil {
		return nil, err
	}
	var id int64
	err = q.QueryRowContext(ctx, `INSERT INTO catalogo (fabrica_id, tipo, guid, origen_guid, nombre_es, nombre_en, datos)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, scope.owner(), k.Tipo, db.NewGUID(), origin, es, en, string(data)).Scan(&id)
	if err != nil {
		return nil, db.MapError(err)
	}
	return k.scan(q.QueryRowContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE id = $1", id), scope)
}

// Create checks and adds an item. The add call also carries the spec's two shortcuts: in a
// factory, an item naming a template GUID downloads that template (CAT-004), and an item
// naming one of the scope's own items (its id field) copies it (bands, S2 §4).
func (k *Kind[T]) Create(ctx context.Context, d *db.DB, scope Scope, t *T) (*T, error) {
	r := k.Ref(t)
	if scope.Factory != 0 && r.TemplateGUID != nil && *r.TemplateGUID != "" {
		return k.download(ctx, d, scope, *r.TemplateGUID, true)
	}
	if source := ownKey(r, scope); source != "" {
		return k.Copy(ctx, d, scope, source)
	}
	if err := k.Check(t); err != nil {
		return nil, err
	}
	return k.insert(ctx, d, scope, t, nil)
}

// ownKey is the id (or GUID) of an item of scope that t names, or "".
func ownKey(r Ref, scope Scope) string {
	switch {
	case scope.Factory == 0 && r.TemplateID != nil && *r.TemplateID != 0:
		return strconv.FormatInt(*r.TemplateID, 10)
	case scope.Factory != 0 && r.ID != nil && *r.ID != 0:
		return strconv.FormatInt(*r.ID, 10)
	case scope.Factory != 0 && r.GUID != nil && *r.GUID != "":
		return *r.GUID
	}
	return ""
}

// Update checks t and writes it over the item's names and fields.
func (k *Kind[T]) Update(ctx context.Context, d *db.DB, scope Scope, key string, t *T) (*T, error) {
	if _, err := k.Get(ctx, d, scope, key); err != nil {
		return nil, err
	}
	if err := k.Check(t); err != nil {
		return nil, err
	}
	es, en := names(k.Ref(t))
	data, err := json.Marshal(t)
	if err != nil {
		return nil, err
	}
	where, args, _ := k.where(scope, key)
	n := len(args)
	_, err = d.ExecContext(ctx, "UPDATE catalogo SET nombre_es = $"+strconv.Itoa(n+1)+", nombre_en = $"+strconv.Itoa(n+2)+", datos = $"+strconv.Itoa(n+3)+" WHERE "+where,
		append(args, es, en, string(data))...)
	if err != nil {
		return nil, db.MapError(err)
	}
	return k.Get(ctx, d, scope, key)
}

// Delete removes an item no other item uses; otherwise 400 lists its users.
func (k *Kind[T]) Delete(ctx context.Context, d *db.DB, scope Scope, key string) error {
	where, args, err := k.where(scope, key)
	if err != nil {
		return err
	}
	var id int64
	if err := d.QueryRowContext(ctx, "SELECT id FROM catalogo WHERE "+where, args...).Scan(&id); err != nil {
		return db.MapError(err)
	}
	rows, err := d.QueryContext(ctx, `SELECT c.nombre_es, c.nombre_en FROM catalogo_usos u JOIN catalogo c ON c.id = u.usuario_id WHERE u.usado_id = $1 ORDER BY c.nombre_es`, id)
	if err != nil {
		return err
	}
	var users []api.Item
	for rows.Next() {
		var es, en string
		if err := rows.Scan(&es, &en); err != nil {
			rows.Close()
			return err
		}
		name := es
		if scope.Lang != "es" && scope.Lang != "" {
			name = en
		}
		users = append(users, api.Item{Code: "in_use", Params: map[string]any{"name": name}})
	}
	rows.Close()
	if len(users) > 0 {
		return &api.Problem{Status: 400, Items: users}
	}
	_, err = d.ExecContext(ctx, "DELETE FROM catalogo WHERE id = $1", id)
	return err
}

// Copy duplicates a factory item with the copy suffix (CAT-005..CAT-007).
func (k *Kind[T]) Copy(ctx context.Context, d *db.DB, scope Scope, key string) (*T, error) {
	t, err := k.Get(ctx, d, scope, key)
	if err != nil {
		return nil, err
	}
	k.suffix(t, scope.Lang, copySuffix)
	return k.insert(ctx, d, scope, t, nil)
}

// Download copies a template (by id, or GUID for GUID kinds) into the factory.
func (k *Kind[T]) Download(ctx context.Context, d *db.DB, scope Scope, key string) (*T, error) {
	return k.download(ctx, d, scope, key, false)
}

func (k *Kind[T]) download(ctx context.Context, d *db.DB, scope Scope, key string, byGUID bool) (*T, error) {
	var t *T
	var err error
	if byGUID {
		t, err = k.scan(d.QueryRowContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE tipo = $1 AND fabrica_id IS NULL AND guid = $2", k.Tipo, key), Scope{})
	} else {
		t, err = k.Get(ctx, d, Scope{}, key)
	}
	if err != nil {
		return nil, err
	}
	origin := *k.Ref(t).TemplateGUID
	k.suffix(t, scope.Lang, downloadSuffix)
	out, err := k.insert(ctx, d, scope, t, &origin)
	if errors.Is(err, db.ErrDuplicate) {
		return nil, api.Refused(k.Downloaded, nil) // CAT-004: one download per template
	}
	return out, err
}

type suffixes struct{ es, en string }

var (
	copySuffix     = suffixes{" (copia)", " (copy)"}
	downloadSuffix = suffixes{" (descarga)", " (download)"}
)

// suffix appends the copy or download suffix to the item's names, within api.MaxName;
// single-name kinds take the suffix of the user's language.
func (k *Kind[T]) suffix(t *T, lang string, s suffixes) {
	r := k.Ref(t)
	if r.NombreEn == nil {
		if lang != "" && lang != "es" {
			appendName(r.NombreEs, s.en)
		} else {
			appendName(r.NombreEs, s.es)
		}
		return
	}
	appendName(r.NombreEs, s.es)
	appendName(r.NombreEn, s.en)
}

func appendName(name *string, suffix string) {
	r := []rune(*name)
	if keep := api.MaxName - len([]rune(suffix)); len(r) > keep {
		r = r[:keep]
	}
	*name = string(r) + suffix
}
