package devices

import (
	"context"
	"crypto/subtle"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Authenticate finds the device of a serial number, whatever its case (serial.go), whose token hashes to the stored hash, compared in constant
// time; any mismatch is db.ErrNotFound, whatever it was.
func (r *Registry) Authenticate(ctx context.Context, serial, token string) (*auth.Device, error) {
	var d auth.Device
	var hash string
	err := r.DB.QueryRowContext(ctx, `SELECT id, numero_serie, tipo, fabrica_id, token_hash FROM equipos WHERE `+sameSerialSQL("numero_serie", "$1"), serial).
		Scan(&d.ID, &d.NumeroSerie, &d.Tipo, &d.Factory, &hash)
	if err != nil {
		return nil, db.MapError(err)
	}
	if subtle.ConstantTimeCompare([]byte(HashToken(token)), []byte(hash)) != 1 {
		return nil, db.ErrNotFound
	}
	return &d, nil
}

// DeviceBodyLimit bounds what a device may send in one request: a batch of 10,000
// measurements fits with room to spare.
const DeviceBodyLimit = 4 << 20

// Hello is what a device learns of itself: that its token is good, what it is registered as
// and the server's clock (a device measures with its own clock and corrects it by this one).
type Hello struct {
	NumeroSerie string    `json:"NumeroSerie"`
	Tipo        string    `json:"Tipo"`
	Hora        time.Time `json:"Hora"`
}

// DeviceOp declares a call devices make with their own token, for their own {serial}.
func DeviceOp(id, method, path, summary string) huma.Operation {
	return api.Op(api.Device, huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, Tags: []string{"device"},
		MaxBodyBytes: DeviceBodyLimit, Security: []map[string][]string{{"deviceToken": {}}}})
}

// Device returns the device a device call runs as: api.ErrUnauthorized for any other
// principal, or a device presenting another serial number.
func Device(ctx context.Context, serial string) (*auth.Device, error) {
	p, err := auth.From(ctx)
	if err != nil || p.Device == nil || !SameSerial(p.Device.NumeroSerie, serial) {
		return nil, api.ErrUnauthorized
	}
	return p.Device, nil
}

func (r *Registry) registerDevice(a huma.API, d *db.DB) {
	if a.OpenAPI().Components.SecuritySchemes == nil {
		a.OpenAPI().Components.SecuritySchemes = map[string]*huma.SecurityScheme{}
	}
	a.OpenAPI().Components.SecuritySchemes["deviceToken"] = &huma.SecurityScheme{Type: "http", Scheme: "bearer",
		Description: "A device's own token, given at registration (POST /api/equipment/{id}/token gives a new one)."}
	api.Register(a, d, DeviceOp("device-hello", http.MethodGet, "/api/device/{serial}", "A device checks its token and reads the server's clock"),
		func(ctx context.Context, _ db.Querier, in *struct {
			Serial string `path:"serial"`
		}) (*api.Body[Hello], error) {
			dev, err := Device(ctx, in.Serial)
			if err != nil {
				return nil, err
			}
			return answer(Hello{NumeroSerie: dev.NumeroSerie, Tipo: dev.Tipo, Hora: time.Now().UTC()}, nil)
		})
}
