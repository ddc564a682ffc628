package operating

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"vigia/internal/catalog"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Unknown is the name of the criterion every factory has, forced by the DESCONOCIDO update
// mode (MACH-047); it is created with the factory and cannot be changed or deleted.
const Unknown = "DESCONOCIDO"

// maxTime bounds a criterion's times (seconds).
const maxTime = 999_999_999

// Entry is a VCO/VCOV of a criterion: the item, and what the machine's update-mode rules read
// of it (S1 §3: Tipo, SensorVirtual, SensorTeclado, SensorNominal), filled when read.
type Entry struct {
	UsuVco_vId    int64  `json:"UsuVco_vId"`
	Nombre        string `json:"Nombre,omitempty" readOnly:"true"`
	Tipo          string `json:"Tipo,omitempty" readOnly:"true"`
	SensorVirtual int64  `json:"SensorVirtual,omitempty" readOnly:"true"`
	SensorTeclado string `json:"SensorTeclado,omitempty" readOnly:"true"`
	SensorNominal string `json:"SensorNominal,omitempty" readOnly:"true"`
}

// CriterionCondition is a condition of a criterion: for each of its VCO/VCOV entries, in
// order, the CondicionID of one of that item's conditions (0: any value).
type CriterionCondition struct {
	UsuCondicionID  int64   `json:"UsuCondicionID" required:"false"`
	CondicionNombre string  `json:"CondicionNombre"`
	Rangos          []int64 `json:"Rangos"`
}

// Criterion groups VCO/VCOV entries, their conditions and the measurement times (S1 §3).
type Criterion struct {
	UsuCriterioID     int64                `json:"UsuCriterioID,omitempty"`
	AdminCriterioID   int64                `json:"AdminCriterioID,omitempty"`
	AdminCriterioGUID string               `json:"AdminCriterioGUID,omitempty"`
	NombreEs          string               `json:"NombreEs"`
	NombreEn          string               `json:"NombreEn,omitempty"`
	TiempoAlarma      int64                `json:"TiempoAlarma"`
	TiempoAviso       int64                `json:"TiempoAviso"`
	TiempoEstable     int64                `json:"TiempoEstable"`
	TiempoPeligro     int64                `json:"TiempoPeligro"`
	Vco_v             []Entry              `json:"Vco_v" required:"false"`
	Condiciones       []CriterionCondition `json:"Condiciones" required:"false"`
}

// Times are the criterion's four measurement times.
func (c *Criterion) Times() []int64 {
	return []int64{c.TiempoAlarma, c.TiempoAviso, c.TiempoEstable, c.TiempoPeligro}
}

func checkCriterion(c *Criterion) error {
	var errs api.FieldErrors
	errs.Names(&c.NombreEs, &c.NombreEn)
	for i, t := range c.Times() {
		if t < 1 || t > maxTime {
			errs.Add([]string{"TiempoAlarma", "TiempoAviso", "TiempoEstable", "TiempoPeligro"}[i], "range", map[string]any{"min": 1, "max": maxTime})
		}
	}
	seen := map[int64]bool{}
	for _, e := range c.Vco_v {
		if e.UsuVco_vId == 0 || seen[e.UsuVco_vId] {
			errs.Add("Vco_v", "invalid", nil)
		}
		seen[e.UsuVco_vId] = true
	}
	names := map[string]bool{}
	var last int64
	for _, k := range c.Condiciones {
		last = max(last, k.UsuCondicionID)
	}
	for i := range c.Condiciones {
		k := &c.Condiciones[i]
		k.CondicionNombre = strings.TrimSpace(k.CondicionNombre)
		errs.Text("Condiciones", k.CondicionNombre, true)
		if key := strings.ToLower(k.CondicionNombre); names[key] {
			errs.Add("Condiciones", "duplicate", nil)
		} else {
			names[key] = true
		}
		if len(k.Rangos) != len(c.Vco_v) {
			errs.Add("Condiciones", "invalid", nil)
		}
		if k.UsuCondicionID == 0 {
			last++
			k.UsuCondicionID = last
		}
	}
	return errs.Err()
}

// NewCriteria declares the criterion kind over the VCO/VCOV kind of its entries.
func NewCriteria(vcos *catalog.Kind[VcoV]) *catalog.Kind[Criterion] {
	vco := func(ctx context.Context, q db.Querier, scope catalog.Scope, id int64) (*VcoV, error) {
		return vcos.Get(ctx, q, scope, strconv.FormatInt(id, 10))
	}
	return &catalog.Kind[Criterion]{Tipo: "criterion", CopyMethod: http.MethodPost, Downloaded: "already_downloaded",
		Ref: func(c *Criterion) catalog.Ref {
			return catalog.Ref{ID: &c.UsuCriterioID, TemplateID: &c.AdminCriterioID, TemplateGUID: &c.AdminCriterioGUID, NombreEs: &c.NombreEs, NombreEn: &c.NombreEn}
		},
		Fixed: func(c *Criterion) bool { return c.NombreEs == Unknown },
		Check: checkCriterion,
		Uses: []catalog.Use[Criterion]{catalog.UseIDs("Vco_v", vcos, func(c *Criterion) []*int64 {
			ids := make([]*int64, len(c.Vco_v))
			for i := range c.Vco_v {
				ids[i] = &c.Vco_v[i].UsuVco_vId
			}
			return ids
		})},
		// Each range names a condition of its entry's VCO/VCOV.
		Verify: func(ctx context.Context, q db.Querier, scope catalog.Scope, c *Criterion) error {
			for i, e := range c.Vco_v {
				v, err := vco(ctx, q, scope, e.UsuVco_vId)
				if err != nil {
					return err
				}
				for _, k := range c.Condiciones {
					if k.Rangos[i] != 0 && !hasCondition(v, k.Rangos[i]) {
						return api.Invalid("Condiciones", "unknown", nil)
					}
				}
			}
			return nil
		},
		Complete: func(ctx context.Context, q db.Querier, scope catalog.Scope, list []*Criterion) error {
			for _, c := range list {
				for i := range c.Vco_v {
					e := &c.Vco_v[i]
					v, err := vco(ctx, q, scope, e.UsuVco_vId)
					if err != nil {
						return err
					}
					e.Nombre, e.Tipo, e.SensorVirtual, e.SensorTeclado, e.SensorNominal = v.NombreEs, v.Tipo.EnumTipoVcoID, v.UsuSensorVirtual, v.SensorTeclado, v.SensorNominal
					if scope.Lang != "" && scope.Lang != "es" {
						e.Nombre = v.NombreEn
					}
				}
			}
			return nil
		},
		UsedBy: "SELECT nombre_es, nombre_en FROM maquinas WHERE criterio_id = $1",
	}
}

func hasCondition(v *VcoV, id int64) bool {
	for _, c := range v.Condiciones {
		if c.CondicionID == id {
			return true
		}
	}
	return false
}

// Update modes of a machine (MACH-017).
const (
	ModeVCOV    = "VCOV"
	ModeOff     = "OFF"
	ModeNominal = "VELOCIDADNOMINAL"
	Mode1x      = "1XESPECTRO"
	ModeUnknown = "DESCONOCIDO"
)

// Offered tells whether a machine in update mode may take a criterion with these entries
// (S1 §4, MACH-041..MACH-047); digital is a digital-sensor machine.
func Offered(mode string, digital bool, name string, entries []Entry) bool {
	if mode == ModeUnknown || name == Unknown {
		return mode == ModeUnknown && name == Unknown
	}
	some := func(ok func(Entry) bool) bool {
		for _, e := range entries {
			if ok(e) {
				return true
			}
		}
		return false
	}
	switch mode {
	case ModeVCOV:
		return some(func(e Entry) bool {
			return e.Tipo == TypeVCOV && e.SensorVirtual == 0 && (!digital || e.SensorTeclado != "")
		})
	case ModeOff:
		return !some(func(e Entry) bool { return e.Tipo == TypeVCOV || (digital && e.Tipo == TypeVCO) })
	case ModeNominal:
		return !some(func(e Entry) bool { return e.Tipo != TypeVCO })
	case Mode1x:
		return some(func(e Entry) bool { return e.Tipo == TypeVCOV && e.SensorVirtual != 0 })
	}
	return false
}

// criteria is the criterion kind as machines read it.
var criteria = NewCriteria(NewVcos(catalog.NewSensors()))

// Shortest criterion times a non-admin may choose (MACH-067, MACH-068), in seconds.
const (
	minTime        = 20
	minDigitalTime = 360
)

// MachineCriterion checks a machine's criterion against its update mode (S1 §4, §5) and
// returns the one to store: the factory's DESCONOCIDO in that mode (MACH-047); otherwise the
// criterion is required when the machine is online (MACH-080), must suit the mode
// (MACH-041..MACH-046, MACH-081) and, for a non-admin, measure no faster than the device
// allows (MACH-067, MACH-068).
func MachineCriterion(ctx context.Context, q db.Querier, factory int64, mode string, online, digital, admin bool, id *int64) (*int64, error) {
	if mode == ModeUnknown {
		var unknown int64
		err := q.QueryRowContext(ctx, `SELECT id FROM catalogo WHERE fabrica_id = $1 AND tipo = 'criterion' AND nombre_es = $2`, factory, Unknown).Scan(&unknown)
		return &unknown, db.MapError(err)
	}
	if id == nil {
		if online {
			return nil, api.Invalid("CriterioId", "required", nil)
		}
		return nil, nil
	}
	c, err := criteria.Get(ctx, q, catalog.Scope{Factory: factory}, strconv.FormatInt(*id, 10))
	if errors.Is(err, db.ErrNotFound) {
		return nil, api.Invalid("CriterioId", "invalid", nil)
	}
	if err != nil {
		return nil, err
	}
	if !Offered(mode, digital, c.NombreEs, c.Vco_v) {
		return nil, api.Invalid("CriterioId", "criterion_mode", nil)
	}
	least := int64(minTime)
	if digital {
		least = minDigitalTime
	}
	if !admin && slices.Min(c.Times()) < least {
		return nil, api.Invalid("CriterioId", "criterion_times", nil)
	}
	return id, nil
}
