package demo

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"vigia/internal/app"
	"vigia/internal/auth"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// Large gives factory a site whose one area holds points/100 machines, each with 4
// components of 25 points: the shape the side-bar benchmarks need (an area with 1,000
// machines in a 100,000-point factory). Rows are written in bulk, in one transaction.
func Large(ctx context.Context, d *db.DB, feats *app.Features, factory int64, points int) error {
	ctx = auth.WithSystem(ctx)
	t := feats.Tree
	return d.Tx(ctx, func(tx *sql.Tx) error {
		site, err := t.Sites.Create(ctx, tx, scope(ctx, factory), factory, &tree.SiteFields{NombreEs: "Centro Grande", Pais: "ES", Ciudad: "Zaragoza"})
		if err != nil {
			return err
		}
		area, err := t.Areas.Create(ctx, tx, scope(ctx, factory), site.UsuCentroID, &tree.AreaFields{NombreEs: "Área de ensayo"})
		if err != nil {
			return err
		}
		var rows []string
		flush := func() error {
			if len(rows) == 0 {
				return nil
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO puntos (fabrica_id, parent_id, nombre_es, nombre_en, busqueda, posicion, montaje_id, medidas) VALUES `+strings.Join(rows, ", "))
			rows = rows[:0]
			return err
		}
		for m := 0; m < points/100; m++ {
			var machine int64
			name := fmt.Sprintf("Máquina %05d", m+1)
			err := tx.QueryRowContext(ctx, `INSERT INTO maquinas (fabrica_id, parent_id, nombre_es, nombre_en, busqueda, actualizacion) VALUES ($1, $2, $3, $3, $4, $5) RETURNING id`,
				factory, area.UsuAreaID, name, tree.SearchKey(name, name), tree.UpdateVCOV).Scan(&machine)
			if err != nil {
				return err
			}
			for c := 0; c < 4; c++ {
				var comp int64
				cname := fmt.Sprintf("Componente %d", c+1)
				err := tx.QueryRowContext(ctx, `INSERT INTO componentes (fabrica_id, parent_id, nombre_es, nombre_en, busqueda, montaje) VALUES ($1, $2, $3, $3, $4, 1) RETURNING id`,
					factory, machine, cname, tree.SearchKey(cname, cname)).Scan(&comp)
				if err != nil {
					return err
				}
				for p := 0; p < 25; p++ {
					// Generated names and numbers only: nothing here comes from a user.
					es, en := fmt.Sprintf("Punto %d-%d-%d", m+1, c+1, p+1), fmt.Sprintf("Point %d-%d-%d", m+1, c+1, p+1)
					rows = append(rows, fmt.Sprintf("(%d, %d, '%s', '%s', '%s', %d, 1, 7)", factory, comp, es, en, tree.SearchKey(es, en), p+1))
				}
			}
			if len(rows) >= 500 {
				if err := flush(); err != nil {
					return err
				}
			}
		}
		return flush()
	})
}
