// Package num reads and writes the decimal numbers the spec sends as strings ("1480.500"),
// kept as integers scaled by a power of ten so that nothing is rounded.
package num

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"vigia/internal/platform/api"
)

// Format of a decimal field: digits before and after the point, whether it may be negative,
// and the largest magnitude when it is less than the digits allow (Limit, "" for none: the
// VCO states take 3 decimals but stop at 99999999). Values are stored as integers scaled by
// 10^Decimals, so nothing is rounded.
type Format struct {
	Int, Decimals int
	Signed        bool
	Limit         string
}

// ErrFormat is returned for text that is not a decimal of the expected format.
var ErrFormat = errors.New("not a decimal of the expected format")

// Parse reads "1480.5", "1480,5" or "-3" into the scaled integer.
func (f Format) Parse(s string) (int64, error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", ".")
	neg := strings.HasPrefix(s, "-")
	if neg {
		if !f.Signed {
			return 0, ErrFormat
		}
		s = s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(whole) > f.Int || len(frac) > f.Decimals || strings.HasSuffix(s, ".") {
		return 0, ErrFormat
	}
	for _, part := range []string{whole, frac} {
		for _, c := range part {
			if c < '0' || c > '9' {
				return 0, ErrFormat
			}
		}
	}
	v, err := strconv.ParseInt(whole+frac+strings.Repeat("0", f.Decimals-len(frac)), 10, 64)
	if err != nil {
		return 0, ErrFormat
	}
	if neg {
		v = -v
	}
	return v, nil
}

// String writes a scaled integer with the format's decimals ("1480.500").
func (f Format) String(v int64) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	if f.Decimals == 0 {
		return sign + strconv.FormatInt(v, 10)
	}
	scale := int64(1)
	for range f.Decimals {
		scale *= 10
	}
	return fmt.Sprintf("%s%d.%0*d", sign, v/scale, f.Decimals, v%scale)
}

// Value returns the scaled value of an optional decimal, and whether it is set and valid.
func (f Format) Value(p *string) (int64, bool) {
	if p == nil {
		return 0, false
	}
	v, err := f.Parse(*p)
	return v, err == nil
}

// Scaled returns the scaled value of a decimal written in the format, for limits in code.
func (f Format) Scaled(s string) int64 {
	v, err := f.Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

// Column maps an optional decimal string of the API to a scaled integer column.
type Column struct {
	P *(*string)
	F Format
}

// Value implements driver.Valuer; the string was validated before.
func (c Column) Value() (driver.Value, error) {
	if *c.P == nil {
		return nil, nil
	}
	v, err := c.F.Parse(**c.P)
	if err != nil {
		return nil, fmt.Errorf("%q: %w", **c.P, err)
	}
	return v, nil
}

// Scan implements sql.Scanner.
func (c Column) Scan(src any) error {
	if src == nil {
		*c.P = nil
		return nil
	}
	v, ok := src.(int64)
	if !ok {
		return fmt.Errorf("decimal column: unexpected %T", src)
	}
	s := c.F.String(v)
	*c.P = &s
	return nil
}

// Check validates an optional decimal field against its format and lower bound (min, ""
// for none), rewriting it in canonical form ("1480,5" → "1480.500"); blank becomes nil.
func Check(errs *api.FieldErrors, field string, p **string, f Format, min string) {
	if *p == nil {
		return
	}
	if strings.TrimSpace(**p) == "" {
		*p = nil
		return
	}
	v, err := f.Parse(**p)
	if err != nil {
		errs.Add(field, "decimal", map[string]any{"int": f.Int, "dec": f.Decimals})
		return
	}
	if min != "" && v < f.Scaled(min) {
		errs.Add(field, "min_value", map[string]any{"min": min})
		return
	}
	if f.Limit != "" && (v > f.Scaled(f.Limit) || v < -f.Scaled(f.Limit)) {
		low := "0"
		if f.Signed {
			low = "-" + f.Limit
		}
		errs.Add(field, "range", map[string]any{"min": low, "max": f.Limit})
		return
	}
	s := f.String(v)
	*p = &s
}
