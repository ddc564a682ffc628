package devices

import (
	"context"
	"errors"
	"testing"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
)

// The devices a machine may hold together (MACH-027..MACH-035), over all 32 combinations of
// online, gateway, alert device, Alert10C and KOS Sensor: the first refused field and code.
func TestCombination(t *testing.T) {
	guid := "g"
	for mask := range 32 {
		online, gateway, alert, alertC, kos := mask&1 != 0, mask&2 != 0, mask&4 != 0, mask&8 != 0, mask&16 != 0
		m := &MachineEquipment{Online: online, KOSSensor: kos}
		if gateway {
			m.EquipoConcentrador = &guid
		}
		if alert {
			m.EquipoAlert10 = &guid
		}
		if alertC {
			m.EquipoAlert10C = &guid
		}
		var want []string
		if alert && (gateway || alertC || kos) {
			want = append(want, "EquipoAlert10:exclusive")
		}
		if alertC && kos {
			want = append(want, "EquipoAlert10C:exclusive")
		}
		if alert && !online {
			want = append(want, "EquipoAlert10:needs_online")
		}
		if alertC && !online {
			want = append(want, "EquipoAlert10C:needs_online")
		}
		var got []string
		if p, ok := api.AsProblem(Combination(m)); ok {
			for _, it := range p.Items {
				got = append(got, it.Field+":"+it.Code)
			}
		}
		if len(got) != len(want) || (len(got) > 0 && got[0] != want[0]) {
			t.Errorf("online=%v gateway=%v alert=%v alert10c=%v kos=%v: %v, want %v", online, gateway, alert, alertC, kos, got, want)
		}
	}
}

// Who sees which devices fails closed: no principal sees nothing (401), the system and ADMIN
// every device, a user those of their factories, a device none but by its own calls.
func TestViewerFailsClosed(t *testing.T) {
	ctx := context.Background()
	if _, err := viewerOf(ctx); !errors.Is(err, api.ErrUnauthorized) {
		t.Errorf("no principal: %v", err)
	}
	two, three := int64(2), int64(3)
	for _, c := range []struct {
		name  string
		ctx   context.Context
		admin bool
		sees  []*int64
		not   []*int64
	}{
		{"the system", auth.WithSystem(ctx), true, []*int64{&two, nil}, nil},
		{"an ADMIN", auth.WithUser(ctx, &auth.Me{Tipos: []string{auth.TypeAdmin}}), true, []*int64{&two}, nil},
		{"an editor of factory 2", auth.WithUser(ctx, &auth.Me{Tipos: []string{auth.TypeEditor}, Fabricas: []auth.FactoryRef{{UsuFabricaID: 2}}}), false,
			[]*int64{&two}, []*int64{&three, nil}},
		{"a device", auth.WithDevice(ctx, &auth.Device{ID: 1, Factory: &two}), false, nil, []*int64{&two, &three, nil}},
	} {
		v, err := viewerOf(c.ctx)
		if err != nil || v.admin != c.admin {
			t.Errorf("%s: %+v %v", c.name, v, err)
			continue
		}
		for _, f := range c.sees {
			if !v.member(f) {
				t.Errorf("%s does not see factory %v", c.name, f)
			}
		}
		for _, f := range c.not {
			if v.member(f) {
				t.Errorf("%s sees factory %v", c.name, f)
			}
		}
	}
	if err := administrator(auth.WithUser(ctx, &auth.Me{Tipos: []string{auth.TypeEditor}})); !errors.Is(err, api.ErrForbidden) {
		t.Errorf("an editor administers devices: %v", err)
	}
}
