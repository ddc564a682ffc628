// Package configuration generates the configuration a machine's device receives, checks it
// section by section as the spec's reports do (S1 §3), publishes it as a new version when
// every section is OK, serves it to the device and follows its delivery (ARCHITECTURE §7).
package configuration

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"

	"vigia/internal/assoc"
	"vigia/internal/catalog"
	"vigia/internal/devices"
	"vigia/internal/operating"
	"vigia/internal/tree"
)

// Format is the version of the document's schema (docs/CONFIGURATION.md).
const Format = 1

// Modes of a configuration (MACH-051).
const (
	Monitor = 0
	Learn   = 1
	Pause   = 2
)

// Document is what a device receives for one machine: everything it needs to measure the
// machine and judge its values, and nothing that only the console shows (comments, English
// names), so that its hash changes only when what the device does would change.
type Document struct {
	Formato  int        `json:"Formato"`
	Modo     int        `json:"Modo"`
	Familia  string     `json:"Familia" enum:"ALERT10,ALERT10C,MEMS"`
	Equipo   Target     `json:"Equipo"`
	Maquina  Machine    `json:"Maquina"`
	Criterio *Criterion `json:"Criterio,omitempty"`
	Vcos     []Vco      `json:"Vcos,omitempty"`
	Puntos   []Point    `json:"Puntos,omitempty"`
	Sensores []Sensor   `json:"Sensores,omitempty"`
}

// Target is the device that receives the machine's configuration: the alert device, or the
// gateway of a KOS Sensor machine.
type Target struct {
	NumeroSerie string `json:"NumeroSerie"`
	Tipo        string `json:"Tipo"`
}

// Machine is the machine as the device runs it.
type Machine struct {
	UsuMaquinaID        int64   `json:"UsuMaquinaID"`
	Nombre              string  `json:"Nombre"`
	VelocidadVariable   bool    `json:"VelocidadVariable"`
	Actualizacion       string  `json:"Actualizacion"`
	VelocidadMinima     *string `json:"VelocidadMinima,omitempty"`
	VelocidadMaxTrabajo *string `json:"VelocidadMaxTrabajo,omitempty"`
	AmplitudMinima1x    *string `json:"AmplitudMinima1x,omitempty"`
	Kw                  int64   `json:"Kw"`
	Anclaje             *int64  `json:"Anclaje,omitempty"`
	// TiempoAprendizaje is the learning time in hours (mode 1).
	TiempoAprendizaje int64 `json:"TiempoAprendizaje"`
}

// Criterion is the machine's criterion: its measurement times in seconds, the VCO/VCOVs it
// reads and the conditions they make.
type Criterion struct {
	UsuCriterioID int64                          `json:"UsuCriterioID"`
	Nombre        string                         `json:"Nombre"`
	TiempoAlarma  int64                          `json:"TiempoAlarma"`
	TiempoAviso   int64                          `json:"TiempoAviso"`
	TiempoEstable int64                          `json:"TiempoEstable"`
	TiempoPeligro int64                          `json:"TiempoPeligro"`
	Vco_v         []operating.Entry              `json:"Vco_v"`
	Condiciones   []operating.CriterionCondition `json:"Condiciones"`
}

// Vco is an operating value of the machine with its channel and its three state values.
type Vco struct {
	UsuVco_vId       int64     `json:"UsuVco_vId"`
	Nombre           string    `json:"Nombre"`
	Tipo             string    `json:"Tipo"`
	FactorConversion string    `json:"FactorConversion"`
	Tacometro        bool      `json:"Tacometro"`
	Canal            *int64    `json:"Canal,omitempty"`
	Estados          [3]*int64 `json:"Estados"`
}

// Point is a measuring point with what it measures and the spectra it takes, by range.
type Point struct {
	UsuPuntoVibracionID int64                               `json:"UsuPuntoVibracionID"`
	Nombre              string                              `json:"Nombre"`
	Componente          string                              `json:"Componente"`
	Posicion            int64                               `json:"Posicion"`
	MontajeId           *int64                              `json:"MontajeId,omitempty"`
	Medidas             tree.PointMeasures                  `json:"Medidas"`
	Canales             []tree.CanalAsociado                `json:"Canales,omitempty"`
	Rodamientos         []*tree.Bearing                     `json:"Rodamientos,omitempty"`
	Espectros           map[string]*catalog.Spectrum        `json:"Espectros,omitempty"`
	EspectrosDigitales  map[string]*catalog.DigitalSpectrum `json:"EspectrosDigitales,omitempty"`
	Proteccion          *tree.MEMSProteccion                `json:"Proteccion,omitempty"`
	// Prediccion is what the point's KOS Sensor prediction sensor measures: the twelve flags
	// of MEMSPrediccion (its spectra are EspectrosDigitales, its sensor SensorPrediccion).
	Prediccion       *tree.Measures `json:"Prediccion,omitempty"`
	SensorProteccion string         `json:"SensorProteccion,omitempty"`
	SensorPrediccion string         `json:"SensorPrediccion,omitempty"`
	Valores          []Value        `json:"Valores"`
}

// Value is an item associated to the point (a VCV, digital VCV or VCP) with its band and
// its reference values per condition.
type Value struct {
	Tipo         string               `json:"Tipo" enum:"MPV,MPVD,MPVP"`
	Nombre       string               `json:"Nombre"`
	Siglas       string               `json:"Siglas,omitempty"`
	Banda        *catalog.Band        `json:"Banda,omitempty"`
	BandaDigital *catalog.DigitalBand `json:"BandaDigital,omitempty"`
	VcpTipo      string               `json:"VcpTipo,omitempty"`
	Referencias  []Reference          `json:"Referencias"`
}

// Reference is the thresholds of one condition in thousandths — warning, alarm, danger per
// direction — and the VrId the device sends back with each value it measures for them.
type Reference struct {
	VrId           int64      `json:"VrId"`
	UsuCondicionId int64      `json:"UsuCondicionId"`
	VH1            [3]*int64  `json:"V_H1"`
	HH2            [3]*int64  `json:"H_H2"`
	A              [3]*int64  `json:"A"`
	Temperatura    *[3]*int64 `json:"Temperatura,omitempty"`
}

// Sensor is a KOS Sensor on a point of the machine, with its order number on the gateway.
type Sensor struct {
	NumeroSerie         string  `json:"NumeroSerie"`
	Alias               string  `json:"Alias"`
	NumeroOrden         *int64  `json:"NumeroOrden"`
	ModoMedicion        *string `json:"ModoMedicion,omitempty"`
	UsuPuntoVibracionID int64   `json:"UsuPuntoVibracionID"`
}

// Hash is the document's identity: the SHA-256 of its JSON (encoding/json writes struct
// fields in order and map keys sorted, so the same content always hashes the same).
func (d *Document) Hash() (string, []byte, error) {
	b, err := json.Marshal(d)
	if err != nil {
		return "", nil, err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), b, nil
}

// build makes the document of the machine's graph for the target and the sensors on its points.
func build(g *assoc.Graph, mode int, family string, target Target, sensors []devices.InstalledDevice) *Document {
	m := g.Machine
	d := &Document{Formato: Format, Modo: mode, Familia: family, Equipo: target, Maquina: Machine{
		UsuMaquinaID: m.UsuMaquinaID, Nombre: m.NombreEs, VelocidadVariable: m.VelocidadVariable, Actualizacion: m.Actualizacion,
		VelocidadMinima: m.VelocidadMinima, VelocidadMaxTrabajo: m.VelocidadMaxTrabajo, AmplitudMinima1x: m.AmplitudMinima1x,
		Kw: m.Kw, Anclaje: m.Anclaje, TiempoAprendizaje: m.TiempoAprendizaje,
	}}
	if mode == Pause {
		return d
	}
	if c := g.Criterion; c != nil {
		d.Criterio = &Criterion{UsuCriterioID: c.UsuCriterioID, Nombre: c.NombreEs, TiempoAlarma: c.TiempoAlarma, TiempoAviso: c.TiempoAviso,
			TiempoEstable: c.TiempoEstable, TiempoPeligro: c.TiempoPeligro, Vco_v: c.Vco_v, Condiciones: g.Conditions}
	}
	for _, v := range g.Vcos {
		d.Vcos = append(d.Vcos, Vco{UsuVco_vId: v.UsuVco_vId, Nombre: v.NombreEs, Tipo: v.Tipo.EnumTipoVcoID, FactorConversion: v.FactorConversion,
			Tacometro: v.Tacometro, Canal: v.Canal, Estados: v.States()})
	}
	serial := map[int64][2]string{}
	for _, s := range sensors {
		if s.UsuPuntoVibracionID == nil {
			continue
		}
		p := serial[*s.UsuPuntoVibracionID]
		if s.ModoMedicion != nil && *s.ModoMedicion == devices.ModePrediction {
			p[1] = s.NumeroSerie
		} else {
			p[0] = s.NumeroSerie
		}
		serial[*s.UsuPuntoVibracionID] = p
		d.Sensores = append(d.Sensores, Sensor{NumeroSerie: s.NumeroSerie, Alias: s.Alias, NumeroOrden: s.NumeroOrden,
			ModoMedicion: s.ModoMedicion, UsuPuntoVibracionID: *s.UsuPuntoVibracionID})
	}
	component := map[int64]string{}
	for _, c := range g.Components {
		component[c.UsuComponenteID] = c.NombreEs
	}
	values := map[int64][]Value{}
	for _, a := range g.Associations {
		values[a.Point] = append(values[a.Point], value(a))
	}
	for _, p := range g.Points {
		pt := Point{UsuPuntoVibracionID: p.UsuPuntoVibracionID, Nombre: p.NombreEs, Componente: component[p.UsuComponenteID],
			Posicion: p.Posicion, MontajeId: p.MontajeId, Medidas: p.PointMeasures, Canales: p.Canales, Proteccion: p.MEMSProteccion,
			SensorProteccion: serial[p.UsuPuntoVibracionID][0], SensorPrediccion: serial[p.UsuPuntoVibracionID][1], Valores: values[p.UsuPuntoVibracionID]}
		if pred := p.MEMSPrediccion; pred != nil {
			pt.Prediccion = &pred.Measures
		}
		for _, b := range []*tree.Bearing{p.Rodamiento1, p.Rodamiento2, p.Rodamiento3, p.Rodamiento4} {
			if b != nil {
				pt.Rodamientos = append(pt.Rodamientos, b)
			}
		}
		for r, id := range analogSpectra(p) {
			if s := g.Spectra[deref(id)]; s != nil {
				pt.Espectros = set(pt.Espectros, r, s)
			}
		}
		for r, id := range digitalSpectra(p) {
			if s := g.DigitalSpectra[deref(id)]; s != nil {
				pt.EspectrosDigitales = set(pt.EspectrosDigitales, r, s)
			}
		}
		if pt.Valores == nil {
			pt.Valores = []Value{}
		}
		d.Puntos = append(d.Puntos, pt)
	}
	return d
}

// value is an association as the device reads it.
func value(a *assoc.GraphAssociation) Value {
	v := Value{Tipo: a.Kind.Tipo, Referencias: []Reference{}}
	switch {
	case a.Vcv != nil:
		v.Nombre, v.Siglas, v.Banda = a.Vcv.NombreEs, a.Vcv.SiglaEs, a.Vcv.Banda
	case a.DigitalVcv != nil:
		v.Nombre, v.Siglas, v.BandaDigital = a.DigitalVcv.Nombre, a.DigitalVcv.Siglas, a.DigitalVcv.BandaDigital
	case a.Vcp != nil:
		v.Nombre, v.Siglas, v.BandaDigital, v.VcpTipo = a.Vcp.Nombre, a.Vcp.Siglas, a.Vcp.BandaDigital, a.Vcp.Tipo
	}
	for _, r := range a.References {
		ref := Reference{VrId: r.ID, UsuCondicionId: r.UsuCondicionId, VH1: [3]*int64{r.VH1Aviso, r.VH1Alarma, r.VH1Peligro},
			HH2: [3]*int64{r.HH2Aviso, r.HH2Alarma, r.HH2Peligro}, A: [3]*int64{r.AAviso, r.AAlarma, r.APeligro}}
		if a.Kind.Temperature {
			ref.Temperatura = &[3]*int64{r.TemperaturaAviso, r.TemperaturaAlarm, r.TemperaturaPelig}
		}
		v.Referencias = append(v.Referencias, ref)
	}
	return v
}

// analogSpectra are the point's alert-device spectrum ids by range.
func analogSpectra(p *tree.Point) map[string]*int64 {
	return map[string]*int64{"BR": p.UsuEspectroBrId, "AR": p.UsuEspectroArId, "DM": p.UsuEspectroDmId}
}

// digitalSpectra are the point's KOS Sensor spectrum ids by range.
func digitalSpectra(p *tree.Point) map[string]*int64 {
	d := p.MEMSPrediccion
	if d == nil {
		return nil
	}
	return map[string]*int64{"BR": d.UsuEspectroDigitalBRId, "AR": d.UsuEspectroDigitalARId, "DM": d.UsuEspectroDigitalDMId, "MG": d.UsuEspectroDigitalMGId}
}

func set[T any](m map[string]T, k string, v T) map[string]T {
	if m == nil {
		m = map[string]T{}
	}
	m[k] = v
	return m
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
