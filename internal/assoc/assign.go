package assoc

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/catalog"
	"vigia/internal/platform/api"
	"vigia/internal/tree"
)

// Assigner runs the machine editor's assign actions (MACH-003): each point of the machine
// gets the factory's default spectra, its default VCVs or its bearings' VCVs, of the
// machine's device family (alert device, or KOS Sensor digital sensors).
type Assigner struct {
	S               *Service
	Tree            *tree.Tree
	Spectra         *catalog.Kind[catalog.Spectrum]
	DigitalSpectra  *catalog.Kind[catalog.DigitalSpectrum]
	Vcvs            *catalog.Kind[catalog.Vcv]
	DigitalVcvs     *catalog.Kind[catalog.DigitalVcv]
	Bands           *catalog.Kind[catalog.Band]
	DigitalBands    *catalog.Kind[catalog.DigitalBand]
	Analog, Digital *Kind
}

// points returns the machine's points with their components, and whether the machine is
// measured by digital sensors.
func (a *Assigner) points(ctx context.Context, factory, machine int64) ([]*tree.Point, map[int64]*tree.Component, bool, error) {
	m, err := a.Tree.Machines.Get(ctx, a.S.DB, factory, machine)
	if err != nil {
		return nil, nil, false, err
	}
	components, err := a.Tree.Components.List(ctx, a.S.DB, factory, machine)
	if err != nil {
		return nil, nil, false, err
	}
	var out []*tree.Point
	byID := map[int64]*tree.Component{}
	for _, c := range components {
		byID[c.UsuComponenteID] = c
		ps, err := a.Tree.Points.List(ctx, a.S.DB, factory, c.UsuComponenteID)
		if err != nil {
			return nil, nil, false, err
		}
		for _, p := range ps {
			if p, err = a.Tree.Points.Get(ctx, a.S.DB, factory, p.UsuPuntoVibracionID); err != nil {
				return nil, nil, false, err
			}
			out = append(out, p)
		}
	}
	return out, byID, m.KOSSensor, nil
}

// defaults returns, per range, the first (by name) default spectrum among list.
func defaults[T any](list []*T, of func(*T) (*catalog.SpectrumFields, int64)) map[string]*int64 {
	out := map[string]*int64{}
	for _, t := range list {
		f, id := of(t)
		if f.PorDefecto && out[f.Rango] == nil {
			out[f.Rango] = &id
		}
	}
	return out
}

// AssignSpectra gives each point of the machine the factory's default spectrum of each range
// and answers how many points changed; 400 'no_defaults' when the factory has none.
func (a *Assigner) AssignSpectra(ctx context.Context, scope catalog.Scope, machine int64) (int, error) {
	points, _, digital, err := a.points(ctx, scope.Factory, machine)
	if err != nil {
		return 0, err
	}
	var set func(p *tree.PointFields, d map[string]*int64)
	var found map[string]*int64
	if digital {
		list, err := a.DigitalSpectra.List(ctx, a.S.DB, scope)
		if err != nil {
			return 0, err
		}
		found = defaults(list, func(s *catalog.DigitalSpectrum) (*catalog.SpectrumFields, int64) {
			return &s.SpectrumFields, s.UsuEspectroDigitalID
		})
		set = func(p *tree.PointFields, d map[string]*int64) {
			if p.MEMSPrediccion == nil {
				p.MEMSPrediccion = &tree.MEMSPrediccion{}
			}
			pp := p.MEMSPrediccion
			for r, slot := range map[string]**int64{"BR": &pp.UsuEspectroDigitalBRId, "AR": &pp.UsuEspectroDigitalARId, "DM": &pp.UsuEspectroDigitalDMId, "MG": &pp.UsuEspectroDigitalMGId} {
				if d[r] != nil {
					*slot = d[r]
				}
			}
		}
	} else {
		list, err := a.Spectra.List(ctx, a.S.DB, scope)
		if err != nil {
			return 0, err
		}
		found = defaults(list, func(s *catalog.Spectrum) (*catalog.SpectrumFields, int64) { return &s.SpectrumFields, s.UsuEspectroID })
		set = func(p *tree.PointFields, d map[string]*int64) {
			for r, slot := range map[string]**int64{"BR": &p.UsuEspectroBrId, "AR": &p.UsuEspectroArId, "DM": &p.UsuEspectroDmId} {
				if d[r] != nil {
					*slot = d[r]
				}
			}
		}
	}
	if len(found) == 0 {
		return 0, api.Refused("no_default_spectra", nil)
	}
	return len(points), a.S.DB.Tx(ctx, func(tx *sql.Tx) error {
		for _, p := range points {
			set(&p.PointFields, found)
			p.Canales = nil // unchanged
			if _, err := a.Tree.Points.Update(ctx, tx, scope.Factory, p.UsuPuntoVibracionID, &p.PointFields); err != nil {
				return err
			}
		}
		return nil
	})
}

// AssignDefaultVcvs associates the factory's default VCVs of the machine's family to each
// of its points (digital ones only to components of their type and subtype, when they have
// one) and answers how many associations were made.
func (a *Assigner) AssignDefaultVcvs(ctx context.Context, scope catalog.Scope, machine int64) (int, error) {
	points, components, digital, err := a.points(ctx, scope.Factory, machine)
	if err != nil {
		return 0, err
	}
	type item struct {
		key  string
		fits func(c *tree.Component) bool
	}
	var items []item
	kind := a.Analog
	if digital {
		kind = a.Digital
		list, err := a.DigitalVcvs.List(ctx, a.S.DB, scope)
		if err != nil {
			return 0, err
		}
		for _, v := range list {
			if v.PorDefecto {
				items = append(items, item{v.UsuVCVDigitalGUID, func(c *tree.Component) bool { return fitsComponent(v, c) }})
			}
		}
	} else {
		list, err := a.Vcvs.List(ctx, a.S.DB, scope)
		if err != nil {
			return 0, err
		}
		for _, v := range list {
			if v.PorDefecto {
				items = append(items, item{strconv.FormatInt(v.UsuVcvID, 10), func(*tree.Component) bool { return true }})
			}
		}
	}
	if len(items) == 0 {
		return 0, api.Refused("no_default_vcvs", nil)
	}
	made := 0
	for _, p := range points {
		for _, it := range items {
			if !it.fits(components[p.UsuComponenteID]) {
				continue
			}
			err := a.S.Associate(ctx, scope, kind, machine, p.UsuPuntoVibracionID, it.key)
			if errors.Is(err, api.Refused("already_linked", nil)) {
				continue
			}
			if err != nil {
				return 0, err
			}
			made++
		}
	}
	return made, nil
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

// RegisterAssign serves the assign actions: POST …/machine/{machine}/assign/spectra,
// …/assign/defaultvcv and …/assign/bearingvcv answer {Asignados} (points given spectra,
// associations made).
func RegisterAssign(a huma.API, as *Assigner) {
	actions := map[string]func(context.Context, catalog.Scope, int64) (int, error){"spectra": as.AssignSpectra, "defaultvcv": as.AssignDefaultVcvs,
		"bearingvcv": as.AssignBearingVcvs}
	huma.Register(a, api.Op(api.Edit, huma.Operation{OperationID: "machine-assign", Method: http.MethodPost, Path: "/api/user/{factory}/machine/{machine}/assign/{what}",
		Summary: "Give the machine's points the factory's default spectra or VCVs", Tags: []string{"associations"}}),
		func(ctx context.Context, in *struct {
			Factory int64  `path:"factory"`
			Machine int64  `path:"machine"`
			What    string `path:"what" enum:"spectra,defaultvcv,bearingvcv"`
		}) (*body[assigned], error) {
			n, err := actions[in.What](ctx, catalog.ScopeOf(ctx, in.Factory), in.Machine)
			return &body[assigned]{assigned{n}}, err
		})
}

type assigned struct {
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

// AssignBearingVcvs associates to each point, for each defect frequency of each of its
// bearings, an envelope VCV on a bearing band at that frequency ("SKF 6205 BPFO"), made in the
// factory when it has none of that name; it answers how many associations were made.
func (a *Assigner) AssignBearingVcvs(ctx context.Context, scope catalog.Scope, machine int64) (int, error) {
	points, _, digital, err := a.points(ctx, scope.Factory, machine)
	if err != nil {
		return 0, err
	}
	kind, vcvFor := a.Analog, a.analogBearingVcv
	if digital {
		kind, vcvFor = a.Digital, a.digitalBearingVcv
	}
	made, bearings := 0, 0
	for _, p := range points {
		for _, b := range []*tree.Bearing{p.Rodamiento1, p.Rodamiento2, p.Rodamiento3, p.Rodamiento4} {
			if b == nil {
				continue
			}
			bearings++
			for _, d := range defects(b) {
				if d.orders <= 0 {
					continue
				}
				key, err := vcvFor(ctx, scope, strings.TrimSpace(b.Marca+" "+b.Modelo+" "+d.code), strconv.FormatFloat(d.orders, 'f', 4, 64))
				if err != nil {
					return 0, err
				}
				err = a.S.Associate(ctx, scope, kind, machine, p.UsuPuntoVibracionID, key)
				if errors.Is(err, api.Refused("already_linked", nil)) {
					continue
				}
				if err != nil {
					return 0, err
				}
				made++
			}
		}
	}
	if bearings == 0 {
		return 0, api.Refused("no_bearings", nil)
	}
	return made, nil
}

// bearingBand is a bearing band at one defect frequency: envelope range, bearing summation.
func bearingBand(orders string) catalog.BandFields {
	return catalog.BandFields{Frecuencia: catalog.Bearings, Rango: "DM", Sumatorio: catalog.SumBearing, FrecuOrdenesFallo: &orders}
}

// analogBearingVcv answers the factory VCV named name, made with its bearing band when missing.
func (a *Assigner) analogBearingVcv(ctx context.Context, scope catalog.Scope, name, orders string) (string, error) {
	list, err := a.Vcvs.List(ctx, a.S.DB, scope)
	if err != nil {
		return "", err
	}
	for _, v := range list {
		if v.NombreEs == name {
			return strconv.FormatInt(v.UsuVcvID, 10), nil
		}
	}
	b, err := a.Bands.Create(ctx, a.S.DB, scope, &catalog.Band{NombreEs: name, BandFields: bearingBand(orders)})
	if err != nil {
		return "", err
	}
	v, err := a.Vcvs.Create(ctx, a.S.DB, scope, &catalog.Vcv{NombreEs: name, BandaId: b.UsuBandaID})
	if err != nil {
		return "", err
	}
	return strconv.FormatInt(v.UsuVcvID, 10), nil
}

// digitalBearingVcv answers the factory digital VCV named name, made when missing.
func (a *Assigner) digitalBearingVcv(ctx context.Context, scope catalog.Scope, name, orders string) (string, error) {
	list, err := a.DigitalVcvs.List(ctx, a.S.DB, scope)
	if err != nil {
		return "", err
	}
	for _, v := range list {
		if v.Nombre == name {
			return v.UsuVCVDigitalGUID, nil
		}
	}
	b, err := a.DigitalBands.Create(ctx, a.S.DB, scope, &catalog.DigitalBand{Nombre: name, BandFields: bearingBand(orders)})
	if err != nil {
		return "", err
	}
	v, err := a.DigitalVcvs.Create(ctx, a.S.DB, scope, &catalog.DigitalVcv{Nombre: name, UsuBandaDigitalGUID: b.UsuBandaDigitalGUID})
	if err != nil {
		return "", err
	}
	return v.UsuVCVDigitalGUID, nil
}
