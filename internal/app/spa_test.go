package app_test

import (
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"vigia/internal/app"
)

func TestSPAServesFilesAndFallsBackToIndex(t *testing.T) {
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
