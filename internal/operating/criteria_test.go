package operating

import (
	"testing"

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
