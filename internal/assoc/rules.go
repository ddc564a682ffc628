// Package assoc associates VCVs (analog and digital) and VCPs to machine points and keeps
// their reference values: warning, alarm and danger per direction and per condition of the
// machine's criterion (S1 §3, §5; S2 §3.7, §5.5).
package assoc

import "vigia/internal/platform/num"

// ValueFormat is how a threshold is typed: up to 3 integer digits and 3 decimals (S2 §5.5);
// stored in thousandths.
var ValueFormat = num.Format{Int: 3, Decimals: 3}

// Bounds of a threshold in thousandths: 0.001 to 999.999.
const (
	MinValue = 1
	MaxValue = 999_999
)

// Group is one direction's thresholds (nil: empty).
type Group struct{ Aviso, Alarma, Peligro *int64 }

// Same tells whether g and o hold the same thresholds.
func (g Group) Same(o Group) bool {
	same := func(a, b *int64) bool { return a == b || a != nil && b != nil && *a == *b }
	return same(g.Aviso, o.Aviso) && same(g.Alarma, o.Alarma) && same(g.Peligro, o.Peligro)
}

// Check answers the field of the group that breaks the rules of decision 1 and 2 in
// requirements.md ("" when none): each value within bounds; an alarm or danger needs a
// warning; with a warning, alarm and danger are both set or both empty; warning <= alarm <=
// danger.
func (g Group) Check() string {
	for _, f := range []struct {
		name string
		v    *int64
	}{{"Aviso", g.Aviso}, {"Alarma", g.Alarma}, {"Peligro", g.Peligro}} {
		if f.v != nil && (*f.v < MinValue || *f.v > MaxValue) {
			return f.name
		}
	}
	switch {
	case g.Aviso == nil && g.Alarma != nil:
		return "Alarma"
	case g.Aviso == nil && g.Peligro != nil:
		return "Peligro"
	case (g.Alarma == nil) != (g.Peligro == nil):
		if g.Alarma == nil {
			return "Alarma"
		}
		return "Peligro"
	case g.Alarma == nil:
		return ""
	case *g.Aviso > *g.Alarma:
		return "Aviso"
	case *g.Alarma > *g.Peligro:
		return "Alarma"
	}
	return ""
}

// CheckStrict answers the field of the group that breaks the alarm edit modal's rules, which the
// precalculation table shares (decision 2, ALRM-074..ALRM-078; "" when none): the group rules,
// all three set, warning < alarm < danger.
func (g Group) CheckStrict() string {
	if f := g.Check(); f != "" {
		return f
	}
	// Check holds: an empty warning empties all three, an empty alarm the danger too, and
	// warning <= alarm <= danger, so an equality is the only order left to refuse.
	switch {
	case g.Aviso == nil:
		return "Aviso"
	case g.Alarma == nil:
		return "Alarma"
	case *g.Aviso == *g.Alarma:
		return "Aviso"
	case *g.Alarma == *g.Peligro:
		return "Alarma"
	}
	return ""
}
