package catalog

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// member is a kind as a Group sees it: without its Go type, its items as JSON objects. Every
// *Kind is one.
type member interface {
	tipo() string
	byGUID() bool
	register(a huma.API, d *db.DB)
	schema(a huma.API, loose bool) *huma.Schema
	listAny(ctx context.Context, q db.Querier, scope auth.Scope) ([]any, error)
	getAny(ctx context.Context, q db.Querier, scope auth.Scope, key string) (any, error)
	createAny(ctx context.Context, q db.Querier, scope auth.Scope, body []byte) (any, error)
	updateAny(ctx context.Context, q db.Querier, scope auth.Scope, key string, body []byte) (any, error)
	Delete(ctx context.Context, q db.Querier, scope auth.Scope, key string) error
}

func (k *Kind[T]) register(a huma.API, d *db.DB)              { Register(a, d, k) }
func (k *Kind[T]) schema(a huma.API, loose bool) *huma.Schema { return schemaOf[T](a, loose) }

func (k *Kind[T]) listAny(ctx context.Context, q db.Querier, scope auth.Scope) ([]any, error) {
	list, err := k.List(ctx, q, scope)
	out := make([]any, len(list))
	for i, t := range list {
		out[i] = t
	}
	return out, err
}

func (k *Kind[T]) getAny(ctx context.Context, q db.Querier, scope auth.Scope, key string) (any, error) {
	return asAny(k.Get(ctx, q, scope, key))
}

func (k *Kind[T]) createAny(ctx context.Context, q db.Querier, scope auth.Scope, body []byte) (any, error) {
	t := new(T)
	if err := api.Unmarshal(body, t); err != nil {
		return nil, err
	}
	return asAny(k.Create(ctx, q, scope, t))
}

func (k *Kind[T]) updateAny(ctx context.Context, q db.Querier, scope auth.Scope, key string, body []byte) (any, error) {
	t := new(T)
	if err := api.Unmarshal(body, t); err != nil {
		return nil, err
	}
	return asAny(k.Update(ctx, q, scope, key, t))
}

// asAny is t as any, or nil on error (never an any holding a nil *T).
func asAny[T any](t *T, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return t, nil
}

// Typed is an item of one of a group's kinds with the kind's name in the group: one JSON
// object with the item's own fields and Tipo ("dynamic"). The kinds of a group have no Tipo
// field of their own.
type Typed struct {
	Tipo string
	Item any
	raw  []byte // the object as received
}

// MarshalJSON writes Tipo first, then the item's fields.
func (t Typed) MarshalJSON() ([]byte, error) {
	tipo, err := json.Marshal(t.Tipo)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(t.Item)
	if err != nil {
		return nil, err
	}
	out := append([]byte(`{"Tipo":`), tipo...)
	if len(b) > 2 {
		out = append(out, ',')
	}
	return append(out, b[1:]...), nil
}

// UnmarshalJSON keeps the object whole: which kind's fields it holds is known from its Tipo
// (an add) or from the item it is written over (an edit).
func (t *Typed) UnmarshalJSON(b []byte) error {
	var head struct {
		Tipo string `json:"Tipo"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return err
	}
	t.Tipo, t.raw = head.Tipo, slices.Clone(b)
	return nil
}

// Schema documents a Typed answer: Tipo and the fields of the kind it names.
func (Typed) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeObject, Description: "An item with the fields of its type, and that type in Tipo",
		Properties: map[string]*huma.Schema{"Tipo": {Type: huma.TypeString}}, Required: []string{"Tipo"}, AdditionalProperties: true}
}

// Group serves several kinds as one at {path}/{factory} (S3 §7.1: sensor/{factory}): the
// factory's items of every kind, each with its Tipo (the last segment of its kind's Tipo:
// "sensor/dynamic" is "dynamic"), and one item by its key alone. Every item is a row of one
// table (ids never repeat across kinds) and GUIDs are unique, so a key (an id, or a GUID for
// kinds identified by GUID) names at most one item of the group's kinds: the item's kind then
// serves the call, with its own rules, as its own path would.
type Group struct {
	path    string
	members []member
	api     huma.API
}

// NewGroup declares the group of members served at path.
func NewGroup(path string, members ...member) *Group { return &Group{path: path, members: members} }

// memberName is m's Tipo in the group.
func memberName(m member) string { return m.tipo()[strings.LastIndex(m.tipo(), "/")+1:] }

// byName is the member named tipo, or nil.
func (g *Group) byName(tipo string) member {
	for _, m := range g.members {
		if memberName(m) == tipo {
			return m
		}
	}
	return nil
}

// List is every item of scope, kind by kind in the group's order, each by name.
func (g *Group) List(ctx context.Context, q db.Querier, scope auth.Scope) ([]Typed, error) {
	out := []Typed{}
	for _, m := range g.members {
		items, err := m.listAny(ctx, q, scope)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			out = append(out, Typed{Tipo: memberName(m), Item: it})
		}
	}
	return out, nil
}

// holder is the member whose item of scope key names, in one read; db.ErrNotFound when none.
func (g *Group) holder(ctx context.Context, q db.Querier, scope auth.Scope, key string) (member, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	where, args := "fabrica_id IS NULL", []any{}
	if scope.Factory != 0 {
		where, args = "fabrica_id = $1", []any{scope.Factory}
	}
	var alts []string
	alt := func(column string, value any, guids bool) {
		args = append(args, value)
		cond := column + " = $" + strconv.Itoa(len(args)) + " AND tipo IN ("
		for _, m := range g.members {
			if m.byGUID() == guids {
				args = append(args, m.tipo())
				cond += "$" + strconv.Itoa(len(args)) + ","
			}
		}
		alts = append(alts, strings.TrimSuffix(cond, ",")+")")
	}
	if id, err := strconv.ParseInt(key, 10, 64); err == nil {
		alt("id", id, false)
	}
	alt("guid", key, true)
	var tipo string
	err := q.QueryRowContext(ctx, "SELECT tipo FROM catalogo WHERE "+where+" AND ("+strings.Join(alts, " OR ")+")", args...).Scan(&tipo)
	if err != nil {
		return nil, db.MapError(err)
	}
	for _, m := range g.members {
		if m.tipo() == tipo {
			return m, nil
		}
	}
	return nil, db.ErrNotFound
}

// Get is the item of scope named key, with its Tipo.
func (g *Group) Get(ctx context.Context, q db.Querier, scope auth.Scope, key string) (Typed, error) {
	m, err := g.holder(ctx, q, scope, key)
	if err != nil {
		return Typed{}, err
	}
	t, err := m.getAny(ctx, q, scope, key)
	return Typed{Tipo: memberName(m), Item: t}, err
}

// Create adds body as an item of the kind its Tipo names, as that kind's add call would:
// its fields checked against the kind's schema first (the same 422s), a template GUID
// downloading the template and an own id copying the item.
func (g *Group) Create(ctx context.Context, q db.Querier, scope auth.Scope, body Typed) (Typed, error) {
	m := g.byName(body.Tipo)
	if m == nil {
		return Typed{}, api.Invalid("Tipo", "invalid", nil)
	}
	return g.write(m, body, true, func() (any, error) { return m.createAny(ctx, q, scope, body.raw) })
}

// Update writes body over the item of scope named key, as its kind's edit call would; a Tipo
// in the body must be the item's own (a sensor does not change type).
func (g *Group) Update(ctx context.Context, q db.Querier, scope auth.Scope, key string, body Typed) (Typed, error) {
	m, err := g.holder(ctx, q, scope, key)
	if err != nil {
		return Typed{}, err
	}
	if body.Tipo != "" && body.Tipo != memberName(m) {
		return Typed{}, api.Invalid("Tipo", "invalid", nil)
	}
	return g.write(m, body, false, func() (any, error) { return m.updateAny(ctx, q, scope, key, body.raw) })
}

// write checks body against m's schema, then runs the write and types its answer.
func (g *Group) write(m member, body Typed, loose bool, run func() (any, error)) (Typed, error) {
	var v any
	if err := json.Unmarshal(body.raw, &v); err != nil {
		return Typed{}, err
	}
	if err := api.CheckBody(g.api, m.schema(g.api, loose), v); err != nil {
		return Typed{}, err
	}
	t, err := run()
	return Typed{Tipo: memberName(m), Item: t}, err
}

// Delete removes the item of scope named key, as its kind's delete call would.
func (g *Group) Delete(ctx context.Context, q db.Querier, scope auth.Scope, key string) error {
	m, err := g.holder(ctx, q, scope, key)
	if err != nil {
		return err
	}
	return m.Delete(ctx, q, scope, key)
}

// bodySchema documents and checks a group call's body: an object whose Tipo is one of the
// group's (required on an add); its kind's fields are checked against that kind's schema.
func (g *Group) bodySchema(add bool) *huma.RequestBody {
	var names []any
	for _, m := range g.members {
		names = append(names, memberName(m))
	}
	s := &huma.Schema{Type: huma.TypeObject, Description: "The fields of the item's type (the type's own add and edit bodies) and its type in Tipo",
		Properties: map[string]*huma.Schema{"Tipo": {Type: huma.TypeString, Enum: names}}, AdditionalProperties: true}
	if add {
		s.Required = []string{"Tipo"}
	}
	return &huma.RequestBody{Required: true, Content: map[string]*huma.MediaType{"application/json": {Schema: s}}}
}

// Register serves the group's kinds (each at its own paths) and the group's calls: list, get,
// add, edit and delete at {path}/{factory}.
func (g *Group) Register(a huma.API, d *db.DB, tag string) {
	g.api = a
	for _, m := range g.members {
		m.register(a, d)
	}
	base := g.path + "/{factory}"
	op := api.Ops(tag)
	api.Register(a, d, op(api.Read, "list-"+tag+"-all", http.MethodGet, base, "The factory's items of every type, type by type, each by name", 0),
		func(ctx context.Context, q db.Querier, in *factoryPath) (*api.Body[[]Typed], error) {
			return answer(In(ctx, in.Factory, func(s auth.Scope) ([]Typed, error) { return g.List(ctx, q, s) }))
		})
	api.Register(a, d, op(api.Read, "get-"+tag+"-any", http.MethodGet, base+"/{id}", "A factory item of any type, by its id (or GUID)", 0),
		func(ctx context.Context, q db.Querier, in *factoryItem) (*api.Body[Typed], error) {
			return answer(In(ctx, in.Factory, func(s auth.Scope) (Typed, error) { return g.Get(ctx, q, s, in.ID) }))
		})
	add := op(api.Edit, "create-"+tag+"-any", http.MethodPost, base, "Add a factory item of the type Tipo names (with a template GUID: download it; with one of its own ids: copy it)", http.StatusCreated)
	add.RequestBody = g.bodySchema(true)
	api.Register(a, d, add,
		func(ctx context.Context, q db.Querier, in *factoryWrite[Typed]) (*api.Body[Typed], error) {
			return answer(In(ctx, in.Factory, func(s auth.Scope) (Typed, error) { return g.Create(ctx, q, s, in.Body) }))
		})
	edit := op(api.Edit, "update-"+tag+"-any", http.MethodPut, base+"/{id}", "Edit a factory item of any type, by its id (or GUID)", 0)
	edit.RequestBody = g.bodySchema(false)
	api.Register(a, d, edit,
		func(ctx context.Context, q db.Querier, in *factoryItemWrite[Typed]) (*api.Body[Typed], error) {
			return answer(In(ctx, in.Factory, func(s auth.Scope) (Typed, error) { return g.Update(ctx, q, s, in.ID, in.Body) }))
		})
	api.Register(a, d, op(api.Edit, "delete-"+tag+"-any", http.MethodDelete, base+"/{id}", "Delete a factory item of any type nothing uses", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *factoryItem) (*struct{}, error) {
			_, err := In(ctx, in.Factory, func(s auth.Scope) (any, error) { return nil, g.Delete(ctx, q, s, in.ID) })
			return nil, err
		})
}
