package demo

import (
	"context"

	"vigia/internal/catalog"
	"vigia/internal/operating"
	"vigia/internal/platform/db"
)

// loadOperating fills the template VCO/VCOVs and criteria once (speed from the tachometer,
// load from the 4-20 mA transmitter, the operator's nominal speed, the spectrum's 1x), downloads
// the criteria into the demo factory and returns, for each update mode of the demo machines,
// the factory criterion they use (nil when the catalogue was there already).
func loadOperating(ctx context.Context, d *db.DB, factory int64) (map[string]int64, error) {
	sensors := catalog.NewSensors()
	vcos := operating.NewVcos(sensors)
	criteria := operating.NewCriteria(vcos)
	templates := catalog.Scope{Admin: true}
	if list, err := vcos.List(ctx, d, templates); err != nil || len(list) > 0 {
		return nil, err
	}
	// sensor is the first template sensor of a kind, by name.
	sensor := func(tipo string) (int64, error) {
		var id int64
		err := d.QueryRowContext(ctx, `SELECT id FROM catalogo WHERE tipo = $1 AND fabrica_id IS NULL ORDER BY nombre_es LIMIT 1`, tipo).Scan(&id)
		return id, err
	}
	keyboard, err := sensors.Keyboard.List(ctx, d, templates)
	if err != nil {
		return nil, err
	}
	str := func(v string) *string { return &v }
	ids := map[string]int64{}
	for _, v := range []struct {
		es, en, tipo, sensor string
		conditions           []operating.Condition
	}{
		{"Velocidad (tacómetro)", "Speed (tachometer)", operating.TypeVCO, "sensor/taco",
			[]operating.Condition{{Nombre: "Parada", Maximo: str("10")}, {Nombre: "Marcha", Minimo: str("10")}}},
		{"Carga (4-20 mA)", "Load (4-20 mA)", operating.TypeVCO, "sensor/420",
			[]operating.Condition{{Nombre: "Vacío", Maximo: str("30")}, {Nombre: "Carga", Minimo: str("30")}}},
		{"Velocidad 1x del espectro", "Spectrum 1x speed", operating.TypeVCOV, "sensor/virtual",
			[]operating.Condition{{Nombre: "Parada", Maximo: str("10")}, {Nombre: "Marcha", Minimo: str("10")}}},
		{"Velocidad introducida", "Entered speed", operating.TypeVCOV, "sensor/keyboard",
			[]operating.Condition{{Nombre: "Nominal", Minimo: str("1")}}},
	} {
		item := &operating.VcoV{NombreEs: v.es, NombreEn: v.en, Tipo: operating.VcoType{EnumTipoVcoID: v.tipo}, Condiciones: v.conditions}
		if v.sensor == "sensor/keyboard" {
			item.SensorTeclado = keyboard[0].AdminSensorTecladoGUID
		} else {
			n, err := sensor(v.sensor)
			if err != nil {
				return nil, err
			}
			switch v.sensor {
			case "sensor/taco":
				item.UsuSensorTacometro = n
			case "sensor/420":
				item.UsuSensor420 = n
			case "sensor/virtual":
				item.UsuSensorVirtual = n
			}
		}
		made, err := vcos.Create(ctx, d, templates, item)
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
	plant := catalog.Scope{Factory: factory, Lang: "es", Admin: true}
	byMode := map[string]int64{}
	for _, c := range []struct {
		es, en, mode string
		entries      []operating.Entry
		conditions   []operating.CriterionCondition
	}{
		{"Velocidad", "Speed", operating.ModeNominal, entry("Velocidad (tacómetro)"), []operating.CriterionCondition{cond("Parada", 1), cond("Marcha", 2)}},
		{"Velocidad y carga", "Speed and load", "", entry("Velocidad (tacómetro)", "Carga (4-20 mA)"),
			[]operating.CriterionCondition{cond("Parada", 1, 0), cond("Marcha en vacío", 2, 1), cond("Marcha en carga", 2, 2)}},
		{"Velocidad 1x del espectro", "Spectrum 1x speed", operating.Mode1x, entry("Velocidad 1x del espectro"), []operating.CriterionCondition{cond("Marcha", 2)}},
		{"Velocidad introducida", "Entered speed", operating.ModeVCOV, entry("Velocidad introducida"), []operating.CriterionCondition{cond("Nominal", 1)}},
	} {
		made, err := criteria.Create(ctx, d, templates, &operating.Criterion{NombreEs: c.es, NombreEn: c.en,
			TiempoAlarma: 60, TiempoAviso: 60, TiempoEstable: 300, TiempoPeligro: 60, Vco_v: c.entries, Condiciones: c.conditions})
		if err != nil {
			return nil, err
		}
		own, err := criteria.Download(ctx, d, plant, itoa(made.AdminCriterioID))
		if err != nil {
			return nil, err
		}
		if c.mode != "" {
			byMode[c.mode] = own.UsuCriterioID
		}
	}
	return byMode, nil
}
