package configuration

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/assoc"
	"vigia/internal/auth"
	"vigia/internal/devices"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Generation is what the machine editor's monitor, learn and stop actions send.
type Generation struct {
	Modo int `json:"Modo" enum:"0,1,2" doc:"0 monitor, 1 learn, 2 pause (stop)"`
	// MaximoOrden is the console's maximum KOS Sensor order number (MACH-064).
	MaximoOrden int64 `json:"MaximoOrden,omitempty" required:"false" minimum:"1"`
}

// Polled is a device's configuration answer: the whole document with its ETag, or 304 with
// no body when the device already holds it.
type Polled struct {
	Status int
	ETag   string `header:"ETag"`
	Body   *DeviceConfig
}

// Change is one difference between two versions: the path of the field and its JSON before
// and after ("" where it is absent).
type Change struct {
	Ruta    string `json:"Ruta"`
	Antes   string `json:"Antes"`
	Despues string `json:"Despues"`
}

// Register serves the user's configuration calls (ARCHITECTURE §7) and the device's.
func (s *Service) Register(a huma.API, d *db.DB) {
	op := api.Ops("configuration")
	const base = "/api/user/{factory}/machine/{machine}/configuration"
	api.Register(a, d, op(api.Edit, "configuration-generate", http.MethodPost, base,
		"Generate the machine's configuration in a mode, check it section by section and publish it when every section is OK", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			assoc.MachinePath
			Body Generation
		}) (*api.Body[*Result], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*Result, error) {
				return s.Generate(ctx, q, sc, in.Machine, in.Body.Modo, in.Body.MaximoOrden)
			})
		})
	api.Register(a, d, op(api.Read, "configuration-state", http.MethodGet, base,
		"The delivery of the machine's configuration: its device and every published version", 0),
		func(ctx context.Context, q db.Querier, in *assoc.MachinePath) (*api.Body[*State], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*State, error) { return s.State(ctx, q, sc, in.Machine) })
		})
	api.Register(a, d, op(api.Read, "configuration-version", http.MethodGet, base+"/{version}",
		"One published version of the machine's configuration, as its device receives it (for download)", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			assoc.MachinePath
			Version int64 `path:"version"`
		}) (*api.Body[json.RawMessage], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (json.RawMessage, error) {
				return s.Document(ctx, q, sc, in.Machine, in.Version)
			})
		})
	api.Register(a, d, op(api.Read, "configuration-diff", http.MethodGet, base+"/{version}/diff/{other}",
		"What changed from one version of the machine's configuration to another", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			assoc.MachinePath
			Version int64 `path:"version"`
			Other   int64 `path:"other"`
		}) (*api.Body[[]Change], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) ([]Change, error) {
				before, err := s.Document(ctx, q, sc, in.Machine, in.Version)
				if err != nil {
					return nil, err
				}
				after, err := s.Document(ctx, q, sc, in.Machine, in.Other)
				if err != nil {
					return nil, err
				}
				return Diff(before, after)
			})
		})

	api.Register(a, d, op(api.Read, "configuration-summary", http.MethodGet, "/api/user/{factory}/configuration",
		"The factory's machines counted by the delivery of their newest configuration, and those not applied", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			Factory int64 `path:"factory"`
		}) (*api.Body[*Summary], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*Summary, error) { return s.Summary(ctx, q, sc) })
		})

	api.Register(a, d, devices.DeviceOp("device-config", http.MethodGet, "/api/device/{serial}/config",
		"A device asks for its configuration: the whole document of each machine it configures, or 304 when If-None-Match holds its ETag"),
		func(ctx context.Context, q db.Querier, in *struct {
			Serial      string `path:"serial"`
			IfNoneMatch string `header:"If-None-Match"`
		}) (*Polled, error) {
			dev, err := devices.Device(ctx, in.Serial)
			if err != nil {
				return nil, err
			}
			c, err := s.ForDevice(ctx, q, dev)
			if err != nil {
				return nil, err
			}
			if in.IfNoneMatch == c.Etag {
				return &Polled{Status: http.StatusNotModified, ETag: c.Etag}, nil
			}
			return &Polled{Status: http.StatusOK, ETag: c.Etag, Body: c}, nil
		})
	api.Register(a, d, devices.DeviceOp("device-report", http.MethodPost, "/api/device/{serial}/report",
		"A device reports what it applied of a configuration version, section by section"),
		func(ctx context.Context, q db.Querier, in *struct {
			Serial string `path:"serial"`
			Body   DeviceReport
		}) (*struct{}, error) {
			dev, err := devices.Device(ctx, in.Serial)
			if err != nil {
				return nil, err
			}
			return nil, s.Report(ctx, q, dev, &in.Body)
		})
}

// reports checks and reads the reports that come by another way than the HTTP call.
var reports = api.NewDecoder[DeviceReport]()

// DecodeReport reads a report that comes by another way than the HTTP call (MQTT) and checks
// it against the call's body schema, so that both refuse the same reports (422).
func (s *Service) DecodeReport(payload []byte) (*DeviceReport, error) {
	return reports.Decode(payload)
}
