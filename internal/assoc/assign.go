package assoc

import (
	"context"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/catalog"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// Refusals of the assign actions when the factory has nothing to give.
var (
	ErrNoDefaultSpectra = api.Refused("no_default_spectra", nil)
	ErrNoDefaultVcvs    = api.Refused("no_default_vcvs", nil)
	ErrNoBearings       = api.Refused("no_bearings", nil)
	// ErrNoPoints: a machine without points has nothing to be given.
	ErrNoPoints = api.Refused("no_points", nil)
)

// Machines runs what concerns a whole machine: the machine editor's assign actions
// (MACH-003) — each point of the machine gets the factory's default spectra, its default
// VCVs or its bearings' VCVs, of the machine's device family (alert device, or KOS Sensor
// digital sensors) — and the read of its whole configuration (Graph). Each runs in the
// caller's transaction in a fixed number of statements whatever the number of points (but
// for the catalogue items a first bearing assignment creates).
type Machines struct {
	S       *Service
	Tree    *tree.Tree
	Catalog *catalog.Catalog
}

// machine returns the machine's points with their components, and whether the machine is
// measured by digital sensors; 400 'no_points' when it has none.
func (a *Machines) machine(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) ([]*tree.Point, map[int64]*tree.Component, bool, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, nil, false, err
	}
	m, err := a.Tree.Machines.Get(ctx, q, scope, machine)
	if err != nil {
		return nil, nil, false, err
	}
	components, points, err := a.Tree.MachinePoints(ctx, q, scope, machine)
	if err == nil && len(points) == 0 {
		err = ErrNoPoints
	}
	byID := map[int64]*tree.Component{}
	for _, c := range components {
		byID[c.UsuComponenteID] = c
	}
	return points, byID, m.KOSSensor, err
}

// defaults returns, per range, the first (by name) default spectrum among list.
func defaults[T any](list []*T, of func(*T) (*catalog.SpectrumFields, int64)) map[string]int64 {
	out := map[string]int64{}
	for _, t := range list {
		f, id := of(t)
		if _, found := out[f.Rango]; f.PorDefecto && !found {
			out[f.Rango] = id
		}
	}
	return out
}

// AssignSpectra gives each point of the machine the factory's default spectrum of each range
// and answers how many points it gave them to; 400 'no_default_spectra' when the factory has
// none of the machine's family.
func (a *Machines) AssignSpectra(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) (int, error) {
	points, _, digital, err := a.machine(ctx, q, scope, machine)
	if err != nil {
		return 0, err
	}
	var found map[string]int64
	if digital {
		list, err := a.Catalog.DigitalSpectrum.List(ctx, q, scope)
		if err != nil {
			return 0, err
		}
		found = defaults(list, func(s *catalog.DigitalSpectrum) (*catalog.SpectrumFields, int64) {
			return &s.SpectrumFields, s.UsuEspectroDigitalID
		})
	} else {
		list, err := a.Catalog.Spectrum.List(ctx, q, scope)
		if err != nil {
			return 0, err
		}
		found = defaults(list, func(s *catalog.Spectrum) (*catalog.SpectrumFields, int64) { return &s.SpectrumFields, s.UsuEspectroID })
	}
	if len(found) == 0 {
		return 0, ErrNoDefaultSpectra
	}
	return len(points), a.Tree.SetSpectra(ctx, q, scope, points, digital, found)
}

// AssignDefaultVcvs associates the factory's default VCVs of the machine's family to each
// of its points (digital ones only to components of their type and subtype, when they have
// one) and answers how many associations it made.
func (a *Machines) AssignDefaultVcvs(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) (int, error) {
	points, components, digital, err := a.machine(ctx, q, scope, machine)
	if err != nil {
		return 0, err
	}
	// The default VCVs, by key, with the components each suits, in the catalogue's order:
	// the associations are made in that order.
	type defaultVcv struct {
		key  string
		fits func(*tree.Component) bool
	}
	var defaults []defaultVcv
	var keys []string
	kind := a.S.Kinds.Vcv
	var rows map[string]int64
	if digital {
		kind = a.S.Kinds.DigitalVcv
		list, err := a.Catalog.DigitalVcv.List(ctx, q, scope)
		if err != nil {
			return 0, err
		}
		for _, v := range list {
			if v.PorDefecto {
				defaults = append(defaults, defaultVcv{v.UsuVCVDigitalGUID, func(c *tree.Component) bool { return fitsComponent(v, c) }})
				keys = append(keys, v.UsuVCVDigitalGUID)
			}
		}
		rows, err = a.Catalog.DigitalVcv.Rows(ctx, q, scope, keys)
		if err != nil {
			return 0, err
		}
	} else {
		list, err := a.Catalog.Vcv.List(ctx, q, scope)
		if err != nil {
			return 0, err
		}
		rows = map[string]int64{}
		for _, v := range list {
			if v.PorDefecto {
				key := strconv.FormatInt(v.UsuVcvID, 10)
				defaults, rows[key] = append(defaults, defaultVcv{key, func(*tree.Component) bool { return true }}), v.UsuVcvID
			}
		}
	}
	if len(defaults) == 0 {
		return 0, ErrNoDefaultVcvs
	}
	var pairs []pair
	for _, p := range points {
		for _, d := range defaults {
			if d.fits(components[p.UsuComponenteID]) {
				pairs = append(pairs, pair{p.UsuPuntoVibracionID, rows[d.key]})
			}
		}
	}
	return a.S.associate(ctx, q, scope, kind, machine, pairs)
}

// fitsComponent tells whether a digital VCV suits a component: its subtype, or a subtype of
// its type, or any component when it names neither.
func fitsComponent(v *catalog.DigitalVcv, c *tree.Component) bool {
	sub := c.GenSubtipoComponenteId
	switch {
	case v.GenSubtipoComponenteId != nil:
		return sub != nil && *sub == *v.GenSubtipoComponenteId
	case v.GenTipoComponenteId != nil:
		return sub != nil && catalog.SubtypeOf(*v.GenTipoComponenteId, *sub)
	}
	return true
}

// Register serves the assign actions — POST …/machine/{machine}/assign/spectra,
// …/assign/defaultvcv and …/assign/bearingvcv answer {Asignados} (points given spectra,
// associations made) — and the digital VCV spreads.
func (a *Machines) Register(h huma.API, d *db.DB) {
	a.registerSpread(h, d)
	actions := map[string]func(context.Context, db.Querier, auth.Scope, int64) (int, error){"spectra": a.AssignSpectra, "defaultvcv": a.AssignDefaultVcvs,
		"bearingvcv": a.AssignBearingVcvs}
	api.Register(h, d, api.Op(api.Edit, huma.Operation{OperationID: "machine-assign", Method: http.MethodPost, Path: "/api/user/{factory}/machine/{machine}/assign/{what}",
		Summary: "Give the machine's points the factory's default spectra or VCVs", Tags: []string{"associations"}}),
		func(ctx context.Context, q db.Querier, in *struct {
			Factory int64  `path:"factory"`
			Machine int64  `path:"machine"`
			What    string `path:"what" enum:"spectra,defaultvcv,bearingvcv"`
		}) (*api.Body[Assigned], error) {
			return auth.Within(ctx, in.Factory, func(s auth.Scope) (Assigned, error) {
				n, err := actions[in.What](ctx, q, s, in.Machine)
				return Assigned{n}, err
			})
		})
}

// Assigned is how many points or associations an assign action gave.
type Assigned struct {
	Asignados int `json:"Asignados"`
}

// defect is one defect frequency of a bearing, in orders.
type defect struct {
	code   string
	orders float64
}

func defects(b *tree.Bearing) []defect {
	return []defect{{"BPFO", b.Bpfo}, {"BPFI", b.Bpfi}, {"BS", b.Bs}, {"FTF", b.Ftf}}
}

// bearingVcv is the VCV a bearing's defect frequency gets: its stable key, the name it is
// made with ("SKF 6205 BPFO") and the frequency of its band, in orders.
type bearingVcv struct{ key, name, orders string }

// AssignBearingVcvs associates to each point, for each defect frequency of each of its
// bearings, an envelope VCV on a bearing band at that frequency, made in the factory the
// first time and found again by its key (the bearing's GUID and the defect) whatever it was
// renamed to; it answers how many associations it made.
func (a *Machines) AssignBearingVcvs(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) (int, error) {
	points, _, digital, err := a.machine(ctx, q, scope, machine)
	if err != nil {
		return 0, err
	}
	wanted := map[string]bearingVcv{}
	var onPoints []struct {
		point int64
		key   string
	}
	for _, p := range points {
		for _, b := range []*tree.Bearing{p.Rodamiento1, p.Rodamiento2, p.Rodamiento3, p.Rodamiento4} {
			if b == nil {
				continue
			}
			for _, d := range defects(b) {
				if d.orders <= 0 {
					continue
				}
				v := bearingVcv{key: "bearing:" + b.GenRodamientoGUID + ":" + d.code, name: strings.TrimSpace(b.Marca + " " + b.Modelo + " " + d.code),
					orders: strconv.FormatFloat(d.orders, 'f', 4, 64)}
				wanted[v.key] = v
				onPoints = append(onPoints, struct {
					point int64
					key   string
				}{p.UsuPuntoVibracionID, v.key})
			}
		}
	}
	if len(wanted) == 0 {
		return 0, ErrNoBearings
	}
	kind := a.S.Kinds.Vcv
	var rows map[string]int64
	if digital {
		kind = a.S.Kinds.DigitalVcv
		rows, err = made(ctx, q, scope, a.Catalog.DigitalVcv, wanted, func(v bearingVcv) error {
			b, err := a.Catalog.DigitalBand.Create(ctx, q, scope, &catalog.DigitalBand{Nombre: v.name, BandFields: bearingBand(v.orders)})
			if err == nil {
				_, err = a.Catalog.DigitalVcv.CreateMade(ctx, q, scope, v.key, &catalog.DigitalVcv{Nombre: v.name, UsuBandaDigitalGUID: b.UsuBandaDigitalGUID})
			}
			return err
		})
	} else {
		rows, err = made(ctx, q, scope, a.Catalog.Vcv, wanted, func(v bearingVcv) error {
			b, err := a.Catalog.Band.Create(ctx, q, scope, &catalog.Band{NombreEs: v.name, BandFields: bearingBand(v.orders)})
			if err == nil {
				_, err = a.Catalog.Vcv.CreateMade(ctx, q, scope, v.key, &catalog.Vcv{NombreEs: v.name, BandaId: b.UsuBandaID})
			}
			return err
		})
	}
	if err != nil {
		return 0, err
	}
	pairs := make([]pair, len(onPoints))
	for i, op := range onPoints {
		pairs[i] = pair{op.point, rows[op.key]}
	}
	return a.S.associate(ctx, q, scope, kind, machine, pairs)
}

// made returns the rows of the VCVs generated for the wanted keys, creating those missing.
func made[T any](ctx context.Context, q db.Querier, scope auth.Scope, vcvs *catalog.Kind[T], wanted map[string]bearingVcv, create func(bearingVcv) error) (map[string]int64, error) {
	rows, err := vcvs.Made(ctx, q, scope, slices.Collect(maps.Keys(wanted)))
	if err != nil {
		return nil, err
	}
	var created []string
	for _, key := range slices.Sorted(maps.Keys(wanted)) {
		if _, ok := rows[key]; !ok {
			if err := create(wanted[key]); err != nil {
				return nil, err
			}
			created = append(created, key)
		}
	}
	more, err := vcvs.Made(ctx, q, scope, created)
	for key, row := range more {
		rows[key] = row
	}
	return rows, err
}

// bearingBand is a bearing band at one defect frequency: envelope range, bearing summation.
func bearingBand(orders string) catalog.BandFields {
	return catalog.BandFields{Frecuencia: catalog.Bearings, Rango: "DM", Sumatorio: catalog.SumBearing, FrecuOrdenesFallo: &orders}
}
