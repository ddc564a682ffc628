package audit

import (
	"encoding/json"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/platform/api"
)

// The log's Tipo is the first fixed segment after the factory or admin prefix.
func TestKindIsWhatAPathChanges(t *testing.T) {
	for pattern, want := range map[string]string{
		"/api/user/{factory}/vcv/{id}":                        "vcv",
		"/api/user/{factory}/machine/{id}/assign/spectra":     "machine",
		"/api/user/{factory}/mpv/machine/{machine}/point/{p}": "mpv",
		"/api/admin/users/{id}":                               "users",
		"/api/equipment/alert10":                              "equipment",
		"/api/digitalvcvassociation/machine/{m}/point/{p}":    "digitalvcvassociation",
	} {
		if got := Kind(pattern); got != want {
			t.Errorf("Kind(%q) = %q, want %q", pattern, got, want)
		}
	}
}

// A change is filed under its machine (the path's {machine}, or a machine's own {id}) and
// names the object it acts on (the path's last parameter, never the factory).
func TestAChangeIsFiledUnderItsMachineAndObject(t *testing.T) {
	change := func(path string, params map[string]string) api.Change {
		return api.Change{Operation: &huma.Operation{Path: path}, Params: params}
	}
	str := func(p *string) string {
		if p == nil {
			return "<nil>"
		}
		return *p
	}
	num := func(p *int64) int64 {
		if p == nil {
			return -1
		}
		return *p
	}
	point := change("/api/user/{factory}/point/{id}", map[string]string{"factory": "1", "id": "8"})
	point.Before = json.RawMessage(`{"UsuPuntoVibracionID": 8, "UsuComponenteID": 4}`)
	component := change("/api/user/{factory}/component/{id}", map[string]string{"factory": "1", "id": "4"})
	component.After = json.RawMessage(`{"UsuComponenteID": 4, "UsuMaquinaID": 3}`)
	for _, c := range []struct {
		change             api.Change
		machine, component int64
		object             string
	}{
		{change("/api/user/{factory}/machine/{id}", map[string]string{"factory": "1", "id": "7"}), 7, -1, "7"},
		{change("/api/user/{factory}/mpv/machine/{machine}/point/{point}/vcv/{vcv}", map[string]string{"factory": "1", "machine": "3", "point": "5", "vcv": "9"}), 3, -1, "9"},
		{component, 3, -1, "4"},
		{change("/api/user/{factory}/component/{id}/point", map[string]string{"factory": "1", "id": "4"}), -1, 4, "4"},
		{point, -1, 4, "8"},
		{change("/api/user/{factory}/vcv/{id}", map[string]string{"factory": "1", "id": "12"}), -1, -1, "12"},
		{change("/api/user/{factory}/site", map[string]string{"factory": "1"}), -1, -1, "<nil>"},
		{change("/api/user/{factory}", map[string]string{"factory": "1"}), -1, -1, "<nil>"},
		{change("/api/admin/users", nil), -1, -1, "<nil>"},
	} {
		path := c.change.Operation.Path
		if machine, component := placeOf(c.change); num(machine) != c.machine || num(component) != c.component {
			t.Errorf("placeOf(%s) = %d, %d, want %d, %d", path, num(machine), num(component), c.machine, c.component)
		}
		if got := str(objectOf(c.change)); got != c.object {
			t.Errorf("objectOf(%s) = %s, want %s", path, got, c.object)
		}
	}
}

// The log's days are whole UTC days: 'hasta' takes the day after as its end; a day that is
// not one is refused on its field.
func TestDayIsAUTCDayStart(t *testing.T) {
	if got, err := day("", "desde", 0); got != 0 || err != nil {
		t.Errorf(`day("") = %d, %v`, got, err)
	}
	if got, _ := day("2026-01-31", "hasta", 1); got != 1769904000000 {
		t.Errorf("the end of 2026-01-31 is %d, want 1769904000000 (2026-02-01T00:00Z)", got)
	}
	_, err := day("31/01/2026", "hasta", 0)
	if p, ok := api.AsProblem(err); !ok || len(p.Items) != 1 || p.Items[0].Field != "hasta" {
		t.Errorf("a bad day gives %v, want an invalid 'hasta'", err)
	}
}

// The home page names what changed in the caller's language, from the JSON after the change
// or, for a deletion, before it.
func TestNameInReadsTheItemsNameInTheLanguage(t *testing.T) {
	both := `{"NombreEs":"Bomba","NombreEn":"Pump"}`
	spanishOnly := `{"NombreEs":"Bomba"}`
	plain := `{"Nombre":"Sensor"}`
	for _, c := range []struct {
		lang string
		docs []*string
		want string
	}{
		{"es", []*string{&both}, "Bomba"},
		{"en", []*string{&both}, "Pump"},
		{"en", []*string{&spanishOnly}, "Bomba"},
		{"fr", []*string{&plain}, "Sensor"},
		{"es", []*string{nil, &both}, "Bomba"},
		{"es", []*string{new(string)}, ""},
	} {
		if got := nameIn(c.lang, c.docs...); got != c.want {
			t.Errorf("nameIn(%s) = %q, want %q", c.lang, got, c.want)
		}
	}
}
