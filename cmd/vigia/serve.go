package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"vigia/internal/app"
	"vigia/internal/auth"
	"vigia/internal/mqtt"
	"vigia/internal/platform"
)

func serve(ctx context.Context, cfg platform.Config, args []string) error {
	fs := flags("serve", "Serve the web console and the API.", &cfg)
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "listen address (VIGIA_ADDR)")
	d, err := parseAndOpen(ctx, fs, args, &cfg)
	if err != nil {
		return err
	}
	defer d.Close()
	a := app.New(d, cfg)
	password, err := auth.EnsureAdmin(ctx, a.Auth.Store, cfg.AdminPassword)
	if err != nil {
		return err
	}
	if password != "" && cfg.AdminPassword == "" {
		slog.Warn("created the first account; this password is shown once", "login", "admin", "password", password)
	}
	go auth.PurgeSessions(ctx, d, 5*time.Minute)
	if days := cfg.HistoryRetention; days > 0 {
		go a.Features.History.RetainEvery(ctx, d, time.Duration(days)*24*time.Hour, time.Hour)
	}
	if cfg.MQTTURL != "" {
		bridge := mqtt.New(mqtt.Options{URL: cfg.MQTTURL, ClientID: cfg.MQTTClientID}, d, a.Features.Config, a.Features.History)
		a.Features.Config.Published = bridge.Published
		bridge.Start(ctx)
		defer bridge.Close()
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: a.Handler, ReadHeaderTimeout: 10 * time.Second}
	slog.Info("serving", "addr", ln.Addr().String(), "db", d.Engine)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	if cfg.Simulate {
		go simulateSelf(ctx, d, a.Features.Devices, ln.Addr())
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down")
	shutdown, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
