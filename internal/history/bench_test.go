package history

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

// The benchmarks measure the store on the demo's kind of data (ARCHITECTURE §6): hourly
// vibration values in thousandths, a baseline per series of 1.2 to 3.5 mm/s, a daily load
// cycle of ±8 % and 3 % of noise. Each runs on SQLite and, when reachable, PostgreSQL; the
// ingestion and size figures are set beside a plain table of one row per value
// (series, time, value) with its primary key, doing the same work in the same run.

// plantData is n series of hours hourly values each, as batch samples in series order.
func plantData(series []int64, hours int, step int64) []Sample {
	out := make([]Sample, 0, len(series)*hours)
	const start = 1_700_000_000
	for _, id := range series {
		rng := rand.New(rand.NewPCG(uint64(id), 3))
		base := 1200 + rng.Float64()*2300
		for i := range hours {
			t := start + int64(i)*step
			v := base * (1 + 0.08*math.Sin(2*math.Pi*float64(t%86400)/86400)) * (1 + 0.03*rng.NormFloat64())
			out = append(out, Sample{Series: id, Point: Point{T: t, V: int64(math.Round(v))}})
		}
	}
	return out
}

// rowTable is the plain one-row-per-value table the benchmarks compare with.
const rowTable = `CREATE TABLE IF NOT EXISTS valores_fila (serie_id BIGINT NOT NULL, instante BIGINT NOT NULL, valor BIGINT NOT NULL, PRIMARY KEY (serie_id, instante))`

// appendRows stores a batch in the row table, a value sent again replacing the stored one,
// rowsPerStatement rows a statement (SQLite reads $n parameters in a time that grows with
// the square of their number: a hundred rows a statement is about its best).
func appendRows(ctx context.Context, q db.Querier, batch []Sample) error {
	const rowsPerStatement = 100
	for start := 0; start < len(batch); start += rowsPerStatement {
		part := batch[start:min(start+rowsPerStatement, len(batch))]
		values := make([]string, len(part))
		args := make([]any, 0, 3*len(part))
		for i, s := range part {
			values[i] = "(" + db.In(len(args)+1, 3) + ")"
			args = append(args, s.Series, s.T, s.V)
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO valores_fila (serie_id, instante, valor) VALUES `+strings.Join(values, ", ")+
			` ON CONFLICT (serie_id, instante) DO UPDATE SET valor = excluded.valor`, args...); err != nil {
			return err
		}
	}
	return nil
}

// tableBytes is the space a table and its indexes take on disk.
func tableBytes(b *testing.B, d *db.DB, table string) int64 {
	var n int64
	query := `SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = $1)`
	if d.Engine == db.Postgres {
		query = `SELECT pg_total_relation_size($1)`
	}
	if err := d.QueryRow(query, table).Scan(&n); err != nil {
		b.Fatal(err)
	}
	return n
}

func benchSeries(b *testing.B, d *db.DB, n int) []int64 {
	ids := make([]int64, n)
	for i := range ids {
		if err := d.QueryRow(`INSERT INTO series (clave, tipo) VALUES ($1, 'bench') RETURNING id`, fmt.Sprintf("bench/%d", i)).Scan(&ids[i]); err != nil {
			b.Fatal(err)
		}
	}
	return ids
}

func eachEngine(b *testing.B, fn func(b *testing.B, d *db.DB)) {
	for _, e := range dbtest.Engines() {
		b.Run(string(e), func(b *testing.B) { fn(b, dbtest.Open(b, e)) })
	}
}

// BenchmarkIngest appends a year of hourly values of 100 series (876,000 values) in one
// transaction, through the chunk store and through the row table, into fresh tables each
// time; it reports values per second and the bytes each value takes on disk.
func BenchmarkIngest(b *testing.B) {
	ctx := context.Background()
	for _, store := range []struct {
		name   string
		append func(context.Context, db.Querier, []Sample) error
		table  string
		clear  string
	}{
		{"chunks", func(ctx context.Context, q db.Querier, batch []Sample) error {
			return Chunks{}.Append(ctx, q, batch, nil)
		}, "chunks", `DELETE FROM chunks`},
		{"rows", appendRows, "valores_fila", `DELETE FROM valores_fila`},
	} {
		b.Run(store.name, func(b *testing.B) {
			eachEngine(b, func(b *testing.B, d *db.DB) {
				if _, err := d.Exec(rowTable); err != nil {
					b.Fatal(err)
				}
				batch := plantData(benchSeries(b, d, 100), 8760, 3600)
				for b.Loop() {
					b.StopTimer()
					if _, err := d.Exec(store.clear); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
					if err := d.Tx(ctx, func(tx *sql.Tx) error { return store.append(ctx, tx, batch) }); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(batch))*float64(b.N)/b.Elapsed().Seconds(), "values/s")
				// The size of one load into a table rid of what the loop left behind.
				b.StopTimer()
				if _, err := d.Exec(store.clear); err != nil {
					b.Fatal(err)
				}
				vacuum := "VACUUM"
				if d.Engine == db.Postgres {
					vacuum = "VACUUM FULL " + store.table
				}
				if _, err := d.Exec(vacuum); err != nil {
					b.Fatal(err)
				}
				if err := d.Tx(ctx, func(tx *sql.Tx) error { return store.append(ctx, tx, batch) }); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(tableBytes(b, d, store.table))/float64(len(batch)), "B/value")
			})
		})
	}
}

// BenchmarkReadMinuteYear reads a year of one series at one value a minute (525,600
// values) and reduces it to 2,000 points, as a chart of that year does.
func BenchmarkReadMinuteYear(b *testing.B) {
	ctx := context.Background()
	eachEngine(b, func(b *testing.B, d *db.DB) {
		ids := benchSeries(b, d, 1)
		batch := plantData(ids, 525_600, 60)
		if err := d.Tx(ctx, func(tx *sql.Tx) error { return Chunks{}.Append(ctx, tx, batch, nil) }); err != nil {
			b.Fatal(err)
		}
		from, to := batch[0].T, batch[len(batch)-1].T
		for b.Loop() {
			err := d.ReadTx(ctx, func(tx *sql.Tx) error {
				points, err := Chunks{}.Buckets(ctx, tx, ids[0], from, to, 2000)
				if err == nil && (len(points) < 1000 || len(points) > 2000) {
					err = fmt.Errorf("%d points", len(points))
				}
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkScanPlant reads every value of 1,150 series over a year of hours (10,074,000
// values), as a precalculation over a whole plant's year does.
func BenchmarkScanPlant(b *testing.B) {
	ctx := context.Background()
	eachEngine(b, func(b *testing.B, d *db.DB) {
		ids := benchSeries(b, d, 1150)
		for part := range 10 { // appended in parts: the whole year of the plant is 240 MB of samples
			batch := plantData(ids[part*115:(part+1)*115], 8760, 3600)
			if err := d.Tx(ctx, func(tx *sql.Tx) error { return Chunks{}.Append(ctx, tx, batch, nil) }); err != nil {
				b.Fatal(err)
			}
		}
		for b.Loop() {
			var n atomic.Int64
			err := d.ReadTx(ctx, func(tx *sql.Tx) error {
				return Chunks{}.Scan(ctx, tx, ids, 0, math.MaxInt64, func(_ int64, points []Point) error {
					n.Add(int64(len(points)))
					return nil
				})
			})
			if err != nil || n.Load() != 1150*8760 {
				b.Fatalf("%d values read (%v)", n.Load(), err)
			}
		}
		b.ReportMetric(1150*8760*float64(b.N)/b.Elapsed().Seconds(), "values/s")
	})
}

// BenchmarkDecode decodes a chunk of the demo's kind of data, chunkLen values.
func BenchmarkDecode(b *testing.B) {
	batch := plantData([]int64{1}, chunkLen, 3600)
	points := make([]Point, len(batch))
	for i, s := range batch {
		points[i] = s.Point
	}
	chunk := Encode(points)
	var buf []Point
	for b.Loop() {
		var err error
		if buf, err = DecodeAppend(buf[:0], chunk); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*chunkLen), "ns/value")
	b.ReportMetric(float64(len(chunk))/chunkLen, "B/value")
}

// BenchmarkPrecalcPlant proposes the levels of 1,150 series over a year of hours (10 M
// values): a whole plant's precalculation, read from the chunks and proposed on every core.
// On PostgreSQL, the same values in the row table give their baselines by the engine's own
// percentile_cont in the same run (BenchmarkPrecalcPlant/postgres/percentile_cont), and the
// baselines are checked equal.
func BenchmarkPrecalcPlant(b *testing.B) {
	ctx := context.Background()
	eachEngine(b, func(b *testing.B, d *db.DB) {
		ids := benchSeries(b, d, 1150)
		for part := range 10 {
			batch := plantData(ids[part*115:(part+1)*115], 8760, 3600)
			if err := d.Tx(ctx, func(tx *sql.Tx) error { return Chunks{}.Append(ctx, tx, batch, nil) }); err != nil {
				b.Fatal(err)
			}
		}
		s := &Service{Store: Chunks{}}
		var ours map[int64]Proposal
		b.Run("chunks", func(b *testing.B) {
			for b.Loop() {
				err := d.ReadTx(ctx, func(tx *sql.Tx) (err error) {
					ours, err = s.propose(ctx, tx, ids, [][2]int64{{0, math.MaxInt64}}, func(int64) Params { return DefaultParams() })
					return err
				})
				if err != nil || len(ours) != len(ids) {
					b.Fatalf("%d proposals (%v)", len(ours), err)
				}
			}
		})
		if d.Engine != db.Postgres {
			return
		}
		// The test process's pooled schema may hold BenchmarkIngest's rows: its table is none of
		// the migrations' that the pool empties.
		for _, statement := range []string{rowTable, `DELETE FROM valores_fila`} {
			if _, err := d.Exec(statement); err != nil {
				b.Fatal(err)
			}
		}
		for part := range 10 {
			if err := copyRows(ctx, d, plantData(ids[part*115:(part+1)*115], 8760, 3600)); err != nil {
				b.Fatal(err)
			}
		}
		b.Run("percentile_cont", func(b *testing.B) {
			for b.Loop() {
				rows, err := d.Query(`SELECT serie_id, percentile_cont(0.95) WITHIN GROUP (ORDER BY valor) FROM valores_fila GROUP BY serie_id`)
				got, err := db.Collect(rows, err, func(s db.Scanner) (p [2]float64, err error) { return p, s.Scan(&p[0], &p[1]) })
				if err != nil || len(got) != len(ids) {
					b.Fatalf("%d baselines (%v)", len(got), err)
				}
				for _, p := range got {
					if ours[int64(p[0])].Base != int64(math.Round(p[1])) {
						b.Fatalf("series %v: percentile_cont %v, ours %d", p[0], p[1], ours[int64(p[0])].Base)
					}
				}
			}
		})
	})
}

// copyRows loads a batch into PostgreSQL's row table with COPY (minutes become seconds).
func copyRows(ctx context.Context, d *db.DB, batch []Sample) error {
	conn, err := d.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(driverConn any) error {
		rows := make([][]any, len(batch))
		for i, s := range batch {
			rows[i] = []any{s.Series, s.T, s.V}
		}
		if w, ok := driverConn.(interface{ Unwrap() driver.Conn }); ok {
			driverConn = w.Unwrap()
		}
		_, err := driverConn.(*stdlib.Conn).Conn().CopyFrom(ctx, pgx.Identifier{"valores_fila"}, []string{"serie_id", "instante", "valor"}, pgx.CopyFromRows(rows))
		return err
	})
}

// BenchmarkReadBatch reads a device's batch of 10,000 values (ReadBatch: the JSON, and every
// field's presence checked), the part of a measurements call before any value is checked.
func BenchmarkReadBatch(b *testing.B) {
	var raw strings.Builder
	raw.WriteString(`{"Valores":[`)
	for i := range 10_000 {
		if i > 0 {
			raw.WriteByte(',')
		}
		fmt.Fprintf(&raw, `{"VrId":%d,"Dir":%d,"Fecha":"2026-11-%02dT%02d:00:00Z","Valor":%d}`, 100+i%40, i%3, 1+i/240%28, i/10%24, 2000+i%400)
	}
	raw.WriteString(`]}`)
	body := []byte(raw.String())
	for b.Loop() {
		if batch, err := ReadBatch(body); err != nil || len(batch.Valores) != 10_000 {
			b.Fatal(err)
		}
	}
	b.ReportMetric(10_000*float64(b.N)/b.Elapsed().Seconds(), "values/s")
}
