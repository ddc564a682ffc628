package tree

import (
	"context"

	"vigia/internal/platform/db"
)

// Calculation is a calculation template (UsuCalculoVr) for reference values: the factory's
// own and the shared ones.
type Calculation struct {
	UsuCalculoVrID int64  `json:"UsuCalculoVrID"`
	NombreEs       string `json:"NombreEs"`
	NombreEn       string `json:"NombreEn"`
}

// ListCalculations returns the calculation templates a factory may choose, by name.
func ListCalculations(ctx context.Context, q db.Querier, factory int64) ([]Calculation, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, nombre_es, nombre_en FROM calculos_vr WHERE fabrica_id = $1 OR fabrica_id IS NULL ORDER BY nombre_es, id`, factory)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Calculation{}
	for rows.Next() {
		var c Calculation
		if err := rows.Scan(&c.UsuCalculoVrID, &c.NombreEs, &c.NombreEn); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
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
