package history

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Batch is what a device sends (POST /api/device/{serial}/measurements, ARCHITECTURE §7)
// and what an import reads: values in thousandths, times in ISO 8601 (UTC when no zone is
// given).
type Batch struct {
	// Valores are VCV, digital VCV and VCP values: the reference row (VrId, as the device's
	// configuration names it) and the direction (0 V/H1, 1 H/H2, 2 A, 3 temperature).
	Valores []Value `json:"Valores,omitempty" required:"false"`
	// Vcos are machine VCO values, at the start and the end of the measurement.
	Vcos []VcoValue `json:"Vcos,omitempty" required:"false"`
	// Bias are the bias voltages of alert-device channels.
	Bias []BiasValue `json:"Bias,omitempty" required:"false"`
	// Sensores are KOS Sensor readings: battery, angles and health, each a wakeup.
	Sensores []SensorValue `json:"Sensores,omitempty" required:"false"`
}

// Value is one measured value of a reference row in one direction.
type Value struct {
	VrId  int64  `json:"VrId"`
	Dir   int64  `json:"Dir"`
	Fecha string `json:"Fecha" example:"2026-11-24T10:00:00Z"`
	Valor int64  `json:"Valor"`
}

// VcoValue is one value of a machine VCO. UsuMaquinaId may be left out by a device that
// serves one machine.
type VcoValue struct {
	UsuVco_vId   int64  `json:"UsuVco_vId"`
	UsuMaquinaId int64  `json:"UsuMaquinaId,omitempty" required:"false"`
	Fecha        string `json:"Fecha"`
	Inicio       int64  `json:"Inicio"`
	Fin          int64  `json:"Fin"`
}

// BiasValue is the bias of a channel (volts in thousandths). UsuMaquinaId as for VCOs.
type BiasValue struct {
	UsuMaquinaId int64  `json:"UsuMaquinaId,omitempty" required:"false"`
	Canal        int64  `json:"Canal"`
	Fecha        string `json:"Fecha"`
	Valor        int64  `json:"Valor"`
}

// SensorValue is what a KOS Sensor reports when it wakes up: battery and health in
// thousandths of a percent, angles in thousandths of a degree, each optional.
type SensorValue struct {
	NumeroSerie string  `json:"NumeroSerie"`
	Fecha       string  `json:"Fecha"`
	Bateria     *int64  `json:"Bateria,omitempty" required:"false"`
	Angulos     *Angles `json:"Angulos,omitempty" required:"false"`
	Salud       *int64  `json:"Salud,omitempty" required:"false"`
}

// Angles are a sensor's inclination on its three axes.
type Angles struct {
	X int64 `json:"X"`
	Y int64 `json:"Y"`
	Z int64 `json:"Z"`
}

// Limits of what is accepted, in thousandths.
const (
	maxValue   = 999_999_999    // a VCV or VCP value: ±999,999.999 in its unit
	maxVco     = 99_999_999_999 // a VCO value: ±99,999,999.999 (S3 §9 state values)
	maxPercent = 100_000
	maxAngle   = 180_000
	// clockSkew is how far ahead of the server's clock a device's may run.
	clockSkew = 5 * time.Minute
	// maxErrors bounds the reasons a refused batch answers with.
	maxErrors = 20
)

// earliest is the first time a value may have: a device whose clock was never set sends 1970.
var earliest = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).Unix()

// source is who sends a batch: a device, for the machines it serves, or a user importing
// into the scope's factory.
type source struct {
	scope  auth.Scope
	device *auth.Device
	// machines are the machines the source may send values of: a device's, or the factory's
	// among those the batch names.
	machines []int64
}

// foreign is why a value of a machine the source may not send is refused, in the source's
// words: not a machine the device serves, or not one of the factory an import is into.
func (s source) foreign() string {
	if s.device != nil {
		return "foreign_series"
	}
	return "foreign_machine"
}

// resolved is a checked batch: its samples by series key.
type resolved struct {
	keys    []Key
	samples []keyed
}

type keyed struct {
	key Key
	p   Point
}

// problems collects the reasons a batch is refused, naming each by its place in the batch.
type problems struct {
	items api.Reasons
	name  func(list string, i int, field string) string
}

func (p *problems) add(list string, i int, field, code string, params map[string]any) {
	p.items.Add(p.name(list, i, field), code, params)
}

// at parses a time; ok is false (and the reason recorded) for one that is not a date, is
// before 2000 or is beyond the clock skew in the future.
func (p *problems) at(list string, i int, s string, now time.Time) (int64, bool) {
	t, err := ParseTime(s)
	switch {
	case err != nil || t.Unix() < earliest:
		p.add(list, i, "Fecha", "bad_date", nil)
		return 0, false
	case t.After(now.Add(clockSkew)):
		p.add(list, i, "Fecha", "future_date", nil)
		return 0, false
	}
	return t.Unix(), true
}

func (p *problems) bounded(list string, i int, field string, v, lo, hi int64) bool {
	if v < lo || v > hi {
		p.add(list, i, field, "range", map[string]any{"min": lo, "max": hi})
		return false
	}
	return true
}

// ParseTime reads an ISO 8601 time (timeLayouts): with a zone, or UTC without one; a date
// alone is its midnight.
func ParseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("not a time: %q", s)
}

// timeLayouts are the forms of ISO 8601 a time is read in, as devices and spreadsheets write
// it, the commonest first (RFC 3339): a date and a time, 'T' or a space between them, with
// seconds (and a fraction of them, which time.Parse takes after seconds) or without, with a
// zone (Z, +01:00, +0100 or +01) or without one; and a date alone.
var timeLayouts = func() []string {
	var out []string
	for _, zone := range []string{"Z07:00", "", "Z0700", "Z07"} {
		for _, between := range []string{"T", " "} {
			for _, clock := range []string{"15:04:05", "15:04"} {
				out = append(out, time.DateOnly+between+clock+zone)
			}
		}
	}
	return append(out, time.DateOnly)
}()

// check validates a batch from src and resolves its values to series keys; a batch with any
// wrong value is refused whole (422, the first reasons by their place).
func (s *Service) check(ctx context.Context, q db.Querier, src source, b *Batch, name func(list string, i int, field string) string) (*resolved, error) {
	now := s.now()
	p := &problems{name: name, items: api.Reasons{Max: maxErrors}}
	out := &resolved{}
	add := func(k Key, t, v int64) {
		out.samples = append(out.samples, keyed{k, Point{T: t, V: v}})
	}
	allowed := func(machine int64) bool { return slices.Contains(src.machines, machine) }
	// A row of another factory is answered as one that does not exist: existence never leaks.
	factory := src.scope.Factory
	if src.device != nil {
		factory = 0
		if src.device.Factory != nil {
			factory = *src.device.Factory
		}
	}

	ids := make([]int64, len(b.Valores))
	for i, v := range b.Valores {
		ids[i] = v.VrId
	}
	rows, err := s.Assoc.Rows(ctx, q, slices.Compact(slices.Sorted(slices.Values(ids))))
	if err != nil {
		return nil, err
	}
	for i, v := range b.Valores {
		r, known := rows[v.VrId]
		switch {
		case !known || r.Factory != factory:
			p.add("Valores", i, "VrId", "unknown_reference", map[string]any{"id": v.VrId})
			continue
		case src.device != nil && !allowed(r.Machine):
			p.add("Valores", i, "VrId", "foreign_series", map[string]any{"id": v.VrId})
			continue
		case v.Dir < 0 || v.Dir > 3 || (v.Dir == 3 && !r.Kind.Temperature):
			p.add("Valores", i, "Dir", "invalid_direction", nil)
			continue
		}
		t, ok := p.at("Valores", i, v.Fecha, now)
		if ok && p.bounded("Valores", i, "Valor", v.Valor, -maxValue, maxValue) {
			add(ReferenceKey(r, v.Dir), t, v.Valor)
		}
	}

	// A VCO or a bias names its machine, or the one machine the device serves.
	machineOf := func(list string, i int, named int64) (int64, bool) {
		switch {
		case named == 0 && src.device != nil && len(src.machines) == 1:
			return src.machines[0], true
		case named == 0:
			p.add(list, i, "UsuMaquinaId", "required", nil)
		case !allowed(named):
			p.add(list, i, "UsuMaquinaId", src.foreign(), map[string]any{"id": named})
		default:
			return named, true
		}
		return 0, false
	}
	vcos, err := s.Operating.VcosOf(ctx, q, src.machines)
	if err != nil {
		return nil, err
	}
	for i, v := range b.Vcos {
		m, ok := machineOf("Vcos", i, v.UsuMaquinaId)
		if !ok {
			continue
		}
		if !slices.Contains(vcos[m], v.UsuVco_vId) {
			p.add("Vcos", i, "UsuVco_vId", "unknown_reference", map[string]any{"id": v.UsuVco_vId})
			continue
		}
		t, ok := p.at("Vcos", i, v.Fecha, now)
		if ok && p.bounded("Vcos", i, "Inicio", v.Inicio, -maxVco, maxVco) && p.bounded("Vcos", i, "Fin", v.Fin, -maxVco, maxVco) {
			add(Key{Kind: KindVco, Machine: m, Vco: v.UsuVco_vId, Direction: 0}, t, v.Inicio)
			add(Key{Kind: KindVco, Machine: m, Vco: v.UsuVco_vId, Direction: 1}, t, v.Fin)
		}
	}
	for i, v := range b.Bias {
		m, ok := machineOf("Bias", i, v.UsuMaquinaId)
		if !ok || !p.bounded("Bias", i, "Canal", v.Canal, 1, 11) {
			continue
		}
		if t, ok := p.at("Bias", i, v.Fecha, now); ok && p.bounded("Bias", i, "Valor", v.Valor, -maxValue, maxValue) {
			add(Key{Kind: KindBias, Machine: m, Channel: v.Canal}, t, v.Valor)
		}
	}

	serials := make([]string, len(b.Sensores))
	for i, v := range b.Sensores {
		serials[i] = v.NumeroSerie
	}
	sensors, err := s.Devices.SensorIDs(ctx, q, src.scope, src.device, serials)
	if err != nil {
		return nil, err
	}
	for i, v := range b.Sensores {
		id, ok := sensors[v.NumeroSerie]
		if !ok {
			p.add("Sensores", i, "NumeroSerie", "unknown_sensor", map[string]any{"serial": v.NumeroSerie})
			continue
		}
		t, ok := p.at("Sensores", i, v.Fecha, now)
		if !ok {
			continue
		}
		readings := []reading{{"Bateria", Battery, v.Bateria, 0, maxPercent}, {"Salud", Health, v.Salud, 0, maxPercent}}
		if a := v.Angulos; a != nil {
			readings = append(readings, reading{"Angulos.X", AngleX, &a.X, -maxAngle, maxAngle},
				reading{"Angulos.Y", AngleY, &a.Y, -maxAngle, maxAngle}, reading{"Angulos.Z", AngleZ, &a.Z, -maxAngle, maxAngle})
		}
		add(Key{Kind: KindSensor, Device: id, Magnitude: Woke}, t, 0)
		for _, r := range readings {
			if r.v != nil && p.bounded("Sensores", i, r.field, *r.v, r.lo, r.hi) {
				add(Key{Kind: KindSensor, Device: id, Magnitude: r.magnitude}, t, *r.v)
			}
		}
	}
	if err := p.items.Err(); err != nil {
		return nil, err
	}
	seen := map[Key]bool{}
	for _, k := range out.samples {
		if !seen[k.key] {
			seen[k.key], out.keys = true, append(out.keys, k.key)
		}
	}
	return out, nil
}

// reading is one of a sensor's magnitudes in a report, with its bounds.
type reading struct {
	field, magnitude string
	v                *int64
	lo, hi           int64
}

// store makes the series of a checked batch and appends its values, in q's transaction,
// and answers how many it keeps: two values of a series at one second (times are kept to the
// second) are one, the later.
func (s *Service) store(ctx context.Context, q db.Querier, r *resolved) (int, error) {
	ids, err := Ensure(ctx, q, r.keys)
	if err != nil {
		return 0, err
	}
	batch := make([]Sample, len(r.samples))
	kept := make(map[[2]int64]bool, len(r.samples))
	for i, k := range r.samples {
		batch[i] = Sample{Series: ids[k.key], Point: k.p}
		kept[[2]int64{batch[i].Series, k.p.T}] = true
	}
	return len(kept), s.Append(ctx, q, batch)
}

// batchName names a place in a JSON batch: "Valores[3].Fecha".
func batchName(list string, i int, field string) string {
	return fmt.Sprintf("%s[%d].%s", list, i, field)
}

// csvName names a place in a CSV import by its line: "Lineas[12].Fecha".
func csvName(line int, field string) string { return fmt.Sprintf("Lineas[%d]%s", line, field) }

// csvHeader is the first line of a CSV import.
var csvHeader = []string{"VrId", "Dir", "Fecha", "Valor"}

// maxLine bounds a line of a CSV import, whose values take some tens of bytes: a longer one
// is no value (a file of another kind, or one without line breaks).
const maxLine = 1 << 20

// parseCSV reads an import's CSV (header VrId,Dir,Fecha,Valor; values in thousandths) into
// a batch, and the line of each value; lines that are not values are the problems.
func parseCSV(data []byte) (*Batch, []int, *api.Reasons) {
	errs := &api.Reasons{Max: maxErrors}
	bad := func(line int, field, code string, params map[string]any) {
		errs.Add(csvName(line, field), code, params)
	}
	b := &Batch{}
	var lines []int
	rest := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	header := true
	for n := 1; len(rest) > 0; n++ {
		var line []byte
		line, rest, _ = bytes.Cut(rest, []byte("\n"))
		if len(line) > maxLine {
			bad(n, "", "line_too_long", map[string]any{"max": maxLine >> 20})
			if header {
				return b, lines, errs
			}
			continue
		}
		text := strings.TrimSpace(string(line))
		if text == "" {
			continue
		}
		cells := strings.Split(text, ",")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if header {
			header = false
			if !slices.EqualFunc(cells, csvHeader, strings.EqualFold) {
				bad(n, "", "bad_header", nil)
				return b, lines, errs
			}
			continue
		}
		if len(cells) != len(csvHeader) {
			bad(n, "", "bad_line", nil)
			continue
		}
		var v Value
		ok := true
		for _, f := range []struct {
			name string
			to   *int64
			s    string
		}{{"VrId", &v.VrId, cells[0]}, {"Dir", &v.Dir, cells[1]}, {"Valor", &v.Valor, cells[3]}} {
			var err error
			if *f.to, err = strconv.ParseInt(f.s, 10, 64); err != nil {
				bad(n, "."+f.name, "not_integer", nil)
				ok = false
			}
		}
		if ok {
			v.Fecha = cells[2]
			b.Valores, lines = append(b.Valores, v), append(lines, n)
		}
	}
	if header {
		bad(1, "", "bad_header", nil)
	}
	return b, lines, errs
}
