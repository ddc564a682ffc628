// Package app wires the features into one HTTP handler: the API under /api and the
// embedded SPA everywhere else.
package app

import (
	"encoding/json"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"

	"vigia/internal/audit"
	"vigia/internal/auth"
	"vigia/internal/overview"
	"vigia/internal/platform"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
	"vigia/web"
)

// Version is the API version in the OpenAPI document.
const Version = "0.1.0"

// App is the server: its handler, the features and the routes its mux really serves.
type App struct {
	Handler  http.Handler
	API      huma.API
	Auth     *auth.Service
	Features *Features
	// Routes are the patterns registered on the mux ("GET /api/user/{factory}/band"), the
	// API's and the SPA's, as the mux serves them.
	Routes []string
}

// New builds the server on an open, migrated database.
func New(d *db.DB, cfg platform.Config) *App { return build(d, cfg, true) }

// build builds the server; ungated, no call is given a principal (tests prove with it that
// every service refuses a call without one).
func build(d *db.DB, cfg platform.Config, gated bool) *App {
	f := NewFeatures(d)
	f.Operating.Exempt = cfg.CriterionExempt
	mux := &appMux{recordingMux: newRecordingMux(), preceding: newRecordingMux()}
	a := api.New(mux, Version)
	a.Audit = audit.Record
	authSvc := auth.NewService(d, auth.SessionSettings{Idle: cfg.SessionIdle, Lifetime: cfg.SessionLifetime, SecureCookie: cfg.SecureCookie})
	authSvc.Devices = f.Devices
	if gated {
		a.UseMiddleware(authSvc.Middleware(a))
	}
	authSvc.Routes(a)
	(&tree.Service{DB: d, Tree: f.Tree}).Routes(a)
	f.Catalog.Register(a, d)
	f.Operating.Register(a, d)
	f.Assoc.Register(a, d)
	f.Machines.Register(a, d)
	f.Devices.Register(a, d)
	f.History.Register(a, d)
	f.Config.Register(a, d)
	audit.Register(a, d)
	overview.Register(a, d)
	auth.Static(a, api.Op(api.Read, huma.Operation{OperationID: "settings", Method: http.MethodGet, Path: "/api/settings", Summary: "Settings the SPA needs", Tags: []string{"auth"}}),
		settings{TileURL: cfg.TileURL})
	dist, _ := fs.Sub(web.Dist, "dist")
	mux.Handle("/", SPA(dist))
	// Devices call with their token, never with a session: their calls skip the session
	// middleware (and its cookie and store).
	sessions := authSvc.Sessions.LoadAndSave(api.LanguageMiddleware(mux))
	devicesOnly := api.LanguageMiddleware(mux)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/device/") {
			devicesOnly.ServeHTTP(w, r)
			return
		}
		sessions.ServeHTTP(w, r)
	})
	return &App{Handler: secured(Compressed(h), cfg.TileURL), API: a, Auth: authSvc, Features: f, Routes: mux.Routes()}
}

// Compressed sends JSON answers over 1 KB (a tree level, a history page, the catalogue)
// compressed to a client that takes it; the assets come precompressed and pass as they are.
// Every answer it passes varies by Accept-Encoding. The fastest level: JSON shrinks about as
// much with it, and the server spends its CPU on answering.
func Compressed(next http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(1024), gzhttp.CompressionLevel(gzip.BestSpeed), gzhttp.ContentTypes([]string{"application/json", "application/problem+json", "application/openapi+json"}))
	if err != nil {
		panic(err)
	}
	return wrap(next)
}

// recordingMux is the standard mux, noting the patterns registered on it.
type recordingMux struct {
	*http.ServeMux
	patterns []string
}

func newRecordingMux() *recordingMux { return &recordingMux{ServeMux: http.NewServeMux()} }

func (m *recordingMux) HandleFunc(pattern string, handler func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(handler))
}

func (m *recordingMux) Handle(pattern string, handler http.Handler) {
	m.patterns = append(m.patterns, pattern)
	m.ServeMux.Handle(pattern, handler)
}

// appMux is the app's mux with the mux of the API's Preceding patterns, which it tries first.
type appMux struct {
	*recordingMux
	preceding *recordingMux
}

func (m *appMux) Preceding() humago.Mux { return m.preceding }

func (m *appMux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if _, pattern := m.preceding.Handler(r); pattern != "" {
		m.preceding.ServeHTTP(w, r)
		return
	}
	m.recordingMux.ServeHTTP(w, r)
}

// Routes are the patterns registered on both muxes.
func (m *appMux) Routes() []string { return append(m.preceding.patterns, m.patterns...) }

// OpenAPI returns the API's OpenAPI document, as GET /api/openapi.json serves it.
func OpenAPI() ([]byte, error) {
	a := New(&db.DB{}, platform.Config{})
	return json.MarshalIndent(a.API.OpenAPI(), "", "  ")
}

type settings struct {
	TileURL string `json:"TileURL"`
}

// precompressed are the forms the build writes beside each asset, the smallest first.
var precompressed = []struct{ encoding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// accepts reports whether an Accept-Encoding header takes the encoding (not with q=0).
func accepts(header, encoding string) bool {
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), encoding) {
			q, found := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
			return !found || strings.Trim(q, "0.") != ""
		}
	}
	return false
}

// varies reports whether the header's Vary lists field (or "*").
func varies(h http.Header, field string) bool {
	for _, v := range h.Values("Vary") {
		for f := range strings.SplitSeq(v, ",") {
			if f = strings.TrimSpace(f); f == "*" || strings.EqualFold(f, field) {
				return true
			}
		}
	}
	return false
}

// serveAsset answers a hashed asset, in the precompressed form the browser accepts when the
// build wrote one, cached for a year.
func serveAsset(w http.ResponseWriter, r *http.Request, dist fs.FS, name string, files http.Handler) {
	h := w.Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	// Behind Compressed the answer already says it varies by Accept-Encoding: say it once.
	if !varies(h, "Accept-Encoding") {
		h.Add("Vary", "Accept-Encoding")
	}
	for _, p := range precompressed {
		if !accepts(r.Header.Get("Accept-Encoding"), p.encoding) {
			continue
		}
		f, err := dist.Open(name + p.suffix)
		if err != nil {
			continue
		}
		defer f.Close()
		if content, ok := f.(io.ReadSeeker); ok {
			h.Set("Content-Type", mime.TypeByExtension(path.Ext(name)))
			h.Set("Content-Encoding", p.encoding)
			http.ServeContent(w, r, name, time.Time{}, content)
			return
		}
	}
	files.ServeHTTP(w, r)
}

// SPA serves the built web application: files as they are (hashed assets cached for a
// year, brotli or gzip when accepted) and index.html for every other path, so that client
// routes survive a reload. Unknown /api paths stay 404.
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
					serveAsset(w, r, dist, name, files)
					return
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
