package history

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"vigia/internal/assoc"
	"vigia/internal/auth"
	"vigia/internal/operating"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// The states of a reference series against its thresholds, worst last: kept beside each
// series on every write (its last value, its thresholds), so that a site's alarms read them
// without touching the history.
const (
	StateNoValue = iota
	StateNoThresholds
	StateNormal
	StateWarning
	StateAlarm
	StateDanger
)

// StateUnlisted is the state of a reference series of a condition its machine's criterion
// no longer has: like its reference row, which the machine's alert list leaves out, it keeps
// its history but is neither listed nor counted among the alarms. It is set and cleared as
// the machines' criteria change (ConditionsChanged), and kept by every other write.
const StateUnlisted = -1

// stateNames are the states as the API names them.
var stateNames = []string{"SIN_DATOS", "SIN_UMBRALES", "NORMAL", "AVISO", "ALARMA", "PELIGRO"}

// State is the state of a last value (nil: none) against a direction's thresholds (above
// danger, alarm or warning, normal, or no thresholds set) and the value over the threshold
// that state is measured against: the one it passed, the warning's when normal (0 without a
// value or thresholds). The ratio orders the series of a state whatever their units.
func State(v *int64, g assoc.Group) (int, float64) {
	var state int
	var against *int64
	switch {
	case v == nil:
		return StateNoValue, 0
	case g.Aviso == nil:
		return StateNoThresholds, 0
	case g.Peligro != nil && *v > *g.Peligro:
		state, against = StateDanger, g.Peligro
	case g.Alarma != nil && *v > *g.Alarma:
		state, against = StateAlarm, g.Alarma
	case *v > *g.Aviso:
		state, against = StateWarning, g.Aviso
	default:
		state, against = StateNormal, g.Aviso
	}
	if *against <= 0 {
		return state, 0
	}
	return state, float64(*v) / float64(*against)
}

// Append stores a batch (Store.Append) with the states of its reference series at their
// new last values: what ingestion, imports and the demo write through. The series' rows and
// thresholds are read first, so that one write of each series records its last value and
// state together. That write takes the series' rows; the thresholds are read again then,
// and a series whose thresholds a save committed in between (PostgreSQL's reads take no
// locks) is measured again: a threshold save that commits later waits for those rows and
// measures them itself (refresh).
func (s *Service) Append(ctx context.Context, q db.Querier, batch []Sample) error {
	series := make([]int64, len(batch))
	for i, b := range batch {
		series[i] = b.Series
	}
	var listed []reference
	groups := map[int64]assoc.Group{}
	for part := range slices.Chunk(slices.Compact(slices.Sorted(slices.Values(series))), inList) {
		list, thresholds, err := s.references(ctx, q, part, false)
		if err != nil {
			return err
		}
		for _, r := range list {
			groups[r.id] = thresholds[r.RowKey].Groups[r.dir]
		}
		listed = append(listed, list...)
	}
	err := s.Store.Append(ctx, q, batch, func(series, v int64) (int, float64, bool) {
		g, ok := groups[series]
		if !ok {
			return 0, 0, false
		}
		state, ratio := State(&v, g)
		return state, ratio, true
	})
	if err != nil || len(listed) == 0 {
		return err
	}
	now, err := s.thresholds(ctx, q, listed)
	if err != nil {
		return err
	}
	var stale []int64
	for _, r := range listed {
		if !now[r.RowKey].Groups[r.dir].Same(groups[r.id]) {
			stale = append(stale, r.id)
		}
	}
	return s.refresh(ctx, q, stale)
}

// reference is a reference series as its state is measured: its reference row, direction
// and recorded last value.
type reference struct {
	id int64
	assoc.RowKey
	dir  int64
	last *int64
}

// references reads the listed reference series among series (at most inList) and the
// thresholds of their rows: two statements. Locked, the series' rows are taken first (an
// update that changes nothing), so that their last values are read after a concurrent
// batch of theirs commits.
func (s *Service) references(ctx context.Context, q db.Querier, series []int64, lock bool) ([]reference, map[assoc.RowKey]assoc.RowThresholds, error) {
	where := `WHERE tipo = '` + KindReference + `' AND estado <> ` + strconv.Itoa(StateUnlisted) + ` AND id IN (` + db.In(1, len(series)) + `)`
	query := `SELECT id, asociacion_id, criterio_id, condicion_id, direccion, ultimo_v FROM series ` + where
	if lock {
		query = `UPDATE series SET estado = estado ` + where + ` RETURNING id, asociacion_id, criterio_id, condicion_id, direccion, ultimo_v`
	}
	rows, err := q.QueryContext(ctx, query, db.Args(series)...)
	list, err := db.Collect(rows, err, func(sc db.Scanner) (r reference, err error) {
		return r, sc.Scan(&r.id, &r.Association, &r.Criterion, &r.Condition, &r.dir, &r.last)
	})
	if err != nil || len(list) == 0 {
		return nil, nil, err
	}
	thresholds, err := s.thresholds(ctx, q, list)
	return list, thresholds, err
}

// thresholds reads the thresholds of the reference rows of list.
func (s *Service) thresholds(ctx context.Context, q db.Querier, list []reference) (map[assoc.RowKey]assoc.RowThresholds, error) {
	keys := make([]assoc.RowKey, len(list))
	for i, r := range list {
		keys[i] = r.RowKey
	}
	return s.Assoc.Thresholds(ctx, q, keys)
}

// refresh measures again the states of the listed reference series among series at their
// recorded last values, read under the series' locks.
func (s *Service) refresh(ctx context.Context, q db.Querier, series []int64) error {
	for part := range slices.Chunk(series, inList) {
		list, thresholds, err := s.references(ctx, q, part, true)
		if err != nil {
			return err
		}
		for chunk := range slices.Chunk(list, rowsPerStatement) {
			values := make([]string, len(chunk))
			args := make([]any, 0, 3*len(chunk))
			for i, r := range chunk {
				values[i] = fmt.Sprintf("(CAST($%d AS BIGINT), CAST($%d AS BIGINT), CAST($%d AS DOUBLE PRECISION))", len(args)+1, len(args)+2, len(args)+3)
				state, ratio := State(r.last, thresholds[r.RowKey].Groups[r.dir])
				args = append(args, r.id, state, ratio)
			}
			if _, err := q.ExecContext(ctx, `WITH b (id, e, r) AS (VALUES `+strings.Join(values, ", ")+`)
				UPDATE series SET estado = b.e, ultimo_r = b.r FROM b WHERE series.id = b.id`, args...); err != nil {
				return err
			}
		}
	}
	return nil
}

// ReferencesChanged brings up to date the states of the series of reference rows whose
// thresholds were just written (the associations' hook).
func (s *Service) ReferencesChanged(ctx context.Context, q db.Querier, rows []int64) error {
	found, err := s.Assoc.Rows(ctx, q, rows)
	if err != nil || len(found) == 0 {
		return err
	}
	var associations []int64
	written := map[assoc.RowKey]bool{}
	for _, r := range found {
		associations = append(associations, r.Association)
		written[r.RowKey] = true
	}
	associations = slices.Compact(slices.Sorted(slices.Values(associations)))
	var series []int64
	for part := range slices.Chunk(associations, inList) {
		rs, err := q.QueryContext(ctx, `SELECT id, asociacion_id, criterio_id, condicion_id FROM series WHERE tipo = '`+KindReference+`' AND asociacion_id IN (`+db.In(1, len(part))+`)`, db.Args(part)...)
		err = db.Each(rs, err, func(sc db.Scanner) error {
			var id int64
			var key assoc.RowKey
			err := sc.Scan(&id, &key.Association, &key.Criterion, &key.Condition)
			if written[key] {
				series = append(series, id)
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	// In id order, whatever order the engine read them in: the writes take the rows' locks in one order.
	slices.Sort(series)
	return s.refresh(ctx, q, series)
}

// ConditionsChanged brings the states of the machines' reference series in line with the
// conditions of their criteria, by machine (the associations' hook, on the writes that
// change them): a series of a condition its machine's criterion no longer has is unlisted,
// one of a condition it has again is measured again. A fixed number of statements.
func (s *Service) ConditionsChanged(ctx context.Context, q db.Querier, conditions map[int64][]operating.CriterionCondition) error {
	table, args := operating.ConditionsTable(conditions)
	if table == "" {
		return nil
	}
	set := func(from, to string) string {
		return table + `
			UPDATE series SET estado = ` + to + ` WHERE tipo = '` + KindReference + `' AND maquina_id IN (SELECT maquina FROM c)
			AND ` + from + ` (maquina_id, criterio_id, condicion_id) IN (SELECT maquina, criterio, condicion FROM c)`
	}
	unlisted := strconv.Itoa(StateUnlisted)
	rows, err := q.QueryContext(ctx, set("estado = "+unlisted+" AND", strconv.Itoa(StateNoValue))+` RETURNING id`, args...)
	listed, err := db.Collect(rows, err, func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) })
	if err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, set("estado <> "+unlisted+" AND NOT", unlisted), args...); err != nil {
		return err
	}
	return s.refresh(ctx, q, listed)
}

// orderedScan is how many series of a state a site's alarms read through the ordered index
// rather than sort: sorting a few thousand is quicker than skipping other sites' series.
const orderedScan = 5000

// SiteQuery chooses the series of a site's alarms: optionally of one area, one machine, one
// state, and a page of the list, worst first.
type SiteQuery struct {
	UsuAreaId    int64  `query:"UsuAreaId" doc:"0: every area"`
	UsuMaquinaId int64  `query:"UsuMaquinaId" doc:"0: every machine"`
	Estado       string `query:"Estado" enum:"SIN_DATOS,SIN_UMBRALES,NORMAL,AVISO,ALARMA,PELIGRO," doc:"Empty: every state"`
	Desde        int    `query:"Desde" minimum:"0" doc:"First row of the page"`
	Cuantas      int    `query:"Cuantas" minimum:"1" maximum:"500" default:"50" doc:"Rows of the page"`
}

// SiteState is one series of a site's alarms: where it is and what it is (its machine,
// component, point, item, condition and direction), its last value and its state against the
// direction's thresholds.
type SiteState struct {
	// UsuValorReferenciaID is the reference row (the alarm edit modal writes through it).
	UsuValorReferenciaID int64  `json:"UsuValorReferenciaID"`
	UsuMaquinaId         int64  `json:"UsuMaquinaId"`
	MaquinaNombre        string `json:"MaquinaNombre"`
	ComponenteNombre     string `json:"ComponenteNombre"`
	UsuPuntoVibracionID  int64  `json:"UsuPuntoVibracionID"`
	PuntoNombre          string `json:"PuntoNombre"`
	UsuMaqPuntoVcvId     int64  `json:"UsuMaqPuntoVcvId"`
	Tipo                 string `json:"Tipo" enum:"MPV,MPVD,MPVP"`
	VcvNombre            string `json:"VcvNombre"`
	// TipoVcp is a VCP's type (its values' unit); empty for a VCV.
	TipoVcp string `json:"TipoVcp" enum:",VEL,ACE,CRE,DEM,MAG,TEM,POS"`
	// Rango is a VCV's band range; empty for a VCP.
	Rango           string     `json:"Rango" enum:",BR,AR,DM,MG"`
	UsuCondicionId  int64      `json:"UsuCondicionId"`
	CondicionNombre *string    `json:"CondicionNombre"`
	Orientacion     int64      `json:"Orientacion"`
	Direccion       int64      `json:"Direccion"`
	Fecha           *time.Time `json:"Fecha"`
	Valor           *int64     `json:"Valor"`
	VrAviso         *int64     `json:"VrAviso"`
	VrAlarma        *int64     `json:"VrAlarma"`
	VrPeligro       *int64     `json:"VrPeligro"`
	Estado          string     `json:"Estado" enum:"SIN_DATOS,SIN_UMBRALES,NORMAL,AVISO,ALARMA,PELIGRO"`
	// criterion is the criterion whose condition the series is of.
	criterion int64
}

// row is the reference row the series is of.
func (r *SiteState) row() assoc.RowKey {
	return assoc.RowKey{Association: r.UsuMaqPuntoVcvId, Criterion: r.criterion, Condition: r.UsuCondicionId}
}

// SiteAlarms is the current state of a site's series: how many in each state, and a page
// of them, worst first.
type SiteAlarms struct {
	Totales map[string]int64 `json:"Totales"`
	Total   int64            `json:"Total"`
	Filas   []SiteState      `json:"Filas"`
}

// Alarms answers the state of every reference series of the site's machines (the site's
// 'alarms' tab): counts per state and one page of the series, worst first, each with its
// last value, names and thresholds. Two reads of the series whatever the site's size, then
// the alert lists of the page's machines.
func (s *Service) Alarms(ctx context.Context, q db.Querier, scope auth.Scope, site int64, f SiteQuery) (*SiteAlarms, error) {
	level, id := "site", site
	switch {
	case f.UsuMaquinaId != 0:
		level, id = "machine", f.UsuMaquinaId
	case f.UsuAreaId != 0:
		level, id = "area", f.UsuAreaId
	}
	machines, err := tree.MachinesUnder(ctx, q, scope, level, id)
	if err != nil {
		return nil, err
	}
	if level != "site" {
		inSite, err := tree.MachinesUnder(ctx, q, scope, "site", site)
		if err != nil {
			return nil, err
		}
		machines = slices.DeleteFunc(machines, func(m int64) bool { return !slices.Contains(inSite, m) })
	}
	out := &SiteAlarms{Totales: map[string]int64{}, Filas: []SiteState{}}
	for _, n := range stateNames {
		out.Totales[n] = 0
	}
	if len(machines) == 0 {
		return out, nil
	}
	where := `tipo = '` + KindReference + `' AND maquina_id IN (` + db.In(1, len(machines)) + `)`
	args := db.Args(machines)
	rows, err := q.QueryContext(ctx, `SELECT estado, SUM(n) FROM series_estados WHERE maquina_id IN (`+db.In(1, len(machines))+`)
		AND estado <> `+strconv.Itoa(StateUnlisted)+` GROUP BY estado`, args...)
	if err = db.Pairs(rows, err, func(state int, n int64) { out.Totales[stateNames[state]] = n }); err != nil {
		return nil, err
	}
	states := []int{StateDanger, StateAlarm, StateWarning, StateNormal, StateNoThresholds, StateNoValue}
	if f.Estado != "" {
		states = []int{slices.Index(stateNames, f.Estado)}
	}
	for _, st := range states {
		out.Total += out.Totales[stateNames[st]]
	}
	if f.Cuantas == 0 {
		f.Cuantas = 50
	}
	// Worst first, one state at a time: the counts tell which states the page falls in, so
	// only their rows are sorted (alarms are few; the normal rows are sorted only when paged to).
	// Within a state, the furthest past their level (the nearest the warning) first.
	page := []SiteState{}
	skip := int64(f.Desde)
	for _, st := range states {
		n := out.Totales[stateNames[st]]
		if skip >= n {
			skip -= n
			continue
		}
		// Many series in the state: series_orden read backwards, stopping at the page's end. A
		// few: read by machine and sorted ('+' keeps both engines off the ordered index, which
		// would walk every factory's series in that state).
		order := "+ultimo_r"
		if n > orderedScan {
			order = "ultimo_r"
		}
		rows, err := q.QueryContext(ctx, `SELECT maquina_id, punto_id, asociacion_id, criterio_id, condicion_id, direccion, ultimo_t, ultimo_v FROM series
			WHERE `+where+fmt.Sprintf(` AND estado = %d ORDER BY %s DESC, ultimo_v DESC, id DESC LIMIT %d OFFSET %d`, st, order, f.Cuantas-len(page), skip), args...)
		found, err := db.Collect(rows, err, func(sc db.Scanner) (r SiteState, err error) {
			var t *int64
			err = sc.Scan(&r.UsuMaquinaId, &r.UsuPuntoVibracionID, &r.UsuMaqPuntoVcvId, &r.criterion, &r.UsuCondicionId, &r.Direccion, &t, &r.Valor)
			if t != nil {
				at := time.Unix(*t, 0).UTC()
				r.Fecha = &at
			}
			r.Estado = stateNames[st]
			return r, err
		})
		if err != nil {
			return nil, err
		}
		page, skip = append(page, found...), 0
		if len(page) >= f.Cuantas {
			break
		}
	}
	out.Filas = page
	return out, s.label(ctx, q, scope, page)
}

// label names the rows of a page of a site's alarms and gives them their thresholds: a
// fixed number of reads whatever the rows.
func (s *Service) label(ctx context.Context, q db.Querier, scope auth.Scope, page []SiteState) error {
	var associations, machines []int64
	keys := make([]assoc.RowKey, len(page))
	for i, r := range page {
		associations, machines = append(associations, r.UsuMaqPuntoVcvId), append(machines, r.UsuMaquinaId)
		keys[i] = r.row()
	}
	machines = slices.Compact(slices.Sorted(slices.Values(machines)))
	described, err := s.Assoc.Describe(ctx, q, scope, associations)
	if err != nil {
		return err
	}
	thresholds, err := s.Assoc.Thresholds(ctx, q, keys)
	if err != nil {
		return err
	}
	conditions, err := s.Operating.Conditions(ctx, q, scope, machines)
	if err != nil {
		return err
	}
	names, err := tree.MachineNames(ctx, q, scope, machines)
	if err != nil {
		return err
	}
	for i := range page {
		r := &page[i]
		d := described[r.UsuMaqPuntoVcvId]
		r.MaquinaNombre, r.ComponenteNombre, r.PuntoNombre, r.Tipo, r.VcvNombre, r.TipoVcp, r.Rango, r.Orientacion = names[r.UsuMaquinaId], d.Componente, d.Punto, d.Tipo, d.Item, d.TipoVcp, d.Rango, d.Mounting-1
		row := thresholds[r.row()]
		g := row.Groups[r.Direccion]
		r.UsuValorReferenciaID, r.VrAviso, r.VrAlarma, r.VrPeligro = row.ID, g.Aviso, g.Alarma, g.Peligro
		for _, c := range conditions[r.UsuMaquinaId] {
			if c.UsuCondicionID == r.UsuCondicionId && c.Criterion == r.criterion && c.UsuCondicionID != 0 {
				r.CondicionNombre = &c.CondicionNombre
			}
		}
	}
	return nil
}

// AlertCount is how many series are in a state above the thresholds, and how many points
// have a series in it (what the site's alarms tab lists in that state).
type AlertCount struct {
	Estado string `json:"Estado" enum:"PELIGRO,ALARMA,AVISO"`
	Series int64  `json:"Series"`
	Puntos int64  `json:"Puntos"`
}

// Alerting counts the states above the thresholds, worst first: danger, alarm, warning.
type Alerting []AlertCount

// alertStates are the states Alerting counts, in its order.
var alertStates = []int{StateDanger, StateAlarm, StateWarning}

// NewAlerting is an Alerting of nothing.
func NewAlerting() Alerting {
	out := make(Alerting, len(alertStates))
	for i, st := range alertStates {
		out[i].Estado = stateNames[st]
	}
	return out
}

// Add adds b's counts to a's (of other machines: a point is never in both).
func (a Alerting) Add(b Alerting) {
	for i := range a {
		a[i].Series += b[i].Series
		a[i].Puntos += b[i].Puntos
	}
}

// AlertingOf answers the machines of the scope's factory that have a series above its
// thresholds, with their counts: one read of those series whatever the factory's size.
func AlertingOf(ctx context.Context, q db.Querier, scope auth.Scope) (map[int64]Alerting, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT maquina_id, estado, COUNT(*), COUNT(DISTINCT punto_id) FROM series
		WHERE tipo = '`+KindReference+`' AND estado >= $1 AND maquina_id IN (`+db.OwnedRows("maquinas", 2)+`)
		GROUP BY maquina_id, estado`, StateWarning, scope.Factory)
	out := map[int64]Alerting{}
	err = db.Each(rows, err, func(sc db.Scanner) error {
		var machine, series, points int64
		var state int
		if err := sc.Scan(&machine, &state, &series, &points); err != nil {
			return err
		}
		if out[machine] == nil {
			out[machine] = NewAlerting()
		}
		i := slices.Index(alertStates, state)
		out[machine][i].Series, out[machine][i].Puntos = series, points
		return nil
	})
	return out, err
}
