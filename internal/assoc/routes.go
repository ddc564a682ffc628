package assoc

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

type itemPath struct {
	Factory int64  `path:"factory"`
	Machine int64  `path:"machine"`
	Point   int64  `path:"point"`
	Key     string `path:"key"`
}

// MachinePath names a machine of the call's factory.
type MachinePath struct {
	Factory int64 `path:"factory"`
	Machine int64 `path:"machine"`
}

// Register serves the association calls of every kind at the spec's paths (S2 §7.3–§7.5),
// a point's associated items, and the machine's alert list.
func (s *Service) Register(a huma.API, d *db.DB) {
	op := api.Ops("associations")
	api.Register(a, d, op(api.Read, "point-associations", http.MethodGet, "/api/user/{factory}/point/{point}/associations", "The VCVs and VCPs associated to a point", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			Factory int64 `path:"factory"`
			Point   int64 `path:"point"`
		}) (*api.Body[[]Associated], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) ([]Associated, error) { return s.OfPoint(ctx, q, sc, in.Point) })
		})
	for _, k := range s.Kinds.All() {
		base := "/api/user/{factory}/" + k.Segment
		item := base + "/machine/{machine}/point/{point}/" + k.ItemSeg + "/{key}"
		kop := func(access api.Access, id, method, path, summary string, status int) huma.Operation {
			return op(access, id+"-"+k.Segment, method, path, summary, status)
		}
		api.Register(a, d, kop(api.Edit, "associate", http.MethodPost, item, "Associate an item to a machine point", http.StatusNoContent),
			func(ctx context.Context, q db.Querier, in *itemPath) (*struct{}, error) {
				return auth.Run(ctx, in.Factory, func(sc auth.Scope) error { return s.Associate(ctx, q, sc, k, in.Machine, in.Point, in.Key) })
			})
		api.Register(a, d, kop(api.Read, "references", http.MethodGet, item+"/reference", "The reference values of an associated item, per condition", 0),
			func(ctx context.Context, q db.Querier, in *itemPath) (*api.Body[[]*Reference], error) {
				return auth.Within(ctx, in.Factory, func(sc auth.Scope) ([]*Reference, error) {
					return s.References(ctx, q, sc, k, in.Machine, in.Point, in.Key)
				})
			})
		api.Register(a, d, kop(api.Read, "references-of", http.MethodGet, base+"/{id}/reference", "The reference values of an association", 0),
			func(ctx context.Context, q db.Querier, in *struct {
				Factory int64 `path:"factory"`
				ID      int64 `path:"id"`
			}) (*api.Body[[]*Reference], error) {
				return auth.Within(ctx, in.Factory, func(sc auth.Scope) ([]*Reference, error) { return s.ReferencesOf(ctx, q, sc, k, in.ID) })
			})
		// One row at a path of its own: .../reference/{id} would clash with .../{id}/reference.
		api.Register(a, d, kop(api.Read, "reference", http.MethodGet, base+"/reference/{id}/values", "One condition's reference values, as their edit writes them", 0),
			func(ctx context.Context, q db.Querier, in *struct {
				Factory int64 `path:"factory"`
				ID      int64 `path:"id"`
			}) (*api.Body[*Reference], error) {
				return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*Reference, error) { return s.Reference(ctx, q, sc, k, in.ID) })
			})
		api.Register(a, d, api.ReadsAt(base+"/reference/{id}/values", kop(api.Edit, "set-reference", http.MethodPut, base+"/reference/{id}", "Write one condition's reference values", http.StatusNoContent)),
			func(ctx context.Context, q db.Querier, in *struct {
				Factory int64 `path:"factory"`
				ID      int64 `path:"id"`
				Body    Values
			}) (*struct{}, error) {
				return auth.Run(ctx, in.Factory, func(sc auth.Scope) error { return s.SetReference(ctx, q, sc, k, in.ID, in.Body) })
			})
		if k.DeleteAnswersTrue {
			api.Register(a, d, api.ReadsAt(item+"/reference", kop(api.Edit, "dissociate", http.MethodDelete, item, "Dissociate an item from a machine point", 0)),
				func(ctx context.Context, q db.Querier, in *itemPath) (*api.Body[bool], error) {
					return auth.Within(ctx, in.Factory, func(sc auth.Scope) (bool, error) {
						return true, s.Dissociate(ctx, q, sc, k, in.Machine, in.Point, in.Key)
					})
				})
		} else {
			api.Register(a, d, api.ReadsAt(item+"/reference", kop(api.Edit, "dissociate", http.MethodDelete, item, "Dissociate an item from a machine point", http.StatusNoContent)),
				func(ctx context.Context, q db.Querier, in *itemPath) (*struct{}, error) {
					return auth.Run(ctx, in.Factory, func(sc auth.Scope) error { return s.Dissociate(ctx, q, sc, k, in.Machine, in.Point, in.Key) })
				})
		}
		api.Register(a, d, kop(api.Edit, "dissociate-point", http.MethodDelete, base+"/machine/{machine}/point/{point}", "Dissociate every item of the kind from a point", http.StatusNoContent),
			func(ctx context.Context, q db.Querier, in *struct {
				Factory int64 `path:"factory"`
				Machine int64 `path:"machine"`
				Point   int64 `path:"point"`
			}) (*struct{}, error) {
				return auth.Run(ctx, in.Factory, func(sc auth.Scope) error { return s.Dissociate(ctx, q, sc, k, in.Machine, in.Point, "") })
			})
		api.Register(a, d, kop(api.Edit, "dissociate-machine", http.MethodDelete, base+"/machine/{machine}", "Dissociate every item of the kind from a machine's points", http.StatusNoContent),
			func(ctx context.Context, q db.Querier, in *MachinePath) (*struct{}, error) {
				return auth.Run(ctx, in.Factory, func(sc auth.Scope) error { return s.Dissociate(ctx, q, sc, k, in.Machine, 0, "") })
			})
	}
	alarms := "/api/user/{factory}/machine/{machine}/alarm"
	api.Register(a, d, op(api.Read, "machine-alarms", http.MethodGet, alarms, "Every reference value of a machine, direction by direction", 0),
		func(ctx context.Context, q db.Querier, in *MachinePath) (*api.Body[[]Alarm], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) ([]Alarm, error) { return s.Alarms(ctx, q, sc, in.Machine) })
		})
	type AlarmPath struct {
		MachinePath
		ID        int64 `path:"id"`
		Direction int64 `path:"direction"`
	}
	api.Register(a, d, op(api.Read, "machine-alarm-record", http.MethodGet, alarms+"/{id}/direction/{direction}", "One direction of a reference row of the machine, as the alarm edit modal shows it", 0),
		func(ctx context.Context, q db.Querier, in *AlarmPath) (*api.Body[*Record], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*Record, error) {
				return s.AlarmRecord(ctx, q, sc, in.Machine, in.ID, in.Direction)
			})
		})
	api.Register(a, d, op(api.Edit, "machine-alarm", http.MethodPut, alarms+"/{id}/direction/{direction}", "Write one direction of a reference row of the machine", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *struct {
			AlarmPath
			Body Thresholds
		}) (*struct{}, error) {
			return auth.Run(ctx, in.Factory, func(sc auth.Scope) error { return s.SetAlarm(ctx, q, sc, in.Machine, in.ID, in.Direction, in.Body) })
		})
	api.Register(a, d, op(api.Read, "machine-vco-alarm-record", http.MethodGet, "/api/user/{factory}/machine/{machine}/vco/{vco}/alarm", "A machine VCO's states, as the alarm edit modal shows them", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			MachinePath
			Vco int64 `path:"vco"`
		}) (*api.Body[*Record], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*Record, error) { return s.VcoRecord(ctx, q, sc, in.Machine, in.Vco) })
		})
}
