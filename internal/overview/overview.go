// Package overview answers a factory at a glance, for its home page: the size of its tree,
// the machines still to configure, the alarms of its sites and its latest changes. It owns no
// table: each part is a query of the feature that keeps it, and the whole costs a fixed
// number of reads whatever the factory's size.
package overview

import (
	"cmp"
	"context"
	"net/http"
	"slices"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/assoc"
	"vigia/internal/audit"
	"vigia/internal/auth"
	"vigia/internal/history"
	"vigia/internal/operating"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// Listed is how many machines each list names (its total counts them all), and Changes how
// many of the latest changes the overview shows.
const (
	Listed  = 10
	Changes = 10
)

// Overview is a factory at a glance.
type Overview struct {
	Centros     int64          `json:"Centros"`
	Maquinas    int64          `json:"Maquinas"`
	Puntos      int64          `json:"Puntos" doc:"Vibration points"`
	SinCriterio MachineList    `json:"SinCriterio" doc:"The machines without a criterion"`
	SinValores  MachineList    `json:"SinValores" doc:"The machines none of whose associations' reference rows has a value"`
	Alarmas     AlarmSummary   `json:"Alarmas"`
	Cambios     []RecentChange `json:"Cambios" nullable:"false" doc:"The factory's latest changes, newest first"`
}

// MachineList are the first machines of a list, by site, area and name, and how many it has.
type MachineList struct {
	Total    int64        `json:"Total"`
	Maquinas []tree.Place `json:"Maquinas" nullable:"false"`
}

// AlarmSummary are the factory's series and points above their thresholds, by state, in all and
// for each site that has any (the worst first).
type AlarmSummary struct {
	Estados history.Alerting `json:"Estados" nullable:"false"`
	Centros []SiteAlerting   `json:"Centros" nullable:"false"`
}

// SiteAlerting are one site's series and points above their thresholds, by state.
type SiteAlerting struct {
	UsuCentroID int64            `json:"UsuCentroID"`
	Nombre      string           `json:"Nombre"`
	Estados     history.Alerting `json:"Estados" nullable:"false"`
}

// RecentChange is one of the latest changes, with the place of the machine it was made under
// (null when none, or when that machine is gone).
type RecentChange struct {
	audit.Recent
	Maquina *tree.Place `json:"Maquina,omitempty"`
}

// Of answers the scope's factory's overview in six reads, whatever its size.
func Of(ctx context.Context, q db.Querier, scope auth.Scope) (*Overview, error) {
	census, err := tree.CensusOf(ctx, q, scope)
	if err != nil {
		return nil, err
	}
	without, err := set(operating.WithoutCriterion(ctx, q, scope))
	if err != nil {
		return nil, err
	}
	valued, err := set(assoc.WithValues(ctx, q, scope))
	if err != nil {
		return nil, err
	}
	alerting, err := history.AlertingOf(ctx, q, scope)
	if err != nil {
		return nil, err
	}
	latest, err := audit.Latest(ctx, q, scope, Changes)
	if err != nil {
		return nil, err
	}
	out := &Overview{
		Centros: census.Centros, Maquinas: int64(len(census.Maquinas)), Puntos: census.Puntos,
		SinCriterio: pick(census.Maquinas, func(m int64) bool { return without[m] }),
		SinValores:  pick(census.Maquinas, func(m int64) bool { return !valued[m] }),
		Alarmas:     bySite(census.Maquinas, alerting),
		Cambios:     make([]RecentChange, len(latest)),
	}
	places := map[int64]*tree.Place{}
	for i := range census.Maquinas {
		places[census.Maquinas[i].UsuMaquinaID] = &census.Maquinas[i]
	}
	for i, r := range latest {
		out.Cambios[i].Recent = r
		if r.MaquinaID != nil {
			out.Cambios[i].Maquina = places[*r.MaquinaID]
		}
	}
	return out, nil
}

// set is a list of ids as a set.
func set(ids []int64, err error) (map[int64]bool, error) {
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// pick lists the first Listed machines that match, and counts them all.
func pick(machines []tree.Place, match func(int64) bool) MachineList {
	out := MachineList{Maquinas: []tree.Place{}}
	for _, m := range machines {
		if !match(m.UsuMaquinaID) {
			continue
		}
		if out.Total++; out.Total <= Listed {
			out.Maquinas = append(out.Maquinas, m)
		}
	}
	return out
}

// bySite adds the machines' alarms up by site and in all; sites with none are left out.
func bySite(machines []tree.Place, alerting map[int64]history.Alerting) AlarmSummary {
	out := AlarmSummary{Estados: history.NewAlerting(), Centros: []SiteAlerting{}}
	for _, m := range machines {
		a := alerting[m.UsuMaquinaID]
		if a == nil {
			continue
		}
		i := slices.IndexFunc(out.Centros, func(s SiteAlerting) bool { return s.UsuCentroID == m.UsuCentroID })
		if i < 0 {
			i = len(out.Centros)
			out.Centros = append(out.Centros, SiteAlerting{UsuCentroID: m.UsuCentroID, Nombre: m.Centro, Estados: history.NewAlerting()})
		}
		out.Centros[i].Estados.Add(a)
		out.Estados.Add(a)
	}
	slices.SortStableFunc(out.Centros, func(a, b SiteAlerting) int { return worse(b.Estados, a.Estados) })
	return out
}

// worse compares two counts by their points, then their series, in the worst state first.
func worse(a, b history.Alerting) int {
	for i := range a {
		if c := cmp.Or(cmp.Compare(a[i].Puntos, b[i].Puntos), cmp.Compare(a[i].Series, b[i].Series)); c != 0 {
			return c
		}
	}
	return 0
}

// Register serves the overview.
func Register(a huma.API, d *db.DB) {
	api.Register(a, d, api.Op(api.Read, huma.Operation{OperationID: "overview", Method: http.MethodGet, Path: "/api/user/{factory}/overview",
		Summary: "The factory at a glance: its sites, machines and points, the machines without a criterion or reference values, its alarms by state and site, and its latest changes",
		Tags:    []string{"overview"}}),
		func(ctx context.Context, q db.Querier, in *struct {
			Factory int64 `path:"factory"`
		}) (*api.Body[*Overview], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*Overview, error) { return Of(ctx, q, sc) })
		})
}
