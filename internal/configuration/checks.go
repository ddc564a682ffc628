package configuration

import (
	"encoding/json"
	"slices"
	"strings"

	"vigia/internal/assoc"
	"vigia/internal/catalog"
	"vigia/internal/devices"
	"vigia/internal/operating"
	"vigia/internal/platform/api"
	"vigia/internal/tree"
)

// MaxOrder is the highest order number a gateway gives its KOS Sensors when the console
// sends none: the spec keeps the maximum in the browser and never shows its value (MACH-064).
const MaxOrder = 32

// MaxDocument is the largest configuration the devices take (their flash page for it).
const MaxDocument = 512 << 10

// input is what the checks read: the machine's graph, the device that would receive its
// configuration and the sensors on its points, and who asks.
type input struct {
	g       *assoc.Graph
	mode    int
	family  string
	target  *target
	sensors []devices.InstalledDevice
	// orders are the serial numbers of the sensors behind a KOS Sensor machine's gateway by
	// order number: a position of the gateway's bus held by two is a conflict.
	orders map[int64][]string
	// exempt: the caller need not keep the criterion time minimum (operating.TimesExempt).
	exempt   bool
	maxOrder int64
}

// target is the device of a machine, as the equipment registry holds it.
type target struct {
	ID          int64
	Tipo        string
	NumeroSerie string
	Alias       string
	// behind: the device is connected to the machine's gateway (an Alert10C).
	behind bool
	// Missing: the machine names a device that is not the factory's any more.
	Missing bool
}

// check is one section of the reports: its name in the alert-device report and in the KOS
// Sensor machine report ("" where that report has no such section: its findings go to the
// report's first section), and what it finds.
type check struct {
	alert, machine string
	run            func(in *input) []api.Item
}

// checks are the sections in the order of the spec's reports (S1 §3, MACH-056, MACH-057);
// FileCreation comes last, from what these found.
var checks = []check{
	{"InitialCheck", "InitialChecks", initial},
	{"MachineStatus", "", machineStatus},
	{"Equipment", "", equipment},
	{"Machine", "Machine", machine},
	{"Vcos", "OCVs", vcos},
	{"Measurements", "Measurements", measurements},
	{"References", "References", references},
}

// report runs every check of the input's report in lang; the document, built when every
// section is OK, comes back with its JSON.
func report(in *input, lang string) (sections []api.Section, doc *Document, raw []byte, hash string, err error) {
	sensorReport := in.family == devices.TypeSensor || (in.family == "" && in.g.Machine.KOSSensor)
	var found [][]api.Item
	var names []string
	ok := true
	for _, c := range checks {
		items := c.run(in)
		name := c.alert
		if sensorReport {
			name = c.machine
		}
		if name == "" {
			found[0] = append(found[0], items...)
		} else {
			found, names = append(found, items), append(names, name)
		}
		ok = ok && len(items) == 0
	}
	var file []api.Item
	if ok {
		doc = build(in.g, in.mode, in.family, Target{NumeroSerie: in.target.NumeroSerie, Tipo: in.target.Tipo}, in.sensors)
		if hash, raw, err = doc.Hash(); err != nil {
			return nil, nil, nil, "", err
		}
		if len(raw) > MaxDocument {
			file = append(file, api.Item{Code: "file_too_large", Params: map[string]any{"size": len(raw) >> 10, "max": MaxDocument >> 10}})
		}
	} else {
		file = append(file, api.Item{Code: "file_not_created"})
	}
	for i, items := range found {
		sections = append(sections, api.NewSection(lang, names[i], items))
	}
	sections = append(sections, api.NewSection(lang, "FileCreation", file))
	if len(file) > 0 {
		return sections, nil, nil, "", nil
	}
	return sections, doc, raw, hash, nil
}

// initial: a criterion whose times the device family takes, the learning time of a
// learning run and, for KOS Sensor machines, the sensors' order numbers.
func initial(in *input) []api.Item {
	var out []api.Item
	add := func(code string, params map[string]any) { out = append(out, api.Item{Code: code, Params: params}) }
	if in.mode == Pause {
		return out
	}
	m := in.g.Machine
	c := in.g.Criterion
	switch {
	case c == nil || c.Sistema:
		add("no_criterion", nil)
	case !in.exempt && c.TooShort(in.family == devices.TypeSensor):
		add("criterion_times", nil)
	}
	if in.mode == Learn && m.TiempoAprendizaje <= 0 {
		add("learning_time", nil)
	}
	if in.family == devices.TypeSensor {
		zero := false
		twice := map[int64]bool{}
		for _, s := range in.sensors {
			if o := s.NumeroOrden; o != nil && len(in.orders[*o]) > 1 && !twice[*o] {
				twice[*o] = true
				add("order_twice", map[string]any{"order": *o, "serials": strings.Join(in.orders[*o], ", ")})
			}
			switch {
			case s.NumeroOrden == nil:
				add("sensor_no_order", map[string]any{"serial": s.NumeroSerie, "alias": s.Alias})
			case *s.NumeroOrden == 0:
				zero = true
			case *s.NumeroOrden > in.maxOrder:
				add("order_above_max", map[string]any{"serial": s.NumeroSerie, "alias": s.Alias, "max": in.maxOrder})
			}
		}
		if !zero {
			add("no_order_zero", nil)
		}
	}
	return out
}

// machineStatus: only an online machine is monitored.
func machineStatus(in *input) []api.Item {
	if !in.g.Machine.Online {
		return []api.Item{{Code: "machine_offline"}}
	}
	return nil
}

// equipment: a device to send to, the factory's, and an Alert10C still behind the
// machine's gateway. The section is not OK without a device (the KOS Sensor report, which
// has no such section, tells it in its first).
func equipment(in *input) []api.Item {
	t := in.target
	switch {
	case t == nil:
		return []api.Item{{Code: "no_device"}}
	case t.Missing:
		return []api.Item{{Code: "device_missing"}}
	case t.Tipo == devices.TypeAlert10C && !t.behind:
		return []api.Item{{Code: "not_behind"}}
	}
	return nil
}

// machine: points to measure and, unless the speed is unknown, the speed bands in orders
// are read against.
func machine(in *input) []api.Item {
	if in.mode == Pause {
		return nil
	}
	var out []api.Item
	if len(in.g.Points) == 0 {
		out = append(out, api.Item{Code: "no_points"})
	}
	if m := in.g.Machine; m.Actualizacion != tree.UpdateUnknown && m.VelocidadMaxTrabajo == nil {
		out = append(out, api.Item{Code: "machine_speed"})
	}
	return out
}

// vcos: the criterion's VCO/VCOVs associated to the machine, and each channel of the device
// wired once (points and VCOs).
func vcos(in *input) []api.Item {
	if in.mode == Pause {
		return nil
	}
	var out []api.Item
	if c := in.g.Criterion; c != nil {
		for _, e := range c.Vco_v {
			if !slices.ContainsFunc(in.g.Vcos, func(v operating.MachineVco) bool { return v.UsuVco_vId == e.UsuVco_vId }) {
				out = append(out, api.Item{Code: "vco_missing", Params: map[string]any{"name": e.Nombre}})
			}
		}
	}
	seen := map[int64]bool{}
	wired := func(ch int64) {
		if seen[ch] {
			out = append(out, api.Item{Code: "channel_twice", Params: map[string]any{"channel": ch}})
		}
		seen[ch] = true
	}
	for _, p := range in.g.Points {
		for _, c := range p.Canales {
			wired(c.Canal)
		}
	}
	for _, v := range in.g.Vcos {
		if v.Canal != nil {
			wired(*v.Canal)
		}
	}
	return out
}

// measurements: something to measure, a spectrum of each range a point's items are read in,
// and each band within its spectrum's span.
func measurements(in *input) []api.Item {
	if in.mode == Pause {
		return nil
	}
	g := in.g
	if len(g.Associations) == 0 {
		return []api.Item{{Code: "no_measurements"}}
	}
	points := map[int64]*tree.Point{}
	for _, p := range g.Points {
		points[p.UsuPuntoVibracionID] = p
	}
	speed, _ := tree.SpeedFormat.Value(g.Machine.VelocidadMaxTrabajo)
	var out []api.Item
	for _, a := range g.Associations {
		p := points[a.Point]
		band, rango, name := bandOf(a)
		if p == nil || band == nil {
			continue
		}
		params := map[string]any{"point": p.NombreEs, "item": name, "range": rango}
		var spectrum string
		var width *int64
		if a.Vcv != nil {
			if s := g.Spectra[deref(analogSpectra(p)[rango])]; s != nil {
				spectrum, width = s.NombreEs, s.FrecuenciaMuestreo
			}
		} else if s := g.DigitalSpectra[deref(digitalSpectra(p)[rango])]; s != nil {
			spectrum, width = s.Nombre, s.FrecuenciaMuestreo
		}
		if spectrum == "" {
			out = append(out, api.Item{Code: "no_spectrum", Params: params})
			continue
		}
		if top, known := band.Top(float64(speed) / 1e3); known && width != nil && top > float64(*width) {
			params["spectrum"] = spectrum
			out = append(out, api.Item{Code: "band_outside", Params: params})
		}
	}
	return out
}

// references: in every condition of the criterion, each associated item has thresholds,
// and they hold the rules of a reference group.
func references(in *input) []api.Item {
	if in.mode == Pause {
		return nil
	}
	g := in.g
	names := map[int64]string{}
	for _, p := range g.Points {
		names[p.UsuPuntoVibracionID] = p.NombreEs
	}
	var out []api.Item
	for _, a := range g.Associations {
		_, _, item := bandOf(a)
		for _, c := range g.Conditions {
			params := map[string]any{"point": names[a.Point], "item": item, "condition": conditionName(c.CondicionNombre)}
			i := slices.IndexFunc(a.References, func(r *assoc.Reference) bool { return r.UsuCondicionId == c.UsuCondicionID })
			if i < 0 {
				out = append(out, api.Item{Code: "references_missing", Params: params})
				continue
			}
			set, valid := false, true
			for _, gr := range a.References[i].Groups() {
				set = set || gr.Aviso != nil
				valid = valid && gr.Check() == ""
			}
			switch {
			case !valid:
				out = append(out, api.Item{Code: "references_invalid", Params: params})
			case !set:
				out = append(out, api.Item{Code: "references_missing", Params: params})
			}
		}
	}
	return out
}

// bandOf is an association's band, the range it is read in and the item's name.
func bandOf(a *assoc.GraphAssociation) (*catalog.BandFields, string, string) {
	switch {
	case a.Vcv != nil:
		if b := a.Vcv.Banda; b != nil {
			return &b.BandFields, b.Rango, a.Vcv.NombreEs
		}
		return nil, "", a.Vcv.NombreEs
	case a.DigitalVcv != nil:
		if b := a.DigitalVcv.BandaDigital; b != nil {
			return &b.BandFields, b.Rango, a.DigitalVcv.Nombre
		}
		return nil, "", a.DigitalVcv.Nombre
	case a.Vcp != nil:
		if b := a.Vcp.BandaDigital; b != nil {
			return &b.BandFields, b.Rango, a.Vcp.Nombre
		}
		return nil, "", a.Vcp.Nombre
	}
	return nil, "", ""
}

// conditionName is a condition as the screens name it: the nameless one is 'CDNG' (REF-006).
func conditionName(name string) string {
	if name == "" {
		return "CDNG"
	}
	return name
}

// sections decodes the report a device sent, or the generator's, as stored.
func sections(raw *string) []api.Section {
	var out []api.Section
	if raw != nil {
		_ = json.Unmarshal([]byte(*raw), &out)
	}
	return out
}
