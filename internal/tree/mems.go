package tree

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// MEMSProteccion is what a point's KOS Sensor protection sensor watches (TREE-099).
type MEMSProteccion struct {
	VibracionVH1 bool `json:"Vibracion_V_H1" required:"false"`
	VibracionHH2 bool `json:"Vibracion_H_H2" required:"false"`
	VibracionA   bool `json:"Vibracion_A" required:"false"`
	MagnetoVH1   bool `json:"Magneto_V_H1" required:"false"`
	MagnetoHH2   bool `json:"Magneto_H_H2" required:"false"`
	MagnetoA     bool `json:"Magneto_A" required:"false"`
	PosicionVH1  bool `json:"Posicion_V_H1" required:"false"`
	PosicionHH2  bool `json:"Posicion_H_H2" required:"false"`
	PosicionA    bool `json:"Posicion_A" required:"false"`
	// SensorProteccionGUID is one of the point's protection sensor options.
	SensorProteccionGUID *string `json:"SensorProteccionGUID,omitempty" nullable:"true"`
}

// MEMSPrediccion is what a point's KOS Sensor prediction sensor measures (TREE-100): the twelve
// flags and a factory digital spectrum per range.
type MEMSPrediccion struct {
	Measures
	UsuEspectroDigitalBRId *int64  `json:"UsuEspectroDigitalBRId,omitempty" nullable:"true"`
	UsuEspectroDigitalARId *int64  `json:"UsuEspectroDigitalARId,omitempty" nullable:"true"`
	UsuEspectroDigitalDMId *int64  `json:"UsuEspectroDigitalDMId,omitempty" nullable:"true"`
	UsuEspectroDigitalMGId *int64  `json:"UsuEspectroDigitalMGId,omitempty" nullable:"true"`
	SensorPrediccionGUID   *string `json:"SensorPrediccionGUID,omitempty" nullable:"true"`
}

// CanalAsociado is an alert-device channel wired to a direction of the point (TREE-101): Direccion
// 1–3 are V/H1, H/H2 and A of a horizontal point, 4–6 of a vertical one.
type CanalAsociado struct {
	Canal     int64 `json:"Canal" minimum:"1" maximum:"10"`
	Direccion int64 `json:"Direccion" minimum:"1" maximum:"6"`
}

// derived writes a column computed from the node's fields and ignores it on reads: the
// columns that mirror what the JSON of protection and prediction holds.
type derived func() any

func (d derived) Value() (driver.Value, error) { return d(), nil }
func (derived) Scan(any) error                 { return nil }

// deref is a column's value: NULL for a nil pointer.
func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// memsColumns are the point's protection and prediction columns, in the order of memsFields.
var memsColumns = []string{"mems_proteccion", "mems_prediccion", "sensor_proteccion", "sensor_prediccion",
	"espectro_digital_br", "espectro_digital_ar", "espectro_digital_dm", "espectro_digital_mg"}

func memsFields(f *PointFields) []any {
	prediction := func(get func(p *MEMSPrediccion) any) derived {
		return func() any {
			if f.MEMSPrediccion == nil {
				return nil
			}
			return get(f.MEMSPrediccion)
		}
	}
	return []any{jsonColumn[MEMSProteccion]{&f.MEMSProteccion}, jsonColumn[MEMSPrediccion]{&f.MEMSPrediccion},
		derived(func() any {
			if f.MEMSProteccion == nil {
				return nil
			}
			return deref(f.MEMSProteccion.SensorProteccionGUID)
		}),
		prediction(func(p *MEMSPrediccion) any { return deref(p.SensorPrediccionGUID) }),
		prediction(func(p *MEMSPrediccion) any { return deref(p.UsuEspectroDigitalBRId) }),
		prediction(func(p *MEMSPrediccion) any { return deref(p.UsuEspectroDigitalARId) }),
		prediction(func(p *MEMSPrediccion) any { return deref(p.UsuEspectroDigitalDMId) }),
		prediction(func(p *MEMSPrediccion) any { return deref(p.UsuEspectroDigitalMGId) }),
	}
}

// loadChannels reads the channels wired to the points.
func loadChannels(ctx context.Context, q db.Querier, list []*Point) error {
	byID := map[int64]*Point{}
	for _, p := range list {
		p.Canales = []CanalAsociado{}
		byID[p.UsuPuntoVibracionID] = p
	}
	rows, err := q.QueryContext(ctx, `SELECT punto_id, canal, direccion FROM punto_canales WHERE punto_id IN (`+db.In(1, len(list))+`) ORDER BY punto_id, direccion`,
		db.Args(ids(list))...)
	return db.Each(rows, err, func(r db.Scanner) error {
		var point int64
		var c CanalAsociado
		if err := r.Scan(&point, &c.Canal, &c.Direccion); err != nil {
			return err
		}
		byID[point].Canales = append(byID[point].Canales, c)
		return nil
	})
}

func ids(list []*Point) []int64 {
	out := make([]int64, len(list))
	for i, p := range list {
		out[i] = p.UsuPuntoVibracionID
	}
	return out
}

// LockMachine serializes the writes that check a machine's channels against each other (a
// point's channels, its VCOs' channels): the check and the write that follows see every
// other writer's result. It is an update of nothing, which takes the row's lock on
// PostgreSQL and the write lock on SQLite.
func LockMachine(ctx context.Context, q db.Querier, machine int64) error {
	_, err := q.ExecContext(ctx, `UPDATE maquinas SET id = id WHERE id = $1`, machine)
	return err
}

// channelDevice is the GUID of the device a machine's point channels are on ("" for none):
// its alert device, or the one behind its gateway.
func channelDevice(f *MachineFields) string {
	for _, d := range []*string{f.EquipoAlert10, f.EquipoAlert10C} {
		if d != nil {
			return *d
		}
	}
	return ""
}

// clearPointChannels takes a machine's points off the channels of the device it no longer
// has: the channels are stored by machine, and would otherwise pass to its next device.
func clearPointChannels(ctx context.Context, q db.Querier, machine int64) error {
	_, err := q.ExecContext(ctx, `DELETE FROM punto_canales WHERE maquina_id = $1`, machine)
	return err
}

// saveChannels replaces the channels wired to a point (nil keeps them). The machine needs an
// alert device; a channel serves one direction of one point or one VCO of the machine.
func saveChannels(ctx context.Context, q db.Querier, scope auth.Scope, id int64, f, _ *PointFields) error {
	if f.Canales == nil {
		return nil
	}
	var machine int64
	var device *string
	var mounting *int64
	err := q.QueryRowContext(ctx, `SELECT m.id, COALESCE(m.equipo_alert10, m.equipo_alert10c), c.montaje FROM puntos p
		JOIN componentes c ON c.id = p.parent_id JOIN maquinas m ON m.id = c.parent_id WHERE p.id = $1 AND p.fabrica_id = $2`, id, scope.Factory).Scan(&machine, &device, &mounting)
	if err != nil {
		return db.MapError(err)
	}
	if len(f.Canales) > 0 && device == nil {
		return api.Invalid("Canales", "no_alert_device", nil)
	}
	axes := map[int64]bool{}
	channels := []any{}
	values := ""
	vertical := mounting != nil && *mounting == Vertical
	for i, c := range f.Canales {
		// Directions 1-3 are a horizontal point's V, H and A; 4-6 a vertical one's H1, H2 and A.
		if (c.Direccion > 3) != vertical {
			return api.Invalid(fmt.Sprintf("Canales[%d].Direccion", i), "invalid", nil)
		}
		axis := (c.Direccion-1)%3 + 1
		if axes[axis] {
			return api.Invalid("Canales", "duplicate", nil)
		}
		axes[axis] = true
		channels = append(channels, c.Canal)
		if i > 0 {
			values += ", "
		}
		values += fmt.Sprintf("($1, $2, $%d, $%d)", 2*i+3, 2*i+4)
	}
	if err := LockMachine(ctx, q, machine); err != nil {
		return err
	}
	if _, err := q.ExecContext(ctx, `DELETE FROM punto_canales WHERE punto_id = $1`, id); err != nil {
		return err
	}
	if len(f.Canales) == 0 {
		return nil
	}
	var taken int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM maquina_vcos WHERE maquina_id = $1 AND canal IN (`+db.In(2, len(channels))+`)`,
		append([]any{machine}, channels...)...).Scan(&taken); err != nil {
		return err
	}
	if taken > 0 {
		return api.Refused("channels_in_use", nil)
	}
	args := []any{id, machine}
	for _, c := range f.Canales {
		args = append(args, c.Canal, c.Direccion)
	}
	_, err = q.ExecContext(ctx, `INSERT INTO punto_canales (punto_id, maquina_id, canal, direccion) VALUES `+values, args...)
	if errors.Is(db.MapError(err), db.ErrDuplicate) {
		return api.Refused("channels_in_use", nil)
	}
	return err
}
