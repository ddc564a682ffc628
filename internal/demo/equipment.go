package demo

import (
	"context"
	"fmt"

	"vigia/internal/app"
	"vigia/internal/devices"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// loadEquipment fills, once, the admin tree above the demo factories and the demo devices:
// two gateways, two alert devices, two Alert10C behind the first gateway and twelve KOS
// sensors behind the second, installed on the demo machines and points.
func loadEquipment(ctx context.Context, q db.Querier, feats *app.Features, factories []int64) error {
	r := feats.Devices
	if roots, err := r.AdminTree(ctx, q); err != nil || (len(roots) > 0 && roots[0].Tipo == "DISTRIBUIDOR") {
		return err
	}
	dist, err := r.AddDistributor(ctx, q, devices.NodeInput{Nombre: "Distribuciones Iberia"})
	if err != nil {
		return err
	}
	partner, err := r.AddPartner(ctx, q, devices.NodeInput{Nombre: "Socio Norte", DistribuidorId: dist.ID})
	if err != nil {
		return err
	}
	for _, f := range factories {
		if err := r.SetFactoryPartner(ctx, q, f, &partner.ID); err != nil {
			return err
		}
	}
	factory := factories[0]
	id := func(query string, args ...any) (int64, error) {
		var v int64
		err := q.QueryRowContext(ctx, query, args...).Scan(&v)
		return v, err
	}
	site := func(name string) (int64, error) {
		return id(`SELECT id FROM centros WHERE fabrica_id = $1 AND nombre_es = $2`, factory, name)
	}
	north, err := site("Centro Norte")
	if err != nil {
		return err
	}
	south, err := site("Centro Sur")
	if err != nil {
		return err
	}
	register := func(k *devices.Kind, in devices.EquipmentInput, at int64) (*devices.Equipment, error) {
		e, err := r.Create(ctx, q, k, in)
		if err != nil {
			return nil, err
		}
		return e, r.Assign(ctx, q, k, e.ID, devices.Assignment{UsuCentroId: &at})
	}
	gateways := map[string]*devices.Equipment{}
	for _, g := range []struct {
		serial, alias string
		site          int64
	}{{"KG-0001", "Concentrador Centro Norte", north}, {"KG-0002", "Concentrador Centro Sur", south}} {
		if gateways[g.serial], err = register(devices.Gateway, devices.EquipmentInput{NumeroSerie: g.serial, Alias: g.alias}, g.site); err != nil {
			return err
		}
	}
	t := feats.Tree
	machine := func(name string, set func(f *tree.MachineFields)) (int64, error) {
		m, err := id(`SELECT id FROM maquinas WHERE fabrica_id = $1 AND nombre_es = $2`, factory, name)
		if err != nil {
			return 0, fmt.Errorf("demo machine %s: %w", name, err)
		}
		node, err := t.Machines.Get(ctx, q, scope(ctx, factory), m)
		if err != nil {
			return 0, err
		}
		set(&node.MachineFields)
		_, err = t.Machines.Update(ctx, q, scope(ctx, factory), m, &node.MachineFields)
		return m, err
	}
	// editPoints edits the first n points of machine m, component by component, and saves them.
	editPoints := func(m int64, n int, edit func(j int, p *tree.Point)) error {
		var ps []*tree.Point
		components, err := t.Components.List(ctx, q, scope(ctx, factory), m)
		if err != nil {
			return err
		}
		for _, c := range components {
			list, err := t.Points.List(ctx, q, scope(ctx, factory), c.UsuComponenteID)
			if err != nil {
				return err
			}
			ps = append(ps, list...)
		}
		for j, p := range ps[:n] {
			edit(j, p)
			if _, err := t.Points.Update(ctx, q, scope(ctx, factory), p.UsuPuntoVibracionID, &p.PointFields); err != nil {
				return fmt.Errorf("demo point %s: %w", p.NombreEs, err)
			}
		}
		return nil
	}
	// Alert devices: the first two pumps, each point wired to three channels.
	for i, name := range []string{"Bomba P-101", "Bomba P-102"} {
		a, err := register(devices.Alert10, devices.EquipmentInput{NumeroSerie: fmt.Sprintf("KA10-%04d", i+1), Alias: name}, north)
		if err != nil {
			return err
		}
		m, err := machine(name, func(f *tree.MachineFields) { f.Online, f.EquipoAlert10 = true, &a.GenEquipoGUID })
		if err != nil {
			return err
		}
		if err := editPoints(m, 3, func(j int, p *tree.Point) {
			p.Canales = []tree.CanalAsociado{{Canal: int64(3*j + 1), Direccion: 1}, {Canal: int64(3*j + 2), Direccion: 2}, {Canal: int64(3*j + 3), Direccion: 3}}
		}); err != nil {
			return err
		}
	}
	// Alert10C behind the north gateway: the first two fans.
	kg1 := gateways["KG-0001"]
	for i, name := range []string{"Ventilador V-201", "Ventilador V-202"} {
		a, err := register(devices.Alert10C, devices.EquipmentInput{NumeroSerie: fmt.Sprintf("KA10C-%04d", i+1), ConcentradorId: &kg1.ID}, north)
		if err != nil {
			return err
		}
		if _, err := machine(name, func(f *tree.MachineFields) {
			f.Online, f.EquipoConcentrador, f.EquipoAlert10C = true, &kg1.EquipoGUID, &a.EquipoGUID
		}); err != nil {
			return err
		}
	}
	// KOS sensors behind the south gateway: protection on the first mill's points, prediction
	// on the second's; KS-0011 (order 0) on the first mill too, KS-0012 spare.
	kg2 := gateways["KG-0002"]
	sensors := make([]*devices.Equipment, 12)
	for i := range sensors {
		mode, order := devices.ModePrediction, int64(i+1)
		if i < 5 {
			mode = devices.ModeProtection
		}
		if i == 10 {
			order = 0
		}
		if sensors[i], err = register(devices.Sensor, devices.EquipmentInput{NumeroSerie: fmt.Sprintf("KS-%04d", i+1), ConcentradorId: &kg2.ID, ModoMedicion: &mode, NumeroOrden: &order}, south); err != nil {
			return err
		}
	}
	for mi, name := range []string{"Molino M-401", "Molino M-402"} {
		m, err := machine(name, func(f *tree.MachineFields) { f.Online, f.KOSSensor, f.EquipoConcentrador = true, true, &kg2.EquipoGUID })
		if err != nil {
			return err
		}
		if err := editPoints(m, 5, func(j int, p *tree.Point) {
			if mi == 0 {
				p.MEMSProteccion = &tree.MEMSProteccion{VibracionVH1: true, VibracionHH2: true, VibracionA: true, MagnetoVH1: true, SensorProteccionGUID: &sensors[j].SensorGUID}
				if j == 0 {
					p.MEMSPrediccion = &tree.MEMSPrediccion{Measures: tree.Measures{PointMeasures: tree.PointMeasures{VH1Br: true, VH1Ar: true}}, SensorPrediccionGUID: &sensors[10].SensorGUID}
				}
			} else {
				p.MEMSPrediccion = &tree.MEMSPrediccion{Measures: tree.Measures{PointMeasures: tree.PointMeasures{VH1Br: true, VH1Ar: true, HH2Br: true, ABr: true}}, SensorPrediccionGUID: &sensors[5+j].SensorGUID}
			}
		}); err != nil {
			return err
		}
	}
	return nil
}
