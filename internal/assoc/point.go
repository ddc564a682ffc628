package assoc

import (
	"cmp"
	"context"
	"slices"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// Associated is an item associated to a point, as the side-bar lists it: VCVs by the range
// of their band, VCPs apart.
type Associated struct {
	Tipo     string `json:"Tipo" enum:"MPV,MPVD,MPVP"`
	ID       int64  `json:"UsuAsociacionID"`
	Clave    string `json:"Clave"`
	NombreEs string `json:"NombreEs"`
	NombreEn string `json:"NombreEn"`
	Rango    string `json:"Rango,omitempty"`
	// TipoVco is a digital VCV's type (VCO, VCOV): its label's prefix (VCV-029).
	TipoVco string `json:"TipoVco,omitempty" enum:"VCO,VCOV"`
}

// OfPoint lists the items associated to a point of the factory, by kind and name: a fixed
// number of reads whatever their number (the point, its associations, then each kind's
// items with their bands).
func (s *Service) OfPoint(ctx context.Context, q db.Querier, scope auth.Scope, at int64) ([]Associated, error) {
	if err := scope.Owned(ctx, q, "puntos", at); err != nil {
		return nil, err
	}
	type row struct {
		id, item int64
		tipo     string
	}
	rows, err := q.QueryContext(ctx, `SELECT id, tipo, item_id FROM asociaciones WHERE punto_id = $1`, at)
	list, err := db.Collect(rows, err, func(r db.Scanner) (a row, err error) { return a, r.Scan(&a.id, &a.tipo, &a.item) })
	if err != nil {
		return nil, err
	}
	found, err := associatedItems(ctx, s, q, scope, list, func(a row) (string, int64) { return a.tipo, a.item })
	if err != nil {
		return nil, err
	}
	out := []Associated{}
	for _, a := range list {
		it, ok := found[a.tipo][a.item]
		if !ok {
			continue
		}
		out = append(out, Associated{Tipo: a.tipo, ID: a.id, Clave: it.Key, NombreEs: it.Name.Es, NombreEn: it.Name.En, Rango: it.Rango, TipoVco: it.TipoVco})
	}
	slices.SortFunc(out, func(a, b Associated) int {
		return cmp.Or(cmp.Compare(a.Tipo, b.Tipo), cmp.Compare(a.NombreEs, b.NombreEs), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}
