// Package demo loads the demonstration factory: accounts, and a plant whose asset tree looks
// like a real one (pumps, fans, compressors, mills with their motors and gearboxes).
package demo

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"

	"vigia/internal/app"
	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// Factory is the name of the demonstration factory.
const Factory = "Planta Demo"

// Account is a demo account and the password it was given.
type Account struct {
	Login, Password string
}

// Load creates the demo factories and accounts when missing and returns the accounts it
// created. Every account gets password, or a random one when it is empty. It runs as the
// system, the whole plant in one transaction.
func Load(ctx context.Context, s *auth.Store, feats *app.Features, password string) ([]Account, error) {
	ctx = auth.WithSystem(ctx)
	demoID, err := ensureFactory(ctx, s, Factory, "DEMO-01")
	if err != nil {
		return nil, err
	}
	northID, err := ensureFactory(ctx, s, "Planta Norte", "DEMO-02")
	if err != nil {
		return nil, err
	}
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		q := db.Querier(tx)
		if err := loadBearings(ctx, q, feats); err != nil {
			return err
		}
		if err := loadTemplates(ctx, q, feats); err != nil {
			return err
		}
		if err := loadSensors(ctx, q, feats, demoID); err != nil {
			return err
		}
		criteria, err := loadOperating(ctx, q, feats, demoID)
		if err != nil {
			return err
		}
		if err := loadPlant(ctx, q, feats, demoID, criteria); err != nil {
			return err
		}
		if err := linkCriterionVcos(ctx, q, feats, demoID); err != nil {
			return err
		}
		if err := loadSpectra(ctx, q, feats, demoID); err != nil {
			return err
		}
		if err := loadEquipment(ctx, q, feats, []int64{demoID, northID}); err != nil {
			return err
		}
		return loadVcvs(ctx, q, feats, demoID)
	})
	if err != nil {
		return nil, err
	}
	users := []auth.UserInput{
		{Login: "editor", Nombre: "Elena Editora", Tipos: []string{auth.TypeEditor}, Fabricas: []int64{demoID, northID}},
		{Login: "lector", Nombre: "Luis Lector", Tipos: []string{"U_LECTOR"}, Fabricas: []int64{demoID}},
	}
	existing, err := s.ListUsers(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	var created []Account
	for _, u := range users {
		if slices.ContainsFunc(existing, func(e auth.User) bool { return e.Login == u.Login }) {
			continue
		}
		u.Password = password
		if u.Password == "" {
			u.Password = auth.RandomPassword()
		}
		if _, err := s.CreateUser(ctx, u); err != nil {
			return nil, err
		}
		created = append(created, Account{Login: u.Login, Password: u.Password})
	}
	return created, nil
}

// scope is the system's scope on a factory (0: the templates) during the demo load.
func scope(ctx context.Context, factory int64) auth.Scope {
	s, err := auth.ScopeOf(ctx, factory)
	if err != nil {
		panic("demo: the load runs as the system: " + err.Error())
	}
	return s
}

func ensureFactory(ctx context.Context, s *auth.Store, name, ref string) (int64, error) {
	id, err := s.FactoryByName(ctx, name)
	if errors.Is(err, db.ErrNotFound) {
		f, err := s.SaveFactory(ctx, s.DB, 0, auth.FactoryInput{Nombre: name, Referencia: ref})
		return f.UsuFabricaID, err
	}
	return id, err
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
