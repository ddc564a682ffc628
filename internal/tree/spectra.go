package tree

import (
	"context"
	"encoding/json"

	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// checkSpectra checks that each of a point's spectrum slots names an alert-device spectrum
// of the factory and of the slot's range.
func checkSpectra(ctx context.Context, q db.Querier, factory int64, f *PointFields) error {
	slots := []struct {
		field, rango string
		id           *int64
	}{{"UsuEspectroBrId", "BR", f.UsuEspectroBrId}, {"UsuEspectroArId", "AR", f.UsuEspectroArId}, {"UsuEspectroDmId", "DM", f.UsuEspectroDmId}}
	var errs api.FieldErrors
	for _, s := range slots {
		if s.id == nil {
			continue
		}
		var data string
		err := q.QueryRowContext(ctx, `SELECT datos FROM catalogo WHERE id = $1 AND tipo = 'spectrum' AND fabrica_id = $2`, *s.id, factory).Scan(&data)
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
