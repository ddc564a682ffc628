package app_test

import (
	"fmt"
	"testing"
)

// machineVcos reads a machine's VCOs by id.
func machineVcos(c *treeClient, machine int64) map[float64]map[string]any {
	c.t.Helper()
	st, body := c.do("GET", c.url("/machineocv/machine/%d", machine), nil)
	if st != 200 {
		c.t.Fatalf("the VCOs of machine %d: %d %s", machine, st, body)
	}
	out := map[float64]map[string]any{}
	for _, v := range decode[[]map[string]any](c.t, body) {
		out[v["UsuVco_vId"].(float64)] = v
	}
	return out
}

// vcoOnChannel gives machine an alert device and puts a new VCO of the factory (a tachometer)
// on its channel 11, with states; it answers the VCO and the machine's save body and URL.
func vcoOnChannel(t *testing.T, w *world, c *treeClient, machine int64) (vco int64, device string, save map[string]any) {
	t.Helper()
	base := c.url("")
	vco = createdID(t, c.client, base+"/vco_v", "UsuVco_vID", "AdminVco_vID", with(speedVco, tachoRef(t, c.client, base)))
	vcoURL := c.url("/machineocv/machine/%d/ocv/%d", machine, vco)
	if st, body := c.do("POST", vcoURL, nil); st != 204 {
		t.Fatalf("associate the VCO: %d %s", st, body)
	}
	if st, body := c.do("PUT", vcoURL, map[string]any{"Posicion": 99, "VrAviso": "1.5", "VrAlarma": "2", "VrPeligro": "3.25"}); st != 204 {
		t.Fatalf("the VCO's states: %d %s", st, body)
	}
	device = registerDevice(t, w.as("admin"), "alert10", fmt.Sprintf("KA10-%d", machine), w.a)
	save = map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "VelocidadVariable": false, "Online": true, "Kw": 55, "TiempoAprendizaje": 0, "KOSSensor": false}
	if st, body := c.do("PUT", c.url("/machine/%d", machine), with(save, map[string]any{"EquipoAlert10": device})); st != 200 {
		t.Fatalf("give the machine its alert device: %d %s", st, body)
	}
	if st, body := channel0(c, machine, vco, 11, device); st != 204 {
		t.Fatalf("put the VCO on channel 11: %d %s", st, body)
	}
	return vco, device, save
}

// A pasted machine brings its VCOs with their states, on no channel: the copy has no device.
func TestPastedMachineBringsItsVcos(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, area, machine, _, _ := c.plant()
		vco, _, _ := vcoOnChannel(t, w, c, machine)
		st, body := c.do("POST", c.url("/area/%d/paste", area), map[string]any{"UsuMaquinaID": machine})
		if st != 201 {
			t.Fatalf("paste: %d %s", st, body)
		}
		copied := machineVcos(c, int64(decode[map[string]any](t, body)["UsuMaquinaID"].(float64)))
		got := copied[float64(vco)]
		if len(copied) != 1 || got == nil || got["Posicion"] != 99.0 || got["VrAviso"] != "1.500" || got["VrAlarma"] != "2.000" || got["VrPeligro"] != "3.250" {
			t.Errorf("the copy's VCOs: %v; want VCO %d with the source's states", copied, vco)
		}
		if got["Canal"] != nil || got["EquipoAlert10"] != nil {
			t.Errorf("the copy's VCO keeps the source's channel: %v", got)
		}
		if src := machineVcos(c, machine)[float64(vco)]; src["Canal"] != 11.0 {
			t.Errorf("the source's VCO lost its channel: %v", src)
		}
	})
}

// A machine saved without its alert device, or with another, takes its VCOs off the former
// device's channels; a save that keeps the device keeps them.
func TestMachineDeviceChangeClearsVcoChannels(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, _, machine, _, _ := c.plant()
		url := c.url("/machine/%d", machine)
		vco, device, save := vcoOnChannel(t, w, c, machine)
		channels := func() string {
			_, body := c.do("GET", c.url("/machineocv/ocv/%d/channel", vco), nil)
			return string(body)
		}
		if st, body := c.do("PUT", url, with(save, map[string]any{"EquipoAlert10": device, "Kw": 75})); st != 200 || machineVcos(c, machine)[float64(vco)]["Canal"] != 11.0 {
			t.Errorf("a save keeping the device: %d %s; the VCO's channels %s", st, body, channels())
		}
		other := registerDevice(t, w.as("admin"), "alert10", "KA10-OTRO", w.a)
		if st, body := c.do("PUT", url, with(save, map[string]any{"EquipoAlert10": other})); st != 200 {
			t.Fatalf("another device: %d %s", st, body)
		}
		if got := machineVcos(c, machine)[float64(vco)]; got["Canal"] != nil || got["EquipoAlert10"] != nil || got["VrAlarma"] != "2.000" {
			t.Errorf("the VCO after the machine changed device: %v; want it on no channel, with its states", got)
		}
		if got := channels(); got != "[]\n" && got != "[]" {
			t.Errorf("the VCO's channels after the machine changed device: %s", got)
		}
		// The new device's channel 11 is free for it; a save without device clears it again.
		if st, body := channel0(c, machine, vco, 11, other); st != 204 {
			t.Fatalf("channel 11 of the new device: %d %s", st, body)
		}
		if st, body := c.do("PUT", url, save); st != 200 {
			t.Fatalf("no device: %d %s", st, body)
		}
		if got := machineVcos(c, machine)[float64(vco)]; got["Canal"] != nil {
			t.Errorf("the VCO after the machine lost its device: %v", got)
		}
	})
}

// A machine saved without its alert device, or with another, takes its points off the former
// device's channels; a save that keeps the device keeps them.
func TestMachineDeviceChangeClearsPointChannels(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, _, machine, _, point := c.plant()
		url := c.url("/machine/%d", machine)
		device := registerDevice(t, w.as("admin"), "alert10", fmt.Sprintf("KA10-%d", machine), w.a)
		save := map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "VelocidadVariable": false, "Online": true, "Kw": 55, "TiempoAprendizaje": 0, "KOSSensor": false}
		if st, body := c.do("PUT", url, with(save, map[string]any{"EquipoAlert10": device})); st != 200 {
			t.Fatalf("give the machine its alert device: %d %s", st, body)
		}
		wire := func(canal int) {
			t.Helper()
			if st, body := c.do("PUT", c.url("/point/%d", point), with(c.read("/point/%d", point), map[string]any{"Canales": []map[string]any{{"Canal": canal, "Direccion": 1}}})); st != 200 {
				t.Fatalf("put the point on channel %d: %d %s", canal, st, body)
			}
		}
		channels := func() []any { return c.read("/point/%d", point)["Canales"].([]any) }
		wire(3)
		if st, body := c.do("PUT", url, with(save, map[string]any{"EquipoAlert10": device, "Kw": 75})); st != 200 || len(channels()) != 1 {
			t.Errorf("a save keeping the device: %d %s; the point's channels %v", st, body, channels())
		}
		other := registerDevice(t, w.as("admin"), "alert10", "KA10-OTRO", w.a)
		if st, body := c.do("PUT", url, with(save, map[string]any{"EquipoAlert10": other})); st != 200 {
			t.Fatalf("another device: %d %s", st, body)
		}
		if got := channels(); len(got) != 0 {
			t.Errorf("the point's channels after the machine changed device: %v", got)
		}
		// The new device's channel 3 is free for it; a save without device clears it again.
		wire(3)
		if st, body := c.do("PUT", url, save); st != 200 {
			t.Fatalf("no device: %d %s", st, body)
		}
		if got := channels(); len(got) != 0 {
			t.Errorf("the point's channels after the machine lost its device: %v", got)
		}
	})
}

// The machine payload carries Kw and TiempoAprendizaje (API-013; the editor sends 0 for an
// empty Kw or learning time): a save without them is refused naming each, in the caller's
// language, and changes nothing.
func TestMachineSaveWithoutKwOrLearningTime(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, _, machine, _, _ := c.plant()
		url := c.url("/machine/%d", machine)
		bare := map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "VCOV", "VelocidadVariable": false, "Online": false, "KOSSensor": false}
		if st, body := c.do("PUT", url, with(bare, map[string]any{"Kw": 75, "TiempoAprendizaje": 170})); st != 200 {
			t.Fatalf("save Kw and TiempoAprendizaje: %d %s", st, body)
		}
		renamed := with(bare, map[string]any{"NombreEs": "Bomba P-2"})
		for lang, message := range map[string]string{"es": "Este campo es obligatorio.", "en": "This field is required.", "fr": "Ce champ est obligatoire."} {
			if st, body := c.do("PUT", "/api/auth/me", map[string]string{"Idioma": lang}); st/100 != 2 {
				t.Fatalf("language %s: %d %s", lang, st, body)
			}
			st, body := c.do("PUT", url, renamed)
			if st != 422 {
				t.Fatalf("%s: a save without Kw or TiempoAprendizaje: %d %s", lang, st, body)
			}
			fields := map[string]string{}
			for _, e := range errorsOf(t, body) {
				fields[e["field"]] = e["code"] + " " + e["message"]
			}
			for _, f := range []string{"Kw", "TiempoAprendizaje"} {
				if fields[f] != "required "+message {
					t.Errorf("%s: the save without %s: %s", lang, f, body)
				}
			}
		}
		_, body := c.do("GET", url, nil)
		if got := decode[map[string]any](t, body); got["Kw"] != 75.0 || got["TiempoAprendizaje"] != 170.0 || got["NombreEs"] != "Bomba P-1" {
			t.Errorf("the machine after the refused saves: %s", body)
		}
	})
}

// KOSSensor is one of the machine payload's fields (API-013) and, like VelocidadVariable and
// Online, a yes/no with no empty value: a save without it is refused naming it, and changes
// nothing, where it used to read as false; an explicit false sets false.
func TestMachineSaveWithoutKOSSensor(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, _, machine, _, _ := c.plant()
		url := c.url("/machine/%d", machine)
		save := map[string]any{"NombreEs": "Bomba P-1", "Actualizacion": "DESCONOCIDO", "VelocidadVariable": false, "Online": true, "Kw": 55, "TiempoAprendizaje": 0}
		if st, body := c.do("PUT", url, with(save, map[string]any{"KOSSensor": true})); st != 200 {
			t.Fatalf("a KOS Sensor machine: %d %s", st, body)
		}
		st, body := c.do("PUT", url, with(save, map[string]any{"Kw": 75}))
		if st != 422 || errorsOf(t, body)[0]["field"] != "KOSSensor" || errorsOf(t, body)[0]["code"] != "required" || errorsOf(t, body)[0]["message"] != "Este campo es obligatorio." {
			t.Errorf("a save without KOSSensor: %d %s", st, body)
		}
		if got := c.read("/machine/%d", machine); got["KOSSensor"] != true || got["Kw"] != 55.0 {
			t.Errorf("the machine after the refused save: %v", got)
		}
		if st, body := c.do("PUT", url, with(save, map[string]any{"KOSSensor": false})); st != 200 || c.read("/machine/%d", machine)["KOSSensor"] != false {
			t.Errorf("an explicit false: %d %s", st, body)
		}
	})
}
