package configuration

import (
	"context"
	"encoding/json"
	"slices"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// Heard records a message from a device that never polls because the configuration is
// pushed to it (MQTT): the message counts as its poll of what is pushed to it now (Current),
// so that a device that talks is not shown silent, judged by the interval of that push or of
// its measurements, and a report (r not nil) on a version pushed to it now as that version's
// delivery, which the push gave no other sign of. Run it before Report, in the same
// transaction: Report takes only versions delivered.
func (s *Service) Heard(ctx context.Context, q db.Querier, dev *auth.Device, r *DeviceReport) error {
	now := s.now().UnixMilli()
	served, out, err := s.current(ctx, q, dev)
	if err != nil {
		return err
	}
	if r != nil {
		named := slices.DeleteFunc(served, func(v version) bool {
			return v.number != r.Version || (r.UsuMaquinaID != 0 && v.machine != r.UsuMaquinaID)
		})
		if err := deliver(ctx, q, named, now); err != nil {
			return err
		}
	}
	// It talks when it measures, at the slowest of its criteria's times, which the poll
	// interval it is given may be shorter than.
	for _, c := range out.Configuraciones {
		var doc struct{ Criterio *Criterion }
		if err := json.Unmarshal(c.Documento, &doc); err != nil {
			return err
		}
		if k := doc.Criterio; k != nil {
			out.IntervaloSondeo = max(out.IntervaloSondeo, k.TiempoAlarma, k.TiempoAviso, k.TiempoEstable, k.TiempoPeligro)
		}
	}
	return asked(ctx, q, dev, now, out)
}
