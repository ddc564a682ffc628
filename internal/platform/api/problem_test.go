package api

import (
	"strings"
	"testing"
)

// A text that shows nothing is empty, whatever it is made of (white space, control and
// format characters: the exploratory probe saved "\u0000", "\u0007\b" and a zero-width space
// as area names); such characters are trimmed from the ends, and a control character inside
// (a NUL, which PostgreSQL cannot store) is refused. TREE-037, CAT-024.
func TestTextShowsSomething(t *testing.T) {
	england := "Planta 🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"
	for _, c := range []struct {
		in, want string
		required bool
		code     string
	}{
		{"\u0000", "", true, "required"},
		{"\u0007\b", "", true, "required"},
		{"\u200b", "", true, "required"},
		{" \ufeff\u200e\t\r\n ", "", true, "required"},
		{"\u0000", "", false, ""},
		{"\ufeff Bomba P-1\u200b\u0000", "Bomba P-1", true, ""},
		{"Bom\u0000ba", "Bom\u0000ba", true, "control_char"},
		{"Bom\u001bba", "Bom\u001bba", false, "control_char"},
		{"Bom\u0085ba", "Bom\u0085ba", false, "control_char"},
		{"Línea 1\nLínea 2\tfin", "Línea 1\nLínea 2\tfin", true, ""},
		{"co\u00adpia", "co\u00adpia", true, ""}, // a soft hyphen inside is a format character that belongs
		{england, england, true, ""},             // the tags that close a flag stay
		{strings.Repeat("x", MaxName) + "\u200b", strings.Repeat("x", MaxName), true, ""},
		{strings.Repeat("x", MaxName+1), strings.Repeat("x", MaxName+1), true, "max_length"},
	} {
		var errs FieldErrors
		v := c.in
		errs.TrimText("Nombre", &v, c.required)
		code := ""
		if len(errs) > 0 {
			code = errs[0].Code
		}
		if v != c.want || code != c.code || len(errs) > 1 {
			t.Errorf("%q: %q %v, want %q %q", c.in, v, errs, c.want, c.code)
		}
	}
}

// Names goes by the same rule, the English name taking the Spanish one when it shows nothing.
func TestNamesShowSomething(t *testing.T) {
	es, en := "\u0000", "\u200b"
	var errs FieldErrors
	errs.Names(&es, &en)
	if es != "" || en != "" || len(errs) != 1 || errs[0].Field != "NombreEs" || errs[0].Code != "required" {
		t.Errorf("invisible names: %q %q %v", es, en, errs)
	}
	es, en = "\u200bBombeo ", "\u0007"
	errs = nil
	errs.Names(&es, &en)
	if es != "Bombeo" || en != "Bombeo" || len(errs) != 0 {
		t.Errorf("trimmed names: %q %q %v", es, en, errs)
	}
}

// A field checked without trimming (Text) is still required and still refuses controls.
func TestUntrimmedText(t *testing.T) {
	var errs FieldErrors
	errs.Text("NumeroSerie", "\u200b", true)
	errs.Text("Alias", "\u0000", false)
	if len(errs) != 2 || errs[0].Code != "required" || errs[1].Code != "control_char" {
		t.Errorf("untrimmed: %v", errs)
	}
}
