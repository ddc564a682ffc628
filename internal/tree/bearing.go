package tree

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"math"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Bearing is a rolling bearing with its defect frequencies, in orders of the shaft speed:
// ball pass outer (Bpfo) and inner (Bpfi) race, cage (Ftf) and ball spin (Bs).
type Bearing struct {
	GenRodamientoID   int64   `json:"GenRodamientoID"`
	GenRodamientoGUID string  `json:"GenRodamientoGUID,omitempty"`
	Marca             string  `json:"Marca,omitempty"`
	Modelo            string  `json:"Modelo,omitempty"`
	Bpfi              float64 `json:"Bpfi,omitempty"`
	Bpfo              float64 `json:"Bpfo,omitempty"`
	Ftf               float64 `json:"Ftf,omitempty"`
	Bs                float64 `json:"Bs,omitempty"`
}

// Geometry is what a bearing's defect frequencies follow from.
type Geometry struct {
	Balls         int
	BallDiameter  float64 // mm
	PitchDiameter float64 // mm
	ContactAngle  float64 // degrees
}

// DefectFrequencies returns the bearing's Bpfi, Bpfo, Ftf and Bs, in orders, from its
// geometry (the classic kinematic formulas, without slip).
func DefectFrequencies(g Geometry) (bpfi, bpfo, ftf, bs float64) {
	r := g.BallDiameter / g.PitchDiameter * math.Cos(g.ContactAngle*math.Pi/180)
	n := float64(g.Balls)
	return n / 2 * (1 + r), n / 2 * (1 - r), (1 - r) / 2, g.PitchDiameter / (2 * g.BallDiameter) * (1 - r*r)
}

// BearingPageSize is how many template bearings a page of the download list holds (TREE-117).
const BearingPageSize = 20

// Brands are the bearing brands of the factory and of the shared catalogue.
type Brands struct {
	Fabrica []string `json:"Fabrica"`
	Comun   []string `json:"Comun"`
}

// BearingPage is a page of template bearings still to download.
type BearingPage struct {
	Rodamientos []Bearing `json:"Rodamientos"`
	Total       int       `json:"Total"`
}

const bearingCols = "id, guid, marca, modelo, bpfi, bpfo, ftf, bs"

func scanBearings(rows *sql.Rows, err error) ([]Bearing, error) {
	return db.Collect(rows, err, func(r db.Scanner) (b Bearing, err error) {
		return b, r.Scan(&b.GenRodamientoID, &b.GenRodamientoGUID, &b.Marca, &b.Modelo, &b.Bpfi, &b.Bpfo, &b.Ftf, &b.Bs)
	})
}

// BearingBrands lists the brands of the factory's bearings and of the shared catalogue.
func BearingBrands(ctx context.Context, q db.Querier, scope auth.Scope) (Brands, error) {
	var out Brands
	err := scope.Check()
	if err != nil {
		return out, err
	}
	if out.Fabrica, err = brands(ctx, q, "fabrica_id = $1", scope.Factory); err != nil {
		return out, err
	}
	out.Comun, err = brands(ctx, q, "fabrica_id IS NULL")
	return out, err
}

func brands(ctx context.Context, q db.Querier, where string, args ...any) ([]string, error) {
	rows, err := q.QueryContext(ctx, "SELECT DISTINCT marca FROM rodamientos WHERE "+where+" ORDER BY marca", args...)
	return db.Collect(rows, err, func(r db.Scanner) (m string, err error) { return m, r.Scan(&m) })
}

// FactoryBearings lists the factory's bearings of a brand, by model.
func FactoryBearings(ctx context.Context, q db.Querier, scope auth.Scope, brand string) ([]Bearing, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	return scanBearings(q.QueryContext(ctx, "SELECT "+bearingCols+" FROM rodamientos WHERE fabrica_id = $1 AND marca = $2 ORDER BY modelo, id", scope.Factory, brand))
}

// TemplateBearings returns a page of the shared catalogue's bearings of a brand, leaving out
// those the factory has already downloaded and those whose model it already has (TREE-115);
// search, when set, filters by model.
func TemplateBearings(ctx context.Context, q db.Querier, scope auth.Scope, brand, search string, page int) (BearingPage, error) {
	if err := scope.Check(); err != nil {
		return BearingPage{}, err
	}
	factory := scope.Factory
	where := `fabrica_id IS NULL AND marca = $1 AND LOWER(modelo) LIKE $2 ESCAPE '\' AND NOT EXISTS (
		SELECT 1 FROM rodamientos f WHERE f.fabrica_id = $3 AND (f.origen_guid = rodamientos.guid OR (f.marca = rodamientos.marca AND f.modelo = rodamientos.modelo)))`
	pattern := "%" + likeEscape(SearchKey(search)) + "%"
	var out BearingPage
	if err := q.QueryRowContext(ctx, "SELECT COUNT(*) FROM rodamientos WHERE "+where, brand, pattern, factory).Scan(&out.Total); err != nil {
		return out, err
	}
	list, err := scanBearings(q.QueryContext(ctx, fmt.Sprintf("SELECT %s FROM rodamientos WHERE %s ORDER BY modelo, id LIMIT %d OFFSET %d",
		bearingCols, where, BearingPageSize, max(page, 0)*BearingPageSize), brand, pattern, factory))
	out.Rodamientos = list
	return out, err
}

// DownloadBearing copies a template bearing into the factory (once: a second download
// answers the copy made by the first) and returns the factory bearing.
func DownloadBearing(ctx context.Context, q db.Querier, scope auth.Scope, guid string) (Bearing, error) {
	if err := scope.CheckEdit(); err != nil {
		return Bearing{}, err
	}
	var id int64
	err := q.QueryRowContext(ctx, `SELECT id FROM rodamientos WHERE fabrica_id = $1 AND origen_guid = $2`, scope.Factory, guid).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		err = q.QueryRowContext(ctx, `INSERT INTO rodamientos (fabrica_id, guid, origen_guid, marca, modelo, bpfi, bpfo, ftf, bs)
			SELECT $1, $2, guid, marca, modelo, bpfi, bpfo, ftf, bs FROM rodamientos WHERE guid = $3 AND fabrica_id IS NULL RETURNING id`,
			scope.Factory, db.NewGUID(), guid).Scan(&id)
	}
	if err != nil {
		return Bearing{}, db.MapError(err)
	}
	list, err := scanBearings(q.QueryContext(ctx, "SELECT "+bearingCols+" FROM rodamientos WHERE id = $1", id))
	if err != nil {
		return Bearing{}, err
	}
	return list[0], nil
}

// AddTemplateBearing adds a bearing to the shared catalogue from its geometry.
func AddTemplateBearing(ctx context.Context, q db.Querier, brand, model string, g Geometry) error {
	bpfi, bpfo, ftf, bs := DefectFrequencies(g)
	round := func(v float64) float64 { return math.Round(v*10000) / 10000 }
	_, err := q.ExecContext(ctx, `INSERT INTO rodamientos (guid, marca, modelo, bpfi, bpfo, ftf, bs) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		db.NewGUID(), brand, model, round(bpfi), round(bpfo), round(ftf), round(bs))
	return err
}

// bearingColumn stores a point's bearing slot as the id of a factory bearing.
type bearingColumn struct{ p **Bearing }

// Value implements driver.Valuer.
func (c bearingColumn) Value() (driver.Value, error) {
	if *c.p == nil || (*c.p).GenRodamientoID == 0 {
		return nil, nil
	}
	return (*c.p).GenRodamientoID, nil
}

// Scan implements sql.Scanner; the bearing's details are loaded after.
func (c bearingColumn) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*c.p = nil
	case int64:
		*c.p = &Bearing{GenRodamientoID: v}
	default:
		return fmt.Errorf("bearing column: unexpected %T", src)
	}
	return nil
}

// checkBearings drops empty and repeated slots (a later repeat becomes none, TREE-119) and
// refuses a bearing that is not one of the factory's.
func checkBearings(ctx context.Context, q db.Querier, factory int64, slots []**Bearing) error {
	seen := map[int64]bool{}
	for i, s := range slots {
		if *s == nil || (*s).GenRodamientoID == 0 || seen[(*s).GenRodamientoID] {
			*s = nil
			continue
		}
		seen[(*s).GenRodamientoID] = true
		err := db.Owned(ctx, q, "rodamientos", (*s).GenRodamientoID, factory)
		if errors.Is(err, db.ErrNotFound) {
			return api.Invalid(fmt.Sprintf("Rodamiento%d", i+1), "invalid", nil)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// loadBearings fills the details of the points' bearing slots in one read.
func loadBearings(ctx context.Context, q db.Querier, points []*Point) error {
	var wanted []int64
	for _, p := range points {
		for _, s := range p.bearings() {
			if *s != nil {
				wanted = append(wanted, (*s).GenRodamientoID)
			}
		}
	}
	if len(wanted) == 0 {
		return nil
	}
	list, err := scanBearings(q.QueryContext(ctx, "SELECT "+bearingCols+" FROM rodamientos WHERE id IN ("+db.In(1, len(wanted))+")", db.Args(wanted)...))
	if err != nil {
		return err
	}
	byID := map[int64]Bearing{}
	for _, b := range list {
		byID[b.GenRodamientoID] = b
	}
	for _, p := range points {
		for _, s := range p.bearings() {
			if *s != nil {
				**s = byID[(*s).GenRodamientoID]
			}
		}
	}
	return nil
}

func likeEscape(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r == '\\' || r == '%' || r == '_' {
			out = append(out, '\\')
		}
		out = append(out, r)
	}
	return string(out)
}
