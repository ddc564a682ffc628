package app_test

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"vigia/internal/app"
	"vigia/internal/platform"
	"vigia/internal/platform/db"
)

func TestSPAServesFilesAndFallsBackToIndex(t *testing.T) {
	t.Parallel()
	h := app.SPA(fstest.MapFS{
		"index.html":         {Data: []byte("<html>vigia</html>")},
		"assets/app-1a2b.js": {Data: []byte("console.log(1)")},
		"favicon.svg":        {Data: []byte("<svg/>")},
	})
	for _, tc := range []struct {
		path, body, cache string
		status            int
	}{
		{"/", "<html>vigia</html>", "no-cache", 200},
		{"/admin/users", "<html>vigia</html>", "no-cache", 200},
		{"/editor/machine?site=1", "<html>vigia</html>", "no-cache", 200},
		{"/assets/app-1a2b.js", "console.log(1)", "public, max-age=31536000, immutable", 200},
		{"/favicon.svg", "<svg/>", "", 200},
		{"/api/unknown", "404 page not found", "", 404},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
		if rec.Code != tc.status || !strings.Contains(rec.Body.String(), tc.body) || rec.Header().Get("Cache-Control") != tc.cache {
			t.Errorf("%s: %d %q cache=%q", tc.path, rec.Code, rec.Body.String(), rec.Header().Get("Cache-Control"))
		}
	}
	rec := httptest.NewRecorder()
	app.SPA(fstest.MapFS{}).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 404 || !strings.Contains(rec.Body.String(), "make web") {
		t.Errorf("without a build: %d %s", rec.Code, rec.Body.String())
	}
}

// Hashed assets go in the precompressed form the browser takes (brotli before gzip), cached
// for a year and varying by Accept-Encoding; as they are to a client that takes neither.
func TestSPAServesPrecompressedAssets(t *testing.T) {
	t.Parallel()
	h := app.SPA(fstest.MapFS{
		"index.html":            {Data: []byte("<html>vigia</html>")},
		"assets/app-1a2b.js":    {Data: []byte("console.log(1)")},
		"assets/app-1a2b.js.br": {Data: []byte("BR")},
		"assets/app-1a2b.js.gz": {Data: []byte("GZ")},
		"assets/small-3c4d.css": {Data: []byte("a{}")},
	})
	for _, tc := range []struct {
		path, accept, body, encoding string
	}{
		{"/assets/app-1a2b.js", "gzip, deflate, br, zstd", "BR", "br"},
		{"/assets/app-1a2b.js", "gzip", "GZ", "gzip"},
		{"/assets/app-1a2b.js", "br;q=0, gzip;q=0.8", "GZ", "gzip"},
		{"/assets/app-1a2b.js", "br;q=0.0", "console.log(1)", ""},
		{"/assets/app-1a2b.js", "", "console.log(1)", ""},
		{"/assets/small-3c4d.css", "br, gzip", "a{}", ""},
	} {
		rec := httptest.NewRecorder()
		r := httptest.NewRequest("GET", tc.path, nil)
		r.Header.Set("Accept-Encoding", tc.accept)
		h.ServeHTTP(rec, r)
		hd := rec.Header()
		if rec.Code != 200 || rec.Body.String() != tc.body || hd.Get("Content-Encoding") != tc.encoding || hd.Get("Vary") != "Accept-Encoding" ||
			!strings.HasPrefix(hd.Get("Content-Type"), map[bool]string{true: "text/javascript", false: "text/css"}[strings.HasSuffix(tc.path, ".js")]) ||
			hd.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s (%q): %d %q %v", tc.path, tc.accept, rec.Code, rec.Body.String(), hd)
		}
	}
}

// An asset varies by Accept-Encoding once, served alone or behind the compression of JSON
// answers that the server puts in front of it (which varies every answer by it too).
func TestAssetsVaryOnce(t *testing.T) {
	t.Parallel()
	spa := app.SPA(fstest.MapFS{
		"index.html":            {Data: []byte("<html>vigia</html>")},
		"assets/app-1a2b.js":    {Data: []byte("console.log(1)")},
		"assets/app-1a2b.js.br": {Data: []byte("BR")},
	})
	for name, h := range map[string]http.Handler{"alone": spa, "behind the compression": app.Compressed(spa)} {
		for _, accept := range []string{"br", "gzip", ""} {
			rec := httptest.NewRecorder()
			r := httptest.NewRequest("GET", "/assets/app-1a2b.js", nil)
			r.Header.Set("Accept-Encoding", accept)
			h.ServeHTTP(rec, r)
			if vary := rec.Header().Values("Vary"); rec.Code != 200 || len(vary) != 1 || vary[0] != "Accept-Encoding" {
				t.Errorf("%s (%q): %d Vary %q", name, accept, rec.Code, vary)
			}
		}
	}
}

// JSON answers over 1 KB go compressed to a client that takes it; smaller ones as they are.
func TestJSONAnswersCompressed(t *testing.T) {
	t.Parallel()
	h := app.New(&db.DB{}, platform.Config{}).Handler
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		r := httptest.NewRequest("GET", path, nil)
		r.Header.Set("Accept-Encoding", "gzip")
		h.ServeHTTP(rec, r)
		return rec
	}
	doc := get("/api/openapi.json")
	body, err := gzip.NewReader(doc.Body)
	if err != nil || doc.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("the OpenAPI document: %v %v", doc.Header(), err)
	}
	if raw, _ := io.ReadAll(body); !json.Valid(raw) || len(raw) < 1024 {
		t.Errorf("the OpenAPI document decompressed: %d bytes", len(raw))
	}
	if me := get("/api/auth/me"); me.Code != 401 || me.Header().Get("Content-Encoding") != "" {
		t.Errorf("a small answer: %d %v", me.Code, me.Header())
	}
}

// Every answer carries the security headers; the policy lets the map's tiles in, whatever
// their host's subdomains.
func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	for _, tiles := range []struct{ url, source string }{
		{"https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"},
		{"https://{s}.tiles.example.com/{z}/{x}/{y}.png", "https://*.tiles.example.com"},
	} {
		h := app.New(&db.DB{}, platform.Config{TileURL: tiles.url}).Handler
		for _, path := range []string{"/", "/login", "/api/openapi.json", "/api/auth/me"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
			hd := rec.Header()
			csp := hd.Get("Content-Security-Policy")
			if !strings.Contains(csp, "script-src 'self';") || !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "img-src 'self' data: blob: "+tiles.source+";") ||
				hd.Get("X-Content-Type-Options") != "nosniff" || hd.Get("X-Frame-Options") != "DENY" || hd.Get("Referrer-Policy") != "same-origin" {
				t.Errorf("%s with tiles %s: %v", path, tiles.url, hd)
			}
		}
	}
}

// endless is a body without end that counts what the server reads of it.
type endless struct{ n atomic.Int64 }

func (c *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	c.n.Add(int64(len(p)))
	return len(p), nil
}

// A body of 1 GB is refused at its first megabytes (413), not read to its end.
func TestLargeBodiesRefusedEarly(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.as("admin")
		body := &endless{}
		req, err := http.NewRequest("POST", fmt.Sprintf("%s/api/user/%d/band", w.srv.URL, w.a), body)
		if err != nil {
			t.Fatal(err)
		}
		req.ContentLength = 1 << 30
		req.Header = c.header.Clone()
		req.Header.Set("Content-Type", "application/json")
		res, err := c.http.Do(req)
		if err == nil {
			res.Body.Close()
		}
		if read := body.n.Load(); (err == nil && res.StatusCode != 413) || read > 16<<20 {
			t.Errorf("a 1 GB body: %v %v, %d bytes sent", res, err, read)
		}
	})
}
