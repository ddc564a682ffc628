package tree

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Service serves the tree calls.
type Service struct {
	DB   *db.DB
	Tree *Tree
}

const base = "/api/user/{factory}"

// Routes registers the calls of every level and of the side-bar.
func (s *Service) Routes(a huma.API) {
	t := s.Tree
	register(a, s.DB, t.Sites, nil)
	register(a, s.DB, t.Areas, func(p *PasteInput) *int64 { return p.UsuAreaID })
	register(a, s.DB, t.Machines, func(p *PasteInput) *int64 { return p.UsuMaquinaID })
	register(a, s.DB, t.Components, func(p *PasteInput) *int64 { return p.UsuComponenteID })
	register(a, s.DB, t.Points, func(p *PasteInput) *int64 { return p.UsuPuntoVibracionID })

	tags := []string{"tree"}
	huma.Register(a, huma.Operation{OperationID: "list-sites", Method: http.MethodGet, Path: base + "/site", Summary: "Sites of the factory", Tags: tags},
		func(ctx context.Context, in *factoryPath) (*body[[]*Site], error) {
			list, err := t.Sites.List(ctx, s.DB, in.Factory, in.Factory)
			return &body[[]*Site]{list}, err
		})
	huma.Register(a, huma.Operation{OperationID: "tree-children", Method: http.MethodGet, Path: base + "/tree/children", Summary: "Children of a side-bar node", Tags: tags},
		func(ctx context.Context, in *childrenInput) (*body[[]Node], error) {
			nodes, err := t.Children(ctx, s.DB, in.Factory, in.Tipo, in.ID, api.Language(ctx))
			return &body[[]Node]{nodes}, err
		})
	huma.Register(a, huma.Operation{OperationID: "tree-search", Method: http.MethodGet, Path: base + "/tree/search", Summary: "Find nodes by name", Tags: tags},
		func(ctx context.Context, in *searchInput) (*body[[]Found], error) {
			found, err := t.Search(ctx, s.DB, in.Factory, in.Q, api.Language(ctx))
			return &body[[]Found]{found}, err
		})
	huma.Register(a, huma.Operation{OperationID: "tree-enums", Method: http.MethodGet, Path: base + "/enums", Summary: "Option lists of the tree editors", Tags: tags},
		func(context.Context, *factoryPath) (*body[Enums], error) { return &body[Enums]{enums}, nil })
	huma.Register(a, huma.Operation{OperationID: "bearing-brands", Method: http.MethodGet, Path: base + "/bearing/brands", Summary: "Bearing brands of the factory and of the shared catalogue", Tags: tags},
		func(ctx context.Context, in *factoryPath) (*body[Brands], error) {
			b, err := BearingBrands(ctx, s.DB, in.Factory)
			return &body[Brands]{b}, err
		})
	huma.Register(a, huma.Operation{OperationID: "factory-bearings", Method: http.MethodGet, Path: base + "/bearing", Summary: "The factory's bearings of a brand", Tags: tags},
		func(ctx context.Context, in *BrandInput) (*body[[]Bearing], error) {
			list, err := FactoryBearings(ctx, s.DB, in.Factory, in.Marca)
			return &body[[]Bearing]{list}, err
		})
	huma.Register(a, huma.Operation{OperationID: "template-bearings", Method: http.MethodGet, Path: base + "/bearing/template", Summary: "A page of the shared catalogue's bearings of a brand not yet in the factory", Tags: tags},
		func(ctx context.Context, in *templateBearingInput) (*body[BearingPage], error) {
			page, err := TemplateBearings(ctx, s.DB, in.Factory, in.Marca, in.Buscar, in.Pagina)
			return &body[BearingPage]{page}, err
		})
	huma.Register(a, huma.Operation{OperationID: "download-bearing", Method: http.MethodPost, Path: base + "/bearing/download", Summary: "Add a template bearing to the factory", Tags: tags},
		func(ctx context.Context, in *downloadBearingInput) (*body[Bearing], error) {
			b, err := DownloadBearing(ctx, s.DB, in.Factory, in.Body.GenRodamientoGUID)
			return &body[Bearing]{b}, err
		})
	huma.Register(a, huma.Operation{OperationID: "list-calculations", Method: http.MethodGet, Path: base + "/calculation", Summary: "Calculation templates (UsuCalculoVr) the factory may use", Tags: tags},
		func(ctx context.Context, in *factoryPath) (*body[[]Calculation], error) {
			list, err := ListCalculations(ctx, s.DB, in.Factory)
			return &body[[]Calculation]{list}, err
		})
}

type body[T any] struct{ Body T }

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
	tags := []string{"tree"}
	path := base + "/" + l.Tipo + "/{id}"
	huma.Register(a, huma.Operation{OperationID: "get-" + l.Tipo, Method: http.MethodGet, Path: path, Summary: "Get a " + l.Tipo, Tags: tags},
		func(ctx context.Context, in *NodePath) (*body[*T], error) {
			t, err := l.Get(ctx, d, in.Factory, in.ID)
			return &body[*T]{t}, err
		})
	huma.Register(a, huma.Operation{OperationID: "edit-" + l.Tipo, Method: http.MethodPut, Path: path, Summary: "Edit a " + l.Tipo, Tags: tags},
		func(ctx context.Context, in *writeInput[F]) (*body[*T], error) {
			var t *T
			err := d.Tx(ctx, func(tx *sql.Tx) (err error) {
				t, err = l.Update(ctx, tx, in.Factory, in.ID, &in.Body)
				return err
			})
			return &body[*T]{t}, err
		})
	huma.Register(a, huma.Operation{OperationID: "delete-" + l.Tipo, Method: http.MethodDelete, Path: path, Summary: "Delete a " + l.Tipo + " and everything below it", Tags: tags},
		func(ctx context.Context, in *NodePath) (*body[bool], error) {
			return &body[bool]{true}, l.Delete(ctx, d, in.Factory, in.ID)
		})

	parentPath := base + "/" + l.Parent + "/{id}"
	if l.Parent == "factory" {
		huma.Register(a, huma.Operation{OperationID: "create-" + l.Tipo, Method: http.MethodPost, Path: base + "/" + l.Tipo, Summary: "Create a " + l.Tipo, DefaultStatus: http.StatusCreated, Tags: tags},
			func(ctx context.Context, in *struct {
				Factory int64 `path:"factory"`
				Body    F
			}) (*body[*T], error) {
				t, err := l.Create(ctx, d, in.Factory, in.Factory, &in.Body)
				return &body[*T]{t}, err
			})
		return
	}
	huma.Register(a, huma.Operation{OperationID: "create-" + l.Tipo, Method: http.MethodPost, Path: parentPath + "/" + l.Tipo, Summary: "Create a " + l.Tipo + " in a " + l.Parent, DefaultStatus: http.StatusCreated, Tags: tags},
		func(ctx context.Context, in *writeInput[F]) (*body[*T], error) {
			var t *T
			err := d.Tx(ctx, func(tx *sql.Tx) (err error) {
				t, err = l.Create(ctx, tx, in.Factory, in.ID, &in.Body)
				return err
			})
			return &body[*T]{t}, err
		})
	huma.Register(a, huma.Operation{OperationID: "paste-" + l.Tipo, Method: http.MethodPost, Path: parentPath + "/paste", Summary: "Paste a copy of a " + l.Tipo + " (with everything below it) into a " + l.Parent, DefaultStatus: http.StatusCreated, Tags: tags},
		func(ctx context.Context, in *writeInput[PasteInput]) (*body[*T], error) {
			src := pasteID(&in.Body)
			if src == nil {
				return nil, api.Invalid(l.idField(), "required", nil)
			}
			srcFactory := in.Factory
			if in.Body.UsuFabricaID != nil {
				srcFactory = *in.Body.UsuFabricaID
			}
			// The source must be a factory of the user too: another factory's node is not found.
			if !auth.Current(ctx).IsMember(srcFactory) {
				return nil, api.ErrNotFound
			}
			t, err := l.Paste(ctx, d, srcFactory, *src, in.Factory, in.ID, nil)
			return &body[*T]{t}, err
		})
	if l.Tipo != "machine" && l.Tipo != "component" {
		return
	}
	huma.Register(a, huma.Operation{OperationID: "templates-" + l.Tipo, Method: http.MethodGet, Path: base + "/template/" + l.Tipo, Summary: "Template " + l.Tipo + "s to download", Tags: tags},
		func(ctx context.Context, in *factoryPath) (*body[[]TemplateItem], error) {
			list, err := Templates(ctx, d, l, api.Language(ctx))
			return &body[[]TemplateItem]{list}, err
		})
	huma.Register(a, huma.Operation{OperationID: "download-" + l.Tipo, Method: http.MethodPost, Path: parentPath + "/download", Summary: "Download a template " + l.Tipo + " (with everything below it) into a " + l.Parent, DefaultStatus: http.StatusCreated, Tags: tags},
		func(ctx context.Context, in *writeInput[PasteInput]) (*body[*T], error) {
			src := pasteID(&in.Body)
			if src == nil {
				return nil, api.Invalid(l.idField(), "required", nil)
			}
			templates, err := TemplateFactory(ctx, d)
			if err != nil {
				return nil, err
			}
			t, err := l.Paste(ctx, d, templates, *src, in.Factory, in.ID, Download)
			return &body[*T]{t}, err
		})
}

// idField names the paste body's field for the level.
func (l *level[T, F]) idField() string {
	return map[string]string{"area": "UsuAreaID", "machine": "UsuMaquinaID", "component": "UsuComponenteID", "point": "UsuPuntoVibracionID"}[l.Tipo]
}
