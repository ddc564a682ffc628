package tree

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"

	"vigia/internal/auth"
	"vigia/internal/catalog"
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
	catalog    *catalog.Catalog
}

// Rules are the checks other features make of a machine or a point, handed to the tree so
// that it depends on none of them. A nil rule checks nothing.
type Rules struct {
	// Equipment checks a machine's devices where it stands (S1 §4); machine is 0 for a new one.
	Equipment func(ctx context.Context, q db.Querier, scope auth.Scope, area, machine int64, f *MachineFields) error
	// Criterion checks a machine's criterion against its update mode and sets the one to
	// store (S1 §4, §5).
	Criterion func(ctx context.Context, q db.Querier, scope auth.Scope, area int64, f *MachineFields) error
	// PointSensors checks that a point's KOS Sensor protection and prediction sensors are
	// among its options (point is 0 for a new one).
	PointSensors func(ctx context.Context, q db.Querier, scope auth.Scope, point int64, f *PointFields) error
	// MachineSaved runs after a machine was written (its associations' reference rows follow
	// its criterion, its VCOs' channels its alert device).
	MachineSaved func(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) error
	// MachinePasted gives machine to, pasted from machine from of the same factory with all
	// below it (points: the copy of each source point), what a machine brings along.
	MachinePasted func(ctx context.Context, q db.Querier, scope auth.Scope, from, to int64, points map[int64]int64) error
}

// New declares the levels over the catalogue their fields name (spectra), with the rules of
// other features; it records that points use spectra and machines their criterion.
func New(cat *catalog.Catalog, rules Rules) *Tree {
	validatePoint := func(ctx context.Context, q db.Querier, scope auth.Scope, parent, id int64, f *PointFields) error {
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
		if err := checkBearings(ctx, q, scope.Factory, f.bearings()); err != nil {
			return err
		}
		if err := checkSpectra(ctx, q, scope, cat.Spectrum, pointSpectra(f)); err != nil {
			return err
		}
		if rules.PointSensors != nil {
			if err := rules.PointSensors(ctx, q, scope, id, f); err != nil {
				return err
			}
		}
		if p := f.MEMSPrediccion; p != nil {
			return checkSpectra(ctx, q, scope, cat.DigitalSpectrum, digitalSpectra(p))
		}
		return nil
	}
	points := &level[Point, PointFields]{
		Tipo: "point", Parent: "component", table: "puntos", parentTable: "componentes",
		columns: append([]string{"nombre_es", "nombre_en", "referencia", "posicion", "vr", "montaje_id", "medidas", "rodamiento1", "rodamiento2", "rodamiento3", "rodamiento4",
			"espectro_br", "espectro_ar", "espectro_dm"}, memsColumns...),
		fields: func(f *PointFields) []any {
			return append([]any{&f.NombreEs, &f.NombreEn, &f.Referencia, &f.Posicion, num.Column{P: &f.Vr, F: RelSpeedFormat}, &f.MontajeId, &f.PointMeasures,
				bearingColumn{&f.Rodamiento1}, bearingColumn{&f.Rodamiento2}, bearingColumn{&f.Rodamiento3}, bearingColumn{&f.Rodamiento4},
				&f.UsuEspectroBrId, &f.UsuEspectroArId, &f.UsuEspectroDmId}, memsFields(f)...)
		},
		load: func(ctx context.Context, q db.Querier, list []*Point) error {
			if err := loadBearings(ctx, q, list); err != nil {
				return err
			}
			return loadChannels(ctx, q, list)
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
		keep: func(_ auth.Scope, f, old *PointFields) {
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
		read: append([]string{"t.parent_id", "t.montaje_id", machineDevice("(SELECT c.parent_id FROM componentes c WHERE c.id = t.parent_id)")},
			slices.Concat(namedColumns("catalogo", "t.espectro_br"), namedColumns("catalogo", "t.espectro_ar"), namedColumns("catalogo", "t.espectro_dm"))...),
		readFields: func(t *Point) []any {
			return append([]any{&t.UsuComponenteId, into(&t.Montaje, func(m *Mounting) *int64 { return &m.GenMontajeID }), &t.EquipoAlert10},
				slices.Concat(spectrumFields(&t.EspectroBr), spectrumFields(&t.EspectroAr), spectrumFields(&t.EspectroDm))...)
		},
		ids: func(t *Point) (*int64, *int64, *PointFields) {
			return &t.UsuPuntoVibracionID, &t.UsuComponenteID, &t.PointFields
		},
		validate: validatePoint,
		placed:   validatePoint,
	}
	components := &level[Component, ComponentFields]{
		Tipo: "component", Parent: "machine", table: "componentes", parentTable: "maquinas",
		columns: []string{"nombre_es", "nombre_en", "potencia", "velocidad_nominal", "montaje", "calculo_vr_id", "comentario_es", "comentario_en", "parametros_dinamicos", "subtipo_id", "motor"},
		fields: func(f *ComponentFields) []any {
			return []any{&f.NombreEs, &f.NombreEn, num.Column{P: &f.Potencia, F: PowerFormat}, num.Column{P: &f.VelocidadNominal, F: SpeedFormat},
				&f.Montaje, &f.UsuCalculoVrId, &f.ComentarioEs, &f.ComentarioEn, &f.ParametrosDinamicos, &f.GenSubtipoComponenteId, jsonColumn[Motor]{&f.Motor}}
		},
		read: append([]string{"(SELECT COUNT(*) FROM puntos p WHERE p.parent_id = t.id)", machineDevice("t.parent_id")},
			namedColumns("calculos_vr", "t.calculo_vr_id")...),
		readFields: func(t *Component) []any {
			return append([]any{&t.TotalPuntos, &t.EquipoAlert10},
				namedFields(&t.UsuCalculoVr, func(c *Calculation) (*int64, *string, *string) { return &c.UsuCalculoVrID, &c.NombreEs, &c.NombreEn })...)
		},
		ids: func(t *Component) (*int64, *int64, *ComponentFields) {
			return &t.UsuComponenteID, &t.UsuMaquinaID, &t.ComponentFields
		},
		validate: func(ctx context.Context, q db.Querier, scope auth.Scope, _, _ int64, f *ComponentFields) error {
			if err := ValidateComponent(f); err != nil {
				return err
			}
			return checkCalculation(ctx, q, scope.Factory, f.UsuCalculoVrId)
		},
		foreign: func(f *ComponentFields) { f.UsuCalculoVrId = nil },
		save: func(ctx context.Context, q db.Querier, _ auth.Scope, id int64, f, old *ComponentFields) error {
			if old == nil || old.Montaje == nil || *old.Montaje == *f.Montaje {
				return nil
			}
			return remountPoints(ctx, q, id, *f.Montaje)
		},
		child: points,
	}
	machines := &level[Machine, MachineFields]{
		Tipo: "machine", Parent: "area", table: "maquinas", parentTable: "areas",
		columns: []string{"nombre_es", "nombre_en", "velocidad_variable", "actualizacion", "velocidad_minima", "velocidad_max_trabajo",
			"amplitud_minima_1x", "online", "kw", "anclaje", "calculo_vr_id", "explicacion_es", "explicacion_en", "tiempo_aprendizaje", "criterio_id",
			"asociaciones_maquina_id", "equipo_concentrador", "equipo_alert10", "equipo_alert10c", "kos_sensor"},
		fields: func(f *MachineFields) []any {
			return []any{&f.NombreEs, &f.NombreEn, &f.VelocidadVariable, &f.Actualizacion, num.Column{P: &f.VelocidadMinima, F: SpeedFormat},
				num.Column{P: &f.VelocidadMaxTrabajo, F: SpeedFormat}, num.Column{P: &f.AmplitudMinima1x, F: SpeedFormat}, &f.Online, &f.Kw,
				&f.Anclaje, &f.UsuCalculoVrId, &f.ExplicacionEs, &f.ExplicacionEn, &f.TiempoAprendizaje, &f.CriterioId,
				&f.AsociacionesMaquinaId, &f.EquipoConcentrador, &f.EquipoAlert10, &f.EquipoAlert10C, &f.KOSSensor}
		},
		ids: func(t *Machine) (*int64, *int64, *MachineFields) {
			return &t.UsuMaquinaID, &t.UsuAreaID, &t.MachineFields
		},
		validate: func(ctx context.Context, q db.Querier, scope auth.Scope, area, id int64, f *MachineFields) error {
			if err := ValidateMachine(f); err != nil {
				return err
			}
			if rules.Equipment != nil {
				if err := rules.Equipment(ctx, q, scope, area, id, f); err != nil {
					return err
				}
			}
			if rules.Criterion != nil {
				if err := rules.Criterion(ctx, q, scope, area, f); err != nil {
					return err
				}
			}
			return checkCalculation(ctx, q, scope.Factory, f.UsuCalculoVrId)
		},
		save: func(ctx context.Context, q db.Querier, scope auth.Scope, id int64, f, old *MachineFields) error {
			if old != nil && channelDevice(old) != channelDevice(f) {
				if err := clearPointChannels(ctx, q, id); err != nil {
					return err
				}
			}
			if rules.MachineSaved == nil {
				return nil
			}
			return rules.MachineSaved(ctx, q, scope, id)
		},
		// The calculation template is ADMIN's to choose (AUTH-006).
		keep: func(scope auth.Scope, f, old *MachineFields) {
			if !scope.Admin() {
				f.UsuCalculoVrId = nil
				if old != nil {
					f.UsuCalculoVrId = old.UsuCalculoVrId
				}
			}
		},
		// Calculation templates and criteria are the factory's own. Without its criterion the copy
		// cannot be online, except with an unknown update mode, whose criterion is the fixed one.
		foreign: func(f *MachineFields) {
			f.UsuCalculoVrId, f.CriterioId = nil, nil
			f.Online = f.Online && f.Actualizacion == UpdateUnknown
		},
		// Devices and the route association serve the machine they are on: a copy has none.
		own: func(f *MachineFields) {
			f.EquipoConcentrador, f.EquipoAlert10, f.EquipoAlert10C, f.AsociacionesMaquinaId = nil, nil, nil, nil
		},
		// Another factory's catalogue items do not travel: only a paste within the factory
		// brings the associations along.
		pasted: func(ctx context.Context, q db.Querier, src, dst auth.Scope, from, to int64, moved copies) error {
			if src.Factory != dst.Factory {
				return nil
			}
			return rules.MachinePasted(ctx, q, dst, from, to, moved["puntos"])
		},
		child: components,
	}
	areas := &level[Area, AreaFields]{
		Tipo: "area", Parent: "site", table: "areas", parentTable: "centros",
		columns: []string{"nombre_es", "nombre_en"},
		fields:  func(f *AreaFields) []any { return []any{&f.NombreEs, &f.NombreEn} },
		ids:     func(t *Area) (*int64, *int64, *AreaFields) { return &t.UsuAreaID, &t.UsuCentroID, &t.AreaFields },
		validate: func(_ context.Context, _ db.Querier, _ auth.Scope, _, _ int64, f *AreaFields) error {
			return ValidateArea(f)
		},
		child: machines,
	}
	sites := &level[Site, SiteFields]{
		Tipo: "site", Parent: "factory", table: "centros",
		columns: []string{"nombre_es", "nombre_en", "contacto", "gps", "pais", "ciudad", "cp", "direccion", "telefono1", "telefono2", "fax", "email"},
		fields: func(f *SiteFields) []any {
			return []any{&f.NombreEs, &f.NombreEn, &f.Contacto, jsonColumn[GPS]{&f.Gps}, &f.Pais, &f.Ciudad, &f.Cp, &f.Direccion,
				&f.Telefono1, &f.Telefono2, &f.Fax, &f.Email}
		},
		read: []string{"t.guid", "t.id", "t.guid", "t.fabrica_id", "(SELECT f.referencia FROM fabricas f WHERE f.id = t.fabrica_id)"},
		readFields: func(t *Site) []any {
			return []any{&t.UsuCentroGUID, &t.SiteID, &t.SiteGUID, &t.FactoryID, &t.FactoryRef}
		},
		ids: func(t *Site) (*int64, *int64, *SiteFields) { return &t.UsuCentroID, &t.UsuFabricaId, &t.SiteFields },
		validate: func(_ context.Context, _ db.Querier, _ auth.Scope, _, _ int64, f *SiteFields) error {
			return ValidateSite(f)
		},
		insert: func() ([]string, []any) { return []string{"guid"}, []any{db.NewGUID()} },
		child:  areas,
	}
	cat.Spectrum.UsedBy(pointsUsing("espectro_br", "espectro_ar", "espectro_dm"))
	cat.DigitalSpectrum.UsedBy(pointsUsing("espectro_digital_br", "espectro_digital_ar", "espectro_digital_dm", "espectro_digital_mg"))
	return &Tree{Sites: sites, Areas: areas, Machines: machines, Components: components, Points: points,
		nav: []navigable{sites, areas, machines, components, points}, catalog: cat}
}

// machineDevice reads the alert device of the machine whose id is the expression machine.
func machineDevice(machine string) string {
	return "(SELECT m.equipo_alert10 FROM maquinas m WHERE m.id = " + machine + ")"
}

// namedColumns read the id and names of the row of table whose id is the expression id.
func namedColumns(table, id string) []string {
	var cols []string
	for _, c := range []string{"id", "nombre_es", "nombre_en"} {
		cols = append(cols, "(SELECT r."+c+" FROM "+table+" r WHERE r.id = "+id+")")
	}
	return cols
}

// spectrumFields scan a point spectrum's namedColumns into *p.
func spectrumFields(p **PointSpectrum) []any {
	return namedFields(p, func(s *PointSpectrum) (*int64, *string, *string) { return &s.UsuEspectroID, &s.NombreEs, &s.NombreEn })
}

// namedFields scan namedColumns into *p, whose id and names parts gives.
func namedFields[R any](p **R, parts func(*R) (*int64, *string, *string)) []any {
	id := func(r *R) *int64 { v, _, _ := parts(r); return v }
	es := func(r *R) *string { _, v, _ := parts(r); return v }
	en := func(r *R) *string { _, _, v := parts(r); return v }
	return []any{into(p, id), into(p, es), into(p, en)}
}

// using finds the nodes of table whose columns name a catalogue item.
func using(table string, columns ...string) catalog.Usage {
	return Usage("SELECT nombre_es, nombre_en FROM " + table + " WHERE $1 IN (" + strings.Join(columns, ", ") + ")")
}

// pointsUsing finds the points, as PointNames names them, whose columns hold the item.
func pointsUsing(columns ...string) catalog.Usage {
	return Usage(PointNames + " WHERE $1 IN (p." + strings.Join(columns, ", p.") + ")")
}

// PointNames selects the Spanish and English names of points p as "machine › point": a
// point's name alone (LOA, LA) is that of a point of nearly every machine.
const PointNames = `SELECT m.nombre_es || ' › ' || p.nombre_es, m.nombre_en || ' › ' || p.nombre_en
	FROM puntos p JOIN componentes c ON c.id = p.parent_id JOIN maquinas m ON m.id = c.parent_id`

// Usage finds users of a catalogue item by query, which selects their Spanish and English
// names where $1 is the item's row.
func Usage(query string) catalog.Usage {
	return func(ctx context.Context, q db.Querier, row int64) ([]catalog.Name, error) {
		rows, err := q.QueryContext(ctx, query, row)
		return db.Collect(rows, err, func(r db.Scanner) (n catalog.Name, err error) { return n, r.Scan(&n.Es, &n.En) })
	}
}

// MachinesWithCriterion finds the machines whose criterion is the catalogue item in row.
var MachinesWithCriterion = using("maquinas", "criterio_id")

// checkCalculation refuses a calculation template that is neither the factory's nor a
// shared template.
func checkCalculation(ctx context.Context, q db.Querier, factory int64, id *int64) error {
	if id == nil {
		return nil
	}
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM calculos_vr WHERE id = $1 AND (fabrica_id = $2 OR fabrica_id IS NULL)`, *id, factory).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return api.Invalid("UsuCalculoVrId", "invalid", nil)
	}
	return err
}

// MachinePoints returns a machine's components and all their points (bearings and channels
// filled), in a fixed number of reads whatever their number.
func (t *Tree) MachinePoints(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) ([]*Component, []*Point, error) {
	components, err := t.Components.List(ctx, q, scope, machine)
	if err != nil {
		return nil, nil, err
	}
	points, err := t.Points.find(ctx, q, scope, "t.parent_id IN (SELECT id FROM componentes WHERE parent_id = $1) AND t.fabrica_id = $2 ORDER BY t.parent_id, t."+
		scope.NameColumn()+", t.id", machine, scope.Factory)
	return components, points, err
}

// PointOf answers db.ErrNotFound unless point is a point of machine in the scope's factory.
func PointOf(ctx context.Context, q db.Querier, scope auth.Scope, machine, point int64) error {
	var one int
	return db.MapError(q.QueryRowContext(ctx, `SELECT 1 FROM puntos p JOIN componentes c ON c.id = p.parent_id
		WHERE p.id = $1 AND p.fabrica_id = $2 AND c.parent_id = $3`, point, scope.Factory, machine).Scan(&one))
}

// CopyArea deep-copies area into the scope's site whose GUID is siteGUID: the spec's area
// copy, which names the site by GUID (a paste names it by id). Another factory's site, or
// area, is not found.
func (t *Tree) CopyArea(ctx context.Context, q db.Querier, scope auth.Scope, area int64, siteGUID string) (*Area, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, err
	}
	var site int64
	if err := q.QueryRowContext(ctx, `SELECT id FROM centros WHERE guid = $1 AND fabrica_id = $2`, siteGUID, scope.Factory).Scan(&site); err != nil {
		return nil, db.MapError(err)
	}
	return t.Areas.Paste(ctx, q, scope, scope, area, site, nil)
}

// SiteOfArea is the id and GUID of the site an area of the scope's factory is in.
func SiteOfArea(ctx context.Context, q db.Querier, scope auth.Scope, area int64) (int64, string, error) {
	var id int64
	var guid string
	err := q.QueryRowContext(ctx, `SELECT c.id, c.guid FROM centros c JOIN areas a ON a.parent_id = c.id WHERE a.id = $1 AND a.fabrica_id = $2`, area, scope.Factory).Scan(&id, &guid)
	return id, guid, db.MapError(err)
}
