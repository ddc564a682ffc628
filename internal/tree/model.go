// Package tree holds the asset tree of a factory: sites, areas, machines, components and
// vibration points, their editors' rules, the side-bar navigation and the deep copies that
// paste a subtree.
package tree

import (
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"strconv"

	"vigia/internal/platform/num"
)

// Decimal formats of the tree's numeric fields (spec §5, decisions 8 and 13).
var (
	SpeedFormat     = num.Format{Int: 7, Decimals: 3}               // rpm, mm/s
	PowerFormat     = num.Format{Int: 6, Decimals: 2, Signed: true} // kW
	RelSpeedFormat  = num.Format{Int: 5, Decimals: 5}               // relative speed, rpm
	maxLearningHour = int64(100 * 365 * 24)
)

// GPS is a site's position.
type GPS struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// SiteFields are the editable fields of a site.
type SiteFields struct {
	NombreEs  string `json:"NombreEs"`
	NombreEn  string `json:"NombreEn,omitempty"`
	Contacto  string `json:"Contacto,omitempty"`
	Gps       *GPS   `json:"Gps,omitempty"`
	Pais      string `json:"Pais"`
	Ciudad    string `json:"Ciudad"`
	Cp        string `json:"Cp,omitempty"`
	Direccion string `json:"Direccion,omitempty"`
	Telefono1 string `json:"Telefono1,omitempty"`
	Telefono2 string `json:"Telefono2,omitempty"`
	Fax       string `json:"Fax,omitempty"`
	Email     string `json:"Email,omitempty"`
}

// Site (centro) is the top of a factory's tree.
type Site struct {
	UsuCentroID   int64  `json:"UsuCentroID"`
	UsuCentroGUID string `json:"UsuCentroGUID"`
	UsuFabricaId  int64  `json:"UsuFabricaId"`
	// The spec's site entity also carries these (TREE-023): siteID, siteGUID and factoryID are
	// UsuCentroID, UsuCentroGUID and UsuFabricaId again; factoryRef is the factory's reference.
	SiteID     int64  `json:"siteID"`
	SiteGUID   string `json:"siteGUID"`
	FactoryID  int64  `json:"factoryID"`
	FactoryRef string `json:"factoryRef"`
	SiteFields
}

// AreaFields are the editable fields of an area.
type AreaFields struct {
	NombreEs string `json:"NombreEs"`
	NombreEn string `json:"NombreEn,omitempty"`
}

// Area groups machines of a site.
type Area struct {
	UsuAreaID   int64 `json:"UsuAreaID"`
	UsuCentroID int64 `json:"UsuCentroID"`
	AreaFields
}

// MachineFields are the editable fields of a machine: plain values, its criterion and its
// devices.
type MachineFields struct {
	NombreEs            string  `json:"NombreEs"`
	NombreEn            string  `json:"NombreEn,omitempty"`
	VelocidadVariable   bool    `json:"VelocidadVariable"`
	Actualizacion       string  `json:"Actualizacion" enum:"VCOV,OFF,VELOCIDADNOMINAL,1XESPECTRO,DESCONOCIDO"`
	VelocidadMinima     *string `json:"VelocidadMinima,omitempty" nullable:"true"`
	VelocidadMaxTrabajo *string `json:"VelocidadMaxTrabajo,omitempty" nullable:"true"`
	AmplitudMinima1x    *string `json:"AmplitudMinima1x,omitempty" nullable:"true"`
	Online              bool    `json:"Online"`
	Kw                  int64   `json:"Kw"`
	Anclaje             *int64  `json:"Anclaje,omitempty" nullable:"true"`
	UsuCalculoVrId      *int64  `json:"UsuCalculoVrId,omitempty" nullable:"true"`
	// CriterioId is the machine's criterion, a factory criterion suiting the update mode.
	CriterioId *int64 `json:"CriterioId,omitempty" nullable:"true"`
	// AsociacionesMaquinaId is the id of an offline machine's route association (MACH-085),
	// whose contents no screen shows: kept as sent. An online machine has none; its save
	// clears it.
	AsociacionesMaquinaId *int64 `json:"AsociacionesMaquinaId,omitempty" nullable:"true" minimum:"1"`
	ExplicacionEs         string `json:"ExplicacionEs,omitempty"`
	ExplicacionEn         string `json:"ExplicacionEn,omitempty"`
	TiempoAprendizaje     int64  `json:"TiempoAprendizaje"`
	// The machine's devices (MACH-013): a gateway, an alert device or one behind the gateway,
	// and whether it is measured by KOS Sensor digital sensors (GUIDs; S1 §4 rules).
	EquipoConcentrador *string `json:"EquipoConcentrador,omitempty" nullable:"true"`
	EquipoAlert10      *string `json:"EquipoAlert10,omitempty" nullable:"true"`
	EquipoAlert10C     *string `json:"EquipoAlert10C,omitempty" nullable:"true"`
	KOSSensor          bool    `json:"KOSSensor"`
}

// Machine is a monitored machine of an area.
type Machine struct {
	UsuMaquinaID int64 `json:"UsuMaquinaID"`
	UsuAreaID    int64 `json:"UsuAreaID"`
	MachineFields
}

// Motor describes a component's electric motor; which fields apply depends on the subtype.
type Motor struct {
	Marca                string `json:"Marca" required:"false"`
	Velocidad            string `json:"Velocidad" required:"false"`
	Tipo                 string `json:"Tipo" required:"false"`
	NumeroSerie          string `json:"NumeroSerie" required:"false"`
	CosenoPhi            string `json:"CosenoPhi,omitempty"`
	Intensidad           string `json:"Intensidad,omitempty"`
	ClaseTermica         string `json:"ClaseTermica,omitempty"`
	Tension              string `json:"Tension,omitempty"`
	IndiceProteccion     string `json:"IndiceProteccion,omitempty"`
	IntensidadRotor      string `json:"IntensidadRotor,omitempty"`
	TensionRotor         string `json:"TensionRotor,omitempty"`
	TensionExcitacion    string `json:"TensionExcitacion,omitempty"`
	TensionInducido      string `json:"TensionInducido,omitempty"`
	IntensidadExcitacion string `json:"IntensidadExcitacion,omitempty"`
	IntensidadInducido   string `json:"IntensidadInducido,omitempty"`
}

// ComponentFields are the editable fields of a component.
type ComponentFields struct {
	NombreEs         string  `json:"NombreEs"`
	NombreEn         string  `json:"NombreEn,omitempty"`
	Potencia         *string `json:"Potencia,omitempty" nullable:"true"`
	VelocidadNominal *string `json:"VelocidadNominal,omitempty" nullable:"true"`
	Montaje          *int64  `json:"Montaje,omitempty" nullable:"true"`
	UsuCalculoVrId   *int64  `json:"UsuCalculoVrId,omitempty" nullable:"true"`
	ComentarioEs     string  `json:"ComentarioEs,omitempty"`
	ComentarioEn     string  `json:"ComentarioEn,omitempty"`
	// ParametrosDinamicos: the component's speed or load varies in operation.
	ParametrosDinamicos    bool   `json:"ParametrosDinamicos" required:"false"`
	GenSubtipoComponenteId *int64 `json:"GenSubtipoComponenteId,omitempty" nullable:"true"`
	Motor                  *Motor `json:"Motor,omitempty"`
}

// Component is a part of a machine (motor, pump, gearbox...).
type Component struct {
	UsuComponenteID int64 `json:"UsuComponenteID"`
	UsuMaquinaID    int64 `json:"UsuMaquinaID"`
	TotalPuntos     int64 `json:"TotalPuntos"`
	// Read only, as the spec's component entity has them (TREE-063): its calculation template
	// whole, and its machine's alert device.
	UsuCalculoVr  *Calculation `json:"UsuCalculoVr,omitempty"`
	EquipoAlert10 *string      `json:"EquipoAlert10,omitempty" nullable:"true"`
	ComponentFields
}

// PointFields are the editable fields of a vibration point.
type PointFields struct {
	NombreEs   string  `json:"NombreEs"`
	NombreEn   string  `json:"NombreEn,omitempty"`
	Referencia string  `json:"Referencia,omitempty"`
	Posicion   int64   `json:"Posicion"`
	Vr         *string `json:"Vr,omitempty" nullable:"true"`
	MontajeId  *int64  `json:"MontajeId,omitempty" nullable:"true"`
	// Bearing slots: on input only GenRodamientoID (a factory bearing) is read.
	Rodamiento1 *Bearing `json:"Rodamiento1,omitempty"`
	Rodamiento2 *Bearing `json:"Rodamiento2,omitempty"`
	Rodamiento3 *Bearing `json:"Rodamiento3,omitempty"`
	Rodamiento4 *Bearing `json:"Rodamiento4,omitempty"`
	// The point's alert-device spectra by range: factory spectra ids (TREE-098).
	UsuEspectroBrId *int64 `json:"UsuEspectroBrId,omitempty" nullable:"true"`
	UsuEspectroArId *int64 `json:"UsuEspectroArId,omitempty" nullable:"true"`
	UsuEspectroDmId *int64 `json:"UsuEspectroDmId,omitempty" nullable:"true"`
	PointMeasures
	// KOS Sensor protection and prediction (TREE-099, TREE-100); null on a save keeps them.
	MEMSProteccion *MEMSProteccion `json:"MEMSProteccion,omitempty"`
	MEMSPrediccion *MEMSPrediccion `json:"MEMSPrediccion,omitempty"`
	// Canales are the alert-device channels wired to the point (TREE-101); null keeps them.
	Canales []CanalAsociado `json:"Canales" required:"false" nullable:"true"`
}

func (f *PointFields) bearings() []**Bearing {
	return []**Bearing{&f.Rodamiento1, &f.Rodamiento2, &f.Rodamiento3, &f.Rodamiento4}
}

// PointMeasures are the nine measurement flags of a point for its alert device, direction ×
// range BR, AR, DM (TREE-095).
type PointMeasures struct {
	VH1Br bool `json:"Medida_V_H1_br" required:"false"`
	VH1Ar bool `json:"Medida_V_H1_ar" required:"false"`
	VH1Dm bool `json:"Medida_V_H1_dm" required:"false"`
	HH2Br bool `json:"Medida_H_H2_br" required:"false"`
	HH2Ar bool `json:"Medida_H_H2_ar" required:"false"`
	HH2Dm bool `json:"Medida_H_H2_dm" required:"false"`
	ABr   bool `json:"Medida_A_br" required:"false"`
	AAr   bool `json:"Medida_A_ar" required:"false"`
	ADm   bool `json:"Medida_A_dm" required:"false"`
}

// Measures are the twelve flags of a digital sensor's prediction: the point's nine and the
// magnetometer range MG (TREE-096).
type Measures struct {
	PointMeasures
	VH1Mg bool `json:"Medida_V_H1_mg" required:"false"`
	HH2Mg bool `json:"Medida_H_H2_mg" required:"false"`
	AMg   bool `json:"Medida_A_mg" required:"false"`
}

// flags are the bits of the stored mask, direction by direction, BR, AR, DM, MG: the MG bits,
// which the point's flags once had, are nil (never read, cleared on the next write).
func (m *PointMeasures) flags() []*bool {
	return []*bool{&m.VH1Br, &m.VH1Ar, &m.VH1Dm, nil, &m.HH2Br, &m.HH2Ar, &m.HH2Dm, nil, &m.ABr, &m.AAr, &m.ADm, nil}
}

// Value stores the flags as one bit mask.
func (m *PointMeasures) Value() (driver.Value, error) {
	var mask int64
	for i, f := range m.flags() {
		if f != nil && *f {
			mask |= 1 << i
		}
	}
	return mask, nil
}

// Scan reads the bit mask.
func (m *PointMeasures) Scan(src any) error {
	mask, ok := src.(int64)
	if !ok {
		return fmt.Errorf("measures: unexpected %T", src)
	}
	for i, f := range m.flags() {
		if f != nil {
			*f = mask&(1<<i) != 0
		}
	}
	return nil
}

// Point is a vibration measurement point of a component.
type Point struct {
	UsuPuntoVibracionID int64 `json:"UsuPuntoVibracionID"`
	UsuComponenteID     int64 `json:"UsuComponenteID"`
	// Read only, as the spec's point entity has them (TREE-093): the component's id under the
	// spec's spelling, the mounting and the spectra whole (saved as MontajeId and
	// UsuEspectroBrId/ArId/DmId), and the machine's alert device.
	UsuComponenteId int64          `json:"UsuComponenteId"`
	Montaje         *Mounting      `json:"Montaje,omitempty"`
	EspectroBr      *PointSpectrum `json:"EspectroBr,omitempty"`
	EspectroAr      *PointSpectrum `json:"EspectroAr,omitempty"`
	EspectroDm      *PointSpectrum `json:"EspectroDm,omitempty"`
	EquipoAlert10   *string        `json:"EquipoAlert10,omitempty" nullable:"true"`
	PointFields
}

// Mounting is a point's mounting (orientation of its directions).
type Mounting struct {
	GenMontajeID int64 `json:"GenMontajeID"`
}

// PointSpectrum is a factory spectrum a point is measured with.
type PointSpectrum struct {
	UsuEspectroID int64  `json:"UsuEspectroID"`
	NombreEs      string `json:"NombreEs"`
	NombreEn      string `json:"NombreEn"`
}

// into scans a read column into a field of the struct *p, made on the first non-NULL value: a
// reference read as its columns stays nil when the node has none.
func into[R, V any](p **R, field func(*R) *V) sql.Scanner {
	return intoColumn[R, V]{p, field}
}

type intoColumn[R, V any] struct {
	p     **R
	field func(*R) *V
}

func (c intoColumn[R, V]) Scan(src any) error {
	if src == nil {
		return nil
	}
	var v sql.Null[V]
	if err := v.Scan(src); err != nil {
		return err
	}
	if *c.p == nil {
		*c.p = new(R)
	}
	*c.field(*c.p) = v.V
	return nil
}

// jsonColumn stores an optional struct as JSON text.
type jsonColumn[T any] struct{ p **T }

// Value implements driver.Valuer.
func (c jsonColumn[T]) Value() (driver.Value, error) {
	if *c.p == nil {
		return nil, nil
	}
	b, err := json.Marshal(*c.p)
	return string(b), err
}

// Scan implements sql.Scanner.
func (c jsonColumn[T]) Scan(src any) error {
	var b []byte
	switch v := src.(type) {
	case nil:
		*c.p = nil
		return nil
	case string:
		b = []byte(v)
	case []byte:
		b = v
	default:
		return fmt.Errorf("json column: unexpected %T", src)
	}
	*c.p = new(T)
	return json.Unmarshal(b, *c.p)
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
