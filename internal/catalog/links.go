package catalog

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Link declares a list of another kind's items that an item holds (a spectrum's bands, a
// digital spectrum's associated spectra). The list is read with the item and at
// .../{id}/{Segment}, and changed by the link calls: .../{id}/{Segment}/{key} adds or takes
// out one item, .../{id}/{Segment} empties it. A linked item is not deleted while linked.
type Link[T, U any] struct {
	Segment string
	To      *Kind[U]
	List    func(*T) *[]*U
	// Fits tells whether the item may hold the linked one (a spectrum, bands of its range);
	// Misfit is the message code otherwise.
	Fits   func(*T, *U) bool
	Misfit string
}

// Linker is a Link whatever its linked kind.
type Linker[T any] interface {
	Path() string
	Load(ctx context.Context, q db.Querier, scope auth.Scope, where string, args []any, byRow map[int64]*T) error
	Target(ctx context.Context, q db.Querier, scope auth.Scope, t *T, key string) (int64, error)
	Place(ctx context.Context, q db.Querier, scope auth.Scope, from, to int64) error
	// linkedTipo is the kind of the linked items.
	linkedTipo() string
	// serve registers the link calls of the items of k.
	serve(a huma.API, d *db.DB, k *Kind[T])
}

func (l *Link[T, U]) Path() string { return l.Segment }

func (l *Link[T, U]) linkedTipo() string { return l.To.Tipo }

// serve registers the link calls for the factory's items of k, below
// /api/user/{factory}/{Tipo}/{id}/{Segment}, and for the templates, below
// /api/{Tipo}/{id}/{Segment} (written by ADMIN).
func (l *Link[T, U]) serve(a huma.API, d *db.DB, k *Kind[T]) {
	serveLink(a, d, k, l, "/api/user/{factory}/", "", api.Edit,
		func(in *factoryItem) (int64, string) { return in.Factory, in.ID },
		func(in *factoryLink) (int64, string, string) { return in.Factory, in.ID, in.Link })
	serveLink(a, d, k, l, "/api/", "template-", api.Admin,
		func(in *templateItem) (int64, string) { return 0, in.ID },
		func(in *templateLink) (int64, string, string) { return 0, in.ID, in.Link })
}

// serveLink registers the link calls of one side, whose paths start with prefix and whose
// path parameters I (an item) and L (an item and a linked one) carry: the list, add one
// item, take one out, take them all out.
func serveLink[T, U, I, L any](a huma.API, d *db.DB, k *Kind[T], l *Link[T, U], prefix, opPrefix string, access api.Access,
	item func(*I) (int64, string), linked func(*L) (int64, string, string)) {
	op := api.Ops(k.Tipo)
	list := prefix + k.Tipo + "/{id}/" + l.Segment
	id := opPrefix + k.Tipo + "-" + l.Segment
	none := func(ctx context.Context, factory int64, fn func(auth.Scope) error) (*struct{}, error) {
		_, err := In(ctx, factory, func(s auth.Scope) (any, error) { return nil, fn(s) })
		return nil, err
	}
	api.Register(a, d, op(api.Read, "list-"+id, http.MethodGet, list, "The items an item's list holds", 0),
		func(ctx context.Context, q db.Querier, in *I) (*api.Body[[]*U], error) {
			factory, key := item(in)
			return answer(In(ctx, factory, func(s auth.Scope) ([]*U, error) {
				t, err := k.Get(ctx, q, s, key)
				if err != nil {
					return nil, err
				}
				return *l.List(t), nil
			}))
		})
	api.Register(a, d, op(access, "link-"+id, http.MethodPost, list+"/{link}", "Add an item to an item's list", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *L) (*struct{}, error) {
			factory, key, target := linked(in)
			return none(ctx, factory, func(s auth.Scope) error { return k.Link(ctx, q, s, key, l, target) })
		})
	api.Register(a, d, api.ReadsAt(list, op(access, "unlink-"+id, http.MethodDelete, list+"/{link}", "Take an item out of an item's list", http.StatusNoContent)),
		func(ctx context.Context, q db.Querier, in *L) (*struct{}, error) {
			factory, key, target := linked(in)
			return none(ctx, factory, func(s auth.Scope) error { return k.Unlink(ctx, q, s, key, l, target) })
		})
	api.Register(a, d, op(access, "unlink-all-"+id, http.MethodDelete, list, "Take every item out of an item's list", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *I) (*struct{}, error) {
			factory, key := item(in)
			return none(ctx, factory, func(s auth.Scope) error { return k.UnlinkAll(ctx, q, s, key, l) })
		})
}

// Load fills the lists of the items in byRow (rows of catalogo matching where).
func (l *Link[T, U]) Load(ctx context.Context, q db.Querier, scope auth.Scope, where string, args []any, byRow map[int64]*T) error {
	for _, t := range byRow {
		*l.List(t) = []*U{}
	}
	if len(byRow) == 0 {
		return nil
	}
	rows, err := q.QueryContext(ctx, `SELECT c.id, c.guid, c.origen_guid, c.nombre_es, c.nombre_en, c.sistema, c.datos, u.usuario_id
		FROM catalogo_usos u JOIN catalogo c ON c.id = u.usado_id
		WHERE c.tipo = $`+strconv.Itoa(len(args)+1)+` AND u.usuario_id IN (SELECT id FROM catalogo WHERE `+where+`)
		ORDER BY c.`+scope.NameColumn()+`, c.id`, append(args, l.To.Tipo)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var owner int64
		u, _, _, err := l.To.scanRow(rows, scope, &owner)
		if err != nil {
			return err
		}
		list := l.List(byRow[owner])
		*list = append(*list, u)
	}
	return rows.Err()
}

// Target resolves the key of an item t may hold to its row (t nil: any item of the kind).
func (l *Link[T, U]) Target(ctx context.Context, q db.Querier, scope auth.Scope, t *T, key string) (int64, error) {
	u, id, _, err := l.To.row(ctx, q, scope, key)
	if err != nil {
		return 0, err
	}
	if t != nil && l.Fits != nil && !l.Fits(t, u) {
		return 0, api.Refused(l.Misfit, nil)
	}
	return id, nil
}

// Place links the factory item in row to with the downloads of what template row from holds.
func (l *Link[T, U]) Place(ctx context.Context, q db.Querier, scope auth.Scope, from, to int64) error {
	rows, err := q.QueryContext(ctx, "SELECT u.usado_id FROM catalogo_usos u JOIN catalogo c ON c.id = u.usado_id WHERE u.usuario_id = $1 AND c.tipo = $2 ORDER BY u.usado_id", from, l.To.Tipo)
	held, err := db.Collect(rows, err, func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) })
	if err != nil {
		return err
	}
	adopted := make([]int64, len(held))
	for i, h := range held {
		if adopted[i], err = l.To.adopt(ctx, q, scope, h); err != nil {
			return err
		}
	}
	return link(ctx, q, to, adopted)
}

// Link adds the item named target to the list of item key ('El elemento ya está asociado.'
// when it is there already, BAND-050).
func (k *Kind[T]) Link(ctx context.Context, q db.Querier, scope auth.Scope, key string, l Linker[T], target string) error {
	t, id, _, err := k.editable(ctx, q, scope, key)
	if err != nil {
		return err
	}
	to, err := l.Target(ctx, q, scope, t, target)
	if err != nil {
		return err
	}
	if err := link(ctx, q, id, []int64{to}); errors.Is(err, db.ErrDuplicate) {
		return api.ErrAlreadyLinked
	} else if err != nil {
		return err
	}
	return nil
}

// Unlink takes the item named target out of the list of item key.
func (k *Kind[T]) Unlink(ctx context.Context, q db.Querier, scope auth.Scope, key string, l Linker[T], target string) error {
	_, id, _, err := k.editable(ctx, q, scope, key)
	if err != nil {
		return err
	}
	to, err := l.Target(ctx, q, scope, nil, target)
	if errors.Is(err, db.ErrNotFound) {
		return api.ErrNotLinked
	}
	if err != nil {
		return err
	}
	res, err := q.ExecContext(ctx, "DELETE FROM catalogo_usos WHERE usuario_id = $1 AND usado_id = $2", id, to)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return api.ErrNotLinked
	}
	return nil
}

// UnlinkAll empties the list of item key: no item of l's kind stays linked to it.
func (k *Kind[T]) UnlinkAll(ctx context.Context, q db.Querier, scope auth.Scope, key string, l Linker[T]) error {
	_, id, _, err := k.editable(ctx, q, scope, key)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, "DELETE FROM catalogo_usos WHERE usuario_id = $1 AND usado_id IN (SELECT id FROM catalogo WHERE tipo = $2)", id, l.linkedTipo())
	return err
}
