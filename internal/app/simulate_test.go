package app_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"vigia/internal/configuration"
	"vigia/internal/mqtt"
	"vigia/internal/simulate"
)

// storedValues counts the values stored of the machine's VCV and VCP series.
func storedValues(t *testing.T, p *plant) int64 {
	t.Helper()
	var n int64
	if err := p.d.QueryRow(`SELECT COALESCE(SUM(c.n), 0) FROM chunks c JOIN series s ON s.id = c.serie_id WHERE s.maquina_id = $1 AND s.tipo = 'ref'`,
		p.machine).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// vigia simulate plays the demo pump's alert device against the real server: it polls,
// the version goes delivered then applied (or partial, or out of sync, with the faults
// asked for), and its measurements are accepted.
func TestSimulate(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		serial := newPumpSeries(t, p).serial
		for _, c := range []struct {
			name   string
			faults simulate.Faults
			want   string
		}{
			{"a device that applies all", simulate.Faults{}, configuration.Applied},
			{"--reject Vcos", simulate.Faults{Reject: "Vcos"}, configuration.Partial},
			{"--partial", simulate.Faults{Partial: true}, configuration.Partial},
			{"--stale-hash", simulate.Faults{StaleHash: true}, configuration.OutOfSync},
		} {
			t.Run(c.name, func(t *testing.T) {
				g := publishConfiguration(t, p)
				before := storedValues(t, p)
				devs, err := simulate.Enroll(context.Background(), p.d, p.app.Features.Devices, "", serial, true)
				if err != nil || len(devs) != 1 || devs[0].Token == "" {
					t.Fatalf("enroll %s: %v %+v", serial, err, devs)
				}
				ctx, stop := context.WithCancel(context.Background())
				var wg sync.WaitGroup
				wg.Go(func() {
					simulate.Run(ctx, simulate.Options{URL: p.srv.URL, Speed: 600, Seed: 1, Every: 5 * time.Minute, Faults: c.faults}, devs)
				})
				defer func() { stop(); wg.Wait() }()
				eventually(t, "the device's report", func() bool {
					estado, entregada := machineState(t, p)
					return estado == c.want && entregada != nil
				})
				st, body := p.signedIn.do("GET", p.url("/machine/%d/configuration", p.machine), nil)
				v := decode[struct {
					Versiones []struct {
						Version              int64
						Entregada, Informada *time.Time
					}
				}](t, body).Versiones[0]
				if st != 200 || v.Version != *g.Version || v.Entregada == nil || v.Informada == nil || v.Informada.Before(*v.Entregada) {
					t.Errorf("version %d delivered %v reported %v, want %d delivered (polled) then reported", v.Version, v.Entregada, v.Informada, *g.Version)
				}
				eventually(t, "measurements accepted", func() bool { return storedValues(t, p) > before })
			})
		}
	})
}

// The simulator finds the device of a serial number in any case, as the server does, and
// plays it under its registered serial.
func TestEnrollFindsTheSerialInAnyCase(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		serial := newPumpSeries(t, p).serial
		devs, err := simulate.Enroll(context.Background(), p.d, p.app.Features.Devices, "", strings.ToLower(serial), false)
		if err != nil || len(devs) != 1 || devs[0].Serial != serial {
			t.Errorf("enroll %s: %v %+v, want the device %s", strings.ToLower(serial), err, devs, serial)
		}
	})
}

// Over MQTT the simulated device takes its configuration from the retained message, and its
// report and measurements reach the server through the bridge.
func TestSimulateMQTT(t *testing.T) {
	t.Parallel()
	url := machineBroker(t)
	each(t, newPlant, func(t *testing.T, p *plant) {
		serial := newPumpSeries(t, p).serial
		prefix := unique("vigia-test")
		startBridge(t, p, url, prefix)
		t.Cleanup(func() { clearRetained(url, prefix+"/"+serial+"/"+mqtt.TopicConfig) })
		publishConfiguration(t, p)
		before := storedValues(t, p)
		devs, err := simulate.Enroll(context.Background(), p.d, p.app.Features.Devices, "", serial, false)
		if err != nil || len(devs) != 1 {
			t.Fatalf("enroll %s: %v %+v", serial, err, devs)
		}
		ctx, stop := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		wg.Go(func() {
			simulate.Run(ctx, simulate.Options{MQTT: url, Prefix: prefix, Speed: 600, Seed: 1, Every: 5 * time.Minute}, devs)
		})
		defer func() { stop(); wg.Wait() }()
		eventually(t, "the device's report", func() bool {
			estado, entregada := machineState(t, p)
			return estado == configuration.Applied && entregada != nil
		})
		eventually(t, "measurements accepted", func() bool { return storedValues(t, p) > before })
	})
}
