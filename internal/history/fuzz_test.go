package history

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"vigia/internal/platform/api"
)

// The request decoders of the history under fuzzing (make fuzz); their seeds, valid and
// invalid inputs of the tests, are in testdata/fuzz/<FuzzName>.

// FuzzCSV: an import's CSV is read or refused line by line, never a panic; every value
// read has its line, every problem names a line; and the values read, written back as
// CSV, read back the same without a problem.
func FuzzCSV(f *testing.F) {
	f.Add([]byte("VrId,Dir,Fecha,Valor\n1,0,2026-11-24T10:00:00Z,2800\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, lines, errs := parseCSV(data)
		if len(lines) != len(b.Valores) {
			t.Fatalf("%d values but %d lines", len(b.Valores), len(lines))
		}
		if len(errs.Items) > maxErrors {
			t.Fatalf("%d problems, at most %d answered", len(errs.Items), maxErrors)
		}
		for _, e := range errs.Items {
			if !strings.HasPrefix(e.Field, "Lineas[") || e.Code == "" {
				t.Fatalf("a problem that names no line: %+v", e)
			}
		}
		for i := 1; i < len(lines); i++ {
			if lines[i] <= lines[i-1] || lines[0] < 2 {
				t.Fatalf("lines out of order: %v", lines)
			}
		}
		if len(b.Valores) == 0 {
			return
		}
		var out bytes.Buffer
		out.WriteString("VrId,Dir,Fecha,Valor\n")
		for _, v := range b.Valores {
			fmt.Fprintf(&out, "%d,%d,%s,%d\n", v.VrId, v.Dir, v.Fecha, v.Valor)
		}
		again, _, errs := parseCSV(out.Bytes())
		if errs.Len() > 0 || !reflect.DeepEqual(again.Valores, b.Valores) {
			t.Fatalf("written back: %+v %+v, want %+v", errs, again.Valores, b.Valores)
		}
	})
}

// FuzzBatch: a device's batch (the measurements JSON, also an import's) decodes or is
// refused as invalid input (422), never a panic; what decodes encodes to a fixed point;
// every time in it parses or is refused.
func FuzzBatch(f *testing.F) {
	f.Add([]byte(`{"Valores":[{"VrId":1,"Dir":0,"Fecha":"2026-11-24T10:00:00Z","Valor":2800}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		b, err := ReadBatch(raw)
		if err != nil {
			if p, ok := api.AsProblem(err); !ok || p.Status != 422 {
				t.Fatalf("a body that is no batch: %v, want 422", err)
			}
			return
		}
		first, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ReadBatch(first)
		if err != nil {
			t.Fatalf("%s does not decode: %v", first, err)
		}
		if second, _ := json.Marshal(again); !bytes.Equal(first, second) {
			t.Fatalf("re-encoded %s, then %s", first, second)
		}
		var times []string
		for _, v := range b.Valores {
			times = append(times, v.Fecha)
		}
		for _, v := range b.Vcos {
			times = append(times, v.Fecha)
		}
		for _, v := range b.Sensores {
			times = append(times, v.Fecha)
		}
		for _, s := range times {
			if at, err := ParseTime(s); err == nil && at.Location().String() != "UTC" {
				t.Fatalf("%q parsed in %v, want UTC", s, at.Location())
			}
		}
	})
}

// FuzzPrecalculate: the precalculation's payload is read or refused as invalid input, never
// a panic; and its options, on any values, propose levels within a reference value's bounds
// (0.001 to 999.999), in order when the options are.
func FuzzPrecalculate(f *testing.F) {
	f.Add([]byte(`{"Componentes":"","Condiciones":"","Fechas":[{"Inicio":"2026-10-25","Fin":"2026-11-24"}]}`), []byte{})
	f.Fuzz(func(t *testing.T, body, raw []byte) {
		var c Precalculate
		if json.Unmarshal(body, &c) != nil {
			return
		}
		refused := func(err error) {
			if _, ok := api.AsProblem(err); err != nil && !ok {
				t.Fatalf("%s refused with %v, want a problem", body, err)
			}
		}
		_, err := ids("Componentes", c.Componentes)
		refused(err)
		_, err = ids("Condiciones", c.Condiciones)
		refused(err)
		ranges, err := periods(c.Fechas)
		refused(err)
		for i, r := range ranges {
			if r[0] > r[1] || (i > 0 && r[0] <= ranges[i-1][1]+1) {
				t.Fatalf("periods not merged in order: %v", ranges)
			}
		}
		p, err := c.params()
		refused(err)
		if err != nil {
			return
		}
		values := make([]int64, 0, len(raw)/8)
		for i := 0; i+8 <= len(raw); i += 8 {
			values = append(values, int64(binary.LittleEndian.Uint64(raw[i:])))
		}
		pr, ok := Propose(values, p)
		if ok != (len(values) > 0) {
			t.Fatalf("%d values proposed %v", len(values), ok)
		}
		if !ok {
			return
		}
		for _, l := range pr.Levels {
			if l < 1 || l > 999_999 {
				t.Fatalf("levels %v out of bounds (%+v on %v)", pr.Levels, p, values)
			}
		}
		// Whatever the method, the values and the cap, the table can save what is proposed.
		if pr.Levels[0] >= pr.Levels[1] || pr.Levels[1] >= pr.Levels[2] {
			t.Fatalf("levels %v out of order (%+v on %v)", pr.Levels, p, values)
		}
	})
}
