package history

import (
	"context"
	"math"
	"time"

	"vigia/internal/assoc"
	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// trendDays is how far back from its newest value a series' trend is fitted.
const trendDays = 90

// horizon bounds how far ahead the danger value is said to be reached: a straight line
// fitted to 90 days says nothing of a century on, which no machine outlives; a trend that
// reaches it later (a rise of a few thousandths in a season, ages at that pace) is answered
// as one that does not rise. It also keeps the date within what a time and JSON hold.
const horizon = 100 * 365 * 86400.0

// Rul is the trend of a VCV's values in one direction and condition, fitted by least
// squares over its last 90 days of values, and when it reaches the danger value at that
// pace: the remaining useful life (S2 §7.3).
type Rul struct {
	Direccion int64   `json:"Direccion"`
	Muestras  int     `json:"Muestras"`
	Datos     []Dated `json:"Datos"`
	// Pendiente is the trend in thousandths a day; Actual its value at the newest value's time.
	Pendiente int64 `json:"Pendiente"`
	Actual    int64 `json:"Actual"`
	// Peligro is the direction's danger value in the condition (none: not set).
	Peligro *int64 `json:"Peligro"`
	// FechaPeligro and Dias: when the trend reaches Peligro, and in how many days from the
	// newest value (none: it does not rise, not within a century, or there is no danger
	// value; 0: reached).
	FechaPeligro *time.Time `json:"FechaPeligro"`
	Dias         *int64     `json:"Dias"`
}

// Trend fits v = a + b·t to points by least squares and answers b (per second) and the
// fitted value at the last point's time; fewer than two points, or all at one time, have
// no trend (ok false).
func Trend(points []Point) (slope, last float64, ok bool) {
	n := float64(len(points))
	if len(points) < 2 {
		return 0, 0, false
	}
	t0 := points[0].T
	var st, sv, stt, stv float64
	for _, p := range points {
		t, v := float64(p.T-t0), float64(p.V)
		st, sv, stt, stv = st+t, sv+v, stt+t*t, stv+t*v
	}
	den := n*stt - st*st
	if den == 0 {
		return 0, 0, false
	}
	slope = (n*stv - st*sv) / den
	intercept := (sv - slope*st) / n
	return slope, intercept + slope*float64(points[len(points)-1].T-t0), true
}

// Rul answers the trend of each direction of an analog VCV association in a condition.
func (s *Service) Rul(ctx context.Context, q db.Querier, scope auth.Scope, k *assoc.Kind, association, condition int64, max int) ([]Rul, error) {
	at, err := s.Assoc.Association(ctx, q, scope, k, association)
	if err != nil {
		return nil, err
	}
	refs, err := s.Assoc.ReferencesOf(ctx, q, scope, k, association)
	if err != nil {
		return nil, err
	}
	var danger [3]*int64
	for _, r := range refs {
		if r.UsuCondicionId == condition {
			danger = [3]*int64{r.VH1Peligro, r.HH2Peligro, r.APeligro}
		}
	}
	keys := make([]Key, 3)
	for dir := range keys {
		keys[dir] = placedKey(association, at, condition, int64(dir))
	}
	ids, err := Find(ctx, q, keys)
	if err != nil {
		return nil, err
	}
	series := make([]int64, 0, 3)
	for _, k := range keys {
		if id := ids[k]; id != 0 {
			series = append(series, id)
		}
	}
	last, err := s.Store.Last(ctx, q, series)
	if err != nil {
		return nil, err
	}
	out := []Rul{}
	for dir, k := range keys {
		newest, ok := last[ids[k]]
		if !ok {
			continue
		}
		points, err := s.Store.Range(ctx, q, ids[k], newest.T-trendDays*86400, newest.T)
		if err != nil {
			return nil, err
		}
		m := NewM4(newest.T-trendDays*86400, newest.T, max)
		m.Add(points)
		r := Rul{Direccion: int64(dir), Muestras: len(points), Datos: dated(m.Points()), Peligro: danger[dir]}
		slope, now, ok := Trend(points)
		if ok {
			r.Pendiente, r.Actual = int64(math.Round(slope*86400)), int64(math.Round(now))
		}
		if d := danger[dir]; ok && d != nil && (now >= float64(*d) || slope > 0) {
			seconds := 0.0 // already reached
			if now < float64(*d) {
				seconds = (float64(*d) - now) / slope
			}
			if seconds <= horizon {
				at, days := time.Unix(newest.T+int64(seconds), 0).UTC(), int64(seconds/86400)
				r.FechaPeligro, r.Dias = &at, &days
			}
		}
		out = append(out, r)
	}
	return out, nil
}
