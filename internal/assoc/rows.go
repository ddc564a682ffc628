package assoc

import (
	"context"
	"slices"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// RowKey names a reference row by what it is of: an association in one condition of one
// criterion (operating.ConditionCriterion).
type RowKey struct {
	Association, Criterion, Condition int64
}

// Row is a reference row as the measured history names it: the VrId a device sends back
// with each value (ARCHITECTURE §6), that is one association in one condition of a criterion.
type Row struct {
	ID int64
	RowKey
	Machine, Point, Factory int64
	Kind                    *Kind
}

// Rows returns the reference rows of ids by id, in one read per thousand ids; ids of no row
// are left out.
func (s *Service) Rows(ctx context.Context, q db.Querier, ids []int64) (map[int64]Row, error) {
	out := make(map[int64]Row, len(ids))
	for part := range slices.Chunk(ids, 1000) {
		rows, err := q.QueryContext(ctx, `SELECT r.id, r.asociacion_id, r.criterio_id, r.condicion_id, a.maquina_id, a.punto_id, a.fabrica_id, a.tipo
			FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id WHERE r.id IN (`+db.In(1, len(part))+`)`, db.Args(part)...)
		err = db.Each(rows, err, func(sc db.Scanner) error {
			var r Row
			var tipo string
			err := sc.Scan(&r.ID, &r.Association, &r.Criterion, &r.Condition, &r.Machine, &r.Point, &r.Factory, &tipo)
			r.Kind = s.Kinds.Of(tipo)
			out[r.ID] = r
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Placed is an association as its history names it: where it is, and its machine's
// criterion (0 for none).
type Placed struct {
	Machine, Point, Criterion int64
}

// Association returns where an association of kind k in the scope's factory is; db.ErrNotFound
// for one that is not there.
func (s *Service) Association(ctx context.Context, q db.Querier, scope auth.Scope, k *Kind, id int64) (Placed, error) {
	var p Placed
	if err := scope.Check(); err != nil {
		return p, err
	}
	err := q.QueryRowContext(ctx, `SELECT a.maquina_id, a.punto_id, COALESCE(m.criterio_id, 0) FROM asociaciones a JOIN maquinas m ON m.id = a.maquina_id
		WHERE a.id = $1 AND a.tipo = $2 AND a.fabrica_id = $3`, id, k.Tipo, scope.Factory).Scan(&p.Machine, &p.Point, &p.Criterion)
	return p, db.MapError(err)
}

// RowThresholds are a reference row's id and each direction's thresholds (V/H1, H/H2, A,
// temperature).
type RowThresholds struct {
	ID     int64
	Groups [4]Group
}

// Thresholds returns the reference rows of keys with their thresholds, in one read per
// thousand associations.
func (s *Service) Thresholds(ctx context.Context, q db.Querier, keys []RowKey) (map[RowKey]RowThresholds, error) {
	want := map[RowKey]bool{}
	var associations []int64
	for _, k := range keys {
		want[k] = true
		associations = append(associations, k.Association)
	}
	associations = slices.Compact(slices.Sorted(slices.Values(associations)))
	out := make(map[RowKey]RowThresholds, len(keys))
	for part := range slices.Chunk(associations, 1000) {
		rows, err := q.QueryContext(ctx, `SELECT asociacion_id, criterio_id, condicion_id, id, `+valueColumns+` FROM valores_referencia WHERE asociacion_id IN (`+db.In(1, len(part))+`)`, db.Args(part)...)
		err = db.Each(rows, err, func(sc db.Scanner) error {
			var key RowKey
			r := &Reference{}
			err := sc.Scan(append([]any{&key.Association, &key.Criterion, &key.Condition, &r.ID}, r.thresholds()...)...)
			if want[key] {
				out[key] = RowThresholds{ID: r.ID, Groups: r.Groups()}
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// WithValues lists the machines of the scope's factory that have a reference value: some
// threshold set on a reference row of one of their associations. One read.
func WithValues(ctx context.Context, q db.Querier, scope auth.Scope) ([]int64, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT a.maquina_id FROM asociaciones a JOIN valores_referencia r ON r.asociacion_id = a.id
		WHERE a.fabrica_id = $1 AND COALESCE(`+valueColumns+`) IS NOT NULL`, scope.Factory)
	return db.Collect(rows, err, func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) })
}
