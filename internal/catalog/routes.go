package catalog

import (
	"context"
	"net/http"
	"reflect"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

type factoryPath struct {
	Factory int64 `path:"factory"`
}

// ListQuery is what a list call may leave out (exported: huma reads only exported embedded
// structs).
type ListQuery struct {
	SinEnlaces bool `query:"SinEnlaces" doc:"true: the items without the lists of other items they hold (spectra without their bands), for a choice among them"`
}

type factoryList struct {
	Factory int64 `path:"factory"`
	ListQuery
}

type factoryItem struct {
	Factory int64  `path:"factory"`
	ID      string `path:"id"`
}

type templateItem struct {
	ID string `path:"id"`
}

type factoryWrite[T any] struct {
	Factory int64 `path:"factory"`
	Body    T
}

type factoryItemWrite[T any] struct {
	Factory int64  `path:"factory"`
	ID      string `path:"id"`
	Body    T
}

type templateWrite[T any] struct{ Body T }

type templateItemWrite[T any] struct {
	ID   string `path:"id"`
	Body T
}

type factoryLink struct {
	Factory int64  `path:"factory"`
	ID      string `path:"id"`
	Link    string `path:"link"`
}

type templateLink struct {
	ID   string `path:"id"`
	Link string `path:"link"`
}

// In runs fn in the scope of factory (0: the templates) of the call's principal.
func In[O any](ctx context.Context, factory int64, fn func(auth.Scope) (O, error)) (O, error) {
	scope, err := auth.ScopeOf(ctx, factory)
	if err != nil {
		var none O
		return none, err
	}
	return fn(scope)
}

// answer wraps a result as the JSON body of an answer.
func answer[T any](t T, err error) (*api.Body[T], error) { return &api.Body[T]{Body: t}, err }

// schemaOf is the schema of T's items; loose drops its required fields, for an add's body:
// the spec's copy and download go through the add call with only the source's id or the
// template's GUID (S2 §4, §7). Create checks the fields of a new item itself.
func schemaOf[T any](a huma.API, loose bool) *huma.Schema {
	r := a.OpenAPI().Components.Schemas
	s := r.Schema(reflect.TypeFor[T](), true, "")
	if !loose {
		return s
	}
	c := *s
	if c.Ref != "" {
		c = *r.SchemaFromRef(c.Ref)
	}
	c.Required = nil
	c.PrecomputeMessages()
	return &c
}

// addBody gives the add call op the kind's loose body schema (schemaOf).
func addBody[T any](a huma.API, op huma.Operation) huma.Operation {
	op.RequestBody = &huma.RequestBody{Required: true, Content: map[string]*huma.MediaType{"application/json": {Schema: schemaOf[T](a, true)}}}
	return op
}

// Register serves a kind's factory items under /api/user/{factory}/{Tipo} and its templates
// under /api/{Tipo} (written by ADMIN only): list, get, create, update, delete and copy,
// download for factory items (where CallPaths puts them), and the calls of its links
// (Link.serve).
func Register[T any](a huma.API, d *db.DB, k *Kind[T]) {
	fbase := "/api/user/{factory}/" + k.Tipo
	op := api.Ops(k.Tipo)
	item := func(ctx context.Context, factory int64, fn func(auth.Scope) (*T, error)) (*api.Body[*T], error) {
		return answer(In(ctx, factory, fn))
	}
	none := func(ctx context.Context, factory int64, fn func(auth.Scope) error) (*struct{}, error) {
		_, err := In(ctx, factory, func(s auth.Scope) (any, error) { return nil, fn(s) })
		return nil, err
	}
	list := func(ctx context.Context, q db.Querier, factory int64, in ListQuery) (*api.Body[[]*T], error) {
		return answer(In(ctx, factory, func(s auth.Scope) ([]*T, error) { return k.list(ctx, q, s, !in.SinEnlaces) }))
	}
	api.Register(a, d, op(api.Read, "list-"+k.Tipo, http.MethodGet, fbase, "Factory items", 0),
		func(ctx context.Context, q db.Querier, in *factoryList) (*api.Body[[]*T], error) {
			return list(ctx, q, in.Factory, in.ListQuery)
		})
	api.Register(a, d, op(api.Read, "get-"+k.Tipo, http.MethodGet, fbase+"/{id}", "A factory item", 0),
		func(ctx context.Context, q db.Querier, in *factoryItem) (*api.Body[*T], error) {
			return item(ctx, in.Factory, func(s auth.Scope) (*T, error) { return k.Get(ctx, q, s, in.ID) })
		})
	api.Register(a, d, addBody[T](a, op(api.Edit, "create-"+k.Tipo, http.MethodPost, fbase, "Add a factory item (with a template GUID: download it; with one of its own ids: copy it)", http.StatusCreated)),
		func(ctx context.Context, q db.Querier, in *factoryWrite[T]) (*api.Body[*T], error) {
			return item(ctx, in.Factory, func(s auth.Scope) (*T, error) { return k.Create(ctx, q, s, &in.Body) })
		})
	api.Register(a, d, op(api.Edit, "update-"+k.Tipo, http.MethodPut, fbase+"/{id}", "Edit a factory item", 0),
		func(ctx context.Context, q db.Querier, in *factoryItemWrite[T]) (*api.Body[*T], error) {
			return item(ctx, in.Factory, func(s auth.Scope) (*T, error) { return k.Update(ctx, q, s, in.ID, &in.Body) })
		})
	api.Register(a, d, op(api.Edit, "delete-"+k.Tipo, http.MethodDelete, fbase+"/{id}", "Delete a factory item nothing uses", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *factoryItem) (*struct{}, error) {
			return none(ctx, in.Factory, func(s auth.Scope) error { return k.Delete(ctx, q, s, in.ID) })
		})
	if k.CallPaths&FactoryCopyByAdd == 0 {
		api.Register(a, d, op(api.Edit, "copy-"+k.Tipo, k.CopyMethod, fbase+"/{id}/copy", "Copy a factory item", http.StatusCreated),
			func(ctx context.Context, q db.Querier, in *factoryItem) (*api.Body[*T], error) {
				return item(ctx, in.Factory, func(s auth.Scope) (*T, error) { return k.Copy(ctx, q, s, in.ID) })
			})
	}
	if k.CallPaths&DownloadByAdd == 0 {
		download := op(api.Edit, "download-"+k.Tipo, http.MethodPost, fbase+"/{id}/download", "Download a template into the factory", http.StatusCreated)
		if k.CallPaths&DownloadFirst != 0 {
			download.Path = fbase + "/download/{id}"
			download = api.Preceding(download) // beside {id}/copy
		}
		api.Register(a, d, download,
			func(ctx context.Context, q db.Querier, in *factoryItem) (*api.Body[*T], error) {
				return item(ctx, in.Factory, func(s auth.Scope) (*T, error) { return k.Download(ctx, q, s, in.ID) })
			})
	}

	tbase := "/api/" + k.Tipo
	api.Register(a, d, op(api.Read, "list-template-"+k.Tipo, http.MethodGet, tbase, "Templates", 0),
		func(ctx context.Context, q db.Querier, in *ListQuery) (*api.Body[[]*T], error) {
			return list(ctx, q, 0, *in)
		})
	api.Register(a, d, op(api.Read, "get-template-"+k.Tipo, http.MethodGet, tbase+"/{id}", "A template", 0),
		func(ctx context.Context, q db.Querier, in *templateItem) (*api.Body[*T], error) {
			return item(ctx, 0, func(s auth.Scope) (*T, error) { return k.Get(ctx, q, s, in.ID) })
		})
	api.Register(a, d, addBody[T](a, op(api.Admin, "create-template-"+k.Tipo, http.MethodPost, tbase, "Add a template (with one of the templates' ids: copy it)", http.StatusCreated)),
		func(ctx context.Context, q db.Querier, in *templateWrite[T]) (*api.Body[*T], error) {
			return item(ctx, 0, func(s auth.Scope) (*T, error) { return k.Create(ctx, q, s, &in.Body) })
		})
	update := func(ctx context.Context, q db.Querier, in *templateItemWrite[T]) (*api.Body[*T], error) {
		return item(ctx, 0, func(s auth.Scope) (*T, error) { return k.Update(ctx, q, s, in.ID, &in.Body) })
	}
	if k.TemplateEditEmpty {
		api.Register(a, d, op(api.Admin, "update-template-"+k.Tipo, http.MethodPut, tbase+"/{id}", "Edit a template (204)", http.StatusNoContent),
			func(ctx context.Context, q db.Querier, in *templateItemWrite[T]) (*struct{}, error) {
				_, err := update(ctx, q, in)
				return nil, err
			})
	} else {
		api.Register(a, d, op(api.Admin, "update-template-"+k.Tipo, http.MethodPut, tbase+"/{id}", "Edit a template", 0), update)
	}
	if k.CallPaths&TemplateCopyByAdd == 0 {
		api.Register(a, d, op(api.Admin, "copy-template-"+k.Tipo, k.CopyMethod, tbase+"/{id}/copy", "Copy a template", http.StatusCreated),
			func(ctx context.Context, q db.Querier, in *templateItem) (*api.Body[*T], error) {
				return item(ctx, 0, func(s auth.Scope) (*T, error) { return k.Copy(ctx, q, s, in.ID) })
			})
	}
	api.Register(a, d, op(api.Admin, "delete-template-"+k.Tipo, http.MethodDelete, tbase+"/{id}", "Delete a template nothing uses", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *templateItem) (*struct{}, error) {
			return none(ctx, 0, func(s auth.Scope) error { return k.Delete(ctx, q, s, in.ID) })
		})
	for _, l := range k.Links {
		l.serve(a, d, k)
	}
}
