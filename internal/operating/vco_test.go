package operating

import (
	"fmt"
	"slices"
	"testing"

	"vigia/internal/platform/api"
)

// The condition ids a client sends, of a VCO and of a criterion alike: 0 asks for a new one,
// numbered after the highest; a negative id or one given twice is refused on its own field,
// for other records (a criterion's Rangos, a machine's reference rows) name a condition by it.
func TestConditionIDs(t *testing.T) {
	ten := "10"
	vco := func(ids ...int64) (*VcoV, func() []int64) {
		v := &VcoV{NombreEs: "Velocidad", Tipo: VcoType{TypeVCO}, UsuSensorTacometro: 1}
		for i, id := range ids {
			v.Condiciones = append(v.Condiciones, Condition{CondicionID: id, Nombre: fmt.Sprint("C", i), Minimo: &ten})
		}
		return v, func() []int64 {
			var out []int64
			for _, c := range v.Condiciones {
				out = append(out, c.CondicionID)
			}
			return out
		}
	}
	criterion := func(ids ...int64) (*Criterion, func() []int64) {
		c := &Criterion{NombreEs: "Velocidad", TiempoAlarma: 60, TiempoAviso: 60, TiempoEstable: 60, TiempoPeligro: 60, Vco_v: []Entry{{UsuVco_vId: 1}}}
		for i, id := range ids {
			c.Condiciones = append(c.Condiciones, CriterionCondition{UsuCondicionID: id, CondicionNombre: fmt.Sprint("C", i), Rangos: []int64{1}})
		}
		return c, func() []int64 {
			var out []int64
			for _, k := range c.Condiciones {
				out = append(out, k.UsuCondicionID)
			}
			return out
		}
	}
	for _, row := range []struct {
		ids   []int64
		field string // the refused id's field, after Condiciones[i]; "" when accepted
		code  string
		want  []int64 // the ids stored when accepted
	}{
		{ids: []int64{0, 0}, want: []int64{1, 2}},
		{ids: []int64{2, 0, 5, 0}, want: []int64{2, 6, 5, 7}},
		{ids: []int64{1, 1}, field: "[1]", code: "duplicate"},
		{ids: []int64{3, 0, 3}, field: "[2]", code: "duplicate"},
		{ids: []int64{-3}, field: "[0]", code: "min_value"},
		{ids: []int64{1, -1}, field: "[1]", code: "min_value"},
	} {
		for _, kind := range []struct {
			idField string
			check   func() ([]int64, error)
		}{
			{"CondicionID", func() ([]int64, error) { v, ids := vco(row.ids...); err := checkVco(v); return ids(), err }},
			{"UsuCondicionID", func() ([]int64, error) { c, ids := criterion(row.ids...); err := checkCriterion(c); return ids(), err }},
		} {
			got, err := kind.check()
			if row.field == "" {
				if err != nil || !slices.Equal(got, row.want) {
					t.Errorf("%s %v: %v, ids %v, want %v", kind.idField, row.ids, err, got, row.want)
				}
				continue
			}
			p, ok := api.AsProblem(err)
			want := api.Item{Field: "Condiciones" + row.field + "." + kind.idField, Code: row.code}
			if !ok || p.Status != 422 || len(p.Items) != 1 || p.Items[0].Field != want.Field || p.Items[0].Code != want.Code {
				t.Errorf("%s %v: %v, want 422 %s: %s", kind.idField, row.ids, err, want.Field, want.Code)
			}
		}
	}
}
