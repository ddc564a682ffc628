package overview

import (
	"fmt"
	"testing"

	"vigia/internal/history"
	"vigia/internal/tree"
)

// A machine list names the first Listed machines that match, in the census's order, and
// counts them all.
func TestPickNamesTheFirstAndCountsAll(t *testing.T) {
	var machines []tree.Place
	for i := range int64(25) {
		machines = append(machines, tree.Place{UsuMaquinaID: i + 1, Nombre: fmt.Sprintf("M-%02d", i+1)})
	}
	even := pick(machines, func(id int64) bool { return id%2 == 0 })
	if even.Total != 12 || len(even.Maquinas) != Listed || even.Maquinas[0].UsuMaquinaID != 2 || even.Maquinas[Listed-1].UsuMaquinaID != 20 {
		t.Errorf("pick = %d in all, %v", even.Total, even.Maquinas)
	}
	none := pick(machines, func(int64) bool { return false })
	if none.Total != 0 || none.Maquinas == nil || len(none.Maquinas) != 0 {
		t.Errorf("pick of none = %+v, want an empty list (not null)", none)
	}
}

// The alarms add up by site and in all; a site without any is left out; the worst site comes
// first: more points in danger, then in alarm, then in warning, then more series.
func TestBySiteAddsUpAndPutsTheWorstFirst(t *testing.T) {
	counts := func(danger, alarm, warning [2]int64) history.Alerting {
		a := history.NewAlerting()
		for i, c := range [][2]int64{danger, alarm, warning} {
			a[i].Puntos, a[i].Series = c[0], c[1]
		}
		return a
	}
	machines := []tree.Place{
		{UsuMaquinaID: 1, UsuCentroID: 10, Centro: "Norte"},
		{UsuMaquinaID: 2, UsuCentroID: 10, Centro: "Norte"},
		{UsuMaquinaID: 3, UsuCentroID: 20, Centro: "Sur"},
		{UsuMaquinaID: 4, UsuCentroID: 30, Centro: "Este"},
		{UsuMaquinaID: 5, UsuCentroID: 40, Centro: "Oeste"},
	}
	got := bySite(machines, map[int64]history.Alerting{
		1: counts([2]int64{0, 0}, [2]int64{1, 2}, [2]int64{3, 4}),
		2: counts([2]int64{0, 0}, [2]int64{0, 0}, [2]int64{2, 2}),
		3: counts([2]int64{1, 1}, [2]int64{0, 0}, [2]int64{0, 0}),
		4: counts([2]int64{0, 0}, [2]int64{1, 3}, [2]int64{0, 0}),
	})
	var order []string
	for _, s := range got.Centros {
		order = append(order, s.Nombre)
	}
	// Sur has a point in danger; Este and Norte one in alarm each, Este with more series.
	if fmt.Sprint(order) != "[Sur Este Norte]" {
		t.Errorf("sites in order %v, want [Sur Este Norte]", order)
	}
	if north := got.Centros[2].Estados; north[2].Puntos != 5 || north[2].Series != 6 || north[1].Puntos != 1 {
		t.Errorf("Norte adds up to %+v", north)
	}
	if all := got.Estados; all[0].Puntos != 1 || all[1].Puntos != 2 || all[1].Series != 5 || all[2].Puntos != 5 {
		t.Errorf("in all %+v", all)
	}
}
