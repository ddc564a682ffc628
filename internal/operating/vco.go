// Package operating holds the operating values of machines: VCO/VCOV items (a machine's
// speed, load... read from a sensor) with their operating conditions, the criteria that
// combine them, the update-mode rules of a machine's criterion, and the VCOs associated to a
// machine with their device channel and states.
package operating

import (
	"fmt"
	"net/http"
	"strings"

	"vigia/internal/catalog"
	"vigia/internal/platform/api"
	"vigia/internal/platform/num"
)

// VCO types (Tipo.EnumTipoVcoID).
const (
	TypeVCO  = "VCO"
	TypeVCOV = "VCOV"
)

// Number formats: the conversion factor, and the bounds of conditions and states (S3 §9:
// states within ±99999999).
var (
	factorFormat = num.Format{Int: 6, Decimals: 4}
	valueFormat  = num.Format{Int: 8, Decimals: 3, Signed: true, Limit: "99999999"}
)

// VcoType is the kind of operating value: measured (VCO) or virtual (VCOV).
type VcoType struct {
	EnumTipoVcoID string `json:"EnumTipoVcoID" enum:"VCO,VCOV"`
}

// Condition is a named range of an operating value ('Parada' below 10 rpm, 'Nominal' from
// 1450 to 1500 rpm). A bound left empty is open. CondicionID identifies it within its VCO.
type Condition struct {
	CondicionID int64   `json:"CondicionID" required:"false"`
	Nombre      string  `json:"Nombre"`
	Minimo      *string `json:"Minimo,omitempty" nullable:"true"`
	Maximo      *string `json:"Maximo,omitempty" nullable:"true"`
}

// VcoV is a VCO or VCOV item (S3 §3): exactly one sensor, and its operating conditions.
// Sensor fields hold ids (GUIDs for keyboard and nominal sensors) of the item's scope.
type VcoV struct {
	UsuVco_vID               int64       `json:"UsuVco_vID,omitempty"`
	AdminVco_vID             int64       `json:"AdminVco_vID,omitempty"`
	AdminVco_vGUID           string      `json:"AdminVco_vGUID,omitempty"`
	NombreEs                 string      `json:"NombreEs"`
	NombreEn                 string      `json:"NombreEn,omitempty"`
	Tipo                     VcoType     `json:"Tipo"`
	FactorConversion         *string     `json:"FactorConversion,omitempty"`
	UsuSensor420             int64       `json:"UsuSensor420,omitempty"`
	UsuSensorTacometro       int64       `json:"UsuSensorTacometro,omitempty"`
	UsuSensorVirtual         int64       `json:"UsuSensorVirtual,omitempty"`
	UsuSensorVoltajeEstatico int64       `json:"UsuSensorVoltajeEstatico,omitempty"`
	SensorTeclado            string      `json:"SensorTeclado,omitempty"`
	SensorNominal            string      `json:"SensorNominal,omitempty"`
	Condiciones              []Condition `json:"Condiciones" required:"false"`
	// UsuVCO is a factory VCO/V's id as other records name it (S3 §3); payloads send it as
	// UsuVco_vId.
	UsuVCO int64 `json:"UsuVCO,omitempty" readOnly:"true"`
}

// checkVco applies the VCO/VCOV rules (VCO-010, VCO-011): a VCO reads one 4-20 mA,
// tachometer, virtual or static voltage sensor; a VCOV one virtual, keyboard or nominal sensor.
func checkVco(v *VcoV) error {
	var errs api.FieldErrors
	errs.Names(&v.NombreEs, &v.NombreEn)
	if v.FactorConversion == nil {
		one := "1"
		v.FactorConversion = &one
	}
	num.Check(&errs, "FactorConversion", &v.FactorConversion, factorFormat, "0.0001")
	measured := count(v.UsuSensor420 != 0, v.UsuSensorTacometro != 0, v.UsuSensorVoltajeEstatico != 0)
	virtual := count(v.UsuSensorVirtual != 0)
	typed := count(v.SensorTeclado != "", v.SensorNominal != "")
	switch v.Tipo.EnumTipoVcoID {
	case TypeVCO:
		if measured+virtual != 1 || typed != 0 {
			errs.Add("Sensor", "one_sensor", nil)
		}
	case TypeVCOV:
		if virtual+typed != 1 || measured != 0 {
			errs.Add("Sensor", "one_sensor", nil)
		}
	default:
		errs.Add("Tipo", "required", nil)
	}
	checkConditions(&errs, v.Condiciones)
	return errs.Err()
}

// checkConditions validates the named ranges of a VCO and numbers the new ones.
func checkConditions(errs *api.FieldErrors, list []Condition) {
	eachCondition(errs, list, 0, func(c *Condition) {
		num.Check(errs, "Condiciones", &c.Minimo, valueFormat, "")
		num.Check(errs, "Condiciones", &c.Maximo, valueFormat, "")
		lo, hasLo := valueFormat.Value(c.Minimo)
		hi, hasHi := valueFormat.Value(c.Maximo)
		switch {
		case !hasLo && !hasHi:
			errs.Add("Condiciones", "condition_bounds", map[string]any{"name": c.Nombre})
		case hasLo && hasHi && hi <= lo:
			errs.Add("Condiciones", "condition_order", map[string]any{"name": c.Nombre})
		}
	})
}

// keys are the name and id that eachCondition checks and numbers, and the id's JSON name.
func (c *Condition) keys() (name *string, id *int64, idField string) {
	return &c.Nombre, &c.CondicionID, "CondicionID"
}

// eachCondition checks the conditions of a VCO or of a criterion: each name is required and
// unique whatever its case, each id the client sends is positive and unique, then check adds
// the list's own rules; each new condition (id 0) takes the next id after the highest, of the
// list and last (the highest given before), so that the ids already stored never change. It
// answers the highest id now given.
func eachCondition[C any, P interface {
	*C
	keys() (name *string, id *int64, idField string)
}](errs *api.FieldErrors, list []C, last int64, check func(P)) int64 {
	names := map[string]bool{}
	ids := map[int64]bool{}
	for i := range list {
		_, id, _ := P(&list[i]).keys()
		last = max(last, *id)
	}
	for i := range list {
		c := P(&list[i])
		name, id, idField := c.keys()
		errs.TrimText("Condiciones", name, true)
		if key := strings.ToLower(*name); names[key] {
			errs.Add("Condiciones", "duplicate", nil)
		} else {
			names[key] = true
		}
		// Other records name a condition by its id (a criterion's Rangos, a machine's reference
		// rows): two conditions of one id would be taken for one.
		switch field := fmt.Sprintf("Condiciones[%d].%s", i, idField); {
		case *id < 0:
			errs.Add(field, "min_value", map[string]any{"min": 0})
		case *id > 0 && ids[*id]:
			errs.Add(field, "duplicate", nil)
		}
		ids[*id] = true
		check(c)
		if *id == 0 {
			last++
			*id = last
		}
	}
	return last
}

func count(flags ...bool) int {
	n := 0
	for _, f := range flags {
		if f {
			n++
		}
	}
	return n
}

// NewVcos declares the VCO/VCOV kind (S3 §7.2) over the sensor kinds it reads.
func NewVcos(s *catalog.Sensors) *catalog.Kind[VcoV] {
	return &catalog.Kind[VcoV]{Tipo: "vco_v", CopyMethod: http.MethodPost, Downloaded: "already_downloaded",
		Ref: func(v *VcoV) catalog.Ref {
			return catalog.Ref{ID: &v.UsuVco_vID, TemplateID: &v.AdminVco_vID, TemplateGUID: &v.AdminVco_vGUID, NombreEs: &v.NombreEs, NombreEn: &v.NombreEn,
				Aliases: []*int64{&v.UsuVCO}}
		},
		Check: checkVco,
		Uses: []catalog.Use[VcoV]{
			catalog.UseID("UsuSensor420", s.Current420, func(v *VcoV) *int64 { return &v.UsuSensor420 }),
			catalog.UseID("UsuSensorTacometro", s.Tacho, func(v *VcoV) *int64 { return &v.UsuSensorTacometro }),
			catalog.UseID("UsuSensorVirtual", s.Virtual, func(v *VcoV) *int64 { return &v.UsuSensorVirtual }),
			catalog.UseID("UsuSensorVoltajeEstatico", s.StaticVoltage, func(v *VcoV) *int64 { return &v.UsuSensorVoltajeEstatico }),
			catalog.UseGUID("SensorTeclado", s.Keyboard, func(v *VcoV) *string { return &v.SensorTeclado }),
			catalog.UseGUID("SensorNominal", s.Nominal, func(v *VcoV) *string { return &v.SensorNominal }),
		},
	}
}
