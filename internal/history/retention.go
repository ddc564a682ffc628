package history

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"time"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// Retain drops the values older than keep, whole chunks at a time (a chunk goes once its
// newest value is), in one transaction, and answers how many went.
func (s *Service) Retain(ctx context.Context, d *db.DB, keep time.Duration) (int64, error) {
	if keep <= 0 {
		return 0, errors.New("history: retention must be positive")
	}
	var n int64
	err := d.Tx(auth.WithSystem(ctx), func(tx *sql.Tx) error {
		var err error
		if n, err = s.Store.DropBefore(ctx, tx, s.now().Add(-keep).Unix()); err != nil {
			return err
		}
		// An unlisted series (below every state) stays unlisted.
		_, err = tx.ExecContext(ctx, `UPDATE series SET estado = $1, ultimo_r = 0 WHERE ultimo_t IS NULL AND estado > $1`, StateNoValue)
		return err
	})
	return n, err
}

// RetainEvery applies the retention keep now and then every period until ctx ends: the
// server's background task when VIGIA_HISTORY_RETENTION is set.
func (s *Service) RetainEvery(ctx context.Context, d *db.DB, keep, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		if n, err := s.Retain(ctx, d, keep); err != nil {
			slog.Error("history retention", "err", err)
		} else if n > 0 {
			slog.Info("history retention", "dropped", n, "older than", s.now().Add(-keep).Format(time.DateOnly))
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
