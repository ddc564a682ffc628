package auth

import (
	"slices"
	"strings"
	"unicode/utf8"

	"vigia/internal/platform/api"
)

// Limits of the account fields.
const (
	MaxName        = 100
	MinPassword    = 8
	MaxPassword    = 200
	defaultIdioma  = "es"
	loginForbidden = " \t\r\n/\\"
)

// normalizeFactory trims the input and checks it.
func normalizeFactory(in *FactoryInput) error {
	in.Nombre = strings.TrimSpace(in.Nombre)
	in.Referencia = strings.TrimSpace(in.Referencia)
	var errs api.FieldErrors
	requiredText(&errs, "Nombre", in.Nombre)
	maxText(&errs, "Referencia", in.Referencia)
	return errs.Err()
}

// normalizeUser trims the input, fills defaults and checks it; creating requires a password.
func normalizeUser(in *UserInput, creating bool) error {
	in.Login = strings.TrimSpace(in.Login)
	in.Nombre = strings.TrimSpace(in.Nombre)
	if in.Idioma == "" {
		in.Idioma = defaultIdioma
	}
	if in.Activo == nil {
		active := true
		in.Activo = &active
	}
	types := make([]string, 0, len(in.Tipos))
	for _, t := range in.Tipos {
		if t = strings.ToUpper(strings.TrimSpace(t)); t != "" && !slices.Contains(types, t) {
			types = append(types, t)
		}
	}
	in.Tipos = types

	var errs api.FieldErrors
	requiredText(&errs, "Login", in.Login)
	if strings.ContainsAny(in.Login, loginForbidden) {
		errs.Add("Login", "invalid", nil)
	}
	requiredText(&errs, "Nombre", in.Nombre)
	switch n := utf8.RuneCountInString(in.Password); {
	case n == 0 && creating:
		errs.Add("Password", "required", nil)
	case n > 0 && n < MinPassword:
		errs.Add("Password", "min_length", map[string]any{"min": MinPassword})
	case n > MaxPassword:
		errs.Add("Password", "max_length", map[string]any{"max": MaxPassword})
	}
	for _, t := range in.Tipos {
		if utf8.RuneCountInString(t) > 30 {
			errs.Add("Tipos", "max_length", map[string]any{"max": 30})
			break
		}
	}
	if !api.IsLanguage(in.Idioma) {
		errs.Add("Idioma", "unknown_language", nil)
	}
	return errs.Err()
}

func requiredText(errs *api.FieldErrors, field, v string) {
	if v == "" {
		errs.Add(field, "required", nil)
		return
	}
	maxText(errs, field, v)
}

func maxText(errs *api.FieldErrors, field, v string) {
	if utf8.RuneCountInString(v) > MaxName {
		errs.Add(field, "max_length", map[string]any{"max": MaxName})
	}
}
