package history

import (
	"context"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// Orientation is a component's mounting as the precalculation lists it (1 horizontal, 2 vertical).
type Orientation struct {
	GenOrientacionID int64 `json:"GenOrientacionID"`
}

// PrecalcComponent is a component of the machine as the precalculation lists it (S1 §3), with
// its calculation template; a component without a mounting or a template leaves them out.
type PrecalcComponent struct {
	UsuComponenteID     int64             `json:"UsuComponenteID"`
	NombreEs            string            `json:"NombreEs"`
	NombreEn            string            `json:"NombreEn"`
	Potencia            *string           `json:"Potencia"`
	VelocidadNominal    *string           `json:"VelocidadNominal"`
	Montaje             *Orientation      `json:"Montaje,omitempty" required:"false"`
	ComentarioEs        string            `json:"ComentarioEs"`
	ComentarioEn        string            `json:"ComentarioEn"`
	ParametrosDinamicos bool              `json:"ParametrosDinamicos"`
	UsuCalculoVr        *tree.Calculation `json:"UsuCalculoVr,omitempty" required:"false"`
}

// PrecalcCondition is a condition of the machine's criterion (S1 §3 'Condition'); CondicionID
// is the id the precalculation's Condiciones takes, the criterion's own id of the condition.
type PrecalcCondition struct {
	UsuCondicionID  int64  `json:"UsuCondicionID"`
	CondicionID     int64  `json:"CondicionID"`
	CondicionNombre string `json:"CondicionNombre"`
}

// PointEntry is a point of the machine (S1 §3 'Point list entry'), with its component's id.
type PointEntry struct {
	UsuPuntoVibracionID int64  `json:"UsuPuntoVibracionID"`
	NombreEs            string `json:"NombreEs"`
	UsuComponenteId     int64  `json:"UsuComponenteId"`
}

// PrecalcLists are what the precalculation screen chooses from: the machine's components, the
// conditions of its criterion and its points.
type PrecalcLists struct {
	Componentes []PrecalcComponent `json:"Componentes" nullable:"false"`
	Condiciones []PrecalcCondition `json:"Condiciones" nullable:"false"`
	Puntos      []PointEntry       `json:"Puntos" nullable:"false"`
}

// Lists reads the precalculation screen's lists of a machine of the scope's factory in a
// fixed number of reads whatever the machine's size.
func (s *Service) Lists(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) (*PrecalcLists, error) {
	if err := scope.Owned(ctx, q, "maquinas", machine); err != nil {
		return nil, err
	}
	components, points, err := s.Tree.MachinePoints(ctx, q, scope, machine)
	if err != nil {
		return nil, err
	}
	templates, err := tree.ListCalculations(ctx, q, scope)
	if err != nil {
		return nil, err
	}
	byID := map[int64]*tree.Calculation{}
	for i := range templates {
		byID[templates[i].UsuCalculoVrID] = &templates[i]
	}
	conditions, err := s.Operating.Conditions(ctx, q, scope, []int64{machine})
	if err != nil {
		return nil, err
	}
	out := &PrecalcLists{Componentes: make([]PrecalcComponent, len(components)), Condiciones: []PrecalcCondition{}, Puntos: make([]PointEntry, len(points))}
	for i, c := range components {
		out.Componentes[i] = PrecalcComponent{UsuComponenteID: c.UsuComponenteID, NombreEs: c.NombreEs, NombreEn: c.NombreEn, Potencia: c.Potencia,
			VelocidadNominal: c.VelocidadNominal, ComentarioEs: c.ComentarioEs, ComentarioEn: c.ComentarioEn, ParametrosDinamicos: c.ParametrosDinamicos}
		if c.Montaje != nil {
			out.Componentes[i].Montaje = &Orientation{GenOrientacionID: *c.Montaje}
		}
		if c.UsuCalculoVrId != nil {
			out.Componentes[i].UsuCalculoVr = byID[*c.UsuCalculoVrId]
		}
	}
	for _, c := range conditions[machine] {
		if c.UsuCondicionID == 0 { // no criterion: its rows' one condition, nothing to choose
			continue
		}
		out.Condiciones = append(out.Condiciones, PrecalcCondition{UsuCondicionID: c.UsuCondicionID, CondicionID: c.UsuCondicionID, CondicionNombre: c.CondicionNombre})
	}
	for i, p := range points {
		out.Puntos[i] = PointEntry{UsuPuntoVibracionID: p.UsuPuntoVibracionID, NombreEs: p.NombreEs, UsuComponenteId: p.UsuComponenteID}
	}
	return out, nil
}
