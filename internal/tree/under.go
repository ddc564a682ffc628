package tree

import (
	"context"
	"slices"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// holders are the levels whose nodes hold machines: their table and the query of the
// machines below a node.
var holders = map[string]struct{ table, machines string }{
	"site":    {"centros", `SELECT m.id FROM maquinas m JOIN areas a ON a.id = m.parent_id WHERE a.parent_id = $1 AND m.fabrica_id = $2 ORDER BY m.id`},
	"area":    {"areas", `SELECT id FROM maquinas WHERE parent_id = $1 AND fabrica_id = $2 ORDER BY id`},
	"machine": {"maquinas", `SELECT id FROM maquinas WHERE id = $1 AND fabrica_id = $2`},
}

// MachinesUnder returns the machines of a site, an area or a machine itself (level "site",
// "area", "machine") of the scope's factory; db.ErrNotFound for a node that is not there.
func MachinesUnder(ctx context.Context, q db.Querier, scope auth.Scope, level string, id int64) ([]int64, error) {
	h, ok := holders[level]
	if !ok {
		return nil, db.ErrNotFound
	}
	if err := scope.Owned(ctx, q, h.table, id); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, h.machines, id, scope.Factory)
	return db.Collect(rows, err, scanID)
}

// OwnedMachines returns those of ids that are machines of the scope's factory.
func OwnedMachines(ctx context.Context, q db.Querier, scope auth.Scope, ids []int64) ([]int64, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	var out []int64
	for part := range slices.Chunk(ids, 1000) {
		rows, err := q.QueryContext(ctx, `SELECT id FROM maquinas WHERE fabrica_id = $1 AND id IN (`+db.In(2, len(part))+`) ORDER BY id`,
			append([]any{scope.Factory}, db.Args(part)...)...)
		found, err := db.Collect(rows, err, scanID)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	return out, nil
}

// FactoryOf returns the factory of a machine; db.ErrNotFound when there is none.
func FactoryOf(ctx context.Context, q db.Querier, machine int64) (int64, error) {
	var f int64
	return f, db.MapError(q.QueryRowContext(ctx, `SELECT fabrica_id FROM maquinas WHERE id = $1`, machine).Scan(&f))
}

func scanID(s db.Scanner) (id int64, err error) { return id, s.Scan(&id) }

// MachineNames returns the names of machines of the scope's factory in its language, by id.
func MachineNames(ctx context.Context, q db.Querier, scope auth.Scope, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	for part := range slices.Chunk(ids, 1000) {
		rows, err := q.QueryContext(ctx, `SELECT id, `+scope.NameColumn()+` FROM maquinas WHERE fabrica_id = $1 AND id IN (`+db.In(2, len(part))+`)`,
			append([]any{scope.Factory}, db.Args(part)...)...)
		err = db.Pairs(rows, err, func(id int64, name string) { out[id] = name })
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
