package demo

import (
	"context"
	"errors"
	"slices"

	"vigia/internal/app"
	"vigia/internal/catalog"
	"vigia/internal/operating"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// loadOperating fills the template VCO/VCOVs and criteria once (speed from the tachometer,
// load from the 4-20 mA transmitter, the operator's nominal speed, the spectrum's 1x), downloads
// the criteria into the demo factory and returns, for each update mode of the demo machines,
// the factory criterion they use (nil when the catalogue was there already).
func loadOperating(ctx context.Context, q db.Querier, feats *app.Features, factory int64) (map[string]int64, error) {
	sensors, vcos, criteria := feats.Catalog.Sensors, feats.Operating.Vcos, feats.Operating.Criteria
	templates := scope(ctx, 0)
	if list, err := vcos.List(ctx, q, templates); err != nil || len(list) > 0 {
		return nil, err
	}
	// The first template sensor of each kind the VCOs read, by name.
	keyboard, err := sensors.Keyboard.List(ctx, q, templates)
	if err != nil {
		return nil, err
	}
	tachos, err := sensors.Tacho.List(ctx, q, templates)
	if err != nil {
		return nil, err
	}
	currents, err := sensors.Current420.List(ctx, q, templates)
	if err != nil {
		return nil, err
	}
	// The load VCO reads the load transmitter, not the speed one.
	load := slices.IndexFunc(currents, func(c *catalog.Current420) bool { return c.Magnitud.EnumMagnitudID == "PCT" })
	if load < 0 {
		return nil, errors.New("demo: no load transmitter among the template 4-20 mA sensors")
	}
	virtuals, err := sensors.Virtual.List(ctx, q, templates)
	if err != nil {
		return nil, err
	}
	str := func(v string) *string { return &v }
	ids := map[string]int64{}
	for _, v := range []struct {
		es, en, tipo string
		sensor       func(*operating.VcoV)
		conditions   []operating.Condition
	}{
		{"Velocidad (tacómetro)", "Speed (tachometer)", operating.TypeVCO, func(i *operating.VcoV) { i.UsuSensorTacometro = tachos[0].AdminSensorTacometroID },
			[]operating.Condition{{Nombre: "Parada", Maximo: str("10")}, {Nombre: "Marcha", Minimo: str("10")}}},
		{"Carga (4-20 mA)", "Load (4-20 mA)", operating.TypeVCO, func(i *operating.VcoV) { i.UsuSensor420 = currents[load].AdminSensor420ID },
			[]operating.Condition{{Nombre: "Vacío", Maximo: str("30")}, {Nombre: "Carga", Minimo: str("30")}}},
		{"Velocidad 1x del espectro", "Spectrum 1x speed", operating.TypeVCOV, func(i *operating.VcoV) { i.UsuSensorVirtual = virtuals[0].AdminSensorVirtualID },
			[]operating.Condition{{Nombre: "Parada", Maximo: str("10")}, {Nombre: "Marcha", Minimo: str("10")}}},
		{"Velocidad introducida", "Entered speed", operating.TypeVCOV, func(i *operating.VcoV) { i.SensorTeclado = keyboard[0].AdminSensorTecladoGUID },
			[]operating.Condition{{Nombre: "Nominal", Minimo: str("1")}}},
	} {
		item := &operating.VcoV{NombreEs: v.es, NombreEn: v.en, Tipo: operating.VcoType{EnumTipoVcoID: v.tipo}, Condiciones: v.conditions}
		v.sensor(item)
		made, err := vcos.Create(ctx, q, templates, item)
		if err != nil {
			return nil, err
		}
		ids[v.es] = made.AdminVco_vID
	}

	entry := func(names ...string) []operating.Entry {
		var out []operating.Entry
		for _, n := range names {
			out = append(out, operating.Entry{UsuVco_vId: ids[n]})
		}
		return out
	}
	cond := func(name string, ranges ...int64) operating.CriterionCondition {
		return operating.CriterionCondition{CondicionNombre: name, Rangos: ranges}
	}
	plant := scope(ctx, factory)
	byMode := map[string]int64{}
	for _, c := range []struct {
		es, en, mode string
		entries      []operating.Entry
		conditions   []operating.CriterionCondition
	}{
		{"Velocidad", "Speed", tree.UpdateNominal, entry("Velocidad (tacómetro)"), []operating.CriterionCondition{cond("Parada", 1), cond("Marcha", 2)}},
		{"Velocidad y carga", "Speed and load", "", entry("Velocidad (tacómetro)", "Carga (4-20 mA)"),
			[]operating.CriterionCondition{cond("Parada", 1, 0), cond("Marcha en vacío", 2, 1), cond("Marcha en carga", 2, 2)}},
		{"Velocidad 1x del espectro", "Spectrum 1x speed", tree.Update1X, entry("Velocidad 1x del espectro"), []operating.CriterionCondition{cond("Marcha", 2)}},
		{"Velocidad introducida", "Entered speed", tree.UpdateVCOV, entry("Velocidad introducida"), []operating.CriterionCondition{cond("Nominal", 1)}},
	} {
		made, err := criteria.Create(ctx, q, templates, &operating.Criterion{NombreEs: c.es, NombreEn: c.en,
			TiempoAlarma: 60, TiempoAviso: 60, TiempoEstable: 300, TiempoPeligro: 60, Vco_v: c.entries, Condiciones: c.conditions})
		if err != nil {
			return nil, err
		}
		own, err := criteria.Download(ctx, q, plant, itoa(made.AdminCriterioID))
		if err != nil {
			return nil, err
		}
		if c.mode != "" {
			byMode[c.mode] = own.UsuCriterioID
		}
	}
	return byMode, nil
}

// linkCriterionVcos associates to each machine of the factory the VCO/VCOVs its criterion
// reads, as a plant does before it sends a configuration: the device measures them. Machines
// with VCOs already are left as they are.
func linkCriterionVcos(ctx context.Context, q db.Querier, feats *app.Features, factory int64) error {
	rows, err := q.QueryContext(ctx, `SELECT id, criterio_id FROM maquinas m WHERE fabrica_id = $1 AND criterio_id IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM maquina_vcos v WHERE v.maquina_id = m.id) ORDER BY id`, factory)
	var machines, criteria []int64
	if err := db.Pairs(rows, err, func(machine, criterion int64) {
		machines, criteria = append(machines, machine), append(criteria, criterion)
	}); err != nil {
		return err
	}
	plant := scope(ctx, factory)
	for i, machine := range machines {
		c, err := feats.Operating.Criteria.Get(ctx, q, plant, itoa(criteria[i]))
		if err != nil {
			return err
		}
		for _, e := range c.Vco_v {
			if err := feats.Operating.Machines.Associate(ctx, q, plant, machine, e.UsuVco_vId); err != nil {
				return err
			}
		}
	}
	return nil
}
