// Package catalog is the one mechanism behind every catalogue kind (sensors, bands, spectra,
// VCVs, VCPs, and the VCO/VCOVs and criteria the operating feature declares): factory items
// and template items, list, get, create, update, delete, copy and download. A kind is a
// declaration of its identifiers, its fields (a Go type stored as JSON) and its rules; the
// catalogue owns its tables, and the features that use its items say so through UsedBy and
// read them through typed calls (Get, GetMany, ByRows), never through SQL of their own.
package catalog

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"

	"vigia/internal/auth"
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
	// System, for kinds that have system items, tells the items the system made and owns (a
	// factory's DESCONOCIDO criterion): they can be neither changed nor deleted.
	System *bool
	// Aliases are read-only fields that the spec's factory records carry the factory id under
	// as well (a factory VCP's UsuVcvID, a VCO/V's UsuVCO): set on read, never stored.
	Aliases []*int64
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
	// CallPaths says where the spec puts the kind's copies and download, when not at
	// {id}/copy and {id}/download: one call, one path.
	CallPaths CallPaths
	// TemplateEditEmpty makes the edit of a template answer 204 without a body, where the
	// spec says so (PUT vcp/{id}, S2 §7.5); other edits answer the saved item.
	TemplateEditEmpty bool
	// Guard, when set, runs before Check with the stored item (nil for a new one): it keeps
	// what only ADMIN may change and refuses changes the kind forbids (a spectrum's range).
	Guard func(t, old *T, scope auth.Scope) error
	// Uses are the fields naming another kind's item (a spectrum's sensor).
	Uses []Use[T]
	// Links are the lists of another kind's items an item holds (a spectrum's bands).
	Links []Linker[T]
	// Verify, when set, checks t against other stored items after Check (a criterion's
	// conditions against its VCOs' conditions, a VCO's against its criteria's); row is the
	// stored item's, 0 for a new one.
	Verify func(ctx context.Context, q db.Querier, scope auth.Scope, row int64, t *T) error
	// Complete, when set, fills what a list of items shows of other items after they are
	// read; it loads those for the whole list at once (GetMany), never item by item.
	Complete func(ctx context.Context, q db.Querier, scope auth.Scope, list []*T) error
	// Saved, when set, runs after an item was written in the caller's transaction (a
	// criterion's new conditions give its machines' associations their reference rows).
	Saved func(ctx context.Context, q db.Querier, scope auth.Scope, row int64, t *T) error
	// users are what, outside the catalogue, uses the items (UsedBy).
	users []Usage
}

// CallPaths are where a kind's copies and download are served, when not at their own
// {id}/copy and {id}/download.
type CallPaths uint8

const (
	// FactoryCopyByAdd: a factory item is copied through the add call alone, naming it by its
	// id (the spec's analog bands, VCVs and spectra, S2 §4, §7.3, §7.6).
	FactoryCopyByAdd CallPaths = 1 << iota
	// TemplateCopyByAdd: a template likewise (analog VCVs, S2 §7.3).
	TemplateCopyByAdd
	// DownloadByAdd: a template is downloaded through the add call alone, naming it by its
	// GUID (analog bands, VCVs and spectra, S2 §7.1, §7.3, §7.6).
	DownloadByAdd
	// DownloadFirst: the download is at download/{id} (digital bands and VCVs, S2 §7.2, §7.4).
	DownloadFirst
)

// Name is an item's name in both languages.
type Name struct{ Es, En string }

// In returns the name in the scope's language.
func (n Name) In(scope auth.Scope) string {
	if scope.NameColumn() == "nombre_en" {
		return n.En
	}
	return n.Es
}

// Usage finds the names of what uses the catalogue item in row outside the catalogue (the
// points whose spectrum it is, the machines whose criterion it is): while there are any, the
// item is not deleted. The feature that uses the kind contributes its Usage (UsedBy).
type Usage func(ctx context.Context, q db.Querier, row int64) ([]Name, error)

// UsedBy records that u finds users of the kind's items.
func (k *Kind[T]) UsedBy(u Usage) { k.users = append(k.users, u) }

// Use declares a field that names an item of another kind by its id (or GUID, for kinds
// identified by GUID) in the same scope, or a list of such ids. The named items must exist,
// are not deleted while used, and come along when a template is downloaded (the field then
// names the factory's copies).
type Use[T any] struct {
	Field string  // JSON name, for field errors
	Of    kindRef // the used kind
	ID    func(*T) *int64
	GUID  func(*T) *string
	IDs   func(*T) []*int64
}

// UseID declares a field holding the id of an item of kind of.
func UseID[T, U any](field string, of *Kind[U], id func(*T) *int64) Use[T] {
	return Use[T]{Field: field, Of: of, ID: id}
}

// UseGUID declares a field holding the GUID of an item of kind of.
func UseGUID[T, U any](field string, of *Kind[U], guid func(*T) *string) Use[T] {
	return Use[T]{Field: field, Of: of, GUID: guid}
}

// UseIDs declares a list of ids of items of kind of.
func UseIDs[T, U any](field string, of *Kind[U], ids func(*T) []*int64) Use[T] {
	return Use[T]{Field: field, Of: of, IDs: ids}
}

// keySlot reads and writes one key of a used item in an item.
type keySlot struct {
	get func() string
	set func(string)
}

func idSlot(p *int64) keySlot {
	return keySlot{
		get: func() string {
			if *p == 0 {
				return ""
			}
			return strconv.FormatInt(*p, 10)
		},
		set: func(k string) { *p, _ = strconv.ParseInt(k, 10, 64) },
	}
}

// slots are the keys t holds for the use: the set ones (an empty key names nothing).
func (u Use[T]) slots(t *T) []keySlot {
	var all []keySlot
	switch {
	case u.GUID != nil:
		p := u.GUID(t)
		all = []keySlot{{get: func() string { return *p }, set: func(k string) { *p = k }}}
	case u.IDs != nil:
		for _, p := range u.IDs(t) {
			all = append(all, idSlot(p))
		}
	default:
		all = []keySlot{idSlot(u.ID(t))}
	}
	return slices.DeleteFunc(all, func(s keySlot) bool { return s.get() == "" })
}

func (k *Kind[T]) byGUID() bool { var t T; return k.Ref(&t).GUID != nil }

// owner is the factory column value of scope: NULL for the templates.
func owner(scope auth.Scope) any {
	if scope.Factory == 0 {
		return nil
	}
	return scope.Factory
}

const itemCols = "id, guid, origen_guid, nombre_es, nombre_en, sistema, datos"

// scanRow reads an item row into T, its common fields from the columns, and returns its
// row id and whether the system owns it; extra scans columns after the item's.
func (k *Kind[T]) scanRow(row db.Scanner, scope auth.Scope, extra ...any) (*T, int64, bool, error) {
	var id int64
	var guid, es, en, data string
	var origin sql.NullString
	var system bool
	if err := row.Scan(append([]any{&id, &guid, &origin, &es, &en, &system, &data}, extra...)...); err != nil {
		return nil, 0, false, db.MapError(err)
	}
	t := new(T)
	if err := json.Unmarshal([]byte(data), t); err != nil {
		return nil, 0, false, err
	}
	r := k.Ref(t)
	setS := func(p *string, v string) {
		if p != nil {
			*p = v
		}
	}
	setS(r.TemplateGUID, origin.String)
	switch {
	case scope.Factory == 0 && r.TemplateID != nil:
		*r.TemplateID = id
		setS(r.TemplateGUID, guid)
	case scope.Factory == 0:
		setS(r.TemplateGUID, guid)
	case r.ID != nil:
		*r.ID = id
		for _, a := range r.Aliases {
			*a = id
		}
	default:
		setS(r.GUID, guid)
	}
	*r.NombreEs = es
	setS(r.NombreEn, en)
	if r.System != nil {
		*r.System = system
	}
	return t, id, system, nil
}

// stored is what the database keeps of t: its own fields, without the ids, GUIDs and names
// (columns of their own) and without the read-only fields (what it shows of other items,
// derived values), which are filled again when it is read.
func (k *Kind[T]) stored(t *T) (string, error) {
	b, err := json.Marshal(t)
	if err != nil {
		return "", err
	}
	c := new(T)
	if err := json.Unmarshal(b, c); err != nil {
		return "", err
	}
	r := k.Ref(c)
	for _, p := range []*int64{r.ID, r.TemplateID} {
		if p != nil {
			*p = 0
		}
	}
	for _, p := range []*string{r.GUID, r.TemplateGUID, r.NombreEs, r.NombreEn} {
		if p != nil {
			*p = ""
		}
	}
	if r.System != nil {
		*r.System = false
	}
	stripReadOnly(reflect.ValueOf(c).Elem())
	b, err = json.Marshal(c)
	return string(b), err
}

// stripReadOnly zeroes the fields tagged readOnly in v, and in the structs it holds.
func stripReadOnly(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			stripReadOnly(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			stripReadOnly(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).Tag.Get("readOnly") == "true" {
				v.Field(i).SetZero()
			} else if v.Type().Field(i).IsExported() {
				stripReadOnly(v.Field(i))
			}
		}
	}
}

// where selects the items of the kind in scope; keys, when given, pick some by id (or GUID
// for kinds identified by GUID). A key that cannot name an item is dropped.
func (k *Kind[T]) where(scope auth.Scope, keys ...string) (string, []any) {
	q, args := "tipo = $1 AND fabrica_id IS NULL", []any{k.Tipo}
	if scope.Factory != 0 {
		q, args = "tipo = $1 AND fabrica_id = $2", []any{k.Tipo, scope.Factory}
	}
	if keys == nil {
		return q, args
	}
	var picked []any
	for _, key := range keys {
		if k.byGUID() {
			picked = append(picked, key)
		} else if id, err := strconv.ParseInt(key, 10, 64); err == nil {
			picked = append(picked, id)
		}
	}
	if len(picked) == 0 {
		return q + " AND FALSE", args
	}
	column := " AND id IN ("
	if k.byGUID() {
		column = " AND guid IN ("
	}
	return q + column + db.In(len(args)+1, len(picked)) + ")", append(args, picked...)
}

// List returns the kind's items in scope, by name in the scope's language, with their links.
func (k *Kind[T]) List(ctx context.Context, q db.Querier, scope auth.Scope) ([]*T, error) {
	return k.list(ctx, q, scope, true)
}

// list returns the kind's items in scope as List does, without their links unless asked
// (spectra without their bands, S1 §7: what a choice among them shows).
func (k *Kind[T]) list(ctx context.Context, q db.Querier, scope auth.Scope, links bool) ([]*T, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	where, args := k.where(scope)
	return k.read(ctx, q, scope, where, args, links, nil)
}

// Get returns one item of scope with its links; another factory's item is db.ErrNotFound.
func (k *Kind[T]) Get(ctx context.Context, q db.Querier, scope auth.Scope, key string) (*T, error) {
	found, err := k.GetMany(ctx, q, scope, []string{key})
	if err != nil {
		return nil, err
	}
	if t := found[key]; t != nil {
		return t, nil
	}
	return nil, db.ErrNotFound
}

// GetMany returns the items of scope named by keys, by key, in one read (keys of no item of
// scope are missing from the answer).
func (k *Kind[T]) GetMany(ctx context.Context, q db.Querier, scope auth.Scope, keys []string) (map[string]*T, error) {
	where, args := k.where(scope, keys...)
	return readMany(ctx, k, q, scope, keys, where, args, func(_ int64, t *T) string { return k.key(t, scope) })
}

// ByRows returns the items of scope stored in rows, by row, in one read (other rows are
// missing from the answer).
func (k *Kind[T]) ByRows(ctx context.Context, q db.Querier, scope auth.Scope, rows []int64) (map[int64]*T, error) {
	where, args := k.where(scope)
	where += " AND id IN (" + db.In(len(args)+1, len(rows)) + ")"
	return readMany(ctx, k, q, scope, rows, where, append(args, db.Args(rows)...), func(row int64, _ *T) int64 { return row })
}

// readMany serves GetMany and ByRows: it reads the items of scope that where selects, in one
// read, into a map by keyOf; asked for no items, it answers an empty map without reading.
func readMany[T any, K comparable](ctx context.Context, k *Kind[T], q db.Querier, scope auth.Scope, asked []K, where string, args []any, keyOf func(row int64, t *T) K) (map[K]*T, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	out := map[K]*T{}
	if len(asked) == 0 {
		return out, nil
	}
	_, err := k.read(ctx, q, scope, where, args, true, func(row int64, t *T) { out[keyOf(row, t)] = t })
	return out, err
}

// KeyOf is the id or GUID that names item t of scope in paths and fields.
func (k *Kind[T]) KeyOf(scope auth.Scope, t *T) string { return k.key(t, scope) }

// key is the id or GUID that names item t of scope.
func (k *Kind[T]) key(t *T, scope auth.Scope) string {
	r := k.Ref(t)
	switch {
	case scope.Factory == 0 && r.TemplateID != nil:
		return strconv.FormatInt(*r.TemplateID, 10)
	case scope.Factory == 0:
		return *r.TemplateGUID
	case r.ID != nil:
		return strconv.FormatInt(*r.ID, 10)
	}
	return *r.GUID
}

// read reads the items matching where, with their links when asked, and completes them;
// each, with its row, is also handed to each when set.
func (k *Kind[T]) read(ctx context.Context, q db.Querier, scope auth.Scope, where string, args []any, links bool, each func(int64, *T)) ([]*T, error) {
	rows, err := q.QueryContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE "+where+" ORDER BY "+scope.NameColumn()+", id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*T{}
	byRow := map[int64]*T{}
	for rows.Next() {
		t, id, _, err := k.scanRow(rows, scope)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
		byRow[id] = t
		if each != nil {
			each(id, t)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	for _, l := range k.Links {
		if !links {
			break
		}
		if err := l.Load(ctx, q, scope, where, args, byRow); err != nil {
			return nil, err
		}
	}
	if k.Complete != nil && len(out) > 0 {
		return out, k.Complete(ctx, q, scope, out)
	}
	return out, nil
}

// editable is row for the calls that change an item: the scope must be one its principal
// may change (CheckEdit).
func (k *Kind[T]) editable(ctx context.Context, q db.Querier, scope auth.Scope, key string) (*T, int64, bool, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, 0, false, err
	}
	return k.row(ctx, q, scope, key)
}

// row returns one item of scope (without its links), its row id and whether the system owns it.
func (k *Kind[T]) row(ctx context.Context, q db.Querier, scope auth.Scope, key string) (*T, int64, bool, error) {
	where, args := k.where(scope, key)
	return k.scanRow(q.QueryRowContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE "+where, args...), scope)
}

// names returns the item's names to store (single-name kinds store the name twice).
func names(r Ref) (string, string) {
	if r.NombreEn == nil {
		return *r.NombreEs, *r.NombreEs
	}
	return *r.NombreEs, *r.NombreEn
}

// insert stores t in scope with a new GUID, recording the template it came from, the key it
// was made for (generated items) and the items its fields use.
func (k *Kind[T]) insert(ctx context.Context, q db.Querier, scope auth.Scope, t *T, origin, made *string) (int64, error) {
	es, en := names(k.Ref(t))
	data, err := k.stored(t)
	if err != nil {
		return 0, err
	}
	var id int64
	err = q.QueryRowContext(ctx, `INSERT INTO catalogo (fabrica_id, tipo, guid, origen_guid, clave, nombre_es, nombre_en, datos)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, owner(scope), k.Tipo, db.NewGUID(), origin, made, es, en, data).Scan(&id)
	if err != nil {
		return 0, db.MapError(err)
	}
	return id, k.saveUses(ctx, q, scope, id, t)
}

// checked runs the kind's guard and checks on t (stored in row, 0 for a new item), and
// checks that the items its fields name exist in scope.
func (k *Kind[T]) checked(ctx context.Context, q db.Querier, scope auth.Scope, row int64, t, old *T) error {
	if k.Guard != nil {
		if err := k.Guard(t, old, scope); err != nil {
			return err
		}
	}
	if err := k.Check(t); err != nil {
		return err
	}
	var errs api.FieldErrors
	for _, u := range k.Uses {
		for _, slot := range u.slots(t) {
			_, err := u.Of.rowOf(ctx, q, scope, slot.get())
			if errors.Is(err, db.ErrNotFound) {
				errs.Add(u.Field, "unknown", nil)
			} else if err != nil {
				return err
			}
		}
	}
	if err := errs.Err(); err != nil || k.Verify == nil {
		return err
	}
	return k.Verify(ctx, q, scope, row, t)
}

// guardNew runs the kind's guard on a copy or a download as on a new item: what only ADMIN
// may create (a digital envelope spectrum) an editor cannot make by copying one either.
func (k *Kind[T]) guardNew(t *T, scope auth.Scope) error {
	if k.Guard == nil {
		return nil
	}
	return k.Guard(t, nil, scope)
}

// saveUses records the items t's fields name, in place of those recorded before.
func (k *Kind[T]) saveUses(ctx context.Context, q db.Querier, scope auth.Scope, row int64, t *T) error {
	for _, u := range k.Uses {
		if _, err := q.ExecContext(ctx, "DELETE FROM catalogo_usos WHERE usuario_id = $1 AND usado_id IN (SELECT id FROM catalogo WHERE tipo = $2)", row, u.Of.tipo()); err != nil {
			return err
		}
		var used []int64
		for _, slot := range u.slots(t) {
			id, err := u.Of.rowOf(ctx, q, scope, slot.get())
			if err != nil {
				return err
			}
			if !slices.Contains(used, id) {
				used = append(used, id)
			}
		}
		if err := link(ctx, q, row, used); err != nil {
			return err
		}
	}
	return nil
}

// link records that the item in row uses the items in used.
func link(ctx context.Context, q db.Querier, row int64, used []int64) error {
	if len(used) == 0 {
		return nil
	}
	args := []any{row}
	values := ""
	for i, u := range used {
		if i > 0 {
			values += ", "
		}
		values += "($1, $" + strconv.Itoa(i+2) + ")"
		args = append(args, u)
	}
	_, err := q.ExecContext(ctx, "INSERT INTO catalogo_usos (usuario_id, usado_id) VALUES "+values, args...)
	return db.MapError(err)
}

// Create checks and adds an item. The add call also carries the spec's two shortcuts: in a
// factory, an item naming a template GUID downloads that template (CAT-004), and an item
// naming one of the scope's own items (its id field) copies it (bands, S2 §4).
func (k *Kind[T]) Create(ctx context.Context, q db.Querier, scope auth.Scope, t *T) (*T, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, err
	}
	r := k.Ref(t)
	if scope.Factory != 0 && r.TemplateGUID != nil && *r.TemplateGUID != "" {
		return k.download(ctx, q, scope, *r.TemplateGUID, true)
	}
	if source := ownKey(r, scope); source != "" {
		return k.Copy(ctx, q, scope, source)
	}
	return k.create(ctx, q, scope, t, nil)
}

func (k *Kind[T]) create(ctx context.Context, q db.Querier, scope auth.Scope, t *T, made *string) (*T, error) {
	if r := k.Ref(t); r.System != nil {
		*r.System = false
	}
	if err := k.checked(ctx, q, scope, 0, t, nil); err != nil {
		return nil, err
	}
	id, err := k.insert(ctx, q, scope, t, nil, made)
	if err != nil {
		return nil, err
	}
	return k.saved(ctx, q, scope, id)
}

// saved reads back the item written in row and runs the kind's Saved hook on it.
func (k *Kind[T]) saved(ctx context.Context, q db.Querier, scope auth.Scope, id int64) (*T, error) {
	found, err := k.ByRows(ctx, q, scope, []int64{id})
	if err != nil {
		return nil, err
	}
	t := found[id]
	if t == nil {
		return nil, db.ErrNotFound
	}
	if k.Saved != nil {
		err = k.Saved(ctx, q, scope, id, t)
	}
	return t, err
}

// Rows returns the rows of the items of scope named by keys, by key, in one read.
func (k *Kind[T]) Rows(ctx context.Context, q db.Querier, scope auth.Scope, keys []string) (map[string]int64, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	where, args := k.where(scope, keys...)
	return k.rows(ctx, q, "SELECT id, "+k.keyColumn()+" FROM catalogo WHERE "+where, args)
}

// Made returns the rows of the items of scope generated for keys (CreateMade), by key, in
// one read.
func (k *Kind[T]) Made(ctx context.Context, q db.Querier, scope auth.Scope, keys []string) (map[string]int64, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		return map[string]int64{}, nil
	}
	where, args := k.where(scope)
	return k.rows(ctx, q, "SELECT id, clave FROM catalogo WHERE "+where+" AND clave IN ("+db.In(len(args)+1, len(keys))+")", append(args, db.Args(keys)...))
}

// keyColumn is the column of the keys that name the kind's factory items.
func (k *Kind[T]) keyColumn() string {
	if k.byGUID() {
		return "guid"
	}
	return "CAST(id AS TEXT)"
}

// rows reads (row, key) pairs into a map by key.
func (k *Kind[T]) rows(ctx context.Context, q db.Querier, query string, args []any) (map[string]int64, error) {
	out := map[string]int64{}
	rows, err := q.QueryContext(ctx, query, args...)
	err = db.Pairs(rows, err, func(id int64, key string) { out[key] = id })
	return out, err
}

// CreateMade adds an item the product generates for a stable key of its own (a bearing's
// defect VCV: "bearing:<guid>:BPFO"), so that it is found again by that key (Made) whatever
// the user renames it to, and a user's item of the same name is never taken for it.
func (k *Kind[T]) CreateMade(ctx context.Context, q db.Querier, scope auth.Scope, key string, t *T) (*T, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, err
	}
	return k.create(ctx, q, scope, t, &key)
}

// ownKey is the id (or GUID) of an item of scope that t names, or "".
func ownKey(r Ref, scope auth.Scope) string {
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

// errFixed refuses changes to an item the system owns.
var errFixed = api.Refused("fixed", nil)

// Update checks t and writes it over the item's names and fields.
func (k *Kind[T]) Update(ctx context.Context, q db.Querier, scope auth.Scope, key string, t *T) (*T, error) {
	old, id, system, err := k.editable(ctx, q, scope, key)
	if err != nil {
		return nil, err
	}
	if system {
		return nil, errFixed
	}
	if r := k.Ref(t); r.System != nil {
		*r.System = false
	}
	if err := k.checked(ctx, q, scope, id, t, old); err != nil {
		return nil, err
	}
	es, en := names(k.Ref(t))
	data, err := k.stored(t)
	if err != nil {
		return nil, err
	}
	if _, err = q.ExecContext(ctx, "UPDATE catalogo SET nombre_es = $1, nombre_en = $2, datos = $3 WHERE id = $4", es, en, data, id); err != nil {
		return nil, db.MapError(err)
	}
	if err := k.saveUses(ctx, q, scope, id, t); err != nil {
		return nil, err
	}
	return k.saved(ctx, q, scope, id)
}

// Delete removes an item nothing uses; otherwise 400 lists its users. The check and the
// delete run in the caller's transaction.
func (k *Kind[T]) Delete(ctx context.Context, q db.Querier, scope auth.Scope, key string) error {
	_, id, system, err := k.editable(ctx, q, scope, key)
	if err != nil {
		return err
	}
	if system {
		return errFixed
	}
	rows, err := q.QueryContext(ctx, `SELECT c.nombre_es, c.nombre_en FROM catalogo_usos u JOIN catalogo c ON c.id = u.usuario_id WHERE u.usado_id = $1`, id)
	users, err := db.Collect(rows, err, func(r db.Scanner) (n Name, err error) { return n, r.Scan(&n.Es, &n.En) })
	if err != nil {
		return err
	}
	for _, u := range k.users {
		names, err := u(ctx, q, id)
		if err != nil {
			return err
		}
		users = append(users, names...)
	}
	if len(users) > 0 {
		slices.SortFunc(users, func(a, b Name) int { return cmp.Compare(a.In(scope), b.In(scope)) })
		items := make([]api.Item, len(users))
		for i, n := range users {
			items[i] = api.Item{Code: "in_use", Params: map[string]any{"name": n.In(scope)}}
		}
		return &api.Problem{Status: 400, Items: items}
	}
	_, err = q.ExecContext(ctx, "DELETE FROM catalogo WHERE id = $1", id)
	return db.MapError(err)
}

// Copy duplicates an item of scope with the copy suffix, with what it uses and links
// (CAT-005..CAT-007).
func (k *Kind[T]) Copy(ctx context.Context, q db.Querier, scope auth.Scope, key string) (*T, error) {
	t, from, _, err := k.editable(ctx, q, scope, key)
	if err != nil {
		return nil, err
	}
	if err := k.guardNew(t, scope); err != nil {
		return nil, err
	}
	if r := k.Ref(t); r.System != nil {
		*r.System = false
	}
	k.suffix(t, scope.Lang, api.CopySuffix)
	id, err := k.insert(ctx, q, scope, t, nil, nil)
	if err != nil {
		return nil, err
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO catalogo_usos (usuario_id, usado_id)
		SELECT $1, usado_id FROM catalogo_usos u WHERE usuario_id = $2 AND NOT EXISTS (SELECT 1 FROM catalogo_usos v WHERE v.usuario_id = $1 AND v.usado_id = u.usado_id)`, id, from); err != nil {
		return nil, err
	}
	return k.saved(ctx, q, scope, id)
}

// Download copies a template (by id, or GUID for GUID kinds) into the factory.
func (k *Kind[T]) Download(ctx context.Context, q db.Querier, scope auth.Scope, key string) (*T, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, err
	}
	return k.download(ctx, q, scope, key, false)
}

func (k *Kind[T]) download(ctx context.Context, q db.Querier, scope auth.Scope, key string, byGUID bool) (*T, error) {
	templates, err := scope.In(0)
	if err != nil {
		return nil, err
	}
	var t *T
	var from int64
	if byGUID {
		t, from, _, err = k.scanRow(q.QueryRowContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE tipo = $1 AND fabrica_id IS NULL AND guid = $2", k.Tipo, key), templates)
	} else {
		t, from, _, err = k.row(ctx, q, templates, key)
	}
	if err != nil {
		return nil, err
	}
	if err := k.guardNew(t, scope); err != nil {
		return nil, err
	}
	id, err := k.place(ctx, q, scope, t, from)
	if errors.Is(err, db.ErrDuplicate) {
		return nil, api.Refused(k.Downloaded, nil) // CAT-004: one download per template
	}
	if err != nil {
		return nil, err
	}
	return k.saved(ctx, q, scope, id)
}

// place stores template t (row from) in the factory with the download suffix, keeping the
// template's GUID; what it uses and links comes along, each downloaded once (adopt).
func (k *Kind[T]) place(ctx context.Context, q db.Querier, scope auth.Scope, t *T, from int64) (int64, error) {
	origin := *k.Ref(t).TemplateGUID
	templates, err := scope.In(0)
	if err != nil {
		return 0, err
	}
	for _, u := range k.Uses {
		for _, slot := range u.slots(t) {
			template, err := u.Of.rowOf(ctx, q, templates, slot.get())
			if err != nil {
				return 0, err
			}
			id, err := u.Of.adopt(ctx, q, scope, template)
			if err != nil {
				return 0, err
			}
			key, err := u.Of.keyOf(ctx, q, id)
			if err != nil {
				return 0, err
			}
			slot.set(key)
		}
	}
	k.suffix(t, scope.Lang, api.DownloadSuffix)
	id, err := k.insert(ctx, q, scope, t, &origin, nil)
	if err != nil {
		return 0, err
	}
	for _, l := range k.Links {
		if err := l.Place(ctx, q, scope, from, id); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// kindRef is any kind, as another kind's fields and links see it.
type kindRef interface {
	tipo() string
	rowOf(ctx context.Context, q db.Querier, scope auth.Scope, key string) (int64, error)
	keyOf(ctx context.Context, q db.Querier, row int64) (string, error)
	adopt(ctx context.Context, q db.Querier, scope auth.Scope, template int64) (int64, error)
}

func (k *Kind[T]) tipo() string { return k.Tipo }

// rowOf is the row of the item of scope named key.
func (k *Kind[T]) rowOf(ctx context.Context, q db.Querier, scope auth.Scope, key string) (int64, error) {
	where, args := k.where(scope, key)
	var id int64
	return id, db.MapError(q.QueryRowContext(ctx, "SELECT id FROM catalogo WHERE "+where, args...).Scan(&id))
}

// keyOf is the key (id or GUID) that names the item in row.
func (k *Kind[T]) keyOf(ctx context.Context, q db.Querier, row int64) (string, error) {
	var guid string
	if err := q.QueryRowContext(ctx, "SELECT guid FROM catalogo WHERE id = $1", row).Scan(&guid); err != nil {
		return "", db.MapError(err)
	}
	if k.byGUID() {
		return guid, nil
	}
	return strconv.FormatInt(row, 10), nil
}

// adopt returns the factory's download of the template in row template, downloading it
// first when the factory has none.
func (k *Kind[T]) adopt(ctx context.Context, q db.Querier, scope auth.Scope, template int64) (int64, error) {
	templates, err := scope.In(0)
	if err != nil {
		return 0, err
	}
	t, _, _, err := k.scanRow(q.QueryRowContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE tipo = $1 AND id = $2 AND fabrica_id IS NULL", k.Tipo, template), templates)
	if err != nil {
		return 0, err
	}
	var id int64
	err = q.QueryRowContext(ctx, "SELECT id FROM catalogo WHERE fabrica_id = $1 AND tipo = $2 AND origen_guid = $3", scope.Factory, k.Tipo, *k.Ref(t).TemplateGUID).Scan(&id)
	if !errors.Is(db.MapError(err), db.ErrNotFound) {
		return id, err
	}
	return k.place(ctx, q, scope, t, template)
}

// suffix appends the copy or download suffix to the item's names, within api.MaxName;
// single-name kinds take the suffix of the user's language.
func (k *Kind[T]) suffix(t *T, lang string, s api.Suffix) {
	r := k.Ref(t)
	if r.NombreEn == nil {
		*r.NombreEs = s.Append(*r.NombreEs, lang)
		return
	}
	*r.NombreEs = s.Append(*r.NombreEs, "es")
	*r.NombreEn = s.Append(*r.NombreEn, "en")
}

// Row is the catalogue row of the item of scope named key (its id, or GUID for kinds
// identified by GUID), or db.ErrNotFound.
func (k *Kind[T]) Row(ctx context.Context, q db.Querier, scope auth.Scope, key string) (int64, error) {
	if err := scope.Check(); err != nil {
		return 0, err
	}
	return k.rowOf(ctx, q, scope, key)
}

// System returns the system's item of the kind in scope (a factory's DESCONOCIDO criterion)
// and its row.
func (k *Kind[T]) System(ctx context.Context, q db.Querier, scope auth.Scope) (*T, int64, error) {
	if err := scope.Check(); err != nil {
		return nil, 0, err
	}
	where, args := k.where(scope)
	t, id, _, err := k.scanRow(q.QueryRowContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE "+where+" AND sistema ORDER BY id LIMIT 1", args...), scope)
	return t, id, err
}

// NameOf is an item's name in both languages (single-name kinds have one name).
func (k *Kind[T]) NameOf(t *T) Name {
	es, en := names(k.Ref(t))
	return Name{Es: es, En: en}
}
