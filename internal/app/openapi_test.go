package app_test

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"vigia/internal/platform/db"
)

// GET /api/openapi.json describes exactly the routes the server's mux serves (but for the
// document itself and the web application), and every call that docs/API.md promises.
func TestOpenAPIListsEveryRoute(t *testing.T) {
	t.Parallel()
	w := newWorld(t, db.SQLite)
	st, body := w.anon().do("GET", "/api/openapi.json", nil)
	if st != 200 {
		t.Fatalf("openapi: %d", st)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	has := func(method, path string) bool {
		_, ok := doc.Paths[path][strings.ToLower(method)]
		return ok
	}
	served := map[string]bool{}
	for _, pattern := range w.app.Routes {
		served[pattern] = true
		method, path, _ := strings.Cut(pattern, " ")
		if pattern == "/" || strings.HasPrefix(path, "/api/openapi") {
			continue // the web application and the document itself
		}
		if !has(method, path) {
			t.Errorf("the mux serves %s, which openapi.json lacks", pattern)
		}
	}
	documented := 0
	for path, methods := range doc.Paths {
		for method := range methods {
			documented++
			if !served[strings.ToUpper(method)+" "+path] {
				t.Errorf("openapi.json describes %s %s, which the mux does not serve", strings.ToUpper(method), path)
			}
		}
	}
	if documented < 300 {
		t.Fatalf("openapi.json describes only %d calls", documented)
	}
	notes, err := os.ReadFile("../../docs/API.md")
	if err != nil {
		t.Fatal(err)
	}
	calls := regexp.MustCompile("`(GET|POST|PUT|DELETE|PATCH) (/api/[^`]*)`").FindAllStringSubmatch(string(notes), -1)
	if len(calls) < 10 {
		t.Fatalf("found only %d calls in docs/API.md", len(calls))
	}
	for _, c := range calls {
		if c[2] == "/api/openapi.json" {
			continue // the document itself
		}
		if !has(c[1], c[2]) {
			t.Errorf("docs/API.md promises %s %s but openapi.json lacks it", c[1], c[2])
		}
	}
}

// The SPA's checked-in copy of the OpenAPI document (from which its types are generated)
// matches the server's: run `make openapi` after changing the API.
func TestCheckedInOpenAPIIsFresh(t *testing.T) {
	t.Parallel()
	w := newWorld(t, db.SQLite)
	_, served := w.anon().do("GET", "/api/openapi.json", nil)
	checked, err := os.ReadFile("../../web/src/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if err := json.Unmarshal(served, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(checked, &b); err != nil {
		t.Fatal(err)
	}
	sa, _ := json.Marshal(a)
	sb, _ := json.Marshal(b)
	if string(sa) != string(sb) {
		t.Fatal("web/src/api/openapi.json is stale: run `make openapi`")
	}
}
