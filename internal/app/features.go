package app

import (
	"context"

	"vigia/internal/assoc"
	"vigia/internal/auth"
	"vigia/internal/catalog"
	"vigia/internal/configuration"
	"vigia/internal/devices"
	"vigia/internal/history"
	"vigia/internal/operating"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// Features are the server's features, each built once and handed the others it relies on:
// the routes, the demo loader and the tests all use these same instances.
type Features struct {
	Catalog   *catalog.Catalog
	Operating *operating.Operating
	Tree      *tree.Tree
	Devices   *devices.Registry
	Assoc     *assoc.Service
	Machines  *assoc.Machines
	History   *history.Service
	Config    *configuration.Service
}

// NewFeatures builds the features on a database and wires the rules each gives the others:
// the tree checks a machine's devices and criterion with theirs, and the associations'
// reference rows follow the machines' criteria.
func NewFeatures(d *db.DB) *Features {
	cat := catalog.New()
	ops := operating.New(cat)
	registry := &devices.Registry{DB: d}
	associations := &assoc.Service{Operating: ops, Kinds: assoc.NewKinds(cat)}
	ops.Criteria.Saved = func(ctx context.Context, q db.Querier, scope auth.Scope, row int64, _ *operating.Criterion) error {
		return associations.EnsureCriterion(ctx, q, scope, row)
	}
	t := tree.New(cat, tree.Rules{
		Equipment: func(ctx context.Context, q db.Querier, scope auth.Scope, area, machine int64, f *tree.MachineFields) error {
			return devices.CheckMachine(ctx, q, scope, area, machine, &devices.MachineEquipment{Online: f.Online, EquipoConcentrador: f.EquipoConcentrador,
				EquipoAlert10: f.EquipoAlert10, EquipoAlert10C: f.EquipoAlert10C, KOSSensor: f.KOSSensor})
		},
		Criterion: ops.Criterion,
		PointSensors: func(ctx context.Context, q db.Querier, scope auth.Scope, point int64, f *tree.PointFields) error {
			if p := f.MEMSProteccion; p != nil {
				if err := devices.CheckPointSensor(ctx, q, scope, point, devices.ModeProtection, "SensorProteccionGUID", p.SensorProteccionGUID); err != nil {
					return err
				}
			}
			if p := f.MEMSPrediccion; p != nil {
				return devices.CheckPointSensor(ctx, q, scope, point, devices.ModePrediction, "SensorPrediccionGUID", p.SensorPrediccionGUID)
			}
			return nil
		},
		MachineSaved: func(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) error {
			if err := ops.Machines.Saved(ctx, q, machine); err != nil {
				return err
			}
			return associations.Ensure(ctx, q, scope, []int64{machine})
		},
		MachinePasted: func(ctx context.Context, q db.Querier, scope auth.Scope, from, to int64, points map[int64]int64) error {
			if err := ops.Machines.Pasted(ctx, q, from, to); err != nil {
				return err
			}
			return associations.Pasted(ctx, q, scope, from, to, points)
		},
	})
	measured := &history.Service{Store: history.Chunks{}, Assoc: associations, Operating: ops, Tree: t, Devices: registry}
	associations.ThresholdsChanged = measured.ReferencesChanged
	associations.ConditionsChanged = measured.ConditionsChanged
	machines := &assoc.Machines{S: associations, Tree: t, Catalog: cat}
	configs := &configuration.Service{Machines: machines, Devices: registry}
	registry.Deliveries = configs.Deliveries
	return &Features{Catalog: cat, Operating: ops, Tree: t, Devices: registry, Assoc: associations,
		Machines: machines, History: measured, Config: configs}
}
