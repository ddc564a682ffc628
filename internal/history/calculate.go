package history

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"

	"vigia/internal/assoc"
	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// DateRange is one period of a precalculation: whole days, Inicio 00:00 to Fin 24:00 UTC.
type DateRange struct {
	Inicio string `json:"Inicio" example:"2026-10-25"`
	Fin    string `json:"Fin" example:"2026-11-24"`
}

// Precalculate is the precalculation's request (S1 §7): the spec's payload — components and
// conditions as comma-separated ids, periods, the "change" (fractions of the baseline) and
// "to-change" (mm/s) values — and our options.
type Precalculate struct {
	Componentes           string      `json:"Componentes" doc:"Comma-separated component ids; empty: every component"`
	Condiciones           string      `json:"Condiciones" required:"false" doc:"Comma-separated condition ids; empty: every condition"`
	Fechas                []DateRange `json:"Fechas"`
	VrAvisoLimite         *float64    `json:"VrAvisoLimite,omitempty" required:"false" minimum:"0"`
	VrAlarmaLimite        *float64    `json:"VrAlarmaLimite,omitempty" required:"false" minimum:"0"`
	VrPeligroLimite       *float64    `json:"VrPeligroLimite,omitempty" required:"false" minimum:"0"`
	VrAvisoAplicarValor   *float64    `json:"VrAvisoAplicarValor,omitempty" required:"false" minimum:"0"`
	VrAlarmaAplicarValor  *float64    `json:"VrAlarmaAplicarValor,omitempty" required:"false" minimum:"0"`
	VrPeligroAplicarValor *float64    `json:"VrPeligroAplicarValor,omitempty" required:"false" minimum:"0"`
	Metodo                string      `json:"Metodo,omitempty" required:"false" enum:"P95,MEDIA_SIGMA,MULTIPLO" default:"P95"`
	Atipicos              bool        `json:"Atipicos,omitempty" required:"false" doc:"Drop values beyond the median ± 3·1.4826·MAD before the baseline"`
	MuestrasMinimas       *int        `json:"MuestrasMinimas,omitempty" required:"false" minimum:"1" doc:"Lines from fewer values come back marked Insuficiente (default 10)"`
	ISO                   *Zone       `json:"ISO,omitempty" required:"false" doc:"Cap the levels of velocities (VCVs of the BR range, VEL VCPs) at the ISO 20816-3 zone boundaries of this machine group and foundation"`
}

// params reads the request's options over the defaults.
func (c *Precalculate) params() (Params, error) {
	p := DefaultParams()
	for i, v := range []*float64{c.VrAvisoLimite, c.VrAlarmaLimite, c.VrPeligroLimite} {
		if v != nil {
			p.Change[i] = *v
		}
	}
	for i, v := range []*float64{c.VrAvisoAplicarValor, c.VrAlarmaAplicarValor, c.VrPeligroAplicarValor} {
		if v != nil {
			p.ToChange[i] = *v * 1000
		}
	}
	if c.Metodo != "" {
		p.Method = c.Metodo
	}
	// Each level's change and to-change at least the level's below, or a line's warning could
	// come out above its alarm, a proposal no save takes.
	fields := [2][3]string{{"VrAvisoLimite", "VrAlarmaLimite", "VrPeligroLimite"}, {"VrAvisoAplicarValor", "VrAlarmaAplicarValor", "VrPeligroAplicarValor"}}
	for k, values := range [2][3]float64{p.Change, p.ToChange} {
		for i := 1; i < 3 && p.Method == MethodP95; i++ {
			if values[i] < values[i-1] {
				return p, api.Invalid(fields[k][i], "below_lower_level", nil)
			}
		}
	}
	p.Outliers = c.Atipicos
	if c.MuestrasMinimas != nil {
		p.MinValues = *c.MuestrasMinimas
	}
	if c.ISO != nil {
		b, ok := c.ISO.Boundaries()
		if !ok {
			return p, api.Invalid("ISO", "invalid", nil)
		}
		p.Cap = &b
	}
	return p, nil
}

// Counts are a line's figures for each level.
type Counts struct {
	Aviso   int64 `json:"Aviso"`
	Alarma  int64 `json:"Alarma"`
	Peligro int64 `json:"Peligro"`
}

func counts(l Levels) Counts { return Counts{l[0], l[1], l[2]} }

// PrecalcLine is one proposal of a precalculation: a reference row in one direction (the spec's
// result line, S1 §3) with, beyond the spec, what names it in the table, its current
// values, and what the proposal rests on.
type PrecalcLine struct {
	UsuValorReferenciaID int64   `json:"UsuValorReferenciaID"`
	UsuPuntoId           int64   `json:"UsuPuntoId"`
	PuntoNombre          string  `json:"PuntoNombre"`
	UsuCondicionId       int64   `json:"UsuCondicionId"`
	CondicionNombre      *string `json:"CondicionNombre"`
	Direccion            int64   `json:"Direccion"`
	VrAviso              int64   `json:"VrAviso"`
	VrAlarma             int64   `json:"VrAlarma"`
	VrPeligro            int64   `json:"VrPeligro"`
	UsuComponenteId      int64   `json:"UsuComponenteId"`
	ComponenteNombre     string  `json:"ComponenteNombre"`
	UsuMaqPuntoVcvId     int64   `json:"UsuMaqPuntoVcvId"`
	Tipo                 string  `json:"Tipo" enum:"MPV,MPVD,MPVP"`
	VcvNombre            string  `json:"VcvNombre"`
	// TipoVcp is a VCP's type (its values' unit); empty for a VCV.
	TipoVcp string `json:"TipoVcp" enum:",VEL,ACE,CRE,DEM,MAG,TEM,POS"`
	// Rango is a VCV's band range; empty for a VCP.
	Rango       string `json:"Rango" enum:",BR,AR,DM,MG"`
	Orientacion int64  `json:"Orientacion"`
	// The values the row holds now (none: empty).
	ActualAviso   *int64 `json:"ActualAviso"`
	ActualAlarma  *int64 `json:"ActualAlarma"`
	ActualPeligro *int64 `json:"ActualPeligro"`
	// Muestras values were used; Base is the baseline; Excesos and Episodios count the values,
	// and runs of consecutive values, of the periods above each proposed level.
	Muestras  int    `json:"Muestras"`
	Base      int64  `json:"Base"`
	Excesos   Counts `json:"Excesos"`
	Episodios Counts `json:"Episodios"`
	// Insuficiente marks a line from fewer values than asked (MuestrasMinimas).
	Insuficiente bool `json:"Insuficiente"`
}

// Precalculation is the answer of a precalculation: Criterio false when the machine has no
// criterion, Datos false when no value lies in the periods, else the lines.
type Precalculation struct {
	Criterio bool          `json:"Criterio"`
	Datos    bool          `json:"Datos"`
	Lineas   []PrecalcLine `json:"Lineas"`
}

// ids reads a comma-separated list of ids (empty: none).
func ids(field, list string) ([]int64, error) {
	var out []int64
	for _, part := range strings.Split(list, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		id, err := strconv.ParseInt(part, 10, 64)
		if err != nil {
			return nil, api.Invalid(field, "invalid", nil)
		}
		out = append(out, id)
	}
	return out, nil
}

// periods reads the date ranges of a precalculation, merged where they overlap or touch,
// in time order.
func periods(list []DateRange) ([][2]int64, error) {
	if len(list) == 0 {
		return nil, api.Invalid("Fechas", "required", nil) // ALRM-031, ALRM-032
	}
	var out [][2]int64
	for i, d := range list {
		from, to, err := Period{FechaInicio: d.Inicio, FechaFin: d.Fin}.bounds()
		if p, ok := api.AsProblem(err); ok {
			for j := range p.Items {
				p.Items[j].Field = "Fechas[" + strconv.Itoa(i) + "]." + map[string]string{"FechaInicio": "Inicio", "FechaFin": "Fin"}[p.Items[j].Field]
			}
			return nil, p
		}
		out = append(out, [2]int64{from, to})
	}
	slices.SortFunc(out, func(a, b [2]int64) int { return cmp.Compare(a[0], b[0]) })
	merged := out[:0]
	for _, r := range out {
		if n := len(merged); n > 0 && r[0] <= merged[n-1][1]+1 {
			merged[n-1][1] = max(merged[n-1][1], r[1])
			continue
		}
		merged = append(merged, r)
	}
	return merged, nil
}

// Calculate precalculates the reference values of the machine's lines (ARCHITECTURE §6): for
// each reference row of the chosen components and conditions and each direction with values
// in the periods, the levels its values propose. It reads only the chunks of the periods,
// the series decoded and proposed on every core.
func (s *Service) Calculate(ctx context.Context, q db.Querier, scope auth.Scope, machine int64, c *Precalculate) (*Precalculation, error) {
	p, err := c.params()
	if err != nil {
		return nil, err
	}
	components, err := ids("Componentes", c.Componentes)
	if err != nil {
		return nil, err
	}
	conditions, err := ids("Condiciones", c.Condiciones)
	if err != nil {
		return nil, err
	}
	ranges, err := periods(c.Fechas)
	if err != nil {
		return nil, err
	}
	criterion, err := s.Operating.CriterionOf(ctx, q, scope, machine)
	if err != nil || criterion == nil {
		return &Precalculation{Lineas: []PrecalcLine{}}, err
	}
	rows, err := s.Assoc.Alarms(ctx, q, scope, machine)
	if err != nil {
		return nil, err
	}
	rows = slices.DeleteFunc(rows, func(r assoc.Alarm) bool {
		return (len(components) > 0 && !slices.Contains(components, r.UsuComponenteId)) ||
			(len(conditions) > 0 && !slices.Contains(conditions, r.UsuCondicionId))
	})
	keys := make([]Key, len(rows))
	for i, r := range rows {
		keys[i] = alarmKey(r, r.Direccion, machine)
	}
	found, err := Find(ctx, q, keys)
	if err != nil {
		return nil, err
	}
	series := make([]int64, 0, len(found))
	// ISO 20816-3 bounds velocities (mm/s RMS): it caps neither an envelope, an acceleration
	// or a magnetometer VCV, nor a VCP of another kind or a VCP's temperature.
	uncapped := map[int64]bool{}
	for i, r := range rows {
		if id, ok := found[keys[i]]; ok {
			series = append(series, id)
			if r.Tipo == s.Assoc.Kinds.Vcp.Tipo {
				uncapped[id] = r.TipoVcp != "VEL" || r.Direccion == assoc.TemperatureDirection
			} else {
				uncapped[id] = r.Rango != "BR"
			}
		}
	}
	series = slices.Compact(slices.Sorted(slices.Values(series)))
	proposals, err := s.propose(ctx, q, series, ranges, func(id int64) Params {
		if uncapped[id] {
			np := p
			np.Cap = nil
			return np
		}
		return p
	})
	if err != nil {
		return nil, err
	}
	out := &Precalculation{Criterio: true, Lineas: []PrecalcLine{}}
	for i, r := range rows {
		pr, ok := proposals[found[keys[i]]]
		if !ok {
			continue
		}
		out.Lineas = append(out.Lineas, PrecalcLine{UsuValorReferenciaID: r.UsuValorReferenciaID, UsuPuntoId: r.UsuPuntoVibracionID, PuntoNombre: r.PuntoNombre,
			UsuCondicionId: r.UsuCondicionId, CondicionNombre: r.CondicionNombre, Direccion: r.Direccion,
			VrAviso: pr.Levels[0], VrAlarma: pr.Levels[1], VrPeligro: pr.Levels[2],
			UsuComponenteId: r.UsuComponenteId, ComponenteNombre: r.ComponenteNombre, UsuMaqPuntoVcvId: r.UsuMaqPuntoVcvId, Tipo: r.Tipo,
			VcvNombre: r.VcvNombre, TipoVcp: r.TipoVcp, Rango: r.Rango, Orientacion: r.Orientacion, ActualAviso: r.VrAviso, ActualAlarma: r.VrAlarma, ActualPeligro: r.VrPeligro,
			Muestras: pr.Values, Base: pr.Base, Excesos: counts(pr.Above), Episodios: counts(pr.Episodes), Insuficiente: pr.Few})
	}
	out.Datos = len(out.Lineas) > 0
	return out, nil
}

// propose reads the values of the series in the ranges and proposes each its levels. One
// range is proposed as its series are decoded; several are gathered first, series by series.
func (s *Service) propose(ctx context.Context, q db.Querier, series []int64, ranges [][2]int64, p func(series int64) Params) (map[int64]Proposal, error) {
	var mu sync.Mutex
	out := make(map[int64]Proposal, len(series))
	if len(ranges) == 1 {
		err := s.Store.Scan(ctx, q, series, ranges[0][0], ranges[0][1], func(id int64, points []Point) error {
			buf := scratch.Get().(*[]int64)
			defer scratch.Put(buf)
			*buf = appendValues((*buf)[:0], points)
			pr, ok := Propose(*buf, p(id))
			if ok {
				mu.Lock()
				out[id] = pr
				mu.Unlock()
			}
			return nil
		})
		return out, err
	}
	gathered := make(map[int64][]int64, len(series))
	for _, r := range ranges {
		err := s.Store.Scan(ctx, q, series, r[0], r[1], func(id int64, points []Point) error {
			mu.Lock()
			gathered[id] = appendValues(gathered[id], points)
			mu.Unlock()
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	for id, v := range gathered {
		if pr, ok := Propose(v, p(id)); ok {
			out[id] = pr
		}
	}
	return out, nil
}

func appendValues(out []int64, points []Point) []int64 {
	for _, p := range points {
		out = append(out, p.V)
	}
	return out
}

// Save writes the levels of a precalculation (S1 §7): the JSON of [{VrId, Dir, Av, Al, Pl}]
// of the lines checked and shown, in thousandths; every level checked by the reference-value
// rules, all written or none.
func (s *Service) Save(ctx context.Context, q db.Querier, scope auth.Scope, machine int64, encoded string) error {
	var levels []assoc.Level
	if err := json.Unmarshal([]byte(encoded), &levels); err != nil {
		return api.Invalid("ValoresCalculados", "invalid", nil)
	}
	return s.Assoc.SetLevels(ctx, q, scope, machine, levels)
}

// One recalculates one line of the alarm edit modal (its Reset): the reference row's
// direction, on its point, over the last 30 days by the defaults (S1 §9).
func (s *Service) One(ctx context.Context, q db.Querier, scope auth.Scope, machine, row, point, dir int64) (Levels, error) {
	rows, err := s.Assoc.Alarms(ctx, q, scope, machine)
	if err != nil {
		return Levels{}, err
	}
	i := slices.IndexFunc(rows, func(r assoc.Alarm) bool {
		return r.UsuValorReferenciaID == row && r.UsuPuntoVibracionID == point && r.Direccion == dir
	})
	if i < 0 {
		return Levels{}, db.ErrNotFound
	}
	r := rows[i]
	k := alarmKey(r, dir, machine)
	to := s.now().Unix()
	points, err := s.one(ctx, q, k, to-30*86400, to, 0)
	if err != nil {
		return Levels{}, err
	}
	pr, ok := Propose(appendValues(nil, points), DefaultParams())
	if !ok {
		return Levels{}, api.Refused("no_data", nil)
	}
	return pr.Levels, nil
}
