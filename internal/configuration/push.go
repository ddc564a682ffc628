package configuration

import (
	"context"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// Heard records a message from a device that never polls because the configuration is
// pushed to it (MQTT): the message counts as its poll, so that a device that talks is not
// shown silent, and a report (r not nil) as the delivery of the version it names, which
// the push gave no other sign of. Run it after Report, in the same transaction.
func (s *Service) Heard(ctx context.Context, q db.Querier, dev *auth.Device, r *DeviceReport) error {
	now := s.now().UnixMilli()
	if r != nil {
		if _, err := q.ExecContext(ctx, `UPDATE configuraciones SET entregada = $1 WHERE equipo_id = $2 AND version = $3 AND ($4 = 0 OR maquina_id = $4) AND entregada IS NULL`,
			now, dev.ID, r.Version, r.UsuMaquinaID); err != nil {
			return err
		}
	}
	_, err := q.ExecContext(ctx, `UPDATE equipos SET sondeo = $1 WHERE id = $2`, now, dev.ID)
	return err
}
