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
	// Guard, when set, runs before Check with the stored item (nil for a new one): it keeps
	// what only ADMIN may change and refuses changes the kind forbids (a spectrum's range).
	Guard func(t, old *T, scope Scope) error
	// Uses are the fields naming another kind's item (a spectrum's sensor).
	Uses []Use[T]
	// Links are the lists of another kind's items an item holds (a spectrum's bands).
	Links []Linker[T]
	// Fixed, when set, tells the items that cannot be changed or deleted (a factory's
	// DESCONOCIDO criterion).
	Fixed func(*T) bool
	// Verify, when set, checks t against other stored items after Check (a criterion's
	// conditions against its VCOs' conditions).
	Verify func(ctx context.Context, q db.Querier, scope Scope, t *T) error
	// Complete, when set, fills what items show of other items after they are read.
	Complete func(ctx context.Context, q db.Querier, scope Scope, list []*T) error
	// UsedBy, when set, selects (nombre_es, nombre_en) of what uses the item in row $1 outside
	// the catalogue (the points whose spectrum it is); the item is not deleted while used.
	UsedBy string
}

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

// slots are the keys t holds for the use.
func (u Use[T]) slots(t *T) []keySlot {
	switch {
	case u.GUID != nil:
		p := u.GUID(t)
		return []keySlot{{get: func() string { return *p }, set: func(k string) { *p = k }}}
	case u.IDs != nil:
		var out []keySlot
		for _, p := range u.IDs(t) {
			out = append(out, idSlot(p))
		}
		return out
	}
	return []keySlot{idSlot(u.ID(t))}
}

func (k *Kind[T]) byGUID() bool { var t T; return k.Ref(&t).GUID != nil }

// Scope is where an item lives: a factory, or the templates (Factory 0); Lang and Admin
// are the caller's.
type Scope struct {
	Factory int64
	Lang    string
	Admin   bool
}

func (s Scope) owner() any {
	if s.Factory == 0 {
		return nil
	}
	return s.Factory
}

const itemCols = "id, guid, origen_guid, nombre_es, nombre_en, datos"

// scanRow reads an item row into T, its common fields from the columns, and returns its
// row id; extra scans columns after the item's.
func (k *Kind[T]) scanRow(row interface{ Scan(...any) error }, scope Scope, extra ...any) (*T, int64, error) {
	var id int64
	var guid, es, en, data string
	var origin sql.NullString
	if err := row.Scan(append([]any{&id, &guid, &origin, &es, &en, &data}, extra...)...); err != nil {
		return nil, 0, db.MapError(err)
	}
	t := new(T)
	if err := json.Unmarshal([]byte(data), t); err != nil {
		return nil, 0, err
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
	return t, id, nil
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

// order is the column lists sort by: the English name when the language is not Spanish
// (I18N-004).
func order(scope Scope) string {
	if scope.Lang != "" && scope.Lang != "es" {
		return "nombre_en"
	}
	return "nombre_es"
}

// List returns the kind's items in scope, by name, with their links.
func (k *Kind[T]) List(ctx context.Context, q db.Querier, scope Scope) ([]*T, error) {
	where, args, _ := k.where(scope, "")
	return k.query(ctx, q, scope, where, args)
}

// Get returns one item of scope with its links; another factory's item is db.ErrNotFound.
func (k *Kind[T]) Get(ctx context.Context, q db.Querier, scope Scope, key string) (*T, error) {
	where, args, err := k.where(scope, key)
	if err != nil {
		return nil, err
	}
	list, err := k.query(ctx, q, scope, where, args)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, db.ErrNotFound
	}
	return list[0], nil
}

func (k *Kind[T]) query(ctx context.Context, q db.Querier, scope Scope, where string, args []any) ([]*T, error) {
	rows, err := q.QueryContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE "+where+" ORDER BY "+order(scope)+", id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*T{}
	byRow := map[int64]*T{}
	for rows.Next() {
		t, id, err := k.scanRow(rows, scope)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
		byRow[id] = t
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	for _, l := range k.Links {
		if err := l.Load(ctx, q, scope, where, args, byRow); err != nil {
			return nil, err
		}
	}
	if k.Complete != nil {
		return out, k.Complete(ctx, q, scope, out)
	}
	return out, nil
}

// row returns one item of scope (without its links) and its row id.
func (k *Kind[T]) row(ctx context.Context, q db.Querier, scope Scope, key string) (*T, int64, error) {
	where, args, err := k.where(scope, key)
	if err != nil {
		return nil, 0, err
	}
	return k.scanRow(q.QueryRowContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE "+where, args...), scope)
}

// names returns the item's names to store (single-name kinds store the name twice).
func names(r Ref) (string, string) {
	if r.NombreEn == nil {
		return *r.NombreEs, *r.NombreEs
	}
	return *r.NombreEs, *r.NombreEn
}

// insert stores t in scope with a new GUID, recording the template it came from, and the
// items its fields use.
func (k *Kind[T]) insert(ctx context.Context, q db.Querier, scope Scope, t *T, origin *string) (int64, error) {
	es, en := names(k.Ref(t))
	data, err := json.Marshal(t)
	if err != nil {
		return 0, err
	}
	var id int64
	err = q.QueryRowContext(ctx, `INSERT INTO catalogo (fabrica_id, tipo, guid, origen_guid, nombre_es, nombre_en, datos)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, scope.owner(), k.Tipo, db.NewGUID(), origin, es, en, string(data)).Scan(&id)
	if err != nil {
		return 0, db.MapError(err)
	}
	return id, k.saveUses(ctx, q, scope, id, t)
}

// checked runs the kind's guard and checks on t, and checks that the items its fields name
// exist in scope.
func (k *Kind[T]) checked(ctx context.Context, q db.Querier, scope Scope, t, old *T) error {
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
			if key := slot.get(); key != "" {
				_, err := u.Of.rowOf(ctx, q, scope, key)
				if errors.Is(err, db.ErrNotFound) {
					errs.Add(u.Field, "unknown", nil)
				} else if err != nil {
					return err
				}
			}
		}
	}
	if err := errs.Err(); err != nil || k.Verify == nil {
		return err
	}
	return k.Verify(ctx, q, scope, t)
}

// saveUses records the items t's fields name, in place of those recorded before.
func (k *Kind[T]) saveUses(ctx context.Context, q db.Querier, scope Scope, row int64, t *T) error {
	for _, u := range k.Uses {
		if _, err := q.ExecContext(ctx, "DELETE FROM catalogo_usos WHERE usuario_id = $1 AND usado_id IN (SELECT id FROM catalogo WHERE tipo = $2)", row, u.Of.tipo()); err != nil {
			return err
		}
		seen := map[int64]bool{}
		for _, slot := range u.slots(t) {
			key := slot.get()
			if key == "" {
				continue
			}
			id, err := u.Of.rowOf(ctx, q, scope, key)
			if err != nil {
				return err
			}
			if seen[id] {
				continue
			}
			seen[id] = true
			if _, err := q.ExecContext(ctx, "INSERT INTO catalogo_usos (usuario_id, usado_id) VALUES ($1, $2)", row, id); err != nil {
				return db.MapError(err)
			}
		}
	}
	return nil
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
	var out *T
	err := d.Tx(ctx, func(tx *sql.Tx) error {
		if err := k.checked(ctx, tx, scope, t, nil); err != nil {
			return err
		}
		id, err := k.insert(ctx, tx, scope, t, nil)
		if err != nil {
			return err
		}
		out, err = k.byRow(ctx, tx, scope, id)
		return err
	})
	return out, err
}

// byRow returns the item of scope stored in row id, with its links.
func (k *Kind[T]) byRow(ctx context.Context, q db.Querier, scope Scope, id int64) (*T, error) {
	list, err := k.query(ctx, q, scope, "tipo = $1 AND id = $2", []any{k.Tipo, id})
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, db.ErrNotFound
	}
	return list[0], nil
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
	var out *T
	err := d.Tx(ctx, func(tx *sql.Tx) error {
		old, id, err := k.row(ctx, tx, scope, key)
		if err != nil {
			return err
		}
		if k.Fixed != nil && k.Fixed(old) {
			return api.Refused("fixed", nil)
		}
		if err := k.checked(ctx, tx, scope, t, old); err != nil {
			return err
		}
		es, en := names(k.Ref(t))
		data, err := json.Marshal(t)
		if err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, "UPDATE catalogo SET nombre_es = $1, nombre_en = $2, datos = $3 WHERE id = $4", es, en, string(data), id); err != nil {
			return db.MapError(err)
		}
		if err := k.saveUses(ctx, tx, scope, id, t); err != nil {
			return err
		}
		out, err = k.byRow(ctx, tx, scope, id)
		return err
	})
	return out, err
}

// Delete removes an item no other item uses; otherwise 400 lists its users.
func (k *Kind[T]) Delete(ctx context.Context, d *db.DB, scope Scope, key string) error {
	t, id, err := k.row(ctx, d, scope, key)
	if err != nil {
		return err
	}
	if k.Fixed != nil && k.Fixed(t) {
		return api.Refused("fixed", nil)
	}
	users := `SELECT c.nombre_es, c.nombre_en FROM catalogo_usos u JOIN catalogo c ON c.id = u.usuario_id WHERE u.usado_id = $1`
	if k.UsedBy != "" {
		users += " UNION ALL " + k.UsedBy
	}
	rows, err := d.QueryContext(ctx, "SELECT nombre_es, nombre_en FROM ("+users+") users ORDER BY "+order(scope), id)
	if err != nil {
		return err
	}
	var found []api.Item
	for rows.Next() {
		var es, en string
		if err := rows.Scan(&es, &en); err != nil {
			rows.Close()
			return err
		}
		name := es
		if order(scope) == "nombre_en" {
			name = en
		}
		found = append(found, api.Item{Code: "in_use", Params: map[string]any{"name": name}})
	}
	rows.Close()
	if len(found) > 0 {
		return &api.Problem{Status: 400, Items: found}
	}
	_, err = d.ExecContext(ctx, "DELETE FROM catalogo WHERE id = $1", id)
	return db.MapError(err)
}

// Copy duplicates an item of scope with the copy suffix, with what it uses and links
// (CAT-005..CAT-007).
func (k *Kind[T]) Copy(ctx context.Context, d *db.DB, scope Scope, key string) (*T, error) {
	var out *T
	err := d.Tx(ctx, func(tx *sql.Tx) error {
		t, from, err := k.row(ctx, tx, scope, key)
		if err != nil {
			return err
		}
		k.suffix(t, scope.Lang, copySuffix)
		id, err := k.insert(ctx, tx, scope, t, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO catalogo_usos (usuario_id, usado_id)
			SELECT $1, usado_id FROM catalogo_usos u WHERE usuario_id = $2 AND NOT EXISTS (SELECT 1 FROM catalogo_usos v WHERE v.usuario_id = $1 AND v.usado_id = u.usado_id)`, id, from); err != nil {
			return err
		}
		out, err = k.byRow(ctx, tx, scope, id)
		return err
	})
	return out, err
}

// Download copies a template (by id, or GUID for GUID kinds) into the factory.
func (k *Kind[T]) Download(ctx context.Context, d *db.DB, scope Scope, key string) (*T, error) {
	return k.download(ctx, d, scope, key, false)
}

func (k *Kind[T]) download(ctx context.Context, d *db.DB, scope Scope, key string, byGUID bool) (*T, error) {
	var out *T
	err := d.Tx(ctx, func(tx *sql.Tx) error {
		var t *T
		var from int64
		var err error
		if byGUID {
			t, from, err = k.scanRow(tx.QueryRowContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE tipo = $1 AND fabrica_id IS NULL AND guid = $2", k.Tipo, key), Scope{})
		} else {
			t, from, err = k.row(ctx, tx, Scope{}, key)
		}
		if err != nil {
			return err
		}
		id, err := k.place(ctx, tx, scope, t, from)
		if errors.Is(err, db.ErrDuplicate) {
			return api.Refused(k.Downloaded, nil) // CAT-004: one download per template
		}
		if err != nil {
			return err
		}
		out, err = k.byRow(ctx, tx, scope, id)
		return err
	})
	return out, err
}

// place stores template t (row from) in the factory with the download suffix, keeping the
// template's GUID; what it uses and links comes along, each downloaded once (adopt).
func (k *Kind[T]) place(ctx context.Context, q db.Querier, scope Scope, t *T, from int64) (int64, error) {
	origin := *k.Ref(t).TemplateGUID
	for _, u := range k.Uses {
		for _, slot := range u.slots(t) {
			key := slot.get()
			if key == "" {
				continue
			}
			template, err := u.Of.rowOf(ctx, q, Scope{}, key)
			if err != nil {
				return 0, err
			}
			id, err := u.Of.adopt(ctx, q, scope, template)
			if err != nil {
				return 0, err
			}
			if key, err = u.Of.keyOf(ctx, q, id); err != nil {
				return 0, err
			}
			slot.set(key)
		}
	}
	k.suffix(t, scope.Lang, downloadSuffix)
	id, err := k.insert(ctx, q, scope, t, &origin)
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
	rowOf(ctx context.Context, q db.Querier, scope Scope, key string) (int64, error)
	keyOf(ctx context.Context, q db.Querier, row int64) (string, error)
	adopt(ctx context.Context, q db.Querier, scope Scope, template int64) (int64, error)
}

func (k *Kind[T]) tipo() string { return k.Tipo }

// rowOf is the row of the item of scope named key.
func (k *Kind[T]) rowOf(ctx context.Context, q db.Querier, scope Scope, key string) (int64, error) {
	where, args, err := k.where(scope, key)
	if err != nil {
		return 0, err
	}
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
func (k *Kind[T]) adopt(ctx context.Context, q db.Querier, scope Scope, template int64) (int64, error) {
	t, _, err := k.scanRow(q.QueryRowContext(ctx, "SELECT "+itemCols+" FROM catalogo WHERE tipo = $1 AND id = $2 AND fabrica_id IS NULL", k.Tipo, template), Scope{})
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

// Row is the catalogue row of the item of scope named key (its id, or GUID for kinds
// identified by GUID), or db.ErrNotFound.
func (k *Kind[T]) Row(ctx context.Context, q db.Querier, scope Scope, key string) (int64, error) {
	return k.rowOf(ctx, q, scope, key)
}

// Key is the id or GUID that names the item in row.
func (k *Kind[T]) Key(ctx context.Context, q db.Querier, row int64) (string, error) {
	return k.keyOf(ctx, q, row)
}
