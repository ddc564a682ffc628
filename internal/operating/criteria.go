package operating

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"vigia/internal/auth"
	"vigia/internal/catalog"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// Unknown names the criterion every factory has, forced by the DESCONOCIDO update mode
// (MACH-047): the system creates it with the factory and owns it (Sistema), so it can be
// neither changed nor deleted, and no other criterion may take its names (in any case), nor
// the update mode's code.
var Unknown = catalog.Name{Es: "Desconocido", En: "Unknown"}

// reserved reports whether a name is one of the unknown criterion's.
func reserved(name string) bool {
	return slices.ContainsFunc([]string{Unknown.Es, Unknown.En, tree.UpdateUnknown}, func(r string) bool { return strings.EqualFold(name, r) })
}

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
	// Criterion is the row of the criterion the condition is of, as Conditions answers it (see
	// ConditionCriterion): a condition id names a condition of one criterion only.
	Criterion int64 `json:"-"`
}

// ConditionCriterion is the criterion whose condition a reference row or series of condition
// is, on a machine of criterion (its row, 0 for none): the criterion's, but the nameless
// condition 0 (no criterion, or one without conditions) is every criterion's, 0.
func ConditionCriterion(criterion, condition int64) int64 {
	if condition == 0 {
		return 0
	}
	return criterion
}

// keys are the name and id that eachCondition checks and numbers, and the id's JSON name.
func (k *CriterionCondition) keys() (name *string, id *int64, idField string) {
	return &k.CondicionNombre, &k.UsuCondicionID, "UsuCondicionID"
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
	// UltimaCondicionID is the highest condition id the criterion has given, kept by the
	// server (what a client sends is not read): a new condition takes the next one, never the
	// id of a removed condition, whose reference rows and history its machines keep.
	UltimaCondicionID int64 `json:"UltimaCondicionID,omitempty" required:"false"`
	// Sistema marks the factory's DESCONOCIDO criterion, which the system owns.
	Sistema bool `json:"Sistema,omitempty" readOnly:"true"`
}

// Times are the criterion's four measurement times.
func (c *Criterion) Times() []int64 {
	return []int64{c.TiempoAlarma, c.TiempoAviso, c.TiempoEstable, c.TiempoPeligro}
}

// TooShort tells whether a time of the criterion is under the least a device family takes
// from a user who is not ADMIN: 20, or 360 for KOS Sensor machines (MACH-067, MACH-068).
func (c *Criterion) TooShort(digital bool) bool {
	least := int64(minTime)
	if digital {
		least = minDigitalTime
	}
	return slices.Min(c.Times()) < least
}

func checkCriterion(c *Criterion) error {
	var errs api.FieldErrors
	errs.Names(&c.NombreEs, &c.NombreEn)
	// Each name on its own field; an English name copied from the Spanish one is reported once.
	if reserved(c.NombreEs) {
		errs.Add("NombreEs", "reserved_name", map[string]any{"name": c.NombreEs})
	}
	if reserved(c.NombreEn) && c.NombreEn != c.NombreEs {
		errs.Add("NombreEn", "reserved_name", map[string]any{"name": c.NombreEn})
	}
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
	c.UltimaCondicionID = eachCondition(&errs, c.Condiciones, c.UltimaCondicionID, func(k *CriterionCondition) {
		if len(k.Rangos) != len(c.Vco_v) {
			errs.Add("Condiciones", "invalid", nil)
		}
	})
	return errs.Err()
}

// NewCriteria declares the criterion kind over the VCO/VCOV kind of its entries.
func NewCriteria(vcos *catalog.Kind[VcoV]) *catalog.Kind[Criterion] {
	// entries reads the VCO/VCOVs the criteria name, in one read.
	entries := func(ctx context.Context, q db.Querier, scope auth.Scope, list ...*Criterion) (map[string]*VcoV, error) {
		var keys []string
		for _, c := range list {
			for _, e := range c.Vco_v {
				keys = append(keys, strconv.FormatInt(e.UsuVco_vId, 10))
			}
		}
		return vcos.GetMany(ctx, q, scope, keys)
	}
	return &catalog.Kind[Criterion]{Tipo: "criterion", CopyMethod: http.MethodPost, Downloaded: "already_downloaded",
		Ref: func(c *Criterion) catalog.Ref {
			return catalog.Ref{ID: &c.UsuCriterioID, TemplateID: &c.AdminCriterioID, TemplateGUID: &c.AdminCriterioGUID, NombreEs: &c.NombreEs, NombreEn: &c.NombreEn,
				System: &c.Sistema}
		},
		// The highest condition id given is the stored criterion's (of its list too, for one
		// stored without it), none for a new one; a condition sent under an id the stored
		// criterion does not have is a new one: an id once given, then removed, never comes back.
		Guard: func(c, old *Criterion, _ auth.Scope) error {
			c.UltimaCondicionID = 0
			if old == nil {
				return nil
			}
			c.UltimaCondicionID = old.UltimaCondicionID
			for _, o := range old.Condiciones {
				c.UltimaCondicionID = max(c.UltimaCondicionID, o.UsuCondicionID)
			}
			for i := range c.Condiciones {
				k := &c.Condiciones[i]
				if k.UsuCondicionID > 0 && !slices.ContainsFunc(old.Condiciones, func(o CriterionCondition) bool { return o.UsuCondicionID == k.UsuCondicionID }) {
					k.UsuCondicionID = 0
				}
			}
			return nil
		},
		Check: checkCriterion,
		Uses: []catalog.Use[Criterion]{catalog.UseIDs("Vco_v", vcos, func(c *Criterion) []*int64 {
			ids := make([]*int64, len(c.Vco_v))
			for i := range c.Vco_v {
				ids[i] = &c.Vco_v[i].UsuVco_vId
			}
			return ids
		})},
		// Each range names a condition of its entry's VCO/VCOV.
		Verify: func(ctx context.Context, q db.Querier, scope auth.Scope, _ int64, c *Criterion) error {
			found, err := entries(ctx, q, scope, c)
			if err != nil {
				return err
			}
			for i, e := range c.Vco_v {
				v := found[strconv.FormatInt(e.UsuVco_vId, 10)]
				if v == nil {
					return api.Invalid("Vco_v", "unknown", nil)
				}
				for _, k := range c.Condiciones {
					if k.Rangos[i] != 0 && !slices.ContainsFunc(v.Condiciones, func(vc Condition) bool { return vc.CondicionID == k.Rangos[i] }) {
						return api.Invalid("Condiciones", "unknown", nil)
					}
				}
			}
			return nil
		},
		Complete: func(ctx context.Context, q db.Querier, scope auth.Scope, list []*Criterion) error {
			found, err := entries(ctx, q, scope, list...)
			if err != nil {
				return err
			}
			for _, c := range list {
				for i := range c.Vco_v {
					e := &c.Vco_v[i]
					if v := found[strconv.FormatInt(e.UsuVco_vId, 10)]; v != nil {
						e.Nombre, e.Tipo, e.SensorVirtual, e.SensorTeclado, e.SensorNominal = catalog.Name{Es: v.NombreEs, En: v.NombreEn}.In(scope),
							v.Tipo.EnumTipoVcoID, v.UsuSensorVirtual, v.SensorTeclado, v.SensorNominal
					}
				}
			}
			return nil
		},
	}
}

// conditionsUsed is the VCO/VCOV kind's Verify: an edit keeps every condition that a
// criterion using the item names in its ranges (else the criterion would name a condition
// that is gone, and could not be saved again as read); 400 `condition_in_use` names each
// criterion and its condition. Two reads.
func conditionsUsed(criteria *catalog.Kind[Criterion]) func(context.Context, db.Querier, auth.Scope, int64, *VcoV) error {
	return func(ctx context.Context, q db.Querier, scope auth.Scope, row int64, v *VcoV) error {
		if row == 0 {
			return nil
		}
		rows, err := q.QueryContext(ctx, `SELECT u.usuario_id FROM catalogo_usos u JOIN catalogo c ON c.id = u.usuario_id WHERE u.usado_id = $1 AND c.tipo = $2`, row, criteria.Tipo)
		keys, err := db.Collect(rows, err, func(r db.Scanner) (k string, err error) { return k, r.Scan(&k) })
		if err != nil || len(keys) == 0 {
			return err
		}
		found, err := criteria.GetMany(ctx, q, scope, keys)
		if err != nil {
			return err
		}
		users := slices.Collect(maps.Values(found))
		sortBy(users, func(c *Criterion) string { return catalog.Name{Es: c.NombreEs, En: c.NombreEn}.In(scope) })
		var items []api.Item
		for _, c := range users {
			for i, e := range c.Vco_v {
				for _, k := range c.Condiciones {
					if e.UsuVco_vId == row && k.Rangos[i] != 0 && !slices.ContainsFunc(v.Condiciones, func(vc Condition) bool { return vc.CondicionID == k.Rangos[i] }) {
						items = append(items, api.Item{Code: "condition_in_use", Params: map[string]any{
							"name": catalog.Name{Es: c.NombreEs, En: c.NombreEn}.In(scope), "condition": k.CondicionNombre}})
					}
				}
			}
		}
		if len(items) == 0 {
			return nil
		}
		return &api.Problem{Status: http.StatusBadRequest, Items: items}
	}
}

// Offered tells whether a machine in update mode may take a criterion with these entries
// (S1 §4, MACH-041..MACH-047); digital is a digital-sensor machine, system tells the
// factory's DESCONOCIDO criterion.
func Offered(mode string, digital, system bool, entries []Entry) bool {
	if mode == tree.UpdateUnknown || system {
		return mode == tree.UpdateUnknown && system
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
	case tree.UpdateVCOV:
		return some(func(e Entry) bool {
			return e.Tipo == TypeVCOV && e.SensorVirtual == 0 && (!digital || e.SensorTeclado != "")
		})
	case tree.UpdateOff:
		return !some(func(e Entry) bool { return e.Tipo == TypeVCOV || (digital && e.Tipo == TypeVCO) })
	case tree.UpdateNominal:
		return !some(func(e Entry) bool { return e.Tipo != TypeVCO })
	case tree.Update1X:
		return some(func(e Entry) bool { return e.Tipo == TypeVCOV && e.SensorVirtual != 0 })
	}
	return false
}

// Shortest criterion times a non-admin may choose (MACH-067, MACH-068), in seconds.
const (
	minTime        = 20
	minDigitalTime = 360
)

// MachineCriterion checks a machine's criterion against its update mode (S1 §4, §5) and
// returns the one to store: the factory's DESCONOCIDO in that mode (MACH-047); otherwise the
// criterion is required when the machine is online (MACH-080), must suit the mode
// (MACH-041..MACH-046, MACH-081) and, unless the caller is exempt (TimesExempt), measure no
// faster than the device allows (MACH-067, MACH-068).
func (o *Operating) MachineCriterion(ctx context.Context, q db.Querier, scope auth.Scope, mode string, online, digital bool, id *int64, exempt bool) (*int64, error) {
	if mode == tree.UpdateUnknown {
		_, unknown, err := o.Criteria.System(ctx, q, scope)
		return &unknown, err
	}
	if id == nil {
		if online {
			return nil, api.Invalid("CriterioId", "required", nil)
		}
		return nil, nil
	}
	c, err := o.Criteria.Get(ctx, q, scope, strconv.FormatInt(*id, 10))
	if errors.Is(err, db.ErrNotFound) {
		return nil, api.Invalid("CriterioId", "invalid", nil)
	}
	if err != nil {
		return nil, err
	}
	if !Offered(mode, digital, c.Sistema, c.Vco_v) {
		return nil, api.Invalid("CriterioId", "criterion_mode", nil)
	}
	if !exempt && c.TooShort(digital) {
		return nil, api.Invalid("CriterioId", "criterion_times", nil)
	}
	return id, nil
}

// ConditionsTable writes the machines' conditions (as Conditions gives them) as a query's
// table `c (maquina, criterio, condicion)`: its WITH clause and arguments, none for no condition.
func ConditionsTable(conditions map[int64][]CriterionCondition) (string, []any) {
	var values []string
	var args []any
	for m, list := range conditions {
		for _, c := range list {
			values = append(values, fmt.Sprintf("(CAST($%d AS BIGINT), CAST($%d AS BIGINT), CAST($%d AS BIGINT))", len(args)+1, len(args)+2, len(args)+3))
			args = append(args, m, c.Criterion, c.UsuCondicionID)
		}
	}
	if len(values) == 0 {
		return "", nil
	}
	return `WITH c (maquina, criterio, condicion) AS (VALUES ` + strings.Join(values, ", ") + `)`, args
}

// Conditions returns the conditions of the machines' criteria, by machine: one entry of id
// 0 (a nameless condition, shown 'CDNG', REF-006) for a machine without criterion or whose
// criterion has none. Two reads whatever the number of machines.
func (o *Operating) Conditions(ctx context.Context, q db.Querier, scope auth.Scope, machines []int64) (map[int64][]CriterionCondition, error) {
	out := map[int64][]CriterionCondition{}
	if len(machines) == 0 {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT id, criterio_id FROM maquinas WHERE fabrica_id = $1 AND id IN (`+db.In(2, len(machines))+`)`,
		append([]any{scope.Factory}, db.Args(machines)...)...)
	criterionOf := map[int64]int64{}
	err = db.Pairs(rows, err, func(id int64, criterion *int64) {
		if criterion != nil {
			criterionOf[id] = *criterion
		}
	})
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(criterionOf))
	for _, k := range criterionOf {
		keys = append(keys, strconv.FormatInt(k, 10))
	}
	criteria, err := o.Criteria.GetMany(ctx, q, scope, keys)
	if err != nil {
		return nil, err
	}
	for _, m := range machines {
		out[m] = []CriterionCondition{{}}
		if c := criteria[strconv.FormatInt(criterionOf[m], 10)]; c != nil && len(c.Condiciones) > 0 {
			list := slices.Clone(c.Condiciones)
			for i := range list {
				list[i].Criterion = criterionOf[m]
			}
			out[m] = list
		}
	}
	return out, nil
}
