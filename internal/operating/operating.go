package operating

import (
	"cmp"
	"context"
	"slices"
	"strconv"

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
	// Exempt is the fixed allow-list of users exempt from the criterion time minimum at some
	// sites (the server's setting; empty: administrators only).
	Exempt auth.Exemptions
}

// New declares the operating kinds over the catalogue's sensors; machines use criteria and
// VCO/VCOVs, so neither is deleted while a machine holds it, nor a VCO/VCOV's condition
// while a criterion names it.
func New(cat *catalog.Catalog) *Operating {
	vcos := NewVcos(cat.Sensors)
	criteria := NewCriteria(vcos)
	criteria.UsedBy(tree.MachinesWithCriterion)
	vcos.Verify = conditionsUsed(criteria)
	vcos.UsedBy(func(ctx context.Context, q db.Querier, row int64) ([]catalog.Name, error) {
		rows, err := q.QueryContext(ctx, `SELECT m.nombre_es, m.nombre_en FROM maquinas m JOIN maquina_vcos v ON v.maquina_id = m.id WHERE v.vco_id = $1`, row)
		return db.Collect(rows, err, func(r db.Scanner) (n catalog.Name, err error) { return n, r.Scan(&n.Es, &n.En) })
	})
	return &Operating{Vcos: vcos, Criteria: criteria, Machines: &Machines{Vcos: vcos, Sensors: cat.Sensors}}
}

// Criterion is the tree's rule for a machine's criterion (S1 §4, §5): it checks it and sets
// the one to store.
func (o *Operating) Criterion(ctx context.Context, q db.Querier, scope auth.Scope, area int64, f *tree.MachineFields) error {
	exempt, err := o.TimesExempt(ctx, q, scope, area)
	if err != nil {
		return err
	}
	id, err := o.MachineCriterion(ctx, q, scope, f.Actualizacion, f.Online, f.KOSSensor, f.CriterioId, exempt)
	if err == nil {
		f.CriterioId = id
	}
	return err
}

// TimesExempt tells whether the caller need not keep the criterion time minimum for a
// machine of area: an administrator (AUTH-007), or a user the fixed allow-list names for the
// area's site (AUTH-008).
func (o *Operating) TimesExempt(ctx context.Context, q db.Querier, scope auth.Scope, area int64) (bool, error) {
	if scope.Admin() {
		return true, nil
	}
	me := scope.Principal().User
	if me == nil || len(o.Exempt.Sites(me.Login)) == 0 {
		return false, nil
	}
	site, guid, err := tree.SiteOfArea(ctx, q, scope, area)
	sites := o.Exempt.Sites(me.Login)
	return err == nil && (slices.Contains(sites, strconv.FormatInt(site, 10)) || slices.Contains(sites, guid)), err
}

// sortBy sorts list by the text key gives.
func sortBy[T any](list []T, key func(T) string) {
	slices.SortStableFunc(list, func(a, b T) int { return cmp.Compare(key(a), key(b)) })
}
