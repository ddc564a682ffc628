package app_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"vigia/internal/auth"
)

func decode[T any](t testing.TB, body []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return v
}

func TestLoginMeLogout(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.anon()
		st, body := c.do("POST", "/api/auth/login", map[string]string{"Login": "editor", "Password": testPassword})
		if st != 200 {
			t.Fatalf("login: %d %s", st, body)
		}
		me := decode[auth.Me](t, body)
		if me.Login != "editor" || me.Idioma != "es" || len(me.Fabricas) != 1 || me.Fabricas[0].UsuFabricaID != w.a || me.Tipos[0] != auth.TypeEditor {
			t.Errorf("login answer: %+v", me)
		}
		// The cookie is HttpOnly and SameSite=Lax.
		var cookie *http.Cookie
		resp := send(t, "POST", w.srv.URL+"/api/auth/login", strings.NewReader(`{"Login":"editor","Password":"`+testPassword+`"}`))
		for _, ck := range resp.Cookies() {
			if ck.Name == "vigia_session" {
				cookie = ck
			}
		}
		if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode {
			t.Errorf("session cookie: %+v", cookie)
		}

		if st, body := c.do("GET", "/api/auth/me", nil); st != 200 || decode[auth.Me](t, body).UsuarioID != me.UsuarioID {
			t.Errorf("me: %d %s", st, body)
		}
		if st, _ := c.do("POST", "/api/auth/logout", nil); st != 204 {
			t.Errorf("logout: %d", st)
		}
		if st, _ := c.do("GET", "/api/auth/me", nil); st != 401 {
			t.Errorf("me after logout: %d, want 401", st)
		}
	})
}

// Wrong credentials answer 401 with a message in the caller's language (Spanish first,
// I18N-001); an unknown login answers exactly like a wrong password.
func TestLoginErrorsAreLocalized(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		for _, tc := range []struct{ lang, login, want string }{
			{"", "editor", "Usuario o contraseña incorrectos."},
			{"es-ES,es;q=0.9", "nobody", "Usuario o contraseña incorrectos."},
			{"en-GB,en;q=0.8", "editor", "Wrong user name or password."},
			{"fr", "editor", "Identifiant ou mot de passe incorrect."},
			{"de", "editor", "Usuario o contraseña incorrectos."},
		} {
			c := w.anon()
			if tc.lang != "" {
				c.header.Set("Accept-Language", tc.lang)
			}
			st, body := c.do("POST", "/api/auth/login", map[string]string{"Login": tc.login, "Password": "mala-clave"})
			if st != 401 {
				t.Fatalf("%s: %d", tc.lang, st)
			}
			if e := errorsOf(t, body)[0]; e["code"] != "invalid_credentials" || e["message"] != tc.want {
				t.Errorf("%q: got %v, want %q", tc.lang, e, tc.want)
			}
		}
		st, body := w.anon().do("POST", "/api/auth/login", map[string]string{"Login": "editor"})
		if e := errorsOf(t, body)[0]; st != 422 || e["field"] != "Password" || e["code"] != "required" {
			t.Errorf("missing password: %d %v", st, e)
		}
	})
}

// Repeated failures block the account (and then the address) for a while, even with the
// right password; another account from another address is not affected.
func TestLoginThrottling(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.anon()
		for i := 0; i < 5; i++ {
			if st, _ := c.do("POST", "/api/auth/login", map[string]string{"Login": "editor", "Password": "mala-clave"}); st != 401 {
				t.Fatalf("attempt %d: %d", i, st)
			}
		}
		st, body := c.do("POST", "/api/auth/login", map[string]string{"Login": "editor", "Password": testPassword})
		if st != http.StatusTooManyRequests || errorsOf(t, body)[0]["code"] != "too_many_attempts" {
			t.Fatalf("blocked account: %d %s", st, body)
		}
		if !strings.Contains(errorsOf(t, body)[0]["message"], "15 minutos") {
			t.Errorf("message should tell the wait: %s", body)
		}
		if st, _ := c.do("POST", "/api/auth/login", map[string]string{"Login": "lector", "Password": testPassword}); st != 200 {
			t.Errorf("another account: %d, want 200", st)
		}
		for i := 0; i < 20; i++ {
			c.do("POST", "/api/auth/login", map[string]string{"Login": fmt.Sprint("nobody", i), "Password": "x"})
		}
		if st, _ := c.do("POST", "/api/auth/login", map[string]string{"Login": "lector", "Password": testPassword}); st != http.StatusTooManyRequests {
			t.Errorf("blocked address: %d, want 429", st)
		}
	})
}

// The language a user picks is kept with the account and used for the server's messages.
func TestLanguageIsRememberedPerUser(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.as("lector")
		if st, body := c.do("PUT", "/api/auth/me", map[string]string{"Idioma": "en"}); st != 200 || decode[auth.Me](t, body).Idioma != "en" {
			t.Fatalf("set language: %d %s", st, body)
		}
		st, body := c.do("POST", "/api/admin/factories", map[string]string{"Nombre": "x"})
		if st != 403 || errorsOf(t, body)[0]["message"] != "You do not have permission to do this." {
			t.Errorf("message after switching to English: %d %s", st, body)
		}
		if st, body := w.as("lector").do("GET", "/api/auth/me", nil); decode[auth.Me](t, body).Idioma != "en" {
			t.Errorf("a new session forgot the language: %d %s", st, body)
		}
		st, body = c.do("PUT", "/api/auth/me", map[string]string{"Idioma": "de"})
		if st != 422 || errorsOf(t, body)[0]["field"] != "Idioma" {
			t.Errorf("unsupported language: %d %s", st, body)
		}
	})
}

func TestSettingsCarryTileURL(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		st, body := w.as("lector").do("GET", "/api/settings", nil)
		if st != 200 || decode[map[string]string](t, body)["TileURL"] != w.config.TileURL {
			t.Errorf("settings: %d %s", st, body)
		}
	})
}

func TestHealthIsPublic(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		if st, body := w.anon().do("GET", "/api/health", nil); st != 200 || !strings.Contains(string(body), `"ok"`) {
			t.Errorf("health: %d %s", st, body)
		}
	})
}
