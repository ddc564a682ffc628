package db

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
)

// Scanner is a row or rows being read.
type Scanner interface{ Scan(dest ...any) error }

// Collect reads every row of a query with scan; the rows are closed whatever happens.
func Collect[T any](rows *sql.Rows, err error, scan func(Scanner) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, MapError(err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Each reads every row of a query with scan, for reads that fill a map or another structure
// rather than a list; the rows are closed whatever happens.
func Each(rows *sql.Rows, err error, scan func(Scanner) error) error {
	_, err = Collect(rows, err, func(s Scanner) (struct{}, error) { return struct{}{}, scan(s) })
	return err
}

// Pairs reads a query of two columns, handing each row to fn: most of these reads fill a map.
func Pairs[K, V any](rows *sql.Rows, err error, fn func(K, V)) error {
	return Each(rows, err, func(s Scanner) error {
		var k K
		var v V
		if err := s.Scan(&k, &v); err != nil {
			return err
		}
		fn(k, v)
		return nil
	})
}

// Owned answers ErrNotFound unless row id of table belongs to factory: another factory's
// row is as missing as an absent one, so its existence never leaks.
func Owned(ctx context.Context, q Querier, table string, id, factory int64) error {
	var one int
	return MapError(q.QueryRowContext(ctx, "SELECT 1 FROM "+table+" WHERE id = $1 AND fabrica_id = $2", id, factory).Scan(&one))
}

// OwnedRows is the subquery of the ids of factory's rows of table, the factory being the
// statement's argument $arg: a feature that keeps rows by another's ids (series by machine)
// reads one factory's of them in one statement, whatever their number.
func OwnedRows(table string, arg int) string {
	return "SELECT id FROM " + table + " WHERE fabrica_id = $" + strconv.Itoa(arg)
}

// In writes the placeholders of n values numbered from first ("$3, $4, $5"), for IN lists
// and multi-row VALUES built with args of one statement.
func In(first, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(first+i))
	}
	return b.String()
}

// Args turns a list of values into statement arguments.
func Args[T any](list []T) []any {
	out := make([]any, len(list))
	for i, v := range list {
		out[i] = v
	}
	return out
}
