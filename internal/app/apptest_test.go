package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"testing"
	"time"

	"vigia/internal/app"
	"vigia/internal/auth"
	"vigia/internal/platform"
	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
)

func TestMain(m *testing.M) {
	auth.LowerHashCostForTests()
	os.Exit(m.Run())
}

// world is a server on a fresh database with two factories and one account of each kind.
type world struct {
	t         testing.TB
	d         *db.DB // the database, for what a test sets up or reads directly
	app       *app.App
	srv       *httptest.Server
	store     *auth.Store
	a, b      int64 // factory ids
	templates int64 // the template workspace
	users     map[string]auth.User
	config    platform.Config
}

const testPassword = "secreto-123"

// testConfig is the servers' configuration in tests.
var testConfig = platform.Config{SessionIdle: time.Hour, SessionLifetime: 2 * time.Hour, TileURL: "https://tiles.example/{z}/{x}/{y}.png"}

// worldData is the database of a world, made once per test process (dbtest.Fixture): hashing
// the four passwords with argon2id is most of a world's cost.
var worldData = dbtest.NewFixture(fillWorld)

// fillWorld writes a world's rows: factories A and B, and the four accounts.
func fillWorld(ctx context.Context, d *db.DB) error {
	store := &auth.Store{DB: d}
	fa, err := store.SaveFactory(ctx, d, 0, auth.FactoryInput{Nombre: "Fábrica A", Referencia: "A"})
	if err != nil {
		return err
	}
	fb, err := store.SaveFactory(ctx, d, 0, auth.FactoryInput{Nombre: "Fábrica B"})
	if err != nil {
		return err
	}
	for _, u := range []auth.UserInput{
		{Login: "admin", Nombre: "Admin", Tipos: []string{auth.TypeAdmin}},
		{Login: "editor", Nombre: "Editor A", Tipos: []string{auth.TypeEditor}, Fabricas: []int64{fa.UsuFabricaID}},
		{Login: "lector", Nombre: "Lector A", Tipos: []string{"U_LECTOR"}, Fabricas: []int64{fa.UsuFabricaID}},
		{Login: "editorb", Nombre: "Editor B", Tipos: []string{auth.TypeEditor}, Fabricas: []int64{fb.UsuFabricaID}},
	} {
		u.Password = testPassword
		if _, err := store.CreateUser(ctx, u); err != nil {
			return err
		}
	}
	return nil
}

// newWorld is a world on a fresh copy of worldData.
func newWorld(t testing.TB, engine db.Engine) *world { return worldOn(t, worldData.Open(t, engine)) }

// worldOn builds a world's server on a database filled by fillWorld (and maybe more), and
// reads its ids and accounts back.
func worldOn(t testing.TB, d *db.DB) *world {
	t.Helper()
	ctx := context.Background()
	w := &world{t: t, d: d, app: app.New(d, testConfig), store: &auth.Store{DB: d}, users: map[string]auth.User{}, config: testConfig}
	// Tests, benchmarks and the fuzzer call faster than any device; the rate limit's own
	// test puts it back.
	w.app.Auth.Rates = auth.NewRates(1e9, 1e9)
	w.srv = httptest.NewServer(w.app.Handler)
	t.Cleanup(w.srv.Close)
	for dest, query := range map[*int64]string{
		&w.a:         `SELECT id FROM fabricas WHERE nombre = 'Fábrica A'`,
		&w.b:         `SELECT id FROM fabricas WHERE nombre = 'Fábrica B'`,
		&w.templates: `SELECT id FROM fabricas WHERE plantilla`,
	} {
		if err := d.QueryRow(query).Scan(dest); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
	}
	users, err := w.store.ListUsers(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range users {
		w.users[u.Login] = u
	}
	return w
}

// each runs fn once per engine (dbtest.Engines) on what open makes of a fresh database of
// it: a world (newWorld) or the demo plant (newPlant).
func each[W any](t *testing.T, open func(testing.TB, db.Engine) W, fn func(t *testing.T, w W)) {
	t.Helper()
	for _, e := range dbtest.Engines() {
		t.Run(string(e), func(t *testing.T) { fn(t, open(t, e)) })
	}
}

// client is a browser-like caller with its own cookies.
type client struct {
	w      *world
	http   *http.Client
	header http.Header
}

func (w *world) anon() *client {
	jar, _ := cookiejar.New(nil)
	return &client{w: w, http: &http.Client{Jar: jar}, header: http.Header{"X-Requested-With": {"vigia"}}}
}

// as returns a client signed in as login.
func (w *world) as(login string) *client {
	w.t.Helper()
	c := w.anon()
	if st, body := c.do("POST", "/api/auth/login", map[string]string{"Login": login, "Password": testPassword}); st != 200 {
		w.t.Fatalf("login %s: %d %s", login, st, body)
	}
	return c
}

// do sends a JSON request and returns the status and body; a json.RawMessage body is sent
// as it is, even when it is no JSON.
func (c *client) do(method, path string, body any) (int, []byte) {
	c.w.t.Helper()
	res, out := c.call(method, path, body, nil)
	return res.StatusCode, out
}

// call is do with more headers, answering the whole answer (its body closed) and its body.
func (c *client) call(method, path string, body any, header http.Header) (*http.Response, []byte) {
	c.w.t.Helper()
	var r io.Reader
	if raw, ok := body.(json.RawMessage); ok {
		r = bytes.NewReader(raw)
	} else if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.w.srv.URL+path, r)
	if err != nil {
		c.w.t.Fatal(err)
	}
	for _, h := range []http.Header{c.header, header} {
		for k, v := range h {
			req.Header[k] = v
		}
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		c.w.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp, out
}

// send makes one JSON request with the SPA's header, without a client's cookies, and returns
// the answer with its body closed: for what its status and headers say.
func send(t testing.TB, method, url string, body io.Reader) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Requested-With", "vigia")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// errorsOf decodes an error answer.
func errorsOf(t testing.TB, body []byte) []map[string]string {
	t.Helper()
	var e struct {
		Errors []map[string]string `json:"errors"`
	}
	if err := json.Unmarshal(body, &e); err != nil || len(e.Errors) == 0 {
		t.Fatalf("not an error answer: %s", body)
	}
	return e.Errors
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
