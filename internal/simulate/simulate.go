// Package simulate plays a factory's devices against a running server (ARCHITECTURE §7,
// docs/DEVICES.md): each polls for its configuration, checks it against its family's
// limits, reports what it applied section by section, and streams plausible vibration
// values shaped by it, buffering them while the server cannot be reached. Faults can be
// injected: a rejected or partly applied section, a stale hash, silence, clock skew.
//
// Devices authenticate with tokens kept only as hashes, so the simulator gives each device
// it plays a new token: it must never be pointed at a plant's real devices.
package simulate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"vigia/internal/auth"
	"vigia/internal/devices"
	"vigia/internal/platform/db"
)

// Options are how the devices are played.
type Options struct {
	// URL is the server (HTTP transport).
	URL string
	// MQTT, when set, is the broker the devices use instead of HTTP; Prefix is the root of
	// its topics ("vigia" when empty).
	MQTT, Prefix string
	// Speed is how much faster than real time the devices live: polls, measurements, the
	// daily load cycle, degradation and faults (1: real time; 60: a minute a second). The
	// values are stamped with the device's clock (real time plus Skew), since the server
	// refuses values from the future.
	Speed float64
	// Seed makes the run's values repeatable.
	Seed int64
	// Every is the simulated time between two measurements.
	Every time.Duration
	// FaultRate is how many faults a series starts per simulated day, on average.
	FaultRate float64
	Faults
	// Silent stops polling after the first configuration (the server shows the device
	// silent); measurements go on.
	Silent bool
	// Skew is how far the devices' clocks are off.
	Skew time.Duration
	// Backlog bounds the batches a device keeps while the server is unreachable.
	Backlog int
	// Client makes the HTTP calls (http.DefaultClient when nil).
	Client *http.Client
}

// Defaults fills what the options leave out.
func (o *Options) Defaults() {
	if o.Speed <= 0 {
		o.Speed = 1
	}
	if o.Every <= 0 {
		o.Every = 10 * time.Minute
	}
	if o.Backlog <= 0 {
		o.Backlog = 1000
	}
	if o.Prefix == "" {
		o.Prefix = "vigia"
	}
	if o.Client == nil {
		o.Client = &http.Client{Timeout: 30 * time.Second}
	}
}

// Device is a device the simulator plays, with the token it was given (HTTP only).
type Device struct {
	Serial, Tipo, Token string
}

// Enroll picks the devices to play — the one of serial (in any case), or every device of the factory
// named that talks to the server (its KOS Sensors talk through their gateway) — and, with
// tokens, gives each a new token as the system: their previous tokens stop working.
func Enroll(ctx context.Context, d *db.DB, reg *devices.Registry, factory, serial string, tokens bool) ([]Device, error) {
	ctx = auth.WithSystem(ctx)
	var list []Device
	err := d.Tx(ctx, func(tx *sql.Tx) error {
		var found []*auth.Device
		if serial != "" {
			dev, err := devices.Find(ctx, tx, serial)
			if errors.Is(err, db.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			found = []*auth.Device{dev}
		} else {
			rows, err := tx.QueryContext(ctx, `SELECT e.id, e.numero_serie, e.tipo FROM equipos e JOIN fabricas f ON f.id = e.fabrica_id
				WHERE f.nombre = $1 AND e.tipo <> $2 ORDER BY e.numero_serie`, factory, devices.TypeSensor)
			if found, err = db.Collect(rows, err, func(s db.Scanner) (*auth.Device, error) {
				d := &auth.Device{}
				return d, s.Scan(&d.ID, &d.NumeroSerie, &d.Tipo)
			}); err != nil {
				return err
			}
		}
		for _, f := range found {
			dev := Device{Serial: f.NumeroSerie, Tipo: f.Tipo}
			if tokens {
				var err error
				if dev.Token, err = reg.NewToken(ctx, tx, f.ID); err != nil {
					return err
				}
			}
			list = append(list, dev)
		}
		return nil
	})
	if err == nil && len(list) == 0 {
		err = errors.New("no device to play")
		if serial != "" {
			err = fmt.Errorf("no device with serial number %q", serial)
		} else if factory != "" {
			err = fmt.Errorf("no device in the factory %q", factory)
		}
	}
	return list, err
}

// Run plays the devices until ctx ends.
func Run(ctx context.Context, o Options, list []Device) {
	o.Defaults()
	origin := time.Now()
	slog.Info("simulate: playing", "devices", len(list), "speed", o.Speed, "seed", o.Seed, "mqtt", o.MQTT != "")
	var wg sync.WaitGroup
	for _, dev := range list {
		var t Transport = &HTTP{URL: o.URL, Serial: dev.Serial, Token: dev.Token, Client: o.Client}
		if o.MQTT != "" {
			t = DialMQTT(o.MQTT, o.Prefix, dev.Serial)
		}
		wg.Go(func() { newPlayer(dev.Serial, t, &o, origin).run(ctx) })
	}
	wg.Wait()
}
