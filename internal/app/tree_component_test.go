package app_test

import (
	"fmt"
	"testing"
)

// A component whose mounting changes takes its points along: each point gets the orientation
// of the new mounting with its axis order (V as H1, H as H2; VAH and HAV the one with their
// first axis), its channels the new mounting's directions, and saves unchanged; its
// measurement flags, shared by both mountings, stay.
func TestComponentMountingChangeRemountsPoints(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, _, machine, component, first := c.plant()
		device := registerDevice(t, w.as("admin"), "alert10", fmt.Sprintf("KA10-%d", machine), w.a)
		if st, body := c.do("PUT", c.url("/machine/%d", machine), map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "VelocidadVariable": false,
			"Online": true, "Kw": 55, "TiempoAprendizaje": 0, "KOSSensor": false, "EquipoAlert10": device}); st != 200 {
			t.Fatalf("give the machine its alert device: %d %s", st, body)
		}
		// By horizontal orientation: the point, its channels (direction: channel) and the
		// orientation it takes on a vertical mounting, and back on a horizontal one.
		type remount struct {
			point                int64
			channels             map[int64]int64
			vertical, horizontal int64
		}
		points := map[int64]*remount{1: {point: first, channels: map[int64]int64{1: 1, 2: 2, 3: 3}, vertical: 8, horizontal: 1},
			3: {vertical: 8, horizontal: 1}, 4: {channels: map[int64]int64{1: 4, 3: 5}, vertical: 9, horizontal: 4}, 5: {vertical: 9, horizontal: 4},
			6: {vertical: 10, horizontal: 6}, 7: {channels: map[int64]int64{2: 6}, vertical: 11, horizontal: 7}}
		for orientation, p := range points {
			if p.point == 0 {
				p.point = c.create(fmt.Sprintf("/component/%d/point", component), "UsuPuntoVibracionID", map[string]any{"NombreEs": fmt.Sprintf("P%d", orientation),
					"Posicion": orientation, "MontajeId": orientation, "Medida_H_H2_ar": true, "Medida_A_dm": true})
			}
			if p.channels != nil {
				channels := []map[string]any{}
				for dir, ch := range p.channels {
					channels = append(channels, map[string]any{"Canal": ch, "Direccion": dir})
				}
				if st, body := c.do("PUT", c.url("/point/%d", p.point), with(c.read("/point/%d", p.point), map[string]any{"Canales": channels})); st != 200 {
					t.Fatalf("the channels of the %d point: %d %s", orientation, st, body)
				}
			}
		}
		flags := func(p map[string]any) [3]any {
			return [3]any{p["Medida_V_H1_br"], p["Medida_H_H2_ar"], p["Medida_A_dm"]}
		}
		before := map[int64][3]any{}
		for o, p := range points {
			before[o] = flags(c.read("/point/%d", p.point))
		}
		for _, mounting := range []struct {
			id    int64
			shift int64 // of the channels' directions
		}{{2, 3}, {1, 0}} {
			st, body := c.do("PUT", c.url("/component/%d", component), with(c.read("/component/%d", component), map[string]any{"Montaje": mounting.id}))
			if st != 200 {
				t.Fatalf("mounting %d: %d %s", mounting.id, st, body)
			}
			for o, p := range points {
				want := p.horizontal
				if mounting.id == 2 {
					want = p.vertical
				}
				got := c.read("/point/%d", p.point)
				if got["MontajeId"] != float64(want) || flags(got) != before[o] {
					t.Errorf("mounting %d: the %d point: MontajeId %v, flags %v; want %d, %v", mounting.id, o, got["MontajeId"], flags(got), want, before[o])
				}
				channels := map[int64]int64{}
				for _, ch := range got["Canales"].([]any) {
					ch := ch.(map[string]any)
					channels[int64(ch["Direccion"].(float64))] = int64(ch["Canal"].(float64))
				}
				for dir, ch := range p.channels {
					if channels[dir+mounting.shift] != ch {
						t.Errorf("mounting %d: the %d point's channels %v; want %v with directions shifted by %d", mounting.id, o, channels, p.channels, mounting.shift)
						break
					}
				}
				if len(channels) != len(p.channels) {
					t.Errorf("mounting %d: the %d point's channels %v; want %v", mounting.id, o, channels, p.channels)
				}
				if st, body := c.do("PUT", c.url("/point/%d", p.point), got); st != 200 {
					t.Errorf("mounting %d: the %d point saved unchanged: %d %s", mounting.id, o, st, body)
				}
			}
		}
	})
}

// read gets a node of the factory as a map.
func (c *treeClient) read(format string, args ...any) map[string]any {
	c.t.Helper()
	st, body := c.do("GET", c.url(format, args...), nil)
	if st != 200 {
		c.t.Fatalf("GET %s: %d %s", fmt.Sprintf(format, args...), st, body)
	}
	return decode[map[string]any](c.t, body)
}
