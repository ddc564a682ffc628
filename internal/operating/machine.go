package operating

import (
	"context"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/catalog"
	"vigia/internal/devices"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/platform/num"
	"vigia/internal/tree"
)

// Channels of a machine's VCOs on its alert device (VCO-015..VCO-017): 1 to 10, 11 for a
// tachometer; states sit at position 99.
const (
	lastChannel   = 10
	tachoChannel  = 11
	StatePosition = 99
)

// MachineVco is a VCO/VCOV associated to a machine (S3 §3): the item, the device and
// channel it is read on (NombreEquipoAlert10 names the device as devices are shown, Label),
// and its state values.
type MachineVco struct {
	UsuVco_vId       int64   `json:"UsuVco_vId"`
	NombreEs         string  `json:"NombreEs"`
	NombreEn         string  `json:"NombreEn"`
	Tipo             VcoType `json:"Tipo"`
	FactorConversion string  `json:"FactorConversion"`
	Tacometro        bool    `json:"Tacometro"`
	// Magnitud is what the VCO's sensor measures (its Magnitud id; RPM for a tachometer): the
	// unit of its states. Empty when the sensor says nothing.
	Magnitud            string  `json:"Magnitud,omitempty"`
	EquipoAlert10       *string `json:"EquipoAlert10,omitempty"`
	EquipoAlert10C      *string `json:"EquipoAlert10C,omitempty"`
	NombreEquipoAlert10 string  `json:"NombreEquipoAlert10,omitempty"`
	Canal               *int64  `json:"Canal,omitempty"`
	Posicion            int64   `json:"Posicion"`
	VrAviso             *string `json:"VrAviso,omitempty"`
	VrAlarma            *string `json:"VrAlarma,omitempty"`
	VrPeligro           *string `json:"VrPeligro,omitempty"`
}

// States are the VCO's three state values (warning, alarm, danger) in thousandths; nil where unset.
func (mv *MachineVco) States() [3]*int64 {
	var out [3]*int64
	for i, p := range []*string{mv.VrAviso, mv.VrAlarma, mv.VrPeligro} {
		if v, ok := valueFormat.Value(p); ok {
			out[i] = &v
		}
	}
	return out
}

// Machines serves the VCO/VCOVs of machines.
type Machines struct {
	Vcos    *catalog.Kind[VcoV]
	Sensors *catalog.Sensors
}

// List returns the VCO/VCOVs associated to a machine of the factory, by name in the scope's
// language: a fixed handful of reads whatever their number.
func (m *Machines) List(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) ([]MachineVco, error) {
	return m.list(ctx, q, scope, machine, 0)
}

// Get returns the VCO/VCOV vco associated to a machine of the factory; db.ErrNotFound when it
// is not associated.
func (m *Machines) Get(ctx context.Context, q db.Querier, scope auth.Scope, machine, vco int64) (*MachineVco, error) {
	list, err := m.list(ctx, q, scope, machine, vco)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, db.ErrNotFound
	}
	return &list[0], nil
}

// list reads the VCO/VCOVs associated to the machine (only vco, unless it is 0).
func (m *Machines) list(ctx context.Context, q db.Querier, scope auth.Scope, machine, vco int64) ([]MachineVco, error) {
	if err := scope.Owned(ctx, q, "maquinas", machine); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT v.vco_id, v.equipo_guid, v.tipo_equipo, e.numero_serie, e.alias, v.canal, v.vr_aviso, v.vr_alarma, v.vr_peligro
		FROM maquina_vcos v LEFT JOIN equipos e ON e.guid = v.equipo_guid
		WHERE v.maquina_id = $1 AND ($2 = 0 OR v.vco_id = $2)`, machine, vco)
	found, err := db.Collect(rows, err, func(r db.Scanner) (mv MachineVco, err error) {
		var guid, kind, serial, alias *string
		err = r.Scan(&mv.UsuVco_vId, &guid, &kind, &serial, &alias, &mv.Canal, num.Column{P: &mv.VrAviso, F: valueFormat}, num.Column{P: &mv.VrAlarma, F: valueFormat},
			num.Column{P: &mv.VrPeligro, F: valueFormat})
		if kind != nil && *kind == devices.TypeAlert10C {
			mv.EquipoAlert10C = guid
		} else {
			mv.EquipoAlert10 = guid
		}
		if serial != nil {
			mv.NombreEquipoAlert10 = devices.Label(*serial, alias)
		}
		return mv, err
	})
	if err != nil {
		return nil, err
	}
	keys := make([]string, len(found))
	for i, mv := range found {
		keys[i] = strconv.FormatInt(mv.UsuVco_vId, 10)
	}
	vcos, err := m.Vcos.GetMany(ctx, q, scope, keys)
	if err != nil {
		return nil, err
	}
	magnitudes, err := m.magnitudes(ctx, q, scope, slices.Collect(maps.Values(vcos)))
	if err != nil {
		return nil, err
	}
	out := []MachineVco{}
	for _, mv := range found {
		v := vcos[strconv.FormatInt(mv.UsuVco_vId, 10)]
		if v == nil {
			continue
		}
		mv.NombreEs, mv.NombreEn, mv.Tipo, mv.FactorConversion = v.NombreEs, v.NombreEn, v.Tipo, *v.FactorConversion
		mv.Tacometro, mv.Posicion, mv.Magnitud = v.UsuSensorTacometro != 0, StatePosition, magnitudes[v]
		out = append(out, mv)
	}
	name := func(mv MachineVco) string { return catalog.Name{Es: mv.NombreEs, En: mv.NombreEn}.In(scope) }
	sortBy(out, name)
	return out, nil
}

// magnitudes tells what the sensor of each VCO/VCOV measures: one read per sensor kind in use;
// a tachometer measures speed in rpm.
func (m *Machines) magnitudes(ctx context.Context, q db.Querier, scope auth.Scope, vcos []*VcoV) (map[*VcoV]string, error) {
	out := map[*VcoV]string{}
	for _, v := range vcos {
		if v.UsuSensorTacometro != 0 {
			out[v] = "RPM"
		}
	}
	s := m.Sensors
	id := func(id int64) string {
		if id == 0 {
			return ""
		}
		return strconv.FormatInt(id, 10)
	}
	return out, errors.Join(
		magnitudesOf(ctx, q, scope, s.Current420, vcos, out, func(v *VcoV) string { return id(v.UsuSensor420) }, func(t *catalog.Current420) catalog.Magnitude { return t.Magnitud }),
		magnitudesOf(ctx, q, scope, s.StaticVoltage, vcos, out, func(v *VcoV) string { return id(v.UsuSensorVoltajeEstatico) }, func(t *catalog.StaticVoltage) catalog.Magnitude { return t.Magnitud }),
		magnitudesOf(ctx, q, scope, s.Virtual, vcos, out, func(v *VcoV) string { return id(v.UsuSensorVirtual) }, func(t *catalog.Virtual) catalog.Magnitude { return t.Magnitud }),
		magnitudesOf(ctx, q, scope, s.Keyboard, vcos, out, func(v *VcoV) string { return v.SensorTeclado }, func(t *catalog.Keyboard) catalog.Magnitude { return t.Magnitud }),
		magnitudesOf(ctx, q, scope, s.Nominal, vcos, out, func(v *VcoV) string { return v.SensorNominal }, func(t *catalog.Nominal) catalog.Magnitude { return t.Magnitud }),
	)
}

// magnitudesOf reads, in one read, the sensors of kind k that the VCO/VCOVs name by key, and
// sets in out what each measures.
func magnitudesOf[T any](ctx context.Context, q db.Querier, scope auth.Scope, k *catalog.Kind[T], vcos []*VcoV, out map[*VcoV]string,
	key func(*VcoV) string, magnitude func(*T) catalog.Magnitude) error {
	using := map[string][]*VcoV{}
	for _, v := range vcos {
		if s := key(v); s != "" {
			using[s] = append(using[s], v)
		}
	}
	if len(using) == 0 {
		return nil
	}
	sensors, err := k.GetMany(ctx, q, scope, slices.Collect(maps.Keys(using)))
	for s, t := range sensors {
		for _, v := range using[s] {
			out[v] = magnitude(t).EnumMagnitudID
		}
	}
	return err
}

// edit checks that the machine is the scope's and the scope may change it.
func (m *Machines) edit(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) error {
	if err := scope.CheckEdit(); err != nil {
		return err
	}
	return scope.Owned(ctx, q, "maquinas", machine)
}

// Associate adds a factory VCO/VCOV to a machine ('El elemento ya está asociado.', VCO-007).
func (m *Machines) Associate(ctx context.Context, q db.Querier, scope auth.Scope, machine, vco int64) error {
	if err := m.edit(ctx, q, scope, machine); err != nil {
		return err
	}
	if _, err := m.Vcos.Get(ctx, q, scope, strconv.FormatInt(vco, 10)); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return api.Refused("choose_vco", nil) // VCO-005
		}
		return err
	}
	_, err := q.ExecContext(ctx, `INSERT INTO maquina_vcos (maquina_id, vco_id) VALUES ($1, $2)`, machine, vco)
	if errors.Is(db.MapError(err), db.ErrDuplicate) {
		return api.ErrAlreadyLinked
	}
	return err
}

// Dissociate removes a VCO/VCOV from a machine.
func (m *Machines) Dissociate(ctx context.Context, q db.Querier, scope auth.Scope, machine, vco int64) error {
	if err := m.edit(ctx, q, scope, machine); err != nil {
		return err
	}
	res, err := q.ExecContext(ctx, `DELETE FROM maquina_vcos WHERE maquina_id = $1 AND vco_id = $2`, machine, vco)
	return changed(res, err)
}

// ClearChannel takes a machine's VCO off its device channel.
func (m *Machines) ClearChannel(ctx context.Context, q db.Querier, scope auth.Scope, machine, vco int64) error {
	if err := m.edit(ctx, q, scope, machine); err != nil {
		return err
	}
	res, err := q.ExecContext(ctx, `UPDATE maquina_vcos SET equipo_guid = NULL, tipo_equipo = NULL, canal = NULL WHERE maquina_id = $1 AND vco_id = $2`, machine, vco)
	return changed(res, err)
}

// Pasted gives machine to, a copy of machine from, from's VCO/VCOVs with their states; not
// their channels, which are of from's alert device (a copy has none).
func (m *Machines) Pasted(ctx context.Context, q db.Querier, from, to int64) error {
	_, err := q.ExecContext(ctx, `INSERT INTO maquina_vcos (maquina_id, vco_id, vr_aviso, vr_alarma, vr_peligro)
		SELECT $2, vco_id, vr_aviso, vr_alarma, vr_peligro FROM maquina_vcos WHERE maquina_id = $1`, from, to)
	return err
}

// Saved takes the machine's VCO/VCOVs off the channels of an alert device it no longer has.
func (m *Machines) Saved(ctx context.Context, q db.Querier, machine int64) error {
	_, err := q.ExecContext(ctx, `UPDATE maquina_vcos SET equipo_guid = NULL, tipo_equipo = NULL, canal = NULL
		WHERE maquina_id = $1 AND canal IS NOT NULL AND NOT EXISTS (SELECT 1 FROM maquinas m WHERE m.id = $1
			AND maquina_vcos.equipo_guid = CASE maquina_vcos.tipo_equipo WHEN $2 THEN m.equipo_alert10c ELSE m.equipo_alert10 END)`,
		machine, devices.TypeAlert10C)
	return err
}

// VcoChannel is the device channel a VCO/VCOV is on at one of the machines it is associated to.
type VcoChannel struct {
	UsuMaquinaId    int64  `json:"UsuMaquinaId"`
	AdminEquipoGUID string `json:"AdminEquipoGUID"`
	TipoEquipo      string `json:"TipoEquipo"`
	Canal           int64  `json:"Canal"`
}

// Channels lists the device channels a VCO/VCOV of the factory is on, by machine.
func (m *Machines) Channels(ctx context.Context, q db.Querier, scope auth.Scope, vco int64) ([]VcoChannel, error) {
	if _, err := m.Vcos.Get(ctx, q, scope, strconv.FormatInt(vco, 10)); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT v.maquina_id, v.equipo_guid, v.tipo_equipo, v.canal FROM maquina_vcos v JOIN maquinas m ON m.id = v.maquina_id
		WHERE v.vco_id = $1 AND m.fabrica_id = $2 AND v.canal IS NOT NULL ORDER BY v.maquina_id`, vco, scope.Factory)
	return db.Collect(rows, err, func(r db.Scanner) (c VcoChannel, err error) {
		return c, r.Scan(&c.UsuMaquinaId, &c.AdminEquipoGUID, &c.TipoEquipo, &c.Canal)
	})
}

// changed answers api.ErrNotLinked when a statement changed no row.
func changed(res interface{ RowsAffected() (int64, error) }, err error) error {
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return api.ErrNotLinked
	}
	return nil
}

// ChannelInput is the channel assignment call's body (S3 §7.2).
type ChannelInput struct {
	TipoAsig            string `json:"TipoAsig" enum:"MVCO"`
	AdminEquipoGUID     string `json:"AdminEquipoGUID" minLength:"1"`
	UsuMaquinaId        int64  `json:"UsuMaquinaId" audit:"machine"`
	UsuPuntoVibracionId *int64 `json:"UsuPuntoVibracionId" required:"false" nullable:"true"`
	Direccion           *int64 `json:"Direccion" required:"false" nullable:"true"`
	Canal               int64  `json:"Canal"`
	UsuCriterioId       *int64 `json:"UsuCriterioId" required:"false" nullable:"true"`
	UsuVco_vId          int64  `json:"UsuVco_vId" audit:"ocv"`
	TipoEquipo          string `json:"TipoEquipo" enum:"ALERT10,ALERT10C"`
}

// AssignChannel puts a machine's VCO on a channel of a device: 1 to 10, or 11 for a
// tachometer (VCO-015, VCO-016); a channel of the machine's device holds one VCO or one
// point direction, checked with the machine locked so that no other write slips between
// the check and the write.
func (m *Machines) AssignChannel(ctx context.Context, q db.Querier, scope auth.Scope, in ChannelInput) error {
	if err := m.edit(ctx, q, scope, in.UsuMaquinaId); err != nil {
		return err
	}
	v, err := m.Vcos.Get(ctx, q, scope, strconv.FormatInt(in.UsuVco_vId, 10))
	if err != nil {
		return err
	}
	tacho := v.UsuSensorTacometro != 0
	if in.Canal < 1 || in.Canal > tachoChannel || (in.Canal == tachoChannel) != tacho {
		return api.Invalid("Canal", "channel", map[string]any{"max": lastChannel, "tacho": tachoChannel})
	}
	if err := tree.LockMachine(ctx, q, in.UsuMaquinaId); err != nil {
		return err
	}
	// The channel is one of the machine's own alert device, and not wired to one of its points.
	var alert10, alert10c *string
	if err := q.QueryRowContext(ctx, `SELECT equipo_alert10, equipo_alert10c FROM maquinas WHERE id = $1`, in.UsuMaquinaId).Scan(&alert10, &alert10c); err != nil {
		return err
	}
	device := map[string]*string{devices.TypeAlert10: alert10, devices.TypeAlert10C: alert10c}[in.TipoEquipo]
	if device == nil || *device != in.AdminEquipoGUID {
		return api.Invalid("AdminEquipoGUID", "no_alert_device", nil)
	}
	var wired int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM punto_canales WHERE maquina_id = $1 AND canal = $2`, in.UsuMaquinaId, in.Canal).Scan(&wired); err != nil {
		return err
	}
	if wired > 0 {
		return api.Invalid("Canal", "channel_taken", map[string]any{"channel": in.Canal})
	}
	res, err := q.ExecContext(ctx, `UPDATE maquina_vcos SET equipo_guid = $1, tipo_equipo = $2, canal = $3 WHERE maquina_id = $4 AND vco_id = $5`,
		in.AdminEquipoGUID, in.TipoEquipo, in.Canal, in.UsuMaquinaId, in.UsuVco_vId)
	if errors.Is(db.MapError(err), db.ErrDuplicate) {
		return api.Invalid("Canal", "channel_taken", map[string]any{"channel": in.Canal})
	}
	return changed(res, err)
}

// States are a machine VCO's state values (VCO-012), sent with the fixed state position.
type States struct {
	Posicion  *int64  `json:"Posicion,omitempty" required:"false" doc:"always 99 (VCO-017)"`
	VrAviso   *string `json:"VrAviso,omitempty" nullable:"true"`
	VrAlarma  *string `json:"VrAlarma,omitempty" nullable:"true"`
	VrPeligro *string `json:"VrPeligro,omitempty" nullable:"true"`
}

// SetStates writes a machine VCO's state values, each within ±99999999.
func (m *Machines) SetStates(ctx context.Context, q db.Querier, scope auth.Scope, machine, vco int64, s States) error {
	if err := m.edit(ctx, q, scope, machine); err != nil {
		return err
	}
	var errs api.FieldErrors
	if s.Posicion != nil && *s.Posicion != StatePosition {
		errs.Add("Posicion", "invalid", nil)
	}
	for _, f := range []struct {
		name string
		p    **string
	}{{"VrAviso", &s.VrAviso}, {"VrAlarma", &s.VrAlarma}, {"VrPeligro", &s.VrPeligro}} {
		num.Check(&errs, f.name, f.p, valueFormat, "")
	}
	if err := errs.Err(); err != nil {
		return err
	}
	res, err := q.ExecContext(ctx, `UPDATE maquina_vcos SET vr_aviso = $1, vr_alarma = $2, vr_peligro = $3 WHERE maquina_id = $4 AND vco_id = $5`,
		num.Column{P: &s.VrAviso, F: valueFormat}, num.Column{P: &s.VrAlarma, F: valueFormat}, num.Column{P: &s.VrPeligro, F: valueFormat}, machine, vco)
	return changed(res, err)
}

type machinePath struct {
	Factory int64 `path:"factory"`
	Machine int64 `path:"machine"`
}

type machineVcoPath struct {
	Factory int64 `path:"factory"`
	Machine int64 `path:"machine"`
	Vco     int64 `path:"ocv"`
}

type statesInput struct {
	Factory int64 `path:"factory"`
	Machine int64 `path:"machine"`
	Vco     int64 `path:"ocv"`
	Body    States
}

// Register serves the VCO/VCOV and criterion kinds and the machines' VCOs.
func (o *Operating) Register(a huma.API, d *db.DB) {
	catalog.Register(a, d, o.Vcos)
	catalog.Register(a, d, o.Criteria)
	m := o.Machines
	// The spec's paths (S3 §7.2); it shows none for associating and dissociating, which sit
	// on the machine VCO's own path.
	base := "/api/user/{factory}/machineocv"
	one := base + "/machine/{machine}/ocv/{ocv}"
	op := api.Ops("machine VCO")
	api.Register(a, d, op(api.Read, "vco-machines", http.MethodGet, "/api/user/{factory}/vco_v/{id}/machines", "The machines a VCO/VCOV of the factory is associated to (its change history is read per machine)", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			Factory int64 `path:"factory"`
			ID      int64 `path:"id"`
		}) (*api.Body[[]UsingMachine], error) {
			return auth.Within(ctx, in.Factory, func(s auth.Scope) ([]UsingMachine, error) { return m.MachinesOf(ctx, q, s, in.ID) })
		})
	api.Register(a, d, op(api.Read, "list-machine-vco", http.MethodGet, base+"/machine/{machine}", "A machine's VCO/VCOVs", 0),
		func(ctx context.Context, q db.Querier, in *machinePath) (*api.Body[[]MachineVco], error) {
			return auth.Within(ctx, in.Factory, func(s auth.Scope) ([]MachineVco, error) { return m.List(ctx, q, s, in.Machine) })
		})
	api.Register(a, d, op(api.Read, "get-machine-vco", http.MethodGet, one, "A VCO/VCOV of a machine, with its channel and states", 0),
		func(ctx context.Context, q db.Querier, in *machineVcoPath) (*api.Body[*MachineVco], error) {
			return auth.Within(ctx, in.Factory, func(s auth.Scope) (*MachineVco, error) { return m.Get(ctx, q, s, in.Machine, in.Vco) })
		})
	api.Register(a, d, op(api.Edit, "associate-machine-vco", http.MethodPost, one, "Associate a VCO/VCOV to a machine", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *machineVcoPath) (*struct{}, error) {
			return auth.Run(ctx, in.Factory, func(s auth.Scope) error { return m.Associate(ctx, q, s, in.Machine, in.Vco) })
		})
	api.Register(a, d, op(api.Edit, "dissociate-machine-vco", http.MethodDelete, one, "Dissociate a VCO/VCOV from a machine", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *machineVcoPath) (*struct{}, error) {
			return auth.Run(ctx, in.Factory, func(s auth.Scope) error { return m.Dissociate(ctx, q, s, in.Machine, in.Vco) })
		})
	api.Register(a, d, op(api.Edit, "machine-vco-states", http.MethodPut, one, "Set a machine VCO's state values", http.StatusNoContent),
		func(ctx context.Context, q db.Querier, in *statesInput) (*struct{}, error) {
			return auth.Run(ctx, in.Factory, func(s auth.Scope) error { return m.SetStates(ctx, q, s, in.Machine, in.Vco, in.Body) })
		})
	api.Register(a, d, api.ReadsAt(one, op(api.Edit, "clear-machine-vco-channel", http.MethodDelete, one+"/channel", "Take a machine's VCO off its device channel", http.StatusNoContent)),
		func(ctx context.Context, q db.Querier, in *machineVcoPath) (*struct{}, error) {
			return auth.Run(ctx, in.Factory, func(s auth.Scope) error { return m.ClearChannel(ctx, q, s, in.Machine, in.Vco) })
		})
	api.Register(a, d, op(api.Read, "vco-channels", http.MethodGet, base+"/ocv/{ocv}/channel", "The device channels a VCO/VCOV is on, by machine", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			Factory int64 `path:"factory"`
			Vco     int64 `path:"ocv"`
		}) (*api.Body[[]VcoChannel], error) {
			return auth.Within(ctx, in.Factory, func(s auth.Scope) ([]VcoChannel, error) { return m.Channels(ctx, q, s, in.Vco) })
		})
	api.Register(a, d, api.ReadsAt(one, op(api.Edit, "machine-vco-channel", http.MethodPost, base+"/channel", "Put a machine's VCO on a device channel", http.StatusNoContent)),
		func(ctx context.Context, q db.Querier, in *struct {
			Factory int64 `path:"factory"`
			Body    ChannelInput
		}) (*struct{}, error) {
			return auth.Run(ctx, in.Factory, func(s auth.Scope) error { return m.AssignChannel(ctx, q, s, in.Body) })
		})
}
