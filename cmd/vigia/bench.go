package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"vigia/internal/demo"
	"vigia/internal/load"
	"vigia/internal/platform"
)

func benchCmd(ctx context.Context, cfg platform.Config, args []string) error {
	fs := flag.NewFlagSet("bench load", flag.ContinueOnError)
	o := load.Options{}
	fs.StringVar(&o.URL, "url", "http://127.0.0.1:8080", "the server")
	fs.DurationVar(&o.Duration, "duration", time.Minute, "how long the run lasts")
	fs.IntVar(&o.Clients, "clients", 16, "users calling at once, each as soon as its previous call answered")
	fs.StringVar(&o.Login, "login", "admin", "the account every client signs in as (an ADMIN also plays the factory's alert devices)")
	fs.StringVar(&o.Password, "password", cfg.AdminPassword, "its password (VIGIA_ADMIN_PASSWORD)")
	fs.StringVar(&o.Factory, "factory", demo.Factory, "the factory the clients work in")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: vigia bench load [flags]\n"+
			"Drive a mixed workload against a running server (side-bar and list reads, edits, reference saves,\n"+
			"precalculations, device polls and measurement batches) and print throughput and latency\n"+
			"percentiles per operation (docs/BENCHMARKS.md).\n\n%s\n\nFlags:\n", tokenWarning)
		fs.PrintDefaults()
	}
	if len(args) == 0 || args[0] != "load" {
		fs.Usage()
		return errors.New("bench: the one benchmark is load")
	}
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if o.Clients < 1 || o.Duration <= 0 {
		return errors.New("bench load: -clients and -duration must be positive")
	}
	fmt.Printf("%d clients for %s against %s\n", o.Clients, o.Duration, o.URL)
	r, err := load.Run(ctx, o)
	if err != nil {
		return err
	}
	return r.Print(os.Stdout)
}
