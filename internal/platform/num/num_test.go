package num

import (
	"testing"

	"vigia/internal/platform/api"
)

func TestDecimalFormats(t *testing.T) {
	speed := Format{Int: 7, Decimals: 3}
	power := Format{Int: 6, Decimals: 2, Signed: true}
	for _, tc := range []struct {
		f    Format
		in   string
		want int64
		ok   bool
		out  string
	}{
		{speed, "1480", 1480000, true, "1480.000"},
		{speed, "1480,5", 1480500, true, "1480.500"},
		{speed, " 0.003 ", 3, true, "0.003"},
		{speed, "9999999.999", 9999999999, true, "9999999.999"},
		{speed, "12345678", 0, false, ""},
		{speed, "1.2345", 0, false, ""},
		{speed, "-1", 0, false, ""},
		{speed, "1.", 0, false, ""},
		{speed, ".5", 0, false, ""},
		{speed, "1e3", 0, false, ""},
		{speed, "", 0, false, ""},
		{power, "-999999.99", -99999999, true, "-999999.99"},
		{power, "-0,5", -50, true, "-0.50"},
	} {
		got, err := tc.f.Parse(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("%+v %q: got %d %v", tc.f, tc.in, got, err)
			continue
		}
		if tc.ok && tc.f.String(got) != tc.out {
			t.Errorf("%q formats as %q, want %q", tc.in, tc.f.String(got), tc.out)
		}
	}
}

// A limit below what the digits allow refuses what lies beyond it, on both sides.
func TestCheckLimit(t *testing.T) {
	f := Format{Int: 8, Decimals: 3, Signed: true, Limit: "99999999"}
	for in, ok := range map[string]bool{"99999999": true, "-99999999": true, "99999999.5": false, "-99999999,001": false, "0,5": true} {
		var errs api.FieldErrors
		p := &in
		Check(&errs, "V", &p, f, "")
		if got := errs.Err() == nil; got != ok {
			t.Errorf("%s: accepted %v, want %v", in, got, ok)
		}
	}
}
