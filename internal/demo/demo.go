// Package demo loads the demonstration factory: accounts, and a plant whose asset tree looks
// like a real one (pumps, fans, compressors, mills with their motors and gearboxes).
package demo

import (
	"context"
	"errors"
	"strconv"

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
// created. Every account gets password, or a random one when it is empty.
func Load(ctx context.Context, s *auth.Store, password string) ([]Account, error) {
	demoID, err := ensureFactory(ctx, s, Factory, "DEMO-01")
	if err != nil {
		return nil, err
	}
	if err := loadBearings(ctx, s.DB); err != nil {
		return nil, err
	}
	if err := loadTemplates(ctx, s.DB); err != nil {
		return nil, err
	}
	if err := loadSensors(ctx, s.DB, demoID); err != nil {
		return nil, err
	}
	criteria, err := loadOperating(ctx, s.DB, demoID)
	if err != nil {
		return nil, err
	}
	if err := loadPlant(ctx, s.DB, demoID, criteria); err != nil {
		return nil, err
	}
	if err := loadSpectra(ctx, s.DB, demoID); err != nil {
		return nil, err
	}
	northID, err := ensureFactory(ctx, s, "Planta Norte", "DEMO-02")
	if err != nil {
		return nil, err
	}
	if err := loadEquipment(ctx, s.DB, []int64{demoID, northID}); err != nil {
		return nil, err
	}
	if err := loadVcvs(ctx, s.DB, demoID); err != nil {
		return nil, err
	}
	users := []auth.UserInput{
		{Login: "editor", Nombre: "Elena Editora", Tipos: []string{auth.TypeEditor}, Fabricas: []int64{demoID, northID}},
		{Login: "lector", Nombre: "Luis Lector", Tipos: []string{"U_LECTOR"}, Fabricas: []int64{demoID}},
	}
	existing, err := s.ListUsers(ctx)
	if err != nil {
		return nil, err
	}
	var created []Account
	for _, u := range users {
		if hasLogin(existing, u.Login) {
			continue
		}
		u.Password = password
		if u.Password == "" {
			u.Password = auth.RandomPassword()
		}
		if _, err := s.SaveUser(ctx, 0, u); err != nil {
			return nil, err
		}
		created = append(created, Account{Login: u.Login, Password: u.Password})
	}
	return created, nil
}

func ensureFactory(ctx context.Context, s *auth.Store, name, ref string) (int64, error) {
	id, err := s.FactoryByName(ctx, name)
	if errors.Is(err, db.ErrNotFound) {
		f, err := s.SaveFactory(ctx, 0, auth.FactoryInput{Nombre: name, Referencia: ref})
		return f.UsuFabricaID, err
	}
	return id, err
}

func hasLogin(users []auth.User, login string) bool {
	for _, u := range users {
		if u.Login == login {
			return true
		}
	}
	return false
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
