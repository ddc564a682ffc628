package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"vigia/internal/app"
	"vigia/internal/auth"
	"vigia/internal/demo"
	"vigia/internal/platform"
)

func user(ctx context.Context, cfg platform.Config, args []string) error {
	sub := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	}
	fs := flags("user", "Manage accounts. Subcommands: add, set-password, list.", &cfg)
	login := fs.String("login", "", "account login (add, set-password)")
	name := fs.String("name", "", "full name (add)")
	password := fs.String("password", "", "password; a random one is printed when empty (add, set-password)")
	types := fs.String("types", "", "comma-separated types: ADMIN, U_EDITOR, or others for read-only (add)")
	factories := fs.String("factories", "", "comma-separated factory ids (add)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if sub != "add" && sub != "set-password" && sub != "list" {
		fs.Usage()
		return errors.New("user: choose add, set-password or list")
	}
	d, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer d.Close()
	store := &auth.Store{DB: d}
	pw := *password
	if pw == "" {
		pw = auth.RandomPassword()
	}
	switch sub {
	case "add":
		in := auth.UserInput{Login: *login, Nombre: *name, Password: pw, Tipos: split(*types)}
		for _, f := range split(*factories) {
			id, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return fmt.Errorf("factory id %q: %w", f, err)
			}
			in.Fabricas = append(in.Fabricas, id)
		}
		u, err := store.CreateUser(ctx, in)
		if err != nil {
			return err
		}
		fmt.Printf("created %s (id %d) password: %s\n", u.Login, u.UsuarioID, pw)
	case "set-password":
		if err := store.SetPassword(ctx, *login, pw); err != nil {
			return err
		}
		fmt.Printf("password of %s: %s\n", *login, pw)
	case "list":
		users, err := store.ListUsers(ctx, d)
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "ID\tLOGIN\tNAME\tTYPES\tFACTORIES\tACTIVE")
		for _, u := range users {
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%v\t%v\n", u.UsuarioID, u.Login, u.Nombre, strings.Join(u.Tipos, ","), u.Fabricas, u.Activo)
		}
		return w.Flush()
	}
	return nil
}

func demoCmd(ctx context.Context, cfg platform.Config, args []string) error {
	fs := flags("demo", "Load the demo factory and its accounts (nothing is duplicated when run again).", &cfg)
	password := fs.String("password", os.Getenv("VIGIA_DEMO_PASSWORD"), "password of the demo accounts; random when empty (VIGIA_DEMO_PASSWORD)")
	withHistory := fs.Bool("history", true, "fill a year of hourly measured history (once)")
	points := fs.Int("points", 0, "also build the factory \"Planta Grande\" with this many points (an area of points/100 machines), for benchmarks")
	d, err := parseAndOpen(ctx, fs, args, &cfg)
	if err != nil {
		return err
	}
	defer d.Close()
	features := app.NewFeatures(d)
	created, err := demo.Load(ctx, &auth.Store{DB: d}, features, *password)
	if err != nil {
		return err
	}
	fmt.Printf("demo factory %q ready\n", demo.Factory)
	if *withHistory {
		start := time.Now()
		n, err := demo.History(ctx, d, features, start)
		if err != nil {
			return err
		}
		fmt.Printf("measured history: %d values in %s\n", n, time.Since(start).Round(time.Millisecond))
	}
	if *points > 0 {
		store := &auth.Store{DB: d}
		f, err := store.SaveFactory(ctx, d, 0, auth.FactoryInput{Nombre: "Planta Grande", Referencia: "BENCH"})
		if err != nil {
			return err
		}
		if err := demo.Large(ctx, d, features, f.UsuFabricaID, *points); err != nil {
			return err
		}
		fmt.Printf("factory %q: %d points\n", f.Nombre, *points/100*100)
	}
	for _, a := range created {
		fmt.Printf("  account %-8s password: %s\n", a.Login, a.Password)
	}
	return nil
}

func split(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
