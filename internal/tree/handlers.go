package tree

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/catalog"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Service serves the tree calls.
type Service struct {
	DB   *db.DB
	Tree *Tree
}

const base = "/api/user/{factory}"

// answer runs fn in the scope of the factory of the call and wraps its result as a body.
func answer[T any](ctx context.Context, factory int64, fn func(auth.Scope) (T, error)) (*api.Body[T], error) {
	t, err := catalog.In(ctx, factory, fn)
	return &api.Body[T]{Body: t}, err
}

// Routes registers the calls of every level and of the side-bar.
func (s *Service) Routes(a huma.API) {
	t, d := s.Tree, s.DB
	register(a, d, t.Sites, nil)
	register(a, d, t.Areas, func(p *PasteInput) *int64 { return p.UsuAreaID })
	register(a, d, t.Machines, func(p *PasteInput) *int64 { return p.UsuMaquinaID })
	register(a, d, t.Components, func(p *PasteInput) *int64 { return p.UsuComponenteID })
	register(a, d, t.Points, func(p *PasteInput) *int64 { return p.UsuPuntoVibracionID })

	op := func(id, method, path, summary string) huma.Operation {
		return huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, Tags: []string{"tree"}}
	}
	copyArea := op("copy-area", http.MethodPost, base+"/area/{id}/copytosite", "Copy an area (with everything below it) into the factory's site siteGUID names")
	copyArea.DefaultStatus = http.StatusCreated
	api.Register(a, d, copyArea,
		func(ctx context.Context, q db.Querier, in *writeInput[CopyAreaInput]) (*api.Body[*Area], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) (*Area, error) { return t.CopyArea(ctx, q, s, in.ID, in.Body.SiteGUID) })
		})
	api.Register(a, d, op("list-sites", http.MethodGet, base+"/site", "Sites of the factory, by name in the user's language"),
		func(ctx context.Context, q db.Querier, in *factoryPath) (*api.Body[[]*Site], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) ([]*Site, error) { return t.Sites.List(ctx, q, s, in.Factory) })
		})
	api.Register(a, d, op("tree-children", http.MethodGet, base+"/tree/children", "Children of a side-bar node"),
		func(ctx context.Context, q db.Querier, in *childrenInput) (*api.Body[[]Node], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) ([]Node, error) { return t.Children(ctx, q, s, in.Tipo, in.ID) })
		})
	api.Register(a, d, op("tree-search", http.MethodGet, base+"/tree/search", "Find nodes by name"),
		func(ctx context.Context, q db.Querier, in *searchInput) (*api.Body[[]Found], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) ([]Found, error) { return t.Search(ctx, q, s, in.Q) })
		})
	api.Register(a, d, op("tree-enums", http.MethodGet, base+"/enums", "Option lists of the tree editors"),
		func(ctx context.Context, _ db.Querier, in *factoryPath) (*api.Body[Enums], error) {
			return answer(ctx, in.Factory, func(auth.Scope) (Enums, error) { return enums, nil })
		})
	api.Register(a, d, op("component-types", http.MethodGet, base+"/componenttype", "The component types and subtypes tree"),
		func(ctx context.Context, _ db.Querier, in *factoryPath) (*api.Body[[]ComponentType], error) {
			return answer(ctx, in.Factory, func(auth.Scope) ([]ComponentType, error) { return ComponentTypes(), nil })
		})
	api.Register(a, d, op("component-type", http.MethodGet, base+"/componenttype/{id}", "A component type and its subtypes"),
		func(ctx context.Context, _ db.Querier, in *NodePath) (*api.Body[ComponentType], error) {
			return answer(ctx, in.Factory, func(auth.Scope) (ComponentType, error) { return ComponentTypeOf(in.ID) })
		})
	api.Register(a, d, op("bearing-brands", http.MethodGet, base+"/bearing/brands", "Bearing brands of the factory and of the shared catalogue"),
		func(ctx context.Context, q db.Querier, in *factoryPath) (*api.Body[Brands], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) (Brands, error) { return BearingBrands(ctx, q, s) })
		})
	api.Register(a, d, op("factory-bearings", http.MethodGet, base+"/bearing", "The factory's bearings of a brand"),
		func(ctx context.Context, q db.Querier, in *BrandInput) (*api.Body[[]Bearing], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) ([]Bearing, error) { return FactoryBearings(ctx, q, s, in.Marca) })
		})
	api.Register(a, d, op("template-bearings", http.MethodGet, base+"/bearing/template", "A page of the shared catalogue's bearings of a brand not yet in the factory"),
		func(ctx context.Context, q db.Querier, in *templateBearingInput) (*api.Body[BearingPage], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) (BearingPage, error) {
				return TemplateBearings(ctx, q, s, in.Marca, in.Buscar, in.Pagina)
			})
		})
	api.Register(a, d, op("download-bearing", http.MethodPost, base+"/bearing/download", "Add a template bearing to the factory"),
		func(ctx context.Context, q db.Querier, in *downloadBearingInput) (*api.Body[Bearing], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) (Bearing, error) { return DownloadBearing(ctx, q, s, in.Body.GenRodamientoGUID) })
		})
	api.Register(a, d, op("list-calculations", http.MethodGet, base+"/calculation", "Calculation templates (UsuCalculoVr) the factory may use"),
		func(ctx context.Context, q db.Querier, in *factoryPath) (*api.Body[[]Calculation], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) ([]Calculation, error) { return ListCalculations(ctx, q, s) })
		})
	api.Register(a, d, op("get-calculation", http.MethodGet, base+"/calculation/{id}", "A calculation template the factory may use"),
		func(ctx context.Context, q db.Querier, in *NodePath) (*api.Body[Calculation], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) (Calculation, error) { return GetCalculation(ctx, q, s, in.ID) })
		})
}

type factoryPath struct {
	Factory int64 `path:"factory"`
}

// NodePath is the {factory} and {id} of a node's path.
type NodePath struct {
	Factory int64 `path:"factory"`
	ID      int64 `path:"id"`
}

type writeInput[F any] struct {
	NodePath
	Body F
}

// BrandInput names a factory and a bearing brand (exported: huma reads only exported embedded structs).
type BrandInput struct {
	Factory int64  `path:"factory"`
	Marca   string `query:"Marca" required:"true"`
}

type templateBearingInput struct {
	BrandInput
	Buscar string `query:"Buscar"`
	Pagina int    `query:"Pagina" minimum:"0"`
}

type downloadBearingInput struct {
	Factory int64 `path:"factory"`
	Body    struct {
		GenRodamientoGUID string `json:"GenRodamientoGUID"`
	}
}

type childrenInput struct {
	Factory int64  `path:"factory"`
	Tipo    string `query:"Tipo" enum:"factory,site,area,machine,component" required:"true"`
	ID      int64  `query:"ID" required:"true"`
}

type searchInput struct {
	Factory int64  `path:"factory"`
	Q       string `query:"q" maxLength:"100"`
}

// CopyAreaInput is the spec's area copy payload (S1 §7: factory, area, siteGUID) but for the
// factory and the area, which the path names: the site that receives the copy, by its GUID
// (a site's UsuCentroGUID).
type CopyAreaInput struct {
	SiteGUID string `json:"siteGUID" minLength:"1"`
}

// PasteInput names the node to copy, by the id field of its level; UsuFabricaID is the
// factory it comes from when not this one (a machine pasted across factories).
type PasteInput struct {
	UsuAreaID           *int64 `json:"UsuAreaID,omitempty"`
	UsuMaquinaID        *int64 `json:"UsuMaquinaID,omitempty"`
	UsuComponenteID     *int64 `json:"UsuComponenteID,omitempty"`
	UsuPuntoVibracionID *int64 `json:"UsuPuntoVibracionID,omitempty"`
	UsuFabricaID        *int64 `json:"UsuFabricaID,omitempty"`
}

// register serves get, edit, delete, create-under-parent and paste-under-parent of a level.
func register[T, F any](a huma.API, d *db.DB, l *level[T, F], pasteID func(*PasteInput) *int64) {
	op := func(id, method, path, summary string, status int) huma.Operation {
		return huma.Operation{OperationID: id + "-" + l.Tipo, Method: method, Path: path, Summary: summary, DefaultStatus: status, Tags: []string{"tree"}}
	}
	path := base + "/" + l.Tipo + "/{id}"
	api.Register(a, d, op("get", http.MethodGet, path, "Get a "+l.Tipo, 0),
		func(ctx context.Context, q db.Querier, in *NodePath) (*api.Body[*T], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) (*T, error) { return l.Get(ctx, q, s, in.ID) })
		})
	api.Register(a, d, op("edit", http.MethodPut, path, "Edit a "+l.Tipo, 0),
		func(ctx context.Context, q db.Querier, in *writeInput[F]) (*api.Body[*T], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) (*T, error) { return l.Update(ctx, q, s, in.ID, &in.Body) })
		})
	api.Register(a, d, op("delete", http.MethodDelete, path, "Delete a "+l.Tipo+" and everything below it", 0),
		func(ctx context.Context, q db.Querier, in *NodePath) (*api.Body[bool], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) (bool, error) { return true, l.Delete(ctx, q, s, in.ID) })
		})

	if l.Parent == "factory" {
		api.Register(a, d, op("create", http.MethodPost, base+"/"+l.Tipo, "Create a "+l.Tipo, http.StatusCreated),
			func(ctx context.Context, q db.Querier, in *struct {
				Factory int64 `path:"factory"`
				Body    F
			}) (*api.Body[*T], error) {
				return answer(ctx, in.Factory, func(s auth.Scope) (*T, error) { return l.Create(ctx, q, s, in.Factory, &in.Body) })
			})
		return
	}
	parentPath := base + "/" + l.Parent + "/{id}"
	api.Register(a, d, op("create", http.MethodPost, parentPath+"/"+l.Tipo, "Create a "+l.Tipo+" in a "+l.Parent, http.StatusCreated),
		func(ctx context.Context, q db.Querier, in *writeInput[F]) (*api.Body[*T], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) (*T, error) { return l.Create(ctx, q, s, in.ID, &in.Body) })
		})
	// A paste and a download copy the node the body names, with everything below it, under the
	// node of the path; source is the scope the node is read in.
	copyUnder := func(o huma.Operation, source func(ctx context.Context, q db.Querier, s auth.Scope, in *PasteInput) (auth.Scope, error), suffix *api.Suffix) {
		api.Register(a, d, o, func(ctx context.Context, q db.Querier, in *writeInput[PasteInput]) (*api.Body[*T], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) (*T, error) {
				id := pasteID(&in.Body)
				if id == nil {
					return nil, api.Invalid(l.idField(), "required", nil)
				}
				from, err := source(ctx, q, s, &in.Body)
				if err != nil {
					return nil, err
				}
				return l.Paste(ctx, q, from, s, *id, in.ID, suffix)
			})
		})
	}
	copyUnder(op("paste", http.MethodPost, parentPath+"/paste", "Paste a copy of a "+l.Tipo+" (with everything below it) into a "+l.Parent, http.StatusCreated),
		pasteSource, nil)
	if l.Tipo != "machine" && l.Tipo != "component" {
		return
	}
	api.Register(a, d, op("templates", http.MethodGet, base+"/template/"+l.Tipo, "Template "+l.Tipo+"s to download", 0),
		func(ctx context.Context, q db.Querier, in *factoryPath) (*api.Body[[]TemplateItem], error) {
			return answer(ctx, in.Factory, func(s auth.Scope) ([]TemplateItem, error) { return Templates(ctx, q, l, s) })
		})
	copyUnder(op("download", http.MethodPost, parentPath+"/download", "Download a template "+l.Tipo+" (with everything below it) into a "+l.Parent, http.StatusCreated),
		templateSource, &api.DownloadSuffix)
}

// pasteSource reads a pasted node in the factory the body names, or else in this one. The
// source must be a factory of the user too: another factory's node is not found.
func pasteSource(_ context.Context, _ db.Querier, s auth.Scope, in *PasteInput) (auth.Scope, error) {
	if in.UsuFabricaID == nil {
		return s, nil
	}
	return s.In(*in.UsuFabricaID)
}

// templateSource reads a downloaded node in the template workspace, which every factory reads:
// the download reads it as the system.
func templateSource(ctx context.Context, q db.Querier, _ auth.Scope, _ *PasteInput) (auth.Scope, error) {
	templates, err := TemplateFactory(ctx, q)
	if err != nil {
		return auth.Scope{}, err
	}
	return auth.ScopeOf(auth.WithSystem(ctx), templates)
}

// idField names the paste body's field for the level.
func (l *level[T, F]) idField() string {
	return map[string]string{"area": "UsuAreaID", "machine": "UsuMaquinaID", "component": "UsuComponenteID", "point": "UsuPuntoVibracionID"}[l.Tipo]
}
