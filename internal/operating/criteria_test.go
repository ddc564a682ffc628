package operating

import (
	"slices"
	"testing"

	"vigia/internal/platform/api"
	"vigia/internal/tree"
)

// MACH-041..MACH-047: the criteria each update mode offers, for alert-device and
// digital-sensor machines, over every kind of entry.
func TestOfferedCriteria(t *testing.T) {
	vco := Entry{Tipo: TypeVCO}
	virtual := Entry{Tipo: TypeVCOV, SensorVirtual: 7}
	keyboard := Entry{Tipo: TypeVCOV, SensorTeclado: "k"}
	nominal := Entry{Tipo: TypeVCOV, SensorNominal: "n"}
	criteria := map[string][]Entry{
		"none": nil, "vco": {vco}, "virtual": {virtual}, "keyboard": {keyboard}, "nominal": {nominal},
		"vco+virtual": {vco, virtual}, "vco+keyboard": {vco, keyboard},
	}
	for _, row := range []struct {
		mode    string
		digital bool
		want    []string // the criteria offered, Unknown included when offered
	}{
		{tree.UpdateVCOV, false, []string{"keyboard", "nominal", "vco+keyboard"}}, // MACH-041
		{tree.UpdateVCOV, true, []string{"keyboard", "vco+keyboard"}},             // MACH-042
		{tree.UpdateOff, false, []string{"none", "vco"}},                          // MACH-043
		{tree.UpdateOff, true, []string{"none"}},                                  // MACH-044
		{tree.UpdateNominal, false, []string{"none", "vco"}},                      // MACH-045
		{tree.UpdateNominal, true, []string{"none", "vco"}},                       // MACH-045
		{tree.Update1X, false, []string{"virtual", "vco+virtual"}},                // MACH-046
		{tree.Update1X, true, []string{"virtual", "vco+virtual"}},                 // MACH-046
		{tree.UpdateUnknown, false, []string{Unknown.Es}},                         // MACH-047
		{tree.UpdateUnknown, true, []string{Unknown.Es}},                          // MACH-047
	} {
		got := map[string]bool{}
		for name, entries := range criteria {
			if Offered(row.mode, row.digital, false, entries) {
				got[name] = true
			}
		}
		if Offered(row.mode, row.digital, true, nil) {
			got[Unknown.Es] = true
		}
		if len(got) != len(row.want) {
			t.Errorf("%s digital=%v: offered %v, want %v", row.mode, row.digital, got, row.want)
			continue
		}
		for _, w := range row.want {
			if !got[w] {
				t.Errorf("%s digital=%v: offered %v, want %v", row.mode, row.digital, got, row.want)
			}
		}
	}
}

// The unknown criterion's names are reserved in either language, and the refusal names the
// field that holds one; an English name copied from the Spanish one is reported once.
func TestReservedNameField(t *testing.T) {
	for _, row := range []struct {
		es, en string
		fields []string
	}{
		{"Mío", " UNKNOWN ", []string{"NombreEn"}},
		{"desconocido", "", []string{"NombreEs"}},
		{"DESCONOCIDO", "Mine", []string{"NombreEs"}},
		{"Desconocido", "Unknown", []string{"NombreEs", "NombreEn"}},
		{"Mío", "Mine", nil},
	} {
		c := &Criterion{NombreEs: row.es, NombreEn: row.en, TiempoAlarma: 60, TiempoAviso: 60, TiempoEstable: 60, TiempoPeligro: 60}
		var fields []string
		if p, ok := api.AsProblem(checkCriterion(c)); ok {
			for _, it := range p.Items {
				if it.Code == "reserved_name" {
					fields = append(fields, it.Field)
				}
			}
		}
		if !slices.Equal(fields, row.fields) {
			t.Errorf("%q/%q: reserved_name on %v, want %v", row.es, row.en, fields, row.fields)
		}
	}
}
