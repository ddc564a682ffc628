package tree

import (
	"context"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// Calculation is a calculation template (UsuCalculoVr) for reference values: the factory's
// own and the shared ones.
type Calculation struct {
	UsuCalculoVrID int64  `json:"UsuCalculoVrID"`
	NombreEs       string `json:"NombreEs"`
	NombreEn       string `json:"NombreEn"`
}

// ListCalculations returns the calculation templates the scope's factory may choose, by
// name in the scope's language.
func ListCalculations(ctx context.Context, q db.Querier, scope auth.Scope) ([]Calculation, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT id, nombre_es, nombre_en FROM calculos_vr WHERE fabrica_id = $1 OR fabrica_id IS NULL ORDER BY `+scope.NameColumn()+`, id`, scope.Factory)
	return db.Collect(rows, err, func(r db.Scanner) (c Calculation, err error) {
		return c, r.Scan(&c.UsuCalculoVrID, &c.NombreEs, &c.NombreEn)
	})
}

// GetCalculation returns one calculation template the scope's factory may choose (its own or
// a shared one); another factory's is db.ErrNotFound.
func GetCalculation(ctx context.Context, q db.Querier, scope auth.Scope, id int64) (Calculation, error) {
	var c Calculation
	if err := scope.Check(); err != nil {
		return c, err
	}
	err := q.QueryRowContext(ctx, `SELECT id, nombre_es, nombre_en FROM calculos_vr WHERE id = $1 AND (fabrica_id = $2 OR fabrica_id IS NULL)`, id, scope.Factory).
		Scan(&c.UsuCalculoVrID, &c.NombreEs, &c.NombreEn)
	return c, db.MapError(err)
}

// AddCalculation creates a calculation template of a factory (factory 0: shared).
func AddCalculation(ctx context.Context, q db.Querier, factory int64, es, en string) (int64, error) {
	var owner *int64
	if factory != 0 {
		owner = &factory
	}
	var id int64
	err := q.QueryRowContext(ctx, `INSERT INTO calculos_vr (fabrica_id, nombre_es, nombre_en) VALUES ($1, $2, $3) RETURNING id`, owner, es, en).Scan(&id)
	return id, err
}
