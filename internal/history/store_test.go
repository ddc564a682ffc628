package history

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sync"
	"testing"

	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

// newSeries makes n bare series (no item behind them) for the store's own tests.
func newSeries(t *testing.T, d *db.DB, n int) []int64 {
	t.Helper()
	var ids []int64
	for i := range n {
		var id int64
		if err := d.QueryRow(`INSERT INTO series (clave, tipo) VALUES ($1, 'test') RETURNING id`, fmt.Sprintf("t/%d", i)).Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// samples are the points of a series as a batch.
func samples(series int64, points []Point) []Sample {
	out := make([]Sample, len(points))
	for i, p := range points {
		out[i] = Sample{Series: series, Point: p}
	}
	return out
}

// tx runs fn in a transaction of d, failing the test on error.
func tx(t *testing.T, d *db.DB, fn func(q db.Querier) error) {
	t.Helper()
	if err := d.Tx(context.Background(), func(tx *sql.Tx) error { return fn(tx) }); err != nil {
		t.Fatal(err)
	}
}

func chunkCount(t *testing.T, d *db.DB, series int64) (n int) {
	t.Helper()
	if err := d.QueryRow(`SELECT COUNT(*) FROM chunks WHERE serie_id = $1`, series).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The store gives back what it was given across chunks and windows, at the exact ends of a
// range, and replaces a value sent again instead of doubling it.
func TestStoreAppendAndRead(t *testing.T) {
	ctx := context.Background()
	var s Store = Chunks{}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ids := newSeries(t, d, 2)
		year := hourly(8760, func(i int) int64 { return 2000 + int64(i%24)*10 })
		tx(t, d, func(q db.Querier) error { return s.Append(ctx, q, samples(ids[0], year), nil) })
		// A year of hours crosses windows (about 48 days each): one chunk per window.
		if n := chunkCount(t, d, ids[0]); n < 7 || n > 9 {
			t.Errorf("a year of hours in %d chunks, want one per window (7 to 9)", n)
		}
		read := func(from, to int64) []Point {
			t.Helper()
			var got []Point
			tx(t, d, func(q db.Querier) (err error) { got, err = s.Range(ctx, q, ids[0], from, to); return err })
			return got
		}
		if got := read(year[0].T, year[len(year)-1].T); !slices.Equal(got, year) {
			t.Fatalf("whole year: %d points back of %d", len(got), len(year))
		}
		// The ends of a range are included, at a chunk's own ends and inside one.
		var bounds []int64
		tx(t, d, func(q db.Querier) error {
			rows, err := q.QueryContext(ctx, `SELECT desde, hasta FROM chunks WHERE serie_id = $1 ORDER BY desde`, ids[0])
			return db.Pairs(rows, err, func(a, b int64) { bounds = append(bounds, a, b) })
		})
		for _, r := range [][2]int64{{bounds[1], bounds[2]}, {bounds[2], bounds[2]}, {bounds[1] - 7200, bounds[4] + 3600}, {year[100].T + 1, year[200].T - 1}} {
			want := slices.DeleteFunc(slices.Clone(year), func(p Point) bool { return p.T < r[0] || p.T > r[1] })
			if got := read(r[0], r[1]); !slices.Equal(got, want) {
				t.Errorf("range %v: %d points, want %d", r, len(got), len(want))
			}
		}
		if got := read(year[0].T-10_000, year[0].T-1); len(got) != 0 {
			t.Errorf("a range before the series: %v", got)
		}

		// Sent again: nothing doubles. A changed value replaces the stored one.
		resent := slices.Clone(year[8000:])
		resent[5].V = 99_999
		tx(t, d, func(q db.Querier) error { return s.Append(ctx, q, samples(ids[0], resent), nil) })
		got := read(year[0].T, year[len(year)-1].T)
		if len(got) != len(year) || got[8005].V != 99_999 || got[8006] != year[8006] {
			t.Errorf("after a re-send: %d points, value %d", len(got), got[8005].V)
		}
		// Within one batch the later of two values at one time wins; values out of order and
		// into the middle of the history land in place.
		tx(t, d, func(q db.Querier) error {
			return s.Append(ctx, q, []Sample{{ids[0], Point{year[10].T, 1}}, {ids[1], Point{5, 5}}, {ids[0], Point{year[10].T, 2}}, {ids[0], Point{year[10].T + 1, 3}}}, nil)
		})
		got = read(year[10].T, year[11].T)
		if !slices.Equal(got, []Point{{year[10].T, 2}, {year[10].T + 1, 3}, year[11]}) {
			t.Errorf("a value into the middle: %v", got)
		}
		var last map[int64]Point
		tx(t, d, func(q db.Querier) (err error) { last, err = s.Last(ctx, q, ids); return err })
		if last[ids[0]] != year[len(year)-1] || last[ids[1]] != (Point{5, 5}) {
			t.Errorf("last values: %v", last)
		}
	})
}

// A device sending one value at a time grows the last chunk until it is full, then starts
// another: no chunk ever holds more than chunkLen values.
func TestStoreTailAppends(t *testing.T) {
	ctx := context.Background()
	s := Chunks{}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		id := newSeries(t, d, 1)[0]
		minutes := make([]Point, chunkLen+10)
		for i := range minutes {
			minutes[i] = Point{T: int64(i) * 60, V: int64(i)}
		}
		tx(t, d, func(q db.Querier) error { return s.Append(ctx, q, samples(id, minutes[:chunkLen-5]), nil) })
		for _, p := range minutes[chunkLen-5:] {
			tx(t, d, func(q db.Querier) error { return s.Append(ctx, q, samples(id, []Point{p}), nil) })
		}
		var biggest int
		if err := d.QueryRow(`SELECT MAX(n) FROM chunks WHERE serie_id = $1`, id).Scan(&biggest); err != nil || biggest != chunkLen {
			t.Errorf("largest chunk %d values (%v), want %d", biggest, err, chunkLen)
		}
		if n := chunkCount(t, d, id); n != 2 {
			t.Errorf("%d chunks, want 2", n)
		}
		var got []Point
		tx(t, d, func(q db.Querier) (err error) { got, err = s.Range(ctx, q, id, 0, 1<<40); return err })
		if !slices.Equal(got, minutes) {
			t.Errorf("%d values back of %d", len(got), len(minutes))
		}
	})
}

// A device's next batch costs three statements whatever its series: the last values
// recorded (which takes the series' rows), the chunks read, and the last chunk of each series
// written over in place. The recorded last value stays the newest when older values come.
func TestStoreAppendStatements(t *testing.T) {
	ctx := context.Background()
	s := Chunks{}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ids := newSeries(t, d, 3)
		hours := hourly(110, func(i int) int64 { return int64(i) })
		batch := func(from, to int) (out []Sample) {
			for _, id := range ids {
				out = append(out, samples(id, hours[from:to])...)
			}
			return out
		}
		tx(t, d, func(q db.Querier) error { return s.Append(ctx, q, batch(0, 100), nil) })
		probe := dbtest.ProbeOf(d)
		probe.Reset()
		if err := d.Tx(ctx, func(tx *sql.Tx) error { return s.Append(ctx, tx, batch(100, 110), nil) }); err != nil {
			t.Fatal(err)
		}
		if n := probe.Count() - 1; n != 3 { // the commit aside
			t.Errorf("a batch of 3 series ran %d statements, want 3", n)
		}
		tx(t, d, func(q db.Querier) error { return s.Append(ctx, q, batch(50, 60), nil) })
		for _, id := range ids {
			if n := chunkCount(t, d, id); n != 1 {
				t.Errorf("series %d in %d chunks, want 1", id, n)
			}
		}
		var last map[int64]Point
		tx(t, d, func(q db.Querier) (err error) { last, err = s.Last(ctx, q, ids); return err })
		for _, id := range ids {
			if last[id] != hours[109] {
				t.Errorf("series %d: last %v, want %v", id, last[id], hours[109])
			}
		}
	})
}

// Data cleaning counts and deletes the values of a range, cutting the chunks at its ends;
// retention drops the chunks wholly older than its limit.
func TestStoreDeleteAndRetention(t *testing.T) {
	ctx := context.Background()
	s := Chunks{}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ids := newSeries(t, d, 2)
		year := hourly(8760, func(i int) int64 { return int64(i) })
		for _, id := range ids {
			tx(t, d, func(q db.Querier) error { return s.Append(ctx, q, samples(id, year), nil) })
		}
		from, to := year[1000].T, year[2999].T
		var n int64
		tx(t, d, func(q db.Querier) (err error) { n, err = s.Delete(ctx, q, ids[:1], from, to, true); return err })
		if n != 2000 {
			t.Errorf("dry run counts %d, want 2000", n)
		}
		tx(t, d, func(q db.Querier) (err error) { n, err = s.Delete(ctx, q, ids[:1], from, to, false); return err })
		var left, other []Point
		tx(t, d, func(q db.Querier) (err error) {
			if left, err = s.Range(ctx, q, ids[0], year[0].T, year[len(year)-1].T); err != nil {
				return err
			}
			other, err = s.Range(ctx, q, ids[1], year[0].T, year[len(year)-1].T)
			return err
		})
		if n != 2000 || len(left) != 6760 || left[999] != year[999] || left[1000] != year[3000] || len(other) != 8760 {
			t.Errorf("deleted %d: %d left (%v, %v), the other series %d", n, len(left), left[999], left[1000], len(other))
		}

		// Retention: chunks whose last value is before the limit go, whole; the rest stays.
		limit := year[4000].T
		tx(t, d, func(q db.Querier) (err error) { n, err = s.DropBefore(ctx, q, limit); return err })
		var oldest int64
		if err := d.QueryRow(`SELECT MIN(desde) FROM chunks WHERE serie_id = $1`, ids[1]).Scan(&oldest); err != nil {
			t.Fatal(err)
		}
		if n == 0 || oldest > limit || oldest < limit-window {
			t.Errorf("retention dropped %d values, oldest left %d, limit %d", n, oldest, limit)
		}
	})
}

// Scan hands every series whole and in order, each once, from several goroutines.
func TestStoreScan(t *testing.T) {
	ctx := context.Background()
	s := Chunks{}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ids := newSeries(t, d, 30)
		var batch []Sample
		for k, id := range ids {
			batch = append(batch, samples(id, hourly(2000+k, func(i int) int64 { return int64(k*1000 + i) }))...)
		}
		tx(t, d, func(q db.Querier) error { return s.Append(ctx, q, batch, nil) })
		var mu sync.Mutex
		seen := map[int64]int{}
		start := hourly(1, func(int) int64 { return 0 })[0].T
		from, to := start, start+3600*1999
		tx(t, d, func(q db.Querier) error {
			return s.Scan(ctx, q, ids, from, to, func(series int64, points []Point) error {
				if !slices.IsSortedFunc(points, func(a, b Point) int { return int(a.T - b.T) }) {
					return fmt.Errorf("series %d out of order", series)
				}
				mu.Lock()
				seen[series] += len(points)
				mu.Unlock()
				return nil
			})
		})
		for _, id := range ids {
			if seen[id] != 2000 {
				t.Errorf("series %d: %d values, want 2000", id, seen[id])
			}
		}
	})
}

// M4 keeps the first, lowest, highest and last value of each column, so a one-hour spike in
// a year survives; a range of few values comes back as it is.
func TestM4(t *testing.T) {
	year := hourly(8760, func(i int) int64 { return 2000 })
	year[4321].V = 9000
	year[4322].V = 100
	m := NewM4(year[0].T, year[len(year)-1].T, 400)
	m.Add(year[:5000])
	m.Add(year[5000:])
	got := m.Points()
	if len(got) > 400 || !slices.Contains(got, year[4321]) || !slices.Contains(got, year[4322]) || got[0] != year[0] || got[len(got)-1] != year[len(year)-1] {
		t.Errorf("%d points; spike kept %v, dip kept %v", len(got), slices.Contains(got, year[4321]), slices.Contains(got, year[4322]))
	}
	if !slices.IsSortedFunc(got, func(a, b Point) int { return int(a.T - b.T) }) {
		t.Error("M4 points out of order")
	}
	few := NewM4(0, 100, 400)
	few.Add(year[:10])
	if !slices.Equal(few.Points(), year[:10]) {
		t.Error("ten values are not answered as they are")
	}
	// Puntos not a multiple of 4: as many values are answered whole, one more is reduced.
	for _, n := range []int{9, 10} {
		m := NewM4(year[0].T, year[n-1].T, 9)
		m.Add(year[:n])
		if got := m.Points(); (n == 9) != slices.Equal(got, year[:n]) || len(got) > 9 {
			t.Errorf("%d values for 9 points: %d answered", n, len(got))
		}
	}
}

// Batches for the same series written at the same time (a device's requests in parallel, or
// its HTTP and MQTT at once) are all stored, each value once: the second writer waits for
// the first instead of merging into chunks the first is replacing.
func TestStoreConcurrentAppends(t *testing.T) {
	ctx := context.Background()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ids := newSeries(t, d, 1)
		all := hourly(8*50, func(i int) int64 { return int64(i) })
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for w := range 8 {
			// Interleaved hours: every writer's batch falls in the same chunks as the others'.
			var mine []Point
			for i := w; i < len(all); i += 8 {
				mine = append(mine, all[i])
			}
			wg.Go(func() {
				errs <- d.Tx(ctx, func(tx *sql.Tx) error { return Chunks{}.Append(ctx, tx, samples(ids[0], mine), nil) })
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Errorf("a concurrent batch failed: %v", err)
			}
		}
		var got []Point
		tx(t, d, func(q db.Querier) (err error) {
			got, err = Chunks{}.Range(ctx, q, ids[0], all[0].T, all[len(all)-1].T)
			return err
		})
		if !slices.Equal(got, all) {
			t.Errorf("%d values back of %d", len(got), len(all))
		}
	})
}

// The last value and the state a batch gives are written together, or not at all: a value
// older than the recorded one leaves value, state and ratio as they were; one at its time
// replaces all of them; a series the batch gives no state, or an unlisted one, keeps its state.
func TestStoreAppendStates(t *testing.T) {
	ctx := context.Background()
	s := Chunks{}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ids := newSeries(t, d, 3)
		listed, unlisted, stateless := ids[0], ids[1], ids[2]
		if _, err := d.Exec(`UPDATE series SET estado = $1 WHERE id = $2`, StateUnlisted, unlisted); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(`UPDATE series SET estado = $1, ultimo_r = 0.5 WHERE id = $2`, StateWarning, stateless); err != nil {
			t.Fatal(err)
		}
		// A value over 1000 is in alarm, by that much; one under is normal.
		rate := func(series, v int64) (int, float64, bool) {
			if series == stateless {
				return 0, 0, false
			}
			if v > 1000 {
				return StateAlarm, float64(v) / 1000, true
			}
			return StateNormal, float64(v) / 1000, true
		}
		type row struct {
			t, v, state int64
			ratio       float64
		}
		expect := func(when string, want map[int64]row) {
			t.Helper()
			for id, w := range want {
				var got row
				if err := d.QueryRow(`SELECT ultimo_t, ultimo_v, estado, ultimo_r FROM series WHERE id = $1`, id).Scan(&got.t, &got.v, &got.state, &got.ratio); err != nil {
					t.Fatal(err)
				}
				if got != w {
					t.Errorf("%s, series %d: %+v, want %+v", when, id, got, w)
				}
			}
		}
		send := func(at, v int64) {
			t.Helper()
			var batch []Sample
			for _, id := range ids {
				batch = append(batch, Sample{Series: id, Point: Point{T: at, V: v}})
			}
			tx(t, d, func(q db.Querier) error { return s.Append(ctx, q, batch, rate) })
		}
		send(100, 2000)
		expect("a first value", map[int64]row{
			listed: {100, 2000, StateAlarm, 2}, unlisted: {100, 2000, StateUnlisted, 0}, stateless: {100, 2000, StateWarning, 0.5}})
		send(50, 500)
		expect("an older value", map[int64]row{
			listed: {100, 2000, StateAlarm, 2}, unlisted: {100, 2000, StateUnlisted, 0}, stateless: {100, 2000, StateWarning, 0.5}})
		send(100, 800)
		expect("a value at the recorded time", map[int64]row{
			listed: {100, 800, StateNormal, 0.8}, unlisted: {100, 800, StateUnlisted, 0}, stateless: {100, 800, StateWarning, 0.5}})
		// Without rate (a store's own writer) every state stays.
		tx(t, d, func(q db.Querier) error { return s.Append(ctx, q, samples(listed, []Point{{T: 200, V: 3000}}), nil) })
		expect("a value without a state", map[int64]row{listed: {200, 3000, StateNormal, 0.8}})
	})
}
