package catalog

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

type body[T any] struct{ Body T }

type factoryPath struct {
	Factory int64 `path:"factory"`
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

// ScopeOf is the scope of a call: the factory in its path (0 for templates) and the caller's
// language and type.
func ScopeOf(ctx context.Context, factory int64) Scope {
	me := auth.Current(ctx)
	return Scope{Factory: factory, Lang: api.Language(ctx), Admin: me != nil && me.IsAdmin()}
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

// Register serves a kind's factory items under /api/user/{factory}/{Tipo} and its templates
// under /api/{Tipo} (written by ADMIN only): list, get, create, update, delete and copy,
// download for factory items, and the link calls of its links.
func Register[T any](a huma.API, d *db.DB, k *Kind[T]) {
	tags := []string{k.Tipo}
	fbase := "/api/user/{factory}/" + k.Tipo
	op := func(access api.Access, id, method, path, summary string, status int) huma.Operation {
		return api.Op(access, huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, DefaultStatus: status, Tags: tags})
	}
	huma.Register(a, op(api.Read, "list-"+k.Tipo, http.MethodGet, fbase, "Factory items", 0),
		func(ctx context.Context, in *factoryPath) (*body[[]*T], error) {
			list, err := k.List(ctx, d, ScopeOf(ctx, in.Factory))
			return &body[[]*T]{list}, err
		})
	huma.Register(a, op(api.Read, "get-"+k.Tipo, http.MethodGet, fbase+"/{id}", "A factory item", 0),
		func(ctx context.Context, in *factoryItem) (*body[*T], error) {
			t, err := k.Get(ctx, d, ScopeOf(ctx, in.Factory), in.ID)
			return &body[*T]{t}, err
		})
	huma.Register(a, op(api.Edit, "create-"+k.Tipo, http.MethodPost, fbase, "Add a factory item (with a template GUID: download it)", http.StatusCreated),
		func(ctx context.Context, in *factoryWrite[T]) (*body[*T], error) {
			t, err := k.Create(ctx, d, ScopeOf(ctx, in.Factory), &in.Body)
			return &body[*T]{t}, err
		})
	huma.Register(a, op(api.Edit, "update-"+k.Tipo, http.MethodPut, fbase+"/{id}", "Edit a factory item", 0),
		func(ctx context.Context, in *factoryItemWrite[T]) (*body[*T], error) {
			t, err := k.Update(ctx, d, ScopeOf(ctx, in.Factory), in.ID, &in.Body)
			return &body[*T]{t}, err
		})
	huma.Register(a, op(api.Edit, "delete-"+k.Tipo, http.MethodDelete, fbase+"/{id}", "Delete a factory item nothing uses", http.StatusNoContent),
		func(ctx context.Context, in *factoryItem) (*struct{}, error) {
			return nil, k.Delete(ctx, d, ScopeOf(ctx, in.Factory), in.ID)
		})
	huma.Register(a, op(api.Edit, "copy-"+k.Tipo, k.CopyMethod, fbase+"/{id}/copy", "Copy a factory item", http.StatusCreated),
		func(ctx context.Context, in *factoryItem) (*body[*T], error) {
			t, err := k.Copy(ctx, d, ScopeOf(ctx, in.Factory), in.ID)
			return &body[*T]{t}, err
		})
	// The spec's digital-band download path (download/{id}) cannot sit beside {id}/copy on
	// the standard mux (both match .../download/copy), so every kind downloads at {id}/download.
	huma.Register(a, op(api.Edit, "download-"+k.Tipo, http.MethodPost, fbase+"/{id}/download", "Download a template into the factory", http.StatusCreated),
		func(ctx context.Context, in *factoryItem) (*body[*T], error) {
			t, err := k.Download(ctx, d, ScopeOf(ctx, in.Factory), in.ID)
			return &body[*T]{t}, err
		})

	tbase := "/api/" + k.Tipo
	huma.Register(a, op(api.Read, "list-template-"+k.Tipo, http.MethodGet, tbase, "Templates", 0),
		func(ctx context.Context, _ *struct{}) (*body[[]*T], error) {
			list, err := k.List(ctx, d, ScopeOf(ctx, 0))
			return &body[[]*T]{list}, err
		})
	huma.Register(a, op(api.Read, "get-template-"+k.Tipo, http.MethodGet, tbase+"/{id}", "A template", 0),
		func(ctx context.Context, in *templateItem) (*body[*T], error) {
			t, err := k.Get(ctx, d, ScopeOf(ctx, 0), in.ID)
			return &body[*T]{t}, err
		})
	huma.Register(a, op(api.Admin, "create-template-"+k.Tipo, http.MethodPost, tbase, "Add a template", http.StatusCreated),
		func(ctx context.Context, in *templateWrite[T]) (*body[*T], error) {
			t, err := k.Create(ctx, d, ScopeOf(ctx, 0), &in.Body)
			return &body[*T]{t}, err
		})
	huma.Register(a, op(api.Admin, "update-template-"+k.Tipo, http.MethodPut, tbase+"/{id}", "Edit a template", 0),
		func(ctx context.Context, in *templateItemWrite[T]) (*body[*T], error) {
			t, err := k.Update(ctx, d, ScopeOf(ctx, 0), in.ID, &in.Body)
			return &body[*T]{t}, err
		})
	huma.Register(a, op(api.Admin, "copy-template-"+k.Tipo, k.CopyMethod, tbase+"/{id}/copy", "Copy a template", http.StatusCreated),
		func(ctx context.Context, in *templateItem) (*body[*T], error) {
			t, err := k.Copy(ctx, d, ScopeOf(ctx, 0), in.ID)
			return &body[*T]{t}, err
		})
	huma.Register(a, op(api.Admin, "delete-template-"+k.Tipo, http.MethodDelete, tbase+"/{id}", "Delete a template nothing uses", http.StatusNoContent),
		func(ctx context.Context, in *templateItem) (*struct{}, error) {
			return nil, k.Delete(ctx, d, ScopeOf(ctx, 0), in.ID)
		})
	for _, l := range k.Links {
		seg := l.Path()
		huma.Register(a, op(api.Edit, "link-"+k.Tipo+"-"+seg, http.MethodPost, fbase+"/{id}/"+seg+"/{link}", "Add an item to a factory item's list", http.StatusNoContent),
			func(ctx context.Context, in *factoryLink) (*struct{}, error) {
				return nil, k.Link(ctx, d, ScopeOf(ctx, in.Factory), in.ID, l, in.Link)
			})
		huma.Register(a, op(api.Edit, "unlink-"+k.Tipo+"-"+seg, http.MethodDelete, fbase+"/{id}/"+seg+"/{link}", "Take an item out of a factory item's list", http.StatusNoContent),
			func(ctx context.Context, in *factoryLink) (*struct{}, error) {
				return nil, k.Unlink(ctx, d, ScopeOf(ctx, in.Factory), in.ID, l, in.Link)
			})
		huma.Register(a, op(api.Admin, "link-template-"+k.Tipo+"-"+seg, http.MethodPost, tbase+"/{id}/"+seg+"/{link}", "Add an item to a template's list", http.StatusNoContent),
			func(ctx context.Context, in *templateLink) (*struct{}, error) {
				return nil, k.Link(ctx, d, ScopeOf(ctx, 0), in.ID, l, in.Link)
			})
		huma.Register(a, op(api.Admin, "unlink-template-"+k.Tipo+"-"+seg, http.MethodDelete, tbase+"/{id}/"+seg+"/{link}", "Take an item out of a template's list", http.StatusNoContent),
			func(ctx context.Context, in *templateLink) (*struct{}, error) {
				return nil, k.Unlink(ctx, d, ScopeOf(ctx, 0), in.ID, l, in.Link)
			})
	}
}
