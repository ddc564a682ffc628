package tree

import (
	"context"

	"vigia/internal/auth"
	"vigia/internal/devices"
	"vigia/internal/operating"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/platform/num"
)

// Tree is the factory asset tree: one declaration per level.
type Tree struct {
	Sites      *level[Site, SiteFields]
	Areas      *level[Area, AreaFields]
	Machines   *level[Machine, MachineFields]
	Components *level[Component, ComponentFields]
	Points     *level[Point, PointFields]
	nav        []navigable // the levels from the top down
}

// New declares the levels.
func New() *Tree {
	points := &level[Point, PointFields]{
		Tipo: "point", Parent: "component", table: "puntos", parentTable: "componentes",
		columns: append([]string{"nombre_es", "nombre_en", "referencia", "posicion", "vr", "montaje_id", "medidas", "rodamiento1", "rodamiento2", "rodamiento3", "rodamiento4",
			"espectro_br", "espectro_ar", "espectro_dm"}, memsColumns...),
		fields: func(f *PointFields) []any {
			return append([]any{&f.NombreEs, &f.NombreEn, &f.Referencia, &f.Posicion, num.Column{P: &f.Vr, F: RelSpeedFormat}, &f.MontajeId, &f.Measures,
				bearingColumn{&f.Rodamiento1}, bearingColumn{&f.Rodamiento2}, bearingColumn{&f.Rodamiento3}, bearingColumn{&f.Rodamiento4},
				&f.UsuEspectroBrId, &f.UsuEspectroArId, &f.UsuEspectroDmId}, memsFields(f)...)
		},
		load: func(ctx context.Context, q db.Querier, t *Point) error {
			if err := loadBearings(ctx, q, t.bearings()); err != nil {
				return err
			}
			return loadChannels(ctx, q, t)
		},
		// Factory bearings and spectra are the factory's own: a point pasted into another factory leaves them.
		foreign: func(f *PointFields) {
			f.Rodamiento1, f.Rodamiento2, f.Rodamiento3, f.Rodamiento4 = nil, nil, nil, nil
			f.UsuEspectroBrId, f.UsuEspectroArId, f.UsuEspectroDmId = nil, nil, nil
			if p := f.MEMSPrediccion; p != nil {
				p.UsuEspectroDigitalBRId, p.UsuEspectroDigitalARId, p.UsuEspectroDigitalDMId, p.UsuEspectroDigitalMGId = nil, nil, nil, nil
			}
		},
		// A sensor is installed on one point.
		own: func(f *PointFields) {
			if f.MEMSProteccion != nil {
				f.MEMSProteccion.SensorProteccionGUID = nil
			}
			if f.MEMSPrediccion != nil {
				f.MEMSPrediccion.SensorPrediccionGUID = nil
			}
		},
		keep: func(_ context.Context, f, old *PointFields) {
			if old == nil {
				return
			}
			if f.MEMSProteccion == nil {
				f.MEMSProteccion = old.MEMSProteccion
			}
			if f.MEMSPrediccion == nil {
				f.MEMSPrediccion = old.MEMSPrediccion
			}
		},
		save: saveChannels,
		ids: func(t *Point) (*int64, *int64, *PointFields) {
			return &t.UsuPuntoVibracionID, &t.UsuComponenteID, &t.PointFields
		},
		validate: func(ctx context.Context, q db.Querier, factory, parent, id int64, f *PointFields) error {
			var mounting *int64
			if err := q.QueryRowContext(ctx, `SELECT montaje FROM componentes WHERE id = $1`, parent).Scan(&mounting); err != nil {
				return db.MapError(err)
			}
			if mounting == nil {
				return api.Refused("no_mounting", nil) // TREE-075
			}
			if err := ValidatePoint(f, mounting); err != nil {
				return err
			}
			if err := checkBearings(ctx, q, factory, f.bearings()); err != nil {
				return err
			}
			if err := checkSpectra(ctx, q, factory, "spectrum", pointSpectra(f)); err != nil {
				return err
			}
			return checkMems(ctx, q, factory, id, f)
		},
	}
	components := &level[Component, ComponentFields]{
		Tipo: "component", Parent: "machine", table: "componentes", parentTable: "maquinas",
		columns: []string{"nombre_es", "nombre_en", "potencia", "velocidad_nominal", "montaje", "calculo_vr_id", "comentario_es", "comentario_en", "subtipo_id", "motor"},
		fields: func(f *ComponentFields) []any {
			return []any{&f.NombreEs, &f.NombreEn, num.Column{P: &f.Potencia, F: PowerFormat}, num.Column{P: &f.VelocidadNominal, F: SpeedFormat},
				&f.Montaje, &f.UsuCalculoVrId, &f.ComentarioEs, &f.ComentarioEn, &f.GenSubtipoComponenteId, jsonColumn[Motor]{&f.Motor}}
		},
		read:       []string{"(SELECT COUNT(*) FROM puntos p WHERE p.parent_id = t.id)"},
		readFields: func(t *Component) []any { return []any{&t.TotalPuntos} },
		ids: func(t *Component) (*int64, *int64, *ComponentFields) {
			return &t.UsuComponenteID, &t.UsuMaquinaID, &t.ComponentFields
		},
		validate: func(ctx context.Context, q db.Querier, factory, _, _ int64, f *ComponentFields) error {
			if err := ValidateComponent(f); err != nil {
				return err
			}
			return checkCalculation(ctx, q, factory, f.UsuCalculoVrId)
		},
		foreign: func(f *ComponentFields) { f.UsuCalculoVrId = nil },
		child:   points,
	}
	machines := &level[Machine, MachineFields]{
		Tipo: "machine", Parent: "area", table: "maquinas", parentTable: "areas",
		columns: []string{"nombre_es", "nombre_en", "velocidad_variable", "actualizacion", "velocidad_minima", "velocidad_max_trabajo",
			"amplitud_minima_1x", "online", "kw", "anclaje", "calculo_vr_id", "explicacion_es", "explicacion_en", "tiempo_aprendizaje", "criterio_id",
			"equipo_concentrador", "equipo_alert10", "equipo_alert10c", "kos_sensor"},
		fields: func(f *MachineFields) []any {
			return []any{&f.NombreEs, &f.NombreEn, &f.VelocidadVariable, &f.Actualizacion, num.Column{P: &f.VelocidadMinima, F: SpeedFormat},
				num.Column{P: &f.VelocidadMaxTrabajo, F: SpeedFormat}, num.Column{P: &f.AmplitudMinima1x, F: SpeedFormat}, &f.Online, &f.Kw,
				&f.Anclaje, &f.UsuCalculoVrId, &f.ExplicacionEs, &f.ExplicacionEn, &f.TiempoAprendizaje, &f.CriterioId,
				&f.EquipoConcentrador, &f.EquipoAlert10, &f.EquipoAlert10C, &f.KOSSensor}
		},
		ids: func(t *Machine) (*int64, *int64, *MachineFields) {
			return &t.UsuMaquinaID, &t.UsuAreaID, &t.MachineFields
		},
		validate: func(ctx context.Context, q db.Querier, factory, area, id int64, f *MachineFields) error {
			if err := ValidateMachine(f); err != nil {
				return err
			}
			if err := devices.CheckMachine(ctx, q, factory, area, id, &devices.MachineEquipment{Online: f.Online, EquipoConcentrador: f.EquipoConcentrador,
				EquipoAlert10: f.EquipoAlert10, EquipoAlert10C: f.EquipoAlert10C, KOSSensor: f.KOSSensor}); err != nil {
				return err
			}
			criterion, err := operating.MachineCriterion(ctx, q, factory, f.Actualizacion, f.Online, f.KOSSensor, isAdmin(ctx), f.CriterioId)
			if err != nil {
				return err
			}
			f.CriterioId = criterion
			return checkCalculation(ctx, q, factory, f.UsuCalculoVrId)
		},
		// The calculation template is ADMIN's to choose (AUTH-006).
		keep: func(ctx context.Context, f, old *MachineFields) {
			if !isAdmin(ctx) {
				f.UsuCalculoVrId = nil
				if old != nil {
					f.UsuCalculoVrId = old.UsuCalculoVrId
				}
			}
		},
		// Calculation templates and criteria are the factory's own.
		foreign: func(f *MachineFields) { f.UsuCalculoVrId, f.CriterioId = nil, nil },
		// Devices serve the machine they are on: a copy has none.
		own:   func(f *MachineFields) { f.EquipoConcentrador, f.EquipoAlert10, f.EquipoAlert10C = nil, nil, nil },
		child: components,
	}
	areas := &level[Area, AreaFields]{
		Tipo: "area", Parent: "site", table: "areas", parentTable: "centros",
		columns:  []string{"nombre_es", "nombre_en"},
		fields:   func(f *AreaFields) []any { return []any{&f.NombreEs, &f.NombreEn} },
		ids:      func(t *Area) (*int64, *int64, *AreaFields) { return &t.UsuAreaID, &t.UsuCentroID, &t.AreaFields },
		validate: func(_ context.Context, _ db.Querier, _, _, _ int64, f *AreaFields) error { return ValidateArea(f) },
		child:    machines,
	}
	sites := &level[Site, SiteFields]{
		Tipo: "site", Parent: "factory", table: "centros",
		columns: []string{"nombre_es", "nombre_en", "contacto", "gps", "pais", "ciudad", "cp", "direccion", "telefono1", "telefono2", "fax", "email"},
		fields: func(f *SiteFields) []any {
			return []any{&f.NombreEs, &f.NombreEn, &f.Contacto, jsonColumn[GPS]{&f.Gps}, &f.Pais, &f.Ciudad, &f.Cp, &f.Direccion,
				&f.Telefono1, &f.Telefono2, &f.Fax, &f.Email}
		},
		read:       []string{"t.guid"},
		readFields: func(t *Site) []any { return []any{&t.UsuCentroGUID} },
		ids:        func(t *Site) (*int64, *int64, *SiteFields) { return &t.UsuCentroID, &t.UsuFabricaId, &t.SiteFields },
		validate:   func(_ context.Context, _ db.Querier, _, _, _ int64, f *SiteFields) error { return ValidateSite(f) },
		insert:     func() ([]string, []any) { return []string{"guid"}, []any{db.NewGUID()} },
		child:      areas,
	}
	return &Tree{Sites: sites, Areas: areas, Machines: machines, Components: components, Points: points,
		nav: []navigable{sites, areas, machines, components, points}}
}

// checkCalculation refuses a calculation template that is neither the factory's nor a
// shared template.
// isAdmin tells whether the caller is an ADMIN user; calls without a user (the demo
// loader, store tests) are trusted as one.
func isAdmin(ctx context.Context) bool {
	me := auth.Current(ctx)
	return me == nil || me.IsAdmin()
}

func checkCalculation(ctx context.Context, q db.Querier, factory int64, id *int64) error {
	if id == nil {
		return nil
	}
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM calculos_vr WHERE id = $1 AND (fabrica_id = $2 OR fabrica_id IS NULL)`, *id, factory).Scan(&one)
	if err != nil {
		return api.Invalid("UsuCalculoVrId", "invalid", nil)
	}
	return nil
}
