package catalog

import (
	"context"
	"net/http"
	"slices"
	"strconv"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Vcv is an alert-device VCV: a vibration value computed on a band (S2 §3.4).
type Vcv struct {
	UsuVcvID     int64  `json:"UsuVcvID,omitempty"`
	AdminVcvID   int64  `json:"AdminVcvID,omitempty"`
	AdminVcvGUID string `json:"AdminVcvGUID,omitempty"`
	NombreEs     string `json:"NombreEs"`
	NombreEn     string `json:"NombreEn,omitempty"`
	SiglaEs      string `json:"SiglaEs,omitempty"`
	SiglaEn      string `json:"SiglaEn,omitempty"`
	BandaId      int64  `json:"BandaId" required:"false"`
	// PorDefecto marks the factory VCVs the machine's 'assign default VCVs' gives its points.
	PorDefecto bool  `json:"PorDefecto" required:"false"`
	Banda      *Band `json:"Banda,omitempty" readOnly:"true"`
}

// VcvType is the operating-value family a digital VCV follows (S2 §3.5).
type VcvType struct {
	EnumTipoVcoID string `json:"EnumTipoVcoID" enum:"VCO,VCOV"`
}

// DigitalVcv is a KOS Sensor VCV, identified by GUID (S2 §3.5).
type DigitalVcv struct {
	UsuVCVDigitalGUID      string       `json:"UsuVCVDigitalGUID,omitempty"`
	AdminVCVDigitalGUID    string       `json:"AdminVCVDigitalGUID,omitempty"`
	Nombre                 string       `json:"Nombre"`
	Siglas                 string       `json:"Siglas,omitempty"`
	UsuBandaDigitalGUID    string       `json:"UsuBandaDigitalGUID" required:"false"`
	GenTipoComponenteId    *int64       `json:"GenTipoComponenteId,omitempty" nullable:"true"`
	GenSubtipoComponenteId *int64       `json:"GenSubtipoComponenteId,omitempty" nullable:"true"`
	Tipo                   *VcvType     `json:"Tipo,omitempty"`
	PorDefecto             bool         `json:"PorDefecto" required:"false"`
	BandaDigital           *DigitalBand `json:"BandaDigital,omitempty" readOnly:"true"`
}

// VCP types (S2 §3.6): velocity, acceleration, crest factor, envelope, magnetic field,
// temperature and position.
var vcpTypes = []string{"VEL", "ACE", "CRE", "DEM", "MAG", "TEM", "POS"}

// vcpRanges are the band ranges each VCP type takes (S2 §5.4); the types missing here take
// no band.
var vcpRanges = map[string][]string{"VEL": {"BR", "AR"}, "ACE": {"BR", "AR"}, "DEM": {"DM"}, "MAG": {"MG"}}

// Vcp is a KOS Sensor protection value (S2 §3.6), on a digital band unless its type takes none.
type Vcp struct {
	UsuVCPID            int64        `json:"UsuVCPID,omitempty"`
	AdminVCPID          int64        `json:"AdminVCPID,omitempty"`
	AdminVCPGUID        string       `json:"AdminVCPGUID,omitempty"`
	Nombre              string       `json:"Nombre"`
	Siglas              string       `json:"Siglas,omitempty"`
	Tipo                string       `json:"Tipo" enum:"VEL,ACE,CRE,DEM,MAG,TEM,POS"`
	UsuBandaDigitalGUID string       `json:"UsuBandaDigitalGUID,omitempty"`
	BandaDigital        *DigitalBand `json:"BandaDigital,omitempty" readOnly:"true"`
	// UsuVcvID is a factory VCP's id among the factory's values (S2 §3.6): VCVs and VCPs are
	// rows of one catalogue, so it is the VCP's own id.
	UsuVcvID int64 `json:"UsuVcvID,omitempty" readOnly:"true"`
}

// ComponentType is a component type, named in both languages, with the subtypes
// (GenSubtipoComponenteID) under it.
type ComponentType struct {
	GenTipoComponenteID int64
	NameSPA, NameENG    string
	Subtipos            []int64
}

// ComponentTypes are the component types; their subtypes are the tree's component subtypes.
var ComponentTypes = []ComponentType{{1, "Motor", "Motor", []int64{1, 2, 3}}, {2, "Bomba", "Pump", []int64{4, 5}}, {3, "Ventilador", "Fan", []int64{6, 7}},
	{4, "Compresor", "Compressor", []int64{8, 9}}, {5, "Reductor", "Gearbox", []int64{10}}, {6, "Otro", "Other", []int64{11}}}

// SubtypeOf tells whether subtype is one of the component type's.
func SubtypeOf(typ, subtype int64) bool {
	for _, ct := range ComponentTypes {
		if ct.GenTipoComponenteID == typ {
			return slices.Contains(ct.Subtipos, subtype)
		}
	}
	return false
}

func checkComponentType(typ, subtype *int64, errs *api.FieldErrors) {
	if typ == nil {
		if subtype != nil {
			errs.Add("GenTipoComponenteId", "required", nil)
		}
		return
	}
	for _, ct := range ComponentTypes {
		if ct.GenTipoComponenteID != *typ {
			continue
		}
		if subtype != nil && !slices.Contains(ct.Subtipos, *subtype) {
			errs.Add("GenSubtipoComponenteId", "invalid", nil)
		}
		return
	}
	errs.Add("GenTipoComponenteId", "invalid", nil)
}

// maxSigla is the longest abbreviation, as the editors allow it.
const maxSigla = 20

// trimSigla trims an abbreviation and checks its length.
func trimSigla(field string, v *string, errs *api.FieldErrors) {
	*v = api.TrimInvisible(*v)
	errs.TextMax(field, *v, false, maxSigla)
}

// NewVcvs declares the analog and digital VCVs and the VCPs over the band kinds they use.
func NewVcvs(band *Kind[Band], digitalBand *Kind[DigitalBand]) (*Kind[Vcv], *Kind[DigitalVcv], *Kind[Vcp]) {
	analog := &Kind[Vcv]{Tipo: "vcv", CopyMethod: http.MethodPost, Downloaded: "already_downloaded", CallPaths: FactoryCopyByAdd | TemplateCopyByAdd | DownloadByAdd,
		Ref: func(v *Vcv) Ref {
			return Ref{ID: &v.UsuVcvID, TemplateID: &v.AdminVcvID, TemplateGUID: &v.AdminVcvGUID, NombreEs: &v.NombreEs, NombreEn: &v.NombreEn}
		},
		Check: func(v *Vcv) error {
			var errs api.FieldErrors
			errs.Names(&v.NombreEs, &v.NombreEn)
			trimSigla("SiglaEs", &v.SiglaEs, &errs)
			trimSigla("SiglaEn", &v.SiglaEn, &errs)
			if v.BandaId == 0 {
				errs.Add("BandaId", "choose_band", nil)
			}
			return errs.Err()
		},
		Uses: []Use[Vcv]{UseID("BandaId", band, func(v *Vcv) *int64 { return &v.BandaId })},
		Complete: func(ctx context.Context, q db.Querier, scope auth.Scope, list []*Vcv) error {
			return fill(ctx, q, scope, band, list, func(v *Vcv) string { return strconv.FormatInt(v.BandaId, 10) }, func(v *Vcv, b *Band) { v.Banda = b })
		},
	}
	digital := &Kind[DigitalVcv]{Tipo: "digitalvcv", CopyMethod: http.MethodPost, Downloaded: "already_downloaded", CallPaths: DownloadFirst,
		Ref: func(v *DigitalVcv) Ref {
			return Ref{GUID: &v.UsuVCVDigitalGUID, TemplateGUID: &v.AdminVCVDigitalGUID, NombreEs: &v.Nombre}
		},
		Check: func(v *DigitalVcv) error {
			var errs api.FieldErrors
			errs.TrimText("Nombre", &v.Nombre, true)
			trimSigla("Siglas", &v.Siglas, &errs)
			if v.UsuBandaDigitalGUID == "" {
				errs.Add("UsuBandaDigitalGUID", "choose_band", nil)
			}
			checkComponentType(v.GenTipoComponenteId, v.GenSubtipoComponenteId, &errs)
			return errs.Err()
		},
		Uses: []Use[DigitalVcv]{UseGUID("UsuBandaDigitalGUID", digitalBand, func(v *DigitalVcv) *string { return &v.UsuBandaDigitalGUID })},
		Complete: func(ctx context.Context, q db.Querier, scope auth.Scope, list []*DigitalVcv) error {
			return fill(ctx, q, scope, digitalBand, list, func(v *DigitalVcv) string { return v.UsuBandaDigitalGUID },
				func(v *DigitalVcv, b *DigitalBand) { v.BandaDigital = b })
		},
	}
	vcp := &Kind[Vcp]{Tipo: "vcp", CopyMethod: http.MethodPost, Downloaded: "already_downloaded", TemplateEditEmpty: true,
		Ref: func(v *Vcp) Ref {
			return Ref{ID: &v.UsuVCPID, TemplateID: &v.AdminVCPID, TemplateGUID: &v.AdminVCPGUID, NombreEs: &v.Nombre, Aliases: []*int64{&v.UsuVcvID}}
		},
		// The type decides the band: it is fixed once created.
		Guard: func(v, old *Vcp, _ auth.Scope) error {
			return locked("Tipo", v.Tipo, old, func(o *Vcp) string { return o.Tipo })
		},
		Check: func(v *Vcp) error {
			var errs api.FieldErrors
			errs.TrimText("Nombre", &v.Nombre, true)
			trimSigla("Siglas", &v.Siglas, &errs)
			switch {
			case !slices.Contains(vcpTypes, v.Tipo):
				errs.Add("Tipo", "required", nil)
			case vcpRanges[v.Tipo] == nil:
				v.UsuBandaDigitalGUID = ""
			case v.UsuBandaDigitalGUID == "":
				errs.Add("UsuBandaDigitalGUID", "choose_band", nil)
			}
			return errs.Err()
		},
		Uses: []Use[Vcp]{UseGUID("UsuBandaDigitalGUID", digitalBand, func(v *Vcp) *string { return &v.UsuBandaDigitalGUID })},
		// The band's range suits the type (S2 §5.4).
		Verify: func(ctx context.Context, q db.Querier, scope auth.Scope, _ int64, v *Vcp) error {
			if v.UsuBandaDigitalGUID == "" {
				return nil
			}
			b, err := digitalBand.Get(ctx, q, scope, v.UsuBandaDigitalGUID)
			if err != nil {
				return err
			}
			if !slices.Contains(vcpRanges[v.Tipo], b.Rango) {
				return api.Invalid("UsuBandaDigitalGUID", "vcp_band", nil)
			}
			return nil
		},
		Complete: func(ctx context.Context, q db.Querier, scope auth.Scope, list []*Vcp) error {
			return fill(ctx, q, scope, digitalBand, list, func(v *Vcp) string { return v.UsuBandaDigitalGUID },
				func(v *Vcp, b *DigitalBand) { v.BandaDigital = b })
		},
	}
	return analog, digital, vcp
}
