package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"vigia/internal/app"
	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/dbtest"
)

// No principal means no access: built without the gate that gives each call its principal,
// the server answers every call of the API with 401 from the services themselves (or 422
// when the input is refused before any service runs), and nothing is written.
func TestEveryCallRefusesWithoutPrincipal(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		ungated := app.NewUngated(p.d, p.config)
		srv := httptest.NewServer(ungated.Handler)
		defer srv.Close()
		before := dbtest.Snapshot(t, p.d)
		refused, invalid := 0, 0
		for _, op := range operations(ungated.API) {
			if api.AccessOf(op) == api.Public {
				continue
			}
			b, _ := json.Marshal(body(ungated.API, op))
			res := send(t, op.Method, srv.URL+p.fill(t, op.Path), bytes.NewReader(b))
			switch res.StatusCode {
			case http.StatusUnauthorized:
				refused++
			case http.StatusUnprocessableEntity:
				invalid++
				t.Logf("%s %s: refused as invalid input", op.Method, op.Path)
			default:
				t.Errorf("%s %s without a principal: %d, want 401", op.Method, op.Path, res.StatusCode)
			}
		}
		if changed := dbtest.Changed(before, dbtest.Snapshot(t, p.d)); len(changed) > 0 {
			t.Errorf("calls without a principal wrote to %v", changed)
		}
		if invalid > 0 {
			t.Errorf("%d calls were refused as invalid input before reaching their service (%d reached it)", invalid, refused)
		}
	})
}

// A device reaches the device calls with its own token, for its own serial number only; a
// missing or wrong token, another device's token, or a session are refused with 401, and a
// device's token opens no other call.
func TestDeviceTokenReachesOnlyItsOwnSerial(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.as("admin")
		register := func(serial string) string {
			st, body := admin.do("POST", "/api/equipment/concentrator", map[string]any{"NumeroSerie": serial})
			if st != 201 {
				t.Fatalf("register %s: %d %s", serial, st, body)
			}
			return decode[map[string]any](t, body)["Token"].(string)
		}
		tokenA, tokenB := register("KG-A"), register("KG-B")
		call := func(serial, token string) (int, []byte) {
			c := w.anon()
			if token != "" {
				c.header.Set("Authorization", "Bearer "+token)
			}
			return c.do("GET", "/api/device/"+serial, nil)
		}
		if st, body := call("KG-A", tokenA); st != 200 || decode[map[string]any](t, body)["NumeroSerie"] != "KG-A" {
			t.Errorf("own serial, own token: %d %s", st, body)
		}
		for _, c := range []struct{ name, serial, token string }{
			{"no token", "KG-A", ""},
			{"a wrong token", "KG-A", "not-the-token"},
			{"another device's token", "KG-A", tokenB},
			{"an unknown serial", "KG-Z", tokenA},
		} {
			if st, _ := call(c.serial, c.token); st != 401 {
				t.Errorf("%s: %d, want 401", c.name, st)
			}
		}
		if st, _ := admin.do("GET", "/api/device/KG-A", nil); st != 401 {
			t.Errorf("a user's session on a device call: %d, want 401", st)
		}
		device := w.anon()
		device.header.Set("Authorization", "Bearer "+tokenA)
		if st, _ := device.do("GET", fmt.Sprintf("/api/user/%d/site", w.a), nil); st != 401 {
			t.Errorf("a device token on a user call: %d, want 401", st)
		}
		// Beyond its rate, a device is refused until it slows down.
		w.app.Auth.Rates = auth.DeviceRates()
		limited := false
		for range 100 {
			if st, _ := call("KG-B", tokenB); st == 429 {
				limited = true
				break
			}
		}
		if !limited {
			t.Error("100 calls at once were all served: no rate limit")
		}
	})
}
