package configuration

import (
	"context"
	"slices"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// Heard records a message from a device that never polls because the configuration is
// pushed to it (MQTT): the message counts as its poll, so that a device that talks is not
// shown silent, and a report (r not nil) on a version pushed to it now (Current) as that
// version's delivery, which the push gave no other sign of. Run it before Report, in the
// same transaction: Report takes only versions delivered.
func (s *Service) Heard(ctx context.Context, q db.Querier, dev *auth.Device, r *DeviceReport) error {
	now := s.now().UnixMilli()
	if r != nil {
		served, _, err := s.current(ctx, q, dev)
		if err != nil {
			return err
		}
		named := slices.DeleteFunc(served, func(v version) bool {
			return v.number != r.Version || (r.UsuMaquinaID != 0 && v.machine != r.UsuMaquinaID)
		})
		if err := deliver(ctx, q, named, now); err != nil {
			return err
		}
	}
	_, err := q.ExecContext(ctx, `UPDATE equipos SET sondeo = $1 WHERE id = $2`, now, dev.ID)
	return err
}
