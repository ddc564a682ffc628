package assoc

import (
	"context"
	"fmt"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/operating"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Reference is the reference values of an association for one condition of the machine's
// criterion (REF-005, REF-009): thresholds in thousandths, nil when empty.
type Reference struct {
	ID          int64 `json:"-"`
	Association int64 `json:"-"`
	// The row's and its association's ids, named by kind: one pair is filled.
	UsuValorReferenciaID     *int64  `json:"UsuValorReferenciaID,omitempty"`
	UsuValorReferenciaMPVdID *int64  `json:"UsuValorReferenciaMPVdID,omitempty"`
	UsuValorReferenciaMPVpID *int64  `json:"UsuValorReferenciaMPVpID,omitempty"`
	UsuMPVId                 *int64  `json:"UsuMPVId,omitempty"`
	UsuMPVdId                *int64  `json:"UsuMPVdId,omitempty"`
	UsuMPVpId                *int64  `json:"UsuMPVpId,omitempty"`
	UsuCondicionId           int64   `json:"UsuCondicionId"`
	Nombre                   *string `json:"Nombre"`
	// Criterion is the criterion whose condition the row is of (operating.ConditionCriterion).
	Criterion int64 `json:"-"`
	ReferenceValues
}

// ReferenceValues are the twelve thresholds of a reference row in thousandths, nil when
// empty: warning, alarm and danger of each direction (V/H1, H/H2, A) and of a VCP's
// temperature. A Reference answers all of them, and a Values edit sends all of them.
type ReferenceValues struct {
	VH1Aviso         *int64 `json:"V_H1_Aviso"`
	VH1Alarma        *int64 `json:"V_H1_Alarma"`
	VH1Peligro       *int64 `json:"V_H1_Peligro"`
	HH2Aviso         *int64 `json:"H_H2_Aviso"`
	HH2Alarma        *int64 `json:"H_H2_Alarma"`
	HH2Peligro       *int64 `json:"H_H2_Peligro"`
	AAviso           *int64 `json:"A_Aviso"`
	AAlarma          *int64 `json:"A_Alarma"`
	APeligro         *int64 `json:"A_Peligro"`
	TemperaturaAviso *int64 `json:"Temperatura_Aviso"`
	TemperaturaAlarm *int64 `json:"Temperatura_Alarma"`
	TemperaturaPelig *int64 `json:"Temperatura_Peligro"`
}

// Groups are the values' directions: V/H1, H/H2, A and temperature.
func (v *ReferenceValues) Groups() [4]Group {
	return [4]Group{{v.VH1Aviso, v.VH1Alarma, v.VH1Peligro}, {v.HH2Aviso, v.HH2Alarma, v.HH2Peligro},
		{v.AAviso, v.AAlarma, v.APeligro}, {v.TemperaturaAviso, v.TemperaturaAlarm, v.TemperaturaPelig}}
}

// thresholds are the fields a read of valueColumns scans into, in their order.
func (v *ReferenceValues) thresholds() []any {
	return []any{&v.VH1Aviso, &v.VH1Alarma, &v.VH1Peligro, &v.HH2Aviso, &v.HH2Alarma, &v.HH2Peligro,
		&v.AAviso, &v.AAlarma, &v.APeligro, &v.TemperaturaAviso, &v.TemperaturaAlarm, &v.TemperaturaPelig}
}

// Values are the thresholds a reference-value edit sends (REF-025).
type Values struct {
	ReferenceValues
}

// TransformSchema refuses an edit with a key it does not know: a misspelt threshold would be
// stored empty unnoticed, as a missing one was before each became required (null: empty).
func (*Values) TransformSchema(_ huma.Registry, s *huma.Schema) *huma.Schema { return closed(s) }

// closed is s refusing properties it does not have.
func closed(s *huma.Schema) *huma.Schema {
	s.AdditionalProperties = false
	return s
}

// directionPrefixes name each direction's fields in the order of Groups.
var directionPrefixes = [4]string{"V_H1_", "H_H2_", "A_", "Temperatura_"}

// directionColumns are the threshold columns of each direction of a reference row: V/H1,
// H/H2, A, and a VCP's temperature.
var directionColumns = [][3]string{{"v_h1_aviso", "v_h1_alarma", "v_h1_peligro"}, {"h_h2_aviso", "h_h2_alarma", "h_h2_peligro"},
	{"a_aviso", "a_alarma", "a_peligro"}, {"temperatura_aviso", "temperatura_alarma", "temperatura_peligro"}}

// valueColumns are the threshold columns in the order of ReferenceValues' fields.
var valueColumns = func() string {
	var cols []string
	for _, d := range directionColumns {
		cols = append(cols, d[:]...)
	}
	return strings.Join(cols, ", ")
}()

// Ensure gives every association of the machines a reference row for each condition of its
// machine's current criterion (condition 0 for a criterion without conditions). It runs on
// the writes that change them — an association made, a machine's criterion chosen, a
// criterion's conditions edited — so that reads never write. Rows of conditions a criterion
// no longer has stay, unlisted, with their history (ConditionsChanged unlists their series).
// A fixed number of statements.
func (s *Service) Ensure(ctx context.Context, q db.Querier, scope auth.Scope, machines []int64) error {
	conditions, err := s.Operating.Conditions(ctx, q, scope, machines)
	if err != nil || len(conditions) == 0 {
		return err
	}
	table, args := operating.ConditionsTable(conditions)
	// SQLite reads ON CONFLICT after a bare SELECT's join as part of it: the WHERE ends the SELECT.
	_, err = q.ExecContext(ctx, table+`
		INSERT INTO valores_referencia (asociacion_id, criterio_id, condicion_id)
		SELECT a.id, c.criterio, c.condicion FROM asociaciones a JOIN c ON c.maquina = a.maquina_id WHERE TRUE
		ON CONFLICT DO NOTHING`, args...)
	if err != nil || s.ConditionsChanged == nil {
		return err
	}
	return s.ConditionsChanged(ctx, q, conditions)
}

// Pasted gives machine to, a copy of machine from with points copied as points says, the
// associations of from's points and their reference values — only when from has a criterion:
// without one, its VCVs and VCPs stay behind, as the copy warning says (S1 §4, TREE-049).
// Three statements whatever the number of points.
func (s *Service) Pasted(ctx context.Context, q db.Querier, scope auth.Scope, from, to int64, points map[int64]int64) error {
	var criterion *int64
	if err := q.QueryRowContext(ctx, `SELECT criterio_id FROM maquinas WHERE id = $1 AND fabrica_id = $2`, from, scope.Factory).Scan(&criterion); err != nil {
		return db.MapError(err)
	}
	if criterion == nil || len(points) == 0 {
		return nil
	}
	values := make([]string, 0, len(points))
	args := []any{from, to}
	for old, copied := range points {
		values = append(values, fmt.Sprintf("(CAST($%d AS BIGINT), CAST($%d AS BIGINT))", len(args)+1, len(args)+2))
		args = append(args, old, copied)
	}
	moved := `WITH m (antes, despues) AS (VALUES ` + strings.Join(values, ", ") + `) `
	if _, err := q.ExecContext(ctx, moved+`INSERT INTO asociaciones (tipo, fabrica_id, maquina_id, punto_id, item_id)
		SELECT a.tipo, a.fabrica_id, CAST($2 AS BIGINT), m.despues, a.item_id FROM asociaciones a JOIN m ON m.antes = a.punto_id
		WHERE a.maquina_id = $1 ORDER BY a.id`, args...); err != nil {
		return err
	}
	_, err := q.ExecContext(ctx, moved+`INSERT INTO valores_referencia (asociacion_id, criterio_id, condicion_id, `+valueColumns+`)
		SELECT n.id, v.criterio_id, v.condicion_id, v.`+strings.ReplaceAll(valueColumns, ", ", ", v.")+` FROM valores_referencia v
		JOIN asociaciones a ON a.id = v.asociacion_id JOIN m ON m.antes = a.punto_id
		JOIN asociaciones n ON n.maquina_id = $2 AND n.punto_id = m.despues AND n.tipo = a.tipo AND n.item_id = a.item_id
		WHERE a.maquina_id = $1`, args...)
	return err
}

// EnsureCriterion gives the associations of the machines whose criterion is the one in row
// their reference rows (its conditions were edited).
func (s *Service) EnsureCriterion(ctx context.Context, q db.Querier, scope auth.Scope, row int64) error {
	rows, err := q.QueryContext(ctx, `SELECT id FROM maquinas WHERE criterio_id = $1`, row)
	machines, err := db.Collect(rows, err, func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) })
	if err != nil {
		return err
	}
	return s.Ensure(ctx, q, scope, machines)
}

// referenceRows answers the reference rows of the machine's associations by association
// (only of `association` unless it is 0), one per condition of the machine's criterion in
// its order: three reads whatever the number of associations.
func (s *Service) referenceRows(ctx context.Context, q db.Querier, scope auth.Scope, machine, association int64) (map[int64][]*Reference, error) {
	byMachine, err := s.Operating.Conditions(ctx, q, scope, []int64{machine})
	if err != nil {
		return nil, err
	}
	conds := byMachine[machine]
	rows, err := q.QueryContext(ctx, `SELECT r.asociacion_id, r.criterio_id, r.condicion_id, r.id, `+valueColumns+` FROM valores_referencia r
		JOIN asociaciones a ON a.id = r.asociacion_id WHERE a.maquina_id = $1 AND ($2 = 0 OR a.id = $2)`, machine, association)
	byAssociation := map[int64]map[[2]int64]*Reference{}
	err = db.Each(rows, err, func(row db.Scanner) error {
		r := &Reference{}
		err := row.Scan(append([]any{&r.Association, &r.Criterion, &r.UsuCondicionId, &r.ID}, r.thresholds()...)...)
		if byAssociation[r.Association] == nil {
			byAssociation[r.Association] = map[[2]int64]*Reference{}
		}
		byAssociation[r.Association][[2]int64{r.Criterion, r.UsuCondicionId}] = r
		return err
	})
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]*Reference, len(byAssociation))
	for a, byCondition := range byAssociation {
		list := make([]*Reference, 0, len(conds))
		for _, c := range conds {
			if r := byCondition[[2]int64{c.Criterion, c.UsuCondicionID}]; r != nil {
				r.Nombre = conditionName(c)
				list = append(list, r)
			}
		}
		out[a] = list
	}
	return out, nil
}

// conditionName is a condition's name, nil for the nameless one (shown 'CDNG', REF-006).
func conditionName(c operating.CriterionCondition) *string {
	if c.UsuCondicionID == 0 {
		return nil
	}
	return &c.CondicionNombre
}

// References answers the reference values of the item named key on the point.
func (s *Service) References(ctx context.Context, q db.Querier, scope auth.Scope, k *Kind, machine, at int64, key string) ([]*Reference, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	id, err := s.association(ctx, q, scope, k, machine, at, key)
	if err != nil {
		return nil, err
	}
	rows, err := s.referenceRows(ctx, q, scope, machine, id)
	return k.answer(rows[id]), err
}

// ReferencesOf answers the reference values of an association by its id.
func (s *Service) ReferencesOf(ctx context.Context, q db.Querier, scope auth.Scope, k *Kind, association int64) ([]*Reference, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	var machine int64
	err := q.QueryRowContext(ctx, `SELECT maquina_id FROM asociaciones WHERE id = $1 AND tipo = $2 AND fabrica_id = $3`, association, k.Tipo, scope.Factory).Scan(&machine)
	if err != nil {
		return nil, db.MapError(err)
	}
	rows, err := s.referenceRows(ctx, q, scope, machine, association)
	return k.answer(rows[association]), err
}

// Reference answers one reference row of the factory by its id, as ReferencesOf lists it
// (what the row's edit writes, and the audit reads before and after it).
func (s *Service) Reference(ctx context.Context, q db.Querier, scope auth.Scope, k *Kind, id int64) (*Reference, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	var association int64
	err := q.QueryRowContext(ctx, `SELECT v.asociacion_id FROM valores_referencia v JOIN asociaciones a ON a.id = v.asociacion_id
		WHERE v.id = $1 AND a.tipo = $2 AND a.fabrica_id = $3`, id, k.Tipo, scope.Factory).Scan(&association)
	if err != nil {
		return nil, db.MapError(err)
	}
	refs, err := s.ReferencesOf(ctx, q, scope, k, association)
	if err != nil {
		return nil, err
	}
	for _, r := range refs {
		if r.ID == id {
			return r, nil
		}
	}
	return nil, db.ErrNotFound
}

// answer names the references' ids as the kind does (REF-009); only VCPs carry temperature.
func (k *Kind) answer(refs []*Reference) []*Reference {
	if refs == nil {
		refs = []*Reference{}
	}
	for _, r := range refs {
		if !k.Temperature {
			r.TemperaturaAviso, r.TemperaturaAlarm, r.TemperaturaPelig = nil, nil, nil
		}
		ref, association := k.ids(r)
		*ref, *association = &r.ID, &r.Association
	}
	return refs
}

// SetReference writes one reference row of the factory (REF-016..REF-023): 422 on the first
// refused field of each group, 'El valor introducido no es correcto.'.
func (s *Service) SetReference(ctx context.Context, q db.Querier, scope auth.Scope, k *Kind, id int64, v Values) error {
	if err := scope.CheckEdit(); err != nil {
		return err
	}
	// Only a VCP measures temperature: a VCV's temperature thresholds would be dropped unseen.
	if t := v.Groups()[3]; !k.Temperature && t != (Group{}) {
		field := "Peligro"
		switch {
		case t.Aviso != nil:
			field = "Aviso"
		case t.Alarma != nil:
			field = "Alarma"
		}
		return api.Invalid(directionPrefixes[3]+field, "temperature_vcp_only", nil)
	}
	var errs api.FieldErrors
	for i, g := range v.Groups() {
		if f := g.Check(); f != "" {
			errs.Add(directionPrefixes[i]+f, "reference_value", nil)
		}
	}
	if err := errs.Err(); err != nil {
		return err
	}
	res, err := q.ExecContext(ctx, `UPDATE valores_referencia SET v_h1_aviso = $1, v_h1_alarma = $2, v_h1_peligro = $3, h_h2_aviso = $4, h_h2_alarma = $5, h_h2_peligro = $6,
		a_aviso = $7, a_alarma = $8, a_peligro = $9, temperatura_aviso = $10, temperatura_alarma = $11, temperatura_peligro = $12
		WHERE id = $13 AND asociacion_id IN (SELECT id FROM asociaciones WHERE tipo = $14 AND fabrica_id = $15)`,
		v.VH1Aviso, v.VH1Alarma, v.VH1Peligro, v.HH2Aviso, v.HH2Alarma, v.HH2Peligro, v.AAviso, v.AAlarma, v.APeligro,
		v.TemperaturaAviso, v.TemperaturaAlarm, v.TemperaturaPelig, id, k.Tipo, scope.Factory)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return db.ErrNotFound
	}
	return s.changed(ctx, q, []int64{id})
}

// changed tells the hook that the thresholds of reference rows were written.
func (s *Service) changed(ctx context.Context, q db.Querier, rows []int64) error {
	if s.ThresholdsChanged == nil || len(rows) == 0 {
		return nil
	}
	return s.ThresholdsChanged(ctx, q, rows)
}

// associatedItems reads the items associations hold, by kind and row: a fixed number of reads
// whatever their number; of names an association's kind and item row.
func associatedItems[T any](ctx context.Context, s *Service, q db.Querier, scope auth.Scope, associations []T, of func(T) (string, int64)) (map[string]map[int64]Item, error) {
	rows := map[string][]int64{}
	for _, a := range associations {
		tipo, item := of(a)
		rows[tipo] = append(rows[tipo], item)
	}
	out := map[string]map[int64]Item{}
	for tipo, list := range rows {
		k := s.Kinds.Of(tipo)
		if k == nil {
			continue
		}
		found, err := k.Items.Items(ctx, q, scope, list)
		if err != nil {
			return nil, err
		}
		out[tipo] = found
	}
	return out, nil
}
