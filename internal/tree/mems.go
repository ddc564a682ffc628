package tree

import (
	"context"
	"database/sql/driver"
	"errors"

	"vigia/internal/devices"
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

// checkMems checks a point's sensors (one of its options) and digital spectra.
func checkMems(ctx context.Context, q db.Querier, factory, id int64, f *PointFields) error {
	if p := f.MEMSProteccion; p != nil {
		if err := devices.CheckPointSensor(ctx, q, factory, id, devices.ModeProtection, "SensorProteccionGUID", p.SensorProteccionGUID); err != nil {
			return err
		}
	}
	p := f.MEMSPrediccion
	if p == nil {
		return nil
	}
	if err := devices.CheckPointSensor(ctx, q, factory, id, devices.ModePrediction, "SensorPrediccionGUID", p.SensorPrediccionGUID); err != nil {
		return err
	}
	return checkSpectra(ctx, q, factory, "digitalspectrum", []spectrumSlot{
		{"UsuEspectroDigitalBRId", "BR", p.UsuEspectroDigitalBRId}, {"UsuEspectroDigitalARId", "AR", p.UsuEspectroDigitalARId},
		{"UsuEspectroDigitalDMId", "DM", p.UsuEspectroDigitalDMId}, {"UsuEspectroDigitalMGId", "MG", p.UsuEspectroDigitalMGId}})
}

// loadChannels reads the channels wired to a point.
func loadChannels(ctx context.Context, q db.Querier, t *Point) error {
	rows, err := q.QueryContext(ctx, `SELECT canal, direccion FROM punto_canales WHERE punto_id = $1 ORDER BY direccion`, t.UsuPuntoVibracionID)
	if err != nil {
		return err
	}
	defer rows.Close()
	t.Canales = []CanalAsociado{}
	for rows.Next() {
		var c CanalAsociado
		if err := rows.Scan(&c.Canal, &c.Direccion); err != nil {
			return err
		}
		t.Canales = append(t.Canales, c)
	}
	return rows.Err()
}

// saveChannels replaces the channels wired to a point (nil keeps them). The machine needs an
// alert device; a channel serves one direction of one point or one VCO of the machine.
func saveChannels(ctx context.Context, q db.Querier, factory, id int64, f *PointFields) error {
	if f.Canales == nil {
		return nil
	}
	var machine int64
	var device *string
	err := q.QueryRowContext(ctx, `SELECT m.id, COALESCE(m.equipo_alert10, m.equipo_alert10c) FROM puntos p
		JOIN componentes c ON c.id = p.parent_id JOIN maquinas m ON m.id = c.parent_id WHERE p.id = $1 AND p.fabrica_id = $2`, id, factory).Scan(&machine, &device)
	if err != nil {
		return db.MapError(err)
	}
	if len(f.Canales) > 0 && device == nil {
		return api.Invalid("Canales", "no_alert_device", nil)
	}
	axes := map[int64]bool{}
	for _, c := range f.Canales {
		axis := (c.Direccion-1)%3 + 1
		if axes[axis] {
			return api.Invalid("Canales", "duplicate", nil)
		}
		axes[axis] = true
	}
	if _, err := q.ExecContext(ctx, `DELETE FROM punto_canales WHERE punto_id = $1`, id); err != nil {
		return err
	}
	for _, c := range f.Canales {
		var vco int
		err := q.QueryRowContext(ctx, `SELECT 1 FROM maquina_vcos WHERE maquina_id = $1 AND canal = $2`, machine, c.Canal).Scan(&vco)
		if err == nil {
			return api.Refused("channels_in_use", nil)
		}
		_, err = q.ExecContext(ctx, `INSERT INTO punto_canales (punto_id, maquina_id, canal, direccion) VALUES ($1, $2, $3, $4)`, id, machine, c.Canal, c.Direccion)
		if errors.Is(db.MapError(err), db.ErrDuplicate) {
			return api.Refused("channels_in_use", nil)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
