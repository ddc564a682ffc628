package assoc

import (
	"context"
	"errors"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// A digital VCV spread (S2 §7.4): one digital VCV given to, or taken from, every point of a
// component or of a machine that it suits (fitsComponent). The spec's calls name no factory:
// it is the component's, the machine's or the point's, which only its members reach (another
// factory's is not found, as anywhere else).

// ErrNoPointFits refuses a spread that reaches no point.
var ErrNoPointFits = api.Refused("no_point_fits", nil)

// Spread associates the digital VCV named key to the points of the machine it suits, or of
// one of its components when component is not 0. Points that hold it already keep it.
func (a *Machines) Spread(ctx context.Context, q db.Querier, scope auth.Scope, machine, component int64, key string) error {
	points, components, _, err := a.machine(ctx, q, scope, machine)
	if err != nil {
		return err
	}
	if component != 0 && components[component] == nil {
		return api.ErrNotFound
	}
	if err := chosen(key); err != nil {
		return err
	}
	kind := a.S.Kinds.DigitalVcv
	v, err := a.Catalog.DigitalVcv.Get(ctx, q, scope, key)
	if errors.Is(err, db.ErrNotFound) {
		return api.Refused("unknown", nil)
	}
	if err != nil {
		return err
	}
	row, err := kind.Items.Row(ctx, q, scope, key)
	if err != nil {
		return err
	}
	var pairs []pair
	for _, p := range points {
		if (component == 0 || p.UsuComponenteID == component) && fitsComponent(v, components[p.UsuComponenteID]) {
			pairs = append(pairs, pair{p.UsuPuntoVibracionID, row})
		}
	}
	if len(pairs) == 0 {
		return ErrNoPointFits
	}
	_, err = a.S.associate(ctx, q, scope, kind, machine, pairs)
	return err
}

// Unspread takes the digital VCV named key from the points of the machine, or of one of its
// components when component is not 0; ErrNotLinked when none held it.
func (a *Machines) Unspread(ctx context.Context, q db.Querier, scope auth.Scope, machine, component int64, key string) error {
	if err := scope.CheckEdit(); err != nil {
		return err
	}
	if err := db.Owned(ctx, q, "maquinas", machine, scope.Factory); err != nil {
		return err
	}
	kind := a.S.Kinds.DigitalVcv
	row, err := kind.Items.Row(ctx, q, scope, key)
	if errors.Is(err, db.ErrNotFound) {
		return api.ErrNotLinked
	}
	if err != nil {
		return err
	}
	res, err := q.ExecContext(ctx, `DELETE FROM asociaciones WHERE tipo = $1 AND maquina_id = $2 AND item_id = $3
		AND ($4 = 0 OR punto_id IN (SELECT id FROM puntos WHERE parent_id = $4))`, kind.Tipo, machine, row, component)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.Join(err, api.ErrNotLinked)
	}
	return nil
}

// place is where a spread call acts: the factory, machine and component (0: the whole
// machine) of the row its path or body names.
type place struct{ factory, machine, component int64 }

// placeOf reads the place of a component, a machine or a point (what names it: "component",
// "machine" or "point").
func placeOf(ctx context.Context, q db.Querier, what string, id int64) (place, error) {
	query := map[string]string{
		"component": `SELECT fabrica_id, parent_id, id FROM componentes WHERE id = $1`,
		"machine":   `SELECT fabrica_id, id, 0 FROM maquinas WHERE id = $1`,
		"point":     `SELECT p.fabrica_id, c.parent_id, c.id FROM puntos p JOIN componentes c ON c.id = p.parent_id WHERE p.id = $1`,
	}[what]
	var p place
	err := db.MapError(q.QueryRowContext(ctx, query, id).Scan(&p.factory, &p.machine, &p.component))
	if errors.Is(err, db.ErrNotFound) {
		err = api.ErrNotFound
	}
	return p, err
}

// ComponentSpread names a digital VCV and the component whose points it goes to.
type ComponentSpread struct {
	UsuComponenteId   int64  `json:"UsuComponenteId"`
	UsuVCVDigitalGUID string `json:"UsuVCVDigitalGUID" required:"false"`
}

// MachineSpread names a digital VCV and the machine whose points it goes to.
type MachineSpread struct {
	UsuMaquinaId      int64  `json:"UsuMaquinaId"`
	UsuVCVDigitalGUID string `json:"UsuVCVDigitalGUID" required:"false"`
}

// registerSpread serves the spread calls at the spec's paths: POST
// digitalvcvassociation/component and /machine (204), DELETE
// digitalvcvassociation/component/point/{point}/digitalvcv/{id} (from the point's component)
// and /machine/{machine}/point/{point}/digitalvcv/{id} (from the whole machine).
func (a *Machines) registerSpread(h huma.API, d *db.DB) {
	op := api.Ops("associations")
	base := "/api/digitalvcvassociation"
	// at runs fn in the scope of the place's factory.
	at := func(ctx context.Context, q db.Querier, what string, id int64, fn func(auth.Scope, place) error) (*struct{}, error) {
		p, err := placeOf(ctx, q, what, id)
		if err != nil {
			return nil, err
		}
		return auth.Run(ctx, p.factory, func(s auth.Scope) error { return fn(s, p) })
	}
	api.Register(h, d, op(api.Edit, "spread-component", http.MethodPost, base+"/component", "Associate a digital VCV to every point of a component that it suits", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *struct{ Body ComponentSpread }) (*struct{}, error) {
			return at(ctx, q, "component", in.Body.UsuComponenteId, func(s auth.Scope, p place) error {
				return a.Spread(ctx, q, s, p.machine, p.component, in.Body.UsuVCVDigitalGUID)
			})
		})
	api.Register(h, d, op(api.Edit, "spread-machine", http.MethodPost, base+"/machine", "Associate a digital VCV to every point of a machine that it suits", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *struct{ Body MachineSpread }) (*struct{}, error) {
			return at(ctx, q, "machine", in.Body.UsuMaquinaId, func(s auth.Scope, p place) error {
				return a.Spread(ctx, q, s, p.machine, 0, in.Body.UsuVCVDigitalGUID)
			})
		})
	api.Register(h, d, op(api.Edit, "unspread-component", http.MethodDelete, base+"/component/point/{point}/digitalvcv/{id}",
		"Dissociate a digital VCV from every point of the point's component", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *struct {
			Point int64  `path:"point"`
			Key   string `path:"id"`
		}) (*struct{}, error) {
			return at(ctx, q, "point", in.Point, func(s auth.Scope, p place) error {
				return a.Unspread(ctx, q, s, p.machine, p.component, in.Key)
			})
		})
	api.Register(h, d, op(api.Edit, "unspread-machine", http.MethodDelete, base+"/machine/{machine}/point/{point}/digitalvcv/{id}",
		"Dissociate a digital VCV from every point of the machine", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *struct {
			Machine int64  `path:"machine"`
			Point   int64  `path:"point"`
			Key     string `path:"id"`
		}) (*struct{}, error) {
			return at(ctx, q, "point", in.Point, func(s auth.Scope, p place) error {
				if p.machine != in.Machine {
					return api.ErrNotFound
				}
				return a.Unspread(ctx, q, s, p.machine, 0, in.Key)
			})
		})
}
