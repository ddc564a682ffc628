package auth

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/trustelem/zxcvbn/frequency"

	"vigia/internal/platform/api"
)

// Limits of the account fields.
const (
	MinPassword   = 10
	MaxPassword   = 200
	maxType       = 30
	defaultIdioma = "es"
)

// normalizeFactory trims the input and checks it.
func normalizeFactory(in *FactoryInput) error {
	var errs api.FieldErrors
	errs.TrimText("Nombre", &in.Nombre, true)
	errs.TrimText("Referencia", &in.Referencia, false)
	return errs.Err()
}

// normalizeUser trims the input, fills defaults and checks it; creating requires a password.
func normalizeUser(in *UserInput, creating bool) error {
	if in.Idioma == "" {
		in.Idioma = defaultIdioma
	}
	if in.Activo == nil {
		active := true
		in.Activo = &active
	}
	types := make([]string, 0, len(in.Tipos))
	for _, t := range in.Tipos {
		if t = strings.ToUpper(api.TrimInvisible(t)); t != "" && !slices.Contains(types, t) {
			types = append(types, t)
		}
	}
	in.Tipos = types

	var errs api.FieldErrors
	errs.TrimText("Login", &in.Login, true)
	if len(errs) == 0 && strings.ContainsFunc(in.Login, notInLogin) { // one error per field
		errs.Add("Login", "login_chars", nil)
	}
	errs.TrimText("Nombre", &in.Nombre, true)
	switch {
	case in.Password == "" && creating:
		errs.Add("Password", "required", nil)
	case in.Password != "":
		if code, params := passwordProblem(in.Password); code != "" {
			errs.Add("Password", code, params)
		}
	}
	for _, t := range in.Tipos {
		before := len(errs)
		if errs.TextMax("Tipos", t, false, maxType); len(errs) > before {
			break // one error for the list
		}
	}
	if !api.IsLanguage(in.Idioma) {
		errs.Add("Idioma", "unknown_language", nil)
	}
	return errs.Err()
}

// notInLogin reports whether a login may not hold r: a login is typed at every sign-in, so
// no spaces, no slashes, nothing that does not show (a zero-width space would make a second
// "admin" that reads as the first).
func notInLogin(r rune) bool {
	return r == '/' || r == '\\' || unicode.IsSpace(r) || !unicode.IsGraphic(r)
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
