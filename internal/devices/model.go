// Package devices is the equipment registry: gateways, alert devices (also behind a
// gateway) and KOS Sensor digital sensors, their place in the admin tree, the machines and
// points they are installed on, and the queries over installations (S3 §3, §7.3–§7.5).
package devices

import "strings"

// Device types as stored and answered in Tipo.
const (
	TypeGateway = "CONCENTRADOR"
	TypeAlert10 = "ALERT10"
	// TypeAlert10C is the alert device behind a gateway ("alert device G", decision 18).
	TypeAlert10C = "ALERT10C"
	TypeSensor   = "MEMS"
)

// Measurement modes of a digital sensor.
const (
	ModeProtection = "PROTECCION"
	ModePrediction = "PREDICCION"
)

// Kind is one device type and how the API names it.
type Kind struct {
	Tipo string
	// Base is the path the kind's calls hang from.
	Base string
	// GUIDField is the JSON name of the kind's identifier (EQP-002..004).
	GUIDField string
	// Gateway tells whether the device sits behind a gateway: required for an Alert10C,
	// optional for a sensor.
	Gateway, GatewayRequired bool
	// Alert tells an alert device, which serves one machine.
	Alert bool
}

// The four kinds.
var (
	Gateway  = &Kind{Tipo: TypeGateway, Base: "/api/equipment/concentrator", GUIDField: "EquipoGUID"}
	Alert10  = &Kind{Tipo: TypeAlert10, Base: "/api/equipment/alert10", GUIDField: "GenEquipoGUID", Alert: true}
	Alert10C = &Kind{Tipo: TypeAlert10C, Base: "/api/equipment/alert10c", GUIDField: "EquipoGUID", Gateway: true, GatewayRequired: true, Alert: true}
	Sensor   = &Kind{Tipo: TypeSensor, Base: "/api/mems", GUIDField: "SensorGUID", Gateway: true}
	Kinds    = []*Kind{Gateway, Alert10, Alert10C, Sensor}
)

// Assignment is the admin-tree node a device is assigned to, with the path above it.
type Assignment struct {
	DistribuidorId *int64 `json:"DistribuidorId,omitempty" nullable:"true" required:"false"`
	SocioId        *int64 `json:"SocioId,omitempty" nullable:"true" required:"false"`
	UsuFabricaId   *int64 `json:"UsuFabricaId,omitempty" nullable:"true" required:"false"`
	UsuCentroId    *int64 `json:"UsuCentroId,omitempty" nullable:"true" required:"false"`
	// Nombre is the name of the node (read only).
	Nombre string `json:"Nombre,omitempty" required:"false"`
}

// MachineRef names the machine a device is installed on.
type MachineRef struct {
	UsuMaquinaID int64  `json:"UsuMaquinaID"`
	NombreEs     string `json:"NombreEs"`
	NombreEn     string `json:"NombreEn"`
}

// PointRef names the point a sensor is installed on.
type PointRef struct {
	UsuPuntoVibracionID int64  `json:"UsuPuntoVibracionID"`
	NombreEs            string `json:"NombreEs"`
	NombreEn            string `json:"NombreEn"`
}

// Equipment is a registered device. Only the identifier field of its kind is filled.
type Equipment struct {
	ID             int64       `json:"ID"`
	Tipo           string      `json:"Tipo" enum:"CONCENTRADOR,ALERT10,ALERT10C,MEMS"`
	EquipoGUID     string      `json:"EquipoGUID,omitempty"`
	GenEquipoGUID  string      `json:"GenEquipoGUID,omitempty"`
	SensorGUID     string      `json:"SensorGUID,omitempty"`
	NumeroSerie    string      `json:"NumeroSerie"`
	Alias          string      `json:"Alias"`
	ConcentradorId *int64      `json:"ConcentradorId" nullable:"true"`
	NumeroOrden    *int64      `json:"NumeroOrden" nullable:"true"`
	ModoMedicion   *string     `json:"ModoMedicion" nullable:"true"`
	Asignacion     Assignment  `json:"Asignacion"`
	UsuarioId      *int64      `json:"UsuarioId" nullable:"true"`
	Maquina        *MachineRef `json:"Maquina,omitempty"`
	Punto          *PointRef   `json:"Punto,omitempty"`
	// Entregas are the deliveries of the configurations the device receives (lists only).
	Entregas []Delivery `json:"Entregas,omitempty" readOnly:"true"`
	// Token is the device's secret, answered once: at registration and on a new token.
	Token string `json:"Token,omitempty"`
}

// GUID returns the device's identifier, whatever its kind.
func (e *Equipment) GUID() string { return e.EquipoGUID + e.GenEquipoGUID + e.SensorGUID }

func (e *Equipment) setGUID(k *Kind, guid string) {
	switch k.GUIDField {
	case "GenEquipoGUID":
		e.GenEquipoGUID = guid
	case "SensorGUID":
		e.SensorGUID = guid
	default:
		e.EquipoGUID = guid
	}
}

// EquipmentInput is what registration and edition send.
type EquipmentInput struct {
	NumeroSerie    string  `json:"NumeroSerie"`
	Alias          string  `json:"Alias,omitempty"`
	ConcentradorId *int64  `json:"ConcentradorId,omitempty" nullable:"true"`
	NumeroOrden    *int64  `json:"NumeroOrden,omitempty" nullable:"true"`
	ModoMedicion   *string `json:"ModoMedicion,omitempty" nullable:"true" enum:"PROTECCION,PREDICCION"`
}

// SensorOption is a digital sensor a point may use (TREE-105).
type SensorOption struct {
	ID           int64  `json:"ID"`
	SensorGUID   string `json:"SensorGUID"`
	NumeroSerie  string `json:"NumeroSerie"`
	Alias        string `json:"Alias"`
	ModoMedicion string `json:"ModoMedicion"`
	// InstaladoEn names the other point the sensor is installed on ("machine · point"); a
	// sensor can be on one point only, so it cannot be chosen here.
	InstaladoEn *string `json:"InstaladoEn" nullable:"true"`
}

// Label is how a device is named where it is shown (EQP-005): its serial number, then its
// alias when it has one ("KG-0001 · Concentrador Centro Norte"), as the web's equipmentLabel does.
func Label(serial string, alias *string) string {
	if alias == nil || strings.TrimSpace(*alias) == "" {
		return serial
	}
	return serial + " · " + strings.TrimSpace(*alias)
}
