package assoc

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// TemperatureDirection is the direction of a VCP's temperature thresholds, after its three axes.
const TemperatureDirection = 3

// Alarm is one direction of one condition's reference values on a machine: a row of the
// machine's alert list (S1 §3 'Alarm row'). Orientacion is 0 for a horizontal component
// (directions V, H, A), 1 for a vertical one (H1, H2, A); direction 3 is a VCP's temperature.
type Alarm struct {
	UsuValorReferenciaID int64  `json:"UsuValorReferenciaID"`
	Tipo                 string `json:"Tipo" enum:"MPV,MPVD,MPVP"`
	// UsuMaqPuntoVcvId is the association (S1 §3 'Alarm record'): its chart's and data
	// cleaning's key.
	UsuMaqPuntoVcvId    int64  `json:"UsuMaqPuntoVcvId"`
	UsuComponenteId     int64  `json:"UsuComponenteId"`
	ComponenteNombre    string `json:"ComponenteNombre"`
	UsuPuntoVibracionID int64  `json:"UsuPuntoVibracionID"`
	PuntoNombre         string `json:"PuntoNombre"`
	VcvNombre           string `json:"VcvNombre"`
	// TipoVcp is a VCP's type (its values' unit); empty for a VCV.
	TipoVcp string `json:"TipoVcp" enum:",VEL,ACE,CRE,DEM,MAG,TEM,POS"`
	// Rango is a VCV's band range (an envelope VCV's values are not velocities); empty for a VCP.
	Rango           string  `json:"Rango" enum:",BR,AR,DM,MG"`
	Orientacion     int64   `json:"Orientacion"`
	Direccion       int64   `json:"Direccion"`
	UsuCondicionId  int64   `json:"UsuCondicionId"`
	CondicionNombre *string `json:"CondicionNombre"`
	VrAviso         *int64  `json:"VrAviso"`
	VrAlarma        *int64  `json:"VrAlarma"`
	VrPeligro       *int64  `json:"VrPeligro"`
	// Criterion is the criterion whose condition the row is of (its series' key).
	Criterion int64 `json:"-"`
}

// Described is an association as the alarm views name it: its item, point and component
// (in the scope's language), where it is, the component's mounting (1 horizontal), a VCP's
// type and a VCV's band range.
type Described struct {
	ID, Machine, Point, Component, Mounting       int64
	Tipo, Item, TipoVcp, Rango, Punto, Componente string
}

// describe reads the associations that where chooses (its arguments from $1) with their
// names, in a fixed number of reads, by component, point, kind and item.
func (s *Service) describe(ctx context.Context, q db.Querier, scope auth.Scope, where string, args ...any) ([]Described, error) {
	name := scope.NameColumn()
	type row struct {
		Described
		item int64
	}
	rows, err := q.QueryContext(ctx, `SELECT a.id, a.maquina_id, a.tipo, a.item_id, c.id, c.`+name+`, p.id, p.`+name+`, COALESCE(c.montaje, 1)
		FROM asociaciones a JOIN puntos p ON p.id = a.punto_id JOIN componentes c ON c.id = p.parent_id
		WHERE a.fabrica_id = $1 AND `+where, append([]any{scope.Factory}, args...)...)
	list, err := db.Collect(rows, err, func(r db.Scanner) (a row, err error) {
		return a, r.Scan(&a.ID, &a.Machine, &a.Tipo, &a.item, &a.Component, &a.Componente, &a.Point, &a.Punto, &a.Mounting)
	})
	if err != nil {
		return nil, err
	}
	items, err := associatedItems(ctx, s, q, scope, list, func(a row) (string, int64) { return a.Tipo, a.item })
	if err != nil {
		return nil, err
	}
	out := make([]Described, len(list))
	for i, a := range list {
		it := items[a.Tipo][a.item]
		out[i] = a.Described
		out[i].Item, out[i].TipoVcp, out[i].Rango = it.Name.In(scope), it.TipoVcp, it.Rango
	}
	slices.SortFunc(out, func(a, b Described) int {
		return cmp.Or(cmp.Compare(a.Componente, b.Componente), cmp.Compare(a.Punto, b.Punto), cmp.Compare(a.Tipo, b.Tipo), cmp.Compare(a.Item, b.Item), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}

// Describe names associations of the scope's factory, by id (those of another are left out).
func (s *Service) Describe(ctx context.Context, q db.Querier, scope auth.Scope, ids []int64) (map[int64]Described, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	out := map[int64]Described{}
	for part := range slices.Chunk(ids, 1000) {
		list, err := s.describe(ctx, q, scope, `a.id IN (`+db.In(2, len(part))+`)`, db.Args(part)...)
		if err != nil {
			return nil, err
		}
		for _, d := range list {
			out[d.ID] = d
		}
	}
	return out, nil
}

// Alarms lists every reference value of the machine, direction by direction, by component,
// point, kind, item and condition (the 'reference-value-edition' tab, our design): a fixed
// number of reads whatever the machine's size.
func (s *Service) Alarms(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) ([]Alarm, error) {
	if err := scope.Owned(ctx, q, "maquinas", machine); err != nil {
		return nil, err
	}
	list, err := s.describe(ctx, q, scope, "a.maquina_id = $2", machine)
	if err != nil {
		return nil, err
	}
	refs, err := s.referenceRows(ctx, q, scope, machine, 0)
	if err != nil {
		return nil, err
	}
	out := []Alarm{}
	for _, a := range list {
		for _, r := range refs[a.ID] {
			out = append(out, s.rowAlarms(a, r)...)
		}
	}
	return out, nil
}

// rowAlarms are the alert list's rows of one reference row of association a, direction by
// direction: V/H1, H/H2, A, and a VCP's temperature.
func (s *Service) rowAlarms(a Described, r *Reference) []Alarm {
	directions := 3
	if a.Tipo == s.Kinds.Vcp.Tipo {
		directions = 4
	}
	groups := r.Groups()
	out := make([]Alarm, directions)
	for dir, g := range groups[:directions] {
		out[dir] = Alarm{UsuValorReferenciaID: r.ID, Tipo: a.Tipo, UsuMaqPuntoVcvId: a.ID, UsuComponenteId: a.Component, ComponenteNombre: a.Componente,
			UsuPuntoVibracionID: a.Point, PuntoNombre: a.Punto, VcvNombre: a.Item, TipoVcp: a.TipoVcp, Rango: a.Rango, Orientacion: a.Mounting - 1, Direccion: int64(dir),
			UsuCondicionId: r.UsuCondicionId, CondicionNombre: r.Nombre, VrAviso: g.Aviso, VrAlarma: g.Alarma, VrPeligro: g.Peligro, Criterion: r.Criterion}
	}
	return out
}

// Thresholds are one direction's values as the alert list edits them: all three, null when
// empty, and nothing else (Values).
type Thresholds struct {
	VrAviso   *int64 `json:"VrAviso" nullable:"true"`
	VrAlarma  *int64 `json:"VrAlarma" nullable:"true"`
	VrPeligro *int64 `json:"VrPeligro" nullable:"true"`
}

// TransformSchema refuses a key Thresholds does not have.
func (*Thresholds) TransformSchema(_ huma.Registry, s *huma.Schema) *huma.Schema { return closed(s) }

// SetAlarm writes one direction of a reference row of the machine under the alarm edit modal's
// rules (its call).
func (s *Service) SetAlarm(ctx context.Context, q db.Querier, scope auth.Scope, machine, id, direction int64, v Thresholds) error {
	if err := scope.CheckEdit(); err != nil {
		return err
	}
	var tipo string
	err := q.QueryRowContext(ctx, `SELECT a.tipo FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id
		WHERE r.id = $1 AND a.maquina_id = $2 AND a.fabrica_id = $3`, id, machine, scope.Factory).Scan(&tipo)
	if err != nil {
		return db.MapError(err)
	}
	if direction < 0 || direction > TemperatureDirection || (direction == TemperatureDirection && tipo != s.Kinds.Vcp.Tipo) {
		return db.ErrNotFound
	}
	if f := (Group{v.VrAviso, v.VrAlarma, v.VrPeligro}).CheckStrict(); f != "" {
		return api.Invalid("Vr"+f, "reference_value", nil)
	}
	c := directionColumns[direction]
	if _, err = q.ExecContext(ctx, `UPDATE valores_referencia SET `+c[0]+` = $1, `+c[1]+` = $2, `+c[2]+` = $3 WHERE id = $4`, v.VrAviso, v.VrAlarma, v.VrPeligro, id); err != nil {
		return err
	}
	return s.changed(ctx, q, []int64{id})
}

// Level is one direction's thresholds of a reference row, as a precalculation saves them
// (S1 §7 'save machine reference values': {VrId, Dir, Av, Al, Pl} in thousandths).
type Level struct {
	VrId int64 `json:"VrId"`
	Dir  int64 `json:"Dir"`
	Av   int64 `json:"Av"`
	Al   int64 `json:"Al"`
	Pl   int64 `json:"Pl"`
}

// SetLevels writes directions of reference rows of the machine, each under the modal's rules;
// any level of another machine, a direction the row lacks or values out of order refuse
// them all (422, naming each by its place: "ValoresCalculados[3].Al").
func (s *Service) SetLevels(ctx context.Context, q db.Querier, scope auth.Scope, machine int64, levels []Level) error {
	if err := scope.CheckEdit(); err != nil {
		return err
	}
	// Even an empty list names a machine: another factory's is not found, as on every call.
	if err := scope.Owned(ctx, q, "maquinas", machine); err != nil {
		return err
	}
	tipos := map[int64]string{}
	rows, err := q.QueryContext(ctx, `SELECT r.id, a.tipo FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id
		WHERE a.maquina_id = $1 AND a.fabrica_id = $2`, machine, scope.Factory)
	if err = db.Pairs(rows, err, func(id int64, tipo string) { tipos[id] = tipo }); err != nil {
		return err
	}
	var errs api.FieldErrors
	for i, l := range levels {
		place := fmt.Sprintf("ValoresCalculados[%d].", i)
		tipo, ok := tipos[l.VrId]
		switch {
		case !ok:
			errs.Add(place+"VrId", "unknown_reference", map[string]any{"id": l.VrId})
		case l.Dir < 0 || l.Dir > TemperatureDirection || (l.Dir == TemperatureDirection && tipo != s.Kinds.Vcp.Tipo):
			errs.Add(place+"Dir", "invalid_direction", nil)
		default:
			if f := (Group{&l.Av, &l.Al, &l.Pl}).CheckStrict(); f != "" {
				errs.Add(place+map[string]string{"Aviso": "Av", "Alarma": "Al", "Peligro": "Pl"}[f], "reference_value", nil)
			}
		}
	}
	if err := errs.Err(); err != nil {
		return err
	}
	written := make([]int64, len(levels))
	for i, l := range levels {
		c := directionColumns[l.Dir]
		if _, err := q.ExecContext(ctx, `UPDATE valores_referencia SET `+c[0]+` = $1, `+c[1]+` = $2, `+c[2]+` = $3 WHERE id = $4`, l.Av, l.Al, l.Pl, l.VrId); err != nil {
			return err
		}
		written[i] = l.VrId
	}
	return s.changed(ctx, q, written)
}
