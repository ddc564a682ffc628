package tree

import (
	"context"
	"fmt"
	"strings"

	"vigia/internal/platform/db"
)

// remounted gives, for each mounting, the orientation a point of the other mounting takes
// when its component changes to it: the same axis order with V as H1 and H as H2, or, for
// the horizontal orders with no vertical equivalent (VAH, HAV), the one with the same first
// axis (docs/SPEC-NOTES.md).
var remounted = map[int64]map[int64]int64{
	Vertical:   {1: 8, 3: 8, 4: 9, 5: 9, 6: 10, 7: 11},
	Horizontal: {8: 1, 9: 4, 10: 6, 11: 7},
}

// remountPoints gives the points of a component whose mounting changed to mounting the
// orientation of that mounting their own corresponds to, and their channels the directions
// of it (1-3 horizontal V, H, A; 4-6 vertical H1, H2, A).
func remountPoints(ctx context.Context, q db.Querier, component, mounting int64) error {
	var cases strings.Builder
	for from, to := range remounted[mounting] {
		fmt.Fprintf(&cases, " WHEN %d THEN %d", from, to)
	}
	if _, err := q.ExecContext(ctx, `UPDATE puntos SET montaje_id = CASE montaje_id`+cases.String()+` ELSE montaje_id END WHERE parent_id = $1`, component); err != nil {
		return err
	}
	shift := `direccion + 3 WHERE direccion <= 3`
	if mounting == Horizontal {
		shift = `direccion - 3 WHERE direccion > 3`
	}
	_, err := q.ExecContext(ctx, `UPDATE punto_canales SET direccion = `+shift+` AND punto_id IN (SELECT id FROM puntos WHERE parent_id = $1)`, component)
	return err
}
