package devices

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// Served returns the machines a device measures for: an alert device's (also behind a
// gateway) its own, a gateway's those it connects (KOS Sensor machines, and the machines of
// the alert devices behind it), a KOS Sensor's those of the points it is installed on.
func (r *Registry) Served(ctx context.Context, q db.Querier, d *auth.Device) ([]int64, error) {
	var guid string
	if err := q.QueryRowContext(ctx, `SELECT guid FROM equipos WHERE id = $1`, d.ID).Scan(&guid); err != nil {
		return nil, db.MapError(err)
	}
	rows, err := q.QueryContext(ctx, `SELECT m.id FROM maquinas m WHERE m.equipo_alert10 = $1 OR m.equipo_alert10c = $1 OR m.equipo_concentrador = $1
		OR m.equipo_alert10c IN (SELECT guid FROM equipos WHERE concentrador_id = $2)
		OR m.id IN (SELECT c.parent_id FROM puntos p JOIN componentes c ON c.id = p.parent_id WHERE p.sensor_proteccion = $1 OR p.sensor_prediccion = $1)
		ORDER BY m.id`, guid, d.ID)
	return db.Collect(rows, err, func(s db.Scanner) (id int64, err error) { return id, s.Scan(&id) })
}

// SensorIDs returns the ids of the KOS Sensors of serials, keyed by the serial number as
// given (in any case, serial.go), that a device may report for (itself, or those behind it)
// or, for a user's import, that are assigned to the scope's factory. Unknown or foreign
// serials are left out.
func (r *Registry) SensorIDs(ctx context.Context, q db.Querier, scope auth.Scope, d *auth.Device, serials []string) (map[string]int64, error) {
	serials = slices.Compact(slices.Sorted(slices.Values(serials)))
	out := map[string]int64{}
	if len(serials) == 0 {
		return out, nil
	}
	var owner string
	var args []any
	if d != nil {
		owner, args = "(e.id = $2 OR e.concentrador_id = $2)", []any{TypeSensor, d.ID}
	} else {
		if err := scope.Check(); err != nil {
			return nil, err
		}
		owner, args = "e.fabrica_id = $2", []any{TypeSensor, scope.Factory}
	}
	// The database pairs each serial as given with its device, so that the comparison is
	// its own (the one of its unique index).
	given := make([]string, len(serials))
	for i := range serials {
		given[i] = fmt.Sprintf("(CAST($%d AS TEXT))", 3+i)
	}
	rows, err := q.QueryContext(ctx, `SELECT s.column1, e.id FROM equipos e JOIN (VALUES `+strings.Join(given, ", ")+`) s ON `+sameSerialSQL("e.numero_serie", "s.column1")+`
		WHERE e.tipo = $1 AND `+owner, append(args, db.Args(serials)...)...)
	err = db.Pairs(rows, err, func(serial string, id int64) { out[serial] = id })
	return out, err
}

// SensorRef is a KOS Sensor as the history names it.
type SensorRef struct {
	ID          int64
	GUID        string
	NumeroSerie string
}

// PointSensor returns the protection or prediction sensor installed on a point of a machine
// of the scope's factory (nil: none); db.ErrNotFound for a point that is not there.
func (r *Registry) PointSensor(ctx context.Context, q db.Querier, scope auth.Scope, machine, point int64, mode string) (*SensorRef, error) {
	if err := tree.PointOf(ctx, q, scope, machine, point); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT e.id, e.guid, e.numero_serie FROM puntos p JOIN equipos e ON e.guid = p.`+sensorColumn[mode]+` WHERE p.id = $1`, point)
	list, err := db.Collect(rows, err, func(s db.Scanner) (e SensorRef, err error) { return e, s.Scan(&e.ID, &e.GUID, &e.NumeroSerie) })
	if err != nil || len(list) == 0 {
		return nil, err
	}
	return &list[0], nil
}

// VisibleSensor returns a KOS Sensor the caller may see (ADMIN all, a user those of their
// factories), or db.ErrNotFound.
func (r *Registry) VisibleSensor(ctx context.Context, q db.Querier, id int64) (*SensorRef, error) {
	e, err := r.Get(ctx, q, Sensor, id)
	if err != nil {
		return nil, err
	}
	return &SensorRef{ID: e.ID, GUID: e.GUID(), NumeroSerie: e.NumeroSerie}, nil
}
