package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"vigia/internal/demo"
	"vigia/internal/devices"
	"vigia/internal/platform"
	"vigia/internal/platform/db"
	"vigia/internal/simulate"
)

// tokenWarning is said wherever the simulator is offered: it takes the devices' places.
const tokenWarning = "WARNING: every device played over HTTP is given a NEW token, so the device that really has\n" +
	"that serial number can no longer reach the server. Never point it at a plant's real devices:\n" +
	"use it on the demo factory, or on devices that exist only for a test."

// faultRate is how many faults a simulated series starts a simulated day: with the demo
// pump's two dozen series, about one fault every two days on the machine.
const faultRate = 0.02

func simulateCmd(ctx context.Context, cfg platform.Config, args []string) error {
	fs := flags("simulate", "Play a factory's devices (or one) against a running server: poll, apply and report the\n"+
		"configuration, stream vibration values shaped by it.\n\n"+tokenWarning, &cfg)
	o := simulate.Options{}
	fs.StringVar(&o.URL, "url", "http://127.0.0.1:8080", "the server")
	fs.StringVar(&o.MQTT, "mqtt", "", "play over this MQTT broker (tcp://host:1883) instead of HTTP; no token is changed")
	fs.StringVar(&o.Prefix, "prefix", "vigia", "root of the MQTT topics")
	factory := fs.String("factory", demo.Factory, "play every device of the factory of this name")
	serial := fs.String("serial", "", "play only the device of this serial number")
	fs.Float64Var(&o.Speed, "speed", 1, "how much faster than real time the devices live (60: a minute a second)")
	fs.Int64Var(&o.Seed, "seed", 1, "seed of the values (the same seed repeats a run)")
	fs.DurationVar(&o.Every, "every", 10*time.Minute, "simulated time between two measurements")
	fs.Float64Var(&o.FaultRate, "faults", faultRate, "faults a series starts per simulated day, on average (0: none)")
	fs.StringVar(&o.Reject, "reject", "", "report this section failed: "+strings.Join(simulate.Sections(), ", "))
	fs.BoolVar(&o.Partial, "partial", false, "apply the configuration partly (its References section fails)")
	fs.BoolVar(&o.Silent, "silent", false, "stop polling after the first configuration")
	fs.BoolVar(&o.StaleHash, "stale-hash", false, "report a hash other than the one received")
	fs.DurationVar(&o.Skew, "skew", 0, "how far the devices' clocks are off (e.g. 10m, -1h)")
	fs.IntVar(&o.Backlog, "backlog", 1000, "batches a device keeps while the server is unreachable")
	d, err := parseAndOpen(ctx, fs, args, &cfg)
	if err != nil {
		return err
	}
	defer d.Close()
	if o.Reject != "" && !slices.Contains(simulate.Sections(), o.Reject) {
		return fmt.Errorf("--reject %q: not a section (%s)", o.Reject, strings.Join(simulate.Sections(), ", "))
	}
	if *serial != "" {
		*factory = ""
	}
	list, err := simulate.Enroll(ctx, d, &devices.Registry{DB: d}, *factory, *serial, o.MQTT == "")
	if err != nil {
		return err
	}
	if o.MQTT == "" {
		slog.Warn("simulate: these devices were given new tokens", "devices", serials(list))
	}
	simulate.Run(ctx, o, list)
	return nil
}

// simulateSelf plays the demo factory's devices against this server, at 60 times real time
// (VIGIA_SIMULATE, which make run sets): the demo's devices get new tokens.
func simulateSelf(ctx context.Context, d *db.DB, reg *devices.Registry, addr net.Addr) {
	list, err := simulate.Enroll(ctx, d, reg, demo.Factory, "", true)
	if err != nil {
		slog.Warn("simulate: nothing to play", "err", err)
		return
	}
	slog.Warn("simulate: VIGIA_SIMULATE plays the demo's devices with new tokens", "devices", serials(list))
	simulate.Run(ctx, simulate.Options{URL: selfURL(addr), Speed: 60, Seed: 1, FaultRate: faultRate}, list)
}

// selfURL is the server's own address as a client reaches it (a wildcard address is the
// loopback).
func selfURL(addr net.Addr) string {
	host, port := "127.0.0.1", ""
	if a, ok := addr.(*net.TCPAddr); ok {
		port = strconv.Itoa(a.Port)
		if !a.IP.IsUnspecified() {
			host = a.IP.String()
		}
	}
	return "http://" + net.JoinHostPort(host, port)
}

func serials(list []simulate.Device) string {
	s := make([]string, len(list))
	for i, dev := range list {
		s[i] = dev.Serial
	}
	return strings.Join(s, ", ")
}
