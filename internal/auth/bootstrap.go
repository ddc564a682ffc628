package auth

import (
	"context"
)

// EnsureAdmin creates the account "admin" (type ADMIN) when the database has no ADMIN
// account, as on the first start (the demo's accounts are no administrators).
// It returns the password it set ("" when nothing was created): the given one, or a random
// one that the caller prints once.
func EnsureAdmin(ctx context.Context, s *Store, password string) (string, error) {
	n, err := s.CountAdmins(ctx)
	if err != nil || n > 0 {
		return "", err
	}
	if password == "" {
		password = RandomPassword()
	}
	_, err = s.CreateUser(ctx, UserInput{Login: "admin", Nombre: "Administrador", Password: password, Tipos: []string{TypeAdmin}})
	if err != nil {
		return "", err
	}
	return password, nil
}
