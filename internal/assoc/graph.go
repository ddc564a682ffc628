package assoc

import (
	"context"
	"strconv"

	"vigia/internal/auth"
	"vigia/internal/catalog"
	"vigia/internal/operating"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// Graph is a machine's whole configuration: what the configuration sent to its devices is
// made of, and what the precalculation of its thresholds reads.
type Graph struct {
	Machine    *tree.Machine
	Components []*tree.Component
	// Points are the machine's points with their bearings and channels.
	Points []*tree.Point
	// Spectra and DigitalSpectra are the spectra the points name, with their bands, by id.
	Spectra        map[int64]*catalog.Spectrum
	DigitalSpectra map[int64]*catalog.DigitalSpectrum
	Associations   []*GraphAssociation
	// Criterion is the machine's criterion with its VCO/VCOV entries (nil: none); Conditions
	// are its conditions, or the one nameless condition a machine without them has.
	Criterion  *operating.Criterion
	Conditions []operating.CriterionCondition
	// Vcos are the machine's VCO/VCOVs with their channels and states.
	Vcos []operating.MachineVco
}

// GraphAssociation is an item associated to a point of the machine, with its band and its
// reference rows (one per condition of the criterion, each with the VrId the device sends
// back with its measurements).
type GraphAssociation struct {
	ID         int64
	Kind       *Kind
	Point      int64
	Vcv        *catalog.Vcv
	DigitalVcv *catalog.DigitalVcv
	Vcp        *catalog.Vcp
	References []*Reference
}

// Graph reads the machine's whole configuration in a fixed number of reads, whatever the
// number of its points, associations and conditions.
func (a *Machines) Graph(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) (*Graph, error) {
	g := &Graph{}
	var err error
	if g.Machine, err = a.Tree.Machines.Get(ctx, q, scope, machine); err != nil {
		return nil, err
	}
	if g.Components, g.Points, err = a.Tree.MachinePoints(ctx, q, scope, machine); err != nil {
		return nil, err
	}
	var analog, digital []string
	for _, p := range g.Points {
		analog = appendIDs(analog, p.UsuEspectroBrId, p.UsuEspectroArId, p.UsuEspectroDmId)
		if d := p.MEMSPrediccion; d != nil {
			digital = appendIDs(digital, d.UsuEspectroDigitalBRId, d.UsuEspectroDigitalARId, d.UsuEspectroDigitalDMId, d.UsuEspectroDigitalMGId)
		}
	}
	if g.Spectra, err = byID(ctx, q, scope, a.Catalog.Spectrum, analog); err != nil {
		return nil, err
	}
	if g.DigitalSpectra, err = byID(ctx, q, scope, a.Catalog.DigitalSpectrum, digital); err != nil {
		return nil, err
	}
	if err := a.associations(ctx, q, scope, g); err != nil {
		return nil, err
	}
	if c := g.Machine.CriterioId; c != nil {
		if g.Criterion, err = a.S.Operating.Criteria.Get(ctx, q, scope, strconv.FormatInt(*c, 10)); err != nil {
			return nil, err
		}
	}
	conditions, err := a.S.Operating.Conditions(ctx, q, scope, []int64{machine})
	if err != nil {
		return nil, err
	}
	g.Conditions = conditions[machine]
	g.Vcos, err = a.S.Operating.Machines.List(ctx, q, scope, machine)
	return g, err
}

// associations fills the graph's associations with their items and reference rows.
func (a *Machines) associations(ctx context.Context, q db.Querier, scope auth.Scope, g *Graph) error {
	machine := g.Machine.UsuMaquinaID
	type row struct {
		id, point, item int64
		tipo            string
	}
	rows, err := q.QueryContext(ctx, `SELECT id, tipo, punto_id, item_id FROM asociaciones WHERE maquina_id = $1 ORDER BY punto_id, id`, machine)
	list, err := db.Collect(rows, err, func(r db.Scanner) (a row, err error) { return a, r.Scan(&a.id, &a.tipo, &a.point, &a.item) })
	if err != nil {
		return err
	}
	items := map[string][]int64{}
	for _, r := range list {
		items[r.tipo] = append(items[r.tipo], r.item)
	}
	k := a.S.Kinds
	vcvs, err := a.Catalog.Vcv.ByRows(ctx, q, scope, items[k.Vcv.Tipo])
	if err != nil {
		return err
	}
	digital, err := a.Catalog.DigitalVcv.ByRows(ctx, q, scope, items[k.DigitalVcv.Tipo])
	if err != nil {
		return err
	}
	vcps, err := a.Catalog.Vcp.ByRows(ctx, q, scope, items[k.Vcp.Tipo])
	if err != nil {
		return err
	}
	refs, err := a.S.referenceRows(ctx, q, scope, machine, 0)
	if err != nil {
		return err
	}
	for _, r := range list {
		kind := k.Of(r.tipo)
		g.Associations = append(g.Associations, &GraphAssociation{ID: r.id, Kind: kind, Point: r.point,
			Vcv: vcvs[r.item], DigitalVcv: digital[r.item], Vcp: vcps[r.item], References: kind.answer(refs[r.id])})
	}
	return nil
}

// appendIDs adds the set ids to keys.
func appendIDs(keys []string, ids ...*int64) []string {
	for _, id := range ids {
		if id != nil {
			keys = append(keys, strconv.FormatInt(*id, 10))
		}
	}
	return keys
}

// byID reads the items of kind named by keys, by their id.
func byID[T any](ctx context.Context, q db.Querier, scope auth.Scope, kind *catalog.Kind[T], keys []string) (map[int64]*T, error) {
	found, err := kind.GetMany(ctx, q, scope, keys)
	out := make(map[int64]*T, len(found))
	for key, t := range found {
		id, _ := strconv.ParseInt(key, 10, 64)
		out[id] = t
	}
	return out, err
}
