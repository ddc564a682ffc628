package devices

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

type body[T any] struct{ Body T }

type idPath struct {
	ID int64 `path:"id"`
}

type pagePath struct {
	From int64 `path:"from"`
	To   int64 `path:"to"`
	EquipoFilter
}

type writeInput struct {
	ID   int64 `path:"id"`
	Body EquipoInput
}

type assignInput struct {
	ID   int64 `path:"id"`
	Body Asignacion
}

func op(access api.Access, id, method, path, summary string, status int) huma.Operation {
	return api.Op(access, huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, DefaultStatus: status, Tags: []string{"equipment"}})
}

// nodeColumn is the equipos column of each admin-tree level a list may be asked for.
var nodeColumn = map[string]string{"distributor": "e.distribuidor_id", "partner": "e.socio_id", "factory": "e.fabrica_id", "site": "e.centro_id"}

// Register serves the equipment, MEMS, admin-tree and installation calls.
func Register(a huma.API, d *db.DB) {
	r := &Registry{DB: d}
	for _, k := range Kinds {
		r.registerKind(a, k)
	}
	g := Gateway.Base
	huma.Register(a, op(api.Read, "gateway-alert10c", http.MethodGet, g+"/{id}/alert10c", "The Alert10C behind a gateway", 0),
		func(ctx context.Context, in *idPath) (*body[[]*Equipo], error) {
			list, err := r.Behind(ctx, in.ID)
			return &body[[]*Equipo]{list}, err
		})
	huma.Register(a, op(api.Admin, "gateway-change", http.MethodPost, g+"/{id}/change/{otherId}", "Put another gateway in a gateway's place", http.StatusNoContent),
		func(ctx context.Context, in *struct {
			ID    int64 `path:"id"`
			Other int64 `path:"otherId"`
		}) (*struct{}, error) {
			return nil, r.ChangeGateway(ctx, in.ID, in.Other)
		})
	huma.Register(a, op(api.Admin, "equipment-assign-user", http.MethodPut, "/api/equipment/{id}/assign/user/{userId}", "Make a user responsible for a device", http.StatusNoContent),
		func(ctx context.Context, in *struct {
			ID   int64 `path:"id"`
			User int64 `path:"userId"`
		}) (*struct{}, error) {
			return nil, r.AssignUser(ctx, in.ID, in.User)
		})
	huma.Register(a, op(api.Admin, "equipment-token", http.MethodPost, "/api/equipment/{id}/token", "Give a device a new token", 0),
		func(ctx context.Context, in *idPath) (*body[struct {
			Token string `json:"Token"`
		}], error) {
			out := &body[struct {
				Token string `json:"Token"`
			}]{}
			var err error
			out.Body.Token, err = r.NewToken(ctx, in.ID)
			return out, err
		})
	huma.Register(a, op(api.Read, "mems-loose", http.MethodGet, Sensor.Base+"/site/{site}/loose", "Sensors usable at a site and installed on no point", 0),
		func(ctx context.Context, in *struct {
			Site int64 `path:"site"`
		}) (*body[[]*Equipo], error) {
			list, err := r.Loose(ctx, in.Site)
			return &body[[]*Equipo]{list}, err
		})
	huma.Register(a, op(api.Read, "mems-verify", http.MethodGet, Sensor.Base+"/factory/{factory}/verify/{id}", "Check that a sensor can be configured for a factory", 0),
		func(ctx context.Context, in *struct {
			Factory int64 `path:"factory"`
			ID      int64 `path:"id"`
		}) (*body[*Verificacion], error) {
			v, err := r.Verify(ctx, in.Factory, in.ID)
			return &body[*Verificacion]{v}, err
		})
	huma.Register(a, op(api.Read, "mems-orderzero", http.MethodGet, "/api/user/{factory}/machine/{machine}/mems/orderzero", "A machine's sensors with order number 0", 0),
		func(ctx context.Context, in *struct {
			Factory int64 `path:"factory"`
			Machine int64 `path:"machine"`
		}) (*body[[]*Equipo], error) {
			list, err := r.OrderZero(ctx, in.Factory, in.Machine)
			return &body[[]*Equipo]{list}, err
		})
	huma.Register(a, op(api.Read, "point-mems-sensors", http.MethodGet, "/api/user/{factory}/vibrationpoint/{point}/mems/{mode}", "The protection or prediction sensors a point may use", 0),
		func(ctx context.Context, in *struct {
			Factory int64  `path:"factory"`
			Point   int64  `path:"point"`
			Mode    string `path:"mode" enum:"protection,prediction"`
		}) (*body[[]SensorOpcion], error) {
			list, err := PointSensors(ctx, d, in.Factory, in.Point, modeOf[in.Mode])
			return &body[[]SensorOpcion]{list}, err
		})
	huma.Register(a, op(api.Read, "point-wakeups", http.MethodGet, "/api/user/{factory}/visualizator/wakeup/machine/{machine}/point/{point}/{kind}/days/{days}", "When a point's protection or prediction sensor woke up in the last days", 0),
		func(ctx context.Context, in *struct {
			Factory int64  `path:"factory"`
			Machine int64  `path:"machine"`
			Point   int64  `path:"point"`
			Kind    string `path:"kind" enum:"protection,prediction"`
			Days    int64  `path:"days" minimum:"1" maximum:"366"`
		}) (*body[[]Wakeup], error) {
			list, err := r.Wakeups(ctx, in.Factory, in.Machine, in.Point, modeOf[in.Kind], in.Days, time.Now())
			return &body[[]Wakeup]{list}, err
		})
	installation := func(ctx context.Context, user int64, sensors bool, level string, id int64, byOrder bool) (*body[[]Instalado], error) {
		me := auth.Current(ctx)
		if me.UsuarioID != user && !me.IsAdmin() {
			return nil, api.ErrForbidden
		}
		target, err := (&auth.Store{DB: d}).Me(ctx, user)
		if err != nil {
			return nil, err
		}
		factories := make([]int64, len(target.Fabricas))
		for i, f := range target.Fabricas {
			factories[i] = f.UsuFabricaID
		}
		list, err := r.Installation(ctx, factories, sensors, level, id, byOrder)
		return &body[[]Instalado]{list}, err
	}
	huma.Register(a, op(api.Read, "installation", http.MethodGet, "/api/user/{user}/installation/{what}/{level}/{id}", "Sensors or alert devices installed under a site, area or machine", 0),
		func(ctx context.Context, in *struct {
			User  int64  `path:"user"`
			What  string `path:"what" enum:"sensor,alert10"`
			Level string `path:"level" enum:"site,area,machine"`
			ID    int64  `path:"id"`
		}) (*body[[]Instalado], error) {
			return installation(ctx, in.User, in.What == "sensor", in.Level, in.ID, false)
		})
	huma.Register(a, op(api.Read, "installation-order", http.MethodGet, "/api/user/{user}/installation/sensor/machine/{id}/oredernumber", "A machine's sensors by order number", 0),
		func(ctx context.Context, in *struct {
			User int64 `path:"user"`
			ID   int64 `path:"id"`
		}) (*body[[]Instalado], error) {
			return installation(ctx, in.User, true, "machine", in.ID, true)
		})
	registerAdminTree(a, r)
}

var modeOf = map[string]string{"protection": ModeProtection, "prediction": ModePrediction}

// registerKind serves the calls every kind answers, under the kind's base path.
func (r *Registry) registerKind(a huma.API, k *Kind) {
	name := strings.ToLower(k.Tipo)
	list := func(w where) func(ctx context.Context) (*body[[]*Equipo], error) {
		return func(ctx context.Context) (*body[[]*Equipo], error) {
			out, err := r.find(ctx, r.DB, k, w, 0, -1)
			return &body[[]*Equipo]{out}, err
		}
	}
	huma.Register(a, op(api.Read, "list-"+name, http.MethodGet, k.Base, "Devices of the kind", 0),
		func(ctx context.Context, _ *struct{}) (*body[[]*Equipo], error) { return list(where{})(ctx) })
	var unassigned, noUser where
	unassigned.add("e.distribuidor_id IS NULL AND e.socio_id IS NULL AND e.fabrica_id IS NULL AND e.centro_id IS NULL")
	noUser.add("e.usuario_id IS NULL")
	huma.Register(a, op(api.Read, "unassigned-"+name, http.MethodGet, k.Base+"/unassign", "Devices assigned to no node", 0),
		func(ctx context.Context, _ *struct{}) (*body[[]*Equipo], error) { return list(unassigned)(ctx) })
	huma.Register(a, op(api.Read, "no-user-"+name, http.MethodGet, k.Base+"/unassign/user", "Devices assigned to no user", 0),
		func(ctx context.Context, _ *struct{}) (*body[[]*Equipo], error) { return list(noUser)(ctx) })
	huma.Register(a, op(api.Read, "node-"+name, http.MethodGet, k.Base+"/{node}/{id}", "Devices assigned at or below a node of the admin tree", 0),
		func(ctx context.Context, in *struct {
			AdminNode string `path:"node" enum:"distributor,partner,factory,site"`
			ID        int64  `path:"id"`
		}) (*body[[]*Equipo], error) {
			var w where
			w.add(nodeColumn[in.AdminNode]+" = ?", in.ID)
			return list(w)(ctx)
		})
	huma.Register(a, op(api.Read, "count-"+name, http.MethodGet, k.Base+"/count", "How many devices match the filter", 0),
		func(ctx context.Context, in *EquipoFilter) (*body[int64], error) {
			n, err := r.count(ctx, k, in.where())
			return &body[int64]{n}, err
		})
	pages := []string{k.Base + "/filter/{from}/{to}"}
	if k == Sensor {
		pages = []string{k.Base + "/filter/from/{from}/to/{to}", k.Base + "/from/{from}/to/{to}"}
	}
	for i, p := range pages {
		huma.Register(a, op(api.Read, "page-"+name+"-"+itoa(int64(i)), http.MethodGet, p, "Rows from..to-1 of the filtered devices, by serial number", 0),
			func(ctx context.Context, in *pagePath) (*body[[]*Equipo], error) {
				out, err := r.Page(ctx, k, in.EquipoFilter, in.From, in.To)
				return &body[[]*Equipo]{out}, err
			})
	}
	huma.Register(a, op(api.Read, "get-"+name, http.MethodGet, k.Base+"/{id}", "One device", 0),
		func(ctx context.Context, in *idPath) (*body[*Equipo], error) {
			e, err := r.Get(ctx, r.DB, k, in.ID)
			return &body[*Equipo]{e}, err
		})
	huma.Register(a, op(api.Admin, "create-"+name, http.MethodPost, k.Base, "Register a device (its token is answered once)", http.StatusCreated),
		func(ctx context.Context, in *struct{ Body EquipoInput }) (*body[*Equipo], error) {
			e, err := r.Create(ctx, k, in.Body)
			return &body[*Equipo]{e}, err
		})
	// A sensor's alias, order and mode, and its site, are its factory editors' too.
	write := api.Admin
	if k == Sensor {
		write = api.Edit
	}
	huma.Register(a, op(write, "edit-"+name, http.MethodPut, k.Base+"/{id}", "Edit a device", http.StatusNoContent),
		func(ctx context.Context, in *writeInput) (*struct{}, error) {
			return nil, r.Update(ctx, k, in.ID, in.Body)
		})
	huma.Register(a, op(api.Read, "get-admintree-"+name, http.MethodGet, k.Base+"/{id}/admintree", "A device's node in the admin tree", 0),
		func(ctx context.Context, in *idPath) (*body[Asignacion], error) {
			e, err := r.Get(ctx, r.DB, k, in.ID)
			if err != nil {
				return nil, err
			}
			return &body[Asignacion]{e.Asignacion}, nil
		})
	if k == Sensor {
		huma.Register(a, op(write, "admintree-"+name, http.MethodPut, k.Base+"/{id}/admintree", "Assign a sensor to a node of the admin tree", http.StatusNoContent),
			func(ctx context.Context, in *assignInput) (*struct{}, error) {
				return nil, r.Assign(ctx, k, in.ID, in.Body)
			})
		return
	}
	huma.Register(a, op(write, "admintree-"+name, http.MethodPut, k.Base+"/{id}/admintree", "Assign a device (and what is behind it) to a node of the admin tree", 0),
		func(ctx context.Context, in *assignInput) (*body[bool], error) {
			return &body[bool]{true}, r.Assign(ctx, k, in.ID, in.Body)
		})
	huma.Register(a, op(api.Read, "usable-"+name, http.MethodGet, k.Base+"/factory/{factory}/{level}/{id}/all", "The devices a machine at a site, area or machine may use", 0),
		func(ctx context.Context, in *struct {
			Factory int64  `path:"factory"`
			Level   string `path:"level" enum:"site,area,machine"`
			ID      int64  `path:"id"`
		}) (*body[[]*Equipo], error) {
			out, err := r.Usable(ctx, k, in.Factory, in.Level, in.ID)
			return &body[[]*Equipo]{out}, err
		})
}

func registerAdminTree(a huma.API, r *Registry) {
	huma.Register(a, op(api.Admin, "admin-tree", http.MethodGet, "/api/admin/tree", "The admin tree: distributors, partners, factories, sites", 0),
		func(ctx context.Context, _ *struct{}) (*body[[]*AdminNode], error) {
			out, err := r.AdminTree(ctx)
			return &body[[]*AdminNode]{out}, err
		})
	huma.Register(a, op(api.Admin, "add-distributor", http.MethodPost, "/api/admin/tree/distributor", "Add a distributor", http.StatusCreated),
		func(ctx context.Context, in *struct{ Body NodoInput }) (*body[*AdminNode], error) {
			n, err := r.AddDistributor(ctx, in.Body)
			return &body[*AdminNode]{n}, err
		})
	huma.Register(a, op(api.Admin, "add-partner", http.MethodPost, "/api/admin/tree/partner", "Add a partner under a distributor", http.StatusCreated),
		func(ctx context.Context, in *struct{ Body NodoInput }) (*body[*AdminNode], error) {
			n, err := r.AddPartner(ctx, in.Body)
			return &body[*AdminNode]{n}, err
		})
	huma.Register(a, op(api.Admin, "factory-partner", http.MethodPut, "/api/admin/tree/factory/{id}", "Put a factory under a partner", http.StatusNoContent),
		func(ctx context.Context, in *struct {
			ID   int64 `path:"id"`
			Body struct {
				SocioId *int64 `json:"SocioId" nullable:"true"`
			}
		}) (*struct{}, error) {
			return nil, r.SetFactoryPartner(ctx, in.ID, in.Body.SocioId)
		})
}
