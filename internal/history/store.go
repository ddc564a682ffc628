package history

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"

	"vigia/internal/platform/db"
)

// Sample is one value of one series, as appended.
type Sample struct {
	Series int64
	Point
}

// Store keeps the values of series. Ingestion, the charts, data cleaning and the
// precalculation use only this, so that another engine can sit under them later; Chunks is
// the one there is, on the database itself.
type Store interface {
	// Append stores a batch in q's transaction. A value at the time of a stored value of its
	// series replaces it (a device that sends a batch again doubles nothing); within the
	// batch the later of two such values wins. Each series' last value is recorded beside it
	// unless the recorded one is newer, and with it the state rate (if not nil) gives at that
	// value; a series whose recorded value stays, that rate gives none, or that is unlisted
	// (StateUnlisted) keeps its state.
	Append(ctx context.Context, q db.Querier, batch []Sample, rate Rate) error
	// Range returns the values of a series from..to (both included), in time order.
	Range(ctx context.Context, q db.Querier, series, from, to int64) ([]Point, error)
	// Buckets returns the values of a series from..to reduced to at most max points (M4).
	Buckets(ctx context.Context, q db.Querier, series, from, to int64, max int) ([]Point, error)
	// Scan hands fn the values from..to of each of the series that has some, each series whole
	// and in time order. fn runs for several series at once and must not keep points.
	Scan(ctx context.Context, q db.Querier, series []int64, from, to int64, fn func(series int64, points []Point) error) error
	// Last returns the last value of each of the series that has one.
	Last(ctx context.Context, q db.Querier, series []int64) (map[int64]Point, error)
	// Delete removes the values from..to of the series and answers how many there were; dry,
	// it only counts them.
	Delete(ctx context.Context, q db.Querier, series []int64, from, to int64, dry bool) (int64, error)
	// DropBefore removes the chunks whose values are all older than before and answers how
	// many values went.
	DropBefore(ctx context.Context, q db.Querier, before int64) (int64, error)
}

// Rate gives the state of a series at a new last value v and the ratio that orders it
// (State); ok false: the series has no state of its own (it is not a reference series).
type Rate func(series, v int64) (state int, ratio float64, ok bool)

// Chunks is the Store on the chunks table: each row holds up to chunkLen consecutive values
// of one series within one window of time, so that a read touches only the chunks of its
// range, a device's new values rewrite only the last chunk of each series, and retention
// drops whole rows.
type Chunks struct{}

const (
	// chunkLen bounds a chunk: an hour's values fill it in half a year, a minute's in three
	// days; rewriting one to add a value costs microseconds.
	chunkLen = 4096
	// window is the span of time one chunk may cover (2^22 s, about 48 days), so that
	// retention and data cleaning work on rows of sparse series too.
	window = 1 << 22
	// inList bounds the ids one statement lists (SQLite allows 32,766 parameters).
	inList = 1000
	// rowsPerStatement bounds the rows of a statement that writes or names several values
	// each: SQLite reads $n parameters in a time that grows with the square of their number.
	rowsPerStatement = 100
)

// Append implements Store.
func (Chunks) Append(ctx context.Context, q db.Querier, batch []Sample, rate Rate) error {
	if len(batch) == 0 {
		return nil
	}
	bySeries := func(a, b Sample) int { return cmp.Or(cmp.Compare(a.Series, b.Series), cmp.Compare(a.T, b.T)) }
	if !slices.IsSortedFunc(batch, bySeries) {
		batch = slices.Clone(batch)
		slices.SortStableFunc(batch, bySeries)
	}
	var groups []group
	for start := 0; start < len(batch); {
		end := start + 1
		for end < len(batch) && batch[end].Series == batch[start].Series {
			end++
		}
		points := make([]Point, 0, end-start)
		for _, s := range batch[start:end] {
			if n := len(points); n > 0 && points[n-1].T == s.T {
				points[n-1] = s.Point // the later value of the batch wins
			} else {
				points = append(points, s.Point)
			}
		}
		groups = append(groups, group{series: batch[start].Series, points: points})
		start = end
	}
	// The chunks are read, merged and written back: a concurrent writer of the same series
	// must wait until this one commits, or both merge into the same old chunks. Recording
	// the series' last values (and states) first takes their rows, which makes it wait on
	// PostgreSQL (SQLite's one writer already does); a separate write to take them cost
	// PostgreSQL another version of every row, with its index entries.
	last := make([]Sample, len(groups))
	for i, g := range groups {
		last[i] = Sample{Series: g.series, Point: g.points[len(g.points)-1]}
	}
	if err := setLast(ctx, q, last, true, rate); err != nil {
		return err
	}
	for part := range slices.Chunk(groups, rowsPerStatement) {
		if err := appendGroups(ctx, q, part); err != nil {
			return err
		}
	}
	return nil
}

// group is the new values of one series, in time order without repeats.
type group struct {
	series int64
	points []Point
}

// stored is a chunk as read back.
type stored struct {
	series, from, to, n int64
	data                []byte
}

// chunk is a chunk to write.
type chunk struct {
	series int64
	points []Point
}

// appendGroups merges the new values of each group with the chunks they fall in or next to:
// one read, then an insert per rowsPerStatement chunks and a delete of those it replaced
// under other starts.
func appendGroups(ctx context.Context, q db.Querier, groups []group) error {
	values, args := make([]string, len(groups)), make([]any, 0, 3*len(groups))
	for i, g := range groups {
		values[i] = fmt.Sprintf("(CAST($%d AS BIGINT), CAST($%d AS BIGINT), CAST($%d AS BIGINT))", len(args)+1, len(args)+2, len(args)+3)
		args = append(args, g.series, g.points[0].T, g.points[len(g.points)-1].T)
	}
	// Per series: the last chunk that starts at or before the first new value (it may hold
	// it, or take the new values after it), and every chunk that starts up to the last one.
	rows, err := q.QueryContext(ctx, `WITH b (s, lo, hi) AS (VALUES `+strings.Join(values, ", ")+`)
		SELECT c.serie_id, c.desde, c.hasta, c.n, c.datos FROM b JOIN chunks c ON c.serie_id = b.s
		WHERE c.desde <= b.hi AND c.desde >= COALESCE((SELECT MAX(p.desde) FROM chunks p WHERE p.serie_id = b.s AND p.desde <= b.lo), b.lo)
		ORDER BY c.serie_id, c.desde`, args...)
	old, err := db.Collect(rows, err, func(r db.Scanner) (c stored, err error) {
		return c, r.Scan(&c.series, &c.from, &c.to, &c.n, &c.data)
	})
	if err != nil {
		return err
	}
	var (
		drop    []stored
		write   []chunk
		decoded []Point
	)
	for _, g := range groups {
		mine := old[:0:0]
		for len(old) > 0 && old[0].series == g.series {
			mine, old = append(mine, old[0]), old[1:]
		}
		// A full chunk, or one of another window, before the new values stays as it is.
		if len(mine) > 0 && mine[0].to < g.points[0].T && (mine[0].n >= chunkLen || mine[0].to/window != g.points[0].T/window) {
			mine = mine[1:]
		}
		merged := g.points
		if len(mine) > 0 {
			decoded = decoded[:0]
			for _, c := range mine {
				if decoded, err = DecodeAppend(decoded, c.data); err != nil {
					return fmt.Errorf("series %d, chunk at %d: %w", c.series, c.from, err)
				}
			}
			merged = merge(decoded, g.points)
			drop = append(drop, mine...)
		}
		write = append(write, split(g.series, merged)...)
	}
	// A chunk written again where it starts is replaced by the insert (mostly the last of each
	// series): only the others are deleted.
	rewritten := make(map[[2]int64]bool, len(write))
	for _, c := range write {
		rewritten[[2]int64{c.series, c.points[0].T}] = true
	}
	drop = slices.DeleteFunc(drop, func(c stored) bool { return rewritten[[2]int64{c.series, c.from}] })
	if err := deleteChunks(ctx, q, drop); err != nil {
		return err
	}
	return insertChunks(ctx, q, write)
}

// setLast records the last value of series; later only when it is not older than the one
// recorded, and with it the state rate gives, unless replace (a deletion took the newest
// values away: the caller measures the states again). Later, it writes every row it names,
// keeping what is recorded where that is newer: Append takes the rows so. One write of each
// row for value and state, since on PostgreSQL each write of them makes a new version of the
// row with an entry in every index of series.
func setLast(ctx context.Context, q db.Querier, last []Sample, later bool, rate Rate) error {
	for part := range slices.Chunk(last, rowsPerStatement) {
		values := make([]string, len(part))
		args := make([]any, 0, 5*len(part))
		for i, l := range part {
			values[i] = fmt.Sprintf("(CAST($%d AS BIGINT), CAST($%d AS BIGINT), CAST($%d AS BIGINT), CAST($%d AS BIGINT), CAST($%d AS DOUBLE PRECISION))",
				len(args)+1, len(args)+2, len(args)+3, len(args)+4, len(args)+5)
			var state, ratio any // NULL: the state is kept
			if rate != nil {
				if e, r, ok := rate(l.Series, l.V); ok {
					state, ratio = e, r
				}
			}
			args = append(args, l.Series, l.T, l.V, state, ratio)
		}
		set := "ultimo_t = b.t, ultimo_v = b.v"
		if later {
			// The state is read again under the row's lock: a series unlisted since the caller
			// read it stays so.
			kept := "series.ultimo_t > b.t OR b.e IS NULL OR series.estado = " + strconv.Itoa(StateUnlisted)
			set = `ultimo_t = CASE WHEN series.ultimo_t > b.t THEN series.ultimo_t ELSE b.t END,
				ultimo_v = CASE WHEN series.ultimo_t > b.t THEN series.ultimo_v ELSE b.v END,
				estado = CASE WHEN ` + kept + ` THEN series.estado ELSE b.e END,
				ultimo_r = CASE WHEN ` + kept + ` THEN series.ultimo_r ELSE b.r END`
		}
		if _, err := q.ExecContext(ctx, `WITH b (id, t, v, e, r) AS (VALUES `+strings.Join(values, ", ")+`)
			UPDATE series SET `+set+` FROM b WHERE series.id = b.id`, args...); err != nil {
			return err
		}
	}
	return nil
}

// merge returns the values of a and b in time order; b's wins where both have a time.
func merge(a, b []Point) []Point {
	out := make([]Point, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0].T < b[0].T:
			out, a = append(out, a[0]), a[1:]
		case a[0].T > b[0].T:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, b[0]), a[1:], b[1:]
		}
	}
	return append(append(out, a...), b...)
}

// split cuts the values of a series into chunks of at most chunkLen values within one window.
func split(series int64, points []Point) []chunk {
	var out []chunk
	for len(points) > 0 {
		n := 1
		for n < len(points) && n < chunkLen && points[n].T/window == points[0].T/window {
			n++
		}
		out = append(out, chunk{series: series, points: points[:n]})
		points = points[n:]
	}
	return out
}

// deleteChunks deletes the chunks listed, a few statements whatever their number.
func deleteChunks(ctx context.Context, q db.Querier, list []stored) error {
	for part := range slices.Chunk(list, rowsPerStatement) {
		var where []string
		var args []any
		for _, c := range part {
			where = append(where, fmt.Sprintf("(serie_id = $%d AND desde = $%d)", len(args)+1, len(args)+2))
			args = append(args, c.series, c.from)
		}
		if _, err := q.ExecContext(ctx, `DELETE FROM chunks WHERE `+strings.Join(where, " OR "), args...); err != nil {
			return err
		}
	}
	return nil
}

// insertChunks encodes and inserts the chunks, a few statements whatever their number; one
// that starts where a stored one does replaces it.
func insertChunks(ctx context.Context, q db.Querier, list []chunk) error {
	for part := range slices.Chunk(list, rowsPerStatement) {
		values := make([]string, len(part))
		args := make([]any, 0, 5*len(part))
		for i, c := range part {
			values[i] = "(" + db.In(len(args)+1, 5) + ")"
			args = append(args, c.series, c.points[0].T, c.points[len(c.points)-1].T, len(c.points), Encode(c.points))
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO chunks (serie_id, desde, hasta, n, datos) VALUES `+strings.Join(values, ", ")+`
			ON CONFLICT (serie_id, desde) DO UPDATE SET hasta = excluded.hasta, n = excluded.n, datos = excluded.datos`, args...); err != nil {
			return err
		}
	}
	return nil
}

// each hands fn the values from..to of a series chunk by chunk, in time order, in a buffer
// it reuses.
func each(ctx context.Context, q db.Querier, series, from, to int64, fn func([]Point)) error {
	rows, err := q.QueryContext(ctx, `SELECT datos FROM chunks WHERE serie_id = $1 AND desde <= $3 AND hasta >= $2 ORDER BY desde`, series, from, to)
	if err != nil {
		return err
	}
	defer rows.Close()
	var buf []Point
	var data sql.RawBytes
	for rows.Next() {
		if err := rows.Scan(&data); err != nil {
			return err
		}
		if buf, err = DecodeAppend(buf[:0], data); err != nil {
			return fmt.Errorf("series %d: %w", series, err)
		}
		fn(clip(buf, from, to))
	}
	return rows.Err()
}

// clip returns the values of points, in time order, that lie from..to.
func clip(points []Point, from, to int64) []Point {
	lo, _ := slices.BinarySearchFunc(points, from, func(p Point, t int64) int { return cmp.Compare(p.T, t) })
	hi, found := slices.BinarySearchFunc(points, to, func(p Point, t int64) int { return cmp.Compare(p.T, t) })
	if found {
		hi++
	}
	return points[lo:hi]
}

// Range implements Store.
func (Chunks) Range(ctx context.Context, q db.Querier, series, from, to int64) ([]Point, error) {
	out := []Point{}
	err := each(ctx, q, series, from, to, func(p []Point) { out = append(out, p...) })
	return out, err
}

// Buckets implements Store.
func (Chunks) Buckets(ctx context.Context, q db.Querier, series, from, to int64, max int) ([]Point, error) {
	m := NewM4(from, to, max)
	err := each(ctx, q, series, from, to, m.Add)
	return m.Points(), err
}

// Scan implements Store: one goroutine reads the chunks in order, one per core decodes the
// series it is handed.
func (Chunks) Scan(ctx context.Context, q db.Querier, series []int64, from, to int64, fn func(series int64, points []Point) error) error {
	type job struct {
		series int64
		chunks [][]byte
	}
	g, ctx := errgroup.WithContext(ctx)
	jobs := make(chan job, 64)
	g.Go(func() error {
		defer close(jobs)
		for part := range slices.Chunk(series, inList) {
			rows, err := q.QueryContext(ctx, `SELECT serie_id, datos FROM chunks WHERE serie_id IN (`+db.In(3, len(part))+`)
				AND desde <= $2 AND hasta >= $1 ORDER BY serie_id, desde`, append([]any{from, to}, db.Args(part)...)...)
			if err != nil {
				return err
			}
			var current job
			send := func() bool {
				if current.chunks == nil {
					return true
				}
				select {
				case jobs <- current:
					return true
				case <-ctx.Done():
					return false
				}
			}
			for rows.Next() {
				var id int64
				var data []byte
				if err := rows.Scan(&id, &data); err != nil {
					rows.Close()
					return err
				}
				if id != current.series && !send() {
					rows.Close()
					return ctx.Err()
				}
				if id != current.series {
					current = job{series: id}
				}
				current.chunks = append(current.chunks, data)
			}
			if err := rows.Err(); err != nil {
				rows.Close()
				return err
			}
			rows.Close()
			if !send() {
				return ctx.Err()
			}
		}
		return nil
	})
	for range runtime.GOMAXPROCS(0) {
		g.Go(func() error {
			var buf []Point
			for j := range jobs {
				buf = buf[:0]
				var err error
				for _, c := range j.chunks {
					if buf, err = DecodeAppend(buf, c); err != nil {
						return fmt.Errorf("series %d: %w", j.series, err)
					}
				}
				if err := fn(j.series, clip(buf, from, to)); err != nil {
					return err
				}
			}
			return nil
		})
	}
	return g.Wait()
}

// Last implements Store: the last value kept beside each series, no chunk read.
func (Chunks) Last(ctx context.Context, q db.Querier, series []int64) (map[int64]Point, error) {
	out := map[int64]Point{}
	for part := range slices.Chunk(series, inList) {
		rows, err := q.QueryContext(ctx, `SELECT id, ultimo_t, ultimo_v FROM series WHERE ultimo_t IS NOT NULL AND id IN (`+db.In(1, len(part))+`)`, db.Args(part)...)
		err = db.Each(rows, err, func(r db.Scanner) error {
			var id int64
			var p Point
			err := r.Scan(&id, &p.T, &p.V)
			out[id] = p
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// lastOfChunks reads the last value of each series from its newest chunk.
func lastOfChunks(ctx context.Context, q db.Querier, series []int64) (map[int64]Point, error) {
	out := map[int64]Point{}
	for part := range slices.Chunk(series, inList) {
		rows, err := q.QueryContext(ctx, `SELECT c.serie_id, c.datos FROM chunks c
			JOIN (SELECT serie_id, MAX(desde) AS desde FROM chunks WHERE serie_id IN (`+db.In(1, len(part))+`) GROUP BY serie_id) m
			ON m.serie_id = c.serie_id AND m.desde = c.desde`, db.Args(part)...)
		err = db.Each(rows, err, func(r db.Scanner) error {
			var id int64
			var data []byte
			if err := r.Scan(&id, &data); err != nil {
				return err
			}
			points, err := Decode(data)
			if err == nil && len(points) > 0 {
				out[id] = points[len(points)-1]
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Delete implements Store: chunks wholly in the range go whole; the one or two at its ends
// are decoded and written back without the values in it.
func (Chunks) Delete(ctx context.Context, q db.Querier, series []int64, from, to int64, dry bool) (int64, error) {
	var total int64
	for part := range slices.Chunk(series, inList) {
		rows, err := q.QueryContext(ctx, `SELECT serie_id, desde, hasta, n, datos FROM chunks WHERE serie_id IN (`+db.In(3, len(part))+`)
			AND desde <= $2 AND hasta >= $1`, append([]any{from, to}, db.Args(part)...)...)
		list, err := db.Collect(rows, err, func(r db.Scanner) (c stored, err error) {
			return c, r.Scan(&c.series, &c.from, &c.to, &c.n, &c.data)
		})
		if err != nil {
			return 0, err
		}
		var keep []chunk
		for _, c := range list {
			if c.from >= from && c.to <= to {
				total += c.n
				continue
			}
			points, err := Decode(c.data)
			if err != nil {
				return 0, fmt.Errorf("series %d, chunk at %d: %w", c.series, c.from, err)
			}
			before, after := clip(points, math.MinInt64, from-1), clip(points, to+1, math.MaxInt64)
			total += int64(len(points) - len(before) - len(after))
			rest := append(slices.Clip(before), after...)
			if len(rest) > 0 {
				keep = append(keep, chunk{series: c.series, points: rest})
			}
		}
		if dry {
			continue
		}
		if err := deleteChunks(ctx, q, list); err != nil {
			return 0, err
		}
		if err := insertChunks(ctx, q, keep); err != nil {
			return 0, err
		}
		if err := relast(ctx, q, part); err != nil {
			return 0, err
		}
	}
	return total, nil
}

// relast records again the last value of series after a deletion (none: no value left).
func relast(ctx context.Context, q db.Querier, series []int64) error {
	last, err := lastOfChunks(ctx, q, series)
	if err != nil {
		return err
	}
	var gone []int64
	var set []Sample
	for _, id := range series {
		if p, ok := last[id]; ok {
			set = append(set, Sample{Series: id, Point: p})
		} else {
			gone = append(gone, id)
		}
	}
	if len(gone) > 0 {
		if _, err := q.ExecContext(ctx, `UPDATE series SET ultimo_t = NULL, ultimo_v = NULL WHERE id IN (`+db.In(1, len(gone))+`)`, db.Args(gone)...); err != nil {
			return err
		}
	}
	return setLast(ctx, q, set, false, nil)
}

// DropBefore implements Store.
func (Chunks) DropBefore(ctx context.Context, q db.Querier, before int64) (int64, error) {
	var n int64
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(n), 0) FROM chunks WHERE hasta < $1`, before).Scan(&n); err != nil || n == 0 {
		return 0, err
	}
	if _, err := q.ExecContext(ctx, `DELETE FROM chunks WHERE hasta < $1`, before); err != nil {
		return 0, err
	}
	// A series whose last value went has none left.
	_, err := q.ExecContext(ctx, `UPDATE series SET ultimo_t = NULL, ultimo_v = NULL WHERE ultimo_t < $1`, before)
	return n, err
}
