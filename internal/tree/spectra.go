package tree

import (
	"context"
	"encoding/json"

	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// spectrumSlot is a field of a point naming a spectrum of one range.
type spectrumSlot struct {
	field, rango string
	id           *int64
}

// checkSpectra checks that each slot names a spectrum of kind tipo of the factory and of the
// slot's range.
func checkSpectra(ctx context.Context, q db.Querier, factory int64, tipo string, slots []spectrumSlot) error {
	var errs api.FieldErrors
	for _, s := range slots {
		if s.id == nil {
			continue
		}
		var data string
		err := q.QueryRowContext(ctx, `SELECT datos FROM catalogo WHERE id = $1 AND tipo = $2 AND fabrica_id = $3`, *s.id, tipo, factory).Scan(&data)
		var spectrum struct{ Rango string }
		if err == nil {
			err = json.Unmarshal([]byte(data), &spectrum)
		}
		if err != nil || spectrum.Rango != s.rango {
			errs.Add(s.field, "invalid", nil)
		}
	}
	return errs.Err()
}

// pointSpectra are a point's alert-device spectrum slots (TREE-098).
func pointSpectra(f *PointFields) []spectrumSlot {
	return []spectrumSlot{{"UsuEspectroBrId", "BR", f.UsuEspectroBrId}, {"UsuEspectroArId", "AR", f.UsuEspectroArId}, {"UsuEspectroDmId", "DM", f.UsuEspectroDmId}}
}
