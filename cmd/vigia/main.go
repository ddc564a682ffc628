// Command vigia is the Vigía server and its administration tools.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"vigia/internal/app"
	"vigia/internal/platform"
	"vigia/internal/platform/db"
)

type command struct {
	name, summary string
	run           func(ctx context.Context, cfg platform.Config, args []string) error
}

var commands = []command{
	{"serve", "serve the web console and the API (default)", serve},
	{"migrate", "apply the database migrations and exit", migrate},
	{"user", "manage accounts: add, set-password, list", user},
	{"demo", "load the demo factory and its accounts", demoCmd},
	{"simulate", "play a factory's devices against a server (gives them NEW tokens)", simulateCmd},
	{"bench", "bench load: a mixed workload against a running server, its latencies (gives devices NEW tokens)", benchCmd},
	{"openapi", "print the API's OpenAPI document", openapi},
	{"backup", "copy the SQLite database to FILE while the server runs", backup},
	{"restore", "replace the SQLite database by the backup FILE (server stopped)", restore},
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "vigia:", err)
		}
		os.Exit(2)
	}
}

func run(ctx context.Context, args []string, out io.Writer) error {
	cfg, err := platform.LoadConfig()
	if err != nil {
		return err
	}
	name := "serve"
	if len(args) > 0 {
		switch a := args[0]; {
		case a == "help" || a == "-h" || a == "--help":
			usage(out)
			return nil
		case !strings.HasPrefix(a, "-"):
			name, args = a, args[1:]
		}
	}
	for _, c := range commands {
		if c.name == name {
			slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: logLevel(cfg.LogLevel)})))
			return c.run(ctx, cfg, args)
		}
	}
	usage(out)
	return fmt.Errorf("unknown command %q", name)
}

func usage(out io.Writer) {
	fmt.Fprintln(out, "Usage: vigia [command] [flags]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(out, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(out, "\nRun 'vigia COMMAND --help' for a command's flags. Settings come from the environment:\n"+
		"VIGIA_ADDR, VIGIA_DB (sqlite:PATH or postgres://URL), VIGIA_TILE_URL, VIGIA_ADMIN_PASSWORD,\n"+
		"VIGIA_SESSION_IDLE, VIGIA_SESSION_LIFETIME, VIGIA_SECURE_COOKIE, VIGIA_LOG_LEVEL,\n"+
		"VIGIA_HISTORY_RETENTION (days of measured history to keep; 0 keeps everything),\n"+
		"VIGIA_CRITERION_EXEMPT (login:site,...: users exempt from the criterion time minimum at those sites, a site by id or GUID),\n"+
		"VIGIA_MQTT_URL (tcp://host:1883: devices reach the server through that broker too), VIGIA_MQTT_CLIENT_ID,\n"+
		"VIGIA_SIMULATE (serve plays the demo factory's devices against itself, with new tokens; make run sets it).")
}

// flags returns a flag set whose --db flag overrides VIGIA_DB.
func flags(name, summary string, cfg *platform.Config) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.StringVar(&cfg.DB, "db", cfg.DB, "database: sqlite:PATH or postgres://URL (VIGIA_DB)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: vigia %s [flags]\n%s\n\nFlags:\n", name, summary)
		fs.PrintDefaults()
	}
	return fs
}

// parseAndOpen parses a command's flags, which write to cfg (--db), then opens and migrates
// the database they name.
func parseAndOpen(ctx context.Context, fs *flag.FlagSet, args []string, cfg *platform.Config) (*db.DB, error) {
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	return openDB(ctx, *cfg)
}

// openDB opens and migrates the configured database.
func openDB(ctx context.Context, cfg platform.Config) (*db.DB, error) {
	d, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	if err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return d, nil
}

func logLevel(s string) slog.Level {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return slog.LevelInfo
	}
	return l
}

func migrate(ctx context.Context, cfg platform.Config, args []string) error {
	d, err := parseAndOpen(ctx, flags("migrate", "Apply the database migrations and exit.", &cfg), args, &cfg)
	if err != nil {
		return err
	}
	defer d.Close()
	slog.Info("database migrated", "engine", d.Engine)
	return nil
}

func openapi(_ context.Context, _ platform.Config, args []string) error {
	if err := flag.NewFlagSet("openapi", flag.ContinueOnError).Parse(args); err != nil {
		return err
	}
	doc, err := app.OpenAPI()
	if err != nil {
		return err
	}
	_, err = fmt.Println(string(doc))
	return err
}

// fileArg parses a command's flags and its one argument, a file.
func fileArg(name, summary string, cfg *platform.Config, args []string) (string, error) {
	fs := flags(name, summary, cfg)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: vigia %s [flags] FILE\n%s\n\nFlags:\n", name, summary)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return "", err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return "", fmt.Errorf("%s takes one FILE", name)
	}
	return fs.Arg(0), nil
}

func backup(ctx context.Context, cfg platform.Config, args []string) error {
	file, err := fileArg("backup", "Write a consistent copy of the SQLite database to FILE, which must not exist; the server may be running.", &cfg, args)
	if err != nil {
		return err
	}
	if _, err := db.SQLitePath(cfg.DB); err != nil {
		return err
	}
	d, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Backup(ctx, file); err != nil {
		return err
	}
	slog.Info("database copied", "file", file)
	return nil
}

func restore(ctx context.Context, cfg platform.Config, args []string) error {
	file, err := fileArg("restore", "Replace the SQLite database by the backup FILE once it passes SQLite's integrity check. Stop the server first.", &cfg, args)
	if err != nil {
		return err
	}
	target, err := db.SQLitePath(cfg.DB)
	if err != nil {
		return err
	}
	if err := db.Restore(ctx, file, target); err != nil {
		return err
	}
	slog.Info("database restored", "from", file, "to", target)
	return nil
}
