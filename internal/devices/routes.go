package devices

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

type idPath struct {
	ID int64 `path:"id"`
}

type pagePath struct {
	From int64 `path:"from"`
	To   int64 `path:"to"`
	EquipmentFilter
}

type writeInput struct {
	ID   int64 `path:"id"`
	Body EquipmentInput
}

type assignInput struct {
	ID   int64 `path:"id"`
	Body Assignment
}

var op = api.Ops("equipment")

// nodeColumn is the equipos column of each admin-tree level a list may be asked for.
var nodeColumn = map[string]string{"distributor": "e.distribuidor_id", "partner": "e.socio_id", "factory": "e.fabrica_id", "site": "e.centro_id"}

// answer wraps a result as the JSON body of an answer.
func answer[T any](t T, err error) (*api.Body[T], error) { return &api.Body[T]{Body: t}, err }

// Register serves the equipment, MEMS, admin-tree, installation and device calls.
func (r *Registry) Register(a huma.API, d *db.DB) {
	for _, k := range Kinds {
		r.registerKind(a, d, k)
	}
	g := Gateway.Base
	api.Register(a, d, op(api.Read, "gateway-alert10c", http.MethodGet, g+"/{id}/alert10c", "The Alert10C behind a gateway", 0),
		func(ctx context.Context, q db.Querier, in *idPath) (*api.Body[[]*Equipment], error) {
			return answer(r.Behind(ctx, q, in.ID))
		})
	api.Register(a, d, op(api.Admin, "gateway-change", http.MethodPost, g+"/{id}/change/{otherId}", "Put another gateway in a gateway's place", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *struct {
			ID    int64 `path:"id"`
			Other int64 `path:"otherId"`
		}) (*struct{}, error) {
			return nil, r.ChangeGateway(ctx, q, in.ID, in.Other)
		})
	api.Register(a, d, op(api.Admin, "equipment-assign-user", http.MethodPut, "/api/equipment/{id}/assign/user/{userId}", "Make a user responsible for a device", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *struct {
			ID   int64 `path:"id"`
			User int64 `path:"userId"`
		}) (*struct{}, error) {
			return nil, r.AssignUser(ctx, q, in.ID, in.User)
		})
	api.Register(a, d, op(api.Admin, "equipment-token", http.MethodPost, "/api/equipment/{id}/token", "Give a device a new token", 0),
		func(ctx context.Context, q db.Querier, in *idPath) (*api.Body[NewToken], error) {
			token, err := r.NewToken(ctx, q, in.ID)
			return answer(NewToken{Token: token}, err)
		})
	api.Register(a, d, op(api.Read, "mems-loose", http.MethodGet, Sensor.Base+"/site/{site}/loose", "Sensors usable at a site and installed on no point", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			Site int64 `path:"site"`
		}) (*api.Body[[]*Equipment], error) {
			return answer(r.Loose(ctx, q, in.Site))
		})
	api.Register(a, d, op(api.Read, "mems-verify", http.MethodGet, Sensor.Base+"/factory/{factory}/verify/{id}", "Check that a sensor can be configured for a factory", 0),
		func(ctx context.Context, q db.Querier, i *struct {
			Factory int64 `path:"factory"`
			ID      int64 `path:"id"`
		}) (*api.Body[api.Section], error) {
			return auth.Within(ctx, i.Factory, func(s auth.Scope) (api.Section, error) { return r.Verify(ctx, q, s, i.ID) })
		})
	api.Register(a, d, op(api.Read, "mems-orderzero", http.MethodGet, "/api/user/{factory}/machine/{machine}/mems/orderzero", "A machine's sensors with order number 0", 0),
		func(ctx context.Context, q db.Querier, i *struct {
			Factory int64 `path:"factory"`
			Machine int64 `path:"machine"`
		}) (*api.Body[[]*Equipment], error) {
			return auth.Within(ctx, i.Factory, func(s auth.Scope) ([]*Equipment, error) { return r.OrderZero(ctx, q, s, i.Machine) })
		})
	api.Register(a, d, op(api.Read, "point-mems-sensors", http.MethodGet, "/api/user/{factory}/vibrationpoint/{point}/mems/{mode}", "The protection or prediction sensors a point may use", 0),
		func(ctx context.Context, q db.Querier, i *struct {
			Factory int64  `path:"factory"`
			Point   int64  `path:"point"`
			Mode    string `path:"mode" enum:"protection,prediction"`
		}) (*api.Body[[]SensorOption], error) {
			return auth.Within(ctx, i.Factory, func(s auth.Scope) ([]SensorOption, error) { return PointSensors(ctx, q, s, i.Point, modeOf[i.Mode]) })
		})
	installation := func(ctx context.Context, q db.Querier, user int64, sensors bool, level string, id int64, byOrder bool) (*api.Body[[]InstalledDevice], error) {
		p, err := auth.From(ctx)
		if err != nil {
			return nil, err
		}
		if !p.IsAdmin() && (p.User == nil || p.User.UsuarioID != user) {
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
		return answer(r.Installation(ctx, q, factories, sensors, level, id, byOrder))
	}
	api.Register(a, d, op(api.Read, "installation", http.MethodGet, "/api/user/{user}/installation/{what}/{level}/{id}", "Sensors or alert devices installed under a site, area or machine", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			User  int64  `path:"user"`
			What  string `path:"what" enum:"sensor,alert10"`
			Level string `path:"level" enum:"site,area,machine"`
			ID    int64  `path:"id"`
		}) (*api.Body[[]InstalledDevice], error) {
			return installation(ctx, q, in.User, in.What == "sensor", in.Level, in.ID, false)
		})
	api.Register(a, d, op(api.Read, "installation-order", http.MethodGet, "/api/user/{user}/installation/sensor/machine/{id}/oredernumber", "A machine's sensors by order number", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			User int64 `path:"user"`
			ID   int64 `path:"id"`
		}) (*api.Body[[]InstalledDevice], error) {
			return installation(ctx, q, in.User, true, "machine", in.ID, true)
		})
	r.registerAdminTree(a, d)
	r.registerDevice(a, d)
}

// NewToken is a device's new secret, answered once.
type NewToken struct {
	Token string `json:"Token"`
}

var modeOf = map[string]string{"protection": ModeProtection, "prediction": ModePrediction}

// registerKind serves the calls every kind answers, under the kind's base path.
func (r *Registry) registerKind(a huma.API, d *db.DB, k *Kind) {
	name := strings.ToLower(k.Tipo)
	list := func(ctx context.Context, q db.Querier, w where) (*api.Body[[]*Equipment], error) {
		found, err := r.find(ctx, q, k, w, 0, -1)
		return answer(r.listed(ctx, q, found, err))
	}
	api.Register(a, d, op(api.Read, "list-"+name, http.MethodGet, k.Base, "Devices of the kind", 0),
		func(ctx context.Context, q db.Querier, _ *struct{}) (*api.Body[[]*Equipment], error) {
			return list(ctx, q, where{})
		})
	var unassigned, noUser where
	unassigned.add("e.distribuidor_id IS NULL AND e.socio_id IS NULL AND e.fabrica_id IS NULL AND e.centro_id IS NULL")
	noUser.add("e.usuario_id IS NULL")
	api.Register(a, d, op(api.Read, "unassigned-"+name, http.MethodGet, k.Base+"/unassign", "Devices assigned to no node", 0),
		func(ctx context.Context, q db.Querier, _ *struct{}) (*api.Body[[]*Equipment], error) {
			return list(ctx, q, unassigned)
		})
	api.Register(a, d, op(api.Read, "no-user-"+name, http.MethodGet, k.Base+"/unassign/user", "Devices assigned to no user", 0),
		func(ctx context.Context, q db.Querier, _ *struct{}) (*api.Body[[]*Equipment], error) {
			return list(ctx, q, noUser)
		})
	api.Register(a, d, op(api.Read, "node-"+name, http.MethodGet, k.Base+"/{node}/{id}", "Devices assigned at or below a node of the admin tree", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			AdminNode string `path:"node" enum:"distributor,partner,factory,site"`
			ID        int64  `path:"id"`
		}) (*api.Body[[]*Equipment], error) {
			var w where
			w.add(nodeColumn[in.AdminNode]+" = ?", in.ID)
			return list(ctx, q, w)
		})
	api.Register(a, d, op(api.Read, "count-"+name, http.MethodGet, k.Base+"/count", "How many devices match the filter", 0),
		func(ctx context.Context, q db.Querier, in *EquipmentFilter) (*api.Body[int64], error) {
			return answer(r.count(ctx, q, k, in.where()))
		})
	pages := []string{k.Base + "/filter/{from}/{to}"}
	if k == Sensor {
		pages = []string{k.Base + "/filter/from/{from}/to/{to}", k.Base + "/from/{from}/to/{to}"}
	}
	for i, p := range pages {
		api.Register(a, d, op(api.Read, "page-"+name+"-"+itoa(int64(i)), http.MethodGet, p, "Rows from..to-1 of the filtered devices, by serial number", 0),
			func(ctx context.Context, q db.Querier, in *pagePath) (*api.Body[[]*Equipment], error) {
				return answer(r.Page(ctx, q, k, in.EquipmentFilter, in.From, in.To))
			})
	}
	api.Register(a, d, op(api.Read, "get-"+name, http.MethodGet, k.Base+"/{id}", "One device", 0),
		func(ctx context.Context, q db.Querier, in *idPath) (*api.Body[*Equipment], error) {
			return answer(r.Get(ctx, q, k, in.ID))
		})
	api.Register(a, d, op(api.Admin, "create-"+name, http.MethodPost, k.Base, "Register a device (its token is answered once)", http.StatusCreated),
		func(ctx context.Context, q db.Querier, in *struct{ Body EquipmentInput }) (*api.Body[*Equipment], error) {
			return answer(r.Create(ctx, q, k, in.Body))
		})
	// A sensor's alias, order and mode, and its site, are its factory editors' too.
	write := api.Admin
	if k == Sensor {
		write = api.Edit
	}
	api.Register(a, d, op(write, "edit-"+name, http.MethodPut, k.Base+"/{id}", "Edit a device", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *writeInput) (*struct{}, error) {
			return nil, r.Update(ctx, q, k, in.ID, in.Body)
		})
	api.Register(a, d, op(api.Read, "get-admintree-"+name, http.MethodGet, k.Base+"/{id}/admintree", "A device's node in the admin tree", 0),
		func(ctx context.Context, q db.Querier, in *idPath) (*api.Body[Assignment], error) {
			e, err := r.Get(ctx, q, k, in.ID)
			if err != nil {
				return nil, err
			}
			return answer(e.Asignacion, nil)
		})
	if k == Sensor {
		api.Register(a, d, op(write, "admintree-"+name, http.MethodPut, k.Base+"/{id}/admintree", "Assign a sensor to a node of the admin tree", http.StatusNoContent),
			func(ctx context.Context, q db.Querier, in *assignInput) (*struct{}, error) {
				return nil, r.Assign(ctx, q, k, in.ID, in.Body)
			})
		return
	}
	api.Register(a, d, op(write, "admintree-"+name, http.MethodPut, k.Base+"/{id}/admintree", "Assign a device (and what is behind it) to a node of the admin tree", 0),
		func(ctx context.Context, q db.Querier, in *assignInput) (*api.Body[bool], error) {
			return answer(true, r.Assign(ctx, q, k, in.ID, in.Body))
		})
	api.Register(a, d, op(api.Read, "usable-"+name, http.MethodGet, k.Base+"/factory/{factory}/{level}/{id}/all", "The devices a machine at a site, area or machine may use", 0),
		func(ctx context.Context, q db.Querier, i *struct {
			Factory int64  `path:"factory"`
			Level   string `path:"level" enum:"site,area,machine"`
			ID      int64  `path:"id"`
		}) (*api.Body[[]*Equipment], error) {
			return auth.Within(ctx, i.Factory, func(s auth.Scope) ([]*Equipment, error) { return r.Usable(ctx, q, k, s, i.Level, i.ID) })
		})
}

func (r *Registry) registerAdminTree(a huma.API, d *db.DB) {
	api.Register(a, d, op(api.Admin, "admin-tree", http.MethodGet, "/api/admin/tree", "The admin tree: distributors, partners, factories, sites", 0),
		func(ctx context.Context, q db.Querier, _ *struct{}) (*api.Body[[]*AdminNode], error) {
			return answer(r.AdminTree(ctx, q))
		})
	api.Register(a, d, op(api.Admin, "add-distributor", http.MethodPost, "/api/admin/tree/distributor", "Add a distributor", http.StatusCreated),
		func(ctx context.Context, q db.Querier, in *struct{ Body NodeInput }) (*api.Body[*AdminNode], error) {
			return answer(r.AddDistributor(ctx, q, in.Body))
		})
	api.Register(a, d, op(api.Admin, "add-partner", http.MethodPost, "/api/admin/tree/partner", "Add a partner under a distributor", http.StatusCreated),
		func(ctx context.Context, q db.Querier, in *struct{ Body NodeInput }) (*api.Body[*AdminNode], error) {
			return answer(r.AddPartner(ctx, q, in.Body))
		})
	api.Register(a, d, op(api.Admin, "factory-partner", http.MethodPut, "/api/admin/tree/factory/{id}", "Put a factory under a partner", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *struct {
			ID   int64 `path:"id"`
			Body struct {
				SocioId *int64 `json:"SocioId" nullable:"true"`
			}
		}) (*struct{}, error) {
			return nil, r.SetFactoryPartner(ctx, q, in.ID, in.Body.SocioId)
		})
}
