package history

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"vigia/internal/assoc"
	"vigia/internal/auth"
	"vigia/internal/devices"
	"vigia/internal/operating"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// Service is the measured history: what comes in from devices and imports, what the charts
// read, data cleaning and retention. Its calls run in the caller's transaction.
type Service struct {
	Store     Store
	Assoc     *assoc.Service
	Operating *operating.Operating
	Tree      *tree.Tree
	Devices   *devices.Registry
	// Now is the server's clock (tests set it).
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Ingest stores what a device sends, for the machines it serves; a batch with any wrong
// value is refused whole and stores nothing. It answers how many values it stored.
func (s *Service) Ingest(ctx context.Context, q db.Querier, d *auth.Device, b *Batch) (int, error) {
	machines, err := s.Devices.Served(ctx, q, d)
	if err != nil {
		return 0, err
	}
	r, err := s.check(ctx, q, source{device: d, machines: machines}, b, batchName)
	if err != nil {
		return 0, err
	}
	return s.store(ctx, q, r)
}

// Imported is the report of an import: the values read and stored.
type Imported struct {
	Leidas    int `json:"Leidas"`
	Guardadas int `json:"Guardadas"`
}

// Import stores the history a plant brings from the system it replaces, as the JSON of a
// device batch or as CSV (VrId,Dir,Fecha,Valor), into the scope's factory. A file with any
// wrong line stores nothing; the refusal names the lines (CSV: those refused while reading
// it too, in unread) or places (JSON).
func (s *Service) Import(ctx context.Context, q db.Querier, scope auth.Scope, b *Batch, lines []int, unread *api.Reasons) (*Imported, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, err
	}
	var named []int64
	for _, v := range b.Vcos {
		named = append(named, v.UsuMaquinaId)
	}
	for _, v := range b.Bias {
		named = append(named, v.UsuMaquinaId)
	}
	machines, err := tree.OwnedMachines(ctx, q, scope, slices.Compact(slices.Sorted(slices.Values(named))))
	if err != nil {
		return nil, err
	}
	name := batchName
	if lines != nil {
		name = func(_ string, i int, field string) string { return csvName(lines[i], "."+field) }
	}
	r, err := s.check(ctx, q, source{scope: scope, machines: machines}, b, name)
	if p, ok := api.AsProblem(err); ok && p.Status == 422 || err == nil && unread.Len() > 0 {
		all := &api.Problem{Status: 422, Items: slices.Clone(unread.Items), More: unread.More}
		if p != nil {
			all.Items, all.More = append(all.Items, p.Items...), all.More+p.More
		}
		return nil, byLine(all)
	}
	if err != nil {
		return nil, err
	}
	n, err := s.store(ctx, q, r)
	return &Imported{Leidas: len(b.Valores) + len(b.Vcos) + len(b.Bias) + len(b.Sensores), Guardadas: n}, err
}

// byLine orders the reasons of a refused CSV import by their line and keeps the first
// maxErrors, counting the others with those already left out.
func byLine(p *api.Problem) *api.Problem {
	line := func(it api.Item) (n int) {
		fmt.Sscanf(it.Field, "Lineas[%d]", &n)
		return n
	}
	slices.SortStableFunc(p.Items, func(a, b api.Item) int { return cmp.Compare(line(a), line(b)) })
	kept := min(len(p.Items), maxErrors)
	p.More += len(p.Items) - kept
	p.Items = p.Items[:kept]
	return p
}

// Period is the dates of a chart or a cleaning: a date alone covers its whole day (Inicio
// 00:00 to Fin 24:00 UTC, ARCHITECTURE §6), a time is taken as it is.
type Period struct {
	FechaInicio string `json:"FechaInicio" required:"false" example:"2026-10-25"`
	FechaFin    string `json:"FechaFin" required:"false" example:"2026-11-24"`
}

// bounds returns the period's first and last second.
func (p Period) bounds() (from, to int64, err error) {
	var errs api.FieldErrors
	parse := func(field, s string) time.Time {
		t, err := ParseTime(s)
		switch {
		case strings.TrimSpace(s) == "":
			errs.Add(field, "required", nil)
		case err != nil:
			errs.Add(field, "bad_date", nil)
		}
		return t
	}
	start, end := parse("FechaInicio", p.FechaInicio), parse("FechaFin", p.FechaFin)
	if len(errs) > 0 {
		return 0, 0, errs.Err()
	}
	to = end.Unix()
	if !strings.ContainsAny(strings.TrimSpace(p.FechaFin), "T ") {
		to += 86400 - 1
	}
	if to < start.Unix() {
		return 0, 0, api.Invalid("FechaFin", "bad_range", nil)
	}
	return start.Unix(), to, nil
}

// lastDays is the period of the last days up to now.
func (s *Service) lastDays(days int64) (from, to int64) {
	now := s.now().Unix()
	return now - days*86400, now
}

// reduce reads series (all sharing their times, as a VCO's start and end or a sensor's
// three angles) over from..to and answers their rows: the times every series holds, with
// each one's value. A chart draws the rows on one time axis, so max bounds the rows: all of
// them when they are at most max, else the union of the times M4 keeps of each series, in
// columns few enough for the union to hold at most max (newM4), the shape of each kept.
func (s *Service) reduce(ctx context.Context, q db.Querier, series []int64, from, to int64, max int) ([]int64, [][]int64, error) {
	all := make([][]Point, len(series))
	for i, id := range series {
		var err error
		if all[i], err = s.Store.Range(ctx, q, id, from, to); err != nil {
			return nil, nil, err
		}
	}
	times := make([]int64, len(all[0]))
	for j, p := range all[0] {
		times[j] = p.T
	}
	for _, points := range all[1:] {
		times = slices.DeleteFunc(times, func(t int64) bool {
			_, found := slices.BinarySearchFunc(points, t, func(p Point, t int64) int { return cmp.Compare(p.T, t) })
			return !found
		})
	}
	if len(times) > max {
		keep := map[int64]bool{}
		for _, points := range all {
			m := newM4(from, to, max, len(all))
			m.Add(at(points, times))
			for _, p := range m.Points() {
				keep[p.T] = true
			}
		}
		times = slices.DeleteFunc(times, func(t int64) bool { return !keep[t] })
	}
	rows := make([][]int64, len(times))
	for j := range rows {
		rows[j] = make([]int64, len(all))
	}
	for i, points := range all {
		for j, p := range at(points, times) {
			rows[j][i] = p.V
		}
	}
	return times, rows, nil
}

// at returns the points at times, which it holds (both in time order).
func at(points []Point, times []int64) []Point {
	out := make([]Point, 0, len(times))
	for _, p := range points {
		if len(out) < len(times) && p.T == times[len(out)] {
			out = append(out, p)
		}
	}
	return out
}

// one reads one existing series reduced to max points, or whole when max is 0 (nothing when
// the series does not exist).
func (s *Service) one(ctx context.Context, q db.Querier, k Key, from, to int64, max int) ([]Point, error) {
	ids, err := Find(ctx, q, []Key{k})
	switch {
	case err != nil || ids[k] == 0:
		return []Point{}, err
	case max == 0:
		return s.Store.Range(ctx, q, ids[k], from, to)
	}
	return s.Store.Buckets(ctx, q, ids[k], from, to, max)
}

// Dated is one value of a chart: when, and the value in thousandths.
type Dated struct {
	Fecha time.Time `json:"Fecha"`
	Valor int64     `json:"Valor"`
}

func dated(points []Point) []Dated {
	out := make([]Dated, len(points))
	for i, p := range points {
		out[i] = Dated{Fecha: time.Unix(p.T, 0).UTC(), Valor: p.V}
	}
	return out
}

// Reference reads the values of an association of kind k in one condition, in each of the
// directions dirs (the alarm charts, S1 §7), each reduced to max points; with the machine of
// the association, which it reads once for them all.
func (s *Service) Reference(ctx context.Context, q db.Querier, scope auth.Scope, k *assoc.Kind, association, condition int64, p Period, max int, dirs ...int64) (machine int64, data [][]Dated, err error) {
	from, to, err := p.bounds()
	if err != nil {
		return 0, nil, err
	}
	at, err := s.Assoc.Association(ctx, q, scope, k, association)
	if err != nil {
		return 0, nil, err
	}
	data = make([][]Dated, len(dirs))
	for i, dir := range dirs {
		points, err := s.one(ctx, q, placedKey(association, at, condition, dir), from, to, max)
		if err != nil {
			return 0, nil, err
		}
		data[i] = dated(points)
	}
	return at.Machine, data, nil
}

// ConditionData is an item's chart in one condition and direction (S1 §3 'Chart data'): its
// values, and the name of the condition they were measured in (NombreCondicionHist: null for
// a machine without a criterion, or once its criterion no longer has that condition).
type ConditionData struct {
	NombreCondicionHist *string `json:"NombreCondicionHist"`
	Datos               []Dated `json:"Datos" nullable:"false"`
}

// Chart reads an association's values in one condition and direction with the condition's name.
func (s *Service) Chart(ctx context.Context, q db.Querier, scope auth.Scope, k *assoc.Kind, association, condition, dir int64, p Period, max int) (*ConditionData, error) {
	machine, data, err := s.Reference(ctx, q, scope, k, association, condition, p, max, dir)
	if err != nil {
		return nil, err
	}
	conditions, err := s.Operating.Conditions(ctx, q, scope, []int64{machine})
	out := &ConditionData{Datos: data[0]}
	for _, c := range conditions[machine] {
		if c.UsuCondicionID == condition && condition != 0 {
			out.NombreCondicionHist = &c.CondicionNombre
		}
	}
	return out, err
}

// VcpData is a VCP's values in one condition, by direction (S2 §7.8).
type VcpData struct {
	VH1         []Dated `json:"Data_V_H1"`
	HH2         []Dated `json:"Data_H_H2"`
	A           []Dated `json:"Data_A"`
	Temperatura []Dated `json:"Data_Temperatura"`
}

// Vcp reads a VCP association's values in one condition, each direction reduced to max points.
func (s *Service) Vcp(ctx context.Context, q db.Querier, scope auth.Scope, k *assoc.Kind, association, condition int64, p Period, max int) (*VcpData, error) {
	_, data, err := s.Reference(ctx, q, scope, k, association, condition, p, max, 0, 1, 2, 3)
	if err != nil {
		return nil, err
	}
	return &VcpData{VH1: data[0], HH2: data[1], A: data[2], Temperatura: data[3]}, nil
}

// VcoDated is one value of a machine VCO: at the start and at the end of its measurement.
type VcoDated struct {
	Fecha  time.Time `json:"Fecha"`
	Inicio int64     `json:"Inicio"`
	Fin    int64     `json:"Fin"`
}

// Vco reads a machine VCO's values (the VCO alarm chart, S1 §7), reduced to max points.
func (s *Service) Vco(ctx context.Context, q db.Querier, scope auth.Scope, machine, vco int64, p Period, max int) ([]VcoDated, error) {
	from, to, err := p.bounds()
	if err != nil {
		return nil, err
	}
	if err := scope.Owned(ctx, q, "maquinas", machine); err != nil {
		return nil, err
	}
	if err := s.Operating.Machines.Owned(ctx, q, scope, vco); err != nil {
		return nil, err
	}
	keys := []Key{{Kind: KindVco, Machine: machine, Vco: vco, Direction: 0}, {Kind: KindVco, Machine: machine, Vco: vco, Direction: 1}}
	ids, err := Find(ctx, q, keys)
	if err != nil || ids[keys[0]] == 0 || ids[keys[1]] == 0 {
		return []VcoDated{}, err
	}
	times, rows, err := s.reduce(ctx, q, []int64{ids[keys[0]], ids[keys[1]]}, from, to, max)
	out := make([]VcoDated, len(times))
	for i, t := range times {
		out[i] = VcoDated{Fecha: time.Unix(t, 0).UTC(), Inicio: rows[i][0], Fin: rows[i][1]}
	}
	return out, err
}

// Wakeup is a time a sensor woke up to measure.
type Wakeup struct {
	Fecha       time.Time `json:"Fecha"`
	SensorGUID  string    `json:"SensorGUID"`
	NumeroSerie string    `json:"NumeroSerie"`
}

// Wakeups returns when the point's protection or prediction sensor woke up in the last
// days (EQP-039..EQP-041), newest first, as it reported.
func (s *Service) Wakeups(ctx context.Context, q db.Querier, scope auth.Scope, machine, point int64, mode string, days int64) ([]Wakeup, error) {
	sensor, err := s.Devices.PointSensor(ctx, q, scope, machine, point, mode)
	if err != nil || sensor == nil {
		return []Wakeup{}, err
	}
	from, to := s.lastDays(days)
	points, err := s.one(ctx, q, Key{Kind: KindSensor, Device: sensor.ID, Magnitude: Woke}, from, to, 0)
	out := make([]Wakeup, len(points))
	for i, p := range points {
		out[len(points)-1-i] = Wakeup{Fecha: time.Unix(p.T, 0).UTC(), SensorGUID: sensor.GUID, NumeroSerie: sensor.NumeroSerie}
	}
	return out, err
}

// Bias reads the bias of a machine's channel over the last days (INST-009), reduced to max
// points, for a user's own call or an ADMIN's, of a machine of the user's factories.
func (s *Service) Bias(ctx context.Context, q db.Querier, user, machine, channel, days int64, max int) ([]Dated, error) {
	if err := ownCall(ctx, user); err != nil {
		return nil, err
	}
	factory, err := tree.FactoryOf(ctx, q, machine)
	if err != nil {
		return nil, err
	}
	if _, err := auth.ScopeOf(ctx, factory); err != nil {
		return nil, err
	}
	from, to := s.lastDays(days)
	points, err := s.one(ctx, q, Key{Kind: KindBias, Machine: machine, Channel: channel}, from, to, max)
	return dated(points), err
}

// ownCall refuses a call on a user's path (user/{user}/...) made by anyone but that user or
// an ADMIN (ARCHITECTURE §4).
func ownCall(ctx context.Context, user int64) error {
	p, err := auth.From(ctx)
	if err != nil {
		return err
	}
	if !p.IsAdmin() && (p.User == nil || p.User.UsuarioID != user) {
		return api.ErrForbidden
	}
	return nil
}

// SensorReading reads a KOS Sensor's battery or health over the last days (INST-010,
// INST-012), reduced to max points.
func (s *Service) SensorReading(ctx context.Context, q db.Querier, sensor int64, magnitude string, days int64, max int) ([]Dated, error) {
	e, err := s.Devices.VisibleSensor(ctx, q, sensor)
	if err != nil {
		return nil, err
	}
	from, to := s.lastDays(days)
	points, err := s.one(ctx, q, Key{Kind: KindSensor, Device: e.ID, Magnitude: magnitude}, from, to, max)
	return dated(points), err
}

// AngleDated is a sensor's inclination at a time, on its three axes, in thousandths of a degree.
type AngleDated struct {
	Fecha time.Time `json:"Fecha"`
	X     int64     `json:"X"`
	Y     int64     `json:"Y"`
	Z     int64     `json:"Z"`
}

// SensorAngles reads a KOS Sensor's angles over the last days (INST-011), reduced to max points.
func (s *Service) SensorAngles(ctx context.Context, q db.Querier, sensor, days int64, max int) ([]AngleDated, error) {
	e, err := s.Devices.VisibleSensor(ctx, q, sensor)
	if err != nil {
		return nil, err
	}
	keys := []Key{{Kind: KindSensor, Device: e.ID, Magnitude: AngleX}, {Kind: KindSensor, Device: e.ID, Magnitude: AngleY}, {Kind: KindSensor, Device: e.ID, Magnitude: AngleZ}}
	ids, err := Find(ctx, q, keys)
	if err != nil || len(ids) < 3 {
		return []AngleDated{}, err
	}
	from, to := s.lastDays(days)
	times, rows, err := s.reduce(ctx, q, []int64{ids[keys[0]], ids[keys[1]], ids[keys[2]]}, from, to, max)
	out := make([]AngleDated, len(times))
	for i, t := range times {
		out[i] = AngleDated{Fecha: time.Unix(t, 0).UTC(), X: rows[i][0], Y: rows[i][1], Z: rows[i][2]}
	}
	return out, err
}

// Cleaning chooses what data cleaning deletes below a site, an area or a machine: a period
// and, optionally, one point, one association (a VCV or VCP of a point) and one condition.
type Cleaning struct {
	FechaInicio     string `query:"FechaInicio" example:"2026-10-25"`
	FechaFin        string `query:"FechaFin" example:"2026-11-24"`
	UsuPuntoId      int64  `query:"UsuPuntoId" doc:"0: every point"`
	UsuAsociacionID int64  `query:"UsuAsociacionID" doc:"0: every VCV and VCP"`
	UsuCondicionId  int64  `query:"UsuCondicionId" default:"-1" doc:"-1: every condition"`
}

// Clean counts (dry) or deletes the values a cleaning chooses below the node of level, in
// q's transaction, and answers how many.
func (s *Service) Clean(ctx context.Context, q db.Querier, scope auth.Scope, level string, id int64, c Cleaning, dry bool) (int64, error) {
	if !dry {
		if err := scope.CheckEdit(); err != nil {
			return 0, err
		}
	}
	from, to, err := Period{FechaInicio: c.FechaInicio, FechaFin: c.FechaFin}.bounds()
	if err != nil {
		return 0, err
	}
	machines, err := tree.MachinesUnder(ctx, q, scope, level, id)
	if err != nil {
		return 0, err
	}
	f := Filter{Machines: machines}
	if c.UsuPuntoId != 0 {
		f.Point = &c.UsuPuntoId
	}
	if c.UsuAsociacionID != 0 {
		f.Association = &c.UsuAsociacionID
	}
	if c.UsuCondicionId >= 0 {
		f.Condition = &c.UsuCondicionId
	}
	series, err := Select(ctx, q, f)
	if err != nil || len(series) == 0 {
		return 0, err
	}
	n, err := s.Store.Delete(ctx, q, series, from, to, dry)
	if err != nil || dry {
		return n, err
	}
	return n, s.refresh(ctx, q, series)
}
