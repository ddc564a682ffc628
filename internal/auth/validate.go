package auth

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/trustelem/zxcvbn/frequency"

	"vigia/internal/platform/api"
)

// Limits of the account fields.
const (
	MaxName        = 100
	MinPassword    = 10
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
	switch {
	case in.Password == "" && creating:
		errs.Add("Password", "required", nil)
	case in.Password != "":
		if code, params := passwordProblem(in.Password); code != "" {
			errs.Add("Password", code, params)
		}
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

// commonPasswords are the 30,000 most common passwords of zxcvbn's list (from leaked password
// sets), in lower case.
var commonPasswords = sync.OnceValue(func() map[string]bool {
	list := frequency.FrequencyLists["passwords"]
	set := make(map[string]bool, len(list))
	for _, p := range list {
		set[p] = true
	}
	return set
})

// passwordProblem tells what refuses a new password, "" when nothing: fewer than MinPassword
// characters, more than MaxPassword, or one of the common passwords whatever its case (OWASP
// ASVS 5.0 V6.2).
func passwordProblem(password string) (string, map[string]any) {
	switch n := utf8.RuneCountInString(password); {
	case n < MinPassword:
		return "min_length", map[string]any{"min": MinPassword}
	case n > MaxPassword:
		return "max_length", map[string]any{"max": MaxPassword}
	case commonPasswords()[strings.ToLower(password)]:
		return "common_password", nil
	}
	return "", nil
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
