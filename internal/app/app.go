// Package app wires the features into one HTTP handler: the API under /api and the
// embedded SPA everywhere else.
package app

import (
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/assoc"
	"vigia/internal/auth"
	"vigia/internal/catalog"
	"vigia/internal/devices"
	"vigia/internal/operating"
	"vigia/internal/platform"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
	"vigia/web"
)

// Version is the API version in the OpenAPI document.
const Version = "0.1.0"

// App is the server: its handler and the services tests and benchmarks reach into.
type App struct {
	Handler http.Handler
	API     huma.API
	Auth    *auth.Service
}

// New builds the server on an open, migrated database.
func New(d *db.DB, cfg platform.Config) *App {
	mux := http.NewServeMux()
	a := api.New(mux, Version)
	authSvc := auth.NewService(d, auth.SessionSettings{Idle: cfg.SessionIdle, Lifetime: cfg.SessionLifetime, SecureCookie: cfg.SecureCookie})
	a.UseMiddleware(authSvc.Middleware(a))
	authSvc.Routes(a)
	(&tree.Service{DB: d, Tree: tree.New()}).Routes(a)
	sensors := catalog.NewSensors()
	sensors.Register(a, d)
	band, digitalBand := catalog.NewBands()
	catalog.Register(a, d, band)
	catalog.Register(a, d, digitalBand)
	spectrum, digitalSpectrum := catalog.NewSpectra(sensors, band, digitalBand)
	catalog.RegisterSpectra(a, d, spectrum, digitalSpectrum)
	vcv, digitalVcv, vcp := catalog.NewVcvs(band, digitalBand)
	catalog.Register(a, d, vcv)
	catalog.Register(a, d, digitalVcv)
	catalog.Register(a, d, vcp)
	vcos := operating.NewVcos(sensors)
	criteria := operating.NewCriteria(vcos)
	operating.Register(a, d, vcos, criteria)
	associations := &assoc.Service{DB: d, Criteria: criteria}
	kinds := assoc.Kinds(vcv, digitalVcv, vcp)
	assoc.Register(a, associations, kinds...)
	assoc.RegisterAlarms(a, associations)
	assoc.RegisterAssign(a, &assoc.Assigner{S: associations, Tree: tree.New(), Spectra: spectrum, DigitalSpectra: digitalSpectrum,
		Vcvs: vcv, DigitalVcvs: digitalVcv, Bands: band, DigitalBands: digitalBand, Analog: kinds[0], Digital: kinds[1]})
	devices.Register(a, d)
	huma.Register(a, api.Op(api.Read, huma.Operation{OperationID: "settings", Method: http.MethodGet, Path: "/api/settings", Summary: "Settings the SPA needs", Tags: []string{"auth"}}),
		func(context.Context, *struct{}) (*settingsOutput, error) {
			return &settingsOutput{Body: settings{TileURL: cfg.TileURL}}, nil
		})
	dist, _ := fs.Sub(web.Dist, "dist")
	mux.Handle("/", SPA(dist))
	h := authSvc.Sessions.LoadAndSave(api.LanguageMiddleware(mux))
	return &App{Handler: h, API: a, Auth: authSvc}
}

// OpenAPI returns the API's OpenAPI document, as GET /api/openapi.json serves it.
func OpenAPI() ([]byte, error) {
	a := New(&db.DB{}, platform.Config{})
	return json.MarshalIndent(a.API.OpenAPI(), "", "  ")
}

type settings struct {
	TileURL string `json:"TileURL"`
}

type settingsOutput struct{ Body settings }

// SPA serves the built web application: files as they are (hashed assets cached for a
// year) and index.html for every other path, so that client routes survive a reload.
// Unknown /api paths stay 404.
func SPA(dist fs.FS) http.Handler {
	files := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			http.NotFound(w, r)
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name != "" {
			if st, err := fs.Stat(dist, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				files.ServeHTTP(w, r)
				return
			}
		}
		index, err := fs.ReadFile(dist, "index.html")
		if err != nil {
			http.Error(w, "The web application is not built: run `make web`.", http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeContent(w, r, "index.html", time.Time{}, strings.NewReader(string(index)))
	})
}
