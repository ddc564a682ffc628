package assoc

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/catalog"
	"vigia/internal/operating"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// keyed is what an association needs of the associated kind: its rows by key and back.
type keyed interface {
	Row(ctx context.Context, q db.Querier, scope catalog.Scope, key string) (int64, error)
	Key(ctx context.Context, q db.Querier, row int64) (string, error)
}

// Kind is one kind of association: analog VCVs (mpv), digital VCVs (mpvd) or VCPs (mpvp).
type Kind struct {
	Segment string // path segment of the calls: mpv, mpvd, mpvp
	ItemSeg string // path segment naming the item: vcv, digitalvcv, vcp
	Tipo    string // stored type
	Item    keyed
	// ids points at the reference's id fields of the kind: its own and its association's.
	ids func(r *Reference) (ref, association **int64)
	// facts are what the side-bar shows of the item named key besides its name: its band's
	// range and its VCO type (digital VCVs), "" where it has none.
	facts func(ctx context.Context, q db.Querier, scope catalog.Scope, key string) (rango, vco string, err error)
	// Temperature tells VCP references, which also carry temperature thresholds (REF-008).
	Temperature bool
	// DeleteAnswersTrue: the spec's dissociate call of the kind answers true, not 204.
	DeleteAnswersTrue bool
}

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
	VH1Aviso                 *int64  `json:"V_H1_Aviso"`
	VH1Alarma                *int64  `json:"V_H1_Alarma"`
	VH1Peligro               *int64  `json:"V_H1_Peligro"`
	HH2Aviso                 *int64  `json:"H_H2_Aviso"`
	HH2Alarma                *int64  `json:"H_H2_Alarma"`
	HH2Peligro               *int64  `json:"H_H2_Peligro"`
	AAviso                   *int64  `json:"A_Aviso"`
	AAlarma                  *int64  `json:"A_Alarma"`
	APeligro                 *int64  `json:"A_Peligro"`
	TemperaturaAviso         *int64  `json:"Temperatura_Aviso"`
	TemperaturaAlarm         *int64  `json:"Temperatura_Alarma"`
	TemperaturaPelig         *int64  `json:"Temperatura_Peligro"`
}

// Values are the thresholds a reference-value edit sends (REF-025).
type Values struct {
	VH1Aviso         *int64 `json:"V_H1_Aviso" required:"false" nullable:"true"`
	VH1Alarma        *int64 `json:"V_H1_Alarma" required:"false" nullable:"true"`
	VH1Peligro       *int64 `json:"V_H1_Peligro" required:"false" nullable:"true"`
	HH2Aviso         *int64 `json:"H_H2_Aviso" required:"false" nullable:"true"`
	HH2Alarma        *int64 `json:"H_H2_Alarma" required:"false" nullable:"true"`
	HH2Peligro       *int64 `json:"H_H2_Peligro" required:"false" nullable:"true"`
	AAviso           *int64 `json:"A_Aviso" required:"false" nullable:"true"`
	AAlarma          *int64 `json:"A_Alarma" required:"false" nullable:"true"`
	APeligro         *int64 `json:"A_Peligro" required:"false" nullable:"true"`
	TemperaturaAviso *int64 `json:"Temperatura_Aviso" required:"false" nullable:"true"`
	TemperaturaAlarm *int64 `json:"Temperatura_Alarma" required:"false" nullable:"true"`
	TemperaturaPelig *int64 `json:"Temperatura_Peligro" required:"false" nullable:"true"`
}

func (v *Values) groups() []struct {
	prefix string
	g      Group
} {
	return []struct {
		prefix string
		g      Group
	}{{"V_H1_", Group{v.VH1Aviso, v.VH1Alarma, v.VH1Peligro}}, {"H_H2_", Group{v.HH2Aviso, v.HH2Alarma, v.HH2Peligro}},
		{"A_", Group{v.AAviso, v.AAlarma, v.APeligro}}, {"Temperatura_", Group{v.TemperaturaAviso, v.TemperaturaAlarm, v.TemperaturaPelig}}}
}

// valueColumns are the threshold columns in the order of Values' fields.
const valueColumns = "v_h1_aviso, v_h1_alarma, v_h1_peligro, h_h2_aviso, h_h2_alarma, h_h2_peligro, a_aviso, a_alarma, a_peligro, temperatura_aviso, temperatura_alarma, temperatura_peligro"

// Service keeps the associations.
type Service struct {
	DB       *db.DB
	Criteria *catalog.Kind[operating.Criterion]
}

// point checks that point is a point of machine in the factory.
func (s *Service) point(ctx context.Context, q db.Querier, factory, machine, point int64) error {
	var one int
	return db.MapError(q.QueryRowContext(ctx, `SELECT 1 FROM puntos p JOIN componentes c ON c.id = p.parent_id
		WHERE p.id = $1 AND p.fabrica_id = $2 AND c.parent_id = $3`, point, factory, machine).Scan(&one))
}

// Associate associates the factory item named key to a point of the machine.
func (s *Service) Associate(ctx context.Context, scope catalog.Scope, k *Kind, machine, point int64, key string) error {
	return s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if err := s.point(ctx, tx, scope.Factory, machine, point); err != nil {
			return err
		}
		item, err := k.Item.Row(ctx, tx, scope, key)
		if errors.Is(err, db.ErrNotFound) {
			return api.Refused("unknown", nil)
		}
		if err != nil {
			return err
		}
		var id int64
		err = db.MapError(tx.QueryRowContext(ctx, `INSERT INTO asociaciones (tipo, fabrica_id, maquina_id, punto_id, item_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
			k.Tipo, scope.Factory, machine, point, item).Scan(&id))
		if errors.Is(err, db.ErrDuplicate) {
			return api.Refused("already_linked", nil)
		}
		if err != nil {
			return err
		}
		_, err = s.references(ctx, tx, scope, machine, id)
		return err
	})
}

// association finds the association of the item named key to the point of the machine.
func (s *Service) association(ctx context.Context, q db.Querier, scope catalog.Scope, k *Kind, machine, point int64, key string) (int64, error) {
	if err := s.point(ctx, q, scope.Factory, machine, point); err != nil {
		return 0, err
	}
	item, err := k.Item.Row(ctx, q, scope, key)
	if err != nil {
		return 0, err
	}
	var id int64
	err = q.QueryRowContext(ctx, `SELECT id FROM asociaciones WHERE tipo = $1 AND punto_id = $2 AND item_id = $3`, k.Tipo, point, item).Scan(&id)
	return id, db.MapError(err)
}

// condition is a condition of a machine's criterion; id 0 stands for a criterion without
// conditions (its name is null, shown 'CDNG', REF-006).
type condition struct {
	id   int64
	name *string
}

func (s *Service) conditions(ctx context.Context, q db.Querier, scope catalog.Scope, machine int64) ([]condition, error) {
	var criterion *int64
	if err := q.QueryRowContext(ctx, `SELECT criterio_id FROM maquinas WHERE id = $1`, machine).Scan(&criterion); err != nil {
		return nil, db.MapError(err)
	}
	none := []condition{{}}
	if criterion == nil {
		return none, nil
	}
	c, err := s.Criteria.Get(ctx, q, scope, strconv.FormatInt(*criterion, 10))
	if err != nil || len(c.Condiciones) == 0 {
		return none, err
	}
	out := make([]condition, len(c.Condiciones))
	for i, cc := range c.Condiciones {
		out[i] = condition{id: cc.UsuCondicionID, name: &cc.CondicionNombre}
	}
	return out, nil
}

// references returns an association's reference values, one per condition of the machine's
// current criterion (rows for new conditions are made on the way).
func (s *Service) references(ctx context.Context, q db.Querier, scope catalog.Scope, machine, association int64) ([]*Reference, error) {
	rows, err := s.referenceRows(ctx, q, scope, machine, association)
	return rows[association], err
}

// referenceRows answers the reference rows of the machine's associations by association (only
// of `association` unless it is 0), one per condition of the machine's criterion, creating the
// missing ones: one statement per condition and one read, whatever the number of associations.
func (s *Service) referenceRows(ctx context.Context, q db.Querier, scope catalog.Scope, machine, association int64) (map[int64][]*Reference, error) {
	conds, err := s.conditions(ctx, q, scope, machine)
	if err != nil {
		return nil, err
	}
	for _, c := range conds {
		if _, err := q.ExecContext(ctx, `INSERT INTO valores_referencia (asociacion_id, condicion_id)
			SELECT id, $1 FROM asociaciones WHERE maquina_id = $2 AND ($3 = 0 OR id = $3) ON CONFLICT DO NOTHING`, c.id, machine, association); err != nil {
			return nil, err
		}
	}
	rows, err := q.QueryContext(ctx, `SELECT r.asociacion_id, r.condicion_id, r.id, `+valueColumns+` FROM valores_referencia r
		JOIN asociaciones a ON a.id = r.asociacion_id WHERE a.maquina_id = $1 AND ($2 = 0 OR a.id = $2)`, machine, association)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byAssociation := map[int64]map[int64]*Reference{}
	for rows.Next() {
		r := &Reference{}
		if err := rows.Scan(&r.Association, &r.UsuCondicionId, &r.ID, &r.VH1Aviso, &r.VH1Alarma, &r.VH1Peligro, &r.HH2Aviso, &r.HH2Alarma, &r.HH2Peligro,
			&r.AAviso, &r.AAlarma, &r.APeligro, &r.TemperaturaAviso, &r.TemperaturaAlarm, &r.TemperaturaPelig); err != nil {
			return nil, err
		}
		if byAssociation[r.Association] == nil {
			byAssociation[r.Association] = map[int64]*Reference{}
		}
		byAssociation[r.Association][r.UsuCondicionId] = r
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// In the criterion's order; rows of conditions it no longer has stay stored, unlisted.
	out := make(map[int64][]*Reference, len(byAssociation))
	for a, byCondition := range byAssociation {
		list := make([]*Reference, 0, len(conds))
		for _, c := range conds {
			r := byCondition[c.id]
			r.Nombre = c.name
			list = append(list, r)
		}
		out[a] = list
	}
	return out, nil
}

// References answers the reference values of the item named key on the point.
func (s *Service) References(ctx context.Context, scope catalog.Scope, k *Kind, machine, point int64, key string) ([]*Reference, error) {
	var out []*Reference
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		id, err := s.association(ctx, tx, scope, k, machine, point, key)
		if err != nil {
			return err
		}
		out, err = s.references(ctx, tx, scope, machine, id)
		return err
	})
	return k.answer(out), err
}

// ReferencesOf answers the reference values of an association by its id.
func (s *Service) ReferencesOf(ctx context.Context, scope catalog.Scope, k *Kind, association int64) ([]*Reference, error) {
	var out []*Reference
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var machine int64
		err := tx.QueryRowContext(ctx, `SELECT maquina_id FROM asociaciones WHERE id = $1 AND tipo = $2 AND fabrica_id = $3`, association, k.Tipo, scope.Factory).Scan(&machine)
		if err != nil {
			return db.MapError(err)
		}
		out, err = s.references(ctx, tx, scope, machine, association)
		return err
	})
	return k.answer(out), err
}

// answer names the references' ids as the kind does (REF-009); only VCPs carry temperature.
func (k *Kind) answer(refs []*Reference) []*Reference {
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
func (s *Service) SetReference(ctx context.Context, scope catalog.Scope, k *Kind, id int64, v Values) error {
	if !k.Temperature {
		v.TemperaturaAviso, v.TemperaturaAlarm, v.TemperaturaPelig = nil, nil, nil
	}
	var errs api.FieldErrors
	for _, g := range v.groups() {
		if f := g.g.Check(); f != "" {
			errs.Add(g.prefix+f, "reference_value", nil)
		}
	}
	if err := errs.Err(); err != nil {
		return err
	}
	res, err := s.DB.ExecContext(ctx, `UPDATE valores_referencia SET v_h1_aviso = $1, v_h1_alarma = $2, v_h1_peligro = $3, h_h2_aviso = $4, h_h2_alarma = $5, h_h2_peligro = $6,
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
	return nil
}

// Dissociate removes the kind's associations of the machine: of one item on a point (key
// set), of a point (point set) or all of them.
func (s *Service) Dissociate(ctx context.Context, scope catalog.Scope, k *Kind, machine, point int64, key string) error {
	var one int
	if err := s.DB.QueryRowContext(ctx, `SELECT 1 FROM maquinas WHERE id = $1 AND fabrica_id = $2`, machine, scope.Factory).Scan(&one); err != nil {
		return db.MapError(err)
	}
	if key != "" {
		id, err := s.association(ctx, s.DB, scope, k, machine, point, key)
		if errors.Is(err, db.ErrNotFound) {
			return api.Refused("not_linked", nil)
		}
		if err != nil {
			return err
		}
		_, err = s.DB.ExecContext(ctx, `DELETE FROM asociaciones WHERE id = $1`, id)
		return err
	}
	if point != 0 {
		if err := s.point(ctx, s.DB, scope.Factory, machine, point); err != nil {
			return err
		}
		_, err := s.DB.ExecContext(ctx, `DELETE FROM asociaciones WHERE tipo = $1 AND punto_id = $2`, k.Tipo, point)
		return err
	}
	_, err := s.DB.ExecContext(ctx, `DELETE FROM asociaciones WHERE tipo = $1 AND maquina_id = $2`, k.Tipo, machine)
	return err
}

type body[T any] struct{ Body T }

type itemPath struct {
	Factory int64  `path:"factory"`
	Machine int64  `path:"machine"`
	Point   int64  `path:"point"`
	Key     string `path:"key"`
}

// Register serves the association calls of every kind at the spec's paths (S2 §7.3–§7.5),
// and a point's associated items.
func Register(a huma.API, s *Service, kinds ...*Kind) {
	huma.Register(a, api.Op(api.Read, huma.Operation{OperationID: "point-associations", Method: http.MethodGet, Path: "/api/user/{factory}/point/{point}/associations",
		Summary: "The VCVs and VCPs associated to a point", Tags: []string{"associations"}}),
		func(ctx context.Context, in *struct {
			Factory int64 `path:"factory"`
			Point   int64 `path:"point"`
		}) (*body[[]Associated], error) {
			out, err := s.OfPoint(ctx, catalog.ScopeOf(ctx, in.Factory), kinds, in.Point)
			return &body[[]Associated]{out}, err
		})
	for _, k := range kinds {
		base := "/api/user/{factory}/" + k.Segment
		item := base + "/machine/{machine}/point/{point}/" + k.ItemSeg + "/{key}"
		op := func(access api.Access, id, method, path, summary string, status int) huma.Operation {
			return api.Op(access, huma.Operation{OperationID: id + "-" + k.Segment, Method: method, Path: path, Summary: summary, DefaultStatus: status, Tags: []string{"associations"}})
		}
		huma.Register(a, op(api.Edit, "associate", http.MethodPost, item, "Associate an item to a machine point", http.StatusNoContent),
			func(ctx context.Context, in *itemPath) (*struct{}, error) {
				return nil, s.Associate(ctx, catalog.ScopeOf(ctx, in.Factory), k, in.Machine, in.Point, in.Key)
			})
		huma.Register(a, op(api.Read, "references", http.MethodGet, item+"/reference", "The reference values of an associated item, per condition", 0),
			func(ctx context.Context, in *itemPath) (*body[[]*Reference], error) {
				out, err := s.References(ctx, catalog.ScopeOf(ctx, in.Factory), k, in.Machine, in.Point, in.Key)
				return &body[[]*Reference]{out}, err
			})
		huma.Register(a, op(api.Read, "references-of", http.MethodGet, base+"/{id}/reference", "The reference values of an association", 0),
			func(ctx context.Context, in *struct {
				Factory int64 `path:"factory"`
				ID      int64 `path:"id"`
			}) (*body[[]*Reference], error) {
				out, err := s.ReferencesOf(ctx, catalog.ScopeOf(ctx, in.Factory), k, in.ID)
				return &body[[]*Reference]{out}, err
			})
		huma.Register(a, op(api.Edit, "set-reference", http.MethodPut, base+"/reference/{id}", "Write one condition's reference values", http.StatusNoContent),
			func(ctx context.Context, in *struct {
				Factory int64 `path:"factory"`
				ID      int64 `path:"id"`
				Body    Values
			}) (*struct{}, error) {
				return nil, s.SetReference(ctx, catalog.ScopeOf(ctx, in.Factory), k, in.ID, in.Body)
			})
		dissociate := func(ctx context.Context, factory, machine, point int64, key string) error {
			return s.Dissociate(ctx, catalog.ScopeOf(ctx, factory), k, machine, point, key)
		}
		if k.DeleteAnswersTrue {
			huma.Register(a, op(api.Edit, "dissociate", http.MethodDelete, item, "Dissociate an item from a machine point", 0),
				func(ctx context.Context, in *itemPath) (*body[bool], error) {
					return &body[bool]{true}, dissociate(ctx, in.Factory, in.Machine, in.Point, in.Key)
				})
		} else {
			huma.Register(a, op(api.Edit, "dissociate", http.MethodDelete, item, "Dissociate an item from a machine point", http.StatusNoContent),
				func(ctx context.Context, in *itemPath) (*struct{}, error) {
					return nil, dissociate(ctx, in.Factory, in.Machine, in.Point, in.Key)
				})
		}
		huma.Register(a, op(api.Edit, "dissociate-point", http.MethodDelete, base+"/machine/{machine}/point/{point}", "Dissociate every item of the kind from a point", http.StatusNoContent),
			func(ctx context.Context, in *struct {
				Factory int64 `path:"factory"`
				Machine int64 `path:"machine"`
				Point   int64 `path:"point"`
			}) (*struct{}, error) {
				return nil, dissociate(ctx, in.Factory, in.Machine, in.Point, "")
			})
		huma.Register(a, op(api.Edit, "dissociate-machine", http.MethodDelete, base+"/machine/{machine}", "Dissociate every item of the kind from a machine's points", http.StatusNoContent),
			func(ctx context.Context, in *struct {
				Factory int64 `path:"factory"`
				Machine int64 `path:"machine"`
			}) (*struct{}, error) {
				return nil, dissociate(ctx, in.Factory, in.Machine, 0, "")
			})
	}
}

// Kinds declares the three kinds of association over the kinds they associate.
func Kinds(vcv *catalog.Kind[catalog.Vcv], digitalVcv *catalog.Kind[catalog.DigitalVcv], vcp *catalog.Kind[catalog.Vcp]) []*Kind {
	return []*Kind{
		{Segment: "mpv", ItemSeg: "vcv", Tipo: "MPV", Item: vcv,
			ids: func(r *Reference) (**int64, **int64) { return &r.UsuValorReferenciaID, &r.UsuMPVId },
			facts: func(ctx context.Context, q db.Querier, scope catalog.Scope, key string) (string, string, error) {
				v, err := vcv.Get(ctx, q, scope, key)
				if err != nil || v.Banda == nil {
					return "", "", err
				}
				return v.Banda.Rango, "", nil
			}},
		{Segment: "mpvd", ItemSeg: "digitalvcv", Tipo: "MPVD", Item: digitalVcv, DeleteAnswersTrue: true,
			ids: func(r *Reference) (**int64, **int64) { return &r.UsuValorReferenciaMPVdID, &r.UsuMPVdId },
			facts: func(ctx context.Context, q db.Querier, scope catalog.Scope, key string) (string, string, error) {
				v, err := digitalVcv.Get(ctx, q, scope, key)
				if err != nil {
					return "", "", err
				}
				var rango, vco string
				if v.BandaDigital != nil {
					rango = v.BandaDigital.Rango
				}
				if v.Tipo != nil {
					vco = v.Tipo.EnumTipoVcoID
				}
				return rango, vco, nil
			}},
		{Segment: "mpvp", ItemSeg: "vcp", Tipo: "MPVP", Item: vcp, Temperature: true,
			ids:   func(r *Reference) (**int64, **int64) { return &r.UsuValorReferenciaMPVpID, &r.UsuMPVpId },
			facts: func(context.Context, db.Querier, catalog.Scope, string) (string, string, error) { return "", "", nil }},
	}
}

// Associated is an item associated to a point, as the side-bar lists it: VCVs by the range
// of their band, VCPs apart.
type Associated struct {
	Tipo     string `json:"Tipo" enum:"MPV,MPVD,MPVP"`
	ID       int64  `json:"UsuAsociacionID"`
	Clave    string `json:"Clave"`
	NombreEs string `json:"NombreEs"`
	NombreEn string `json:"NombreEn"`
	Rango    string `json:"Rango,omitempty"`
	// TipoVco is a digital VCV's type (VCO, VCOV): its label's prefix (VCV-029).
	TipoVco string `json:"TipoVco,omitempty" enum:"VCO,VCOV"`
}

// OfPoint lists the items associated to a point of the factory, by kind and name.
func (s *Service) OfPoint(ctx context.Context, scope catalog.Scope, kinds []*Kind, point int64) ([]Associated, error) {
	var one int
	if err := s.DB.QueryRowContext(ctx, `SELECT 1 FROM puntos WHERE id = $1 AND fabrica_id = $2`, point, scope.Factory).Scan(&one); err != nil {
		return nil, db.MapError(err)
	}
	rows, err := s.DB.QueryContext(ctx, `SELECT a.id, a.tipo, a.item_id, i.nombre_es, i.nombre_en FROM asociaciones a JOIN catalogo i ON i.id = a.item_id
		WHERE a.punto_id = $1 ORDER BY a.tipo, i.nombre_es, a.id`, point)
	if err != nil {
		return nil, err
	}
	var out []Associated
	var items []int64
	for rows.Next() {
		var a Associated
		var item int64
		if err := rows.Scan(&a.ID, &a.Tipo, &item, &a.NombreEs, &a.NombreEn); err != nil {
			rows.Close()
			return nil, err
		}
		out, items = append(out, a), append(items, item)
	}
	rows.Close()
	byTipo := map[string]*Kind{}
	for _, k := range kinds {
		byTipo[k.Tipo] = k
	}
	for i := range out {
		k := byTipo[out[i].Tipo]
		if out[i].Clave, err = k.Item.Key(ctx, s.DB, items[i]); err != nil {
			return nil, err
		}
		if out[i].Rango, out[i].TipoVco, err = k.facts(ctx, s.DB, scope, out[i].Clave); err != nil {
			return nil, err
		}
	}
	if out == nil {
		out = []Associated{}
	}
	return out, nil
}

// Alarm is one direction of one condition's reference values on a machine: a row of the
// machine's alert list (S1 §3 'Alarm row'). Orientacion is 0 for a horizontal component
// (directions V, H, A), 1 for a vertical one (H1, H2, A); direction 3 is a VCP's temperature.
type Alarm struct {
	UsuValorReferenciaID int64   `json:"UsuValorReferenciaID"`
	Tipo                 string  `json:"Tipo" enum:"MPV,MPVD,MPVP"`
	ComponenteNombre     string  `json:"ComponenteNombre"`
	UsuPuntoVibracionID  int64   `json:"UsuPuntoVibracionID"`
	PuntoNombre          string  `json:"PuntoNombre"`
	VcvNombre            string  `json:"VcvNombre"`
	Orientacion          int64   `json:"Orientacion"`
	Direccion            int64   `json:"Direccion"`
	UsuCondicionId       int64   `json:"UsuCondicionId"`
	CondicionNombre      *string `json:"CondicionNombre"`
	VrAviso              *int64  `json:"VrAviso"`
	VrAlarma             *int64  `json:"VrAlarma"`
	VrPeligro            *int64  `json:"VrPeligro"`
}

// Alarms lists every reference value of the machine, direction by direction, by component,
// point, item and condition (the 'reference-value-edition' tab, our design).
func (s *Service) Alarms(ctx context.Context, scope catalog.Scope, machine int64) ([]Alarm, error) {
	out := []Alarm{}
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM maquinas WHERE id = $1 AND fabrica_id = $2`, machine, scope.Factory).Scan(&one); err != nil {
			return db.MapError(err)
		}
		type assocRow struct {
			id, point, mounting  int64
			tipo, comp, pt, item string
		}
		name := "nombre_es"
		if scope.Lang != "" && scope.Lang != "es" {
			name = "nombre_en"
		}
		rows, err := tx.QueryContext(ctx, `SELECT a.id, a.tipo, c.`+name+`, p.id, p.`+name+`, i.`+name+`, COALESCE(c.montaje, 1)
			FROM asociaciones a JOIN puntos p ON p.id = a.punto_id JOIN componentes c ON c.id = p.parent_id JOIN catalogo i ON i.id = a.item_id
			WHERE a.maquina_id = $1 ORDER BY c.`+name+`, p.`+name+`, a.tipo, i.`+name+`, a.id`, machine)
		if err != nil {
			return err
		}
		var list []assocRow
		for rows.Next() {
			var r assocRow
			if err := rows.Scan(&r.id, &r.tipo, &r.comp, &r.point, &r.pt, &r.item, &r.mounting); err != nil {
				rows.Close()
				return err
			}
			list = append(list, r)
		}
		rows.Close()
		refs, err := s.referenceRows(ctx, tx, scope, machine, 0)
		if err != nil {
			return err
		}
		for _, a := range list {
			for _, r := range refs[a.id] {
				groups := [][3]*int64{{r.VH1Aviso, r.VH1Alarma, r.VH1Peligro}, {r.HH2Aviso, r.HH2Alarma, r.HH2Peligro}, {r.AAviso, r.AAlarma, r.APeligro}}
				if a.tipo == "MPVP" {
					groups = append(groups, [3]*int64{r.TemperaturaAviso, r.TemperaturaAlarm, r.TemperaturaPelig})
				}
				for dir, g := range groups {
					out = append(out, Alarm{UsuValorReferenciaID: r.ID, Tipo: a.tipo, ComponenteNombre: a.comp, UsuPuntoVibracionID: a.point, PuntoNombre: a.pt,
						VcvNombre: a.item, Orientacion: a.mounting - 1, Direccion: int64(dir), UsuCondicionId: r.UsuCondicionId, CondicionNombre: r.Nombre,
						VrAviso: g[0], VrAlarma: g[1], VrPeligro: g[2]})
				}
			}
		}
		return nil
	})
	return out, err
}

// Thresholds are one direction's values as the alert list edits them.
type Thresholds struct {
	VrAviso   *int64 `json:"VrAviso" required:"false" nullable:"true"`
	VrAlarma  *int64 `json:"VrAlarma" required:"false" nullable:"true"`
	VrPeligro *int64 `json:"VrPeligro" required:"false" nullable:"true"`
}

// directionColumns are the columns of each direction of a reference row.
var directionColumns = [][3]string{{"v_h1_aviso", "v_h1_alarma", "v_h1_peligro"}, {"h_h2_aviso", "h_h2_alarma", "h_h2_peligro"},
	{"a_aviso", "a_alarma", "a_peligro"}, {"temperatura_aviso", "temperatura_alarma", "temperatura_peligro"}}

// SetAlarm writes one direction of a reference row of the machine under the group rules.
func (s *Service) SetAlarm(ctx context.Context, scope catalog.Scope, machine, id, direction int64, v Thresholds) error {
	var tipo string
	err := s.DB.QueryRowContext(ctx, `SELECT a.tipo FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id
		WHERE r.id = $1 AND a.maquina_id = $2 AND a.fabrica_id = $3`, id, machine, scope.Factory).Scan(&tipo)
	if err != nil {
		return db.MapError(err)
	}
	if direction < 0 || direction > 3 || (direction == 3 && tipo != "MPVP") {
		return db.ErrNotFound
	}
	if f := (Group{v.VrAviso, v.VrAlarma, v.VrPeligro}).Check(); f != "" {
		return api.Invalid("Vr"+f, "reference_value", nil)
	}
	c := directionColumns[direction]
	_, err = s.DB.ExecContext(ctx, `UPDATE valores_referencia SET `+c[0]+` = $1, `+c[1]+` = $2, `+c[2]+` = $3 WHERE id = $4`, v.VrAviso, v.VrAlarma, v.VrPeligro, id)
	return err
}

// RegisterAlarms serves the machine's alert list.
func RegisterAlarms(a huma.API, s *Service) {
	op := func(access api.Access, id, method, path, summary string, status int) huma.Operation {
		return api.Op(access, huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, DefaultStatus: status, Tags: []string{"associations"}})
	}
	base := "/api/user/{factory}/machine/{machine}/alarm"
	huma.Register(a, op(api.Read, "machine-alarms", http.MethodGet, base, "Every reference value of a machine, direction by direction", 0),
		func(ctx context.Context, in *struct {
			Factory int64 `path:"factory"`
			Machine int64 `path:"machine"`
		}) (*body[[]Alarm], error) {
			out, err := s.Alarms(ctx, catalog.ScopeOf(ctx, in.Factory), in.Machine)
			return &body[[]Alarm]{out}, err
		})
	huma.Register(a, op(api.Edit, "machine-alarm", http.MethodPut, base+"/{id}/direction/{direction}", "Write one direction of a reference row of the machine", http.StatusNoContent),
		func(ctx context.Context, in *struct {
			Factory   int64 `path:"factory"`
			Machine   int64 `path:"machine"`
			ID        int64 `path:"id"`
			Direction int64 `path:"direction"`
			Body      Thresholds
		}) (*struct{}, error) {
			return nil, s.SetAlarm(ctx, catalog.ScopeOf(ctx, in.Factory), in.Machine, in.ID, in.Direction, in.Body)
		})
}
