package demo

import (
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"vigia/internal/app"
	"vigia/internal/auth"
	"vigia/internal/history"
	"vigia/internal/platform/db"
)

// Shape of the demo's measured history.
const (
	historyDays = 365
	// sensorEvery is how often a KOS Sensor wakes up and reports.
	sensorEvery = 4 * time.Hour
	// The machine whose first bearing slowly wears out over the year, and the one that has a
	// fault for three days, 200 days into the year.
	degrading = "Bomba P-101"
	faulty    = "Ventilador V-201"
	faultDay  = 200
)

// History fills the demo factory with a year of hourly history up to now (nothing when it
// has some already): every reference row of the machines' current criteria in the hours its
// condition holds (a daily cycle: idle at night, working by day), with a baseline per
// series, noise, a daily load cycle, one bearing that wears out and one fault episode; the
// machines' VCOs and channel biases; the KOS Sensors' battery, angles, health and wakeups.
// It answers how many values it stored. It runs as the system, in one transaction.
func History(ctx context.Context, d *db.DB, feats *app.Features, now time.Time) (int, error) {
	ctx = auth.WithSystem(ctx)
	var factory int64
	if err := d.QueryRowContext(ctx, `SELECT id FROM fabricas WHERE nombre = $1`, Factory).Scan(&factory); err != nil {
		return 0, fmt.Errorf("demo history: %w", db.MapError(err))
	}
	end := now.UTC().Truncate(time.Hour)
	start := end.Add(-historyDays * 24 * time.Hour)
	total := 0
	err := d.Tx(ctx, func(tx *sql.Tx) error {
		q := db.Querier(tx)
		var some int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM series s JOIN maquinas m ON m.id = s.maquina_id WHERE m.fabrica_id = $1`, factory).Scan(&some); err != nil || some > 0 {
			return err
		}
		machines, err := demoMachines(ctx, q, feats, factory)
		if err != nil {
			return err
		}
		for _, m := range machines {
			n, err := m.fill(ctx, q, feats.History, start, end)
			if err != nil {
				return fmt.Errorf("demo history of %s: %w", m.name, err)
			}
			total += n
		}
		n, err := fillSensors(ctx, q, feats.History, factory, start, end)
		total += n
		return err
	})
	return total, err
}

// demoMachine is what the history of one machine is made of.
type demoMachine struct {
	id   int64
	name string
	// conditions are the machine's criterion's conditions, in order (one nameless one when
	// it has none); series the reference rows of each.
	conditions []int64
	refs       []demoRef
	vcos       []demoVco
	channels   []int64
}

type demoRef struct {
	association, point, criterion, condition int64
	temperature                              bool
	first                                    bool // the first association of the first point: the one that wears out
}

type demoVco struct {
	id    int64
	speed bool
}

// demoMachines reads the demo factory's machines with their reference rows (of their
// current criteria), VCOs and wired channels.
func demoMachines(ctx context.Context, q db.Querier, feats *app.Features, factory int64) ([]*demoMachine, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, nombre_es FROM maquinas WHERE fabrica_id = $1 ORDER BY id`, factory)
	machines, err := db.Collect(rows, err, func(s db.Scanner) (*demoMachine, error) {
		m := &demoMachine{}
		return m, s.Scan(&m.id, &m.name)
	})
	if err != nil {
		return nil, err
	}
	byID := map[int64]*demoMachine{}
	ids := make([]int64, len(machines))
	for i, m := range machines {
		byID[m.id], ids[i] = m, m.id
	}
	scope, err := auth.ScopeOf(ctx, factory)
	if err != nil {
		return nil, err
	}
	conditions, err := feats.Operating.Conditions(ctx, q, scope, ids)
	if err != nil {
		return nil, err
	}
	for id, list := range conditions {
		for _, c := range list {
			byID[id].conditions = append(byID[id].conditions, c.UsuCondicionID)
		}
	}
	rows, err = q.QueryContext(ctx, `SELECT a.maquina_id, a.id, a.punto_id, a.tipo, r.criterio_id, r.condicion_id FROM valores_referencia r
		JOIN asociaciones a ON a.id = r.asociacion_id WHERE a.fabrica_id = $1 ORDER BY a.maquina_id, a.punto_id, a.id, r.condicion_id`, factory)
	err = db.Each(rows, err, func(s db.Scanner) error {
		var machine int64
		var tipo string
		var r demoRef
		err := s.Scan(&machine, &r.association, &r.point, &tipo, &r.criterion, &r.condition)
		m := byID[machine]
		r.temperature = tipo == "MPVP"
		r.first = len(m.refs) == 0 || m.refs[0].association == r.association
		m.refs = append(m.refs, r)
		return err
	})
	if err != nil {
		return nil, err
	}
	rows, err = q.QueryContext(ctx, `SELECT v.maquina_id, v.vco_id, c.nombre_es FROM maquina_vcos v JOIN catalogo c ON c.id = v.vco_id
		JOIN maquinas m ON m.id = v.maquina_id WHERE m.fabrica_id = $1`, factory)
	err = db.Each(rows, err, func(s db.Scanner) error {
		var machine int64
		var v demoVco
		var name string
		err := s.Scan(&machine, &v.id, &name)
		v.speed = strings.Contains(name, "Velocidad")
		byID[machine].vcos = append(byID[machine].vcos, v)
		return err
	})
	if err != nil {
		return nil, err
	}
	rows, err = q.QueryContext(ctx, `SELECT c.maquina_id, c.canal FROM punto_canales c JOIN maquinas m ON m.id = c.maquina_id WHERE m.fabrica_id = $1 ORDER BY c.canal`, factory)
	err = db.Pairs(rows, err, func(machine, channel int64) { byID[machine].channels = append(byID[machine].channels, channel) })
	return machines, err
}

// conditionAt is the index of the condition a machine of n conditions is in at an hour of
// the day: the first (idle, stopped) at night, the others by turns through the day.
func conditionAt(n, hour int) int {
	if n < 2 {
		return 0
	}
	if hour < 6 || hour >= 22 {
		return 0
	}
	return 1 + (hour-6)*(n-1)/16
}

// seeded is a random source of its own for each series, so the history is the same every run.
func seeded(parts ...any) *rand.Rand {
	h := fnv.New64a()
	fmt.Fprint(h, parts...)
	return rand.New(rand.NewPCG(h.Sum64(), 7))
}

// fill appends the machine's year of values.
func (m *demoMachine) fill(ctx context.Context, q db.Querier, h *history.Service, start, end time.Time) (int, error) {
	var keys []history.Key
	var values [][]history.Point
	hours := int(end.Sub(start) / time.Hour)
	for _, r := range m.refs {
		at := -1
		for i, c := range m.conditions {
			if c == r.condition {
				at = i
			}
		}
		if at < 0 {
			continue // a row of a condition the criterion no longer has
		}
		dirs := 3
		if r.temperature {
			dirs = 4
		}
		for dir := range dirs {
			rng := seeded(r.association, r.condition, dir)
			base := 500 + rng.Float64()*2100 // 0.5 to 2.6 mm/s: most series normal, a few near the 2.8 warning
			if dir == 3 {
				base = 45_000 // °C
			}
			if at == 0 && len(m.conditions) > 1 {
				base *= 0.25 // idle
			}
			var points []history.Point
			for i := range hours {
				t := start.Add(time.Duration(i) * time.Hour)
				if conditionAt(len(m.conditions), t.Hour()) != at {
					continue
				}
				day := float64(i) / 24
				v := base * (1 + 0.08*math.Sin(2*math.Pi*float64(t.Hour())/24)) * (1 + 0.03*rng.NormFloat64())
				if dir < 3 && r.first && m.name == degrading {
					v *= 1 + 2.5*math.Pow(day/historyDays, 3)
				}
				if dir < 3 && m.name == faulty && day >= faultDay && day < faultDay+3 {
					v *= 2.5
				}
				points = append(points, history.Point{T: t.Unix(), V: int64(math.Round(max(v, 1)))})
			}
			keys = append(keys, history.Key{Kind: history.KindReference, Association: r.association, Point: r.point, Criterion: r.criterion, Condition: r.condition, Direction: int64(dir), Machine: m.id})
			values = append(values, points)
		}
	}
	for _, v := range m.vcos {
		rng := seeded(m.id, v.id)
		nominal := 75.0 // % of load
		if v.speed {
			nominal = 1480 // rpm
		}
		var start0, end0 []history.Point
		for i := range hours {
			t := start.Add(time.Duration(i) * time.Hour)
			level := nominal * (1 + 0.01*rng.NormFloat64())
			if conditionAt(2, t.Hour()) == 0 {
				level = nominal * 0.02 * rng.Float64()
			}
			start0 = append(start0, history.Point{T: t.Unix(), V: int64(level * 1000)})
			end0 = append(end0, history.Point{T: t.Unix(), V: int64(level * (1 + 0.005*rng.NormFloat64()) * 1000)})
		}
		keys = append(keys, history.Key{Kind: history.KindVco, Machine: m.id, Vco: v.id, Direction: 0}, history.Key{Kind: history.KindVco, Machine: m.id, Vco: v.id, Direction: 1})
		values = append(values, start0, end0)
	}
	for _, c := range m.channels {
		rng := seeded(m.id, "bias", c)
		var points []history.Point
		for i := range hours {
			points = append(points, history.Point{T: start.Add(time.Duration(i) * time.Hour).Unix(), V: int64(11_500 + 20*rng.NormFloat64())})
		}
		keys = append(keys, history.Key{Kind: history.KindBias, Machine: m.id, Channel: c})
		values = append(values, points)
	}
	return appendKeyed(ctx, q, h, keys, values)
}

// fillSensors appends the reports of the factory's installed KOS Sensors: every four hours,
// a battery that drains, angles that stay, a health that wavers, and the wakeup itself.
func fillSensors(ctx context.Context, q db.Querier, h *history.Service, factory int64, start, end time.Time) (int, error) {
	rows, err := q.QueryContext(ctx, `SELECT e.id FROM equipos e WHERE e.tipo = 'MEMS' AND e.fabrica_id = $1
		AND EXISTS (SELECT 1 FROM puntos p WHERE p.sensor_proteccion = e.guid OR p.sensor_prediccion = e.guid) ORDER BY e.id`, factory)
	sensors, err := db.Collect(rows, err, func(s db.Scanner) (id int64, err error) { return id, s.Scan(&id) })
	if err != nil {
		return 0, err
	}
	var keys []history.Key
	var values [][]history.Point
	reports := int(end.Sub(start) / sensorEvery)
	for _, id := range sensors {
		rng := seeded("sensor", id)
		magnitudes := map[string][]history.Point{}
		for i := range reports {
			t := start.Add(time.Duration(i) * sensorEvery).Unix()
			left := float64(reports-i) / float64(reports)
			for name, v := range map[string]float64{
				history.Battery: 72_000 + 28_000*left + 150*rng.NormFloat64(),
				history.Health:  98_000 + 800*rng.NormFloat64(),
				history.AngleX:  1_200 + 40*rng.NormFloat64(),
				history.AngleY:  -800 + 40*rng.NormFloat64(),
				history.AngleZ:  89_500 + 40*rng.NormFloat64(),
				history.Woke:    0,
			} {
				magnitudes[name] = append(magnitudes[name], history.Point{T: t, V: int64(math.Round(min(v, 100_000)))})
			}
		}
		for name, points := range magnitudes {
			keys = append(keys, history.Key{Kind: history.KindSensor, Device: id, Magnitude: name})
			values = append(values, points)
		}
	}
	return appendKeyed(ctx, q, h, keys, values)
}

// appendKeyed makes the series of keys and appends each its values.
func appendKeyed(ctx context.Context, q db.Querier, h *history.Service, keys []history.Key, values [][]history.Point) (int, error) {
	ids, err := history.Ensure(ctx, q, keys)
	if err != nil {
		return 0, err
	}
	var batch []history.Sample
	for i, k := range keys {
		for _, p := range values[i] {
			batch = append(batch, history.Sample{Series: ids[k], Point: p})
		}
	}
	return len(batch), h.Append(ctx, q, batch)
}
