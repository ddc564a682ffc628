package simulate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"

	"vigia/internal/configuration"
	"vigia/internal/devices"
	"vigia/internal/platform/api"
)

// The limits of the devices the simulator plays, which a real device's firmware would hold
// and the server's checks do not all repeat. The spec gives none of these numbers: they are
// the simulator's assumptions, kept here in one place.
const (
	// AlertChannels are an alert device's inputs, numbered 1 to AlertChannels (ten
	// vibration and process channels).
	AlertChannels = 10
	// AlertMaxPoints is how many measuring points an alert device follows on its machine.
	AlertMaxPoints = 10
	// AlertMaxValues is how many values (VCVs, VCPs) its memory holds for all its points.
	AlertMaxValues = 64
	// SensorMaxOrder is the highest order number a gateway gives a KOS Sensor (0 is the
	// first it wakes).
	SensorMaxOrder = configuration.MaxOrder
)

// Faults are the failures a simulated device reports on purpose (the command's flags).
type Faults struct {
	// Reject is a section the device reports failed whatever it holds.
	Reject string
	// Partial makes the device apply the document partly: it reports its last section
	// before FileCreation (References) failed.
	Partial bool
	// StaleHash makes the device report a hash other than the one it received.
	StaleHash bool
}

// Check reads a configuration as the device would apply it: the document, and the report
// of each section of its family against the family's limits and the faults asked for.
// doc is nil when the document cannot be read (every section then fails).
func Check(c configuration.Served, f Faults) (*configuration.Document, *configuration.DeviceReport) {
	r := &configuration.DeviceReport{UsuMaquinaID: c.UsuMaquinaID, Version: c.Version, Hash: c.Hash}
	if f.StaleHash {
		sum := sha256.Sum256([]byte("stale:" + c.Hash))
		r.Hash = hex.EncodeToString(sum[:])
	}
	doc := &configuration.Document{}
	if err := json.Unmarshal(c.Documento, doc); err != nil {
		doc = nil
	}
	family := devices.TypeAlert10
	if doc != nil {
		family = doc.Familia
	}
	names := configuration.SectionNames(family)
	found := map[string][]api.Item{}
	add := func(section, code string, params map[string]any) {
		found[section] = append(found[section], api.Item{Code: code, Params: params})
	}
	if doc == nil {
		for _, n := range names {
			add(n, "unreadable", nil)
		}
	} else {
		limits(doc, names, add)
	}
	if f.Reject != "" && slices.Contains(names, f.Reject) {
		add(f.Reject, "rejected", nil)
	}
	if f.Partial && len(names) > 1 {
		add(names[len(names)-2], "partial", nil)
	}
	// The server's messages of the codes, in the product's default language: a device has
	// no user's language to speak.
	for _, n := range names {
		r.Secciones = append(r.Secciones, api.NewSection(api.Languages[0], n, found[n]))
	}
	return doc, r
}

// limits checks the document against its family's limits; each finding goes to the section
// of the report whose subject it is (named as the family's report names it).
func limits(doc *configuration.Document, names []string, add func(section, code string, params map[string]any)) {
	section := func(candidates ...string) string {
		for _, c := range candidates {
			if slices.Contains(names, c) {
				return c
			}
		}
		return names[0]
	}
	if doc.Familia == devices.TypeSensor {
		var orders []int64
		serials := map[int64][]string{}
		for _, s := range doc.Sensores {
			switch {
			case s.NumeroOrden == nil:
				add(section("InitialChecks"), "sensor_no_order", map[string]any{"serial": s.NumeroSerie, "alias": s.Alias})
			case *s.NumeroOrden < 0 || *s.NumeroOrden > SensorMaxOrder:
				add(section("InitialChecks"), "order_range", map[string]any{"order": *s.NumeroOrden, "serial": s.NumeroSerie, "max": SensorMaxOrder})
			default:
				if serials[*s.NumeroOrden] == nil {
					orders = append(orders, *s.NumeroOrden)
				}
				serials[*s.NumeroOrden] = append(serials[*s.NumeroOrden], s.NumeroSerie)
			}
		}
		for _, o := range orders {
			if len(serials[o]) > 1 {
				add(section("InitialChecks"), "order_twice", map[string]any{"order": o, "serials": strings.Join(serials[o], ", ")})
			}
		}
		return
	}
	if len(doc.Puntos) > AlertMaxPoints {
		add(section("Machine"), "too_many_points", map[string]any{"max": AlertMaxPoints, "count": len(doc.Puntos)})
	}
	channel := func(ch int64) {
		if ch < 1 || ch > AlertChannels {
			add(section("Vcos", "OCVs"), "channel_range", map[string]any{"channel": ch, "max": AlertChannels})
		}
	}
	values := 0
	for _, p := range doc.Puntos {
		for _, c := range p.Canales {
			channel(c.Canal)
		}
		values += len(p.Valores)
	}
	for _, v := range doc.Vcos {
		if v.Canal != nil {
			channel(*v.Canal)
		}
	}
	if values > AlertMaxValues {
		add(section("Measurements"), "too_many_values", map[string]any{"max": AlertMaxValues, "count": values})
	}
}

// Sections are every section name a report may have, of any family (the --reject choices).
func Sections() []string {
	var out []string
	for _, f := range []string{devices.TypeAlert10, devices.TypeSensor} {
		for _, n := range configuration.SectionNames(f) {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}
