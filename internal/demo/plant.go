package demo

import (
	"context"
	"fmt"
	"strings"

	"vigia/internal/app"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// machineKind is a kind of demo machine: its components, each with its points.
type machineKind struct {
	update     string
	speed, kw  int
	components []componentKind
}

type componentKind struct {
	name    string
	subtype int64
	power   string
	points  []string
}

var motor = func(kw int) componentKind {
	return componentKind{name: "Motor", subtype: 1, power: fmt.Sprint(kw), points: []string{"Motor LOA", "Motor LA"}}
}

var kinds = map[string]machineKind{
	"Bomba":      {tree.UpdateNominal, 2975, 55, []componentKind{motor(55), {name: "Bomba centrífuga", subtype: 4, points: []string{"Bomba LA", "Bomba LOA"}}}},
	"Ventilador": {tree.UpdateVCOV, 1485, 90, []componentKind{motor(90), {name: "Ventilador", subtype: 6, points: []string{"Rodamiento LA", "Rodamiento LOA"}}}},
	"Compresor":  {tree.Update1X, 2960, 160, []componentKind{motor(160), {name: "Compresor de tornillo", subtype: 8, points: []string{"Compresor entrada", "Compresor salida"}}}},
	"Molino":     {tree.UpdateNominal, 990, 315, []componentKind{motor(315), {name: "Reductor", subtype: 10, points: []string{"Eje entrada", "Eje intermedio", "Eje salida"}}, {name: "Molino", subtype: 11, points: []string{"Apoyo lado motor", "Apoyo lado libre"}}}},
}

// demoArea is an area of the demo tree and its machines.
type demoArea struct {
	name     string
	machines []string
}

// plant is the demo factory's tree: sites, their areas and the machines of each area. In
// order, not in maps: the history's values are seeded by the ids, so they are the same
// every load only when the tree is built in the same order.
var plant = []struct {
	site, city string
	lat, lng   float64
	areas      []demoArea
}{
	{"Centro Norte", "Bilbao", 43.2630, -2.9350, []demoArea{
		{"Bombeo", []string{"Bomba P-101", "Bomba P-102", "Bomba P-103", "Bomba P-104"}},
		{"Ventilación", []string{"Ventilador V-201", "Ventilador V-202", "Ventilador V-203"}},
		{"Aire comprimido", []string{"Compresor C-301", "Compresor C-302"}},
	}},
	{"Centro Sur", "Sevilla", 37.3891, -5.9845, []demoArea{
		{"Molienda", []string{"Molino M-401", "Molino M-402"}},
		{"Refrigeración", []string{"Bomba P-501", "Bomba P-502", "Ventilador V-503", "Ventilador V-504"}},
		{"Transporte", []string{"Molino M-601", "Compresor C-602", "Compresor C-603", "Bomba P-604", "Ventilador V-605"}},
	}},
}

// loadPlant builds the demo tree in the factory unless it already has sites.
func loadPlant(ctx context.Context, q db.Querier, feats *app.Features, factory int64, criteria map[string]int64) error {
	t := feats.Tree
	if sites, err := t.Sites.List(ctx, q, scope(ctx, factory), factory); err != nil || len(sites) > 0 {
		return err
	}
	if _, err := tree.AddCalculation(ctx, q, factory, "Plantilla estándar ISO 10816", "ISO 10816 standard template"); err != nil {
		return err
	}
	for _, p := range plant {
		site, err := t.Sites.Create(ctx, q, scope(ctx, factory), factory, &tree.SiteFields{NombreEs: p.site, Pais: "ES", Ciudad: p.city, Gps: &tree.GPS{Lat: p.lat, Lng: p.lng}})
		if err != nil {
			return err
		}
		for _, a := range p.areas {
			area, err := t.Areas.Create(ctx, q, scope(ctx, factory), site.UsuCentroID, &tree.AreaFields{NombreEs: a.name})
			if err != nil {
				return err
			}
			for _, name := range a.machines {
				if err := buildMachine(ctx, t, q, factory, area.UsuAreaID, name, criteria); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// buildMachine creates a machine of the kind its name starts with, with its components and
// their points; with criteria (by update mode) it is online with the criterion of its mode.
func buildMachine(ctx context.Context, t *tree.Tree, q db.Querier, factory, area int64, name string, criteria map[string]int64) error {
	horizontal := int64(tree.Horizontal)
	kind := kinds[strings.Fields(name)[0]]
	speed := fmt.Sprint(kind.speed)
	mf := &tree.MachineFields{NombreEs: name, Actualizacion: kind.update,
		VelocidadMaxTrabajo: &speed, VelocidadMinima: ptr("300"), AmplitudMinima1x: ptr("0.5"), Online: criteria != nil, Kw: int64(kind.kw), TiempoAprendizaje: 7 * 24}
	if criterion, ok := criteria[kind.update]; ok {
		mf.CriterioId = &criterion
	}
	m, err := t.Machines.Create(ctx, q, scope(ctx, factory), area, mf)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	for _, ck := range kind.components {
		c := &tree.ComponentFields{NombreEs: ck.name, Montaje: &horizontal, GenSubtipoComponenteId: &ck.subtype, VelocidadNominal: &speed}
		if ck.power != "" {
			c.Potencia = &ck.power
			c.Motor = &tree.Motor{Marca: "ABB", Velocidad: speed, Tipo: "M3BP", NumeroSerie: fmt.Sprintf("3GBP%06d", m.UsuMaquinaID)}
		}
		comp, err := t.Components.Create(ctx, q, scope(ctx, factory), m.UsuMaquinaID, c)
		if err != nil {
			return fmt.Errorf("%s %s: %w", name, ck.name, err)
		}
		for i, pn := range ck.points {
			orientation := int64(1)
			pf := &tree.PointFields{NombreEs: pn, Posicion: int64(i + 1), MontajeId: &orientation, Vr: ptr("1")}
			pf.VH1Br, pf.HH2Br, pf.ABr, pf.VH1Ar, pf.HH2Ar = true, true, true, true, true
			if _, err := t.Points.Create(ctx, q, scope(ctx, factory), comp.UsuComponenteID, pf); err != nil {
				return err
			}
		}
	}
	return nil
}

// loadTemplates fills the template workspace once with a template of each kind of machine.
func loadTemplates(ctx context.Context, q db.Querier, feats *app.Features) error {
	t := feats.Tree
	factory, err := tree.TemplateFactory(ctx, q)
	if err != nil {
		return err
	}
	if sites, err := t.Sites.List(ctx, q, scope(ctx, factory), factory); err != nil || len(sites) > 0 {
		return err
	}
	site, err := t.Sites.Create(ctx, q, scope(ctx, factory), factory, &tree.SiteFields{NombreEs: "Plantillas", Pais: "ES", Ciudad: "Madrid"})
	if err != nil {
		return err
	}
	area, err := t.Areas.Create(ctx, q, scope(ctx, factory), site.UsuCentroID, &tree.AreaFields{NombreEs: "Máquinas tipo", NombreEn: "Standard machines"})
	if err != nil {
		return err
	}
	for _, name := range []string{"Bomba centrífuga 55 kW", "Ventilador 90 kW", "Compresor de tornillo 160 kW", "Molino con reductor 315 kW"} {
		if err := buildMachine(ctx, t, q, factory, area.UsuAreaID, name, nil); err != nil {
			return err
		}
	}
	return nil
}

func ptr(s string) *string { return &s }
