package tree

import (
	"context"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// Place is a machine with where it sits: its area and site, each with its name in the scope's
// language (what a list needs to name the machine and open its editor).
type Place struct {
	UsuMaquinaID int64  `json:"UsuMaquinaID"`
	Nombre       string `json:"Nombre"`
	UsuAreaID    int64  `json:"UsuAreaID"`
	Area         string `json:"Area"`
	UsuCentroID  int64  `json:"UsuCentroID"`
	Centro       string `json:"Centro"`
}

// Census is what a factory's tree holds: how many sites and vibration points, and every
// machine with its place, by site, area and machine name.
type Census struct {
	Centros  int64
	Puntos   int64
	Maquinas []Place
}

// CensusOf reads the scope's factory's census in two reads, whatever its size.
func CensusOf(ctx context.Context, q db.Querier, scope auth.Scope) (*Census, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	c := &Census{}
	err := q.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM centros WHERE fabrica_id = $1), (SELECT COUNT(*) FROM puntos WHERE fabrica_id = $1)`,
		scope.Factory).Scan(&c.Centros, &c.Puntos)
	if err != nil {
		return nil, err
	}
	name := scope.NameColumn()
	rows, err := q.QueryContext(ctx, `SELECT m.id, m.`+name+`, a.id, a.`+name+`, s.id, s.`+name+` FROM maquinas m
		JOIN areas a ON a.id = m.parent_id JOIN centros s ON s.id = a.parent_id
		WHERE m.fabrica_id = $1 ORDER BY s.`+name+`, s.id, a.`+name+`, a.id, m.`+name+`, m.id`, scope.Factory)
	c.Maquinas, err = db.Collect(rows, err, func(r db.Scanner) (p Place, err error) {
		return p, r.Scan(&p.UsuMaquinaID, &p.Nombre, &p.UsuAreaID, &p.Area, &p.UsuCentroID, &p.Centro)
	})
	return c, err
}
