package devices

import (
	"context"
	"database/sql"
	"errors"

	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// AdminNode is a node of the admin tree: distributor > partner > factory > site.
type AdminNode struct {
	Tipo   string       `json:"Tipo" enum:"DISTRIBUIDOR,SOCIO,FABRICA,CENTRO"`
	ID     int64        `json:"ID"`
	Nombre string       `json:"Nombre"`
	Hijos  []*AdminNode `json:"Hijos"`
}

// AdminTree returns the whole admin tree; factories without a partner stand at the top.
func (r *Registry) AdminTree(ctx context.Context, q db.Querier) ([]*AdminNode, error) {
	if err := administrator(ctx); err != nil {
		return nil, err
	}
	byKey := map[string]*AdminNode{}
	var roots []*AdminNode
	// Each row is a node and its parent, parents first.
	rows, err := q.QueryContext(ctx, `
		SELECT 'DISTRIBUIDOR', id, nombre, '', 0, 1 FROM distribuidores
		UNION ALL SELECT 'SOCIO', id, nombre, 'DISTRIBUIDOR', distribuidor_id, 2 FROM socios
		UNION ALL SELECT 'FABRICA', id, nombre, CASE WHEN socio_id IS NULL THEN '' ELSE 'SOCIO' END, COALESCE(socio_id, 0), 3 FROM fabricas WHERE NOT plantilla
		UNION ALL SELECT 'CENTRO', c.id, c.nombre_es, 'FABRICA', c.fabrica_id, 4 FROM centros c JOIN fabricas f ON f.id = c.fabrica_id WHERE NOT f.plantilla
		ORDER BY 6, 3`)
	err = db.Each(rows, err, func(r db.Scanner) error {
		n := &AdminNode{Hijos: []*AdminNode{}}
		var parentType string
		var parent int64
		var depth int
		if err := r.Scan(&n.Tipo, &n.ID, &n.Nombre, &parentType, &parent, &depth); err != nil {
			return err
		}
		byKey[nodeKey(n.Tipo, n.ID)] = n
		if p := byKey[nodeKey(parentType, parent)]; p != nil {
			p.Hijos = append(p.Hijos, n)
		} else {
			roots = append(roots, n)
		}
		return nil
	})
	return roots, err
}

func nodeKey(tipo string, id int64) string { return tipo + ":" + itoa(id) }

// NodeInput names a new distributor or partner.
type NodeInput struct {
	Nombre         string `json:"Nombre"`
	DistribuidorId int64  `json:"DistribuidorId,omitempty"`
}

// AddDistributor adds a distributor to the admin tree.
func (r *Registry) AddDistributor(ctx context.Context, q db.Querier, in NodeInput) (*AdminNode, error) {
	return r.addNode(ctx, q, "DISTRIBUIDOR", in, `INSERT INTO distribuidores (nombre) VALUES ($1) RETURNING id`)
}

// AddPartner adds a partner under a distributor.
func (r *Registry) AddPartner(ctx context.Context, q db.Querier, in NodeInput) (*AdminNode, error) {
	if err := administrator(ctx); err != nil {
		return nil, err
	}
	var one int
	if err := q.QueryRowContext(ctx, `SELECT 1 FROM distribuidores WHERE id = $1`, in.DistribuidorId).Scan(&one); errors.Is(err, sql.ErrNoRows) {
		return nil, api.Invalid("DistribuidorId", "unknown", nil)
	} else if err != nil {
		return nil, err
	}
	return r.addNode(ctx, q, "SOCIO", in, `INSERT INTO socios (nombre, distribuidor_id) VALUES ($1, $2) RETURNING id`, in.DistribuidorId)
}

func (r *Registry) addNode(ctx context.Context, q db.Querier, tipo string, in NodeInput, insert string, args ...any) (*AdminNode, error) {
	if err := administrator(ctx); err != nil {
		return nil, err
	}
	var errs api.FieldErrors
	errs.TrimText("Nombre", &in.Nombre, true)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	n := &AdminNode{Tipo: tipo, Nombre: in.Nombre, Hijos: []*AdminNode{}}
	err := db.MapError(q.QueryRowContext(ctx, insert, append([]any{in.Nombre}, args...)...).Scan(&n.ID))
	if errors.Is(err, db.ErrDuplicate) {
		return nil, api.Invalid("Nombre", "duplicate", nil)
	}
	return n, err
}

// SetFactoryPartner puts a factory under a partner (nil: at the top).
func (r *Registry) SetFactoryPartner(ctx context.Context, q db.Querier, factory int64, partner *int64) error {
	if err := administrator(ctx); err != nil {
		return err
	}
	if partner != nil {
		var one int
		if err := q.QueryRowContext(ctx, `SELECT 1 FROM socios WHERE id = $1`, *partner).Scan(&one); errors.Is(err, sql.ErrNoRows) {
			return api.Invalid("SocioId", "unknown", nil)
		} else if err != nil {
			return err
		}
	}
	res, err := q.ExecContext(ctx, `UPDATE fabricas SET socio_id = $1 WHERE id = $2 AND NOT plantilla`, partner, factory)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return db.ErrNotFound
	}
	// Devices assigned at or below the factory follow it to its new partner.
	_, err = q.ExecContext(ctx, `UPDATE equipos SET socio_id = $1, distribuidor_id = (SELECT distribuidor_id FROM socios WHERE id = $1) WHERE fabrica_id = $2`, partner, factory)
	return err
}
