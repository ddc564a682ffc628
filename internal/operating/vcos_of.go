package operating

import (
	"context"
	"slices"
	"strconv"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// VcosOf returns the VCO/VCOVs associated to each of the machines, by machine, in one read
// per thousand machines.
func (o *Operating) VcosOf(ctx context.Context, q db.Querier, machines []int64) (map[int64][]int64, error) {
	out := map[int64][]int64{}
	for part := range slices.Chunk(machines, 1000) {
		rows, err := q.QueryContext(ctx, `SELECT maquina_id, vco_id FROM maquina_vcos WHERE maquina_id IN (`+db.In(1, len(part))+`)`, db.Args(part)...)
		err = db.Pairs(rows, err, func(m, v int64) { out[m] = append(out[m], v) })
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// CriterionOf returns the criterion of a machine of the scope's factory (nil: none);
// db.ErrNotFound for a machine that is not there.
func (o *Operating) CriterionOf(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) (*int64, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	var id *int64
	err := q.QueryRowContext(ctx, `SELECT criterio_id FROM maquinas WHERE id = $1 AND fabrica_id = $2`, machine, scope.Factory).Scan(&id)
	return id, db.MapError(err)
}

// WithoutCriterion lists the machines of the scope's factory that have no criterion, in one
// read.
func WithoutCriterion(ctx context.Context, q db.Querier, scope auth.Scope) ([]int64, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT id FROM maquinas WHERE fabrica_id = $1 AND criterio_id IS NULL`, scope.Factory)
	return db.Collect(rows, err, func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) })
}

// UsingMachine is a machine a VCO/VCOV is associated to.
type UsingMachine struct {
	UsuMaquinaID int64  `json:"UsuMaquinaID"`
	NombreEs     string `json:"NombreEs"`
	NombreEn     string `json:"NombreEn"`
}

// MachinesOf lists the machines of the scope's factory a VCO/VCOV is associated to, by name
// in the scope's language; db.ErrNotFound for a VCO/VCOV that is not the factory's (Owned).
func (m *Machines) MachinesOf(ctx context.Context, q db.Querier, scope auth.Scope, vco int64) ([]UsingMachine, error) {
	if err := m.Owned(ctx, q, scope, vco); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT m.id, m.nombre_es, m.nombre_en FROM maquina_vcos v JOIN maquinas m ON m.id = v.maquina_id
		WHERE v.vco_id = $1 AND m.fabrica_id = $2 ORDER BY m.`+scope.NameColumn()+`, m.id`, vco, scope.Factory)
	return db.Collect(rows, err, func(s db.Scanner) (n UsingMachine, err error) {
		return n, s.Scan(&n.UsuMaquinaID, &n.NombreEs, &n.NombreEn)
	})
}

// Owned answers db.ErrNotFound unless vco is a VCO/VCOV of the scope's factory, in one read:
// a call on another factory's VCO/VCOV answers as on a missing one, never with an empty list.
func (m *Machines) Owned(ctx context.Context, q db.Querier, scope auth.Scope, vco int64) error {
	key := strconv.FormatInt(vco, 10)
	found, err := m.Vcos.Rows(ctx, q, scope, []string{key})
	if err == nil && found[key] == 0 {
		err = db.ErrNotFound
	}
	return err
}
