package demo

import (
	"context"
	"fmt"

	"vigia/internal/app"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// series is a family of deep-groove ball bearings of one brand: model number → geometry.
type series struct {
	prefix string
	sizes  map[string]tree.Geometry
}

// Geometries of common deep-groove (60xx, 62xx, 63xx) and angular-contact (72xxB) bearings:
// ball count, ball and pitch diameters (mm) and contact angle.
var families = []series{
	{"60", map[string]tree.Geometry{"05": geo(10, 6.35, 35.0, 0), "06": geo(11, 7.14, 42.5, 0), "08": geo(12, 7.94, 54.0, 0), "10": geo(13, 8.73, 65.0, 0)}},
	{"62", map[string]tree.Geometry{"04": geo(8, 7.94, 33.5, 0), "05": geo(9, 7.94, 38.5, 0), "06": geo(9, 9.53, 46.0, 0), "07": geo(9, 11.11, 53.5, 0),
		"08": geo(9, 12.7, 60.0, 0), "10": geo(10, 12.7, 70.0, 0), "12": geo(10, 15.08, 85.0, 0), "16": geo(10, 19.05, 105.0, 0)}},
	{"63", map[string]tree.Geometry{"05": geo(7, 11.51, 44.5, 0), "06": geo(8, 12.3, 53.0, 0), "08": geo(8, 15.08, 65.0, 0), "10": geo(8, 19.05, 80.0, 0), "12": geo(8, 22.23, 95.0, 0)}},
	{"72", map[string]tree.Geometry{"05B": geo(12, 7.94, 38.5, 40), "08B": geo(13, 11.11, 60.0, 40), "10B": geo(14, 12.7, 70.0, 40)}},
}

func geo(balls int, ball, pitch, angle float64) tree.Geometry {
	return tree.Geometry{Balls: balls, BallDiameter: ball, PitchDiameter: pitch, ContactAngle: angle}
}

var brands = []string{"SKF", "FAG", "NSK", "NTN", "Timken"}

// loadBearings fills the shared bearing catalogue once: every family in every brand.
func loadBearings(ctx context.Context, q db.Querier, _ *app.Features) error {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM rodamientos WHERE fabrica_id IS NULL`).Scan(&n); err != nil || n > 0 {
		return err
	}
	for _, brand := range brands {
		for _, f := range families {
			for size, g := range f.sizes {
				if err := tree.AddTemplateBearing(ctx, q, brand, fmt.Sprintf("%s%s", f.prefix, size), g); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
