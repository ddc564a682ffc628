package history

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// A time is read in the forms of ISO 8601 devices and spreadsheets write, with seconds or
// without, with a zone or in UTC without one, in the JSON batches and the CSV imports alike.
func TestParseTime(t *testing.T) {
	noon := time.Date(2026, 5, 1, 11, 0, 0, 0, time.UTC)
	for s, want := range map[string]time.Time{
		"2026-05-01T11:00:00Z":          noon,
		"2026-05-01T11:00:00.250Z":      noon.Add(250 * time.Millisecond),
		"2026-05-01T12:00:00+01:00":     noon,
		"2026-05-01T12:00+01:00":        noon,
		"2026-05-01 12:00+01:00":        noon,
		"2026-05-01T11:00Z":             noon,
		"2026-05-01T12:00:00+0100":      noon,
		"2026-05-01T12:00+0100":         noon,
		"2026-05-01T12:00+01":           noon,
		"2026-05-01T06:30-04:30":        noon,
		"2026-05-01T11:00:00":           noon,
		"2026-05-01T11:00":              noon,
		"2026-05-01 11:00:00":           noon,
		"2026-05-01 11:00:00.5":         noon.Add(500 * time.Millisecond),
		"2026-05-01 11:00":              noon,
		" 2026-05-01T11:00:00Z ":        noon,
		"2026-05-01":                    noon.Add(-11 * time.Hour),
		"2026-05-01T12:00:00.000+01:00": noon,
	} {
		got, err := ParseTime(s)
		if err != nil || !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("%q: %v (%v), want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "ayer", "2026-05-01T12", "2026-05-01T12:00+1", "01/05/2026 12:00", "2026-05-01T12:00:00 +01:00", "2026-13-01"} {
		if got, err := ParseTime(s); err == nil {
			t.Errorf("%q read as %v, want refused", s, got)
		}
	}
}

// A line over the limit is refused by its own line number and reason, and the lines after it
// are still read (their reasons told too), where the reader stopped there and named the line
// after the last value read.
func TestParseCSVLongLine(t *testing.T) {
	long := strings.Repeat("9", maxLine+1)
	data := []byte("VrId,Dir,Fecha,Valor\r\n7,0,2026-05-01T12:00+01:00,2800\r\n\r\n7,0,2026-05-01T13:00:00Z," + long + "\n" +
		"7,1,2026-05-01 13:00,2900\nx,1,2026-05-01,1\n")
	b, lines, reasons := parseCSV(data)
	errs := reasons.Items
	if len(errs) != 2 || errs[0].Field != "Lineas[4]" || errs[0].Code != "line_too_long" || errs[1].Field != "Lineas[6].VrId" {
		t.Errorf("problems %+v, want line 4 too long and line 6's VrId", errs)
	}
	if len(b.Valores) != 2 || len(lines) != 2 || lines[0] != 2 || lines[1] != 5 {
		t.Errorf("values %+v at lines %v, want lines 2 and 5", b.Valores, lines)
	}
	_, _, reasons = parseCSV(append([]byte(long), "\n7,0,2026-05-01,1\n"...))
	errs = reasons.Items
	if len(errs) != 1 || errs[0].Field != "Lineas[1]" || errs[0].Code != "line_too_long" {
		t.Errorf("a header over the limit: %+v", errs)
	}
	if _, _, errs := parseCSV(bytes.Repeat([]byte("\n"), 3)); len(errs.Items) != 1 || errs.Items[0].Code != "bad_header" {
		t.Errorf("no header: %+v", errs.Items)
	}
}
