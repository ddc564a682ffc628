package operating

import (
	"cmp"
	"context"
	"slices"

	"vigia/internal/auth"
	"vigia/internal/catalog"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// Operating is the operating-value feature: the VCO/VCOV and criterion kinds, and the VCOs
// of machines.
type Operating struct {
	Vcos     *catalog.Kind[VcoV]
	Criteria *catalog.Kind[Criterion]
	Machines *Machines
}

// New declares the operating kinds over the catalogue's sensors; machines use criteria and
// VCO/VCOVs, so neither is deleted while a machine holds it.
func New(cat *catalog.Catalog) *Operating {
	vcos := NewVcos(cat.Sensors)
	criteria := NewCriteria(vcos)
	criteria.UsedBy(tree.MachinesWithCriterion)
	vcos.UsedBy(func(ctx context.Context, q db.Querier, row int64) ([]catalog.Name, error) {
		rows, err := q.QueryContext(ctx, `SELECT m.nombre_es, m.nombre_en FROM maquinas m JOIN maquina_vcos v ON v.maquina_id = m.id WHERE v.vco_id = $1`, row)
		return db.Collect(rows, err, func(r db.Scanner) (n catalog.Name, err error) { return n, r.Scan(&n.Es, &n.En) })
	})
	return &Operating{Vcos: vcos, Criteria: criteria, Machines: &Machines{Vcos: vcos}}
}

// Criterion is the tree's rule for a machine's criterion (S1 §4, §5): it checks it and sets
// the one to store.
func (o *Operating) Criterion(ctx context.Context, q db.Querier, scope auth.Scope, f *tree.MachineFields) error {
	id, err := o.MachineCriterion(ctx, q, scope, f.Actualizacion, f.Online, f.KOSSensor, f.CriterioId)
	if err == nil {
		f.CriterioId = id
	}
	return err
}

// sortBy sorts list by the text key gives.
func sortBy[T any](list []T, key func(T) string) {
	slices.SortStableFunc(list, func(a, b T) int { return cmp.Compare(key(a), key(b)) })
}
