package assoc

import (
	"encoding/json"
	"os"
	"testing"
)

// The format and group rules (REF-012, REF-016, REF-017, REF-018, REF-019, REF-020, REF-021,
// REF-023) over the vectors the web's validation shares (testdata/reference-values.json).
func TestReferenceValueGroups(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/reference-values.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors struct {
		Cases []struct {
			Name   string     `json:"name"`
			Values [3]*string `json:"values"`
			Field  *string    `json:"field"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &vectors); err != nil {
		t.Fatal(err)
	}
	names := [3]string{"Aviso", "Alarma", "Peligro"}
	for _, c := range vectors.Cases {
		var values [3]*int64
		got := ""
		for i, s := range c.Values {
			if s == nil {
				continue
			}
			v, err := ValueFormat.Parse(*s)
			if err != nil && got == "" {
				got = names[i]
			}
			values[i] = &v
		}
		if got == "" {
			got = Group{values[0], values[1], values[2]}.Check()
		}
		want := ""
		if c.Field != nil {
			want = *c.Field
		}
		if got != want {
			t.Errorf("%s: refused %q, want %q", c.Name, got, want)
		}
	}
}

// The alarm edit modal's rules, which its call and the precalculation's save keep to: all three
// levels, each strictly below the next (decision 2; the client's are ALRM-074..ALRM-078).
func TestStrictLevels(t *testing.T) {
	v := func(n int64) *int64 { return &n }
	for _, c := range []struct {
		g    Group
		want string
	}{
		{Group{v(1), v(2), v(3)}, ""},
		{Group{v(1000), v(2000), v(2000)}, "Alarma"},
		{Group{v(2000), v(2000), v(3000)}, "Aviso"},
		{Group{v(2000), v(2000), v(2000)}, "Aviso"},
		{Group{v(3000), v(2000), v(4000)}, "Aviso"},
		{Group{v(1000), v(3000), v(2000)}, "Alarma"},
		{Group{v(1000), nil, nil}, "Alarma"},
		{Group{nil, nil, nil}, "Aviso"},
		{Group{v(0), v(1), v(2)}, "Aviso"},
		{Group{v(1), v(2), v(MaxValue + 1)}, "Peligro"},
	} {
		if got := c.g.CheckStrict(); got != c.want {
			t.Errorf("%v: refused %q, want %q", c.g, got, c.want)
		}
	}
}
