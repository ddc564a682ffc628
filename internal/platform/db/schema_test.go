package db_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

// The two engines' migrations build the same schema: the same tables, with the same
// columns and nullability, and the same indexes (columns, uniqueness, partial or not). The
// migrations are written twice by decision (their types and trigger syntax differ); this
// keeps them in step.
func TestBothEnginesHaveTheSameSchema(t *testing.T) {
	if dbtest.PostgresURL() == "" {
		t.Skip("VIGIA_TEST_POSTGRES is not set")
	}
	lite, pg := schema(t, dbtest.Open(t, db.SQLite)), schema(t, dbtest.Open(t, db.Postgres))
	for _, line := range lite {
		if !slices.Contains(pg, line) {
			t.Errorf("only on SQLite: %s", line)
		}
	}
	for _, line := range pg {
		if !slices.Contains(lite, line) {
			t.Errorf("only on PostgreSQL: %s", line)
		}
	}
	if len(lite) < 100 {
		t.Fatalf("the schema has only %d lines", len(lite))
	}
}

// schema describes the database as sorted lines: "table t", "column t.c null|not null" and
// "index t(c1, c2) unique|plain [partial]" (primary keys are columns that are not null; a
// column of an index on an expression is "(expression)").
func schema(t *testing.T, d *db.DB) []string {
	t.Helper()
	var out []string
	rows := func(query string, args ...any) [][]string {
		t.Helper()
		var all [][]string
		for _, vals := range dbtest.Values(t, d, query, args...) {
			line := make([]string, len(vals))
			for i, v := range vals {
				if b, ok := v.([]byte); ok {
					v = string(b)
				}
				line[i] = fmt.Sprint(v)
			}
			all = append(all, line)
		}
		return all
	}
	nullable := map[bool]string{true: "null", false: "not null"}
	for _, table := range dbtest.Tables(t, d) {
		out = append(out, "table "+table)
		if d.Engine == db.SQLite {
			for _, c := range rows(`SELECT name, "notnull", pk FROM pragma_table_info($1)`, table) {
				out = append(out, fmt.Sprintf("column %s.%s %s", table, c[0], nullable[c[1] == "0" && c[2] == "0"]))
			}
			for _, ix := range rows(`SELECT name, "unique", origin, partial FROM pragma_index_list($1)`, table) {
				if ix[2] == "pk" {
					continue
				}
				var cols []string
				for _, c := range rows(`SELECT COALESCE(name, '(expression)') FROM pragma_index_info($1) ORDER BY seqno`, ix[0]) {
					cols = append(cols, c[0])
				}
				out = append(out, index(table, cols, ix[1] == "1", ix[3] == "1"))
			}
			continue
		}
		for _, c := range rows(`SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`, table) {
			out = append(out, fmt.Sprintf("column %s.%s %s", table, c[0], nullable[c[1] == "YES"]))
		}
		for _, ix := range rows(`SELECT i.indexrelid::regclass::text, i.indisunique, i.indpred IS NOT NULL,
				array_to_string(ARRAY(SELECT COALESCE(a.attname, '(expression)') FROM unnest(i.indkey) WITH ORDINALITY k(n, o) LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.n ORDER BY k.o), ',')
			FROM pg_index i WHERE i.indrelid = $1::regclass AND NOT i.indisprimary`, table) {
			out = append(out, index(table, strings.Split(ix[3], ","), ix[1] == "true", ix[2] == "true"))
		}
	}
	slices.Sort(out)
	return out
}

func index(table string, cols []string, unique, partial bool) string {
	kind := "plain"
	if unique {
		kind = "unique"
	}
	if partial {
		kind += " partial"
	}
	return fmt.Sprintf("index %s(%s) %s", table, strings.Join(cols, ", "), kind)
}
