package operating

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/catalog"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/platform/num"
)

// Channels of a machine's VCOs on its alert device (VCO-015..VCO-017): 1 to 10, 11 for a
// tachometer; states sit at position 99.
const (
	lastChannel   = 10
	tachoChannel  = 11
	StatePosition = 99
)

// MachineVco is a VCO/VCOV associated to a machine (S3 §3): the item, the device and
// channel it is read on, and its state values.
type MachineVco struct {
	UsuVco_vId          int64   `json:"UsuVco_vId"`
	NombreEs            string  `json:"NombreEs"`
	NombreEn            string  `json:"NombreEn"`
	Tipo                VcoType `json:"Tipo"`
	FactorConversion    string  `json:"FactorConversion"`
	Tacometro           bool    `json:"Tacometro"`
	EquipoAlert10       *string `json:"EquipoAlert10,omitempty"`
	EquipoAlert10C      *string `json:"EquipoAlert10C,omitempty"`
	NombreEquipoAlert10 string  `json:"NombreEquipoAlert10,omitempty"`
	Canal               *int64  `json:"Canal,omitempty"`
	Posicion            int64   `json:"Posicion"`
	VrAviso             *string `json:"VrAviso,omitempty"`
	VrAlarma            *string `json:"VrAlarma,omitempty"`
	VrPeligro           *string `json:"VrPeligro,omitempty"`
}

// Machines serves the VCO/VCOVs of machines.
type Machines struct {
	DB   *db.DB
	Vcos *catalog.Kind[VcoV]
}

// List returns the VCO/VCOVs associated to a machine of the factory, by name.
func (m *Machines) List(ctx context.Context, scope catalog.Scope, machine int64) ([]MachineVco, error) {
	if err := m.machine(ctx, m.DB, scope.Factory, machine); err != nil {
		return nil, err
	}
	rows, err := m.DB.QueryContext(ctx, `SELECT vco_id, equipo_guid, tipo_equipo, canal, vr_aviso, vr_alarma, vr_peligro
		FROM maquina_vcos WHERE maquina_id = $1`, machine)
	if err != nil {
		return nil, err
	}
	type row struct {
		vco                 int64
		guid, kind          *string
		canal               *int64
		aviso, alarm, panic *string
	}
	var found []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.vco, &r.guid, &r.kind, &r.canal, num.Column{P: &r.aviso, F: valueFormat}, num.Column{P: &r.alarm, F: valueFormat}, num.Column{P: &r.panic, F: valueFormat}); err != nil {
			rows.Close()
			return nil, err
		}
		found = append(found, r)
	}
	rows.Close()
	out := []MachineVco{}
	for _, r := range found {
		v, err := m.Vcos.Get(ctx, m.DB, scope, strconv.FormatInt(r.vco, 10))
		if err != nil {
			return nil, err
		}
		mv := MachineVco{UsuVco_vId: r.vco, NombreEs: v.NombreEs, NombreEn: v.NombreEn, Tipo: v.Tipo, FactorConversion: *v.FactorConversion,
			Tacometro: v.UsuSensorTacometro != 0, Canal: r.canal, Posicion: StatePosition, VrAviso: r.aviso, VrAlarma: r.alarm, VrPeligro: r.panic}
		if r.kind != nil && *r.kind == DeviceAlert10C {
			mv.EquipoAlert10C = r.guid
		} else {
			mv.EquipoAlert10 = r.guid
		}
		out = append(out, mv)
	}
	return out, nil
}

// machine checks that the machine is the factory's.
func (m *Machines) machine(ctx context.Context, q db.Querier, factory, machine int64) error {
	var one int
	return db.MapError(q.QueryRowContext(ctx, `SELECT 1 FROM maquinas WHERE id = $1 AND fabrica_id = $2`, machine, factory).Scan(&one))
}

// Associate adds a factory VCO/VCOV to a machine ('El elemento ya está asociado.', VCO-007).
func (m *Machines) Associate(ctx context.Context, scope catalog.Scope, machine, vco int64) error {
	if err := m.machine(ctx, m.DB, scope.Factory, machine); err != nil {
		return err
	}
	if _, err := m.Vcos.Get(ctx, m.DB, scope, strconv.FormatInt(vco, 10)); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return api.Refused("choose_vco", nil) // VCO-005
		}
		return err
	}
	_, err := m.DB.ExecContext(ctx, `INSERT INTO maquina_vcos (maquina_id, vco_id) VALUES ($1, $2)`, machine, vco)
	if errors.Is(db.MapError(err), db.ErrDuplicate) {
		return api.Refused("already_linked", nil)
	}
	return err
}

// Dissociate removes a VCO/VCOV from a machine.
func (m *Machines) Dissociate(ctx context.Context, scope catalog.Scope, machine, vco int64) error {
	if err := m.machine(ctx, m.DB, scope.Factory, machine); err != nil {
		return err
	}
	res, err := m.DB.ExecContext(ctx, `DELETE FROM maquina_vcos WHERE maquina_id = $1 AND vco_id = $2`, machine, vco)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return api.Refused("not_linked", nil)
	}
	return nil
}

// Devices a machine VCO is read on.
const (
	DeviceAlert10  = "ALERT10"
	DeviceAlert10C = "ALERT10C"
)

// ChannelInput is the channel assignment call's body (S3 §7.2).
type ChannelInput struct {
	TipoAsig            string `json:"TipoAsig" enum:"MVCO"`
	AdminEquipoGUID     string `json:"AdminEquipoGUID" minLength:"1"`
	UsuMaquinaId        int64  `json:"UsuMaquinaId"`
	UsuPuntoVibracionId *int64 `json:"UsuPuntoVibracionId" required:"false" nullable:"true"`
	Direccion           *int64 `json:"Direccion" required:"false" nullable:"true"`
	Canal               int64  `json:"Canal"`
	UsuCriterioId       *int64 `json:"UsuCriterioId" required:"false" nullable:"true"`
	UsuVco_vId          int64  `json:"UsuVco_vId"`
	TipoEquipo          string `json:"TipoEquipo" enum:"ALERT10,ALERT10C"`
}

// AssignChannel puts a machine's VCO on a channel of a device: 1 to 10, or 11 for a
// tachometer (VCO-015, VCO-016); a channel of a device holds one VCO.
func (m *Machines) AssignChannel(ctx context.Context, scope catalog.Scope, in ChannelInput) error {
	if err := m.machine(ctx, m.DB, scope.Factory, in.UsuMaquinaId); err != nil {
		return err
	}
	v, err := m.Vcos.Get(ctx, m.DB, scope, strconv.FormatInt(in.UsuVco_vId, 10))
	if err != nil {
		return err
	}
	tacho := v.UsuSensorTacometro != 0
	if in.Canal < 1 || in.Canal > tachoChannel || (in.Canal == tachoChannel) != tacho {
		return api.Invalid("Canal", "channel", map[string]any{"max": lastChannel, "tacho": tachoChannel})
	}
	// The channel is one of the machine's own alert device, and not wired to one of its points.
	var alert10, alert10c *string
	if err := m.DB.QueryRowContext(ctx, `SELECT equipo_alert10, equipo_alert10c FROM maquinas WHERE id = $1`, in.UsuMaquinaId).Scan(&alert10, &alert10c); err != nil {
		return err
	}
	device := map[string]*string{DeviceAlert10: alert10, DeviceAlert10C: alert10c}[in.TipoEquipo]
	if device == nil || *device != in.AdminEquipoGUID {
		return api.Invalid("AdminEquipoGUID", "no_alert_device", nil)
	}
	var wired int
	if err := m.DB.QueryRowContext(ctx, `SELECT 1 FROM punto_canales WHERE maquina_id = $1 AND canal = $2`, in.UsuMaquinaId, in.Canal).Scan(&wired); err == nil {
		return api.Invalid("Canal", "channel_taken", map[string]any{"channel": in.Canal})
	}
	res, err := m.DB.ExecContext(ctx, `UPDATE maquina_vcos SET equipo_guid = $1, tipo_equipo = $2, canal = $3 WHERE maquina_id = $4 AND vco_id = $5`,
		in.AdminEquipoGUID, in.TipoEquipo, in.Canal, in.UsuMaquinaId, in.UsuVco_vId)
	if errors.Is(db.MapError(err), db.ErrDuplicate) {
		return api.Invalid("Canal", "channel_taken", map[string]any{"channel": in.Canal})
	}
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return api.Refused("not_linked", nil)
	}
	return nil
}

// States are a machine VCO's state values (VCO-012).
type States struct {
	VrAviso   *string `json:"VrAviso,omitempty" nullable:"true"`
	VrAlarma  *string `json:"VrAlarma,omitempty" nullable:"true"`
	VrPeligro *string `json:"VrPeligro,omitempty" nullable:"true"`
}

// SetStates writes a machine VCO's state values, each within ±99999999.
func (m *Machines) SetStates(ctx context.Context, scope catalog.Scope, machine, vco int64, s States) error {
	if err := m.machine(ctx, m.DB, scope.Factory, machine); err != nil {
		return err
	}
	var errs api.FieldErrors
	for _, f := range []struct {
		name string
		p    **string
	}{{"VrAviso", &s.VrAviso}, {"VrAlarma", &s.VrAlarma}, {"VrPeligro", &s.VrPeligro}} {
		num.Check(&errs, f.name, f.p, valueFormat, "")
	}
	if err := errs.Err(); err != nil {
		return err
	}
	res, err := m.DB.ExecContext(ctx, `UPDATE maquina_vcos SET vr_aviso = $1, vr_alarma = $2, vr_peligro = $3 WHERE maquina_id = $4 AND vco_id = $5`,
		num.Column{P: &s.VrAviso, F: valueFormat}, num.Column{P: &s.VrAlarma, F: valueFormat}, num.Column{P: &s.VrPeligro, F: valueFormat}, machine, vco)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return api.Refused("not_linked", nil)
	}
	return nil
}

type machinePath struct {
	Factory int64 `path:"factory"`
	Machine int64 `path:"machine"`
}

type machineVcoPath struct {
	Factory int64 `path:"factory"`
	Machine int64 `path:"machine"`
	Vco     int64 `path:"vco"`
}

type statesInput struct {
	Factory int64 `path:"factory"`
	Machine int64 `path:"machine"`
	Vco     int64 `path:"vco"`
	Body    States
}

type body[T any] struct{ Body T }

// Register serves the VCO/VCOV and criterion kinds and the machines' VCOs.
func Register(a huma.API, d *db.DB, vcos *catalog.Kind[VcoV], criteria *catalog.Kind[Criterion]) {
	catalog.Register(a, d, vcos)
	catalog.Register(a, d, criteria)
	m := &Machines{DB: d, Vcos: vcos}
	base := "/api/user/{factory}/machine/{machine}/vco"
	op := func(access api.Access, id, method, path, summary string, status int) huma.Operation {
		return api.Op(access, huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, DefaultStatus: status, Tags: []string{"machine VCO"}})
	}
	huma.Register(a, op(api.Read, "list-machine-vco", http.MethodGet, base, "A machine's VCO/VCOVs", 0),
		func(ctx context.Context, in *machinePath) (*body[[]MachineVco], error) {
			list, err := m.List(ctx, catalog.ScopeOf(ctx, in.Factory), in.Machine)
			return &body[[]MachineVco]{list}, err
		})
	huma.Register(a, op(api.Edit, "associate-machine-vco", http.MethodPost, base+"/{vco}", "Associate a VCO/VCOV to a machine", http.StatusNoContent),
		func(ctx context.Context, in *machineVcoPath) (*struct{}, error) {
			return nil, m.Associate(ctx, catalog.ScopeOf(ctx, in.Factory), in.Machine, in.Vco)
		})
	huma.Register(a, op(api.Edit, "dissociate-machine-vco", http.MethodDelete, base+"/{vco}", "Dissociate a VCO/VCOV from a machine", http.StatusNoContent),
		func(ctx context.Context, in *machineVcoPath) (*struct{}, error) {
			return nil, m.Dissociate(ctx, catalog.ScopeOf(ctx, in.Factory), in.Machine, in.Vco)
		})
	huma.Register(a, op(api.Edit, "machine-vco-states", http.MethodPut, base+"/{vco}/states", "Set a machine VCO's state values", http.StatusNoContent),
		func(ctx context.Context, in *statesInput) (*struct{}, error) {
			return nil, m.SetStates(ctx, catalog.ScopeOf(ctx, in.Factory), in.Machine, in.Vco, in.Body)
		})
	huma.Register(a, op(api.Edit, "machine-vco-channel", http.MethodPost, "/api/user/{factory}/machineocv/channel", "Put a machine's VCO on a device channel", http.StatusNoContent),
		func(ctx context.Context, in *struct {
			Factory int64 `path:"factory"`
			Body    ChannelInput
		}) (*struct{}, error) {
			return nil, m.AssignChannel(ctx, catalog.ScopeOf(ctx, in.Factory), in.Body)
		})
}
