package assoc

import (
	"testing"
)

// FuzzReferenceValues: one direction's reference values as typed in the editors (empty: no
// value) are read or refused by their format, never a panic; a value read writes back as
// itself; and the group rules (Group.Check) accept exactly the groups decisions 1 and 2
// allow, refusing one of the group's own fields otherwise. Seeds:
// testdata/fuzz/FuzzReferenceValues, from testdata/reference-values.json.
func FuzzReferenceValues(f *testing.F) {
	f.Add("1", "2", "3")
	f.Fuzz(func(t *testing.T, aviso, alarma, peligro string) {
		var g [3]*int64
		for i, s := range []string{aviso, alarma, peligro} {
			if s == "" {
				continue
			}
			v, err := ValueFormat.Parse(s)
			if err != nil {
				return
			}
			if back, err := ValueFormat.Parse(ValueFormat.String(v)); err != nil || back != v {
				t.Fatalf("%q read %d, written %q, read back %d %v", s, v, ValueFormat.String(v), back, err)
			}
			g[i] = &v
		}
		refused := Group{g[0], g[1], g[2]}.Check()
		inBounds := true
		for _, v := range g {
			inBounds = inBounds && (v == nil || (*v >= MinValue && *v <= MaxValue))
		}
		allowed := inBounds && (g[1] == nil) == (g[2] == nil) && (g[1] == nil || (g[0] != nil && *g[0] <= *g[1] && *g[1] <= *g[2]))
		switch {
		case allowed && refused != "":
			t.Fatalf("%q %q %q refused on %s", aviso, alarma, peligro, refused)
		case !allowed && refused != "Aviso" && refused != "Alarma" && refused != "Peligro":
			t.Fatalf("%q %q %q accepted (%q)", aviso, alarma, peligro, refused)
		}
	})
}
