package devices

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// usable limits w to the devices a machine of the factory at site may use: assigned to the
// factory with no site or that site; an alert device not serving another machine.
func usable(w *where, k *Kind, factory, site, machine int64) {
	w.add("e.fabrica_id = ?", factory)
	w.add("(e.centro_id IS NULL OR e.centro_id = ?)", site)
	if k.Alert {
		w.add("NOT EXISTS (SELECT 1 FROM maquinas o WHERE e.guid IN (o.equipo_alert10, o.equipo_alert10c) AND o.id <> ?)", machine)
	}
}

// Levels of the asset tree a machine's device options are asked for, and how each finds its site.
var siteOf = map[string]string{
	"site":    `SELECT id FROM centros WHERE id = $1 AND fabrica_id = $2`,
	"area":    `SELECT parent_id FROM areas WHERE id = $1 AND fabrica_id = $2`,
	"machine": `SELECT a.parent_id FROM maquinas m JOIN areas a ON a.id = m.parent_id WHERE m.id = $1 AND m.fabrica_id = $2`,
}

// Usable returns the devices of kind k a machine at the node (site, area or machine) of the
// factory may use (EQP-012..014).
func (r *Registry) Usable(ctx context.Context, q db.Querier, k *Kind, scope auth.Scope, level string, id int64) ([]*Equipment, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	factory := scope.Factory
	var site int64
	if err := q.QueryRowContext(ctx, siteOf[level], id, factory).Scan(&site); err != nil {
		return nil, db.MapError(err)
	}
	machine := int64(0)
	if level == "machine" {
		machine = id
	}
	var w where
	usable(&w, k, factory, site, machine)
	return r.find(ctx, q, k, w, 0, -1)
}

// Behind returns the Alert10C behind a gateway (EQP-019).
func (r *Registry) Behind(ctx context.Context, q db.Querier, gateway int64) ([]*Equipment, error) {
	if _, err := r.Get(ctx, q, Gateway, gateway); err != nil {
		return nil, err
	}
	var w where
	w.add("e.concentrador_id = ?", gateway)
	return r.find(ctx, q, Alert10C, w, 0, -1)
}

// Loose returns the sensors usable at a site that are installed on no point (EQP-026).
func (r *Registry) Loose(ctx context.Context, q db.Querier, site int64) ([]*Equipment, error) {
	v, err := viewerOf(ctx)
	if err != nil {
		return nil, err
	}
	var factory int64
	if err := q.QueryRowContext(ctx, `SELECT fabrica_id FROM centros WHERE id = $1`, site).Scan(&factory); err != nil {
		return nil, db.MapError(err)
	}
	if !v.member(&factory) {
		return nil, db.ErrNotFound
	}
	var w where
	w.add("e.fabrica_id = ?", factory)
	w.add("(e.centro_id IS NULL OR e.centro_id = ?)", site)
	w.add("p.id IS NULL")
	return r.find(ctx, q, Sensor, w, 0, -1)
}

// OrderZero returns the sensors on the machine's points whose order number is 0 (EQP-027):
// they block sending a KOS Sensor configuration.
func (r *Registry) OrderZero(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) ([]*Equipment, error) {
	if err := scope.Owned(ctx, q, "maquinas", machine); err != nil {
		return nil, err
	}
	var w where
	w.add("m.id = ?", machine)
	w.add("e.numero_orden = 0")
	return r.find(ctx, q, Sensor, w, 0, -1)
}

// Verify checks that a sensor can be configured for the scope's factory (EQP-042): assigned
// to it, behind a gateway of the factory, with an order number. It answers the report
// section of the check, the shape every verification and configuration report shares.
func (r *Registry) Verify(ctx context.Context, q db.Querier, scope auth.Scope, id int64) (api.Section, error) {
	if err := scope.Check(); err != nil {
		return api.Section{}, err
	}
	e, err := r.Get(ctx, q, Sensor, id)
	if err != nil {
		return api.Section{}, err
	}
	var problems []api.Item
	if e.Asignacion.UsuFabricaId == nil || *e.Asignacion.UsuFabricaId != scope.Factory {
		problems = append(problems, api.Item{Code: "sensor_factory"})
	}
	var gatewayFactory *int64
	if e.ConcentradorId != nil {
		if err := q.QueryRowContext(ctx, `SELECT fabrica_id FROM equipos WHERE id = $1`, *e.ConcentradorId).Scan(&gatewayFactory); err != nil {
			return api.Section{}, err
		}
	}
	if gatewayFactory == nil || *gatewayFactory != scope.Factory {
		problems = append(problems, api.Item{Code: "sensor_gateway", Field: "ConcentradorId"})
	}
	if e.NumeroOrden == nil {
		problems = append(problems, api.Item{Code: "sensor_order", Field: "NumeroOrden"})
	}
	return api.NewSection(scope.Lang, "Sensor", problems), nil
}

// PointSensors returns the sensors of the mode a point may use (EQP-034, EQP-035): usable
// at the point's site and behind the machine's gateway when it has one. A sensor installed
// on another point comes with where it is (InstaladoEn), so that a picker can show it
// disabled, after the free ones, rather than hide it.
func PointSensors(ctx context.Context, q db.Querier, scope auth.Scope, point int64, mode string) ([]SensorOption, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	factory := scope.Factory
	var site, machine int64
	var gateway *string
	err := q.QueryRowContext(ctx, `SELECT a.parent_id, m.id, m.equipo_concentrador FROM puntos p
		JOIN componentes c ON c.id = p.parent_id JOIN maquinas m ON m.id = c.parent_id JOIN areas a ON a.id = m.parent_id
		WHERE p.id = $1 AND p.fabrica_id = $2`, point, factory).Scan(&site, &machine, &gateway)
	if err != nil {
		return nil, db.MapError(err)
	}
	name := api.NameColumn(scope.Lang)
	w := where{args: []any{point}} // $1, in the select list
	w.add("e.fabrica_id = ?", factory)
	w.add("(e.centro_id IS NULL OR e.centro_id = ?)", site)
	w.add("e.modo_medicion = ?", mode)
	if gateway != nil {
		w.add("e.concentrador_id = (SELECT g.id FROM equipos g WHERE g.guid = ?)", *gateway)
	}
	// The free ones first: they are the choices.
	rows, err := q.QueryContext(ctx, `SELECT * FROM (SELECT e.id, e.guid, e.numero_serie, e.alias, e.modo_medicion,
		(SELECT om.`+name+` || ' · ' || o.`+name+` FROM puntos o JOIN componentes oc ON oc.id = o.parent_id JOIN maquinas om ON om.id = oc.parent_id
		 WHERE o.`+sensorColumn[mode]+` = e.guid AND o.id <> $1) AS instalado_en
		FROM equipos e WHERE e.tipo = 'MEMS' AND `+w.sql()+`) s ORDER BY instalado_en IS NOT NULL, numero_serie`, w.args...)
	return db.Collect(rows, err, func(r db.Scanner) (o SensorOption, err error) {
		return o, r.Scan(&o.ID, &o.SensorGUID, &o.NumeroSerie, &o.Alias, &o.ModoMedicion, &o.InstaladoEn)
	})
}

// sensorColumn is the point column holding the sensor of each mode.
var sensorColumn = map[string]string{ModeProtection: "sensor_proteccion", ModePrediction: "sensor_prediccion"}

// MachineEquipment is what a machine says about its devices.
type MachineEquipment struct {
	Online             bool
	EquipoConcentrador *string
	EquipoAlert10      *string
	EquipoAlert10C     *string
	KOSSensor          bool
}

// Combination applies the rules of S1 §4 on which devices a machine may hold together
// (MACH-027..035): an alert device alone, an Alert10C without KOS Sensors, and an alert
// device only on an online machine.
func Combination(m *MachineEquipment) error {
	var errs api.FieldErrors
	if m.EquipoAlert10 != nil && (m.EquipoConcentrador != nil || m.EquipoAlert10C != nil || m.KOSSensor) {
		errs.Add("EquipoAlert10", "exclusive", nil)
	}
	if m.EquipoAlert10C != nil && m.KOSSensor {
		errs.Add("EquipoAlert10C", "exclusive", nil)
	}
	for _, f := range []struct {
		field string
		guid  *string
	}{{"EquipoAlert10", m.EquipoAlert10}, {"EquipoAlert10C", m.EquipoAlert10C}} {
		if f.guid != nil && !m.Online {
			errs.Add(f.field, "needs_online", nil)
		}
	}
	return errs.Err()
}

// CheckMachine applies the equipment rules of S1 §4 to a machine (0: a new one) of the
// scope's factory in area: the combination, each device usable there and not another
// machine's, an Alert10C behind the chosen gateway.
func CheckMachine(ctx context.Context, q db.Querier, scope auth.Scope, area, machine int64, m *MachineEquipment) error {
	if err := scope.Check(); err != nil {
		return err
	}
	factory := scope.Factory
	if err := Combination(m); err != nil {
		return err
	}
	var errs api.FieldErrors
	var site int64
	if err := q.QueryRowContext(ctx, `SELECT parent_id FROM areas WHERE id = $1`, area).Scan(&site); err != nil {
		return db.MapError(err)
	}
	var gatewayID int64
	for _, f := range []struct {
		field string
		kind  *Kind
		guid  *string
	}{{"EquipoConcentrador", Gateway, m.EquipoConcentrador}, {"EquipoAlert10", Alert10, m.EquipoAlert10}, {"EquipoAlert10C", Alert10C, m.EquipoAlert10C}} {
		if f.guid == nil {
			continue
		}
		var id int64
		var behind *int64
		err := q.QueryRowContext(ctx, `SELECT id, concentrador_id FROM equipos e WHERE e.guid = $1 AND e.tipo = $2 AND e.fabrica_id = $3 AND (e.centro_id IS NULL OR e.centro_id = $4)`,
			*f.guid, f.kind.Tipo, factory, site).Scan(&id, &behind)
		if errors.Is(err, sql.ErrNoRows) {
			errs.Add(f.field, "unknown", nil)
			continue
		}
		if err != nil {
			return err
		}
		if f.kind == Gateway {
			gatewayID = id
		}
		if f.kind == Alert10C && (behind == nil || *behind != gatewayID) {
			errs.Add(f.field, "not_behind", nil)
		}
		if f.kind.Alert {
			var name string
			err := q.QueryRowContext(ctx, `SELECT nombre_es FROM maquinas WHERE $1 IN (equipo_alert10, equipo_alert10c) AND id <> $2`, *f.guid, machine).Scan(&name)
			if err == nil {
				errs.Add(f.field, "equipment_taken", map[string]any{"name": name})
			} else if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
	}
	return errs.Err()
}

// CheckPointSensor checks that guid is one of the point's sensor options of the mode, and
// not installed on another point.
func CheckPointSensor(ctx context.Context, q db.Querier, scope auth.Scope, point int64, mode, field string, guid *string) error {
	if guid == nil {
		return nil
	}
	if point == 0 {
		// A new point has no sensor yet: its options depend on where it is.
		return api.Invalid(field, "unknown", nil)
	}
	options, err := PointSensors(ctx, q, scope, point, mode)
	if err != nil {
		return err
	}
	for _, o := range options {
		if o.SensorGUID == *guid && o.InstaladoEn != nil {
			return api.Invalid(field, "sensor_installed", map[string]any{"name": *o.InstaladoEn})
		}
		if o.SensorGUID == *guid {
			return nil
		}
	}
	return api.Invalid(field, "unknown", nil)
}

// InstalledDevice is a device found by an installation query (S3 §7.5).
type InstalledDevice struct {
	Tipo                string  `json:"Tipo"`
	GUID                string  `json:"GUID"`
	SensorGUID          string  `json:"SensorGUID,omitempty"`
	NumeroSerie         string  `json:"NumeroSerie"`
	Alias               string  `json:"Alias"`
	NumeroOrden         *int64  `json:"NumeroOrden,omitempty"`
	ModoMedicion        *string `json:"ModoMedicion,omitempty"`
	UsuMaquinaID        int64   `json:"UsuMaquinaID"`
	Maquina             string  `json:"Maquina"`
	UsuPuntoVibracionID *int64  `json:"UsuPuntoVibracionID,omitempty"`
	Punto               *string `json:"Punto,omitempty"`
}

// Installation levels and the machine condition that puts a machine under node $1.
var underNode = map[string]string{
	"site":    "m.parent_id IN (SELECT id FROM areas WHERE parent_id = $1)",
	"area":    "m.parent_id = $1",
	"machine": "m.id = $1",
}

// Installation lists the sensors (or alert devices) installed under a node of one of the
// user's factories (INST-002..008); byOrder sorts sensors by their order number.
func (r *Registry) Installation(ctx context.Context, q db.Querier, factories []int64, sensors bool, level string, id int64, byOrder bool) ([]InstalledDevice, error) {
	var factory int64
	if err := q.QueryRowContext(ctx, nodeFactory[level], id).Scan(&factory); err != nil {
		return nil, db.MapError(err)
	}
	if !slices.Contains(factories, factory) {
		return nil, db.ErrNotFound
	}
	order := "m.nombre_es, p.nombre_es, e.numero_serie"
	if byOrder {
		order = "e.numero_orden, e.numero_serie"
	}
	query := `SELECT e.tipo, e.guid, e.numero_serie, e.alias, e.numero_orden, e.modo_medicion, m.id, m.nombre_es, p.id, p.nombre_es
		FROM equipos e JOIN puntos p ON e.guid IN (p.sensor_proteccion, p.sensor_prediccion)
		JOIN componentes c ON c.id = p.parent_id JOIN maquinas m ON m.id = c.parent_id
		WHERE ` + underNode[level] + ` ORDER BY ` + order
	if !sensors {
		query = `SELECT e.tipo, e.guid, e.numero_serie, e.alias, e.numero_orden, e.modo_medicion, m.id, m.nombre_es, NULL, NULL
			FROM equipos e JOIN maquinas m ON e.guid IN (m.equipo_alert10, m.equipo_alert10c)
			WHERE ` + underNode[level] + ` ORDER BY m.nombre_es`
	}
	rows, err := q.QueryContext(ctx, query, id)
	return db.Collect(rows, err, func(r db.Scanner) (i InstalledDevice, err error) {
		err = r.Scan(&i.Tipo, &i.GUID, &i.NumeroSerie, &i.Alias, &i.NumeroOrden, &i.ModoMedicion, &i.UsuMaquinaID, &i.Maquina, &i.UsuPuntoVibracionID, &i.Punto)
		if i.Tipo == TypeSensor {
			i.SensorGUID = i.GUID
		}
		return i, err
	})
}

// nodeFactory finds the factory of a node that has no machine below it.
var nodeFactory = map[string]string{
	"site":    "SELECT fabrica_id FROM centros WHERE id = $1",
	"area":    "SELECT fabrica_id FROM areas WHERE id = $1",
	"machine": "SELECT fabrica_id FROM maquinas WHERE id = $1",
}
