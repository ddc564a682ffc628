package history

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"vigia/internal/assoc"
	"vigia/internal/operating"
	"vigia/internal/platform/db"
)

// The kinds of series.
const (
	// KindReference is a VCV, digital VCV or VCP association's values in one condition of
	// the machine's criterion and one direction (0 V/H1, 1 H/H2, 2 A, 3 a VCP's temperature).
	KindReference = "ref"
	// KindVco is a machine VCO's start (Direction 0) or end (1) values.
	KindVco = "vco"
	// KindBias is the bias of an alert-device channel of a machine.
	KindBias = "bias"
	// KindSensor is a KOS Sensor's battery, angles, health or wakeups (Magnitude).
	KindSensor = "sensor"
)

// The magnitudes a KOS Sensor reports besides its measurements.
const (
	Battery = "bateria"
	AngleX  = "angulo_x"
	AngleY  = "angulo_y"
	AngleZ  = "angulo_z"
	Health  = "salud"
	// Woke holds a point at each time the sensor woke up to measure.
	Woke = "despertar"
)

// Key names a series by what it measures; each kind fills its own fields.
type Key struct {
	Kind string
	// A reference series: the association (its point and machine), the condition of a
	// criterion (operating.ConditionCriterion) and the direction; a VCO series: the machine,
	// the VCO and the direction (start or end).
	Association, Point, Criterion, Condition, Direction int64
	Machine, Vco, Channel                               int64
	Device                                              int64
	Magnitude                                           string
}

// ReferenceKey is the key of a reference row's series in one direction.
func ReferenceKey(r assoc.Row, dir int64) Key {
	return Key{Kind: KindReference, Association: r.Association, Point: r.Point, Criterion: r.Criterion, Condition: r.Condition, Direction: dir, Machine: r.Machine}
}

// alarmKey is the key of the series of an alert-list row of the machine in direction dir.
func alarmKey(r assoc.Alarm, dir, machine int64) Key {
	return Key{Kind: KindReference, Association: r.UsuMaqPuntoVcvId, Point: r.UsuPuntoVibracionID, Criterion: r.Criterion, Condition: r.UsuCondicionId, Direction: dir, Machine: machine}
}

// placedKey is the key of the series of association, placed as at, in a condition of its
// machine's criterion and direction dir.
func placedKey(association int64, at assoc.Placed, condition, dir int64) Key {
	return Key{Kind: KindReference, Association: association, Point: at.Point, Machine: at.Machine,
		Criterion: operating.ConditionCriterion(at.Criterion, condition), Condition: condition, Direction: dir}
}

// name is the series' unique key in the series table.
func (k Key) name() string {
	switch k.Kind {
	case KindReference:
		return fmt.Sprintf("r/%d/%d/%d/%d", k.Association, k.Criterion, k.Condition, k.Direction)
	case KindVco:
		return fmt.Sprintf("v/%d/%d/%d", k.Machine, k.Vco, k.Direction)
	case KindBias:
		return fmt.Sprintf("b/%d/%d", k.Machine, k.Channel)
	}
	return fmt.Sprintf("s/%d/%s", k.Device, k.Magnitude)
}

// columns are the series table's columns of the key, in seriesColumns' order (NULL for the
// fields of other kinds).
func (k Key) columns() []any {
	null := func(ok bool, v any) any {
		if ok {
			return v
		}
		return nil
	}
	ref, vco, bias, sensor := k.Kind == KindReference, k.Kind == KindVco, k.Kind == KindBias, k.Kind == KindSensor
	return []any{k.name(), k.Kind, null(ref, k.Association), null(ref, k.Point), null(ref, k.Criterion), null(ref, k.Condition), null(ref || vco, k.Direction),
		null(!sensor, k.Machine), null(vco, k.Vco), null(bias, k.Channel), null(sensor, k.Device), null(sensor, k.Magnitude)}
}

const seriesColumns = "clave, tipo, asociacion_id, punto_id, criterio_id, condicion_id, direccion, maquina_id, vco_id, canal, equipo_id, magnitud"

// Find returns the ids of the series of keys that exist, by key: reads never create one.
func Find(ctx context.Context, q db.Querier, keys []Key) (map[Key]int64, error) {
	byName := make(map[string]Key, len(keys))
	for _, k := range keys {
		byName[k.name()] = k
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range byName {
			if !yield(n) {
				return
			}
		}
	})
	out := make(map[Key]int64, len(keys))
	for part := range slices.Chunk(names, inList) {
		rows, err := q.QueryContext(ctx, `SELECT clave, id FROM series WHERE clave IN (`+db.In(1, len(part))+`)`, db.Args(part)...)
		err = db.Pairs(rows, err, func(name string, id int64) { out[byName[name]] = id })
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Ensure returns the ids of the series of keys, by key, making those that do not exist yet
// (the write paths: ingestion and import).
func Ensure(ctx context.Context, q db.Querier, keys []Key) (map[Key]int64, error) {
	found, err := Find(ctx, q, keys)
	if err != nil {
		return nil, err
	}
	var missing []Key
	seen := map[string]bool{}
	for _, k := range keys {
		if _, ok := found[k]; !ok && !seen[k.name()] {
			missing, seen[k.name()] = append(missing, k), true
		}
	}
	if len(missing) == 0 {
		return found, nil
	}
	const n = 12
	for part := range slices.Chunk(missing, rowsPerStatement) {
		values := make([]string, len(part))
		args := make([]any, 0, n*len(part))
		for i, k := range part {
			values[i] = "(" + db.In(len(args)+1, n) + ")"
			args = append(args, k.columns()...)
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO series (`+seriesColumns+`) VALUES `+strings.Join(values, ", ")+` ON CONFLICT (clave) DO NOTHING`, args...); err != nil {
			return nil, db.MapError(err)
		}
	}
	made, err := Find(ctx, q, missing)
	for k, id := range made {
		found[k] = id
	}
	return found, err
}

// Filter chooses the series of machines, and among them, when set, those of one point, one
// association or one condition of each machine's present criterion (nil: any).
type Filter struct {
	Machines    []int64
	Point       *int64
	Association *int64
	Condition   *int64
}

// Select returns the ids of the machine series (reference, VCO and bias) the filter chooses.
// A filter on point, association or condition chooses reference series only.
func Select(ctx context.Context, q db.Querier, f Filter) ([]int64, error) {
	var out []int64
	for part := range slices.Chunk(f.Machines, inList) {
		where := []string{"maquina_id IN (" + db.In(1, len(part)) + ")"}
		args := db.Args(part)
		for _, c := range []struct {
			column string
			v      *int64
		}{{"punto_id", f.Point}, {"asociacion_id", f.Association}, {"condicion_id", f.Condition}} {
			if c.v != nil {
				args = append(args, *c.v)
				where = append(where, fmt.Sprintf("%s = $%d", c.column, len(args)))
			}
		}
		if f.Condition != nil {
			where = append(where, `criterio_id = CASE WHEN condicion_id = 0 THEN 0
				ELSE (SELECT COALESCE(m.criterio_id, 0) FROM maquinas m WHERE m.id = series.maquina_id) END`)
		}
		rows, err := q.QueryContext(ctx, `SELECT id FROM series WHERE `+strings.Join(where, " AND ")+` ORDER BY id`, args...)
		ids, err := db.Collect(rows, err, func(s db.Scanner) (id int64, err error) { return id, s.Scan(&id) })
		if err != nil {
			return nil, err
		}
		out = append(out, ids...)
	}
	return out, nil
}
