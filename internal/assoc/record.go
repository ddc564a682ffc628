package assoc

import (
	"cmp"
	"context"
	"slices"
	"strconv"

	"vigia/internal/auth"
	"vigia/internal/catalog"
	"vigia/internal/platform/db"
)

// Record is an alarm as the alarm edit modal shows it (S1 §3 'Alarm record'): one direction
// of a point's VCV, digital VCV or VCP in a condition (UsuMaqPuntoVcvId set), or a machine
// VCO (UsuVcoId set), with the machine's criterion and its three values in thousandths.
type Record struct {
	UsuMaquinaId     int64   `json:"UsuMaquinaId"`
	UsuCriterioId    *int64  `json:"UsuCriterioId"`
	UsuVcoId         *int64  `json:"UsuVcoId"`
	UsuMaqPuntoVcvId *int64  `json:"UsuMaqPuntoVcvId"`
	Direccion        *int64  `json:"Direccion"`
	UsuCondicionId   *int64  `json:"UsuCondicionId"`
	ComponenteNombre string  `json:"ComponenteNombre"`
	PuntoNombre      string  `json:"PuntoNombre"`
	VcvNombre        string  `json:"VcvNombre"`
	CondicionNombre  *string `json:"CondicionNombre"`
	CriterioNombre   *string `json:"CriterioNombre"`
	VcoNombre        string  `json:"VcoNombre"`
	Thresholds
}

// AlarmRecord is the record of one direction of a reference row of the machine: that row of
// the alert list, read alone (the row's association and its reference rows, not the machine's).
func (s *Service) AlarmRecord(ctx context.Context, q db.Querier, scope auth.Scope, machine, id, direction int64) (*Record, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	found, err := s.describe(ctx, q, scope, "a.maquina_id = $2 AND a.id IN (SELECT asociacion_id FROM valores_referencia WHERE id = $3)", machine, id)
	if err != nil || len(found) == 0 {
		return nil, cmp.Or(err, db.ErrNotFound)
	}
	a := found[0]
	refs, err := s.referenceRows(ctx, q, scope, machine, a.ID)
	if err != nil {
		return nil, err
	}
	// Only the rows of the criterion's conditions are listed, so only they have a record.
	i := slices.IndexFunc(refs[a.ID], func(r *Reference) bool { return r.ID == id })
	if i < 0 {
		return nil, db.ErrNotFound
	}
	rows := s.rowAlarms(a, refs[a.ID][i])
	if direction < 0 || direction >= int64(len(rows)) {
		return nil, db.ErrNotFound
	}
	r := rows[direction]
	rec := &Record{UsuMaquinaId: machine, UsuMaqPuntoVcvId: &r.UsuMaqPuntoVcvId, Direccion: &r.Direccion, UsuCondicionId: &r.UsuCondicionId,
		ComponenteNombre: r.ComponenteNombre, PuntoNombre: r.PuntoNombre, VcvNombre: r.VcvNombre, CondicionNombre: r.CondicionNombre,
		Thresholds: Thresholds{r.VrAviso, r.VrAlarma, r.VrPeligro}}
	return rec, s.withCriterion(ctx, q, scope, rec)
}

// VcoRecord is the record of a VCO/VCOV associated to the machine: its states' values.
func (s *Service) VcoRecord(ctx context.Context, q db.Querier, scope auth.Scope, machine, vco int64) (*Record, error) {
	mv, err := s.Operating.Machines.Get(ctx, q, scope, machine, vco)
	if err != nil {
		return nil, err
	}
	v := mv.States()
	rec := &Record{UsuMaquinaId: machine, UsuVcoId: &mv.UsuVco_vId, VcoNombre: catalog.Name{Es: mv.NombreEs, En: mv.NombreEn}.In(scope),
		Thresholds: Thresholds{v[0], v[1], v[2]}}
	return rec, s.withCriterion(ctx, q, scope, rec)
}

// withCriterion names the record's machine's criterion, if it has one.
func (s *Service) withCriterion(ctx context.Context, q db.Querier, scope auth.Scope, rec *Record) error {
	id, err := s.Operating.CriterionOf(ctx, q, scope, rec.UsuMaquinaId)
	if err != nil || id == nil {
		return err
	}
	c, err := s.Operating.Criteria.Get(ctx, q, scope, strconv.FormatInt(*id, 10))
	if err != nil {
		return err
	}
	name := catalog.Name{Es: c.NombreEs, En: c.NombreEn}.In(scope)
	rec.UsuCriterioId, rec.CriterioNombre = id, &name
	return nil
}
