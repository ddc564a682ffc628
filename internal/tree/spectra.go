package tree

import (
	"context"
	"fmt"
	"strconv"

	"vigia/internal/auth"
	"vigia/internal/catalog"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// spectrumSlot is a field of a point naming a spectrum of one range.
type spectrumSlot struct {
	field, rango string
	id           *int64
}

// checkSpectra checks, in one read, that each slot names a spectrum of kind of the scope's
// factory and of the slot's range.
func checkSpectra[T any](ctx context.Context, q db.Querier, scope auth.Scope, of *catalog.Kind[T], slots []spectrumSlot) error {
	var keys []string
	for _, s := range slots {
		if s.id != nil {
			keys = append(keys, strconv.FormatInt(*s.id, 10))
		}
	}
	if len(keys) == 0 {
		return nil
	}
	found, err := of.GetMany(ctx, q, scope, keys)
	if err != nil {
		return err
	}
	var errs api.FieldErrors
	for _, s := range slots {
		if s.id == nil {
			continue
		}
		if t := found[strconv.FormatInt(*s.id, 10)]; t == nil || catalog.RangeOf(t) != s.rango {
			errs.Add(s.field, "invalid", nil)
		}
	}
	return errs.Err()
}

// pointSpectra are a point's alert-device spectrum slots (TREE-098).
func pointSpectra(f *PointFields) []spectrumSlot {
	return []spectrumSlot{{"UsuEspectroBrId", "BR", f.UsuEspectroBrId}, {"UsuEspectroArId", "AR", f.UsuEspectroArId}, {"UsuEspectroDmId", "DM", f.UsuEspectroDmId}}
}

// digitalSlots are the KOS Sensor prediction's spectrum fields, one per range (TREE-100).
var digitalSlots = []struct {
	field, rango string
	of           func(*MEMSPrediccion) **int64
}{
	{"UsuEspectroDigitalBRId", "BR", func(p *MEMSPrediccion) **int64 { return &p.UsuEspectroDigitalBRId }},
	{"UsuEspectroDigitalARId", "AR", func(p *MEMSPrediccion) **int64 { return &p.UsuEspectroDigitalARId }},
	{"UsuEspectroDigitalDMId", "DM", func(p *MEMSPrediccion) **int64 { return &p.UsuEspectroDigitalDMId }},
	{"UsuEspectroDigitalMGId", "MG", func(p *MEMSPrediccion) **int64 { return &p.UsuEspectroDigitalMGId }},
}

// digitalSpectra are a point's KOS Sensor spectrum slots.
func digitalSpectra(p *MEMSPrediccion) []spectrumSlot {
	out := make([]spectrumSlot, len(digitalSlots))
	for i, s := range digitalSlots {
		out[i] = spectrumSlot{s.field, s.rango, *s.of(p)}
	}
	return out
}

// SetSpectra gives points of the scope's factory the spectra of each range in byRange,
// keeping their other ranges: the alert-device slots, or with digital the KOS Sensor
// prediction ones. One statement whatever the number of points.
func (t *Tree) SetSpectra(ctx context.Context, q db.Querier, scope auth.Scope, points []*Point, digital bool, byRange map[string]int64) error {
	if err := scope.CheckEdit(); err != nil {
		return err
	}
	if len(points) == 0 {
		return nil
	}
	slot := func(r string) any {
		if id, ok := byRange[r]; ok {
			return id
		}
		return nil
	}
	if !digital {
		_, err := q.ExecContext(ctx, `UPDATE puntos SET espectro_br = COALESCE($1, espectro_br), espectro_ar = COALESCE($2, espectro_ar),
			espectro_dm = COALESCE($3, espectro_dm) WHERE fabrica_id = $4 AND id IN (`+db.In(5, len(points))+`)`,
			append([]any{slot("BR"), slot("AR"), slot("DM"), scope.Factory}, db.Args(ids(points))...)...)
		return err
	}
	// The prediction is stored whole (JSON) beside the columns that mirror it.
	args := []any{scope.Factory}
	values := ""
	for i, p := range points {
		pred := p.MEMSPrediccion
		if pred == nil {
			pred = &MEMSPrediccion{}
		}
		for _, s := range digitalSlots {
			if id, ok := byRange[s.rango]; ok {
				*s.of(pred) = &id
			}
		}
		data, err := jsonColumn[MEMSPrediccion]{&pred}.Value()
		if err != nil {
			return err
		}
		if i > 0 {
			values += ", "
		}
		values += fmt.Sprintf("(CAST($%d AS BIGINT), $%d)", len(args)+1, len(args)+2)
		args = append(args, p.UsuPuntoVibracionID, data)
	}
	n := len(args)
	_, err := q.ExecContext(ctx, `WITH v (id, pred) AS (VALUES `+values+`)
		UPDATE puntos SET mems_prediccion = (SELECT pred FROM v WHERE v.id = puntos.id),
			espectro_digital_br = COALESCE($`+itoa(int64(n+1))+`, espectro_digital_br), espectro_digital_ar = COALESCE($`+itoa(int64(n+2))+`, espectro_digital_ar),
			espectro_digital_dm = COALESCE($`+itoa(int64(n+3))+`, espectro_digital_dm), espectro_digital_mg = COALESCE($`+itoa(int64(n+4))+`, espectro_digital_mg)
		WHERE fabrica_id = $1 AND id IN (SELECT id FROM v)`, append(args, slot("BR"), slot("AR"), slot("DM"), slot("MG"))...)
	return err
}
