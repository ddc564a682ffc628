package assoc

import (
	"context"
	"slices"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// Row is a reference row as the measured history names it: the VrId a device sends back
// with each value (ARCHITECTURE §6), that is one association in one condition.
type Row struct {
	ID, Association, Condition int64
	Machine, Point, Factory    int64
	Kind                       *Kind
}

// Rows returns the reference rows of ids by id, in one read per thousand ids; ids of no row
// are left out.
func (s *Service) Rows(ctx context.Context, q db.Querier, ids []int64) (map[int64]Row, error) {
	out := make(map[int64]Row, len(ids))
	for part := range slices.Chunk(ids, 1000) {
		rows, err := q.QueryContext(ctx, `SELECT r.id, r.asociacion_id, r.condicion_id, a.maquina_id, a.punto_id, a.fabrica_id, a.tipo
			FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id WHERE r.id IN (`+db.In(1, len(part))+`)`, db.Args(part)...)
		err = db.Each(rows, err, func(sc db.Scanner) error {
			var r Row
			var tipo string
			err := sc.Scan(&r.ID, &r.Association, &r.Condition, &r.Machine, &r.Point, &r.Factory, &tipo)
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

// Association returns the machine and point of an association of kind k in the scope's
// factory; db.ErrNotFound for one that is not there.
func (s *Service) Association(ctx context.Context, q db.Querier, scope auth.Scope, k *Kind, id int64) (machine, point int64, err error) {
	if err := scope.Check(); err != nil {
		return 0, 0, err
	}
	err = q.QueryRowContext(ctx, `SELECT maquina_id, punto_id FROM asociaciones WHERE id = $1 AND tipo = $2 AND fabrica_id = $3`, id, k.Tipo, scope.Factory).Scan(&machine, &point)
	return machine, point, db.MapError(err)
}

// RowThresholds are a reference row's id and each direction's thresholds (V/H1, H/H2, A,
// temperature).
type RowThresholds struct {
	ID     int64
	Groups [4]Group
}

// Thresholds returns the reference rows of (association, condition) pairs with their
// thresholds, in one read per thousand associations.
func (s *Service) Thresholds(ctx context.Context, q db.Querier, pairs [][2]int64) (map[[2]int64]RowThresholds, error) {
	want := map[[2]int64]bool{}
	var associations []int64
	for _, p := range pairs {
		want[p] = true
		associations = append(associations, p[0])
	}
	associations = slices.Compact(slices.Sorted(slices.Values(associations)))
	out := make(map[[2]int64]RowThresholds, len(pairs))
	for part := range slices.Chunk(associations, 1000) {
		rows, err := q.QueryContext(ctx, `SELECT asociacion_id, condicion_id, id, `+valueColumns+` FROM valores_referencia WHERE asociacion_id IN (`+db.In(1, len(part))+`)`, db.Args(part)...)
		err = db.Each(rows, err, func(sc db.Scanner) error {
			var key [2]int64
			r := &Reference{}
			err := sc.Scan(append([]any{&key[0], &key[1], &r.ID}, r.thresholds()...)...)
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
